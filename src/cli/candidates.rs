//! The words the shells' completions offer for an argument: game ids, rule options,
//! seat assignments and players, each taken from its one source (the game list, the
//! games' option specs and seat names, the bot roster), so a new game, option or bot is
//! offered without touching this file.
//!
//! clap's completion scripts offer the possible values of an argument's value parser;
//! [`Offering`] gives an argument such values without letting them judge what may be
//! typed (a rule option's number, `engine:COMMAND`): the argument's own parser still
//! does that. The arguments hide the values from `--help`, where a list of hundreds of
//! words would bury the help text.

use std::sync::OnceLock;

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};

use crate::ai::roster::BOT_NAMES;
use crate::core::{Game, OptionKind, Options};
use crate::games::GameKind;

/// A value parser that parses as `inner` does and offers `words` to the completions.
#[derive(Clone)]
pub(super) struct Offering<P> {
    inner: P,
    words: fn() -> &'static [&'static str],
}

impl<P: TypedValueParser> TypedValueParser for Offering<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.inner.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            (self.words)().iter().map(|&word| PossibleValue::new(word)),
        ))
    }
}

/// Any text, offering `words`.
pub(super) fn text(words: fn() -> &'static [&'static str]) -> Offering<StringValueParser> {
    Offering {
        inner: StringValueParser::new(),
        words,
    }
}

/// Parsed by `inner`, offering `words`.
pub(super) fn parsed<P: TypedValueParser>(inner: P, words: fn() -> &'static [&'static str]) -> Offering<P> {
    Offering { inner, words }
}

/// Words made once, for the life of the process (the completions are printed once).
fn kept(cell: &'static OnceLock<Vec<&'static str>>, make: fn() -> Vec<String>) -> &'static [&'static str] {
    cell.get_or_init(|| {
        let mut words = make();
        words.sort();
        words.dedup();
        words
            .into_iter()
            .map(|word| &*Box::leak(word.into_boxed_str()))
            .collect()
    })
}

/// Every game's id.
pub(super) fn game_ids() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    kept(&WORDS, || {
        GameKind::ALL
            .iter()
            .map(|kind| kind.info().id.to_string())
            .collect()
    })
}

/// A number option lists every value when it has at most this many.
const MAX_LISTED_NUMBERS: u32 = 12;

/// Every rule option of every game as `KEY=VALUE`; a number option with many values
/// offers its default, smallest and largest.
pub(super) fn rule_options() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    kept(&WORDS, || {
        let mut words = Vec::new();
        for kind in GameKind::ALL {
            for spec in kind.info().options {
                match spec.kind {
                    OptionKind::Choice(values) => {
                        words.extend(values.iter().map(|value| format!("{}={value}", spec.key)));
                    }
                    OptionKind::Number { min, max, default } if max - min < MAX_LISTED_NUMBERS => {
                        let _ = default;
                        words.extend((min..=max).map(|value| format!("{}={value}", spec.key)));
                    }
                    OptionKind::Number { min, max, default } => {
                        words.extend([min, default, max].map(|value| format!("{}={value}", spec.key)));
                    }
                }
            }
        }
        words
    })
}

/// Every player as typed: `human`, each bot as `bot:NAME`, and `engine:`.
fn players() -> Vec<String> {
    std::iter::once("human".to_string())
        .chain(BOT_NAMES.iter().map(|bot| format!("bot:{bot}")))
        .chain(std::iter::once("engine:".to_string()))
        .collect()
}

/// Every bot and `engine:`, as a match's `--player` takes them.
pub(super) fn match_players() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    kept(&WORDS, || {
        players().into_iter().filter(|p| p != "human").collect()
    })
}

/// Every seat of every game at every seat count, by name and by number, as
/// `SEAT=PLAYER` for every player.
pub(super) fn seat_assignments() -> &'static [&'static str] {
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    kept(&WORDS, || {
        let mut seats: Vec<String> = Vec::new();
        for kind in GameKind::ALL {
            let info = kind.info();
            for count in info.seats.clone() {
                let words = [format!("players={count}")];
                let options =
                    Options::parse(info.options, &words).unwrap_or_else(|_| Options::defaults(info.options));
                let Ok(game) = kind.new_game(&options) else {
                    continue;
                };
                for seat in 0..game.seat_count() {
                    seats.push(game.seat_name(seat).to_string());
                    seats.push((seat + 1).to_string());
                }
            }
        }
        seats.sort();
        seats.dedup();
        let players = players();
        seats
            .iter()
            .flat_map(|seat| players.iter().map(move |player| format!("{seat}={player}")))
            .collect()
    })
}
