//! What the rules of this game rule out in a position string and in a move, with the facts
//! as fields.

use thiserror::Error;

use crate::core::{IllegalMove, PlayError, RollOffMistake, RulesFault, Seat};

use super::text::{example, start_position};
use super::{
    BeforeRoll, Branch, Colour, FINISH, Mnogoboy, MnogoboyMove, Piece, SEAT_NAMES, field_colour, field_name,
    text,
};

/// What a position in the roll-off looks like, for every fault found in one.
const ROLL_OFF_HELP: &str = "during the roll-off nobody has a piece, before=- and rolloff= lists each seat's roll \
                             this round (- still to roll, x out), like p1=- p2=- p3=- turn=p2:rolloff before=- \
                             rolloff=4,-,-";

/// What the rules of this game rule out in a position string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionFault {
    /// A seat's field that is neither `COLOUR@FIELD` nor `-`.
    #[error(
        "{}={value}: write COLOUR@FIELD like {}=w@12 (colour w g o s y b k, field S, 1-66 or F), or - for no piece yet",
        SEAT_NAMES[*seat],
        SEAT_NAMES[*seat]
    )]
    PieceValue {
        /// The seat whose field it is.
        seat: Seat,
        /// The value as written.
        value: String,
    },
    /// A `turn=` value that names no seat of this game and stage of the turn.
    #[error(
        "turn={value}: write SEAT:WHAT with SEAT p1-p{seats} and WHAT one of rolloff, take, roll, again, 1-6, exchange, dot; or over"
    )]
    TurnValue {
        /// The value as written.
        value: String,
        /// How many seats the game has.
        seats: usize,
    },
    /// A `rolloff=` value with another number of entries than the game has seats.
    #[error("rolloff={value} lists {listed} seats; this game has {seats}")]
    RollOffSeatCount {
        /// The value as written.
        value: String,
        /// How many entries it lists.
        listed: usize,
        /// How many seats the game has.
        seats: usize,
    },
    /// A seat's field for a seat beyond the number of players.
    #[error(
        "{}= names a seat this {seats}-player game does not have (players=N sets the number of seats)",
        SEAT_NAMES[*seat]
    )]
    NoSuchSeat {
        /// The seat the key names.
        seat: Seat,
        /// How many seats the game has.
        seats: usize,
    },
    /// A key a mnogoboy position does not have.
    #[error(
        "unknown field '{key}'; a mnogoboy position has p1= .. p{seats}=, turn=, before= (and rolloff= during the roll-off), like: {}",
        example(*seats)
    )]
    UnknownField {
        /// The key as written.
        key: String,
        /// How many seats the game has (the example has as many).
        seats: usize,
    },
    /// A key every position of this game needs is not given.
    #[error(
        "the field '{key}=' is missing; a {seats}-player mnogoboy position looks like: {}",
        example(*seats)
    )]
    MissingField {
        /// The missing key.
        key: &'static str,
        /// How many seats the game has (the example has as many).
        seats: usize,
    },
    /// A `rolloff=` list that no roll-off can reach.
    #[error("rolloff=: {why} (- still to roll, x out), like: {}", start_position(*seats))]
    RollOffStandings {
        /// Why no roll-off reaches it.
        why: RollOffMistake,
        /// How many seats the game has (the example has as many).
        seats: usize,
    },
    /// A position in the roll-off without `rolloff=`.
    #[error("during the roll-off the field 'rolloff=' is needed, like: {}", start_position(*seats))]
    RollOffFieldMissing {
        /// How many seats the game has (the example has as many).
        seats: usize,
    },
    /// `rolloff=` in a position that is not in the roll-off.
    #[error("rolloff= belongs only to a position in the roll-off (turn=SEAT:rolloff)")]
    RollOffFieldOutOfPlace,
    /// The seat to act has no piece and is not taking one.
    #[error("{} has no piece: the turn can only be {}:take", SEAT_NAMES[*seat], SEAT_NAMES[*seat])]
    NoPieceMustTake {
        /// The seat to act.
        seat: Seat,
    },
    /// `before=` names a piece as given away this turn that a seat controls.
    #[error(
        "before={} says {} gave {colour} away this turn, but {colour} is not in the reserve",
        .colour.letter(),
        SEAT_NAMES[*seat]
    )]
    GivenAwayNotInReserve {
        /// The seat to act.
        seat: Seat,
        /// The piece said to be given away.
        colour: Colour,
    },
    /// Two seats control the same piece.
    #[error("two seats control the {colour} piece; there is one piece of each colour")]
    PieceControlledTwice {
        /// The piece.
        colour: Colour,
    },
    /// `turn=over` with no piece, or more than one, on F.
    #[error("turn=over needs exactly one piece on F (the winner's)")]
    OverWithoutOneOnFinish {
        /// How many pieces stand on F.
        on_finish: usize,
    },
    /// A seat's piece stands on F but the game is not marked over.
    #[error("{} stands on F, so the game is over (write turn=over)", SEAT_NAMES[*seat])]
    OnFinishNotOver {
        /// The seat whose piece stands on F.
        seat: Seat,
    },
    /// A finished game with something done before the roll.
    #[error("the game is over, so before= must be -")]
    BeforeAfterOver {
        /// What `before=` says.
        before: BeforeRoll,
    },
    /// A seat has its first piece while one that takes before it has none.
    #[error(
        "seats take their first piece in turn order, so with {} to act {} cannot have a piece while {} has none",
        SEAT_NAMES[*turn],
        SEAT_NAMES[*holder],
        SEAT_NAMES[*without]
    )]
    FirstPieceOutOfOrder {
        /// The seat to act.
        turn: Seat,
        /// The seat that has a piece too early.
        holder: Seat,
        /// The first seat, in turn order from the next to take one, still without a piece.
        without: Seat,
    },
    /// A seat is still without a piece, but the seat to act is past its first turn.
    #[error(
        "{} has no piece yet, so {} must be in its first turn (before=take)",
        SEAT_NAMES[*without],
        SEAT_NAMES[*turn]
    )]
    FirstTurnNotTaken {
        /// The seat to act.
        turn: Seat,
        /// The next seat still to take its first piece.
        without: Seat,
    },
    /// The seat to act has no piece, but `before=` says it did something.
    #[error("{} has no piece yet, so before= must be -", SEAT_NAMES[*seat])]
    BeforeWithoutPiece {
        /// The seat to act.
        seat: Seat,
        /// What `before=` says.
        before: BeforeRoll,
    },
    /// The seat to act would take a first piece but controls one.
    #[error("{} already controls {colour}, so it cannot take one", SEAT_NAMES[*seat])]
    TakeWithPiece {
        /// The seat to act.
        seat: Seat,
        /// The piece it controls.
        colour: Colour,
    },
    /// The seat to act took its first piece and has not rolled, but the piece is off S.
    #[error(
        "before=take and {} has not rolled yet, so its piece must stand on S",
        SEAT_NAMES[*seat]
    )]
    TookNotOnStart {
        /// The seat to act.
        seat: Seat,
        /// Its piece and where it stands.
        piece: Piece,
    },
    /// An extra roll for landing on the own colour, with the piece elsewhere.
    #[error(
        "{}:again is an extra roll after landing on the own colour, but {} stands on {}",
        SEAT_NAMES[*seat],
        .piece.colour,
        field_name(.piece.field)
    )]
    AgainOffOwnColour {
        /// The seat to act.
        seat: Seat,
        /// Its piece and where it stands.
        piece: Piece,
    },
    /// An exchange after the move, with the piece where the move would not end the turn.
    #[error(
        "{}:exchange follows a move that ends the turn, but {} on {} would not end it",
        SEAT_NAMES[*seat],
        .piece.colour,
        field_name(.piece.field)
    )]
    ExchangeWithoutTurnEnd {
        /// The seat to act.
        seat: Seat,
        /// Its piece and where it stands.
        piece: Piece,
    },
    /// An exchange after the move with no reserve piece to take.
    #[error(
        "{}:exchange needs a reserve piece other than the one given away",
        SEAT_NAMES[*seat]
    )]
    ExchangeWithoutReserve {
        /// The seat to act.
        seat: Seat,
    },
    /// The exchange forced by a dot, with the piece off any dot.
    #[error(
        "{}:dot is the exchange after landing on a dot, but {} stands on {}",
        SEAT_NAMES[*seat],
        .piece.colour,
        field_name(.piece.field)
    )]
    DotOffDot {
        /// The seat to act.
        seat: Seat,
        /// Its piece and where it stands.
        piece: Piece,
    },
    /// A seat controls a piece during the roll-off.
    #[error("a seat has a piece during the roll-off; {ROLL_OFF_HELP}")]
    PieceDuringRollOff {
        /// The first seat that has one.
        seat: Seat,
    },
    /// `before=` says something was done during the roll-off.
    #[error("before= is not -; {ROLL_OFF_HELP}")]
    BeforeDuringRollOff {
        /// What `before=` says.
        before: BeforeRoll,
    },
    /// The seat to roll in the roll-off is not the first still to roll.
    #[error("seats roll in seat order: the one to roll is the first still to roll; {ROLL_OFF_HELP}")]
    RollOffOutOfOrder {
        /// The seat `turn=` names.
        turn: Seat,
        /// The first seat still to roll.
        to_roll: Seat,
    },
}

