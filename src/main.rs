//! The `tabula` binary: a thin entry point around [`tabula::run`].

use std::io;
use std::process::ExitCode;

fn main() -> ExitCode {
    match tabula::run() {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) if error.chain().any(|cause| cause.is::<tabula::UsageError>()) => {
            eprintln!("tabula: {error:#}");
            ExitCode::from(tabula::USAGE_EXIT)
        }
        Err(error) => {
            eprintln!("tabula: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// A reader that went away (`tabula games | head -1`) is not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
