//! What the rules of this game rule out in a position string and in a move, with the facts
//! as fields.

use thiserror::Error;

use crate::core::{RulesFault, Seat};

use super::board::{Cell, RuleSet, cell_name};
use super::movegen::Refusal;
use super::{SEAT_NAMES, Step, text};

/// What the rules of this game rule out in a position string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionFault {
    /// A key that names no field of a position.
    #[error("unknown field '{key}'; an ur position has light=, dark=, turn=")]
    UnknownField {
        /// The key as written.
        key: String,
    },
    /// A field that every position has, left out.
    #[error("the field '{key}=' is missing; an ur position looks like: {example}")]
    MissingField {
        /// The key of the missing field.
        key: &'static str,
        /// Positions of this rule set, to copy from.
        example: String,
    },
    /// `TOKENxCOUNT` with a count that is not 1 to the pieces of a side.
    #[error("{}=: '{token}' has a bad count; write TOKENxCOUNT like inx{pieces}", SEAT_NAMES[*.seat])]
    BadCount {
        /// The side whose field it is.
        seat: Seat,
        /// The token as written.
        token: String,
        /// Pieces a side has in this rule set.
        pieces: u8,
    },
    /// More pieces in one place than a side has.
    #[error("{} has more than {pieces} pieces", SEAT_NAMES[*.seat])]
    TooManyPieces {
        /// The side.
        seat: Seat,
        /// Pieces a side has in this rule set.
        pieces: u8,
    },
    /// A token that is neither `in`, `off` nor a cell.
    #[error("{}=: '{token}' is not a piece; write in, off or a cell like d2", SEAT_NAMES[*.seat])]
    NotAPiece {
        /// The side whose field it is.
        seat: Seat,
        /// The token as written.
        token: String,
    },
    /// A cell off this rule set's board.
    #[error("{}=: there is no cell {} on the {} board", SEAT_NAMES[*.seat], cell_name(*.cell), .rules.name())]
    NoSuchCell {
        /// The side whose field it is.
        seat: Seat,
        /// The cell named.
        cell: Cell,
        /// The rule set played.
        rules: RuleSet,
    },
    /// A face (`m`, `b`) or a next cell (`>h1`) outside City, whose pieces have neither.
    #[error(
        "{}=: '{token}': pieces have no faces or sides in {}; write just the cell",
        SEAT_NAMES[*.seat],
        .rules.name()
    )]
    NoFacesOrSides {
        /// The side whose field it is.
        seat: Seat,
        /// The token as written.
        token: String,
        /// The rule set played.
        rules: RuleSet,
    },
    /// Something after `>` that is not a cell.
    #[error("{}=: '{token}': after '>' write the next cell, h1 or h3", SEAT_NAMES[*.seat])]
    NextNotACell {
        /// The side whose field it is.
        seat: Seat,
        /// The token as written.
        token: String,
    },
    /// A cell of the board that the side's pieces never pass.
    #[error("{who}=: {} is not on {who}'s path", cell_name(*.cell), who = SEAT_NAMES[*.seat])]
    NotOnPath {
        /// The side whose field it is.
        seat: Seat,
        /// The cell named.
        cell: Cell,
    },
    /// A next cell given for a piece that is not on h2.
    #[error(
        "{}=: '{token}': only a piece on h2 says where it goes next (h2>h1 or h2>h3)",
        SEAT_NAMES[*.seat]
    )]
    NextCellOffH2 {
        /// The side whose field it is.
        seat: Seat,
        /// The token as written.
        token: String,
    },
    /// A piece with a face that no piece of the side can show on that cell.
    #[error(
        "{who}=: a {} {who} piece cannot stand on {}{}",
        if *.marked { "marked" } else { "blank" },
        cell_name(*.cell),
        if *.marked { " (write it without m)" } else { " (a piece there is always marked: write m)" },
        who = SEAT_NAMES[*.seat]
    )]
    WrongFace {
        /// The side whose field it is.
        seat: Seat,
        /// The cell named.
        cell: Cell,
        /// True if the piece was written marked (`m`).
        marked: bool,
    },
    /// A piece on h2 without the cell it goes to next.
    #[error("{}=: say which way the piece on {cell} goes next: {cell}>h1 or {cell}>h3", SEAT_NAMES[*.seat], cell = cell_name(*.cell))]
    WhichWayNext {
        /// The side whose field it is.
        seat: Seat,
        /// The cell named.
        cell: Cell,
    },
    /// A `turn=` value that is none of its forms.
    #[error(
        "turn={value}: write light:roll, dark:{max_roll}, {}or over",
        if *.rules == RuleSet::City { "light:rolloff, " } else { "" }
    )]
    BadTurn {
        /// The value as written.
        value: String,
        /// The rule set played (City has a roll-off).
        rules: RuleSet,
        /// The highest roll of this rule set.
        max_roll: u8,
    },
    /// A roll this rule set's dice cannot throw.
    #[error("turn={value}: {} rolls {low} to {high}", .rules.name())]
    RollOutOfRange {
        /// The value as written.
        value: String,
        /// The rule set played.
        rules: RuleSet,
        /// The lowest roll.
        low: u8,
        /// The highest roll.
        high: u8,
    },
    /// A side with more or fewer pieces than the rule set gives it.
    #[error("{} has {total} pieces; each side has {pieces} in {}", SEAT_NAMES[*.seat], .rules.name())]
    PieceCount {
        /// The side.
        seat: Seat,
        /// Its pieces: reserve, board and borne off.
        total: u32,
        /// Pieces a side has in this rule set.
        pieces: u8,
        /// The rule set played.
        rules: RuleSet,
    },
    /// A four-eyes cell with pieces of both faces.
    #[error("{} is a four-eyes cell and holds both blank and marked pieces", cell_name(*.cell))]
    MixedFaces {
        /// The cell.
        cell: Cell,
    },
    /// More pieces on a cell than it holds.
    #[error(
        "{} holds {count} pieces; {}",
        cell_name(*.cell),
        if *.rules == RuleSet::City {
            "only the green and four-eyes cells hold more than one"
        } else {
            "a cell holds one piece at most"
        }
    )]
    Crowded {
        /// The cell.
        cell: Cell,
        /// The pieces on it, of both sides.
        count: u8,
        /// The rule set played.
        rules: RuleSet,
    },
    /// Both sides with every piece borne off.
    #[error("both sides have borne off every piece")]
    BothBorneOff,
    /// A side has borne off every piece but the turn is not `over`.
    #[error("{} has borne off every piece, so the game is over (write turn=over)", SEAT_NAMES[*.seat])]
    WonButNotOver {
        /// The side that has borne off every piece.
        seat: Seat,
    },
    /// `turn=over` with no side finished.
    #[error("turn=over, but nobody has borne off every piece")]
    OverWithoutWinner,
    /// A roll-off in a rule set that has none.
    #[error("{} has no roll-off; write turn=light:roll", .rules.name())]
    NoRollOff {
        /// The rule set played.
        rules: RuleSet,
    },
    /// A roll-off after pieces have entered the board.
    #[error("the roll-off comes before any piece enters, but pieces have left the reserve")]
    RollOffAfterEntry,
}

