//! What the rules of this game rule out in a position string and in a move, with the facts
//! as fields.

use thiserror::Error;

use crate::core::{Dice, RulesFault, Seat};

use super::text::START_POSITION;
use super::{BLACK, NardyMove, SEAT_NAMES, WHITE, WinKind, text};

/// What the rules of this game rule out in a position string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionFault {
    /// A `PxN` entry whose count is not 1 to 15.
    #[error("{}: '{entry}' has a bad count; write POINTxCOUNT like 24x15", SEAT_NAMES[*seat])]
    BadCount {
        /// The side whose field it is in.
        seat: Seat,
        /// The entry as written.
        entry: String,
    },
    /// An entry that names no point and is not `off`.
    #[error("{}: '{entry}' is not a point 1-24 or off", SEAT_NAMES[*seat])]
    NotAPoint {
        /// The side whose field it is in.
        seat: Seat,
        /// The entry as written.
        entry: String,
    },
    /// A point (or `off`) given a second time in one side's field.
    #[error("{}: point '{entry}' is listed twice", SEAT_NAMES[*seat])]
    PointListedTwice {
        /// The side whose field it is in.
        seat: Seat,
        /// The second entry for that point, as written.
        entry: String,
    },
    /// One side's field lists more checkers than a side has.
    #[error("{} has more than 15 checkers", SEAT_NAMES[*seat])]
    TooManyCheckers {
        /// The side with too many.
        seat: Seat,
    },
    /// A key a nardy position does not have.
    #[error("unknown field '{key}'; a nardy position has w=, b=, turn=, first=, score=")]
    UnknownField {
        /// The key as written.
        key: String,
    },
    /// A key every nardy position needs is not given.
    #[error("the field '{key}=' is missing; a nardy position looks like: {START_POSITION}")]
    MissingField {
        /// The missing key.
        key: &'static str,
    },
    /// A game still being played with a score that has already won the match.
    #[error(
        "score {}-{} already reaches the match length {match_to}, so the game must be over",
        .score[WHITE],
        .score[BLACK]
    )]
    ScoreReachesMatch {
        /// Match points, White's first.
        score: [u32; 2],
        /// Points that win the match.
        match_to: u32,
    },
    /// A side with other than 15 checkers on the board and off it together.
    #[error("{} has {total} checkers; each side has 15", SEAT_NAMES[*seat])]
    CheckerCount {
        /// The side.
        seat: Seat,
        /// Its checkers, on the board and borne off.
        total: u32,
    },
    /// A side that has borne off while some of its checkers are still outside home.
    #[error("{} has borne off checkers but still has checkers outside home", SEAT_NAMES[*seat])]
    BorneOffWithCheckersOutside {
        /// The side.
        seat: Seat,
    },
    /// A side in its first turn (by `first=`) whose checkers are not all on the head.
    #[error(
        "{} has not moved yet (first={}) but not all checkers are on the head",
        SEAT_NAMES[*seat],
        &SEAT_NAMES[*seat][..1]
    )]
    FirstTurnOffHead {
        /// The side.
        seat: Seat,
    },
    /// Six points in a row held by one side with no opponent checker ahead of them.
    #[error(
        "{} has a block of six with no {} checker ahead of it",
        SEAT_NAMES[*seat],
        SEAT_NAMES[1 - *seat]
    )]
    BlockWithNoneAhead {
        /// The side that holds the block.
        seat: Seat,
    },
    /// A point with checkers of both sides on it.
    #[error("white's point {point} holds checkers of both sides")]
    PointHeldByBoth {
        /// The point, in White's numbering.
        point: u32,
    },
    /// Both sides have borne off all their checkers.
    #[error("both sides have borne off all checkers")]
    BothBorneOff,
    /// A finished game whose winner's opponent has, by the score, already won the match.
    #[error(
        "{} has borne off all 15 checkers, but score={}-{} gives {} the match to {match_to}",
        SEAT_NAMES[*winner],
        .score[WHITE],
        .score[BLACK],
        SEAT_NAMES[1 - *winner]
    )]
    ScoreGivesOtherTheMatch {
        /// The side that has borne off all 15.
        winner: Seat,
        /// Match points, White's first.
        score: [u32; 2],
        /// Points that win the match.
        match_to: u32,
    },
    /// A finished game whose win the winner's score does not count, or that does not
    /// bring the winner to the match length.
    #[error(
        "{} has borne off all 15 checkers and won {}, but score={}-{} does not include it (the match is to {match_to})",
        SEAT_NAMES[*winner],
        .win.describe(),
        .score[WHITE],
        .score[BLACK]
    )]
    ScoreLeavesOutWin {
        /// The side that has borne off all 15.
        winner: Seat,
        /// How that game was won.
        win: WinKind,
        /// Match points, White's first.
        score: [u32; 2],
        /// Points that win the match.
        match_to: u32,
    },
    /// A finished game whose winner had, by the score, won the match before it.
    #[error(
        "score={}-{}: {} had won the match to {match_to} before this game",
        .score[WHITE],
        .score[BLACK],
        SEAT_NAMES[*winner]
    )]
    MatchWonBefore {
        /// The side that has borne off all 15.
        winner: Seat,
        /// Match points, White's first.
        score: [u32; 2],
        /// Points that win the match.
        match_to: u32,
    },
    /// A side has borne off all 15 but the game is not marked over.
    #[error("{} has borne off all 15 checkers, so the game is over (write 'over')", SEAT_NAMES[*winner])]
    NotMarkedOver {
        /// The side that has borne off all 15.
        winner: Seat,
    },
    /// The game is marked over but no side has borne off all its checkers.
    #[error("the game is marked over, but nobody has borne off all 15 checkers")]
    OverWithoutWinner,
    /// The roll-off that decides who starts, in anything but the start position.
    #[error(
        "the roll-off decides who starts the first game, so it needs the start position: {START_POSITION}"
    )]
    RollOffNeedsStart,
}

