//! Linear evaluations turned into win probabilities: each seat gets a score, a weighted
//! sum of its features, and the scores become win probabilities by a softmax (for two
//! seats: the logistic function of the score difference). The weights are fitted on
//! self-play results by `examples/calibrate.rs` (the fitting lives with the bots, above the games).

use crate::core::{Estimate, MAX_SEATS};

/// The weighted sum of `features`.
#[inline]
pub fn dot(weights: &[f64], features: &[f64]) -> f64 {
    weights.iter().zip(features).map(|(w, f)| w * f).sum()
}

/// The logistic function: the win probability of a score difference.
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Each seat's win probability from its score (a softmax), as an [`Estimate`]: two
/// seats get `2 * win - 1` as equity, more seats their win probability.
pub fn estimate_from_scores(scores: &[f64]) -> Estimate {
    let seats = scores.len().min(MAX_SEATS);
    if seats == 2 {
        return Estimate::two_seats(sigmoid(scores[0] - scores[1]));
    }
    let top = scores[..seats].iter().copied().fold(f64::MIN, f64::max);
    let mut wins = [0.0; MAX_SEATS];
    for seat in 0..seats {
        wins[seat] = (scores[seat] - top).exp();
    }
    Estimate::from_wins(&wins[..seats])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_become_probabilities_that_sum_to_one() {
        let two = estimate_from_scores(&[0.5, -0.5]);
        assert!((two.win[0] - sigmoid(1.0)).abs() < 1e-12);
        assert!((two.win[0] + two.win[1] - 1.0).abs() < 1e-12);
        let four = estimate_from_scores(&[1.0, 0.0, 0.0, -2.0]);
        let total: f64 = four.win.iter().sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!(four.win[0] > four.win[1] && four.win[1] > four.win[3]);
        assert_eq!(four.win[1], four.win[2]);
    }
}
