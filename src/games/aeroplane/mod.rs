//! Aeroplane Chess: rules section 3 of `rules.md`, seed 003.
//!
//! Each seat's four planes are kept as progress values along that seat's own path (see
//! [`board`]), so moving never converts squares; captures compare track squares. Own
//! planes on the same square form a stack simply by standing there together, so a stack
//! needs no bookkeeping: it moves as one because a move takes every own plane on the
//! square, and it falls apart when its planes are sent home or reach the centre.
//!
//! Who starts is a roll-off made of ordinary roll phases: a new game is in
//! `Phase::Roll(0)`, and each [`Game::set_dice`] records that seat's die and hands the
//! roll to the next seat still in the roll-off, in seat order. When every seat in the
//! round has rolled, the single highest roller gets `Phase::Roll` for a fresh first
//! roll; seats tied for the highest roll again (in seat order), the others drop out.
//! Nobody moves during the roll-off, so [`Game::legal_moves`] is empty.
//!
//! The third 6 in a row is rolled like any other roll, then `pass` is its only legal
//! move; playing it sends the planes moved with the first two 6s home and ends the turn.

pub mod board;
mod check;
mod describe;
mod encode;
pub mod eval;
mod fault;
mod finishers;
mod hash;
mod lab;
mod notation;
mod render;
mod strategy;
mod text;
mod validate;

use std::sync::Arc;

use board::{CENTRE, HANGAR, LAUNCH, Landing, Trace};

use super::shared;
use crate::core::turn::{self, ONE_DIE, Start};
use crate::core::{
    Dice, Game, HelpExamples, IllegalMove, OptionError, OptionSpec, Options, Outcome, Phase, PhaseMistake,
    PlayError, RollOff, RollOffRule, Seat, WrongPhase,
};

pub use fault::{MoveFault, PositionFault};

/// A position string that is not a position of this game.
pub type PositionError = crate::core::PositionError<PositionFault>;

/// The four colours in clockwise order; a colour's number is its index.
pub const COLOUR_NAMES: [&str; 4] = ["red", "yellow", "blue", "green"];
/// The letter of each colour in moves, squares and position strings.
pub const COLOUR_LETTERS: [char; 4] = ['r', 'y', 'b', 'g'];
/// Planes per player.
pub const PLANES: usize = 4;

/// The colours of the seats for 2, 3 and 4 players (seat order is clockwise). Two players
/// sit opposite each other so that both have the same distance to each other's track.
const SEAT_COLOURS: [&[usize]; 3] = [&[0, 2], &[0, 1, 2], &[0, 1, 2, 3]];

shared::game_info! {
    game: Aeroplane,
    rules: AeroplaneRules,
    id: "aeroplane",
    title: "Aeroplane Chess",
    seats: 2..=4,
    options: [
        OptionSpec::choice(
            "players",
            &["4", "2", "3"],
            "how many players: 2 (red, blue), 3 (red, yellow, blue) or 4",
        ),
        OptionSpec::choice(
            "launch",
            &["even", "six", "five-six"],
            "which rolls bring a plane from the hangar to the launch area",
        ),
        OptionSpec::choice(
            "fly-then-jump",
            &["off", "on"],
            "after flying from a direct landing on the shortcut square, also jump 4",
        ),
        OptionSpec::choice(
            "overshoot",
            &["forbid", "bounce"],
            "a roll past the centre is not allowed, or moves back by the excess",
        ),
        OptionSpec::choice(
            "until",
            &["last", "first"],
            "play on until the full ranking is known, or stop at the first winner",
        ),
    ],
    summary: "four planes each race round 52 squares",
    examples: HelpExamples {
        moves: &["r2", "launch", "pass"],
        dice: "5",
        dice_rule: "One die, 1 to 6.",
        new: "new aeroplane players=2",
        notation: "A move names the plane to move (r2), or 'launch' to bring one out.",
        seat: "yellow",
    },
}

