//! Where a piece goes with a roll: a cell-by-cell walk along its owner's path.
//!
//! Off the home diagonal an own piece cuts the move short and the first enemy piece in the
//! way is eaten and ends the move. Onto and along the home diagonal the whole roll must
//! fit: an own piece there, or the end of the diagonal, stops the piece from moving at all.

use super::MicrobesMove;
use super::board::{Cell, HOME, LAST, Pieces, cell_of};
use crate::core::Seat;

/// A move a piece can make with the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    /// Path index the piece leaves.
    pub from: u8,
    /// Path index it stops on.
    pub to: u8,
    /// True if it stops on an enemy piece and eats it.
    pub eats: bool,
    /// True if an own piece ahead stopped it before the full roll.
    pub cut_short: bool,
}

/// Why a piece cannot move with the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// An own piece stands on the very next cell (a move of zero cells is no move).
    OwnAhead(Cell),
    /// The roll would carry the piece beyond the last home cell.
    Overshoot,
    /// An own piece stands in the way on the home diagonal, where the roll must fit.
    HomeBlocked(Cell),
}

/// Why a new piece cannot enter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoEntry {
    /// Only a 6 brings a piece in.
    NotSix,
    /// All four pieces are on the board already.
    NoReserve,
    /// An own piece (fresh or home) stands on the start cell.
    StartTaken,
}

/// The board as one mover sees it.
#[derive(Clone, Copy, Debug)]
pub struct Turn {
    /// The seat to move.
    pub seat: Seat,
    /// The mover's pieces.
    pub mine: Pieces,
    /// The other side's pieces.
    pub theirs: Pieces,
    own_cells: u64,
    their_cells: u64,
}

impl Turn {
    /// The board for `seat` to move, given both sides' pieces by seat.
    pub fn new(seat: Seat, pieces: [Pieces; 2]) -> Turn {
        let (mine, theirs) = (pieces[seat], pieces[1 - seat]);
        Turn {
            seat,
            mine,
            theirs,
            own_cells: mine.cells(seat),
            their_cells: theirs.cells(1 - seat),
        }
    }

    /// Walks the mover's piece at path index `from` by `die` cells.
    pub fn walk(&self, from: u8, die: u8) -> Result<Walk, Stuck> {
        let mut at = from;
        for _ in 0..die {
            let next = at + 1;
            if next > LAST {
                return Err(Stuck::Overshoot);
            }
            let cell = cell_of(self.seat, next);
            let bit = 1u64 << cell;
            if self.own_cells & bit != 0 {
                return if next >= HOME {
                    Err(Stuck::HomeBlocked(cell))
                } else if at == from {
                    Err(Stuck::OwnAhead(cell))
                } else {
                    Ok(Walk {
                        from,
                        to: at,
                        eats: false,
                        cut_short: true,
                    })
                };
            }
            if self.their_cells & bit != 0 {
                return Ok(Walk {
                    from,
                    to: next,
                    eats: true,
                    cut_short: false,
                });
            }
            at = next;
        }
        Ok(Walk {
            from,
            to: at,
            eats: false,
            cut_short: false,
        })
    }

    /// Whether a new piece may enter with `die`; `Ok(true)` when it eats an enemy there.
    pub fn enter(&self, die: u8) -> Result<bool, NoEntry> {
        let start = 1u64 << cell_of(self.seat, 0);
        if die != 6 {
            Err(NoEntry::NotSix)
        } else if self.mine.reserve() == 0 {
            Err(NoEntry::NoReserve)
        } else if self.own_cells & start != 0 {
            Err(NoEntry::StartTaken)
        } else {
            Ok(self.their_cells & start != 0)
        }
    }

    /// Fills `out` with every legal move for `die`: `enter` first, then the pieces from
    /// the start onwards; exactly `[pass]` when nothing can be played.
    pub fn generate(&self, die: u8, out: &mut Vec<MicrobesMove>) {
        let before = out.len();
        if self.enter(die).is_ok() {
            out.push(MicrobesMove::Enter);
        }
        for from in self.mine.indices() {
            if self.walk(from, die).is_ok() {
                out.push(MicrobesMove::Piece(cell_of(self.seat, from)));
            }
        }
        if out.len() == before {
            out.push(MicrobesMove::Pass);
        }
    }

    /// Both sides' pieces (by seat) after the mover plays `mv`, assumed legal.
    pub fn after(&self, mv: MicrobesMove, die: u8) -> [Pieces; 2] {
        let (mut mine, mut theirs) = (self.mine, self.theirs);
        let landed = match mv {
            MicrobesMove::Pass => None,
            MicrobesMove::Enter => {
                mine = mine.with(0);
                Some(0)
            }
            MicrobesMove::Piece(cell) => mine
                .index_on(self.seat, cell)
                .and_then(|from| self.walk(from, die).ok())
                .map(|walk| {
                    mine = mine.without(walk.from).with(walk.to);
                    walk.to
                }),
        };
        if let Some(to) = landed {
            let cell = cell_of(self.seat, to);
            if let Some(eaten) = theirs.index_on(1 - self.seat, cell) {
                theirs = theirs.without(eaten);
            }
        }
        let mut pieces = [mine; 2];
        pieces[1 - self.seat] = theirs;
        pieces
    }
}
