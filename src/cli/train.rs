//! `tabula train`: a network trained by self-play.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::Args;

use crate::games::GameKind;

#[derive(Debug, Args)]
pub(super) struct TrainArgs {
    /// The game to train for (only nardy has a network)
    #[arg(value_name = "GAME")]
    pub(super) game: String,
    /// Self-play games to play
    #[arg(long)]
    pub(super) games: u64,
    /// Seed for the first weights and every game's dice
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Threads (default: the number of cores)
    #[arg(long)]
    pub(super) jobs: Option<usize>,
    /// Start from this network file instead of random weights
    #[arg(long, value_name = "FILE")]
    pub(super) from: Option<std::path::PathBuf>,
    /// Where to write the trained network
    #[arg(long, value_name = "FILE")]
    pub(super) out: std::path::PathBuf,
    /// Hidden units of a new network
    #[arg(long, default_value_t = 80)]
    pub(super) hidden: usize,
    /// TD's lambda: how far back each result reaches (0 to 1)
    #[arg(long, default_value_t = 0.7)]
    pub(super) lambda: f64,
    /// Step size per position
    #[arg(long, default_value_t = 0.1)]
    pub(super) rate: f32,
    /// Games between learning-curve matches and checkpoints
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub(super) eval_every: u64,
    /// Games in each learning-curve match against bot:greedy
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub(super) eval_games: u64,
}

pub(super) fn train(args: TrainArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    use crate::ai::train::{TrainConfig, game_id, train};
    let trained = game_id();
    if args.game != trained {
        GameKind::from_id(&args.game).map_err(anyhow::Error::msg)?;
        anyhow::bail!(
            "only {trained} has an evaluation network to train; write 'tabula train {trained} ...'"
        );
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        anyhow::bail!("--lambda is between 0 and 1, e.g. --lambda 0.7");
    }
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        anyhow::bail!("--rate must be a positive number, e.g. --rate 0.1");
    }
    if !(1..=crate::ai::learn::network::MAX_HIDDEN).contains(&args.hidden) {
        anyhow::bail!("--hidden is 1 to {}", crate::ai::learn::network::MAX_HIDDEN);
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config = TrainConfig {
        games: args.games,
        seed: args.seed,
        jobs,
        hidden: args.hidden,
        lambda: args.lambda,
        rate: args.rate,
        eval_every: args.eval_every,
        eval_games: args.eval_games,
        from: args.from,
        out: args.out,
    };
    let summary = train(&config, out, io::stderr().is_terminal())?;
    writeln!(
        out,
        "trained {} games ({:.1} games/s); wrote {}",
        summary.games,
        summary.games_per_second,
        config.out.display()
    )?;
    Ok(ExitCode::SUCCESS)
}
