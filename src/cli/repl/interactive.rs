//! The interactive REPL: rustyline with completion that follows the game, history in the
//! user's data folder, colour where the terminal takes it, Ctrl-C to cancel a line (or to
//! stop a thinking bot) and Ctrl-D to leave.

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::rc::Rc;

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Behavior, CompletionType, Config, Context, Editor, Helper};

use anstream::AutoStream;
use anstyle::{AnsiColor, Style};

use super::complete::Completions;
use super::piped::write_intro;
use super::{Flow, PlayConfig, Table, ensure_parent, history_path, report_error, say};

/// Completes what the table offers now (see [`Completions`]).
pub(super) struct TabulaHelper {
    completions: Rc<RefCell<Option<Completions>>>,
}

impl TabulaHelper {
    /// A helper that completes from what `completions` holds when Tab is pressed.
    pub(super) fn new(completions: Rc<RefCell<Option<Completions>>>) -> TabulaHelper {
        TabulaHelper { completions }
    }
}

impl Completer for TabulaHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let Some(completions) = self.completions.borrow().clone() else {
            return Ok((pos, Vec::new()));
        };
        let (start, words) = completions.complete(&line[..pos]);
        let candidates = words
            .into_iter()
            .map(|word| Pair {
                display: word.clone(),
                replacement: word,
            })
            .collect();
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
    // Ctrl-C while a bot thinks stops it, never the game (see `thinking`).
    crate::app::interrupt::install();
    let mut table = Table::new(config, true)?;
    // Colour only where stdout is a terminal that takes it (NO_COLOR, CLICOLOR and TERM
    // are honoured); anstream drops the styles everywhere else.
    let mut out = AutoStream::new(io::stdout(), config.color);
    let completions = Rc::new(RefCell::new(None));
    let mut editor: Editor<TabulaHelper, DefaultHistory> = Editor::with_config(editor_config())?;
    editor.set_helper(Some(TabulaHelper {
        completions: completions.clone(),
    }));
    table.set_terminal_rows(terminal_rows(&mut editor));
    write_intro(config, &mut table, &mut out)?;
    say(
        &mut out,
        "Type 'help' for the commands and 'rules' for the rules; Tab completes moves.",
        true,
    )?;
    table.advance(&mut out)?;
    writeln!(out, "{}", table.board())?;

    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    loop {
        *completions.borrow_mut() = Some(table.completions());
        if let Some(note) = table.waiting_note() {
            say(&mut out, &note, true)?;
        }
        let flow = match editor.readline(&table.prompt()) {
            Ok(line) => {
                let _ = editor.add_history_entry(line.as_str());
                // The piped REPL's and the engine's decision on what a line holds.
                let line = match crate::app::lines::decode_command(line.as_bytes()) {
                    Ok(line) if line.is_empty() => continue,
                    Ok(line) => line,
                    Err(error) => {
                        writeln!(out, "{ERROR}error: {error}{ERROR:#}")?;
                        continue;
                    }
                };
                let line = line.as_str();
                table.set_terminal_rows(terminal_rows(&mut editor));
                if let Some(question) = table.confirmation(line)
                    && !confirm(&mut editor, &question, false)?
                {
                    writeln!(out, "nothing changed")?;
                    continue;
                }
                match table.handle_line(line, &mut out)? {
                    Ok(flow) => {
                        step_through_review(&mut editor, &mut table, &mut out)?;
                        flow
                    }
                    Err(error) => {
                        let mut text = Vec::new();
                        report_error(&mut text, None, &error, true)?;
                        let text = String::from_utf8_lossy(&text);
                        write!(out, "{ERROR}{}{ERROR:#}", text.trim_end())?;
                        writeln!(out)?;
                        Flow::Continue
                    }
                }
            }
            Err(error) => match read_failure(error) {
                ReadFailure::Cancelled => continue,
                ReadFailure::End => Flow::Quit,
                ReadFailure::BadLine(message) => {
                    writeln!(out, "{ERROR}error: {message}{ERROR:#}")?;
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
    if let Some(words) = table.parting_words() {
        say(&mut out, &words, true)?;
    }
    if let Some(path) = &history {
        ensure_parent(path);
        let _ = editor.save_history(path);
    }
    Ok(ExitCode::SUCCESS)
}

/// How the line editor behaves. A second Tab lists the candidates in columns, as readline
/// does (the first completes as far as they agree), rather than cycling through moves one
/// press at a time without showing them. When stdout is not a terminal (`tabula play ur |
/// tee game.log`) the prompts and the editing go to the terminal itself (/dev/tty), so that
/// stdout gets only the game's text, with no prompts and no escape codes.
pub(super) fn editor_config() -> Config {
    let behavior = if io::stdout().is_terminal() {
        Behavior::Stdio
    } else {
        Behavior::PreferTerm
    };
    Config::builder()
        .completion_type(CompletionType::List)
        .behavior(behavior)
        .build()
}

/// How errors look where colour is on.
pub(super) const ERROR: Style = AnsiColor::Red.on_default();

/// The terminal's height, when stdout is one.
pub(super) fn terminal_rows(editor: &mut Editor<TabulaHelper, DefaultHistory>) -> Option<usize> {
    editor
        .dimensions()
        .map(|(_, rows)| usize::from(rows))
        .filter(|&rows| rows > 0)
}

/// Shows the review's mistakes one at a time, each on Enter, until they are all shown or
/// the player answers anything else (or Ctrl-C, or Ctrl-D) to go back to the table.
fn step_through_review(
    editor: &mut Editor<TabulaHelper, DefaultHistory>,
    table: &mut Table,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    while let Some(question) = table.review_question() {
        let more = match editor.readline(&question) {
            Ok(answer) => answer.trim().is_empty(),
            Err(error) => match read_failure(error) {
                ReadFailure::BadLine(_) => continue,
                ReadFailure::Fatal(error) => return Err(error.into()),
                ReadFailure::Cancelled | ReadFailure::End => false,
            },
        };
        match more.then(|| table.next_review_page()).flatten() {
            Some(page) => writeln!(out, "\n{page}")?,
            None => table.end_review(),
        }
    }
    Ok(())
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
pub(super) enum ReadFailure {
    /// Ctrl-C: the line is dropped.
    Cancelled,
    /// Ctrl-D or the end of input.
    End,
    /// Bytes that are not UTF-8 text (a Latin-1 key): an error for that line only.
    BadLine(String),
    /// The terminal itself failed.
    Fatal(ReadlineError),
}

pub(super) fn read_failure(error: ReadlineError) -> ReadFailure {
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
