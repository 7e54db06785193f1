//! `tabula match`: many games between bots and engines, tabulated; and `tabula match
//! report`, the table of any number of record files.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::args::{EngineLimits, GameChoice, NetChoice, check_bots, parse_player};
use super::usage::usage;
use crate::app::matches::{
    MatchConfig, NamedEngine, Openings, Pairing, Shard, ShardError, Starts, Tourney, find_player,
    read_engines,
};
use crate::app::players::MatchPlayer;
use crate::app::protocol::client::{EngineSettings, TimeControl, TimeControlError};
use crate::core::stats::sprt::Sprt;
use crate::core::{Game, Options};
use crate::games::GameKind;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(super) struct MatchArgs {
    #[command(subcommand)]
    pub(super) report: Option<MatchCommand>,
    #[command(flatten)]
    pub(super) game: GameChoice,
    /// How many games to play (1 to 10000000); with --sprt, the most to play
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub(super) games: u64,
    // The help names every bot as the roster types it.
    #[arg(long = "player", help = super::notes::match_player(), value_name = "[NAME=]PLAYER", required = true, hide_possible_values = true,
        value_parser = super::candidates::text(super::candidates::match_players))]
    pub(super) players: Vec<String>,
    /// With more players than seats, play the first against the others only
    #[arg(long)]
    pub(super) gauntlet: bool,
    /// Engines named in a TOML file (command, dir, set options, tc), for --player NAME
    #[arg(long = "engines", value_name = "FILE")]
    pub(super) engines_file: Option<PathBuf>,
    /// Start every engine afresh for every game (by default each engine plays game
    /// after game, told `newgame` between them, and is restarted only after a failure)
    #[arg(long)]
    pub(super) restart: bool,
    /// Stop when the SPRT decides: elo0=E0,elo1=E1[,alpha=0.05,beta=0.05] (two players)
    #[arg(long, value_name = "TEST", value_parser = Sprt::parse)]
    pub(super) sprt: Option<Sprt>,
    /// Fix one player's rating (NAME, spec or number from 1) instead of a mean of 0
    #[arg(long, value_name = "NAME=ELO", value_parser = parse_anchor)]
    pub(super) anchor: Option<(String, f64)>,
    /// A clock per engine and game: BASE seconds plus INC per move (replaces --movetime)
    #[arg(long, value_name = "BASE+INC", value_parser = parse_tc)]
    pub(super) tc: Option<TimeControl>,
    /// Play only the K-th of N slices of the games (same seeds and pairings as one run)
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub(super) shard: Option<Shard>,
    /// The first dice seed
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Games played at once, 1 to 256 (default: the number of cores)
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(super) jobs: Option<u16>,
    /// Write every game to FILE (and resume from it if it exists)
    #[arg(long, value_name = "FILE")]
    pub(super) records: Option<PathBuf>,
    /// Start the games from the positions in FILE (one a line, as getpos prints them, or
    /// a benchmark set), each played from every seat on the same dice
    #[arg(long, value_name = "FILE")]
    pub(super) positions: Option<PathBuf>,
    /// Print a line on standard output as each game ends: its number, players by seat,
    /// points, how it ended, its moves and the running score (one line, never wrapped)
    #[arg(long)]
    pub(super) each_game: bool,
    /// Print the table of the games so far (standings, ratings) every N games
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(super) report_every: Option<u64>,
    /// Also write every game as one JSON line to FILE (appended as each game ends)
    #[arg(long, value_name = "FILE")]
    pub(super) jsonl: Option<PathBuf>,
    /// End a game once an exact source gives its result a chance of at least P (0.5 to
    /// 1, default 0.99): a Long Nardy race with every checker home, a solved table.
    /// Estimated chances never adjudicate
    #[arg(long, value_name = "P", num_args = 0..=1, require_equals = true, value_parser = parse_threshold)]
    pub(super) adjudicate: Option<Option<f64>>,
    /// On resuming, drop a damaged game from the --records file (it is played again)
    /// instead of refusing the file
    #[arg(long)]
    pub(super) force: bool,
    #[command(flatten)]
    pub(super) engines: EngineLimits,
    #[command(flatten)]
    pub(super) net: NetChoice,
}

