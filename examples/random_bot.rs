//! A tiny external bot: plays uniformly random legal moves of any tabula game over the
//! engine protocol. The bot is only its choices; the library keeps the game (so it
//! always knows the legal moves) and speaks the protocol; the controller (tabula) rolls
//! the dice.
//!
//! ```sh
//! cargo build --examples
//! tabula play nardy --seat "black=engine:target/debug/examples/random_bot"
//! tabula match nardy --player bot:greedy --player "engine:target/debug/examples/random_bot"
//! ```

use std::io;

use tabula::ai::bots::Bot;
use tabula::core::Game;
use tabula::games::AnyGame;

/// Picks any legal move, and before a roll rolls or takes an optional action alike.
struct RandomBot {
    /// A small xorshift generator: the bot needs no reproducibility of its own.
    state: u64,
}

impl RandomBot {
    fn below(&mut self, n: usize) -> usize {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        (self.state % n.max(1) as u64) as usize
    }
}

impl Bot<AnyGame> for RandomBot {
    fn choose_move(&mut self, _game: &AnyGame, legal: &[<AnyGame as Game>::Move]) -> usize {
        self.below(legal.len())
    }

    fn choose_before_roll(&mut self, _game: &AnyGame, actions: &[<AnyGame as Game>::Move]) -> Option<usize> {
        // Rolling is one choice among the optional actions: the last index means roll.
        let pick = self.below(actions.len() + 1);
        (pick < actions.len()).then_some(pick)
    }
}

fn main() -> io::Result<()> {
    let seed = std::process::id() as u64 ^ 0x9E37_79B9_7F4A_7C15;
    let bot = RandomBot { state: seed | 1 };
    let mut out = io::stdout().lock();
    tabula::serve_bot(io::stdin().lock(), &mut out, seed, "random_bot", Box::new(bot))
}
