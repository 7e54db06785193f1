//! Running a match: resuming from its records, playing the games left on threads,
//! writing each game as it ends, and printing the table.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::Instant;

use anyhow::bail;

use super::engines::EnginePool;
use super::game::play_game_in;
use super::labels::wrap;
use super::scoring::format_points;
use super::standings::{Live, SprtProgress};
use super::table::{footer, table, unbalanced_warning};
use super::{GameSummary, MatchConfig, game_label, one_line};
use crate::ai::search::StopFlag;
use crate::app::players::ForfeitKind;
use crate::core::Game;

/// Runs the match: plays the games not yet in the records, then prints the table. With
/// `progress`, a progress bar on standard error; the first forfeit of each player is told
/// there too, with the engine's last standard error lines.
pub fn run_match(config: &MatchConfig, out: &mut dyn Write, progress: bool) -> anyhow::Result<MatchRun> {
    if config.players.iter().any(|p| p.spec.is_human()) {
        bail!("a match is played by bots and engines; 'human' cannot play one");
    }
    let mut finished: BTreeMap<u64, GameSummary> = BTreeMap::new();
    let (writer, jsonl) = super::record_files::open_both(config, &mut finished)?;
    if let Some(warning) = unbalanced_warning(config) {
        eprint!("{warning}");
    }
    let resumed = finished.len();
    let sprt = sprt_of(config, &finished);
    let pending: Vec<u64> = (0..stop_at(&sprt).unwrap_or(config.games))
        .filter(|&g| config.in_shard(g) && !finished.contains_key(&g))
        .collect();
    let start = Instant::now();
    let total = (resumed + pending.len()) as u64;
    let bar = progress_bar(total, resumed as u64, progress, sprt.is_some());
    let forecast = crate::app::forecast::Forecast::quiet(
        "match",
        pending.len() as u64,
        "games",
        "a smaller --games, or --sprt to stop once one player is clearly better",
    );
    let live = Live::new(config, &finished);
    bar.set_message(live.progress(sprt.as_ref()));
    let mut run = Run {
        config,
        out,
        writer,
        jsonl,
        told: vec![false; config.players.len()],
        failure: None,
        finished,
        sprt,
        live,
        bar,
        forecast,
        played: 0,
    };
    // Ctrl-C, SIGTERM and SIGHUP stop the games being played (their bots and engines at
    // once) and start no more: what was finished is in the records, so the same command
    // resumes.
    let interrupted = StopFlag::new();
    crate::app::interrupt::install();
    crate::app::interrupt::watching_every_signal(&interrupted, || {
        play_pending(&pending, &interrupted, &mut run)
    });
    run.bar.finish_and_clear();
    if let Some(error) = run.failure {
        return Err(error);
    }
    let Run {
        out, finished, sprt, ..
    } = run;
    let summaries = write_table(config, out, finished, sprt.as_ref(), start.elapsed(), resumed)?;
    let stopped = interrupted
        .is_requested()
        .then(|| stopped(config, summaries.len()));
    Ok(MatchRun {
        games: summaries,
        stopped,
    })
}

/// How a match run ended: the games its table counts, and the signal that stopped it
/// early (its table written all the same), if one did.
pub struct MatchRun {
    /// Every game the table counts, resumed ones included.
    pub games: Vec<GameSummary>,
    /// The signal that stopped the run before its last game, if any.
    pub stopped: Option<crate::app::interrupt::StoppedBySignal>,
}

impl MatchRun {
    /// The games, where the run was not stopped.
    pub fn finished(self) -> Result<Vec<GameSummary>, crate::app::interrupt::StoppedBySignal> {
        match self.stopped {
            Some(stop) => Err(stop),
            None => Ok(self.games),
        }
    }
}

