//! Players other than the person at the keyboard, and the referee that runs their turns.
//!
//! Every non-human seat is an [`Agent`]: a built-in bot or an external program
//! ([`EngineAgent`], which plays through a [`crate::app::protocol::client::EngineClient`]).
//! The [`Referee`] rolls for them (an agent never rolls), asks them to decide, checks
//! every decision against the rules and keeps all agents informed of every action.

mod engine;
mod spec;

pub use engine::EngineAgent;
pub use spec::{
    MatchPlayer, MatchPlayerError, PlayerError, PlayerSpec, SeatAssignment, SeatError, seat_players,
};

pub use crate::app::protocol::forfeit::ForfeitKind;

use crate::ai::learn::Nets;
use crate::ai::roster::{BotKind, KeptBot};
use crate::app::protocol::client::{EngineFailure, EngineSettings, Traffic};
use crate::app::session::{Action, CommandError, Played, Rolled, Session};
use crate::core::Notation;
use crate::core::{Dice, Game, Phase, Seat};
use crate::games::AnyGame;

/// Why a seat lost the game without playing it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The seat that forfeits.
    pub seat: Seat,
    /// The reason's class, for tables.
    pub kind: ForfeitKind,
    /// The whole story.
    pub detail: String,
    /// An engine's last standard error lines, to show with the forfeit.
    pub stderr: Vec<String>,
}

impl Forfeit {
    /// The forfeit of `seat` for an agent's failure.
    pub fn of(seat: Seat, failure: EngineFailure) -> Forfeit {
        Forfeit {
            seat,
            kind: failure.kind,
            detail: failure.detail,
            stderr: failure.stderr,
        }
    }

    /// A forfeit the referee found (the agent's answer broke the rules).
    pub fn new(seat: Seat, kind: ForfeitKind, detail: impl Into<String>) -> Forfeit {
        Forfeit {
            seat,
            kind,
            detail: detail.into(),
            stderr: Vec::new(),
        }
    }
}

