//! Taking a remote game up again in a new program of this side (see [`journal`]): the
//! table notes every input in the journal as it comes, and a table built from a journal
//! plays the game again from those inputs without the network (its messages are kept,
//! not sent), then comes back as a dropped connection does.
//!
//! [`journal`]: crate::app::remote::journal

use std::collections::VecDeque;

use super::*;
use crate::app::remote::journal::{Entry, Header, Journal};
use crate::app::remote::rejoin::Replayed;

/// What this side's table decided, was told, and measured in an earlier program, to
/// be taken again in the same order.
#[derive(Default)]
pub(in crate::app::remote::table) struct Replay {
    decided: VecDeque<String>,
    allowed: VecDeque<bool>,
    spent: VecDeque<Duration>,
    /// The game's number in the history, if the earlier program kept it.
    pub(in crate::app::remote::table) kept: Option<u64>,
    /// True until this side's people are told that the game was taken up again.
    restarted: bool,
}

impl RemoteTable {
    /// Notes every input of the table in `journal` from now on, so that a new program
    /// can take the game up again ([`RemoteTable::from_journal`]).
    pub fn journaled(mut self, journal: Journal) -> RemoteTable {
        self.journal = Some(journal);
        self
    }

    /// The table of a game taken up again from its journal (`header` and `entries`)
    /// in a new program: it plays again what the journal holds, then comes back.
    pub fn from_journal(
        header: &Header,
        entries: Vec<Entry>,
        setup: Setup,
        journal: Journal,
    ) -> Result<RemoteTable, SetupError> {
        let game = header.game().map_err(SetupError::Offer)?;
        let seats = game.seat_count();
        let mine: Vec<PlayerSpec> = (0..seats)
            .map(|seat| match header.mine.get(seat).map(String::as_str) {
                None | Some("") => Ok(PlayerSpec::Human),
                Some(text) => text.parse().map_err(|e| SetupError::Offer(format!("{e}"))),
            })
            .collect::<Result<_, _>>()?;
        if header.sides.len() != seats || header.players.len() != seats {
            return Err(SetupError::Offer(
                "the journal's seats do not fit its game".into(),
            ));
        }
        let chain = Chain::from_secret(header.chain.0, header.chain.1)?;
        let ledger = Ledger::new(&format!("game {}", header.game), header.commitments.clone())?;
        let links = if setup.me == 0 { ledger.sides() - 1 } else { 1 };
        let mut reads: Vec<Vec<Replayed>> = (0..links).map(|_| Vec::new()).collect();
        let mut replay = Replay {
            restarted: true,
            ..Replay::default()
        };
        for entry in entries {
            match entry {
                Entry::Read { link, bytes } if link < links => reads[link].push(Replayed::Message(bytes)),
                Entry::Returned { link } if link < links => reads[link].push(Replayed::Gap),
                Entry::Decided(text) => replay.decided.push_back(text),
                Entry::Allowed(yes) => replay.allowed.push_back(yes),
                Entry::Spent(time) => replay.spent.push_back(time),
                Entry::Kept(number) => replay.kept = Some(number),
                Entry::Read { link, .. } | Entry::Returned { link } => {
                    return Err(SetupError::Offer(format!(
                        "the journal names connection {link}, which the game does not have"
                    )));
                }
            }
        }
        let mut table = RemoteTable::new(
            &game,
            setup,
            header.sides.clone(),
            &mine,
            header.players.clone(),
            Vec::new(),
            chain,
            ledger,
        );
        table.links = reads.into_iter().map(Link::replaying).collect();
        table.replay = replay;
        table.journal = Some(journal);
        Ok(table)
    }

    /// The action the game was taken up again at, the first time this is asked after
    /// it was played again from its journal (and never after).
    pub(in crate::app::remote::table) fn restarted_at(&mut self) -> Option<u32> {
        std::mem::take(&mut self.replay.restarted).then(|| self.ply() + 1)
    }

    /// The game is over here: its journal goes (nothing is left to take up again).
    pub fn forget_journal(&mut self) -> io::Result<()> {
        match self.journal.take() {
            Some(journal) => journal.remove(),
            None => Ok(()),
        }
    }

