//! The [`Game`] trait: what every rule set provides, so that one session, one REPL, one
//! engine protocol, one match runner and generic bots serve all of them.
//!
//! A game is a value (cheap to clone). Chance enters only through [`Game::set_dice`], with
//! dice made by [`Game::roll`] from an injected [`DiceSource`] or typed in by a person.
//! Undo is done by the caller keeping earlier values.

use std::fmt::Debug;
use std::ops::RangeInclusive;

use super::dice::{Dice, DiceSource};
use super::error::{DiceError, PlayError, PositionError, SyntaxError, UnknownSeat, WrongPhase};
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

/// The result given to a game stopped before its end ([`Game::adjudicate`]), as a
/// tournament director would score it, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjudication {
    /// The places and points given, as if the game had ended so.
    pub outcome: Outcome,
    /// One line for the records: `race: white bears off first 73.4% (exact), mars 2.1%`.
    pub reason: String,
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

/// What a position is worth to every seat: the numbers bots search with and people see.
///
/// Entries past [`Game::seat_count`] are zero.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The probability that each seat finishes first; they sum to 1.
    pub win: [f64; MAX_SEATS],
    /// What each seat expects to gain, the quantity bots maximise. In two-seat games it is
    /// points won minus points lost (nardy's mars and koks count 2 and 3; elsewhere it is
    /// `2 * win - 1`); with three or more seats it is the win probability.
    pub equity: [f64; MAX_SEATS],
}

impl Estimate {
    /// A two-seat estimate where seat 0 wins with probability `win0` and every win
    /// scores one point.
    pub fn two_seats(win0: f64) -> Estimate {
        let win0 = win0.clamp(0.0, 1.0);
        Estimate::two_seats_with_equity(win0, 2.0 * win0 - 1.0)
    }

    /// A two-seat estimate with an explicit equity for seat 0 (seat 1's is its negation).
    pub fn two_seats_with_equity(win0: f64, equity0: f64) -> Estimate {
        let mut estimate = Estimate::ZERO;
        estimate.win[0] = win0;
        estimate.win[1] = 1.0 - win0;
        estimate.equity[0] = equity0;
        estimate.equity[1] = -equity0;
        estimate
    }

    /// An estimate for three or more seats from each seat's win probability (normalised
    /// to sum to 1); the equity is the win probability.
    pub fn from_wins(wins: &[f64]) -> Estimate {
        let total: f64 = wins.iter().take(MAX_SEATS).map(|w| w.max(0.0)).sum();
        let mut estimate = Estimate::ZERO;
        for (seat, &w) in wins.iter().take(MAX_SEATS).enumerate() {
            let share = if total > 0.0 {
                w.max(0.0) / total
            } else {
                1.0 / wins.len() as f64
            };
            estimate.win[seat] = share;
            estimate.equity[seat] = share;
        }
        estimate
    }

    /// The exact value of a finished game.
    pub fn from_outcome(outcome: &Outcome) -> Estimate {
        let seats = outcome.places.len().min(MAX_SEATS);
        let firsts = outcome.places.iter().filter(|&&p| p == 1).count().max(1) as f64;
        let mut estimate = Estimate::ZERO;
        for seat in 0..seats {
            if outcome.places[seat] == 1 {
                estimate.win[seat] = 1.0 / firsts;
            }
        }
        if seats == 2 {
            let net = f64::from(outcome.points[0]) - f64::from(outcome.points[1]);
            estimate.equity[0] = net;
            estimate.equity[1] = -net;
        } else {
            estimate.equity = estimate.win;
        }
        estimate
    }

    /// Every entry zero: the starting point for sums over chance outcomes.
    pub const ZERO: Estimate = Estimate {
        win: [0.0; MAX_SEATS],
        equity: [0.0; MAX_SEATS],
    };

    /// Adds `weight` times `other` to this estimate (expectations over rolls).
    pub fn add_weighted(&mut self, other: &Estimate, weight: f64) {
        for seat in 0..MAX_SEATS {
            self.win[seat] += weight * other.win[seat];
            self.equity[seat] += weight * other.equity[seat];
        }
    }
}

/// The most kinds of big wins ([`Game::big_wins`]) that rollouts and bots count.
pub const MAX_BIG_WINS: usize = 2;

/// Every seat's chance to win with at least each kind of big win of [`Game::big_wins`]
/// (entries past the game's seats and kinds are zero).
pub type BigWinChances = [[f64; MAX_BIG_WINS]; MAX_SEATS];

