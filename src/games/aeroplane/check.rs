//! Checking an Aeroplane Chess move: the third 6, passing while a plane can move,
//! launching, and moving a plane (whose it is, where it stands, whether the roll fits).

use super::{AeroMove, Aeroplane, CENTRE, COLOUR_NAMES, HANGAR, PLANES, plane_name, text};
use crate::core::{Game, IllegalMove};

impl Aeroplane {
    /// Checks a move and says why it cannot be played.
    pub(super) fn check(&self, mv: &AeroMove) -> Result<(), IllegalMove> {
        let mover = self.turn;
        let colour = self.colour(mover);
        let name = COLOUR_NAMES[colour];
        let roll = self.stage.rolled().unwrap_or(0);
        if self.third_six() && *mv != AeroMove::Pass {
            return Err(IllegalMove(format!(
                "a third 6 in a row is not played: the planes {name} moved with the two \
                 previous 6s go back to the hangar and the turn passes (play pass)"
            )));
        }
        match *mv {
            AeroMove::Pass => {
                let mut legal = Vec::new();
                self.legal_moves(&mut legal);
                match legal.first() {
                    Some(AeroMove::Pass) | None => Ok(()),
                    Some(first) => Err(IllegalMove(format!(
                        "{name} can move, so passing is not allowed (for example {})",
                        text::format_move(first)
                    ))),
                }
            }
            AeroMove::Launch => {
                if self.first_in_hangar(mover).is_none() {
                    Err(IllegalMove(format!("{name} has no plane in the hangar")))
                } else if !self.rules.launch.allows(roll) {
                    Err(IllegalMove(format!(
                        "launching needs {}, not a {roll}",
                        self.rules.launch.describe()
                    )))
                } else {
                    Ok(())
                }
            }
            AeroMove::Plane {
                colour: plane_colour,
                plane,
            } => {
                let (plane_colour, plane) = (usize::from(plane_colour), usize::from(plane));
                let label = plane_name(plane_colour, plane);
                if plane_colour != colour {
                    return Err(IllegalMove(match self.seat_of_colour(plane_colour) {
                        None => format!(
                            "there is no {} player in this game",
                            COLOUR_NAMES[plane_colour % 4]
                        ),
                        Some(_) => format!(
                            "{label} is {}'s plane, and {name} is to move",
                            COLOUR_NAMES[plane_colour % 4]
                        ),
                    }));
                }
                if plane >= PLANES {
                    return Err(IllegalMove(format!("{name} has planes 1 to 4 only")));
                }
                let at = self.planes[mover][plane];
                if at == HANGAR {
                    return Err(IllegalMove(format!(
                        "{label} is in the hangar; bring a plane out with launch (it needs {})",
                        self.rules.launch.describe()
                    )));
                }
                if at == CENTRE {
                    return Err(IllegalMove(format!("{label} has already reached the centre")));
                }
                if self.trace_of(plane).is_none() {
                    return Err(IllegalMove(format!(
                        "{label} needs exactly {} to reach the centre, and a {roll} would \
                         overshoot it (overshoot=forbid)",
                        CENTRE - at
                    )));
                }
                Ok(())
            }
        }
    }
}
