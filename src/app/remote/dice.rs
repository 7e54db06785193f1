//! Dice that no side of a remote game can bend or foresee.
//!
//! Each side draws a secret from the operating system and builds a hash chain from it:
//! `x_N = secret`, `x_(i-1) = SHA-256(x_i)`. Before the first throw every side sends its
//! commitment `x_0`; throw `r` (counting every single die thrown in the game, the
//! roll-off included, from 1) then takes each side's `x_r`, which anyone checks by
//! `SHA-256(x_r) == x_(r-1)`. Nobody can find an `x_r` that hashes to a value already
//! sent, so no side can change its part after seeing the others', and nobody can work
//! out another side's `x_r` from the values sent so far.
//!
//! The value of throw `r` is `R_r = SHA-256("tabula-dice-v1" || context || r || x_r of
//! side 0 || x_r of side 1 || ...)`, with `r` as 8 bytes big-endian and `context =
//! SHA-256(game line || 0x00 || every commitment in side order)`. A die of `f` faces
//! reads the bytes of `R_r`, then of `SHA-256(R_r || k)` for `k = 1, 2, ...` (`k` as 8
//! bytes big-endian) if it needs more, one at a time: a byte `b` is taken when
//! `b < 256 - (256 mod f)`, and the face is `b mod f + 1`. Every face is then exactly as
//! likely as every other: a plain `b mod f` would favour the low faces.
//!
//! Everything here is pure but [`Chain::generate`], which asks the operating system for
//! the secret.

use std::collections::VecDeque;
use std::fmt;

use sha2::{Digest as _, Sha256};

use crate::core::DiceSource;

/// The words every throw's value starts with, so that these hashes never equal a hash
/// made for anything else.
pub const DOMAIN: &[u8] = b"tabula-dice-v1";

/// How many throws a chain made by [`Chain::generate`] holds: far more than any game
/// throws (a long game of Long Nardy throws a few hundred dice).
pub const CHAIN_LENGTH: u64 = 65_536;

/// The longest chain [`Chain::from_secret`] builds, so that a length read from a file
/// cannot make it hash for hours.
pub const MAX_CHAIN_LENGTH: u64 = 1 << 24;

/// A chain keeps every `CHECKPOINT`-th value, so that a reveal costs at most that many
/// hashes.
const CHECKPOINT: u64 = 256;

/// A SHA-256 value: a commitment, a reveal, a context or a throw's value. Shown as 64
/// lower-case hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digest([u8; 32]);

impl Digest {
    /// The value with these bytes.
    pub const fn new(bytes: [u8; 32]) -> Digest {
        Digest(bytes)
    }

    /// SHA-256 of the parts, one after another.
    pub fn of(parts: &[&[u8]]) -> Digest {
        let mut hasher = Sha256::new();
        for part in parts {
            hasher.update(part);
        }
        Digest(hasher.finalize().into())
    }

    /// The 32 bytes.
    pub fn bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Reads 64 hex digits (either case).
    pub fn from_hex(text: &str) -> Result<Digest, DigestError> {
        let refuse = || DigestError {
            text: text.chars().take(80).collect(),
        };
        if text.len() != 64 || !text.is_ascii() {
            return Err(refuse());
        }
        let mut bytes = [0u8; 32];
        for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks(2)) {
            let pair = std::str::from_utf8(pair).map_err(|_| refuse())?;
            *byte = u8::from_str_radix(pair, 16).map_err(|_| refuse())?;
        }
        Ok(Digest(bytes))
    }
}

/// 64 lower-case hex digits.
impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digest({self})")
    }
}

/// Text that is not a SHA-256 value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a SHA-256 value: write it as 64 hex digits (0-9, a-f)")]
pub struct DigestError {
    /// The text read (its first 80 characters).
    pub text: String,
}

