//! Depth-limited expectimax over move and chance nodes.
//!
//! Every seat maximises its own [`Estimate::equity`] (expectiminimax for two seats, max-n
//! for more); chance nodes average over [`Game::chance_outcomes`]. Depth counts move
//! decisions: depth 1 values each move by the evaluator on the position it leaves,
//! depth 2 also looks at every roll of the next seat and its best reply, and so on.

use super::{Evaluator, RankedMove};
use crate::core::{Dice, Estimate, Game, Phase};

/// A depth-limited expectimax search with its own scratch buffers, so that a search
/// allocates only while its buffers grow to the depth and width of the tree.
pub struct Expectimax<G: Game, E: Evaluator<G>> {
    evaluator: E,
    depth: u8,
    moves: Vec<Vec<G::Move>>,
    rolls: Vec<Vec<(Dice, f64)>>,
}

impl<G: Game, E: Evaluator<G>> Expectimax<G, E> {
    /// A search `depth` move decisions deep (at least 1) valued by `evaluator`.
    pub fn new(depth: u8, evaluator: E) -> Expectimax<G, E> {
        Expectimax {
            evaluator,
            depth: depth.max(1),
            moves: Vec::new(),
            rolls: Vec::new(),
        }
    }

    /// How many move decisions deep the search looks.
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The evaluator at the leaves.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Every move of `legal` (the legal moves, or pre-roll actions, of the seat to act in
    /// `game`) with its searched value, best first for that seat.
    pub fn rank(&mut self, game: &G, legal: &[G::Move]) -> Vec<RankedMove> {
        let Some(seat) = game.phase().seat() else {
            return Vec::new();
        };
        let mut ranked: Vec<RankedMove> = legal
            .iter()
            .enumerate()
            .map(|(index, mv)| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                RankedMove {
                    index,
                    estimate: self.value(&after, self.depth - 1, 0),
                }
            })
            .collect();
        ranked.sort_by(|a, b| b.estimate.equity[seat].total_cmp(&a.estimate.equity[seat]));
        ranked
    }

    /// The searched value of `game` as it stands (before the roll: the average over the
    /// rolls; in the move phase: the best move's value).
    pub fn evaluate(&mut self, game: &G) -> Estimate {
        self.value(game, self.depth, 0)
    }

    /// The value of rolling now, in the roll phase, leaving aside any action the seat
    /// could take before the roll.
    pub fn evaluate_rolling(&mut self, game: &G) -> Estimate {
        self.ensure_buffers(0);
        self.chance_value(game, self.depth, 0)
    }

    /// Grows the scratch buffers to hold `ply`.
    fn ensure_buffers(&mut self, ply: usize) {
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, Vec::new);
            self.rolls.resize_with(ply + 1, Vec::new);
        }
    }

    /// The average over the rolls of the seat to roll in `game`.
    fn chance_value(&mut self, game: &G, depth: u8, ply: usize) -> Estimate {
        let mut rolls = std::mem::take(&mut self.rolls[ply]);
        rolls.clear();
        game.chance_outcomes(&mut rolls);
        let mut expected = Estimate::ZERO;
        for &(dice, probability) in &rolls {
            let mut after = game.clone();
            if after.set_dice(dice).is_ok() {
                // A roll that leads straight to another roll (a roll-off, whose ties can
                // repeat without end) uses up depth like a move does.
                let left = if matches!(after.phase(), Phase::Roll(_)) {
                    depth - 1
                } else {
                    depth
                };
                let value = self.value(&after, left, ply + 1);
                expected.add_weighted(&value, probability);
            }
        }
        self.rolls[ply] = rolls;
        expected
    }

    /// The value of `game` with `depth` move decisions left; `ply` indexes the scratch
    /// buffers.
    fn value(&mut self, game: &G, depth: u8, ply: usize) -> Estimate {
        if depth == 0 {
            return self.evaluator.estimate(game);
        }
        self.ensure_buffers(ply);
        match game.phase() {
            Phase::Over => self.evaluator.estimate(game),
            Phase::Roll(seat) => {
                let expected = self.chance_value(game, depth, ply);
                // Actions before the roll are choices too: take the best of rolling now
                // and each action.
                let mut actions = std::mem::take(&mut self.moves[ply]);
                actions.clear();
                game.legal_moves(&mut actions);
                let mut best = expected;
                for action in &actions {
                    let mut after = game.clone();
                    after.play_unchecked(action);
                    let value = self.value(&after, depth - 1, ply + 1);
                    if value.equity[seat] > best.equity[seat] {
                        best = value;
                    }
                }
                self.moves[ply] = actions;
                best
            }
            Phase::Move(seat) => {
                let mut moves = std::mem::take(&mut self.moves[ply]);
                moves.clear();
                game.legal_moves(&mut moves);
                let mut best: Option<Estimate> = None;
                for mv in &moves {
                    let mut after = game.clone();
                    after.play_unchecked(mv);
                    let value = self.value(&after, depth - 1, ply + 1);
                    if best.is_none_or(|b| value.equity[seat] > b.equity[seat]) {
                        best = Some(value);
                    }
                }
                self.moves[ply] = moves;
                best.unwrap_or_else(|| self.evaluator.estimate(game))
            }
        }
    }
}
