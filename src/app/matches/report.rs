//! `tabula match report FILE...`: the table of a match from its records, however many
//! runs (shards, machines) wrote them. The match is read from the records themselves
//! (their `match-plan` and `match-player` lines); every game is replayed and checked as
//! when a match resumes, so the table is the one a single run would print.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, Read as _, Take};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use super::game_record::{MatchGame, Unread, read_games};
use super::jsonl::JsonlGames;
use super::labels::wrap;
use super::openings::Starts;
use super::plan::{PlanLine, player_text};
use super::record_files::Checked;
use super::resume::resume;
use super::table::table;
use super::{GameSummary, MatchConfig, Tourney};
use crate::app::players::MatchPlayer;
use crate::app::protocol::client::EngineSettings;
use crate::app::record::RecordStream;
use crate::app::session::CommandError;
use crate::core::stats::sprt::Sprt;

/// What `tabula match report` was asked for.
pub struct ReportRequest {
    /// The record files.
    pub files: Vec<PathBuf>,
    /// A test to run over the games instead of the one the records name.
    pub sprt: Option<Sprt>,
    /// A player (by name, label or number from 1) and the Elo to fix it at.
    pub anchor: Option<(String, f64)>,
    /// Leave a damaged game out (told in the report) rather than refuse the files.
    pub force: bool,
}

/// Reads the records and returns the table.
pub fn report(request: &ReportRequest) -> anyhow::Result<String> {
    if request.files.is_empty() {
        bail!("give the record files to read: tabula match report FILE...");
    }
    refuse_repeated_files(&request.files)?;
    // Each file is read as far as it reached now: a match still adding to it is not
    // chased, and both readings below see the same games.
    let sizes: Vec<u64> = request
        .files
        .iter()
        .map(|path| std::fs::metadata(path).map_or(u64::MAX, |m| m.len()))
        .collect();
    // Read twice, as streams: first what the games say of their match (players, plan,
    // which game is in which file), then every game replayed, one at a time.
    let survey = survey(&request.files, &sizes, request.force)?;
    let config = survey.config(request)?;
    let (games, seen, seats) = (survey.games, &survey.seen, survey.seats);
    let mut finished: BTreeMap<u64, GameSummary> = BTreeMap::new();
    let mut out = String::new();
    for (path, &size) in request.files.iter().zip(&sizes) {
        let mut games = read_games_of(path, size, request.force)?;
        let named = games
            .by_ref()
            .map(|r| r.map_err(|e| CommandError::File(format!("{}: {e}", path.display()))));
        for summary in resume(&config, named)? {
            finished.insert(summary.index, summary);
        }
        for told in games.told() {
            out.push_str(&wrap(&format!("warning: {}: {told} (--force)", path.display())));
        }
    }
    let sprt = super::run::sprt_of(&config, &finished);
    if let Some(progress) = &sprt {
        if let Some(gap) = progress.gap(&finished) {
            out.push_str(&wrap(&format!(
                "warning: game {} or its pair is missing, so the SPRT counts only the games before it",
                gap + 1
            )));
        }
        if let Some(cutoff) = progress.cutoff() {
            finished.retain(|&index, _| index < cutoff);
        }
    }
    // The games the plan holds that no file has (up to the SPRT's verdict, if any).
    let upto = super::run::stop_at(&sprt).unwrap_or(games);
    if let Some(missing) = missing_games(games, seen, seats, upto) {
        out.push_str(&wrap(&format!(
            "warning: {} of the {games} planned games are in these files; {missing}",
            seen.len()
        )));
    }
    let summaries: Vec<GameSummary> = finished.into_values().collect();
    out.push_str(&table(&config, &summaries, sprt.as_ref()));
    out.push_str(&wrap(&format!(
        "{} games read from {} file{}",
        seen.len(),
        request.files.len(),
        if request.files.len() == 1 { "" } else { "s" }
    )));
    Ok(out)
}

/// What the records say of their match, read before any game is replayed.
struct Survey {
    /// The first game read, and its plan.
    first: MatchGame,
    plan: PlanLine,
    /// The players by number (from 0), as the games name them.
    players: BTreeMap<usize, MatchPlayer>,
    /// Games planned (the most any game's plan says).
    games: u64,
    /// The file (its place among the files) of each game by number (from 1).
    seen: BTreeMap<u64, usize>,
    /// The seats of the game.
    seats: u64,
}

