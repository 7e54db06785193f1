//! Ratings of many players fitted by maximum likelihood, as BayesElo and Ordo do: each
//! encounter of two players is a draw from the logistic Elo model
//! `P(a beats b) = 1 / (1 + 10^((r_b - r_a) / 400))`, a draw counting half, and the
//! ratings are those that make the results seen most likely. The 95% intervals come
//! from the curvature of the likelihood at its top (the inverse Fisher information).
//!
//! A finite fit exists only when no group of players scored every point against the
//! rest (else their gap could grow without end); such a shutout is reported as one.

/// One result between two players: `score` is what `a` got against `b` (1 a win, 0.5 a
/// draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Encounter {
    /// One player, by number from 0.
    pub a: usize,
    /// The other.
    pub b: usize,
    /// What `a` scored, 0 to 1.
    pub score: f64,
}

/// The fitted ratings.
#[derive(Clone, Debug, PartialEq)]
pub enum Fit {
    /// A rating per player and the half width of its 95% interval (`None` for a player
    /// without games). Their mean is 0, or the anchor has its given rating (and no
    /// interval of its own: the others are measured from it).
    Ratings {
        /// Elo per player.
        elo: Vec<Option<f64>>,
        /// Half the width of each 95% interval, in Elo.
        half_width: Vec<Option<f64>>,
    },
    /// No finite fit: the players in `ahead` scored every point in their games against
    /// those in `behind`; with `behind` empty, they never met the others at all.
    Shutout {
        /// The players who lost nothing to the others.
        ahead: Vec<usize>,
        /// Those who won nothing against them.
        behind: Vec<usize>,
    },
}

/// Natural units per Elo point: `x = elo * ln(10) / 400` makes the model `1 / (1 + e^-x)`.
const UNIT: f64 = std::f64::consts::LN_10 / 400.0;

/// Fits ratings for `players` players from `encounters`. With `anchor = Some((k, elo))`
/// player `k` is fixed at `elo`; otherwise the mean rating is 0.
pub fn fit(players: usize, encounters: &[Encounter], anchor: Option<(usize, f64)>) -> Fit {
    let (won, met) = tally(players, encounters);
    let playing: Vec<usize> = (0..players)
        .filter(|&p| met[p].iter().any(|&n| n > 0.0))
        .collect();
    if let Some(shutout) = find_shutout(&playing, &won, &met) {
        return shutout;
    }
    let anchor = anchor.filter(|(k, _)| playing.contains(k));
    let n = playing.len();
    // The player whose rating the constraint fixes: the anchor, or the last one.
    let pinned = anchor.map_or(n.saturating_sub(1), |(k, _)| {
        playing.iter().position(|&p| p == k).unwrap_or(0)
    });
    let x = most_likely(&playing, &won, &met, pinned);
    let (_, information) = derivatives(&x, &playing, &won, &met);
    let variance = match anchor {
        Some(_) => pinned_variances(&information, pinned),
        None => centred_variances(&information),
    };
    let offset = match anchor {
        Some((_, elo)) => elo - x[pinned] / UNIT,
        None => -x.iter().sum::<f64>() / n.max(1) as f64 / UNIT,
    };
    let mut elo = vec![None; players];
    let mut half_width = vec![None; players];
    for (i, &p) in playing.iter().enumerate() {
        elo[p] = Some(x[i] / UNIT + offset);
        half_width[p] = Some(1.959_963_984_540_054 * variance[i].max(0.0).sqrt() / UNIT);
    }
    Fit::Ratings { elo, half_width }
}

/// Scores (`won[a][b]`, what `a` got against `b`) and games (`met`) for every pair, both
/// ways; encounters of a player with itself or with no player are left out.
fn tally(players: usize, encounters: &[Encounter]) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let mut won = vec![vec![0.0f64; players]; players];
    let mut met = vec![vec![0.0f64; players]; players];
    for e in encounters {
        if e.a == e.b || e.a >= players || e.b >= players {
            continue;
        }
        let score = e.score.clamp(0.0, 1.0);
        won[e.a][e.b] += score;
        won[e.b][e.a] += 1.0 - score;
        met[e.a][e.b] += 1.0;
        met[e.b][e.a] += 1.0;
    }
    (won, met)
}

