//! The result table of a match: per player games, wins, points and places with their
//! intervals, the Elo difference of two players, first places by seat, forfeits, engine
//! round trips (the labels that keep players apart are `labels.rs`'s).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use super::labels::{NAME_WIDTH, format_elo, player_labels, wrap};
use super::scoring::max_points;
use super::standings::{SprtProgress, ratings_section};
use super::{GameSummary, MatchConfig, Pairing};
use crate::ai::roster::{BotKind, best_resolved};
use crate::app::players::PlayerSpec;
use crate::app::protocol::client::Traffic;
use crate::core::Game;
use crate::core::stats::{ScoreInterval, elo, score_interval};
use crate::games::AnyGame;

/// A warning when the games do not divide into whole sets (one game per seating of every
/// pairing).
pub(super) fn unbalanced_warning(config: &MatchConfig) -> Option<String> {
    let round = config.round_length();
    let seats = config.seats();
    (!config.games.is_multiple_of(round)).then(|| {
        let sets = if round == seats as u64 {
            format!("sets of {seats} (one per seating)")
        } else {
            format!("rounds of {round} (every pairing once from each seat)")
        };
        wrap(&format!(
            "warning: {} games do not divide into {sets}: the last set is incomplete, so the \
             seats are not balanced; play a multiple of {round}",
            config.games
        ))
    })
}

/// The result table, at most [`TABLE_WIDTH`] columns wide: everything the games say,
/// the same for one run as for its records read back ([`footer`] adds how the run went).
pub fn table(config: &MatchConfig, games: &[GameSummary], sprt: Option<&SprtProgress>) -> String {
    let players = config.players.len();
    let fresh = config.kind.new_game(&config.options).ok();
    let most = fresh.as_ref().map_or(1.0, max_points);
    let mut text = table_header(config, games);
    let labels = player_labels(config, games);
    let round = config.round_length();
    text.push_str(&player_rows(&labels, games, most, round));
    if let Some(note) = best_note(config, fresh.as_ref(), &labels) {
        text.push_str(&note);
    }
    if players == 2 {
        text.push_str(&elo_line(games, round));
    }
    // Two players have their difference above; an anchor asks for their ratings too.
    if players > 2 || config.tourney.anchor.is_some() {
        let anchor = config.tourney.anchor;
        text.push_str(&ratings_section(&labels, games, anchor, NAME_WIDTH));
    }
    if let Some(sprt) = sprt {
        text.push_str(&sprt.lines());
    }
    text.push_str(&first_places_line(config.seats(), fresh.as_ref(), games));
    text.push_str(&forfeit_lines(games, &labels));
    let adjudicated = games.iter().filter(|g| g.adjudicated.is_some()).count();
    if adjudicated > 0 {
        let _ = writeln!(text, "adjudicated: {adjudicated} of {} games", games.len());
    }
    let moves: u64 = games.iter().map(|g| g.moves).sum();
    text.push_str(&wrap(&format!(
        "average length {:.1} moves",
        moves as f64 / games.len().max(1) as f64
    )));
    text
}

/// The table's first lines: the game, its options, how the players meet, the dice
/// seed; and the warning of an incomplete last set.
fn table_header(config: &MatchConfig, games: &[GameSummary]) -> String {
    let options = config.options.non_default(config.kind.info().options).join(" ");
    let how = if config.pairings().len() == 1 {
        "rotating through the seats".to_string()
    } else {
        format!(
            "in a {} of {} pairings, each rotating through the seats on every dice seed",
            match config.tourney.pairing {
                Pairing::RoundRobin => "round robin",
                Pairing::Gauntlet => "gauntlet",
            },
            config.pairings().len()
        )
    };
    let from = config
        .tourney
        .starts
        .positions()
        .map_or(String::new(), |n| format!(", from {n} positions in turn"));
    let header = format!(
        "match {}{}{}: {} games, {} players {how}, dice seed {}{from}",
        config.kind.info().id,
        if options.is_empty() { "" } else { " " },
        options,
        games.len(),
        config.players.len(),
        config.seed
    );
    let mut text = wrap(&header);
    if let Some(warning) = unbalanced_warning(config) {
        text.push_str(&warning);
    }
    text
}