/// Which rolls launch a plane (option `launch`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaunchRule {
    /// 2, 4 or 6 (the seed's rule).
    Even,
    /// Only a 6.
    Six,
    /// A 5 or a 6.
    FiveSix,
}

impl LaunchRule {
    /// True if `roll` launches a plane.
    pub fn allows(self, roll: u8) -> bool {
        match self {
            LaunchRule::Even => roll.is_multiple_of(2),
            LaunchRule::Six => roll == 6,
            LaunchRule::FiveSix => roll >= 5,
        }
    }

    /// The rolls that launch, for messages: `an even roll (2, 4 or 6)`.
    pub fn describe(self) -> &'static str {
        match self {
            LaunchRule::Even => "an even roll (2, 4 or 6)",
            LaunchRule::Six => "a 6 (launch=six)",
            LaunchRule::FiveSix => "a 5 or a 6 (launch=five-six)",
        }
    }
}

/// The rule options of a game of Aeroplane Chess, read once when the game is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AeroplaneRules {
    /// How many players (option `players`).
    pub players: usize,
    /// Which rolls launch a plane (option `launch`).
    pub launch: LaunchRule,
    /// Options `fly-then-jump` and `overshoot`.
    pub landing: Landing,
    /// Option `until=last`: play on until one player is left.
    pub until_last: bool,
}

impl AeroplaneRules {
    /// The rules these (validated) options set.
    pub fn read(options: &Options) -> Result<AeroplaneRules, OptionError> {
        Ok(AeroplaneRules {
            players: options.read("players", &[("2", 2), ("3", 3), ("4", 4)])?,
            launch: options.read(
                "launch",
                &[
                    ("even", LaunchRule::Even),
                    ("six", LaunchRule::Six),
                    ("five-six", LaunchRule::FiveSix),
                ],
            )?,
            landing: Landing {
                fly_then_jump: options.flag("fly-then-jump")?,
                bounce: options.read("overshoot", &[("forbid", false), ("bounce", true)])?,
            },
            until_last: options.read("until", &[("last", true), ("first", false)])?,
        })
    }
}

/// Where the turn cycle stands: the roll-off is one die a seat, in seat order, and the
/// highest rolls afresh to start; a move plays one die.
type Stage = turn::Stage<u8>;

/// An Aeroplane Chess game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Aeroplane {
    options: Arc<Options>,
    rules: AeroplaneRules,
    seats: usize,
    /// Each seat's planes as progress along that seat's path (see [`board`]).
    planes: [[i8; PLANES]; 4],
    stage: Stage,
    turn: Seat,
    /// Sixes already rolled in this turn before the current roll (0..=2).
    sixes: u8,
    /// Bit `i` set: the mover's plane `i + 1` moved with one of those sixes.
    moved: u8,
    /// Seats in the order they brought all four planes to the centre.
    finished: finishers::Finishers,
}

/// One move: launch a plane, move a plane (and the stack it is in), or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AeroMove {
    /// Nothing can be played (or the third 6 in a row is forfeited).
    Pass,
    /// The lowest-numbered plane in the hangar goes to the launch area.
    Launch,
    /// Plane `plane` (0-based) of colour `colour` moves, with its whole stack.
    Plane {
        /// The plane's colour (0..=3).
        colour: u8,
        /// The plane's number minus one (0..=3).
        plane: u8,
    },
}

/// The notation of a plane: `r2`.
pub fn plane_name(colour: usize, plane: usize) -> String {
    format!("{}{}", COLOUR_LETTERS[colour % 4], plane + 1)
}

