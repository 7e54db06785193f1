//! `tabula match report FILE...`: the table of a match from its records, however many
//! runs (shards, machines) wrote them. The match is read from the records themselves
//! (their `match-plan` and `match-player` lines); every game is replayed and checked as
//! when a match resumes, so the table is the one a single run would print.

use std::collections::BTreeMap;
use std::path::PathBuf;

use anyhow::{Context, bail};

use super::openings::Starts;
use super::plan::PlanLine;
use super::resume::resume;
use super::run::whole_games;
use super::standings::SprtProgress;
use super::table::{table, wrap};
use super::{GameSummary, MatchConfig, Tourney};
use crate::app::players::MatchPlayer;
use crate::app::protocol::client::EngineSettings;
use crate::app::record::parse_records;
use crate::core::stats::sprt::Sprt;

/// What `tabula match report` was asked for.
pub struct ReportRequest {
    /// The record files.
    pub files: Vec<PathBuf>,
    /// A test to run over the games instead of the one the records name.
    pub sprt: Option<Sprt>,
    /// A player (by name, label or number from 1) and the Elo to fix it at.
    pub anchor: Option<(String, f64)>,
}

/// Reads the records and returns the table.
pub fn report(request: &ReportRequest) -> anyhow::Result<String> {
    if request.files.is_empty() {
        bail!("give the record files to read: tabula match report FILE...");
    }
    let mut text = String::new();
    for path in &request.files {
        let mut one = crate::app::lines::read_text_file(path).map_err(anyhow::Error::msg)?;
        // JSON lines are read as the text records they hold.
        if super::jsonl::is_jsonl(&one) {
            one = super::jsonl::to_records(&one, path)?;
        }
        // A match still running may be writing its last game.
        one.truncate(whole_games(&one));
        text.push_str(&one);
    }
    let records = parse_records(&text).map_err(|e| anyhow::anyhow!("{e}"))?;
    let Some(first) = records.first() else {
        bail!("the files hold no whole game");
    };
    let plan_of = |record: &crate::app::record::GameRecord| -> anyhow::Result<PlanLine> {
        let line = record.note("match-plan").context(
            "a game without a 'match-plan' line: these records were not written by 'tabula match' \
             of this version (resume the match with 'tabula match ... --records FILE' instead)",
        )?;
        PlanLine::parse(line).map_err(anyhow::Error::msg)
    };
    let plan = plan_of(first)?;
    let mut players: BTreeMap<usize, MatchPlayer> = BTreeMap::new();
    let mut games = 0;
    for record in &records {
        let other = plan_of(record)?;
        if (other.seed, other.players, other.pairing) != (plan.seed, plan.players, plan.pairing)
            || record.kind != first.kind
            || record.options != first.options
        {
            bail!("the files hold games of different matches (other game, options, seed or players)");
        }
        games = games.max(other.games);
        for line in record
            .notes
            .iter()
            .filter_map(|l| l.strip_prefix("match-player "))
        {
            let (number, player) = line.split_once(' ').unwrap_or((line, ""));
            let number: usize = number
                .parse()
                .ok()
                .filter(|n| (1..=plan.players).contains(n))
                .with_context(|| format!("a bad 'match-player {line}' line"))?;
            let player: MatchPlayer = player
                .parse()
                .map_err(|e| anyhow::anyhow!("'match-player {line}': {e}"))?;
            if players
                .insert(number - 1, player.clone())
                .is_some_and(|p| p != player)
            {
                bail!("player #{number} is given as two different players in the records");
            }
        }
    }
    let missing: Vec<String> = (0..plan.players)
        .filter(|p| !players.contains_key(p))
        .map(|p| format!("#{}", p + 1))
        .collect();
    if !missing.is_empty() {
        bail!(
            "the records name {} players but none of their games has {}: is a shard missing?",
            plan.players,
            missing.join(", ")
        );
    }
    let players: Vec<MatchPlayer> = players.into_values().collect();
    let anchor = match &request.anchor {
        Some((who, elo)) => Some((find_player(&players, who)?, *elo)),
        None => None,
    };
    let config = MatchConfig {
        kind: first.kind,
        options: first.options.clone(),
        games,
        players,
        seed: plan.seed,
        jobs: 1,
        records: None,
        engines: EngineSettings::default(),
        tourney: Tourney {
            pairing: plan.pairing,
            sprt: request.sprt.or(plan.sprt),
            anchor,
            // The games say where they started; the positions file is not needed.
            starts: Starts::Recorded,
            ..Tourney::default()
        },
    };
    let mut finished: BTreeMap<u64, GameSummary> = BTreeMap::new();
    for summary in resume(&config, &text)? {
        finished.insert(summary.index, summary);
    }
    let mut out = String::new();
    let sprt = config.tourney.sprt.map(|test| {
        let mut progress = SprtProgress::new(test);
        progress.feed(&finished);
        progress
    });
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
    let summaries: Vec<GameSummary> = finished.into_values().collect();
    out.push_str(&table(&config, &summaries, sprt.as_ref()));
    out.push_str(&wrap(&format!(
        "{} games read from {} file{}",
        records.len(),
        request.files.len(),
        if request.files.len() == 1 { "" } else { "s" }
    )));
    Ok(out)
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
