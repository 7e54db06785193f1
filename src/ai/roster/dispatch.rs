//! One bot for games of any kind: each decision is handed to a bot built for the
//! concrete game on first use (by [`BotKind::build`], so the name means the same bot),
//! so searches never go through [`AnyGame`] per node.

use super::BotKind;
use crate::ai::bots::{Bot, RankedMove};
use crate::core::Estimate;
use crate::games::{AnyGame, AnyMove, aeroplane, microbes, mnogoboy, nardy, ur};

/// A bot of one kind for every game, built per game on first use.
pub struct PerGame {
    kind: BotKind,
    seed: u64,
    nardy: Option<Box<dyn Bot<nardy::Nardy>>>,
    ur: Option<Box<dyn Bot<ur::Ur>>>,
    aeroplane: Option<Box<dyn Bot<aeroplane::Aeroplane>>>,
    microbes: Option<Box<dyn Bot<microbes::Microbes>>>,
    mnogoboy: Option<Box<dyn Bot<mnogoboy::Mnogoboy>>>,
}

impl PerGame {
    /// A bot of `kind` whose choices follow `seed` in every game.
    pub fn new(kind: BotKind, seed: u64) -> PerGame {
        PerGame {
            kind,
            seed,
            nardy: None,
            ur: None,
            aeroplane: None,
            microbes: None,
            mnogoboy: None,
        }
    }
}

/// Runs `$body` with `$bot` bound to the concrete game's bot, `$game` to the concrete
/// game and `$moves` to the concrete moves of `$legal`.
macro_rules! per_game {
    ($self:ident, $any:expr, $legal:expr, |$bot:ident, $game:ident, $moves:ident| $body:expr) => {
        match $any {
            AnyGame::Nardy($game) => {
                let $moves = concrete($legal, |m| match m {
                    AnyMove::Nardy(m) => Some(*m),
                    _ => None,
                });
                let $bot = $self.nardy.get_or_insert_with(|| $self.kind.build($self.seed));
                $body
            }
            AnyGame::Ur($game) => {
                let $moves = concrete($legal, |m| match m {
                    AnyMove::Ur(m) => Some(*m),
                    _ => None,
                });
                let $bot = $self.ur.get_or_insert_with(|| $self.kind.build($self.seed));
                $body
            }
            AnyGame::Aeroplane($game) => {
                let $moves = concrete($legal, |m| match m {
                    AnyMove::Aeroplane(m) => Some(*m),
                    _ => None,
                });
                let $bot = $self
                    .aeroplane
                    .get_or_insert_with(|| $self.kind.build($self.seed));
                $body
            }
            AnyGame::Microbes($game) => {
                let $moves = concrete($legal, |m| match m {
                    AnyMove::Microbes(m) => Some(*m),
                    _ => None,
                });
                let $bot = $self.microbes.get_or_insert_with(|| $self.kind.build($self.seed));
                $body
            }
            AnyGame::Mnogoboy($game) => {
                let $moves = concrete($legal, |m| match m {
                    AnyMove::Mnogoboy(m) => Some(*m),
                    _ => None,
                });
                let $bot = $self.mnogoboy.get_or_insert_with(|| $self.kind.build($self.seed));
                $body
            }
        }
    };
}

/// The concrete moves of one game (moves of another game, which a caller never mixes
/// in, are dropped).
fn concrete<M>(legal: &[AnyMove], pick: impl Fn(&AnyMove) -> Option<M>) -> Vec<M> {
    legal.iter().filter_map(pick).collect()
}

impl Bot<AnyGame> for PerGame {
    fn choose_move(&mut self, game: &AnyGame, legal: &[AnyMove]) -> usize {
        per_game!(self, game, legal, |bot, g, moves| bot.choose_move(g, &moves))
    }

    fn choose_before_roll(&mut self, game: &AnyGame, actions: &[AnyMove]) -> Option<usize> {
        per_game!(self, game, actions, |bot, g, moves| bot
            .choose_before_roll(g, &moves))
    }

    fn rank_moves(&mut self, game: &AnyGame, legal: &[AnyMove]) -> Vec<RankedMove> {
        per_game!(self, game, legal, |bot, g, moves| bot.rank_moves(g, &moves))
    }

    fn estimate(&mut self, game: &AnyGame) -> Estimate {
        per_game!(self, game, &[], |bot, g, _moves| bot.estimate(g))
    }

    fn estimate_rolling(&mut self, game: &AnyGame) -> Estimate {
        per_game!(self, game, &[], |bot, g, _moves| bot.estimate_rolling(g))
    }

    fn reseed(&mut self, seed: u64) {
        // Bots not built yet take the seed when they are.
        self.seed = seed;
        if let Some(bot) = &mut self.nardy {
            bot.reseed(seed);
        }
        if let Some(bot) = &mut self.ur {
            bot.reseed(seed);
        }
        if let Some(bot) = &mut self.aeroplane {
            bot.reseed(seed);
        }
        if let Some(bot) = &mut self.microbes {
            bot.reseed(seed);
        }
        if let Some(bot) = &mut self.mnogoboy {
            bot.reseed(seed);
        }
    }
}
