//! Facts the documentation repeats, made from the one place that holds them, so that a
//! copy in README.md, the guides or the man pages cannot drift: what `bot:best` plays
//! per game, seat count and options (from each game's own choice), and the games with
//! their seats and options (from their definitions).

use std::collections::BTreeMap;

use crate::ai::roster::best_documented;
use crate::core::{Game, OptionKind, Options};
use crate::games::{AnyGame, GameKind};

/// One row of the `bot:best` table: a game with a seat count and some options, and what
/// `bot:best` plays there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestRow {
    /// The game id: `ur`.
    pub game: &'static str,
    /// How many seats.
    pub seats: usize,
    /// The options that differ from the defaults, as typed (`rules=masters|blitz`), or
    /// `default`, or `any other option`.
    pub options: String,
    /// What bot:best plays: `net:3`, `expectimax:4 (perfect with a solved table)`.
    pub plays: String,
}

/// A new game of `kind` with `seats` seats and the other options given, if that is a
/// game (`players=N` sets the seat count of games with more than one).
pub fn game_with_seats(kind: GameKind, seats: usize, words: &[String]) -> Option<AnyGame> {
    let info = kind.info();
    let mut all: Vec<String> = words.to_vec();
    if info.seats.start() != info.seats.end() {
        all.push(format!("players={seats}"));
    }
    let options = Options::parse(info.options, &all).ok()?;
    let game = kind.new_game(&options).ok()?;
    (game.seat_count() == seats).then_some(game)
}

/// The `bot:best` table: for every game and seat count, what it plays under the default
/// options, then under each other option value that changes it (one option changed at
/// a time), values of one key with the same answer in one row.
pub fn best_rows() -> Vec<BestRow> {
    let mut rows = Vec::new();
    for &kind in GameKind::ALL {
        let info = kind.info();
        for seats in info.seats.clone() {
            let Some(base) = game_with_seats(kind, seats, &[]) else {
                continue;
            };
            let plays = best_documented(&base);
            // For each answer that differs from the default's: key -> values.
            let mut changed: BTreeMap<String, Vec<(&str, Vec<&str>)>> = BTreeMap::new();
            let mut others = 0;
            for spec in info.options.iter().filter(|o| o.key != "players") {
                let OptionKind::Choice(values) = spec.kind else {
                    continue;
                };
                for value in &values[1..] {
                    let Some(game) = game_with_seats(kind, seats, &[format!("{}={value}", spec.key)]) else {
                        continue;
                    };
                    others += 1;
                    let level = best_documented(&game);
                    if level == plays {
                        continue;
                    }
                    let keys = changed.entry(level).or_default();
                    match keys.iter_mut().find(|(key, _)| *key == spec.key) {
                        Some((_, found)) => found.push(value),
                        None => keys.push((spec.key, vec![value])),
                    }
                }
            }
            let row = |options: String, plays: String| BestRow {
                game: info.id,
                seats,
                options,
                plays,
            };
            rows.push(row("default".into(), plays));
            let all_changed = changed.len() == 1
                && changed
                    .values()
                    .next()
                    .map_or(0, |keys| keys.iter().map(|(_, v)| v.len()).sum())
                    == others;
            for (level, keys) in changed {
                let options = if all_changed && others > 1 {
                    "any other option".to_string()
                } else {
                    let words: Vec<String> = keys
                        .iter()
                        .map(|(key, values)| format!("{key}={}", values.join("|")))
                        .collect();
                    words.join(", ")
                };
                rows.push(row(options, level));
            }
        }
    }
    rows
}

/// The `bot:best` table in Markdown, as README.md and the guides hold it between the
/// lines `<!-- generated: bot-best -->` and `<!-- end generated -->`.
pub fn best_markdown() -> String {
    let mut text = String::from("| game | seats | options | bot:best plays |\n|---|---|---|---|\n");
    for row in best_rows() {
        text.push_str(&format!(
            "| {} | {} | {} | `{}` |\n",
            row.game,
            row.seats,
            row.options.replace('|', "\\|"),
            row.plays
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_and_seat_count_has_a_default_row() {
        let rows = best_rows();
        for kind in GameKind::ALL {
            let info = kind.info();
            for seats in info.seats.clone() {
                assert!(
                    rows.iter()
                        .any(|r| r.game == info.id && r.seats == seats && r.options == "default"),
                    "no row for {} with {seats} seats",
                    info.id
                );
            }
        }
    }

    #[test]
    fn rows_say_what_each_game_chooses() {
        let rows = best_rows();
        let find = |game: &str, seats: usize, options: &str| {
            rows.iter()
                .find(|r| r.game == game && r.seats == seats && r.options == options)
                .map(|r| r.plays.clone())
        };
        assert_eq!(find("nardy", 2, "default").as_deref(), Some("net:3"));
        assert_eq!(
            find("mnogoboy", 2, "default").as_deref(),
            Some("perfect (built-in table)")
        );
        assert_eq!(
            find("ur", 2, "rules=finkel").as_deref(),
            Some("net:5 (perfect with a solved table)")
        );
        assert_eq!(
            find("aeroplane", 2, "any other option").as_deref(),
            Some("expectimax:4")
        );
    }
}
