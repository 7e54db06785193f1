//! Mnogoboy ("many-fight", Gerd Kramer's Vagabunda): rules section 5 of `rules.md`,
//! seed 004. Seven shared pieces race along a forking track; each player controls one
//! piece at a time and may exchange it for a reserve piece before the roll and after the
//! move.
//!
//! The turn cycle maps onto the core phases like this (see [`Mnogoboy::phase`]):
//! - roll-off: `Roll(seat)` for each seat in seat order; ties for the highest roll again;
//! - a seat without a piece: `Move(seat)` with `take COLOUR` moves, no dice;
//! - before the roll: `Roll(seat)`, where [`Game::legal_moves`] lists `swap COLOUR`;
//! - after the roll: `Move(seat)`: `move`, `move long` / `move short`, or only `pass`;
//! - after the move: `Move(seat)` with `swap COLOUR` moves and `pass` (optional exchange),
//!   or `Roll(seat)` again (own colour), or `Move(seat)` with forced swaps (dot).

mod board;
mod check;
mod encode;
pub mod eval;
mod fault;
mod hash;
pub mod index;
mod lab;
mod notation;
mod render;
mod strategy;
mod text;
mod validate;

use std::sync::Arc;

pub use board::{
    BRANCHES, Branch, Cell, Colour, FINISH, FORKS, LAST_FIELD, START, Walk, cell, colour_rolls_from,
    distance_to_finish, field_colour, field_name, is_fork, next, walk,
};
pub use lab::SOLVED_TABLE;

use super::shared;
use crate::core::turn::{self, ONE_DIE};
use crate::core::{
    Dice, DiceError, DiceSource, Game, HelpExamples, OptionError, OptionSpec, Options, Outcome, Phase,
    PhaseMistake, PlayError, RollOff, RollOffRule, Seat, WrongPhase,
};

pub use fault::{MoveFault, PositionFault};

/// A position string that is not a position of this game.
pub type PositionError = crate::core::PositionError<PositionFault>;

/// The most seats a game can have.
pub const MAX_SEATS: usize = 6;

const SEAT_NAMES: [&str; MAX_SEATS] = ["p1", "p2", "p3", "p4", "p5", "p6"];

shared::game_info! {
    game: Mnogoboy,
    rules: MnogoboyRules,
    id: "mnogoboy",
    title: "Mnogoboy",
    seats: 2..=MAX_SEATS,
    options: [
        OptionSpec::number(
            "players",
            (2, 6, 2),
            "how many players share the seven pieces (2 to 6)",
        ),
    ],
    summary: "seven shared pieces on a forking track",
    examples: HelpExamples {
        moves: &["swap green", "move", "take blue", "move short"],
        dice: "4",
        dice_rule: "One die, 1 to 6.",
        new: "new mnogoboy players=3",
        notation: "take COLOUR, swap COLOUR, move (long|short at a fork), or pass.",
        seat: "p2",
    },
}

/// The rule options of a game of Mnogoboy, read once when the game is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MnogoboyRules {
    /// How many players share the pieces (option `players`).
    pub players: usize,
}

impl MnogoboyRules {
    /// The rules these (validated) options set.
    pub fn read(options: &Options) -> Result<MnogoboyRules, OptionError> {
        Ok(MnogoboyRules {
            players: (options.number("players")? as usize).clamp(2, MAX_SEATS),
        })
    }
}

/// The piece a seat controls and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Which of the seven pieces.
    pub colour: Colour,
    /// Where it stands: [`START`], 1..=66, or [`FINISH`] once the game is won.
    pub field: u8,
}

/// What the seat to act did before its first roll of this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BeforeRoll {
    /// Nothing (yet).
    Nothing,
    /// Took its first piece from the reserve.
    Took,
    /// Exchanged, giving this piece away: it may not be taken back this turn.
    Gave(Colour),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Roll-off: `turn` rolls next.
    RollOff(RollOff),
    /// `turn` has no piece and takes one.
    Take,
    /// `turn` rolls; `again` after landing on its own colour (then no exchange first).
    Roll { again: bool },
    /// `turn` moves by `die`.
    Move { die: u8 },
    /// `turn` has moved and may exchange (or pass).
    Exchange,
    /// `turn` landed on a dot and must exchange.
    Dot,
    /// Somebody reached F: `turn` is the winner.
    Over,
}

/// A game of Mnogoboy in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mnogoboy {
    options: Arc<Options>,
    seats: usize,
    /// The piece each seat controls (`None` before its first turn); unused seats stay `None`.
    pieces: [Option<Piece>; MAX_SEATS],
    turn: Seat,
    stage: Stage,
    before: BeforeRoll,
}

