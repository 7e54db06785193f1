//! The command line: clap definitions and dispatch to the front ends ([`repl`] for
//! people and scripts, [`engine`] for programs).
//!
//! May use: everything below it ([`crate::core`], [`crate::games`], [`crate::ai`],
//! [`crate::app`]); nothing uses it but `main.rs`.

pub mod engine;
pub mod repl;

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use crate::ai::roster::BotKind;
use crate::app::bench::random_games;
use crate::app::players::{MatchPlayer, PlayerSpec, SeatAssignment};
use crate::app::protocol::client::{EngineSettings, TrafficLog};
use crate::app::session::random_seed;
use crate::cli::repl::{PlayConfig, run_interactive, run_piped};
use crate::core::{Game, Options};
use crate::games::GameKind;

/// Play, script and analyse dice race games: Long Nardy, the Royal Game of Ur,
/// Aeroplane Chess, the chessboard race and Mnogoboy.
#[derive(Debug, Parser)]
#[command(name = "tabula", version, arg_required_else_help = true, max_term_width = 80)]
#[command(
    after_help = "Examples:\n  tabula play nardy\n  tabula play nardy --seat black=bot:random --seed 7\n  tabula play nardy --seed 7 < moves.txt\n  tabula rules nardy"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Commands,
}

#[derive(Debug, Subcommand)]
enum Commands {
    /// Play a game in the terminal (or run commands piped to stdin)
    #[command(
        after_help = "Seats are named by the game (white/black, light/dark, red/yellow/...) or\nnumbered from 1. Players: human, bot:random, bot:greedy, bot:expectimax:N (N 1\nto 4), bot:mcts:N (N playouts), bot:net[:2] (nardy), bot:best, bot:perfect\n(ur, after 'tabula solve'), engine:COMMAND (an external program speaking the\nengine protocol, started with COMMAND split like a shell would). With stdin\nnot a terminal, commands are read one per line (# starts a comment)."
    )]
    Play(PlayArgs),
    /// List the games with their seats and rule options
    Games,
    /// Print the rules of a game
    Rules {
        /// The game id (see 'tabula games')
        game: String,
    },
    /// Speak the engine protocol on stdin/stdout, so a script or GUI can drive any game
    #[command(
        after_help = "Commands: protocol_version, name, version, list_commands, known_command,\nlist_games, newgame GAME [KEY=VALUE...], seed N, status, roll, dice D...,\nlegal, play MOVE, genmove, hint [N], evaluate, undo, showboard, getpos,\nsetpos STRING, result, set bot NAME, save FILE, load FILE, quit.\nReplies: '=[id] text' or '?[id] message', then an empty line.\nSee man tabula-protocol."
    )]
    Engine {
        /// Seed for the dice the engine rolls with 'roll' (drawn when not given)
        #[arg(long)]
        seed: Option<u64>,
        /// The built-in bot that answers genmove and hint (same as 'set bot NAME')
        #[arg(long, value_name = "NAME", default_value = "best")]
        bot: crate::ai::roster::BotKind,
        #[command(flatten)]
        net: NetChoice,
    },
    /// Play many games between bots and external engines and tabulate the results
    #[command(
        after_help = "Players take turns in every seat: with two seats each dice seed is played\ntwice with the seats swapped; with more, the seats rotate. Re-running with the\nsame --records file resumes an interrupted match.\n\nExample:\n  tabula match nardy --games 200 --player bot:greedy \\\n      --player \"engine:tabula engine\""
    )]
    Match(MatchArgs),
    /// Replay a saved game record, printing every move and the board
    Replay {
        /// A file written by 'save' (or a match's --records file)
        file: String,
        /// Which game of the file to replay, from 1
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// Show the board after every move and wait for Enter (in a terminal; q quits)
        #[arg(long)]
        step: bool,
    },
    /// Measure random self-play speed: games/s and turns/s in one thread
    Bench(BenchArgs),
    /// Solve a game exactly and keep the table that bot:perfect plays from
    #[command(
        after_help = "Solvable: ur with rules=finkel, masters, blitz or aseb. The table goes to the\ndata directory (~/.local/share/tabula/ur-RULES.table) unless --out says\notherwise; a killed run resumes from its last finished layer when started again\nwith the same arguments.\n\nExamples:\n  tabula solve ur rules=finkel\n  tabula solve ur rules=blitz --layers 2 --out blitz-end.table\n  tabula solve ur rules=city --count"
    )]
    Solve(SolveArgs),
    /// Train an evaluation network by self-play (TD(lambda)); Long Nardy only
    #[command(
        after_help = "Every --eval-every games a paired match against bot:greedy is printed (the\nlearning curve) and a checkpoint is written to OUT.checkpoint; running the same\ncommand again resumes from it. One --seed and --jobs give one network.\n\nExample:\n  tabula train nardy --games 100000 --jobs 2 --out nardy.net"
    )]
    Train(TrainArgs),
    /// Analyse a recorded game: the loss of every decision, errors, blunders and luck
    #[command(
        after_help = "Every decision of the chosen seats is valued by the bot: the move played, the\nbot's best, the loss (win probability; Long Nardy: equity) and a mark:\ndoubtful >= 2%, error >= 4%, blunder >= 8% (nardy: 0.04, 0.08, 0.16 equity).\nLuck is how much each roll helped the seat that rolled: its value after the\nroll minus the average over every roll it could have had (valued at one ply).\n\nExample:\n  tabula analyse game.txt --seat white --bot expectimax:2"
    )]
    Analyse(AnalyseArgs),
}

