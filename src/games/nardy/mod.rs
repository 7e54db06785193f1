//! Long Nardy (long backgammon): rules section 1 of `rules.md`, seed 002.
//!
//! Each side's checkers are kept in that side's own numbering (head = 24, home = 1..6),
//! so move generation never converts points; see `board` and [`movegen`].

pub mod adjudicate;
mod board;
mod check;
pub mod encode;
pub mod eval;
mod fault;
mod hash;
mod lab;
pub mod movegen;
pub mod net;
mod notation;
mod render;
mod strategy;
mod text;
mod validate;

use std::sync::Arc;

use board::HOME_MASK;
pub use board::Side;
use movegen::TurnRules;

use super::shared;
use crate::core::turn::{self, DiceRule, ONE_DIE, Start};
use crate::core::{
    Dice, DiceError, DiceMistake, DiceSource, Game, HelpExamples, IllegalMove, OptionError, OptionSpec,
    Options, Outcome, PhaseMistake, PlayError, RollOff, RollOffRule, Seat, WrongPhase,
};

pub use fault::{MoveFault, PositionFault};

/// A position string that is not a position of this game.
pub type PositionError = crate::core::PositionError<PositionFault>;

/// The first seat (it rolls first in the roll-off that decides who starts).
pub const WHITE: Seat = 0;
/// The second seat.
pub const BLACK: Seat = 1;
/// How many plies Long Nardy's network bot searches at most: pruned three-ply search is
/// the deepest that stays quick enough to play.
pub const DEEPEST_NET_LEVEL: u8 = 3;

const SEAT_NAMES: [&str; 2] = ["white", "black"];

shared::game_info! {
    game: Nardy,
    rules: NardyRules,
    id: "nardy",
    title: "Long Nardy",
    seats: 2..=2,
    options: [
        OptionSpec::choice(
            "koks",
            &["off", "on"],
            "koks scores 3 when the loser has borne off none and still has a checker in their first quarter",
        ),
        OptionSpec::number(
            "match",
            (1, 99, 1),
            "play games until one side has this many points",
        ),
    ],
    summary: "15 checkers a side, no hitting, head and blocks",
    examples: HelpExamples {
        moves: &["24/18 18/15", "24/15", "pass"],
        dice: "6 3",
        dice_rule: "Two dice, 1 to 6 each.",
        new: "new nardy koks=on",
        notation: "A move is FROM/TO for each die, each side counting in its own numbering.",
        seat: "black",
    },
}

/// How a single game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinKind {
    /// The loser had borne off at least one checker: 1 point.
    Oin,
    /// The loser had borne off none: 2 points.
    Mars,
    /// Mars with a loser's checker still in their first quarter (option `koks=on`): 3 points.
    Koks,
}

impl WinKind {
    /// Points the win is worth.
    pub fn points(self) -> u32 {
        match self {
            WinKind::Oin => 1,
            WinKind::Mars => 2,
            WinKind::Koks => 3,
        }
    }

    fn from_points(points: u32) -> WinKind {
        match points {
            3 => WinKind::Koks,
            2 => WinKind::Mars,
            _ => WinKind::Oin,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            WinKind::Oin => "an oin (1 point)",
            WinKind::Mars => "a mars (2 points)",
            WinKind::Koks => "a koks (3 points)",
        }
    }
}

/// Where the turn cycle stands: before the first game each side throws one die and the
/// higher starts; a move plays two dice.
type Stage = turn::Stage<Dice>;

/// The rule options of a game of Long Nardy, read once when the game is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NardyRules {
    /// A koks (mars with a checker still in the loser's first quarter) scores 3.
    pub koks: bool,
    /// Points that win the match (1 for a single game).
    pub match_to: u32,
}

impl NardyRules {
    /// The rules these (validated) options set.
    pub fn read(options: &Options) -> Result<NardyRules, OptionError> {
        Ok(NardyRules {
            koks: options.flag("koks")?,
            match_to: options.number("match")?.max(1),
        })
    }
}