impl RulesFault for PositionFault {}

/// Why the rules refuse a written move in this position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveFault {
    /// A pass while a piece can move.
    #[error("{} can move, so passing is not allowed (for example {})", SEAT_NAMES[*.seat], text::format_step(.example))]
    PassWithMoves {
        /// The seat to move.
        seat: Seat,
        /// A move it can make.
        example: Step,
    },
    /// A step that fits several legal moves.
    #[error("{} means more than one move here: write {}", text::format_step(.step), steps_text(.choices))]
    Ambiguous {
        /// The step as written.
        step: Step,
        /// The legal moves it fits.
        choices: Vec<Step>,
    },
    /// A step with a roll of 0.
    #[error("a roll of 0 moves nothing: pass")]
    ZeroRoll,
    /// An entering piece when none is left in reserve.
    #[error("{} has no piece in reserve", SEAT_NAMES[*.seat])]
    NoReserve {
        /// The seat to move.
        seat: Seat,
    },
    /// A step from a cell without a piece of the mover (of the face written, if any).
    #[error("there is no {}{} piece on {}", face_text(*.face), SEAT_NAMES[*.seat], cell_name(*.cell))]
    NoPiece {
        /// The seat to move.
        seat: Seat,
        /// The face written (`Some(true)` = marked).
        face: Option<bool>,
        /// The cell written.
        cell: Cell,
    },
    /// A step the geometry allows and the rules do not.
    #[error("{}", .refusal.explain(*.seat))]
    Refused {
        /// The seat to move.
        seat: Seat,
        /// Which rule refuses it.
        refusal: Refusal,
    },
    /// Bearing off with a roll other than the exact one.
    #[error("bearing off from {} needs exactly {need}, not {roll}", cell_name(*.from))]
    InexactBearOff {
        /// The cell the piece leaves.
        from: Cell,
        /// The roll it needs.
        need: u8,
        /// The roll.
        roll: u8,
    },
    /// Entering and bearing off in one step.
    #[error("a piece cannot enter and bear off with one roll of {roll}")]
    EnterAndBearOff {
        /// The roll.
        roll: u8,
    },
    /// A step through a cell its path does not pass.
    #[error("{} does not pass {} on its way to {}", piece_text(*.from), cell_name(*.via), cell_name(*.to))]
    NotVia {
        /// The cell the piece leaves; `None` for a piece entering.
        from: Option<Cell>,
        /// The cell written as passed.
        via: Cell,
        /// The cell written as reached.
        to: Cell,
    },
    /// A piece that the roll cannot move forward.
    #[error("with a {roll} {} cannot move forward (bearing off needs the exact roll)", piece_text(*.from))]
    CannotMove {
        /// The roll.
        roll: u8,
        /// The cell the piece leaves; `None` for a piece entering.
        from: Option<Cell>,
    },
    /// A step to another cell than the roll reaches.
    #[error("with a {roll} {} goes to {}, not {}", piece_text(*.from), reach_text(.reach), cell_name(*.to))]
    OtherTarget {
        /// The roll.
        roll: u8,
        /// The cell the piece leaves; `None` for a piece entering.
        from: Option<Cell>,
        /// Where the roll takes it forward, `None` for off the board.
        reach: Vec<Option<Cell>>,
        /// The cell written.
        to: Cell,
    },
}

