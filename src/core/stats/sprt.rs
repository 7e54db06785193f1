//! The sequential probability ratio test between two Elo hypotheses, as fishtest and
//! fastchess run it: after every result the log-likelihood ratio (LLR) of `elo1` against
//! `elo0` is compared with the bounds `ln(beta / (1 - alpha))` and
//! `ln((1 - beta) / alpha)`; crossing one accepts its hypothesis.
//!
//! The results are a multinomial over a few outcomes (each with its score `a_i`), and
//! under each hypothesis the distribution is the one most likely to give what was seen
//! among those whose mean score is the hypothesis's (`s = 1 / (1 + 10^(-elo / 400))`):
//! `p_i = q_i / (1 + theta (a_i - s))`, with `q_i` the frequencies seen and `theta` the
//! root of `sum q_i (a_i - s) / (1 + theta (a_i - s)) = 0` (Van den Bergh, "Comments on
//! normalized Elo", proposition 1.1). The LLR is `n sum q_i ln(p1_i / p0_i)`.
//!
//! Games played in pairs on the same dice with the seats swapped are one sample per
//! pair, of five outcomes (the pair's score 0, 1/2, 1, 3/2 or 2, as a mean 0 to 1): the
//! pentanomial model. Counting the games as independent (the trinomial model: loss, draw,
//! win) ignores that the pair's two results go together, overstates the variance when
//! the luck of the dice cancels within a pair, and needs more games.

/// The mean score of each pentanomial outcome: a pair scoring 0, 1/2, 1, 3/2 or 2.
pub const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// The score of each trinomial outcome: loss, draw, win.
pub const GAME_SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// What an outcome never seen counts as, so that the test is defined from the first
/// result on (fastchess's choice).
const UNSEEN: f64 = 1e-3;

/// An SPRT's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (above `elo0`).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR is between the bounds: play on.
    Continue,
    /// The LLR fell to the lower bound.
    H0,
    /// The LLR rose to the upper bound.
    H1,
}

/// How an SPRT is written, for the errors that show it.
const SPRT_USAGE: &str = "write --sprt elo0=E0,elo1=E1[,alpha=A,beta=B], e.g. --sprt elo0=0,elo1=20";

/// Why a text is not an SPRT.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// A part without `=`.
    #[error("'{part}' is not KEY=VALUE; {SPRT_USAGE}")]
    NotKeyValue {
        /// The part as written.
        part: String,
    },
    /// A value that is not a finite number.
    #[error("'{value}' in '{part}' is not a number; {SPRT_USAGE}")]
    NotANumber {
        /// The part as written.
        part: String,
        /// Its value.
        value: String,
    },
    /// A key other than elo0, elo1, alpha and beta.
    #[error("unknown SPRT key '{key}'; {SPRT_USAGE}")]
    UnknownKey {
        /// The key as written.
        key: String,
    },
    /// elo0 or elo1 left out.
    #[error("the SPRT needs both elo0 and elo1; {SPRT_USAGE}")]
    NeedsBothElos,
    /// Read, but no test can be made of it.
    #[error("{0}; {SPRT_USAGE}")]
    Unsound(SprtUnsound),
}

/// Why hypotheses and error rates make no test.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtUnsound {
    /// elo0 is not below elo1.
    #[error("elo0 ({elo0}) must be below elo1 ({elo1})")]
    EloOrder {
        /// The lower hypothesis.
        elo0: f64,
        /// The upper hypothesis.
        elo1: f64,
    },
    /// A hypothesis of 2000 Elo or more either way.
    #[error("elo0 and elo1 must lie within -2000 and 2000")]
    EloRange,
    /// alpha or beta not strictly between 0 and 0.5.
    #[error("{name} must be above 0 and below 0.5 (got {value})")]
    ErrorRate {
        /// `alpha` or `beta`.
        name: &'static str,
        /// Its value.
        value: f64,
    },
}

