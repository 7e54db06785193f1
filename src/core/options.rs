//! Rule options: `key=value` words such as `koks=on` or `players=3`. Each game declares
//! its options as [`OptionSpec`]s; [`Options::parse`] checks words against them and fills
//! in defaults, so games only ever see valid values.

use std::fmt;

use super::error::OptionError;

/// What values an option takes.
#[derive(Clone, Copy, Debug)]
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
    /// The value used when the option is not given.
    pub fn default_value(&self) -> String {
        match self.kind {
            OptionKind::Choice(values) => values[0].to_string(),
            OptionKind::Number { default, .. } => default.to_string(),
        }
    }

    /// The accepted values as shown in help: `off|on` or `1..99`.
    pub fn values_text(&self) -> String {
        match self.kind {
            OptionKind::Choice(values) => values.join("|"),
            OptionKind::Number { min, max, .. } => format!("{min}..{max}"),
        }
    }

    fn check(&self, value: &str) -> Result<String, OptionError> {
        let bad = || {
            OptionError(format!(
                "{}={value} is not allowed; {} takes {}",
                self.key,
                self.key,
                self.values_text()
            ))
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
                return Err(OptionError(format!(
                    "'{word}' is not key=value{}",
                    known_keys_hint(specs)
                )));
            };
            let key = key.trim().to_ascii_lowercase();
            let spec = specs
                .iter()
                .find(|s| s.key == key)
                .ok_or_else(|| OptionError(format!("unknown option '{key}'{}", known_keys_hint(specs))))?;
            let value = spec.check(value.trim())?;
            options.set(spec.key, value);
        }
        Ok(options)
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
                let words: Vec<&str> = meanings.iter().map(|(word, _)| *word).collect();
                OptionError(format!("{key}={value} is not one of {}", words.join("|")))
            })
    }

    /// An `off|on` option as a flag (see [`Options::read`]).
    pub fn flag(&self, key: &str) -> Result<bool, OptionError> {
        self.read(key, &[("off", false), ("on", true)])
    }

    /// The value of a numeric option; an error for a key these options lack.
    pub fn number(&self, key: &str) -> Result<u32, OptionError> {
        let value = self.value(key)?;
        value
            .parse()
            .map_err(|_| OptionError(format!("{key}={value} is not a number")))
    }

    fn value(&self, key: &str) -> Result<&str, OptionError> {
        self.get(key).ok_or_else(|| {
            let keys: Vec<&str> = self.values.iter().map(|(k, _)| *k).collect();
            OptionError(format!(
                "there is no option '{key}'; the options are {}",
                if keys.is_empty() {
                    "none".to_string()
                } else {
                    keys.join(", ")
                }
            ))
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

fn known_keys_hint(specs: &[OptionSpec]) -> String {
    if specs.is_empty() {
        return "; this game has no options".to_string();
    }
    let keys: Vec<String> = specs
        .iter()
        .map(|s| format!("{}={}", s.key, s.values_text()))
        .collect();
    format!("; options are {}", keys.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            key: "koks",
            kind: OptionKind::Choice(&["off", "on"]),
            help: "",
        },
        OptionSpec {
            key: "match",
            kind: OptionKind::Number {
                min: 1,
                max: 99,
                default: 1,
            },
            help: "",
        },
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
