//! Who plays each seat of the table, and what that allows: the table's side of the shared
//! commands ([`Front`]): a person acts on their own turn only, `undo` goes back to a
//! person's decision, `new` takes `SEAT=PLAYER` words, records keep the seats.

use crate::ai::learn::Nets;
use crate::ai::roster::seat_seed;
use crate::app::command::{Command, Front};
use crate::app::players::{
    Agent, Forfeit, Observation, PlayerSpec, Referee, SeatAssignment, SeatError, build_agent_or_failed,
    seat_players,
};
use crate::app::protocol::client::EngineSettings;
use crate::app::session::{CommandError, Session};
use crate::core::{Game, Phase, Seat};
use crate::games::AnyGame;

/// The players of a table's seats and the referee that asks them to act.
pub(super) struct Seats {
    pub(super) players: Vec<PlayerSpec>,
    pub(super) referee: Referee,
    /// Bots wait for dice to be entered instead of rolling.
    pub(super) manual_dice: bool,
    /// The seat that forfeited the game, if one did.
    pub(super) forfeit: Option<Forfeit>,
    /// Piped with `--strict`: `new` and `load` refuse to throw away an unsaved game.
    pub(super) keep_unsaved: bool,
    pub(super) engines: EngineSettings,
    /// The networks the seats' bots play on.
    pub(super) nets: Nets,
}

impl Seats {
    /// True if quitting now would lose a game in progress.
    pub(super) fn needs_quit_confirmation(&self, session: &Session) -> bool {
        session.in_progress() && session.unsaved() && self.forfeit.is_none()
    }

    /// Refuses, with `--strict` in a pipe, a command that would throw away an unsaved game.
    fn check_discard(&self, session: &Session, what: &str) -> Result<(), CommandError> {
        if self.keep_unsaved && self.needs_quit_confirmation(session) {
            return Err(CommandError::Refused(format!(
                "the game in progress is not saved: 'save FILE' before '{what}' (--strict keeps it)"
            )));
        }
        Ok(())
    }

    pub(super) fn check_not_forfeited(&self, session: &Session) -> Result<(), CommandError> {
        match &self.forfeit {
            Some(forfeit) => Err(CommandError::Refused(format!(
                "the game is over: {} forfeited ({}); type 'new' to play again",
                session.seat_name(forfeit.seat),
                forfeit.detail
            ))),
            None => Ok(()),
        }
    }

    /// The seat to act, if a person must act there now; an error otherwise.
    pub(super) fn human_turn(&self, session: &Session) -> Result<Seat, CommandError> {
        self.check_not_forfeited(session)?;
        match session.phase() {
            Phase::Over => Err(CommandError::Refused(
                "the game is over; type 'new' to play again".into(),
            )),
            Phase::Roll(seat) if self.manual_dice => Ok(seat),
            Phase::Roll(seat) | Phase::Move(seat) if self.referee.is_human(seat) => Ok(seat),
            Phase::Roll(seat) | Phase::Move(seat) => Err(CommandError::Refused(format!(
                "it is {}'s turn ({})",
                session.seat_name(seat),
                self.players[seat]
            ))),
        }
    }
}

impl Front for Seats {
    fn permit(&self, session: &Session, command: &Command) -> Result<(), CommandError> {
        match command {
            Command::Roll | Command::Dice(_) | Command::Genmove => {
                self.human_turn(session)?;
            }
            Command::Play(_) => {
                let seat = self.human_turn(session)?;
                if matches!(session.phase(), Phase::Roll(_)) && !self.referee.is_human(seat) {
                    return Err(CommandError::Refused("enter the dice for the bot first".into()));
                }
            }
            Command::Hint(_) | Command::SetPos(_) => self.check_not_forfeited(session)?,
            Command::New { .. } => self.check_discard(session, "new")?,
            Command::Load(_) => self.check_discard(session, "load")?,
            _ => {}
        }
        Ok(())
    }

    fn people(&self) -> Option<Vec<bool>> {
        Some(
            (0..self.players.len())
                .map(|seat| self.referee.is_human(seat))
                .collect(),
        )
    }

    fn has_seats(&self) -> bool {
        true
    }

    fn keeps_options(&self) -> bool {
        true
    }

    fn hint_count(&self) -> Option<usize> {
        Some(3)
    }

    /// Every seat keeps its player unless a word gives it another; with other players,
    /// the referee starts afresh for them.
    fn seat_players(&mut self, fresh: &AnyGame, seed: u64, words: &[&str]) -> Result<(), CommandError> {
        let defaults = seat_players(fresh, &[]).map_err(|e| CommandError::Argument(e.to_string()))?;
        let mut players: Vec<PlayerSpec> = defaults
            .into_iter()
            .enumerate()
            .map(|(seat, default)| self.players.get(seat).cloned().unwrap_or(default))
            .collect();
        for word in words {
            let assignment: SeatAssignment = word
                .parse()
                .map_err(|e: SeatError| CommandError::Argument(e.to_string()))?;
            let seat = fresh.find_seat(&assignment.seat)?;
            players[seat] = assignment.player;
        }
        for bot in players.iter().filter_map(PlayerSpec::bot) {
            bot.check_for(fresh)?;
        }
        if players != self.players {
            self.referee = make_referee(&players, seed, &self.nets, fresh, &self.engines).0;
            self.players = players;
            self.forfeit = None;
        }
        Ok(())
    }

    /// The `seats` note: who played each seat.
    fn record_notes(&self, game: &AnyGame) -> Vec<String> {
        let words: Vec<String> = self
            .players
            .iter()
            .enumerate()
            .map(|(seat, player)| format!("{}={player}", game.seat_name(seat)))
            .collect();
        vec![format!("seats {}", words.join(" "))]
    }
}

/// The referee for these players, told about the new game. An engine that fails to
/// start, to shake hands or to take the new game makes its seat forfeit (returned), as in
/// a match.
pub(super) fn make_referee(
    players: &[PlayerSpec],
    seed: u64,
    nets: &Nets,
    game: &AnyGame,
    engines: &EngineSettings,
) -> (Referee, Option<Forfeit>) {
    let mut agents: Vec<Option<Box<dyn Agent>>> = Vec::new();
    for (seat, player) in players.iter().enumerate() {
        let label = game.seat_name(seat);
        agents.push(build_agent_or_failed(
            player,
            seat_seed(seed, seat),
            nets,
            engines,
            label,
        ));
    }
    let mut referee = Referee::new(agents);
    let forfeit = referee.notify(&Observation::NewGame(game)).err();
    (referee, forfeit)
}
