//! Rule options: `key=value` words such as `koks=on` or `players=3`. Each game declares
//! its options as [`OptionSpec`]s; [`Options::parse`] checks words against them and fills
//! in defaults, so games only ever see valid values.

use std::fmt;

use thiserror::Error;

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of these words; the first is the default.
    Choice(&'static [&'static str]),
    /// A whole number in `min..=max`.
    Number {
        /// Smallest accepted value.
        min: u32,
        /// Largest accepted value.
        max: u32,
        /// Value when the option is not given.
        default: u32,
    },
}

impl OptionKind {
    /// The accepted values as shown in help: `off|on` or `1..99`.
    pub fn values_text(&self) -> String {
        match *self {
            OptionKind::Choice(values) => values.join("|"),
            OptionKind::Number { min, max, .. } => format!("{min}..{max}"),
        }
    }
}

/// One rule option a game accepts.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The key, as typed: `koks`.
    pub key: &'static str,
    /// Accepted values.
    pub kind: OptionKind,
    /// One line saying what it does.
    pub help: &'static str,
}

impl OptionSpec {
    /// An option taking one of `values`, the first its default.
    pub const fn choice(
        key: &'static str,
        values: &'static [&'static str],
        help: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            key,
            kind: OptionKind::Choice(values),
            help,
        }
    }

    /// An option taking a whole number in `min..=max`, `default` when not given.
    pub const fn number(
        key: &'static str,
        (min, max, default): (u32, u32, u32),
        help: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            key,
            kind: OptionKind::Number { min, max, default },
            help,
        }
    }

    /// The value used when the option is not given.
    pub fn default_value(&self) -> String {
        match self.kind {
            OptionKind::Choice(values) => values[0].to_string(),
            OptionKind::Number { default, .. } => default.to_string(),
        }
    }

    /// The accepted values as shown in help: `off|on` or `1..99`.
    pub fn values_text(&self) -> String {
        self.kind.values_text()
    }

    fn check(&self, value: &str) -> Result<String, OptionError> {
        let bad = || {
            OptionError(OptionMistake::NotAllowed {
                key: self.key,
                value: value.to_string(),
                kind: self.kind,
            })
        };
        match self.kind {
            OptionKind::Choice(values) => values
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .map(|v| v.to_string())
                .ok_or_else(bad),
            OptionKind::Number { min, max, .. } => match value.parse::<u32>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                _ => Err(bad()),
            },
        }
    }
}

/// A complete, validated set of option values for one game (every key present).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Options {
    values: Vec<(&'static str, String)>,
}

impl Options {
    /// Checks `key=value` words against `specs`; keys not given take their defaults.
    /// A later word overrides an earlier one with the same key.
    pub fn parse<S: AsRef<str>>(specs: &[OptionSpec], words: &[S]) -> Result<Options, OptionError> {
        let mut options = Options::defaults(specs);
        for word in words {
            let word = word.as_ref();
            let Some((key, value)) = word.split_once('=') else {
                return Err(OptionError(OptionMistake::NotKeyValue {
                    word: word.to_string(),
                    known: known_options(specs),
                }));
            };
            let key = key.trim().to_ascii_lowercase();
            let spec = specs.iter().find(|s| s.key == key).ok_or_else(|| {
                OptionError(OptionMistake::Unknown {
                    key: key.clone(),
                    known: known_options(specs),
                })
            })?;
            let value = spec.check(value.trim())?;
            options.set(spec.key, value);
        }
        Ok(options)
    }

    /// These options checked again against `specs`, as a game made from options that
    /// were given for it reads them: a key `specs` lacks or a value it refuses is an error,
    /// and its keys not given take their defaults.
    pub fn checked_against(&self, specs: &[OptionSpec]) -> Result<Options, OptionError> {
        Options::parse(specs, &self.to_string().split_whitespace().collect::<Vec<_>>())
    }

    /// Every option at its default.
    pub fn defaults(specs: &[OptionSpec]) -> Options {
        Options {
            values: specs.iter().map(|s| (s.key, s.default_value())).collect(),
        }
    }

    fn set(&mut self, key: &'static str, value: String) {
        match self.values.iter_mut().find(|(k, _)| *k == key) {
            Some(slot) => slot.1 = value,
            None => self.values.push((key, value)),
        }
    }

    /// The value of `key`, or `None` if the game has no such option.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    }

    /// What the value of `key` means to a game: `meanings` pairs each value the option
    /// takes with it. A key these options lack, or a value missing from `meanings`, is an
    /// error that names it, so a game reading its rules with a misspelt key or value fails
    /// when it is made instead of reading a default.
    pub fn read<T: Copy>(&self, key: &str, meanings: &[(&str, T)]) -> Result<T, OptionError> {
        let value = self.value(key)?;
        meanings
            .iter()
            .find(|(word, _)| *word == value)
            .map(|(_, meaning)| *meaning)
            .ok_or_else(|| {
                OptionError(OptionMistake::NoMeaning {
                    key: key.to_string(),
                    value: value.to_string(),
                    meanings: meanings.iter().map(|(word, _)| word.to_string()).collect(),
                })
            })
    }

    /// An `off|on` option as a flag (see [`Options::read`]).
    pub fn flag(&self, key: &str) -> Result<bool, OptionError> {
        self.read(key, &[("off", false), ("on", true)])
    }

    /// The value of a numeric option; an error for a key these options lack.
    pub fn number(&self, key: &str) -> Result<u32, OptionError> {
        let value = self.value(key)?;
        value.parse().map_err(|_| {
            OptionError(OptionMistake::NotANumber {
                key: key.to_string(),
                value: value.to_string(),
            })
        })
    }

