//! The inputs of Ur's learned evaluation: a position as numbers, seen from the seat to
//! act (the mover), for the rule set in play.
//!
//! Two blocks, the mover's first and then the opponent's, each in its owner's own
//! trajectory (a fully connected first layer does not care where an input sits, and each
//! side's block is laid out as that side walks):
//!
//! | offset | meaning |
//! |---|---|
//! | `2 * s`, `2 * s + 1` | slot `s` (0 .. slot count) holds at least one, at least two pieces |
//! | `2 * slots + k - 1` | at least `k` pieces wait in the reserve (`k` = 1 .. pieces) |
//! | `2 * slots + pieces + k - 1` | at least `k` pieces are borne off |
//!
//! then [`DICE`] numbers: a one-hot of the roll to play when the mover has rolled (all
//! zero before the roll). The layout depends on the rule set (slots and pieces), which
//! is part of the key, so a network for one rule set is never read for another.

use super::{Stage, Ur};
use crate::core::{Encoding, Game};

/// The version of this layout, written into weight files.
pub const ENCODING_VERSION: u32 = 1;
/// Rolls 0 to 4.
const DICE: usize = 5;

impl Ur {
    /// Numbers per side for this rule set.
    fn side_inputs(&self) -> usize {
        2 * usize::from(self.layout.slot_count) + 2 * usize::from(self.layout.pieces)
    }

    /// The encoding of this rule set (see the module's table).
    pub(super) fn net_encoding(&self) -> Encoding {
        Encoding {
            key: format!("{} {}", self.info().id, self.options()),
            version: ENCODING_VERSION,
            inputs: 2 * self.side_inputs() + DICE,
        }
    }

    /// Writes the position from the mover's side (see the module's table).
    pub(super) fn net_encode(&self, x: &mut [f32]) {
        let side = self.side_inputs();
        let slots = usize::from(self.layout.slot_count);
        let pieces = usize::from(self.layout.pieces);
        if x.len() < 2 * side + DICE {
            return;
        }
        x[..2 * side + DICE].fill(0.0);
        for k in 0..2 {
            let army = &self.armies[(self.turn + k) % 2];
            let block = &mut x[k * side..(k + 1) * side];
            for (s, &count) in army.counts.iter().enumerate().take(slots) {
                block[2 * s] = f32::from(u8::from(count >= 1));
                block[2 * s + 1] = f32::from(u8::from(count >= 2));
            }
            for n in 0..pieces {
                block[2 * slots + n] = f32::from(u8::from(usize::from(army.reserve) > n));
                block[2 * slots + pieces + n] = f32::from(u8::from(usize::from(army.off) > n));
            }
        }
        if let Stage::Move(roll) = self.stage {
            x[2 * side + usize::from(roll).min(DICE - 1)] = 1.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{Game, NewGame, Options, Phase, SeededDice, Strategy};
    use crate::games::ur::Ur;

    /// One step of a game: the roll, or the move `pick` chooses (given the dice and how
    /// many moves there are).
    fn step(game: &mut Ur, dice: &mut SeededDice, pick: fn(&mut SeededDice, usize) -> usize) {
        if matches!(game.phase(), Phase::Roll(_)) {
            let roll = game.roll(dice);
            game.set_dice(roll).unwrap();
        } else {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let pick = pick(dice, moves.len());
            game.play_unchecked(&moves[pick]);
        }
    }

    /// Every rule set encodes every position of a random game into exactly its inputs,
    /// each 0 or 1, with both sides' pieces all counted.
    #[test]
    fn every_position_fills_its_inputs_with_zeros_and_ones() {
        for rules in ["city", "finkel", "masters", "blitz", "aseb"] {
            let options = Options::parse(Ur::game_info().options, &[&format!("rules={rules}")]).unwrap();
            let mut game = Ur::new_game(&options).unwrap();
            let encoding = game.encoding().unwrap();
            assert!(encoding.key.contains(rules));
            let mut dice = SeededDice::new(4);
            let mut x = vec![7.0; encoding.inputs];
            while game.phase() != Phase::Over {
                if game.roll_off().is_none() {
                    game.encode(&mut x);
                    assert!(x.iter().all(|&v| v == 0.0 || v == 1.0), "{rules}");
                    let pieces = usize::from(game.layout.pieces);
                    let slots = usize::from(game.layout.slot_count);
                    let side = game.side_inputs();
                    for k in 0..2 {
                        let block = &x[k * side..(k + 1) * side];
                        let army = game.army((game.turn + k) % 2);
                        let reserve: f32 = block[2 * slots..2 * slots + pieces].iter().sum();
                        assert_eq!(reserve as u8, army.reserve, "{rules}");
                    }
                }
                step(&mut game, &mut dice, |dice, moves| {
                    dice.below(moves as u32) as usize
                });
            }
        }
    }

    /// The same position seen by the other side swaps the two blocks.
    #[test]
    fn the_mover_comes_first() {
        let mut game = Ur::default_game();
        let mut dice = SeededDice::new(9);
        while game.roll_off().is_some() || game.army(0).on_board() == 0 {
            step(&mut game, &mut dice, |_, _| 0);
        }
        let side = game.side_inputs();
        let inputs = game.encoding().unwrap().inputs;
        let mut mine = vec![0.0; inputs];
        game.encode(&mut mine);
        let mut other = game.clone();
        other.turn = 1 - other.turn;
        other.stage = super::Stage::Roll;
        let mut theirs = vec![0.0; inputs];
        other.encode(&mut theirs);
        assert_eq!(mine[..side], theirs[side..2 * side]);
        assert_eq!(mine[side..2 * side], theirs[..side]);
    }
}