#[derive(Debug, Args)]
struct AnalyseArgs {
    /// A file written by 'save' (or a match's --records file)
    file: String,
    /// The bot that values the decisions, e.g. best, expectimax:2, greedy
    #[arg(long, default_value = "best", value_parser = parse_bot)]
    bot: BotKind,
    /// Analyse only this seat's decisions (name or number; repeatable); all seats if none
    #[arg(long, value_name = "SEAT")]
    seat: Vec<String>,
    /// Which game of the file to analyse, from 1; every game if not given
    #[arg(long, value_name = "K")]
    game: Option<usize>,
    /// List every decision, not only those that lost at least the doubtful mark
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    net: NetChoice,
}

fn parse_bot(text: &str) -> Result<BotKind, String> {
    text.strip_prefix("bot:").unwrap_or(text).parse()
}

#[derive(Debug, Args)]
struct GameChoice {
    /// The game: nardy, ur, aeroplane, microbes or mnogoboy (see 'tabula games')
    #[arg(value_name = "GAME", default_value = "nardy")]
    game: String,
    /// The game's rule options, e.g. koks=on match=5 (see 'tabula games')
    #[arg(value_name = "KEY=VALUE")]
    words: Vec<String>,
    /// A rule option KEY=VALUE (same as giving it after GAME)
    #[arg(long = "opt", value_name = "KEY=VALUE")]
    opts: Vec<String>,
}

impl GameChoice {
    /// The game and its validated options.
    fn resolve(&self) -> anyhow::Result<(GameKind, Options)> {
        // 'tabula play koks=on' means the default game with that option.
        let (id, mut rest) = if self.game.contains('=') {
            ("nardy", vec![self.game.clone()])
        } else {
            (self.game.as_str(), Vec::new())
        };
        let kind = GameKind::from_id(id).map_err(usage)?;
        rest.extend(self.words.iter().cloned());
        rest.extend(self.opts.iter().cloned());
        let options = Options::parse(kind.info().options, &rest).map_err(usage)?;
        // Options that are valid one by one may still not fit together.
        kind.new_game(&options).map_err(usage)?;
        Ok((kind, options))
    }

    /// True if the player count was given as an option.
    fn gives_players(&self) -> bool {
        std::iter::once(&self.game)
            .chain(&self.words)
            .chain(&self.opts)
            .any(|w| w.starts_with("players="))
    }
}

