//! One game of a match: the players' agents at a session, played to the end by the
//! shared loop with the referee taking each turn, then scored and written.

use anyhow::bail;

use super::adjudicate::{Watch, record_line};
use super::engines::EnginePool;
use super::game_record::{ForfeitRecord, MatchAction, MatchGame, MatchResult, SeatRecord};
use super::jsonl::game_line;
use super::scoring::{forfeit_line, forfeited_result, outcome_result, result_line};
use super::{GameSummary, MatchConfig, game_label, one_line};
use crate::ai::playout::{End, MAX_ACTIONS, Step, Table, play_out};
use crate::app::players::{Forfeit, Observation, Referee, Turn};
use crate::app::record::SeatTag;
use crate::app::session::{Action, Session};
use crate::core::Game;
use crate::games::AnyGame;

/// A match game's table: the session keeps the history the record is written from, and
/// the referee lets each seat's agent act, checking what it plays; a failing or
/// cheating agent forfeits.
struct Refereed {
    session: Session,
    referee: Referee,
}

impl Table for Refereed {
    type Game = AnyGame;
    type Stop = Forfeit;

    fn game(&self) -> &AnyGame {
        self.session.game()
    }

    fn act(&mut self) -> Result<Option<Step>, Forfeit> {
        Ok(match self.referee.act(&mut self.session, false)? {
            Some(Turn::Rolled(_)) => Some(Step::Rolled),
            Some(Turn::Played(_)) => Some(Step::Moved),
            // A match runs no search that Ctrl-C stops (it ends the match instead).
            Some(Turn::Stopped(_)) | None => None,
        })
    }
}

/// Plays game `index` with engines of its own and returns its summary, record text and
/// (with `--jsonl`) JSON line.
#[cfg(test)]
pub fn play_game(config: &MatchConfig, index: u64) -> anyhow::Result<(GameSummary, String, Option<String>)> {
    play_game_in(config, index, &mut EnginePool::new(config))
}

/// Plays game `index` with the engines `pool` keeps (see [`play_game`]).
pub fn play_game_in(
    config: &MatchConfig,
    index: u64,
    pool: &mut EnginePool,
) -> anyhow::Result<(GameSummary, String, Option<String>)> {
    let seed = config.dice_seed(index);
    let seat_players = config.seat_players(index);
    let mut session = Session::with_nets(config.kind, &config.options, seed, config.nets.clone())?;
    if let Some(position) = config.opening(index) {
        // Checked when the file was read; the record's first line says where it began.
        session.set_position(position)?;
    }
    let label = game_label(index);
    let (agents, mut forfeit) = pool.seat_agents(index, &seat_players, &session);
    let mut table = Refereed {
        session,
        referee: Referee::new(agents),
    };
    let mut watch = Watch::new(config.tourney.adjudicate);
    if forfeit.is_none() {
        forfeit = play(&mut table, &mut watch, index)?;
    }
    let Refereed { session, mut referee } = table;
    // The verdict goes in the log as it falls, before the engines are asked to quit.
    let forfeit_text = forfeit
        .as_ref()
        .map(|f| forfeit_line(session.seat_name(f.seat), f.kind, &f.detail));
    if let Some(line) = &forfeit_text {
        config.log(&label, line);
    }
    let traffic = referee.take_traffic();
    let names = pool.shown_names(&seat_players, referee.names());
    pool.give_back(
        referee.into_agents(),
        &seat_players,
        forfeit.as_ref().map(|f| f.seat),
    );
    let moves = count_moves(session.actions().map(|(_, a)| a));
    let verdict = watch.verdict.take().filter(|_| forfeit.is_none());
    let outcome = match (&forfeit, &verdict) {
        (Some(f), _) => session.game().forfeit(f.seat),
        (None, Some(verdict)) => verdict.outcome.clone(),
        (None, None) => match session.game().outcome() {
            Some(outcome) => outcome,
            None => bail!("game {} ended without an outcome", index + 1),
        },
    };
    let outcome_summary = outcome.summary.clone();
    let (places, points) = match &forfeit {
        Some(_) => forfeited_result(outcome),
        None => outcome_result(outcome),
    };
    let summary = GameSummary {
        index,
        seat_players,
        places,
        points,
        stderr: forfeit.as_ref().map(|f| f.stderr.clone()).unwrap_or_default(),
        forfeit: forfeit.map(|f| (f.seat, f.kind, f.detail)),
        names,
        moves,
        traffic,
        adjudicated: verdict.map(|v| v.reason),
    };
    let game = match_game(config, &session, &summary, outcome_summary, &watch.seconds);
    if let Some(reason) = &summary.adjudicated {
        config.log(&label, &record_line(reason));
    }
    config.log(
        &label,
        &format!("end: {}", result_line(&summary.places, &summary.points)),
    );
    let json = config.tourney.jsonl.as_ref().map(|_| game_line(&game));
    Ok((summary, game.text(), json))
}