/// One action in Mnogoboy's notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MnogoboyMove {
    /// `take COLOUR`: the first piece, from the reserve onto S.
    Take(Colour),
    /// `swap COLOUR`: exchange the controlled piece for this reserve piece.
    Swap(Colour),
    /// `move`, `move long`, `move short`: move by the die, choosing the branch at a fork.
    Advance(Option<Branch>),
    /// `move FIELD` (`move 16`, `move F`): move by the die to this field; another way to
    /// write a branch choice, never listed by [`Game::legal_moves`].
    AdvanceTo(u8),
    /// `pass`: a lost turn (a six was needed), or no exchange after the move.
    Pass,
}

impl Mnogoboy {
    /// A new game at its start position under `rules`, read from `options` once
    /// [`NewGame::new_game`](crate::core::NewGame::new_game) has checked them against [`INFO`].
    fn start(options: Arc<Options>, rules: MnogoboyRules) -> Mnogoboy {
        let seats = rules.players;
        Mnogoboy {
            options,
            seats,
            pieces: [None; MAX_SEATS],
            turn: 0,
            stage: Stage::RollOff(RollOff::new(RollOffRule::Highest, seats)),
            before: BeforeRoll::Nothing,
        }
    }

    /// The rule options in force.
    pub fn rules(&self) -> MnogoboyRules {
        MnogoboyRules { players: self.seats }
    }

    /// The piece `seat` controls, if it has taken one.
    pub fn piece(&self, seat: Seat) -> Option<Piece> {
        self.pieces.get(seat).copied().flatten()
    }

    /// The seat to act (the winner once the game is over).
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// What the seat to act did before its roll this turn.
    pub fn before_roll(&self) -> BeforeRoll {
        self.before
    }

    /// True while the roll-off decides who starts.
    pub fn in_rolloff(&self) -> bool {
        matches!(self.stage, Stage::RollOff(_))
    }

    /// The pieces nobody controls, in colour order.
    pub fn reserve(&self) -> Vec<Colour> {
        colours_in(self.reserve_mask()).collect()
    }

    /// True if `seat`'s piece stands on a coloured field of another colour, so that only a
    /// 6 would move it if it rolled now.
    pub fn needs_six(&self, seat: Seat) -> bool {
        self.piece(seat)
            .is_some_and(|p| field_colour(p.field).is_some_and(|c| c != p.colour))
    }

    fn held_mask(&self) -> u8 {
        self.pieces[..self.seats]
            .iter()
            .flatten()
            .fold(0, |mask, p| mask | p.colour.bit())
    }

    fn reserve_mask(&self) -> u8 {
        !self.held_mask() & ALL_COLOURS
    }

    fn given_away_mask(&self) -> u8 {
        match self.before {
            BeforeRoll::Gave(colour) => colour.bit(),
            _ => 0,
        }
    }

    /// The colours the optional exchange after the move may take.
    fn exchange_mask(&self) -> u8 {
        self.reserve_mask() & !self.given_away_mask()
    }

    /// The colours the forced exchange on a dot may take: never the piece given away
    /// before the roll, unless it is the only one in the reserve (six players).
    fn dot_mask(&self) -> u8 {
        match self.exchange_mask() {
            0 => self.reserve_mask(),
            mask => mask,
        }
    }

    /// True if swaps are offered in the roll phase: a fresh turn, nothing done yet.
    fn may_swap_before_roll(&self) -> bool {
        self.stage == (Stage::Roll { again: false }) && self.before == BeforeRoll::Nothing
    }

    fn mover_piece(&self) -> Piece {
        // Every stage that moves or exchanges is entered only with a piece in hand.
        self.pieces[self.turn].unwrap_or(Piece {
            colour: Colour::White,
            field: START,
        })
    }

