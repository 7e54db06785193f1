//! The game itself: one action at a time, this side's or the other's.

use super::*;
use crate::app::remote::proof::Proof;

/// A remote game at this side's table.
pub struct RemoteTable {
    session: Session,
    setup: Setup,
    sides: Vec<u8>,
    /// Every seat's player as the record names it.
    players: Vec<String>,
    referee: Referee,
    channel: Channel,
    chain: Chain,
    ledger: Ledger,
    /// Every commitment and every throw's reveals so far, for the record.
    proof: Proof,
    /// Each side's time left, under a time control.
    left: Vec<Duration>,
}

/// Time the other side's clock is given for the network, beyond its own.
const NETWORK_GRACE: Duration = Duration::from_secs(1);

/// What the other side did wrong: its forfeit's kind and story.
type Fault = (ForfeitKind, String);

impl RemoteTable {
    /// A table for `game` whose seats belong to `sides`; this side's seats are played by
    /// `mine` (bots and engines are started here, people use the keyboard).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        game: &AnyGame,
        setup: Setup,
        sides: Vec<u8>,
        mine: &[PlayerSpec],
        players: Vec<String>,
        channel: Channel,
        chain: Chain,
        ledger: Ledger,
    ) -> RemoteTable {
        let mut session = Session::with_nets(game.kind(), game.options(), 0, setup.nets.clone())
            .expect("the game was made from these options");
        session.set_nets(setup.nets.clone());
        let agents: Vec<Option<Box<dyn Agent>>> = (0..sides.len())
            .map(|seat| match (sides[seat] == setup.me, mine.get(seat)) {
                (true, Some(player)) => {
                    let seed =
                        u64::from_le_bytes(chain.commitment().bytes()[..8].try_into().unwrap_or_default());
                    build_agent_or_failed(
                        player,
                        seed.wrapping_add(seat as u64),
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
            left: vec![base; 2],
            session,
            setup,
            sides,
            players,
            referee,
            channel,
            chain,
            proof: Proof::new(ledger.commitments().to_vec()),
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
        let closing: Vec<String> = match ending {
            Some(Ending::Forfeit(forfeit)) => vec![format!(
                "forfeit {} {}: {}",
                self.session.seat_name(forfeit.seat),
                forfeit.kind,
                forfeit.detail.replace('\n', " ")
            )],
            _ => Vec::new(),
        };
        crate::app::record::write_game(&self.session, &self.notes(), &closing)
    }

    /// Plays to the end; tells `out` every action. The error is a failure to write.
    pub fn play(&mut self, keyboard: &mut dyn Keyboard, out: &mut dyn Write) -> io::Result<Ending> {
        if let Err(forfeit) = self.referee.notify(&Observation::NewGame(self.session.game())) {
            return self.local_forfeit(forfeit, out);
        }
        loop {
            let seat = match self.session.phase() {
                Phase::Over => {
                    // The session's outcome includes a resignation, which the game's does not.
                    let summary = self.session.outcome().map(|o| o.summary).unwrap_or_default();
                    let _ = self.channel.send(
                        &Message::Bye {
                            reason: "game over".into(),
                        }
                        .encode(),
                    );
                    writeln!(out, "game over: {summary}")?;
                    return Ok(Ending::Over(summary));
                }
                Phase::Roll(seat) | Phase::Move(seat) => seat,
            };
            let step = if self.sides[seat] == self.setup.me {
                self.local_turn(seat, keyboard, out)?
            } else {
                self.remote_turn(seat, out)?
            };
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
        if ending.is_none() && !self.charge(self.setup.me, started.elapsed()) {
            let forfeit = Forfeit::new(seat, ForfeitKind::Time, "ran out of time".to_string());
            return self.local_forfeit(forfeit, out).map(Some);
        }
        Ok(ending)
    }

    /// Takes `spent` off `side`'s clock and adds the increment; false if it ran out.
    fn charge(&mut self, side: u8, spent: Duration) -> bool {
        let Some(clock) = self.setup.clock else {
            return true;
        };
        let left = &mut self.left[usize::from(side.min(1))];
        match left.checked_sub(spent) {
            Some(rest) => {
                *left = rest + clock.increment;
                true
            }
            None => false,
        }
    }

    /// The clocks, for people: `clocks: host 0:52, you 1:03`.
    fn clocks(&self) -> String {
        let show = |d: Duration| format!("{}:{:02}", d.as_secs() / 60, d.as_secs() % 60);
        let (mine, theirs) = (
            usize::from(self.setup.me.min(1)),
            1 - usize::from(self.setup.me.min(1)),
        );
        format!(
            "clocks: you {}, the other side {}",
            show(self.left[mine]),
            show(self.left[theirs])
        )
    }

    /// This side's seat decides, and the decision is played and sent.
    fn local_decision(
        &mut self,
        seat: Seat,
        ply: u32,
        keyboard: &mut dyn Keyboard,
        out: &mut dyn Write,
    ) -> io::Result<Option<Ending>> {
        let decision = if self.referee.is_human(seat) {
            match keyboard.decide(&self.session, seat) {
                Ok(decision) => decision,
                Err(error) => {
                    let forfeit = Forfeit::new(seat, ForfeitKind::Crash, format!("left the game ({error})"));
                    return self.local_forfeit(forfeit, out).map(Some);
                }
            }
        } else {
            match self.referee.act(&mut self.session, true) {
                Ok(Some(Turn::Played(_))) => match self.session.last_written() {
                    Some(Action::Move(text)) => {
                        self.send_move(ply, &text);
                        writeln!(out, "{} plays {text}", self.session.seat_name(seat))?;
                        return Ok(None);
                    }
                    _ => Decision::Roll,
                },
                Ok(_) => Decision::Roll,
                Err(forfeit) => return self.local_forfeit(forfeit, out).map(Some),
            }
        };
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
                    self.tell_agents(out)
                }
                // The keyboard checks moves first; one the rules refuse changes nothing.
                Err(error) => {
                    writeln!(out, "{error}")?;
                    Ok(None)
                }
            },
            Decision::Resign => {
                let _ = self.channel.send(&Message::Resign { seat: seat as u8 }.encode());
                self.resign(seat, out)
            }
        }
    }

    /// The other side's seat acts: its message is read and checked.
    fn remote_turn(&mut self, seat: Seat, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        let theirs = 1 - self.setup.me.min(1);
        let started = std::time::Instant::now();
        let clock_limit = self.left[usize::from(theirs)] + NETWORK_GRACE;
        let limit = match self.setup.clock {
            Some(_) if clock_limit < self.setup.limit => clock_limit,
            _ => self.setup.limit,
        };
        let received = self
            .channel
            .recv(limit)
            .map_err(channel_fault)
            .and_then(|bytes| Message::decode(&bytes).map_err(|e| (ForfeitKind::Garbage, e.to_string())));
        let out_of_time = self.setup.clock.is_some()
            && (matches!(received, Err((ForfeitKind::Timeout, _)))
                || !self.charge(theirs, started.elapsed().saturating_sub(NETWORK_GRACE)));
        if out_of_time && limit == clock_limit {
            return self
                .remote_forfeit(seat, (ForfeitKind::Time, "ran out of time".into()), out)
                .map(Some);
        }
        let message = match received {
            Ok(message) => message,
            Err(fault) => return self.remote_forfeit(seat, fault, out).map(Some),
        };
        let ply = self.ply();
        match message {
            Message::Move { ply: sent, text } if sent == ply => {
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
            Message::Resign { seat: resigning } if self.is_theirs(usize::from(resigning)) => {
                self.resign(usize::from(resigning), out)
            }
            Message::Bye { reason } => {
                let story = format!("left the game ({})", escape(&reason, 80));
                self.remote_forfeit(seat, (ForfeitKind::Crash, story), out)
                    .map(Some)
            }
            other => {
                let story = format!("sent a {} when a move was due", other.kind());
                self.remote_forfeit(seat, (ForfeitKind::Garbage, story), out)
                    .map(Some)
            }
        }
    }

    /// Throws the dice for the seat to roll from every side's reveals, fetched one throw
    /// at a time while a trial roll on a copy of the game asks for more.
    fn shared_roll(&mut self, seat: Seat, out: &mut dyn Write) -> io::Result<Option<Ending>> {
        let mut pending: Vec<Vec<Digest>> = Vec::new();
        loop {
            let mut source = RevealedDice::new(self.ledger.clone(), pending.clone());
            let dice = self.session.game().roll(&mut source);
            if let Some(error) = source.error() {
                let story = format!("its dice do not check: {error}");
                let seat = self.their_seat(seat);
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
            match self.exchange(throw) {
                Ok(reveals) => pending.push(reveals),
                Err(fault) => {
                    let seat = self.their_seat(seat);
                    return self.remote_forfeit(seat, fault, out).map(Some);
                }
            }
        }
    }

    /// Sends this side's reveal of `throw` and reads the other's: both, in side order.
    fn exchange(&mut self, throw: u64) -> Result<Vec<Digest>, Fault> {
        let mine = self
            .chain
            .reveal(throw)
            .map_err(|e| (ForfeitKind::Referee, e.to_string()))?;
        self.channel
            .send(
                &Message::Reveal {
                    throw,
                    value: mine.to_string(),
                }
                .encode(),
            )
            .map_err(channel_fault)?;
        match self.receive()? {
            Message::Reveal { throw: sent, value } if sent == throw => {
                let theirs = Digest::from_hex(&value).map_err(|e| (ForfeitKind::Garbage, e.to_string()))?;
                Ok(if self.setup.me == 0 {
                    vec![mine, theirs]
                } else {
                    vec![theirs, mine]
                })
            }
            Message::Bye { reason } => Err((
                ForfeitKind::Crash,
                format!("left the game ({})", escape(&reason, 80)),
            )),
            other => Err((
                ForfeitKind::Garbage,
                format!(
                    "sent a {} when its reveal for throw {throw} was due",
                    other.kind()
                ),
            )),
        }
    }

    /// The next message from the other side, read strictly.
    fn receive(&mut self) -> Result<Message, Fault> {
        let bytes = self.channel.recv(self.setup.limit).map_err(channel_fault)?;
        Message::decode(&bytes).map_err(|e| (ForfeitKind::Garbage, e.to_string()))
    }

    fn send_move(&mut self, ply: u32, text: &str) {
        let message = Message::Move {
            ply,
            text: text.to_string(),
        };
        // A send that fails is found on the next read: the other side is gone.
        let _ = self.channel.send(&message.encode());
    }

    /// The number of actions so far: each move names the action it is.
    fn ply(&self) -> u32 {
        self.session.actions().count() as u32
    }

    fn is_theirs(&self, seat: Seat) -> bool {
        self.sides.get(seat).is_some_and(|&side| side != self.setup.me)
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

    /// One of this side's seats forfeits: the other side is told why.
    fn local_forfeit(&mut self, forfeit: Forfeit, out: &mut dyn Write) -> io::Result<Ending> {
        let reason = format!(
            "{} forfeits: {}",
            self.session.seat_name(forfeit.seat),
            forfeit.detail
        );
        let _ = self.channel.send(
            &Message::Bye {
                reason: escape(&reason, wire::MAX_TEXT / 2),
            }
            .encode(),
        );
        writeln!(
            out,
            "{} forfeits: {}: {}",
            self.session.seat_name(forfeit.seat),
            forfeit.kind,
            forfeit.detail
        )?;
        self.channel.close();
        Ok(Ending::Forfeit(forfeit))
    }

    /// The other side forfeits (`seat` answers for it).
    fn remote_forfeit(
        &mut self,
        seat: Seat,
        (kind, detail): Fault,
        out: &mut dyn Write,
    ) -> io::Result<Ending> {
        let forfeit = Forfeit::new(seat, kind, detail);
        let _ = self.channel.send(
            &Message::Bye {
                reason: escape(&format!("you forfeit: {}", forfeit.detail), wire::MAX_TEXT / 2),
            }
            .encode(),
        );
        self.channel.close();
        writeln!(
            out,
            "{} (the other side) forfeits: {}: {}",
            self.session.seat_name(seat),
            kind,
            forfeit.detail
        )?;
        Ok(Ending::Forfeit(forfeit))
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