/// Something an agent is told about, so that it can follow the game.
#[derive(Clone, Debug)]
pub enum Observation<'a> {
    /// A new game starts from this game value (its id, options and position).
    NewGame(&'a AnyGame),
    /// The position was replaced (after undo, load or setpos): resynchronise.
    Position(&'a AnyGame),
    /// The seat to roll got these dice.
    Dice(Dice),
    /// A move was played, in notation.
    Move(&'a str),
}

/// A non-human player.
pub trait Agent: Send {
    /// Tells the agent what happened (its own actions included). An agent that cannot
    /// follow forfeits.
    fn observe(&mut self, observation: &Observation<'_>) -> Result<(), EngineFailure> {
        let _ = observation;
        Ok(())
    }

    /// Decides for the seat to act in `game`: in the roll phase `None` means "roll", `Some`
    /// an action before the roll; in the move phase always `Some(move)`. An error means the
    /// agent failed (it forfeits).
    fn decide(&mut self, game: &AnyGame) -> Result<Option<String>, EngineFailure>;

    /// The name the agent gave itself, if it is an external program.
    fn name(&self) -> Option<&str> {
        None
    }

    /// Round trips with an external program (and its start) since the last call, if
    /// this agent is one.
    fn take_traffic(&mut self) -> Option<Traffic> {
        None
    }

    /// Names the seat anew in log lines (an external program kept for the next game).
    fn relabel(&mut self, label: &str) {
        let _ = label;
    }

    /// True if the agent can play another game after `newgame`: an external program
    /// that never failed and still runs. Bots are made afresh for every game instead.
    fn reusable(&mut self) -> bool {
        false
    }

    /// Stops the agent (external programs are asked to quit).
    fn shutdown(&mut self) {}
}

/// A built-in bot as an agent: one bot for the whole game, its tables kept between
/// decisions.
pub struct BotAgent {
    bot: KeptBot,
    seed: u64,
}

impl BotAgent {
    /// A bot of `kind` playing on `nets`, whose own choices follow `seed`.
    pub fn new(kind: BotKind, seed: u64, nets: Nets) -> BotAgent {
        BotAgent {
            bot: KeptBot::with_nets(kind, nets),
            seed,
        }
    }
}

/// FNV-1a over the text: a fixed hash of our own, stable across platforms and releases.
fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Agent for BotAgent {
    fn observe(&mut self, observation: &Observation<'_>) -> Result<(), EngineFailure> {
        // A new game starts with a new bot; within a game the bot and its tables stay.
        if let Observation::NewGame(_) = observation {
            self.bot.forget();
        }
        Ok(())
    }

    fn decide(&mut self, game: &AnyGame) -> Result<Option<String>, EngineFailure> {
        // The bot's randomness follows the seed and the position only, so that after an
        // undo the same position brings the same choice (undo cannot fish for luck).
        let bot = self
            .bot
            .for_decision(game, self.seed ^ stable_hash(&game.position_string()));
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        match game.phase() {
            Phase::Roll(_) => Ok(bot
                .choose_before_roll(game, &moves)
                .and_then(|i| moves.get(i))
                .map(|m| game.format_move(m))),
            Phase::Move(_) if !moves.is_empty() => {
                let index = bot.choose_move(game, &moves).min(moves.len() - 1);
                Ok(Some(game.format_move(&moves[index])))
            }
            _ => Err(EngineFailure::new(
                ForfeitKind::NoMove,
                "asked to move when no move is possible",
            )),
        }
    }
}

/// A seat whose engine could not start: it forfeits whenever it is asked anything, until
/// it is started again.
pub struct FailedAgent {
    failure: EngineFailure,
}

impl FailedAgent {
    /// A stand-in that repeats `failure`.
    pub fn new(failure: EngineFailure) -> FailedAgent {
        FailedAgent { failure }
    }
}

impl Agent for FailedAgent {
    fn observe(&mut self, _observation: &Observation<'_>) -> Result<(), EngineFailure> {
        Err(self.failure.clone())
    }

    fn decide(&mut self, _game: &AnyGame) -> Result<Option<String>, EngineFailure> {
        Err(self.failure.clone())
    }
}

/// One action the referee took for an agent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The referee rolled for the seat.
    Rolled(Rolled),
    /// The agent's move (or pre-roll action) was played.
    Played(Played),
    /// Ctrl-C stopped the agent of this seat before it decided: nothing changed, and the
    /// agent is to be built again before it is asked again (its tables, or an engine's
    /// state, may hold the cut search).
    Stopped(Seat),
}

/// Runs the non-human seats of a game.
pub struct Referee {
    agents: Vec<Option<Box<dyn Agent>>>,
}

impl Referee {
    /// A referee for these seats (`None` = a human seat).
    pub fn new(agents: Vec<Option<Box<dyn Agent>>>) -> Referee {
        Referee { agents }
    }

    /// True if a person plays `seat`.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.agents.get(seat).is_none_or(Option::is_none)
    }

    /// Tells every agent; the first that cannot follow forfeits.
    pub fn notify(&mut self, observation: &Observation<'_>) -> Result<(), Forfeit> {
        for (seat, agent) in self.agents.iter_mut().enumerate() {
            if let Some(agent) = agent {
                agent.observe(observation).map_err(|f| Forfeit::of(seat, f))?;
            }
        }
        Ok(())
    }

    /// Tells every agent about the last action in `session`'s history.
    pub fn notify_last(&mut self, session: &Session) -> Result<(), Forfeit> {
        let last = session.last_written();
        match last {
            Some(Action::Roll(dice) | Action::Dice(dice)) => self.notify(&Observation::Dice(dice)),
            Some(Action::Move(text)) => self.notify(&Observation::Move(&text)),
            Some(Action::SetPos(_) | Action::Resign(_)) => {
                self.notify(&Observation::Position(session.game()))
            }
            None => Ok(()),
        }
    }

    /// Lets the agent of the seat to act take one action: roll for it (unless
    /// `manual_dice`), or play what it decides. Returns `Ok(None)` when a person must act
    /// (a human seat, dice to enter, or the game is over).
    pub fn act(&mut self, session: &mut Session, manual_dice: bool) -> Result<Option<Turn>, Forfeit> {
        let (seat, rolling) = match session.game().phase() {
            Phase::Over => return Ok(None),
            Phase::Roll(seat) => (seat, true),
            Phase::Move(seat) => (seat, false),
        };
        let Some(Some(agent)) = self.agents.get_mut(seat) else {
            return Ok(None);
        };
        let forfeit = |kind: ForfeitKind, detail: String| Forfeit::new(seat, kind, detail);
        let has_pre_roll_actions = rolling && !session.legal_moves().is_empty();
        let decision = if rolling && !has_pre_roll_actions {
            None
        } else {
            let decision = agent.decide(session.game());
            // Ctrl-C cut the agent's search short: what it says means nothing, and it
            // has not moved.
            if crate::ai::search::stop_requested() {
                return Ok(Some(Turn::Stopped(seat)));
            }
            decision.map_err(|f| Forfeit::of(seat, f))?
        };
        // Before a roll, no decision and "roll" both mean: roll now.
        let wants_roll = rolling && decision.as_deref().is_none_or(|text| text.trim() == "roll");
        let turn = match decision {
            _ if wants_roll => {
                if manual_dice {
                    return Ok(None);
                }
                Turn::Rolled(
                    session
                        .roll()
                        .map_err(|e| forfeit(ForfeitKind::Referee, e.to_string()))?,
                )
            }
            None => return Err(forfeit(ForfeitKind::NoMove, "gave no move".into())),
            Some(text) if text.trim() == "roll" => {
                return Err(forfeit(
                    ForfeitKind::IllegalMove,
                    "'roll' when a move was asked for: the dice are already thrown".into(),
                ));
            }
            Some(text) => match session.play_text(&text) {
                Ok(played) => Turn::Played(played),
                Err(error) => {
                    let text = crate::app::protocol::client::quote(&text);
                    let detail = match error {
                        CommandError::Syntax(why) => format!("'{text}' is not a move: {why}"),
                        CommandError::Move(why) => format!("'{text}' is not a move: {}", why.0),
                        other => format!("'{text}': {other}"),
                    };
                    return Err(forfeit(ForfeitKind::IllegalMove, detail));
                }
            },
        };
        self.notify_last(session)?;
        Ok(Some(turn))
    }

    /// The round trips (and starts) of each seat's external engine since the last call,
    /// one per seat (none for bots and people).
    pub fn take_traffic(&mut self) -> Vec<Traffic> {
        self.agents
            .iter_mut()
            .map(|agent| {
                agent
                    .as_mut()
                    .and_then(|agent| agent.take_traffic())
                    .unwrap_or_default()
            })
            .collect()
    }

    /// The name each seat's agent gave itself (external programs only).
    pub fn names(&self) -> Vec<Option<String>> {
        self.agents
            .iter()
            .map(|agent| agent.as_ref().and_then(|a| a.name()).map(str::to_string))
            .collect()
    }

    /// Puts a new agent in `seat` (the old one is stopped first): a failed engine
    /// restarted, or another player.
    pub fn replace(&mut self, seat: Seat, agent: Option<Box<dyn Agent>>) {
        if let Some(slot) = self.agents.get_mut(seat) {
            if let Some(old) = slot.as_mut() {
                old.shutdown();
            }
            *slot = agent;
        }
    }

    /// Hands back every seat's agent, still running, for another game (or to be
    /// stopped).
    pub fn into_agents(mut self) -> Vec<Option<Box<dyn Agent>>> {
        std::mem::take(&mut self.agents)
    }

    /// Stops every agent.
    pub fn shutdown(&mut self) {
        for agent in self.agents.iter_mut().flatten() {
            agent.shutdown();
        }
    }
}

