//! What the sides of a remote game may tell each other: a narrow, versioned set of
//! messages ([`Message`]), one per encrypted frame, as JSON read strictly (unknown kinds
//! and fields refused, every text bounded and printable, every digest exactly 32 bytes).
//!
//! Nothing a peer sends is a command: a move is text for the rules to check, the game
//! line is read only once, before the first roll, and every word a peer chose is passed
//! through [`escape`] before it reaches the terminal.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::dice::Digest;
use crate::core::{Game, Options};
use crate::games::{AnyGame, GameKind};

/// The version of the message set; a hello with another is declined. Version 2 seats
/// several joiners: a hello names the seats still open, and a start gives every side's
/// commitment once all are taken. Version 3 asks the other sides before an undo
/// ([`Message::Undo`], [`Message::UndoAnswer`]), and lets a side whose connection dropped
/// come back: an accept carries the hash of the joiner's resume token, and a rejoin
/// proves it. What changes below the messages (the channel's frames, such as its
/// keepalives) is told apart earlier, by the channel's greeting, and leaves this alone.
pub const VERSION: u32 = 3;

/// The side of a seat that no side has taken yet, in a hello's `sides`.
pub const OPEN: u8 = 255;

/// The longest text field (a move, a game line, a reason), in bytes.
pub const MAX_TEXT: usize = 200;

/// The most seats a hello may name.
pub const MAX_SEATS: usize = 8;

/// One message between the sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Message {
    /// The host offers a game to one joiner: its line (id and options as the record
    /// writes them), which side plays each seat so far ([`OPEN`] for the seats still
    /// free), how those seats are played, the host's commitment to its dice, and the
    /// side number this joiner gets.
    Hello {
        /// [`VERSION`].
        version: u32,
        /// `nardy koks=on`.
        game: String,
        /// The side of each seat, in seat order.
        sides: Vec<u8>,
        /// How each seat is played, as its side describes it (`bot:best`, `human`).
        players: Vec<String>,
        /// The host's dice commitment, hex.
        commitment: String,
        /// The time control, `BASE+INC` in seconds, or empty for none.
        #[serde(default)]
        clock: String,
        /// The joiner's side number (1 for the first joiner).
        you: u8,
    },
    /// The joiner takes the game: the seats it plays (those it names a player for, an
    /// empty text for the others), and its commitment.
    Accept {
        /// How each seat is played, as the joiner describes its own seats.
        players: Vec<String>,
        /// The joiner's dice commitment, hex.
        commitment: String,
        /// The SHA-256 of the joiner's resume token, hex: a new connection that shows
        /// the token is this joiner coming back. Empty: the joiner cannot come back.
        #[serde(default)]
        resume: String,
    },
    /// The first message on a new connection of a joiner whose connection dropped: which
    /// side it is, the token whose hash its accept carried, and how many of the host's
    /// messages of the game it has read.
    Rejoin {
        /// The joiner's side number.
        side: u8,
        /// The resume token, hex.
        token: String,
        /// The host's messages read so far.
        received: u64,
    },
    /// The host takes a joiner back: how many of the joiner's messages it has read. Each
    /// end then sends again what the other has not read.
    Rejoined {
        /// The joiner's messages read so far.
        received: u64,
    },
    /// The host tells the other joiners that a side's connection dropped (`back` false)
    /// and that it came back (`back` true): the game waits for it meanwhile.
    Away {
        /// The side away.
        side: u8,
        /// True when it is back.
        back: bool,
    },
    /// The joiner does not take the game.
    Decline {
        /// Why, in words.
        reason: String,
    },
    /// Every seat is taken: the host tells each joiner the game's final sides, players
    /// and every side's commitment, in side order. No reveal is sent before it.
    Start {
        /// The side of each seat.
        sides: Vec<u8>,
        /// How each seat is played.
        players: Vec<String>,
        /// Every side's dice commitment, hex, side 0 first.
        commitments: Vec<String>,
    },
    /// A joiner's secret for one throw, sent to the host.
    Reveal {
        /// The throw's number, from 1.
        throw: u64,
        /// The secret, hex.
        value: String,
    },
    /// Every side's secret for one throw, in side order: the host's answer to the
    /// joiners' reveals.
    Reveals {
        /// The throw's number, from 1.
        throw: u64,
        /// The secrets, hex, side 0 first.
        values: Vec<String>,
    },
    /// A move (or a choice before a roll, or `roll`) by a seat of the sender, or one the
    /// host relays from another joiner.
    Move {
        /// The number of actions in the game before this one.
        ply: u32,
        /// The move as the game's notation writes it.
        text: String,
    },
    /// A side whose seat is to act asks to take back its people's last move (and
    /// everything after it); the host relays it to the other joiners.
    Undo {
        /// The number of actions in the game when it asks.
        ply: u32,
    },
    /// The answer to an undo request: a side's own, sent to the host, or the host's
    /// verdict for every side, sent to every joiner.
    UndoAnswer {
        /// The number of actions in the game when it was asked.
        ply: u32,
        /// True if the undo is allowed.
        yes: bool,
    },
    /// A seat of the sender resigns.
    Resign {
        /// The seat's number.
        seat: u8,
    },
    /// The sender's clock, in milliseconds left, after its move.
    Clock {
        /// Milliseconds left.
        left_ms: u64,
    },
    /// A seat forfeits: a joiner says so of its own seats, the host of any seat (it
    /// tells every joiner how the game ended).
    Forfeit {
        /// The seat's number.
        seat: u8,
        /// The forfeit's kind, as records write it (`timeout`, `crash`).
        reason: String,
        /// What happened, in words.
        detail: String,
    },
    /// The sender leaves: the game is over for it.
    Bye {
        /// Why, in words.
        reason: String,
    },
}

