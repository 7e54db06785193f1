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

use crate::bench::MAX_ACTIONS;
use crate::core::{Game, Options, Phase};
use crate::games::GameKind;
use crate::players::{Agent, Forfeit, Observation, PlayerSpec, Referee, build_agent};
use crate::protocol::client::{EngineSettings, Traffic};
use crate::session::Session;
use crate::session::record::{GameRecord, SeedLine, parse_records, write_game};

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
    pub players: Vec<PlayerSpec>,
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
    /// Finishing place per seat.
    pub places: Vec<u8>,
    /// Points per seat.
    pub points: Vec<u32>,
    /// The seat that forfeited, with the reason class and the story.
    pub forfeit: Option<(usize, String, String)>,
    /// Moves played.
    pub moves: u64,
    /// Round trips with external engines (zero when resumed from records).
    pub traffic: Traffic,
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
            .map(|(seat, &player)| format!("{}={}", session.seat_name(seat), self.players[player]))
            .collect();
        format!("seats {}", words.join(" "))
    }
}

/// Plays game `index` and returns its summary and record text.
pub fn play_game(config: &MatchConfig, index: u64) -> anyhow::Result<(GameSummary, String)> {
    let seed = config.dice_seed(index);
    let seat_players = config.seat_players(index);
    let mut session = Session::new(config.kind, &config.options, seed)?;
    let seats = session.game().seat_count();
    let mut forfeit: Option<Forfeit> = None;
    let mut agents: Vec<Option<Box<dyn Agent>>> = Vec::new();
    for (seat, &player) in seat_players.iter().enumerate() {
        let label = format!("g{index} {}", session.seat_name(seat));
        let bot_seed = seed.wrapping_mul(31).wrapping_add(seat as u64 * 7919 + index);
        match build_agent(&config.players[player], bot_seed, &config.engines, &label) {
            Ok(agent) => agents.push(agent),
            Err((kind, detail)) => {
                forfeit.get_or_insert(Forfeit { seat, kind, detail });
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
            bail!("game {index} did not end after {MAX_ACTIONS} actions");
        }
        match referee.act(&mut session, false) {
            Ok(Some(_)) => {}
            Ok(None) => bail!("game {index}: no player could act at {}", session.status()),
            Err(f) => forfeit = Some(f),
        }
    }
    let traffic = referee.traffic();
    referee.shutdown();
    let moves = session
        .actions()
        .filter(|(_, a)| matches!(a, crate::session::Action::Move(_)))
        .count() as u64;
    let (places, points) = match (&forfeit, session.game().outcome()) {
        (Some(f), _) => forfeit_result(seats, f.seat),
        (None, Some(outcome)) => (outcome.places, outcome.points),
        (None, None) => bail!("game {index} ended without an outcome"),
    };
    let notes = [
        format!("match-game {}", index + 1),
        config.seats_line(&seat_players, &session),
    ];
    let mut record = write_game(&session, &notes, SeedLine::Start);
    let _ = writeln!(record, "result places={} points={}", join(&places), join(&points));
    if let Some(f) = &forfeit {
        let _ = writeln!(
            record,
            "forfeit {} {}: {}",
            session.seat_name(f.seat),
            f.kind,
            one_line(&f.detail)
        );
    }
    record.push('\n');
    let summary = GameSummary {
        index,
        seat_players,
        places,
        points,
        forfeit: forfeit.map(|f| (f.seat, f.kind.to_string(), f.detail)),
        moves,
        traffic,
    };
    Ok((summary, record))
}

/// Places and points when `seat` forfeits: last for it, first for everyone else, and
/// in a two-seat game one point to the other seat.
fn forfeit_result(seats: usize, seat: usize) -> (Vec<u8>, Vec<u32>) {
    let places = (0..seats)
        .map(|s| if s == seat { seats as u8 } else { 1 })
        .collect();
    let points = (0..seats).map(|s| u32::from(seats == 2 && s != seat)).collect();
    (places, points)
}

fn join<T: ToString>(values: &[T]) -> String {
    values.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

fn one_line(text: &str) -> String {
    text.replace('\n', " ")
}

/// Reads the finished games of an interrupted match back from its records.
fn resume(config: &MatchConfig, text: &str) -> anyhow::Result<Vec<GameSummary>> {
    let records = parse_records(text)?;
    let mut done = Vec::new();
    for record in &records {
        done.push(summary_from_record(config, record)?);
    }
    Ok(done)
}

fn summary_from_record(config: &MatchConfig, record: &GameRecord) -> anyhow::Result<GameSummary> {
    let number: u64 = record
        .note("match-game")
        .and_then(|n| n.trim().parse().ok())
        .context("a game without a 'match-game' line: this is not a match record")?;
    let index = number - 1;
    if record.kind != config.kind || record.options != config.options {
        bail!("game {number} of the records is another game or other options than this match");
    }
    let seat_players = config.seat_players(index);
    let session = Session::new(config.kind, &config.options, 0)?;
    let expected = config.seats_line(&seat_players, &session);
    if record.note("seats").map(|s| format!("seats {s}")) != Some(expected.clone()) {
        bail!("game {number} of the records was played by other players (expected '{expected}')");
    }
    let result = record.note("result").context("a game without a result line")?;
    let mut places = Vec::new();
    let mut points = Vec::new();
    for word in result.split_whitespace() {
        if let Some(list) = word.strip_prefix("places=") {
            places = list.split(',').map(str::parse).collect::<Result<_, _>>()?;
        } else if let Some(list) = word.strip_prefix("points=") {
            points = list.split(',').map(str::parse).collect::<Result<_, _>>()?;
        }
    }
    let forfeit = record.note("forfeit").map(|text| {
        let (seat, rest) = text.split_once(' ').unwrap_or((text, ""));
        let (kind, detail) = rest.split_once(": ").unwrap_or((rest, ""));
        let seat = (0..seat_players.len())
            .find(|&s| session.seat_name(s) == seat)
            .unwrap_or(0);
        (seat, kind.to_string(), detail.to_string())
    });
    let moves = record
        .actions
        .iter()
        .filter(|(_, a)| matches!(a, crate::session::Action::Move(_)))
        .count() as u64;
    Ok(GameSummary {
        index,
        seat_players,
        places,
        points,
        forfeit,
        moves,
        traffic: Traffic::default(),
    })
}

/// Runs the match: plays the games not yet in the records, then prints the table.
pub fn run_match(
    config: &MatchConfig,
    out: &mut dyn Write,
    progress: bool,
) -> anyhow::Result<Vec<GameSummary>> {
    if config.players.iter().any(PlayerSpec::is_human) {
        bail!("a match is played by bots and engines; 'human' cannot play one");
    }
    let mut finished: BTreeMap<u64, GameSummary> = BTreeMap::new();
    let mut writer = None;
    if let Some(path) = &config.records {
        if path.exists() {
            let mut text = crate::lines::read_text_file(path).map_err(anyhow::Error::msg)?;
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
    let resumed = finished.len();
    let pending: Vec<u64> = (0..config.games).filter(|g| !finished.contains_key(g)).collect();
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    let (sender, receiver) = channel::<anyhow::Result<(GameSummary, String)>>();
    let jobs = config.jobs.clamp(1, pending.len().max(1));
    let mut failure: Option<anyhow::Error> = None;
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
        let mut last_print = Instant::now() - Duration::from_secs(1);
        for result in receiver {
            match result {
                Ok((summary, record)) => {
                    if let Some(file) = writer.as_mut()
                        && let Err(e) = file.write_all(record.as_bytes()).and_then(|()| file.flush())
                    {
                        failure.get_or_insert(anyhow::anyhow!("cannot write the records: {e}"));
                        next.store(usize::MAX / 2, Ordering::Relaxed);
                    }
                    finished.insert(summary.index, summary);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                    next.store(usize::MAX / 2, Ordering::Relaxed);
                }
            }
            if progress && last_print.elapsed() >= Duration::from_millis(200) {
                last_print = Instant::now();
                let played = finished.len() - resumed;
                let rate = played as f64 / start.elapsed().as_secs_f64().max(1e-9);
                eprint!(
                    "\r{:>6}/{} games  {rate:>8.1} games/s ",
                    finished.len(),
                    config.games
                );
            }
        }
    });
    if progress {
        eprint!("\r{:60}\r", "");
    }
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

/// Wilson score interval for `wins` out of `n`, as percentages.
pub fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 100.0);
    }
    let z = 1.96;
    let p = wins / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    (
        100.0 * (centre - spread) / scale,
        100.0 * (centre + spread) / scale,
    )
}

