//! The command line: clap definitions and dispatch to the front ends ([`repl`] for
//! people and scripts, [`engine`] for programs).
//!
//! May use: everything below it ([`crate::core`], [`crate::games`], [`crate::ai`],
//! [`crate::app`]); nothing uses it but `main.rs`.

mod accuracy;
mod analyse;
mod args;
mod bench;
mod candidates;
mod drill;
pub mod engine;
mod games;
mod history;
mod host;
mod join;
mod keys;
mod man;
mod matches;
mod notes;
pub mod pager;
mod play;
mod plot;
mod relay;
pub mod repl;
mod replay;
mod rollout;
mod rules;
mod run_error;
mod solve;
mod train;
mod usage;
mod verify;

use accuracy::AccuracyArgs;
use analyse::AnalyseArgs;
use bench::BenchArgs;
use matches::MatchArgs;
use play::PlayArgs;
use rollout::RolloutArgs;
use solve::SolveArgs;
use train::TrainArgs;

pub use run_error::RunError;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

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
    #[command(after_help = notes::play())]
    Play(PlayArgs),
    /// Offer a game to players on other machines: prints the command they type
    #[command(
        after_help = "Prints 'tabula join ADDRESS:PORT CODE' for the other players (with --relay,\n'tabula join --relay HOST:PORT CODE'), and waits until joiners have taken\nevery seat it does not play: each joiner takes the seats it names, or all that\nare left. The code is new for every game; a connection with a wrong code is\nrefused, and after three the host gives up. Every connection is encrypted and\nauthenticated by the code. Players as for 'tabula play'; people play at the\ntable's prompt (Tab, hint, save; undo asks the other sides), and each side\nkeeps the game in its history ('tabula history'). A host whose program ended\nmid-game takes the game up again with 'tabula host --resume'.\n\nExamples:\n  tabula host nardy --seat white=human\n  tabula host ur rules=finkel --seat light=bot:best --port 0 --save game.txt\n  tabula host aeroplane players=4 --seat 1=human --relay HOST:4774\n  tabula host aeroplane players=2 --bind 127.0.0.1 --port 0"
    )]
    Host(host::HostArgs),
    /// Join a game another player hosts, with the command it printed
    #[command(
        after_help = "Shows the game, its options and its seats before the first roll, and asks\nbefore taking it (with --yes, or with stdin not a terminal, it takes it).\n--seat names the open seats the joiner takes and who plays them; without it,\nthe joiner takes every open seat, played by a person. A joiner whose program\nended mid-game types the same command again to take the game up again.\n\nExamples:\n  tabula join HOST:4717 7-crossover-clockwork\n  tabula join HOST:4717 7-crossover-clockwork --seat black=bot:best\n  tabula join --relay HOST:4774 7-crossover-clockwork --seat 3=human"
    )]
    Join(join::JoinArgs),
    /// List the games with their seats and rule options
    Games,
    /// Drill the positions of your kept games where you erred, most costly first
    #[command(
        after_help = "The decisions of the seats played by a person in finished kept games that the\nanalysis marks doubtful or worse are served most costly first: type your move\n(or 'legal', 'skip', 'quit'). A position solved comes back later, a day after\nthe first time and twice as late each time after; one missed comes back at the\nnext drill. The schedule is kept in the data directory (drill.txt).\n\nExamples:\n  tabula drill\n  tabula drill nardy --bot greedy --count 5"
    )]
    Drill(drill::DrillArgs),
    /// List the kept games: every game played at the table, newest last
    #[command(
        after_help = "Every game played with 'tabula play' is kept, sealed, as it goes, in the\ndata directory's games folder (~/.local/share/tabula/games, or\n$TABULA_DATA_DIR/games). The oldest games beyond 1,000 are removed;\nTABULA_HISTORY=N keeps N instead, TABULA_HISTORY=off keeps none, and\n'tabula play --no-history' keeps one game out.\n\nWherever a record file is taken, 'last' or a game's number names a kept game:\n  tabula analyse last\n  tabula replay 3\n  tabula play --resume      (take up the last game again)\n  load last                 (at the table)"
    )]
    History,
    /// Print the rules of a game
    Rules(rules::RulesArgs),
    /// Speak the engine protocol on stdin/stdout, so a script or GUI can drive any game
    #[command(after_help = notes::engine())]
    Engine(engine::EngineArgs),
    /// Play many games between bots and external engines and tabulate the results
    #[command(
        after_help = "Players take turns in every seat: with two seats each dice seed is played\ntwice with the seats swapped; with more, the seats rotate. More players than\nseats play a round robin (or --gauntlet), with ratings and a score matrix.\nRe-running with the same --records file resumes an interrupted match;\n'tabula match report FILE...' tabulates the records of --shard runs as one.\n\nExamples:\n  tabula match nardy --games 200 --player bot:greedy \\\n      --player \"engine:tabula engine\"\n  tabula match nardy --player bot:expectimax:2 --player bot:expectimax:1 \\\n      --sprt elo0=0,elo1=20 --games 20000"
    )]
    Match(Box<MatchArgs>),
    /// Replay a saved game record, printing every move and the board
    Replay(replay::ReplayArgs),
    /// Measure speed: random self-play games/s and turns/s in one thread, and with --bot a
    /// bot's time per decision (for how well bots play see 'accuracy')
    Bench(BenchArgs),
    /// Solve a game exactly and keep the table that bot:perfect plays from
    #[command(after_help = notes::solve(
        "The table goes to the data directory (~/.local/share/tabula/ur-RULES.table) \
         unless --out says otherwise; a killed run resumes from its last finished layer \
         when started again with the same arguments. Two-seat Mnogoboy's table is built \
         into tabula (bot:perfect plays it at once); solving it takes about 15 seconds \
         and, with --residual 1e-12, writes the same bytes.\n\nExamples:\n  \
         tabula solve ur rules=finkel\n  \
         tabula solve ur rules=blitz --layers 2 --out blitz-end.table\n  \
         tabula solve ur rules=city --count\n  \
         tabula solve mnogoboy players=2 --residual 1e-12 --out mnogoboy-2.table"
    ))]
    Solve(SolveArgs),
    /// Train an evaluation network by self-play (TD(lambda)) for any game and seat count
    #[command(
        after_help = "Every --eval-every games a match against bot:greedy is printed (the learning\ncurve: the network in every seat in turn, greedy in the others) and a\ncheckpoint is written to OUT.checkpoint; running the same command again resumes\nfrom it. A finished network at OUT is never written over (train it further with\n--from OUT). One --seed and --jobs give one network. Without --out the network\ngoes to nets/KEY.net in the data directory (nardy needs --out). bot:net plays a\nnetwork given with --net FILE.\n\nExamples:\n  tabula train ur rules=finkel --games 100000 --jobs 2\n  tabula train mnogoboy players=4 --games 50000 --hidden 40\n  tabula train nardy --games 100000 --jobs 2 --out nardy.net"
    )]
    Train(TrainArgs),
    /// Analyse a recorded game: the loss of every decision, errors, blunders and luck
    #[command(
        after_help = "Every decision of the chosen seats is valued by the bot: the move played, the\nbot's best, the loss (win probability; Long Nardy: equity) and a mark:\ndoubtful >= 2%, error >= 4%, blunder >= 8% (nardy: 0.04, 0.08, 0.16 equity).\nLuck is how much each roll helped the seat that rolled: its value after the\nroll minus the average over every roll it could have had (valued at one ply).\n\nExample:\n  tabula analyse game.txt --seat white --bot expectimax:2"
    )]
    Analyse(AnalyseArgs),
    /// Roll out a position: play each candidate move out many times on the same dice
    #[command(
        after_help = "Each candidate (the moves of --moves, else the bot's best --candidates) is\nplayed out --games times by the bot in every seat, trial i of every candidate\non the same dice. The luck of every roll is cancelled by the bot's own\nevaluation (its value after the roll less the mean over all rolls), which\nkeeps the values unbiased and far less noisy. Printed per candidate: the win\nshare of the seat to act, its big wins (nardy: mars, koks) and equity, each\nwith a 95% interval, and how far it falls behind the best (the interval of\nthat difference comes from the shared dice). Ctrl-C stops and prints the\ngames played so far.\n\nExamples (POS is a position as getpos prints it):\n  tabula rollout nardy \"$POS\" --games 1296 --truncate 12\n  tabula rollout nardy --position \"$POS\" --moves \"24/18 18/13,24/13\"\n  tabula rollout ur rules=finkel --games 2000"
    )]
    Rollout(RolloutArgs),
    /// Measure how well bots choose: their error rates on positions whose candidate
    /// moves were rolled out (once called 'benchmark'; for speed see 'bench')
    #[command(
        alias = "benchmark",
        after_help = "Each position of the set has its candidate moves rolled out; a bot's error is\nthe rolled-out equity of the best candidate less that of the move it chose,\naveraged over the decisions, overall and per kind of position (nardy: contact,\nblocking, race), in thousandths of a point. A choice that is no candidate is\nrolled out when it is met, on the candidates' dice, and counted as unlisted.\nEach bot after the first is compared with it position by position. --build\nmakes a set (and resumes one that was stopped). Scoring the five default bots\non a 1000-position set takes about ten minutes (the searching bots are the\nslow ones); --bot NAME scores only the bots named.\n\nExamples:\n  tabula accuracy nardy --bot greedy\n  tabula accuracy nardy --bot net:2 --net candidate.net\n  tabula accuracy nardy --build --file set.txt --positions 1000 --truncate 8"
    )]
    Accuracy(AccuracyArgs),
    /// Print the completion script for a shell: bash, zsh, fish, powershell or elvish
    #[command(
        after_help = "Install it where the shell looks, e.g.:\n  tabula completions bash > ~/.local/share/bash-completion/completions/tabula\n  tabula completions zsh > ~/.zfunc/_tabula   (fpath+=~/.zfunc in ~/.zshrc)\n  tabula completions fish > ~/.config/fish/completions/tabula.fish\n  tabula completions powershell >> $PROFILE\n  tabula completions elvish >> ~/.config/elvish/rc.elv\nthen start a new shell."
    )]
    Completions(man::CompletionsArgs),
    /// Show a man page (tabula, tabula-protocol): formatted in a terminal, roff in a pipe; --out writes them
    #[command(
        after_help = "Examples:\n  tabula man | man -l -            read tabula(6) without installing it\n  tabula man tabula-protocol | man -l -\n  tabula man --out ~/.local/share/man\n                                   install both pages, then 'man tabula' and\n                                   'man tabula-protocol' find them"
    )]
    Man(man::ManArgs),
    /// Pair players who cannot reach each other and forward their bytes
    #[command(
        after_help = "Two sides that name the same nameplate (the number of the game's code) are\npaired and their bytes forwarded both ways; the relay cannot read or change\nthe game, only drop it. Connections, bytes per pair, idle time and the wait\nfor a partner are bounded. More: docs/remote.md.\n\nExamples:\n  tabula relay\n  tabula relay --port 4774 --listen 0.0.0.0"
    )]
    Relay(relay::RelayArgs),
    /// Check every roll of a remote game's record against the reveals it carries
    #[command(
        after_help = "A game played with 'tabula host' and 'tabula join' is recorded with every\nside's commitment and every throw's reveals ('remote' lines). verify throws\nevery roll again from them and prints 'all N rolls check' (exit 0), or names\nthe first roll that does not check and why (exit 1). A record of a game\nplayed at one keyboard has nothing to verify (exit 2). How the dice are made,\nto check a roll by hand: docs/remote.md.\n\nExample:\n  tabula verify game.txt"
    )]
    Verify(verify::VerifyArgs),
    /// Draw a data file of the documentation (docs/data/*.tsv) as an SVG picture
    #[command(
        hide = true,
        after_help = "Regenerates the pictures of the documentation:\n  for f in docs/data/*.tsv; do\n    tabula plot \"$f\" --out docs/img/$(basename \"$f\" .tsv).svg\n  done"
    )]
    Plot(plot::PlotArgs),
}

