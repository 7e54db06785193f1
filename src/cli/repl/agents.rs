//! The players of the seats at work: bots and engines act between the commands of
//! people, hear of every change, forfeit when they fail, are stopped by Ctrl-C and go on
//! with `go`; `seat` changes who plays a seat and `resign` concedes for a person.

use std::io::{self, Write};

use super::{Step, Table, thinking};
use crate::ai::roster::seat_seed;
use crate::app::players::{
    FailedAgent, Forfeit, Observation, PlayerSpec, Turn, build_agent, build_agent_or_failed,
};
use crate::app::session::CommandError;
use crate::core::Resignation;
use crate::core::{Game, Phase, Seat};

impl Table {
    /// `seat SEAT PLAYER`: someone else plays a seat from here on.
    pub(super) fn change_seat(&mut self, seat: &str, player: PlayerSpec, out: &mut dyn Write) -> Step {
        let seat = self.session.game().find_seat(seat).map_err(CommandError::from)?;
        let label = self.session.seat_name(seat);
        if let Some(bot) = player.bot() {
            bot.check_for(self.session.game()).map_err(CommandError::from)?;
        }
        let mut agent = build_agent(
            &player,
            seat_seed(self.session.seed(), seat),
            &self.seats.nets,
            &self.seats.engines,
            label,
        )
        .map_err(|failure| {
            CommandError::Argument(format!(
                "{label} ({player}) cannot play: {}: {}",
                failure.kind, failure.detail
            ))
        })?;
        if let Some(agent) = agent.as_mut() {
            agent
                .observe(&Observation::Position(self.session.game()))
                .map_err(|failure| {
                    CommandError::Argument(format!(
                        "{label} ({player}) cannot play: {}: {}",
                        failure.kind, failure.detail
                    ))
                })?;
        }
        self.seats.referee.replace(seat, agent);
        let shown = player.shown_for(self.session.game());
        self.say(out, &format!("{label} is now played by {shown}"))?;
        self.seats.players[seat] = player;
        Ok(())
    }

    /// `resign`: the person to act concedes (or, when a bot is to act, the one person).
    pub(super) fn resign(&mut self, out: &mut dyn Write) -> Step {
        self.seats.check_not_forfeited(&self.session)?;
        let Some(to_act) = self.session.phase().seat() else {
            return Err(CommandError::Refused("the game is over; type 'new' to play again".into()).into());
        };
        let humans: Vec<Seat> = (0..self.seats.players.len())
            .filter(|&s| self.seats.referee.is_human(s))
            .collect();
        let seat = if humans.contains(&to_act) {
            to_act
        } else if let [only] = humans.as_slice() {
            *only
        } else {
            return Err(CommandError::Refused(format!(
                "it is {}'s turn ({}); resign on your own turn",
                self.session.seat_name(to_act),
                self.seats.players[to_act]
            ))
            .into());
        };
        match self.session.resign(seat)? {
            Resignation::Over(outcome) => writeln!(out, "game over: {}", outcome.summary)?,
            Resignation::PlaysOn(note) => writeln!(out, "{note}")?,
        }
        self.sync(out)?;
        Ok(())
    }

    /// Tells every agent the whole position again: a new game, or the position after
    /// undo or load.
    pub(super) fn resync(&mut self, new_game: bool, out: &mut dyn Write) -> Step {
        let game = self.session.game();
        let observation = if new_game {
            Observation::NewGame(game)
        } else {
            Observation::Position(game)
        };
        if let Err(forfeit) = self.seats.referee.notify(&observation) {
            self.forfeit_now(forfeit, out)?;
        }
        Ok(())
    }

    /// Tells the agents about the last action.
    pub(super) fn sync(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Err(forfeit) = self.seats.referee.notify_last(&self.session) {
            self.forfeit_now(forfeit, out)?;
        }
        Ok(())
    }

    /// Ends the game: the seat forfeits, and people are told why.
    fn forfeit_now(&mut self, forfeit: Forfeit, out: &mut dyn Write) -> io::Result<()> {
        self.tell_forfeit(&forfeit, out)?;
        self.seats.forfeit = Some(forfeit);
        Ok(())
    }

    /// Says why a seat forfeits, with its engine's last standard error lines, and puts
    /// the verdict in the log.
    fn tell_forfeit(&self, forfeit: &Forfeit, out: &mut dyn Write) -> io::Result<()> {
        let seat = self.session.seat_name(forfeit.seat);
        self.say(
            out,
            &format!(
                "{seat} ({}) forfeits: {}: {}",
                self.seats.players[forfeit.seat], forfeit.kind, forfeit.detail
            ),
        )?;
        if !forfeit.stderr.is_empty() {
            writeln!(out, "its last lines on standard error:")?;
            for line in &forfeit.stderr {
                writeln!(out, "  | {line}")?;
            }
        }
        if let Some(log) = &self.seats.engines.log {
            log.write(
                seat,
                "=",
                &format!("forfeit {seat} {}: {}", forfeit.kind, forfeit.detail),
            );
        }
        Ok(())
    }