/// What is wrong with a throw or a chain.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// A side's reveal does not hash to the value it revealed (or committed to) before.
    #[error(
        "side {side}'s reveal for throw {throw} does not match its commitment: SHA-256 of {reveal} is not {expected}, the value it gave for throw {before}",
        before = throw - 1
    )]
    Mismatch {
        /// The side that revealed it (0 is the host).
        side: usize,
        /// The throw.
        throw: u64,
        /// What the side revealed.
        reveal: Digest,
        /// What SHA-256 of the reveal had to be.
        expected: Digest,
    },
    /// A throw came without one reveal from each side.
    #[error("throw {throw} needs one reveal from each of the {sides} sides, not {got}")]
    RevealCount {
        /// The throw.
        throw: u64,
        /// How many sides play.
        sides: usize,
        /// How many reveals came.
        got: usize,
    },
    /// A throw other than the next one.
    #[error("throw {got} came out of turn: the next throw is throw {expected}")]
    OutOfTurn {
        /// The next throw.
        expected: u64,
        /// The throw offered.
        got: u64,
    },
    /// A die of no faces.
    #[error("a die needs at least one face")]
    NoFaces,
    /// A throw past the end of a chain, or throw 0 (which is the commitment).
    #[error("a dice chain of {length} values reveals throws 1 to {length}, not throw {throw}")]
    PastTheEnd {
        /// The throw asked for.
        throw: u64,
        /// The chain's length.
        length: u64,
    },
    /// A chain too short or too long to build.
    #[error("a dice chain holds 1 to {max} values, not {length}", max = MAX_CHAIN_LENGTH)]
    ChainLength {
        /// The length asked for.
        length: u64,
    },
    /// Dice among no sides.
    #[error("remote dice need the commitment of at least one side")]
    NoSides,
    /// The operating system gave no random bytes.
    #[error("cannot draw a secret from the operating system: {reason}")]
    NoRandomness {
        /// What the operating system said.
        reason: String,
    },
}

/// One side's hash chain: its secret and the values it reveals, throw by throw. Its
/// `Debug` shows the commitment only, never the secret.
#[derive(Clone)]
pub struct Chain {
    secret: [u8; 32],
    length: u64,
    /// `x_i` for every `i` that is a multiple of [`CHECKPOINT`], `x_0` first.
    checkpoints: Vec<Digest>,
}

impl Chain {
    /// A chain of [`CHAIN_LENGTH`] values on a new secret from the operating system.
    pub fn generate() -> Result<Chain, DiceError> {
        use rand::TryRng as _;
        let mut secret = [0u8; 32];
        rand::rngs::SysRng
            .try_fill_bytes(&mut secret)
            .map_err(|e| DiceError::NoRandomness {
                reason: e.to_string(),
            })?;
        Chain::from_secret(secret, CHAIN_LENGTH)
    }

    /// The chain of `length` values on `secret` (a resumed game's, or a test's).
    pub fn from_secret(secret: [u8; 32], length: u64) -> Result<Chain, DiceError> {
        if !(1..=MAX_CHAIN_LENGTH).contains(&length) {
            return Err(DiceError::ChainLength { length });
        }
        let mut checkpoints = vec![Digest([0; 32]); (length / CHECKPOINT + 1) as usize];
        let mut value = Digest(secret);
        for i in (0..=length).rev() {
            if i % CHECKPOINT == 0 {
                checkpoints[(i / CHECKPOINT) as usize] = value;
            }
            if i > 0 {
                value = Digest::of(&[value.bytes()]);
            }
        }
        Ok(Chain {
            secret,
            length,
            checkpoints,
        })
    }

    /// The secret the chain grows from (`x_N`), to keep for resuming a game; whoever
    /// learns it knows every throw still to come.
    pub fn secret(&self) -> [u8; 32] {
        self.secret
    }

    /// How many throws the chain holds.
    pub fn length(&self) -> u64 {
        self.length
    }

    /// `x_0`, sent before the first throw.
    pub fn commitment(&self) -> Digest {
        self.checkpoints[0]
    }

    /// `x_throw`, this side's part of throw `throw` (from 1 to the length).
    pub fn reveal(&self, throw: u64) -> Result<Digest, DiceError> {
        if !(1..=self.length).contains(&throw) {
            return Err(DiceError::PastTheEnd {
                throw,
                length: self.length,
            });
        }
        let above = throw.div_ceil(CHECKPOINT) * CHECKPOINT;
        let (mut at, mut value) = if above > self.length {
            (self.length, Digest(self.secret))
        } else {
            (above, self.checkpoints[(above / CHECKPOINT) as usize])
        };
        while at > throw {
            value = Digest::of(&[value.bytes()]);
            at -= 1;
        }
        Ok(value)
    }
}

impl fmt::Debug for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Chain")
            .field("commitment", &self.commitment())
            .field("length", &self.length)
            .finish_non_exhaustive()
    }
}