#[derive(Debug, Subcommand)]
pub(super) enum MatchCommand {
    /// Print the table of a match from its record files (the shards of one match, or one
    /// file), as a single run would
    Report {
        /// Record files written with --records
        #[arg(value_name = "FILE", required = true)]
        files: Vec<PathBuf>,
        /// Run this SPRT over the games instead of the one the records name
        #[arg(long, value_name = "TEST", value_parser = Sprt::parse)]
        sprt: Option<Sprt>,
        /// Fix one player's rating (NAME, spec or number from 1)
        #[arg(long, value_name = "NAME=ELO", value_parser = parse_anchor)]
        anchor: Option<(String, f64)>,
        /// Leave out a damaged game (named in a warning) instead of refusing the files
        #[arg(long)]
        force: bool,
    },
}

fn parse_anchor(text: &str) -> Result<(String, f64), String> {
    let usage = "write --anchor NAME=ELO, e.g. --anchor bot:greedy=1500 or --anchor 1=0";
    let (name, elo) = text
        .rsplit_once('=')
        .ok_or_else(|| format!("'{text}' is not NAME=ELO; {usage}"))?;
    let elo: f64 = elo
        .trim()
        .parse()
        .ok()
        .filter(|e: &f64| e.is_finite())
        .ok_or_else(|| format!("'{elo}' is not a number; {usage}"))?;
    if name.trim().is_empty() {
        return Err(format!("'{text}' names no player; {usage}"));
    }
    Ok((name.trim().to_string(), elo))
}

fn parse_threshold(text: &str) -> Result<f64, String> {
    let usage =
        "write --adjudicate for 0.99, or --adjudicate=P with P from 0.5 to 1, e.g. --adjudicate=0.999";
    match text.trim().parse::<f64>() {
        Ok(p) if (0.5..=1.0).contains(&p) => Ok(p),
        Ok(_) => Err(format!("{text} is not a chance from 0.5 to 1; {usage}")),
        Err(_) => Err(format!("'{text}' is not a number; {usage}")),
    }
}

fn parse_tc(text: &str) -> Result<TimeControl, String> {
    text.parse().map_err(|e: TimeControlError| e.to_string())
}

fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse().map_err(|e: ShardError| e.to_string())
}

/// A `--player` word: a name from the engines file, else `[NAME=]PLAYER`.
fn resolve_player(text: &str, named: &[NamedEngine]) -> anyhow::Result<(MatchPlayer, Option<NamedEngine>)> {
    if let Some(engine) = named
        .iter()
        .find(|e| e.player.name.as_deref() == Some(text.trim()))
    {
        return Ok((engine.player.clone(), Some(engine.clone())));
    }
    match parse_player(text) {
        Ok(player) => Ok((player, None)),
        Err(e) if !named.is_empty() => {
            let names: Vec<&str> = named.iter().filter_map(|n| n.player.name.as_deref()).collect();
            Err(usage(format!("{e}; the engines file names {}", names.join(", "))))
        }
        Err(e) => Err(usage(e)),
    }
}

