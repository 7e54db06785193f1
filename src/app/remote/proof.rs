//! The proof of a remote game's dice in its record, and its check (`tabula verify`).
//!
//! A remote game's record carries, as `remote` note lines (which `load` and `replay`
//! keep and pass over), the scheme, every side's commitment and every throw's reveals:
//!
//! ```text
//! remote dice tabula-dice-v1 sides=2
//! remote commit 0 5f0c...e1
//! remote commit 1 09a7...3c
//! remote reveal 1 8d2b...77 c410...9e
//! remote reveal 2 ...
//! ```
//!
//! [`verify`] replays the record and throws every roll again from the reveals, through
//! the game's own rules (so it knows how many dice each roll takes, and of how many
//! faces), checking each reveal against its side's chain and each roll against the one
//! written.

use std::fmt;

use super::dice::{DiceError, Digest, DigestError, Ledger, RevealedDice};
use crate::app::record::{Check, Damage, GameRecord, Replay, ReplayError, Replaying, action_line};
use crate::app::session::{Action, CommandError};
use crate::core::{Dice, DiceSource, Game};

/// The word that starts every proof line.
pub const NOTE_WORD: &str = "remote";

/// The scheme the proof lines name, the only one this version checks.
pub const SCHEME: &str = "tabula-dice-v1";

/// The commitments and reveals of one remote game, as its record carries them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proof {
    commitments: Vec<Digest>,
    /// Each throw's reveals in side order, throw 1 first.
    reveals: Vec<Vec<Digest>>,
}

impl Proof {
    /// The proof of a game whose sides committed to `commitments` (in side order),
    /// before its first throw.
    pub fn new(commitments: Vec<Digest>) -> Proof {
        Proof {
            commitments,
            reveals: Vec::new(),
        }
    }

    /// Adds the next throw's reveals (one per side, in side order).
    pub fn push(&mut self, reveals: Vec<Digest>) {
        self.reveals.push(reveals);
    }

    /// How many throws' reveals it holds.
    pub fn throws(&self) -> usize {
        self.reveals.len()
    }

    /// Takes away the reveals of every throw after the first `kept`, and returns them in
    /// order: the throws of rolls taken back, thrown again later from the same reveals.
    pub fn split_off(&mut self, kept: usize) -> Vec<Vec<Digest>> {
        self.reveals.split_off(kept.min(self.reveals.len()))
    }

    /// The record's lines for it, in order.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "{NOTE_WORD} dice {SCHEME} sides={}",
            self.commitments.len()
        )];
        for (side, commitment) in self.commitments.iter().enumerate() {
            lines.push(format!("{NOTE_WORD} commit {side} {commitment}"));
        }
        for (index, reveals) in self.reveals.iter().enumerate() {
            let values: Vec<String> = reveals.iter().map(Digest::to_string).collect();
            lines.push(format!("{NOTE_WORD} reveal {} {}", index + 1, values.join(" ")));
        }
        lines
    }

    /// Reads the proof from a record's note lines: `None` when none is a proof line (the
    /// game was not played remotely).
    pub fn read(notes: &[String]) -> Result<Option<Proof>, ProofError> {
        let mut sides = None;
        let mut proof = Proof::default();
        for line in notes {
            let mut words = line.split_whitespace();
            if words.next() != Some(NOTE_WORD) {
                continue;
            }
            let words: Vec<&str> = words.collect();
            let bad = |form: &'static str| ProofError::Unreadable {
                line: line.clone(),
                form,
            };
            match words.as_slice() {
                ["dice", scheme, count] if sides.is_none() => {
                    if *scheme != SCHEME {
                        return Err(ProofError::Scheme {
                            scheme: scheme.to_string(),
                        });
                    }
                    let count = count.strip_prefix("sides=").and_then(|n| n.parse::<usize>().ok());
                    sides = Some(count.filter(|&n| n > 0).ok_or_else(|| bad(DICE_FORM))?);
                }
                ["dice", ..] => return Err(bad(DICE_FORM)),
                ["commit", side, value] if sides.is_some() => {
                    let expected = proof.commitments.len();
                    if side.parse::<usize>().ok() != Some(expected) {
                        return Err(ProofError::CommitOrder {
                            line: line.clone(),
                            expected,
                        });
                    }
                    proof.commitments.push(digest(line, value)?);
                }
                ["commit", ..] => return Err(bad(COMMIT_FORM)),
                ["reveal", throw, values @ ..] if sides.is_some() => {
                    let expected = proof.reveals.len() as u64 + 1;
                    if throw.parse::<u64>().ok() != Some(expected) {
                        return Err(ProofError::RevealOrder {
                            line: line.clone(),
                            expected,
                        });
                    }
                    let reveals = values.iter().map(|v| digest(line, v)).collect::<Result<_, _>>()?;
                    proof.reveals.push(reveals);
                }
                _ => return Err(bad(REVEAL_FORM)),
            }
        }
        // Every other proof line needs the `remote dice` line before it: none, no proof.
        let Some(sides) = sides else {
            return Ok(None);
        };
        if proof.commitments.len() != sides {
            return Err(ProofError::Commitments {
                sides,
                got: proof.commitments.len(),
            });
        }
        Ok(Some(proof))
    }
}

