//! `tabula play`: a game in the terminal, or commands piped in.

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::Args;

use super::args::{EngineLimits, GameChoice, NetChoice, check_bots, parse_seat};
use super::usage::usage;
use crate::app::players::SeatAssignment;
use crate::app::session::random_seed;
use crate::cli::repl::{PlayConfig, run_interactive, run_piped};
use crate::core::Game;

#[derive(Debug, Args)]
pub(super) struct PlayArgs {
    #[command(flatten)]
    pub(super) game: GameChoice,
    /// Who plays a seat: SEAT=PLAYER, e.g. black=bot:random, 2=human (repeatable)
    #[arg(long, value_name = "SEAT=PLAYER", hide_possible_values = true,
        value_parser = super::candidates::parsed(parse_seat, super::candidates::seat_assignments))]
    pub(super) seat: Vec<SeatAssignment>,
    /// Seed for the dice (drawn and printed when not given)
    #[arg(long)]
    pub(super) seed: Option<u64>,
    /// With piped input: stop at the first failed command and exit with status 1
    #[arg(long)]
    pub(super) strict: bool,
    /// Bots do not roll for themselves: enter their dice with 'dice' (real dice)
    #[arg(long)]
    pub(super) manual_dice: bool,
    /// Show a short list view instead of the full board (where the game has one); without
    /// it the REPL shows the board, or the list when the terminal has too few rows
    #[arg(long)]
    pub(super) compact: bool,
    /// Colour in the REPL: auto (only on a terminal that supports it, not with NO_COLOR or
    /// TERM=dumb), always or never
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub(super) color: ColorWhen,
    /// Take up the last kept game again ('tabula history' lists them), with its players
    /// unless --seat gives others
    #[arg(long, conflicts_with = "seed")]
    pub(super) resume: bool,
    /// Do not keep this game in the history (TABULA_HISTORY=off: never keep games)
    #[arg(long, conflicts_with = "resume")]
    pub(super) no_history: bool,
    /// Warn before a move of yours that analysis would class LEVEL or worse: doubtful,
    /// error, blunder or off (at the table: 'set tutor LEVEL')
    #[arg(long, value_name = "LEVEL", value_parser = tutor_choice)]
    pub(super) tutor: Option<TutorChoice>,
    #[command(flatten)]
    pub(super) engines: EngineLimits,
    #[command(flatten)]
    pub(super) net: NetChoice,
}

/// A `--tutor` level: the mark the tutor warns at, `None` for off.
#[derive(Clone, Copy, Debug)]
pub(super) struct TutorChoice(Option<crate::app::analysis::Mark>);

fn tutor_choice(word: &str) -> Result<TutorChoice, String> {
    crate::app::tutor::tutor_level(word).map(TutorChoice)
}

/// When the REPL uses colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum ColorWhen {
    /// Only where stdout is a terminal that supports it (NO_COLOR, CLICOLOR, TERM are honoured).
    Auto,
    /// Always, even into a pipe.
    Always,
    /// Never.
    Never,
}

/// Whether TERM says the terminal shows no colour.
pub(super) fn dumb_terminal() -> bool {
    std::env::var_os("TERM").is_some_and(|term| term == "dumb")
}

/// Whether CLICOLOR_FORCE asks for colour whatever the terminal.
pub(super) fn colour_forced() -> bool {
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

pub(super) fn play(args: PlayArgs, nets: &crate::ai::learn::Nets) -> anyhow::Result<ExitCode> {
    let (kind, options) = args.game.resolve()?;
    let fresh = kind.new_game(&options)?;
    let players = crate::app::players::seat_players(&fresh, &args.seat).map_err(usage)?;
    check_bots(&fresh, args.seat.iter().filter_map(|s| s.player.bot()))?;
    let engines = args.engines.settings(false)?;
    // An engine that cannot play ends tabula before the game, as in a match.
    for (seat, player) in players.iter().enumerate() {
        let who = format!("{} ({player})", fresh.seat_name(seat));
        crate::app::players::check_player(player, &engines, &fresh, &who)
            .map_err(|failure| usage(crate::app::players::unusable_engine(&who, &failure)))?;
    }
    let history = match args.no_history {
        true => None,
        false => crate::app::history::History::open()?,
    };
    if args.resume && history.is_none() {
        return Err(usage(
            "--resume takes up the last kept game, but keeping games is turned off (TABULA_HISTORY=off)",
        ));
    }
    let seed_drawn = args.seed.is_none();
    let config = PlayConfig {
        kind,
        options,
        seats: args.seat,
        seed: args.seed.unwrap_or_else(random_seed),
        seed_drawn,
        strict: args.strict,
        manual_dice: args.manual_dice,
        engines,
        nets: nets.clone(),
        compact: args.compact,
        color: args.color.choice(),
        table: crate::cli::repl::TableSettings {
            history,
            resume: args.resume,
            tutor: args.tutor.and_then(|choice| choice.0),
        },
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