/// The ratings of the `playing` players (natural units, in their order) that make the
/// results most likely, with the one at `pinned` left at 0.
fn most_likely(playing: &[usize], won: &[Vec<f64>], met: &[Vec<f64>], pinned: usize) -> Vec<f64> {
    let n = playing.len();
    let mut x = vec![0.0f64; n];
    // Newton's method on the log-likelihood, with the pinned player's step fixed by the
    // constraint; a step that lowers the likelihood is halved.
    for _ in 0..100 {
        let (gradient, information) = derivatives(&x, playing, won, met);
        let free = free_players(n, pinned);
        let rhs: Vec<f64> = free.iter().map(|&i| gradient[i]).collect();
        let Some(step) = solve(reduced(&information, &free), rhs) else {
            break;
        };
        let before = log_likelihood(&x, playing, won);
        let mut scale = 1.0;
        let mut moved = false;
        for _ in 0..30 {
            let mut trial = x.clone();
            for (k, &i) in free.iter().enumerate() {
                trial[i] += scale * step[k];
            }
            if log_likelihood(&trial, playing, won) >= before - 1e-12 {
                x = trial;
                moved = true;
                break;
            }
            scale /= 2.0;
        }
        let size = step.iter().fold(0.0f64, |m, s| m.max(s.abs())) * scale;
        if !moved || size < 1e-10 {
            break;
        }
    }
    x
}

/// The log-likelihood of the results `won` with the ratings `x` of the `playing` players.
fn log_likelihood(x: &[f64], playing: &[usize], won: &[Vec<f64>]) -> f64 {
    let n = playing.len();
    let mut sum = 0.0;
    for i in 0..n {
        for j in 0..n {
            let w = won[playing[i]][playing[j]];
            if w > 0.0 {
                sum -= w * (1.0 + (x[j] - x[i]).exp()).ln();
            }
        }
    }
    sum
}

/// The players `0..n` other than the pinned one.
fn free_players(n: usize, pinned: usize) -> Vec<usize> {
    (0..n).filter(|&i| i != pinned).collect()
}

/// The rows and columns `free` of `matrix`.
fn reduced(matrix: &[Vec<f64>], free: &[usize]) -> Vec<Vec<f64>> {
    free.iter()
        .map(|&i| free.iter().map(|&j| matrix[i][j]).collect())
        .collect()
}

/// Each rating's variance with the one at `pinned` fixed (its own is 0).
fn pinned_variances(information: &[Vec<f64>], pinned: usize) -> Vec<f64> {
    let n = information.len();
    let free = free_players(n, pinned);
    let inverse = invert(reduced(information, &free)).unwrap_or_default();
    let mut variance = vec![0.0; n];
    for (k, &i) in free.iter().enumerate() {
        variance[i] = inverse
            .get(k)
            .and_then(|row| row.get(k))
            .copied()
            .unwrap_or(f64::NAN);
    }
    variance
}

/// Each rating's variance with their mean fixed at 0.
fn centred_variances(information: &[Vec<f64>]) -> Vec<f64> {
    let n = information.len();
    // The covariance is then the pseudo-inverse of the information matrix, whose null
    // space is the common shift of all ratings: (I + 11'/n)^-1 - 11'/n.
    let shift = 1.0 / n as f64;
    let lifted: Vec<Vec<f64>> = information
        .iter()
        .map(|row| row.iter().map(|v| v + shift).collect())
        .collect();
    match invert(lifted) {
        Some(inverse) => (0..n).map(|i| inverse[i][i] - shift).collect(),
        None => vec![f64::NAN; n],
    }
}

