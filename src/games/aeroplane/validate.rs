//! What an Aeroplane Chess position string may not say: two colours on one square, a
//! roll-off or a finishing order that play cannot reach, an end marked where the game
//! goes on, planes moved this turn without the sixes that allow it.

use super::board::{self, CENTRE, HANGAR};
use super::{Aeroplane, PLANES, PositionError, PositionFault, Stage};
use crate::core::RollOff;

/// Checks that a parsed position could arise in play.
pub fn validate(game: &Aeroplane) -> Result<(), PositionError> {
    validate_squares(game)?;
    if let Stage::RollOff(roll_off) = game.stage {
        return validate_rolloff(game, roll_off);
    }
    validate_finished(game)?;
    let needed = if game.rules.until_last { game.seats - 1 } else { 1 };
    if game.stage.is_over() {
        return validate_over(game, needed);
    }
    validate_in_play(game, needed)
}

/// No square holds planes of two seats.
fn validate_squares(game: &Aeroplane) -> Result<(), PositionError> {
    for seat in 0..game.seats {
        for other in seat + 1..game.seats {
            for a in 0..PLANES {
                for b in 0..PLANES {
                    let (pa, pb) = (game.planes[seat][a], game.planes[other][b]);
                    if board::on_track(pa)
                        && board::on_track(pb)
                        && board::square(game.colour(seat), pa) == board::square(game.colour(other), pb)
                    {
                        return Err(PositionFault::SharedSquare {
                            square: board::square(game.colour(seat), pa),
                            colour: game.colour(seat),
                            other: game.colour(other),
                        }
                        .into());
                    }
                }
            }
        }
    }
    Ok(())
}

/// Before the roll-off is decided every plane is home and the one to roll is next.
fn validate_rolloff(game: &Aeroplane, roll_off: RollOff) -> Result<(), PositionError> {
    if game.planes[..game.seats]
        .iter()
        .any(|planes| planes.iter().any(|&at| at != HANGAR))
    {
        return Err(PositionFault::PlaneOutInRollOff.into());
    }
    if game.sixes != 0 || game.moved != 0 || !game.finished.is_empty() {
        return Err(PositionFault::TurnUnderwayInRollOff.into());
    }
    let roller = roll_off.to_roll();
    if game.turn != roller {
        return Err(PositionFault::RollOffOutOfTurn {
            roller: game.colour(roller),
            turn: game.colour(game.turn),
        }
        .into());
    }
    Ok(())
}

/// The seats listed as finished are exactly those with every plane in the centre.
fn validate_finished(game: &Aeroplane) -> Result<(), PositionError> {
    for (place, &seat) in game.finished.iter().enumerate() {
        if game.planes[seat].iter().any(|&at| at != CENTRE) {
            return Err(PositionFault::FinishedNotInCentre {
                colour: game.colour(seat),
                place: place + 1,
            }
            .into());
        }
    }
    for seat in 0..game.seats {
        if game.planes[seat].iter().all(|&at| at == CENTRE) && !game.finished.contains(&seat) {
            return Err(PositionFault::UnlistedFinisher {
                colour: game.colour(seat),
            }
            .into());
        }
    }
    Ok(())
}

/// A game over has as many finished seats as end it, and nothing left of a turn.
fn validate_over(game: &Aeroplane, needed: usize) -> Result<(), PositionError> {
    if game.finished.len() != needed {
        return Err(PositionFault::FinisherCount {
            needed,
            until_last: game.rules.until_last,
            finished: game.finished.len(),
        }
        .into());
    }
    if game.sixes != 0 || game.moved != 0 {
        return Err(PositionFault::TurnLeftAfterTheEnd.into());
    }
    Ok(())
}

/// A game still in play: not yet enough finished seats, a mover that has not finished,
/// and moved planes that fit the sixes thrown.
fn validate_in_play(game: &Aeroplane, needed: usize) -> Result<(), PositionError> {
    if game.finished.len() >= needed {
        return Err(PositionFault::AlreadyOver {
            finished: game.finished.len(),
        }
        .into());
    }
    if game.finished.contains(&game.turn) {
        return Err(PositionFault::FinishedSeatToMove {
            colour: game.colour(game.turn),
        }
        .into());
    }
    if game.sixes == 0 && game.moved != 0 {
        return Err(PositionFault::MovedWithoutSixes.into());
    }
    for plane in 0..PLANES {
        if game.moved & (1 << plane) != 0 && game.planes[game.turn][plane] == HANGAR {
            return Err(PositionFault::MovedPlaneInHangar {
                colour: game.colour(game.turn),
                plane,
            }
            .into());
        }
    }
    Ok(())
}
