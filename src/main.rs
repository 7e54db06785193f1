//! The `tabula` binary: a thin entry point around [`tabula::run`].

use std::process::ExitCode;

fn main() -> ExitCode {
    match tabula::run() {
        Ok(code) => code,
        // A reader that went away (`tabula games | head -1`) is not an error.
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tabula: {error}");
            error.exit_code()
        }
    }
}
