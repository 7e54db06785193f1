//! Resuming a match: the finished games read back from its records, each replayed
//! through the rules and checked against this match's seeds, players and results.

use std::collections::BTreeMap;

use anyhow::{Context, bail};

use super::game::count_moves;
use super::openings::Starts;
use super::plan::PlanLine;
use super::scoring::{forfeit_result, outcome_result, result_line};
use super::{GameSummary, MatchConfig};
use crate::app::players::ForfeitKind;
use crate::app::record::{Fault, GameRecord, Replay, Replaying};
use crate::app::session::{Action, CommandError, Session};
use crate::core::{Game, Seat};

/// Reads the finished games of an interrupted match back from its records (`records`,
/// read one game at a time, so that records of any size hold one game in memory),
/// replaying each through the rules; any game that does not replay, or belongs to
/// another match, refuses the whole file with the reason.
pub(super) fn resume(
    config: &MatchConfig,
    records: impl Iterator<Item = Result<GameRecord, CommandError>>,
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

/// Checks the lines that tie a game to its match, where the records have them (records
/// of earlier versions do not): the same players, pairing and seed.
fn check_plan(
    config: &MatchConfig,
    record: &GameRecord,
    number: u64,
    seat_players: &[usize],
) -> anyhow::Result<()> {
    let Some(written) = record.note("match-plan") else {
        return Ok(());
    };
    let plan = PlanLine::parse(written).map_err(|e| anyhow::anyhow!("game {number}: {e}"))?;
    let expected = config.plan_lines(seat_players);
    let ours = config.plan();
    if (plan.seed, plan.players, plan.pairing) != (ours.seed, ours.players, ours.pairing) {
        bail!(
            "game {number} of the records belongs to another match ('match-plan {written}'; this one is '{}')",
            expected[0]
        );
    }
    let written: Vec<String> = record
        .notes
        .iter()
        .filter(|line| line.starts_with("match-player "))
        .cloned()
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
fn check_start(config: &MatchConfig, record: &GameRecord, number: u64) -> anyhow::Result<()> {
    let recorded = match record.actions.first() {
        Some((_, Action::SetPos(position))) => Some(position.as_str()),
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
fn replay_record(config: &MatchConfig, record: &GameRecord) -> anyhow::Result<GameSummary> {
    let number = check_game(config, record)?;
    let index = number - 1;
    let seed = config.dice_seed(index);
    match record.seed {
        Some((recorded, 0)) if recorded == seed => {}
        Some((recorded, _)) => bail!(
            "game {number} of the records was played with dice seed {recorded}; this match (--seed {}) gives it {seed}",
            config.seed
        ),
        None => bail!("game {number} of the records has no 'seed' line"),
    }
    if !config.in_shard(index) {
        bail!("game {number} of the records is not in this shard's slice of the games (--shard)");
    }
    let seat_players = config.seat_players(index);
    let session = Session::new(config.kind, &config.options, seed)?;
    let expected = config.seats_line(&seat_players, &session);
    if record.note("seats").map(|s| format!("seats {s}")) != Some(expected.clone()) {
        bail!("game {number} of the records was played by other players (expected '{expected}')");
    }
    check_plan(config, record, number, &seat_players)?;
    check_start(config, record, number)?;
    let session = replay(record, seed, number)?;
    let forfeit = recorded_forfeit(record, &session, number, seat_players.len())?;
    let verdict = super::adjudicate::replayed(record, session.game(), number)?;
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
    let recorded = record.note("result").map(|r| format!("result {r}"));
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
        names: Vec::new(),
        moves: count_moves(record.actions.iter().map(|(_, a)| a)),
        traffic: Vec::new(),
        adjudicated: record.note("adjudicated").map(String::from),
    })
}

/// The number (from 1) of a recorded game, checked to be one of this match's games, of
/// its game and options.
fn check_game(config: &MatchConfig, record: &GameRecord) -> anyhow::Result<u64> {
    let number: u64 = record
        .note("match-game")
        .and_then(|n| n.trim().parse().ok())
        .context("a game without a 'match-game N' line: this is not a match record")?;
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

/// Game `number` of the records replayed on dice `seed`: every roll as the seed throws
/// it, every move legal.
fn replay(record: &GameRecord, seed: u64, number: u64) -> anyhow::Result<Session> {
    Replay::new(record, seed, Replaying::Seeded)?
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

/// The forfeit the `forfeit` line of game `number` tells (of one of its `seats`), if it
/// has one.
fn recorded_forfeit(
    record: &GameRecord,
    session: &Session,
    number: u64,
    seats: usize,
) -> anyhow::Result<Option<(Seat, ForfeitKind, String)>> {
    let Some(text) = record.note("forfeit") else {
        return Ok(None);
    };
    let (seat_name, rest) = text.split_once(' ').unwrap_or((text, ""));
    let (kind, detail) = rest.split_once(": ").unwrap_or((rest, ""));
    let seat = (0..seats)
        .find(|&s| session.seat_name(s) == seat_name)
        .with_context(|| format!("game {number}: the forfeit names no seat of this game: '{seat_name}'"))?;
    if kind.trim().is_empty() {
        bail!("game {number}: the forfeit line gives no reason");
    }
    let kind = kind.parse().map_err(|e| anyhow::anyhow!("game {number}: {e}"))?;
    Ok(Some((seat, kind, detail.to_string())))
}
