//! `tabula rollout`: the value of a position's candidate moves, found by playing each
//! out many times on the same dice.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use super::args::{GameChoice, NetChoice, parse_bot};
use super::usage::usage;
use crate::ai::rollout::RolloutSettings;
use crate::ai::roster::BotKind;
use crate::app::rollouts::{DEFAULT_CANDIDATES, RolloutRequest, report_table, roll_out};
use crate::core::Game;
use crate::core::Notation;

#[derive(Debug, Args)]
pub(super) struct RolloutArgs {
    /// The game and its options; a word with spaces is the position to roll out (as
    /// 'getpos' prints it), otherwise the game's start
    #[command(flatten)]
    pub(super) game: GameChoice,
    /// The position to roll out (as 'getpos' or the board's 'position:' line prints it)
    #[arg(long, value_name = "STRING")]
    pub(super) position: Option<String>,
    /// The moves to roll out, separated by commas (default: the bot's best few)
    #[arg(long, value_name = "M1,M2,...", value_delimiter = ',')]
    pub(super) moves: Vec<String>,
    /// How many of the bot's best moves to roll out when --moves is not given
    #[arg(long, value_name = "K", default_value_t = DEFAULT_CANDIDATES)]
    pub(super) candidates: usize,
    /// Games played out per candidate (all candidates on the same dice)
    #[arg(long, value_name = "N", default_value_t = 324)]
    pub(super) games: u64,
    /// The bot that plays every seat of the trials and whose evaluation cancels the luck
    #[arg(long, default_value = "net", value_parser = parse_bot)]
    pub(super) bot: BotKind,
    /// Stop each game after this many moves and take the bot's value there
    #[arg(long, value_name = "PLIES")]
    pub(super) truncate: Option<u32>,
    /// Seed of the trials' dice
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Threads (default: the number of cores)
    #[arg(long)]
    pub(super) jobs: Option<usize>,
    /// Count every game's result as it fell, without cancelling the luck of the dice
    #[arg(long)]
    pub(super) no_variance_reduction: bool,
    #[command(flatten)]
    pub(super) net: NetChoice,
}

pub(super) fn rollout(
    mut args: RolloutArgs,
    nets: &crate::ai::learn::Nets,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    // A word with spaces is a position, not an option.
    let (positions, words): (Vec<String>, Vec<String>) = args
        .game
        .words
        .drain(..)
        .partition(|w| w.contains(char::is_whitespace));
    args.game.words = words;
    let mut positions = positions.into_iter().chain(args.position.take());
    let position = positions.next();
    if positions.next().is_some() {
        return Err(usage("give one position to roll out"));
    }
    let (kind, options) = args.game.resolve()?;
    let mut game = kind.new_game(&options)?;
    super::args::check_bots(&game, [args.bot])?;
    if let Some(text) = &position {
        game.set_position(text).map_err(|e| usage(e.to_string()))?;
    }
    if game.phase().seat().is_none() {
        return Err(usage(
            "the game in that position is over: there is nothing to roll out",
        ));
    }
    if args.games == 0 {
        return Err(usage("--games must be at least 1, e.g. --games 324"));
    }
    if args.candidates == 0 {
        return Err(usage("--candidates must be at least 1"));
    }
    let jobs = super::args::threads(args.jobs)?;
    let request = RolloutRequest {
        moves: args
            .moves
            .iter()
            .map(|m| m.trim().to_string())
            .filter(|m| !m.is_empty())
            .collect(),
        candidates: args.candidates,
        bot: args.bot,
        nets: nets.clone(),
        settings: RolloutSettings {
            games: args.games,
            truncate: args.truncate,
            seed: args.seed,
            jobs,
            variance_reduction: !args.no_variance_reduction,
        },
    };
    // The length is known once the candidates are chosen; the first trial tells it.
    let bar = super::args::progress_bar(0, "rolling out {bar:30} {pos}/{len} games, {per_sec}, ETA {eta}");
    let candidates = if request.moves.is_empty() {
        format!("up to {} candidates", request.candidates)
    } else {
        format!("{} moves", request.moves.len())
    };
    let forecast = crate::app::forecast::Forecast::begin(
        "rollout",
        0,
        "games",
        &format!("{candidates} x {} games", args.games),
        "a smaller --games, --truncate PLIES, fewer --candidates or a faster --bot",
    );
    crate::app::interrupt::install();
    let (report, _stopped) = crate::app::interrupt::stoppable(|| {
        roll_out(&game, &request, &|done, total| {
            bar.set_length(total);
            bar.set_position(done);
            bar.suspend(|| forecast.progress_of(done, total));
        })
    });
    bar.finish_and_clear();
    let report = report.map_err(usage)?;
    writeln!(out, "{}", report_table(&game, &request, &report))?;
    Ok(ExitCode::SUCCESS)
}
