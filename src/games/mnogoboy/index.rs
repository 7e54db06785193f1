//! Two-seat Mnogoboy numbered for exact solving.
//!
//! With two players the whole game is two pieces (a field and a colour each): the five
//! others are the reserve. A turn is a short tree of its own (an exchange before the
//! roll, the roll, a branch at a fork, extra rolls on the piece's own colour, an exchange
//! after the move or on a dot) that always ends where the other seat begins its turn, or
//! in a win. So the solver needs a value only where a turn begins: the seat to act
//! either rolls next (`Roll`, nothing done yet) or takes its first piece. Such a position
//! is numbered by the mover's piece and the other seat's, each `0` for none or
//! `1 + field * 7 + colour`, as `mover * PIECE_CODES + other`.
//!
//! [`turn_tree`] writes the tree of a turn as the rules play it (through the same
//! `legal_moves`, `set_dice` and `play_unchecked` every game uses), with a turn start of
//! the other seat as a leaf, so that a solver can back values up without knowing a rule.

use std::sync::Arc;

use super::{BeforeRoll, Colour, LAST_FIELD, MAX_SEATS, Mnogoboy, MnogoboyMove, Piece, Stage};
use crate::core::Notation;
use crate::core::{Dice, Game, NewGame, Options};

/// Codes a seat's piece can have: none, or one of 7 colours on each of the fields
/// S (0) to 66.
pub const PIECE_CODES: u64 = 1 + (LAST_FIELD as u64 + 1) * 7;

/// Positions in the numbering (some, with both pieces of one colour, never occur).
pub const POSITIONS: u64 = PIECE_CODES * PIECE_CODES;

/// One node of a turn's tree, as [`turn_tree`] writes it (children follow their parent,
/// depth first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnNode {
    /// The mover wins.
    Won,
    /// The other seat begins its turn in this position: worth one minus its value.
    Handover(u64),
    /// The mover chooses the best of the next this many subtrees.
    Best(u8),
    /// A roll: the next six subtrees, for 1 to 6, each with chance 1/6.
    Roll,
}

fn piece_code(piece: Option<Piece>) -> u64 {
    piece.map_or(0, |p| 1 + u64::from(p.field) * 7 + colour_number(p.colour))
}

fn colour_number(colour: Colour) -> u64 {
    Colour::ALL.iter().position(|&c| c == colour).unwrap_or(0) as u64
}

fn piece_of(code: u64) -> Option<Piece> {
    let code = code.checked_sub(1)?;
    Some(Piece {
        colour: Colour::ALL[(code % 7) as usize],
        field: (code / 7) as u8,
    })
}

/// The position numbered `index` with seat 0 to act, or `None` where the number names
/// no position (both pieces of one colour, or a number too large).
pub fn position(index: u64) -> Option<Mnogoboy> {
    if index >= POSITIONS {
        return None;
    }
    let mover = piece_of(index / PIECE_CODES);
    let other = piece_of(index % PIECE_CODES);
    if let (Some(a), Some(b)) = (mover, other)
        && a.colour == b.colour
    {
        return None;
    }
    let mut pieces = [None; MAX_SEATS];
    pieces[0] = mover;
    pieces[1] = other;
    Some(Mnogoboy {
        options: Arc::clone(two_seat_options()),
        seats: 2,
        pieces,
        turn: 0,
        stage: if mover.is_some() {
            Stage::Roll { again: false }
        } else {
            Stage::Take
        },
        before: BeforeRoll::Nothing,
    })
}

fn two_seat_options() -> &'static Arc<Options> {
    static OPTIONS: std::sync::OnceLock<Arc<Options>> = std::sync::OnceLock::new();
    OPTIONS.get_or_init(|| {
        let game = Mnogoboy::new_game(&Options::default()).expect("the default options are valid");
        Arc::clone(&game.options)
    })
}

/// The number of `game`'s position, if it is two-seat and a turn begins there.
pub fn index_of(game: &Mnogoboy) -> Option<u64> {
    if game.seats != 2 || !is_turn_start(game) {
        return None;
    }
    let mover = game.turn;
    Some(piece_code(game.pieces[mover]) * PIECE_CODES + piece_code(game.pieces[1 - mover]))
}

fn is_turn_start(game: &Mnogoboy) -> bool {
    match game.stage {
        Stage::Roll { again: false } => game.before == BeforeRoll::Nothing,
        Stage::Take => true,
        _ => false,
    }
}

/// How far both pieces have come (0 when neither has one): the solver sweeps the
/// positions nearest the finish first.
pub fn progress(index: u64) -> u32 {
    let field = |code: u64| piece_of(code).map_or(0, |p| u32::from(p.field) + 1);
    field(index / PIECE_CODES) + field(index % PIECE_CODES)
}

/// Appends the tree of the turn that begins in position `index` (see [`position`]) to
/// `out`; nothing for a number that names no position.
pub fn turn_tree(index: u64, out: &mut Vec<TurnNode>) {
    if let Some(game) = position(index) {
        subtree(&game, game.turn, out);
    }
}

/// Appends the tree of the rest of the turn of `mover` from `game`.
fn subtree(game: &Mnogoboy, mover: usize, out: &mut Vec<TurnNode>) {
    if game.stage == Stage::Over {
        // Only the mover can reach F in its own turn.
        out.push(TurnNode::Won);
        return;
    }
    if game.turn != mover {
        // Every turn ends in `end_turn`, which leaves the next seat at a turn start.
        let next = index_of(game);
        debug_assert!(
            next.is_some(),
            "a turn ended mid-turn: {}",
            game.position_string()
        );
        out.push(TurnNode::Handover(next.unwrap_or(0)));
        return;
    }
    let mut moves: Vec<MnogoboyMove> = Vec::new();
    game.legal_moves(&mut moves);
    let rolls = matches!(game.stage, Stage::Roll { .. });
    let choices = moves.len() + usize::from(rolls);
    if choices > 1 {
        out.push(TurnNode::Best(choices as u8));
    }
    if rolls {
        out.push(TurnNode::Roll);
        for die in 1..=6 {
            let mut after = game.clone();
            // A roll is always accepted in the roll stage.
            let _ = after.set_dice(Dice::single(die));
            subtree(&after, mover, out);
        }
    }
    for mv in &moves {
        let mut after = game.clone();
        after.play_unchecked(mv);
        subtree(&after, mover, out);
    }
}
