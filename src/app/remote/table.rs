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
use super::rejoin::{Link, ResumeToken};
use super::wire::{self, Message, OPEN, VERSION, escape};
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
    /// Ask the other sides to take back this side's people's last move (see
    /// [`RemoteTable`]'s undo).
    Undo,
}

/// Where this side's people decide: the table asks it whenever one of their seats is
/// to act. It is told what happens so that it can show the game.
pub trait Keyboard {
    /// The decision for `seat` in `session`'s game. The end of the person's input
    /// (an error of kind `UnexpectedEof`) is their leaving, which forfeits; any other
    /// error ends this program and leaves the game to be taken up again. `notes` are the record's note lines so far (the seats and the dice's
    /// proof), for a record saved mid-game. The keyboard may run commands that only read
    /// on `session` (a hint, the legal moves), and must leave the game as it is: the
    /// table plays the decision.
    fn decide(&mut self, session: &mut Session, seat: Seat, notes: &[String]) -> io::Result<Decision>;

    /// While another side is to act: this side's people may run commands that only read
    /// on `session` (the board, a hint, `save` with the record's `notes`), until
    /// `arrived` says that the other side's message is in. They decide nothing here:
    /// the game must be left as it is. A keyboard that cannot tell whether a line was
    /// typed without waiting for it returns at once.
    fn while_waiting(
        &mut self,
        _session: &mut Session,
        _notes: &[String],
        _arrived: &dyn Fn() -> bool,
    ) -> io::Result<()> {
        Ok(())
    }

    /// Whether this side's people allow the undo `question` asks (another side's people
    /// want to take back their last move). Asked only of a side with people; a side of
    /// bots and engines alone declines.
    fn allow_undo(&mut self, _session: &Session, _question: &str) -> io::Result<bool> {
        Ok(false)
    }
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
    #[error("the other side sent {} where {} was due", crate::core::with_article(.got), crate::core::with_article(.expected))]
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
    /// The side of each seat so far: 0 for the host, 1, 2, ... for earlier joiners,
    /// [`OPEN`] for the seats still free.
    pub sides: Vec<u8>,
    /// How the seats taken so far are played (escaped); empty for the open ones.
    pub players: Vec<String>,
    /// The time control every side keeps, if any.
    pub clock: Option<TimeControl>,
    /// The side this joiner gets.
    pub you: u8,
    commitment: Digest,
}

impl Offer {
    /// One line per seat: who plays it.
    pub fn describe(&self) -> Vec<String> {
        (0..self.sides.len())
            .map(|seat| {
                let name = self.game.seat_name(seat);
                let player = escape(&self.players[seat], 40);
                match self.sides[seat] {
                    0 => format!("{name}: the host ({player})"),
                    OPEN => format!("{name}: open"),
                    side => format!("{name}: joiner {side} ({player})"),
                }
            })
            .collect()
    }

    /// The seats still open, in seat order.
    pub fn open_seats(&self) -> Vec<Seat> {
        (0..self.sides.len()).filter(|&s| self.sides[s] == OPEN).collect()
    }
}

/// The settings of this side's table.
pub struct Setup {
    /// Which side this is (0: the host).
    pub me: u8,
    /// How long another side may take for anything before it forfeits.
    pub limit: Duration,
    /// The networks this side's bots play on.
    pub nets: Nets,
    /// Time limits for this side's engines.
    pub engines: EngineSettings,
    /// The time control of the game, if any: each side's moves are timed on every side.
    pub clock: Option<TimeControl>,
}

/// The seats as the host has given them so far: the side of each ([`OPEN`] while free)
/// and how each taken seat is played, as its side describes it.
#[derive(Clone, Debug)]
pub struct Seating {
    /// The side of each seat.
    pub sides: Vec<u8>,
    /// How each seat is played (empty while open).
    pub players: Vec<String>,
    /// Every seated side's commitment, side 0 first.
    pub commitments: Vec<Digest>,
    /// The hash of every seated side's resume token, side 0 first (`None` for the host,
    /// and for a joiner that cannot come back).
    pub resumes: Vec<Option<Digest>>,
}