/// `--net FILE`: the network Long Nardy's net bots use instead of the built-in one.
#[derive(Debug, Args)]
struct NetChoice {
    /// Long Nardy network file for bot:net and bot:best (default: the built-in one)
    #[arg(long = "net", value_name = "FILE")]
    net_file: Option<std::path::PathBuf>,
}

#[derive(Debug, Args)]
struct PlayArgs {
    #[command(flatten)]
    game: GameChoice,
    /// Who plays a seat: SEAT=PLAYER, e.g. black=bot:random, 2=human (repeatable)
    #[arg(long, value_name = "SEAT=PLAYER", value_parser = parse_seat)]
    seat: Vec<SeatAssignment>,
    /// Seed for the dice (drawn and printed when not given)
    #[arg(long)]
    seed: Option<u64>,
    /// With piped input: stop at the first failed command and exit with status 1
    #[arg(long)]
    strict: bool,
    /// Bots do not roll for themselves: enter their dice with 'dice' (real dice)
    #[arg(long)]
    manual_dice: bool,
    /// Show a short list view instead of the full board (where the game has one); without
    /// it the REPL shows the board, or the list when the terminal has too few rows
    #[arg(long)]
    compact: bool,
    /// Colour in the REPL: auto (only on a terminal that supports it, not with NO_COLOR or
    /// TERM=dumb), always or never
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    color: ColorWhen,
    #[command(flatten)]
    engines: EngineArgs,
    #[command(flatten)]
    net: NetChoice,
}

/// When the REPL uses colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ColorWhen {
    /// Only where stdout is a terminal that supports it (NO_COLOR, CLICOLOR, TERM are honoured).
    Auto,
    /// Always, even into a pipe.
    Always,
    /// Never.
    Never,
}

/// Whether TERM says the terminal shows no colour.
fn dumb_terminal() -> bool {
    std::env::var_os("TERM").is_some_and(|term| term == "dumb")
}

/// Whether CLICOLOR_FORCE asks for colour whatever the terminal.
fn colour_forced() -> bool {
    std::env::var_os("CLICOLOR_FORCE").is_some_and(|value| !value.is_empty() && value != "0")
}

impl ColorWhen {
    fn choice(self) -> anstream::ColorChoice {
        match self {
            // anstream colours a terminal with TERM=dumb when CI is set; a dumb terminal
            // cannot show colour wherever it runs, so only CLICOLOR_FORCE overrides it.
            ColorWhen::Auto if dumb_terminal() && !colour_forced() => anstream::ColorChoice::Never,
            ColorWhen::Auto => anstream::ColorChoice::Auto,
            ColorWhen::Always => anstream::ColorChoice::Always,
            ColorWhen::Never => anstream::ColorChoice::Never,
        }
    }
}

#[derive(Debug, Args)]
struct EngineArgs {
    /// Time an external engine may take for one move, in milliseconds, 1 to 86400000 (a
    /// margin of a tenth, at least 100 ms, is added)
    #[arg(long, value_name = "MS", default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=MAX_MILLIS))]
    movetime: u64,
    /// Time an external engine may take to start up and to answer any other command,
    /// in milliseconds, 1 to 86400000
    #[arg(long, value_name = "MS", default_value_t = 10000, value_parser = clap::value_parser!(u64).range(1..=MAX_MILLIS))]
    timeout: u64,
    /// Keep the full traffic with external engines in FILE
    #[arg(long, value_name = "FILE")]
    log: Option<String>,
}

impl EngineArgs {
    /// The settings; `append` keeps an existing log (a match that resumes adds to it).
    fn settings(&self, append: bool) -> anyhow::Result<EngineSettings> {
        let log = match &self.log {
            Some(path) => Some(
                TrafficLog::open(path, append).with_context(|| format!("cannot create the log {path}"))?,
            ),
            None => None,
        };
        Ok(EngineSettings {
            move_time: Duration::from_millis(self.movetime.max(1)),
            timeout: Duration::from_millis(self.timeout.max(1)),
            log,
        })
    }
}

