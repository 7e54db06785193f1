//! Fixtures the unit tests of `app` and `cli` share.

use crate::app::session::Session;
use crate::core::Phase;

/// One step of a game played by always taking the first legal move: the dice thrown
/// (`None`), or the first legal move played, as the game writes it.
pub(crate) fn roll_or_play_first(session: &mut Session) -> Option<String> {
    match session.phase() {
        Phase::Roll(_) => {
            session.roll().unwrap();
            None
        }
        _ => {
            let first = session.legal_texts()[0].clone();
            session.play_text(&first).unwrap();
            Some(first)
        }
    }
}

/// The length and seed of a fuzz test's long run: `TABULA_FUZZ_ROUNDS` rounds (else
/// `rounds`) from `TABULA_FUZZ_SEED` (else 47).
pub(crate) fn long_fuzz_run(rounds: u64) -> (usize, u64) {
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    (
        number("TABULA_FUZZ_ROUNDS", rounds) as usize,
        number("TABULA_FUZZ_SEED", 47),
    )
}