impl Seating {
    /// The host's seats (`mine[seat]` is `Some` for each) and commitment; the other
    /// seats open.
    pub fn new(game: &AnyGame, mine: &[Option<PlayerSpec>], chain: &Chain) -> Seating {
        let sides = (0..game.seat_count())
            .map(|seat| {
                if mine.get(seat).is_some_and(Option::is_some) {
                    0
                } else {
                    OPEN
                }
            })
            .collect();
        let players = (0..game.seat_count())
            .map(|seat| match mine.get(seat) {
                Some(Some(player)) => player.shown_for(game),
                _ => String::new(),
            })
            .collect();
        Seating {
            sides,
            players,
            commitments: vec![chain.commitment()],
            resumes: vec![None],
        }
    }

    /// True while a seat is open.
    pub fn waiting(&self) -> bool {
        self.sides.contains(&OPEN)
    }

    /// The side the next joiner gets.
    pub fn next_side(&self) -> u8 {
        self.commitments.len() as u8
    }
}

/// The host offers the game to one joiner: sends the seating so far, reads which open
/// seats the joiner takes and seats it. On an error the seating is as it was.
pub fn offer(
    channel: &mut Channel,
    game: &AnyGame,
    seating: &mut Seating,
    limit: Duration,
    clock: &str,
) -> Result<(), SetupError> {
    let you = seating.next_side();
    channel.send(
        &Message::Hello {
            version: VERSION,
            game: wire::game_line(game),
            sides: seating.sides.clone(),
            players: seating.players.clone(),
            commitment: seating.commitments[0].to_string(),
            clock: clock.to_string(),
            you,
        }
        .encode(),
    )?;
    match Message::decode(&channel.recv(limit)?)? {
        Message::Accept {
            players,
            commitment,
            resume,
        } => {
            let theirs = digest(&commitment)?;
            let resume = match resume.as_str() {
                "" => None,
                hex => {
                    Some(Digest::from_hex(hex).map_err(|_| wire::WireError::BadDigest { field: "resume" })?)
                }
            };
            let seats = seating.sides.len();
            let taken: Vec<Seat> = (0..players.len()).filter(|&s| !players[s].is_empty()).collect();
            if players.len() != seats {
                return Err(SetupError::Offer(format!(
                    "the joiner named players for {} seats, not {seats}",
                    players.len()
                )));
            }
            if taken.is_empty() || taken.iter().any(|&s| seating.sides[s] != OPEN) {
                return Err(SetupError::Offer(
                    "the joiner took no seat, or one that is not open".into(),
                ));
            }
            for seat in taken {
                seating.sides[seat] = you;
                seating.players[seat] = players[seat].clone();
            }
            seating.commitments.push(theirs);
            seating.resumes.push(resume);
            Ok(())
        }
        Message::Decline { reason } => Err(SetupError::Declined { reason }),
        other => Err(SetupError::Unexpected {
            expected: "accept",
            got: other.kind(),
        }),
    }
}

/// Every seat is taken: the host tells each joiner (`channels[k - 1]` is side `k`'s)
/// the final seating and every commitment. Returns the game's ledger and every seat's
/// player as the record names it.
pub fn start(
    channels: &mut [Channel],
    game: &AnyGame,
    seating: &Seating,
) -> Result<(Ledger, Vec<String>), SetupError> {
    let message = Message::Start {
        sides: seating.sides.clone(),
        players: seating.players.clone(),
        commitments: seating.commitments.iter().map(Digest::to_string).collect(),
    }
    .encode();
    for channel in channels.iter_mut() {
        channel.send(&message)?;
    }
    // The dice's context is the game line as the record writes it, so that `tabula
    // verify` throws every roll again from the record alone.
    let ledger = Ledger::new(
        &format!("game {}", wire::game_line(game)),
        seating.commitments.clone(),
    )?;
    Ok((ledger, record_players(&seating.players)))
}

