//! Why a run of tabula failed, as the binary reports it: the message after `tabula: `
//! and the exit status.

use std::fmt;
use std::io;
use std::process::ExitCode;

use super::usage::{USAGE_EXIT, UsageError};

/// Why a run of tabula failed: the error of whichever command ran, with its causes.
/// Shown, it reads as the causes on one line (`cannot read x.tsv: No such file or
/// directory`), as the binary prints it after `tabula: `.
pub struct RunError(pub(super) anyhow::Error);

impl RunError {
    /// The exit status that says it: 2 for a command line that asks for what cannot be
    /// (as clap exits for its own errors; a file tabula refuses to write is one), 1 for
    /// the rest.
    pub fn exit_code(&self) -> ExitCode {
        let refused = |cause: &(dyn std::error::Error + 'static)| {
            cause
                .downcast_ref::<crate::ai::output::OutputError>()
                .is_some_and(crate::ai::output::OutputError::is_refusal)
        };
        if self
            .0
            .chain()
            .any(|cause| cause.is::<UsageError>() || refused(cause))
        {
            ExitCode::from(USAGE_EXIT)
        } else {
            ExitCode::FAILURE
        }
    }

    /// True when the reader of tabula's output went away (`tabula games | head -1`):
    /// nothing went wrong that is worth telling.
    pub fn is_broken_pipe(&self) -> bool {
        self.0
            .chain()
            .filter_map(|cause| cause.downcast_ref::<io::Error>())
            .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

impl fmt::Debug for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl std::error::Error for RunError {}