impl Sprt {
    /// Reads `elo0=E0,elo1=E1[,alpha=A,beta=B]` (alpha and beta default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, SprtError> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| SprtError::NotKeyValue { part: part.into() })?;
            let number: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| SprtError::NotANumber {
                    part: part.into(),
                    value: value.into(),
                })?;
            match key.trim() {
                "elo0" => elo0 = Some(number),
                "elo1" => elo1 = Some(number),
                "alpha" => alpha = number,
                "beta" => beta = number,
                other => return Err(SprtError::UnknownKey { key: other.into() }),
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            return Err(SprtError::NeedsBothElos);
        };
        let sprt = Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        };
        sprt.check().map(|()| sprt).map_err(SprtError::Unsound)
    }

    /// Refuses hypotheses and error rates that make no test.
    pub fn check(&self) -> Result<(), SprtUnsound> {
        if self.elo0 >= self.elo1 {
            return Err(SprtUnsound::EloOrder {
                elo0: self.elo0,
                elo1: self.elo1,
            });
        }
        if self.elo0.abs() >= 2000.0 || self.elo1.abs() >= 2000.0 {
            return Err(SprtUnsound::EloRange);
        }
        for (name, value) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(value > 0.0 && value < 0.5) {
                return Err(SprtUnsound::ErrorRate { name, value });
            }
        }
        Ok(())
    }

    /// The lower and upper bounds of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict at `llr`.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// The LLR of pairs of games: `counts[k]` pairs scored `k / 2` (0 to 2 points).
    pub fn llr_pairs(&self, counts: &[u64; 5]) -> f64 {
        self.llr(&PAIR_SCORES, counts)
    }

    /// The LLR of games counted as independent: losses, draws, wins.
    pub fn llr_games(&self, counts: &[u64; 3]) -> f64 {
        self.llr(&GAME_SCORES, counts)
    }

    fn llr(&self, scores: &[f64], counts: &[u64]) -> f64 {
        if counts.iter().all(|&c| c == 0) {
            return 0.0;
        }
        let counts: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { UNSEEN } else { c as f64 })
            .collect();
        llr_logistic(
            scores,
            &counts,
            super::score_of_elo(self.elo0),
            super::score_of_elo(self.elo1),
        )
    }

    /// About how many samples a test of fixed length needs for the same error rates,
    /// when one sample's score has standard deviation `sd`: the `n` at which a one-sided
    /// test of the mean at level `alpha` has power `1 - beta` at `elo1`.
    pub fn fixed_length(&self, sd: f64) -> f64 {
        let (s0, s1) = (super::score_of_elo(self.elo0), super::score_of_elo(self.elo1));
        let z = super::normal_quantile(1.0 - self.alpha) + super::normal_quantile(1.0 - self.beta);
        (z * sd / (s1 - s0)).powi(2)
    }
}

/// The LLR of mean score `s1` against `s0` for `counts[i]` results of score `scores[i]`
/// (every count above 0, scores ascending, `s0` and `s1` strictly between the first and
/// the last score).
pub fn llr_logistic(scores: &[f64], counts: &[f64], s0: f64, s1: f64) -> f64 {
    let total: f64 = counts.iter().sum();
    let seen: Vec<f64> = counts.iter().map(|c| c / total).collect();
    let p0 = most_likely_with_mean(scores, &seen, s0);
    let p1 = most_likely_with_mean(scores, &seen, s1);
    total
        * seen
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(q, (a, b))| q * (b.ln() - a.ln()))
            .sum::<f64>()
}