impl Drop for Referee {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Builds the agent for a seat: `None` for a human, a bot (on `nets`), or a started
/// external engine (`label` names the seat in its log lines). A failure is the reason
/// the seat forfeits.
pub fn build_agent(
    spec: &PlayerSpec,
    seed: u64,
    nets: &Nets,
    settings: &EngineSettings,
    label: &str,
) -> Result<Option<Box<dyn Agent>>, EngineFailure> {
    match spec {
        PlayerSpec::Human => Ok(None),
        PlayerSpec::Bot(kind) => Ok(Some(Box::new(BotAgent::new(*kind, seed, nets.clone())))),
        PlayerSpec::Engine(command) => Ok(Some(Box::new(EngineAgent::start(command, label, settings)?))),
    }
}

/// Starts `spec`'s engine, gives it `game` (its `newgame` and the set-up commands that
/// follow) and stops it again: the check, before any game counts, that the engine can
/// play at all; returns the name the engine gave. Bots and people pass at once.
pub fn check_player(
    spec: &PlayerSpec,
    settings: &EngineSettings,
    game: &AnyGame,
    label: &str,
) -> Result<Option<String>, EngineFailure> {
    if !matches!(spec, PlayerSpec::Engine(_)) {
        return Ok(None);
    }
    let Some(mut agent) = build_agent(spec, 0, &Nets::shipped(), settings, label)? else {
        return Ok(None);
    };
    let result = agent.observe(&Observation::NewGame(game));
    let name = agent.name().map(str::to_string);
    agent.shutdown();
    result.map(|()| name)
}

/// What tabula says of an engine that failed [`check_player`]: who, why, and its last
/// standard error lines.
pub fn unusable_engine(who: &str, failure: &EngineFailure) -> String {
    // Wrapped to fit 80 columns after "tabula: ", continuing indented.
    let story = format!(
        "{who} cannot play, so no game was played: {}: {}",
        failure.kind, failure.detail
    );
    let mut text = crate::core::wrap::wrap_words(&story, 70).join("\n  ");
    if !failure.stderr.is_empty() {
        text.push_str("\n  its last lines on standard error:");
        for line in &failure.stderr {
            text.push_str("\n  | ");
            text.push_str(line);
        }
    }
    text
}

/// Like [`build_agent`], but an engine that fails to start becomes a [`FailedAgent`]
/// (the seat forfeits at once, with the reason) instead of an error.
pub fn build_agent_or_failed(
    spec: &PlayerSpec,
    seed: u64,
    nets: &Nets,
    settings: &EngineSettings,
    label: &str,
) -> Option<Box<dyn Agent>> {
    match build_agent(spec, seed, nets, settings, label) {
        Ok(agent) => agent,
        Err(failure) => Some(Box::new(FailedAgent::new(failure))),
    }
}
