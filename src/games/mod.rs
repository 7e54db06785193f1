//! The five games, and [`AnyGame`]: one enum that forwards the [`Game`], [`Notation`],
//! [`Strategy`] and [`Lab`] traits to whichever game is being played, so sessions,
//! protocols and bots are written once.
//!
//! May use: [`crate::core`]. Each game's folder holds all its knowledge: rules, notation,
//! boards, its evaluation and encoder.
//!
//! Adding a game: a module implementing [`Game`], [`Notation`], [`Strategy`], [`Lab`],
//! [`NewGame`] and [`NetHead`](crate::core::NetHead) (the bots and the trainer need it;
//! `seat_net_head!` gives one output per seat), one line in the `games!` invocation
//! below; docs/internals.md has the rest of the recipe.

pub mod aeroplane;
#[cfg(test)]
pub(crate) mod fault_tests;
pub mod linear;
pub mod microbes;
pub mod mnogoboy;
pub mod nardy;
mod shared;
pub mod ur;

use crate::core::{
    Dice, DiceError, DiceSource, Estimate, Game, GameInfo, Lab, NewGame, Notation, OptionError, Options,
    Outcome, Phase, PlayError, PositionError, RollOff, Seat, SolvedTable, Strategy, SyntaxError, UnknownSeat,
    WrongPhase,
};

/// Work done on the concrete game inside an [`AnyGame`] (see [`AnyGame::visit_concrete`]):
/// implemented for every game type with a bound of the layer above (`impl<G: SomeBound>
/// ConcreteVisitor<G> for V`), so that the visit may use what that layer implements for
/// each game. The one way from an [`AnyGame`] to the concrete game.
pub trait ConcreteVisitor<G: Game> {
    /// What the visit gives back.
    type Output;

    /// Called with the concrete game and the way between it and [`AnyGame`].
    fn visit(self, game: &G, cast: &Cast<G>) -> Self::Output;
}

/// The way between one game type and [`AnyGame`]: its moves to and from [`AnyMove`],
/// and the game inside an [`AnyGame`], for work that keeps being asked about
/// [`AnyGame`]s after the visit (a bot).
pub struct Cast<G: Game> {
    /// A move of the game as an [`AnyMove`].
    pub wrap: fn(G::Move) -> AnyMove,
    /// The game's move inside an [`AnyMove`] (`None` for another game's move).
    pub unwrap: fn(&AnyMove) -> Option<&G::Move>,
    /// The game inside an [`AnyGame`] (`None` for another game).
    pub inside: fn(&AnyGame) -> Option<&G>,
    /// Why the game refused a move, as an [`AnyMoveFault`].
    pub fault: fn(G::MoveFault) -> AnyMoveFault,
}

