//! Seeded self-play without I/O: one game played to its end with a bot (or a choosing
//! closure) per seat. `tabula bench`, training, calibration and the invariant tests play
//! through it.

use crate::ai::bots::Bot;
use crate::core::{DiceSource, Game, Phase};

/// Stops a game that runs away (a rules bug) instead of looping for ever.
pub const MAX_ACTIONS: u64 = 100_000;

/// What one played-out game took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Moves played (passes included).
    pub moves: u64,
    /// Rolls made.
    pub rolls: u64,
    /// True if the game reached [`Phase::Over`] within [`MAX_ACTIONS`].
    pub finished: bool,
}

/// Plays `game` to the end: rolls from `dice`, and `choose` picks among the legal moves
/// (and, before a roll, among optional actions: returning `actions.len()` means roll).
pub fn playout<G: Game>(
    game: &mut G,
    dice: &mut dyn DiceSource,
    mut choose: impl FnMut(&G, &[G::Move]) -> usize,
    mut before_roll: impl FnMut(&G, &[G::Move]) -> Option<usize>,
) -> Playout {
    let mut stats = Playout::default();
    let mut moves: Vec<G::Move> = Vec::new();
    while stats.moves + stats.rolls < MAX_ACTIONS {
        match game.phase() {
            Phase::Over => {
                stats.finished = true;
                break;
            }
            Phase::Roll(_) => {
                moves.clear();
                game.legal_moves(&mut moves);
                if let Some(index) = before_roll(game, &moves).filter(|&i| i < moves.len()) {
                    game.play_unchecked(&moves[index]);
                    stats.moves += 1;
                    continue;
                }
                let roll = game.roll(dice);
                if game.set_dice(roll).is_err() {
                    break;
                }
                stats.rolls += 1;
            }
            Phase::Move(_) => {
                moves.clear();
                game.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let index = choose(game, &moves).min(moves.len() - 1);
                game.play_unchecked(&moves[index]);
                stats.moves += 1;
            }
        }
    }
    stats
}

/// Plays with one bot per seat.
pub fn playout_with_bots<G: Game>(
    game: &mut G,
    dice: &mut dyn DiceSource,
    bots: &mut [Box<dyn Bot<G>>],
) -> Playout {
    let bots = std::cell::RefCell::new(bots);
    let seat_of = |g: &G| g.phase().seat().unwrap_or(0);
    playout(
        game,
        dice,
        |g, legal| bots.borrow_mut()[seat_of(g)].choose_move(g, legal),
        |g, actions| bots.borrow_mut()[seat_of(g)].choose_before_roll(g, actions),
    )
}
