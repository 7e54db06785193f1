//! Seeded self-play without I/O: the engine room of `tabula bench`, the invariant tests
//! and the match runner's in-process games.

use std::time::{Duration, Instant};

use crate::bots::Bot;
use crate::core::{DiceSource, Game, Phase, SeededDice};

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

/// The totals of a benchmark run.
#[derive(Clone, Copy, Debug)]
pub struct BenchReport {
    /// Games played.
    pub games: u64,
    /// Moves played over all games.
    pub moves: u64,
    /// Games that hit [`MAX_ACTIONS`] without ending (always 0 unless rules are broken).
    pub unfinished: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl BenchReport {
    /// Games per second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Moves (turns) per second.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Plays random games from `fresh` in this thread, generating every legal move each turn,
/// until `games` are done or `budget` has passed (whichever first; at least one game).
pub fn random_games<G: Game>(fresh: &G, seed: u64, games: u64, budget: Duration) -> BenchReport {
    let mut dice = SeededDice::new(seed);
    let mut picks = SeededDice::new(seed ^ 0x5eed);
    let start = Instant::now();
    let mut report = BenchReport {
        games: 0,
        moves: 0,
        unfinished: 0,
        elapsed: Duration::ZERO,
    };
    while report.games < games.max(1) && (report.games == 0 || start.elapsed() < budget) {
        let mut game = fresh.clone();
        let stats = playout(
            &mut game,
            &mut dice,
            |_, legal| picks.below(legal.len() as u32) as usize,
            |_, _| None,
        );
        report.games += 1;
        report.moves += stats.moves;
        if !stats.finished {
            report.unfinished += 1;
        }
    }
    report.elapsed = start.elapsed();
    report
}
