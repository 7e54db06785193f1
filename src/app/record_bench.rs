//! `tabula bench --records MB`: the record round trip at scale. A match of random bots
//! writes a record of about the size asked for, then the same match resumes from it
//! (reading every game back and playing none), `tabula match report` tabulates it and
//! its last game is picked and replayed, each step timed. Records are read as streams,
//! so memory stays flat however large the file; the peak is given where the system
//! tells it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::app::matches::{MatchConfig, ReportRequest, Tourney, report, run_match};
use crate::app::protocol::client::EngineSettings;
use crate::app::record::{Replay, Replaying, pick_from_file};
use crate::core::Options;
use crate::games::GameKind;

/// What the record round trip measured.
#[derive(Clone, Debug)]
pub struct RecordBench {
    /// The record's size in bytes.
    pub bytes: u64,
    /// Games in it.
    pub games: u64,
    /// Time to play and write them.
    pub written: Duration,
    /// Time for the match to resume from the record (every game read and replayed).
    pub resumed: Duration,
    /// Time for `match report` to tabulate it.
    pub reported: Duration,
    /// Time to pick the last game out of the file and replay it.
    pub replayed: Duration,
    /// The most memory the process held, in bytes, where the system says (Linux).
    pub peak_memory: Option<u64>,
}

/// Runs the round trip on `kind` with its `options` and a record of about `target` bytes in `dir` (a
/// fresh folder, removed afterwards), `jobs` games at a time.
pub fn record_bench(
    kind: GameKind,
    options: &Options,
    target: u64,
    jobs: usize,
    dir: &Path,
) -> anyhow::Result<RecordBench> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join("bench-record.txt");
    let _ = std::fs::remove_file(&path);
    let result = round_trip(kind, options, target, jobs, &path);
    let _ = std::fs::remove_dir_all(dir);
    result
}

fn config(
    kind: GameKind,
    options: &Options,
    games: u64,
    jobs: usize,
    path: &Path,
) -> anyhow::Result<MatchConfig> {
    let players = ["bot:random", "bot:random"]
        .iter()
        .map(|p| p.parse().map_err(anyhow::Error::msg))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(MatchConfig {
        kind,
        options: options.clone(),
        games,
        players,
        seed: 1,
        jobs,
        records: Some(PathBuf::from(path)),
        engines: EngineSettings::default(),
        nets: crate::ai::learn::Nets::shipped(),
        tourney: Tourney::default(),
    })
}

fn round_trip(
    kind: GameKind,
    options: &Options,
    target: u64,
    jobs: usize,
    path: &Path,
) -> anyhow::Result<RecordBench> {
    let mut sink = std::io::sink();
    // A first few games say how long a game's record is, and so how many to play.
    let start = Instant::now();
    let probe = 10;
    run_match(&config(kind, options, probe, jobs, path)?, &mut sink, false)?.finished()?;
    let per_game = std::fs::metadata(path)?.len().max(1) / probe;
    // An even number, so that both players sit in each seat equally.
    let games = (target / per_game).max(probe + 2).next_multiple_of(2);
    run_match(&config(kind, options, games, jobs, path)?, &mut sink, false)?.finished()?;
    let written = start.elapsed();
    let bytes = std::fs::metadata(path)?.len();
    let start = Instant::now();
    let resumed = run_match(&config(kind, options, games, jobs, path)?, &mut sink, false)?.finished()?;
    anyhow::ensure!(
        resumed.len() as u64 == games,
        "resumed {} of {games} games",
        resumed.len()
    );
    let resumed = start.elapsed();
    let start = Instant::now();
    let table = report(&ReportRequest {
        files: vec![path.to_path_buf()],
        sprt: None,
        anchor: None,
        force: false,
    })?;
    anyhow::ensure!(table.contains(&format!("{games} games read")), "{table}");
    let reported = start.elapsed();
    let start = Instant::now();
    let picked = pick_from_file(&path.to_string_lossy(), Some(games as usize))?;
    let session = Replay::new(&picked.game, 0, Replaying::Saved)?.finish()?;
    anyhow::ensure!(session.actions().count() == picked.game.actions.len());
    let replayed = start.elapsed();
    Ok(RecordBench {
        bytes,
        games,
        written,
        resumed,
        reported,
        replayed,
        peak_memory: peak_memory(),
    })
}

/// The process's peak resident memory (`VmHWM` in `/proc/self/status`), where there is one.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