impl Aeroplane {
    /// A new game at its start position under `rules`, read from `options` once
    /// [`NewGame::new_game`](crate::core::NewGame::new_game) has checked them against [`INFO`].
    fn start(options: Arc<Options>, rules: AeroplaneRules) -> Aeroplane {
        let seats = rules.players;
        Aeroplane {
            options,
            rules,
            seats,
            planes: [[HANGAR; PLANES]; 4],
            stage: Stage::RollOff(RollOff::new(RollOffRule::Highest, seats)),
            turn: 0,
            sixes: 0,
            moved: 0,
            finished: finishers::Finishers::default(),
        }
    }

    /// The rule options in force.
    pub fn rules(&self) -> AeroplaneRules {
        self.rules
    }

    /// The colour (0..=3) of `seat`.
    pub fn colour(&self, seat: Seat) -> usize {
        SEAT_COLOURS[self.seats - 2][seat.min(self.seats - 1)]
    }

    /// The seat playing `colour`, if that colour takes part.
    pub fn seat_of_colour(&self, colour: usize) -> Option<Seat> {
        SEAT_COLOURS[self.seats - 2].iter().position(|&c| c == colour)
    }

    /// Where plane `plane` (0-based) of `seat` is, as progress along its path (see
    /// [`board`]: [`board::HANGAR`], [`board::LAUNCH`], 0..=54, [`board::CENTRE`]);
    /// `None` for a seat or plane that does not exist.
    pub fn place(&self, seat: Seat, plane: usize) -> Option<i8> {
        if seat >= self.seats {
            return None;
        }
        self.planes[seat].get(plane).copied()
    }

    /// The seats that have brought all planes to the centre, in finishing order.
    pub fn finished(&self) -> &[Seat] {
        &self.finished
    }

    /// Sixes rolled earlier in this turn (before the dice being played).
    pub fn sixes(&self) -> u8 {
        self.sixes
    }

    /// True while the roll-off decides who starts.
    pub fn in_rolloff(&self) -> bool {
        matches!(self.stage, Stage::RollOff(_))
    }

    /// True if the dice being played are the third 6 in a row (only `pass` is legal).
    fn third_six(&self) -> bool {
        matches!(self.stage, Stage::Move(6)) && self.sixes >= 2
    }

    fn landing(&self) -> Landing {
        self.rules.landing
    }

    /// The planes of `seat` that move together with plane `plane`: the whole stack on a
    /// track or home-column square, the plane alone in the launch area.
    fn piece(&self, seat: Seat, plane: usize) -> u8 {
        let at = self.planes[seat][plane];
        if at == LAUNCH || at == HANGAR || at == CENTRE {
            return 1 << plane;
        }
        self.planes_at(seat, at)
    }

    /// True if plane `plane` is the lowest-numbered plane of its piece, the one that
    /// names the piece in the legal move list.
    fn names_piece(&self, seat: Seat, plane: usize) -> bool {
        self.piece(seat, plane).trailing_zeros() as usize == plane
    }

    fn first_in_hangar(&self, seat: Seat) -> Option<usize> {
        (0..PLANES).find(|&i| self.planes[seat][i] == HANGAR)
    }

    /// The planes (bit masks per seat) standing on the mover's progress `d` on the track,
    /// belonging to other seats.
    fn opponents_at(&self, mover: Seat, d: i8) -> [u8; 4] {
        let mut found = [0u8; 4];
        let target = board::square(self.colour(mover), d);
        for (seat, mask) in found.iter_mut().enumerate().take(self.seats) {
            if seat == mover {
                continue;
            }
            let colour = self.colour(seat);
            for plane in 0..PLANES {
                let at = self.planes[seat][plane];
                if board::on_track(at) && board::square(colour, at) == target {
                    *mask |= 1 << plane;
                }
            }
        }
        found
    }

