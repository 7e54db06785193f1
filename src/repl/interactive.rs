//! The interactive REPL: rustyline with completion of commands and legal moves, history in
//! the user's data folder, Ctrl-C to cancel a line and Ctrl-D to leave.

use std::cell::RefCell;
use std::io::{self, Write};
use std::process::ExitCode;
use std::rc::Rc;

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

use super::{Flow, PlayConfig, Table, ensure_parent, history_path, report_error, strip_comment, write_intro};
use crate::games::GameKind;

/// Completes command names, game ids after `new`, and legal moves (alone or after `play`).
struct TabulaHelper {
    words: Rc<RefCell<Vec<String>>>,
}

impl Completer for TabulaHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let typed = &line[..pos];
        let (start, prefix, pool): (usize, &str, Vec<String>) =
            if let Some(rest) = typed.strip_prefix("play ") {
                (5, rest, self.words.borrow().clone())
            } else if let Some(rest) = typed.strip_prefix("new ") {
                let ids = GameKind::ALL.iter().map(|k| k.info().id.to_string()).collect();
                (4, rest, ids)
            } else if let Some(rest) = typed.strip_prefix("help ") {
                let names = crate::session::command::COMMANDS
                    .iter()
                    .map(|c| c.name.to_string())
                    .collect();
                (5, rest, names)
            } else {
                (0, typed, self.words.borrow().clone())
            };
        let lower = prefix.to_ascii_lowercase();
        let mut candidates: Vec<Pair> = pool
            .into_iter()
            .filter(|word| word.to_ascii_lowercase().starts_with(&lower))
            .map(|word| Pair {
                display: word.clone(),
                replacement: word,
            })
            .collect();
        candidates.dedup_by(|a, b| a.replacement == b.replacement);
        Ok((start, candidates))
    }
}

impl Hinter for TabulaHelper {
    type Hint = String;
}

impl Highlighter for TabulaHelper {}

impl Validator for TabulaHelper {}

impl Helper for TabulaHelper {}

/// Plays in the terminal until the user quits.
pub fn run_interactive(config: &PlayConfig) -> anyhow::Result<ExitCode> {
    let mut table = Table::new(config, true)?;
    let color = std::env::var_os("NO_COLOR").is_none();
    let mut out = io::stdout();
    write_intro(config, &table, &mut out)?;
    writeln!(
        out,
        "Type 'help' for the commands; Tab completes commands and legal moves."
    )?;
    table.advance(&mut out)?;
    writeln!(out, "{}", table.board())?;

    let words = Rc::new(RefCell::new(Vec::new()));
    let mut editor: Editor<TabulaHelper, DefaultHistory> = Editor::new()?;
    editor.set_helper(Some(TabulaHelper { words: words.clone() }));
    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    loop {
        *words.borrow_mut() = table.completions();
        if let Some(note) = table.waiting_note() {
            writeln!(out, "{note}")?;
        }
        let flow = match editor.readline(&table.prompt()) {
            Ok(line) => {
                let _ = editor.add_history_entry(line.as_str());
                let line = strip_comment(&line);
                if line.is_empty() {
                    continue;
                }
                if let Some(question) = table.confirmation(line)
                    && !confirm(&mut editor, &question, false)?
                {
                    writeln!(out, "nothing changed")?;
                    continue;
                }
                match table.handle_line(line, &mut out)? {
                    Ok(flow) => flow,
                    Err(error) => {
                        let mut text = Vec::new();
                        report_error(&mut text, None, &error)?;
                        let text = String::from_utf8_lossy(&text);
                        if color {
                            write!(out, "\x1b[31m{text}\x1b[0m")?;
                        } else {
                            write!(out, "{text}")?;
                        }
                        Flow::Continue
                    }
                }
            }
            Err(error) => match read_failure(error) {
                ReadFailure::Cancelled => continue,
                ReadFailure::End => Flow::Quit,
                ReadFailure::BadLine(message) => {
                    writeln!(out, "error: {message}")?;
                    continue;
                }
                ReadFailure::Fatal(error) => return Err(error.into()),
            },
        };
        if flow == Flow::Quit
            && (!table.needs_quit_confirmation()
                || confirm(
                    &mut editor,
                    "The game is in progress and not saved. Quit anyway? [y/N] ",
                    true,
                )?)
        {
            break;
        }
    }
    if let Some(path) = &history {
        ensure_parent(path);
        let _ = editor.save_history(path);
    }
    Ok(ExitCode::SUCCESS)
}

/// Asks a yes/no question; only `y` or `yes` means yes. Ctrl-D answers `at_end` (yes when
/// leaving: a second Ctrl-D really quits).
fn confirm(
    editor: &mut Editor<TabulaHelper, DefaultHistory>,
    question: &str,
    at_end: bool,
) -> anyhow::Result<bool> {
    loop {
        return match editor.readline(question) {
            Ok(answer) => Ok(matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes")),
            Err(error) => match read_failure(error) {
                ReadFailure::End => Ok(at_end),
                ReadFailure::Cancelled => Ok(false),
                ReadFailure::BadLine(_) => continue,
                ReadFailure::Fatal(error) => Err(error.into()),
            },
        };
    }
}

/// Why the line editor returned no line.
#[derive(Debug)]
enum ReadFailure {
    /// Ctrl-C: the line is dropped.
    Cancelled,
    /// Ctrl-D or the end of input.
    End,
    /// Bytes that are not UTF-8 text (a Latin-1 key): an error for that line only.
    BadLine(String),
    /// The terminal itself failed.
    Fatal(ReadlineError),
}

fn read_failure(error: ReadlineError) -> ReadFailure {
    match error {
        ReadlineError::Interrupted => ReadFailure::Cancelled,
        ReadlineError::Eof => ReadFailure::End,
        ReadlineError::Io(error) if error.kind() == io::ErrorKind::InvalidData => {
            ReadFailure::BadLine("that line was not UTF-8 text; it was dropped, please type it again".into())
        }
        error => ReadFailure::Fatal(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_not_utf8_cost_one_line_only() {
        let latin1 = ReadlineError::Io(io::Error::from(io::ErrorKind::InvalidData));
        assert!(matches!(read_failure(latin1), ReadFailure::BadLine(m) if m.contains("UTF-8")));
        assert!(matches!(read_failure(ReadlineError::Eof), ReadFailure::End));
        assert!(matches!(
            read_failure(ReadlineError::Interrupted),
            ReadFailure::Cancelled
        ));
        let broken = ReadlineError::Io(io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(matches!(read_failure(broken), ReadFailure::Fatal(_)));
    }
}
