//! The remote game kept in the history as it goes, as `tabula play` keeps its games:
//! rewritten whole after every action, with the seats and the dice's proof, so that the
//! end of this side's program (Ctrl-C twice, a closed terminal) never loses the game so
//! far, and `tabula history`, `analyse`, `replay` and `verify` find it by its number.

use std::io::{self, Write};

use super::{Ending, RemoteTable};
use crate::app::history::{History, HistoryError};

impl RemoteTable {
    /// Keeps the game in `history` from its first action on.
    pub fn kept_in(mut self, history: &History) -> RemoteTable {
        // A game taken up again goes on in the file an earlier program kept it in.
        self.kept = Some(match self.replay.kept {
            Some(number) => history.reopen(number),
            None => history.start(),
        });
        self
    }

    /// The game's number in the history, once its first action is kept.
    pub fn kept_number(&self) -> Option<u64> {
        self.kept.as_ref().and_then(|kept| kept.number())
    }

    /// Writes the game so far. A failure is told once on `out`, and the game goes on
    /// unkept: the record of `--save` is still written at the end.
    pub(super) fn keep_so_far(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let notes = self.notes();
        let Some(kept) = &mut self.kept else {
            return Ok(());
        };
        let before = kept.number();
        if let Err(error) = kept.keep(&self.session, &notes) {
            self.kept = None;
            writeln!(out, "the game is no longer kept in the history: {error}")?;
        } else if let Some(number) = kept.number().filter(|_| before.is_none()) {
            self.note(crate::app::remote::journal::Entry::Kept(number));
        }
        Ok(())
    }

    /// Writes the game a last time, with how it ended.
    pub fn keep_ending(&mut self, ending: &Ending) -> Result<(), HistoryError> {
        let (notes, closing) = (self.notes(), self.closing(Some(ending)));
        match &mut self.kept {
            Some(kept) => kept.finish(&self.session, &notes, &closing),
            None => Ok(()),
        }
    }
}
