//! What the rules of this game rule out in a position string and in a move, with the facts
//! as fields.

use thiserror::Error;

use crate::core::{RulesFault, Seat};

use super::board::{Cell, HOME, LAST, PIECES, cell_name, cell_of};
use super::text::START_POSITION;
use super::{MicrobesMove, SEAT_NAMES, text};

/// What the rules of this game rule out in a position string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionFault {
    /// An entry of a side's list that is not a cell.
    #[error(
        "{key}={value}: '{entry}' is not a cell; list cells like {key}={},c1 (or {key}=- for none)",
        cell_name(cell_of(*.seat, HOME)),
        key = field_key(*.seat)
    )]
    NotACell {
        /// The side whose list it is.
        seat: Seat,
        /// The list as written.
        value: String,
        /// The entry as written.
        entry: String,
    },
    /// A cell that the side's path never visits.
    #[error(
        "{}={value}: {cell} is not on {}'s path (the edge of the board and {})",
        field_key(*.seat),
        SEAT_NAMES[*.seat],
        home_cells(*.seat)
    )]
    NotOnPath {
        /// The side whose list it is.
        seat: Seat,
        /// The list as written.
        value: String,
        /// The cell as written.
        cell: String,
    },
    /// A `+` (come home) on a cell that is not one of the side's home cells.
    #[error(
        "{}={value}: '{entry}': '+' marks a piece that has come home, and {cell} is not a home cell",
        field_key(*.seat)
    )]
    PlusOffHome {
        /// The side whose list it is.
        seat: Seat,
        /// The list as written.
        value: String,
        /// The entry as written, with its `+`.
        entry: String,
        /// The cell as written, without the `+`.
        cell: String,
    },
    /// One side's list naming a cell twice.
    #[error(
        "{}={value}: two {} pieces on {cell}; one cell holds one piece",
        field_key(*.seat),
        SEAT_NAMES[*.seat]
    )]
    TwoOnOneCell {
        /// The side whose list it is.
        seat: Seat,
        /// The list as written.
        value: String,
        /// The cell as written the second time.
        cell: String,
    },
    /// A side's list with more cells than the side has pieces.
    #[error("{}={value}: {} has more than {PIECES} pieces", field_key(*.seat), SEAT_NAMES[*.seat])]
    TooManyPieces {
        /// The side whose list it is.
        seat: Seat,
        /// The list as written.
        value: String,
    },
    /// A side whose pieces on the board and in reserve do not add up to all of them.
    #[error(
        "{} has {on_board} on the board and {reserve} in reserve; each side has {PIECES} pieces",
        SEAT_NAMES[*.seat]
    )]
    PieceCount {
        /// The side.
        seat: Seat,
        /// Its pieces on the board.
        on_board: u32,
        /// Its pieces in reserve, as written.
        reserve: u32,
    },
    /// A key that names no field of a position.
    #[error("unknown field '{key}'; a microbes position has w=, b=, reserve=, turn=")]
    UnknownField {
        /// The key as written.
        key: String,
    },
    /// A field that every position has, left out.
    #[error("the field '{key}=' is missing; a microbes position looks like: {START_POSITION}")]
    MissingField {
        /// The key of the missing field.
        key: &'static str,
    },
    /// A white and a black piece on the same cell.
    #[error("{} holds a white and a black piece; one cell holds one piece", cell_name(*.cell))]
    SharedCell {
        /// The cell.
        cell: Cell,
    },
    /// Both sides with every piece home.
    #[error("both sides have all four pieces home; the game ends when the first does")]
    BothHome,
    /// A side has every piece home but the turn is not `over`.
    #[error("{} has all four pieces home, so the game is over (write turn=over)", SEAT_NAMES[*.seat])]
    WonButNotOver {
        /// The side with every piece home.
        seat: Seat,
    },
    /// `turn=over` with no side finished.
    #[error("the game is marked over, but nobody has all four pieces home")]
    OverWithoutWinner,
    /// A roll-off anywhere but at the start position.
    #[error("the roll-off decides who starts, so it needs the start position: {START_POSITION}")]
    RollOffAfterStart,
}

/// The key of `seat`'s field: `w` or `b`.
fn field_key(seat: Seat) -> &'static str {
    &SEAT_NAMES[seat][..1]
}

