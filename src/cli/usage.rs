//! A bad command line: the error every subcommand gives for it, told apart from the
//! others so that tabula exits with clap's status for it.

/// A bad command line (an unknown game, a bad option value, a bad seat): tabula says
/// what was wrong and exits with status 2, as clap does for its own errors.
#[derive(Debug)]
pub(super) struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// The exit status for a bad command line.
pub(super) const USAGE_EXIT: u8 = 2;

/// The error for a bad command line that says `message`.
pub(super) fn usage(message: impl std::fmt::Display) -> anyhow::Error {
    UsageError(message.to_string()).into()
}
