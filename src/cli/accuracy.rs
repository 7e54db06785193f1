//! `tabula accuracy` (once `tabula benchmark`, still accepted): the error rates of bots against positions whose candidate moves
//! were rolled out, and the building of such a set.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::args::{GameChoice, NetChoice, parse_bot};
use super::usage::usage;
use crate::ai::rollout::RolloutSettings;
use crate::ai::roster::BotKind;
use crate::app::benchmark::{Benchmark, BuildSettings, build, error_table, score};
use crate::app::forecast::Forecast;
use crate::core::Options;
use crate::games::GameKind;

#[derive(Debug, Args)]
pub(super) struct AccuracyArgs {
    #[command(flatten)]
    pub(super) game: GameChoice,
    /// The benchmark file (default: the set built into tabula for the game)
    #[arg(long, value_name = "FILE")]
    pub(super) file: Option<PathBuf>,
    /// A bot to measure (repeatable; default: greedy, expectimax:2, net, net:2 and best)
    #[arg(long, value_parser = parse_bot)]
    pub(super) bot: Vec<BotKind>,
    /// Build the set in --file instead (or extend it: a stopped build resumes)
    #[arg(long)]
    pub(super) build: bool,
    /// With --build: the positions wanted in all
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub(super) positions: usize,
    /// With --build: the seed of the games the positions are drawn from
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// With --build: games rolled out per candidate
    #[arg(long, value_name = "N", default_value_t = 324)]
    pub(super) games: u64,
    /// With --build: stop each rollout game after this many moves
    #[arg(long, value_name = "PLIES")]
    pub(super) truncate: Option<u32>,
    /// With --build: candidates rolled out per position, at least (the reference bots'
    /// choices are always among them)
    #[arg(long, value_name = "K", default_value_t = 4)]
    pub(super) candidates: usize,
    /// With --build: a bot whose choice is always a candidate (repeatable; default:
    /// greedy, expectimax:2, net and net:2)
    #[arg(long, value_parser = parse_bot)]
    pub(super) chooser: Vec<BotKind>,
    /// With --build: decisions drawn from each sample game
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub(super) per_game: usize,
    /// With --build: the bot that plays the sample games and ranks the candidates
    #[arg(long, default_value = "net:2", value_parser = parse_bot)]
    pub(super) sample_bot: BotKind,
    /// With --build: the bot that plays the rollouts
    #[arg(long, default_value = "net", value_parser = parse_bot)]
    pub(super) rollout_bot: BotKind,
    /// Threads (default: the number of cores)
    #[arg(long)]
    pub(super) jobs: Option<usize>,
    #[command(flatten)]
    pub(super) net: NetChoice,
}

fn bar(len: u64, what: &str) -> indicatif::ProgressBar {
    super::args::progress_bar(
        len,
        &format!("{what} {{bar:30}} {{pos}}/{{len}} positions, ETA {{eta}}"),
    )
}

/// The size of a set from which a searching bot takes minutes (a tenth of a second a
/// position or more on a small machine); a smaller set is not worth the warning.
const MINUTES_FROM: u64 = 300;

/// The callback that shows `n` positions done: on the bar, and through the forecast
/// (between the bar's redraws) once the rate is measured.
fn shown<'a>(progress: &'a indicatif::ProgressBar, forecast: &'a Forecast) -> impl Fn(usize) + Sync + 'a {
    move |n| {
        progress.set_position(n as u64);
        progress.suspend(|| forecast.progress(n as u64));
    }
}

