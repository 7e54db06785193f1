//! Long texts through a pager, as terminal programs do: in a terminal a text taller than
//! the screen (`help`, `rules`, `replay`, `analyse`, the man pages) goes through `$PAGER`,
//! else `less -FRX` where it is installed, else it is printed as it is. Into a pipe or a
//! file it is always printed as it is.
//!
//! `PAGER` holds a shell command (`less -R`, `most`); set but empty it turns paging off.
//! The pager gets the text on its standard input and draws on the terminal itself.

use std::io::{self, IsTerminal, Write};
use std::process::{Child, Command, Stdio};

/// Writes `text` to `out`, or, when stdout is a terminal too short to show it all,
/// through the pager. `out` is flushed before the pager starts, so that what came before
/// stands above it; a pager that cannot be started means the text is written to `out`.
pub fn page_or_write(text: &str, out: &mut dyn Write) -> io::Result<()> {
    let rows = screen_rows();
    let lines = text.trim_end_matches('\n').lines().count();
    match rows {
        // Taller than the screen less the row of the next prompt.
        Some(rows) if lines >= rows => {
            out.flush()?;
            if let Some(mut pager) = start_pager() {
                return feed(&mut pager, text);
            }
        }
        _ => {}
    }
    write!(out, "{text}")?;
    if !text.ends_with('\n') {
        writeln!(out)?;
    }
    Ok(())
}

/// Runs `write` into a buffer when stdout is a terminal, then shows the buffer with
/// [`page_or_write`]; elsewhere `write` writes to `out` as it goes. For commands whose
/// whole output is one long text (`replay`, `analyse`).
pub fn paged<T>(
    out: &mut dyn Write,
    write: impl FnOnce(&mut dyn Write) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    if screen_rows().is_none() {
        return write(out);
    }
    let mut text = Vec::new();
    let result = write(&mut text);
    // What was written before a failure is shown too, then the error.
    page_or_write(&String::from_utf8_lossy(&text), out)?;
    result
}

/// The height of the terminal stdout is, or `None` when stdout is not a terminal (a pipe
/// or a file: never paged).
pub fn screen_rows() -> Option<usize> {
    if !io::stdout().is_terminal() {
        return None;
    }
    terminal_size::terminal_size_of(io::stdout())
        .map(|(_, terminal_size::Height(rows))| usize::from(rows))
        .filter(|&rows| rows > 0)
}

/// Shows a man page's roff as a reader expects in a terminal: formatted by `man -l -`
/// (which pages it with `$MANPAGER` or `$PAGER`) where `man` runs, else the roff itself
/// through the pager. In a pipe the roff is written as it is, for `man -l -` or a file.
pub fn show_man_page(roff: &str, out: &mut dyn Write) -> io::Result<()> {
    if screen_rows().is_some() {
        let mut man = Command::new("man");
        man.args(["-l", "-"]);
        if let Some(mut child) = spawn(man) {
            feed(&mut child, roff)?;
            if child.wait().is_ok_and(|status| status.success()) {
                return Ok(());
            }
        }
    }
    page_or_write(roff, out)
}

/// Starts `$PAGER`, else `less -FRX`; `None` when paging is off or no pager starts.
fn start_pager() -> Option<Child> {
    let command = match std::env::var("PAGER") {
        Ok(pager) if pager.trim().is_empty() => return None,
        Ok(pager) => shell_command(&pager)?,
        Err(_) => {
            let mut less = Command::new("less");
            // Quit at once when the text fits after all, keep colour, leave the text on
            // the screen when done.
            less.arg("-FRX");
            less
        }
    };
    spawn(command)
}

fn spawn(mut command: Command) -> Option<Child> {
    // `less` run as `$PAGER` gets the same habits unless LESS says otherwise, as git does.
    if std::env::var_os("LESS").is_none() {
        command.env("LESS", "FRX");
    }
    command.stdin(Stdio::piped()).spawn().ok()
}

/// `PAGER` as the shell runs it (it may hold options and quotes).
#[cfg(unix)]
fn shell_command(pager: &str) -> Option<Command> {
    let mut command = Command::new("sh");
    command.args(["-c", pager]);
    Some(command)
}

/// `PAGER` split as a shell would, where there is no `sh`.
#[cfg(not(unix))]
fn shell_command(pager: &str) -> Option<Command> {
    let words = shell_words::split(pager).ok()?;
    let (program, args) = words.split_first()?;
    let mut command = Command::new(program);
    command.args(args);
    Some(command)
}

/// Gives the pager the text and waits until the reader leaves it. A reader who quits
/// before the end closes the pipe: that is no error.
fn feed(pager: &mut Child, text: &str) -> io::Result<()> {
    let _quiet = interrupts::Ignored::start();
    if let Some(mut input) = pager.stdin.take() {
        match input.write_all(text.as_bytes()) {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => return Err(error),
            _ => {}
        }
    }
    pager.wait()?;
    Ok(())
}

/// Ctrl-C while the pager shows the text is the pager's (less stops a search with it):
/// tabula ignores it until the pager is done, so that it neither ends nor leaves the
/// pager behind on the terminal.
#[cfg(unix)]
mod interrupts {
    pub(super) struct Ignored {
        before: Option<libc::sigaction>,
    }

    impl Ignored {
        pub(super) fn start() -> Ignored {
            // SAFETY: sigaction only reads the action we give and fills the one we own;
            // on failure nothing changed and nothing is put back.
            unsafe {
                let mut ignore: libc::sigaction = std::mem::zeroed();
                ignore.sa_sigaction = libc::SIG_IGN;
                libc::sigemptyset(&mut ignore.sa_mask);
                let mut before: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(libc::SIGINT, &ignore, &mut before) != 0 {
                    return Ignored { before: None };
                }
                Ignored { before: Some(before) }
            }
        }
    }

    impl Drop for Ignored {
        fn drop(&mut self) {
            if let Some(before) = &self.before {
                // SAFETY: puts back the action sigaction gave us in `start`.
                unsafe {
                    libc::sigaction(libc::SIGINT, before, std::ptr::null_mut());
                }
            }
        }
    }
}

/// Elsewhere the console's Ctrl-C is left as it is.
#[cfg(not(unix))]
mod interrupts {
    pub(super) struct Ignored;

    impl Ignored {
        pub(super) fn start() -> Ignored {
            Ignored
        }
    }
}
