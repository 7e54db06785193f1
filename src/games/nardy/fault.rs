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
    use super::super::{Nardy, OPTIONS};
    use crate::core::{NewGame, Notation, Options};

    /// The error text `position` gets in a game made with `options`.
    fn refusal(options: &[&str], position: &str) -> String {
        let options = Options::parse(&OPTIONS, options).expect("valid options");
        let mut game = Nardy::new_game(&options).expect("valid options");
        game.set_position(position).expect_err(position).to_string()
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
