//! Commands read from a pipe or a file: no prompts, no line editor.

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

use super::text::{report_error, say};
use super::{Flow, PlayConfig, Table};
use crate::app::lines::LineReader;
use crate::app::session::CommandError;

/// Plays with commands read from `input` (a pipe or file): no prompts, no line editor.
/// Lines are read as bytes by [`LineReader`] (the engine protocol's reader): a line that
/// is not readable text is an error for that line only. Errors go to `err` with the line
/// number.
pub fn run_piped(
    config: &PlayConfig,
    input: impl BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let mut table = Table::new(config, false)?;
    write_intro(config, &mut table, out)?;
    table.advance(out)?;
    for line in LineReader::new(input) {
        let line = line?;
        let result = match line.command {
            Ok(text) if text.is_empty() => continue,
            Ok(text) => table.handle_line(&text, out)?,
            Err(error) => Err(CommandError::from(error)),
        };
        match result {
            Ok(Flow::Quit) => break,
            Ok(Flow::Continue) => {}
            Err(error) => {
                out.flush()?;
                report_error(err, Some(line.number), &error, false)?;
                if config.strict {
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        if let Some(note) = table.waiting_note() {
            say(out, &note, false)?;
        }
    }
    // Scripts' output stays as it was: the game is kept all the same (`tabula history`).
    let _ = table.parting_words();
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The first lines of a session: the game and its players, and the seed when it was
/// drawn (so that the game can be replayed).
pub(super) fn write_intro(config: &PlayConfig, table: &mut Table, out: &mut dyn Write) -> io::Result<()> {
    say(out, &table.header(), table.interactive)?;
    if let Err(super::Failed::Output(error)) = table.tell_resumed(out) {
        return Err(error);
    }
    if config.seed_drawn && !config.table.resume {
        // The command that throws these dice again, as `new` and `load` name it.
        writeln!(out, "{}", table.dice_line())?;
    }
    Ok(())
}

/// Where the REPL keeps its history.
pub fn history_path() -> Option<std::path::PathBuf> {
    crate::ai::data_dir::data_dir().map(|dir| dir.join("history.txt"))
}

/// Creates the history file's folder if needed.
pub fn ensure_parent(path: &Path) {
    if let Some(parent) = path.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
}
