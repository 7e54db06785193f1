//! Statistics for results of games: intervals, Elo, ratings fitted over many players
//! ([`rating`]) and the sequential probability ratio test ([`sprt`]).

pub mod rating;
pub mod sprt;

/// Wilson score interval for `wins` out of `n`, as percentages.
pub fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 100.0);
    }
    let z = 1.96;
    let p = wins / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    (
        (100.0 * (centre - spread) / scale).max(0.0),
        (100.0 * (centre + spread) / scale).min(100.0),
    )
}

/// The Elo difference that an expected score `score` (0 to 1) means.
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score (0 to 1) that an Elo difference means: the inverse of [`elo`].
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal quantile: the `z` with `P(Z < z) = p`, for `0 < p < 1` (Acklam's
/// rational approximation, relative error below 1.2e-9).
pub fn normal_quantile(p: f64) -> f64 {
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    let tail = |q: f64| {
        let q = (-2.0 * q.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < 0.02425 {
        tail(p)
    } else if p > 1.0 - 0.02425 {
        -tail(1.0 - p)
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// A score (0 to 1) with its 95% interval, from games grouped into samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreInterval {
    /// The mean score per game: all points over all games.
    pub score: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// Games counted.
    pub games: f64,
}

impl ScoreInterval {
    /// Whether the interval leaves out an even score (one half): the difference is
    /// significant at the 5% level.
    pub fn significant(&self) -> bool {
        self.low > 0.5 || self.high < 0.5
    }

    /// The Elo difference the score means, with the interval's ends as Elo; the same
    /// model as the score's, so `elo.1 <= 0 <= elo.2` exactly when the score's interval
    /// holds one half.
    pub fn elo(&self) -> (f64, f64, f64) {
        (elo(self.score), elo(self.low), elo(self.high))
    }
}

/// The mean score of games grouped in `samples` (each: games in it, points scored in
/// them) with its 95% interval.
///
/// Games whose results go together (the seats of one pairing swapped on the same dice)
/// are one sample: each sample is one draw, so a pair of games is the pentanomial model
/// (a pair scores 0, 1/2, 1, 3/2 or 2) and samples of one game the trinomial (loss, draw,
/// win). The score's variance is the samples' spread around the mean (the ratio
/// estimator, which allows samples of unequal size such as the lone game of an
/// unfinished pair); its interval is Wilson's for the number of games that variance is
/// worth (`score (1 - score) / variance`), so it keeps within 0 to 1 and is not empty
/// at a score of 0 or 1. Where the samples show no spread (one sample, or all alike)
/// the games are counted as independent.
pub fn score_interval(samples: &[(f64, f64)]) -> ScoreInterval {
    let mut sums = SampleSums::default();
    for &(games, points) in samples {
        sums.add(games, points, 1.0);
    }
    sums.interval()
}

/// The running sums [`score_interval`] needs, kept as samples come and grow, so that a
/// match's standings are had after every game without going over all of them again.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SampleSums {
    /// Samples with games in them.
    samples: f64,
    /// Games, points, and the sums of games squared, games times points, points squared.
    games: f64,
    points: f64,
    games2: f64,
    cross: f64,
    points2: f64,
}

impl SampleSums {
    /// Adds a sample of `games` games that scored `points` (`sign` 1), or takes one away
    /// (`sign` -1): a sample that grows is taken away as it was and added as it is.
    pub fn add(&mut self, games: f64, points: f64, sign: f64) {
        if games <= 0.0 {
            return;
        }
        self.samples += sign;
        self.games += sign * games;
        self.points += sign * points;
        self.games2 += sign * games * games;
        self.cross += sign * games * points;
        self.points2 += sign * points * points;
    }

    /// The score and its interval, as [`score_interval`] gives them.
    pub fn interval(&self) -> ScoreInterval {
        let (games, k) = (self.games, self.samples.round());
        if games <= 0.0 {
            return ScoreInterval {
                score: 0.5,
                low: 0.0,
                high: 1.0,
                games: 0.0,
            };
        }
        let score = self.points / games;
        // The sum over samples of (points - score games)^2, expanded.
        let spread = (self.points2 - 2.0 * score * self.cross + score * score * self.games2).max(0.0);
        let variance = if k > 1.0 {
            k / (k - 1.0) * spread / (games * games)
        } else {
            0.0
        };
        let binomial = score * (1.0 - score);
        let effective = if variance > 1e-12 && binomial > 0.0 {
            binomial / variance
        } else {
            games
        };
        let (low, high) = wilson(score * effective, effective);
        ScoreInterval {
            score,
            low: (low / 100.0).min(score),
            high: (high / 100.0).max(score),
            games,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_is_all_points_over_all_games_whatever_the_samples() {
        // Seven pairs won twice and a lone game lost: 14 of 15, not the mean of samples.
        let mut samples = vec![(2.0, 2.0); 7];
        samples.push((1.0, 0.0));
        let share = score_interval(&samples);
        assert!((share.score - 14.0 / 15.0).abs() < 1e-12);
        assert!(share.low < share.score && share.high <= 1.0);
    }

    #[test]
    fn pairs_whose_luck_cancels_give_a_narrower_interval_than_single_games() {
        // 30 pairs: 20 split one each, 10 won twice; the same 40 wins of 60 counted one
        // game at a time spread more.
        let mut pairs = vec![(2.0, 1.0); 20];
        pairs.extend(vec![(2.0, 2.0); 10]);
        let mut single = vec![(1.0, 1.0); 40];
        single.extend(vec![(1.0, 0.0); 20]);
        let (paired, alone) = (score_interval(&pairs), score_interval(&single));
        assert!((paired.score - alone.score).abs() < 1e-12);
        assert!(
            paired.high - paired.low < alone.high - alone.low,
            "{paired:?} {alone:?}"
        );
        // Single games are about Wilson's interval for 40 of 60.
        let (low, high) = wilson(40.0, 60.0);
        assert!((100.0 * alone.low - low).abs() < 1.0, "{alone:?} {low}");
        assert!((100.0 * alone.high - high).abs() < 1.0, "{alone:?} {high}");
    }

    #[test]
    fn samples_without_spread_count_their_games_as_independent() {
        let all = score_interval(&[(2.0, 2.0); 5]);
        let (low, _) = wilson(10.0, 10.0);
        assert!((100.0 * all.low - low).abs() < 1e-9 && all.high == 1.0, "{all:?}");
        assert!(all.significant());
        let none = score_interval(&[]);
        assert!(!none.significant());
        let (elo_score, elo_low, elo_high) = score_interval(&[(2.0, 1.0), (2.0, 2.0)]).elo();
        assert!(elo_low < elo_score && elo_score < elo_high);
    }

    #[test]
    fn sums_kept_as_samples_grow_give_the_interval_of_the_samples() {
        let mut sums = SampleSums::default();
        // A pair's first game, then the pair whole: taken away as it was, added as it is.
        sums.add(1.0, 1.0, 1.0);
        sums.add(1.0, 1.0, -1.0);
        sums.add(2.0, 1.5, 1.0);
        sums.add(2.0, 0.5, 1.0);
        sums.add(1.0, 1.0, 1.0);
        let whole = score_interval(&[(2.0, 1.5), (2.0, 0.5), (1.0, 1.0)]);
        let kept = sums.interval();
        assert!((kept.score - whole.score).abs() < 1e-12);
        assert!((kept.low - whole.low).abs() < 1e-9 && (kept.high - whole.high).abs() < 1e-9);
        assert!((whole.score - 0.6).abs() < 1e-12);
    }
}