fn steps_text(steps: &[Step]) -> String {
    steps
        .iter()
        .map(text::format_step)
        .collect::<Vec<_>>()
        .join(" or ")
}

fn face_text(face: Option<bool>) -> &'static str {
    match face {
        Some(true) => "marked ",
        Some(false) => "blank ",
        None => "",
    }
}

fn piece_text(from: Option<Cell>) -> String {
    from.map_or("a piece entering".to_string(), |cell| {
        format!("the piece on {}", cell_name(cell))
    })
}

fn reach_text(reach: &[Option<Cell>]) -> String {
    let names: Vec<String> = reach
        .iter()
        .map(|to| to.map_or("off".to_string(), cell_name))
        .collect();
    names.join(" or ")
}

#[cfg(test)]
mod tests {
    use super::super::board::{RuleSet, cell};
    use super::super::{DARK, INFO, LIGHT, PositionError, Ur};
    use super::PositionFault;
    use crate::core::{NewGame, Notation, Options, PositionMistake};

    /// A fresh game with these options.
    fn game(options: &[&str]) -> Ur {
        Ur::new_game(&Options::parse(INFO.options, options).unwrap()).unwrap()
    }

    /// The whole message that setting `text` on a fresh game with `options` gives.
    fn refusal(options: &[&str], text: &str) -> String {
        let mut game = game(options);
        match game.set_position(text) {
            Ok(()) => panic!("{text} should be refused"),
            Err(err) => err.to_string(),
        }
    }