    fn name(&self, seat: Seat) -> &'static str {
        SEAT_NAMES[seat.min(MAX_SEATS - 1)]
    }

    /// The moves a roll of `die` allows (in the move stage).
    fn moves_for(&self, die: u8, out: &mut Vec<MnogoboyMove>) {
        if self.needs_six(self.turn) && die != 6 {
            out.push(MnogoboyMove::Pass);
            return;
        }
        match walk(self.mover_piece().field, die, None) {
            Ok(_) => out.push(MnogoboyMove::Advance(None)),
            Err(_) => {
                out.push(MnogoboyMove::Advance(Some(Branch::Long)));
                out.push(MnogoboyMove::Advance(Some(Branch::Short)));
            }
        }
    }

    /// Where each branch choice of a roll of `die` ends: `(choice, field reached)`.
    fn destinations(&self, die: u8) -> Vec<(Option<Branch>, u8)> {
        let from = self.mover_piece().field;
        match walk(from, die, None) {
            Ok(w) => vec![(None, w.to)],
            Err(_) => [Branch::Long, Branch::Short]
                .into_iter()
                .filter_map(|b| walk(from, die, Some(b)).ok().map(|w| (Some(b), w.to)))
                .collect(),
        }
    }

    fn colour_list(mask: u8, verb: &str) -> String {
        let words: Vec<String> = colours_in(mask).map(|c| format!("{verb} {c}")).collect();
        words.join(", ")
    }

    /// Who holds `colour`, for refusals: "p2 controls green".
    fn holder(&self, colour: Colour) -> Option<Seat> {
        (0..self.seats).find(|&s| self.piece(s).is_some_and(|p| p.colour == colour))
    }

    /// Plays a checked (or listed) move.
    fn apply(&mut self, mv: &MnogoboyMove) {
        match (self.stage, *mv) {
            (Stage::Take, MnogoboyMove::Take(colour)) => {
                self.pieces[self.turn] = Some(Piece { colour, field: START });
                self.before = BeforeRoll::Took;
                self.stage = Stage::Roll { again: false };
            }
            (Stage::Roll { .. }, MnogoboyMove::Swap(colour)) => {
                let given = self.mover_piece().colour;
                self.set_colour(colour);
                self.before = BeforeRoll::Gave(given);
            }
            (Stage::Exchange | Stage::Dot, MnogoboyMove::Swap(colour)) => {
                self.set_colour(colour);
                self.end_turn();
            }
            (Stage::Exchange | Stage::Move { .. }, MnogoboyMove::Pass) => self.end_turn(),
            (Stage::Move { die }, MnogoboyMove::Advance(choice)) => {
                if let Ok(w) = walk(self.mover_piece().field, die, choice) {
                    self.land(w.to);
                }
            }
            (Stage::Move { die }, MnogoboyMove::AdvanceTo(target)) => {
                if let Some((choice, _)) = self.destinations(die).into_iter().find(|&(_, to)| to == target) {
                    self.apply(&MnogoboyMove::Advance(choice));
                }
            }
            _ => {}
        }
    }

    fn set_colour(&mut self, colour: Colour) {
        if let Some(piece) = self.pieces[self.turn].as_mut() {
            piece.colour = colour;
        }
    }

    /// Puts the mover's piece on `field` and follows what the field says.
    fn land(&mut self, field: u8) {
        let Some(piece) = self.pieces[self.turn].as_mut() else {
            return;
        };
        piece.field = field;
        let colour = piece.colour;
        if field == FINISH {
            self.stage = Stage::Over;
            self.before = BeforeRoll::Nothing;
            return;
        }
        match cell(field) {
            Cell::Coloured(c) if c == colour => self.stage = Stage::Roll { again: true },
            Cell::Dot => self.stage = Stage::Dot,
            _ if self.exchange_mask() != 0 => self.stage = Stage::Exchange,
            _ => self.end_turn(),
        }
    }

    fn end_turn(&mut self) {
        self.turn = (self.turn + 1) % self.seats;
        self.before = BeforeRoll::Nothing;
        self.stage = if self.pieces[self.turn].is_some() {
            Stage::Roll { again: false }
        } else {
            Stage::Take
        };
    }

    /// Records a roll-off throw: the next seat throws, or the winner takes its first piece.
    fn roll_off_throw(&mut self, roll_off: RollOff, value: u8) {
        self.stage = match turn::roll_off_throw(roll_off, value, &mut self.turn) {
            Some(going_on) => Stage::RollOff(going_on),
            None => Stage::Take,
        };
    }

    /// Heuristic worth of `seat`'s position alone, in steps of progress.
    fn seat_value(&self, seat: Seat) -> f64 {
        let Some(piece) = self.piece(seat) else {
            return 0.0;
        };
        if piece.field == FINISH {
            return 1000.0;
        }
        let mut value = f64::from(46 - distance_to_finish(piece.field));
        if let Some(field) = field_colour(piece.field)
            && field != piece.colour
        {
            value -= if self.can_free(seat, field) { 1.5 } else { 12.0 };
        }
        if self.turn == seat && self.stage == (Stage::Roll { again: true }) {
            value += 3.5;
        }
        // The chance of an extra roll next time, worth an average roll.
        value + 3.5 * f64::from(colour_rolls_from(piece.field, piece.colour)) / 6.0
    }

    /// True if `seat` could still exchange for `colour` before its next roll.
    fn can_free(&self, seat: Seat, colour: Colour) -> bool {
        if self.reserve_mask() & colour.bit() == 0 {
            return false;
        }
        if seat != self.turn {
            return true;
        }
        match self.stage {
            Stage::Roll { .. } => self.may_swap_before_roll(),
            Stage::Exchange => self.exchange_mask() & colour.bit() != 0,
            _ => true,
        }
    }
}

