//! What the rules of this game rule out in a position string and in a move, with the facts
//! as fields.
//! A colour is its number (0 red, 1 yellow, 2 blue, 3 green), as everywhere in the game:
//! a seat's name is its colour's.

use thiserror::Error;

use crate::core::{RollOffMistake, RulesFault};

use super::board::TRACK_SQUARES;
use super::{AeroMove, COLOUR_NAMES, LaunchRule, SEAT_COLOURS, plane_name, text};

/// What the rules of this game rule out in a position string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionFault {
    /// A plane's place that names no place.
    #[error(
        "{}: '{token}' is not a place; write H (hangar), L (launch area), 0-51 (track \
         square), h1-h5 (home column) or C (centre)",
        plane_name(*colour, *plane)
    )]
    NotAPlace {
        /// The plane's colour.
        colour: usize,
        /// The plane's number minus one.
        plane: usize,
        /// The place as written.
        token: String,
    },
    /// A track square the colour never reaches, past where it turns into its home column.
    #[error(
        "{} cannot be on square {square}: {} turns into its home column at square {turn_in} \
         and never reaches squares {} and {}",
        plane_name(*colour, *plane),
        COLOUR_NAMES[*colour],
        (turn_in + 1) % TRACK_SQUARES,
        (turn_in + 2) % TRACK_SQUARES
    )]
    PastTurnIn {
        /// The plane's colour.
        colour: usize,
        /// The plane's number minus one.
        plane: usize,
        /// The track square written.
        square: usize,
        /// The track square where the colour turns into its home column.
        turn_in: usize,
    },
    /// The colour's shortcut square, which a plane landing on flies on from.
    #[error(
        "{} cannot stand on square {square}: it is the shortcut square, and a plane landing \
         there flies on to square {flies_to}",
        plane_name(*colour, *plane)
    )]
    OnShortcut {
        /// The plane's colour.
        colour: usize,
        /// The plane's number minus one.
        plane: usize,
        /// The track square written.
        square: usize,
        /// Where the flight ends.
        flies_to: usize,
    },
    /// A square of the colour's own that a plane landing on jumps on from.
    #[error(
        "{} cannot stand on square {square}: a plane landing there jumps on to square {jumps_to}",
        plane_name(*colour, *plane)
    )]
    OnJumpSquare {
        /// The plane's colour.
        colour: usize,
        /// The plane's number minus one.
        plane: usize,
        /// The track square written.
        square: usize,
        /// Where the jump ends.
        jumps_to: usize,
    },
    /// A colour's field for a colour that does not play in this game.
    #[error(
        "there is no {} player: this {players}-player game has {}",
        COLOUR_NAMES[*colour],
        colours_playing(*players)
    )]
    NoSuchPlayer {
        /// The colour named.
        colour: usize,
        /// How many play this game.
        players: usize,
    },
    /// A colour's field that lists other than four places.
    #[error(
        "{key}= lists {count} places; each player has 4 planes, like {key}=H,L,20,h2",
        key = COLOUR_NAMES[*colour]
    )]
    PlaceCount {
        /// The colour of the field.
        colour: usize,
        /// How many places it lists.
        count: usize,
    },
    /// A key that names no field.
    #[error("unknown field '{key}'; a position looks like: {example}")]
    UnknownField {
        /// The key as written.
        key: String,
        /// A valid position string for this number of players.
        example: String,
    },
    /// A field left out.
    #[error("the field '{key}=' is missing; a position looks like: {example}")]
    MissingField {
        /// The key of the missing field.
        key: &'static str,
        /// A valid position string for this number of players.
        example: String,
    },
    /// A roll to move while the roll-off is still deciding who starts.
    #[error("during the roll-off nobody moves; the turn is SEAT:roll")]
    MoveInRollOff,
    /// A roll-off that its rule cannot reach.
    #[error(
        "rolloff={value}: {why}: those who rolled come first, then those still to roll \
         (r5,y?,b?,g-)"
    )]
    RollOffUnreachable {
        /// The value as written.
        value: String,
        /// What does not fit the rule.
        why: RollOffMistake,
    },
    /// A game both over and still in its roll-off.
    #[error("a game in its roll-off is not over")]
    OverInRollOff,
    /// A plane listed in `moved=` that is not the mover's.
    #[error(
        "moved={value}: '{word}' is not a plane of {}, whose turn it is (write like {})",
        COLOUR_NAMES[*colour],
        plane_name(*colour, 0)
    )]
    NotTheMoversPlane {
        /// The value as written.
        value: String,
        /// The entry that names none of the mover's planes.
        word: String,
        /// The mover's colour.
        colour: usize,
    },
    /// Planes of two colours on one track square.
    #[error(
        "square {square} holds both {} and {} planes; a plane landing there sends the planes \
         already there home",
        COLOUR_NAMES[*colour],
        COLOUR_NAMES[*other]
    )]
    SharedSquare {
        /// The track square.
        square: usize,
        /// One colour there, the earlier seat.
        colour: usize,
        /// The other colour there.
        other: usize,
    },
    /// A plane out of its hangar before the roll-off has decided who starts.
    #[error("during the roll-off every plane is still in its hangar")]
    PlaneOutInRollOff,
    /// Sixes, moved planes or finished seats before the roll-off has decided who starts.
    #[error(
        "during the roll-off there are no sixes, moved planes or finished seats (sixes=0 \
         moved=- finished=-)"
    )]
    TurnUnderwayInRollOff,
    /// A turn for a seat other than the one the roll-off has rolling next.
    #[error(
        "in this roll-off {} rolls next, not {}",
        COLOUR_NAMES[*roller],
        COLOUR_NAMES[*turn]
    )]
    RollOffOutOfTurn {
        /// The colour that rolls next in the roll-off.
        roller: usize,
        /// The colour whose turn the position gives.
        turn: usize,
    },
    /// A seat listed as finished with a plane outside the centre.
    #[error(
        "{} is listed as finished (place {place}) but not all its planes are in the centre (C)",
        COLOUR_NAMES[*colour]
    )]
    FinishedNotInCentre {
        /// The seat's colour.
        colour: usize,
        /// Its place in `finished=`, from 1.
        place: usize,
    },
    /// A seat with every plane in the centre that `finished=` leaves out.
    #[error(
        "{} has all four planes in the centre, so finished= must list it",
        COLOUR_NAMES[*colour]
    )]
    UnlistedFinisher {
        /// The seat's colour.
        colour: usize,
    },
    /// A game over with other than the number of finished seats that ends it.
    #[error(
        "the game is over when {needed} player{} finished (until={}), and finished= lists \
         {finished}",
        if *needed == 1 { " has" } else { "s have" },
        if *until_last { "last" } else { "first" }
    )]
    FinisherCount {
        /// How many finished seats end the game.
        needed: usize,
        /// Option `until=last`: the game goes on until one seat is left.
        until_last: bool,
        /// How many `finished=` lists.
        finished: usize,
    },
    /// A game over with sixes or moved planes left of a turn.
    #[error("a finished game has sixes=0 moved=-")]
    TurnLeftAfterTheEnd,
    /// A game in play with as many finished seats as end it.
    #[error(
        "{finished} player{} finished, so the game is over (write turn=over)",
        if *finished == 1 { " has" } else { "s have" }
    )]
    AlreadyOver {
        /// How many `finished=` lists.
        finished: usize,
    },
    /// The turn of a seat that has finished.
    #[error("{} has finished and takes no more turns", COLOUR_NAMES[*colour])]
    FinishedSeatToMove {
        /// The seat's colour.
        colour: usize,
    },
    /// Planes moved with earlier sixes when no six was rolled.
    #[error("moved= lists planes moved with earlier 6s, but sixes=0")]
    MovedWithoutSixes,
    /// A plane moved with a six this turn that stands in the hangar.
    #[error(
        "{} moved with a 6 this turn, so it cannot be in the hangar",
        plane_name(*colour, *plane)
    )]
    MovedPlaneInHangar {
        /// The mover's colour.
        colour: usize,
        /// The plane's number minus one.
        plane: usize,
    },
}

