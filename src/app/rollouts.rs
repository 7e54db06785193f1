//! Rollouts for people: which candidates of a position to play out, and the table of
//! what they scored (`tabula rollout` and the REPL's `hint --rollout N`).
//!
//! The playing out itself is [`crate::ai::rollout`]; this room picks the candidates (the
//! moves asked for, else the rollout bot's best few), runs it on the concrete game, and
//! writes each candidate's win, big wins and equity with their 95% intervals.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::ai::bots::Bot;
use crate::ai::learn::Nets;
use crate::ai::rollout::{RolloutResult, RolloutSettings, Rollouts, rollout};
use crate::ai::roster::{BotGame, BotKind};
use crate::core::columns::{Align, Columns};
use crate::core::{Game, Phase, PlayError, Seat, SyntaxError, wrap_words};
use crate::games::{AnyGame, AnyMoveFault, Cast, ConcreteVisitor};

/// The bot of `hint --rollout`: quick enough to play every trial, and the network's
/// judgement where a game has one.
pub const HINT_ROLLOUT_BOT: BotKind = BotKind::Net { plies: 1 };

/// The trials of the `hint --rollout` running now, finished and in all, for the table's
/// progress line (the REPL asks [`hint_trials`] while the rollout runs on).
static HINT_TRIALS: [AtomicU64; 2] = [AtomicU64::new(0), AtomicU64::new(0)];

/// Takes note of the trials of a `hint --rollout` finished so far and in all (the
/// `progress` of its [`roll_out`]).
pub fn hint_progress(done: u64, total: u64) {
    HINT_TRIALS[0].store(done, Ordering::Relaxed);
    HINT_TRIALS[1].store(total, Ordering::Relaxed);
}

/// The trials of the running `hint --rollout` finished and in all, as last told.
pub fn hint_trials() -> (u64, u64) {
    (
        HINT_TRIALS[0].load(Ordering::Relaxed),
        HINT_TRIALS[1].load(Ordering::Relaxed),
    )
}

/// How far a rollout is after `elapsed`: `120 of 1620 games, about 35 s left` (no time
/// before the first game ends); empty before it knows its size.
pub fn progress_text(done: u64, total: u64, elapsed: std::time::Duration) -> String {
    if total == 0 {
        return String::new();
    }
    let mut text = format!("{done} of {total} games");
    if done > 0 && done < total {
        let left = elapsed.mul_f64((total - done) as f64 / done as f64);
        text.push_str(&format!(
            ", about {} left",
            crate::app::forecast::duration_text(left)
        ));
    }
    text
}

/// The candidates a rollout plays when no moves are named: the bot's best this many.
pub const DEFAULT_CANDIDATES: usize = 5;

/// What to roll out.
#[derive(Clone, Debug)]
pub struct RolloutRequest {
    /// Moves to roll out, as typed; none means the bot's best `candidates`.
    pub moves: Vec<String>,
    /// How many of the bot's best moves to roll out when `moves` is empty.
    pub candidates: usize,
    /// The bot that plays every seat in the trials and whose evaluation cancels luck.
    pub bot: BotKind,
    /// The networks the bot plays on.
    pub nets: Nets,
    /// Trials, truncation, seed, threads.
    pub settings: RolloutSettings,
}

/// One rolled-out candidate.
#[derive(Clone, Debug)]
pub struct RolloutRow {
    /// The move as the game writes it, or `position` for the position as it stands.
    pub label: String,
    /// What its trials found.
    pub result: RolloutResult,
    /// Its equity less the best candidate's for the seat to act, trial by trial (zero
    /// for the best).
    pub behind: crate::ai::rollout::Tally,
}

/// A finished (or stopped) rollout, best candidate first.
#[derive(Clone, Debug)]
pub struct RolloutReport {
    /// The seat whose choice was rolled out (the seat to act).
    pub seat: Seat,
    /// The candidates, best first by the seat's rolled-out equity.
    pub rows: Vec<RolloutRow>,
    /// Trials asked for per candidate.
    pub games: u64,
}

