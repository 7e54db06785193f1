//! What a match's games say about its players beyond their own rows: ratings fitted over
//! all games with the score matrix of who beat whom, and the SPRT's progress over the
//! pairs of games on the same dice.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::GameSummary;
use super::table::{format_elo, wrap};
use crate::core::stats::rating::{Encounter, Fit, fit};
use crate::core::stats::sprt::{Sprt, Verdict};

/// Every two players who sat at one game, with what the first scored against the second
/// by their places (a shared place is half): a game of `k` seats is `k (k - 1) / 2`
/// encounters, as the ratings and the score matrix count it.
pub(super) fn encounters(games: &[GameSummary]) -> Vec<Encounter> {
    let mut list = Vec::new();
    for game in games {
        for s in 0..game.seat_players.len() {
            for t in s + 1..game.seat_players.len() {
                let (Some(&ps), Some(&pt)) = (game.places.get(s), game.places.get(t)) else {
                    continue;
                };
                let score = match ps.cmp(&pt) {
                    std::cmp::Ordering::Less => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Greater => 0.0,
                };
                list.push(Encounter {
                    a: game.seat_players[s],
                    b: game.seat_players[t],
                    score,
                });
            }
        }
    }
    list
}

/// The most players the score matrix shows within 80 columns.
const MATRIX_PLAYERS: usize = 15;

