//! Statistics for results of games: intervals and ratings.

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
