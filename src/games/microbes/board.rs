//! The chessboard and the two paths round it.
//!
//! Cells are numbered `file + 8 * rank` (a1 = 0, h1 = 7, h8 = 63). A piece's place is its
//! index along its owner's path (0..=31), because the cell alone does not say how far it
//! has come: a1 is both White's start (index 0) and the home cell White reaches after a
//! full lap (index 28). One side's pieces are a bit set over path indices.

use crate::core::Seat;

/// The first seat: starts on a1.
pub const WHITE: Seat = 0;
/// The second seat: starts on h8.
pub const BLACK: Seat = 1;

/// Pieces each side owns.
pub const PIECES: u32 = 4;
/// Path index of the first home cell (a1 for White, h8 for Black).
pub const HOME: u8 = 28;
/// Path index of the last home cell (d4 for White, e5 for Black).
pub const LAST: u8 = 31;

/// A cell of the board, `file + 8 * rank`.
pub type Cell = u8;

/// White's path: the cell at each index. Black's is the same turned 180 degrees.
const WHITE_PATH: [Cell; 32] = white_path();

const fn white_path() -> [Cell; 32] {
    let mut path = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        let (file, rank) = match i {
            0..=7 => (i, 0),
            8..=14 => (7, i - 7),
            15..=21 => (21 - i, 7),
            22..=27 => (0, 28 - i),
            _ => (i - 28, i - 28),
        };
        path[i] = (file + 8 * rank) as Cell;
        i += 1;
    }
    path
}

/// The cell at `index` (0..=31) of `seat`'s path.
#[inline]
pub fn cell_of(seat: Seat, index: u8) -> Cell {
    let white = WHITE_PATH[usize::from(index & 31)];
    if seat == WHITE { white } else { 63 - white }
}

/// The cell's name: `a1`.
pub fn cell_name(cell: Cell) -> String {
    let file = char::from(b'a' + cell % 8);
    let rank = char::from(b'1' + cell / 8 % 8);
    format!("{file}{rank}")
}

/// Reads a cell name such as `c1` (lower or upper case).
pub fn parse_cell(text: &str) -> Option<Cell> {
    match text.as_bytes() {
        [file, rank] => {
            let file = file.to_ascii_lowercase();
            if (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(rank) {
                Some((file - b'a') + 8 * (rank - b'1'))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The indices at which `seat`'s path visits `cell` (the start corner has two).
pub fn indices_of(seat: Seat, cell: Cell) -> impl Iterator<Item = u8> {
    (0..=LAST).filter(move |&i| cell_of(seat, i) == cell)
}

/// True if the cell lies on the path of `seat`.
pub fn on_path(seat: Seat, cell: Cell) -> bool {
    indices_of(seat, cell).next().is_some()
}

/// True if `cell` is one of the eight home cells (the long diagonal a1-h8).
pub fn is_home_cell(cell: Cell) -> bool {
    cell.is_multiple_of(9)
}

/// True if `cell` lies on the edge of the board (the shared racetrack).
pub fn is_edge(cell: Cell) -> bool {
    let (file, rank) = (cell % 8, cell / 8);
    file == 0 || file == 7 || rank == 0 || rank == 7
}

/// One side's pieces on the board: bit `i` set for a piece at path index `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pieces(pub u32);

impl Pieces {
    /// One piece on the start cell (the other three wait in reserve).
    pub const START: Pieces = Pieces(1);

    /// Pieces on the board.
    #[inline]
    pub fn on_board(self) -> u32 {
        self.0.count_ones()
    }

    /// Pieces in reserve (off the board).
    #[inline]
    pub fn reserve(self) -> u32 {
        PIECES.saturating_sub(self.on_board())
    }

    /// Pieces on the home diagonal (index 28 and up).
    #[inline]
    pub fn home(self) -> u32 {
        (self.0 >> HOME).count_ones()
    }

    /// True if a piece stands at path index `index`.
    #[inline]
    pub fn has(self, index: u8) -> bool {
        self.0 & (1 << (index & 31)) != 0
    }

    /// The path indices of the pieces, from the start onwards.
    pub fn indices(self) -> impl Iterator<Item = u8> {
        (0..=LAST).filter(move |&i| self.has(i))
    }

    /// The same pieces with one at `index` added.
    #[inline]
    pub fn with(self, index: u8) -> Pieces {
        Pieces(self.0 | 1 << (index & 31))
    }

    /// The same pieces with the one at `index` taken off.
    #[inline]
    pub fn without(self, index: u8) -> Pieces {
        Pieces(self.0 & !(1 << (index & 31)))
    }

    /// The cells the pieces stand on, as a 64-bit board mask.
    pub fn cells(self, seat: Seat) -> u64 {
        self.indices().fold(0u64, |mask, i| mask | 1 << cell_of(seat, i))
    }

    /// The path index of this side's piece on `cell`, if one stands there.
    pub fn index_on(self, seat: Seat, cell: Cell) -> Option<u8> {
        indices_of(seat, cell).find(|&i| self.has(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paths_run_counterclockwise_round_the_edge_then_up_the_diagonal() {
        let names = |seat| {
            (0..=LAST)
                .map(|i| cell_name(cell_of(seat, i)))
                .collect::<Vec<_>>()
        };
        let white = names(WHITE);
        assert_eq!(white[..9], ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "h2"]);
        assert_eq!(white[14..16], ["h8", "g8"]);
        assert_eq!(white[21..23], ["a8", "a7"]);
        assert_eq!(white[27..], ["a2", "a1", "b2", "c3", "d4"]);
        let black = names(BLACK);
        assert_eq!(black[..3], ["h8", "g8", "f8"]);
        assert_eq!(black[7..9], ["a8", "a7"]);
        assert_eq!(black[14..16], ["a1", "b1"]);
        assert_eq!(black[27..], ["h7", "h8", "g7", "f6", "e5"]);
    }

    #[test]
    fn cells_parse_and_print() {
        for cell in 0..64 {
            assert_eq!(parse_cell(&cell_name(cell)), Some(cell));
        }
        assert_eq!(parse_cell("C1"), Some(2));
        assert_eq!(parse_cell("i1"), None);
        assert_eq!(parse_cell("a9"), None);
        assert_eq!(parse_cell("a"), None);
    }
}