/// The SPRT the match stops on, fed the games already `finished`: the test stops the
/// match only when this run plays every game (a shard's verdict would leave holes in the
/// whole).
pub(super) fn sprt_of(config: &MatchConfig, finished: &BTreeMap<u64, GameSummary>) -> Option<SprtProgress> {
    let mut sprt = config
        .tourney
        .sprt
        .filter(|_| config.tourney.shard.is_none())
        .map(SprtProgress::new);
    if let Some(sprt) = sprt.as_mut() {
        sprt.feed(finished);
    }
    sprt
}

/// The game the SPRT's verdict came at, once it has come: no game from there on counts.
pub(super) fn stop_at(sprt: &Option<SprtProgress>) -> Option<u64> {
    sprt.as_ref().and_then(SprtProgress::cutoff)
}

/// What one game played, its record and its JSON line, or why it could not be played.
type Played = anyhow::Result<(GameSummary, String, Option<String>)>;

/// Plays the `pending` games on the match's threads, each game taken by [`Run::take`]
/// as it ends; stops starting games once `interrupted`, or when `run` says so.
fn play_pending(pending: &[u64], interrupted: &StopFlag, run: &mut Run) {
    let config = run.config;
    let next = AtomicUsize::new(0);
    let (sender, receiver) = channel::<Played>();
    let jobs = config.jobs.clamp(1, pending.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                // This thread's engines, kept from game to game; ended before it ends.
                let mut pool = EnginePool::new(config);
                loop {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = pending.get(slot) else { break };
                    let result =
                        crate::ai::search::stoppable(interrupted, || play_game_in(config, index, &mut pool));
                    // A game cut short by Ctrl-C is no result: it is played on resume.
                    if interrupted.is_requested() {
                        break;
                    }
                    let stop = result.is_err();
                    if sender.send(result).is_err() || stop {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for result in receiver {
            let more = match result {
                Ok(played) => run.take(played),
                Err(e) => {
                    run.failure.get_or_insert(e);
                    false
                }
            };
            if !more {
                next.store(usize::MAX / 2, Ordering::Relaxed);
            }
        }
    });
}

/// A match being played: where its games go as they end, and what is told of them.
struct Run<'a> {
    config: &'a MatchConfig,
    out: &'a mut dyn Write,
    /// The records (`--records`).
    writer: Option<std::fs::File>,
    /// The JSON lines (`--jsonl`) and the games they already hold.
    jsonl: Option<(std::fs::File, BTreeSet<u64>)>,
    /// The players whose first forfeit has been told.
    told: Vec<bool>,
    /// The first error; no game starts after it.
    failure: Option<anyhow::Error>,
    finished: BTreeMap<u64, GameSummary>,
    sprt: Option<SprtProgress>,
    /// The standings as the games end.
    live: Live,
    bar: indicatif::ProgressBar,
    forecast: crate::app::forecast::Forecast,
    played: u64,
}

impl Run<'_> {
    /// Takes a game that ended: writes it, tells of it and counts it. False when no more
    /// games should start (a write failed, or the SPRT decided).
    fn take(&mut self, (summary, record, json): (GameSummary, String, Option<String>)) -> bool {
        let mut more = true;
        if let (Some((file, held)), Some(line)) = (self.jsonl.as_mut(), json)
            && !held.contains(&summary.index)
            && let Err(e) = super::jsonl::append(file, &line)
        {
            more = self.fail(anyhow::anyhow!("cannot write the JSON lines: {e}"));
        }
        if let Some(file) = self.writer.as_mut()
            && let Err(e) = file.write_all(record.as_bytes()).and_then(|()| file.flush())
        {
            more = self.fail(anyhow::anyhow!("cannot write the records: {e}"));
        }
        self.tell_forfeit(&summary);
        self.live.add(self.config, &summary);
        if self.config.tourney.each_game {
            let line = finished_line(self.config, &summary, &self.live);
            let out = &mut self.out;
            let shown = self
                .bar
                .suspend(|| out.write_all(line.as_bytes()).and_then(|()| out.flush()));
            if let Err(e) = shown {
                more = self.fail(e.into());
            }
        }
        self.finished.insert(summary.index, summary);
        self.bar.inc(1);
        self.played += 1;
        self.bar.suspend(|| self.forecast.progress(self.played));
        if let Some(test) = self.sprt.as_mut() {
            test.feed(&self.finished);
            if test.cutoff().is_some() {
                // Games already started finish (and are recorded); no new ones.
                more = false;
            }
        }
        self.bar.set_message(self.live.progress(self.sprt.as_ref()));
        if let Some(text) = super::table::report_due(self.config, &self.finished) {
            let out = &mut self.out;
            if let Err(e) = self.bar.suspend(|| out.write_all(text.as_bytes())) {
                more = self.fail(e.into());
            }
        }
        more
    }

    /// Keeps the first error; always false (no more games).
    fn fail(&mut self, error: anyhow::Error) -> bool {
        self.failure.get_or_insert(error);
        false
    }

    /// Tells the first forfeit of each player on standard error.
    fn tell_forfeit(&mut self, summary: &GameSummary) {
        if let Some((seat, kind, detail)) = &summary.forfeit {
            let player = summary.seat_players[*seat];
            if !std::mem::replace(&mut self.told[player], true) {
                let text = forfeit_notice(self.config, summary, player, *kind, detail);
                self.bar.suspend(|| eprint!("{text}"));
            }
        }
    }
}