pub(super) fn run_match_command(
    args: MatchArgs,
    nets: &crate::ai::learn::Nets,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    use crate::app::matches::{ReportRequest, check_engines, report, run_match};
    if let Some(MatchCommand::Report {
        files,
        sprt,
        anchor,
        force,
    }) = args.report
    {
        let what = format!("reading {} for the report", shown_files(&files));
        let request = ReportRequest {
            files,
            sprt,
            anchor,
            force,
        };
        let table = crate::app::interrupt::while_doing(what, || report(&request))?;
        write!(out, "{table}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut config = match_config(args, nets)?;
    config.tourney.engine_names = check_engines(&config).map_err(usage)?;
    match run_match(&config, out, io::stderr().is_terminal())?.stopped {
        None => Ok(ExitCode::SUCCESS),
        // The table is out; say why it stopped and exit as a signal's victim does.
        Some(stop) => {
            out.flush()?;
            eprintln!("tabula: {stop}");
            Ok(ExitCode::from(stop.exit_status()))
        }
    }
}

/// The files of a report as a signal's message names them.
fn shown_files(files: &[PathBuf]) -> String {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    names.join(", ")
}

/// The match the arguments ask for, checked: players that can play it, the positions
/// read, the engine settings of each player, the bots on `nets`.
fn match_config(args: MatchArgs, nets: &crate::ai::learn::Nets) -> anyhow::Result<MatchConfig> {
    let (kind, options) = args.game.resolve()?;
    let named = match &args.engines_file {
        Some(path) => read_engines(path).map_err(|e| usage(format!("{e:#}")))?,
        None => Vec::new(),
    };
    let mut players = Vec::new();
    let mut own = Vec::new();
    for text in &args.players {
        let (player, engine) = resolve_player(text, &named)?;
        players.push(player);
        own.push(engine);
    }
    let options = seated_options(&args.game, kind, options, players.len());
    check_players(&args, kind, &options, &players)?;
    let anchor = match &args.anchor {
        Some((who, elo)) => Some((
            find_player(&players, who).map_err(|e| usage(format!("{e:#}")))?,
            *elo,
        )),
        None => None,
    };
    let starts = match &args.positions {
        Some(path) => {
            Starts::Positions(Openings::read(path, kind, &options).map_err(|e| usage(format!("{e:#}")))?)
        }
        None => Starts::Fresh,
    };
    let jobs = args.jobs.map_or_else(super::args::cores, usize::from);
    if args.jsonl.is_some() && args.jsonl == args.records {
        return Err(usage(
            "--jsonl and --records need two files: the text records and the JSON lines are different formats",
        ));
    }
    let (engines, per_player) = engine_settings(&args, &own)?;
    Ok(MatchConfig {
        kind,
        options,
        games: args.games,
        players,
        seed: args.seed,
        jobs,
        records: args.records,
        engines,
        nets: nets.clone(),
        tourney: Tourney {
            pairing: if args.gauntlet {
                Pairing::Gauntlet
            } else {
                Pairing::RoundRobin
            },
            sprt: args.sprt,
            anchor,
            shard: args.shard,
            engines: per_player,
            starts,
            each_game: args.each_game,
            report_every: args.report_every,
            jsonl: args.jsonl,
            adjudicate: args
                .adjudicate
                .map(|p| p.unwrap_or(crate::ai::adjudicate::DEFAULT_THRESHOLD)),
            restart: args.restart,
            force: args.force,
            ..Tourney::default()
        },
    })
}

/// The engine settings of the match (`--tc` for its clock), and of each player (those
/// the engines file names for it).
fn engine_settings(
    args: &MatchArgs,
    own: &[Option<NamedEngine>],
) -> anyhow::Result<(EngineSettings, Vec<EngineSettings>)> {
    let resuming = args
        .records
        .as_ref()
        .or(args.jsonl.as_ref())
        .is_some_and(|path| path.exists());
    let mut engines = args.engines.settings(resuming)?;
    if let Some(tc) = args.tc {
        engines.clock = Some(tc);
    }
    let per_player = own
        .iter()
        .map(|named| {
            named
                .as_ref()
                .map_or_else(|| engines.clone(), |n| n.settings(&engines))
        })
        .collect();
    Ok((engines, per_player))
}

/// The game's options with the number of players as its seat count, for a game whose
/// seat count is an option not given, when it is one the game can seat; more players
/// than that play a round robin of the default count.
fn seated_options(game: &GameChoice, kind: GameKind, options: Options, players: usize) -> Options {
    if !game.gives_players() && kind.info().options.iter().any(|o| o.key == "players") {
        let mut words: Vec<String> = options.to_string().split_whitespace().map(String::from).collect();
        words.push(format!("players={players}"));
        if let Ok(seated) = Options::parse(kind.info().options, &words)
            && kind.new_game(&seated).is_ok()
        {
            return seated;
        }
    }
    options
}

/// Refuses players that cannot play this match: a human, bots the game has not, too few
/// for its seats, other than two with `--sprt`, more than 64.
fn check_players(
    args: &MatchArgs,
    kind: GameKind,
    options: &Options,
    players: &[MatchPlayer],
) -> anyhow::Result<()> {
    if players.iter().any(|player| player.spec.is_human()) {
        return Err(usage(
            "a match is played by bots and engines; 'human' cannot play one",
        ));
    }
    let fresh = kind.new_game(options).map_err(usage)?;
    let seats = fresh.seat_count();
    check_bots(&fresh, players.iter().filter_map(|p| p.spec.bot()))?;
    if players.len() < seats {
        return Err(usage(format!(
            "{} with these options has {seats} seats: give at least {seats} --player options (got {})",
            kind.info().id,
            players.len()
        )));
    }
    if args.sprt.is_some() && (players.len() != 2 || seats != 2) {
        return Err(usage(format!(
            "--sprt tests one player against another: give two --player options in a two-seat game (got {} players, {seats} seats)",
            players.len()
        )));
    }
    if players.len() > 64 {
        return Err(usage(format!("at most 64 players (got {})", players.len())));
    }
    Ok(())
}
