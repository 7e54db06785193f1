//! Dice: the values of one roll, the sources that produce them, and what is wrong with
//! dice a person typed (kept here rather than with the other errors, which name a roll).
//!
//! Rules code never draws random numbers itself: a game asks a [`DiceSource`] for single
//! die throws and turns them into its own kind of roll. The seeded source uses ChaCha8
//! with a die mapping defined here, so a seed replays the same dice on every platform and
//! across crate updates.

use std::collections::VecDeque;
use std::fmt;

use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use rand_chacha::rand_core::{Rng, SeedableRng};

/// The values of one roll: up to four dice, in the order thrown.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dice {
    values: [u8; 4],
    len: u8,
}

impl Dice {
    /// Dice with the given values (at most four; extra values are ignored).
    pub fn new(values: &[u8]) -> Dice {
        let mut dice = Dice {
            values: [0; 4],
            len: 0,
        };
        for &value in values.iter().take(4) {
            dice.values[dice.len as usize] = value;
            dice.len += 1;
        }
        dice
    }

    /// One die.
    pub fn single(value: u8) -> Dice {
        Dice::new(&[value])
    }

    /// The values, in the order thrown.
    pub fn values(&self) -> &[u8] {
        &self.values[..self.len as usize]
    }

    /// True for two or more dice that all show the same value.
    pub fn is_double(&self) -> bool {
        self.len >= 2 && self.values().iter().all(|&v| v == self.values[0])
    }

    /// The sum of the values.
    pub fn sum(&self) -> u32 {
        self.values().iter().map(|&v| u32::from(v)).sum()
    }

    /// Reads dice a person typed for a game thrown with `count` dice of `faces` faces
    /// (`game` names it in the message): each value must be in `1..=faces`.
    pub fn parse_plain(
        values: &[u8],
        count: usize,
        faces: u8,
        game: &'static str,
    ) -> Result<Dice, DiceError> {
        if values.len() != count {
            return Err(DiceError(DiceMistake::Count {
                game,
                dice: count,
                got: values.len(),
            }));
        }
        if let Some(&value) = values.iter().find(|v| !(1..=faces).contains(*v)) {
            return Err(DiceError(if count == 1 {
                DiceMistake::Face { faces, value }
            } else {
                DiceMistake::Faces { faces }
            }));
        }
        Ok(Dice::new(values))
    }

    /// The value of a single die in `1..=faces`, or `None` for any other roll.
    pub fn single_value(&self, faces: u8) -> Option<u8> {
        match self.values() {
            [value] if (1..=faces).contains(value) => Some(*value),
            _ => None,
        }
    }

    /// The values separated by spaces, as the `dice` command takes them: `6 3`.
    pub fn to_args(&self) -> String {
        let words: Vec<String> = self.values().iter().map(u8::to_string).collect();
        words.join(" ")
    }
}

/// Human form: `6-3`, or `4` for a single die.
/// One die's value as the roll it is, so that a roll kept as a plain value can be named
/// like any other.
impl From<u8> for Dice {
    fn from(value: u8) -> Dice {
        Dice::single(value)
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.values().iter().map(u8::to_string).collect();
        f.write_str(&words.join("-"))
    }
}

/// Pushes the rolls of one fair die with `faces` faces, each `1/faces`.
pub fn one_die_outcomes(faces: u8, out: &mut Vec<(Dice, f64)>) {
    let p = 1.0 / f64::from(faces);
    out.extend((1..=faces).map(|face| (Dice::single(face), p)));
}

/// Pushes the 21 distinct rolls of two six-sided dice, higher die first: doubles at
/// 1/36, the others at 2/36.
pub fn two_dice_outcomes(out: &mut Vec<(Dice, f64)>) {
    for high in 1..=6u8 {
        for low in 1..=high {
            let p = if high == low { 1.0 / 36.0 } else { 2.0 / 36.0 };
            out.push((Dice::new(&[high, low]), p));
        }
    }
}

/// Where dice come from. Games call [`DiceSource::throw`] once per physical die.
pub trait DiceSource: Send {
    /// Throws one fair die with `faces` faces and returns a value in `1..=faces`.
    fn throw(&mut self, faces: u8) -> u8;
}

/// A reproducible source: ChaCha8 keyed by a 64-bit seed.
#[derive(Clone, Debug)]
pub struct SeededDice {
    seed: u64,
    rng: ChaCha8Rng,
}

