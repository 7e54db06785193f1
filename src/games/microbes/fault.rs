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
    use super::super::Microbes;
    use crate::core::{NewGame, Notation};

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
}