/// What a game's encoder writes ([`Game::encoding`]): which networks can read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// What a network for this layout was trained for: the game's id with the options
    /// and seat count that change play (`ur rules=finkel`, `aeroplane players=3`).
    pub key: String,
    /// The layout's version, raised whenever its inputs change meaning.
    pub version: u32,
    /// How many numbers [`Game::encode`] writes.
    pub inputs: usize,
}

/// A built-in bot at a level of work (depth, playouts), never of time, so that it plays
/// the same on every machine: how a game names the bot `bot:best` plays in it
/// ([`Game::best_bot`]). The bot roster builds the bot each names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotLevel {
    /// `greedy`: the move whose position the game's own estimate likes best.
    Greedy,
    /// `expectimax:DEPTH`: an expectimax search on the game's estimate.
    Expectimax {
        /// Move decisions searched.
        depth: u8,
    },
    /// `mcts:PLAYOUTS`: a Monte Carlo tree search.
    Mcts {
        /// Playouts per decision.
        playouts: u32,
    },
    /// `net:PLIES`: the search on the game's learned network.
    Net {
        /// Move decisions searched.
        plies: u8,
    },
}

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
    /// The options under which `tabula solve` builds a table that plays the game
    /// exactly, as people read them (`rules=finkel, masters, blitz or aseb`), or `None`
    /// where it cannot be solved.
    pub solvable: Option<&'static str>,
}

