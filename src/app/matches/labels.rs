//! The labels of a match's players, kept apart within the table's width, and the
//! words the table and the standings share: an Elo figure, a line wrapped to the width.

use super::{GameSummary, MatchConfig};
use crate::app::players::PlayerSpec;
use crate::games::AnyGame;

/// The width the table keeps to.
pub const TABLE_WIDTH: usize = 80;
/// The width of the player column.
pub(super) const NAME_WIDTH: usize = 16;

/// A finite Elo figure with its sign, rounded to a whole number; a difference that
/// rounds to nothing is `+0`, never `-0`.
pub(super) fn format_elo(value: f64) -> String {
    // Adding zero turns a negative zero (from rounding -0.4, or from 0 * -1) positive.
    format!("{:+.0}", value.round() + 0.0)
}

/// One label per player, at most [`NAME_WIDTH`] characters: the name given, else the
/// engine's own name, else the player spec; labels that would look the same are told
/// apart.
pub fn player_labels(config: &MatchConfig, games: &[GameSummary]) -> Vec<String> {
    let fresh = config.kind.new_game(&config.options).ok();
    let spec_label = |spec: &PlayerSpec| {
        fresh
            .as_ref()
            .map_or_else(|| spec.to_string(), |g| spec_label(spec, g))
    };
    let full: Vec<String> = config
        .players
        .iter()
        .enumerate()
        .map(|(player, p)| {
            p.name.clone().unwrap_or_else(|| {
                let reported = games.iter().find_map(|g| {
                    let seat = g.seat_players.iter().position(|&x| x == player)?;
                    g.names.get(seat).cloned().flatten()
                });
                reported.unwrap_or_else(|| spec_label(&p.spec))
            })
        })
        .collect();
    // Engines that give the same name (two builds of one bot) are shown by their specs.
    let full: Vec<String> = full
        .iter()
        .enumerate()
        .map(|(player, label)| {
            let given = config.players[player].name.is_some();
            let shared = full.iter().filter(|other| *other == label).count() > 1;
            if shared && !given {
                spec_label(&config.players[player].spec)
            } else {
                label.clone()
            }
        })
        .collect();
    distinct_labels(&full, NAME_WIDTH)
}

/// A player named by its spec within [`NAME_WIDTH`]: `bot:best (net:3)`, or `best
/// (mcts:2000)` where that is too wide, or `bot:best` where even that is (the note
/// under the table then says what it plays, see [`best_note`]).
fn spec_label(spec: &PlayerSpec, game: &AnyGame) -> String {
    let shown = spec.shown_for(game);
    if shown.chars().count() <= NAME_WIDTH {
        return shown;
    }
    match spec.bot() {
        Some(bot) if bot.shown_for(game).chars().count() <= NAME_WIDTH => bot.shown_for(game),
        _ => spec.to_string(),
    }
}

/// Cuts `names` to `width` characters so that no two of them look the same: first from
/// the end, then from the middle (keeping both ends), and as a last resort with the
/// player's number at the end.
pub fn distinct_labels(names: &[String], width: usize) -> Vec<String> {
    let cut_end = |name: &String| -> String {
        if name.chars().count() <= width {
            name.clone()
        } else {
            format!("{}~", name.chars().take(width - 1).collect::<String>())
        }
    };
    let cut_middle = |name: &String| -> String {
        let count = name.chars().count();
        if count <= width {
            return name.clone();
        }
        // The end of a command (the program's file name) tells most.
        let head = (width - 1) / 3;
        let tail = width - 1 - head;
        let chars: Vec<char> = name.chars().collect();
        format!(
            "{}~{}",
            chars[..head].iter().collect::<String>(),
            chars[count - tail..].iter().collect::<String>()
        )
    };
    let mut labels: Vec<String> = names.iter().map(cut_end).collect();
    let clashes =
        |labels: &[String], i: usize| labels.iter().enumerate().any(|(j, l)| j != i && *l == labels[i]);
    let clashing: Vec<usize> = (0..labels.len()).filter(|&i| clashes(&labels, i)).collect();
    for &i in &clashing {
        labels[i] = cut_middle(&names[i]);
    }
    let clashing: Vec<usize> = (0..labels.len()).filter(|&i| clashes(&labels, i)).collect();
    for i in clashing {
        let suffix = format!("~{}", i + 1);
        let keep = width.saturating_sub(suffix.len());
        let head: String = labels[i].chars().take(keep).collect();
        labels[i] = format!("{head}{suffix}");
    }
    labels
}

/// Wraps a line at `, ` or spaces to [`TABLE_WIDTH`] columns, continuing indented.
pub(super) fn wrap(line: &str) -> String {
    let mut text = String::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let extra = if current.is_empty() { 0 } else { 1 };
        if !current.is_empty() && current.chars().count() + extra + word.chars().count() > TABLE_WIDTH {
            text.push_str(&current);
            text.push('\n');
            current = String::from("  ");
        } else if extra == 1 {
            current.push(' ');
        }
        current.push_str(word);
    }
    text.push_str(&current);
    text.push('\n');
    text
}