impl RulesFault for PositionFault {}

/// Why the rules refuse an action at this point of the turn.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveFault {
    /// A take by a seat that already has its piece.
    #[error("{} already controls {colour}; take is only for choosing the first piece", SEAT_NAMES[*.seat])]
    HasPiece {
        /// The seat to act.
        seat: Seat,
        /// Its piece's colour.
        colour: Colour,
    },
    /// Anything but a take by a seat without a piece.
    #[error(
        "{} has no piece yet and must take one from the reserve first ({})",
        SEAT_NAMES[*.seat],
        Mnogoboy::colour_list(*.reserve, "take")
    )]
    MustTake {
        /// The seat to act.
        seat: Seat,
        /// The colours in the reserve, one bit each.
        reserve: u8,
    },
    /// An exchange after the roll before the move.
    #[error(
        "{} rolled a {die} and must move first: the exchange after the roll comes after the move",
        SEAT_NAMES[*.seat]
    )]
    MoveBeforeExchange {
        /// The seat to act.
        seat: Seat,
        /// The roll.
        die: u8,
    },
    /// Anything but an exchange or a pass after the move.
    #[error(
        "{} has moved: exchange with swap COLOUR, or pass to keep {colour} and end the turn",
        SEAT_NAMES[*.seat]
    )]
    ExchangeOrPass {
        /// The seat to act.
        seat: Seat,
        /// Its piece's colour.
        colour: Colour,
    },
    /// Exchanging a piece on a dot for its own colour.
    #[error("{colour} landed on a dot and must be exchanged for another colour")]
    DotSameColour {
        /// The piece's colour.
        colour: Colour,
    },
    /// Anything but an exchange for a piece on a dot.
    #[error(
        "{} landed on the dot at {} and must be exchanged: {}",
        .piece.colour,
        .piece.field,
        Mnogoboy::colour_list(*.choices, "swap")
    )]
    DotExchange {
        /// The piece on the dot.
        piece: Piece,
        /// The colours it can be exchanged for, one bit each.
        choices: u8,
    },
    /// An action that no stage of the turn takes.
    #[error("that move does not fit this point of the turn")]
    OutOfTurn,
    /// An exchange before the extra roll of a piece that landed on its own colour.
    #[error("{} landed on its own colour and must roll again at once: no exchange now", SEAT_NAMES[*.seat])]
    RollAgain {
        /// The seat to act.
        seat: Seat,
    },
    /// An exchange right after taking the first piece.
    #[error("{} has just taken {colour} and rolls now", SEAT_NAMES[*.seat])]
    JustTook {
        /// The seat to act.
        seat: Seat,
        /// The piece taken.
        colour: Colour,
    },
    /// A second exchange before one roll.
    #[error("{} already exchanged {given} for {colour} before this roll; roll now", SEAT_NAMES[*.seat])]
    ExchangedAlready {
        /// The seat to act.
        seat: Seat,
        /// The colour given away.
        given: Colour,
        /// The colour taken.
        colour: Colour,
    },
    /// A pass while the piece can move.
    #[error("{} can move, so passing is not allowed (for example {})", SEAT_NAMES[*.seat], text::format_move(.example))]
    PassWithMoves {
        /// The seat to act.
        seat: Seat,
        /// A move it can make.
        example: MnogoboyMove,
    },
    /// A move off a coloured field on another roll than a 6.
    #[error(
        "{} stands on a {} field ({}): only a 6 moves it, and the roll is {die}; pass",
        .piece.colour,
        field_colour(.piece.field).map_or("coloured", Colour::name),
        .piece.field
    )]
    NeedsSix {
        /// The piece to move.
        piece: Piece,
        /// The roll.
        die: u8,
    },
    /// A move without a branch past a fork.
    #[error("the {die} passes the fork at {fork}: write {}", branch_moves(.reach))]
    PassesFork {
        /// The roll.
        die: u8,
        /// The fork's field.
        fork: u8,
        /// Each branch with the field it reaches.
        reach: Vec<(Option<Branch>, u8)>,
    },
    /// A branch named where the move passes no fork, or a field the roll does not reach.
    #[error("{}", unreached_text(*.die, .piece, .reach, *.target))]
    Unreached {
        /// The roll.
        die: u8,
        /// The piece to move.
        piece: Piece,
        /// Where the roll takes it.
        reach: Vec<(Option<Branch>, u8)>,
        /// The field written; `None` for a branch named where the move passes no fork.
        target: Option<u8>,
    },
    /// A move action that is no move.
    #[error("that is not a move")]
    NotAMove,
    /// Taking the colour the seat already controls.
    #[error("{} already controls {colour}", SEAT_NAMES[*.seat])]
    OwnColour {
        /// The seat to act.
        seat: Seat,
        /// The colour.
        colour: Colour,
    },
    /// Taking a colour another seat controls.
    #[error("{colour} is not in the reserve: {} controls it", SEAT_NAMES[*.holder])]
    HeldByOther {
        /// The colour.
        colour: Colour,
        /// The seat that controls it.
        holder: Seat,
    },
    /// Taking back, after the roll, the colour given away before it.
    #[error("{colour} was given away before the roll and cannot be taken back this turn")]
    GivenAway {
        /// The colour.
        colour: Colour,
    },
}

