//! Reading a benchmark file (the format [`Benchmark::to_text`] writes): its header, then
//! its positions with their candidates. Every error names the line.

use std::path::Path;

use anyhow::{Context, bail};

use super::{Benchmark, BenchmarkPosition, BuildSettings, Candidate, FORMAT, reference_bots};
use crate::ai::rollout::RolloutSettings;
use crate::ai::roster::{BotKind, BotNameError};
use crate::core::Options;
use crate::games::GameKind;

impl Benchmark {
    /// Reads a benchmark file's text; errors name the line.
    pub fn parse(text: &str, jobs: usize) -> anyhow::Result<Benchmark> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let mut next = |what: &str| {
            lines
                .next()
                .ok_or_else(|| anyhow::anyhow!("the file ends before its {what} line"))
        };
        let (at, line) = next("benchmark")?;
        if line != format!("benchmark {FORMAT}") {
            bail!(
                "line {at}: expected 'benchmark {FORMAT}', found '{}'",
                crate::app::lines::quote(line)
            );
        }
        let (at, line) = next("game")?;
        let (kind, options) = game_line(line, at)?;
        let (at, line) = next("sample")?;
        let sample = Fields::read(line, "sample", at)?;
        let (at, line) = next("rollout")?;
        let rollout = Fields::read(line, "rollout", at)?;
        let settings = build_settings(&sample, &rollout, jobs)?;
        let positions = positions(lines)?;
        Ok(Benchmark {
            kind,
            options,
            settings,
            positions,
        })
    }

    /// Reads a benchmark file.
    pub fn read(path: &Path, jobs: usize) -> anyhow::Result<Benchmark> {
        let text = crate::app::lines::read_text_file(path)?;
        Benchmark::parse(&text, jobs).with_context(|| format!("{} is not a benchmark file", path.display()))
    }
}

/// The `game ID OPTIONS` line, line `at`.
fn game_line(line: &str, at: usize) -> anyhow::Result<(GameKind, Options)> {
    let mut words = line.split_whitespace();
    if words.next() != Some("game") {
        bail!("line {at}: expected 'game ID OPTIONS'");
    }
    let id = words
        .next()
        .ok_or_else(|| anyhow::anyhow!("line {at}: the game is missing"))?;
    let kind = GameKind::from_id(id).map_err(|e| anyhow::anyhow!("line {at}: {e}"))?;
    let words: Vec<String> = words.map(String::from).collect();
    let options =
        Options::parse(kind.info().options, &words).map_err(|e| anyhow::anyhow!("line {at}: {e}"))?;
    Ok((kind, options))
}

/// The settings of the `sample` and `rollout` lines; the rollouts use `jobs` threads.
fn build_settings(sample: &Fields, rollout: &Fields, jobs: usize) -> anyhow::Result<BuildSettings> {
    let at = rollout.at;
    let truncate = match rollout.get("truncate")?.as_str() {
        "none" => None,
        t => Some(
            t.parse()
                .map_err(|_| anyhow::anyhow!("line {at}: 'truncate=' is a number or none"))?,
        ),
    };
    Ok(BuildSettings {
        positions: 0,
        sample_bot: sample.bot()?,
        sample_seed: sample.number("seed")?,
        per_game: sample.number("per-game")? as usize,
        candidates: sample.number("candidates")? as usize,
        choosers: sample.choosers()?,
        rollout_bot: rollout.bot()?,
        rollout: RolloutSettings {
            games: rollout.number("games")?,
            truncate,
            seed: rollout.number("seed")?,
            jobs,
            variance_reduction: rollout.get("variance-reduction")? == "on",
        },
    })
}

/// The `KEY=VALUE` words of a header line, and the line's number.
struct Fields {
    at: usize,
    pairs: Vec<(String, String)>,
}

impl Fields {
    /// Reads line `at`, which starts with `head`.
    fn read(line: &str, head: &str, at: usize) -> anyhow::Result<Fields> {
        let mut words = line.split_whitespace();
        if words.next() != Some(head) {
            bail!("line {at}: expected '{head} KEY=VALUE...'");
        }
        let pairs = words
            .map(|w| {
                w.split_once('=')
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .ok_or_else(|| anyhow::anyhow!("line {at}: '{w}' is not KEY=VALUE"))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Fields { at, pairs })
    }

    fn find(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    fn get(&self, key: &str) -> anyhow::Result<String> {
        let at = self.at;
        self.find(key)
            .map(String::from)
            .ok_or_else(|| anyhow::anyhow!("line {at}: '{key}=' is missing"))
    }

    fn number(&self, key: &str) -> anyhow::Result<u64> {
        let at = self.at;
        self.get(key)?
            .parse()
            .map_err(|_| anyhow::anyhow!("line {at}: '{key}=' is not a number"))
    }

    fn bot(&self) -> anyhow::Result<BotKind> {
        let at = self.at;
        self.get("bot")?
            .parse()
            .map_err(|e: BotNameError| anyhow::anyhow!("line {at}: {e}"))
    }

    /// The `choosers=` list.
    fn choosers(&self) -> anyhow::Result<Vec<BotKind>> {
        let at = self.at;
        match self.find("choosers") {
            // Sets written before the choosers were named used the reference bots.
            None => Ok(reference_bots()),
            Some(list) => list
                .split(',')
                .map(|name| {
                    name.parse()
                        .map_err(|e: BotNameError| anyhow::anyhow!("line {at}: {e}"))
                })
                .collect(),
        }
    }
}

/// The `position` lines, each followed by its `candidate` lines, as numbered lines.
fn positions<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> anyhow::Result<Vec<BenchmarkPosition>> {
    let mut positions: Vec<BenchmarkPosition> = Vec::new();
    for (at, line) in lines {
        if let Some(rest) = line.strip_prefix("position ") {
            positions.push(position(rest, at)?);
        } else if let Some(rest) = line.strip_prefix("candidate ") {
            let mut parts = rest.splitn(3, ' ');
            let (Some(equity), Some(width), Some(text)) = (parts.next(), parts.next(), parts.next()) else {
                bail!("line {at}: expected 'candidate EQUITY HALF-WIDTH MOVE'");
            };
            let position = positions
                .last_mut()
                .ok_or_else(|| anyhow::anyhow!("line {at}: a candidate before any position"))?;
            position.candidates.push(Candidate {
                equity: value(equity, at, "equity")?,
                half_width: value(width, at, "interval")?,
                text: text.to_string(),
            });
        } else {
            bail!("line {at}: expected a 'position' or 'candidate' line");
        }
    }
    if let Some(p) = positions.iter().find(|p| p.candidates.is_empty()) {
        bail!("position {} has no candidates", p.number);
    }
    Ok(positions)
}

/// `text`, a number of line `at` read as the `what` it is, or the error that names it.
fn value<T: std::str::FromStr>(text: &str, at: usize, what: &str) -> anyhow::Result<T> {
    text.parse().map_err(|_| anyhow::anyhow!("line {at}: bad {what}"))
}

/// A `position` line after its first word, line `at`; its candidates follow.
fn position(rest: &str, at: usize) -> anyhow::Result<BenchmarkPosition> {
    let fields: Vec<&str> = rest.splitn(6, ' ').collect();
    let [number, "game", game_index, "kind", kind, position] = fields.as_slice() else {
        bail!("line {at}: expected 'position N game G kind KIND POSITION'");
    };
    Ok(BenchmarkPosition {
        number: value(number, at, "position number")?,
        game_index: value(game_index, at, "game number")?,
        kind: kind.to_string(),
        position: position.to_string(),
        candidates: Vec::new(),
    })
}
