//! Running a match: resuming from its records, playing the games left on threads,
//! writing each game as it ends, and printing the table.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::OpenOptions;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::time::Instant;

use anyhow::{Context, bail};

use super::game::play_game;
use super::resume::resume;
use super::standings::SprtProgress;
use super::table::{footer, table, unbalanced_warning, wrap};
use super::{GameSummary, MatchConfig, game_label, one_line};
use crate::ai::search::StopFlag;
use crate::app::players::ForfeitKind;

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
            // A run that was killed mid-write leaves a torn last block, which is dropped
            // and played again.
            let whole = whole_games(&text);
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
    // The test stops the match only when this run plays every game: a shard's verdict
    // would leave holes in the whole.
    let mut sprt = config
        .tourney
        .sprt
        .filter(|_| config.tourney.shard.is_none())
        .map(SprtProgress::new);
    if let Some(sprt) = sprt.as_mut() {
        sprt.feed(&finished);
    }
    let stop_at = |sprt: &Option<SprtProgress>| sprt.as_ref().and_then(SprtProgress::cutoff);
    let pending: Vec<u64> = (0..stop_at(&sprt).unwrap_or(config.games))
        .filter(|&g| config.in_shard(g) && !finished.contains_key(&g))
        .collect();
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    let total = (resumed + pending.len()) as u64;
    let bar = progress_bar(total, resumed as u64, progress, sprt.is_some());
    let forecast = crate::app::forecast::Forecast::quiet(
        "match",
        pending.len() as u64,
        "games",
        "a smaller --games, or --sprt to stop once one player is clearly better",
    );
    let mut played = 0;
    if let Some(sprt) = &sprt {
        bar.set_message(sprt.progress());
    }
    let (sender, receiver) = channel::<anyhow::Result<(GameSummary, String)>>();
    let jobs = config.jobs.clamp(1, pending.len().max(1));
    let mut failure: Option<anyhow::Error> = None;
    let mut told = vec![false; config.players.len()];
    // Ctrl-C stops the games being played (their bots and engines at once) and starts no
    // more: what was finished is in the records, so the same command resumes.
    let interrupted = StopFlag::new();
    crate::app::interrupt::install();
    crate::app::interrupt::watching(&interrupted, || {
        std::thread::scope(|scope| {
            for _ in 0..jobs {
                let sender = sender.clone();
                let (next, pending, interrupted) = (&next, &pending, &interrupted);
                scope.spawn(move || {
                    loop {
                        let slot = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&index) = pending.get(slot) else { break };
                        let result = crate::ai::search::stoppable(interrupted, || play_game(config, index));
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
                                let text = forfeit_notice(config, &summary, player, *kind, detail);
                                bar.suspend(|| eprint!("{text}"));
                            }
                        }
                        finished.insert(summary.index, summary);
                        bar.inc(1);
                        played += 1;
                        bar.suspend(|| forecast.progress(played));
                        if let Some(test) = sprt.as_mut() {
                            test.feed(&finished);
                            bar.set_message(test.progress());
                            if test.cutoff().is_some() {
                                // Games already started finish (and are recorded); no new ones.
                                next.store(usize::MAX / 2, Ordering::Relaxed);
                            }
                        }
                    }
                    Err(e) => {
                        failure.get_or_insert(e);
                        next.store(usize::MAX / 2, Ordering::Relaxed);
                    }
                }
            }
        })
    });
    bar.finish_and_clear();
    if let Some(error) = failure {
        return Err(error);
    }
    let elapsed = start.elapsed();
    let played = finished.len() - resumed;
    let shard_test = match (&config.tourney.sprt, config.tourney.shard) {
        (Some(test), Some(_)) => Some(SprtProgress::over_all(*test, &finished)),
        _ => None,
    };
    if let Some(cutoff) = stop_at(&sprt) {
        // Past the verdict's pair nothing counts, as when the records are read back.
        finished.retain(|&index, _| index < cutoff);
    }
    let summaries: Vec<GameSummary> = finished.into_values().collect();
    let test = sprt.as_ref().or(shard_test.as_ref());
    write!(
        out,
        "{}{}",
        table(config, &summaries, test),
        footer(&summaries, elapsed, played, resumed)
    )?;
    if interrupted.is_requested() {
        let resume = match &config.records {
            Some(path) => format!(
                "the records in {} keep them: run the same command again to play the rest",
                path.display()
            ),
            None => "without --records they are not kept".to_string(),
        };
        anyhow::bail!(
            "stopped by Ctrl-C after {} of {} games; {resume}",
            summaries.len(),
            config.games
        );
    }
    Ok(summaries)
}

/// The length of `text` up to the end of its last whole game: every game is written as
/// one block ending in an empty line.
pub(super) fn whole_games(text: &str) -> usize {
    text.rfind("\n\n").map_or(0, |end| end + 2)
}

/// Games done of all, games per second and the time left (and with an SPRT its LLR and
/// bounds), on standard error when it is a terminal (hidden otherwise).
fn progress_bar(total: u64, done: u64, shown: bool, sprt: bool) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
    if !shown {
        return ProgressBar::hidden();
    }
    // With an SPRT the bar is shorter, to leave room for the LLR and its bounds.
    let template = if sprt {
        "{bar:12} {pos}/{len}  {rate}  ETA {eta}  {msg}"
    } else {
        "{bar:30} {pos}/{len} games  {rate}  ETA {eta}"
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
