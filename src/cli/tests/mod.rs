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

use crate::app::session::{Played, Session};

/// What the built-in bot would do now, as `hint` names it: a move or `roll`.
fn hint(session: &Session) -> String {
    session.choice_text(session.bot_choice().unwrap().as_ref())
}

/// Plays the built-in bot's choice as `genmove` does; `None` when it chooses to roll.
fn genmove(session: &mut Session) -> Option<Played> {
    let choice = session.bot_choice().unwrap()?;
    Some(session.play(&choice).unwrap())
}