/// Runs tabula with the process arguments: the exit status it ends with, or why it failed.
pub fn run() -> Result<ExitCode, RunError> {
    run_command().map_err(RunError)
}

/// [`run`]'s work: every command's error, carried with its causes.
fn run_command() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    let net = match &cli.command {
        Commands::Play(PlayArgs { net, .. })
        | Commands::Analyse(AnalyseArgs { net, .. })
        | Commands::Rollout(RolloutArgs { net, .. })
        | Commands::Accuracy(AccuracyArgs { net, .. })
        | Commands::Engine(engine::EngineArgs { net, .. }) => net.net_file.as_deref(),
        Commands::Match(args) => args.net.net_file.as_deref(),
        _ => None,
    };
    let nets = crate::ai::learn::Nets::with_file(net)?;
    let mut out = io::stdout().lock();
    match cli.command {
        Commands::Play(args) => play::play(args, &nets),
        Commands::Host(args) => host::host(args, &nets, &mut out),
        Commands::Join(args) => join::join(args, &nets, &mut out),
        Commands::Games => {
            writeln!(out, "{}", games::games_listing())?;
            Ok(ExitCode::SUCCESS)
        }
        Commands::History => history::history(&mut out),
        Commands::Drill(args) => drill::drill(args, &nets, io::stdin().lock(), &mut out),
        Commands::Rules(args) => rules::rules(args, &mut out),
        Commands::Replay(args) => replay::replay_command(args, &mut out),
        Commands::Engine(args) => {
            // The engine writes its replies to standard output itself.
            drop(out);
            engine::engine(args, &nets)
        }
        Commands::Bench(args) => bench::bench(args, &mut out),
        Commands::Match(args) => matches::run_match_command(*args, &nets, &mut out),
        Commands::Solve(args) => solve::solve_command(args, &mut out),
        Commands::Train(args) => train::train(args, &mut out),
        Commands::Analyse(args) => pager::paged(&mut out, |out| analyse::analyse(args, &nets, out)),
        Commands::Rollout(args) => rollout::rollout(args, &nets, &mut out),
        Commands::Accuracy(args) => accuracy::accuracy(args, &nets, &mut out),
        Commands::Completions(args) => man::completions(Cli::command(), args, &mut out),
        Commands::Man(args) => man::man(args, &mut out),
        Commands::Relay(args) => relay::relay(args, &mut out),
        Commands::Verify(args) => verify::verify_command(args, &mut out),
        Commands::Plot(args) => plot::plot(args),
    }
}

#[cfg(test)]
mod tests;