/// The column heads and one row per player: games, wins, win rate and points per game
/// with their intervals (points within `0..=most`), and the mean place; the games of a
/// `round` share their dice.
fn player_rows(labels: &[String], games: &[GameSummary], most: f64, round: u64) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{:<3}{:<w$} {:>5} {:>6}  {:>5} {:<13} {:>6} {:<13} {:>5}",
        "#",
        "player",
        "games",
        "wins",
        "win%",
        "(95% CI)",
        "pts/g",
        "(95% CI)",
        "place",
        w = NAME_WIDTH
    );
    // Wins are whole numbers unless some game shares its first place.
    let whole = games
        .iter()
        .all(|g| g.places.iter().filter(|&&p| p == 1).count() <= 1);
    for (player, label) in labels.iter().enumerate() {
        text.push_str(&player_row(player, label, games, whole, (most, round)));
    }
    text
}

/// The row of `player` (from 0), shown as `label`: its win share's interval is
/// [`player_score`]'s, the model the Elo line uses too.
fn player_row(
    player: usize,
    label: &str,
    games: &[GameSummary],
    whole: bool,
    (most, round): (f64, u64),
) -> String {
    let mut wins = 0.0;
    let mut points = Vec::new();
    let mut place_sum = 0.0;
    for game in games {
        let Some(seat) = game.seat_players.iter().position(|&p| p == player) else {
            continue;
        };
        wins += game.win_share(seat);
        points.push(game.points.get(seat).copied().unwrap_or(0.0));
        place_sum += f64::from(game.places.get(seat).copied().unwrap_or(0));
    }
    let n = points.len() as f64;
    if points.is_empty() {
        // No games, no figures: dashes rather than intervals of nothing.
        return format!(
            "{:<3}{:<w$} {:>5} {:>6}  {:>5} {:<13} {:>6} {:<13} {:>5}\n",
            player + 1,
            label,
            0,
            "-",
            "-",
            "",
            "-",
            "",
            "-",
            w = NAME_WIDTH
        );
    }
    let share = player_score(games, player, round);
    let (low, high) = (100.0 * share.low, 100.0 * share.high);
    let mean = points.iter().sum::<f64>() / n.max(1.0);
    let variance = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (variance / n.max(1.0)).sqrt();
    let wins_text = if whole {
        format!("{wins:.0}")
    } else {
        format!("{wins:.1}")
    };
    format!(
        "{:<3}{:<w$} {:>5} {:>6}  {:>5.1} {:<13} {:>6.2} {:<13} {:>5.2}\n",
        player + 1,
        label,
        n as u64,
        wins_text,
        100.0 * wins / n.max(1.0),
        format!("({low:.1}-{high:.1})"),
        mean,
        format!("({:.2}-{:.2})", (mean - half).max(0.0), (mean + half).min(most)),
        place_sum / n.max(1.0),
        w = NAME_WIDTH
    )
}

/// The share of first places each of the `seats` took, by the seat's name in `game`.
fn first_places_line(seats: usize, game: Option<&AnyGame>, games: &[GameSummary]) -> String {
    let seat_name = |seat: usize| game.map_or("?", |g| g.seat_name(seat)).to_string();
    let mut by_seat = Vec::new();
    for seat in 0..seats {
        // Plus zero: the sum of no games is -0.0, which would print as -0.0%.
        let firsts: f64 = games.iter().map(|g| g.win_share(seat)).sum::<f64>() + 0.0;
        by_seat.push(format!(
            "{} {:.1}%",
            seat_name(seat),
            100.0 * firsts / games.len().max(1) as f64
        ));
    }
    wrap(&format!("first places by seat: {}", by_seat.join(", ")))
}

/// The forfeits of each player by kind, or `forfeits: none`.
fn forfeit_lines(games: &[GameSummary], labels: &[String]) -> String {
    // Kinds in the order of their names.
    let mut forfeits: BTreeMap<usize, BTreeMap<&str, usize>> = BTreeMap::new();
    for game in games {
        if let Some((seat, kind, _)) = &game.forfeit {
            let player = game.seat_players[*seat];
            *forfeits
                .entry(player)
                .or_default()
                .entry(kind.as_str())
                .or_default() += 1;
        }
    }
    if forfeits.is_empty() {
        return "forfeits: none\n".to_string();
    }
    let mut text = String::new();
    for (player, kinds) in forfeits {
        let total: usize = kinds.values().sum();
        let parts: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
        text.push_str(&wrap(&format!(
            "forfeits by #{} {}: {total} ({})",
            player + 1,
            labels[player],
            parts.join(", ")
        )));
    }
    text
}

