//! Calibrating the games' estimates on seeded self-play.
//!
//! Three parts, used by `examples/calibrate.rs` (which fits the constants written into
//! each game's `eval.rs`) and by the tests (which check them on fresh seeds):
//! - [`self_play`]: the positions a one-ply search evaluates (every position right after
//!   a move), each with the position its game ended in, from seeded games between
//!   `bot:greedy` players that now and then play a random move for variety;
//! - [`fit`]: a maximum-likelihood fit of a softmax model (a conditional logit: each
//!   seat's score is a weighted sum of its features, the winner is drawn in proportion to
//!   `exp(score)`), by Newton's method; with two seats it is logistic regression;
//! - [`brier`] and [`buckets`]: how well predicted probabilities match what happened.
//!
//! Everything follows the seed, so a fit repeats exactly.

use std::ops::ControlFlow;

use crate::ai::bots::{Bot, Greedy};
use crate::ai::playout::{Observer, Seated, Seats, Step, Table, play_out};
use crate::core::Strategy;
use crate::core::{Game, Outcome, Phase, Seat, SeededDice};

/// How to play the self-play games.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Games to play.
    pub games: usize,
    /// Seed of the first game; game `i` uses dice and choices derived from `seed + i`.
    pub seed: u64,
    /// Probability of a uniformly random move instead of the greedy one.
    pub explore: f64,
    /// Keep one position in `every` (positions within a game are strongly correlated).
    pub every: usize,
    /// Games still going after this many moves are dropped.
    pub max_moves: usize,
}

impl SelfPlay {
    /// `games` games from `seed`, with 5% random moves, keeping every third position.
    pub fn new(games: usize, seed: u64) -> SelfPlay {
        SelfPlay {
            games,
            seed,
            explore: 0.05,
            every: 3,
            max_moves: 5000,
        }
    }
}

/// One position and how its game ended.
#[derive(Clone, Debug)]
pub struct Sample<G> {
    /// The position, right after a move.
    pub position: G,
    /// The final position of the game.
    pub end: G,
    /// How the game ended.
    pub outcome: Outcome,
}

impl<G> Sample<G> {
    /// The seat that finished first, if exactly one did.
    pub fn winner(&self) -> Option<Seat> {
        self.outcome.winner_seat()
    }
}

/// What a position is worth to a seat, for players that pick moves by it.
pub type PositionValue<'a, G> = dyn Fn(&G, Seat) -> f64 + 'a;

/// Plays the self-play games from `start` between `bot:greedy` players and returns
/// their positions.
pub fn self_play<G: Strategy>(start: &G, config: &SelfPlay) -> Vec<Sample<G>> {
    play_games(start, config, None)
}

/// Like [`self_play`], but every player picks the move whose position `value` (the
/// worth of a position to a seat) likes best: one ply on an estimate being fitted.
pub fn self_play_by<G: Strategy>(
    start: &G,
    config: &SelfPlay,
    value: &PositionValue<'_, G>,
) -> Vec<Sample<G>> {
    play_games(start, config, Some(value))
}

/// The index of the move of `moves` whose position `value` likes best for the mover,
/// with `stay` (the value of doing nothing) to beat when given; ties go to the first.
fn best_by<G: Game>(
    game: &G,
    moves: &[G::Move],
    value: &PositionValue<'_, G>,
    stay: Option<f64>,
) -> Option<usize> {
    let seat = game.phase().seat()?;
    let mut best: Option<(usize, f64)> = None;
    for (index, mv) in moves.iter().enumerate() {
        let mut after = game.clone();
        after.play_unchecked(mv);
        let v = value(&after, seat);
        if best.is_none_or(|(_, top)| v > top) {
            best = Some((index, v));
        }
    }
    match (best, stay) {
        (Some((index, v)), Some(stay)) if v > stay + 1e-12 => Some(index),
        (_, Some(_)) => None,
        (best, None) => best.map(|(index, _)| index),
    }
}

/// The self-play players of one game: `bot:greedy`, or one ply on `value`, with now
/// and then a random move.
struct Exploring<'v, G: Game> {
    choices: SeededDice,
    greedy: Greedy,
    value: Option<&'v PositionValue<'v, G>>,
    explore: f64,
}

impl<G: Game> Exploring<'_, G> {
    fn explores(&mut self) -> bool {
        f64::from(self.choices.below(1 << 20)) < self.explore * f64::from(1 << 20)
    }
}

impl<G: Strategy> Seats<G> for Exploring<'_, G> {
    fn before_roll(&mut self, seat: Seat, game: &G, actions: &[G::Move]) -> Option<usize> {
        if actions.is_empty() {
            None
        } else if self.explores() {
            let pick = self.choices.below(actions.len() as u32 + 1) as usize;
            (pick < actions.len()).then_some(pick)
        } else if let Some(value) = self.value {
            best_by(game, actions, value, Some(value(game, seat)))
        } else {
            self.greedy.choose_before_roll(game, actions)
        }
    }

    fn choose(&mut self, _seat: Seat, game: &G, moves: &[G::Move]) -> usize {
        if self.explores() {
            self.choices.below(moves.len() as u32) as usize
        } else if let Some(value) = self.value {
            best_by(game, moves, value, None).unwrap_or(0)
        } else {
            self.greedy.choose_move(game, moves)
        }
    }
}

