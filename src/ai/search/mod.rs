//! Search: choosing moves by looking ahead over moves and dice, for any [`Game`](crate::core::Game).
//!
//! This room sees only the [`Game`](crate::core::Game) trait and an [`Evaluator`] that values the positions
//! where the look-ahead stops. Chance nodes come from [`Game::chance_outcomes`](crate::core::Game::chance_outcomes); every
//! value is an [`Estimate`] (win probabilities and equity for every seat), so the same
//! numbers serve move choice, hints and analysis.
//!
//! A search runs on the concrete game type: callers holding an `AnyGame` dispatch once
//! per decision (see `crate::ai::bots`), never once per node.

mod expectimax;
mod mcts;
mod stop;

pub use expectimax::{Expectimax, SearchStats, TIE};
pub use mcts::{Mcts, MctsStats};
pub use stop::{StopFlag, stop_requested, stoppable};

use crate::core::Estimate;
use crate::core::Strategy;

/// Values the positions where a search stops looking ahead.
pub trait Evaluator<G: Strategy>: Send + Sync {
    /// The estimate of `game` for every seat (exact when the game is over).
    fn estimate(&self, game: &G) -> Estimate;

    /// The least and the most equity this evaluator gives any seat in `game` (exact
    /// end-of-game values included): what pruning at chance nodes relies on. The default
    /// is the game's own [`Strategy::equity_bounds`].
    fn equity_bounds(&self, game: &G) -> (f64, f64) {
        game.equity_bounds()
    }
}

/// The game's own static evaluation, [`Strategy::estimate`].
#[derive(Clone, Copy, Debug, Default)]
pub struct GameEstimate;

impl<G: Strategy> Evaluator<G> for GameEstimate {
    fn estimate(&self, game: &G) -> Estimate {
        game.estimate()
    }
}

/// One legal move, by its index in the list the search was given, with its value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankedMove {
    /// Index into the legal moves.
    pub index: usize,
    /// The position's value after the move, as the search sees it.
    pub estimate: Estimate,
}

#[cfg(test)]
mod tests {
    //! The hot path allocates nothing: counted by a global allocator that only this test
    //! binary (the library's unit tests) uses, per thread so parallel tests do not count.

    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    use super::{Expectimax, GameEstimate};
    use crate::core::{Game, NewGame, Options, Phase, SeededDice, Strategy};
    use crate::games::{aeroplane::Aeroplane, microbes::Microbes, mnogoboy::Mnogoboy, nardy::Nardy, ur::Ur};

    struct Counting;

    thread_local! {
        static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    }

    // SAFETY: forwards to the system allocator; the counter is a thread-local `Cell`
    // with a const initialiser, which never allocates.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
            // SAFETY: the caller's layout goes to the system allocator unchanged.
            unsafe { System.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: `ptr` was allocated by `System` with this layout.
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    #[global_allocator]
    static GLOBAL: Counting = Counting;

    fn allocations() -> u64 {
        ALLOCATIONS.with(Cell::get)
    }

    /// Positions from the first moves of seeded random games (the end, where a game's
    /// outcome is built with its summary text, is left out).
    fn early_positions<G: Game>(fresh: &G, count: usize) -> Vec<G> {
        let mut dice = SeededDice::new(3);
        let mut found = Vec::new();
        let mut moves = Vec::new();
        while found.len() < count {
            let mut game = fresh.clone();
            for _ in 0..30 {
                moves.clear();
                game.legal_moves(&mut moves);
                match game.phase() {
                    Phase::Over => break,
                    Phase::Roll(_) if moves.is_empty() => {
                        let roll = game.roll(&mut dice);
                        game.set_dice(roll).unwrap();
                    }
                    _ => {
                        found.push(game.clone());
                        let pick = dice.below(moves.len() as u32) as usize;
                        game.play_unchecked(&moves[pick]);
                    }
                }
            }
        }
        found.truncate(count);
        found
    }

    /// Searches every position once to grow the buffers, clears the table, and counts
    /// the allocations of searching them all again.
    fn searching_allocates_nothing<G: Strategy>(fresh: G, depth: u8) {
        let positions = early_positions(&fresh, 12);
        let mut search = Expectimax::new(depth, GameEstimate);
        for game in &positions {
            search.evaluate(game);
        }
        search.clear_table();
        let before = allocations();
        let nodes = search.stats().nodes;
        for game in &positions {
            search.evaluate(game);
        }
        let made = allocations() - before;
        assert!(
            search.stats().nodes > nodes + 100,
            "{}: the search did work",
            fresh.info().id
        );
        assert_eq!(made, 0, "{}: {made} allocations while searching", fresh.info().id);
    }

    #[test]
    fn the_search_allocates_nothing_per_node_once_its_buffers_have_grown() {
        searching_allocates_nothing(Nardy::default_game(), 2);
        searching_allocates_nothing(Ur::default_game(), 3);
        searching_allocates_nothing(Microbes::default_game(), 3);
        searching_allocates_nothing(Aeroplane::default_game(), 2);
        let mnogoboy = Options::parse(Mnogoboy::game_info().options, &["players=2"]).unwrap();
        searching_allocates_nothing(Mnogoboy::new_game(&mnogoboy).unwrap(), 6);
    }

    #[test]
    fn a_stopped_search_returns_at_once_and_keeps_nothing_of_it() {
        // Given a position with choices and searches whose stop flag is already set,
        let position = early_positions(&Nardy::default_game(), 6).pop().unwrap();
        let mut legal = Vec::new();
        position.legal_moves(&mut legal);
        assert!(legal.len() > 1);
        let flag = super::StopFlag::new();
        flag.request();
        // when they are asked to search,
        let mut expectimax = Expectimax::new(2, GameEstimate);
        super::stoppable(&flag, || expectimax.rank(&position, &legal));
        let mut mcts = super::Mcts::new(1_000_000, GameEstimate, 1);
        super::stoppable(&flag, || mcts.choose(&position, &legal));
        // then they look at no node, and the same search answers afterwards exactly as
        // a fresh one does (nothing of the cut search was kept in its table).
        assert_eq!(expectimax.stats().nodes, 0);
        assert_eq!(mcts.stats().playouts, 0);
        let fresh = Expectimax::new(2, GameEstimate).rank(&position, &legal);
        assert_eq!(expectimax.rank(&position, &legal), fresh);
    }
}
