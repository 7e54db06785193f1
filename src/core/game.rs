//! The [`Game`] trait: what every rule set provides, so that one session, one REPL, one
//! engine protocol, one match runner and generic bots serve all of them.
//!
//! A game is a value (cheap to clone). Chance enters only through [`Game::set_dice`], with
//! dice made by [`Game::roll`] from an injected [`DiceSource`] or typed in by a person.
//! Undo is done by the caller keeping earlier values.

use std::fmt::Debug;
use std::ops::RangeInclusive;

use super::dice::DiceError;
use super::dice::{Dice, DiceSource};
use super::error::{PlayError, UnknownSeat, WrongPhase};
use super::options::{OptionError, OptionSpec, Options};
use super::rolloff::RollOff;

pub use super::seat::{MAX_SEATS, Seat};

/// Where the game stands in the turn cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// This seat must roll. [`Game::legal_moves`] lists the optional actions it may take
    /// first (most games have none).
    Roll(Seat),
    /// This seat must choose one of [`Game::legal_moves`] (which holds `pass` when nothing
    /// else can be played).
    Move(Seat),
    /// The game is over; [`Game::outcome`] says how it ended.
    Over,
}

impl Phase {
    /// The seat to act, if the game is not over.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Phase::Roll(seat) | Phase::Move(seat) => Some(seat),
            Phase::Over => None,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Finishing place of each seat: 1 for the winner; seats that tie share a place.
    pub places: Vec<u8>,
    /// Points each seat scored (1 for a plain win; nardy's mars and koks score more).
    pub points: Vec<u32>,
    /// One line for people: `white wins a mars (2 points)`.
    pub summary: String,
}

impl Outcome {
    /// A two-or-more seat game won outright by `winner` for `points`.
    pub fn winner(seats: usize, winner: Seat, points: u32, summary: String) -> Outcome {
        let mut places = vec![2; seats];
        places[winner] = 1;
        let mut all_points = vec![0; seats];
        all_points[winner] = points;
        Outcome {
            places,
            points: all_points,
            summary,
        }
    }

    /// A full ranking: `order[0]` finished first, and so on.
    pub fn ranking(order: &[Seat], summary: String) -> Outcome {
        let mut places = vec![order.len() as u8; order.len()];
        let mut points = vec![0; order.len()];
        for (place, &seat) in order.iter().enumerate() {
            places[seat] = place as u8 + 1;
        }
        if let Some(&first) = order.first() {
            points[first] = 1;
        }
        Outcome {
            places,
            points,
            summary,
        }
    }

    /// `seat` forfeits `game`. Two seats: the other wins [`Game::most_points`]. More:
    /// the seats of `finished` (in finishing order) keep their places, `seat` is last, and
    /// the others share the place after the finished ones (each with a point when that
    /// place is the first).
    pub fn forfeited(game: &impl Game, seat: Seat, finished: &[Seat]) -> Outcome {
        let seats = game.seat_count();
        let name = game.seat_name(seat);
        if seats == 2 {
            let winner = 1 - seat.min(1);
            let summary = format!("{name} forfeits; {} wins", game.seat_name(winner));
            return Outcome::winner(2, winner, game.most_points(), summary);
        }
        let finished: Vec<Seat> = finished.iter().copied().filter(|&s| s != seat).collect();
        let mut places = vec![finished.len() as u8 + 1; seats];
        for (place, &s) in finished.iter().enumerate() {
            places[s] = place as u8 + 1;
        }
        places[seat] = seats as u8;
        let points = places.iter().map(|&p| u32::from(p == 1)).collect();
        Outcome {
            places,
            points,
            summary: format!("{name} forfeits"),
        }
    }

    /// The seat in first place, if exactly one seat is there.
    pub fn winner_seat(&self) -> Option<Seat> {
        let mut firsts = self.places.iter().enumerate().filter(|(_, p)| **p == 1);
        match (firsts.next(), firsts.next()) {
            (Some((seat, _)), None) => Some(seat),
            _ => None,
        }
    }
}

/// What conceding a game did (see [`Game::resign`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resignation {
    /// The game (or the match) is over with this outcome.
    Over(Outcome),
    /// The game keeps score over several games (a match not yet won): the conceded game
    /// was scored, the next one has started, and this line says so.
    PlaysOn(String),
}

/// The most kinds of big wins ([`Game::big_wins`]) that rollouts and bots count.
pub const MAX_BIG_WINS: usize = 2;

/// Every seat's chance to win with at least each kind of big win of [`Game::big_wins`]
/// (entries past the game's seats and kinds are zero).
pub type BigWinChances = [[f64; MAX_BIG_WINS]; MAX_SEATS];