/// The ratings, ranked, and the score matrix.
pub(super) fn ratings_section(
    labels: &[String],
    games: &[GameSummary],
    anchor: Option<(usize, f64)>,
    name_width: usize,
) -> String {
    let players = labels.len();
    let list = encounters(games);
    let mut text = String::new();
    let basis = match anchor {
        Some((player, elo)) => format!("#{} {} at {elo}", player + 1, labels[player]),
        None => "mean 0".to_string(),
    };
    match fit(players, &list, anchor) {
        Fit::Ratings { elo, half_width } => {
            text.push_str(&wrap(&format!(
                "ratings (Elo, maximum likelihood over {} encounters, {basis}; 95% CI):",
                list.len()
            )));
            let mut order: Vec<usize> = (0..players).collect();
            order.sort_by(|&a, &b| {
                let key = |p: usize| elo[p].unwrap_or(f64::NEG_INFINITY);
                key(b).total_cmp(&key(a)).then(a.cmp(&b))
            });
            let _ = writeln!(
                text,
                "{:<5}{:<3}{:<w$} {:>6}  (95% CI)",
                "rank",
                "#",
                "player",
                "Elo",
                w = name_width
            );
            for (rank, &p) in order.iter().enumerate() {
                let (rating, interval) = match (elo[p], half_width[p]) {
                    (Some(e), Some(h)) => (
                        format_elo(e),
                        if h > 0.0 {
                            format!("({} to {})", format_elo(e - h), format_elo(e + h))
                        } else {
                            "(anchor)".to_string()
                        },
                    ),
                    _ => ("-".to_string(), "(no games)".to_string()),
                };
                let _ = writeln!(
                    text,
                    "{:<5}{:<3}{:<w$} {:>6}  {interval}",
                    rank + 1,
                    p + 1,
                    labels[p],
                    rating,
                    w = name_width
                );
            }
        }
        Fit::Shutout { ahead, behind } => {
            let names = |group: &[usize]| -> String {
                group
                    .iter()
                    .map(|&p| format!("#{} {}", p + 1, labels[p]))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let line = if behind.is_empty() {
                format!(
                    "ratings: none fit, {} never met the other players, so there is no common scale",
                    names(&ahead)
                )
            } else {
                format!(
                    "ratings: none fit, a shutout: {} scored every point against {}, so their gap \
                     has no finite estimate (play more games, or see the score matrix)",
                    names(&ahead),
                    names(&behind)
                )
            };
            text.push_str(&wrap(&line));
        }
    }
    text.push_str(&score_matrix(labels, &list, name_width));
    text
}

/// Row's score against column in percent, over the encounters of the two.
fn score_matrix(labels: &[String], list: &[Encounter], name_width: usize) -> String {
    let players = labels.len();
    if players > MATRIX_PLAYERS {
        return wrap(&format!(
            "score matrix left out: more than {MATRIX_PLAYERS} players do not fit in 80 columns"
        ));
    }
    let mut scored = vec![vec![0.0f64; players]; players];
    let mut met = vec![vec![0u64; players]; players];
    for e in list {
        scored[e.a][e.b] += e.score;
        scored[e.b][e.a] += 1.0 - e.score;
        met[e.a][e.b] += 1;
        met[e.b][e.a] += 1;
    }
    let counts: Vec<u64> = (0..players)
        .flat_map(|a| (a + 1..players).map(move |b| (a, b)))
        .map(|(a, b)| met[a][b])
        .filter(|&n| n > 0)
        .collect();
    let each = match (counts.iter().min(), counts.iter().max()) {
        (Some(low), Some(high)) if low == high => format!("{low} encounters each"),
        (Some(low), Some(high)) => format!("{low} to {high} encounters each"),
        _ => "no encounters".to_string(),
    };
    let mut text = wrap(&format!("score matrix (row's score against column, %; {each}):"));
    let mut header = format!("{:<3}{:<w$}", "#", "", w = name_width);
    for p in 0..players {
        let _ = write!(header, "{:>4}", p + 1);
    }
    let _ = writeln!(text, "{}", header.trim_end());
    for a in 0..players {
        let mut row = format!("{:<3}{:<w$}", a + 1, labels[a], w = name_width);
        for b in 0..players {
            let cell = if a == b || met[a][b] == 0 {
                "-".to_string()
            } else {
                format!("{:.0}", 100.0 * scored[a][b] / met[a][b] as f64)
            };
            let _ = write!(row, "{cell:>4}");
        }
        let _ = writeln!(text, "{row}");
    }
    text
}

/// The SPRT over a match's pairs of games on the same dice, fed in game order: a pair
/// counts once both its games are in, so the verdict (and the game it falls at) is the
/// same whatever order parallel jobs finish in, and the same again from the records.
#[derive(Clone, Debug)]
pub(super) struct SprtProgress {
    sprt: Sprt,
    /// Pairs by the first player's points in them (0, 1/2, 1, 3/2, 2).
    pairs: [u64; 5],
    /// The same games one by one: losses, draws, wins of the first player.
    games: [u64; 3],
    /// The next pair to count.
    next: u64,
    /// The verdict and after how many pairs it fell.
    decided: Option<(Verdict, u64)>,
    /// Where the games counted one by one (the trinomial model) first crossed a bound.
    trinomial: Option<(Verdict, u64)>,
}

impl SprtProgress {
    /// A test not yet fed.
    pub fn new(sprt: Sprt) -> SprtProgress {
        SprtProgress {
            sprt,
            pairs: [0; 5],
            games: [0; 3],
            next: 0,
            decided: None,
            trinomial: None,
        }
    }

    /// Counts the pairs now complete in `finished` (games by index), in order, up to a
    /// verdict; past it the games still tell where the trinomial model would stop.
    pub fn feed(&mut self, finished: &BTreeMap<u64, GameSummary>) {
        while let (Some(first), Some(second)) =
            (finished.get(&(2 * self.next)), finished.get(&(2 * self.next + 1)))
        {
            let scores = [first_player_score(first), first_player_score(second)];
            if self.decided.is_none() {
                let points = ((scores[0] + scores[1]) * 2.0).round() as usize;
                self.pairs[points.min(4)] += 1;
            }
            for score in scores {
                if self.trinomial.is_none() {
                    self.games[((score * 2.0).round() as usize).min(2)] += 1;
                    let verdict = self.sprt.verdict(self.sprt.llr_games(&self.games));
                    if verdict != Verdict::Continue {
                        self.trinomial = Some((verdict, self.games.iter().sum()));
                    }
                }
            }
            self.next += 1;
            if self.decided.is_none() {
                let verdict = self.sprt.verdict(self.llr());
                if verdict != Verdict::Continue {
                    self.decided = Some((verdict, self.next));
                }
            }
        }
    }

    /// The test over every complete pair of `games`, gaps skipped, without stopping: a
    /// shard's own view of its slice.
    pub fn over_all(sprt: Sprt, games: &BTreeMap<u64, GameSummary>) -> SprtProgress {
        let mut progress = SprtProgress::new(sprt);
        let pairs: Vec<u64> = games.keys().map(|g| g / 2).collect();
        for pair in pairs {
            if progress.next <= pair {
                progress.next = pair;
                progress.feed(games);
            }
        }
        progress
    }

    /// The first game of the first pair not complete, if the games go on past it (a
    /// missing shard): the test stops counting there.
    pub fn gap(&self, finished: &BTreeMap<u64, GameSummary>) -> Option<u64> {
        let after = finished
            .keys()
            .next_back()
            .is_some_and(|&last| last >= 2 * self.next);
        (self.decided.is_none() && after).then_some(2 * self.next)
    }

    /// The pentanomial LLR so far.
    pub fn llr(&self) -> f64 {
        self.sprt.llr_pairs(&self.pairs)
    }

    /// The games that count: all before the verdict's pair, or `None` (all) if none fell.
    pub fn cutoff(&self) -> Option<u64> {
        self.decided.map(|(_, pairs)| 2 * pairs)
    }

    /// The progress bar's words: the LLR and its bounds.
    pub fn progress(&self) -> String {
        let (lower, upper) = self.sprt.bounds();
        format!("LLR {:.2} ({lower:.2}, {upper:.2})", self.llr())
    }

    /// The table's lines on the test.
    pub fn lines(&self) -> String {
        let sprt = &self.sprt;
        let (lower, upper) = sprt.bounds();
        let pairs: u64 = self.pairs.iter().sum();
        let mut text = wrap(&format!(
            "SPRT elo0={} elo1={} alpha={} beta={} over {pairs} pairs of games, pentanomial \
             {:?}: LLR {:.2} (bounds {lower:.2}, {upper:.2})",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            self.pairs,
            self.llr()
        ));
        let verdict = match self.decided {
            Some((Verdict::H1, pairs)) => format!("H1 accepted after {} games", 2 * pairs),
            Some((_, pairs)) => format!("H0 accepted after {} games", 2 * pairs),
            None => "no verdict yet: --games ran out first".to_string(),
        };
        let counted_alone = match self.trinomial {
            Some((verdict, games)) => format!(
                "counted one by one (trinomial) the games would have decided {} after {games}",
                if verdict == Verdict::H1 { "H1" } else { "H0" }
            ),
            None => format!(
                "counted one by one (trinomial) they have not decided yet (LLR {:.2})",
                sprt.llr_games(&self.games)
            ),
        };
        text.push_str(&wrap(&format!("{verdict}; {counted_alone}")));
        if pairs >= 2 {
            let n = pairs as f64;
            let mean: f64 = (0..5).map(|k| self.pairs[k] as f64 * k as f64 / 4.0).sum::<f64>() / n;
            let variance = (0..5)
                .map(|k| self.pairs[k] as f64 * (k as f64 / 4.0 - mean).powi(2))
                .sum::<f64>()
                / (n - 1.0);
            if variance > 0.0 {
                text.push_str(&wrap(&format!(
                    "a match of fixed length with the same error rates needs about {:.0} games at \
                     this spread of pair results",
                    2.0 * sprt.fixed_length(variance.sqrt()).ceil()
                )));
            }
        }
        text
    }
}

/// The first player's score in a two-player game: 1 a win, 1/2 a shared first place.
fn first_player_score(game: &GameSummary) -> f64 {
    game.seat_players
        .iter()
        .position(|&p| p == 0)
        .map_or(0.0, |seat| game.win_share(seat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::protocol::client::Traffic;

    fn game(index: u64, first_wins: bool) -> GameSummary {
        let seat_players = if index.is_multiple_of(2) {
            vec![0, 1]
        } else {
            vec![1, 0]
        };
        let first_seat = seat_players.iter().position(|&p| p == 0).unwrap();
        let mut places = vec![2, 2];
        places[if first_wins { first_seat } else { 1 - first_seat }] = 1;
        GameSummary {
            index,
            seat_players,
            points: places.iter().map(|&p| if p == 1 { 1.0 } else { 0.0 }).collect(),
            places,
            forfeit: None,
            stderr: Vec::new(),
            names: Vec::new(),
            moves: 10,
            traffic: Traffic::default(),
            adjudicated: None,
        }
    }

    #[test]
    fn pairs_count_in_order_and_the_verdict_falls_at_the_same_pair_in_any_order() {
        let sprt = Sprt::parse("elo0=0,elo1=200").unwrap();
        let games: Vec<GameSummary> = (0..40).map(|g| game(g, g % 4 != 3)).collect();
        let mut in_order = SprtProgress::new(sprt);
        let mut finished = BTreeMap::new();
        for g in &games {
            finished.insert(g.index, g.clone());
            in_order.feed(&finished);
        }
        let mut reversed = SprtProgress::new(sprt);
        let mut finished = BTreeMap::new();
        for g in games.iter().rev() {
            finished.insert(g.index, g.clone());
            reversed.feed(&finished);
        }
        assert_eq!(in_order.cutoff(), reversed.cutoff());
        let cutoff = in_order.cutoff().expect("a verdict");
        assert!(cutoff < 40 && cutoff.is_multiple_of(2), "{cutoff}");
        assert!(
            in_order
                .lines()
                .contains(&format!("H1 accepted after {cutoff} games"))
        );
        // Only the pairs before the verdict count: one split pair in every two.
        let counted: u64 = in_order.pairs.iter().sum();
        assert_eq!(counted, cutoff / 2);
        assert_eq!(in_order.pairs[1] + in_order.pairs[3], 0);
    }

    #[test]
    fn a_half_pair_does_not_count() {
        let mut progress = SprtProgress::new(Sprt::parse("elo0=0,elo1=20").unwrap());
        let mut finished = BTreeMap::new();
        finished.insert(1, game(1, true));
        progress.feed(&finished);
        assert_eq!(progress.pairs, [0; 5]);
        finished.insert(0, game(0, true));
        progress.feed(&finished);
        assert_eq!(progress.pairs, [0, 0, 0, 0, 1]);
        assert!(progress.lines().contains("--games ran out first"));
    }

    #[test]
    fn many_seats_give_an_encounter_for_every_two_players() {
        let mut g = game(0, true);
        g.seat_players = vec![2, 0, 1];
        g.places = vec![1, 2, 2];
        let list = encounters(&[g]);
        assert_eq!(list.len(), 3);
        assert!(list.contains(&Encounter {
            a: 2,
            b: 0,
            score: 1.0
        }));
        assert!(list.contains(&Encounter {
            a: 0,
            b: 1,
            score: 0.5
        }));
    }
}
