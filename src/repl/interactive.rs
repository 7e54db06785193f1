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

fn confirm_quit(editor: &mut Editor<TabulaHelper, DefaultHistory>) -> anyhow::Result<bool> {
    match editor.readline("The game is in progress and not saved. Quit anyway? [y/N] ") {
        Ok(answer) => Ok(matches!(answer.trim(), "y" | "Y" | "yes")),
        Err(ReadlineError::Eof) => Ok(true),
        Err(ReadlineError::Interrupted) => Ok(false),
        Err(error) => Err(error.into()),
    }
}