impl SeededDice {
    /// A source that replays the same throws for the same seed.
    pub fn new(seed: u64) -> SeededDice {
        SeededDice {
            seed,
            rng: ChaCha8Rng::from_seed(expand_seed(seed)),
        }
    }

    /// The seed this source was made from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How far the stream has been read (in 32-bit words), for [`SeededDice::resume`].
    pub fn position(&self) -> u128 {
        self.rng.get_word_pos()
    }

    /// The source for `seed`, continued from a [`SeededDice::position`].
    pub fn resume(seed: u64, position: u128) -> SeededDice {
        let mut dice = SeededDice::new(seed);
        dice.rng.set_word_pos(position);
        dice
    }

    /// A uniformly distributed number below `bound` (which must be non-zero).
    pub fn below(&mut self, bound: u32) -> u32 {
        uniform_below(&mut self.rng, bound)
    }
}

impl DiceSource for SeededDice {
    fn throw(&mut self, faces: u8) -> u8 {
        let faces = faces.max(1);
        // `faces` is at most 255, so the value always fits back into a u8.
        (uniform_below(&mut self.rng, u32::from(faces)) + 1) as u8
    }
}

/// Spreads a 64-bit seed over ChaCha's 256-bit key with SplitMix64, a fixed mapping of our
/// own (not the `rand` crate's, which may change between releases).
pub fn expand_seed(seed: u64) -> [u8; 32] {
    let mut state = seed;
    let mut key = [0u8; 32];
    for chunk in key.chunks_mut(8) {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        chunk.copy_from_slice(&z.to_le_bytes());
    }
    key
}

/// Unbiased draw in `0..bound` by rejection: our own, so the stream never changes.
fn uniform_below(rng: &mut ChaCha8Rng, bound: u32) -> u32 {
    let bound = bound.max(1);
    let zone = u32::MAX - (u32::MAX - bound + 1) % bound;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % bound;
        }
    }
}

/// A source that first hands out fixed values, then falls back to a seeded source.
/// Used by tests and by records that replay known dice.
#[derive(Clone, Debug)]
pub struct ScriptedDice {
    queue: VecDeque<u8>,
    fallback: SeededDice,
}

impl ScriptedDice {
    /// Throws that return `values` in order (each clamped into the die's range), then
    /// continue with seed 0.
    pub fn new(values: &[u8]) -> ScriptedDice {
        ScriptedDice {
            queue: values.iter().copied().collect(),
            fallback: SeededDice::new(0),
        }
    }

    /// How many scripted values are left.
    pub fn remaining(&self) -> usize {
        self.queue.len()
    }
}

impl DiceSource for ScriptedDice {
    fn throw(&mut self, faces: u8) -> u8 {
        match self.queue.pop_front() {
            Some(value) => value.clamp(1, faces.max(1)),
            None => self.fallback.throw(faces),
        }
    }
}

/// Dice values that this game's dice cannot show.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad dice: {0}")]
pub struct DiceError(pub DiceMistake);

/// What is wrong with typed dice values.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DiceMistake {
    /// Not as many values as the game throws dice.
    #[error(
        "{game} is played with {}, like '{}' (got {got} value{})",
        if *.dice == 1 { "one die" } else { "two dice" },
        if *.dice == 1 { "dice 4" } else { "dice 6 3" },
        if *.got == 1 { "" } else { "s" }
    )]
    Count {
        /// The game's id.
        game: &'static str,
        /// How many dice it throws (one or two).
        dice: usize,
        /// How many values were given.
        got: usize,
    },
    /// A single die's value off its faces.
    #[error("the die shows 1 to {faces}, not {value}")]
    Face {
        /// Faces of the die.
        faces: u8,
        /// The value given.
        value: u8,
    },
    /// A value off the faces among several dice.
    #[error("each die shows 1 to {faces}")]
    Faces {
        /// Faces of each die.
        faces: u8,
    },
    /// More or fewer than one value while the roll-off decides who starts.
    #[error("the roll-off that decides who starts is one die each, like 'dice 4' (got {got} values)")]
    RollOffCount {
        /// How many values were given.
        got: usize,
    },
    /// A total the rule set's dice cannot throw.
    #[error("{value} is not a roll in {rules}; the roll is {roll}")]
    NotARoll {
        /// The value given.
        value: u8,
        /// The rule set's name.
        rules: &'static str,
        /// What the roll is, in words: `one tetrahedral die: 1 to 4`.
        roll: &'static str,
    },
    /// Not exactly one value for a game whose roll is one number.
    #[error("{game} takes one number, the roll, like 'dice 3' ({roll}); got {got} values")]
    OneNumber {
        /// The game's id.
        game: &'static str,
        /// What the roll is, in words.
        roll: &'static str,
        /// How many values were given.
        got: usize,
    },
}