    /// One bad position per place the rules refuse one, with the message it gives, word
    /// for word.
    #[test]
    fn each_fault_reads_as_it_always_has() {
        // The one wording no string reaches: a marked piece where only a blank one can
        // stand ("(write it without m)"). Every City cell has a marked place on each side's
        // path, and the other rule sets refuse a face before the cell is looked at.
        let cases: &[(&[&str], &str, &str)] = &[
            (
                &[],
                "light=inx9 dark=inx5 turn=light:roll",
                "bad position: light=: 'inx9' has a bad count; write TOKENxCOUNT like inx5",
            ),
            (
                &["rules=blitz"],
                "light=inx3,inx3 dark=inx5 turn=light:roll",
                "bad position: light has more than 5 pieces",
            ),
            (
                &[],
                "light=inx4,zz dark=inx5 turn=light:roll",
                "bad position: light=: 'zz' is not a piece; write in, off or a cell like d2",
            ),
            (
                &[],
                "light=inx4,e1 dark=inx5 turn=light:roll",
                "bad position: light=: there is no cell e1 on the city board",
            ),
            (
                &["rules=finkel"],
                "light=inx6,d2m dark=inx7 turn=light:roll",
                "bad position: light=: 'd2m': pieces have no faces or sides in finkel; write just the cell",
            ),
            (
                &[],
                "light=inx4,h2m>zz dark=inx5 turn=light:roll",
                "bad position: light=: 'h2m>zz': after '>' write the next cell, h1 or h3",
            ),
            (
                &[],
                "light=inx4,d3 dark=inx5 turn=light:roll",
                "bad position: light=: d3 is not on light's path",
            ),
            (
                &[],
                "light=inx4,e2>h1 dark=inx5 turn=light:roll",
                "bad position: light=: 'e2>h1': only a piece on h2 says where it goes next (h2>h1 or h2>h3)",
            ),
            (
                &[],
                "light=inx4,h2 dark=inx5 turn=light:roll",
                "bad position: light=: a blank light piece cannot stand on h2 (a piece there is always marked: write m)",
            ),
            (
                &[],
                "light=inx4,h2m dark=inx5 turn=light:roll",
                "bad position: light=: say which way the piece on h2 goes next: h2>h1 or h2>h3",
            ),
            (
                &[],
                "light=inx5 dark turn=light:roll",
                "bad position: 'dark' is not key=value; an ur position looks like: light=inx5 dark=inx5 turn=light:rolloff (or light=inx3,e2,h2>h3 dark=inx4,d3m turn=light:2)",
            ),
            (
                &["rules=finkel"],
                "light=inx7 dark=inx7 turn=light:roll x=1",
                "bad position: unknown field 'x'; an ur position has light=, dark=, turn=",
            ),
            (
                &[],
                "light=inx5 dark=inx5",
                "bad position: the field 'turn=' is missing; an ur position looks like: light=inx5 dark=inx5 turn=light:rolloff (or light=inx3,e2,h2>h3 dark=inx4,d3m turn=light:2)",
            ),
            (
                &["rules=masters"],
                "turn=light:roll",
                "bad position: the field 'light=' is missing; an ur position looks like: light=inx7 dark=inx7 turn=light:roll (or light=inx6,d2 dark=inx7 turn=dark:3)",
            ),
            (
                &[],
                "light=inx5 dark=inx5 turn=blue:roll",
                "bad position: turn=blue:roll: write light:roll, dark:4, light:rolloff, or over",
            ),
            (
                &["rules=finkel"],
                "light=inx7 dark=inx7 turn=light",
                "bad position: turn=light: write light:roll, dark:4, or over",
            ),
            (
                &[],
                "light=inx5 dark=inx5 turn=light:5",
                "bad position: turn=light:5: city rolls 1 to 4",
            ),
            (
                &["rules=masters"],
                "light=inx7 dark=inx7 turn=light:9",
                "bad position: turn=light:9: masters rolls 1 to 4",
            ),
            (
                &[],
                "light=inx4 dark=inx5 turn=light:roll",
                "bad position: light has 4 pieces; each side has 5 in city",
            ),
            (
                &[],
                "light=inx4,b2 dark=inx4,b2m turn=light:roll",
                "bad position: b2 is a four-eyes cell and holds both blank and marked pieces",
            ),
            (
                &[],
                "light=inx3,c2x2 dark=inx5 turn=light:roll",
                "bad position: c2 holds 2 pieces; only the green and four-eyes cells hold more than one",
            ),
            (
                &["rules=finkel"],
                "light=inx6,d2 dark=inx6,d2 turn=light:roll",
                "bad position: d2 holds 2 pieces; a cell holds one piece at most",
            ),
            (
                &[],
                "light=offx5 dark=offx5 turn=over",
                "bad position: both sides have borne off every piece",
            ),
            (
                &[],
                "light=offx5 dark=inx5 turn=light:roll",
                "bad position: light has borne off every piece, so the game is over (write turn=over)",
            ),
            (
                &[],
                "light=inx5 dark=inx5 turn=over",
                "bad position: turn=over, but nobody has borne off every piece",
            ),
            (
                &["rules=finkel"],
                "light=inx7 dark=inx7 turn=light:rolloff",
                "bad position: finkel has no roll-off; write turn=light:roll",
            ),
            (
                &[],
                "light=inx4,d1 dark=inx5 turn=light:rolloff",
                "bad position: the roll-off comes before any piece enters, but pieces have left the reserve",
            ),
        ];
        for (options, text, message) in cases {
            assert_eq!(refusal(options, text), *message, "{text}");
        }
    }

