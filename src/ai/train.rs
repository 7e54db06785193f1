//! `tabula train GAME`: the one entry to the TD(lambda) trainer of
//! [`crate::ai::learn::td`] ([`train`]) for every game, with the head its network has
//! as the game declares it ([`crate::core::NetHead`]; [`GameHead`]).

use std::io::Write;

use crate::ai::learn::head::GameHead;
use crate::ai::learn::td;
use crate::core::NetHead;
use crate::games::{AnyGame, Cast, ConcreteVisitor};

/// What a run on a game needs to know before it starts, from the game's head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainPlan {
    /// [`NetHead::SEARCH_TARGETS`].
    pub search_targets: bool,
    /// The key the network file of games like this one is named by in the data
    /// directory ([`td::file_name`]), or `None` where a run must be told where it goes
    /// ([`NetHead::FILE_BY_KEY`]).
    pub file_key: Option<String>,
}

/// The plan of a run on games like `fresh`.
pub fn plan(fresh: &AnyGame) -> TrainPlan {
    struct Plan;
    impl<G: NetHead> ConcreteVisitor<G> for Plan {
        type Output = TrainPlan;
        fn visit(self, fresh: &G, _cast: &Cast<G>) -> TrainPlan {
            TrainPlan {
                search_targets: G::SEARCH_TARGETS,
                file_key: fresh.encoding().filter(|_| G::FILE_BY_KEY).map(|e| e.key),
            }
        }
    }
    fresh.visit_concrete(Plan)
}

/// Runs a training run for games like `fresh` with the head of its network, printing
/// the learning curve to `log` and a progress bar to the terminal when `progress` is
/// true. Checkpoints go to [`TrainConfig::checkpoint_path`] between rounds; the
/// finished network goes to `config.out`.
pub fn train(
    fresh: &AnyGame,
    config: &TrainConfig,
    log: &mut dyn Write,
    progress: bool,
) -> anyhow::Result<td::Summary> {
    struct Train<'a> {
        config: &'a TrainConfig,
        log: &'a mut dyn Write,
        progress: bool,
    }
    impl<G: NetHead> ConcreteVisitor<G> for Train<'_> {
        type Output = anyhow::Result<td::Summary>;
        fn visit(self, fresh: &G, _cast: &Cast<G>) -> Self::Output {
            td::train_head(&GameHead::new(fresh)?, self.config, self.log, self.progress)
        }
    }
    fresh.visit_concrete(Train {
        config,
        log,
        progress,
    })
}

/// What a training run is asked to do: the same settings as any game's TD run.
pub type TrainConfig = td::TdConfig;