impl From<DiceMistake> for DiceError {
    fn from(mistake: DiceMistake) -> Self {
        DiceError(mistake)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_dice_replay_the_same_stream() {
        let mut a = SeededDice::new(42);
        let mut b = SeededDice::new(42);
        let xs: Vec<u8> = (0..100).map(|_| a.throw(6)).collect();
        let ys: Vec<u8> = (0..100).map(|_| b.throw(6)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&v| (1..=6).contains(&v)));
    }

    #[test]
    fn seeded_stream_is_pinned() {
        // If this fails, every recorded seed in the world replays different dice.
        let mut dice = SeededDice::new(1);
        let throws: Vec<u8> = (0..12).map(|_| dice.throw(6)).collect();
        assert_eq!(throws, PINNED_SEED_1);
    }

    const PINNED_SEED_1: [u8; 12] = [3, 1, 4, 2, 1, 3, 5, 3, 1, 2, 5, 1];

    #[test]
    fn a_resumed_stream_continues_where_it_stopped() {
        let mut dice = SeededDice::new(5);
        for _ in 0..7 {
            dice.throw(6);
        }
        let mut resumed = SeededDice::resume(5, dice.position());
        let rest: Vec<u8> = (0..20).map(|_| dice.throw(6)).collect();
        let again: Vec<u8> = (0..20).map(|_| resumed.throw(6)).collect();
        assert_eq!(rest, again);
    }

    #[test]
    fn every_face_comes_up_about_equally() {
        let mut dice = SeededDice::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[usize::from(dice.throw(6) - 1)] += 1;
        }
        for count in counts {
            assert!((9_000..11_000).contains(&count), "{counts:?}");
        }
    }

    #[test]
    fn scripted_dice_come_first_then_the_fallback() {
        let mut dice = ScriptedDice::new(&[6, 6, 9]);
        assert_eq!(dice.throw(6), 6);
        assert_eq!(dice.throw(6), 6);
        assert_eq!(dice.throw(6), 6, "out-of-range values are clamped");
        assert_eq!(dice.remaining(), 0);
        assert!((1..=6).contains(&dice.throw(6)));
    }

    #[test]
    fn typed_dice_are_checked_against_the_game_s_dice() {
        assert_eq!(Dice::parse_plain(&[6, 3], 2, 6, "nardy"), Ok(Dice::new(&[6, 3])));
        assert_eq!(
            Dice::parse_plain(&[7, 1], 2, 6, "nardy")
                .unwrap_err()
                .0
                .to_string(),
            "each die shows 1 to 6"
        );
        assert_eq!(
            Dice::parse_plain(&[6], 2, 6, "nardy").unwrap_err().0.to_string(),
            "nardy is played with two dice, like 'dice 6 3' (got 1 value)"
        );
        assert_eq!(
            Dice::parse_plain(&[9], 1, 6, "microbes")
                .unwrap_err()
                .0
                .to_string(),
            "the die shows 1 to 6, not 9"
        );
        assert_eq!(
            Dice::parse_plain(&[1, 2], 1, 6, "microbes")
                .unwrap_err()
                .0
                .to_string(),
            "microbes is played with one die, like 'dice 4' (got 2 values)"
        );
        assert_eq!(Dice::single(4).single_value(6), Some(4));
        assert_eq!(Dice::single(7).single_value(6), None);
        assert_eq!(Dice::new(&[1, 2]).single_value(6), None);
    }

    #[test]
    fn dice_display_and_doubles() {
        assert_eq!(Dice::new(&[6, 3]).to_string(), "6-3");
        assert_eq!(Dice::new(&[6, 3]).to_args(), "6 3");
        assert!(Dice::new(&[4, 4]).is_double());
        assert!(!Dice::single(4).is_double());
    }
}
