//! One bot for games of any kind: each decision is handed to a bot built for the
//! concrete game on first use (by [`BotKind::build`], so the name means the same bot),
//! so searches never go through [`AnyGame`] per node. The concrete game is reached
//! through [`AnyGame::visit`], so this file names no game and a new game needs nothing
//! here.

use std::any::{Any, TypeId};

use super::BotKind;
use crate::ai::bots::{Bot, RankedMove};
use crate::core::Estimate;
use crate::core::FullGame;
use crate::games::{AnyGame, AnyMove, GameVisitor, MoveCast};

/// One concrete game's bot, kept with its type erased, and how to reseed it.
struct Stored {
    game: TypeId,
    bot: Box<dyn Any + Send>,
    reseed: fn(&mut (dyn Any + Send), u64),
}

/// A bot of one kind for every game, built per game on first use.
pub struct PerGame {
    kind: BotKind,
    seed: u64,
    bots: Vec<Stored>,
}

impl PerGame {
    /// A bot of `kind` whose choices follow `seed` in every game.
    pub fn new(kind: BotKind, seed: u64) -> PerGame {
        PerGame {
            kind,
            seed,
            bots: Vec::new(),
        }
    }

    /// The bot for games of type `G`, built on first use.
    fn bot<G: FullGame>(&mut self) -> &mut Box<dyn Bot<G>> {
        let game = TypeId::of::<G>();
        let at = match self.bots.iter().position(|stored| stored.game == game) {
            Some(at) => at,
            None => {
                let bot: Box<dyn Bot<G>> = self.kind.build(self.seed);
                self.bots.push(Stored {
                    game,
                    bot: Box::new(bot),
                    reseed: |bot, seed| {
                        if let Some(bot) = bot.downcast_mut::<Box<dyn Bot<G>>>() {
                            bot.reseed(seed);
                        }
                    },
                });
                self.bots.len() - 1
            }
        };
        self.bots[at]
            .bot
            .downcast_mut::<Box<dyn Bot<G>>>()
            .expect("each bot is stored under its own game's type")
    }
}

/// What a decision asks of the concrete game's bot.
enum Ask<'a> {
    Choose(&'a [AnyMove]),
    BeforeRoll(&'a [AnyMove]),
    Rank(&'a [AnyMove]),
    Estimate,
    EstimateRolling,
}

/// What the concrete game's bot answered.
enum Answer {
    Index(usize),
    MaybeIndex(Option<usize>),
    Ranked(Vec<RankedMove>),
    Estimate(Estimate),
}

/// One question put to the bot of the game inside an [`AnyGame`].
struct Decide<'a> {
    bots: &'a mut PerGame,
    ask: Ask<'a>,
}

impl GameVisitor for Decide<'_> {
    type Output = Answer;

    fn visit<G: FullGame>(self, game: &G, cast: &MoveCast<G>) -> Answer {
        // Moves of another game, which a caller never mixes in, are dropped.
        let concrete = |legal: &[AnyMove]| -> Vec<G::Move> {
            legal.iter().filter_map(|m| (cast.unwrap)(m).cloned()).collect()
        };
        let bot = self.bots.bot::<G>();
        match self.ask {
            Ask::Choose(legal) => Answer::Index(bot.choose_move(game, &concrete(legal))),
            Ask::BeforeRoll(actions) => Answer::MaybeIndex(bot.choose_before_roll(game, &concrete(actions))),
            Ask::Rank(legal) => Answer::Ranked(bot.rank_moves(game, &concrete(legal))),
            Ask::Estimate => Answer::Estimate(bot.estimate(game)),
            Ask::EstimateRolling => Answer::Estimate(bot.estimate_rolling(game)),
        }
    }
}

impl PerGame {
    fn ask(&mut self, game: &AnyGame, ask: Ask<'_>) -> Answer {
        game.visit(Decide { bots: self, ask })
    }
}

impl Bot<AnyGame> for PerGame {
    fn choose_move(&mut self, game: &AnyGame, legal: &[AnyMove]) -> usize {
        match self.ask(game, Ask::Choose(legal)) {
            Answer::Index(index) => index,
            _ => unreachable!("a choice is answered with an index"),
        }
    }

    fn choose_before_roll(&mut self, game: &AnyGame, actions: &[AnyMove]) -> Option<usize> {
        match self.ask(game, Ask::BeforeRoll(actions)) {
            Answer::MaybeIndex(index) => index,
            _ => unreachable!("a choice before the roll is answered with an optional index"),
        }
    }

    fn rank_moves(&mut self, game: &AnyGame, legal: &[AnyMove]) -> Vec<RankedMove> {
        match self.ask(game, Ask::Rank(legal)) {
            Answer::Ranked(ranked) => ranked,
            _ => unreachable!("a ranking is answered with ranked moves"),
        }
    }

    fn estimate(&mut self, game: &AnyGame) -> Estimate {
        match self.ask(game, Ask::Estimate) {
            Answer::Estimate(estimate) => estimate,
            _ => unreachable!("an estimate is answered with an estimate"),
        }
    }

    fn estimate_rolling(&mut self, game: &AnyGame) -> Estimate {
        match self.ask(game, Ask::EstimateRolling) {
            Answer::Estimate(estimate) => estimate,
            _ => unreachable!("an estimate is answered with an estimate"),
        }
    }

    fn reseed(&mut self, seed: u64) {
        // Bots not built yet take the seed when they are.
        self.seed = seed;
        for stored in &mut self.bots {
            (stored.reseed)(stored.bot.as_mut(), seed);
        }
    }
}