/// Where a roll takes a piece: `12 or 30 (short)`.
fn reach_text(reach: &[(Option<Branch>, u8)]) -> String {
    let words: Vec<String> = reach
        .iter()
        .map(|&(branch, to)| match branch {
            Some(b) => format!("{} ({})", field_name(to), b.name()),
            None => field_name(to),
        })
        .collect();
    words.join(" or ")
}

fn unreached_text(die: u8, piece: &Piece, reach: &[(Option<Branch>, u8)], target: Option<u8>) -> String {
    let (colour, from, reach) = (piece.colour, field_name(piece.field), reach_text(reach));
    match target {
        None => format!("the {die} takes {colour} from {from} to {reach} without passing a fork: write move"),
        Some(target) => {
            let backward = if target <= piece.field && target != FINISH {
                " (pieces never move backward)"
            } else {
                ""
            };
            format!(
                "a {die} takes {colour} from {from} to {reach}, not to {}{backward}",
                field_name(target)
            )
        }
    }
}

/// The moves that name each branch: `move long (to 30) or move short (to 12)`.
fn branch_moves(reach: &[(Option<Branch>, u8)]) -> String {
    let words: Vec<String> = reach
        .iter()
        .map(|&(b, to)| format!("move {} (to {})", b.map_or("", Branch::name), field_name(to)))
        .collect();
    words.join(" or ")
}