    /// After a forfeit, starts the failed seat's player again for what comes next: a dead
    /// or confused engine is never asked again.
    pub(super) fn restart_failed(&mut self) {
        if let Some(forfeit) = self.seats.forfeit.take() {
            let seat = forfeit.seat;
            let label = self.session.seat_name(seat);
            let agent = build_agent_or_failed(
                &self.seats.players[seat],
                seat_seed(self.session.seed(), seat),
                &self.seats.nets,
                &self.seats.engines,
                label,
            );
            self.seats.referee.replace(seat, agent);
        }
    }

    /// Lets bots and engines act until a person must: they roll and move by themselves,
    /// and a person with nothing but `pass` passes automatically.
    pub fn advance(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(forfeit) = self.untold.take() {
            self.tell_forfeit(&forfeit, out)?;
        }
        while self.seats.forfeit.is_none() && self.session.phase() != Phase::Over {
            // Kept before every bot's turn, so that a crash while it thinks loses nothing.
            self.keep_game(out)?;
            // A stopped seat waits for `go`; once the game has moved on (undo, a new
            // game, a load) it is no longer stopped.
            if let Some(seat) = self.stopped {
                if self.session.phase().seat() == Some(seat) && !self.seats.referee.is_human(seat) {
                    break;
                }
                self.stopped = None;
            }
            match self.act() {
                Ok(Some(Turn::Rolled(rolled))) => self.print_rolled(&rolled, "rolls", out)?,
                Ok(Some(Turn::Played(played))) => self.print_played(&played, None, out)?,
                Ok(Some(Turn::Stopped(seat))) => self.stop(seat, out)?,
                Ok(None) => {
                    let Phase::Move(seat) = self.session.phase() else {
                        break;
                    };
                    if !self.seats.referee.is_human(seat) || !self.session.only_pass() {
                        break;
                    }
                    let dice = self
                        .session
                        .game()
                        .dice()
                        .map(|d| format!(" with {d}"))
                        .unwrap_or_default();
                    match self.session.play_text("pass") {
                        Ok(played) => {
                            writeln!(
                                out,
                                "{} has no legal move{dice} and passes",
                                self.session.seat_name(seat)
                            )?;
                            for note in &played.notes {
                                self.say(out, note)?;
                            }
                            self.sync(out)?;
                        }
                        Err(_) => break,
                    }
                }
                Err(forfeit) => self.forfeit_now(forfeit, out)?,
            }
        }
        self.keep_game(out)
    }

    /// Asks the seat to act its agent, if it has one; at the terminal Ctrl-C stops it.
    fn act(&mut self) -> Result<Option<Turn>, Forfeit> {
        let (referee, session, manual_dice) =
            (&mut self.seats.referee, &mut self.session, self.seats.manual_dice);
        let seat = session.phase().seat();
        match seat {
            Some(seat) if self.interactive && !referee.is_human(seat) => {
                let who = format!("{} ({})", session.seat_name(seat), self.seats.players[seat]);
                thinking::watched(&who, || referee.act(session, manual_dice)).0
            }
            _ => referee.act(session, manual_dice),
        }
    }

    /// Ctrl-C stopped `seat`'s bot or engine before it moved: its player is built again
    /// (a search's tables, or an engine that may have moved in its own game, are not to
    /// be trusted), and the table waits for `go`.
    fn stop(&mut self, seat: Seat, out: &mut dyn Write) -> io::Result<()> {
        let label = self.session.seat_name(seat);
        let mut agent = build_agent_or_failed(
            &self.seats.players[seat],
            seat_seed(self.session.seed(), seat),
            &self.seats.nets,
            &self.seats.engines,
            label,
        );
        if let Some(agent) = agent.as_mut()
            && let Err(failure) = agent.observe(&Observation::Position(self.session.game()))
        {
            self.seats
                .referee
                .replace(seat, Some(Box::new(FailedAgent::new(failure))));
        } else {
            self.seats.referee.replace(seat, agent);
        }
        self.stopped = Some(seat);
        writeln!(out, "stopped: {label} has not moved")
    }

    /// `go`: the bots play on after Ctrl-C stopped one.
    pub(super) fn go(&mut self) -> Step {
        if self.stopped.take().is_none() {
            return Err(CommandError::Refused(
                "no bot is stopped: 'go' lets a bot think again after Ctrl-C stopped it".into(),
            )
            .into());
        }
        Ok(())
    }

    /// Says, when bots wait for dice, what to type.
    pub fn waiting_note(&self) -> Option<String> {
        if let Some(seat) = self.stopped {
            return Some(format!(
                "{} ({}) stopped before it moved: 'go' lets it think again",
                self.session.seat_name(seat),
                self.seats.players[seat]
            ));
        }
        if let Phase::Roll(seat) = self.session.phase()
            && !self.seats.referee.is_human(seat)
            && self.seats.manual_dice
            && self.seats.forfeit.is_none()
        {
            return Some(format!(
                "{} ({}) to roll: enter its dice with 'dice ...' or type 'roll'",
                self.session.seat_name(seat),
                self.seats.players[seat]
            ));
        }
        None
    }
}