/// The colours that play a game of `players`, as a list: `red, yellow, blue`.
fn colours_playing(players: usize) -> String {
    let names: Vec<&str> = SEAT_COLOURS[players - 2]
        .iter()
        .map(|&c| COLOUR_NAMES[c])
        .collect();
    names.join(", ")
}

impl RulesFault for PositionFault {}

/// Why the rules refuse a move in this position. `colour` is the moving seat's colour.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveFault {
    /// Anything but a pass on a third 6 in a row.
    #[error(
        "a third 6 in a row is not played: the planes {} moved with the two previous 6s go back \
         to the hangar and the turn passes (play pass)",
        COLOUR_NAMES[*.colour]
    )]
    ThirdSix {
        /// The moving colour.
        colour: usize,
    },
    /// A pass while a plane can move.
    #[error("{} can move, so passing is not allowed (for example {})", COLOUR_NAMES[*.colour], text::format_move(.example))]
    PassWithMoves {
        /// The moving colour.
        colour: usize,
        /// A move it can make.
        example: AeroMove,
    },
    /// A launch with every plane out of the hangar.
    #[error("{} has no plane in the hangar", COLOUR_NAMES[*.colour])]
    EmptyHangar {
        /// The moving colour.
        colour: usize,
    },
    /// A launch on a roll that does not launch.
    #[error("launching needs {}, not a {roll}", .launch.describe())]
    LaunchRoll {
        /// Which rolls launch.
        launch: LaunchRule,
        /// The roll.
        roll: u8,
    },
    /// A plane of a colour nobody plays.
    #[error("there is no {} player in this game", COLOUR_NAMES[*.plane_colour % 4])]
    NoSuchPlayer {
        /// The colour written.
        plane_colour: usize,
    },
    /// Another player's plane.
    #[error(
        "{} is {}'s plane, and {} is to move",
        plane_name(*.plane_colour, *.plane),
        COLOUR_NAMES[*.plane_colour % 4],
        COLOUR_NAMES[*.colour]
    )]
    NotYours {
        /// The moving colour.
        colour: usize,
        /// The plane's colour.
        plane_colour: usize,
        /// The plane's number minus one.
        plane: usize,
    },
    /// A plane number past the fourth.
    #[error("{} has planes 1 to 4 only", COLOUR_NAMES[*.colour])]
    NoSuchPlane {
        /// The moving colour.
        colour: usize,
    },
    /// A plane still in the hangar.
    #[error(
        "{} is in the hangar; bring a plane out with launch (it needs {})",
        plane_name(*.colour, *.plane),
        .launch.describe()
    )]
    InHangar {
        /// The moving colour.
        colour: usize,
        /// The plane's number minus one.
        plane: usize,
        /// Which rolls launch.
        launch: LaunchRule,
    },
    /// A plane already home.
    #[error("{} has already reached the centre", plane_name(*.colour, *.plane))]
    AtCentre {
        /// The moving colour.
        colour: usize,
        /// The plane's number minus one.
        plane: usize,
    },
    /// A roll past the centre while overshooting is forbidden.
    #[error(
        "{} needs exactly {need} to reach the centre, and a {roll} would overshoot it (overshoot=forbid)",
        plane_name(*.colour, *.plane)
    )]
    Overshoot {
        /// The moving colour.
        colour: usize,
        /// The plane's number minus one.
        plane: usize,
        /// The roll that reaches the centre.
        need: i8,
        /// The roll.
        roll: u8,
    },
}

