//! The join code: a number and two words (`7-crossover-clockwork`), new for every game,
//! drawn from the operating system's randomness. The number names the game at a relay
//! (its nameplate); the whole code keys the password-authenticated key exchange, so it
//! is the secret a person reads out to the other player.
//!
//! The words are the PGP word list (`words.txt`: 256 two-syllable words, then 256
//! three-syllable ones), chosen because they are hard to mishear: the first word comes
//! from the first half, the second from the second half.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The word list: 512 words, one a line.
const WORDS: &str = include_str!("words.txt");

/// The largest number a code starts with.
pub const MAX_NUMBER: u16 = 999;

/// A join code: the nameplate number and two words (indexes into the two halves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JoinCode {
    number: u16,
    words: [u8; 2],
}

/// Why a typed code is not a join code.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CodeError {
    /// Not three parts joined by `-`.
    #[error("'{typed}' is not a join code: it has a number and two words, like 7-crossover-clockwork")]
    Shape {
        /// What was typed (escaped).
        typed: String,
    },
    /// The number is not 1 to 999.
    #[error(
        "'{part}' is not the code's number: it is a number from 1 to {MAX_NUMBER}, like the 7 of 7-crossover-clockwork"
    )]
    Number {
        /// The first part as typed (escaped).
        part: String,
    },
    /// A word is not in its half of the word list.
    #[error(
        "'{word}' is not one of the code's words: check its spelling in the join command the host printed"
    )]
    Word {
        /// The word as typed (escaped).
        word: String,
    },
}

/// The two halves of the word list.
fn halves() -> (Vec<&'static str>, Vec<&'static str>) {
    let words: Vec<&str> = WORDS.lines().collect();
    let (first, second) = words.split_at(256);
    (first.to_vec(), second.to_vec())
}

impl JoinCode {
    /// A new code from the operating system's randomness.
    pub fn random() -> std::io::Result<JoinCode> {
        let mut bytes = [0u8; 4];
        super::os_random(&mut bytes)?;
        // Rejection keeps the number uniform over 1..=999, as for any die.
        let mut number = u16::from_be_bytes([bytes[0], bytes[1]]);
        while number >= 65_000 {
            let mut again = [0u8; 2];
            super::os_random(&mut again)?;
            number = u16::from_be_bytes(again);
        }
        Ok(JoinCode {
            number: number % MAX_NUMBER + 1,
            words: [bytes[2], bytes[3]],
        })
    }

    /// The code's number: the nameplate a relay pairs on.
    pub fn number(&self) -> u16 {
        self.number
    }

    /// The bytes that key the key exchange: the whole code as written.
    pub fn secret(&self) -> Vec<u8> {
        self.to_string().into_bytes()
    }
}

impl fmt::Display for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (first, second) = halves();
        write!(
            f,
            "{}-{}-{}",
            self.number,
            first[usize::from(self.words[0])],
            second[usize::from(self.words[1])]
        )
    }
}

impl FromStr for JoinCode {
    type Err = CodeError;

    /// Reads a code as typed: case and surrounding blanks do not matter.
    fn from_str(typed: &str) -> Result<JoinCode, CodeError> {
        let lower = typed.trim().to_ascii_lowercase();
        let parts: Vec<&str> = lower.split('-').collect();
        let [number, one, two] = parts.as_slice() else {
            return Err(CodeError::Shape {
                typed: super::wire::escape(typed, 60),
            });
        };
        let number = number
            .parse::<u16>()
            .ok()
            .filter(|n| (1..=MAX_NUMBER).contains(n))
            .ok_or_else(|| CodeError::Number {
                part: super::wire::escape(number, 20),
            })?;
        let (first, second) = halves();
        let find = |list: &[&str], word: &str| {
            list.iter()
                .position(|w| *w == word)
                .map(|i| i as u8)
                .ok_or_else(|| CodeError::Word {
                    word: super::wire::escape(word, 30),
                })
        };
        Ok(JoinCode {
            number,
            words: [find(&first, one)?, find(&second, two)?],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_list_has_two_halves_of_distinct_words() {
        let (first, second) = halves();
        let mut all: Vec<&str> = first.iter().chain(&second).copied().collect();
        assert_eq!(all.len(), 512);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 512);
        assert!(all.iter().all(|w| w.bytes().all(|b| b.is_ascii_lowercase())));
    }

    #[test]
    fn a_code_reads_back_as_written() {
        for _ in 0..50 {
            let code = JoinCode::random().unwrap();
            let text = code.to_string();
            assert_eq!(text.parse::<JoinCode>(), Ok(code));
            assert_eq!(text.to_uppercase().parse::<JoinCode>(), Ok(code));
            assert!((1..=MAX_NUMBER).contains(&code.number()));
        }
    }

    #[test]
    fn codes_differ_from_game_to_game() {
        let codes: std::collections::HashSet<String> =
            (0..20).map(|_| JoinCode::random().unwrap().to_string()).collect();
        assert!(codes.len() > 15, "{codes:?}");
    }

    #[test]
    fn bad_codes_say_what_is_wrong() {
        let shape = "7-aardvark".parse::<JoinCode>().unwrap_err();
        assert!(matches!(shape, CodeError::Shape { .. }), "{shape}");
        let number = "0-aardvark-adroitness".parse::<JoinCode>().unwrap_err();
        assert!(matches!(number, CodeError::Number { .. }), "{number}");
        let word = "7-aardvark-zebra".parse::<JoinCode>().unwrap_err();
        assert_eq!(word.to_string().split('\'').nth(1), Some("zebra"));
        // A word from the wrong half is not taken: the halves tell a swap apart.
        let swapped = "7-adroitness-aardvark".parse::<JoinCode>().unwrap_err();
        assert!(matches!(swapped, CodeError::Word { .. }));
        let control = "7-aard\u{1b}[2J-x".parse::<JoinCode>().unwrap_err();
        assert!(!control.to_string().contains('\u{1b}'));
    }
}