/// Examples in one game's notation, so that help speaks the game being played.
#[derive(Clone, Copy, Debug)]
pub struct HelpExamples {
    /// Moves as `play` takes them, the first being the main example.
    pub moves: &'static [&'static str],
    /// Dice values as `dice` takes them.
    pub dice: &'static str,
    /// What the dice are.
    pub dice_rule: &'static str,
    /// A `new` line with a rule option.
    pub new: &'static str,
    /// How moves are written, in one line.
    pub notation: &'static str,
    /// A seat other than the first, for `seat` examples.
    pub seat: &'static str,
}

/// What a game is, independent of any position: shown by `tabula games` and `list_games`.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The id typed on the command line: `nardy`.
    pub id: &'static str,
    /// Its full name: `Long Nardy`.
    pub title: &'static str,
    /// How many seats it can be played with.
    pub seats: RangeInclusive<usize>,
    /// The rule options it accepts.
    pub options: &'static [OptionSpec],
    /// One line about the game.
    pub summary: &'static str,
    /// The full rules as printed by `tabula rules ID`.
    pub rules: &'static str,
    /// Examples in the game's notation for `help`.
    pub examples: HelpExamples,
}

/// A dice race game: its rules only, no I/O, no hidden randomness. How moves and
/// positions are written is [`Notation`](super::Notation), what bots know of the game is
/// [`Strategy`](super::Strategy), and the research hooks are [`Lab`](super::Lab);
/// [`FullGame`](super::FullGame) is all of them.
///
/// Contract: every method that can fail leaves `self` unchanged when it fails.
///
/// # Example
///
/// A game of Ur set up, its dice thrown from a seeded source (the same seed, the same
/// throws), its legal moves listed and one of them played:
///
/// ```
/// use tabula::core::{Game, NewGame, Notation, Phase, SeededDice};
/// use tabula::games::ur::Ur;
///
/// let mut game = Ur::default_game();
/// let mut dice = SeededDice::new(7);
/// // Throw until a seat has a move to choose: a throw that allows none passes the turn.
/// while !matches!(game.phase(), Phase::Move(_)) {
///     let throw = game.roll(&mut dice);
///     game.set_dice(throw)?;
/// }
/// let mut legal = Vec::new();
/// game.legal_moves(&mut legal);
/// let chosen = &legal[0];
/// // A move reads as the game writes it, and parses back from that text.
/// let text = game.format_move(chosen);
/// assert_eq!(&game.parse_move(&text)?, chosen);
/// game.play(chosen)?;
/// // After a move in Ur, a seat throws next.
/// assert!(matches!(game.phase(), Phase::Roll(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// One move (a whole turn's choice), as parsed from text.
    type Move: Clone + Debug + PartialEq + Send + Sync;

    /// Why the rules refuse a move in a position, with the facts as fields (the message in
    /// its `Display`), which [`IllegalMove`](super::IllegalMove) carries.
    type MoveFault: std::error::Error + Clone + Eq + Send + Sync + 'static;

    /// What this game is.
    fn info(&self) -> &'static GameInfo;

    /// The options this game was set up with (complete, validated).
    fn options(&self) -> &Options;

    /// How many seats take part.
    fn seat_count(&self) -> usize;

    /// The lower-case name of a seat, e.g. `white`.
    fn seat_name(&self, seat: Seat) -> &'static str;

    /// Finds a seat by name (any case) or by number (1 = first seat).
    fn find_seat(&self, seat: &str) -> Result<Seat, UnknownSeat> {
        let count = self.seat_count();
        let names: Vec<&'static str> = (0..count).map(|s| self.seat_name(s)).collect();
        if let Some(index) = names.iter().position(|name| name.eq_ignore_ascii_case(seat)) {
            return Ok(index);
        }
        if let Ok(number) = seat.parse::<usize>()
            && (1..=count).contains(&number)
        {
            return Ok(number - 1);
        }
        Err(UnknownSeat {
            given: seat.to_string(),
            names,
        })
    }

    /// Where the turn cycle stands.
    fn phase(&self) -> Phase;

    /// The dice being played (in the move phase), if any.
    fn dice(&self) -> Option<Dice>;

    /// The roll-off that decides who starts, while it goes on: the phase is then
    /// [`Phase::Roll`] of [`RollOff::to_roll`], and the roll is one die that decides the
    /// start instead of a turn. `None` for every other roll (and in games without one).
    fn roll_off(&self) -> Option<RollOff> {
        None
    }

    /// Throws this game's dice for the seat to roll, using `source` for every die.
    fn roll(&self, source: &mut dyn DiceSource) -> Dice;

    /// Every distinct roll that [`Game::roll`] can give now, with its probability; the
    /// probabilities sum to 1. Searches use it to build chance nodes. Empty unless the
    /// phase is [`Phase::Roll`].
    fn chance_outcomes(&self, out: &mut Vec<(Dice, f64)>);

    /// Checks dice typed in by a person (`dice 6 3`) and turns them into a roll.
    fn parse_dice(&self, values: &[u8]) -> Result<Dice, DiceError>;

    /// Applies a roll for the seat in the roll phase.
    fn set_dice(&mut self, dice: Dice) -> Result<(), WrongPhase>;

    /// Fills `out` with the legal moves: in the move phase, each distinct choice once (at
    /// least `pass`); in the roll phase, the optional actions allowed before rolling.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move after checking it; on error nothing changes and the error says why.
    fn play(&mut self, mv: &Self::Move) -> Result<(), PlayError<Self::MoveFault>>;

    /// Plays a move taken from [`Game::legal_moves`] without checking it again.
    fn play_unchecked(&mut self, mv: &Self::Move);

    /// How the game ended, once the phase is [`Phase::Over`].
    fn outcome(&self) -> Option<Outcome>;

    /// True when a game can score more than one point (a mars, a koks, a match), so that
    /// positions and choices are valued in equity (points won minus lost, per game)
    /// rather than in win probability. The default, one point a win, says false.
    fn scores_points(&self) -> bool {
        false
    }

    /// The most points one game can give a seat, match points included: 1 unless wins
    /// score more.
    fn most_points(&self) -> u32 {
        1
    }

    /// The wins worth more than a plain one that one game can end with, by name and
    /// the least points they score (nardy: `mars` 2, and `koks` 3 with `koks=on`), for
    /// the columns of rollouts. The default is none.
    fn big_wins(&self) -> &'static [(&'static str, u32)] {
        &[]
    }

    /// How the game ends when `seat` forfeits it (in a match: an engine that fails or
    /// breaks the rules), never better for `seat` than losing on the board. The default
    /// is [`Outcome::forfeited`] with no seat finished yet; games that rank seats as they
    /// finish, or keep score over several games, say more.
    fn forfeit(&self, seat: Seat) -> Outcome {
        Outcome::forfeited(self, seat, &[])
    }

    /// `seat` concedes the game. By default the game ends: with two seats the other one
    /// wins a plain game (1 point); with more, `seat` takes the last place and the others
    /// share the first. A game that keeps score over several games overrides this (it
    /// may go on: [`Resignation::PlaysOn`]). Only called while the game is not over.
    fn resign(&mut self, seat: Seat) -> Resignation {
        let seats = self.seat_count();
        let name = self.seat_name(seat);
        if seats == 2 {
            let winner = 1 - seat.min(1);
            let summary = format!("{name} resigns; {} wins", self.seat_name(winner));
            return Resignation::Over(Outcome::winner(2, winner, 1, summary));
        }
        let places = (0..seats)
            .map(|s| if s == seat { seats as u8 } else { 1 })
            .collect();
        let points = (0..seats).map(|s| u32::from(s != seat)).collect();
        let others: Vec<&str> = (0..seats)
            .filter(|&s| s != seat)
            .map(|s| self.seat_name(s))
            .collect();
        let (last, rest) = others.split_last().map_or(("", &[][..]), |(l, r)| (*l, r));
        Resignation::Over(Outcome {
            places,
            points,
            summary: format!(
                "{name} resigns; {} and {last} share the first place",
                rest.join(", ")
            ),
        })
    }
}

impl GameInfo {
    /// The seat count as people read it: `2`, or `2-6` for a range.
    pub fn seats_text(&self) -> String {
        if self.seats.start() == self.seats.end() {
            self.seats.start().to_string()
        } else {
            format!("{}-{}", self.seats.start(), self.seats.end())
        }
    }

    /// The options as `key=values` words: `koks=off|on match=1..99`.
    pub fn options_text(&self) -> String {
        let words: Vec<String> = self
            .options
            .iter()
            .map(|o| format!("{}={}", o.key, o.values_text()))
            .collect();
        words.join(" ")
    }
}

/// Constructors, kept out of [`Game`] so that the trait stays usable through a wrapper.
pub trait NewGame: Game + Sized {
    /// What the game is.
    fn game_info() -> &'static GameInfo;

    /// A new game at its start position with these options.
    fn new_game(options: &Options) -> Result<Self, OptionError>;

    /// A new game with every option at its default.
    fn default_game() -> Self {
        let options = Options::defaults(Self::game_info().options);
        Self::new_game(&options).expect("default options are always valid")
    }
}
