//! What the rules of this game rule out in a position string, with the facts as fields.

use thiserror::Error;

use crate::core::PositionMistake;

use super::PositionError;

/// What the rules of this game rule out in a position string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionFault {
    /// Not yet typed.
    #[error("{0}")]
    Untyped(String),
}

impl PositionError {
    /// Not yet typed.
    pub(crate) fn rules(text: String) -> PositionError {
        PositionMistake::Rules(PositionFault::Untyped(text)).into()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Aeroplane, OPTIONS};
    use crate::core::{NewGame, Notation, Options};

    /// A new game with these options.
    fn game(options: &[&str]) -> Aeroplane {
        Aeroplane::new_game(&Options::parse(&OPTIONS, options).unwrap()).unwrap()
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
}