/// How the run went: engine round trips and each engine's starts, time and speed,
/// games resumed.
pub fn footer(
    config: &MatchConfig,
    games: &[GameSummary],
    elapsed: Duration,
    played: usize,
    resumed: usize,
) -> String {
    let mut text = String::new();
    let mut traffic = Traffic::default();
    for game in games {
        for seat in &game.traffic {
            traffic.add(*seat);
        }
    }
    if traffic.commands > 0 {
        text.push_str(&wrap(&format!(
            "engine round trips: {} commands at {:.0} us, {} genmoves at {:.0} us on average; \
             starts: {}",
            traffic.commands,
            traffic.waited.as_secs_f64() * 1e6 / traffic.commands as f64,
            traffic.genmoves,
            traffic.genmove_wait.as_secs_f64() * 1e6 / traffic.genmoves.max(1) as f64,
            engine_starts(config, games)
        )));
    }
    text.push_str(&wrap(&format!(
        "{played} games played in {:.2} s ({:.1} games/s)",
        elapsed.as_secs_f64(),
        played as f64 / elapsed.as_secs_f64().max(1e-9),
    )));
    if resumed > 0 {
        let _ = writeln!(text, "{resumed} resumed from the records");
    }
    text
}

/// Each engine player's starts over `games`, as the table labels it: `alpha 2, beta 1`
/// (an engine started again after a crash counts twice; bots start no process).
fn engine_starts(config: &MatchConfig, games: &[GameSummary]) -> String {
    let mut starts = vec![0u64; config.players.len()];
    for game in games {
        for (traffic, &player) in game.traffic.iter().zip(&game.seat_players) {
            if let Some(count) = starts.get_mut(player) {
                *count += traffic.starts;
            }
        }
    }
    let labels = player_labels(config, games);
    config
        .players
        .iter()
        .zip(labels.iter().zip(starts))
        .filter(|(player, _)| matches!(player.spec, PlayerSpec::Engine(_)))
        .map(|(_, (label, count))| format!("{label} {count}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The win share of `player` with its 95% interval, one sample per round of games on
/// the same dice (`round` games from 0, every pairing from every seat): a pair of games
/// with the seats swapped is one pentanomial sample, a game alone a trinomial one
/// ([`score_interval`]). The table's win% and the Elo line both come from it, so they
/// never disagree on whether a difference is significant.
pub(super) fn player_score(games: &[GameSummary], player: usize, round: u64) -> ScoreInterval {
    let mut rounds: BTreeMap<u64, (f64, f64)> = BTreeMap::new();
    for game in games {
        let Some(seat) = game.seat_players.iter().position(|&p| p == player) else {
            continue;
        };
        let sample = rounds.entry(game.index / round.max(1)).or_default();
        sample.0 += 1.0;
        sample.1 += game.win_share(seat);
    }
    let samples: Vec<(f64, f64)> = rounds.into_values().collect();
    score_interval(&samples)
}

/// The Elo difference of player 1 over player 2 with its 95% interval, from player 1's
/// win share ([`player_score`]): the score it gives is the table's win% of player 1.
fn elo_line(games: &[GameSummary], round: u64) -> String {
    let share = player_score(games, 0, round);
    if share.games == 0.0 {
        return String::new();
    }
    wrap(&format!(
        "Elo difference #1 - #2: {}, score {:.1}%",
        elo_words(share.score, share.low, share.high),
        100.0 * share.score
    ))
}

/// An Elo difference and its interval from a score and the score's interval, in words
/// where a bound has no finite value (a side that won every game, or whose interval
/// reaches a score of 0 or 1).
fn elo_words(score: f64, low: f64, high: f64) -> String {
    let (estimate, low, high) = (elo(score), elo(low), elo(high));
    if estimate == f64::INFINITY {
        return "not measurable, #1 won every game".to_string();
    }
    if estimate == f64::NEG_INFINITY {
        return "not measurable, #2 won every game".to_string();
    }
    let interval = match (low.is_finite(), high.is_finite()) {
        (true, true) => format!("95% CI {} to {}", format_elo(low), format_elo(high)),
        (true, false) => format!("95% CI {} or more", format_elo(low)),
        (false, true) => format!("95% CI {} or less", format_elo(high)),
        (false, false) => "95% CI unbounded".to_string(),
    };
    format!("{} ({interval})", format_elo(estimate))
}

/// `bot:best plays expectimax:4 here` in `game` when a player column could not say so.
fn best_note(config: &MatchConfig, game: Option<&AnyGame>, labels: &[String]) -> Option<String> {
    let game = game?;
    let hidden = config
        .players
        .iter()
        .zip(labels)
        .any(|(p, label)| p.spec == PlayerSpec::Bot(BotKind::Best) && !label.contains('('));
    hidden.then(|| format!("bot:best plays {} here\n", best_resolved(game)))
}

/// The table of the `finished` games when `--report-every N` asks for it (their count a
/// multiple of N, short of the match's last game), after a blank line and a heading.
pub(super) fn report_due(config: &MatchConfig, finished: &BTreeMap<u64, GameSummary>) -> Option<String> {
    let every = config.tourney.report_every?;
    let count = finished.len() as u64;
    // The last game is followed by the table itself.
    if count == 0 || count >= config.games || !count.is_multiple_of(every.max(1)) {
        return None;
    }
    let games: Vec<GameSummary> = finished.values().cloned().collect();
    Some(format!(
        "\nstandings after {count} games:\n{}\n",
        table(config, &games, None)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::matches::MatchConfig;
    use crate::app::matches::labels::{TABLE_WIDTH, distinct_labels};
    use crate::games::GameKind;

    #[test]
    fn labels_never_look_the_same() {
        let names: Vec<String> = [
            "engine:/home/me/bots/alpha.py",
            "engine:/home/me/bots/beta.py",
            "bot:greedy",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let labels = distinct_labels(&names, 15);
        assert_eq!(labels[2], "bot:greedy");
        assert_ne!(labels[0], labels[1]);
        assert!(labels.iter().all(|l| l.chars().count() <= 15), "{labels:?}");
        assert!(labels[0].ends_with("alpha.py"), "{labels:?}");
        let same = vec!["engine:x".to_string(), "engine:x".to_string()];
        let labels = distinct_labels(&same, 15);
        assert_ne!(labels[0], labels[1]);
    }

    #[test]
    fn bot_best_is_named_with_what_it_plays() {
        let config = |words: &[&str]| MatchConfig {
            games: 2,
            ..MatchConfig::for_test(GameKind::Ur, words, &["bot:best", "bot:greedy"])
        };
        let city = table(&config(&[]), &[], None);
        assert!(city.contains("\n1  bot:best (net:3) "), "{city}");
        assert!(!city.contains("bot:best plays"), "{city}");
        // 'bot:best (expectimax:4)' is wider than the column: a note says it instead.
        let masters = table(&config(&["rules=masters"]), &[], None);
        assert!(masters.contains("\n1  bot:best "), "{masters}");
        assert!(
            masters.contains("\nbot:best plays expectimax:4 here\n"),
            "{masters}"
        );
        assert!(
            masters.lines().all(|l| l.chars().count() <= TABLE_WIDTH),
            "{masters}"
        );
    }

    #[test]
    fn elo_follows_the_score() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(format_elo(elo(0.5)), "+0");
        assert_eq!(format_elo(-0.4), "+0");
        assert_eq!(elo_words(1.0, 1.0, 1.0), "not measurable, #1 won every game");
        assert_eq!(elo_words(0.0, 0.0, 0.0), "not measurable, #2 won every game");
        assert_eq!(elo_words(0.75, 0.6, 1.0), "+191 (95% CI +70 or more)");
    }

    #[test]
    fn the_table_keeps_to_80_columns_and_its_intervals_to_what_is_possible() {
        let players = ["a-very-long-player-name=bot:greedy", "bot:random"];
        let config = MatchConfig {
            games: 3,
            ..MatchConfig::for_test(GameKind::Ur, &[], &players)
        };
        // Player 1 wins every game, from either seat.
        let games = two_player_games(&config, 3, |_| true);
        let text = table(&config, &games, None);
        for line in text.lines() {
            assert!(line.chars().count() <= TABLE_WIDTH, "{line}");
        }
        // Player 1 sat first in games 0 and 2 (won both) and second in game 1 (won it).
        let row = text.lines().find(|l| l.starts_with("1  ")).unwrap();
        assert!(row.contains("(1.00-1.00)"), "{text}");
        assert!(
            text.contains("warning: 3 games do not divide into sets of 2"),
            "{text}"
        );
        assert!(
            text.contains("Elo difference #1 - #2: not measurable, #1 won every game"),
            "{text}"
        );
        assert!(
            text.contains("first places by seat: light 66.7%, dark 33.3%"),
            "{text}"
        );
    }

    /// Two-player games of Ur, player 0 winning game `i` when `wins(i)`.
    fn two_player_games(config: &MatchConfig, n: u64, wins: impl Fn(u64) -> bool) -> Vec<GameSummary> {
        (0..n)
            .map(|index| {
                let seat_players = config.seat_players(index);
                let first_wins = wins(index) == (seat_players[0] == 0);
                GameSummary {
                    index,
                    seat_players,
                    places: if first_wins { vec![1, 2] } else { vec![2, 1] },
                    points: if first_wins {
                        vec![1.0, 0.0]
                    } else {
                        vec![0.0, 1.0]
                    },
                    forfeit: None,
                    stderr: Vec::new(),
                    names: Vec::new(),
                    moves: 40,
                    traffic: Vec::new(),
                    adjudicated: None,
                }
            })
            .collect()
    }

    fn ur_config(games: u64) -> MatchConfig {
        MatchConfig {
            games,
            ..MatchConfig::for_test(GameKind::Ur, &[], &["bot:greedy", "bot:random"])
        }
    }

    #[test]
    fn the_win_share_and_the_elo_difference_agree_on_significance() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(49);
        let (mut significant, mut not) = (0, 0);
        for _ in 0..2000 {
            let n = rng.random_range(1..60u64);
            let config = ur_config(n);
            // Strengths from even to lopsided, so both verdicts are met often.
            let p: f64 = rng.random_range(0.3..1.0);
            let results: Vec<bool> = (0..n).map(|_| rng.random_bool(p)).collect();
            let games = two_player_games(&config, n, |i| results[i as usize]);
            let share = player_score(&games, 0, config.round_length());
            let (_, elo_low, elo_high) = share.elo();
            let holds_half = share.low <= 0.5 && 0.5 <= share.high;
            let holds_zero = elo_low <= 0.0 && 0.0 <= elo_high;
            assert_eq!(holds_half, holds_zero, "{results:?}: {share:?}");
            assert_eq!(share.significant(), !holds_half);
            // The row shows the same interval the Elo line is made from.
            let text = table(&config, &games, None);
            let row = text.lines().find(|l| l.starts_with("1  ")).unwrap();
            let shown = format!("({:.1}-{:.1})", 100.0 * share.low, 100.0 * share.high);
            assert!(row.contains(&shown), "{row} lacks {shown}");
            if holds_half {
                not += 1;
            } else {
                significant += 1;
            }
        }
        assert!(significant > 100 && not > 100, "{significant} {not}");
    }

    #[test]
    fn with_an_odd_number_of_games_the_elo_line_has_the_tables_score() {
        // 15 games, 14 won: 93.3% in the row and in the Elo line alike.
        let config = ur_config(15);
        let games = two_player_games(&config, 15, |i| i != 6);
        let text = table(&config, &games, None);
        let row = text.lines().find(|l| l.starts_with("1  ")).unwrap();
        assert!(row.contains(" 14   93.3 "), "{text}");
        assert!(text.contains(", score 93.3%"), "{text}");
        assert!(!text.contains("93.8"), "{text}");
    }

    #[test]
    fn the_footer_counts_each_engine_s_starts() {
        let mut config = ur_config(3);
        config.players = ["alpha=engine:./alpha", "beta=engine:./beta", "bot:greedy"]
            .iter()
            .map(|spec| spec.parse().unwrap())
            .collect();
        let traffic = |starts: u64| Traffic {
            commands: 10,
            starts,
            ..Traffic::default()
        };
        // Alpha starts for the first game and again for the third (after a crash, say);
        // beta is kept from its first game for its second; the bot starts nothing.
        let mut games = two_player_games(&config, 3, |_| true);
        let seats = [
            (vec![0, 1], vec![traffic(1), traffic(1)]),
            (vec![1, 2], vec![traffic(0), Traffic::default()]),
            (vec![2, 0], vec![Traffic::default(), traffic(1)]),
        ];
        for (game, (seat_players, traffic)) in games.iter_mut().zip(seats) {
            game.seat_players = seat_players;
            game.traffic = traffic;
        }
        let text = footer(&config, &games, Duration::from_secs(1), 3, 0);
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.starts_with(
                "engine round trips: 40 commands at 0 us, 0 genmoves at 0 us on average; \
                 starts: alpha 2, beta 1 3 games played"
            ),
            "{text}"
        );
        assert!(!words.contains("greedy"), "{text}");
        // Without engines there is no such line.
        assert!(!footer(&ur_config(3), &[], Duration::from_secs(1), 0, 0).contains("starts"));
    }
}
