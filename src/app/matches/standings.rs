//! What a match's games say about its players beyond their own rows: ratings fitted over
//! all games with the score matrix of who beat whom, the SPRT's progress over the pairs
//! of games on the same dice, and the standings while the match is played (the running
//! score of `--each-game`, the progress bar's score and Elo).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::labels::{format_elo, wrap};
use super::{GameSummary, MatchConfig};
use crate::core::stats::SampleSums;
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

/// The standings while a match is played, kept game by game (each game costs the same
/// however many came before): the running score `--each-game` ends its lines with and
/// the progress bar's words. Its figures are the table's: the same samples per round
/// of games on the same dice (as `table::player_score` takes them) and the same labels.
pub(super) struct Live {
    /// Games per round (one dice seed).
    round: u64,
    /// Each player's sample per round: games, and first places (shares) in them.
    rounds: BTreeMap<(usize, u64), (f64, f64)>,
    /// Each player's sums over its samples.
    sums: Vec<SampleSums>,
    /// For two players who met at a two-seat table, the lower-numbered one's wins,
    /// losses and draws against the other.
    meetings: BTreeMap<(usize, usize), [u64; 3]>,
    /// The first game of each player seen, for the names engines gave.
    named: Vec<GameSummary>,
    /// The players as the table names them.
    labels: Vec<String>,
}

impl Live {
    /// The standings of the `finished` games.
    pub fn new(config: &MatchConfig, finished: &BTreeMap<u64, GameSummary>) -> Live {
        let players = config.players.len();
        let mut live = Live {
            round: config.round_length().max(1),
            rounds: BTreeMap::new(),
            sums: vec![SampleSums::default(); players],
            meetings: BTreeMap::new(),
            named: Vec::new(),
            labels: super::labels::player_labels(config, &[]),
        };
        for game in finished.values() {
            live.add(config, game);
        }
        live
    }

    /// Counts `game`, which just ended.
    pub fn add(&mut self, config: &MatchConfig, game: &GameSummary) {
        for (seat, &player) in game.seat_players.iter().enumerate() {
            let Some(sums) = self.sums.get_mut(player) else {
                continue;
            };
            let sample = self.rounds.entry((player, game.index / self.round)).or_default();
            sums.add(sample.0, sample.1, -1.0);
            sample.0 += 1.0;
            sample.1 += game.win_share(seat);
            sums.add(sample.0, sample.1, 1.0);
        }
        if let [x, y] = game.seat_players[..] {
            let (a, b) = (x.min(y), x.max(y));
            let (sa, sb) = (usize::from(a != x), usize::from(a == x));
            let wld = self.meetings.entry((a, b)).or_default();
            match game.places.get(sa).cmp(&game.places.get(sb)) {
                std::cmp::Ordering::Less => wld[0] += 1,
                std::cmp::Ordering::Greater => wld[1] += 1,
                std::cmp::Ordering::Equal => wld[2] += 1,
            }
        }
        let new_player = game
            .seat_players
            .iter()
            .any(|&p| !self.named.iter().any(|g| g.seat_players.contains(&p)));
        if new_player && game.names.iter().any(Option::is_some) {
            self.named.push(game.clone());
            self.labels = super::labels::player_labels(config, &self.named);
        }
    }

    /// The running score after `game`, as cutechess-cli's `Score of A vs B: W - L - D
    /// [0.620] 50`: for a game of two seats, its two players' games against each other
    /// so far (the lower-numbered one's wins, losses and draws, and its score); with
    /// more seats, the first places so far of each player at the table.
    pub fn running_score(&self, game: &GameSummary) -> String {
        let label = |p: usize| self.labels.get(p).map_or("?", String::as_str);
        if let [x, y] = game.seat_players[..] {
            let (a, b) = (x.min(y), x.max(y));
            let wld = self.meetings.get(&(a, b)).copied().unwrap_or_default();
            let n = wld.iter().sum::<u64>();
            let score = (wld[0] as f64 + 0.5 * wld[2] as f64) / n.max(1) as f64;
            return format!(
                "score of {} vs {}: {} - {} - {} [{score:.3}] {n}",
                label(a),
                label(b),
                wld[0],
                wld[1],
                wld[2]
            );
        }
        let shares: Vec<String> = game
            .seat_players
            .iter()
            .map(|&p| {
                let sums = self.sums.get(p).copied().unwrap_or_default().interval();
                let firsts = format!("{:.2}", sums.score * sums.games);
                let firsts = firsts.trim_end_matches('0').trim_end_matches('.');
                format!("{} {firsts} of {}", label(p), sums.games)
            })
            .collect();
        format!("first places so far: {}", shares.join(", "))
    }