/// Writes the table of the `finished` games (up to the SPRT's verdict) and how the run
/// went; returns the games it counts.
fn write_table(
    config: &MatchConfig,
    out: &mut dyn Write,
    mut finished: BTreeMap<u64, GameSummary>,
    sprt: Option<&SprtProgress>,
    elapsed: std::time::Duration,
    resumed: usize,
) -> anyhow::Result<Vec<GameSummary>> {
    let played = finished.len() - resumed;
    let shard_test = match (&config.tourney.sprt, config.tourney.shard) {
        (Some(test), Some(_)) => Some(SprtProgress::over_all(*test, &finished)),
        _ => None,
    };
    if let Some(cutoff) = sprt.and_then(SprtProgress::cutoff) {
        // Past the verdict's pair nothing counts, as when the records are read back.
        finished.retain(|&index, _| index < cutoff);
    }
    let summaries: Vec<GameSummary> = finished.into_values().collect();
    let test = sprt.or(shard_test.as_ref());
    write!(
        out,
        "{}{}",
        table(config, &summaries, test),
        footer(config, &summaries, elapsed, played, resumed)
    )?;
    Ok(summaries)
}

/// What tabula says when a signal stopped the match after `done` games: which signal,
/// every file that keeps the games, and the command that plays the rest.
fn stopped(config: &MatchConfig, done: usize) -> crate::app::interrupt::StoppedBySignal {
    use crate::app::interrupt::{StoppedBySignal, signal_name, stop_signal};
    let signal = stop_signal().unwrap_or(2);
    let kept: Vec<String> = [
        config
            .records
            .as_ref()
            .map(|p| format!("the records in {}", p.display())),
        config
            .tourney
            .jsonl
            .as_ref()
            .map(|p| format!("the JSON lines in {}", p.display())),
    ]
    .into_iter()
    .flatten()
    .collect();
    let how = if kept.is_empty() {
        "without --records or --jsonl they are not kept".to_string()
    } else {
        let words: Vec<String> = std::env::args_os()
            .map(|word| word.to_string_lossy().into_owned())
            .collect();
        format!(
            "{} keep them; to play the rest, run the same command again:\n{}",
            kept.join(" and "),
            shell_words::join(words)
        )
    };
    let text = format!(
        "stopped by {} after {done} of {} games; {how}",
        signal_name(signal),
        config.games
    );
    // Wrapped to fit 80 columns after "tabula: "; the command stays whole on its line.
    let (story, command) = text.split_once('\n').unwrap_or((&text, ""));
    let mut lines = crate::core::wrap::wrap_words(story, 70);
    if !command.is_empty() {
        lines.push(command.to_string());
    }
    StoppedBySignal {
        signal,
        message: lines.join("\n  "),
    }
}

