//! `tabula match --jsonl FILE`: every game as one JSON object on one line, appended and
//! flushed as the game ends, for programs that follow a match (`jq`, pandas, a web
//! page); and the same lines read back as the games they hold ([`MatchGame`], the value
//! the text records hold too), so that `tabula match report` and a resumed match read
//! both alike. The fields are listed in tabula(6)
//! ("JSON lines").

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::Write as _;
use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::game_record::{ForfeitRecord, MatchAction, MatchGame, MatchResult, SeatRecord};
use super::plan::{Pairing, PlanLine, sprt_text};
use crate::app::players::PlayerSpec;
use crate::app::record::SeatTag;
use crate::app::session::{Action, CommandError};
use crate::core::stats::sprt::Sprt;
use crate::core::{Dice, Game, Options};
use crate::games::GameKind;

/// What the `format` field of every line says: the schema of tabula(6).
pub const FORMAT: &str = "tabula-match-game-1";

/// One game, as one line of the file.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct GameLine {
    /// Always [`FORMAT`].
    pub format: String,
    /// The game's id: `nardy`.
    pub game: String,
    /// Every rule option, `key: value` (values as written on the command line).
    pub options: BTreeMap<String, String>,
    /// The game's number in the match, from 1.
    pub number: u64,
    /// The match this game belongs to (always written).
    #[serde(rename = "match")]
    pub plan: Option<Plan>,
    /// One entry per seat, in seat order.
    pub players: Vec<SeatPlayer>,
    /// The dice seed of the game (`tabula play GAME --seed S` throws the same dice).
    pub dice_seed: u64,
    /// Every roll and every move, in order.
    pub actions: Vec<ActionLine>,
    /// Moves played (rolls not counted).
    pub moves: u64,
    /// How it ended.
    pub result: ResultLine,
}

/// The match a game belongs to: what `match-plan` says in the text records.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Plan {
    /// The first dice seed (`--seed`).
    pub seed: u64,
    /// Games planned (`--games`).
    pub games: u64,
    /// How many players the match has.
    pub players: usize,
    /// `round-robin` or `gauntlet`.
    pub pairing: String,
    /// The SPRT the match stops on, as `--sprt` took it.
    pub sprt: Option<String>,
    /// How many positions the games start from in turn (`--positions`); absent
    /// without them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub positions: Option<u64>,
}

/// Who sat in one seat.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SeatPlayer {
    /// The seat's name: `white`.
    pub seat: String,
    /// The player's number in the match, from 1.
    pub player: usize,
    /// The name given with `--player NAME=...` or the engines file.
    pub name: Option<String>,
    /// The player as `--player` takes it: `bot:greedy`, `engine:./mybot --fast`.
    pub spec: String,
    /// An engine's command line.
    pub engine: Option<String>,
    /// The name an engine gave for itself.
    pub engine_name: Option<String>,
}

/// One action: a roll or a move.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ActionLine {
    /// The seat that acted.
    pub seat: Option<String>,
    /// The dice thrown.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub roll: Option<Vec<u8>>,
    /// The move played, in the game's notation.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none", default)]
    pub played: Option<String>,
    /// The seat that resigned.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub resign: Option<String>,
    /// The position the game was set to (a match's opening, `--positions`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub setpos: Option<String>,
    /// Seconds the mover took to decide (moves only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub seconds: Option<f64>,
}

/// How a game ended.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ResultLine {
    /// `end` (played to the end), `forfeit` or `adjudication`.
    pub reason: String,
    /// Finishing place per seat, 1 for the winner.
    pub places: Vec<u8>,
    /// Points per seat.
    pub points: Vec<f64>,
    /// One line for people: `white wins a mars (2 points)`.
    pub summary: String,
    /// The seat that forfeited, and why.
    pub forfeit: Option<ForfeitLine>,
    /// Why the game was adjudicated, and with what chances.
    pub adjudication: Option<String>,
}

/// A forfeit.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ForfeitLine {
    /// The forfeiting seat.
    pub seat: String,
    /// `timeout`, `crash`, `illegal`, ...
    pub kind: String,
    /// The story.
    pub detail: String,
}