const DICE_FORM: &str = "remote dice tabula-dice-v1 sides=N";
const COMMIT_FORM: &str = "remote commit SIDE HEX, after the 'remote dice' line";
const REVEAL_FORM: &str = "remote reveal THROW HEX HEX..., after the 'remote dice' line";

fn digest(line: &str, value: &str) -> Result<Digest, ProofError> {
    Digest::from_hex(value).map_err(|error| ProofError::Digest {
        line: line.to_string(),
        error,
    })
}

/// The `game` line of `game` as a record writes it (`game nardy koks=on`): the first part
/// of the dice's context, so that the dice are tied to this game and its rule options.
pub fn game_line<G: Game>(game: &G) -> String {
    let mut line = format!("game {}", game.info().id);
    for option in game.options().non_default(game.info().options) {
        line.push(' ');
        line.push_str(&option);
    }
    line
}

/// A proof's lines that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProofError {
    /// A line not of the proof's forms.
    #[error("cannot read '{line}': write it as '{form}'")]
    Unreadable {
        /// The line.
        line: String,
        /// The form it should have.
        form: &'static str,
    },
    /// A value that is not a SHA-256 value.
    #[error("in '{line}': {error}")]
    Digest {
        /// The line.
        line: String,
        /// What is wrong with the value.
        error: DigestError,
    },
    /// Dice of another scheme.
    #[error("the dice are '{scheme}', and this version of tabula checks '{SCHEME}' only")]
    Scheme {
        /// The scheme named.
        scheme: String,
    },
    /// A commitment out of side order.
    #[error("'{line}' is out of order: the next commitment is side {expected}'s")]
    CommitOrder {
        /// The line.
        line: String,
        /// The side whose commitment comes next.
        expected: usize,
    },
    /// A reveal out of throw order.
    #[error("'{line}' is out of order: the next reveals are throw {expected}'s")]
    RevealOrder {
        /// The line.
        line: String,
        /// The throw whose reveals come next.
        expected: u64,
    },
    /// Not one commitment per side.
    #[error("the dice of {sides} sides need {sides} commitments, and the record has {got}")]
    Commitments {
        /// The sides named.
        sides: usize,
        /// The commitments read.
        got: usize,
    },
}

/// What [`verify`] found true of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game was not played remotely: there is nothing to check.
    NotRemote,
    /// Every roll is the one the reveals throw.
    Checks {
        /// The rolls (the roll-off's included).
        rolls: usize,
        /// The single dice thrown.
        throws: u64,
        /// The sides that threw them.
        sides: usize,
    },
}

/// Why a roll does not check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RollFault {
    /// A reveal that does not match its chain, or a throw that cannot be made.
    #[error("{0}")]
    Dice(Box<DiceError>),
    /// The reveals stop before the roll's dice are all thrown.
    #[error("the record holds no reveals for throw {throw}")]
    NoReveals {
        /// The throw that has none.
        throw: u64,
    },
    /// The reveals throw other dice.
    #[error("the record says {recorded}, but the reveals throw {thrown}")]
    Differs {
        /// The dice written.
        recorded: Dice,
        /// The dice the reveals throw.
        thrown: Dice,
    },
}

