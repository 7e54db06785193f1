//! `tabula match`: many games between players (bots and external engines) that take
//! turns in every seat, in parallel, with records that replay and resume.
//!
//! Game `g` of a match with `S` seats uses dice seed `seed + g / S` and seats the players
//! rotated by `g % S`: every dice stream is played once from each seat (for two seats:
//! paired dice, seats swapped), so luck cancels out.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use crate::ai::playout::MAX_ACTIONS;
use crate::app::players::{Agent, Forfeit, MatchPlayer, Observation, Referee, build_agent};
use crate::app::protocol::client::{EngineSettings, Traffic};
use crate::app::record::{GameRecord, SeedLine, action_line, parse_records, write_game};
use crate::app::session::{Action, Session};
use crate::core::stats::{elo, wilson};
use crate::core::{Game, Options, Phase, Seat};
use crate::games::{AnyGame, GameKind};

/// What `tabula match` was asked for.
#[derive(Clone)]
pub struct MatchConfig {
    /// The game.
    pub kind: GameKind,
    /// Its options.
    pub options: Options,
    /// How many games.
    pub games: u64,
    /// The players, one per seat; they rotate through the seats.
    pub players: Vec<MatchPlayer>,
    /// The first dice seed.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// Where every game is written (and read back to resume).
    pub records: Option<PathBuf>,
    /// Limits and log for external engines.
    pub engines: EngineSettings,
}

/// How one game of the match went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// The game's number in the match, from 0.
    pub index: u64,
    /// Which player sat in each seat.
    pub seat_players: Vec<usize>,
    /// Finishing place per seat (seats that share a place have the same number).
    pub places: Vec<u8>,
    /// Points per seat (a first place shared by `k` seats gives each `1/k` of its points).
    pub points: Vec<f64>,
    /// The seat that forfeited, with the reason class and the story.
    pub forfeit: Option<(usize, String, String)>,
    /// The forfeiting engine's last standard error lines (empty with `--log`).
    pub stderr: Vec<String>,
    /// The name each seat's engine gave (none for bots, or when resumed).
    pub names: Vec<Option<String>>,
    /// Moves played.
    pub moves: u64,
    /// Round trips with external engines (zero when resumed from records).
    pub traffic: Traffic,
}

impl GameSummary {
    /// The share of the first place that `seat` got: 1 for a win, `1/k` when `k` seats
    /// share it, 0 otherwise. The shares of one game add up to 1.
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.places.get(seat) != Some(&1) {
            return 0.0;
        }
        1.0 / self.places.iter().filter(|&&p| p == 1).count() as f64
    }
}

impl MatchConfig {
    fn seats(&self) -> usize {
        self.players.len()
    }

    /// Which player sits in each seat for game `index`.
    pub fn seat_players(&self, index: u64) -> Vec<usize> {
        let seats = self.seats() as u64;
        (0..seats)
            .map(|seat| ((seat + index % seats) % seats) as usize)
            .collect()
    }

    /// The dice seed of game `index`.
    pub fn dice_seed(&self, index: u64) -> u64 {
        self.seed.wrapping_add(index / self.seats() as u64)
    }

    fn seats_line(&self, seat_players: &[usize], session: &Session) -> String {
        let words: Vec<String> = seat_players
            .iter()
            .enumerate()
            .map(|(seat, &player)| format!("{}={}", session.seat_name(seat), self.players[player].spec))
            .collect();
        format!("seats {}", words.join(" "))
    }

    fn log(&self, who: &str, text: &str) {
        if let Some(log) = &self.engines.log {
            log.write(who, "=", text);
        }
    }
}

/// How game `index` is named in the records (`match-game N`) and in the log (`game N`).
fn game_label(index: u64) -> String {
    format!("game {}", index + 1)
}