#[cfg(test)]
mod tests {
    use super::super::{Aeroplane, INFO, PositionError};
    use super::PositionFault;
    use crate::core::{NewGame, Notation, Options, PositionMistake, RollOffMistake};

    /// A new game with these options.
    fn game(options: &[&str]) -> Aeroplane {
        Aeroplane::new_game(&Options::parse(INFO.options, options).unwrap()).unwrap()
    }

    /// A four-player position, the rest of the turn plain.
    fn four(red: &str, yellow: &str, turn: &str, rest: &str) -> String {
        format!("red={red} yellow={yellow} blue=H,H,H,H green=H,H,H,H turn={turn} {rest}")
    }

    /// A two-player position (red and blue).
    fn two(red: &str, blue: &str, turn: &str, rest: &str) -> String {
        format!("red={red} blue={blue} turn={turn} {rest}")
    }

    const IDLE: &str = "H,H,H,H";
    const PLAIN: &str = "rolloff=done sixes=0 moved=- finished=-";
    const EXAMPLE: &str = "red=H,H,H,H yellow=H,H,H,H blue=H,H,H,H green=H,H,H,H turn=red:roll \
                           rolloff=done sixes=0 moved=- finished=-";

    /// One bad position per place in the text and validation that refuses one by the
    /// game's rules, with the whole message as it reads.
    #[test]
    fn every_rules_fault_reads_as_it_did() {
        let not_a_place = "is not a place; write H (hangar), L (launch area), 0-51 (track square), \
                           h1-h5 (home column) or C (centre)";
        let cases: Vec<(&[&str], String, String)> = vec![
            (
                &[],
                four("X,H,H,H", IDLE, "red:roll", PLAIN),
                format!("r1: 'X' {not_a_place}"),
            ),
            (
                &[],
                four("H,h6,H,H", IDLE, "red:roll", PLAIN),
                format!("r2: 'h6' {not_a_place}"),
            ),
            (
                &[],
                four("H,H,52,H", IDLE, "red:roll", PLAIN),
                format!("r3: '52' {not_a_place}"),
            ),
            (
                &[],
                four("1,H,H,H", IDLE, "red:roll", PLAIN),
                "r1 cannot be on square 1: red turns into its home column at square 0 and never \
                 reaches squares 1 and 2"
                    .into(),
            ),
            (
                &[],
                four("20,H,H,H", IDLE, "red:roll", PLAIN),
                "r1 cannot stand on square 20: it is the shortcut square, and a plane landing \
                 there flies on to square 32"
                    .into(),
            ),
            (
                &[],
                four(IDLE, "H,17,H,H", "red:roll", PLAIN),
                "y2 cannot stand on square 17: a plane landing there jumps on to square 21".into(),
            ),
            (
                &[],
                format!("oops {}", four(IDLE, IDLE, "red:roll", PLAIN)),
                format!("'oops' is not key=value; a position looks like: {EXAMPLE}"),
            ),
            (
                &["players=2"],
                four(IDLE, IDLE, "red:roll", PLAIN),
                "there is no yellow player: this 2-player game has red, blue".into(),
            ),
            (
                &[],
                four("H,H,H", IDLE, "red:roll", PLAIN),
                "red= lists 3 places; each player has 4 planes, like red=H,L,20,h2".into(),
            ),
            (
                &[],
                format!("{} x=1", four(IDLE, IDLE, "red:roll", PLAIN)),
                format!("unknown field 'x'; a position looks like: {EXAMPLE}"),
            ),
            (
                &[],
                four(IDLE, IDLE, "red:roll", "rolloff=done sixes=0 moved=-"),
                format!("the field 'finished=' is missing; a position looks like: {EXAMPLE}"),
            ),
            (
                &["players=2"],
                "red=H,H,H,H blue=H,H,H,H rolloff=r?,b? turn=red:3 sixes=0 moved=- finished=-".into(),
                "during the roll-off nobody moves; the turn is SEAT:roll".into(),
            ),
            (
                &[],
                four(
                    IDLE,
                    IDLE,
                    "red:roll",
                    "rolloff=r?,y-,b-,g- sixes=0 moved=- finished=-",
                ),
                "rolloff=r?,y-,b-,g-: a roll-off round has two or more seats in it: those who \
                 rolled come first, then those still to roll (r5,y?,b?,g-)"
                    .into(),
            ),
            (
                &[],
                four(
                    IDLE,
                    IDLE,
                    "red:3",
                    "rolloff=r?,y?,b?,g? sixes=0 moved=- finished=-",
                ),
                "during the roll-off nobody moves; the turn is SEAT:roll".into(),
            ),
            (
                &[],
                four(
                    IDLE,
                    IDLE,
                    "over",
                    "rolloff=r?,y?,b?,g? sixes=0 moved=- finished=-",
                ),
                "a game in its roll-off is not over".into(),
            ),
            (
                &[],
                four(
                    "L,H,H,H",
                    IDLE,
                    "red:roll",
                    "rolloff=done sixes=1 moved=y1 finished=-",
                ),
                "moved=y1: 'y1' is not a plane of red, whose turn it is (write like r1)".into(),
            ),
            (
                &[],
                four("16,H,H,H", "16,H,H,H", "red:roll", PLAIN),
                "square 16 holds both red and yellow planes; a plane landing there sends the \
                 planes already there home"
                    .into(),
            ),
            (
                &[],
                four(
                    "L,H,H,H",
                    IDLE,
                    "red:roll",
                    "rolloff=r?,y?,b?,g? sixes=0 moved=- finished=-",
                ),
                "during the roll-off every plane is still in its hangar".into(),
            ),
            (
                &[],
                four(
                    IDLE,
                    IDLE,
                    "red:roll",
                    "rolloff=r?,y?,b?,g? sixes=1 moved=- finished=-",
                ),
                "during the roll-off there are no sixes, moved planes or finished seats (sixes=0 \
                 moved=- finished=-)"
                    .into(),
            ),
            (
                &[],
                four(
                    IDLE,
                    IDLE,
                    "red:roll",
                    "rolloff=r5,y?,b?,g? sixes=0 moved=- finished=-",
                ),
                "in this roll-off yellow rolls next, not red".into(),
            ),
            (
                &[],
                four(
                    IDLE,
                    IDLE,
                    "red:roll",
                    "rolloff=done sixes=0 moved=- finished=red",
                ),
                "red is listed as finished (place 1) but not all its planes are in the centre (C)".into(),
            ),
            (
                &[],
                four("C,C,C,C", IDLE, "yellow:roll", PLAIN),
                "red has all four planes in the centre, so finished= must list it".into(),
            ),
            (
                &[],
                four(IDLE, IDLE, "over", PLAIN),
                "the game is over when 3 players have finished (until=last), and finished= lists 0".into(),
            ),
            (
                &["players=3", "until=first"],
                "red=H,H,H,H yellow=H,H,H,H blue=H,H,H,H turn=over rolloff=done sixes=0 moved=- \
                 finished=-"
                    .into(),
                "the game is over when 1 player has finished (until=first), and finished= lists 0".into(),
            ),
            (
                &["players=2"],
                two(
                    "C,C,C,C",
                    IDLE,
                    "over",
                    "rolloff=done sixes=1 moved=- finished=red",
                ),
                "a finished game has sixes=0 moved=-".into(),
            ),
            (
                &["players=2"],
                two(
                    "C,C,C,C",
                    IDLE,
                    "blue:roll",
                    "rolloff=done sixes=0 moved=- finished=red",
                ),
                "1 player has finished, so the game is over (write turn=over)".into(),
            ),
            (
                &[],
                "red=C,C,C,C yellow=C,C,C,C blue=C,C,C,C green=H,H,H,H turn=green:roll \
                 rolloff=done sixes=0 moved=- finished=red,yellow,blue"
                    .into(),
                "3 players have finished, so the game is over (write turn=over)".into(),
            ),
            (
                &[],
                four(
                    "C,C,C,C",
                    IDLE,
                    "red:roll",
                    "rolloff=done sixes=0 moved=- finished=red",
                ),
                "red has finished and takes no more turns".into(),
            ),
            (
                &[],
                four(
                    "L,H,H,H",
                    IDLE,
                    "red:roll",
                    "rolloff=done sixes=0 moved=r1 finished=-",
                ),
                "moved= lists planes moved with earlier 6s, but sixes=0".into(),
            ),
            (
                &[],
                four(
                    "L,H,H,H",
                    IDLE,
                    "red:roll",
                    "rolloff=done sixes=1 moved=r2 finished=-",
                ),
                "r2 moved with a 6 this turn, so it cannot be in the hangar".into(),
            ),
        ];
        for (options, text, message) in cases {
            let mut game = game(options);
            let err = game.set_position(&text).expect_err(&text);
            assert_eq!(err.to_string(), format!("bad position: {message}"), "{text}");
        }
    }

