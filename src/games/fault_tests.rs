//! What the tests of every game's position faults ask: the error or the fault a position
//! string gets.

use crate::core::{NewGame, Notation, Options, PositionError, PositionMistake};

/// The error `position` gets in a game of `G` made with `options` (it must get one).
pub(crate) fn position_error<G: NewGame + Notation>(
    options: &[&str],
    position: &str,
) -> PositionError<G::PositionFault> {
    let options = Options::parse(G::game_info().options, options).expect("valid options");
    let mut game = G::new_game(&options).expect("valid options");
    game.set_position(position).expect_err(position)
}

/// The fault `G`'s rules find in `position` in a game made with `options` (it must be
/// one of the rules', not a mistake of the text).
pub(crate) fn rules_fault<G: NewGame + Notation>(options: &[&str], position: &str) -> G::PositionFault {
    match position_error::<G>(options, position) {
        PositionError(PositionMistake::Rules(fault)) => fault,
        other => panic!("{position}: not a fault of the rules: {other}"),
    }
}

/// Defines a game's test helpers `error`, `refusal` and `fault` for the game type given:
/// the error, its words and the rules' fault that a position gets in a game made with
/// some options.
macro_rules! position_helpers {
    ($game:ty) => {
        /// The error `position` gets in a game made with `options`.
        fn error(
            options: &[&str],
            position: &str,
        ) -> crate::core::PositionError<<$game as crate::core::Notation>::PositionFault> {
            crate::games::fault_tests::position_error::<$game>(options, position)
        }

        /// The error text `position` gets in a game made with `options`.
        fn refusal(options: &[&str], position: &str) -> String {
            error(options, position).to_string()
        }

        /// The fault the rules find in `position` in a game made with `options`.
        fn fault(options: &[&str], position: &str) -> <$game as crate::core::Notation>::PositionFault {
            crate::games::fault_tests::rules_fault::<$game>(options, position)
        }
    };
}
pub(crate) use position_helpers;