impl RulesFault for PositionFault {}

/// Why the rules refuse a move in this position. Points are in the mover's numbering,
/// 0 for off the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveFault {
    /// A move before the dice are thrown.
    #[error("there are no dice to play")]
    NoDice,
    /// A pass while a checker can move.
    #[error("{} can move, so passing is not allowed (for example {})", SEAT_NAMES[*.seat], text::format_move(.example))]
    PassWithMoves {
        /// The seat to move.
        seat: Seat,
        /// A move it can make.
        example: NardyMove,
    },
    /// One die of two played while both can be.
    #[error("you must use both dice")]
    BothDice,
    /// Fewer than four steps of a double that allows four.
    #[error("you must play all four {die}s")]
    AllFour {
        /// The double's die.
        die: u8,
    },
    /// Fewer steps of a double than can be played.
    #[error("you must play {need} of the four {die}s (this plays {used})")]
    SomeOfFour {
        /// How many can be played.
        need: usize,
        /// The double's die.
        die: u8,
        /// How many the move plays.
        used: usize,
    },
    /// The smaller die played when only one can be, and either could.
    #[error("you must play the larger die ({high}) when either die can be played")]
    LargerDie {
        /// The larger die.
        high: u8,
    },
    /// Steps that each can be played but do not make up a legal move together.
    #[error("that is not one of the legal moves")]
    NotLegal,
    /// A step no die left can make.
    #[error("no die left takes a checker from {from} to {} (dice left: {})", point_text(*.to), dice_text(.left))]
    NoDieLeft {
        /// The point the checker leaves.
        from: u32,
        /// The point written.
        to: u32,
        /// The dice not yet used.
        left: Vec<u32>,
    },
    /// A step towards higher points.
    #[error("{from}/{to} goes backwards: checkers move from higher to lower points")]
    Backwards {
        /// The point the checker leaves.
        from: u32,
        /// The point written.
        to: u32,
    },
    /// A step from a point without a checker of the mover.
    #[error("there is no {} checker on point {point}", SEAT_NAMES[*.seat])]
    NoChecker {
        /// The seat to move.
        seat: Seat,
        /// The point written.
        point: u32,
    },
    /// More steps than the roll has dice.
    #[error("{} uses more dice than the roll {dice} gives", text::format_move(.played))]
    TooManySteps {
        /// The move as written.
        played: NardyMove,
        /// The roll.
        dice: Dice,
    },
    /// Another checker off the head when the turn allows no more.
    #[error("only {} may leave the head this turn", if *.limit == 1 { "one checker" } else { "two checkers" })]
    HeadUsed {
        /// How many checkers may leave the head this turn.
        limit: u32,
    },
    /// A step onto a point the opponent holds.
    #[error("point {point} is held by {}", SEAT_NAMES[*.owner])]
    Occupied {
        /// The point.
        point: u32,
        /// The opponent's seat.
        owner: Seat,
    },
    /// A step that builds a block of six with no opponent checker ahead.
    #[error("that builds a block of six with no {} checker ahead", SEAT_NAMES[*.opponent])]
    Block {
        /// The opponent's seat.
        opponent: Seat,
    },
    /// Bearing off before every checker is home.
    #[error("{} may bear off only when all 15 checkers are in home (points 1-6)", SEAT_NAMES[*.seat])]
    NotAllHome {
        /// The seat to move.
        seat: Seat,
    },
    /// Bearing off with a larger die while a checker stands higher.
    #[error(
        "a {die} bears off from point {from} only when no checker stands higher, and point {higher} has one"
    )]
    HigherChecker {
        /// The die.
        die: u32,
        /// The point the checker leaves.
        from: u32,
        /// The higher point with a checker.
        higher: u32,
    },
}

fn point_text(point: u32) -> String {
    if point == 0 {
        "off".to_string()
    } else {
        point.to_string()
    }
}

