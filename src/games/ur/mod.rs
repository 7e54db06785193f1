//! The Royal Game of Ur: the seed's City of Ur (rules.md 2a, the default) and
//! royalur.net's standard rule sets finkel, masters, blitz and aseb (rules.md 2b).
//!
//! Pieces are counted per slot of their owner's trajectory (see [`board`]), so two pieces
//! in the same place are interchangeable and a position is a few small arrays.

pub mod board;
mod check;
pub mod count;
mod encode;
pub mod eval;
mod fault;
mod hash;
pub mod index;
mod lab;
pub mod movegen;
mod notation;
mod render;
mod strategy;
mod text;
mod validate;

use std::sync::Arc;

use board::{Layout, RuleSet, cell_name};
use movegen::{Judge, Plan};

use super::shared;
use crate::core::turn::{self, Start};
use crate::core::{
    Dice, DiceError, DiceMistake, DiceSource, Game, HelpExamples, IllegalMove, OptionError, OptionSpec,
    Options, Outcome, PhaseMistake, PlayError, RollOff, RollOffRule, Seat, WrongPhase,
};

pub use fault::{MoveFault, PositionFault};

/// A position string that is not a position of this game.
pub type PositionError = crate::core::PositionError<PositionFault>;

pub use board::Cell;
pub use lab::solved_table;
pub use text::START_CITY;

/// The first seat.
pub const LIGHT: Seat = 0;
/// The second seat.
pub const DARK: Seat = 1;

const SEAT_NAMES: [&str; 2] = ["light", "dark"];

shared::game_info! {
    game: Ur,
    rules: UrRules,
    id: "ur",
    title: "Royal Game of Ur",
    seats: 2..=2,
    options: [
        OptionSpec::choice(
            "rules",
            &["city", "finkel", "masters", "blitz", "aseb"],
            "city: the seed's City of Ur; finkel, masters, blitz, aseb: royalur.net's rule sets",
        ),
        OptionSpec::choice(
            "back-star",
            &["stay", "retreat"],
            "city only: after a backward capture on a star the piece stays, or retreats as far again",
        ),
    ],
    summary: "the Sumerian race game, in five rule sets",
    examples: HelpExamples {
        moves: &["in-c1", "d2-f2", "g1-off", "pass"],
        dice: "2",
        dice_rule: "Give the roll as one number (the total of binary dice).",
        new: "new ur rules=finkel",
        notation: "A move is FROM-TO: 'in' enters a piece, 'off' bears one off.",
        seat: "dark",
    },
}

/// One side's pieces: how many stand in each slot, in the reserve and borne off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Army {
    /// Pieces per slot of the owner's trajectory.
    pub counts: [u8; board::SLOTS],
    /// Pieces waiting to enter (blank side up).
    pub reserve: u8,
    /// Pieces borne off.
    pub off: u8,
}

impl Army {
    /// Pieces on the board.
    pub fn on_board(&self) -> u8 {
        self.counts.iter().sum()
    }

    /// Every piece: reserve, board and borne off.
    pub fn total(&self) -> u32 {
        u32::from(self.on_board()) + u32::from(self.reserve) + u32::from(self.off)
    }
}

/// Where the turn cycle stands: City's opening roll-off (the seat to roll looks for a 1,
/// and plays it), then turns of one roll.
type Stage = turn::Stage<u8>;

/// The values of the option `back-star`, each with whether a piece retreats
/// ([`UrRules::retreat`]).
const BACK_STAR: [(&str, bool); 2] = [("stay", false), ("retreat", true)];

/// The rule options of a game of Ur, read once when the game is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UrRules {
    /// The rule set (option `rules`).
    pub rule_set: RuleSet,
    /// City: after a backward capture on a star the piece retreats as far again
    /// (option `back-star=retreat`).
    pub retreat: bool,
}

impl UrRules {
    /// The rules these (validated) options set.
    pub fn read(options: &Options) -> Result<UrRules, OptionError> {
        let rule_sets = RuleSet::ALL.map(|rules| (rules.name(), rules));
        Ok(UrRules {
            rule_set: options.read("rules", &rule_sets)?,
            retreat: options.read("back-star", &BACK_STAR)?,
        })
    }