/// Plays game `index` and returns its summary and record text.
pub fn play_game(config: &MatchConfig, index: u64) -> anyhow::Result<(GameSummary, String)> {
    let seed = config.dice_seed(index);
    let seat_players = config.seat_players(index);
    let mut session = Session::new(config.kind, &config.options, seed)?;
    let label = game_label(index);
    let mut forfeit: Option<Forfeit> = None;
    let mut agents: Vec<Option<Box<dyn Agent>>> = Vec::new();
    for (seat, &player) in seat_players.iter().enumerate() {
        let who = format!("{label} {}", session.seat_name(seat));
        let bot_seed = seed.wrapping_mul(31).wrapping_add(seat as u64 * 7919 + index);
        match build_agent(&config.players[player].spec, bot_seed, &config.engines, &who) {
            Ok(agent) => agents.push(agent),
            Err(failure) => {
                forfeit.get_or_insert(Forfeit::of(seat, failure));
                agents.push(None);
            }
        }
    }
    let mut referee = Referee::new(agents);
    if forfeit.is_none()
        && let Err(f) = referee.notify(&Observation::NewGame(session.game()))
    {
        forfeit = Some(f);
    }
    let mut actions = 0u64;
    while forfeit.is_none() && session.game().phase() != Phase::Over {
        actions += 1;
        if actions > MAX_ACTIONS {
            bail!("game {} did not end after {MAX_ACTIONS} actions", index + 1);
        }
        match referee.act(&mut session, false) {
            Ok(Some(_)) => {}
            Ok(None) => bail!("game {}: no player could act at {}", index + 1, session.status()),
            Err(f) => forfeit = Some(f),
        }
    }
    // The verdict goes in the log as it falls, before the engines are asked to quit.
    let forfeit_text = forfeit
        .as_ref()
        .map(|f| forfeit_line(session.seat_name(f.seat), f.kind, &f.detail));
    if let Some(line) = &forfeit_text {
        config.log(&label, line);
    }
    let traffic = referee.traffic();
    let names = referee.names();
    referee.shutdown();
    let moves = count_moves(session.actions().map(|(_, a)| a));
    let (places, points) = match &forfeit {
        Some(f) => forfeit_result(session.game(), f.seat),
        None => match session.game().outcome() {
            Some(outcome) => (
                outcome.places,
                outcome.points.iter().map(|&p| f64::from(p)).collect(),
            ),
            None => bail!("game {} ended without an outcome", index + 1),
        },
    };
    let notes = [
        format!("match-game {}", index + 1),
        config.seats_line(&seat_players, &session),
    ];
    let mut record = write_game(&session, &notes, SeedLine::Start);
    let result = result_line(&places, &points);
    let _ = writeln!(record, "{result}");
    if let (Some(f), Some(line)) = (&forfeit, &forfeit_text) {
        let _ = writeln!(record, "{line}");
        // Comments: kept with the game for its author, skipped when the records are read.
        for line in &f.stderr {
            let _ = writeln!(record, "# stderr: {}", one_line(line));
        }
    }
    config.log(&label, &format!("end: {result}"));
    record.push('\n');
    let summary = GameSummary {
        index,
        seat_players,
        places,
        points,
        stderr: forfeit.as_ref().map(|f| f.stderr.clone()).unwrap_or_default(),
        forfeit: forfeit.map(|f| (f.seat, f.kind.to_string(), f.detail)),
        names,
        moves,
        traffic,
    };
    Ok((summary, record))
}

fn count_moves<'a>(actions: impl Iterator<Item = &'a Action>) -> u64 {
    actions.filter(|a| matches!(a, Action::Move(_))).count() as u64
}

fn result_line(places: &[u8], points: &[f64]) -> String {
    let points: Vec<String> = points.iter().map(|&p| format_points(p)).collect();
    format!("result places={} points={}", join(places), points.join(","))
}

fn forfeit_line(seat: &str, kind: &str, detail: &str) -> String {
    format!("forfeit {seat} {kind}: {}", one_line(detail))
}

/// Points as written in records: whole numbers plainly, shares to four places.
fn format_points(points: f64) -> String {
    if points.fract() == 0.0 {
        format!("{points:.0}")
    } else {
        format!("{points:.4}")
    }
}

/// The most points one game can give a seat: nardy's koks (3) or mars (2), and under
/// `match=N` up to `N - 1` plus that; 1 in the other games.
pub fn max_points(game: &AnyGame) -> f64 {
    match game {
        AnyGame::Nardy(nardy) => f64::from(nardy.match_to() - 1 + most_for_one_nardy_game(game)),
        _ => 1.0,
    }
}