/// A Long Nardy game (or match) in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nardy {
    options: Arc<Options>,
    rules: NardyRules,
    /// Each seat's checkers in its own numbering.
    sides: [Side; 2],
    turn: Seat,
    stage: Stage,
    /// True until the seat has completed its first turn of the current game.
    first_turn: [bool; 2],
    score: [u32; 2],
}

/// One turn: the steps in the order played, each `(from, to)` in the mover's numbering
/// with `to == 0` for bearing off. No steps means `pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NardyMove {
    steps: [(u8, u8); 4],
    len: u8,
}

impl NardyMove {
    /// The move that plays nothing.
    pub const PASS: NardyMove = NardyMove {
        steps: [(0, 0); 4],
        len: 0,
    };

    /// A move made of these steps (at most four are kept).
    pub fn from_steps(steps: &[(u32, u32)]) -> NardyMove {
        steps
            .iter()
            .take(4)
            .fold(NardyMove::PASS, |mv, &(from, to)| mv.with_step(from, to))
    }

    /// This move with one more step (ignored past four steps).
    #[inline]
    pub fn with_step(mut self, from: u32, to: u32) -> NardyMove {
        if (self.len as usize) < self.steps.len() {
            self.steps[self.len as usize] = (from as u8, to as u8);
            self.len += 1;
        }
        self
    }

    /// The steps, in order.
    pub fn steps(&self) -> &[(u8, u8)] {
        &self.steps[..self.len as usize]
    }

    /// True for `pass`.
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }
}

impl Nardy {
    /// A new game at its start position under `rules`, read from `options` once
    /// [`NewGame::new_game`](crate::core::NewGame::new_game) has checked them against [`INFO`].
    fn start(options: Arc<Options>, rules: NardyRules) -> Nardy {
        Nardy {
            rules,
            options,
            sides: [Side::START; 2],
            turn: WHITE,
            stage: Stage::RollOff(RollOff::new(RollOffRule::Highest, 2)),
            first_turn: [true; 2],
            score: [0; 2],
        }
    }

    /// The checkers of `seat`, in that seat's own numbering.
    pub fn side(&self, seat: Seat) -> Side {
        self.sides[seat]
    }

    /// The seat to act (the last mover once the game is over).
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Match points so far.
    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    /// Points needed to win the match (1 for a single game).
    pub fn match_to(&self) -> u32 {
        self.rules.match_to
    }

    /// True while `seat` has not completed its first turn of the current game (so the
    /// 6-6, 4-4, 3-3 head exception still applies to it).
    pub fn first_turn(&self, seat: Seat) -> bool {
        self.first_turn[seat]
    }

    /// True when a koks (option `koks=on`) scores 3 points.
    pub fn koks_scores(&self) -> bool {
        self.rules.koks
    }

    /// The rule options in force.
    pub fn rules(&self) -> NardyRules {
        self.rules
    }

    fn turn_rules(&self) -> Option<TurnRules> {
        let dice = self.stage.rolled()?;
        let mover = self.turn;
        Some(TurnRules::new(
            self.sides[mover],
            self.sides[1 - mover],
            self.first_turn[mover],
            dice,
        ))
    }

    /// One die in the roll-off, two dice for a turn.
    fn dice_rule(&self) -> DiceRule {
        if self.stage.roll_off().is_some() {
            ONE_DIE
        } else {
            DiceRule::TwoDice
        }
    }

    fn apply(&mut self, mv: &NardyMove) {
        let mover = self.turn;
        self.sides[mover] = apply_steps(self.sides[mover], mv);
        self.first_turn[mover] = false;
        if self.sides[mover].off() == 15 {
            self.finish_game(mover);
        } else {
            self.turn = 1 - mover;
            self.stage = Stage::Roll;
        }
    }

    /// How the game just won by `winner` scores, judged from the loser's checkers.
    fn win_kind(&self, winner: Seat) -> WinKind {
        let loser = self.sides[1 - winner];
        if loser.off() > 0 {
            WinKind::Oin
        } else if self.rules.koks && (19..=24).any(|p| loser.count(p) > 0) {
            WinKind::Koks
        } else {
            WinKind::Mars
        }
    }