const ALL_COLOURS: u8 = 0x7f;

fn colours_in(mask: u8) -> impl Iterator<Item = Colour> {
    // An iterator, not a Vec: move generation runs at every node of a search.
    Colour::ALL.into_iter().filter(move |c| mask & c.bit() != 0)
}

impl Game for Mnogoboy {
    type Move = MnogoboyMove;
    type MoveFault = MoveFault;

    shared::game_accessors!();

    fn seat_count(&self) -> usize {
        self.seats
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        self.name(seat)
    }

    fn phase(&self) -> Phase {
        match self.stage {
            Stage::RollOff(_) | Stage::Roll { .. } => Phase::Roll(self.turn),
            Stage::Take | Stage::Move { .. } | Stage::Exchange | Stage::Dot => Phase::Move(self.turn),
            Stage::Over => Phase::Over,
        }
    }

    fn roll_off(&self) -> Option<RollOff> {
        match self.stage {
            Stage::RollOff(roll_off) => Some(roll_off),
            _ => None,
        }
    }

    fn dice(&self) -> Option<Dice> {
        match self.stage {
            Stage::Move { die } => Some(Dice::single(die)),
            _ => None,
        }
    }

    fn roll(&self, source: &mut dyn DiceSource) -> Dice {
        ONE_DIE.roll(source)
    }

    fn chance_outcomes(&self, out: &mut Vec<(Dice, f64)>) {
        if let Phase::Roll(_) = self.phase() {
            ONE_DIE.outcomes(out);
        }
    }

    fn parse_dice(&self, values: &[u8]) -> Result<Dice, DiceError> {
        ONE_DIE.parse(values, INFO.id)
    }

    fn set_dice(&mut self, dice: Dice) -> Result<(), WrongPhase> {
        let me = self.name(self.turn);
        let value = ONE_DIE.one_value(dice, INFO.id)?;
        match self.stage {
            Stage::RollOff(roll_off) => {
                self.roll_off_throw(roll_off, value);
                Ok(())
            }
            Stage::Roll { .. } => {
                self.stage = Stage::Move { die: value };
                Ok(())
            }
            Stage::Take => Err(PhaseMistake::Unfinished {
                seat: me,
                task: "take a piece from the reserve before rolling",
            }
            .into()),
            Stage::Move { die } => Err(PhaseMistake::PlayFirst { seat: me, die }.into()),
            Stage::Exchange => Err(PhaseMistake::Unfinished {
                seat: me,
                task: "finish the turn first: swap COLOUR or pass",
            }
            .into()),
            Stage::Dot => Err(PhaseMistake::Unfinished {
                seat: me,
                task: "exchange the piece on the dot first",
            }
            .into()),
            Stage::Over => Err(PhaseMistake::Over.into()),
        }
    }

    fn legal_moves(&self, out: &mut Vec<MnogoboyMove>) {
        match self.stage {
            Stage::Take => out.extend(colours_in(self.reserve_mask()).map(MnogoboyMove::Take)),
            Stage::Roll { .. } if self.may_swap_before_roll() => {
                out.extend(colours_in(self.reserve_mask()).map(MnogoboyMove::Swap));
            }
            Stage::Move { die } => self.moves_for(die, out),
            Stage::Exchange => {
                out.extend(colours_in(self.exchange_mask()).map(MnogoboyMove::Swap));
                out.push(MnogoboyMove::Pass);
            }
            Stage::Dot => out.extend(colours_in(self.dot_mask()).map(MnogoboyMove::Swap)),
            Stage::RollOff(_) | Stage::Roll { .. } | Stage::Over => {}
        }
    }

    fn play(&mut self, mv: &MnogoboyMove) -> Result<(), PlayError<MoveFault>> {
        let resolved = self.check(mv)?;
        self.apply(&resolved);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: &MnogoboyMove) {
        self.apply(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.stage != Stage::Over {
            return None;
        }
        let colour = self.piece(self.turn).map_or(Colour::White, |p| p.colour);
        Some(Outcome::winner(
            self.seats,
            self.turn,
            1,
            format!("{} wins, bringing {colour} to F", self.name(self.turn)),
        ))
    }
}