    /// The value of the option `back-star` these rules were read from: `stay` or
    /// `retreat`.
    pub fn back_star(&self) -> &'static str {
        BACK_STAR
            .iter()
            .find(|(_, retreat)| *retreat == self.retreat)
            .map_or("stay", |(word, _)| word)
    }
}

/// A game of Ur in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ur {
    options: Arc<Options>,
    rules: UrRules,
    layout: &'static Layout,
    armies: [Army; 2],
    turn: Seat,
    stage: Stage,
}

/// A move: `in-c1`, `d2-f2`, `g1-off`, `pass`, with the qualifiers `legal` adds only where
/// the plain text would name two different moves (`h1m-h2`, `g2-g3-h2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UrMove {
    /// Nothing can be played.
    Pass,
    /// One piece moves.
    Step(Step),
}

/// One piece's move as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The cell it leaves; `None` for a piece entering from the reserve (`in`).
    pub from: Option<Cell>,
    /// City: which piece on a shared cell moves, by its face (`Some(true)` = marked).
    pub face: Option<bool>,
    /// City: the first cell of the small block's side the move takes (`g1` or `g3`).
    pub via: Option<Cell>,
    /// The cell it moves to; `None` for bearing off.
    pub to: Option<Cell>,
}

impl Ur {
    /// A new game at its start position under `rules`, read from `options` once
    /// [`NewGame::new_game`](crate::core::NewGame::new_game) has checked them against [`INFO`].
    fn start(options: Arc<Options>, rules: UrRules) -> Ur {
        let layout = Layout::of(rules.rule_set);
        let army = Army {
            reserve: layout.pieces,
            ..Army::default()
        };
        Ur {
            options,
            rules,
            layout,
            armies: [army; 2],
            turn: LIGHT,
            stage: if layout.is_city() {
                Stage::RollOff(RollOff::new(RollOffRule::FirstTo(1), 2))
            } else {
                Stage::Roll
            },
        }
    }

    /// The rule set being played.
    pub fn rule_set(&self) -> RuleSet {
        self.layout.rules
    }

    /// The rule options in force.
    pub fn rules(&self) -> UrRules {
        self.rules
    }

    /// The pieces of `seat`.
    pub fn army(&self, seat: Seat) -> &Army {
        &self.armies[seat.min(1)]
    }

    /// True during City's opening roll-off.
    pub fn in_roll_off(&self) -> bool {
        matches!(self.stage, Stage::RollOff(_))
    }

    /// How many pieces of `seat` stand on `cell`, split into (blank, marked).
    pub fn pieces_on(&self, seat: Seat, cell: Cell) -> (u8, u8) {
        let occ = movegen::occupancy(self.layout, &self.armies);
        let here = occ.get(cell as usize).map_or([0, 0], |c| c[seat.min(1)]);
        (here[0], here[1])
    }