/// Why a rollout cannot start. A move's own error is part of the words, so it is not
/// also given as the source (the binary prints every source after the words).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RolloutError {
    /// No seat is to act: there is no choice to roll out.
    #[error("the game is over: there is nothing to roll out")]
    GameOver,
    /// A move asked for is not written in the game's notation.
    #[error("cannot roll out '{written}': {error}")]
    Unreadable {
        /// The move as written.
        written: String,
        /// What is wrong with how it is written.
        error: SyntaxError,
    },
    /// A move asked for reads well but cannot be played in the position.
    #[error("cannot roll out '{written}': {error}")]
    Unplayable {
        /// The move as written.
        written: String,
        /// Why the game refuses it.
        error: PlayError<AnyMoveFault>,
    },
}

/// Rolls out `request`'s candidates in `game` (not over); `progress` hears the trials
/// finished so far and in all, over all candidates. Errors name a move that cannot be
/// played.
pub fn roll_out(
    game: &AnyGame,
    request: &RolloutRequest,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<RolloutReport, RolloutError> {
    game.visit_concrete(Visit { request, progress })
}

struct Visit<'a> {
    request: &'a RolloutRequest,
    progress: &'a (dyn Fn(u64, u64) + Sync),
}

impl<G: BotGame> ConcreteVisitor<G> for Visit<'_> {
    type Output = Result<RolloutReport, RolloutError>;

    fn visit(self, game: &G, cast: &Cast<G>) -> Self::Output {
        let Some(seat) = game.phase().seat() else {
            return Err(RolloutError::GameOver);
        };
        let request = self.request;
        let (labels, positions) = candidates(game, cast, request)?;
        let (bot, nets) = (request.bot, &request.nets);
        let make = move |seat: Seat, seed: u64| -> Box<dyn Bot<G>> {
            bot.build_with(seed ^ (seat as u64) << 32, nets)
        };
        let rollouts = rollout(&positions, &make, &request.settings, self.progress);
        Ok(report(game, seat, labels, &rollouts, request.settings.games))
    }
}

/// The labels and positions of the candidates: the moves asked for, else the bot's best
/// few in the move phase, else the position itself.
fn candidates<G: BotGame>(
    game: &G,
    cast: &Cast<G>,
    request: &RolloutRequest,
) -> Result<(Vec<String>, Vec<G>), RolloutError> {
    let mut labels = Vec::new();
    let mut positions = Vec::new();
    if !request.moves.is_empty() {
        for text in &request.moves {
            let mv = game.parse_move(text).map_err(|error| RolloutError::Unreadable {
                written: text.clone(),
                error,
            })?;
            let mut after = game.clone();
            after.play(&mv).map_err(|error| RolloutError::Unplayable {
                written: text.clone(),
                error: error.map_fault(cast.fault),
            })?;
            labels.push(game.format_move(&mv));
            positions.push(after);
        }
        return Ok((labels, positions));
    }
    if let Phase::Move(_) = game.phase() {
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let mut bot = request.bot.build_with::<G>(request.settings.seed, &request.nets);
        let ranked = bot.rank_moves(game, &legal);
        for choice in ranked.iter().take(request.candidates.max(1)) {
            let mut after = game.clone();
            after.play_unchecked(&legal[choice.index]);
            labels.push(game.format_move(&legal[choice.index]));
            positions.push(after);
        }
        return Ok((labels, positions));
    }
    Ok((vec!["position".into()], vec![game.clone()]))
}

fn report<G: Game>(
    game: &G,
    seat: Seat,
    labels: Vec<String>,
    rollouts: &Rollouts,
    games: u64,
) -> RolloutReport {
    let measure = |r: &RolloutResult| {
        if game.scores_points() {
            r.equity[seat].mean()
        } else {
            r.win[seat].mean()
        }
    };
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by(|&a, &b| measure(&rollouts.results[b]).total_cmp(&measure(&rollouts.results[a])));
    let best = order.first().copied().unwrap_or(0);
    let rows = order
        .iter()
        .map(|&i| RolloutRow {
            label: labels[i].clone(),
            result: rollouts.results[i],
            behind: rollouts.difference(i, best, seat),
        })
        .collect();
    RolloutReport { seat, rows, games }
}

