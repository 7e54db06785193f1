//! Undo at a remote table. A side may ask only when one of its seats is to act, in
//! place of that seat's action: it sends [`Message::Undo`] with the number of actions so
//! far, and the host relays it to the other joiners. Each other side answers: its
//! people are asked, and a side of bots and engines alone declines (the asker has seen
//! the dice that follow its move, which come again after an undo, and a bot cannot
//! judge whether that is fair between friends). The host gathers
//! every answer and sends the verdict to every joiner; the undo is allowed only if
//! every other side allowed it. Then every side takes back the same actions: the
//! asking side's people's last move and everything after it, as `undo` does at the
//! local table, with the seats whose moves count named by the record's players (so
//! that every side counts alike).
//!
//! Undo never changes the dice. The throws of the rolls taken back are not thrown
//! anew: the ledger goes back to where it stood before the first of them, their reveals
//! leave the proof, and the next rolls take those same reveals, in order, before any new
//! exchange. So the same rolls come again, and the record keeps only the actions (and
//! the throws) that stay, every roll checking from its reveals.
//!
//! A request is untrusted input: one for another action than the one due, one beyond
//! [`MAX_UNDO_REQUESTS`] in a game, or one with no move of the side's people to take
//! back ends the game as that side's forfeit, and it is never allowed without asking.

use std::collections::VecDeque;

use super::*;

/// How many times each side may ask for an undo in one game, allowed or declined. This
/// tabula asks no more; a side that does forfeits, so that a peer cannot flood the
/// other people with questions or hold the game up with them.
pub const MAX_UNDO_REQUESTS: u8 = 3;

/// The undo requests of a game, and where the dice stood at each roll.
pub(super) struct Undoing {
    /// How many undos each side has asked for.
    asked: Vec<u8>,
    /// The side whose request was read and is still to be answered.
    pending: Option<u8>,
    /// Each roll so far: where the dice stood before it.
    marks: Vec<Mark>,
    /// The reveals of throws taken back, to be thrown again before any new exchange.
    replay: VecDeque<Vec<Digest>>,
}

/// Where the dice stood before a roll.
struct Mark {
    /// The number of actions before the roll.
    ply: u32,
    ledger: Ledger,
    /// How many throws the proof held.
    throws: usize,
}

impl Undoing {
    /// No request yet, in a game of `sides` sides.
    pub(super) fn new(sides: usize) -> Undoing {
        Undoing {
            asked: vec![0; sides],
            pending: None,
            marks: Vec::new(),
            replay: VecDeque::new(),
        }
    }
}

impl RemoteTable {
    /// This side's person asks to take back their last move: refused here when this
    /// side may ask no more or has no move to take back; otherwise every other side
    /// answers and, if all allow, every side takes it back.
    pub(super) fn ask_undo(&mut self, seat: Seat, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        let me = self.setup.me;
        if self.undo.asked[usize::from(me)] >= MAX_UNDO_REQUESTS {
            writeln!(
                out,
                "undo: a side may ask {MAX_UNDO_REQUESTS} times a game, and you have; the game goes on"
            )?;
            return Ok(None);
        }
        let people = self.people_of(me);
        if !self.session.has_decision(|s| people[s]) {
            writeln!(out, "nothing of yours to undo: you have not moved yet")?;
            return Ok(None);
        }
        self.undo.asked[usize::from(me)] += 1;
        let ply = self.ply();
        self.tell_all(&Message::Undo { ply }, None);
        writeln!(
            out,
            "asking the other players to allow taking back your last move ..."
        )?;
        out.flush()?;
        let verdict = if me == 0 {
            self.gather_answers(me, ply, true)
        } else {
            self.read_verdict(ply)
        };
        match verdict {
            Ok(yes) => self.conclude_undo(me, yes, out),
            Err((side, fault)) => {
                let seat = self.seat_of(side, self.their_seat(seat));
                self.remote_forfeit(seat, fault, out).map(Some)
            }
        }
    }

    /// Another side's seat, to act, sent an undo request for action `sent`: checked, and
    /// kept to be answered (by [`RemoteTable::settle_undo`]); a request it may not send
    /// is its forfeit.
    pub(super) fn undo_asked(
        &mut self,
        seat: Seat,
        sent: u32,
        out: &mut dyn Write,
    ) -> io::Result<Option<Ending>> {
        let people = self.people_of(self.sides[seat]);
        let (side, ply) = (self.sides[seat], self.ply());
        let fault = if sent != ply {
            Some((
                ForfeitKind::LostSync,
                format!("asked to undo at action {sent} when action {ply} was due"),
            ))
        } else if self.undo.asked[usize::from(side)] >= MAX_UNDO_REQUESTS {
            Some((
                ForfeitKind::Garbage,
                format!("asked to undo more than {MAX_UNDO_REQUESTS} times in one game"),
            ))
        } else if !self.session.has_decision(|s| people[s]) {
            Some((
                ForfeitKind::Garbage,
                "asked to undo when its people had no move to take back".to_string(),
            ))
        } else {
            None
        };
        if let Some(fault) = fault {
            return self.remote_forfeit(seat, fault, out).map(Some);
        }
        self.undo.asked[usize::from(side)] += 1;
        self.undo.pending = Some(side);
        Ok(None)
    }

