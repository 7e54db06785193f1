//! `tabula bench`: how fast the rules and the bots play.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use super::args::{GameChoice, parse_bot_name, parse_seconds};
use crate::app::bench::random_games;
use crate::core::Game;

#[derive(Debug, Args)]
pub(super) struct BenchArgs {
    #[command(flatten)]
    pub(super) game: GameChoice,
    /// Stop after this many games (at least 1)
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) games: u64,
    /// Stop after this many seconds (more than 0, at most 604800: a week)
    #[arg(long, default_value = "5", value_parser = parse_seconds)]
    pub(super) seconds: Duration,
    /// Seed for dice and choices
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Also time this bot's decisions (it plays every seat), e.g. bot:expectimax:2
    #[arg(long, value_name = "NAME")]
    pub(super) bot: Option<String>,
    /// Instead, time records: write a match record of about MB megabytes (random
    /// bots, in a temporary folder; 0.05 to 100000), resume from it, report and
    /// replay its last game
    #[arg(long, value_name = "MB", value_parser = parse_megabytes)]
    pub(super) records: Option<f64>,
}

pub(super) fn bench(args: BenchArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let (kind, options) = args.game.resolve()?;
    if let Some(megabytes) = args.records {
        return bench_records(kind, &options, megabytes, out);
    }
    let fresh = kind.new_game(&options)?;
    // A bad bot name is reported before anything runs.
    let bot = args.bot.as_deref().map(parse_bot_name).transpose()?;
    super::args::check_bots(&fresh, bot)?;
    let budget = args.seconds * if bot.is_some() { 2 } else { 1 };
    crate::app::forecast::announce(
        "bench",
        &format!(
            "at most {} ({} of random self-play{}), or {} games if sooner; shorter: \
             --seconds N or --games N",
            crate::app::forecast::duration_text(budget),
            crate::app::forecast::duration_text(args.seconds),
            if bot.is_some() {
                ", as long for the bot"
            } else {
                ""
            },
            args.games
        ),
    );
    let title = format!(
        "bench {}{}: random self-play, every legal move generated each turn, one thread",
        kind.info().id,
        options
            .non_default(kind.info().options)
            .iter()
            .map(|o| format!(" {o}"))
            .collect::<String>()
    );
    write!(out, "{}", crate::core::wrapped_lines(&title, 80))?;
    let report = random_games(&fresh, args.seed, args.games, args.seconds);
    let text = format!(
        "{} games, {} turns in {:.2} s: {:.0} games/s, {:.0} turns/s, {:.1} turns/game",
        report.games,
        report.moves,
        report.elapsed.as_secs_f64(),
        report.games_per_second(),
        report.moves_per_second(),
        report.moves as f64 / report.games.max(1) as f64
    );
    write!(out, "{}", crate::core::wrapped_lines(&text, 80))?;
    if report.unfinished > 0 {
        writeln!(out, "warning: {} games did not finish", report.unfinished)?;
    }
    if let Some(bot) = bot {
        bench_bot(bot, &fresh, &args, out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `bench --bot NAME`: the bot plays every seat for the same time budget, one thread.
pub(super) fn bench_bot(
    kind: crate::ai::roster::BotKind,
    fresh: &crate::games::AnyGame,
    args: &BenchArgs,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let mut bots: Vec<Box<dyn crate::ai::bots::Bot<crate::games::AnyGame>>> = (0..fresh.seat_count())
        .map(|seat| kind.build_any(args.seed.wrapping_add(seat as u64 + 1)))
        .collect();
    let report = crate::app::bench::bot_games(fresh, &mut bots, args.seed, args.games, args.seconds);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let text = format!(
        "bot:{} plays every seat: {} decisions ({} forced moves not counted) in {} games, {:.2} s thinking: \
         {:.1} decisions/s; per decision median {:.3} ms, p90 {:.3} ms, max {:.1} ms",
        kind.shown_for(fresh),
        report.decisions,
        report.forced,
        report.games,
        report.thinking.as_secs_f64(),
        report.decisions_per_second(),
        ms(report.quantile(0.5)),
        ms(report.quantile(0.9)),
        ms(report.quantile(1.0)),
    );
    write!(out, "{}", crate::core::wrapped_lines(&text, 80))?;
    Ok(())
}

/// `bench --records MB`: the record round trip, each step timed.
fn bench_records(
    kind: crate::games::GameKind,
    options: &crate::core::Options,
    megabytes: f64,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let dir = std::env::temp_dir().join(format!("tabula-bench-records-{}", std::process::id()));
    let jobs = super::args::cores().min(4);
    writeln!(
        out,
        "bench records {}: bot:random against bot:random, about {megabytes} MB, {jobs} jobs",
        kind.info().id
    )?;
    let bench = crate::app::record_bench::record_bench(kind, options, (megabytes * 1e6) as u64, jobs, &dir)?;
    let seconds = |d: Duration| format!("{:.2} s", d.as_secs_f64());
    writeln!(
        out,
        "{:.2} MB, {} games\n  written  {}\n  resumed  {}\n  reported {}\n  game {} picked and replayed {}",
        bench.bytes as f64 / 1e6,
        bench.games,
        seconds(bench.written),
        seconds(bench.resumed),
        seconds(bench.reported),
        bench.games,
        seconds(bench.replayed)
    )?;
    if let Some(peak) = bench.peak_memory {
        writeln!(out, "peak memory {:.1} MB", peak as f64 / 1e6)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A record size in megabytes, from 0.05 (a quick check) to 100000.
fn parse_megabytes(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(mb) if (0.05..=100_000.0).contains(&mb) => Ok(mb),
        _ => Err(format!(
            "'{text}' is not a size in megabytes from 0.05 to 100000, e.g. 100"
        )),
    }
}
