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
    use super::super::{OPTIONS, Ur};
    use crate::core::{NewGame, Notation, Options};

    /// A fresh game with these options.
    fn game(options: &[&str]) -> Ur {
        Ur::new_game(&Options::parse(&OPTIONS, options).unwrap()).unwrap()
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
}