/// Starts every engine of the match once, gives it a new game and stops it: an engine
/// that cannot start, fails its handshake or refuses the game ends the match before any
/// game is scored (a crash later is a forfeit, and the engine is started again). Returns
/// the name each player's engine gave (none for bots).
pub fn check_engines(config: &MatchConfig) -> anyhow::Result<Vec<Option<String>>> {
    let game = config.kind.new_game(&config.options)?;
    let mut names = Vec::new();
    for (player, entry) in config.players.iter().enumerate() {
        let who = match &entry.name {
            Some(name) => format!("#{} {name} ({})", player + 1, entry.spec),
            None => format!("#{} {}", player + 1, entry.spec),
        };
        let name =
            crate::app::players::check_player(&entry.spec, config.engine_settings(player), &game, &who)
                .map_err(|failure| anyhow::anyhow!(crate::app::players::unusable_engine(&who, &failure)))?;
        names.push(name);
    }
    Ok(names)
}

/// Games done of all, games per second and the time left (and with an SPRT its LLR and
/// bounds), on standard error when it is a terminal (hidden otherwise).
fn progress_bar(total: u64, done: u64, shown: bool, sprt: bool) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
    if !shown {
        return ProgressBar::hidden();
    }
    // The bar is short, to leave room for the score (and an SPRT's LLR and bounds).
    let template = if sprt {
        "{bar:8} {pos}/{len}  {rate}  ETA {eta}  {msg}"
    } else {
        "{bar:12} {pos}/{len}  {rate}  ETA {eta}  {msg}"
    };
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
        .with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.1} games/s", state.per_sec());
        });
    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        .with_style(style)
        .with_position(done)
}

/// The line `--each-game` prints as a game ends, as cutechess-cli's `Finished game`:
/// `Finished game 3 (A vs B): 1-0 {white wins}, 57 moves, seed 2; score of A vs B:
/// 2 - 1 - 0 [0.667] 3` — the players by seat, the points by seat, how it ended (a
/// forfeit with its reason), the moves played, the game's seed (`tabula play GAME --seed
/// 2` with the players in these seats plays it again) and the running score of the
/// `live` standings. One line whatever its length, so that a file of them can be
/// searched line by line.
fn finished_line(config: &MatchConfig, summary: &GameSummary, live: &Live) -> String {
    let game = config.kind.new_game(&config.options).ok();
    let seat_name = |seat: usize| game.as_ref().map_or("?", |g| g.seat_name(seat)).to_string();
    // Each player as the table names it: the name given, else an engine's own name,
    // else its spec.
    let players: Vec<String> = summary
        .seat_players
        .iter()
        .enumerate()
        .map(|(seat, &p)| {
            let player = &config.players[p];
            let own = summary.names.get(seat).cloned().flatten();
            player.name.clone().or(own).unwrap_or_else(|| match &game {
                Some(game) => player.spec.shown_for(game),
                None => player.spec.to_string(),
            })
        })
        .collect();
    let points: Vec<String> = summary.points.iter().map(|&p| format_points(p, 2)).collect();
    let how = match &summary.forfeit {
        Some((seat, kind, _)) => format!("{} forfeits: {kind}", seat_name(*seat)),
        None => {
            let first: Vec<String> = (0..summary.places.len())
                .filter(|&seat| summary.places[seat] == 1)
                .map(seat_name)
                .collect();
            match first.as_slice() {
                [one] if summary.adjudicated.is_some() => format!("{one} wins by adjudication"),
                [one] => format!("{one} wins"),
                _ => format!("{} share first place", first.join(" and ")),
            }
        }
    };
    let line = format!(
        "Finished game {} ({}): {} {{{how}}}, {} moves, seed {}; {}",
        summary.index + 1,
        players.join(" vs "),
        points.join("-"),
        summary.moves,
        config.dice_seed(summary.index),
        live.running_score(summary)
    );
    format!("{}\n", one_line(&line))
}

fn forfeit_notice(
    config: &MatchConfig,
    summary: &GameSummary,
    player: usize,
    kind: ForfeitKind,
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
