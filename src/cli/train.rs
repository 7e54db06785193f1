//! `tabula train`: a network trained by self-play.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::args::GameChoice;
use crate::games::AnyGame;

#[derive(Debug, Args)]
pub(super) struct TrainArgs {
    #[command(flatten)]
    pub(super) game: GameChoice,
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
    pub(super) from: Option<PathBuf>,
    /// Where to write the trained network (required for nardy; for the other games the
    /// default is nets/KEY.net in the data directory, e.g. nets/ur_rules-finkel.net)
    #[arg(long, value_name = "FILE")]
    pub(super) out: Option<PathBuf>,
    /// Hidden units of a new network (with --from, more than it has widens it)
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
    /// Play the learning-curve matches against bot:net on this network instead of
    /// bot:greedy (e.g. the network the run should beat)
    #[arg(long, value_name = "FILE")]
    pub(super) against: Option<PathBuf>,
    /// Keep every checkpoint as OUT.GAMES.net, to measure the curve again later
    #[arg(long)]
    pub(super) keep_checkpoints: bool,
    /// Value each position for the targets by an expectimax search this many move
    /// decisions deep on the network (1 to 4; 1, the default, is the network alone;
    /// deeper is slower; not for nardy)
    #[arg(long, value_name = "PLIES", default_value_t = 1)]
    pub(super) target_plies: u8,
}

pub(super) fn train(args: TrainArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let (kind, options) = args.game.resolve()?;
    if !(0.0..=1.0).contains(&args.lambda) {
        anyhow::bail!("--lambda is between 0 and 1, e.g. --lambda 0.7");
    }
    if !(args.rate > 0.0 && args.rate.is_finite()) {
        anyhow::bail!("--rate must be a positive number, e.g. --rate 0.1");
    }
    if !(1..=crate::ai::learn::network::MAX_HIDDEN).contains(&args.hidden) {
        anyhow::bail!("--hidden is 1 to {}", crate::ai::learn::network::MAX_HIDDEN);
    }
    if let Some(path) = &args.out {
        // A FIFO, device or directory is refused now, not after hours of training.
        crate::ai::output::target_of(path)?;
    }
    let jobs = args.jobs.unwrap_or_else(super::args::cores);
    // Every trainer takes the same settings; only where the network goes differs.
    let settings = |out: std::path::PathBuf| crate::ai::learn::td::TdConfig {
        games: args.games,
        seed: args.seed,
        jobs,
        hidden: args.hidden,
        lambda: args.lambda,
        rate: args.rate,
        eval_every: args.eval_every,
        eval_games: args.eval_games,
        from: args.from.clone(),
        against: args.against.clone(),
        keep_checkpoints: args.keep_checkpoints,
        out,
        target_plies: args.target_plies,
    };
    if !(1..=4).contains(&args.target_plies) {
        anyhow::bail!("--target-plies is 1 to 4, e.g. --target-plies 2");
    }
    crate::app::forecast::announce(
        "train",
        &format!(
            "{} self-play games in {jobs} threads, with a match of {} games against \
             bot:greedy every {} games; a large network takes long (Long Nardy's \
             160 units: about 24 min for a million games on two cores); shorter: a smaller --games \
             (the same command resumes from the checkpoint) or a larger --eval-every",
            args.games, args.eval_games, args.eval_every
        ),
    );
    let game: AnyGame = kind.new_game(&options)?;
    let plan = crate::ai::train::plan(&game);
    if args.target_plies > 1 && !plan.search_targets {
        anyhow::bail!(
            "--target-plies is for the other games; {}'s trainer takes its targets from the network",
            kind.info().title
        );
    }
    let out_file = match (args.out.clone(), plan.file_key) {
        (Some(path), _) => path,
        (None, None) => anyhow::bail!("say where the network goes, e.g. --out {}.net", kind.info().id),
        (None, Some(key)) => crate::ai::data_dir::data_dir()
            .ok_or_else(|| anyhow::anyhow!("there is no data directory; give --out FILE"))?
            .join("nets")
            .join(crate::ai::learn::td::file_name(&key)),
    };
    let config = settings(out_file);
    refuse_to_replace_a_finished_network(&config)?;
    let summary = crate::ai::train::train(&game, &config, out, io::stderr().is_terminal())?;
    finished(out, summary.games, summary.games_per_second, &config.out)
}

/// A run that neither resumes its checkpoint nor trains `--out` itself further would write
/// over a network some earlier run finished: hours of training lost to a repeated command.
fn refuse_to_replace_a_finished_network(config: &crate::ai::learn::td::TdConfig) -> anyhow::Result<()> {
    let out = &config.out;
    crate::ai::output::target_of(out)?;
    let same_file = |from: &PathBuf| match (from.canonicalize(), out.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if out.exists() && !config.checkpoint_path().exists() && !config.from.as_ref().is_some_and(same_file) {
        anyhow::bail!(
            "{} already holds a trained network; to train it further give --from {0}, \
             to start afresh remove it or give another --out",
            out.display()
        );
    }
    Ok(())
}

fn finished(out: &mut dyn Write, games: u64, speed: f64, path: &std::path::Path) -> anyhow::Result<ExitCode> {
    writeln!(
        out,
        "trained {games} games ({speed:.1} games/s); wrote {}",
        path.display()
    )?;
    Ok(ExitCode::SUCCESS)
}