/// The context of a game's dice: SHA-256 of its `game` line as the record writes it
/// (`game nardy koks=on`), a zero byte, and every side's commitment in side order. It
/// ties every throw to this game and these sides.
pub fn context(game_line: &str, commitments: &[Digest]) -> Digest {
    let mut parts: Vec<&[u8]> = vec![game_line.as_bytes(), &[0]];
    parts.extend(commitments.iter().map(|c| c.bytes().as_slice()));
    Digest::of(&parts)
}

/// `R_throw`, the value of a throw made of every side's reveal in side order.
pub fn throw_value(context: &Digest, throw: u64, reveals: &[Digest]) -> Digest {
    let number = throw.to_be_bytes();
    let mut parts: Vec<&[u8]> = vec![DOMAIN, context.bytes(), &number];
    parts.extend(reveals.iter().map(|r| r.bytes().as_slice()));
    Digest::of(&parts)
}

/// The face (`1..=faces`) that a throw's value shows on a die of `faces` faces, by
/// rejection sampling over its bytes (see the module's doc).
pub fn face(value: &Digest, faces: u8) -> Result<u8, DiceError> {
    if faces == 0 {
        return Err(DiceError::NoFaces);
    }
    let limit = 256 - 256 % u16::from(faces);
    let mut block = *value;
    let mut more = 0u64;
    // At least half of all bytes are taken, so a block of 32 without one has a chance
    // below 2^-32: the loop ends at once in practice.
    loop {
        if let Some(&b) = block.bytes().iter().find(|&&b| u16::from(b) < limit) {
            return Ok(b % faces + 1);
        }
        more = more.wrapping_add(1);
        block = Digest::of(&[value.bytes(), &more.to_be_bytes()]);
    }
}

/// The dice of one remote game as every side sees them: the context, the commitments,
/// and each side's last checked value. It checks each throw's reveals and yields its
/// face; it never learns a secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ledger {
    context: Digest,
    commitments: Vec<Digest>,
    last: Vec<Digest>,
    throws: u64,
}

impl Ledger {
    /// The ledger of a game whose `game` line is `game_line`, before its first throw.
    pub fn new(game_line: &str, commitments: Vec<Digest>) -> Result<Ledger, DiceError> {
        if commitments.is_empty() {
            return Err(DiceError::NoSides);
        }
        Ok(Ledger {
            context: context(game_line, &commitments),
            last: commitments.clone(),
            commitments,
            throws: 0,
        })
    }

    /// The game's dice context.
    pub fn context(&self) -> Digest {
        self.context
    }

    /// Every side's commitment, in side order.
    pub fn commitments(&self) -> &[Digest] {
        &self.commitments
    }

    /// How many sides throw.
    pub fn sides(&self) -> usize {
        self.commitments.len()
    }

    /// How many throws have been accepted; the next is this plus one.
    pub fn throws(&self) -> u64 {
        self.throws
    }

    /// Each side's last accepted reveal (its commitment before the first throw).
    pub fn last_reveals(&self) -> &[Digest] {
        &self.last
    }

    /// The face that `reveals` (one per side, in side order) make of throw `throw` on a
    /// die of `faces` faces, without accepting them.
    pub fn check(&self, throw: u64, faces: u8, reveals: &[Digest]) -> Result<u8, DiceError> {
        let expected = self.throws + 1;
        if throw != expected {
            return Err(DiceError::OutOfTurn { expected, got: throw });
        }
        if reveals.len() != self.sides() {
            return Err(DiceError::RevealCount {
                throw,
                sides: self.sides(),
                got: reveals.len(),
            });
        }
        for (side, (reveal, before)) in reveals.iter().zip(&self.last).enumerate() {
            if Digest::of(&[reveal.bytes()]) != *before {
                return Err(DiceError::Mismatch {
                    side,
                    throw,
                    reveal: *reveal,
                    expected: *before,
                });
            }
        }
        face(&throw_value(&self.context, throw, reveals), faces)
    }

    /// Checks throw `throw` (the next one) as [`Ledger::check`] does and, if it holds,
    /// keeps its reveals and returns its face. On an error the ledger is as it was; a
    /// [`DiceError::Mismatch`] names the side that cheated or broke.
    pub fn accept(&mut self, throw: u64, faces: u8, reveals: &[Digest]) -> Result<u8, DiceError> {
        let face = self.check(throw, faces, reveals)?;
        self.last.copy_from_slice(reveals);
        self.throws = throw;
        Ok(face)
    }
}