    fn judge(&self) -> Judge<'_> {
        Judge::new(self.layout, &self.armies, self.turn, self.rules.retreat)
    }

    fn plans(&self) -> Vec<Plan> {
        let mut plans = Vec::new();
        if let Stage::Move(roll) = self.stage {
            self.judge().legal(roll, &mut plans);
        }
        plans
    }

    /// Runs `f` on the legal plans, kept in a buffer per thread so that move generation
    /// at every node of a search allocates nothing.
    fn with_plans<R>(&self, f: impl FnOnce(&[Plan]) -> R) -> R {
        thread_local! {
            static PLANS: std::cell::RefCell<Vec<Plan>> = std::cell::RefCell::new(Vec::with_capacity(16));
        }
        PLANS.with(|plans| {
            let mut plans = plans.borrow_mut();
            plans.clear();
            if let Stage::Move(roll) = self.stage {
                self.judge().legal(roll, &mut plans);
            }
            f(&plans)
        })
    }

    /// The plain text of a plan, before any qualifier.
    fn plain_step(&self, plan: &Plan) -> Step {
        Step {
            from: plan.from.map(|s| self.layout.cell_of(self.turn, s)),
            face: None,
            via: None,
            to: plan.to.map(|s| self.layout.cell_of(self.turn, s)),
        }
    }

    fn face_of(&self, plan: &Plan) -> bool {
        plan.from.is_some_and(|s| self.layout.marked(s))
    }

    /// The written form of each plan: plain, plus a face and/or side qualifier where two
    /// legal plans would otherwise read the same.
    fn steps_for(&self, plans: &[Plan]) -> Vec<Step> {
        (0..plans.len()).map(|i| self.step_for(plans, i)).collect()
    }

    /// The written form of `plans[i]` (see [`Ur::steps_for`]).
    fn step_for(&self, plans: &[Plan], i: usize) -> Step {
        let plan = &plans[i];
        let plain = self.plain_step(plan);
        let mut step = plain;
        for (j, other) in plans.iter().enumerate() {
            if i == j || self.plain_step(other) != plain {
                continue;
            }
            if self.face_of(other) != self.face_of(plan) {
                step.face = Some(self.face_of(plan));
            } else if other.via != plan.via {
                step.via = plan.via;
            }
        }
        step
    }

    /// True if `plan` is what `step` asks for.
    fn matches(&self, step: &Step, plan: &Plan) -> bool {
        let plain = self.plain_step(plan);
        plain.from == step.from
            && plain.to == step.to
            && step.face.is_none_or(|f| f == self.face_of(plan))
            && step.via.is_none_or(|v| plan.via == Some(v))
    }

    fn apply(&mut self, plan: &Plan) {
        let mover = self.turn;
        movegen::apply(&mut self.armies, mover, plan);
        if self.armies[mover].off == self.layout.pieces {
            self.stage = Stage::Over;
        } else {
            self.stage = Stage::Roll;
            if !plan.extra {
                self.turn = 1 - mover;
            }
        }
    }

    fn pass(&mut self) {
        self.stage = Stage::Roll;
        self.turn = 1 - self.turn;
    }
}

impl Game for Ur {
    type Move = UrMove;
    type MoveFault = MoveFault;

    shared::game_accessors!(two_seats);

    fn dice(&self) -> Option<Dice> {
        self.stage.rolled().map(Dice::single)
    }

    fn roll(&self, source: &mut dyn DiceSource) -> Dice {
        let total = match self.layout.dice {
            board::DiceKind::Tetrahedral => source.throw(4),
            board::DiceKind::FourBinary => (0..4).map(|_| source.throw(2) - 1).sum(),
            board::DiceKind::ThreeBinaryZeroIsFour => match (0..3).map(|_| source.throw(2) - 1).sum() {
                0 => 4,
                n => n,
            },
        };
        Dice::single(total)
    }

    fn chance_outcomes(&self, out: &mut Vec<(Dice, f64)>) {
        if !self.stage.rolls() {
            return;
        }
        match self.layout.dice {
            board::DiceKind::Tetrahedral => crate::core::one_die_outcomes(4, out),
            board::DiceKind::FourBinary => {
                for (total, ways) in [(0u8, 1.0), (1, 4.0), (2, 6.0), (3, 4.0), (4, 1.0)] {
                    out.push((Dice::single(total), ways / 16.0));
                }
            }
            // Three binary dice: a total of 0 counts as 4.
            board::DiceKind::ThreeBinaryZeroIsFour => {
                for (total, ways) in [(1u8, 3.0), (2, 3.0), (3, 1.0), (4, 1.0)] {
                    out.push((Dice::single(total), ways / 8.0));
                }
            }
        }
    }

    fn parse_dice(&self, values: &[u8]) -> Result<Dice, DiceError> {
        let (low, high) = (self.layout.min_roll(), self.layout.max_roll());
        let roll = match self.layout.dice {
            board::DiceKind::Tetrahedral => "one tetrahedral die: 1 to 4",
            board::DiceKind::FourBinary => "four binary dice: give their total, 0 to 4",
            board::DiceKind::ThreeBinaryZeroIsFour => {
                "three binary dice with 0 counting as 4: give the total, 1 to 4"
            }
        };
        match values {
            [value] if (low..=high).contains(value) => Ok(Dice::single(*value)),
            &[value] => Err(DiceMistake::NotARoll {
                value,
                rules: self.layout.rules.name(),
                roll,
            }
            .into()),
            _ => Err(DiceMistake::OneNumber {
                game: INFO.id,
                roll,
                got: values.len(),
            }
            .into()),
        }
    }

    fn set_dice(&mut self, dice: Dice) -> Result<(), WrongPhase> {
        let value = dice.values().first().copied().unwrap_or(0);
        self.stage
            .set_roll(&mut self.turn, value, value, Start::WithThrow, |seat| {
                SEAT_NAMES[seat]
            })
    }