/// Declares [`GameKind`], [`AnyGame`] and [`AnyMove`] for the listed games, and forwards
/// every trait method through one `match`, the provided ones too: a provided method left
/// out would run its default instead of the game's own (tests/all/games_forwarding.rs
/// checks every one over random positions).
macro_rules! games {
    ($($variant:ident => $module:ident :: $ty:ident),+ $(,)?) => {
        /// Which game: the tag used to pick one by name.
        ///
        /// # Example
        ///
        /// A game picked by its name, set up with rule options as `key=value` words
        /// (the others keep their defaults), and played as an [`AnyGame`]:
        ///
        /// ```
        /// use tabula::core::{Game, Options, Phase};
        /// use tabula::games::{AnyGame, GameKind};
        ///
        /// let kind = GameKind::from_id("mnogoboy")?;
        /// let options = Options::parse(kind.info().options, &["players=3"])?;
        /// let game: AnyGame = kind.new_game(&options)?;
        /// assert_eq!(game.kind(), GameKind::Mnogoboy);
        /// assert_eq!(game.seat_count(), 3);
        /// assert_ne!(game.phase(), Phase::Over);
        /// // A name tabula does not know is refused with the names it does.
        /// assert!(GameKind::from_id("chess").unwrap_err().to_string().contains("nardy"));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $(
                #[doc = concat!("The game in [`", stringify!($module), "`].")]
                $variant,
            )+
        }

        impl GameKind {
            /// Every game, in the order `tabula games` lists them.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),+];

            /// What the game is.
            pub fn info(self) -> &'static GameInfo {
                match self {
                    $(GameKind::$variant => <$module::$ty as NewGame>::game_info(),)+
                }
            }

            /// A new game of this kind with these options.
            pub fn new_game(self, options: &Options) -> Result<AnyGame, OptionError> {
                match self {
                    $(GameKind::$variant => Ok(AnyGame::$variant(<$module::$ty as NewGame>::new_game(options)?)),)+
                }
            }
        }

        /// A game of any kind: what a front end or a bot for every game holds, the
        /// [`Game`] trait forwarded to the game inside. [`GameKind::new_game`] makes one
        /// (see the example there).
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $(
                #[doc = concat!("A game of [`", stringify!($module), "`].")]
                $variant($module::$ty),
            )+
        }

        /// A move of any game (only meaningful for a game of the same kind).
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnyMove {
            $(
                #[doc = concat!("A move of [`", stringify!($module), "`].")]
                $variant(<$module::$ty as Game>::Move),
            )+
        }

        /// What the rules of any game rule out in a position string: the fault of the
        /// game whose position it was.
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        pub enum AnyPositionFault {
            $(
                #[doc = concat!("A fault of a [`", stringify!($module), "`] position.")]
                #[error(transparent)]
                $variant(<$module::$ty as Notation>::PositionFault),
            )+
        }

        impl $crate::core::RulesFault for AnyPositionFault {}

        /// Why the rules of any game refuse a move: the fault of the game it was played
        /// in, or a move of another game.
        #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
        pub enum AnyMoveFault {
            $(
                #[doc = concat!("A fault of a [`", stringify!($module), "`] move.")]
                #[error(transparent)]
                $variant(<$module::$ty as Game>::MoveFault),
            )+
            /// A move of one game played in another.
            #[error("that move belongs to another game")]
            OtherGame,
        }

        impl AnyGame {
            /// Which game this is.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$variant(_) => GameKind::$variant,)+
                }
            }

            /// Hands the concrete game inside to `visitor`, with the way between it and
            /// [`AnyGame`]: how code above the games runs generic work (a search, a bot)
            /// on the concrete type without naming any game.
            pub fn visit_concrete<V, O>(&self, visitor: V) -> O
            where
                $(V: ConcreteVisitor<$module::$ty, Output = O>,)+
            {
                match self {
                    $(AnyGame::$variant(g) => visitor.visit(g, &Cast {
                        wrap: AnyMove::$variant,
                        unwrap: |m| match m {
                            AnyMove::$variant(m) => Some(m),
                            #[allow(unreachable_patterns)]
                            _ => None,
                        },
                        inside: |game| match game {
                            AnyGame::$variant(g) => Some(g),
                            #[allow(unreachable_patterns)]
                            _ => None,
                        },
                        fault: AnyMoveFault::$variant,
                    }),)+
                }
            }
        }

        impl Game for AnyGame {
            type Move = AnyMove;
            type MoveFault = AnyMoveFault;

            fn info(&self) -> &'static GameInfo {
                match self { $(AnyGame::$variant(g) => g.info(),)+ }
            }
            fn options(&self) -> &Options {
                match self { $(AnyGame::$variant(g) => g.options(),)+ }
            }
            fn seat_count(&self) -> usize {
                match self { $(AnyGame::$variant(g) => g.seat_count(),)+ }
            }
            fn seat_name(&self, seat: Seat) -> &'static str {
                match self { $(AnyGame::$variant(g) => g.seat_name(seat),)+ }
            }
            fn find_seat(&self, seat: &str) -> Result<Seat, UnknownSeat> {
                match self { $(AnyGame::$variant(g) => g.find_seat(seat),)+ }
            }
            fn phase(&self) -> Phase {
                match self { $(AnyGame::$variant(g) => g.phase(),)+ }
            }
            fn dice(&self) -> Option<Dice> {
                match self { $(AnyGame::$variant(g) => g.dice(),)+ }
            }
            fn roll_off(&self) -> Option<RollOff> {
                match self { $(AnyGame::$variant(g) => g.roll_off(),)+ }
            }
            fn roll(&self, source: &mut dyn DiceSource) -> Dice {
                match self { $(AnyGame::$variant(g) => g.roll(source),)+ }
            }
            fn chance_outcomes(&self, out: &mut Vec<(Dice, f64)>) {
                match self { $(AnyGame::$variant(g) => g.chance_outcomes(out),)+ }
            }
            fn parse_dice(&self, values: &[u8]) -> Result<Dice, DiceError> {
                match self { $(AnyGame::$variant(g) => g.parse_dice(values),)+ }
            }
            fn set_dice(&mut self, dice: Dice) -> Result<(), WrongPhase> {
                match self { $(AnyGame::$variant(g) => g.set_dice(dice),)+ }
            }
            fn legal_moves(&self, out: &mut Vec<AnyMove>) {
                match self {
                    $(AnyGame::$variant(g) => {
                        let mut moves = Vec::new();
                        g.legal_moves(&mut moves);
                        out.extend(moves.into_iter().map(AnyMove::$variant));
                    })+
                }
            }
            fn play(&mut self, mv: &AnyMove) -> Result<(), PlayError<AnyMoveFault>> {
                match (self, mv) {
                    $((AnyGame::$variant(g), AnyMove::$variant(m)) => {
                        g.play(m).map_err(|e| e.map_fault(AnyMoveFault::$variant))
                    })+
                    #[allow(unreachable_patterns)]
                    _ => Err(crate::core::IllegalMove(AnyMoveFault::OtherGame).into()),
                }
            }
            fn play_unchecked(&mut self, mv: &AnyMove) {
                match (self, mv) {
                    $((AnyGame::$variant(g), AnyMove::$variant(m)) => g.play_unchecked(m),)+
                    #[allow(unreachable_patterns)]
                    _ => {}
                }
            }
            fn outcome(&self) -> Option<Outcome> {
                match self { $(AnyGame::$variant(g) => g.outcome(),)+ }
            }
            fn resign(&mut self, seat: Seat) -> crate::core::Resignation {
                match self { $(AnyGame::$variant(g) => g.resign(seat),)+ }
            }
            fn most_points(&self) -> u32 {
                match self { $(AnyGame::$variant(g) => g.most_points(),)+ }
            }
            fn big_wins(&self) -> &'static [(&'static str, u32)] {
                match self { $(AnyGame::$variant(g) => g.big_wins(),)+ }
            }
            fn forfeit(&self, seat: Seat) -> Outcome {
                match self { $(AnyGame::$variant(g) => g.forfeit(seat),)+ }
            }
            fn scores_points(&self) -> bool {
                match self { $(AnyGame::$variant(g) => g.scores_points(),)+ }
            }
        }

        impl Notation for AnyGame {
            type PositionFault = AnyPositionFault;

            fn parse_move(&self, text: &str) -> Result<AnyMove, SyntaxError> {
                match self { $(AnyGame::$variant(g) => g.parse_move(text).map(AnyMove::$variant),)+ }
            }
            fn format_move(&self, mv: &AnyMove) -> String {
                match (self, mv) {
                    $((AnyGame::$variant(g), AnyMove::$variant(m)) => g.format_move(m),)+
                    #[allow(unreachable_patterns)]
                    _ => String::from("?"),
                }
            }
            fn describe_move(&self, mv: &AnyMove) -> String {
                match (self, mv) {
                    $((AnyGame::$variant(g), AnyMove::$variant(m)) => g.describe_move(m),)+
                    #[allow(unreachable_patterns)]
                    _ => String::from("?"),
                }
            }
            fn render(&self) -> String {
                match self { $(AnyGame::$variant(g) => g.render(),)+ }
            }
            fn render_compact(&self) -> String {
                match self { $(AnyGame::$variant(g) => g.render_compact(),)+ }
            }
            fn position_string(&self) -> String {
                match self { $(AnyGame::$variant(g) => g.position_string(),)+ }
            }
            fn read_position(&self, text: &str) -> Result<AnyGame, PositionError<AnyPositionFault>> {
                match self {
                    $(AnyGame::$variant(g) => g
                        .read_position(text)
                        .map(AnyGame::$variant)
                        .map_err(|e| e.map_rules(AnyPositionFault::$variant)),)+
                }
            }
            fn check_position(&self) -> Result<(), PositionError<AnyPositionFault>> {
                match self {
                    $(AnyGame::$variant(g) => g.check_position().map_err(|e| e.map_rules(AnyPositionFault::$variant)),)+
                }
            }
            fn narrate(&self, before: &AnyGame) -> Vec<String> {
                match (self, before) {
                    $((AnyGame::$variant(g), AnyGame::$variant(b)) => g.narrate(b),)+
                    #[allow(unreachable_patterns)]
                    _ => Vec::new(),
                }
            }
        }

        impl Strategy for AnyGame {
            fn evaluate(&self, seat: Seat) -> f64 {
                match self { $(AnyGame::$variant(g) => g.evaluate(seat),)+ }
            }
            fn estimate(&self) -> Estimate {
                match self { $(AnyGame::$variant(g) => g.estimate(),)+ }
            }
            fn position_hash(&self) -> u64 {
                match self { $(AnyGame::$variant(g) => g.position_hash(),)+ }
            }
            fn equity_bounds(&self) -> (f64, f64) {
                match self { $(AnyGame::$variant(g) => g.equity_bounds(),)+ }
            }
            fn best_bot(&self) -> crate::core::BotLevel {
                match self { $(AnyGame::$variant(g) => g.best_bot(),)+ }
            }
            fn deepest_net_level(&self) -> Option<u8> {
                match self { $(AnyGame::$variant(g) => g.deepest_net_level(),)+ }
            }
            fn encoding(&self) -> Option<crate::core::Encoding> {
                match self { $(AnyGame::$variant(g) => g.encoding(),)+ }
            }
            fn encode(&self, x: &mut [f32]) {
                match self { $(AnyGame::$variant(g) => g.encode(x),)+ }
            }
            fn adjudicate(&self) -> Option<crate::core::Adjudication> {
                match self { $(AnyGame::$variant(g) => g.adjudicate(),)+ }
            }
            fn playout_moves(&self) -> u32 {
                match self { $(AnyGame::$variant(g) => g.playout_moves(),)+ }
            }
        }

        impl Lab for AnyGame {
            fn position_kind(&self) -> &'static str {
                match self { $(AnyGame::$variant(g) => g.position_kind(),)+ }
            }
            fn benchmark_set(&self) -> Option<&'static str> {
                match self { $(AnyGame::$variant(g) => g.benchmark_set(),)+ }
            }
            fn solved_tables(&self) -> &'static [SolvedTable] {
                match self { $(AnyGame::$variant(g) => g.solved_tables(),)+ }
            }
            fn solved_table(&self) -> Option<SolvedTable> {
                match self { $(AnyGame::$variant(g) => g.solved_table(),)+ }
            }
            fn solved_index(&self) -> Option<u64> {
                match self { $(AnyGame::$variant(g) => g.solved_index(),)+ }
            }
        }
    };
}