#[derive(Debug, Args)]
struct MatchArgs {
    #[command(flatten)]
    game: GameChoice,
    /// How many games to play (1 to 10000000)
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// A player: bot:random, bot:greedy, bot:expectimax:N, bot:mcts:N, bot:net[:2],
    /// bot:best, bot:perfect or engine:COMMAND,
    /// optionally named as NAME=PLAYER; one per seat
    #[arg(long = "player", value_name = "[NAME=]PLAYER", required = true, value_parser = parse_player)]
    players: Vec<MatchPlayer>,
    /// The first dice seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, 1 to 256 (default: the number of cores)
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    /// Write every game to FILE (and resume from it if it exists)
    #[arg(long, value_name = "FILE")]
    records: Option<std::path::PathBuf>,
    #[command(flatten)]
    engines: EngineArgs,
    #[command(flatten)]
    net: NetChoice,
}

#[derive(Debug, Args)]
struct BenchArgs {
    #[command(flatten)]
    game: GameChoice,
    /// Stop after this many games (at least 1)
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Stop after this many seconds (more than 0, at most 604800: a week)
    #[arg(long, default_value = "5", value_parser = parse_seconds)]
    seconds: Duration,
    /// Seed for dice and choices
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also time this bot's decisions (it plays every seat), e.g. bot:expectimax:2
    #[arg(long, value_name = "NAME")]
    bot: Option<String>,
}

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    game: GameChoice,
    /// Write the table to FILE instead of the data directory
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
    /// Solve only the end layers: positions where each side has at most N pieces left
    #[arg(long, value_name = "N")]
    layers: Option<u8>,
    /// Sweep each layer until no win chance changes by more than this
    #[arg(long, default_value_t = 1e-6)]
    residual: f64,
    /// Threads (default: the number of cores)
    #[arg(long)]
    jobs: Option<usize>,
    /// Only count the positions and say what a table would need
    #[arg(long)]
    count: bool,
}

#[derive(Debug, Args)]
struct TrainArgs {
    /// The game to train for (only nardy has a network)
    #[arg(value_name = "GAME")]
    game: String,
    /// Self-play games to play
    #[arg(long)]
    games: u64,
    /// Seed for the first weights and every game's dice
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: the number of cores)
    #[arg(long)]
    jobs: Option<usize>,
    /// Start from this network file instead of random weights
    #[arg(long, value_name = "FILE")]
    from: Option<std::path::PathBuf>,
    /// Where to write the trained network
    #[arg(long, value_name = "FILE")]
    out: std::path::PathBuf,
    /// Hidden units of a new network
    #[arg(long, default_value_t = 80)]
    hidden: usize,
    /// TD's lambda: how far back each result reaches (0 to 1)
    #[arg(long, default_value_t = 0.7)]
    lambda: f64,
    /// Step size per position
    #[arg(long, default_value_t = 0.1)]
    rate: f32,
    /// Games between learning-curve matches and checkpoints
    #[arg(long, value_name = "N", default_value_t = 2000)]
    eval_every: u64,
    /// Games in each learning-curve match against bot:greedy
    #[arg(long, value_name = "N", default_value_t = 200)]
    eval_games: u64,
}

/// The longest time limit `--movetime` and `--timeout` take: a day, in milliseconds.
const MAX_MILLIS: u64 = 86_400_000;

/// The longest `tabula bench` runs: a week, in seconds.
const MAX_BENCH_SECONDS: f64 = 604_800.0;

fn parse_seat(text: &str) -> Result<SeatAssignment, String> {
    text.parse()
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    let usage = format!("write a number of seconds above 0 and at most {MAX_BENCH_SECONDS}, like 5 or 0.5");
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= MAX_BENCH_SECONDS => {
            Duration::try_from_secs_f64(seconds).map_err(|_| usage)
        }
        Ok(_) => Err(format!("{text} is out of range; {usage}")),
        Err(_) => Err(format!("'{text}' is not a number; {usage}")),
    }
}