fn most_for_one_nardy_game(game: &AnyGame) -> u32 {
    if game.options().get("koks") == Some("on") {
        3
    } else {
        2
    }
}

/// Places and points when `seat` forfeits, never better for it than losing on the board.
///
/// Two seats: the other seat wins what the game could be worth at most (nardy: a koks
/// when on, else a mars; under `match=N` the match, at least `N` points); the forfeiting
/// seat keeps only the match points it had already won. More seats: the forfeiting seat is
/// last, the seats already finished keep their places, and the others share the places
/// left (the first place's point split between them when they share it).
pub fn forfeit_result(game: &AnyGame, seat: Seat) -> (Vec<u8>, Vec<f64>) {
    let seats = game.seat_count();
    if seats == 2 {
        let other = 1 - seat;
        let mut places = vec![1; 2];
        places[seat] = 2;
        let mut points = vec![0.0; 2];
        match game {
            AnyGame::Nardy(nardy) => {
                let most = most_for_one_nardy_game(game);
                points[other] = f64::from(nardy.match_to().max(most).max(nardy.score()[other] + most));
                points[other] = points[other].min(max_points(game));
                points[seat] = f64::from(nardy.score()[seat]);
            }
            _ => points[other] = 1.0,
        }
        return (places, points);
    }
    let finished: Vec<Seat> = match game {
        AnyGame::Aeroplane(aeroplane) => aeroplane
            .finished()
            .iter()
            .copied()
            .filter(|&s| s != seat)
            .collect(),
        _ => Vec::new(),
    };
    let mut places = vec![finished.len() as u8 + 1; seats];
    for (place, &s) in finished.iter().enumerate() {
        places[s] = place as u8 + 1;
    }
    places[seat] = seats as u8;
    let firsts = places.iter().filter(|&&p| p == 1).count().max(1) as f64;
    let points = places
        .iter()
        .map(|&p| if p == 1 { 1.0 / firsts } else { 0.0 })
        .collect();
    (places, points)
}