/// Reads the `files` (each up to its size in `sizes`) once for what their games say of
/// their match; refuses games of
/// different matches and a game found twice.
fn survey(files: &[PathBuf], sizes: &[u64], force: bool) -> anyhow::Result<Survey> {
    let mut first: Option<(MatchGame, PlanLine)> = None;
    let mut players: BTreeMap<usize, MatchPlayer> = BTreeMap::new();
    let mut games = 0;
    let mut seen: BTreeMap<u64, usize> = BTreeMap::new();
    for (file, path) in files.iter().enumerate() {
        for record in read_games_of(path, sizes[file], force)? {
            let record = record.map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            let plan = plan_of(&record)?;
            let first = first.get_or_insert_with(|| (record.clone(), plan.clone()));
            let (head, first_plan) = (&first.0, &first.1);
            if (plan.seed, plan.players, plan.pairing)
                != (first_plan.seed, first_plan.players, first_plan.pairing)
                || record.kind != head.kind
                || record.options != head.options
            {
                bail!("the files hold games of different matches (other game, options, seed or players)");
            }
            games = games.max(plan.games);
            if let Some(before) = seen.insert(record.number, file) {
                bail!("{}", twice(record.number, &files[before], path));
            }
            read_players(&record, first_plan.players, &mut players)?;
        }
    }
    let Some((first, plan)) = first else {
        bail!("the files hold no whole game");
    };
    let seats = first
        .kind
        .new_game(&first.options)
        .map_or(1, |g| crate::core::Game::seat_count(&g)) as u64;
    Ok(Survey {
        first,
        plan,
        players,
        games,
        seen,
        seats,
    })
}

impl Survey {
    /// The match the records were written by, with the test and anchor of `request`;
    /// refused when a player plays none of the games read.
    fn config(&self, request: &ReportRequest) -> anyhow::Result<MatchConfig> {
        let (first, plan, games) = (&self.first, &self.plan, self.games);
        let absent = || missing_games(games, &self.seen, self.seats, games);
        let missing: Vec<String> = (0..plan.players)
            .filter(|p| !self.players.contains_key(p))
            .map(|p| format!("#{}", p + 1))
            .collect();
        if !missing.is_empty() {
            bail!(
                "the records name {} players but none of their games has {}: {}",
                plan.players,
                missing.join(", "),
                absent().unwrap_or_else(|| "is a shard missing?".into())
            );
        }
        let players: Vec<MatchPlayer> = self.players.values().cloned().collect();
        let anchor = match &request.anchor {
            Some((who, elo)) => Some((find_player(&players, who)?, *elo)),
            None => None,
        };
        Ok(MatchConfig {
            kind: first.kind,
            options: first.options.clone(),
            games,
            players,
            seed: plan.seed,
            jobs: 1,
            records: None,
            engines: EngineSettings::default(),
            nets: crate::ai::learn::Nets::shipped(),
            tourney: Tourney {
                pairing: plan.pairing,
                sprt: request.sprt.or(plan.sprt),
                anchor,
                // The games say where they started; the positions file is not needed.
                starts: Starts::Recorded(plan.positions),
                ..Tourney::default()
            },
        })
    }
}

/// The games of one file, read as a stream.
enum Games {
    Text(Box<Checked<BufReader<Take<File>>>>, PathBuf),
    Jsonl(JsonlGames<BufReader<Take<File>>>),
}

impl Games {
    /// What was said of each damaged game left out (`--force`).
    fn told(&self) -> &[String] {
        match self {
            Games::Text(games, _) => &games.told,
            Games::Jsonl(_) => &[],
        }
    }
}

impl Iterator for Games {
    type Item = Result<MatchGame, CommandError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Games::Text(games, path) => {
                let game = games.next()?;
                let unread = |why: Unread| match why {
                    Unread::NotAMatchGame => format!(
                        "this file holds a game saved with 'save', not the records of a match: 'tabula replay {}' shows it",
                        path.display()
                    ),
                    Unread::Bad(why) => why,
                };
                read_games(std::iter::once(game), unread).next()
            }
            Games::Jsonl(games) => games.next(),
        }
    }
}

/// The games of the records at `path` in their first `upto` bytes, read as a stream: a
/// damaged one refused with its line, or with `force` left out; a last game still being
/// written (by a match running) is left out.
fn read_games_of(path: &Path, upto: u64, force: bool) -> anyhow::Result<Games> {
    // JSON lines are read as the games they hold.
    if super::jsonl::is_jsonl_file(path).unwrap_or(false) {
        return Ok(Games::Jsonl(super::jsonl::games_upto(path, upto)?));
    }
    let file = crate::app::lines::open_regular_file(path)?.take(upto);
    let stream = RecordStream::new(BufReader::with_capacity(1 << 16, file)).tolerating_a_torn_tail();
    let forced = "with --force it is left out of the table";
    let games = Box::new(Checked::new(stream, force, forced));
    Ok(Games::Text(games, path.to_path_buf()))
}

/// Refuses a file given twice (by any path): its games would count twice.
fn refuse_repeated_files(files: &[PathBuf]) -> anyhow::Result<()> {
    let mut seen: Vec<(PathBuf, &PathBuf)> = Vec::new();
    for path in files {
        let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        if let Some((_, before)) = seen.iter().find(|(r, _)| *r == real) {
            bail!(
                "{} appears twice among the files ({} and {}): give each file once",
                path.display(),
                before.display(),
                path.display()
            );
        }
        seen.push((real, path));
    }
    Ok(())
}

