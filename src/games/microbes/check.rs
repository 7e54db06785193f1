//! Checking a microbes move against the roll: passing while a piece can move, entering a
//! piece, and walking a piece (whose it is, what stands in its way).

use super::board::{LAST, cell_name, cell_of};
use super::movegen::{NoEntry, Stuck};
use super::{Microbes, MicrobesMove, text};
use crate::core::IllegalMove;

impl Microbes {
    /// Says why `mv` cannot be played with `die`, or returns nothing when it can.
    pub(super) fn check(&self, mv: MicrobesMove, die: u8) -> Result<(), IllegalMove> {
        let turn = self.mover();
        let who = Microbes::side_name(self.turn);
        let start = cell_name(cell_of(self.turn, 0));
        match mv {
            MicrobesMove::Pass => {
                let mut legal = Vec::new();
                turn.generate(die, &mut legal);
                match legal[0] {
                    MicrobesMove::Pass => Ok(()),
                    example => Err(IllegalMove(format!(
                        "{who} can move, so passing is not allowed (for example {})",
                        text::format_move(&example)
                    ))),
                }
            }
            MicrobesMove::Enter => match turn.enter(die) {
                Ok(_) => Ok(()),
                Err(NoEntry::NotSix) => Err(IllegalMove(format!(
                    "a new piece enters only on a 6, and the roll is {die}"
                ))),
                Err(NoEntry::NoReserve) => Err(IllegalMove(format!(
                    "{who} has no piece in reserve: all four are on the board"
                ))),
                Err(NoEntry::StartTaken) => Err(IllegalMove(format!(
                    "{start} is taken by {who}'s own piece, so no new piece can enter"
                ))),
            },
            MicrobesMove::Piece(cell) => {
                let name = cell_name(cell);
                let Some(from) = turn.mine.index_on(self.turn, cell) else {
                    return Err(IllegalMove(format!("{who} has no piece on {name}")));
                };
                turn.walk(from, die).map(|_| ()).map_err(|stuck| {
                    IllegalMove(match stuck {
                        Stuck::OwnAhead(ahead) => format!(
                            "{name} cannot move: {who}'s own piece on {} stands right in front of it",
                            cell_name(ahead)
                        ),
                        Stuck::Overshoot => format!(
                            "a {die} would carry {name} beyond {}, the end of {who}'s home diagonal; \
                             there the whole roll must fit",
                            cell_name(cell_of(self.turn, LAST))
                        ),
                        Stuck::HomeBlocked(blocker) => {
                            let fresh = if turn.mine.has(0) && blocker == cell_of(self.turn, 0) {
                                "fresh "
                            } else {
                                ""
                            };
                            format!(
                                "{name} cannot pass {who}'s own {fresh}piece on {}: \
                                 on the home diagonal the whole roll must fit",
                                cell_name(blocker)
                            )
                        }
                    })
                })
            }
        }
    }
}
