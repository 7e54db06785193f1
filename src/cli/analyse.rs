//! `tabula analyse`: the loss of every decision of a recorded game.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Args;

use super::args::{NetChoice, parse_bot};
use super::usage::usage;
use crate::ai::roster::BotKind;
use crate::core::Game;

#[derive(Debug, Args)]
pub(super) struct AnalyseArgs {
    /// A file written by 'save' (or a match's --records file); 'last' or N: a kept game
    /// (see 'tabula history')
    pub(super) file: String,
    /// The bot that values the decisions, e.g. best, expectimax:2, greedy
    #[arg(long, default_value = "best", value_parser = parse_bot)]
    pub(super) bot: BotKind,
    /// Analyse only this seat's decisions (name or number; repeatable); all seats if none
    #[arg(long, value_name = "SEAT")]
    pub(super) seat: Vec<String>,
    /// Which game of the file to analyse, from 1; every game if not given
    #[arg(long, value_name = "K")]
    pub(super) game: Option<usize>,
    /// List every decision, not only those that lost at least the doubtful mark
    #[arg(long)]
    pub(super) all: bool,
    /// Print the board before each decision listed (load the file and 'goto TURN' in
    /// 'tabula play' to play on from there)
    #[arg(long)]
    pub(super) boards: bool,
    /// Draw the chance to win after every move (with two seats the reviewed seat's: the
    /// first --seat, else the first seat), with errors and luck marked, as an SVG
    /// picture in FILE (one game: give --game K when the file holds several)
    #[arg(long, value_name = "FILE")]
    pub(super) plot: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub(super) net: NetChoice,
}

pub(super) fn analyse(
    args: AnalyseArgs,
    nets: &crate::ai::learn::Nets,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let mut args = args;
    args.file = crate::app::history::record_path(&args.file)?;
    let records = crate::app::record::read_records(std::path::Path::new(&args.file))?;
    let chosen: Vec<usize> = match args.game {
        Some(k) if k == 0 || k > records.len() => {
            return Err(usage(format!(
                "{} holds {} game{}; --game takes 1 to {}",
                args.file,
                records.len(),
                if records.len() == 1 { "" } else { "s" },
                records.len()
            )));
        }
        Some(k) => vec![k - 1],
        None => (0..records.len()).collect(),
    };
    if args.plot.is_some() && chosen.len() > 1 {
        return Err(usage(format!(
            "{} holds {} games and --plot draws one: choose it with --game K",
            args.file,
            records.len()
        )));
    }
    let total: u64 = chosen.iter().map(|&i| records[i].actions.len() as u64).sum();
    let bar = super::args::progress_bar(
        total,
        "analysing {bar:30} {pos}/{len} actions, {per_sec}, ETA {eta}",
    );
    for (n, &index) in chosen.iter().enumerate() {
        let record = &records[index];
        let game = record.kind.new_game(&record.options)?;
        super::args::check_bots(&game, [args.bot])?;
        let seats = args
            .seat
            .iter()
            .map(|name| game.find_seat(name).map_err(usage))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let mut bot = args.bot.build_with::<crate::games::AnyGame>(index as u64, nets);
        let mut luck_bot =
            BotKind::Expectimax { depth: 1 }.build_with::<crate::games::AnyGame>(index as u64, nets);
        let analysis =
            crate::app::analysis::analyse_game(record, bot.as_mut(), luck_bot.as_mut(), &seats, || {
                bar.inc(1)
            })
            .map_err(|e| anyhow::anyhow!("{}: game {}: {e}", args.file, index + 1))?;
        if n > 0 {
            writeln!(out)?;
        }
        if chosen.len() > 1 {
            writeln!(out, "game {} of {}", index + 1, records.len())?;
        }
        writeln!(
            out,
            "{}",
            crate::app::analysis::report(&analysis, args.bot, args.all, args.boards)
        )?;
        if std::io::stdout().is_terminal() {
            writeln!(out)?;
            for line in crate::app::analysis::course_sparklines(&analysis) {
                writeln!(out, "{line}")?;
            }
        }
        if let Some(path) = &args.plot {
            let chart = crate::app::analysis::course_chart(&analysis, args.bot);
            let svg = crate::app::charts::line_chart_svg(&chart)?;
            crate::ai::output::write_atomically(path, svg.as_bytes())?;
        }
    }
    bar.finish_and_clear();
    Ok(ExitCode::SUCCESS)
}