/// Game `number` found in `first` and again in `second`.
fn twice(number: u64, first: &Path, second: &Path) -> String {
    if first == second {
        format!("game {number} appears twice in {}", first.display())
    } else {
        format!(
            "game {number} appears twice, in {} and in {}: are they the same shard's records, or copies of one file?",
            first.display(),
            second.display()
        )
    }
}

/// The plan of a game: a game without one was written by an older version, and is
/// said to be so.
fn plan_of(record: &MatchGame) -> anyhow::Result<PlanLine> {
    record.plan.clone().with_context(|| {
        "a game without a 'match-plan' line: these records were not written by 'tabula match' \
         of this version (resume the match with 'tabula match ... --records FILE' instead)"
    })
}

/// Adds the players of `record`'s seats to `players`.
fn read_players(
    record: &MatchGame,
    count: usize,
    players: &mut BTreeMap<usize, MatchPlayer>,
) -> anyhow::Result<()> {
    for seat in &record.seats {
        let Some(number) = seat.player else { continue };
        let text = player_text(seat.tag.name.as_deref(), &seat.tag.spec);
        if number >= count {
            bail!("a bad 'match-player {} {text}' line", number + 1);
        }
        let player: MatchPlayer = text
            .parse()
            .map_err(|e| anyhow::anyhow!("'match-player {} {text}': {e}", number + 1))?;
        if players
            .insert(number, player.clone())
            .is_some_and(|p| p != player)
        {
            bail!(
                "player #{} is given as two different players in the records",
                number + 1
            );
        }
    }
    Ok(())
}

/// Which of the first `upto` of the `planned` games no file holds, in words: the shards
/// missing when each file's games are one shard's slice (`seats` games at a time, dealt
/// to the shards in turn), else the games themselves. `None` when none is missing.
fn missing_games(planned: u64, seen: &BTreeMap<u64, usize>, seats: u64, upto: u64) -> Option<String> {
    let missing: Vec<u64> = (1..=upto.min(planned))
        .filter(|n| !seen.contains_key(n))
        .collect();
    if missing.is_empty() {
        return None;
    }
    let block = |number: u64| (number - 1) / seats.max(1);
    let blocks = block(planned) + 1;
    let files = seen.values().max().map_or(0, |&f| f + 1);
    // The fewest shards that deal every file's games to one shard each.
    let shards = (2..=blocks.min(1024)).find(|&count| {
        let mut residue: BTreeMap<usize, u64> = BTreeMap::new();
        let consistent = seen
            .iter()
            .all(|(&n, &file)| *residue.entry(file).or_insert(block(n) % count) == block(n) % count);
        let distinct = residue.values().collect::<std::collections::BTreeSet<_>>().len() == files;
        consistent
            && distinct
            && missing
                .iter()
                .all(|&n| !residue.values().any(|&r| r == block(n) % count))
    });
    if let Some(count) = shards {
        let present: Vec<u64> = seen.iter().map(|(&n, _)| block(n) % count).collect();
        let absent: Vec<String> = (0..count)
            .filter(|r| !present.contains(r))
            .map(|r| format!("--shard {}/{count}", r + 1))
            .collect();
        return Some(format!("the records of {} are missing", absent.join(", ")));
    }
    Some(format!(
        "{} {} missing (the match stopped before its end, or a file is missing)",
        ranges(&missing),
        if missing.len() == 1 { "is" } else { "are" }
    ))
}

/// Game numbers as ranges, `games 3-5, 9` (the first few ranges, then how many more).
fn ranges(numbers: &[u64]) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &n in numbers {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == n => *end = n,
            _ => runs.push((n, n)),
        }
    }
    let shown: Vec<String> = runs
        .iter()
        .take(6)
        .map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") })
        .collect();
    let more = match runs.len().saturating_sub(6) {
        0 => String::new(),
        more => format!(" and {more} more run{}", if more == 1 { "" } else { "s" }),
    };
    let word = if numbers.len() == 1 { "game" } else { "games" };
    format!("{word} {}{more}", shown.join(", "))
}

/// A player by its number from 1, its given name or its spec.
pub fn find_player(players: &[MatchPlayer], who: &str) -> anyhow::Result<usize> {
    if let Ok(number) = who.trim_start_matches('#').parse::<usize>()
        && (1..=players.len()).contains(&number)
    {
        return Ok(number - 1);
    }
    players
        .iter()
        .position(|p| p.name.as_deref() == Some(who) || p.spec.to_string() == who)
        .with_context(|| {
            let names: Vec<String> = players
                .iter()
                .enumerate()
                .map(|(i, p)| p.name.clone().unwrap_or_else(|| format!("#{} {}", i + 1, p.spec)))
                .collect();
            format!(
                "no player '{who}' to anchor; the players are {}",
                names.join(", ")
            )
        })
}
