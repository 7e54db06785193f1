//! `--positions FILE`: the positions a match's games start from, as cutechess-cli's
//! `-openings` with `-repeat`. Every round of games (every pairing once from each seat,
//! on one dice seed) starts from one position, the next round from the next, so each
//! position is played from every seat on the same dice.
//!
//! The file has one position string per line, as `getpos` prints it (blank lines and
//! lines starting with `#` are skipped), or is a benchmark set (`tabula benchmark
//! --build`), whose `position` lines are taken.

use std::path::Path;

use anyhow::bail;

use crate::core::Notation;
use crate::core::{Game, Options, Phase};
use crate::games::GameKind;

/// The positions of a `--positions` file, each checked and written as the game writes
/// it (so that a record's `setpos` line can be compared with it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Openings {
    /// The positions, in the order of the file.
    pub positions: Vec<String>,
}

impl Openings {
    /// Reads `path` for `kind` with `options`: every position must be one of this game
    /// and not over. An error names the file and line.
    pub fn read(path: &Path, kind: GameKind, options: &Options) -> anyhow::Result<Openings> {
        let text = crate::app::lines::read_text_file(path)?;
        let shown = path.display();
        let fresh = kind.new_game(options)?;
        let mut positions = Vec::new();
        let mut benchmark = false;
        for (at, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if positions.is_empty() && !benchmark && line.starts_with("benchmark ") {
                benchmark = true;
                continue;
            }
            let position = if benchmark {
                match benchmark_position(line) {
                    Some(Some(position)) => position,
                    Some(None) => continue,
                    None => bail!(
                        "{shown}:{at}: expected 'position N game G kind KIND POSITION' in a \
                         benchmark set, not '{line}'"
                    ),
                }
            } else {
                line
            };
            let mut game = fresh.clone();
            if let Err(e) = game.set_position(position) {
                bail!(
                    "{shown}:{at}: not a position of {} with these options: {e} (write one \
                     position a line, as 'getpos' prints it, e.g. {})",
                    kind.info().id,
                    fresh.position_string()
                );
            }
            if game.phase() == Phase::Over {
                bail!("{shown}:{at}: the game is over in this position: there is nothing to play");
            }
            positions.push(game.position_string());
        }
        if positions.is_empty() {
            bail!("{shown} holds no position (write one a line, as 'getpos' prints it)");
        }
        Ok(Openings { positions })
    }

    /// The position game `round` of the match starts from: the rounds take the positions
    /// in turn, starting over after the last.
    pub fn for_round(&self, round: u64) -> Option<&str> {
        let count = self.positions.len() as u64;
        (count > 0).then(|| self.positions[(round % count) as usize].as_str())
    }
}

/// Where a match's games start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Starts {
    /// At the game's own start.
    #[default]
    Fresh,
    /// At the positions of a `--positions` file, a round each in turn.
    Positions(Openings),
    /// Wherever each recorded game says it started (`match report`, which has no file),
    /// from as many positions as the records' plan says, if it says.
    Recorded(Option<u64>),
}

impl Starts {
    /// How many positions the games start from, in turn, if they start from a file's.
    pub fn positions(&self) -> Option<u64> {
        match self {
            Starts::Fresh => None,
            Starts::Positions(openings) => Some(openings.positions.len() as u64),
            Starts::Recorded(count) => *count,
        }
    }
}

/// A benchmark set's line: `Some(Some(position))` for a `position` line, `Some(None)` for
/// another line the set has, `None` for a line it cannot have.
fn benchmark_position(line: &str) -> Option<Option<&str>> {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word {
        "position" => {
            let fields: Vec<&str> = rest.splitn(6, ' ').collect();
            match fields.as_slice() {
                [_, "game", _, "kind", _, position] => Some(Some(position)),
                _ => None,
            }
        }
        "game" | "sample" | "rollout" | "candidate" => Some(None),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(name: &str, text: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("tabula-openings-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn positions_are_read_one_a_line_and_bad_lines_are_named() {
        let kind = GameKind::Ur;
        let options = Options::defaults(kind.info().options);
        let start = kind.new_game(&options).unwrap().position_string();
        let path = write("good", &format!("# two\n\n{start}\n{start}\n"));
        let openings = Openings::read(&path, kind, &options).unwrap();
        assert_eq!(openings.positions, vec![start.clone(), start.clone()]);
        assert_eq!(openings.for_round(3), Some(start.as_str()));
        let path = write("bad", &format!("{start}\nnot a position\n"));
        let error = Openings::read(&path, kind, &options).unwrap_err().to_string();
        assert!(
            error.contains(&format!("{}:2: not a position of ur", path.display())),
            "{error}"
        );
        let path = write("empty", "# nothing\n");
        let error = Openings::read(&path, kind, &options).unwrap_err().to_string();
        assert!(error.contains("holds no position"), "{error}");
    }

    #[test]
    fn a_benchmark_set_gives_its_positions() {
        let kind = GameKind::Nardy;
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("benchmarks/nardy.txt");
        let options = Options::parse(kind.info().options, &["koks=off", "match=1"]).unwrap();
        let openings = Openings::read(&path, kind, &options).unwrap();
        assert!(openings.positions.len() > 100, "{}", openings.positions.len());
    }
}