pub(super) fn accuracy(
    args: AccuracyArgs,
    nets: &crate::ai::learn::Nets,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let (kind, options) = args.game.resolve()?;
    let jobs = super::args::threads(args.jobs)?;
    crate::app::interrupt::install();
    if args.build {
        return build_set(&args, kind, &options, jobs, nets, out);
    }
    let benchmark = match &args.file {
        Some(path) => Benchmark::read(path, jobs)?,
        None => {
            let Some(text) = crate::app::benchmark::built_in_set(&kind.new_game(&options)?) else {
                return Err(usage(format!(
                    "there is no built-in benchmark set for {} {options}; build one with --build --file FILE",
                    kind.info().id
                )));
            };
            Benchmark::parse(text, jobs)?
        }
    };
    if benchmark.positions.is_empty() {
        return Err(usage(
            "the benchmark set has no positions yet; build it with --build",
        ));
    }
    let bots = if args.bot.is_empty() {
        ["greedy", "expectimax:2", "net", "net:2", "best"]
            .iter()
            .map(|name| name.parse().expect("built-in bot names parse"))
            .collect()
    } else {
        args.bot.clone()
    };
    let fresh = benchmark.kind.new_game(&benchmark.options)?;
    super::args::check_bots(&fresh, bots.iter().copied())?;
    let mut rows = Vec::new();
    let positions = benchmark.positions.len() as u64;
    let names: Vec<String> = bots.iter().map(|b| format!("bot:{b}")).collect();
    let shorter = "name fewer bots with --bot NAME (the searching ones are slow: best, \
                   expectimax:2, net:2), or a smaller set with --file";
    let slow = bots.iter().any(|bot| bot.searches(&fresh)) && positions >= MINUTES_FROM;
    crate::app::forecast::announce(
        "accuracy",
        &format!(
            "{positions} positions for each of {}; {}how long each bot takes is told after \
             its first seconds{}",
            names.join(", "),
            if slow {
                "a searching bot takes minutes, and "
            } else {
                ""
            },
            if slow {
                format!("; shorter: {shorter}")
            } else {
                String::new()
            }
        ),
    );
    for bot in bots {
        let progress = bar(positions, &format!("bot:{bot}"));
        let forecast = Forecast::quiet(&format!("accuracy bot:{bot}"), positions, "positions", shorter);
        let (rates, stopped) =
            crate::app::interrupt::stoppable(|| score(&benchmark, bot, nets, &shown(&progress, &forecast)));
        progress.finish_and_clear();
        if stopped {
            break;
        }
        rows.push((format!("bot:{}", bot.shown_for(&fresh)), rates?));
    }
    writeln!(out, "{}", error_table(&benchmark, &rows))?;
    Ok(ExitCode::SUCCESS)
}

/// Builds (or extends) the set in `--file` for `kind` with `options`, rolling out on
/// `jobs` threads.
fn build_set(
    args: &AccuracyArgs,
    kind: GameKind,
    options: &Options,
    jobs: usize,
    nets: &crate::ai::learn::Nets,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let Some(path) = &args.file else {
        return Err(usage("say where the set goes, e.g. --build --file set.txt"));
    };
    if args.games == 0 || args.candidates == 0 || args.per_game == 0 {
        return Err(usage("--games, --candidates and --per-game must be at least 1"));
    }
    let settings = BuildSettings {
        positions: args.positions,
        sample_bot: args.sample_bot,
        sample_seed: args.seed,
        per_game: args.per_game,
        candidates: args.candidates,
        choosers: if args.chooser.is_empty() {
            crate::app::benchmark::reference_bots()
        } else {
            args.chooser.clone()
        },
        rollout_bot: args.rollout_bot,
        rollout: RolloutSettings {
            games: args.games,
            truncate: args.truncate,
            seed: args.seed,
            jobs,
            variance_reduction: true,
        },
    };
    let bots = settings
        .choosers
        .iter()
        .chain([&settings.sample_bot, &settings.rollout_bot]);
    super::args::check_bots(&kind.new_game(options)?, bots.copied())?;
    let progress = bar(args.positions as u64, "building");
    let forecast = Forecast::begin(
        "accuracy --build",
        args.positions as u64,
        "positions",
        &format!(
            "{} positions, each candidate rolled out {} games",
            args.positions, args.games
        ),
        "fewer --positions (a stopped build resumes), fewer --games or --truncate PLIES",
    );
    let (built, stopped) = crate::app::interrupt::stoppable(|| {
        build(path, kind, options, &settings, nets, &shown(&progress, &forecast))
    });
    progress.finish_and_clear();
    let built = built?;
    let have = built.positions.len();
    if stopped {
        writeln!(
            out,
            "stopped by Ctrl-C with {have} of {} positions in {}; the same command goes on from there",
            args.positions,
            path.display()
        )?;
    } else {
        writeln!(out, "{have} positions in {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}