/// The JSON line of a game: the encoder of [`MatchGame`] that [`decode`] reads back.
pub(super) fn game_line(game: &MatchGame) -> String {
    let options = game
        .options
        .to_string()
        .split_whitespace()
        .filter_map(|w| w.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let players = game
        .seats
        .iter()
        .map(|seat| SeatPlayer {
            seat: seat.tag.seat.clone(),
            player: seat.player.map_or(0, |p| p + 1),
            name: seat.tag.name.clone(),
            spec: seat.tag.spec.clone(),
            engine: match seat.tag.spec.parse() {
                Ok(PlayerSpec::Engine(command)) => Some(command),
                _ => None,
            },
            engine_name: seat.tag.engine.clone(),
        })
        .collect();
    let seat_name = |seat: usize| {
        game.seats
            .get(seat)
            .map(|s| s.tag.seat.clone())
            .unwrap_or_default()
    };
    let actions = game
        .actions
        .iter()
        .map(|a| {
            let mut line = ActionLine {
                seat: a.seat.clone(),
                roll: None,
                played: None,
                resign: None,
                setpos: None,
                seconds: a.seconds,
            };
            match &a.action {
                Action::Roll(dice) | Action::Dice(dice) => line.roll = Some(dice.values().to_vec()),
                Action::SetPos(text) => line.setpos = Some(text.clone()),
                Action::Move(text) => line.played = Some(text.clone()),
                Action::Resign(resigner) => line.resign = Some(seat_name(*resigner)),
            }
            line
        })
        .collect();
    let result = &game.result;
    let reason = if result.forfeit.is_some() {
        "forfeit"
    } else if result.adjudicated.is_some() {
        "adjudication"
    } else {
        "end"
    };
    let line = GameLine {
        format: FORMAT.to_string(),
        game: game.kind.info().id.to_string(),
        options,
        number: game.number,
        plan: game.plan.as_ref().map(Plan::from),
        players,
        dice_seed: game.dice_seed.unwrap_or(0),
        actions,
        moves: game.moves(),
        result: ResultLine {
            reason: reason.to_string(),
            places: result.places.clone().unwrap_or_default(),
            points: result.points.clone(),
            summary: result.summary.clone(),
            forfeit: result.forfeit.as_ref().map(|f| ForfeitLine {
                seat: f.seat.clone(),
                kind: f.kind.as_str().to_string(),
                detail: f.detail.clone(),
            }),
            adjudication: result.adjudicated.clone(),
        },
    };
    // Plain data: serialising it cannot fail.
    serde_json::to_string(&line).unwrap_or_default()
}

/// Reads a JSON line back as the game it holds, its actions numbered with the file's
/// line `number`: the decoder of [`game_line`].
fn decode(line: GameLine, number: usize) -> Result<MatchGame, String> {
    let kind = GameKind::from_id(&line.game).map_err(|e| e.to_string())?;
    let words: Vec<String> = line.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let options = Options::parse(kind.info().options, &words).map_err(|e| e.to_string())?;
    let plan = line
        .plan
        .as_ref()
        .map(PlanLine::try_from)
        .transpose()
        .map_err(|e| e.to_string())?;
    let game = kind.new_game(&options).map_err(|e| e.to_string())?;
    let seats = line
        .players
        .into_iter()
        .map(|p| SeatRecord {
            tag: SeatTag {
                seat: p.seat,
                spec: p.spec,
                name: p.name,
                engine: p.engine_name,
            },
            player: p.player.checked_sub(1),
        })
        .collect();
    let actions = line
        .actions
        .into_iter()
        .map(|a| {
            let action = match (a.roll, a.played, a.resign, a.setpos) {
                (Some(dice), None, None, None) => Action::Roll(Dice::new(&dice)),
                (None, Some(text), None, None) => Action::Move(text),
                (None, None, Some(seat), None) => {
                    Action::Resign(game.find_seat(&seat).map_err(|e| e.to_string())?)
                }
                (None, None, None, Some(position)) => Action::SetPos(position),
                _ => return Err("an action that is not one roll, move, resign or setpos".to_string()),
            };
            Ok(MatchAction {
                line: number,
                seat: a.seat,
                action,
                seconds: a.seconds,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let result = line.result;
    let forfeit = match result.forfeit {
        Some(f) => Some(ForfeitRecord {
            kind: f.kind.parse().map_err(|e| format!("the forfeit: {e}"))?,
            seat: f.seat,
            detail: f.detail,
        }),
        None => None,
    };
    Ok(MatchGame {
        kind,
        options,
        number: line.number,
        plan,
        seats,
        dice_seed: Some(line.dice_seed),
        actions,
        result: MatchResult {
            places: Some(result.places),
            points: result.points,
            summary: result.summary,
            forfeit,
            adjudicated: result.adjudication,
        },
        stderr: Vec::new(),
    })
}

impl From<&PlanLine> for Plan {
    fn from(plan: &PlanLine) -> Plan {
        Plan {
            seed: plan.seed,
            games: plan.games,
            players: plan.players,
            pairing: plan.pairing.as_str().to_string(),
            sprt: plan.sprt.as_ref().map(sprt_text),
            positions: plan.positions,
        }
    }
}

/// Why the match a JSON line names is not one a match plays.
#[derive(Debug)]
pub(super) enum BadPlan {
    /// A pairing of no known name.
    Pairing(String),
    /// An SPRT that does not read, and why.
    Sprt(crate::core::stats::sprt::SprtError),
}

impl std::fmt::Display for BadPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadPlan::Pairing(pairing) => {
                write!(
                    f,
                    "the match's pairing '{pairing}' is not round-robin or gauntlet"
                )
            }
            BadPlan::Sprt(why) => write!(f, "the match's sprt: {why}"),
        }
    }
}

impl TryFrom<&Plan> for PlanLine {
    type Error = BadPlan;

    fn try_from(plan: &Plan) -> Result<PlanLine, BadPlan> {
        let pairing = Pairing::named(&plan.pairing).ok_or_else(|| BadPlan::Pairing(plan.pairing.clone()))?;
        let sprt = match &plan.sprt {
            Some(text) => Some(Sprt::parse(text).map_err(BadPlan::Sprt)?),
            None => None,
        };
        Ok(PlanLine {
            seed: plan.seed,
            players: plan.players,
            pairing,
            games: plan.games,
            sprt,
            positions: plan.positions,
        })
    }
}

/// Line `number` of `path` as the game it holds.
fn game_of_line(line: &str, path: &Path, number: usize) -> anyhow::Result<MatchGame> {
    let game: GameLine = serde_json::from_str(line).with_context(|| {
        format!(
            "{}, line {number}: not a game of 'tabula match --jsonl'",
            path.display()
        )
    })?;
    if game.format != FORMAT {
        anyhow::bail!(
            "{}, line {number}: format '{}' is not '{FORMAT}', the one this version reads",
            path.display(),
            game.format
        );
    }
    decode(game, number).map_err(|e| anyhow::anyhow!("{}, line {number}: {e}", path.display()))
}

/// True when the file at `path` holds JSON lines rather than text records (its first
/// character that is not white space opens an object).
pub fn is_jsonl_file(path: &Path) -> std::io::Result<bool> {
    use std::io::Read as _;
    let mut head = [0u8; 4096];
    let mut file = crate::app::lines::open_regular_file(path).map_err(std::io::Error::other)?;
    let read = file.read(&mut head)?;
    Ok(head[..read]
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{'))
}

/// The whole lines of a file, read one at a time: a last line without its line end (a
/// game still being written, or torn by a killed run) is not one of them.
struct WholeLines<R> {
    input: R,
    number: usize,
    whole: u64,
}

impl<R: std::io::BufRead> WholeLines<R> {
    /// The lines of `input`, from its start.
    fn new(input: R) -> WholeLines<R> {
        WholeLines {
            input,
            number: 0,
            whole: 0,
        }
    }

    /// The next whole line and its number (from 1), or `None` at the end of the whole
    /// lines.
    fn next_line(&mut self) -> std::io::Result<Option<(usize, String)>> {
        use crate::ai::files::{BoundedLine, MAX_GAME_LINE_BYTES, read_line_within};
        let mut line = Vec::new();
        let read = match read_line_within(&mut self.input, &mut line, MAX_GAME_LINE_BYTES)? {
            BoundedLine::Line { ended: true, bytes } => bytes,
            BoundedLine::End | BoundedLine::Line { ended: false, .. } => return Ok(None),
            BoundedLine::TooLong => {
                return Err(std::io::Error::other(format!(
                    "the line is longer than {} MiB, the longest a game's JSON line may be",
                    MAX_GAME_LINE_BYTES / (1024 * 1024)
                )));
            }
        };
        let line = String::from_utf8(line).map_err(|_| {
            std::io::Error::new(std::io::ErrorKind::InvalidData, "the line is not UTF-8 text")
        })?;
        self.number += 1;
        self.whole += read;
        Ok(Some((self.number, line + "\n")))
    }
}

/// The games of a JSON lines file read one line at a time, as the records they hold, so
/// that a file of any size holds one game in memory. A last line without its line end
/// (a game being written) is left out; the first bad line ends the games with an error.
pub struct JsonlGames<R> {
    lines: WholeLines<R>,
    path: std::path::PathBuf,
    failed: bool,
}

/// The games of the JSON lines file at `path`.
pub fn games(path: &Path) -> Result<JsonlGames<std::io::BufReader<File>>, CommandError> {
    let file = crate::app::lines::open_regular_file(path).map_err(|e| CommandError::File(e.to_string()))?;
    Ok(JsonlGames {
        lines: WholeLines::new(std::io::BufReader::new(file)),
        path: path.to_path_buf(),
        failed: false,
    })
}

/// The games of the JSON lines file at `path` in its first `upto` bytes: what `tabula
/// match report` reads of a file a running match may still be adding to.
pub fn games_upto(
    path: &Path,
    upto: u64,
) -> Result<JsonlGames<std::io::BufReader<std::io::Take<File>>>, CommandError> {
    use std::io::Read as _;
    let file = crate::app::lines::open_regular_file(path).map_err(|e| CommandError::File(e.to_string()))?;
    Ok(JsonlGames {
        lines: WholeLines::new(std::io::BufReader::new(file.take(upto))),
        path: path.to_path_buf(),
        failed: false,
    })
}

impl<R> JsonlGames<R> {
    /// The bytes of the whole lines read so far: where a torn last line begins once the
    /// games are all read.
    pub fn whole_bytes(&self) -> u64 {
        self.lines.whole
    }
}

impl<R: std::io::BufRead> Iterator for JsonlGames<R> {
    type Item = Result<MatchGame, CommandError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.failed {
            let (number, line) = match self.lines.next_line() {
                Ok(line) => line?,
                Err(e) => {
                    self.failed = true;
                    let place = format!("{}, line {}", self.path.display(), self.lines.number + 1);
                    return Some(Err(CommandError::File(format!("{place}: {e}"))));
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let game =
                game_of_line(&line, &self.path, number).map_err(|e| CommandError::File(format!("{e:#}")));
            self.failed = game.is_err();
            return Some(game);
        }
        None
    }
}

/// The numbers (from 0) of the games the JSON lines at `path` hold, when the match
/// resumes from its text records, and how many bytes of whole lines they are (a torn
/// last line, from a run killed mid-write, comes after them); read one line at a time.
pub(super) fn held_games(path: &Path) -> anyhow::Result<(BTreeSet<u64>, u64)> {
    let mut held = BTreeSet::new();
    let file = crate::app::lines::open_regular_file(path)?;
    let mut lines = WholeLines::new(std::io::BufReader::new(file));
    while let Some((_, line)) = lines
        .next_line()
        .with_context(|| format!("cannot read {}", path.display()))?
    {
        if let Ok(game) = serde_json::from_str::<GameLine>(&line) {
            held.insert(game.number.saturating_sub(1));
        }
    }
    Ok((held, lines.whole))
}

/// Appends one game's line and flushes it, so that a reader sees every finished game.
pub(super) fn append(file: &mut File, line: &str) -> std::io::Result<()> {
    file.write_all(line.as_bytes())?;
    file.write_all(b"\n")?;
    file.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of `text` in a fresh temporary folder.
    fn file_of(name: &str, text: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("tabula-jsonl-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn json_lines_are_told_from_text_records() {
        assert!(is_jsonl_file(&file_of("a.jsonl", "\n  {\"format\":1}\n")).unwrap());
        assert!(!is_jsonl_file(&file_of("b.txt", "# tabula record\ngame nardy\n")).unwrap());
    }

    #[test]
    fn the_plan_of_a_json_line_turns_back_into_the_match_plan_line() {
        let plan = PlanLine {
            seed: 7,
            players: 3,
            pairing: Pairing::Gauntlet,
            games: 12,
            sprt: Some(Sprt::parse("elo0=0,elo1=20").unwrap()),
            positions: Some(4),
        };
        let mut json = Plan::from(&plan);
        assert_eq!(json.pairing, "gauntlet");
        let back = PlanLine::try_from(&json).unwrap();
        assert_eq!(back, plan);
        assert_eq!(
            back.to_string(),
            "match-plan seed=7 players=3 pairing=gauntlet games=12 \
             sprt=elo0=0,elo1=20,alpha=0.05,beta=0.05 positions=4"
        );
        json.pairing = "swiss".into();
        let error = PlanLine::try_from(&json).unwrap_err();
        assert!(error.to_string().contains("'swiss'"), "{error}");
    }

    /// A match of mnogoboy (two seats) between a named greedy bot and a random one,
    /// adjudicated from the solved table, written to `--jsonl`.
    fn adjudicated_match() -> crate::app::matches::MatchConfig {
        use crate::app::matches::{MatchConfig, Tourney};
        let players = ["fast=bot:greedy", "bot:random"];
        MatchConfig {
            games: 2,
            seed: 5,
            tourney: Tourney {
                jsonl: Some("games.jsonl".into()),
                adjudicate: Some(0.9),
                ..Tourney::default()
            },
            ..MatchConfig::for_test(GameKind::Mnogoboy, &["players=2"], &players)
        }
    }

    /// `game` without what only its JSON line keeps: each action's seat and seconds,
    /// the line it was read from, and the summary in words.
    fn as_text_keeps_it(mut game: MatchGame) -> MatchGame {
        for action in &mut game.actions {
            (action.line, action.seat, action.seconds) = (0, None, None);
        }
        game.result.summary.clear();
        game
    }

    #[test]
    fn a_game_reads_back_from_either_encoding_as_the_same_value() {
        let config = adjudicated_match();
        let (_, text, json) = crate::app::matches::play_game(&config, 1).unwrap();
        let json = json.unwrap();
        let from_json = decode(serde_json::from_str(&json).unwrap(), 1).unwrap();
        assert_eq!(game_line(&from_json), json);
        let stream = crate::app::record::RecordStream::new(text.as_bytes());
        let record = crate::app::record::Undamaged::new(stream)
            .next()
            .unwrap()
            .unwrap();
        let from_text = MatchGame::read(&record).unwrap();
        let undated = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| !l.starts_with("tag date "))
                .map(String::from)
                .collect()
        };
        assert_eq!(undated(&from_text.text()), undated(&text));
        assert!(text.contains("tag name p2 fast\n"), "{text}");
        assert!(from_json.result.adjudicated.is_some(), "{json}");
        assert_eq!(as_text_keeps_it(from_text), as_text_keeps_it(from_json));
    }

    #[test]
    fn a_line_that_is_not_a_game_is_refused_with_its_number() {
        let path = file_of("m.jsonl", "\n{\"format\":\"x\"}\n");
        let error = games(&path).unwrap().next().unwrap().unwrap_err();
        assert!(error.to_string().contains("m.jsonl, line 2"), "{error}");
        // A line still being written is not read.
        let torn = file_of("t.jsonl", "{\"form");
        assert!(games(&torn).unwrap().next().is_none());
    }
}