    fn legal_moves(&self, out: &mut Vec<UrMove>) {
        if self.stage.rolled().is_none() {
            return;
        }
        self.with_plans(|plans| {
            if plans.is_empty() {
                out.push(UrMove::Pass);
            }
            out.extend((0..plans.len()).map(|i| UrMove::Step(self.step_for(plans, i))));
        });
    }

    fn play(&mut self, mv: &UrMove) -> Result<(), PlayError<MoveFault>> {
        if self.stage.roll_off().is_some() {
            // City's roll-off is the first to throw a 1, and that 1 is played.
            return Err(PhaseMistake::RollFirst.into());
        }
        self.stage.to_move()?;
        match mv {
            UrMove::Pass => {
                let plans = self.plans();
                if !plans.is_empty() {
                    return Err(IllegalMove(MoveFault::PassWithMoves {
                        seat: self.turn,
                        example: self.steps_for(&plans)[0],
                    })
                    .into());
                }
                self.pass();
            }
            UrMove::Step(step) => {
                let plan = self.resolve(step).map_err(IllegalMove)?;
                self.apply(&plan);
            }
        }
        Ok(())
    }

    fn play_unchecked(&mut self, mv: &UrMove) {
        if self.stage.rolled().is_none() {
            return;
        }
        match mv {
            UrMove::Pass => self.pass(),
            UrMove::Step(step) => {
                let plan = self.with_plans(|plans| plans.iter().find(|p| self.matches(step, p)).copied());
                if let Some(plan) = plan {
                    self.apply(&plan);
                }
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.stage.is_over() {
            return None;
        }
        let winner = self.turn;
        let loser = &self.armies[1 - winner];
        Some(Outcome::winner(
            2,
            winner,
            1,
            format!(
                "{} wins, bearing off all {} pieces ({} has {} off)",
                SEAT_NAMES[winner],
                self.layout.pieces,
                SEAT_NAMES[1 - winner],
                loser.off
            ),
        ))
    }
}

impl Ur {
    /// Progress of one side in path cells, with bonuses for safety and threats.
    fn side_value(&self, seat: Seat) -> f64 {
        let layout = self.layout;
        let army = &self.armies[seat];
        let path_len = f64::from(layout.path_len);
        let mut value = f64::from(army.off) * (path_len + 4.0);
        for slot in 0..layout.slot_count {
            let n = army.counts[slot as usize];
            if n == 0 {
                continue;
            }
            let index = f64::from(layout.index(slot));
            let cell = layout.cell_of(seat, slot);
            let kind = layout.kind(cell);
            let mut piece = index + 1.0;
            let safe = match kind {
                board::Kind::Green | board::Kind::FourEyes => true,
                board::Kind::Rosette => layout.safe_rosettes,
                _ => false,
            };
            if safe {
                piece += 1.0;
            } else if self.threatened(seat, cell) {
                // A piece within reach of an enemy risks all of its progress.
                piece -= 0.3 * (index + 1.0);
            }
            if kind == board::Kind::Rosette && layout.safe_rosettes && cell == board::cell(3, 2) {
                piece += 2.0;
            }
            value += f64::from(n) * piece;
        }
        value
    }

    /// True if an opponent piece (or one entering) could land on `cell` with one roll.
    fn threatened(&self, seat: Seat, cell: Cell) -> bool {
        let layout = self.layout;
        let them = 1 - seat;
        let army = &self.armies[them];
        let reach = |from: i16| -> bool {
            (1..=4i16).any(|r| {
                let t = from + r;
                t >= 0 && t < i16::from(layout.path_len) && {
                    let t = t as u8;
                    if layout.is_city() && (board::CITY_ENTRY..=board::CITY_EXIT).contains(&t) {
                        [false, true]
                            .iter()
                            .any(|&v| layout.cell_of(them, board::city_slot(t, v)) == cell)
                    } else {
                        layout.cell_of(them, t) == cell
                    }
                }
            })
        };
        if army.reserve > 0 && reach(-1) {
            return true;
        }
        (0..layout.slot_count)
            .filter(|&s| army.counts[s as usize] > 0)
            .any(|s| {
                let index = i16::from(layout.index(s));
                reach(index)
            })
    }
}
