//! One bot for games of any kind: each decision is handed to a bot built for the
//! concrete game on first use (by the game's [`BotGame::bot`], so the name means the same
//! bot), so searches never go through [`AnyGame`] per node. The concrete game is reached
//! through [`AnyGame::visit_concrete`] and its [`Cast`], so this file names no game and
//! a new game needs nothing here.

use super::{BotGame, BotKind};
use crate::ai::bots::{Bot, RankedMove};
use crate::ai::learn::Nets;
use crate::core::{Estimate, FullGame};
use crate::games::{AnyGame, AnyMove, Cast, ConcreteVisitor, GameKind};

/// A bot of one kind for every game, built per game on first use.
pub struct PerGame {
    kind: BotKind,
    seed: u64,
    nets: Nets,
    /// The bots built so far, one per game kind.
    bots: Vec<(GameKind, Box<dyn Bot<AnyGame>>)>,
}

impl PerGame {
    /// A bot of `kind` whose choices follow `seed` in every game, its networks `nets`.
    pub fn new(kind: BotKind, seed: u64, nets: Nets) -> PerGame {
        PerGame {
            kind,
            seed,
            nets,
            bots: Vec::new(),
        }
    }

    /// The bot for the kind of `game`, built on first use.
    fn bot(&mut self, game: &AnyGame) -> &mut dyn Bot<AnyGame> {
        let kind = game.kind();
        let at = match self.bots.iter().position(|(built, _)| *built == kind) {
            Some(at) => at,
            None => {
                let bot = game.visit_concrete(Build {
                    kind: self.kind,
                    seed: self.seed,
                    nets: &self.nets,
                });
                self.bots.push((kind, bot));
                self.bots.len() - 1
            }
        };
        self.bots[at].1.as_mut()
    }
}

/// Builds the bot of one kind for the concrete game inside an [`AnyGame`].
struct Build<'a> {
    kind: BotKind,
    seed: u64,
    nets: &'a Nets,
}

impl<G: BotGame> ConcreteVisitor<G> for Build<'_> {
    type Output = Box<dyn Bot<AnyGame>>;

    fn visit(self, _game: &G, cast: &Cast<G>) -> Box<dyn Bot<AnyGame>> {
        Box::new(Concrete {
            bot: G::bot(self.kind, self.seed, self.nets),
            unwrap: cast.unwrap,
            inside: cast.inside,
        })
    }
}

/// One concrete game's bot, asked about the games of its kind inside [`AnyGame`]s.
struct Concrete<G: FullGame> {
    bot: Box<dyn Bot<G>>,
    unwrap: fn(&AnyMove) -> Option<&G::Move>,
    inside: fn(&AnyGame) -> Option<&G>,
}

impl<G: FullGame> Concrete<G> {
    /// The concrete game inside `game` (a bot is only asked about its own kind).
    fn inside<'g>(&self, game: &'g AnyGame) -> &'g G {
        (self.inside)(game).expect("a game's bot is asked about games of its own kind only")
    }

    /// The concrete moves among `moves` (moves of another game, which a caller never
    /// mixes in, are dropped).
    fn concrete(&self, moves: &[AnyMove]) -> Vec<G::Move> {
        moves.iter().filter_map(|m| (self.unwrap)(m).cloned()).collect()
    }
}

impl<G: FullGame> Bot<AnyGame> for Concrete<G> {
    fn choose_move(&mut self, game: &AnyGame, legal: &[AnyMove]) -> usize {
        let legal = self.concrete(legal);
        self.bot.choose_move(self.inside(game), &legal)
    }

    fn choose_before_roll(&mut self, game: &AnyGame, actions: &[AnyMove]) -> Option<usize> {
        let actions = self.concrete(actions);
        self.bot.choose_before_roll(self.inside(game), &actions)
    }

    fn rank_moves(&mut self, game: &AnyGame, legal: &[AnyMove]) -> Vec<RankedMove> {
        let legal = self.concrete(legal);
        self.bot.rank_moves(self.inside(game), &legal)
    }

    fn has_preference(&mut self, game: &AnyGame) -> bool {
        self.bot.has_preference(self.inside(game))
    }

    fn estimate(&mut self, game: &AnyGame) -> Estimate {
        self.bot.estimate(self.inside(game))
    }

    fn estimate_rolling(&mut self, game: &AnyGame) -> Estimate {
        self.bot.estimate_rolling(self.inside(game))
    }

    fn big_win_chances(&mut self, game: &AnyGame) -> Option<crate::core::BigWinChances> {
        self.bot.big_win_chances(self.inside(game))
    }

    fn reseed(&mut self, seed: u64) {
        self.bot.reseed(seed);
    }
}

impl Bot<AnyGame> for PerGame {
    crate::ai::bots::hands_decisions_to!(AnyGame, self, game => self.bot(game));

    fn reseed(&mut self, seed: u64) {
        // Bots not built yet take the seed when they are.
        self.seed = seed;
        for (_, bot) in &mut self.bots {
            bot.reseed(seed);
        }
    }
}