/// Tells the agents of a new game and plays game `index` to its end (or its
/// adjudication, watched by `watch`): the forfeit that ended it, if one did.
fn play(table: &mut Refereed, watch: &mut Watch, index: u64) -> anyhow::Result<Option<Forfeit>> {
    if let Err(f) = table.referee.notify(&Observation::NewGame(table.session.game())) {
        return Ok(Some(f));
    }
    match play_out(table, watch) {
        Ok(played) => match played.end {
            End::Over | End::Stopped => Ok(None),
            End::RanAway => bail!("game {} did not end after {MAX_ACTIONS} actions", index + 1),
            End::Stuck => bail!(
                "game {}: no player could act at {}",
                index + 1,
                table.session.status()
            ),
        },
        Err(f) => Ok(Some(f)),
    }
}

/// Game `summary.index` as its records keep it: the lines that tie it to its match, its
/// actions (each move with its `seconds` in order) and how it ended.
fn match_game(
    config: &MatchConfig,
    session: &Session,
    summary: &GameSummary,
    outcome_summary: String,
    seconds: &[f64],
) -> MatchGame {
    let seat_name = |seat: usize| session.seat_name(seat).to_string();
    let seats = summary
        .seat_players
        .iter()
        .enumerate()
        .map(|(seat, &player)| {
            let entry = &config.players[player];
            SeatRecord {
                tag: SeatTag {
                    seat: seat_name(seat),
                    spec: entry.spec.to_string(),
                    name: entry.name.clone(),
                    engine: summary.names.get(seat).cloned().flatten(),
                },
                player: Some(player),
            }
        })
        .collect();
    let forfeit = summary
        .forfeit
        .as_ref()
        .map(|(seat, kind, detail)| ForfeitRecord {
            seat: seat_name(*seat),
            kind: *kind,
            detail: one_line(detail),
        });
    MatchGame {
        kind: config.kind,
        options: config.options.clone(),
        number: summary.index + 1,
        plan: Some(config.plan()),
        seats,
        dice_seed: Some(config.dice_seed(summary.index)),
        actions: actions_of(session, seconds),
        result: MatchResult {
            places: Some(summary.places.clone()),
            points: summary.points.clone(),
            summary: outcome_summary,
            forfeit,
            adjudicated: summary.adjudicated.clone(),
        },
        stderr: summary.stderr.clone(),
    }
}

/// Every roll and move of the game at `session`, each move with its `seconds` in order
/// (to the microsecond).
fn actions_of(session: &Session, seconds: &[f64]) -> Vec<MatchAction> {
    let mut times = seconds.iter().map(|&s| (s * 1e6).round() / 1e6);
    session
        .steps()
        .map(|(before, _, action)| {
            let action = action.written(before);
            let timed = matches!(action, Action::Move(_) | Action::Resign(_));
            MatchAction {
                line: 0,
                seat: before.phase().seat().map(|s| session.seat_name(s).to_string()),
                seconds: if timed { times.next() } else { None },
                action,
            }
        })
        .collect()
}

/// The moves among a game's actions (its rolls left out).
pub(super) fn count_moves<'a, M: 'a>(actions: impl Iterator<Item = &'a Action<M>>) -> u64 {
    actions.filter(|a| matches!(a, Action::Move(_))).count() as u64
}