/// Why a message could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WireError {
    /// Not JSON of a known message.
    #[error("a message tabula does not know: {detail}")]
    Unknown {
        /// What the reader said (escaped).
        detail: String,
    },
    /// A text field that is too long or holds characters that are not printable.
    #[error("the field '{field}' is too long or not printable text")]
    BadText {
        /// The field.
        field: &'static str,
    },
    /// A digest that is not 64 hex digits.
    #[error("the field '{field}' is not 64 hex digits")]
    BadDigest {
        /// The field.
        field: &'static str,
    },
    /// Too many seats.
    #[error("a hello naming {count} seats; at most {MAX_SEATS}")]
    TooManySeats {
        /// How many it named.
        count: usize,
    },
}

impl Message {
    /// The bytes of the message.
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("messages are plain data")
    }

    /// Reads a message, strictly: see the module's doc.
    pub fn decode(bytes: &[u8]) -> Result<Message, WireError> {
        let message: Message = serde_json::from_slice(bytes).map_err(|e| WireError::Unknown {
            detail: escape(&e.to_string(), 120),
        })?;
        message.check()?;
        Ok(message)
    }

    /// The bounds every field must keep.
    fn check(&self) -> Result<(), WireError> {
        match self {
            Message::Hello {
                game,
                sides,
                players,
                commitment,
                clock,
                ..
            } => {
                text("game", game)?;
                text("clock", clock)?;
                if sides.len() > MAX_SEATS || players.len() > MAX_SEATS {
                    return Err(WireError::TooManySeats {
                        count: sides.len().max(players.len()),
                    });
                }
                players.iter().try_for_each(|p| text("players", p))?;
                digest("commitment", commitment)
            }
            Message::Accept {
                players,
                commitment,
                resume,
            } => {
                if players.len() > MAX_SEATS {
                    return Err(WireError::TooManySeats { count: players.len() });
                }
                players.iter().try_for_each(|p| text("players", p))?;
                if !resume.is_empty() {
                    digest("resume", resume)?;
                }
                digest("commitment", commitment)
            }
            Message::Rejoin { token, .. } => digest("token", token),
            Message::Start {
                sides,
                players,
                commitments,
            } => {
                let count = sides.len().max(players.len()).max(commitments.len());
                if count > MAX_SEATS {
                    return Err(WireError::TooManySeats { count });
                }
                players.iter().try_for_each(|p| text("players", p))?;
                commitments.iter().try_for_each(|c| digest("commitments", c))
            }
            Message::Decline { reason } | Message::Bye { reason } => text("reason", reason),
            Message::Forfeit { reason, detail, .. } => {
                text("reason", reason)?;
                text("detail", detail)
            }
            Message::Reveal { value, .. } => digest("value", value),
            Message::Reveals { values, .. } => {
                if values.len() > MAX_SEATS {
                    return Err(WireError::TooManySeats { count: values.len() });
                }
                values.iter().try_for_each(|v| digest("values", v))
            }
            Message::Move { text: move_text, .. } => text("text", move_text),
            Message::Undo { .. }
            | Message::UndoAnswer { .. }
            | Message::Resign { .. }
            | Message::Rejoined { .. }
            | Message::Away { .. }
            | Message::Clock { .. } => Ok(()),
        }
    }

    /// A message's kind, for errors.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Hello { .. } => "hello",
            Message::Accept { .. } => "accept",
            Message::Rejoin { .. } => "rejoin",
            Message::Rejoined { .. } => "rejoined",
            Message::Away { .. } => "away",
            Message::Decline { .. } => "decline",
            Message::Start { .. } => "start",
            Message::Reveal { .. } => "reveal",
            Message::Reveals { .. } => "reveals",
            Message::Forfeit { .. } => "forfeit",
            Message::Move { .. } => "move",
            Message::Undo { .. } => "undo request",
            Message::UndoAnswer { .. } => "undo answer",
            Message::Resign { .. } => "resign",
            Message::Clock { .. } => "clock",
            Message::Bye { .. } => "bye",
        }
    }

    /// Its kind with its article, as a story tells it: `a move`, `an undo request`.
    pub fn a_kind(&self) -> String {
        crate::core::with_article(self.kind())
    }
}