fn join<T: ToString>(values: &[T]) -> String {
    values.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// Reads the finished games of an interrupted match back from its records, replaying
/// each through the rules; any game that does not replay, or belongs to another match,
/// refuses the whole file with the reason.
fn resume(config: &MatchConfig, text: &str) -> anyhow::Result<Vec<GameSummary>> {
    let records = parse_records(text)?;
    let mut done: BTreeMap<u64, GameSummary> = BTreeMap::new();
    for record in &records {
        let summary = replay_record(config, record)?;
        if done.contains_key(&summary.index) {
            bail!("game {} appears twice in the records", summary.index + 1);
        }
        done.insert(summary.index, summary);
    }
    Ok(done.into_values().collect())
}

/// Replays one recorded game: its number, players, seed, every roll (thrown from the
/// seed) and move (legal), and its result (recomputed and compared).
fn replay_record(config: &MatchConfig, record: &GameRecord) -> anyhow::Result<GameSummary> {
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
    let index = number - 1;
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
    let seed = config.dice_seed(index);
    match record.seed {
        Some((recorded, 0)) if recorded == seed => {}
        Some((recorded, _)) => bail!(
            "game {number} of the records was played with dice seed {recorded}; this match (--seed {}) gives it {seed}",
            config.seed
        ),
        None => bail!("game {number} of the records has no 'seed' line"),
    }
    let seat_players = config.seat_players(index);
    let mut session = Session::new(config.kind, &config.options, seed)?;
    let expected = config.seats_line(&seat_players, &session);
    if record.note("seats").map(|s| format!("seats {s}")) != Some(expected.clone()) {
        bail!("game {number} of the records was played by other players (expected '{expected}')");
    }
    for (line, action) in &record.actions {
        let what = action_line(action, |seat| session.seat_name(seat).to_string());
        match action {
            Action::Roll(dice) => {
                let rolled = session
                    .roll()
                    .map_err(|e| anyhow::anyhow!("game {number}, line {line}: '{what}': {e}"))?;
                if rolled.dice != *dice {
                    bail!(
                        "game {number}, line {line}: '{what}', but dice seed {seed} throws {} there",
                        rolled.dice
                    );
                }
            }
            Action::Move(text) => {
                session
                    .play_text(text)
                    .map_err(|e| anyhow::anyhow!("game {number}, line {line}: '{what}': {e}"))?;
            }
            Action::Dice(_) | Action::SetPos(_) | Action::Resign(_) => {
                bail!("game {number}, line {line}: '{what}': a match game has only thrown dice and moves")
            }
        }
    }
    let forfeit = match record.note("forfeit") {
        Some(text) => {
            let (seat_name, rest) = text.split_once(' ').unwrap_or((text, ""));
            let (kind, detail) = rest.split_once(": ").unwrap_or((rest, ""));
            let seat = (0..seat_players.len())
                .find(|&s| session.seat_name(s) == seat_name)
                .with_context(|| {
                    format!("game {number}: the forfeit names no seat of this game: '{seat_name}'")
                })?;
            if kind.trim().is_empty() {
                bail!("game {number}: the forfeit line gives no reason");
            }
            Some((seat, kind.to_string(), detail.to_string()))
        }
        None => None,
    };
    let (places, points) = match (&forfeit, session.game().outcome()) {
        (Some((seat, _, _)), _) => forfeit_result(session.game(), *seat),
        (None, Some(outcome)) => (
            outcome.places,
            outcome.points.iter().map(|&p| f64::from(p)).collect(),
        ),
        (None, None) => bail!(
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
        traffic: Traffic::default(),
    })
}

/// Runs the match: plays the games not yet in the records, then prints the table. With
/// `progress`, a progress bar on standard error; the first forfeit of each player is told
/// there too, with the engine's last standard error lines.
pub fn run_match(
    config: &MatchConfig,
    out: &mut dyn Write,
    progress: bool,
) -> anyhow::Result<Vec<GameSummary>> {
    if config.players.iter().any(|p| p.spec.is_human()) {
        bail!("a match is played by bots and engines; 'human' cannot play one");
    }
    let mut finished: BTreeMap<u64, GameSummary> = BTreeMap::new();
    let mut writer = None;
    if let Some(path) = &config.records {
        if path.exists() {
            let mut text = crate::app::lines::read_text_file(path).map_err(anyhow::Error::msg)?;
            // Every game is written as one block ending in an empty line; a run that was
            // killed mid-write leaves a torn last block, which is dropped and played again.
            let whole = text.rfind("\n\n").map_or(0, |end| end + 2);
            if whole < text.len() {
                text.truncate(whole);
                std::fs::write(path, &text).with_context(|| format!("cannot repair {}", path.display()))?;
            }
            if !text.trim().is_empty() {
                for summary in
                    resume(config, &text).with_context(|| format!("cannot resume from {}", path.display()))?
                {
                    finished.insert(summary.index, summary);
                }
            }
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        writer = Some(file);
    }
    if let Some(warning) = unbalanced_warning(config) {
        eprint!("{warning}");
    }
    let resumed = finished.len();
    let pending: Vec<u64> = (0..config.games).filter(|g| !finished.contains_key(g)).collect();
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    let bar = progress_bar(config.games, resumed as u64, progress);
    let (sender, receiver) = channel::<anyhow::Result<(GameSummary, String)>>();
    let jobs = config.jobs.clamp(1, pending.len().max(1));
    let mut failure: Option<anyhow::Error> = None;
    let mut told = vec![false; config.players.len()];
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let (next, pending) = (&next, &pending);
            scope.spawn(move || {
                loop {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = pending.get(slot) else { break };
                    let result = play_game(config, index);
                    let stop = result.is_err();
                    if sender.send(result).is_err() || stop {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for result in receiver {
            match result {
                Ok((summary, record)) => {
                    if let Some(file) = writer.as_mut()
                        && let Err(e) = file.write_all(record.as_bytes()).and_then(|()| file.flush())
                    {
                        failure.get_or_insert(anyhow::anyhow!("cannot write the records: {e}"));
                        next.store(usize::MAX / 2, Ordering::Relaxed);
                    }
                    if let Some((seat, kind, detail)) = &summary.forfeit {
                        let player = summary.seat_players[*seat];
                        if !std::mem::replace(&mut told[player], true) {
                            let text = forfeit_notice(config, &summary, player, kind, detail);
                            bar.suspend(|| eprint!("{text}"));
                        }
                    }
                    finished.insert(summary.index, summary);
                    bar.inc(1);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                    next.store(usize::MAX / 2, Ordering::Relaxed);
                }
            }
        }
    });
    bar.finish_and_clear();
    if let Some(error) = failure {
        return Err(error);
    }
    let elapsed = start.elapsed();
    let summaries: Vec<GameSummary> = finished.into_values().collect();
    write!(
        out,
        "{}",
        table(config, &summaries, elapsed, summaries.len() - resumed, resumed)
    )?;
    Ok(summaries)
}

/// Games done of all, games per second and the time left, on standard error when it is a
/// terminal (hidden otherwise).
fn progress_bar(total: u64, done: u64, shown: bool) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
    if !shown {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} games  {rate}  ETA {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
        .with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.1} games/s", state.per_sec());
        });
    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        .with_style(style)
        .with_position(done)
}

fn forfeit_notice(
    config: &MatchConfig,
    summary: &GameSummary,
    player: usize,
    kind: &str,
    detail: &str,
) -> String {
    let mut text = wrap(&format!(
        "{}: #{} {} forfeits: {kind}: {}",
        game_label(summary.index),
        player + 1,
        config.players[player].spec,
        one_line(detail)
    ));
    if !summary.stderr.is_empty() {
        let _ = writeln!(text, "  its last lines on standard error:");
        for line in &summary.stderr {
            let _ = writeln!(text, "  | {line}");
        }
    }
    let _ = writeln!(text, "  (later forfeits of this player are counted in the table)");
    text
}

fn format_elo(value: f64) -> String {
    if value.is_infinite() {
        if value > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{value:+.0}")
    }
}

/// A warning when the games do not divide into whole sets (one game per seating).
fn unbalanced_warning(config: &MatchConfig) -> Option<String> {
    let seats = config.players.len() as u64;
    (!config.games.is_multiple_of(seats)).then(|| {
        wrap(&format!(
            "warning: {} games do not divide into sets of {seats} (one per seating): the last set is \
             incomplete, so the seats are not balanced; play a multiple of {seats}",
            config.games
        ))
    })
}

/// The width the table keeps to.
pub const TABLE_WIDTH: usize = 80;
/// The width of the player column.
const NAME_WIDTH: usize = 16;

/// The result table, at most [`TABLE_WIDTH`] columns wide.
pub fn table(
    config: &MatchConfig,
    games: &[GameSummary],
    elapsed: Duration,
    played: usize,
    resumed: usize,
) -> String {
    let players = config.players.len();
    let fresh = config.kind.new_game(&config.options).ok();
    let seat_name = |seat: usize| fresh.as_ref().map_or("?", |g| g.seat_name(seat)).to_string();
    let most = fresh.as_ref().map_or(1.0, max_points);
    let mut text = String::new();
    let options = config.options.non_default(config.kind.info().options).join(" ");
    let header = format!(
        "match {}{}{}: {} games, {} players rotating through the seats, dice seed {}",
        config.kind.info().id,
        if options.is_empty() { "" } else { " " },
        options,
        games.len(),
        players,
        config.seed
    );
    text.push_str(&wrap(&header));
    if let Some(warning) = unbalanced_warning(config) {
        text.push_str(&warning);
    }
    let labels = player_labels(config, games);
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
    let whole = games
        .iter()
        .all(|g| g.places.iter().filter(|&&p| p == 1).count() <= 1);
    for (player, label) in labels.iter().enumerate() {
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
        let (low, high) = wilson(wins, n);
        let mean = points.iter().sum::<f64>() / n.max(1.0);
        let variance = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let half = 1.96 * (variance / n.max(1.0)).sqrt();
        let wins_text = if whole {
            format!("{wins:.0}")
        } else {
            format!("{wins:.1}")
        };
        let _ = writeln!(
            text,
            "{:<3}{:<w$} {:>5} {:>6}  {:>5.1} {:<13} {:>6.2} {:<13} {:>5.2}",
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
        );
    }
    if players == 2 {
        text.push_str(&elo_line(games));
    }
    let mut by_seat = Vec::new();
    for seat in 0..players {
        let firsts: f64 = games.iter().map(|g| g.win_share(seat)).sum();
        by_seat.push(format!(
            "{} {:.1}%",
            seat_name(seat),
            100.0 * firsts / games.len().max(1) as f64
        ));
    }
    text.push_str(&wrap(&format!("first places by seat: {}", by_seat.join(", "))));
    let mut forfeits: BTreeMap<usize, BTreeMap<String, usize>> = BTreeMap::new();
    for game in games {
        if let Some((seat, kind, _)) = &game.forfeit {
            let player = game.seat_players[*seat];
            *forfeits
                .entry(player)
                .or_default()
                .entry(kind.clone())
                .or_default() += 1;
        }
    }
    if forfeits.is_empty() {
        let _ = writeln!(text, "forfeits: none");
    } else {
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
    }
    let mut traffic = Traffic::default();
    for game in games {
        traffic.add(game.traffic);
    }
    if traffic.commands > 0 {
        text.push_str(&wrap(&format!(
            "engine round trips: {} commands at {:.0} us, {} genmoves at {:.0} us on average",
            traffic.commands,
            traffic.waited.as_secs_f64() * 1e6 / traffic.commands as f64,
            traffic.genmoves,
            traffic.genmove_wait.as_secs_f64() * 1e6 / traffic.genmoves.max(1) as f64
        )));
    }
    let moves: u64 = games.iter().map(|g| g.moves).sum();
    text.push_str(&wrap(&format!(
        "average length {:.1} moves; {played} games played in {:.2} s ({:.1} games/s)",
        moves as f64 / games.len().max(1) as f64,
        elapsed.as_secs_f64(),
        played as f64 / elapsed.as_secs_f64().max(1e-9),
    )));
    if resumed > 0 {
        let _ = writeln!(text, "{resumed} resumed from the records");
    }
    text
}

/// The Elo difference of player 1 over player 2 with its 95% interval. Games that share
/// their dice (a pair, seats swapped) are one sample, since their results go together.
fn elo_line(games: &[GameSummary]) -> String {
    let mut pairs: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for game in games {
        let Some(seat) = game.seat_players.iter().position(|&p| p == 0) else {
            continue;
        };
        pairs
            .entry(game.index / 2)
            .or_default()
            .push(game.win_share(seat));
    }
    let samples: Vec<f64> = pairs
        .values()
        .map(|s| s.iter().sum::<f64>() / s.len() as f64)
        .collect();
    let n = samples.len() as f64;
    if n == 0.0 {
        return String::new();
    }
    let score = samples.iter().sum::<f64>() / n;
    let variance = samples.iter().map(|s| (s - score).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (variance / n).sqrt();
    let low = (score - half).max(0.0);
    let high = (score + half).min(1.0);
    wrap(&format!(
        "Elo difference #1 - #2: {} (95% CI {} to {}), score {:.1}%",
        format_elo(elo(score)),
        format_elo(elo(low)),
        format_elo(elo(high)),
        100.0 * score
    ))
}

/// One label per player, at most [`NAME_WIDTH`] characters: the name given, else the
/// engine's own name, else the player spec; labels that would look the same are told
/// apart.
pub fn player_labels(config: &MatchConfig, games: &[GameSummary]) -> Vec<String> {
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
                reported.unwrap_or_else(|| p.spec.to_string())
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
                config.players[player].spec.to_string()
            } else {
                label.clone()
            }
        })
        .collect();
    distinct_labels(&full, NAME_WIDTH)
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
fn wrap(line: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::roster::BotKind;
    use crate::app::players::PlayerSpec;

    fn game(kind: GameKind, options: &[&str]) -> AnyGame {
        let options = Options::parse(kind.info().options, options).unwrap();
        kind.new_game(&options).unwrap()
    }

    #[test]
    fn a_forfeit_pays_the_most_a_game_could_be_worth() {
        assert_eq!(
            forfeit_result(&game(GameKind::Nardy, &[]), 0),
            (vec![2, 1], vec![0.0, 2.0])
        );
        assert_eq!(
            forfeit_result(&game(GameKind::Nardy, &["koks=on"]), 1),
            (vec![1, 2], vec![3.0, 0.0])
        );
        assert_eq!(
            forfeit_result(&game(GameKind::Nardy, &["match=5"]), 1),
            (vec![1, 2], vec![5.0, 0.0])
        );
        assert_eq!(
            forfeit_result(&game(GameKind::Ur, &[]), 1),
            (vec![1, 2], vec![1.0, 0.0])
        );
        assert_eq!(max_points(&game(GameKind::Nardy, &["match=5", "koks=on"])), 7.0);
        assert_eq!(max_points(&game(GameKind::Ur, &[])), 1.0);
    }

    #[test]
    fn with_more_seats_the_forfeiting_seat_is_last_and_the_others_share() {
        let (places, points) = forfeit_result(&game(GameKind::Mnogoboy, &["players=4"]), 2);
        assert_eq!(places, vec![1, 1, 4, 1]);
        let third = 1.0 / 3.0;
        assert_eq!(points, vec![third, third, 0.0, third]);
        let summary = GameSummary {
            index: 0,
            seat_players: vec![0, 1, 2, 3],
            places,
            points,
            forfeit: None,
            stderr: Vec::new(),
            names: Vec::new(),
            moves: 0,
            traffic: Traffic::default(),
        };
        let shares: f64 = (0..4).map(|s| summary.win_share(s)).sum();
        assert!((shares - 1.0).abs() < 1e-12);
    }

    #[test]
    fn seats_already_home_keep_their_places_when_another_forfeits() {
        use crate::core::SeededDice;
        let mut game = game(GameKind::Aeroplane, &["players=4", "until=last"]);
        let mut dice = SeededDice::new(5);
        let mut moves = Vec::new();
        let mut turns = 0;
        // Play random moves until one seat is home and the game goes on.
        let first = loop {
            turns += 1;
            assert!(turns < 100_000, "no seat got home");
            if let AnyGame::Aeroplane(a) = &game
                && let Some(&first) = a.finished().first()
            {
                break first;
            }
            match game.phase() {
                Phase::Roll(_) => {
                    let roll = game.roll(&mut dice);
                    game.set_dice(roll).unwrap();
                }
                Phase::Move(_) => {
                    game.legal_moves(&mut moves);
                    let pick = (turns * 7919) % moves.len();
                    game.play_unchecked(&moves[pick].clone());
                }
                Phase::Over => panic!("over before anyone was seen home"),
            }
        };
        let forfeiter = (first + 1) % 4;
        let (places, points) = forfeit_result(&game, forfeiter);
        assert_eq!(places[first], 1);
        assert_eq!(points[first], 1.0);
        assert_eq!(places[forfeiter], 4);
        for seat in (0..4).filter(|&s| s != first && s != forfeiter) {
            assert_eq!(places[seat], 2, "the others share the places left: {places:?}");
            assert_eq!(points[seat], 0.0);
        }
    }

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
    fn elo_follows_the_score() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(format_elo(elo(0.0)), "-inf");
    }

    #[test]
    fn the_table_keeps_to_80_columns_and_its_intervals_to_what_is_possible() {
        let config = MatchConfig {
            kind: GameKind::Ur,
            options: Options::defaults(GameKind::Ur.info().options),
            games: 3,
            players: vec![
                "a-very-long-player-name=bot:greedy".parse().unwrap(),
                MatchPlayer {
                    name: None,
                    spec: PlayerSpec::Bot(BotKind::Random),
                },
            ],
            seed: 1,
            jobs: 1,
            records: None,
            engines: EngineSettings::default(),
        };
        let games: Vec<GameSummary> = (0..3)
            .map(|index| GameSummary {
                index,
                seat_players: config.seat_players(index),
                places: if index % 2 == 0 { vec![1, 2] } else { vec![2, 1] },
                points: if index % 2 == 0 {
                    vec![1.0, 0.0]
                } else {
                    vec![0.0, 1.0]
                },
                forfeit: None,
                stderr: Vec::new(),
                names: Vec::new(),
                moves: 40,
                traffic: Traffic::default(),
            })
            .collect();
        let text = table(&config, &games, Duration::from_secs(1), 3, 0);
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
        assert!(text.contains("Elo difference #1 - #2: +inf"), "{text}");
        assert!(
            text.contains("first places by seat: light 66.7%, dark 33.3%"),
            "{text}"
        );
    }
}