/// A bad command line (an unknown game, a bad option value, a bad seat): tabula says
/// what was wrong and exits with status 2, as clap does for its own errors.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// The exit status for a bad command line.
pub const USAGE_EXIT: u8 = 2;

fn usage(message: impl std::fmt::Display) -> anyhow::Error {
    UsageError(message.to_string()).into()
}

fn parse_player(text: &str) -> Result<MatchPlayer, String> {
    text.parse()
}

/// Runs tabula with the process arguments.
pub fn run() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    let net = match &cli.command {
        Commands::Play(PlayArgs { net, .. })
        | Commands::Match(MatchArgs { net, .. })
        | Commands::Analyse(AnalyseArgs { net, .. })
        | Commands::Engine { net, .. } => net.net_file.as_deref(),
        _ => None,
    };
    if let Some(path) = net {
        crate::ai::learn::use_nardy_net(path)?;
    }
    let mut out = io::stdout().lock();
    match cli.command {
        Commands::Play(args) => play(args),
        Commands::Games => {
            writeln!(out, "{}", games_listing())?;
            Ok(ExitCode::SUCCESS)
        }
        Commands::Rules { game } => {
            let kind = GameKind::from_id(&game).map_err(usage)?;
            write!(out, "{}", kind.info().rules)?;
            Ok(ExitCode::SUCCESS)
        }
        Commands::Replay { file, game, step } => replay(&file, game, step, &mut out),
        Commands::Engine { seed, bot, .. } => {
            drop(out);
            let stdin = io::stdin().lock();
            let mut stdout = io::stdout().lock();
            crate::cli::engine::serve(stdin, &mut stdout, seed.unwrap_or_else(random_seed), bot)?;
            Ok(ExitCode::SUCCESS)
        }
        Commands::Bench(args) => bench(args, &mut out),
        Commands::Match(args) => run_match_command(args, &mut out),
        Commands::Solve(args) => solve_command(args, &mut out),
        Commands::Train(args) => train(args, &mut out),
        Commands::Analyse(args) => analyse(args, &mut out),
    }
}

fn analyse(args: AnalyseArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    use crate::app::record::parse_records;
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file))?;
    let records = parse_records(&text)?;
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
    let total: u64 = chosen.iter().map(|&i| records[i].actions.len() as u64).sum();
    let bar = if io::stderr().is_terminal() {
        indicatif::ProgressBar::new(total)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "analysing {bar:30} {pos}/{len} actions, {per_sec}, ETA {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    for (n, &index) in chosen.iter().enumerate() {
        let record = &records[index];
        let game = record.kind.new_game(&record.options)?;
        let seats = args
            .seat
            .iter()
            .map(|name| game.find_seat(name).map_err(usage))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let mut bot = args.bot.build_any(index as u64);
        let mut luck_bot = BotKind::Expectimax { depth: 1 }.build_any(index as u64);
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
            crate::app::analysis::report(&analysis, args.bot, args.all)
        )?;
    }
    bar.finish_and_clear();
    Ok(ExitCode::SUCCESS)
}

/// Refuses bot:perfect up front where it has no table, with the command that builds it.
fn check_perfect<'a>(
    kind: GameKind,
    options: &Options,
    mut players: impl Iterator<Item = &'a PlayerSpec>,
) -> anyhow::Result<()> {
    if players.any(|p| *p == PlayerSpec::Bot(crate::ai::roster::BotKind::Perfect)) {
        crate::ai::solve::perfect::check(&kind.new_game(options)?).map_err(anyhow::Error::msg)?;
    }
    Ok(())
}