impl GameKind {
    /// The game a command plays when it names none.
    pub const DEFAULT: GameKind = GameKind::Nardy;

    /// A new game of this kind with every option at its default.
    pub fn default_game(self) -> AnyGame {
        self.new_game(&Options::defaults(self.info().options))
            .expect("default options are always valid")
    }
}

games! {
    Nardy => nardy::Nardy,
    Ur => ur::Ur,
    Aeroplane => aeroplane::Aeroplane,
    Microbes => microbes::Microbes,
    Mnogoboy => mnogoboy::Mnogoboy,
}

impl GameKind {
    /// The game with this id (`nardy`), or an error that lists the games.
    pub fn from_id(id: &str) -> Result<GameKind, UnknownGame> {
        let wanted = id.trim().to_ascii_lowercase();
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.info().id == wanted)
            .ok_or_else(|| UnknownGame { name: id.to_string() })
    }
}

/// A game name that is none of tabula's games. Shown, it names the nearest game and
/// lists them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame {
    /// The name as given.
    pub name: String,
}

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ids: Vec<&str> = GameKind::ALL.iter().map(|k| k.info().id).collect();
        let wanted = self.name.trim().to_ascii_lowercase();
        let hint = crate::core::nearest::nearest_word(&wanted, ids.iter().copied())
            .map(|near| format!(" (did you mean '{near}'?)"))
            .unwrap_or_default();
        write!(
            f,
            "unknown game '{}'{hint}; the games are {}",
            self.name,
            ids.join(", ")
        )
    }
}

impl std::error::Error for UnknownGame {}
