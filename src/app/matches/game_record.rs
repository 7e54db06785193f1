//! One game of a match as its records keep it: [`MatchGame`], the one value that both
//! record formats encode. The text record (`--records`) is written by
//! [`MatchGame::text`] and read back by [`MatchGame::read`]; the JSON line (`--jsonl`)
//! is written and read by `jsonl.rs`. A new field goes in the value and in its two
//! encoders and decoders; a resumed match and `tabula match report` read the value,
//! whichever file it came from.

use super::adjudicate::record_line;
use super::one_line;
use super::plan::{PlanLine, player_line};
use super::scoring::{forfeit_line, result_line};
use crate::app::players::{ForfeitKind, MatchPlayer};
use crate::app::record::{
    Check, GameRecord, SeatTag, Tags, action_line, first_places, sealed_game, seat_players, seed_text,
    tags_of,
};
use crate::app::session::{Action, CommandError};
use crate::core::{Game, Options};
use crate::games::GameKind;

/// One game of a match, as both its text record and its JSON line hold it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchGame {
    /// The game.
    pub kind: GameKind,
    /// Its rule options.
    pub options: Options,
    /// The game's number in the match, from 1.
    pub number: u64,
    /// The match it belongs to (`None` in the records of versions that did not write it).
    pub plan: Option<PlanLine>,
    /// Who sat in each seat, in seat order.
    pub seats: Vec<SeatRecord>,
    /// The dice seed the game was played on (`None`: the record names none).
    pub dice_seed: Option<u64>,
    /// Every roll and every move, in order.
    pub actions: Vec<MatchAction>,
    /// How it ended.
    pub result: MatchResult,
    /// The forfeiting engine's last standard error lines (kept as comments in the text
    /// record for its author, and not read back).
    pub stderr: Vec<String>,
}

/// Who sat in one seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatRecord {
    /// The seat, its player's spec, given name and engine's name (told apart from the
    /// names the match's other players gave, `tabula (2)`), as the tags say them.
    pub tag: SeatTag,
    /// The player's number in the match, from 0 (`None` in the records of versions that
    /// did not write it).
    pub player: Option<usize>,
}

/// One action of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchAction {
    /// Where it was read from: its line in the file (0 for a game just played).
    pub line: usize,
    /// The seat that acted (`None` for a position set, and when read from a text
    /// record, which does not write it).
    pub seat: Option<String>,
    /// The action, the move in the game's notation.
    pub action: Action<String>,
    /// Seconds the mover took to decide (moves of a JSON line only).
    pub seconds: Option<f64>,
}

/// How a game ended.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// Finishing place per seat, 1 for the winner (`None` when the record gives none).
    pub places: Option<Vec<u8>>,
    /// Points per seat.
    pub points: Vec<f64>,
    /// One line for people: `white wins a mars (2 points)`.
    pub summary: String,
    /// The seat that forfeited, and why.
    pub forfeit: Option<ForfeitRecord>,
    /// Why the game was adjudicated, and with what chances.
    pub adjudicated: Option<String>,
}

/// A forfeit.
#[derive(Clone, Debug, PartialEq)]
pub struct ForfeitRecord {
    /// The forfeiting seat's name.
    pub seat: String,
    /// Why, in class.
    pub kind: ForfeitKind,
    /// The story, on one line.
    pub detail: String,
}

/// Why a text record is not read as a game of a match.
#[derive(Debug, PartialEq)]
pub enum Unread {
    /// It has no `match-game N` line: a game saved with `save`, or no match record.
    NotAMatchGame,
    /// A line that ties it to its match does not read.
    Bad(String),
}

impl std::fmt::Display for Unread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unread::NotAMatchGame => {
                f.write_str("a game without a 'match-game N' line: this is not a match record")
            }
            Unread::Bad(why) => f.write_str(why),
        }
    }
}