impl From<MoveFault> for PlayError<MoveFault> {
    fn from(fault: MoveFault) -> Self {
        PlayError::Illegal(IllegalMove(fault))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Colour, Mnogoboy, Piece, PositionFault, START};
    use crate::core::{PositionError, PositionMistake, RollOffMistake};

    crate::games::fault_tests::position_helpers!(Mnogoboy);

    #[test]
    fn a_fault_keeps_its_facts_as_fields() {
        assert_eq!(
            fault(&[], "p1=w@12 p2=g@S turn=p1:go before=-"),
            PositionFault::TurnValue {
                value: "p1:go".to_string(),
                seats: 2
            }
        );
        assert_eq!(
            fault(&["players=3"], "p1=w@12 p2=g@S turn=p1:roll before=-"),
            PositionFault::MissingField { key: "p3", seats: 3 }
        );
        assert_eq!(
            fault(&[], "p1=- p2=- turn=p1:rolloff before=- rolloff=x,x"),
            PositionFault::RollOffStandings {
                why: RollOffMistake::NoneToRoll,
                seats: 2
            }
        );
        assert_eq!(
            fault(&[], "p1=w@12 p2=g@S turn=p1:roll before=g"),
            PositionFault::GivenAwayNotInReserve {
                seat: 0,
                colour: Colour::Green
            }
        );
        assert_eq!(
            error(&[], "p1=w@S p2=g@5 turn=p1:exchange before=-"),
            PositionError(PositionMistake::Rules(PositionFault::ExchangeWithoutTurnEnd {
                seat: 0,
                piece: Piece {
                    colour: Colour::White,
                    field: START
                },
            }))
        );
        assert!(matches!(
            fault(&["players=3"], "p1=w@12 p2=g@5 p3=- turn=p1:roll before=-"),
            PositionFault::FirstPieceOutOfOrder {
                turn: 0,
                holder: 1,
                without: 2
            }
        ));
    }