fn dice_text(dice: &[u32]) -> String {
    dice.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::super::{BLACK, Nardy, PositionFault, WHITE, WinKind};
    use crate::core::{PositionError, PositionMistake};

    crate::games::fault_tests::position_helpers!(Nardy);

    #[test]
    fn a_fault_keeps_its_facts_as_fields() {
        assert_eq!(
            fault(&[], "w=24x0 b=24x15 turn=white:roll first=wb score=0-0"),
            PositionFault::BadCount {
                seat: WHITE,
                entry: "24x0".to_string()
            }
        );
        assert_eq!(
            fault(&[], "w=24x15 b=24x15 turn=white:roll first=wb"),
            PositionFault::MissingField { key: "score" }
        );
        assert_eq!(
            fault(&[], "w=24x15 b=24x14 turn=white:roll first=w score=0-0"),
            PositionFault::CheckerCount {
                seat: BLACK,
                total: 14
            }
        );
        assert_eq!(
            fault(&[], "w=24x14,12 b=24x15 turn=black:roll first=b score=0-0"),
            PositionFault::PointHeldByBoth { point: 12 }
        );
        assert_eq!(
            error(&["match=3"], "w=offx15 b=24x15 turn=over first=- score=2-0"),
            PositionError(PositionMistake::Rules(PositionFault::ScoreLeavesOutWin {
                winner: WHITE,
                win: WinKind::Mars,
                score: [2, 0],
                match_to: 3,
            }))
        );
    }

    /// One position per fault the rules find, with its whole message as it reads.
    #[test]
    fn each_fault_reads_as_it_always_has() {
        let cases: [(&[&str], &str, &str); 19] = [
            (
                &[],
                "w=24x0 b=24x15 turn=white:roll first=wb score=0-0",
                "bad position: white: '24x0' has a bad count; write POINTxCOUNT like 24x15",
            ),
            (
                &[],
                "w=25 b=24x15 turn=white:roll first=wb score=0-0",
                "bad position: white: '25' is not a point 1-24 or off",
            ),
            (
                &[],
                "w=24x5,24x10 b=24x15 turn=white:roll first=wb score=0-0",
                "bad position: white: point '24x10' is listed twice",
            ),
            (
                &[],
                "w=24x15 b=24x15,23 turn=white:roll first=wb score=0-0",
                "bad position: black has more than 15 checkers",
            ),
            (
                &[],
                "w=24x15 b=24x15 turn=white:roll first=wb score=0-0 foo=1",
                "bad position: unknown field 'foo'; a nardy position has w=, b=, turn=, first=, score=",
            ),
            (
                &[],
                "w=24x15 b=24x15 turn=white:roll first=wb",
                "bad position: the field 'score=' is missing; a nardy position looks like: w=24x15 b=24x15 turn=white:rolloff first=wb score=0-0",
            ),
            (
                &[],
                "w=24x15 b=24x15 turn=white:roll first=wb score=1-0",
                "bad position: score 1-0 already reaches the match length 1, so the game must be over",
            ),
            (
                &[],
                "w=24x15 b=24x14 turn=white:roll first=w score=0-0",
                "bad position: black has 14 checkers; each side has 15",
            ),
            (
                &[],
                "w=off,24x14 b=24x15 turn=white:roll first=b score=0-0",
                "bad position: white has borne off checkers but still has checkers outside home",
            ),
            (
                &[],
                "w=24x15 b=23,24x14 turn=white:roll first=wb score=0-0",
                "bad position: black has not moved yet (first=b) but not all checkers are on the head",
            ),
            (
                &[],
                "w=24x9,19,18,17,16,15,14 b=24x15 turn=white:roll first=b score=0-0",
                "bad position: white has a block of six with no black checker ahead of it",
            ),
            (
                &[],
                "w=24x14,12 b=24x15 turn=black:roll first=b score=0-0",
                "bad position: white's point 12 holds checkers of both sides",
            ),
            (
                &[],
                "w=offx15 b=offx15 turn=over first=- score=0-0",
                "bad position: both sides have borne off all checkers",
            ),
            (
                &[],
                "w=offx15 b=24x15 turn=over first=- score=1-2",
                "bad position: white has borne off all 15 checkers, but score=1-2 gives black the match to 1",
            ),
            (
                &["match=3"],
                "w=offx15 b=24x15 turn=over first=- score=2-0",
                "bad position: white has borne off all 15 checkers and won a mars (2 points), but score=2-0 does not include it (the match is to 3)",
            ),
            (
                &["match=3"],
                "w=offx15 b=24x15 turn=over first=- score=7-0",
                "bad position: score=7-0: white had won the match to 3 before this game",
            ),
            (
                &[],
                "w=24x15 b=offx15 turn=white:roll first=- score=0-0",
                "bad position: black has borne off all 15 checkers, so the game is over (write 'over')",
            ),
            (
                &[],
                "w=24x15 b=24x15 turn=over first=wb score=0-0",
                "bad position: the game is marked over, but nobody has borne off all 15 checkers",
            ),
            (
                &[],
                "w=24x14,23 b=24x15 turn=white:rolloff first=b score=0-0",
                "bad position: the roll-off decides who starts the first game, so it needs the start position: w=24x15 b=24x15 turn=white:rolloff first=wb score=0-0",
            ),
        ];
        for (options, position, message) in cases {
            assert_eq!(refusal(options, position), message, "{position}");
        }
    }
}
