//! Values for people: ranked choices with win probabilities for `hint N`, and a
//! position's value for every seat for `eval`/`evaluate`.
//!
//! Everything here asks a [`Bot`] for its values; the bot decides how deep it looks.
//! A game whose wins can score more than one point ([`Game::scores_points`]: Long Nardy,
//! 1 to 3 points a game) is valued in equity (points won minus lost, per game); every
//! other game scores one point a win, so its values are win probabilities.

use crate::ai::bots::Bot;
use crate::core::Notation;
use crate::core::{Estimate, Game, Phase, Seat};
use crate::games::{AnyGame, AnyMove};

/// One choice for the seat to act, with its value.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move, or `None` for rolling.
    pub mv: Option<AnyMove>,
    /// The choice as typed: a move in the game's notation, or `roll`.
    pub text: String,
    /// The position's value after the choice.
    pub estimate: Estimate,
}

/// What a seat is trying to maximise in `estimate`: equity in a game that scores points
/// ([`Game::scores_points`]), the win probability elsewhere.
pub fn measure(game: &AnyGame, estimate: &Estimate, seat: Seat) -> f64 {
    if game.scores_points() {
        estimate.equity[seat]
    } else {
        estimate.win[seat]
    }
}

/// Asking for a ranking of a bot that has no preference among moves.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "bot:{bot} has no preference: it plays any legal move alike, so it ranks none; \
     for a ranking choose a bot that has one, e.g. 'set bot greedy' or 'set bot best'"
)]
pub struct NoPreference {
    /// The bot as named, e.g. `random`.
    pub bot: String,
}

/// Refuses a ranking by `bot` (named `name`) where it has no preference among the
/// choices of `game`, rather than showing another bot's ranking under its name.
pub fn check_preference(game: &AnyGame, bot: &mut dyn Bot<AnyGame>, name: &str) -> Result<(), NoPreference> {
    if bot.has_preference(game) {
        Ok(())
    } else {
        Err(NoPreference {
            bot: name.to_string(),
        })
    }
}

/// Every choice of the seat to act, best first as the bot chooses: its choice (what
/// `genmove` plays, or one tied with it) first. In the move phase the legal moves; in
/// the roll phase `roll` and the actions allowed before rolling. Empty once the game is
/// over.
pub fn ranked_choices(game: &AnyGame, bot: &mut dyn Bot<AnyGame>) -> Vec<Choice> {
    let Some(seat) = game.phase().seat() else {
        return Vec::new();
    };
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let rolling = matches!(game.phase(), Phase::Roll(_));
    // Asked first, while the bot's stream is where `genmove` finds it, so that a bot
    // with randomness of its own (mcts) makes the same choice.
    let pick = if rolling && !legal.is_empty() {
        Some(bot.choose_before_roll(game, &legal))
    } else {
        None
    };
    let mut choices: Vec<Choice> = if legal.is_empty() {
        Vec::new()
    } else {
        bot.rank_moves(game, &legal)
            .into_iter()
            .map(|ranked| Choice {
                mv: Some(legal[ranked.index].clone()),
                text: game.format_move(&legal[ranked.index]),
                estimate: ranked.estimate,
            })
            .collect()
    };
    if rolling {
        choices.push(Choice {
            mv: None,
            text: "roll".to_string(),
            estimate: bot.estimate_rolling(game),
        });
        choices.sort_by(|a, b| measure(game, &b.estimate, seat).total_cmp(&measure(game, &a.estimate, seat)));
        if let Some(pick) = pick {
            let chosen = pick.map(|index| &legal[index]);
            if let Some(at) = choices.iter().position(|c| c.mv.as_ref() == chosen) {
                let first = choices.remove(at);
                choices.insert(0, first);
            }
        }
    }
    choices
}

/// A probability as people read it: `54.1%`.
fn percent(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

/// The `hint N` lines for people: a header naming `bot`, whose ranking and figures
/// they are, then rank, choice, win probability (and equity in a game that scores
/// points), and how far each falls behind the first.
pub fn hint_table(game: &AnyGame, bot: &str, choices: &[Choice], count: usize) -> String {
    let Some(seat) = game.phase().seat() else {
        return String::new();
    };
    let width = choices
        .iter()
        .take(count)
        .map(|c| c.text.len())
        .max()
        .unwrap_or(0);
    let best = choices
        .first()
        .map(|c| measure(game, &c.estimate, seat))
        .unwrap_or(0.0);
    let mut lines = vec![format!("as bot:{bot} chooses, with its own figures:")];
    for (rank, choice) in choices.iter().take(count).enumerate() {
        let mut line = format!(
            "{:>2}. {:<width$}  win {:>6}",
            rank + 1,
            choice.text,
            percent(choice.estimate.win[seat])
        );
        if game.scores_points() {
            line.push_str(&format!("  equity {:+.3}", choice.estimate.equity[seat]));
        }
        if rank > 0 {
            let behind = measure(game, &choice.estimate, seat) - best;
            if game.scores_points() {
                line.push_str(&format!("  ({behind:+.3})"));
            } else {
                line.push_str(&format!("  ({:+.1}%)", 100.0 * behind));
            }
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// The `hint N` lines of the engine protocol: `MOVE win=P [equity=E]`, best first.
pub fn hint_protocol(game: &AnyGame, choices: &[Choice], count: usize) -> String {
    let Some(seat) = game.phase().seat() else {
        return String::new();
    };
    choices
        .iter()
        .take(count)
        .map(|choice| {
            let mut line = format!("{} win={:.4}", choice.text, choice.estimate.win[seat]);
            if game.scores_points() {
                line.push_str(&format!(" equity={:.4}", choice.estimate.equity[seat]));
            }
            line
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The value of the position for every seat, one line each. The REPL form reads
/// `white  win 54.1%  equity +0.120`; the protocol form `white win=0.5410 equity=0.1200`.
pub fn evaluation_lines(game: &AnyGame, estimate: &Estimate, for_protocol: bool) -> String {
    let seats = game.seat_count();
    let width = (0..seats).map(|s| game.seat_name(s).len()).max().unwrap_or(0);
    (0..seats)
        .map(|seat| {
            let name = game.seat_name(seat);
            let equity = game.scores_points();
            match (for_protocol, equity) {
                (true, false) => format!("{name} win={:.4}", estimate.win[seat]),
                (true, true) => format!(
                    "{name} win={:.4} equity={:.4}",
                    estimate.win[seat], estimate.equity[seat]
                ),
                (false, false) => format!("{name:<width$}  win {:>6}", percent(estimate.win[seat])),
                (false, true) => format!(
                    "{name:<width$}  win {:>6}  equity {:+.3}",
                    percent(estimate.win[seat]),
                    estimate.equity[seat]
                ),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests;