    /// One position per fault the rules find (every way each place that makes one can
    /// word it), with its whole message as it reads.
    #[test]
    fn each_fault_reads_as_it_always_has() {
        let cases: [(&[&str], &str, &str); 30] = [
            (
                &[],
                "p1=w12 p2=- turn=p1:roll before=-",
                "bad position: p1=w12: write COLOUR@FIELD like p1=w@12 (colour w g o s y b k, field S, 1-66 or F), or - for no piece yet",
            ),
            (
                &[],
                "p1=x@12 p2=- turn=p1:roll before=-",
                "bad position: p1=x@12: write COLOUR@FIELD like p1=w@12 (colour w g o s y b k, field S, 1-66 or F), or - for no piece yet",
            ),
            (
                &[],
                "p1=w@67 p2=- turn=p1:roll before=-",
                "bad position: p1=w@67: write COLOUR@FIELD like p1=w@12 (colour w g o s y b k, field S, 1-66 or F), or - for no piece yet",
            ),
            (
                &[],
                "p1=w@12 p2=g@S turn=p1:go before=-",
                "bad position: turn=p1:go: write SEAT:WHAT with SEAT p1-p2 and WHAT one of rolloff, take, roll, again, 1-6, exchange, dot; or over",
            ),
            (
                &[],
                "p1=- p2=- turn=p1:rolloff before=- rolloff=-",
                "bad position: rolloff=- lists 1 seats; this game has 2",
            ),
            (
                &[],
                "p1=w@12 p2=g@S p3=o@1 turn=p1:roll before=-",
                "bad position: p3= names a seat this 2-player game does not have (players=N sets the number of seats)",
            ),
            (
                &[],
                "p1=w@12 p2=g@S turn=p1:roll before=- foo=1",
                "bad position: unknown field 'foo'; a mnogoboy position has p1= .. p2=, turn=, before= (and rolloff= during the roll-off), like: p1=w@12 p2=g@S turn=p1:roll before=-",
            ),
            (
                &["players=3"],
                "p1=w@12 p2=g@S turn=p1:roll before=-",
                "bad position: the field 'p3=' is missing; a 3-player mnogoboy position looks like: p1=w@12 p2=g@S p3=o@20 turn=p1:roll before=-",
            ),
            (
                &[],
                "p1=- p2=- turn=p1:rolloff before=- rolloff=x,x",
                "bad position: rolloff=: a roll-off has a seat still to roll (- still to roll, x out), like: p1=- p2=- turn=p1:rolloff before=- rolloff=-,-",
            ),
            (
                &[],
                "p1=- p2=- turn=p1:rolloff before=-",
                "bad position: during the roll-off the field 'rolloff=' is needed, like: p1=- p2=- turn=p1:rolloff before=- rolloff=-,-",
            ),
            (
                &[],
                "p1=w@12 p2=g@S turn=p1:roll before=- rolloff=-,-",
                "bad position: rolloff= belongs only to a position in the roll-off (turn=SEAT:rolloff)",
            ),
            (
                &[],
                "p1=w@12 p2=w@S turn=p1:roll before=-",
                "bad position: two seats control the white piece; there is one piece of each colour",
            ),
            (
                &[],
                "p1=w@12 p2=g@S turn=over before=-",
                "bad position: turn=over needs exactly one piece on F (the winner's)",
            ),
            (
                &[],
                "p1=w@F p2=g@S turn=p2:roll before=-",
                "bad position: p1 stands on F, so the game is over (write turn=over)",
            ),
            (
                &[],
                "p1=w@F p2=g@S turn=over before=take",
                "bad position: the game is over, so before= must be -",
            ),
            (
                &[],
                "p1=w@12 p2=- turn=p1:rolloff before=- rolloff=-,-",
                "bad position: a seat has a piece during the roll-off; during the roll-off nobody has a piece, before=- and rolloff= lists each seat's roll this round (- still to roll, x out), like p1=- p2=- p3=- turn=p2:rolloff before=- rolloff=4,-,-",
            ),
            (
                &[],
                "p1=- p2=- turn=p1:rolloff before=take rolloff=-,-",
                "bad position: before= is not -; during the roll-off nobody has a piece, before=- and rolloff= lists each seat's roll this round (- still to roll, x out), like p1=- p2=- p3=- turn=p2:rolloff before=- rolloff=4,-,-",
            ),
            (
                &[],
                "p1=- p2=- turn=p2:rolloff before=- rolloff=-,-",
                "bad position: seats roll in seat order: the one to roll is the first still to roll; during the roll-off nobody has a piece, before=- and rolloff= lists each seat's roll this round (- still to roll, x out), like p1=- p2=- p3=- turn=p2:rolloff before=- rolloff=4,-,-",
            ),
            (
                &[],
                "p1=- p2=g@12 turn=p1:roll before=-",
                "bad position: p1 has no piece: the turn can only be p1:take",
            ),
            (
                &["players=3"],
                "p1=w@12 p2=g@5 p3=- turn=p1:roll before=-",
                "bad position: seats take their first piece in turn order, so with p1 to act p2 cannot have a piece while p3 has none",
            ),
            (
                &["players=4"],
                "p1=w@12 p2=- p3=g@5 p4=- turn=p1:roll before=-",
                "bad position: seats take their first piece in turn order, so with p1 to act p3 cannot have a piece while p2 has none",
            ),
            (
                &[],
                "p1=w@12 p2=- turn=p1:roll before=-",
                "bad position: p2 has no piece yet, so p1 must be in its first turn (before=take)",
            ),
            (
                &[],
                "p1=w@12 p2=g@S turn=p1:roll before=g",
                "bad position: before=g says p1 gave green away this turn, but green is not in the reserve",
            ),
            (
                &[],
                "p1=- p2=g@12 turn=p1:take before=take",
                "bad position: p1 has no piece yet, so before= must be -",
            ),
            (
                &[],
                "p1=w@12 p2=g@S turn=p1:take before=-",
                "bad position: p1 already controls white, so it cannot take one",
            ),
            (
                &[],
                "p1=w@12 p2=g@S turn=p1:roll before=take",
                "bad position: before=take and p1 has not rolled yet, so its piece must stand on S",
            ),
            (
                &[],
                "p1=w@S p2=g@S turn=p1:again before=-",
                "bad position: p1:again is an extra roll after landing on the own colour, but white stands on S",
            ),
            (
                &[],
                "p1=w@S p2=g@5 turn=p1:exchange before=-",
                "bad position: p1:exchange follows a move that ends the turn, but white on S would not end it",
            ),
            (
                &["players=6"],
                "p1=w@12 p2=g@1 p3=o@3 p4=s@5 p5=y@9 p6=b@11 turn=p1:exchange before=k",
                "bad position: p1:exchange needs a reserve piece other than the one given away",
            ),
            (
                &[],
                "p1=w@12 p2=g@S turn=p1:dot before=-",
                "bad position: p1:dot is the exchange after landing on a dot, but white stands on 12",
            ),
        ];
        for (options, position, message) in cases {
            assert_eq!(refusal(options, position), message, "{position}");
        }
    }
}
