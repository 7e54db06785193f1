//! The parts of the help texts and the man page that name what tabula holds: the games
//! (from the game list), the bots (from the roster), the engine protocol's commands
//! (from the command table) and the games `tabula solve` can solve (from the solvers). Each is made here from its one
//! source, so `--help` and `tabula man` cannot fall behind the program.

use crate::app::command::{PROTOCOL_COMMANDS, find_command};
use crate::core::list_words;
use crate::games::GameKind;

/// The widest line of a note after `--help`: clap wraps a longer one again at 80
/// columns, leaving a ragged short line after it.
const WIDTH: usize = 79;

/// Every game's id, in the order of the game list (as `tabula games` gives them; the
/// completions' `candidates::game_ids` are sorted instead).
fn game_ids() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|kind| kind.info().id).collect()
}

/// The help of a GAME argument: `The game: nardy, ur, ... or mnogoboy (see 'tabula
/// games')`.
pub(super) fn game_choice() -> String {
    format!(
        "The game: {} (see 'tabula games')",
        list_words(&game_ids(), " or ")
    )
}

/// The help of `tabula drill GAME`: `Only positions of this game (nardy, ur, ...)`.
pub(super) fn drill_game() -> String {
    format!("Only positions of this game ({})", game_ids().join(", "))
}

/// The built-in bots as people type them, with their levels: `bot:random, ...,
/// bot:perfect (ur, after 'tabula solve'; two-seat mnogoboy)`.
pub(super) fn bot_list() -> String {
    crate::ai::roster::typed_forms().join(", ")
}

/// The engine protocol's commands with their arguments, as `list_commands` names them:
/// `protocol_version, ..., newgame [GAME] [KEY=VALUE], ..., quit`.
pub(super) fn engine_command_list() -> String {
    let commands: Vec<String> = PROTOCOL_COMMANDS
        .iter()
        .map(|&name| match find_command(name) {
            Some(spec) if !spec.args.is_empty() => format!("{name} {}", spec.args),
            _ => name.to_string(),
        })
        .collect();
    commands.join(", ")
}

/// The games and options `tabula solve` builds whole tables for.
pub(super) fn solvable_list() -> String {
    crate::ai::solve::solvable_text()
}

/// `prose` filled to [`WIDTH`] columns.
fn filled(prose: &str) -> String {
    crate::core::wrap_words(prose, WIDTH).join("\n")
}

/// The note after `tabula play --help`: seats, players, piped input.
pub(super) fn play() -> String {
    filled(&format!(
        "Seats are named by the game (white/black, light/dark, red/yellow/...) or \
         numbered from 1. Players: human, {}, engine:COMMAND (an external program \
         speaking the engine protocol, started with COMMAND split like a shell would). \
         With stdin not a terminal, commands are read one per line (# starts a comment).",
        bot_list()
    ))
}

/// The help of `tabula match --player`.
pub(super) fn match_player() -> String {
    format!(
        "A player: {}, engine:COMMAND or a NAME from --engines, optionally named as \
         NAME=PLAYER; one per seat, or more for a round robin",
        bot_list()
    )
}

/// The note after `tabula engine --help`: the commands and the replies.
pub(super) fn engine() -> String {
    let commands = filled(&format!("Commands: {}.", engine_command_list()));
    format!(
        "{commands}\nReplies: '=[id] text' or '?[id] message', then an empty line.\n\
         The protocol in full: 'tabula man tabula-protocol | man -l -'."
    )
}

/// The note after `tabula solve --help`: what can be solved, then `rest` (where the
/// table goes, the examples), which the command's attribute gives.
pub(super) fn solve(rest: &str) -> String {
    let (prose, examples) = rest.split_once("\n\n").unwrap_or((rest, ""));
    let solvable = filled(&format!("Solvable: {}. {prose}", solvable_list()));
    format!("{solvable}\n\n{examples}")
}
