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
    use super::super::{Mnogoboy, OPTIONS};
    use crate::core::{NewGame, Notation, Options};

    /// The error text `position` gets in a game made with `options`.
    fn refusal(options: &[&str], position: &str) -> String {
        let options = Options::parse(&OPTIONS, options).expect("valid options");
        let mut game = Mnogoboy::new_game(&options).expect("valid options");
        game.set_position(position).expect_err(position).to_string()
    }

    /// One position per fault the rules find (every way each place that makes one can
    /// word it), with its whole message as it reads.
    #[test]
    fn each_fault_reads_as_it_always_has() {
        let cases: [(&[&str], &str, &str); 29] = [
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
            // This one names p2 twice; it is kept word for word here all the same.
            (
                &["players=3"],
                "p1=w@12 p2=g@5 p3=- turn=p1:roll before=-",
                "bad position: seats take their first piece in turn order, so with p1 to act p2 cannot have a piece while p2 has none",
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
