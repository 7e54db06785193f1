//! Checking a microbes move against the roll: passing while a piece can move, entering a
//! piece, and walking a piece (whose it is, what stands in its way).

use super::board::cell_of;
use super::fault::MoveFault;
use super::movegen::{NoEntry, Stuck};
use super::{Microbes, MicrobesMove};

impl Microbes {
    /// Says why `mv` cannot be played with `die`, or returns nothing when it can.
    pub(super) fn check(&self, mv: MicrobesMove, die: u8) -> Result<(), MoveFault> {
        let turn = self.mover();
        let seat = self.turn;
        match mv {
            MicrobesMove::Pass => {
                let mut legal = Vec::new();
                turn.generate(die, &mut legal);
                match legal[0] {
                    MicrobesMove::Pass => Ok(()),
                    example => Err(MoveFault::PassWithMoves { seat, example }),
                }
            }
            MicrobesMove::Enter => match turn.enter(die) {
                Ok(_) => Ok(()),
                Err(NoEntry::NotSix) => Err(MoveFault::EnterNeedsSix { die }),
                Err(NoEntry::NoReserve) => Err(MoveFault::NoReserve { seat }),
                Err(NoEntry::StartTaken) => Err(MoveFault::StartTaken { seat }),
            },
            MicrobesMove::Piece(cell) => {
                let Some(from) = turn.mine.index_on(seat, cell) else {
                    return Err(MoveFault::NoPiece { seat, cell });
                };
                turn.walk(from, die).map(|_| ()).map_err(|stuck| match stuck {
                    Stuck::OwnAhead(ahead) => MoveFault::OwnAhead { seat, cell, ahead },
                    Stuck::Overshoot => MoveFault::Overshoot { seat, cell, die },
                    Stuck::HomeBlocked(blocker) => MoveFault::HomeBlocked {
                        seat,
                        cell,
                        blocker,
                        fresh: turn.mine.has(0) && blocker == cell_of(seat, 0),
                    },
                })
            }
        }
    }
}