/// Checks a text field: at most [`MAX_TEXT`] bytes of printable ASCII.
fn text(field: &'static str, value: &str) -> Result<(), WireError> {
    if value.len() <= MAX_TEXT && value.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        Ok(())
    } else {
        Err(WireError::BadText { field })
    }
}

/// Checks a hex digest field.
fn digest(field: &'static str, value: &str) -> Result<(), WireError> {
    match Digest::from_hex(value) {
        Ok(_) => Ok(()),
        Err(_) => Err(WireError::BadDigest { field }),
    }
}

/// Text from a peer as it may be shown: printable ASCII as it is, anything else
/// (control characters, escape sequences, other scripts) as `\u{..}`, and at most
/// `limit` characters (then `...`).
pub fn escape(text: &str, limit: usize) -> String {
    let mut shown = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == limit {
            shown.push_str("...");
            break;
        }
        if (' '..='~').contains(&c) {
            shown.push(c);
        } else {
            shown.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        }
    }
    shown
}

/// The game line of `game`: its id and the options that differ from the defaults, as
/// the record's `game` line writes them.
pub fn game_line(game: &AnyGame) -> String {
    let mut line = game.info().id.to_string();
    for option in game.options().non_default(game.info().options) {
        line.push(' ');
        line.push_str(&option);
    }
    line
}

/// Why a game line from a peer names no game this side can play.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the game offered, '{line}', is not one this tabula can play: {reason}")]
pub struct GameLineError {
    /// The line (escaped).
    pub line: String,
    /// What was wrong.
    pub reason: String,
}

/// The game a game line names, new.
pub fn read_game_line(line: &str) -> Result<AnyGame, GameLineError> {
    let fail = |reason: String| GameLineError {
        line: escape(line, 80),
        reason: escape(&reason, 160),
    };
    let mut words = line.split(' ');
    let id = words.next().unwrap_or_default();
    let kind = GameKind::from_id(id).map_err(|e| fail(e.to_string()))?;
    let rest: Vec<&str> = words.collect();
    let options = Options::parse(kind.info().options, &rest).map_err(|e| fail(e.to_string()))?;
    kind.new_game(&options).map_err(|e| fail(e.to_string()))
}

#[cfg(test)]
mod tests;
