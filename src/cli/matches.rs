//! `tabula match`: many games between bots and engines, tabulated.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::Args;

use super::args::{EngineArgs, GameChoice, NetChoice, check_perfect, parse_player};
use super::usage;
use crate::app::players::MatchPlayer;
use crate::core::{Game, Options};

#[derive(Debug, Args)]
pub(super) struct MatchArgs {
    #[command(flatten)]
    pub(super) game: GameChoice,
    /// How many games to play (1 to 10000000)
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub(super) games: u64,
    /// A player: bot:random, bot:greedy, bot:expectimax:N, bot:mcts:N, bot:net[:2],
    /// bot:best, bot:perfect or engine:COMMAND,
    /// optionally named as NAME=PLAYER; one per seat
    #[arg(long = "player", value_name = "[NAME=]PLAYER", required = true, value_parser = parse_player)]
    pub(super) players: Vec<MatchPlayer>,
    /// The first dice seed
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Games played at once, 1 to 256 (default: the number of cores)
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(super) jobs: Option<u16>,
    /// Write every game to FILE (and resume from it if it exists)
    #[arg(long, value_name = "FILE")]
    pub(super) records: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub(super) engines: EngineArgs,
    #[command(flatten)]
    pub(super) net: NetChoice,
}

pub(super) fn run_match_command(args: MatchArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    use crate::app::matches::{MatchConfig, run_match};
    let (kind, mut options) = args.game.resolve()?;
    // Games whose seat count is an option take it from the number of players.
    if !args.game.gives_players() && kind.info().options.iter().any(|o| o.key == "players") {
        let mut words: Vec<String> = options.to_string().split_whitespace().map(String::from).collect();
        words.push(format!("players={}", args.players.len()));
        options = Options::parse(kind.info().options, &words)?;
    }
    if args.players.iter().any(|player| player.spec.is_human()) {
        return Err(usage(
            "a match is played by bots and engines; 'human' cannot play one",
        ));
    }
    let seats = kind.new_game(&options).map_err(usage)?.seat_count();
    check_perfect(kind, &options, args.players.iter().map(|p| &p.spec))?;
    if args.players.len() != seats {
        return Err(usage(format!(
            "{} with these options has {seats} seats: give {seats} --player options (got {})",
            kind.info().id,
            args.players.len()
        )));
    }
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let resuming = args.records.as_ref().is_some_and(|path| path.exists());
    let config = MatchConfig {
        kind,
        options,
        games: args.games,
        players: args.players,
        seed: args.seed,
        jobs,
        records: args.records,
        engines: args.engines.settings(resuming)?,
    };
    run_match(&config, out, io::stderr().is_terminal())?;
    Ok(ExitCode::SUCCESS)
}
