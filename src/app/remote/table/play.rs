//! The game itself: one action at a time, this side's or another's. The host holds a
//! connection to every joiner and relays each side's moves to all the others; a joiner
//! holds one, to the host. For each throw every joiner sends its reveal to the host,
//! which answers every joiner with all of them, its own included.

use super::*;
use crate::app::remote::journal::{Entry, Journal};
use crate::app::remote::proof::Proof;
use restart::Replay;

// Undo asks the other sides; its rules live in their own file.
#[path = "undo.rs"]
mod undo;
#[cfg(test)]
pub use undo::MAX_UNDO_REQUESTS;
// The game kept in the history as it goes.
#[path = "kept.rs"]
mod kept;
// The game taken up again in a new program, from its journal.
#[path = "restart.rs"]
mod restart;
// This side's people look at the game while another side thinks.
#[path = "watch.rs"]
mod watch;

/// A remote game at this side's table.
pub struct RemoteTable {
    session: Session,
    pub(super) setup: Setup,
    sides: Vec<u8>,
    /// Every seat's player as the record names it.
    players: Vec<String>,
    referee: Referee,
    /// The host's connections, side `k`'s at `k - 1`; a joiner's one, to the host.
    pub(super) links: Vec<Link>,
    chain: Chain,
    ledger: Ledger,
    /// Every commitment and every throw's reveals so far, for the record.
    proof: Proof,
    /// Each side's time left, under a time control.
    left: Vec<Duration>,
    /// The game kept in the history as it goes, if it is.
    kept: Option<crate::app::history::KeptGame>,
    /// The undo requests so far, and the throws of rolls taken back.
    undo: undo::Undoing,
    /// How a dropped connection comes back, if it may.
    pub(super) resume: Option<Resume>,
    /// Where every input is noted, for a new program to take the game up again.
    pub(super) journal: Option<Journal>,
    /// What an earlier program of this side did, to be done again first.
    pub(super) replay: Replay,
    /// When this side's seat to act last decided: its clock counts the time until then,
    /// not the time its decision then takes (the dice's exchange, the other sides'
    /// answers to an undo), as the other sides' clocks count it.
    decided_at: Option<std::time::Instant>,
}

/// Time the other side's clock is given for the network, beyond its own.
const NETWORK_GRACE: Duration = Duration::from_secs(1);

/// A fault, and the side whose it is.
type SideFault = (u8, Fault);

