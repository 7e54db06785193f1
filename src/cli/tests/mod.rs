//! Tests of the layers above the rules that need the crate's inner rooms (sessions,
//! records, the referee, the engine client, the REPL's table), which a bot author's API
//! does not show. What can be seen from outside is tested in `tests/all`.

mod engines;
mod file_args;
mod man;
mod protocol_framing;
mod protocol_fuzz;
mod robustness;
mod roster;
mod session;

use crate::app::players::SeatAssignment;
use crate::app::protocol::client::EngineSettings;
use crate::app::session::{Played, Session};
use crate::cli::repl::PlayConfig;
use crate::core::{Game, Options, Phase, SeededDice};
use crate::games::{AnyGame, AnyMove, GameKind};

/// What the built-in bot would do now, as `hint` names it: a move or `roll`.
fn hint(session: &Session) -> String {
    session.choice_text(session.bot_choice().unwrap().as_ref())
}

/// Plays the built-in bot's choice as `genmove` does; `None` when it chooses to roll.
fn genmove(session: &mut Session) -> Option<Played> {
    let choice = session.bot_choice().unwrap()?;
    Some(session.play(&choice).unwrap())
}

/// How `tabula play` would be set up for `kind` with `options`, the seats `seats`
/// (`SEAT=PLAYER`, the rest as by default), dice seed `seed` and `--strict` when `strict`:
/// no colour, the shipped networks, engines with default limits.
fn play_config(kind: GameKind, options: &[&str], seats: &[&str], seed: u64, strict: bool) -> PlayConfig {
    PlayConfig {
        kind,
        options: Options::parse(kind.info().options, options).unwrap(),
        seats: seats
            .iter()
            .map(|s| s.parse::<SeatAssignment>().unwrap())
            .collect(),
        seed,
        seed_drawn: false,
        strict,
        manual_dice: false,
        engines: EngineSettings::default(),
        nets: crate::ai::learn::Nets::shipped(),
        compact: false,
        color: anstream::ColorChoice::Never,
        table: Default::default(),
    }
}

/// A fresh, empty directory for one test's files, named by `name` and apart for each run.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// One step of `game`: the dice thrown when it waits for them, else the legal move at the
/// index `choose` picks. False, with nothing done, once the game is over.
fn step(game: &mut AnyGame, dice: &mut SeededDice, choose: impl FnOnce(&[AnyMove]) -> usize) -> bool {
    match game.phase() {
        Phase::Over => return false,
        Phase::Roll(_) => {
            let roll = game.roll(dice);
            game.set_dice(roll).unwrap();
        }
        Phase::Move(_) => {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            game.play(&moves[choose(&moves)]).unwrap();
        }
    }
    true
}
