//! Command-line arguments shared by several subcommands, and their parsers.

use std::time::Duration;

use anyhow::Context;
use clap::Args;

use super::candidates;
use super::usage::usage;
use crate::ai::roster::BotKind;
use crate::app::players::{MatchPlayer, MatchPlayerError, SeatAssignment, SeatError};
use crate::app::protocol::client::{EngineSettings, TrafficLog};
use crate::core::Options;
use crate::games::{AnyGame, GameKind};

pub(super) fn parse_bot(text: &str) -> Result<BotKind, crate::ai::roster::BotNameError> {
    text.strip_prefix("bot:").unwrap_or(text).parse()
}

#[derive(Debug, Args)]
pub(super) struct GameChoice {
    // The help names every game from the game list.
    #[arg(value_name = "GAME", help = super::notes::game_choice(), default_value = GameKind::DEFAULT.info().id,
        value_parser = candidates::text(candidates::game_ids), hide_possible_values = true)]
    pub(super) game: String,
    /// The game's rule options, e.g. koks=on match=5 (see 'tabula games')
    #[arg(value_name = "KEY=VALUE", value_parser = candidates::text(candidates::rule_options), hide_possible_values = true)]
    pub(super) words: Vec<String>,
    /// A rule option KEY=VALUE (same as giving it after GAME)
    #[arg(long = "opt", value_name = "KEY=VALUE",
        value_parser = candidates::text(candidates::rule_options), hide_possible_values = true)]
    pub(super) opts: Vec<String>,
}

impl GameChoice {
    /// The game and its validated options.
    pub(super) fn resolve(&self) -> anyhow::Result<(GameKind, Options)> {
        // 'tabula play koks=on' means the default game with that option.
        let (kind, mut rest) = if self.game.contains('=') {
            (GameKind::DEFAULT, vec![self.game.clone()])
        } else {
            (GameKind::from_id(&self.game).map_err(usage)?, Vec::new())
        };
        rest.extend(self.words.iter().cloned());
        rest.extend(self.opts.iter().cloned());
        let options = Options::parse(kind.info().options, &rest).map_err(usage)?;
        // Options that are valid one by one may still not fit together.
        kind.new_game(&options).map_err(usage)?;
        Ok((kind, options))
    }

    /// True if the player count was given as an option.
    pub(super) fn gives_players(&self) -> bool {
        std::iter::once(&self.game)
            .chain(&self.words)
            .chain(&self.opts)
            .any(|w| w.starts_with("players="))
    }
}

/// `--net FILE`: the network the net bots of the file's game use instead of the built-in one.
#[derive(Debug, Args)]
pub(super) struct NetChoice {
    /// Network file for bot:net and bot:best in the game and options it was trained for
    /// (default: the built-in one)
    #[arg(long = "net", value_name = "FILE")]
    pub(super) net_file: Option<std::path::PathBuf>,
}

#[derive(Debug, Args)]
pub(super) struct EngineLimits {
    /// Time an external engine may take for one move, in milliseconds, 1 to 86400000 (a
    /// margin of a tenth, at least 100 ms, is added)
    #[arg(long, value_name = "MS", default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=MAX_MILLIS))]
    pub(super) movetime: u64,
    /// Time an external engine may take to start up and to answer any other command,
    /// in milliseconds, 1 to 86400000
    #[arg(long, value_name = "MS", default_value_t = 10000, value_parser = clap::value_parser!(u64).range(1..=MAX_MILLIS))]
    pub(super) timeout: u64,
    /// Keep the full traffic with external engines in FILE
    #[arg(long, value_name = "FILE")]
    pub(super) log: Option<String>,
}

impl EngineLimits {
    /// The settings; `append` keeps an existing log (a match that resumes adds to it).
    pub(super) fn settings(&self, append: bool) -> anyhow::Result<EngineSettings> {
        let log = match &self.log {
            Some(path) => Some({
                // Refused before it is opened: a FIFO would block, a device be emptied.
                crate::ai::output::target_of(std::path::Path::new(path))?;
                TrafficLog::open(path, append).with_context(|| format!("cannot create the log {path}"))?
            }),
            None => None,
        };
        Ok(EngineSettings {
            move_time: Duration::from_millis(self.movetime.max(1)),
            timeout: Duration::from_millis(self.timeout.max(1)),
            log,
            ..EngineSettings::default()
        })
    }
}

/// The threads `--jobs` asks for, else one per core; 0 is refused.
pub(super) fn threads(jobs: Option<usize>) -> anyhow::Result<usize> {
    match jobs.unwrap_or_else(cores) {
        0 => Err(usage("--jobs must be at least 1")),
        jobs => Ok(jobs),
    }
}

/// The machine's cores (1 where it cannot tell).
pub(super) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The longest time limit `--movetime` and `--timeout` take: a day, in milliseconds.
pub(super) const MAX_MILLIS: u64 = 86_400_000;

/// The longest `tabula bench` runs: a week, in seconds.
pub(super) const MAX_BENCH_SECONDS: f64 = 604_800.0;

pub(super) fn parse_seat(text: &str) -> Result<SeatAssignment, String> {
    text.parse().map_err(|e: SeatError| e.to_string())
}

pub(super) fn parse_seconds(text: &str) -> Result<Duration, String> {
    let usage = format!("write a number of seconds above 0 and at most {MAX_BENCH_SECONDS}, like 5 or 0.5");
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= MAX_BENCH_SECONDS => {
            Duration::try_from_secs_f64(seconds).map_err(|_| usage)
        }
        Ok(_) => Err(format!("{text} is out of range; {usage}")),
        Err(_) => Err(format!("'{text}' is not a number; {usage}")),
    }
}

pub(super) fn parse_player(text: &str) -> Result<MatchPlayer, String> {
    text.parse().map_err(|e: MatchPlayerError| e.to_string())
}

/// Refuses up front a bot that cannot play `game` as named (bot:perfect without its
/// table, a net level deeper than the game's network bot goes), saying what to type.
pub(super) fn check_bots(game: &AnyGame, bots: impl IntoIterator<Item = BotKind>) -> anyhow::Result<()> {
    // A level the game does not have, or a table not built, is a bad command line.
    bots.into_iter()
        .try_for_each(|bot| bot.check_for(game).map_err(usage))
}

/// A built-in bot's name as `--bot` takes it: `expectimax:3` or `bot:expectimax:3`.
pub(super) fn parse_bot_name(name: &str) -> anyhow::Result<crate::ai::roster::BotKind> {
    let name = name.trim();
    name.strip_prefix("bot:").unwrap_or(name).parse().map_err(usage)
}

/// A progress bar of `len` steps drawn with `template` (indicatif's) on standard error
/// when it is a terminal; hidden otherwise, so that logs and pipes stay clean.
pub(super) fn progress_bar(len: u64, template: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(len)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

#[cfg(test)]
mod tests {
    use super::{cores, threads};

    #[test]
    fn jobs_default_to_the_cores_and_zero_is_refused() {
        assert_eq!(threads(Some(3)).unwrap(), 3);
        assert_eq!(threads(None).unwrap(), cores());
        assert!(cores() >= 1);
        let refused = threads(Some(0)).unwrap_err().to_string();
        assert_eq!(refused, "--jobs must be at least 1");
    }
}