/// The gradient of the log-likelihood and the information matrix (minus its Hessian).
fn derivatives(
    x: &[f64],
    playing: &[usize],
    won: &[Vec<f64>],
    met: &[Vec<f64>],
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = x.len();
    let mut gradient = vec![0.0; n];
    let mut information = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            let games = met[playing[i]][playing[j]];
            if i == j || games == 0.0 {
                continue;
            }
            let p = 1.0 / (1.0 + (x[j] - x[i]).exp());
            gradient[i] += won[playing[i]][playing[j]] - games * p;
            let curvature = games * p * (1.0 - p);
            information[i][i] += curvature;
            information[i][j] -= curvature;
        }
    }
    (gradient, information)
}

/// A group of players that scored every point against everyone else they met, if the
/// results have one: then the likelihood grows without end as their ratings part.
fn find_shutout(playing: &[usize], won: &[Vec<f64>], met: &[Vec<f64>]) -> Option<Fit> {
    // An edge p -> q: p scored something against q. A finite fit needs every player to
    // reach every other (the graph strongly connected).
    let edge = |p: usize, q: usize| met[p][q] > 0.0 && won[p][q] > 0.0;
    let reach = |from: usize, forward: bool| -> Vec<usize> {
        let mut seen = vec![from];
        let mut stack = vec![from];
        while let Some(p) = stack.pop() {
            for &q in playing {
                let linked = if forward { edge(p, q) } else { edge(q, p) };
                if linked && !seen.contains(&q) {
                    seen.push(q);
                    stack.push(q);
                }
            }
        }
        seen
    };
    let &first = playing.first()?;
    if reach(first, true).len() == playing.len() && reach(first, false).len() == playing.len() {
        return None;
    }
    // The strongly connected groups; one that no outsider scored against is ahead.
    for &p in playing {
        let forward = reach(p, true);
        let mut group: Vec<usize> = reach(p, false)
            .into_iter()
            .filter(|q| forward.contains(q))
            .collect();
        group.sort_unstable();
        let scored_against = playing
            .iter()
            .any(|&q| !group.contains(&q) && group.iter().any(|&g| edge(q, g)));
        if !scored_against {
            let behind: Vec<usize> = playing
                .iter()
                .copied()
                .filter(|&q| !group.contains(&q) && group.iter().any(|&g| met[g][q] > 0.0))
                .collect();
            return Some(Fit::Shutout { ahead: group, behind });
        }
    }
    None
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None` if singular.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, bottom) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (offset, row) in bottom.iter_mut().enumerate() {
            let factor = row[col] / pivot_row[col];
            for (cell, &above) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *cell -= factor * above;
            }
            b[col + 1 + offset] -= factor * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - tail) / a[row][row];
    }
    Some(x)
}

/// The inverse of a square matrix, column by column; `None` if singular.
fn invert(a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut columns = Vec::with_capacity(n);
    for col in 0..n {
        let unit: Vec<f64> = (0..n).map(|i| if i == col { 1.0 } else { 0.0 }).collect();
        columns.push(solve(a.clone(), unit)?);
    }
    Some((0..n).map(|i| (0..n).map(|j| columns[j][i]).collect()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::stats::elo;

    fn games(a: usize, b: usize, wins: usize, losses: usize) -> Vec<Encounter> {
        let mut list = vec![Encounter { a, b, score: 1.0 }; wins];
        list.extend(vec![Encounter { a, b, score: 0.0 }; losses]);
        list
    }

    fn ratings(fit: &Fit) -> (Vec<f64>, Vec<f64>) {
        match fit {
            Fit::Ratings { elo, half_width } => (
                elo.iter().map(|e| e.unwrap()).collect(),
                half_width.iter().map(|h| h.unwrap()).collect(),
            ),
            Fit::Shutout { .. } => panic!("a shutout: {fit:?}"),
        }
    }

    #[test]
    fn two_players_part_by_the_elo_of_the_score_and_the_binomial_interval() {
        // 30 of 40: the difference is elo(0.75); its variance is 1/(n p (1-p)) in
        // natural units, and with the mean at 0 each rating carries half of it.
        let (elo_fit, half) = ratings(&fit(2, &games(0, 1, 30, 10), None));
        let d = elo(0.75);
        assert!((elo_fit[0] - d / 2.0).abs() < 1e-6, "{elo_fit:?}");
        assert!((elo_fit[1] + d / 2.0).abs() < 1e-6, "{elo_fit:?}");
        let sd_difference = (1.0f64 / (40.0 * 0.75 * 0.25)).sqrt() / UNIT;
        assert!(
            (half[0] - 1.959_964 * sd_difference / 2.0).abs() < 1e-3,
            "{half:?}"
        );
        // Anchored, the other player's interval is the whole difference's.
        let (anchored, half) = ratings(&fit(2, &games(0, 1, 30, 10), Some((1, 1500.0))));
        assert!((anchored[1] - 1500.0).abs() < 1e-9);
        assert!((anchored[0] - 1500.0 - d).abs() < 1e-6);
        assert_eq!(half[1], 0.0);
        assert!((half[0] - 1.959_964 * sd_difference).abs() < 1e-3, "{half:?}");
    }

    #[test]
    fn a_chain_of_results_is_fitted_exactly_along_it() {
        // A beat B 3-1 and B beat C 3-1, A never met C: a tree, fitted edge by edge.
        let mut list = games(0, 1, 3, 1);
        list.extend(games(1, 2, 3, 1));
        let (elo_fit, _) = ratings(&fit(3, &list, None));
        let d = elo(0.75);
        assert!((elo_fit[0] - d).abs() < 1e-6, "{elo_fit:?}");
        assert!(elo_fit[1].abs() < 1e-6, "{elo_fit:?}");
        assert!((elo_fit[2] + d).abs() < 1e-6, "{elo_fit:?}");
    }

    #[test]
    fn a_cycle_of_equal_results_rates_everyone_alike_and_draws_count_half() {
        let mut list = games(0, 1, 2, 1);
        list.extend(games(1, 2, 2, 1));
        list.extend(games(2, 0, 2, 1));
        let (elo_fit, half) = ratings(&fit(3, &list, None));
        assert!(elo_fit.iter().all(|e| e.abs() < 1e-6), "{elo_fit:?}");
        assert!((half[0] - half[2]).abs() < 1e-9);
        let draws = vec![
            Encounter {
                a: 0,
                b: 1,
                score: 0.5
            };
            4
        ];
        let mut list = draws;
        list.extend(games(0, 1, 1, 1));
        let (elo_fit, _) = ratings(&fit(2, &list, None));
        assert!(elo_fit[0].abs() < 1e-9);
    }

    #[test]
    fn a_shutout_is_named_instead_of_an_infinite_gap() {
        let Fit::Shutout { ahead, behind } = fit(2, &games(0, 1, 5, 0), None) else {
            panic!("not a shutout");
        };
        assert_eq!((ahead, behind), (vec![0], vec![1]));
        // Two beat three in every game, and the first two split theirs.
        let mut list = games(0, 1, 2, 2);
        list.extend(games(0, 2, 3, 0));
        list.extend(games(1, 2, 3, 0));
        let Fit::Shutout { ahead, behind } = fit(3, &list, None) else {
            panic!("not a shutout");
        };
        assert_eq!((ahead, behind), (vec![0, 1], vec![2]));
        // The group at the bottom named the other way round: the loser listed first.
        let Fit::Shutout { ahead, behind } = fit(2, &games(0, 1, 0, 4), None) else {
            panic!("not a shutout");
        };
        assert_eq!((ahead, behind), (vec![1], vec![0]));
    }

    #[test]
    fn players_without_games_get_no_rating() {
        let Fit::Ratings { elo, half_width } = fit(3, &games(0, 1, 3, 1), None) else {
            panic!("a shutout");
        };
        assert_eq!(elo[2], None);
        assert_eq!(half_width[2], None);
        assert!((elo[0].unwrap() + elo[1].unwrap()).abs() < 1e-9);
    }
}