/// A dice race game: rules only, no I/O, no hidden randomness.
///
/// Contract: every method that can fail leaves `self` unchanged when it fails.
///
/// # Example
///
/// A game of Ur set up, its dice thrown from a seeded source (the same seed, the same
/// throws), its legal moves listed and one of them played:
///
/// ```
/// use tabula::core::{Game, NewGame, Phase, SeededDice};
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
    fn play(&mut self, mv: &Self::Move) -> Result<(), PlayError>;

    /// Plays a move taken from [`Game::legal_moves`] without checking it again.
    fn play_unchecked(&mut self, mv: &Self::Move);

    /// How the game ended, once the phase is [`Phase::Over`].
    fn outcome(&self) -> Option<Outcome>;

    /// Reads a move written in this game's notation (syntax only, not legality).
    fn parse_move(&self, text: &str) -> Result<Self::Move, SyntaxError>;

    /// Writes a move in this game's notation, exactly as [`Game::parse_move`] reads it.
    fn format_move(&self, mv: &Self::Move) -> String;

    /// A longer description of a legal move for people (`c1 (eats f1)`); by default
    /// the notation itself.
    fn describe_move(&self, mv: &Self::Move) -> String {
        self.format_move(mv)
    }

    /// The board as ASCII art, with whose turn it is and the dice.
    fn render(&self) -> String;

    /// A shorter view for small terminals (a list of where the pieces are); by default
    /// the board itself.
    fn render_compact(&self) -> String {
        self.render()
    }

    /// The position as one line of text that [`Game::set_position`] reads back.
    fn position_string(&self) -> String;

    /// Replaces the position with one read from a position string (options stay).
    fn set_position(&mut self, text: &str) -> Result<(), PositionError>;

    /// A static evaluation of the position from `seat`'s point of view (higher is better
    /// for `seat`); used by the built-in bots.
    fn evaluate(&self, seat: Seat) -> f64;

    /// The game's own calibrated estimate of the position for every seat (exact once the
    /// game is over). The default turns [`Game::evaluate`] into shares by a softmax, a
    /// stand-in until a game provides a calibrated estimate of its own.
    fn estimate(&self) -> Estimate {
        if let Some(outcome) = self.outcome() {
            return Estimate::from_outcome(&outcome);
        }
        let seats = self.seat_count().min(MAX_SEATS);
        let mut scores = [0.0; MAX_SEATS];
        for (seat, score) in scores.iter_mut().enumerate().take(seats) {
            *score = self.evaluate(seat);
        }
        let top = scores[..seats].iter().copied().fold(f64::MIN, f64::max);
        let mut wins = [0.0; MAX_SEATS];
        for seat in 0..seats {
            wins[seat] = ((scores[seat] - top) / 10.0).exp();
        }
        if seats == 2 {
            Estimate::two_seats(wins[0] / (wins[0] + wins[1]))
        } else {
            Estimate::from_wins(&wins[..seats])
        }
    }

    /// A hash of everything the legal moves, the dice to come and the result depend on,
    /// for transposition tables. The default hashes the position string; games may give
    /// a faster one.
    fn position_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.position_string().hash(&mut hasher);
        hasher.finish()
    }

    /// The least and the most [`Estimate::equity`] any seat can have in this game: the
    /// range searches prune with. The default is `-1..=1` for two seats (one point a game)
    /// and `0..=1` (a win probability) for more; games whose wins score more widen it.
    fn equity_bounds(&self) -> (f64, f64) {
        if self.seat_count() == 2 {
            (-1.0, 1.0)
        } else {
            (0.0, 1.0)
        }
    }

    /// True when a game can score more than one point (a mars, a koks, a match), so that
    /// positions and choices are valued in equity (points won minus lost, per game)
    /// rather than in win probability. The default, one point a win, says false.
    fn scores_points(&self) -> bool {
        false
    }

    /// How many moves a Monte-Carlo playout plays on from a new leaf before
    /// [`Game::estimate`] values where it stopped. Fast-policy playouts help where the
    /// estimate is rough, and cost more than they give where it is good and the dice
    /// swing the value a lot over a few turns: such a game says 0 (the leaf itself is
    /// valued).
    fn playout_moves(&self) -> u32 {
        12
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

    /// The name of the benchmark set built in for this game and these options (see
    /// `tabula benchmark`; the benchmark code holds the sets, as `benchmarks/NAME.txt`):
    /// positions whose candidate moves were rolled out. The default is none.
    fn benchmark_set(&self) -> Option<&'static str> {
        None
    }

    /// The kind of position this is, for benchmarks that report error rates per kind
    /// (nardy: `contact`, `blocking` or `race`). The default is `all`.
    fn position_kind(&self) -> &'static str {
        "all"
    }

    /// How the game ends when `seat` forfeits it (in a match: an engine that fails or
    /// breaks the rules), never better for `seat` than losing on the board. The default
    /// is [`Outcome::forfeited`] with no seat finished yet; games that rank seats as they
    /// finish, or keep score over several games, say more.
    fn forfeit(&self, seat: Seat) -> Outcome {
        Outcome::forfeited(self, seat, &[])
    }

    /// The bot `bot:best` plays here (`expectimax:4`, `mcts:2000`, `net:2`): the
    /// strongest built-in level that still decides within 250 ms median per decision on
    /// a small 2-core machine (one thread), for this seat count and these options.
    /// Levels may go beyond the ones people type. The default is `greedy`.
    fn best_bot(&self) -> BotLevel {
        BotLevel::Greedy
    }

    /// The deepest `bot:net` level this game's network bot searches, where it stops
    /// short of what the bot roster takes (`None`, the default: no limit of its own).
    fn deepest_net_level(&self) -> Option<u8> {
        None
    }

    /// The input layout of this game's learned evaluation for these options and this
    /// seat count, or `None` where the game has no encoder (the default). The learner
    /// and the net bots see a game only through this and [`Game::encode`].
    fn encoding(&self) -> Option<Encoding> {
        None
    }

    /// Writes this position (not over) into `x`, which holds [`Encoding::inputs`]
    /// numbers, as seen by the seat to act: wherever seats are laid out one after the
    /// other, the seat to act comes first and then the others in turn order. Does nothing
    /// where [`Game::encoding`] is `None`.
    fn encode(&self, x: &mut [f32]) {
        let _ = x;
    }

    /// The name of the solved table that plays this game exactly with these options
    /// (`ur rules=finkel`, the name `tabula solve` writes into the table), or `None`
    /// where no such table can be built. The default is `None`.
    fn solved_table(&self) -> Option<String> {
        None
    }

    /// The result this position would be given if the game stopped here, where the game
    /// can tell it without playing on (Long Nardy's pure race, from its bear-off
    /// distributions); `None` (the default) where it cannot, and once the game is over.
    /// Only positions before a roll are adjudicated.
    fn adjudicate(&self) -> Option<Adjudication> {
        None
    }

    /// This position's number in the solved table of [`Game::solved_table`]: a table
    /// holds the chance that the seat to roll wins, so only positions before a roll
    /// (no roll-off) have one. The default is `None`.
    fn solved_index(&self) -> Option<u64> {
        None
    }

    /// Lines worth telling people about what changed since `before` (a capture, an extra
    /// roll, the end of a game in a match). Plain moves need none.
    fn narrate(&self, _before: &Self) -> Vec<String> {
        Vec::new()
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