    /// Every plane (bit masks per seat) a move along `trace` by `mover` sends home: those
    /// on each square it touches down on, and, after a flight, the opposite colour's
    /// planes on the crossed square of its home column.
    fn captures(&self, mover: Seat, trace: &Trace) -> [u8; 4] {
        let mut captured = [0u8; 4];
        for d in trace.touchdowns() {
            for (all, found) in captured.iter_mut().zip(self.opponents_at(mover, d)) {
                *all |= found;
            }
        }
        if trace.flew
            && let Some(seat) = self.seat_of_colour(board::opposite(self.colour(mover)))
        {
            for plane in 0..PLANES {
                if self.planes[seat][plane] == board::CROSSED {
                    captured[seat] |= 1 << plane;
                }
            }
        }
        captured
    }

    /// The path of a plane of the mover with the current dice, if it may move.
    fn trace_of(&self, plane: usize) -> Option<Trace> {
        let at = self.planes[self.turn][plane];
        let roll = self.stage.rolled()?;
        if at == HANGAR || at == CENTRE {
            return None;
        }
        board::trace(at, roll, self.landing())
    }

    fn apply(&mut self, mv: &AeroMove) {
        let mover = self.turn;
        let roll = self.stage.rolled().unwrap_or(0);
        let trace = match *mv {
            AeroMove::Plane { plane, .. } => self.trace_of(usize::from(plane).min(PLANES - 1)),
            _ => None,
        };
        match *mv {
            AeroMove::Pass => {
                if roll == 6 && self.sixes >= 2 {
                    // The third 6: the planes moved with the first two go back.
                    for plane in 0..PLANES {
                        if self.moved & (1 << plane) != 0 && self.planes[mover][plane] != CENTRE {
                            self.planes[mover][plane] = HANGAR;
                        }
                    }
                    self.end_turn();
                } else {
                    self.after_move(roll, 0);
                }
            }
            AeroMove::Launch => {
                let Some(plane) = self.first_in_hangar(mover) else {
                    return self.after_move(roll, 0);
                };
                self.planes[mover][plane] = LAUNCH;
                self.after_move(roll, 1 << plane);
            }
            AeroMove::Plane { plane, .. } => {
                let plane = usize::from(plane).min(PLANES - 1);
                let Some(trace) = trace else {
                    return self.after_move(roll, 0);
                };
                let piece = self.piece(mover, plane);
                let captured = self.captures(mover, &trace);
                for (seat, mask) in captured.iter().enumerate().take(self.seats) {
                    for i in 0..PLANES {
                        if mask & (1 << i) != 0 {
                            self.planes[seat][i] = HANGAR;
                        }
                    }
                }
                for i in 0..PLANES {
                    if piece & (1 << i) != 0 {
                        self.planes[mover][i] = trace.end;
                    }
                }
                self.after_move(roll, piece);
            }
        }
    }

    /// What follows a played roll: finishing, the extra roll of a 6, or the next seat.
    fn after_move(&mut self, roll: u8, moved: u8) {
        let mover = self.turn;
        if self.planes[mover].iter().all(|&at| at == CENTRE) && !self.finished.contains(&mover) {
            self.finished.push(mover);
            let needed = if self.rules.until_last { self.seats - 1 } else { 1 };
            if self.finished.len() >= needed {
                self.stage = Stage::Over;
                self.sixes = 0;
                self.moved = 0;
                return;
            }
            return self.end_turn();
        }
        if roll == 6 {
            self.sixes += 1;
            self.moved |= moved;
            self.stage = Stage::Roll;
        } else {
            self.end_turn();
        }
    }

    fn end_turn(&mut self) {
        self.sixes = 0;
        self.moved = 0;
        self.stage = Stage::Roll;
        self.turn = self.next_seat(self.turn);
    }

    /// The next seat clockwise that still plays.
    fn next_seat(&self, seat: Seat) -> Seat {
        (1..=self.seats)
            .map(|step| (seat + step) % self.seats)
            .find(|s| !self.finished.contains(s))
            .unwrap_or(seat)
    }

    /// The move `before` played to reach `self`, if one of its legal moves does.
    fn played_from(&self, before: &Aeroplane) -> Option<AeroMove> {
        before.stage.rolled()?;
        let mut legal = Vec::new();
        before.legal_moves(&mut legal);
        legal.into_iter().find(|mv| {
            let mut after = before.clone();
            after.apply(mv);
            after == *self
        })
    }