/// The result table.
pub fn table(
    config: &MatchConfig,
    games: &[GameSummary],
    elapsed: Duration,
    played: usize,
    resumed: usize,
) -> String {
    let players = config.players.len();
    let session = Session::new(config.kind, &config.options, 0).ok();
    let seat_name = |seat: usize| session.as_ref().map_or("?", |s| s.seat_name(seat)).to_string();
    let mut text = String::new();
    let options = config.options.non_default(config.kind.info().options).join(" ");
    let _ = writeln!(
        text,
        "match {}{}{}: {} games, {} players rotating through the seats, dice seed {}",
        config.kind.info().id,
        if options.is_empty() { "" } else { " " },
        options,
        games.len(),
        players,
        config.seed
    );
    let _ = writeln!(
        text,
        "{:<3}{:<30}{:>6}{:>7}{:>8}  {:<13}{:>8}{:>10}  {:<13}{:>7}",
        "#", "player", "games", "wins", "win%", "(95% CI)", "points", "pts/game", "(95% CI)", "place"
    );
    for player in 0..players {
        let mut wins = 0.0;
        let mut points = Vec::new();
        let mut place_sum = 0.0;
        for game in games {
            let Some(seat) = game.seat_players.iter().position(|&p| p == player) else {
                continue;
            };
            if game.places.get(seat) == Some(&1) {
                wins += 1.0;
            }
            points.push(f64::from(game.points.get(seat).copied().unwrap_or(0)));
            place_sum += f64::from(game.places.get(seat).copied().unwrap_or(0));
        }
        let n = points.len() as f64;
        let (low, high) = wilson(wins, n);
        let mean = points.iter().sum::<f64>() / n.max(1.0);
        let variance = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let half = 1.96 * (variance / n.max(1.0)).sqrt();
        let name = shorten(&config.players[player].to_string(), 29);
        let _ = writeln!(
            text,
            "{:<3}{:<30}{:>6}{:>7}{:>7.1}%  ({:>4.1}-{:>5.1}){:>8}{:>10.2}  ({:.2}-{:.2}){:>7.2}",
            player + 1,
            name,
            n as u64,
            wins as u64,
            100.0 * wins / n.max(1.0),
            low,
            high,
            points.iter().sum::<f64>() as u64,
            mean,
            (mean - half).max(0.0),
            mean + half,
            place_sum / n.max(1.0)
        );
    }
    let seats = config.players.len();
    let mut by_seat = Vec::new();
    for seat in 0..seats {
        let wins = games.iter().filter(|g| g.places.get(seat) == Some(&1)).count();
        by_seat.push(format!(
            "{} {:.1}%",
            seat_name(seat),
            100.0 * wins as f64 / games.len().max(1) as f64
        ));
    }
    let _ = writeln!(text, "first places by seat: {}", by_seat.join(", "));
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
            let _ = writeln!(
                text,
                "forfeits by #{} {}: {total} ({})",
                player + 1,
                shorten(&config.players[player].to_string(), 40),
                parts.join(", ")
            );
        }
    }
    let mut traffic = Traffic::default();
    for game in games {
        traffic.add(game.traffic);
    }
    if traffic.commands > 0 {
        let _ = writeln!(
            text,
            "engine round trips: {} commands, {:.0} us each on average; {} genmoves, {:.0} us each",
            traffic.commands,
            traffic.waited.as_secs_f64() * 1e6 / traffic.commands as f64,
            traffic.genmoves,
            traffic.genmove_wait.as_secs_f64() * 1e6 / traffic.genmoves.max(1) as f64
        );
    }
    let moves: u64 = games.iter().map(|g| g.moves).sum();
    let _ = writeln!(
        text,
        "average length {:.1} moves; {played} games played in {:.2} s ({:.1} games/s){}",
        moves as f64 / games.len().max(1) as f64,
        elapsed.as_secs_f64(),
        played as f64 / elapsed.as_secs_f64().max(1e-9),
        if resumed > 0 {
            format!("; {resumed} resumed from the records")
        } else {
            String::new()
        }
    );
    text
}

fn shorten(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(width - 3).collect::<String>())
    }
}