/// Keeps one position in `every` right after a move (the `offset`-th), and stops a game
/// at `max_moves` moves.
struct Sampler<G> {
    played: usize,
    every: usize,
    offset: usize,
    max_moves: usize,
    positions: Vec<G>,
}

impl<T: Table> Observer<T> for Sampler<T::Game> {
    fn before_action(&mut self, _table: &T) -> ControlFlow<()> {
        if self.played < self.max_moves {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }

    fn after_action(&mut self, table: &T, step: Step) -> ControlFlow<()> {
        if step == Step::Moved {
            self.played += 1;
            let game = table.game();
            if self.played % self.every == self.offset && game.phase() != Phase::Over {
                self.positions.push(game.clone());
            }
        }
        ControlFlow::Continue(())
    }
}

fn play_games<G: Strategy>(
    start: &G,
    config: &SelfPlay,
    value: Option<&PositionValue<'_, G>>,
) -> Vec<Sample<G>> {
    let mut samples = Vec::new();
    for index in 0..config.games as u64 {
        let seed = config.seed.wrapping_add(index);
        let mut dice = SeededDice::new(seed);
        let players = Exploring {
            choices: SeededDice::new(seed ^ 0x5eed_ca1b_0000_0000),
            greedy: Greedy::new(seed.rotate_left(17)),
            value,
            explore: config.explore,
        };
        let every = config.every.max(1);
        let mut sampler = Sampler {
            played: 0,
            every,
            offset: (index as usize) % every,
            max_moves: config.max_moves,
            positions: Vec::new(),
        };
        let mut game = start.clone();
        let Ok(_) = play_out(&mut Seated::new(&mut game, &mut dice, players), &mut sampler);
        let Some(outcome) = game.outcome() else {
            continue;
        };
        samples.extend(sampler.positions.into_iter().map(|position| Sample {
            position,
            end: game.clone(),
            outcome: outcome.clone(),
        }));
    }
    samples
}

/// One observation for [`fit`]: the features of each alternative (seat) and which one
/// happened.
#[derive(Clone, Debug)]
pub struct Row {
    /// Features per alternative, all of the same length.
    pub features: Vec<Vec<f64>>,
    /// The alternative that happened.
    pub chosen: usize,
}

impl Row {
    /// A yes/no observation for binary logistic regression: the "yes" alternative has
    /// `features`, the "no" alternative all zeros.
    pub fn binary(features: Vec<f64>, happened: bool) -> Row {
        let zeros = vec![0.0; features.len()];
        Row {
            features: vec![features, zeros],
            chosen: if happened { 0 } else { 1 },
        }
    }
}

/// The model's probability of each alternative of `row`.
pub fn probabilities(weights: &[f64], row: &Row) -> Vec<f64> {
    let scores: Vec<f64> = row
        .features
        .iter()
        .map(|x| crate::games::linear::dot(weights, x))
        .collect();
    let top = scores.iter().copied().fold(f64::MIN, f64::max);
    let exps: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f64 = exps.iter().sum();
    exps.iter().map(|e| e / total).collect()
}

/// Fits the weights of the softmax model to `rows` by maximum likelihood (Newton's
/// method), with a small ridge penalty `ridge` per row that keeps the fit defined when
/// a feature never varies.
pub fn fit(rows: &[Row], ridge: f64) -> Vec<f64> {
    let dims = rows.first().map_or(0, |r| r.features[0].len());
    let mut weights = vec![0.0; dims];
    let penalty = ridge * rows.len() as f64;
    for _ in 0..60 {
        let mut gradient = vec![0.0; dims];
        let mut hessian = vec![vec![0.0; dims]; dims];
        for row in rows {
            let p = probabilities(&weights, row);
            let mut mean = vec![0.0; dims];
            for (x, &pi) in row.features.iter().zip(&p) {
                for d in 0..dims {
                    mean[d] += pi * x[d];
                }
            }
            let chosen = &row.features[row.chosen];
            for d in 0..dims {
                gradient[d] += chosen[d] - mean[d];
            }
            for (x, &pi) in row.features.iter().zip(&p) {
                for a in 0..dims {
                    let da = x[a] - mean[a];
                    if da == 0.0 {
                        continue;
                    }
                    for b in 0..=a {
                        hessian[a][b] += pi * da * (x[b] - mean[b]);
                    }
                }
            }
        }
        for a in 0..dims {
            gradient[a] -= penalty * weights[a];
            hessian[a][a] += penalty;
            let lower: Vec<f64> = hessian[a][..a].to_vec();
            for (row, value) in hessian.iter_mut().zip(lower) {
                row[a] = value;
            }
        }
        let step = solve(hessian, gradient);
        let size: f64 = step.iter().map(|s| s.abs()).fold(0.0, f64::max);
        for (w, s) in weights.iter_mut().zip(&step) {
            *w += s;
        }
        if size < 1e-10 {
            break;
        }
    }
    weights
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let diagonal = a[col][col];
        if diagonal.abs() < 1e-300 {
            continue;
        }
        for row in col + 1..n {
            let factor = a[row][col] / diagonal;
            if factor == 0.0 {
                continue;
            }
            let pivot_row = a[col].clone();
            for (cell, &above) in a[row].iter_mut().zip(&pivot_row).skip(col) {
                *cell -= factor * above;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = if a[row][row].abs() < 1e-300 {
            0.0
        } else {
            (b[row] - rest) / a[row][row]
        };
    }
    x
}

/// The Brier score of predictions: the mean over observations and seats of
/// `(predicted - happened)^2`, where `happened` is 1 for the winner and 0 otherwise
/// (with two seats: the usual binary Brier score). 0 is perfect; always predicting
/// `1 / seats` scores `(seats - 1) / seats^2` (0.25 for two seats).
pub fn brier(predictions: &[(Vec<f64>, Seat)]) -> f64 {
    let mut total = 0.0;
    let mut terms = 0usize;
    for (p, winner) in predictions {
        for (seat, &pi) in p.iter().enumerate() {
            let y = if seat == *winner { 1.0 } else { 0.0 };
            total += (pi - y) * (pi - y);
            terms += 1;
        }
    }
    if terms == 0 { 0.0 } else { total / terms as f64 }
}

/// One bucket of a calibration table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bucket {
    /// The lower edge of the bucket's predicted probabilities.
    pub from: f64,
    /// Predictions in the bucket.
    pub count: usize,
    /// Their mean predicted probability.
    pub predicted: f64,
    /// How often the event happened.
    pub observed: f64,
}

/// Sorts `(predicted probability, happened)` pairs into `count` equal-width buckets.
pub fn buckets(pairs: &[(f64, bool)], count: usize) -> Vec<Bucket> {
    let mut out: Vec<Bucket> = (0..count)
        .map(|i| Bucket {
            from: i as f64 / count as f64,
            count: 0,
            predicted: 0.0,
            observed: 0.0,
        })
        .collect();
    for &(p, happened) in pairs {
        let index = ((p * count as f64) as usize).min(count - 1);
        let bucket = &mut out[index];
        bucket.count += 1;
        bucket.predicted += p;
        bucket.observed += if happened { 1.0 } else { 0.0 };
    }
    for bucket in &mut out {
        if bucket.count > 0 {
            bucket.predicted /= bucket.count as f64;
            bucket.observed /= bucket.count as f64;
        }
    }
    out
}

/// The baseline every fit is compared with: the softmax of [`Strategy::evaluate`] (scaled by
/// 10) over the seats, the estimate the games had before their own were fitted.
pub fn stand_in<G: Strategy>(game: &G) -> Vec<f64> {
    let seats = game.seat_count();
    let scores: Vec<f64> = (0..seats).map(|s| game.evaluate(s)).collect();
    let top = scores.iter().copied().fold(f64::MIN, f64::max);
    let exps: Vec<f64> = scores.iter().map(|s| ((s - top) / 10.0).exp()).collect();
    let total: f64 = exps.iter().sum();
    exps.iter().map(|e| e / total).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_the_weights_of_a_known_logistic_model() {
        // Outcomes drawn from p = sigmoid(1.5 x - 0.5), x on a grid: the fit must find
        // both coefficients.
        let mut rng = SeededDice::new(3);
        let mut rows = Vec::new();
        for i in 0..20000 {
            let x = (i % 41) as f64 / 10.0 - 2.0;
            let p = crate::games::linear::sigmoid(1.5 * x - 0.5);
            let happened = f64::from(rng.below(1 << 20)) < p * f64::from(1 << 20);
            rows.push(Row::binary(vec![x, 1.0], happened));
        }
        let weights = fit(&rows, 1e-9);
        assert!((weights[0] - 1.5).abs() < 0.08, "{weights:?}");
        assert!((weights[1] + 0.5).abs() < 0.05, "{weights:?}");
    }

    #[test]
    fn brier_scores_and_buckets_count_what_happened() {
        let predictions = vec![(vec![0.8, 0.2], 0), (vec![0.5, 0.5], 1)];
        let expected = (0.04 + 0.04 + 0.25 + 0.25) / 4.0;
        assert!((brier(&predictions) - expected).abs() < 1e-12);
        let table = buckets(&[(0.05, false), (0.15, true), (0.95, true), (0.91, false)], 10);
        assert_eq!(table[0].count, 1);
        assert_eq!(table[9].count, 2);
        assert!((table[9].observed - 0.5).abs() < 1e-12);
        assert!((table[9].predicted - 0.93).abs() < 1e-12);
    }
}