/// The distribution over `scores` with mean `s` most likely to give the frequencies
/// `seen`: `seen_i / (1 + theta (a_i - s))`, `theta` found by bisection (the equation's
/// left side falls steadily between its poles).
pub fn most_likely_with_mean(scores: &[f64], seen: &[f64], s: f64) -> Vec<f64> {
    let lowest = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let equation = |theta: f64| -> f64 {
        scores
            .iter()
            .zip(seen)
            .map(|(a, q)| q * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    // Between the poles every 1 + theta (a_i - s) stays positive.
    let (mut low, mut high) = (-1.0 / (highest - s), -1.0 / (lowest - s));
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        if equation(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let theta = 0.5 * (low + high);
    scores
        .iter()
        .zip(seen)
        .map(|(a, q)| q / (1.0 + theta * (a - s)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::stats::score_of_elo;

    #[test]
    fn the_bounds_are_walds() {
        let sprt = Sprt::parse("elo0=0,elo1=5").unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((lower + 2.944_438_979).abs() < 1e-8, "{lower}");
        assert!((upper - 2.944_438_979).abs() < 1e-8, "{upper}");
        let sprt = Sprt::parse("elo0=-1.5, elo1=2.5, alpha=0.1, beta=0.2").unwrap();
        assert_eq!(sprt.bounds(), ((0.2f64 / 0.9).ln(), (0.8f64 / 0.1).ln()));
        assert_eq!(sprt.verdict(2.08), Verdict::H1);
        assert_eq!(sprt.verdict(-1.51), Verdict::H0);
        assert_eq!(sprt.verdict(0.0), Verdict::Continue);
    }

    #[test]
    fn bad_tests_are_refused_with_the_way_to_write_one() {
        for (text, says) in [
            ("elo0=5,elo1=0", "must be below elo1"),
            ("elo0=0", "needs both elo0 and elo1"),
            ("elo0=0,elo1=5,alpha=0.7", "alpha must be above 0"),
            ("elo0=0,elo1=x", "'x' in 'elo1=x' is not a number"),
            ("elo0=0,elo1=5,gamma=1", "unknown SPRT key 'gamma'"),
            ("0,5", "is not KEY=VALUE"),
        ] {
            let error = Sprt::parse(text).unwrap_err().to_string();
            assert!(error.contains(says), "{text}: {error}");
            assert!(error.contains("--sprt elo0=0,elo1=20"), "{error}");
        }
    }

    #[test]
    fn with_two_outcomes_the_llr_is_the_bernoullis() {
        // Only wins and losses: the only distribution with mean s is (1 - s, s), so the
        // LLR is W ln(s1/s0) + L ln((1-s1)/(1-s0)) exactly.
        let (s0, s1) = (score_of_elo(0.0), score_of_elo(20.0));
        let llr = llr_logistic(&[0.0, 1.0], &[40.0, 60.0], s0, s1);
        let exact = 60.0 * (s1 / s0).ln() + 40.0 * ((1.0 - s1) / (1.0 - s0)).ln();
        assert!((llr - exact).abs() < 1e-9, "{llr} vs {exact}");
    }

    #[test]
    fn with_three_outcomes_the_llr_matches_the_quadratic_solved_by_hand() {
        // Outcomes 0, 1/2, 1 seen with frequencies q: clearing the denominators of the
        // equation for theta leaves a quadratic, solved here in closed form.
        let q = [0.2, 0.3, 0.5];
        let counts = [20.0, 30.0, 50.0];
        let s = score_of_elo(50.0);
        let d = [-s, 0.5 - s, 1.0 - s];
        // sum_i q_i d_i prod_{j != i} (1 + theta d_j) = 0, a theta^2 + b theta + c = 0.
        let (mut a, mut b, mut c) = (0.0, 0.0, 0.0);
        for i in 0..3 {
            let (j, k) = ((i + 1) % 3, (i + 2) % 3);
            a += q[i] * d[i] * d[j] * d[k];
            b += q[i] * d[i] * (d[j] + d[k]);
            c += q[i] * d[i];
        }
        let roots = [
            (-b + (b * b - 4.0 * a * c).sqrt()) / (2.0 * a),
            (-b - (b * b - 4.0 * a * c).sqrt()) / (2.0 * a),
        ];
        let theta = roots
            .into_iter()
            .find(|t| d.iter().all(|di| 1.0 + t * di > 0.0))
            .unwrap();
        let by_hand: Vec<f64> = (0..3).map(|i| q[i] / (1.0 + theta * d[i])).collect();
        let fitted = most_likely_with_mean(&GAME_SCORES, &q, s);
        for i in 0..3 {
            assert!((fitted[i] - by_hand[i]).abs() < 1e-12, "{fitted:?} {by_hand:?}");
        }
        let mean: f64 = (0..3).map(|i| fitted[i] * GAME_SCORES[i]).sum();
        assert!((mean - s).abs() < 1e-12);
        assert!((fitted.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        // H0 at the mean seen: its distribution is the one seen, and the LLR is
        // n sum q ln(p1 / q).
        let seen_mean = 0.65;
        let s1 = score_of_elo(50.0);
        let llr = llr_logistic(&GAME_SCORES, &counts, seen_mean, s1);
        let expected: f64 = 100.0 * (0..3).map(|i| q[i] * (by_hand[i] / q[i]).ln()).sum::<f64>();
        assert!((llr - expected).abs() < 1e-9, "{llr} vs {expected}");
    }

    #[test]
    fn pairs_that_split_carry_less_noise_than_the_same_games_counted_alone() {
        // 100 pairs: 30 won both, 60 split, 10 lost both: 120 wins and 80 losses in 200
        // games. Counted alone the same games look noisier.
        let sprt = Sprt::parse("elo0=0,elo1=20").unwrap();
        let pairs = sprt.llr_pairs(&[10, 0, 60, 0, 30]);
        let games = sprt.llr_games(&[80, 0, 120]);
        assert!(pairs > games, "pentanomial {pairs}, trinomial {games}");
        assert_eq!(sprt.llr_pairs(&[0; 5]), 0.0);
        // An even result leans to H0 at elo0=0 and elo1=20.
        assert!(sprt.llr_pairs(&[10, 0, 80, 0, 10]) < 0.0);
    }

    #[test]
    fn the_normal_quantile_and_the_fixed_length_test() {
        use crate::core::stats::normal_quantile;
        assert!((normal_quantile(0.95) - 1.644_853_627).abs() < 1e-8);
        assert!((normal_quantile(0.975) - 1.959_963_985).abs() < 1e-8);
        assert!((normal_quantile(0.01) + 2.326_347_874).abs() < 1e-8);
        assert_eq!(normal_quantile(0.5), 0.0);
        // Games of sd 0.5 (no draws), 0 against 20 Elo at 5% and 5%: about 3,300 games.
        let sprt = Sprt::parse("elo0=0,elo1=20").unwrap();
        let n = sprt.fixed_length(0.5);
        let by_hand = ((2.0 * 1.644_853_627 * 0.5) / (score_of_elo(20.0) - 0.5)).powi(2);
        assert!((n - by_hand).abs() < 1e-3, "{n}");
        assert!((3200.0..3350.0).contains(&n), "{n}");
    }
}