    fn finish_game(&mut self, winner: Seat) {
        let points = self.win_kind(winner).points();
        self.score_game(winner, points);
    }

    /// Adds a finished game's points: the match is over, or its next game starts.
    fn score_game(&mut self, winner: Seat, points: u32) {
        self.score[winner] += points;
        if self.score[winner] >= self.rules.match_to {
            self.stage = Stage::Over;
            return;
        }
        // The next game of the match: the winner of this one starts it.
        self.sides = [Side::START; 2];
        self.first_turn = [true; 2];
        self.turn = winner;
        self.stage = Stage::Roll;
    }
}

impl Nardy {
    /// The match score once `winner` scores a game won by `kind`, and whether that wins
    /// the match.
    fn score_after(&self, winner: Seat, kind: WinKind) -> ([u32; 2], bool) {
        let mut score = self.score;
        score[winner] += kind.points();
        (score, score[winner] >= self.rules.match_to)
    }

    /// The outcome of a match that `winner` has won with `score`, its last game by `kind`.
    /// The summary begins with `who_wins` ("black wins", "white resigns; black wins",
    /// "black is given") and says `how` (" by adjudication", or nothing) after the
    /// game's kind in a single game, after the score in a match.
    fn match_won(&self, winner: Seat, score: [u32; 2], kind: WinKind, who_wins: &str, how: &str) -> Outcome {
        let summary = if self.rules.match_to == 1 {
            format!("{who_wins} {}{how}", kind.describe())
        } else {
            format!(
                "{who_wins} the match {}-{}{how} (last game: {})",
                score[winner],
                score[1 - winner],
                kind.describe()
            )
        };
        Outcome {
            places: if winner == WHITE { vec![1, 2] } else { vec![2, 1] },
            points: score.to_vec(),
            summary,
        }
    }

    /// Resigning: the opponent scores what the game would be worth if it ended now, judged
    /// from the resigner's checkers (oin, mars or koks); a match not yet won goes on.
    fn concede(&mut self, seat: Seat) -> crate::core::Resignation {
        use crate::core::Resignation;
        let winner = 1 - seat.min(1);
        let kind = self.win_kind(winner);
        let (resigner, name) = (SEAT_NAMES[seat.min(1)], SEAT_NAMES[winner]);
        let (score, match_won) = self.score_after(winner, kind);
        if !match_won {
            self.score_game(winner, kind.points());
            return Resignation::PlaysOn(format!(
                "{resigner} resigns the game; {name} scores {}\nmatch score: white {}, black {} ({} to win); {name} starts the next game",
                kind.describe(),
                score[WHITE],
                score[BLACK],
                self.rules.match_to
            ));
        }
        let who_wins = format!("{resigner} resigns; {name} wins");
        Resignation::Over(self.match_won(winner, score, kind, &who_wins, ""))
    }
}

fn apply_steps(mut side: Side, mv: &NardyMove) -> Side {
    for &(from, to) in mv.steps() {
        side = side.step(u32::from(from), u32::from(to));
    }
    side
}

impl Game for Nardy {
    type Move = NardyMove;
    type MoveFault = MoveFault;

    shared::game_accessors!(two_seats);

    fn dice(&self) -> Option<Dice> {
        self.stage.rolled()
    }

    fn roll(&self, source: &mut dyn DiceSource) -> Dice {
        self.dice_rule().roll(source)
    }

    fn chance_outcomes(&self, out: &mut Vec<(Dice, f64)>) {
        if self.stage.rolls() {
            self.dice_rule().outcomes(out);
        }
    }

    fn scores_points(&self) -> bool {
        true
    }

