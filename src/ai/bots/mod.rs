//! The bot floor: the [`Bot`] trait and the bots generic over [`Game`](crate::core::Game) (random, greedy,
//! the search bots). They see only the trait, so every game gets them for free. A bot
//! never rolls; whoever runs the game rolls and asks it to choose.
//!
//! May use: core, games' traits, [`crate::ai::search`].

mod chosen;
mod greedy;
mod mcts;
mod random;
mod searching;
mod unfit;

pub use chosen::{BotChoice, ChosenBot};
pub use greedy::Greedy;
pub use mcts::MctsBot;
pub use random::RandomBot;
pub use searching::SearchBot;
pub use unfit::BotUnfit;

pub use crate::ai::search::RankedMove;
use crate::core::Estimate;
use crate::core::Strategy;

/// A player that picks moves by itself.
///
/// # Example
///
/// A bot of one's own is its choices only: here the last legal move, and rolling at once
/// before each throw. The values a bot gives moves ([`Bot::rank_moves`],
/// [`Bot::estimate`]) default to the game's own estimate.
///
/// ```
/// use tabula::ai::bots::Bot;
/// use tabula::core::{Game, NewGame, Phase, SeededDice, Strategy};
/// use tabula::games::microbes::Microbes;
///
/// struct LastMove;
///
/// impl<G: Strategy> Bot<G> for LastMove {
///     fn choose_move(&mut self, _game: &G, legal: &[G::Move]) -> usize {
///         legal.len() - 1
///     }
///
///     fn choose_before_roll(&mut self, _game: &G, _actions: &[G::Move]) -> Option<usize> {
///         None
///     }
/// }
///
/// let mut game = Microbes::default_game();
/// let mut dice = SeededDice::new(1);
/// let mut bot = LastMove;
/// while !matches!(game.phase(), Phase::Move(_)) {
///     let throw = game.roll(&mut dice);
///     game.set_dice(throw)?;
/// }
/// let mut legal = Vec::new();
/// game.legal_moves(&mut legal);
/// let index = bot.choose_move(&game, &legal);
/// game.play(&legal[index])?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot<G: Strategy>: Send {
    /// Picks one of `legal` (never empty) for the seat to move; returns its index.
    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize;

    /// In the roll phase, picks one of the optional `actions` to take before rolling, or
    /// `None` to roll now. `actions` may be empty.
    fn choose_before_roll(&mut self, game: &G, actions: &[G::Move]) -> Option<usize>;

    /// Every move of `legal` with the value this bot gives it, best first for the seat
    /// to act: what `hint N` and analysis show. A bot ranks by the measure its
    /// [`Bot::choose_move`] maximises, so that its choice is the first or tied with it.
    /// The default values each move by the game's own estimate of the position it leaves
    /// (one ply).
    fn rank_moves(&mut self, game: &G, legal: &[G::Move]) -> Vec<RankedMove> {
        crate::ai::search::Expectimax::new(1, crate::ai::search::GameEstimate).rank(game, legal)
    }

    /// Whether this bot prefers some moves of `game` to others, so that
    /// [`Bot::rank_moves`] ranks them as it chooses. A bot that plays any legal move
    /// alike (the random bot) says `false`: its ranking would be another bot's.
    fn has_preference(&mut self, game: &G) -> bool {
        let _ = game;
        true
    }

    /// The value of the position for every seat as this bot sees it. The default looks
    /// one ply ahead on the game's own estimate, like [`Bot::rank_moves`].
    fn estimate(&mut self, game: &G) -> Estimate {
        crate::ai::search::Expectimax::new(1, crate::ai::search::GameEstimate).evaluate(game)
    }

    /// In the roll phase, the value of rolling now, leaving aside the actions allowed
    /// before the roll. The default looks one ply ahead on the game's own estimate.
    fn estimate_rolling(&mut self, game: &G) -> Estimate {
        crate::ai::search::Expectimax::new(1, crate::ai::search::GameEstimate).evaluate_rolling(game)
    }

    /// The chance of every seat to win `game` with at least each kind of big win of
    /// [`Game::big_wins`](crate::core::Game::big_wins) (the first [`crate::core::MAX_BIG_WINS`]),
    /// as this bot's evaluation sees the position as it stands; `None` (the default)
    /// where it has no such chances. A truncated rollout counts them.
    fn big_win_chances(&mut self, game: &G) -> Option<crate::core::BigWinChances> {
        let _ = game;
        None
    }

    /// Restarts the bot's own random stream from `seed`, keeping what it has learnt
    /// about positions (a search's table). Whoever keeps one bot for a whole game calls
    /// it before each decision, so that a decision depends on the position and the seed
    /// only, as if the bot had been built for it: after an undo the same position brings
    /// the same choice, and a record replays. A bot with randomness of its own must
    /// override it (the default, for bots without any, does nothing).
    fn reseed(&mut self, seed: u64) {
        let _ = seed;
    }
}

/// The [`Bot`] methods of a bot that answers from a search of its own, kept in its field
/// `search` ([`crate::ai::search::Expectimax`] or [`crate::ai::search::Mcts`]): the ranking
/// and both estimates are the search's.
macro_rules! answers_from_search {
    ($game:ty) => {
        fn rank_moves(
            &mut self,
            game: &$game,
            legal: &[<$game as $crate::core::Game>::Move],
        ) -> Vec<$crate::ai::search::RankedMove> {
            self.search.rank(game, legal)
        }

        fn estimate(&mut self, game: &$game) -> $crate::core::Estimate {
            self.search.evaluate(game)
        }

        fn estimate_rolling(&mut self, game: &$game) -> $crate::core::Estimate {
            self.search.evaluate_rolling(game)
        }
    };
}

/// The [`Bot`] methods of a bot that hands each decision about `$game` to the bot that
/// `$inner` finds for it (with `$self` and `$game` in scope): all but `reseed`, which
/// differs by what it keeps for the bots not found yet.
macro_rules! hands_decisions_to {
    ($game_type:ty, $self:ident, $game:ident => $inner:expr) => {
        fn choose_move(
            &mut $self,
            $game: &$game_type,
            legal: &[<$game_type as $crate::core::Game>::Move],
        ) -> usize {
            $inner.choose_move($game, legal)
        }

        fn choose_before_roll(
            &mut $self,
            $game: &$game_type,
            actions: &[<$game_type as $crate::core::Game>::Move],
        ) -> Option<usize> {
            $inner.choose_before_roll($game, actions)
        }

        fn rank_moves(
            &mut $self,
            $game: &$game_type,
            legal: &[<$game_type as $crate::core::Game>::Move],
        ) -> Vec<$crate::ai::search::RankedMove> {
            $inner.rank_moves($game, legal)
        }

        fn has_preference(&mut $self, $game: &$game_type) -> bool {
            $inner.has_preference($game)
        }

        fn estimate(&mut $self, $game: &$game_type) -> $crate::core::Estimate {
            $inner.estimate($game)
        }

        fn estimate_rolling(&mut $self, $game: &$game_type) -> $crate::core::Estimate {
            $inner.estimate_rolling($game)
        }

        fn big_win_chances(&mut $self, $game: &$game_type) -> Option<$crate::core::BigWinChances> {
            $inner.big_win_chances($game)
        }
    };
}

pub(crate) use {answers_from_search, hands_decisions_to};
