//! Resuming a match: the finished games read back from its records, each replayed
//! through the rules and checked against this match's seeds, players and results.

use std::collections::BTreeMap;

use anyhow::{Context, bail};

use super::game_record::MatchGame;
use super::openings::Starts;
use super::plan::player_line;
use super::scoring::{forfeit_result, outcome_result, result_line};
use super::{GameSummary, MatchConfig};
use crate::app::record::{Fault, Replay, Replaying};
use crate::app::session::{Action, CommandError, Session};
use crate::core::Game;

/// Reads the finished games of an interrupted match back from its records (`records`,
/// read one game at a time, so that records of any size hold one game in memory),
/// replaying each through the rules; any game that does not replay, or belongs to
/// another match, refuses the whole file with the reason.
pub(super) fn resume(
    config: &MatchConfig,
    records: impl Iterator<Item = Result<MatchGame, CommandError>>,
) -> anyhow::Result<Vec<GameSummary>> {
    let mut done: BTreeMap<u64, GameSummary> = BTreeMap::new();
    for record in records {
        let summary = replay_record(config, &record?)?;
        if done.contains_key(&summary.index) {
            bail!("game {} appears twice in the records", summary.index + 1);
        }
        done.insert(summary.index, summary);
    }
    Ok(done.into_values().collect())
}

/// Checks who played the game: the same players in the seats and, where the records
/// tie the game to its match (records of earlier versions do not), the same match and
/// players by number and name.
fn check_players(config: &MatchConfig, record: &MatchGame, seat_players: &[usize]) -> anyhow::Result<()> {
    let number = record.number;
    let seats: Vec<String> = record
        .seats
        .iter()
        .map(|s| format!("{}={}", s.tag.seat, s.tag.spec))
        .collect();
    let session = Session::new(config.kind, &config.options, config.seed)?;
    let expected = config.seats_line(seat_players, &session);
    if format!("seats {}", seats.join(" ")) != expected {
        bail!("game {number} of the records was played by other players (expected '{expected}')");
    }
    let Some(plan) = &record.plan else {
        return Ok(());
    };
    let expected = config.plan_lines(seat_players);
    let ours = config.plan();
    if (plan.seed, plan.players, plan.pairing) != (ours.seed, ours.players, ours.pairing) {
        bail!(
            "game {number} of the records belongs to another match ('{plan}'; this one is '{}')",
            expected[0]
        );
    }
    let written: Vec<String> = record
        .seats
        .iter()
        .filter_map(|s| Some(player_line(s.player? + 1, s.tag.name.as_deref(), &s.tag.spec)))
        .collect();
    if written != expected[1..] {
        bail!(
            "game {number} of the records was played by other players ('{}'; expected '{}')",
            written.join("', '"),
            expected[1..].join("', '")
        );
    }
    Ok(())
}

/// Checks that a recorded game started where this match starts it: from its position
/// with `--positions` (its first line `setpos`), else at the game's own start.
fn check_start(config: &MatchConfig, record: &MatchGame) -> anyhow::Result<()> {
    let number = record.number;
    let recorded = match record.actions.first().map(|a| &a.action) {
        Some(Action::SetPos(position)) => Some(position.as_str()),
        _ => None,
    };
    if matches!(config.tourney.starts, Starts::Recorded(_)) {
        return Ok(());
    }
    match (config.opening(number - 1), recorded) {
        (Some(ours), Some(theirs)) if ours == theirs => Ok(()),
        (None, None) => Ok(()),
        (Some(ours), Some(theirs)) => bail!(
            "game {number} of the records started from '{theirs}', but this match's \
             positions give it '{ours}' (another --positions file?)"
        ),
        (Some(ours), None) => bail!(
            "game {number} of the records started at the game's start, but this match's \
             positions give it '{ours}'"
        ),
        (None, Some(theirs)) => bail!(
            "game {number} of the records started from '{theirs}': give the --positions \
             file it was played with"
        ),
    }
}