    fn big_wins(&self) -> &'static [(&'static str, u32)] {
        // Within a match a game's points are the match's, so only single games name them.
        match (self.rules.match_to, self.rules.koks) {
            (1, true) => &[("mars", 2), ("koks", 3)],
            (1, false) => &[("mars", 2)],
            _ => &[],
        }
    }

    fn most_points(&self) -> u32 {
        self.rules.match_to - 1 + if self.rules.koks { 3 } else { 2 }
    }

    fn forfeit(&self, seat: Seat) -> Outcome {
        // The other side wins what a game could be worth at most (a koks when it
        // scores, else a mars), under `match=N` the match; the forfeiting side keeps the
        // match points it had won.
        let other = 1 - seat.min(1);
        let most = if self.rules.koks { 3 } else { 2 };
        let mut outcome = Outcome::forfeited(self, seat, &[]);
        outcome.points[other] = self
            .rules
            .match_to
            .max(self.score[other] + most)
            .min(self.most_points());
        outcome.points[seat] = self.score[seat];
        outcome
    }

    fn parse_dice(&self, values: &[u8]) -> Result<Dice, DiceError> {
        if self.roll_off().is_some() && values.len() != 1 {
            return Err(DiceMistake::RollOffCount { got: values.len() }.into());
        }
        self.dice_rule().parse(values, INFO.id)
    }

    fn set_dice(&mut self, dice: Dice) -> Result<(), WrongPhase> {
        let throw = match self.stage {
            Stage::RollOff(_) => dice
                .single_value(6)
                .ok_or(WrongPhase(PhaseMistake::RollOffDie { dice }))?,
            Stage::Roll if dice.values().len() != 2 => {
                return Err(PhaseMistake::TwoDice { game: INFO.id, dice }.into());
            }
            _ => 0,
        };
        self.stage
            .set_roll(&mut self.turn, dice, throw, Start::Reroll, |seat| {
                SEAT_NAMES[seat]
            })
    }

    fn legal_moves(&self, out: &mut Vec<NardyMove>) {
        if let (Stage::Move(dice), Some(rules)) = (self.stage, self.turn_rules()) {
            movegen::generate(&rules, self.sides[self.turn], dice, out);
        }
    }

    fn play(&mut self, mv: &NardyMove) -> Result<(), PlayError<MoveFault>> {
        self.stage.to_move()?;
        let played = self.check(mv).map_err(IllegalMove)?;
        self.apply(&played);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: &NardyMove) {
        if self.stage.rolled().is_some() {
            self.apply(mv);
        }
    }

    fn resign(&mut self, seat: Seat) -> crate::core::Resignation {
        self.concede(seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.stage.is_over() {
            return None;
        }
        let winner = if self.score[WHITE] >= self.score[BLACK] {
            WHITE
        } else {
            BLACK
        };
        let kind = self.win_kind(winner);
        let who_wins = format!("{} wins", SEAT_NAMES[winner]);
        Some(self.match_won(winner, self.score, kind, &who_wins, ""))
    }
}

/// Heuristic worth of one side's checkers against the other's, in pips.
fn evaluate_side(me: Side, them: Side) -> f64 {
    let mut value = 200.0 - f64::from(me.pips()) + 4.0 * f64::from(me.off());
    let mine = me.occupancy();
    // Points held in front of the opponent block their way; longer runs block more.
    let theirs_behind = them.occupancy();
    let blocking = board::rotate12(mine);
    let mut run = 0u32;
    let mut best_run = 0u32;
    for bit in 0..24 {
        if blocking & (1 << bit) != 0 {
            run += 1;
            best_run = best_run.max(run);
        } else {
            run = 0;
        }
    }
    value += 1.5 * f64::from(best_run.min(5));
    if theirs_behind != 0 {
        value += 0.5 * f64::from(mine.count_ones());
    }
    // Checkers piled on the head are slow to bring into play.
    value -= 0.4 * f64::from(me.count(24).saturating_sub(1));
    // Checkers left far behind once the race is on cost bearing-off time.
    if me.off() == 0 {
        value -= 0.2 * f64::from((mine & !HOME_MASK).count_ones());
    }
    value
}
