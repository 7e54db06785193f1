//! A remote game at this side's table: the offer and its answer before the first roll,
//! then the game, one action at a time. This side's seats are played here (a bot or an
//! engine through the [`Referee`], a person through a [`Keyboard`]); the other side's
//! arrive as messages and are checked like any engine's answer. Every throw is made of
//! every side's reveal, fetched only when the rules need it, and checked by the
//! [`Ledger`]. Whatever the other side does wrong (a stall, garbage, a flood, an
//! illegal move, a reveal that breaks its chain) ends the game as its forfeit.

use std::io::{self, Write};
use std::time::Duration;

use thiserror::Error;

use super::channel::{Channel, ChannelError};
use super::dice::{Chain, DiceError, Digest, Ledger, RevealedDice};
use super::wire::{self, Message, VERSION, escape};
use crate::ai::learn::Nets;
use crate::app::players::{
    Agent, Forfeit, ForfeitKind, Observation, PlayerSpec, Referee, Turn, build_agent_or_failed,
};
use crate::app::protocol::client::{EngineSettings, TimeControl};
use crate::app::session::{Action, Session};
use crate::core::{Game, Phase, Seat};
use crate::games::AnyGame;

/// The most throws one roll may take (a guard against a game that never stops asking).
const MOST_THROWS_PER_ROLL: usize = 64;

/// What a person at this side decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Throw the dice.
    Roll,
    /// Play this move (or this choice before a roll).
    Move(String),
    /// Concede the game.
    Resign,
}

/// Where this side's people decide: the table asks it whenever one of their seats is
/// to act. It is told what happens so that it can show the game.
pub trait Keyboard {
    /// The decision for `seat` in `session`'s game; an error ends the game (the person
    /// left).
    fn decide(&mut self, session: &Session, seat: Seat) -> io::Result<Decision>;
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Played (or resigned) to the end.
    Over(String),
    /// A seat forfeited.
    Forfeit(Forfeit),
}