/// The joiner's side of the offer: reads it, checks that it can be played here.
pub fn read_offer(channel: &mut Channel, limit: Duration) -> Result<Offer, SetupError> {
    let message = Message::decode(&channel.recv(limit)?)?;
    if let Message::Bye { reason } = message {
        return Err(SetupError::Declined { reason });
    }
    let Message::Hello {
        version,
        game,
        sides,
        players,
        commitment,
        clock,
        you,
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
    let known = |side: u8| side == OPEN || side < you;
    if sides.len() != seats || players.len() != seats || you == 0 || !sides.iter().all(|&s| known(s)) {
        return Err(SetupError::Offer(format!(
            "the offer does not give each of the {seats} seats to the host, an earlier joiner or nobody yet"
        )));
    }
    if !sides.contains(&OPEN) || !sides.contains(&0) {
        return Err(SetupError::Offer(
            "the offer leaves no seat open, or none to the host".into(),
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
        you,
        commitment: digest(&commitment)?,
    })
}

/// The joiner takes the open seats for which `players` names a player (each must be
/// open), commits to its dice and, with a `resume` token, says how it proves that it is
/// itself if it comes back after a dropped connection.
pub fn accept(
    channel: &mut Channel,
    offer: &Offer,
    players: &[Option<PlayerSpec>],
    chain: &Chain,
    resume: Option<&ResumeToken>,
) -> Result<(), SetupError> {
    let shown: Vec<String> = (0..offer.sides.len())
        .map(|seat| match players.get(seat) {
            Some(Some(player)) if offer.sides[seat] == OPEN => player.shown_for(&offer.game),
            _ => String::new(),
        })
        .collect();
    channel.send(
        &Message::Accept {
            players: shown,
            commitment: chain.commitment().to_string(),
            resume: resume.map(|token| token.hash().to_string()).unwrap_or_default(),
        }
        .encode(),
    )?;
    Ok(())
}

/// The game as it starts, for a joiner: the side of each seat, the ledger, and every
/// seat's player as the record names it.
pub type Started = (Vec<u8>, Ledger, Vec<String>);

/// The joiner waits (up to `limit`) until the host has seated every side, and checks
/// the start it sends against the offer and this side's own seats and commitment.
pub fn await_start(
    channel: &mut Channel,
    offer: &Offer,
    mine: &[Option<PlayerSpec>],
    chain: &Chain,
    limit: Duration,
) -> Result<Started, SetupError> {
    let message = Message::decode(&channel.recv(limit)?)?;
    let (sides, players, commitments) = match message {
        Message::Start {
            sides,
            players,
            commitments,
        } => (sides, players, commitments),
        Message::Bye { reason } => return Err(SetupError::Declined { reason }),
        other => {
            return Err(SetupError::Unexpected {
                expected: "start",
                got: other.kind(),
            });
        }
    };
    let commitments: Vec<Digest> = commitments.iter().map(|c| digest(c)).collect::<Result<_, _>>()?;
    let seats = offer.sides.len();
    let count = commitments.len();
    let fits = sides.len() == seats
        && players.len() == seats
        && (0..count).all(|side| sides.contains(&(side as u8)))
        && (0..seats).all(|seat| {
            let chosen = mine.get(seat).is_some_and(Option::is_some) && offer.sides[seat] == OPEN;
            usize::from(sides[seat]) < count
                && (sides[seat] == offer.you) == chosen
                && (offer.sides[seat] == OPEN || offer.sides[seat] == sides[seat])
        })
        && commitments.first() == Some(&offer.commitment)
        && commitments.get(usize::from(offer.you)) == Some(&chain.commitment());
    if !fits {
        return Err(SetupError::Offer(
            "the host's start does not match its offer and this side's seats and dice".into(),
        ));
    }
    let ledger = Ledger::new(&format!("game {}", offer.line), commitments)?;
    Ok((sides, ledger, record_players(&players)))
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

/// Every seat's player as the record names it: a side's words only as printable,
/// bounded text without blanks, `remote` where a side named none.
fn record_players(players: &[String]) -> Vec<String> {
    players
        .iter()
        .map(|text| {
            let text = escape(text, 40).replace(' ', "_");
            if text.is_empty() { "remote".into() } else { text }
        })
        .collect()
}

/// A keyboard's failure as the person leaving the game (`Ok`, a forfeit): their input
/// ended (Ctrl-D, the end of a pipe). Any other failure (the terminal went away, the
/// output cannot be written) is this program's, not a decision: it ends the program
/// (`Err`) without a word to the other sides, as a crash would, so that the game can
/// be taken up again.
fn person_left(error: io::Error) -> io::Result<io::Error> {
    match error.kind() {
        io::ErrorKind::UnexpectedEof => Ok(error),
        _ => Err(error),
    }
}

/// What another side did wrong: its forfeit's kind and story.
type Fault = (ForfeitKind, String);

/// How a dropped connection comes back, and who hears of it (see [`resume`]).
struct Resume {
    rejoin: Rejoin,
    tell: Box<dyn FnMut(&str)>,
}

mod play;
mod resume;
pub use play::RemoteTable;
pub use resume::Rejoin;

#[cfg(test)]
mod tests;