/// `54.1% ±1.2`.
fn share(tally: &crate::ai::rollout::Tally) -> String {
    format!("{:5.1}% ±{:.1}", 100.0 * tally.mean(), 100.0 * tally.half_width())
}

/// The width the rollout table keeps to.
pub const TABLE_WIDTH: usize = 80;

/// The report for people: one line per candidate, best first, with the win share of the
/// seat to act, its big wins (Long Nardy: mars, koks), its equity in a game that scores
/// points, each with its 95% interval, and how far each falls behind the best (the
/// interval of that difference comes from the common dice, so it is narrower). Columns
/// beyond [`TABLE_WIDTH`] go on a continuation line under the win column.
pub fn report_table(game: &AnyGame, request: &RolloutRequest, report: &RolloutReport) -> String {
    let seat = report.seat;
    let played = report.rows.first().map_or(0, |r| r.result.games());
    let mut lines = Vec::new();
    let mut how = vec![format!("bot:{} in every seat", request.bot.shown_for(game))];
    if request.settings.variance_reduction {
        how.push("variance-reduced".into());
    }
    if let Some(plies) = request.settings.truncate {
        how.push(format!("truncated after {plies} moves"));
    }
    let stopped = if played < report.games {
        format!(" (stopped by Ctrl-C after {played} of {})", report.games)
    } else {
        String::new()
    };
    lines.extend(wrap_words(
        &format!(
            "rollout for {}: {played} games per candidate{stopped}, seed {}",
            game.seat_name(seat),
            request.settings.seed
        ),
        TABLE_WIDTH,
    ));
    lines.extend(wrap_words(&how.join(", "), TABLE_WIDTH));
    let big = game.big_wins();
    let big = &big[..big.len().min(crate::core::MAX_BIG_WINS)];
    let others: Vec<Seat> = (0..game.seat_count()).filter(|&s| s != seat).collect();
    let mut headers = vec![("", Align::Right), ("move", Align::Left), ("win", Align::Right)];
    headers.extend(big.iter().map(|(name, _)| (*name, Align::Right)));
    if game.scores_points() {
        headers.push(("equity", Align::Right));
    } else if game.seat_count() > 2 {
        headers.extend(others.iter().map(|&other| (game.seat_name(other), Align::Right)));
    }
    headers.push(("behind", Align::Right));
    let mut table = Columns::new(&headers).key(2);
    for column in 2..headers.len() {
        table = table.gap(column, 2);
    }
    for (rank, row) in report.rows.iter().enumerate() {
        let r = &row.result;
        let mut cells = vec![format!("{}.", rank + 1), row.label.clone(), share(&r.win[seat])];
        for kind in 0..big.len() {
            let tally = &r.big_wins[seat][kind];
            cells.push(if tally.count == 0 {
                "-".into()
            } else {
                share(tally)
            });
        }
        // How far behind the best: in equity where the game scores points; otherwise
        // in win share, which is half the equity with two seats and all of it with more.
        let behind = match (rank, game.scores_points(), game.seat_count()) {
            (0, _, _) => String::new(),
            (_, true, _) => format!("{:+.3} ±{:.3}", row.behind.mean(), row.behind.half_width()),
            (_, false, seats) => {
                let scale = if seats == 2 { 50.0 } else { 100.0 };
                format!(
                    "{:+.1}% ±{:.1}",
                    scale * row.behind.mean(),
                    scale * row.behind.half_width()
                )
            }
        };
        if game.scores_points() {
            let equity = &r.equity[seat];
            cells.push(format!("{:+.3} ±{:.3}", equity.mean(), equity.half_width()));
        } else if game.seat_count() > 2 {
            cells.extend(others.iter().map(|&other| share(&r.win[other])));
        }
        cells.push(behind);
        table.row(cells);
    }
    lines.extend(table.render(TABLE_WIDTH));
    let truncated: u64 = report.rows.iter().map(|r| r.result.truncated).sum();
    if truncated > 0 && !big.is_empty() && report.rows.iter().any(|r| r.result.big_wins[seat][0].count == 0) {
        lines.push("(big wins are shown only where the bot can value them in truncated games)".into());
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::session::Session;
    use crate::app::testing::roll_or_play_first;
    use crate::core::{Notation, Options};
    use crate::games::GameKind;

    const OPENING: &str = "w=24x14,19 b=24x14,20 turn=white:6-5 first=- score=0-0";

    fn request(moves: &[&str]) -> RolloutRequest {
        RolloutRequest {
            moves: moves.iter().map(|m| m.to_string()).collect(),
            candidates: 2,
            bot: BotKind::Greedy,
            nets: Nets::shipped(),
            settings: RolloutSettings {
                games: 2,
                truncate: Some(2),
                seed: 1,
                jobs: 1,
                variance_reduction: false,
            },
        }
    }

    fn opening() -> AnyGame {
        let mut game = GameKind::Nardy.new_game(&Options::default()).unwrap();
        game.set_position(OPENING).unwrap();
        game
    }

    /// A game of Ur played to its end by always taking the first legal move.
    fn finished() -> AnyGame {
        let mut session = Session::new(GameKind::Ur, &Options::default(), 1).unwrap();
        while session.phase().seat().is_some() {
            roll_or_play_first(&mut session);
        }
        session.game().clone()
    }

    fn refusal(game: &AnyGame, moves: &[&str]) -> String {
        roll_out(game, &request(moves), &|_, _| {})
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_rollout_refusal_says_what_could_not_be_rolled_out_and_why() {
        assert_eq!(
            refusal(&finished(), &[]),
            "the game is over: there is nothing to roll out"
        );
        let game = opening();
        let unreadable = game.parse_move("24/x").unwrap_err();
        assert_eq!(
            refusal(&game, &["24/x"]),
            format!("cannot roll out '24/x': {unreadable}")
        );
        assert_eq!(
            refusal(&game, &["24/x"]),
            "cannot roll out '24/x': syntax error: '24/x': 'x' is not a point; write FROM/TO like 24/18, or 3/off"
        );
        assert_eq!(
            refusal(&game, &["24/18 18/12"]),
            "cannot roll out '24/18 18/12': illegal move: no die left takes a checker from 18 to 12 (dice left: 5)"
        );
    }

    #[test]
    fn a_rollouts_progress_says_the_games_played_and_the_time_left() {
        let second = std::time::Duration::from_secs(1);
        assert_eq!(progress_text(0, 0, second), "");
        assert_eq!(progress_text(0, 1620, second), "0 of 1620 games");
        assert_eq!(
            progress_text(162, 1620, 10 * second),
            "162 of 1620 games, about 1 min 30 s left"
        );
        assert_eq!(progress_text(1620, 1620, 100 * second), "1620 of 1620 games");
    }

    #[test]
    fn a_rollout_refusal_keeps_the_move_as_written_and_the_game_s_error() {
        let refused =
            |game: &AnyGame, moves: &[&str]| roll_out(game, &request(moves), &|_, _| {}).unwrap_err();
        assert_eq!(refused(&finished(), &[]), RolloutError::GameOver);
        let game = opening();
        assert_eq!(
            refused(&game, &["24/x"]),
            RolloutError::Unreadable {
                written: "24/x".into(),
                error: game.parse_move("24/x").unwrap_err(),
            }
        );
        assert!(matches!(
            refused(&game, &["24/18 18/12"]),
            RolloutError::Unplayable { written, error: PlayError::Illegal(_) } if written == "24/18 18/12"
        ));
    }
}