/// Why a remote game's record does not prove its dice.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The proof lines cannot be read.
    #[error("the dice proof cannot be read: {0}")]
    Proof(ProofError),
    /// The commitments make no dice.
    #[error("the dice proof cannot be used: {0}")]
    Ledger(Box<DiceError>),
    /// A roll that the reveals do not throw.
    #[error("roll {roll} (line {line}, '{written}') does not check: {fault}")]
    Roll {
        /// Which roll of the game, from 1 (the roll-off's count).
        roll: usize,
        /// Its line in the record.
        line: usize,
        /// The line as written.
        written: String,
        /// What is wrong.
        fault: RollFault,
    },
    /// Reveals after the last roll that do not match their chains.
    #[error("the reveals after the last roll do not check: {0}")]
    Leftover(Box<DiceError>),
    /// The game cannot be set up from its `game` line.
    #[error("the game cannot be set up: {0}")]
    Game(CommandError),
    /// An action that does not replay.
    #[error("the record does not replay: {0}")]
    Replay(ReplayError),
    /// The rolls check, but the record is damaged or unsealed.
    #[error("every roll checks, but the record is damaged: {0}")]
    Damaged(Damage),
}

/// True if `record` was played across the network: it carries the dice's proof, even
/// a damaged one.
pub fn played_remotely(record: &GameRecord) -> bool {
    !matches!(Proof::read(&record.notes), Ok(None))
}

/// Checks every roll of `record` against its proof: each reveal against its side's
/// chain, and each roll against the dice the reveals throw there. A damaged record is
/// refused even when its rolls check, but a roll that does not check is named first.
pub fn verify(record: &GameRecord) -> Result<Verdict, VerifyError> {
    let Some(proof) = Proof::read(&record.notes).map_err(VerifyError::Proof)? else {
        return Ok(Verdict::NotRemote);
    };
    let fresh = record
        .kind
        .new_game(&record.options)
        .map_err(|e| VerifyError::Game(CommandError::from(e)))?;
    let ledger = Ledger::new(&game_line(&fresh), proof.commitments.clone())
        .map_err(|e| VerifyError::Ledger(Box::new(e)))?;
    let mut source = RevealedDice::new(ledger, proof.reveals.iter().cloned());
    let mut replay = Replay::new(record, 0, Replaying::Saved).map_err(VerifyError::Game)?;
    let mut rolls = 0;
    for step in replay.by_ref() {
        let step = step.map_err(VerifyError::Replay)?;
        let (Action::Roll(recorded) | Action::Dice(recorded)) = &step.recorded else {
            continue;
        };
        let recorded = *recorded;
        rolls += 1;
        let thrown = step.before.roll(&mut source);
        let fault = if let Some(error) = source.error() {
            Some(RollFault::Dice(Box::new(error.clone())))
        } else if source.ran_out() {
            Some(RollFault::NoReveals {
                throw: source.ledger().throws() + 1,
            })
        } else {
            (thrown != recorded).then_some(RollFault::Differs { recorded, thrown })
        };
        if let Some(fault) = fault {
            return Err(VerifyError::Roll {
                roll: rolls,
                line: step.line,
                written: action_line(&step.recorded, |_| String::new()),
                fault,
            });
        }
    }
    check_leftovers(&mut source)?;
    match &record.check {
        Check::Sealed => {}
        Check::Damaged(damage) => return Err(VerifyError::Damaged(damage.clone())),
        Check::Unsealed => {
            return Err(VerifyError::Damaged(Damage {
                line: record.line,
                reason: "a remote game's record is sealed, and this one has no seal".into(),
            }));
        }
    }
    Ok(Verdict::Checks {
        rolls,
        throws: source.ledger().throws(),
        sides: proof.commitments.len(),
    })
}

/// Reveals after the last roll (fetched for a roll the game ended before) throw no
/// dice, but must still match their chains: a die of one face checks the chain alone.
fn check_leftovers(source: &mut RevealedDice) -> Result<(), VerifyError> {
    while source.unused() > 0 {
        source.throw(1);
        if let Some(error) = source.error() {
            return Err(VerifyError::Leftover(Box::new(error.clone())));
        }
    }
    Ok(())
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::NotRemote => f.write_str("nothing to verify: the game was not played remotely"),
            Verdict::Checks { rolls, throws, sides } => write!(
                f,
                "all {rolls} rolls check ({throws} dice thrown from the reveals of {sides} sides)"
            ),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