/// The cells of `seat`'s home diagonal, from its corner in: `a1 b2 c3 d4`.
fn home_cells(seat: Seat) -> String {
    (HOME..=LAST)
        .map(|i| cell_name(cell_of(seat, i)))
        .collect::<Vec<_>>()
        .join(" ")
}

impl RulesFault for PositionFault {}

/// Why the rules refuse a move in this position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveFault {
    /// A pass while a piece can move.
    #[error("{} can move, so passing is not allowed (for example {})", SEAT_NAMES[*.seat], text::format_move(.example))]
    PassWithMoves {
        /// The seat to move.
        seat: Seat,
        /// A move it can make.
        example: MicrobesMove,
    },
    /// Entering on another roll than a 6.
    #[error("a new piece enters only on a 6, and the roll is {die}")]
    EnterNeedsSix {
        /// The roll.
        die: u8,
    },
    /// Entering with every piece on the board.
    #[error("{} has no piece in reserve: all four are on the board", SEAT_NAMES[*.seat])]
    NoReserve {
        /// The seat to move.
        seat: Seat,
    },
    /// Entering while the seat's own piece stands on its start.
    #[error(
        "{} is taken by {}'s own piece, so no new piece can enter",
        cell_name(cell_of(*.seat, 0)),
        SEAT_NAMES[*.seat]
    )]
    StartTaken {
        /// The seat to move.
        seat: Seat,
    },
    /// A cell without a piece of the mover.
    #[error("{} has no piece on {}", SEAT_NAMES[*.seat], cell_name(*.cell))]
    NoPiece {
        /// The seat to move.
        seat: Seat,
        /// The cell written.
        cell: Cell,
    },
    /// A piece with its own side's piece right in front of it.
    #[error(
        "{} cannot move: {}'s own piece on {} stands right in front of it",
        cell_name(*.cell),
        SEAT_NAMES[*.seat],
        cell_name(*.ahead)
    )]
    OwnAhead {
        /// The seat to move.
        seat: Seat,
        /// The piece's cell.
        cell: Cell,
        /// The cell in front of it.
        ahead: Cell,
    },
    /// A roll that would carry the piece past the end of its home diagonal.
    #[error(
        "a {die} would carry {} beyond {}, the end of {}'s home diagonal; there the whole roll must fit",
        cell_name(*.cell),
        cell_name(cell_of(*.seat, LAST)),
        SEAT_NAMES[*.seat]
    )]
    Overshoot {
        /// The seat to move.
        seat: Seat,
        /// The piece's cell.
        cell: Cell,
        /// The roll.
        die: u8,
    },
    /// A piece that would pass its own side's piece on the home diagonal.
    #[error(
        "{} cannot pass {}'s own {}piece on {}: on the home diagonal the whole roll must fit",
        cell_name(*.cell),
        SEAT_NAMES[*.seat],
        if *.fresh { "fresh " } else { "" },
        cell_name(*.blocker)
    )]
    HomeBlocked {
        /// The seat to move.
        seat: Seat,
        /// The piece's cell.
        cell: Cell,
        /// The cell of the piece in the way.
        blocker: Cell,
        /// True when the piece in the way has just entered, on the start.
        fresh: bool,
    },
}

#[cfg(test)]
mod tests {
    use super::super::board::{BLACK, WHITE, parse_cell};
    use super::super::{Microbes, PositionError};
    use super::PositionFault;
    use crate::core::{NewGame, Notation, PositionMistake};

    /// The whole message that setting `text` on a fresh game gives.
    fn refusal(text: &str) -> String {
        match Microbes::default_game().set_position(text) {
            Ok(()) => panic!("{text} should be refused"),
            Err(err) => err.to_string(),
        }
    }

