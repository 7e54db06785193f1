//! The interactive REPL: rustyline with completion that follows the game, history in the
//! user's data folder, colour where the terminal takes it, Ctrl-C to cancel a line and
//! Ctrl-D to leave.

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

use anstream::AutoStream;
use anstyle::{AnsiColor, Style};

use super::complete::Completions;
use super::{
    Flow, PlayConfig, Table, ensure_parent, history_path, report_error, say, strip_comment, write_intro,
};

/// Completes what the table offers now (see [`Completions`]).
struct TabulaHelper {
    completions: Rc<RefCell<Option<Completions>>>,
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
    let mut table = Table::new(config, true)?;
    // Colour only where stdout is a terminal that takes it (NO_COLOR, CLICOLOR and TERM
    // are honoured); anstream drops the styles everywhere else.
    let mut out = AutoStream::new(io::stdout(), config.color);
    let completions = Rc::new(RefCell::new(None));
    let mut editor: Editor<TabulaHelper, DefaultHistory> = Editor::new()?;
    editor.set_helper(Some(TabulaHelper {
        completions: completions.clone(),
    }));
    table.set_terminal_rows(terminal_rows(&mut editor));
    write_intro(config, &table, &mut out)?;
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
                let line = strip_comment(&line);
                if line.is_empty() {
                    continue;
                }
                table.set_terminal_rows(terminal_rows(&mut editor));
                match table.handle_line(line, &mut out)? {
                    Ok(flow) => flow,
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
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => Flow::Quit,
            Err(error) => return Err(error.into()),
        };
        if flow == Flow::Quit && (!table.needs_quit_confirmation() || confirm_quit(&mut editor)?) {
            break;
        }
    }
    if let Some(path) = &history {
        ensure_parent(path);
        let _ = editor.save_history(path);
    }
    Ok(ExitCode::SUCCESS)
}

/// How errors look where colour is on.
const ERROR: Style = AnsiColor::Red.on_default();

/// The terminal's height, when stdout is one.
fn terminal_rows(editor: &mut Editor<TabulaHelper, DefaultHistory>) -> Option<usize> {
    editor
        .dimensions()
        .map(|(_, rows)| usize::from(rows))
        .filter(|&rows| rows > 0)
}

fn confirm_quit(editor: &mut Editor<TabulaHelper, DefaultHistory>) -> anyhow::Result<bool> {
    match editor.readline("The game is in progress and not saved. Quit anyway? [y/N] ") {
        Ok(answer) => Ok(matches!(answer.trim(), "y" | "Y" | "yes")),
        Err(ReadlineError::Eof) => Ok(true),
        Err(ReadlineError::Interrupted) => Ok(false),
        Err(error) => Err(error.into()),
    }
}