fn train(args: TrainArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    use crate::ai::train::{TrainConfig, train};
    if args.game != "nardy" {
        GameKind::from_id(&args.game).map_err(anyhow::Error::msg)?;
        anyhow::bail!("only nardy has an evaluation network to train; write 'tabula train nardy ...'");
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

fn play(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let (kind, options) = args.game.resolve()?;
    crate::app::players::seat_players(&kind.new_game(&options)?, &args.seat).map_err(usage)?;
    check_perfect(kind, &options, args.seat.iter().map(|s| &s.player))?;
    let seed_drawn = args.seed.is_none();
    let config = PlayConfig {
        kind,
        options,
        seats: args.seat,
        seed: args.seed.unwrap_or_else(random_seed),
        seed_drawn,
        strict: args.strict,
        manual_dice: args.manual_dice,
        engines: args.engines.settings(false)?,
        compact: args.compact,
        color: args.color.choice(),
    };
    if io::stdin().is_terminal() {
        run_interactive(&config)
    } else {
        let stdin = io::stdin().lock();
        let mut out = io::stdout().lock();
        let mut err = io::stderr().lock();
        run_piped(&config, stdin, &mut out, &mut err)
    }
}

/// The `tabula games` text: a table of ids, seats, options and summaries.
pub fn games_listing() -> String {
    let mut text = String::from("GAME       SEATS  OPTIONS (first value is the default)\n");
    for kind in GameKind::ALL {
        let info = kind.info();
        // Long option lists go on under the OPTIONS column, so the table fits 80 columns.
        let options = crate::core::wrap_words(&info.options_text(), 80 - 18);
        for (i, line) in options.iter().enumerate() {
            let (id, seats) = if i == 0 {
                (info.id.to_string(), info.seats_text())
            } else {
                (String::new(), String::new())
            };
            text.push_str(format!("{id:<10} {seats:<6} {line}").trim_end());
            text.push('\n');
        }
        text.push_str(&format!("{:<17} {}: {}\n", "", info.title, info.summary));
    }
    text.push_str(
        "\nPlay one with 'tabula play GAME [KEY=VALUE...]';\n'tabula rules GAME' prints its rules.",
    );
    text
}

fn run_match_command(args: MatchArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
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

fn solve_command(args: SolveArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    use crate::ai::solve::ur::{default_path, solve_rule_set};
    use crate::games::ur::board::RuleSet;
    let (kind, options) = args.game.resolve()?;
    if kind.info().id != "ur" {
        anyhow::bail!(
            "{} cannot be solved; 'tabula solve' solves ur with rules=finkel, masters, blitz or aseb",
            kind.info().id
        );
    }
    let rules = RuleSet::from_name(options.get("rules")).context("ur has no such rule set")?;
    if args.count {
        writeln!(out, "{}", crate::ai::solve::ur::count_report(rules))?;
        return Ok(ExitCode::SUCCESS);
    }
    if !(args.residual >= crate::ai::solve::FINEST_RESIDUAL && args.residual < 0.5) {
        anyhow::bail!("--residual must be from 1e-7 (the finest 32-bit values reach) to 0.5, e.g. 1e-6");
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        anyhow::bail!("--jobs must be at least 1");
    }
    if rules == RuleSet::City && args.layers.is_some() {
        let left = args.layers.unwrap_or(1);
        let report =
            crate::ai::solve::ur::solve_city_end(left, options.get("back-star"), args.out.as_deref())
                .map_err(anyhow::Error::msg)?;
        writeln!(out, "{report}")?;
        return Ok(ExitCode::SUCCESS);
    }
    if rules == RuleSet::City {
        anyhow::bail!(
            "City of Ur is too large to solve whole ('tabula solve ur rules=city --count' says how large); solve its end with --layers 1 or 2"
        );
    }
    let path = match args.out {
        Some(path) => path,
        None => default_path(rules).context("no data directory for the table: give --out FILE")?,
    };
    writeln!(
        out,
        "solving ur rules={}{}: residual {:e}, {jobs} thread{}; table {}",
        rules.name(),
        args.layers
            .map(|k| format!(
                " (end layers: at most {k} piece{} left per side)",
                if k == 1 { "" } else { "s" }
            ))
            .unwrap_or_default(),
        args.residual,
        if jobs == 1 { "" } else { "s" },
        path.display()
    )?;
    out.flush()?;
    let report =
        solve_rule_set(rules, &path, args.layers, args.residual, jobs, true).map_err(anyhow::Error::msg)?;
    let sweeps: u32 = report.solution.layers.iter().map(|l| l.sweeps).sum();
    writeln!(
        out,
        "solved {} of {} positions in {} layer{} ({sweeps} sweeps) in {:.1} s; largest residual {:.1e}",
        report.solved,
        report.positions,
        report.solution.layers.len(),
        if report.solution.layers.len() == 1 {
            ""
        } else {
            "s"
        },
        report.elapsed.as_secs_f64(),
        report.solution.residual
    )?;
    writeln!(
        out,
        "table: {} ({:.1} MB)",
        report.path.display(),
        report.table_bytes as f64 / 1e6
    )?;
    if let Some(value) = report.start_value {
        writeln!(
            out,
            "from the start, light (who rolls first) wins with probability {value:.6} under perfect play"
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

fn replay(file: &str, index: usize, step: bool, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    use crate::app::record::parse_records;
    use crate::app::session::{Action, Session};
    let text = crate::app::lines::read_text_file(std::path::Path::new(file)).map_err(anyhow::Error::msg)?;
    let records = parse_records(&text)?;
    if index == 0 || index > records.len() {
        return Err(usage(format!(
            "{file} holds {} game{}; --game takes 1 to {}",
            records.len(),
            if records.len() == 1 { "" } else { "s" },
            records.len()
        )));
    }
    // Match records number their games; pick by that number when present.
    let record = records
        .iter()
        .find(|r| r.note("match-game").and_then(|n| n.trim().parse::<usize>().ok()) == Some(index))
        .unwrap_or(&records[index - 1]);
    // Check the whole record first, so that a bad file fails before anything is printed.
    let whole = Session::from_record(record, 0).with_context(|| format!("{file}: game {index}"))?;
    if records.len() > 1 {
        writeln!(out, "game {index} of {file}")?;
    }
    writeln!(out, "{}", replay_header(record, &whole))?;
    let mut walk = Session::new(record.kind, &record.options, 0)?;
    writeln!(out, "{}", walk.game().render().trim_end())?;
    let waits = step && io::stdin().is_terminal();
    let mut keys = io::stdin().lock();
    for (_, action) in &record.actions {
        match action {
            Action::Roll(dice) | Action::Dice(dice) => {
                let rolled = walk.set_dice(dice.values())?;
                writeln!(out, "{} rolls {dice}", walk.seat_name(rolled.seat))?;
                for note in rolled.notes {
                    writeln!(out, "{note}")?;
                }
                continue;
            }
            Action::Move(text) => {
                let played = walk.play_recorded(text)?;
                writeln!(
                    out,
                    "{}",
                    crate::cli::repl::move_line(walk.seat_name(played.seat), &played)
                )?;
                for note in played.notes {
                    writeln!(out, "{note}")?;
                }
            }
            Action::SetPos(text) => {
                walk.set_position(text)?;
                writeln!(out, "the position is set to: {text}")?;
            }
            Action::Resign(seat) => match walk.resign(*seat)? {
                crate::app::session::Resigned::Over(_) => {}
                crate::app::session::Resigned::PlaysOn(note) => writeln!(out, "{note}")?,
            },
        }
        if step {
            writeln!(out, "{}", walk.game().render().trim_end())?;
        }
        if waits {
            write!(out, "[Enter: next move, q: stop] ")?;
            out.flush()?;
            let mut answer = String::new();
            if keys.read_line(&mut answer)? == 0 || answer.trim().eq_ignore_ascii_case("q") {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    let board = walk.game().render();
    if !step {
        writeln!(out, "{}", board.trim_end())?;
    }
    match walk.outcome() {
        // Some boards say it themselves.
        Ok(outcome) if board.contains(&outcome.summary) => {}
        Ok(outcome) => writeln!(out, "game over: {}", outcome.summary)?,
        Err(_) => writeln!(out, "the record ends here; {}", walk.status())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The first line of a replay, in words: the game, its options, who played, the dice
/// seed, how many moves and how it ended.
fn replay_header(record: &crate::app::record::GameRecord, whole: &crate::app::session::Session) -> String {
    let info = record.kind.info();
    let options = record.options.non_default(info.options);
    let mut header = info.title.to_string();
    if !options.is_empty() {
        header.push_str(&format!(" ({})", options.join(" ")));
    }
    if let Some(seats) = record.note("seats") {
        // `seats white=engine:./bot --fast black=bot:greedy`: a new seat starts at a word
        // `NAME=` that names a seat; other words belong to the engine command before.
        let mut players: Vec<String> = Vec::new();
        for word in seats.split_whitespace() {
            match word.split_once('=') {
                Some((seat, player)) if whole.game().find_seat(seat).is_ok() => {
                    players.push(format!("{seat} {player}"));
                }
                _ => match players.last_mut() {
                    Some(last) => {
                        last.push(' ');
                        last.push_str(word);
                    }
                    None => players.push(word.to_string()),
                },
            }
        }
        header.push_str(&format!(": {}", players.join(", ")));
    }
    if let Some((seed, _)) = record.seed {
        header.push_str(&format!("; dice seed {seed}"));
    }
    let moves = whole
        .actions()
        .filter(|(_, a)| matches!(a, crate::app::session::Action::Move(_)))
        .count();
    // The length and the result on a line of their own keep the header within 80 columns.
    header.push_str(&format!("\n{moves} move{}", if moves == 1 { "" } else { "s" }));
    match whole.outcome() {
        Ok(outcome) => header.push_str(&format!(", then {}", outcome.summary)),
        Err(_) => header.push_str(", not finished"),
    }
    header
}

fn bench(args: BenchArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let (kind, options) = args.game.resolve()?;
    let fresh = kind.new_game(&options)?;
    // A bad bot name is reported before anything runs.
    let bot = args.bot.as_deref().map(parse_bot_name).transpose()?;
    writeln!(
        out,
        "bench {}{}: random self-play, every legal move generated each turn, one thread",
        kind.info().id,
        options
            .non_default(kind.info().options)
            .iter()
            .map(|o| format!(" {o}"))
            .collect::<String>()
    )?;
    let report = random_games(&fresh, args.seed, args.games, args.seconds);
    writeln!(
        out,
        "{} games, {} turns in {:.2} s: {:.0} games/s, {:.0} turns/s, {:.1} turns/game",
        report.games,
        report.moves,
        report.elapsed.as_secs_f64(),
        report.games_per_second(),
        report.moves_per_second(),
        report.moves as f64 / report.games.max(1) as f64
    )?;
    if report.unfinished > 0 {
        writeln!(out, "warning: {} games did not finish", report.unfinished)?;
    }
    if let Some(bot) = bot {
        bench_bot(bot, &fresh, &args, out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A built-in bot's name as `--bot` takes it: `expectimax:3` or `bot:expectimax:3`.
fn parse_bot_name(name: &str) -> anyhow::Result<crate::ai::roster::BotKind> {
    let name = name.trim();
    name.strip_prefix("bot:")
        .unwrap_or(name)
        .parse()
        .map_err(anyhow::Error::msg)
}

/// `bench --bot NAME`: the bot plays every seat for the same time budget, one thread.
fn bench_bot(
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
    writeln!(
        out,
        "bot:{kind} plays every seat: {} decisions ({} forced moves not counted) in {} games, {:.2} s thinking: \
         {:.1} decisions/s; per decision median {:.3} ms, p90 {:.3} ms, max {:.1} ms",
        report.decisions,
        report.forced,
        report.games,
        report.thinking.as_secs_f64(),
        report.decisions_per_second(),
        ms(report.quantile(0.5)),
        ms(report.quantile(0.9)),
        ms(report.quantile(1.0)),
    )?;
    Ok(())
}