    /// The fault a position string is refused with, for a game with these options.
    fn fault_of(options: &[&str], text: &str) -> PositionError {
        game(options).set_position(text).expect_err(text)
    }

    #[test]
    fn faults_keep_their_facts_as_fields() {
        let rules = |fault: PositionFault| -> PositionError {
            crate::core::PositionError(PositionMistake::Rules(fault))
        };
        assert_eq!(
            fault_of(&[], &four("H,H,H", IDLE, "red:roll", PLAIN)),
            rules(PositionFault::PlaceCount { colour: 0, count: 3 })
        );
        assert_eq!(
            fault_of(&[], &four("20,H,H,H", IDLE, "red:roll", PLAIN)),
            rules(PositionFault::OnShortcut {
                colour: 0,
                plane: 0,
                square: 20,
                flies_to: 32
            })
        );
        assert_eq!(
            fault_of(&[], &four("16,H,H,H", "16,H,H,H", "red:roll", PLAIN)),
            rules(PositionFault::SharedSquare {
                square: 16,
                colour: 0,
                other: 1
            })
        );
        assert_eq!(
            fault_of(&["players=2"], &four(IDLE, IDLE, "red:roll", PLAIN)),
            rules(PositionFault::NoSuchPlayer {
                colour: 1,
                players: 2
            })
        );
        assert_eq!(
            fault_of(
                &[],
                &four(
                    IDLE,
                    IDLE,
                    "red:roll",
                    "rolloff=r?,y-,b-,g- sixes=0 moved=- finished=-"
                )
            ),
            rules(PositionFault::RollOffUnreachable {
                value: "r?,y-,b-,g-".into(),
                why: RollOffMistake::RoundTooSmall
            })
        );
        assert_eq!(
            fault_of(
                &["players=3", "until=first"],
                "red=H,H,H,H yellow=H,H,H,H blue=H,H,H,H turn=over rolloff=done sixes=0 moved=- finished=-"
            ),
            rules(PositionFault::FinisherCount {
                needed: 1,
                until_last: false,
                finished: 0
            })
        );
        assert_eq!(
            fault_of(&[], &four("H,H,52,H", IDLE, "red:roll", PLAIN)),
            rules(PositionFault::NotAPlace {
                colour: 0,
                plane: 2,
                token: "52".into()
            })
        );
    }
}