    /// Validates a parsed position's invariants.
    fn validate(&self) -> Result<(), PositionError> {
        validate::validate(self)
    }
}

impl Game for Aeroplane {
    type Move = AeroMove;
    type MoveFault = MoveFault;

    shared::game_accessors!(turn_cycle);

    shared::one_die!();

    fn seat_count(&self) -> usize {
        self.seats
    }

    fn forfeit(&self, seat: Seat) -> Outcome {
        // The seats already home keep their places.
        Outcome::forfeited(self, seat, &self.finished)
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        COLOUR_NAMES[self.colour(seat)]
    }

    fn dice(&self) -> Option<Dice> {
        self.stage.rolled().map(Dice::single)
    }

    fn set_dice(&mut self, dice: Dice) -> Result<(), WrongPhase> {
        let value = ONE_DIE.one_value(dice, INFO.id)?;
        let colours = SEAT_COLOURS[self.seats - 2];
        self.stage
            .set_roll(&mut self.turn, value, value, Start::Reroll, |seat| {
                COLOUR_NAMES[colours[seat.min(colours.len() - 1)]]
            })
    }

    fn legal_moves(&self, out: &mut Vec<AeroMove>) {
        let Some(roll) = self.stage.rolled() else {
            return;
        };
        if self.third_six() {
            out.push(AeroMove::Pass);
            return;
        }
        let start = out.len();
        let mover = self.turn;
        if self.rules.launch.allows(roll) && self.first_in_hangar(mover).is_some() {
            out.push(AeroMove::Launch);
        }
        let colour = self.colour(mover) as u8;
        for plane in 0..PLANES {
            if self.names_piece(mover, plane) && self.trace_of(plane).is_some() {
                out.push(AeroMove::Plane {
                    colour,
                    plane: plane as u8,
                });
            }
        }
        if out.len() == start {
            out.push(AeroMove::Pass);
        }
    }

    fn play(&mut self, mv: &AeroMove) -> Result<(), PlayError<MoveFault>> {
        if self.in_rolloff() {
            return Err(PhaseMistake::RollOff {
                to_roll: Some(self.seat_name(self.turn)),
            }
            .into());
        }
        self.stage.to_move()?;
        self.check(mv).map_err(IllegalMove)?;
        self.apply(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: &AeroMove) {
        if self.stage.rolled().is_some() {
            self.apply(mv);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.stage.is_over() {
            return None;
        }
        let names: Vec<&str> = self.finished.iter().map(|&s| self.seat_name(s)).collect();
        let winner = *self.finished.first()?;
        if !self.rules.until_last && self.seats > 2 {
            return Some(Outcome::winner(
                self.seats,
                winner,
                1,
                format!("{} wins (first with all four planes in the centre)", names[0]),
            ));
        }
        let mut order = self.finished.to_vec();
        order.extend((0..self.seats).filter(|s| !self.finished.contains(s)));
        let all: Vec<&str> = order.iter().map(|&s| self.seat_name(s)).collect();
        Some(Outcome::ranking(
            &order,
            format!("{} wins; ranking {}", all[0], all.join(", ")),
        ))
    }
}

impl Aeroplane {
    /// The planes of `seat` whose place is `at`, as a bit mask.
    fn planes_at(&self, seat: Seat, at: i8) -> u8 {
        (0..PLANES)
            .filter(|&i| self.planes[seat][i] == at)
            .fold(0, |mask, i| mask | 1 << i)
    }

    /// The planes of `seat` standing at progress `at` on a square (not the launch area).
    fn piece_at(&self, seat: Seat, at: i8) -> u8 {
        if at < 0 || at == CENTRE {
            return 0;
        }
        self.planes_at(seat, at)
    }
}