impl MatchGame {
    /// The seats' names, in seat order.
    fn seat_names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.tag.seat.clone()).collect()
    }

    /// Moves played (rolls not counted).
    pub fn moves(&self) -> u64 {
        self.actions
            .iter()
            .filter(|a| matches!(a.action, Action::Move(_)))
            .count() as u64
    }

    /// The game's text record, as `tabula match --records` writes it, with a blank line
    /// after it.
    pub fn text(&self) -> String {
        let seat_names = self.seat_names();
        let seat_tags: Vec<SeatTag> = self.seats.iter().map(|s| s.tag.clone()).collect();
        let mut body = tags_of(&seat_tags, &self.tag_result(), &self.tag_reason());
        body.push(format!("match-game {}", self.number));
        if let Some(plan) = &self.plan {
            body.push(plan.to_string());
        }
        for seat in &self.seats {
            if let Some(player) = seat.player {
                body.push(player_line(player + 1, seat.tag.name.as_deref(), &seat.tag.spec));
            }
        }
        let seats: Vec<String> = self
            .seats
            .iter()
            .map(|s| format!("{}={}", s.tag.seat, s.tag.spec))
            .collect();
        body.push(format!("seats {}", seats.join(" ")));
        if let Some(seed) = self.dice_seed {
            body.push(seed_text(seed, 0));
        }
        let seat_name = |seat: usize| seat_names.get(seat).cloned().unwrap_or_default();
        body.extend(self.actions.iter().map(|a| action_line(&a.action, seat_name)));
        let result = &self.result;
        if let Some(places) = &result.places {
            body.push(result_line(places, &result.points));
        }
        if let Some(f) = &result.forfeit {
            body.push(forfeit_line(&f.seat, f.kind, &f.detail));
            // Comments: kept with the game for its author, skipped when it is read.
            body.extend(
                self.stderr
                    .iter()
                    .map(|line| format!("# stderr: {}", one_line(line))),
            );
        }
        if let Some(reason) = &result.adjudicated {
            body.push(record_line(reason));
        }
        let mut text = sealed_game(self.kind, &self.options, body, self.actions.len());
        text.push('\n');
        text
    }

    /// The `result` tag: who forfeited, who came first, or the game's own summary.
    fn tag_result(&self) -> String {
        let result = &self.result;
        match (&result.forfeit, &result.adjudicated) {
            (Some(f), _) => format!("{} forfeits", f.seat),
            (None, Some(_)) => first_places(result.places.as_deref().unwrap_or(&[]), &self.seat_names()),
            (None, None) => result.summary.clone(),
        }
    }

    /// The `reason` tag: the forfeit, the adjudication, a resignation, or played out.
    fn tag_reason(&self) -> String {
        let result = &self.result;
        if let Some(f) = &result.forfeit {
            let line = forfeit_line(&f.seat, f.kind, &f.detail);
            return format!("forfeit: {}", line.trim_start_matches("forfeit "));
        }
        if let Some(reason) = &result.adjudicated {
            return format!("adjudicated: {}", one_line(reason));
        }
        match self.actions.last().map(|a| &a.action) {
            Some(Action::Resign(seat)) => {
                format!(
                    "{} resigned",
                    self.seat_names().get(*seat).cloned().unwrap_or_default()
                )
            }
            _ => "played out".to_string(),
        }
    }

    /// Reads a game of a match's text records back (the lines that tie it to its match
    /// as written, the actions as the record holds them); records of earlier versions,
    /// without `match-plan` and `match-player` lines, read too.
    pub fn read(record: &GameRecord) -> Result<MatchGame, Unread> {
        let number = record.match_game().ok_or(Unread::NotAMatchGame)? as u64;
        let bad = |why: String| Unread::Bad(format!("game {number}: {why}"));
        let game = record
            .kind
            .new_game(&record.options)
            .map_err(|e| bad(e.to_string()))?;
        let seat_names: Vec<String> = (0..game.seat_count())
            .map(|s| game.seat_name(s).to_string())
            .collect();
        let plan = match record.note("match-plan") {
            Some(line) => Some(PlanLine::parse(line).map_err(|e| bad(e.to_string()))?),
            None => None,
        };
        let mut seats: Vec<SeatRecord> = seat_players(record.note("seats").unwrap_or(""), &seat_names)
            .into_iter()
            .map(|(seat, spec)| SeatRecord {
                tag: SeatTag {
                    seat,
                    spec,
                    ..SeatTag::default()
                },
                player: None,
            })
            .collect();
        read_players(record, &mut seats).map_err(bad)?;
        read_engine_names(&record.tags, &mut seats);
        if let Some(reseed) = record.reseeds.first() {
            return Err(bad(format!(
                "line {}: 'seed {}': a match game has only thrown dice and moves",
                reseed.line, reseed.seed
            )));
        }
        let dice_seed = match record.seed {
            None => None,
            Some((seed, 0)) => Some(seed),
            Some((seed, at)) => {
                return Err(bad(format!(
                    "its dice start at position {at} of seed {seed}; a match game's start at the start of their seed"
                )));
            }
        };
        let actions = record
            .actions
            .iter()
            .map(|(line, action)| MatchAction {
                line: *line,
                seat: None,
                action: action.clone(),
                seconds: None,
            })
            .collect();
        let (places, points) = record
            .note("result")
            .and_then(read_result)
            .map_or((None, Vec::new()), |(places, points)| (Some(places), points));
        let result = MatchResult {
            places,
            points,
            summary: record.tags.get("result").unwrap_or("").to_string(),
            forfeit: read_forfeit(record.note("forfeit"), &seat_names).map_err(bad)?,
            adjudicated: record.note("adjudicated").map(String::from),
        };
        Ok(MatchGame {
            kind: record.kind,
            options: record.options.clone(),
            number,
            plan,
            seats,
            dice_seed,
            actions,
            result,
            stderr: Vec::new(),
        })
    }

    /// The game as a record the replayer walks: its options, dice seed and actions.
    pub fn replayable(&self) -> GameRecord {
        GameRecord {
            kind: self.kind,
            options: self.options.clone(),
            seed: self.dice_seed.map(|seed| (seed, 0)),
            reseeds: Vec::new(),
            notes: Vec::new(),
            tags: Tags::default(),
            actions: self.actions.iter().map(|a| (a.line, a.action.clone())).collect(),
            number: self.number as usize,
            line: self.actions.first().map_or(0, |a| a.line),
            check: Check::Sealed,
            sealed_format: true,
        }
    }
}