    /// The error that setting `text` on a fresh game with `options` gives.
    fn error(options: &[&str], text: &str) -> PositionError {
        game(options).set_position(text).expect_err(text)
    }

    /// A fault keeps its facts as fields: the side, the cell, the counts, the rule set.
    #[test]
    fn faults_hold_their_facts() {
        let rules = |fault| crate::core::PositionError(PositionMistake::Rules(fault));
        assert_eq!(
            error(&[], "light=inx4 dark=inx5 turn=light:roll"),
            rules(PositionFault::PieceCount {
                seat: LIGHT,
                total: 4,
                pieces: 5,
                rules: RuleSet::City,
            })
        );
        assert_eq!(
            error(&["rules=finkel"], "light=inx7 dark=inx6,g1 turn=light:roll"),
            rules(PositionFault::NotOnPath {
                seat: DARK,
                cell: cell(6, 1),
            })
        );
        assert_eq!(
            error(&["rules=finkel"], "light=inx6,d2 dark=inx6,d2 turn=light:roll"),
            rules(PositionFault::Crowded {
                cell: cell(3, 2),
                count: 2,
                rules: RuleSet::Finkel,
            })
        );
        assert_eq!(
            error(&["rules=masters"], "light=inx7 dark=inx7 turn=dark:7"),
            rules(PositionFault::RollOutOfRange {
                value: "dark:7".into(),
                rules: RuleSet::Masters,
                low: 1,
                high: 4,
            })
        );
        assert_eq!(
            error(&[], "light=inx4,h2 dark=inx5 turn=light:roll"),
            rules(PositionFault::WrongFace {
                seat: LIGHT,
                cell: cell(7, 2),
                marked: false,
            })
        );
    }
}