    /// One bad position per place the rules refuse one, with the message it gives, word
    /// for word.
    #[test]
    fn each_fault_reads_as_it_always_has() {
        let cases = [
            (
                "w=zz b=h8 reserve=3-3 turn=white:roll",
                "bad position: w=zz: 'zz' is not a cell; list cells like w=a1,c1 (or w=- for none)",
            ),
            (
                "w=a1 b=h9 reserve=3-3 turn=white:roll",
                "bad position: b=h9: 'h9' is not a cell; list cells like b=h8,c1 (or b=- for none)",
            ),
            (
                "w=d3 b=h8 reserve=3-3 turn=white:roll",
                "bad position: w=d3: d3 is not on white's path (the edge of the board and a1 b2 c3 d4)",
            ),
            (
                "w=a1 b=c1+ reserve=3-3 turn=white:roll",
                "bad position: b=c1+: 'c1+': '+' marks a piece that has come home, and c1 is not a home cell",
            ),
            (
                "w=c1,c1 b=h8 reserve=3-3 turn=white:roll",
                "bad position: w=c1,c1: two white pieces on c1; one cell holds one piece",
            ),
            (
                "w=a1,b1,c1,d1,e1 b=h8 reserve=3-3 turn=white:roll",
                "bad position: w=a1,b1,c1,d1,e1: white has more than 4 pieces",
            ),
            (
                "w=a1 b=h8 reserve=2-3 turn=white:roll",
                "bad position: white has 1 on the board and 2 in reserve; each side has 4 pieces",
            ),
            (
                "w=a1 b=h8,g8 reserve=3-3 turn=white:roll",
                "bad position: black has 2 on the board and 3 in reserve; each side has 4 pieces",
            ),
            (
                "w=a1 b=h8 reserve=3-3 turn=white:roll x=1",
                "bad position: unknown field 'x'; a microbes position has w=, b=, reserve=, turn=",
            ),
            (
                "w=a1 b=h8 turn=white:roll",
                "bad position: the field 'reserve=' is missing; a microbes position looks like: w=a1 b=h8 reserve=3-3 turn=white:rolloff",
            ),
            // A cell is named as it was written, capitals and all.
            (
                "w=D3 b=h8 reserve=3-3 turn=white:roll",
                "bad position: w=D3: D3 is not on white's path (the edge of the board and a1 b2 c3 d4)",
            ),
            (
                "w=a1 b=C1+ reserve=3-3 turn=white:roll",
                "bad position: b=C1+: 'C1+': '+' marks a piece that has come home, and C1 is not a home cell",
            ),
            (
                "w=c1,C1 b=h8 reserve=3-3 turn=white:roll",
                "bad position: w=c1,C1: two white pieces on C1; one cell holds one piece",
            ),
            (
                "w=c1 b=c1 reserve=3-3 turn=white:roll",
                "bad position: c1 holds a white and a black piece; one cell holds one piece",
            ),
            (
                "w=a1+,b2,c3,d4 b=h8+,g7,f6,e5 reserve=0-0 turn=over",
                "bad position: both sides have all four pieces home; the game ends when the first does",
            ),
            (
                "w=a1+,b2,c3,d4 b=h8 reserve=0-3 turn=black:roll",
                "bad position: white has all four pieces home, so the game is over (write turn=over)",
            ),
            (
                "w=a1 b=h8 reserve=3-3 turn=over",
                "bad position: the game is marked over, but nobody has all four pieces home",
            ),
            (
                "w=c1 b=h8 reserve=3-3 turn=white:rolloff",
                "bad position: the roll-off decides who starts, so it needs the start position: w=a1 b=h8 reserve=3-3 turn=white:rolloff",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(refusal(text), message, "{text}");
        }
    }

    /// The error that setting `text` on a fresh game gives.
    fn error(text: &str) -> PositionError {
        Microbes::default_game().set_position(text).expect_err(text)
    }

    /// A fault keeps its facts as fields: the side, the cell, the counts.
    #[test]
    fn faults_hold_their_facts() {
        let rules = |fault| crate::core::PositionError(PositionMistake::Rules(fault));
        assert_eq!(
            error("w=a1 b=h8,e4 reserve=3-3 turn=white:roll"),
            rules(PositionFault::NotOnPath {
                seat: BLACK,
                value: "h8,e4".into(),
                cell: "e4".into(),
            })
        );
        assert_eq!(
            error("w=a1 b=h8 reserve=3-7 turn=white:roll"),
            rules(PositionFault::PieceCount {
                seat: BLACK,
                on_board: 1,
                reserve: 7,
            })
        );
        assert_eq!(
            error("w=f1 b=f1 reserve=3-3 turn=black:roll"),
            rules(PositionFault::SharedCell {
                cell: parse_cell("f1").unwrap(),
            })
        );
        assert_eq!(
            error("w=a1+,b2,c3,d4 b=h8 reserve=0-3 turn=white:2"),
            rules(PositionFault::WonButNotOver { seat: WHITE })
        );
    }
}