/// The games of a match's text records, read back as [`MatchGame`]s; a game that is not
/// one of a match is refused with `unread`'s words for it.
pub fn read_games(
    records: impl Iterator<Item = Result<GameRecord, CommandError>>,
    unread: impl Fn(Unread) -> String,
) -> impl Iterator<Item = Result<MatchGame, CommandError>> {
    records.map(move |record| MatchGame::read(&record?).map_err(|e| CommandError::File(unread(e))))
}

/// Reads the `match-player N PLAYER` lines of `record` (in seat order) into `seats`.
fn read_players(record: &GameRecord, seats: &mut [SeatRecord]) -> Result<(), String> {
    let lines = record
        .notes
        .iter()
        .filter_map(|l| l.strip_prefix("match-player "));
    for (seat, line) in seats.iter_mut().zip(lines) {
        let (number, player) = line.split_once(' ').unwrap_or((line, ""));
        let number: usize = number
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("a bad 'match-player {line}' line"))?;
        let player: MatchPlayer = player
            .parse()
            .map_err(|e| format!("'match-player {line}': {e}"))?;
        if player.spec.to_string() != seat.tag.spec {
            return Err(format!(
                "'match-player {line}' is not the player its 'seats' line puts in {}",
                seat.tag.seat
            ));
        }
        seat.player = Some(number - 1);
        seat.tag.name = player.name;
    }
    Ok(())
}

/// Reads the `tag engine SEAT NAME` lines into `seats`.
fn read_engine_names(tags: &Tags, seats: &mut [SeatRecord]) {
    for (key, value) in tags.iter() {
        if key == "engine"
            && let Some((seat, name)) = value.split_once(' ')
            && let Some(record) = seats.iter_mut().find(|s| s.tag.seat == seat)
        {
            record.tag.engine = Some(name.to_string());
        }
    }
}

/// The places and points of a `result places=P,P points=X,X` line (after `result`).
fn read_result(text: &str) -> Option<(Vec<u8>, Vec<f64>)> {
    let mut places = None;
    let mut points = None;
    for word in text.split_whitespace() {
        match word.split_once('=')? {
            ("places", list) => places = list.split(',').map(|p| p.parse().ok()).collect(),
            ("points", list) => points = list.split(',').map(|p| p.parse().ok()).collect(),
            _ => return None,
        }
    }
    Some((places?, points?))
}

/// The forfeit of a `forfeit SEAT KIND: DETAIL` line (after `forfeit`), of one of the
/// `seats`.
fn read_forfeit(text: Option<&str>, seats: &[String]) -> Result<Option<ForfeitRecord>, String> {
    let Some(text) = text else {
        return Ok(None);
    };
    let (seat, rest) = text.split_once(' ').unwrap_or((text, ""));
    let (kind, detail) = rest.split_once(": ").unwrap_or((rest, ""));
    if !seats.iter().any(|s| s == seat) {
        return Err(format!("the forfeit names no seat of this game: '{seat}'"));
    }
    if kind.trim().is_empty() {
        return Err("the forfeit line gives no reason".to_string());
    }
    Ok(Some(ForfeitRecord {
        seat: seat.to_string(),
        kind: kind.parse().map_err(|e| format!("{e}"))?,
        detail: detail.to_string(),
    }))
}