    /// True while the table plays again what an earlier program of this side did.
    pub(in crate::app::remote::table) fn replaying(&self) -> bool {
        self.links.iter().any(Link::is_replaying)
            || !self.replay.decided.is_empty()
            || !self.replay.allowed.is_empty()
            || !self.replay.spent.is_empty()
    }

    /// Notes `entry` in the journal. If it cannot be written, the game goes on without
    /// one, and this side's people hear that it cannot be taken up again.
    pub(super) fn note(&mut self, entry: Entry) {
        let Some(journal) = &mut self.journal else {
            return;
        };
        if let Err(error) = journal.push(&entry) {
            let path = journal.path().display().to_string();
            self.journal = None;
            self.tell(&format!(
                "cannot write to {path} ({error}): if this program ends, the game cannot be taken up again"
            ));
        }
    }

    /// The decision an earlier program made at this point, if it got this far.
    pub(super) fn replayed_decision(&mut self) -> Option<Decision> {
        let text = self.replay.decided.pop_front()?;
        Some(match text.split_once(' ') {
            Some(("move", played)) => Decision::Move(played.to_string()),
            _ if text == "resign" => Decision::Resign,
            _ if text == "undo" => Decision::Undo,
            _ => Decision::Roll,
        })
    }

    /// Notes a decision of this side's people or bots.
    pub(super) fn note_decision(&mut self, decision: &Decision) {
        let text = match decision {
            Decision::Roll => "roll".to_string(),
            Decision::Move(text) => format!("move {text}"),
            Decision::Resign => "resign".to_string(),
            Decision::Undo => "undo".to_string(),
        };
        self.note(Entry::Decided(text));
    }

    /// Notes `decision`, and gives it back.
    pub(super) fn noted(&mut self, decision: Decision) -> Decision {
        self.note_decision(&decision);
        decision
    }

    /// Once the game, taken up again, has been played again from its journal, a joiner
    /// comes back to the host at once (so that its people play on a live connection).
    /// The host takes its joiners back as it first reads from each.
    pub(super) fn back_after_restart(&mut self, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        if !self.replay.restarted || self.replaying() {
            return Ok(None);
        }
        if self.setup.me == 0 {
            if let Some(action) = self.restarted_at() {
                self.tell(&format!("taking the game up again at action {action}"));
            }
            return Ok(None);
        }
        match self.come_back(0) {
            Ok(()) => {
                self.note(Entry::Returned { link: 0 });
                Ok(None)
            }
            Err(fault) => {
                let seat = self.seat_of(0, 0);
                self.remote_forfeit(seat, fault, out).map(Some)
            }
        }
    }

    /// This side's people's answer to an undo, as an earlier program had it, or else
    /// as they give it now to `question` (and noted).
    pub(super) fn allowed(&mut self, keyboard: &mut dyn Keyboard, question: &str) -> io::Result<bool> {
        if let Some(yes) = self.replay.allowed.pop_front() {
            return Ok(yes);
        }
        let yes = keyboard.allow_undo(&self.session, question)?;
        self.note(Entry::Allowed(yes));
        Ok(yes)
    }

    /// Under a clock, the time a move took as an earlier program measured it at this
    /// point, or else `took`, measured now (and noted).
    pub(super) fn spent(&mut self, took: Duration) -> Duration {
        if self.setup.clock.is_none() {
            return Duration::ZERO;
        }
        if let Some(spent) = self.replay.spent.pop_front() {
            return spent;
        }
        self.note(Entry::Spent(took));
        took
    }

    /// What link `link` read next in an earlier program: a message, or `None` when
    /// there is no more of it. Where the connection came back, the host tells the
    /// other joiners again that its side was away and is back, as it did then.
    pub(super) fn replayed_read(&mut self, link: usize) -> Option<Vec<u8>> {
        loop {
            match self.links[link].replayed()? {
                Replayed::Message(bytes) => return Some(bytes),
                Replayed::Gap if self.setup.me == 0 => {
                    let side = link as u8 + 1;
                    self.tell_all(&Message::Away { side, back: false }, Some(side));
                    self.tell_all(&Message::Away { side, back: true }, Some(side));
                }
                Replayed::Gap => {}
            }
        }
    }
}