/// Replays one recorded game: its number, players, seed, every roll (thrown from the
/// seed) and move (legal), and its result (recomputed and compared).
fn replay_record(config: &MatchConfig, record: &MatchGame) -> anyhow::Result<GameSummary> {
    let number = check_game(config, record)?;
    let index = number - 1;
    let seed = config.dice_seed(index);
    match record.dice_seed {
        Some(recorded) if recorded == seed => {}
        Some(recorded) => bail!(
            "game {number} of the records was played with dice seed {recorded}; this match (--seed {}) gives it {seed}",
            config.seed
        ),
        None => bail!("game {number} of the records has no 'seed' line"),
    }
    if !config.in_shard(index) {
        bail!("game {number} of the records is not in this shard's slice of the games (--shard)");
    }
    let seat_players = config.seat_players(index);
    check_players(config, record, &seat_players)?;
    check_start(config, record)?;
    let session = replay(record, seed)?;
    let forfeit = match &record.result.forfeit {
        Some(f) => {
            let seat = (0..seat_players.len())
                .find(|&s| session.seat_name(s) == f.seat)
                .with_context(|| {
                    format!(
                        "game {number}: the forfeit names no seat of this game: '{}'",
                        f.seat
                    )
                })?;
            Some((seat, f.kind, f.detail.clone()))
        }
        None => None,
    };
    let adjudicated = record.result.adjudicated.as_deref();
    let verdict = super::adjudicate::replayed(adjudicated, session.game(), number)?;
    let (places, points) = match (&forfeit, verdict, session.game().outcome()) {
        (Some((seat, _, _)), _, _) => forfeit_result(session.game(), *seat),
        (None, Some(verdict), _) => outcome_result(verdict.outcome),
        (None, None, Some(outcome)) => outcome_result(outcome),
        (None, None, None) => bail!(
            "game {number} of the records does not end: no forfeit, and the board says '{}'",
            session.status()
        ),
    };
    let recomputed = result_line(&places, &points);
    let recorded = (record.result.places.as_ref()).map(|p| result_line(p, &record.result.points));
    if recorded.as_deref() != Some(recomputed.as_str()) {
        bail!(
            "game {number} of the records says '{}', but replaying it gives '{recomputed}'",
            recorded.as_deref().unwrap_or("no result")
        );
    }
    Ok(GameSummary {
        index,
        seat_players,
        places,
        points,
        forfeit,
        stderr: Vec::new(),
        names: record.seats.iter().map(|s| s.tag.engine.clone()).collect(),
        moves: record.moves(),
        traffic: Vec::new(),
        adjudicated: adjudicated.map(String::from),
    })
}

/// The number (from 1) of a recorded game, checked to be one of this match's games, of
/// its game and options.
fn check_game(config: &MatchConfig, record: &MatchGame) -> anyhow::Result<u64> {
    let number = record.number;
    if number == 0 || number > config.games {
        bail!(
            "the records hold game {number}, but this match has games 1 to {} (--games {})",
            config.games,
            config.games
        );
    }
    if record.kind != config.kind || record.options != config.options {
        bail!(
            "game {number} of the records is '{}{}', not this match's game and options",
            record.kind.info().id,
            record
                .options
                .non_default(record.kind.info().options)
                .iter()
                .map(|o| format!(" {o}"))
                .collect::<String>()
        );
    }
    Ok(number)
}

/// Game `record` replayed on dice `seed`: every roll as the seed throws it, every move
/// legal.
fn replay(record: &MatchGame, seed: u64) -> anyhow::Result<Session> {
    let number = record.number;
    Replay::new(&record.replayable(), seed, Replaying::Seeded)?
        .finish()
        .map_err(|e| {
            let at = format!("game {number}, line {}: '{}'", e.line, e.written);
            match e.fault {
                Fault::NotThrown { thrown, .. } => {
                    anyhow::anyhow!("{at}, but dice seed {seed} throws {thrown} there")
                }
                Fault::NotSeeded | Fault::Unseeded => {
                    anyhow::anyhow!("{at}: a match game has only thrown dice and moves")
                }
                Fault::Refused(error) => anyhow::anyhow!("{at}: {error}"),
            }
        })
}