/// A [`DiceSource`] that throws from reveals already in hand, through its own copy of a
/// [`Ledger`]: it lets the rules say how many dice a roll needs and of how many faces.
/// When the reveals run out or one fails its check, it throws 1s from then on and says
/// so ([`RevealedDice::ran_out`], [`RevealedDice::error`]), so the roll must be
/// thrown away and tried again with more reveals, or the game ended.
#[derive(Clone, Debug)]
pub struct RevealedDice {
    ledger: Ledger,
    pending: VecDeque<Vec<Digest>>,
    faces: Vec<u8>,
    ran_out: bool,
    error: Option<DiceError>,
}

impl RevealedDice {
    /// A source that throws from `pending` (each throw's reveals, in throw order, the
    /// first being the ledger's next throw).
    pub fn new(ledger: Ledger, pending: impl IntoIterator<Item = Vec<Digest>>) -> RevealedDice {
        RevealedDice {
            ledger,
            pending: pending.into_iter().collect(),
            faces: Vec::new(),
            ran_out: false,
            error: None,
        }
    }

    /// Whether a throw was asked for after the reveals ran out.
    pub fn ran_out(&self) -> bool {
        self.ran_out
    }

    /// The first throw whose reveals failed their check.
    pub fn error(&self) -> Option<&DiceError> {
        self.error.as_ref()
    }

    /// The faces thrown so far, in order (while neither ran out nor failed).
    pub fn faces(&self) -> &[u8] {
        &self.faces
    }

    /// How many throws' reveals are still unused.
    pub fn unused(&self) -> usize {
        self.pending.len()
    }

    /// The ledger with every throw accepted so far.
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }
}