impl RemoteTable {
    /// A table for `game` whose seats belong to `sides`; this side's seats are played by
    /// `mine` (bots and engines are started here, people use the keyboard). The host's
    /// `links` are its joiners' connections in side order; a joiner's, the host's alone.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        game: &AnyGame,
        setup: Setup,
        sides: Vec<u8>,
        mine: &[PlayerSpec],
        players: Vec<String>,
        links: Vec<Channel>,
        chain: Chain,
        ledger: Ledger,
    ) -> RemoteTable {
        let session = Session::with_nets(game.kind(), game.options(), 0, setup.nets.clone())
            .expect("the game was made from these options");
        let agents: Vec<Option<Box<dyn Agent>>> = (0..sides.len())
            .map(|seat| match (sides[seat] == setup.me, mine.get(seat)) {
                (true, Some(player)) => {
                    let seed =
                        u64::from_le_bytes(chain.commitment().bytes()[..8].try_into().unwrap_or_default());
                    build_agent_or_failed(
                        player,
                        crate::ai::roster::seat_seed(seed, seat),
                        &setup.nets,
                        &setup.engines,
                        game.seat_name(seat),
                    )
                }
                _ => None,
            })
            .collect();
        let referee = Referee::new(agents);
        let base = setup.clock.map_or(Duration::ZERO, |c| c.base);
        RemoteTable {
            left: vec![base; ledger.sides()],
            session,
            setup,
            sides,
            players,
            referee,
            links: links.into_iter().map(Link::new).collect(),
            chain,
            proof: Proof::new(ledger.commitments().to_vec()),
            undo: undo::Undoing::new(ledger.sides()),
            resume: None,
            kept: None,
            journal: None,
            replay: Replay::default(),
            decided_at: None,
            ledger,
        }
    }

    /// The record's note lines: who played each seat, then the dice's proof (every
    /// commitment and reveal) that `tabula verify` checks.
    pub fn notes(&self) -> Vec<String> {
        let game = self.session.game();
        let words: Vec<String> = (0..self.players.len())
            .map(|seat| format!("{}={}", game.seat_name(seat), self.players[seat]))
            .collect();
        let mut notes = vec![format!("seats {}", words.join(" "))];
        notes.extend(self.proof.lines());
        notes
    }

    /// The record of the game so far, with the forfeit if there was one.
    pub fn record(&self, ending: Option<&Ending>) -> String {
        crate::app::record::write_game(&self.session, &self.notes(), &self.closing(ending))
    }

    /// The record's closing lines: the forfeit, if the game ended by one.
    fn closing(&self, ending: Option<&Ending>) -> Vec<String> {
        match ending {
            Some(Ending::Forfeit(forfeit)) => vec![format!(
                "forfeit {} {}: {}",
                self.session.seat_name(forfeit.seat),
                forfeit.kind,
                forfeit.detail.replace('\n', " ")
            )],
            _ => Vec::new(),
        }
    }

    /// Plays to the end; tells `out` every action. The error is a failure to write.
    pub fn play(&mut self, keyboard: &mut dyn Keyboard, out: &mut dyn Write) -> io::Result<Ending> {
        if let Err(forfeit) = self.referee.notify(&Observation::NewGame(self.session.game())) {
            return self.local_forfeit(forfeit, out);
        }
        let mut muted = io::sink();
        loop {
            // What is played again from the journal is not shown again.
            let out: &mut dyn Write = if self.replaying() { &mut muted } else { &mut *out };
            if let Some(ending) = self.back_after_restart(out)? {
                return Ok(ending);
            }
            let seat = match self.session.phase() {
                Phase::Over => {
                    // The session's outcome includes a resignation, which the game's does not.
                    let summary = self.session.outcome().map(|o| o.summary).unwrap_or_default();
                    self.tell_all(
                        &Message::Bye {
                            reason: "game over".into(),
                        },
                        None,
                    );
                    self.see_off();
                    writeln!(out, "game over: {summary}")?;
                    return Ok(Ending::Over(summary));
                }
                Phase::Roll(seat) | Phase::Move(seat) => seat,
            };
            let step = if self.sides[seat] == self.setup.me {
                self.local_turn(seat, keyboard, out)?
            } else {
                self.remote_turn(seat, keyboard, out)?
            };
            let step = match step {
                None => self.settle_undo(keyboard, out)?,
                ending => ending,
            };
            if step.is_none() && !self.replaying() {
                self.keep_so_far(out)?;
            }
            if let Some(ending) = step {
                return Ok(ending);
            }
        }
    }

    /// This side's seat acts.
    fn local_turn(
        &mut self,
        seat: Seat,
        keyboard: &mut dyn Keyboard,
        out: &mut dyn Write,
    ) -> io::Result<Option<Ending>> {
        // Each move names the action it is: the count before it is played.
        let ply = self.ply();
        let started = std::time::Instant::now();
        if self.setup.clock.is_some() && self.referee.is_human(seat) {
            writeln!(out, "{}", self.clocks())?;
        }
        let ending = self.local_decision(seat, ply, keyboard, out)?;
        let decided = self.decided_at.take().unwrap_or_else(std::time::Instant::now);
        let thought = decided.saturating_duration_since(started);
        if ending.is_none() && !self.charge_for(self.setup.me, thought) {
            let forfeit = Forfeit::new(seat, ForfeitKind::Time, "ran out of time".to_string());
            return self.local_forfeit(forfeit, out).map(Some);
        }
        Ok(ending)
    }

    /// Takes the time `side` took (`took`, or what an earlier program of this side
    /// noted) off its clock (see [`RemoteTable::charge`]).
    fn charge_for(&mut self, side: u8, took: Duration) -> bool {
        let spent = self.spent(took);
        self.charge(side, spent)
    }

    /// Takes `spent` off `side`'s clock and adds the increment; false if it ran out.
    fn charge(&mut self, side: u8, spent: Duration) -> bool {
        let Some(clock) = self.setup.clock else {
            return true;
        };
        let Some(left) = self.left.get_mut(usize::from(side)) else {
            return true;
        };
        match left.checked_sub(spent) {
            Some(rest) => {
                *left = rest + clock.increment;
                true
            }
            None => false,
        }
    }

    /// The clocks, for people: `clocks: you 1:03, the host 0:52, joiner 2 0:40`.
    fn clocks(&self) -> String {
        let show = |d: &Duration| format!("{}:{:02}", d.as_secs() / 60, d.as_secs() % 60);
        let me = usize::from(self.setup.me);
        let mut words = vec![format!("you {}", show(&self.left[me]))];
        for (side, left) in self.left.iter().enumerate().filter(|&(side, _)| side != me) {
            let who = if side == 0 {
                "the host".to_string()
            } else {
                format!("joiner {side}")
            };
            words.push(format!("{who} {}", show(left)));
        }
        format!("clocks: {}", words.join(", "))
    }

    /// This side's seat decides, and the decision is played and sent.
    fn local_decision(
        &mut self,
        seat: Seat,
        ply: u32,
        keyboard: &mut dyn Keyboard,
        out: &mut dyn Write,
    ) -> io::Result<Option<Ending>> {
        let decision = if let Some(decision) = self.replayed_decision() {
            decision
        } else if self.referee.is_human(seat) {
            let notes = self.notes();
            match keyboard.decide(&mut self.session, seat, &notes) {
                Ok(decision) => {
                    self.note_decision(&decision);
                    decision
                }
                Err(error) => {
                    let error = person_left(error)?;
                    let forfeit = Forfeit::new(seat, ForfeitKind::Crash, format!("left the game ({error})"));
                    return self.local_forfeit(forfeit, out).map(Some);
                }
            }
        } else {
            match self.referee.act(&mut self.session, true) {
                Ok(Some(Turn::Played(_))) => match self.session.last_written() {
                    Some(Action::Move(text)) => {
                        self.decided_at = Some(std::time::Instant::now());
                        self.note_decision(&Decision::Move(text.clone()));
                        self.send_move(ply, &text);
                        writeln!(out, "{} plays {text}", self.session.seat_name(seat))?;
                        return Ok(None);
                    }
                    _ => self.noted(Decision::Roll),
                },
                Ok(_) => self.noted(Decision::Roll),
                Err(forfeit) => return self.local_forfeit(forfeit, out).map(Some),
            }
        };
        self.decided_at = Some(std::time::Instant::now());
        match decision {
            Decision::Roll => {
                self.send_move(ply, "roll");
                self.shared_roll(seat, out)
            }
            Decision::Move(text) => match self.session.play_text(&text) {
                Ok(_) => {
                    let written = match self.session.last_written() {
                        Some(Action::Move(written)) => written,
                        _ => text,
                    };
                    self.send_move(ply, &written);
                    writeln!(out, "{} plays {written}", self.session.seat_name(seat))?;
                    self.tell_agents(out)
                }
                // The keyboard checks moves first; one the rules refuse changes nothing.
                Err(error) => {
                    writeln!(out, "{error}")?;
                    Ok(None)
                }
            },
            Decision::Resign => {
                self.tell_all(&Message::Resign { seat: seat as u8 }, None);
                self.resign(seat, out)
            }
            Decision::Undo => self.ask_undo(seat, out),
        }
    }

    /// Another side's seat acts: its message is read and checked (and, at the host,
    /// relayed to the other joiners).
    fn remote_turn(
        &mut self,
        seat: Seat,
        keyboard: &mut dyn Keyboard,
        out: &mut dyn Write,
    ) -> io::Result<Option<Ending>> {
        let side = self.sides[seat];
        let started = std::time::Instant::now();
        // A joiner hears another joiner's moves through the host: two legs of network.
        let grace = if self.setup.me != 0 && side != 0 {
            2 * NETWORK_GRACE
        } else {
            NETWORK_GRACE
        };
        let clock_limit = self.left[usize::from(side)] + grace;
        let limit = match self.setup.clock {
            Some(_) if clock_limit < self.setup.limit => clock_limit,
            _ => self.setup.limit,
        };
        // This side's people may look at the game meanwhile.
        let people = (0..self.sides.len()).any(|s| !self.is_theirs(s) && self.referee.is_human(s));
        let received = self.receive_watched(side, limit, people.then_some(keyboard));
        let out_of_time = self.setup.clock.is_some()
            && (matches!(received, Err((ForfeitKind::Timeout, _)))
                || !self.charge_for(side, started.elapsed().saturating_sub(grace)));
        if out_of_time && limit == clock_limit {
            return self
                .remote_forfeit(seat, (ForfeitKind::Time, "ran out of time".into()), out)
                .map(Some);
        }
        let message = match received {
            Ok(message) => message,
            Err(fault) => return self.remote_forfeit(seat, fault, out).map(Some),
        };
        self.remote_message(seat, message, out)
    }

    /// What another side's seat sent when it was to act.
    fn remote_message(
        &mut self,
        seat: Seat,
        message: Message,
        out: &mut dyn Write,
    ) -> io::Result<Option<Ending>> {
        let side = self.sides[seat];
        let ply = self.ply();
        match message {
            Message::Move { ply: sent, text } if sent == ply => {
                self.relay(
                    &Message::Move {
                        ply,
                        text: text.clone(),
                    },
                    side,
                );
                let rolling = matches!(self.session.phase(), Phase::Roll(_));
                if rolling && text == "roll" {
                    return self.shared_roll(seat, out);
                }
                match self.session.play_text(&text) {
                    Ok(_) => {
                        writeln!(out, "{} plays {text}", self.session.seat_name(seat))?;
                        self.tell_agents(out)
                    }
                    Err(error) => {
                        let story = format!("'{}' is not a legal move here: {error}", escape(&text, 60));
                        self.remote_forfeit(seat, (ForfeitKind::IllegalMove, story), out)
                            .map(Some)
                    }
                }
            }
            Message::Move { ply: sent, .. } => {
                let story = format!(
                    "sent a move for action {sent} when action {ply} was due (a flood or a lost game)"
                );
                self.remote_forfeit(seat, (ForfeitKind::LostSync, story), out)
                    .map(Some)
            }
            Message::Resign { seat: resigning } if self.may_speak_for(side, usize::from(resigning)) => {
                self.relay(&Message::Resign { seat: resigning }, side);
                self.resign(usize::from(resigning), out)
            }
            Message::Forfeit {
                seat: who,
                reason,
                detail,
            } if self.may_speak_for(side, usize::from(who)) => {
                let kind = reason.parse().unwrap_or(ForfeitKind::Crash);
                let forfeit = Forfeit::new(usize::from(who), kind, escape(&detail, 160));
                self.end_by_forfeit(forfeit, Some(side), out).map(Some)
            }
            Message::Bye { reason } => {
                let story = format!("left the game ({})", escape(&reason, 80));
                self.remote_forfeit(seat, (ForfeitKind::Crash, story), out)
                    .map(Some)
            }
            Message::Undo { ply: sent } => self.undo_asked(seat, sent, out),
            other => {
                let story = format!("sent {} when a move was due", other.a_kind());
                self.remote_forfeit(seat, (ForfeitKind::Garbage, story), out)
                    .map(Some)
            }
        }
    }

    /// Throws the dice for the seat to roll from every side's reveals, fetched one throw
    /// at a time while a trial roll on a copy of the game asks for more.
    fn shared_roll(&mut self, seat: Seat, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        self.mark_roll();
        let mut pending: Vec<Vec<Digest>> = Vec::new();
        loop {
            let mut source = RevealedDice::new(self.ledger.clone(), pending.clone());
            let dice = self.session.game().roll(&mut source);
            if let Some(error) = source.error() {
                let story = format!("its dice do not check: {error}");
                let seat = match error {
                    DiceError::Mismatch { side, .. } => self.seat_of(*side as u8, seat),
                    _ => self.their_seat(seat),
                };
                return self
                    .remote_forfeit(seat, (ForfeitKind::Garbage, story), out)
                    .map(Some);
            }
            if !source.ran_out() {
                self.ledger = source.ledger().clone();
                for reveals in pending {
                    self.proof.push(reveals);
                }
                return match self.session.set_dice(dice.values()) {
                    Ok(_) => {
                        writeln!(out, "{} rolls {dice}", self.session.seat_name(seat))?;
                        self.tell_agents(out)
                    }
                    Err(error) => {
                        let forfeit = Forfeit::new(seat, ForfeitKind::Referee, error.to_string());
                        self.local_forfeit(forfeit, out).map(Some)
                    }
                };
            }
            if pending.len() >= MOST_THROWS_PER_ROLL {
                let forfeit = Forfeit::new(
                    seat,
                    ForfeitKind::Referee,
                    "a roll asked for too many dice".to_string(),
                );
                return self.local_forfeit(forfeit, out).map(Some);
            }
            let throw = self.ledger.throws() + pending.len() as u64 + 1;
            match self.next_reveals(throw) {
                Ok(reveals) => pending.push(reveals),
                Err((side, fault)) => {
                    let seat = self.seat_of(side, seat);
                    return self.remote_forfeit(seat, fault, out).map(Some);
                }
            }
        }
    }

    /// Every side's reveal of `throw`, in side order. A joiner sends its own to the
    /// host and reads all of them back; the host reads each joiner's, then sends all of
    /// them to every joiner. Nobody can bend a throw by revealing last: each reveal was
    /// fixed by its side's commitment before the first throw.
    fn exchange(&mut self, throw: u64) -> Result<Vec<Digest>, SideFault> {
        let mine = self
            .chain
            .reveal(throw)
            .map_err(|e| (self.setup.me, (ForfeitKind::Referee, e.to_string())))?;
        if self.setup.me != 0 {
            let value = mine.to_string();
            let sent = self.links[0].send(&Message::Reveal { throw, value }.encode());
            // A connection that failed is found at the next read, where it comes back.
            let comes_back = self.resume.is_some();
            if let Err(error) = sent
                && !(comes_back && matches!(error, ChannelError::Closed | ChannelError::Io(_)))
            {
                return Err((0, channel_fault(error)));
            }
            return self.read_reveals(throw, mine).map_err(|fault| (0, fault));
        }
        let mut all = vec![mine];
        for side in 1..self.ledger.sides() as u8 {
            let reveal = self.read_reveal(side, throw).map_err(|fault| (side, fault))?;
            all.push(reveal);
        }
        let values = all.iter().map(Digest::to_string).collect();
        self.tell_all(&Message::Reveals { throw, values }, None);
        Ok(all)
    }

    /// A joiner's reveal of `throw`, at the host.
    fn read_reveal(&mut self, side: u8, throw: u64) -> Result<Digest, Fault> {
        match self.receive_from(side, self.setup.limit)? {
            Message::Reveal { throw: sent, value } if sent == throw => {
                Digest::from_hex(&value).map_err(|e| (ForfeitKind::Garbage, e.to_string()))
            }
            other => Err(unexpected(other, throw)),
        }
    }

    /// Every side's reveal of `throw` from the host, at a joiner: this side's own among
    /// them unchanged.
    fn read_reveals(&mut self, throw: u64, mine: Digest) -> Result<Vec<Digest>, Fault> {
        match self.receive_from(0, self.setup.limit)? {
            Message::Reveals { throw: sent, values } if sent == throw => {
                let all: Vec<Digest> = values
                    .iter()
                    .map(|v| Digest::from_hex(v))
                    .collect::<Result<_, _>>()
                    .map_err(|e| (ForfeitKind::Garbage, e.to_string()))?;
                if all.len() != self.ledger.sides() || all.get(usize::from(self.setup.me)) != Some(&mine) {
                    let story = format!(
                        "sent reveals for throw {throw} that do not hold this side's own once each side"
                    );
                    return Err((ForfeitKind::Garbage, story));
                }
                Ok(all)
            }
            other => Err(unexpected(other, throw)),
        }
    }

    /// The next message from `side` (at a joiner, every side's come through the host),
    /// read strictly.
    /// A connection that closed or failed comes back if it may (see [`super::resume`]).
    pub(super) fn receive_from(&mut self, side: u8, limit: Duration) -> Result<Message, Fault> {
        self.receive_watched(side, limit, None)
    }

    /// As [`RemoteTable::receive_from`], with this side's people at `watch` free to
    /// look at the game while the message is on its way.
    fn receive_watched<'k>(
        &mut self,
        side: u8,
        limit: Duration,
        mut watch: Option<&mut (dyn Keyboard + 'k)>,
    ) -> Result<Message, Fault> {
        let link = self.link_of(side);
        loop {
            // Joiners come back once this side has played again what it did before.
            if !self.replaying() {
                self.take_returns();
            }
            let bytes = match self.replayed_read(link) {
                Some(bytes) => bytes,
                None => match self.recv_live(link, limit, watch.as_deref_mut()) {
                    Ok(bytes) => {
                        self.note(Entry::Read {
                            link,
                            bytes: bytes.clone(),
                        });
                        bytes
                    }
                    Err(ChannelError::Closed | ChannelError::Io(_)) if self.resume.is_some() => {
                        self.come_back(link)?;
                        self.note(Entry::Returned { link });
                        continue;
                    }
                    Err(error) => return Err(channel_fault(error)),
                },
            };
            let message = Message::decode(&bytes).map_err(|e| (ForfeitKind::Garbage, e.to_string()))?;
            if !self.heard_away(&message) {
                return Ok(message);
            }
        }
    }

    /// The connection that carries `side`'s messages.
    fn link_of(&self, side: u8) -> usize {
        if self.setup.me == 0 {
            usize::from(side.max(1) - 1).min(self.links.len().saturating_sub(1))
        } else {
            0
        }
    }

    /// Sends `message` on every connection but the one to `except`'s side. A send that
    /// fails is found on the next read from that side: it is gone.
    pub(super) fn tell_all(&mut self, message: &Message, except: Option<u8>) {
        let bytes = message.encode();
        for index in 0..self.links.len() {
            if self.setup.me != 0 || except != Some(index as u8 + 1) {
                let _ = self.links[index].send(&bytes);
            }
        }
    }

    /// At the host: passes what `from`'s seat did on to the other joiners.
    fn relay(&mut self, message: &Message, from: u8) {
        if self.setup.me == 0 {
            self.tell_all(message, Some(from));
        }
    }

    fn send_move(&mut self, ply: u32, text: &str) {
        self.tell_all(
            &Message::Move {
                ply,
                text: text.to_string(),
            },
            None,
        );
    }

    /// The number of actions so far: each move names the action it is.
    pub(super) fn ply(&self) -> u32 {
        self.session.actions().count() as u32
    }

    fn is_theirs(&self, seat: Seat) -> bool {
        self.sides.get(seat).is_some_and(|&side| side != self.setup.me)
    }

    /// True if a message that came on `side`'s connection may speak for `seat`: a
    /// joiner's only for its own seats, the host's (which relays) for any seat not this
    /// side's.
    fn may_speak_for(&self, side: u8, seat: Seat) -> bool {
        match self.setup.me {
            0 => self.sides.get(seat) == Some(&side),
            _ => self.is_theirs(seat),
        }
    }

    /// A seat that answers for `side`: its first, or `fallback` if it has none.
    fn seat_of(&self, side: u8, fallback: Seat) -> Seat {
        if self.sides.get(fallback) == Some(&side) {
            return fallback;
        }
        (0..self.sides.len())
            .find(|&s| self.sides[s] == side)
            .unwrap_or(fallback)
    }

    /// The seat that answers for the other side: `seat` if it is theirs, else their first.
    fn their_seat(&self, seat: Seat) -> Seat {
        if self.is_theirs(seat) {
            return seat;
        }
        (0..self.sides.len()).find(|&s| self.is_theirs(s)).unwrap_or(seat)
    }

    fn tell_agents(&mut self, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        match self.referee.notify_last(&self.session) {
            Ok(()) => Ok(None),
            Err(forfeit) => self.local_forfeit(forfeit, out).map(Some),
        }
    }

    fn resign(&mut self, seat: Seat, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        match self.session.resign(seat) {
            Ok(crate::core::Resignation::Over(_)) => {
                writeln!(out, "{} resigns", self.session.seat_name(seat))?;
                self.tell_agents(out)
            }
            Ok(crate::core::Resignation::PlaysOn(note)) => {
                writeln!(out, "{note}")?;
                self.tell_agents(out)
            }
            Err(error) => {
                writeln!(out, "{error}")?;
                Ok(None)
            }
        }
    }

    /// One of this side's seats forfeits: every other side is told why.
    fn local_forfeit(&mut self, forfeit: Forfeit, out: &mut dyn Write) -> io::Result<Ending> {
        self.end_by_forfeit(forfeit, None, out)
    }

    /// Another side's seat forfeits (`seat` answers for it).
    fn remote_forfeit(
        &mut self,
        seat: Seat,
        (kind, detail): Fault,
        out: &mut dyn Write,
    ) -> io::Result<Ending> {
        self.end_by_forfeit(Forfeit::new(seat, kind, detail), None, out)
    }

    /// The game ends as `forfeit`: the other sides hear of it (but `told_by`, whose
    /// news it was), the connections close, and `out` is told. The host tells every
    /// joiner, so that all records end alike; a joiner tells the host of its own seat's
    /// forfeit, and says goodbye when another side is at fault.
    fn end_by_forfeit(
        &mut self,
        forfeit: Forfeit,
        told_by: Option<u8>,
        out: &mut dyn Write,
    ) -> io::Result<Ending> {
        let detail = escape(&forfeit.detail.replace('\n', " "), wire::MAX_TEXT / 2);
        let seat_name = self.session.seat_name(forfeit.seat).to_string();
        if self.setup.me == 0 || !self.is_theirs(forfeit.seat) {
            let message = Message::Forfeit {
                seat: forfeit.seat as u8,
                reason: forfeit.kind.to_string(),
                detail,
            };
            self.tell_all(&message, told_by);
        } else if told_by.is_none() {
            let reason = escape(&format!("{seat_name} forfeits: {detail}"), wire::MAX_TEXT / 2);
            self.tell_all(&Message::Bye { reason }, None);
        }
        for link in &self.links {
            link.close();
        }
        let whose = if self.is_theirs(forfeit.seat) {
            " (another side)"
        } else {
            ""
        };
        writeln!(
            out,
            "{seat_name}{whose} forfeits: {}: {}",
            forfeit.kind, forfeit.detail
        )?;
        Ok(Ending::Forfeit(forfeit))
    }
}

/// A message that is not the reveal of `throw`, as the sender's fault.
fn unexpected(message: Message, throw: u64) -> Fault {
    out_of_place(message, &format!("its reveal for throw {throw}"))
}

/// A message other than the one `due`, as the sender's fault (a goodbye: it left).
fn out_of_place(message: Message, due: &str) -> Fault {
    match message {
        Message::Bye { reason } => (
            ForfeitKind::Crash,
            format!("left the game ({})", escape(&reason, 80)),
        ),
        other => (
            ForfeitKind::Garbage,
            format!("sent {} when {due} was due", other.a_kind()),
        ),
    }
}

/// A channel failure as the other side's fault.
fn channel_fault(error: ChannelError) -> Fault {
    let kind = match &error {
        ChannelError::Stalled { .. } => ForfeitKind::Timeout,
        ChannelError::Closed | ChannelError::Io(_) => ForfeitKind::Crash,
        ChannelError::TooLong { .. } | ChannelError::Forged => ForfeitKind::Garbage,
    };
    let story = match error {
        ChannelError::TooLong { .. } => format!("flooded the connection: {error}"),
        other => other.to_string(),
    };
    (kind, story)
}
