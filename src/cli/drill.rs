//! `tabula drill [GAME]`: positions from the kept games where a person erred, most
//! costly first, each answered with a move and graded; the schedule says when each
//! comes back (see [`crate::app::drill`]).

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::Args;

use super::args::parse_bot;
use super::usage::usage;
use crate::ai::roster::BotKind;
use crate::app::drill::{Schedule, now};
use crate::app::history::{History, HistoryError};
use crate::app::lines::LineReader;
use crate::core::{Game, Notation};

#[derive(Debug, Args)]
pub(super) struct DrillArgs {
    // The help names every game from the game list.
    #[arg(help = super::notes::drill_game())]
    pub(super) game: Option<String>,
    /// The bot that finds the mistakes and grades the answers, e.g. best, greedy
    #[arg(long, default_value = "best", value_parser = parse_bot)]
    pub(super) bot: BotKind,
    /// At most this many positions in this drill
    #[arg(long, default_value_t = 10)]
    pub(super) count: usize,
}

/// Serves the due positions one by one, reading each answer from `input`.
pub(super) fn drill(
    args: DrillArgs,
    nets: &crate::ai::learn::Nets,
    input: impl BufRead,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let id = match &args.game {
        Some(word) => Some(crate::games::GameKind::from_id(word).map_err(usage)?.info().id),
        None => None,
    };
    let history = History::open()?.ok_or(HistoryError::Off)?;
    let dir = crate::ai::data_dir::data_dir().ok_or(HistoryError::NoDataDir)?;
    let path = Schedule::path_in(&dir);
    let mut schedule = Schedule::load(&path)?;
    let bar = super::args::progress_bar(0, "reading the kept games for mistakes: {pos} games");
    schedule.collect(&history, args.bot, nets, || bar.inc(1));
    bar.finish_and_clear();
    schedule.save(&path)?;
    let due = schedule.due(now(), id);
    if due.is_empty() {
        writeln!(
            out,
            "no position is due: the mistakes of finished kept games come here, and a solved one comes back later"
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut lines = LineReader::new(input);
    let (mut solved, mut served) = (0, 0);
    for index in due.into_iter().take(args.count) {
        let game = schedule.items[index].board().map_err(anyhow::Error::msg)?;
        args.bot.check_for(&game)?;
        let mut bot = args.bot.build_with::<crate::games::AnyGame>(index as u64, nets);
        served += 1;
        writeln!(
            out,
            "\nposition {served} (from kept game {}):",
            schedule.items[index].kept
        )?;
        writeln!(out, "{}", game.render().trim_end())?;
        let seat = game.phase().seat().map_or("", |seat| game.seat_name(seat));
        let dice = game.dice().map(|d| format!(" with {d}")).unwrap_or_default();
        let graded = loop {
            writeln!(
                out,
                "{seat} to play{dice}: your move? ('skip' goes on, 'quit' ends)"
            )?;
            out.flush()?;
            let Some(line) = lines.next() else {
                return finish(out, solved, served - 1, &schedule, &path);
            };
            let text = line?.command.unwrap_or_default();
            match text.trim() {
                "quit" => return finish(out, solved, served - 1, &schedule, &path),
                "skip" => break None,
                "legal" => writeln!(out, "legal: {}", legal_moves(&game).join(", "))?,
                answer => match schedule.answer(index, answer, bot.as_mut(), now()) {
                    Ok(graded) => break Some(graded),
                    Err(error) => writeln!(out, "{error}")?,
                },
            }
        };
        let Some(graded) = graded else {
            served -= 1;
            continue;
        };
        let unit = |loss: f64| match game.scores_points() {
            true => format!("{loss:.3} equity"),
            false => format!("{:.1} points of win %", 100.0 * loss),
        };
        if graded.solved {
            solved += 1;
            writeln!(
                out,
                "right: {} is the best move or as good as it; it comes back later",
                graded.answer
            )?;
        } else {
            writeln!(
                out,
                "missed: {} costs {}; the best is {} (in the game: {}); it comes back at the next drill",
                graded.answer,
                unit(graded.loss),
                graded.best,
                schedule.items[index].played
            )?;
        }
        schedule.save(&path)?;
    }
    finish(out, solved, served, &schedule, &path)
}

fn legal_moves(game: &crate::games::AnyGame) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().map(|mv| game.format_move(mv)).collect()
}

/// The score, with the schedule written.
fn finish(
    out: &mut dyn Write,
    solved: usize,
    served: usize,
    schedule: &Schedule,
    path: &std::path::Path,
) -> anyhow::Result<ExitCode> {
    schedule.save(path)?;
    writeln!(out, "\nscore: {solved} of {served} solved")?;
    Ok(ExitCode::SUCCESS)
}
