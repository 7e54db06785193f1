//! `tabula history`: the kept games, newest last.

use std::io::Write;
use std::process::ExitCode;

use crate::app::history::{History, HistoryError, listing};

/// Lists the kept games, or says how games come to be kept when there are none.
pub(super) fn history(out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let history = History::open()?.ok_or(HistoryError::Off)?;
    let entries = history.entries();
    if entries.is_empty() {
        writeln!(
            out,
            "no game is kept yet: every game played with 'tabula play' is kept in {}",
            history.dir().display()
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    for line in listing(&entries) {
        writeln!(out, "{line}")?;
    }
    writeln!(
        out,
        "'tabula replay N', 'tabula analyse N' or 'load N' at the table read game N ('last': the newest)"
    )?;
    Ok(ExitCode::SUCCESS)
}