    fn value(&self, key: &str) -> Result<&str, OptionError> {
        self.get(key).ok_or_else(|| {
            OptionError(OptionMistake::NoSuchKey {
                key: key.to_string(),
                keys: self.values.iter().map(|(k, _)| *k).collect(),
            })
        })
    }

    /// The options that differ from their defaults, as `key=value` words.
    pub fn non_default(&self, specs: &[OptionSpec]) -> Vec<String> {
        self.values
            .iter()
            .filter(|(k, v)| specs.iter().any(|s| s.key == *k && s.default_value() != *v))
            .map(|(k, v)| format!("{k}={v}"))
            .collect()
    }
}

/// All options as `key=value` words.
impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.values.iter().map(|(k, v)| format!("{k}={v}")).collect();
        f.write_str(&words.join(" "))
    }
}

/// The options of a game and the values each takes, for a message naming them.
fn known_options(specs: &[OptionSpec]) -> Vec<(&'static str, OptionKind)> {
    specs.iter().map(|spec| (spec.key, spec.kind)).collect()
}

/// A `key=value` rule option that this game does not know or does not accept.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad option: {0}")]
pub struct OptionError(pub OptionMistake);

/// What is wrong with rule options.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionMistake {
    /// A word without `=`.
    #[error("'{word}' is not key=value{}", known_keys_hint(.known))]
    NotKeyValue {
        /// The word as written.
        word: String,
        /// The game's options and the values each takes.
        known: Vec<(&'static str, OptionKind)>,
    },
    /// A key the game does not have.
    #[error("unknown option '{key}'{}", known_keys_hint(.known))]
    Unknown {
        /// The key as written (lower case).
        key: String,
        /// The game's options and the values each takes.
        known: Vec<(&'static str, OptionKind)>,
    },
    /// A value the option does not take.
    #[error("{key}={value} is not allowed; {key} takes {}", .kind.values_text())]
    NotAllowed {
        /// The option.
        key: &'static str,
        /// The value as written.
        value: String,
        /// The values it takes.
        kind: OptionKind,
    },
    /// A game reading its rules met a value it gives no meaning.
    #[error("{key}={value} is not one of {}", .meanings.join("|"))]
    NoMeaning {
        /// The option.
        key: String,
        /// Its value.
        value: String,
        /// The values the game reads.
        meanings: Vec<String>,
    },
    /// A game reading a numeric option met a value that is no number.
    #[error("{key}={value} is not a number")]
    NotANumber {
        /// The option.
        key: String,
        /// Its value.
        value: String,
    },
    /// A game reading its rules asked for a key its options lack.
    #[error(
        "there is no option '{key}'; the options are {}",
        if .keys.is_empty() { "none".to_string() } else { .keys.join(", ") }
    )]
    NoSuchKey {
        /// The key asked for.
        key: String,
        /// The keys the options have.
        keys: Vec<&'static str>,
    },
}

fn known_keys_hint(known: &[(&'static str, OptionKind)]) -> String {
    if known.is_empty() {
        return "; this game has no options".to_string();
    }
    let keys: Vec<String> = known
        .iter()
        .map(|(key, kind)| format!("{key}={}", kind.values_text()))
        .collect();
    format!("; options are {}", keys.join(", "))
}

impl From<OptionMistake> for OptionError {
    fn from(mistake: OptionMistake) -> Self {
        OptionError(mistake)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec::choice("koks", &["off", "on"], ""),
        OptionSpec::number("match", (1, 99, 1), ""),
    ];

    #[test]
    fn defaults_fill_missing_keys() {
        let options = Options::parse::<&str>(SPECS, &[]).unwrap();
        assert_eq!(options.get("koks"), Some("off"));
        assert_eq!(options.number("match"), Ok(1));
    }

    #[test]
    fn values_are_checked_and_normalised() {
        let options = Options::parse(SPECS, &["KOKS=On", "match=7"]).unwrap();
        assert_eq!(options.get("koks"), Some("on"));
        assert_eq!(options.number("match"), Ok(7));
        assert_eq!(options.non_default(SPECS), vec!["koks=on", "match=7"]);
    }

    #[test]
    fn bad_words_say_what_is_accepted() {
        let err = Options::parse(SPECS, &["koks=maybe"]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "bad option: koks=maybe is not allowed; koks takes off|on"
        );
        let err = Options::parse(SPECS, &["match=0"]).unwrap_err();
        assert!(err.to_string().contains("1..99"));
        let err = Options::parse(SPECS, &["cube=on"]).unwrap_err();
        assert!(
            err.to_string()
                .contains("unknown option 'cube'; options are koks=off|on")
        );
        let err = Options::parse(SPECS, &["koks"]).unwrap_err();
        assert!(err.to_string().contains("not key=value"));
    }

    #[test]
    fn rules_read_with_an_unknown_key_or_value_fail() {
        let options = Options::parse(SPECS, &["koks=on"]).unwrap();
        assert_eq!(options.flag("koks"), Ok(true));
        assert_eq!(options.get("kok"), None);
        assert_eq!(
            options.flag("kok").unwrap_err().to_string(),
            "bad option: there is no option 'kok'; the options are koks, match"
        );
        assert!(options.number("matches").is_err());
        assert_eq!(
            options
                .read("koks", &[("off", 0), ("yes", 1)])
                .unwrap_err()
                .to_string(),
            "bad option: koks=on is not one of off|yes"
        );
        assert!(options.number("koks").is_err());
    }
}
