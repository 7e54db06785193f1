//! Checking an Aeroplane Chess move: the third 6, passing while a plane can move,
//! launching, and moving a plane (whose it is, where it stands, whether the roll fits).

use super::{AeroMove, Aeroplane, CENTRE, HANGAR, MoveFault, PLANES};
use crate::core::Game;

impl Aeroplane {
    /// Checks a move and says why it cannot be played.
    pub(super) fn check(&self, mv: &AeroMove) -> Result<(), MoveFault> {
        let mover = self.turn;
        let colour = self.colour(mover);
        let roll = self.stage.rolled().unwrap_or(0);
        let launch = self.rules.launch;
        if self.third_six() && *mv != AeroMove::Pass {
            return Err(MoveFault::ThirdSix { colour });
        }
        match *mv {
            AeroMove::Pass => {
                let mut legal = Vec::new();
                self.legal_moves(&mut legal);
                match legal.first() {
                    Some(AeroMove::Pass) | None => Ok(()),
                    Some(&example) => Err(MoveFault::PassWithMoves { colour, example }),
                }
            }
            AeroMove::Launch => {
                if self.first_in_hangar(mover).is_none() {
                    Err(MoveFault::EmptyHangar { colour })
                } else if !launch.allows(roll) {
                    Err(MoveFault::LaunchRoll { launch, roll })
                } else {
                    Ok(())
                }
            }
            AeroMove::Plane {
                colour: plane_colour,
                plane,
            } => {
                let (plane_colour, plane) = (usize::from(plane_colour), usize::from(plane));
                if plane_colour != colour {
                    return Err(match self.seat_of_colour(plane_colour) {
                        None => MoveFault::NoSuchPlayer { plane_colour },
                        Some(_) => MoveFault::NotYours {
                            colour,
                            plane_colour,
                            plane,
                        },
                    });
                }
                if plane >= PLANES {
                    return Err(MoveFault::NoSuchPlane { colour });
                }
                let at = self.planes[mover][plane];
                if at == HANGAR {
                    return Err(MoveFault::InHangar {
                        colour,
                        plane,
                        launch,
                    });
                }
                if at == CENTRE {
                    return Err(MoveFault::AtCentre { colour, plane });
                }
                if self.trace_of(plane).is_none() {
                    return Err(MoveFault::Overshoot {
                        colour,
                        plane,
                        need: CENTRE - at,
                        roll,
                    });
                }
                Ok(())
            }
        }
    }
}