    /// Answers the undo request read, if there is one: the host relays it to the other
    /// joiners, asks its own people and gathers every answer; a joiner answers and
    /// reads the verdict.
    pub(super) fn settle_undo(
        &mut self,
        keyboard: &mut dyn Keyboard,
        out: &mut dyn Write,
    ) -> io::Result<Option<Ending>> {
        let Some(asker) = self.undo.pending.take() else {
            return Ok(None);
        };
        let ply = self.ply();
        self.relay(&Message::Undo { ply }, asker);
        let asks = format!("{} asks to take back their last move", self.names_of(asker));
        let mine =
            (0..self.sides.len()).find(|&s| self.sides[s] == self.setup.me && self.referee.is_human(s));
        out.flush()?;
        let own = match mine {
            Some(seat) => match self.allowed(keyboard, &format!("{asks}: allow? [y/N] ")) {
                Ok(yes) => yes,
                Err(error) => {
                    let error = person_left(error)?;
                    let forfeit = Forfeit::new(seat, ForfeitKind::Crash, format!("left the game ({error})"));
                    return self.local_forfeit(forfeit, out).map(Some);
                }
            },
            // Nobody here to ask: the bots do not allow it (see the module's doc).
            None => {
                writeln!(out, "{asks}; the bots here decline")?;
                false
            }
        };
        let verdict = if self.setup.me == 0 {
            self.gather_answers(asker, ply, own)
        } else {
            let answer = Message::UndoAnswer { ply, yes: own };
            self.tell_all(&answer, None);
            self.read_verdict(ply)
        };
        match verdict {
            Ok(yes) => self.conclude_undo(asker, yes, out),
            Err((side, fault)) => {
                let seat = self.seat_of(side, 0);
                self.remote_forfeit(seat, fault, out).map(Some)
            }
        }
    }

    /// At the host: every joiner's answer but the asker's, with the host's own (`own`),
    /// makes the verdict, which every joiner is sent.
    fn gather_answers(&mut self, asker: u8, ply: u32, own: bool) -> Result<bool, SideFault> {
        let mut yes = own;
        for side in 1..self.ledger.sides() as u8 {
            if side == asker {
                continue;
            }
            match self.receive_from(side, self.setup.limit).map_err(|f| (side, f))? {
                Message::UndoAnswer {
                    ply: sent,
                    yes: answer,
                } if sent == ply => yes &= answer,
                other => return Err((side, not_an_answer(other))),
            }
        }
        self.tell_all(&Message::UndoAnswer { ply, yes }, None);
        Ok(yes)
    }

    /// At a joiner: the host's verdict on the undo asked at action `ply`.
    fn read_verdict(&mut self, ply: u32) -> Result<bool, SideFault> {
        match self.receive_from(0, self.setup.limit).map_err(|f| (0, f))? {
            Message::UndoAnswer { ply: sent, yes } if sent == ply => Ok(yes),
            other => Err((0, not_an_answer(other))),
        }
    }

    /// Every side does the same with the verdict: nothing if declined; else the asking
    /// side's people's last move and all after it are taken back, and so are the dice.
    fn conclude_undo(&mut self, asker: u8, yes: bool, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        let who = self.names_of(asker);
        let people = self.people_of(asker);
        let taken = if yes {
            self.session.undo_decision(|s| people[s])
        } else {
            None
        };
        let Some(taken) = taken else {
            writeln!(out, "the undo {who} asked for is declined: the game goes on")?;
            return Ok(None);
        };
        self.rewind_dice();
        writeln!(
            out,
            "the undo {who} asked for is allowed: took back {}",
            self.session.undone_words(&taken)
        )?;
        match self.referee.notify(&Observation::Position(self.session.game())) {
            Ok(()) => Ok(None),
            Err(forfeit) => self.local_forfeit(forfeit, out).map(Some),
        }
    }

    /// Notes where the dice stand before a roll, so that an undo can go back there.
    pub(super) fn mark_roll(&mut self) {
        let mark = Mark {
            ply: self.ply(),
            ledger: self.ledger.clone(),
            throws: self.proof.throws(),
        };
        self.undo.marks.push(mark);
    }

    /// The rolls an undo took back: the ledger goes back to before the first of them, and
    /// their throws' reveals wait, in order, to be thrown again.
    fn rewind_dice(&mut self) {
        let actions = self.ply();
        let Some(first) = self.undo.marks.iter().position(|mark| mark.ply >= actions) else {
            return;
        };
        let Some(mark) = self.undo.marks.drain(first..).next() else {
            return;
        };
        self.ledger = mark.ledger;
        for reveals in self.proof.split_off(mark.throws).into_iter().rev() {
            self.undo.replay.push_front(reveals);
        }
    }

    /// Every side's reveal of `throw`: those of a throw taken back by an undo, or else
    /// fetched from the sides.
    pub(super) fn next_reveals(&mut self, throw: u64) -> Result<Vec<Digest>, SideFault> {
        match self.undo.replay.pop_front() {
            Some(reveals) => Ok(reveals),
            None => self.exchange(throw),
        }
    }

    /// For each seat, whether an undo asked by `side` counts its moves: that side's
    /// people, as the record names the players (the same on every side).
    fn people_of(&self, side: u8) -> Vec<bool> {
        (0..self.sides.len())
            .map(|seat| self.sides[seat] == side && self.players[seat] == "human")
            .collect()
    }

    /// The seats of `side`'s people, by name (`white`, `1 and 3`).
    fn names_of(&self, side: u8) -> String {
        let people = self.people_of(side);
        let names: Vec<&str> = (0..people.len())
            .filter(|&seat| people[seat])
            .map(|seat| self.session.seat_name(seat))
            .collect();
        names.join(" and ")
    }
}

/// A message that is not the answer to an undo, as the sender's fault.
fn not_an_answer(message: Message) -> Fault {
    out_of_place(message, "its answer to an undo")
}