impl DiceSource for RevealedDice {
    fn throw(&mut self, faces: u8) -> u8 {
        if self.ran_out || self.error.is_some() {
            return 1;
        }
        let Some(reveals) = self.pending.pop_front() else {
            self.ran_out = true;
            return 1;
        };
        match self.ledger.accept(self.ledger.throws() + 1, faces, &reveals) {
            Ok(face) => {
                self.faces.push(face);
                face
            }
            Err(error) => {
                self.error = Some(error);
                1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chain on `secret` the slow way, every value kept: `x_0` first.
    fn every_value(secret: [u8; 32], length: u64) -> Vec<Digest> {
        let mut values = vec![Digest(secret)];
        for _ in 0..length {
            let next = Digest::of(&[values.last().unwrap().bytes()]);
            values.push(next);
        }
        values.reverse();
        values
    }

    fn two_sides(length: u64) -> (Vec<Digest>, Vec<Digest>, Ledger) {
        let a = every_value([1; 32], length);
        let b = every_value([2; 32], length);
        let ledger = Ledger::new("game nardy", vec![a[0], b[0]]).unwrap();
        (a, b, ledger)
    }

    #[test]
    fn a_chain_reveals_the_values_that_hash_back_to_its_commitment() {
        let length = 600;
        let chain = Chain::from_secret([9; 32], length).unwrap();
        let values = every_value([9; 32], length);
        assert_eq!(chain.commitment(), values[0]);
        for throw in 1..=length {
            assert_eq!(
                chain.reveal(throw).unwrap(),
                values[throw as usize],
                "throw {throw}"
            );
        }
        assert_eq!(
            chain.reveal(length).unwrap(),
            Digest([9; 32]),
            "the last is the secret"
        );
        assert_eq!(chain.reveal(0), Err(DiceError::PastTheEnd { throw: 0, length }));
        assert_eq!(
            chain.reveal(length + 1),
            Err(DiceError::PastTheEnd {
                throw: length + 1,
                length
            })
        );
        assert_eq!(
            Chain::from_secret([9; 32], 0).unwrap_err(),
            DiceError::ChainLength { length: 0 }
        );
        assert!(!format!("{chain:?}").contains(&Digest([9; 32]).to_string()));
    }

    #[test]
    fn generated_chains_have_fresh_secrets() {
        let a = Chain::generate().unwrap();
        let b = Chain::generate().unwrap();
        assert_ne!(a.secret(), b.secret());
        assert_eq!(a.length(), CHAIN_LENGTH);
        assert_eq!(Digest::of(&[a.reveal(1).unwrap().bytes()]), a.commitment());
    }

    #[test]
    fn honest_reveals_are_accepted_in_turn() {
        let (a, b, mut ledger) = two_sides(10);
        for throw in 1..=10u64 {
            let reveals = [a[throw as usize], b[throw as usize]];
            let checked = ledger.check(throw, 6, &reveals).unwrap();
            assert_eq!(ledger.accept(throw, 6, &reveals), Ok(checked));
            assert!((1..=6).contains(&checked));
        }
        assert_eq!(ledger.throws(), 10);
        assert_eq!(ledger.last_reveals(), &[a[10], b[10]]);
    }

    #[test]
    fn a_changed_reveal_is_caught_and_names_its_side() {
        let (a, b, mut ledger) = two_sides(5);
        ledger.accept(1, 6, &[a[1], b[1]]).unwrap();
        let before = ledger.clone();
        let mut forged = b[2];
        forged.0[0] ^= 1;
        let error = ledger.accept(2, 6, &[a[2], forged]).unwrap_err();
        assert_eq!(
            error,
            DiceError::Mismatch {
                side: 1,
                throw: 2,
                reveal: forged,
                expected: b[1]
            }
        );
        assert!(
            error
                .to_string()
                .starts_with("side 1's reveal for throw 2 does not match")
        );
        assert_eq!(ledger, before, "a refused throw leaves the ledger as it was");
        // A value from further down the chain (a side trying to skip a throw) fails too.
        let error = ledger.accept(2, 6, &[a[3], b[2]]).unwrap_err();
        assert!(matches!(
            error,
            DiceError::Mismatch {
                side: 0,
                throw: 2,
                ..
            }
        ));
        assert_eq!(
            ledger.accept(3, 6, &[a[3], b[3]]),
            Err(DiceError::OutOfTurn { expected: 2, got: 3 })
        );
        assert_eq!(
            ledger.accept(2, 6, &[a[2]]),
            Err(DiceError::RevealCount {
                throw: 2,
                sides: 2,
                got: 1
            })
        );
        assert_eq!(ledger.accept(2, 0, &[a[2], b[2]]), Err(DiceError::NoFaces));
        assert_eq!(ledger, before);
        assert!(ledger.accept(2, 6, &[a[2], b[2]]).is_ok());
        assert_eq!(Ledger::new("game ur", vec![]), Err(DiceError::NoSides));
    }

    #[test]
    fn faces_come_by_rejection_never_by_a_plain_modulo() {
        // 256 mod 6 = 4: the bytes 252 to 255 are passed over, 7 shows 7 mod 6 + 1 = 2.
        let mut bytes = [0u8; 32];
        bytes[..5].copy_from_slice(&[252, 253, 254, 255, 7]);
        assert_eq!(face(&Digest(bytes), 6), Ok(2));
        assert_eq!(face(&Digest(bytes), 4), Ok(1), "256 mod 4 = 0: 252 is taken");
        assert_eq!(face(&Digest(bytes), 1), Ok(1));
        assert_eq!(face(&Digest(bytes), 0), Err(DiceError::NoFaces));
        // A value without a byte below 252 goes on to SHA-256(R || 1).
        let all_high = Digest([0xfe; 32]);
        let mut next = Sha256::new();
        next.update([0xfe; 32]);
        next.update(1u64.to_be_bytes());
        let next: [u8; 32] = next.finalize().into();
        let expected = next.iter().find(|&&b| b < 252).map(|b| b % 6 + 1).unwrap();
        assert_eq!(face(&all_high, 6), Ok(expected));
        assert_eq!(face(&all_high, 2), Ok(1), "256 mod 2 = 0: 0xfe, even, is taken");
    }

    /// Pearson's chi-square of the counts against equal shares.
    fn chi_square(counts: &[u32]) -> f64 {
        let total: u32 = counts.iter().sum();
        let expected = f64::from(total) / counts.len() as f64;
        counts
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum()
    }

    #[test]
    fn every_face_is_equally_likely_by_chi_square() {
        // The games throw dice of 2 faces (Ur's binary dice), 4 (Ur's tetrahedral die)
        // and 6; 12,000 throws of each, interleaved as a game mixes them.
        let per_kind = 12_000u64;
        let kinds = [2u8, 4, 6];
        let (a, b, mut ledger) = two_sides(per_kind * kinds.len() as u64);
        let mut counts: Vec<Vec<u32>> = kinds.iter().map(|&f| vec![0; usize::from(f)]).collect();
        for throw in 1..=per_kind * kinds.len() as u64 {
            let kind = (throw % kinds.len() as u64) as usize;
            let reveals = [a[throw as usize], b[throw as usize]];
            let face = ledger.accept(throw, kinds[kind], &reveals).unwrap();
            counts[kind][usize::from(face - 1)] += 1;
        }
        // The 0.1% points of chi-square with 1, 3 and 5 degrees of freedom.
        let critical = [10.83, 16.27, 20.52];
        for ((faces, counts), limit) in kinds.iter().zip(&counts).zip(critical) {
            assert_eq!(counts.iter().sum::<u32>() as u64, per_kind);
            let statistic = chi_square(counts);
            assert!(
                statistic < limit,
                "{faces} faces: {counts:?}, chi-square {statistic}"
            );
        }
        // The statistic does catch a die that favours a face by one throw in fifty.
        assert!(chi_square(&[2240, 2000, 2000, 2000, 2000, 1760]) > 20.52);
    }

    #[test]
    fn revealed_dice_throw_until_the_reveals_run_out() {
        let (a, b, ledger) = two_sides(4);
        let pending: Vec<Vec<Digest>> = (1..=2).map(|t| vec![a[t], b[t]]).collect();
        let mut dice = RevealedDice::new(ledger.clone(), pending.clone());
        let first = dice.throw(6);
        let second = dice.throw(6);
        assert_eq!(dice.faces(), &[first, second]);
        assert!(!dice.ran_out());
        assert_eq!(dice.throw(6), 1);
        assert!(dice.ran_out());
        assert_eq!(dice.ledger().throws(), 2);
        let mut again = ledger.clone();
        assert_eq!(again.accept(1, 6, &pending[0]), Ok(first));
        assert_eq!(again.accept(2, 6, &pending[1]), Ok(second));

        let mut forged = pending.clone();
        forged[1][0] = b[2];
        let mut dice = RevealedDice::new(ledger, forged);
        dice.throw(6);
        dice.throw(6);
        assert!(matches!(
            dice.error(),
            Some(DiceError::Mismatch {
                side: 0,
                throw: 2,
                ..
            })
        ));
    }

    #[test]
    fn digests_read_and_write_as_hex() {
        let digest = Digest::of(&[b"abc"]);
        let text = digest.to_string();
        assert_eq!(
            text, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            "the SHA-256 of 'abc' from FIPS 180-2"
        );
        assert_eq!(Digest::from_hex(&text.to_uppercase()), Ok(digest));
        for bad in [
            "",
            "ab",
            &text[1..],
            &format!("{}g", &text[1..]),
            "é".repeat(32).as_str(),
        ] {
            let error = Digest::from_hex(bad).unwrap_err();
            assert!(error.to_string().contains("64 hex digits"), "{bad}");
        }
    }
}

#[cfg(test)]
mod worked_example {
    use super::*;

    /// The example of `docs/remote.md`, from its own secrets, each a chain of two.
    #[test]
    fn the_guide_s_worked_example_is_what_the_code_computes() {
        let chains: Vec<Chain> = [[0x01; 32], [0x02; 32]]
            .iter()
            .map(|s| Chain::from_secret(*s, 2).unwrap())
            .collect();
        let commitments: Vec<Digest> = chains.iter().map(Chain::commitment).collect();
        let reveals: Vec<Digest> = chains.iter().map(|c| c.reveal(1).unwrap()).collect();
        let context = context("game nardy", &commitments);
        let value = throw_value(&context, 1, &reveals);
        let face = face(&value, 6).unwrap();
        let shown = [
            commitments[0].to_string(),
            commitments[1].to_string(),
            reveals[0].to_string(),
            reveals[1].to_string(),
            context.to_string(),
            value.to_string(),
            format!("face {face}"),
        ];
        let guide = include_str!("../../../docs/remote.md");
        for number in &shown {
            assert!(guide.contains(number.as_str()), "docs/remote.md lacks {number}");
        }
    }
}
