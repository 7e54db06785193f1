//! What the games' code shares where the `Game` trait cannot give a default: a game's
//! `INFO` and `NewGame`, made at the game module's top level by `game_info!`, and the
//! methods several games answer from the same fields, written once as macros expanded
//! inside each game's trait impls (there the expansion is the code the game had, so the
//! hot paths of searches and playouts run as before).
//!
//! A game using these keeps the common layout: a `static INFO: GameInfo` (which
//! `game_info!` makes), an `options: Arc<Options>` field, the seat to act in `turn`, a
//! [`crate::core::turn::Stage`] in `stage` and, with two seats, `SEAT_NAMES`.

/// A game's `pub static INFO`, as `tabula games` lists it, and its
/// [`NewGame`](crate::core::NewGame): `INFO` has the fields of a
/// [`GameInfo`](crate::core::GameInfo) but `rules`, which is always the game's own
/// `rules.txt` beside its `mod.rs`; `new_game` checks the options it is given against
/// `INFO.options`, reads them into the game's `rules` type (by its `read`) and hands
/// both to the game's `start`, which sets up the start position.
macro_rules! game_info {
    (
        game: $game:ty,
        rules: $rules:ty,
        id: $id:expr,
        title: $title:literal,
        seats: $seats:expr,
        options: [$($option:expr),* $(,)?],
        summary: $summary:expr,
        examples: $examples:expr $(,)?
    ) => {
        #[doc = concat!($title, " as listed by `tabula games`.")]
        pub static INFO: $crate::core::GameInfo = $crate::core::GameInfo {
            id: $id,
            title: $title,
            seats: $seats,
            options: &[$($option),*],
            summary: $summary,
            rules: include_str!("rules.txt"),
            examples: $examples,
        };

        impl $crate::core::NewGame for $game {
            fn game_info() -> &'static $crate::core::GameInfo {
                &INFO
            }

            fn new_game(
                options: &$crate::core::Options,
            ) -> Result<$game, $crate::core::OptionError> {
                let options = options.checked_against(INFO.options)?;
                let rules = <$rules>::read(&options)?;
                Ok(<$game>::start(std::sync::Arc::new(options), rules))
            }
        }
    };
}

/// The [`Game`](crate::core::Game) methods a game answers from its common fields:
/// `info` and `options` always; with `turn_cycle` also `phase` and `roll_off` from its
/// `stage`; with `two_seats` these and `seat_count` and `seat_name` from `SEAT_NAMES`.
macro_rules! game_accessors {
    () => {
        fn info(&self) -> &'static $crate::core::GameInfo {
            &INFO
        }

        fn options(&self) -> &$crate::core::Options {
            &self.options
        }
    };
    (turn_cycle) => {
        $crate::games::shared::game_accessors!();

        fn phase(&self) -> $crate::core::Phase {
            self.stage.phase(self.turn)
        }

        fn roll_off(&self) -> Option<$crate::core::RollOff> {
            self.stage.roll_off()
        }
    };
    (two_seats) => {
        $crate::games::shared::game_accessors!(turn_cycle);

        fn seat_count(&self) -> usize {
            2
        }

        fn seat_name(&self, seat: $crate::core::Seat) -> &'static str {
            SEAT_NAMES[seat.min(1)]
        }
    };
}

/// The [`Game`](crate::core::Game) methods of a game thrown with one six-sided die on the
/// shared turn cycle: `roll`, `chance_outcomes` while its `stage` waits for a roll, and
/// `parse_dice`.
macro_rules! one_die {
    () => {
        fn roll(&self, source: &mut dyn $crate::core::DiceSource) -> $crate::core::Dice {
            $crate::core::turn::ONE_DIE.roll(source)
        }

        fn chance_outcomes(&self, out: &mut Vec<($crate::core::Dice, f64)>) {
            if self.stage.rolls() {
                $crate::core::turn::ONE_DIE.outcomes(out);
            }
        }

        fn parse_dice(&self, values: &[u8]) -> Result<$crate::core::Dice, $crate::core::DiceError> {
            $crate::core::turn::ONE_DIE.parse(values, INFO.id)
        }
    };
}

/// The [`Notation`](crate::core::Notation) methods a game answers through the files of the
/// common layout: its `PositionFault` (`fault.rs`), `parse_move`, `format_move`,
/// `position_string` and `read_position` (`text.rs`), `render` (`render.rs`) and `check_position` (its
/// `validate`, in `validate.rs`).
macro_rules! notation_from_files {
    () => {
        type PositionFault = PositionFault;

        fn parse_move(&self, text: &str) -> Result<Self::Move, $crate::core::SyntaxError> {
            text::parse_move(text)
        }

        fn format_move(&self, mv: &Self::Move) -> String {
            text::format_move(mv)
        }

        fn render(&self) -> String {
            render::render(self)
        }

        fn position_string(&self) -> String {
            text::position_string(self)
        }

        fn read_position(&self, text: &str) -> Result<Self, PositionError> {
            text::parse_position(self, text)
        }

        fn check_position(&self) -> Result<(), PositionError> {
            self.validate()
        }
    };
}

/// The [`Strategy`](crate::core::Strategy) methods a game answers through the files of
/// the common layout: `position_hash` (`hash.rs`) and `estimate` (`eval.rs`); with
/// `learns`, also `encoding` and `encode` (`encode.rs`).
macro_rules! strategy_from_files {
    () => {
        fn position_hash(&self) -> u64 {
            self.hash_position()
        }

        fn estimate(&self) -> $crate::core::Estimate {
            eval::estimate(self)
        }
    };
    (learns) => {
        $crate::games::shared::strategy_from_files!();

        fn encoding(&self) -> Option<$crate::core::Encoding> {
            Some(self.net_encoding())
        }

        fn encode(&self, x: &mut [f32]) {
            self.net_encode(x);
        }
    };
}

pub(crate) use {game_accessors, game_info, notation_from_files, one_die, strategy_from_files};
