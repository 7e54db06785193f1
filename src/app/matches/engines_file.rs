//! `--engines FILE`: engines named once in a TOML file, each with its command, working
//! directory, options sent after every `newgame` and its own time control, so that
//! `--player NAME` picks one.
//!
//! ```toml
//! [[engine]]
//! name = "deep"
//! command = "./mybot --threads 1"
//! dir = "bots"            # relative to this file; default: where tabula runs
//! tc = "10+0.1"           # or movetime = 2000 (ms per move); default: the match's
//! set = { bot = "expectimax:2" }   # sent as 'set bot expectimax:2'
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use serde::Deserialize;

use crate::app::players::{MatchPlayer, PlayerSpec};
use crate::app::protocol::client::{EngineSettings, TimeControl};

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EnginesFile {
    #[serde(default)]
    engine: Vec<EngineEntry>,
}

/// One `[[engine]]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineEntry {
    name: String,
    command: String,
    dir: Option<PathBuf>,
    tc: Option<String>,
    movetime: Option<u64>,
    #[serde(default)]
    set: BTreeMap<String, toml::Value>,
}

/// An engine from the file: the player, and how its settings differ from the match's.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedEngine {
    /// The name and the command, as a match player.
    pub player: MatchPlayer,
    /// Its working directory, resolved against the file's folder.
    pub dir: Option<PathBuf>,
    /// Its own time control.
    pub clock: Option<TimeControl>,
    /// Its own time per move, in milliseconds.
    pub move_time: Option<u64>,
    /// The commands to send after every `newgame`, in the order of the option names.
    pub setup: Vec<String>,
}

impl NamedEngine {
    /// The match's engine settings with this engine's own applied.
    pub fn settings(&self, base: &EngineSettings) -> EngineSettings {
        let mut settings = base.clone();
        if let Some(ms) = self.move_time {
            settings.move_time = std::time::Duration::from_millis(ms);
            settings.clock = None;
        }
        if let Some(clock) = self.clock {
            settings.clock = Some(clock);
        }
        settings.dir = self.dir.clone();
        settings.setup = self.setup.clone();
        settings
    }
}

/// Reads an engines file.
pub fn read_engines(path: &Path) -> anyhow::Result<Vec<NamedEngine>> {
    let text = crate::app::lines::read_text_file(path)?;
    let folder = path.parent().unwrap_or(Path::new(""));
    parse_engines(&text, folder).with_context(|| format!("in the engines file {}", path.display()))
}

/// Reads the text of an engines file whose relative directories start at `folder`.
pub fn parse_engines(text: &str, folder: &Path) -> anyhow::Result<Vec<NamedEngine>> {
    let file: EnginesFile = toml::from_str(text).map_err(|e| {
        anyhow::anyhow!(
            "{}\nan engine is written [[engine]] with name = \"...\" and command = \"...\", and may have dir, tc, movetime and set = {{ KEY = VALUE }}",
            e.to_string().trim_end()
        )
    })?;
    let mut engines: Vec<NamedEngine> = Vec::new();
    for entry in file.engine {
        let name = entry.name.trim().to_string();
        if name.is_empty()
            || name
                .chars()
                .any(|c| c.is_control() || c == '=' || c.is_whitespace())
        {
            bail!("the engine name '{}' must be one word without '='", entry.name);
        }
        if engines
            .iter()
            .any(|e| e.player.name.as_deref() == Some(name.as_str()))
        {
            bail!("two engines are named '{name}'");
        }
        let spec: PlayerSpec = format!("engine:{}", entry.command)
            .parse()
            .map_err(|e| anyhow::anyhow!("engine '{name}': {e}"))?;
        let clock = match &entry.tc {
            Some(tc) => Some(
                tc.parse::<TimeControl>()
                    .map_err(|e| anyhow::anyhow!("engine '{name}': tc: {e}"))?,
            ),
            None => None,
        };
        if clock.is_some() && entry.movetime.is_some() {
            bail!("engine '{name}' has both tc and movetime: give one");
        }
        if let Some(ms) = entry.movetime
            && !(1..=86_400_000).contains(&ms)
        {
            bail!("engine '{name}': movetime is milliseconds from 1 to 86400000, not {ms}");
        }
        let mut setup = Vec::new();
        for (key, value) in &entry.set {
            let value = match value {
                toml::Value::String(text) => text.clone(),
                toml::Value::Integer(_) | toml::Value::Float(_) | toml::Value::Boolean(_) => {
                    value.to_string()
                }
                _ => bail!("engine '{name}': set.{key} must be a string, number or true/false"),
            };
            if key.chars().any(char::is_whitespace) || value.contains(['\n', '\r']) {
                bail!("engine '{name}': set.{key} must be one word set to one line");
            }
            setup.push(format!("set {key} {value}"));
        }
        engines.push(NamedEngine {
            player: MatchPlayer {
                name: Some(name),
                spec,
            },
            dir: entry
                .dir
                .map(|d| if d.is_absolute() { d } else { folder.join(d) }),
            clock,
            move_time: entry.movetime,
            setup,
        });
    }
    if engines.is_empty() {
        bail!("no engines: write one as [[engine]] with name = \"...\" and command = \"...\"");
    }
    Ok(engines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engines_read_with_their_settings() {
        let text = r#"
            [[engine]]
            name = "deep"
            command = "./bot --depth 3"
            dir = "bots"
            tc = "10+0.1"
            set = { bot = "expectimax:2", hash = 64 }

            [[engine]]
            name = "quick"
            command = "tabula engine"
            movetime = 200
        "#;
        let engines = parse_engines(text, Path::new("/home/me")).unwrap();
        assert_eq!(engines.len(), 2);
        let deep = &engines[0];
        assert_eq!(deep.player.name.as_deref(), Some("deep"));
        assert_eq!(deep.player.spec, PlayerSpec::Engine("./bot --depth 3".into()));
        assert_eq!(deep.dir, Some(PathBuf::from("/home/me/bots")));
        assert_eq!(deep.setup, vec!["set bot expectimax:2", "set hash 64"]);
        let settings = deep.settings(&EngineSettings::default());
        assert_eq!(settings.clock, Some("10+0.1".parse().unwrap()));
        let quick = engines[1].settings(&settings);
        assert_eq!(quick.clock, None, "its own movetime replaces the match's clock");
        assert_eq!(quick.move_time.as_millis(), 200);
        assert!(quick.setup.is_empty());
    }

    #[test]
    fn bad_files_say_what_is_wrong() {
        for (text, says) in [
            ("[[engine]]\nname = \"a\"\n", "missing field `command`"),
            (
                "[[engine]]\nname = \"a\"\ncommand = \"x\"\ncolour = 1\n",
                "unknown field `colour`",
            ),
            (
                "[[engine]]\nname = \"a b\"\ncommand = \"x\"\n",
                "must be one word",
            ),
            (
                "[[engine]]\nname = \"a\"\ncommand = \"x\"\n[[engine]]\nname = \"a\"\ncommand = \"y\"\n",
                "two engines are named 'a'",
            ),
            (
                "[[engine]]\nname = \"a\"\ncommand = \"x\"\ntc = \"fast\"\n",
                "BASE+INC",
            ),
            (
                "[[engine]]\nname = \"a\"\ncommand = \"x\"\ntc = \"1\"\nmovetime = 5\n",
                "both tc and movetime",
            ),
            ("", "no engines"),
            (
                "[[engine]]\nname = \"a\"\ncommand = \"x\"\nset = { list = [1] }\n",
                "must be a string",
            ),
        ] {
            let error = format!("{:#}", parse_engines(text, Path::new(".")).unwrap_err());
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}