/// Why a game could not be set up.
#[derive(Debug, Error)]
pub enum SetupError {
    /// The connection failed before the game began.
    #[error("the other side did not answer the offer: {0}")]
    Channel(#[from] ChannelError),
    /// The other side sent something that is not a valid answer.
    #[error("the other side's answer to the offer is not valid: {0}")]
    Wire(#[from] wire::WireError),
    /// An answer that breaks the protocol.
    #[error("the other side sent a {got} where a {expected} was due")]
    Unexpected {
        /// What was due.
        expected: &'static str,
        /// What came.
        got: &'static str,
    },
    /// The offer was refused.
    #[error("the other side declined the game: {reason}")]
    Declined {
        /// Its reason, escaped.
        reason: String,
    },
    /// The offer cannot be played here.
    #[error("{0}")]
    Offer(String),
    /// The dice could not be set up.
    #[error("the dice cannot be set up: {0}")]
    Dice(#[from] DiceError),
}

/// A game offered by a host, as the joiner sees it.
#[derive(Clone, Debug)]
pub struct Offer {
    /// The game, new.
    pub game: AnyGame,
    /// The game line (id and options).
    pub line: String,
    /// The side of each seat.
    pub sides: Vec<u8>,
    /// How the host plays its seats (escaped); empty for the joiner's seats.
    pub players: Vec<String>,
    /// The time control both sides keep, if any.
    pub clock: Option<TimeControl>,
    commitment: Digest,
}

impl Offer {
    /// One line per seat: who plays it.
    pub fn describe(&self) -> Vec<String> {
        (0..self.sides.len())
            .map(|seat| match self.sides[seat] {
                0 => format!("{}: the host ({})", self.game.seat_name(seat), self.players[seat]),
                _ => format!("{}: you", self.game.seat_name(seat)),
            })
            .collect()
    }
}

/// The settings of this side's table.
pub struct Setup {
    /// Which side this is (0: the host).
    pub me: u8,
    /// How long the other side may take for anything before it forfeits.
    pub limit: Duration,
    /// The networks this side's bots play on.
    pub nets: Nets,
    /// Time limits for this side's engines.
    pub engines: EngineSettings,
    /// The time control of the game, if any: each side's moves are timed on both sides.
    pub clock: Option<TimeControl>,
}

/// The host's offer: sends it and reads the answer. `players` has this side's players
/// for its seats (`sides[seat] == 0`).
pub fn offer(
    channel: &mut Channel,
    game: &AnyGame,
    sides: &[u8],
    players: &[PlayerSpec],
    chain: &Chain,
    limit: Duration,
    clock: &str,
) -> Result<(Ledger, Vec<String>), SetupError> {
    let line = wire::game_line(game);
    let shown: Vec<String> = seat_texts(game, sides, 0, players);
    channel.send(
        &Message::Hello {
            version: VERSION,
            game: line.clone(),
            sides: sides.to_vec(),
            players: shown.clone(),
            commitment: chain.commitment().to_string(),
            clock: clock.to_string(),
        }
        .encode(),
    )?;
    match Message::decode(&channel.recv(limit)?)? {
        Message::Accept { players, commitment } => {
            let theirs = digest(&commitment)?;
            if players.len() != sides.len() {
                return Err(SetupError::Offer(format!(
                    "the other side named players for {} seats, not {}",
                    players.len(),
                    sides.len()
                )));
            }
            let all = merge_players(sides, 0, &shown, &players);
            // The dice's context is the game line as the record writes it, so that
            // `tabula verify` throws every roll again from the record alone.
            Ok((
                Ledger::new(&format!("game {line}"), vec![chain.commitment(), theirs])?,
                all,
            ))
        }
        Message::Decline { reason } => Err(SetupError::Declined { reason }),
        other => Err(SetupError::Unexpected {
            expected: "accept",
            got: other.kind(),
        }),
    }
}

/// The joiner's side of the offer: reads it, checks that it can be played here.
pub fn read_offer(channel: &mut Channel, limit: Duration) -> Result<Offer, SetupError> {
    let message = Message::decode(&channel.recv(limit)?)?;
    let Message::Hello {
        version,
        game,
        sides,
        players,
        commitment,
        clock,
    } = message
    else {
        return Err(SetupError::Unexpected {
            expected: "hello",
            got: message.kind(),
        });
    };
    if version != VERSION {
        return Err(SetupError::Offer(format!(
            "the host speaks version {version} of the remote protocol; this tabula speaks {VERSION}"
        )));
    }
    let parsed = wire::read_game_line(&game).map_err(|e| SetupError::Offer(e.to_string()))?;
    let seats = parsed.seat_count();
    if sides.len() != seats || players.len() != seats || sides.iter().any(|&s| s > 1) {
        return Err(SetupError::Offer(format!(
            "the offer does not give each of the {seats} seats to the host or to you"
        )));
    }
    if !sides.contains(&1) || !sides.contains(&0) {
        return Err(SetupError::Offer(
            "the offer leaves no seat to one of the sides".into(),
        ));
    }
    let clock = match clock.as_str() {
        "" => None,
        text => Some(
            text.parse::<TimeControl>()
                .map_err(|e| SetupError::Offer(escape(&e.to_string(), 160)))?,
        ),
    };
    Ok(Offer {
        clock,
        game: parsed,
        line: game,
        sides,
        players,
        commitment: digest(&commitment)?,
    })
}

/// The joiner takes the offer with `players` for its seats.
pub fn accept(
    channel: &mut Channel,
    offer: &Offer,
    players: &[PlayerSpec],
    chain: &Chain,
) -> Result<(Ledger, Vec<String>), SetupError> {
    let shown = seat_texts(&offer.game, &offer.sides, 1, players);
    channel.send(
        &Message::Accept {
            players: shown.clone(),
            commitment: chain.commitment().to_string(),
        }
        .encode(),
    )?;
    let all = merge_players(&offer.sides, 1, &shown, &offer.players);
    Ok((
        Ledger::new(
            &format!("game {}", offer.line),
            vec![offer.commitment, chain.commitment()],
        )?,
        all,
    ))
}

/// The joiner declines the offer.
pub fn decline(channel: &mut Channel, reason: &str) -> Result<(), ChannelError> {
    channel.send(
        &Message::Decline {
            reason: escape(reason, wire::MAX_TEXT / 2),
        }
        .encode(),
    )
}

fn digest(text: &str) -> Result<Digest, SetupError> {
    Digest::from_hex(text).map_err(|_| wire::WireError::BadDigest { field: "commitment" }.into())
}

/// How `side` plays each of its seats, as text (empty for the other side's seats).
fn seat_texts(game: &AnyGame, sides: &[u8], side: u8, players: &[PlayerSpec]) -> Vec<String> {
    (0..sides.len())
        .map(|seat| match (sides[seat] == side, players.get(seat)) {
            (true, Some(player)) => player.shown_for(game),
            (true, None) => "human".into(),
            (false, _) => String::new(),
        })
        .collect()
}

/// Every seat's player as text: this side's from `mine`, the others' from `theirs`.
fn merge_players(sides: &[u8], me: u8, mine: &[String], theirs: &[String]) -> Vec<String> {
    (0..sides.len())
        .map(|seat| {
            let text = if sides[seat] == me {
                &mine[seat]
            } else {
                &theirs[seat]
            };
            // A peer's words go into the record only as printable, bounded text.
            let text = escape(text, 40).replace(' ', "_");
            if text.is_empty() { "remote".into() } else { text }
        })
        .collect()
}

mod play;
pub use play::RemoteTable;

#[cfg(test)]
mod tests;
