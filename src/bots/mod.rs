//! Built-in players, generic over [`Game`]: they see only the trait, so every game gets
//! them for free. A bot never rolls; whoever runs the game rolls and asks it to choose.

mod greedy;
pub mod perfect;
mod random;

pub use greedy::Greedy;
pub use perfect::Perfect;
pub use random::RandomBot;

use std::fmt;
use std::str::FromStr;

use crate::core::Game;

/// A player that picks moves by itself.
pub trait Bot<G: Game>: Send {
    /// Picks one of `legal` (never empty) for the seat to move; returns its index.
    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize;

    /// In the roll phase, picks one of the optional `actions` to take before rolling, or
    /// `None` to roll now. `actions` may be empty.
    fn choose_before_roll(&mut self, game: &G, actions: &[G::Move]) -> Option<usize>;
}

/// The built-in bots by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Plays a uniformly random legal move.
    Random,
    /// Plays the move whose resulting position evaluates best (one ply).
    Greedy,
    /// Plays Ur's standard rule sets exactly from the solved table (see [`perfect`]).
    Perfect,
}

impl BotKind {
    /// Every built-in bot.
    pub const ALL: [BotKind; 3] = [BotKind::Random, BotKind::Greedy, BotKind::Perfect];

    /// The bot's name as typed: `random`.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Perfect => "perfect",
        }
    }

    /// A new bot of this kind whose own choices (ties, randomness) follow `seed`.
    pub fn build<G: Game>(self, seed: u64) -> Box<dyn Bot<G>> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Greedy => Box::new(Greedy::new(seed)),
            BotKind::Perfect => Box::new(Perfect::new(seed)),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotKind {
    type Err = String;

    fn from_str(text: &str) -> Result<BotKind, String> {
        BotKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("unknown bot '{text}'; the bots are random, greedy, perfect"))
    }
}