    /// The progress bar's words: with two players the first one's win share and the Elo
    /// difference with its 95% interval, the table's figures; with more, the player
    /// ahead. With an SPRT its LLR comes first and the interval is left out, for the
    /// width.
    pub fn progress(&self, sprt: Option<&SprtProgress>) -> String {
        let shares: Vec<_> = self.sums.iter().map(SampleSums::interval).collect();
        let standing = match shares.as_slice() {
            _ if shares.iter().all(|s| s.games == 0.0) => String::new(),
            [first, _] => {
                let (estimate, low, high) = first.elo();
                let bound = |e: f64| match e {
                    e if e == f64::INFINITY => "+inf".to_string(),
                    e if e == f64::NEG_INFINITY => "-inf".to_string(),
                    e => format_elo(e),
                };
                let interval = match sprt {
                    Some(_) => String::new(),
                    None => format!(" ({} to {})", bound(low), bound(high)),
                };
                format!("#1 {:.1}% Elo {}{interval}", 100.0 * first.score, bound(estimate))
            }
            _ => {
                // A player yet to play is behind everyone who has.
                let key = |p: usize| {
                    if shares[p].games > 0.0 {
                        shares[p].score
                    } else {
                        -1.0
                    }
                };
                let leader = (0..shares.len())
                    .max_by(|&a, &b| key(a).total_cmp(&key(b)).then(b.cmp(&a)))
                    .unwrap_or(0);
                format!("#{} leads, {:.1}% first places", leader + 1, 100.0 * key(leader))
            }
        };
        match sprt {
            Some(test) if standing.is_empty() => test.progress(),
            Some(test) => format!("{}  {standing}", test.progress()),
            None => standing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::matches::table::report_due;

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
            traffic: Vec::new(),
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

    fn two_players() -> MatchConfig {
        MatchConfig::for_test(crate::games::GameKind::Ur, &[], &["g=bot:greedy", "bot:random"])
    }

    #[test]
    fn the_running_score_counts_the_games_so_far_from_the_first_players_side() {
        let config = two_players();
        let mut live = Live::new(&config, &BTreeMap::new());
        assert_eq!(live.progress(None), "");
        let results = [true, true, false, true, true];
        for (index, &won) in results.iter().enumerate() {
            live.add(&config, &game(index as u64, won));
        }
        let last = game(4, true);
        assert_eq!(
            live.running_score(&last),
            "score of g vs bot:random: 4 - 1 - 0 [0.800] 5"
        );
        // The progress bar has the table's figures: its score and Elo interval.
        let finished: BTreeMap<u64, GameSummary> =
            (0..5).map(|i| (i, game(i, results[i as usize]))).collect();
        let games: Vec<GameSummary> = finished.values().cloned().collect();
        let share = super::super::table::player_score(&games, 0, config.round_length());
        let (elo, low, high) = share.elo();
        assert_eq!(
            live.progress(None),
            format!(
                "#1 80.0% Elo {} ({} to {})",
                format_elo(elo),
                format_elo(low),
                format_elo(high)
            )
        );
        let table = super::super::table::table(&config, &games, None);
        assert!(
            table.contains(&format!("Elo difference #1 - #2: {} (95% CI", format_elo(elo))),
            "{table}"
        );
        // Fed at once, the same standings.
        assert_eq!(Live::new(&config, &finished).progress(None), live.progress(None));
    }

    #[test]
    fn the_standings_are_printed_every_n_games_when_asked() {
        let mut config = two_players();
        let finished: BTreeMap<u64, GameSummary> = (0..6).map(|i| (i, game(i, i != 3))).collect();
        assert_eq!(report_due(&config, &finished), None);
        config.tourney.report_every = Some(4);
        assert_eq!(report_due(&config, &finished), None);
        config.tourney.report_every = Some(3);
        let text = report_due(&config, &finished).expect("6 is a multiple of 3");
        assert!(
            text.starts_with("\nstandings after 6 games:\nmatch ur: 6 games"),
            "{text}"
        );
        assert!(text.contains("\n1  g "), "{text}");
    }
}
