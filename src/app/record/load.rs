//! `load`: one game of a record file, replayed into a session, or refused with where the
//! record is damaged; `load --force` keeps as much as checks out.

#[cfg(test)]
use super::RecordFile;
use super::{Check, Picked, Replay, Replaying, UNSEALED_NOTE, pick_from_file};
use crate::app::session::{CommandError, Session};
use crate::core::Game;

/// What `load` was asked: `load [--force] FILE [GAME]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadRequest {
    /// The file.
    pub path: String,
    /// Which game of the file (from 1; a match record's `match-game` number), the first
    /// when not given.
    pub game: Option<usize>,
    /// Load a damaged record as far as it checks out rather than refuse it.
    pub force: bool,
}

impl LoadRequest {
    /// A plain `load FILE`.
    #[cfg(test)]
    pub fn file(path: &str) -> LoadRequest {
        LoadRequest {
            path: path.to_string(),
            game: None,
            force: false,
        }
    }

    /// The request as typed, with `--force` added: what the refusal suggests.
    fn forced(&self) -> String {
        let path = if self.path.contains(char::is_whitespace) {
            format!("\"{}\"", self.path)
        } else {
            self.path.clone()
        };
        match self.game {
            Some(game) => format!("load --force {path} {game}"),
            None => format!("load --force {path}"),
        }
    }
}

/// What was loaded, for the message that says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The file.
    pub path: String,
    /// Which game of the file it is, from 1.
    pub number: usize,
    /// How many games the file holds.
    pub games: usize,
    /// What people should know: the record cannot be checked, where a forced load
    /// stopped, another game of the file is damaged.
    pub notes: Vec<String>,
    /// What the record's tags say (when and by what it was written, its players, its
    /// result), a line each.
    pub about: Vec<String>,
}

/// Reads the record at `request.path` and replays the game asked for (the session as the
/// record leaves it, or where a forced load stopped); `seed` drives the dice when the
/// record has no seed of its own. A damaged game, or one whose actions do
/// not replay, is refused (`record damaged: ...`, with the `load --force` that loads what
/// checks out) unless `request.force` is set.
///
/// The file is read as a stream: it may be of any size, and only the game asked for is
/// kept.
pub fn load_game(request: &LoadRequest, seed: u64) -> Result<(Session, Loaded), CommandError> {
    let picked = pick_from_file(&request.path, request.game)?;
    load_picked(&picked, request, seed)
}

/// The first game of the record at `path`, replayed (every action checked), or refused.
#[cfg(test)]
pub fn load_file(path: &str, seed: u64) -> Result<Session, CommandError> {
    load_game(&LoadRequest::file(path), seed).map(|(session, _)| session)
}

/// [`load_game`] of a file already read.
#[cfg(test)]
pub fn load_from(
    file: &RecordFile,
    request: &LoadRequest,
    seed: u64,
) -> Result<(Session, Loaded), CommandError> {
    let mut games = file.games.iter().cloned().map(Ok);
    let picked = super::pick(&mut games, request.game, file.broken.clone())?;
    load_picked(&picked, request, seed)
}

/// [`load_game`] of a game picked from its file.
pub(super) fn load_picked(
    file: &Picked,
    request: &LoadRequest,
    seed: u64,
) -> Result<(Session, Loaded), CommandError> {
    let refuse = |message: String, kept: usize| {
        let hint = match kept {
            0 => String::new(),
            kept => format!(
                "; '{}' loads the {kept} action{} that check out",
                request.forced(),
                if kept == 1 { "" } else { "s" }
            ),
        };
        CommandError::File(format!("{message}{hint}"))
    };
    let record = &file.game;
    // The decision `tabula replay` makes too (see [`Picked::refusal`]).
    if let (Some(refusal), false) = (file.refusal(), request.force) {
        // The actions of the game asked for that check out, when it is the damage.
        let kept = match (&file.broken, &record.check) {
            (None, Check::Damaged(_)) => Replay::new(record, seed, Replaying::Saved)?
                .stopped()
                .0
                .actions()
                .count(),
            _ => 0,
        };
        return Err(refuse(refusal, kept));
    }
    let mut notes = Vec::new();
    if let Some(broken) = &file.broken {
        // Forced: the game loaded may not be the one its number named before the damage.
        notes.push(format!(
            "record damaged: {broken}; the games are counted without the game it belongs to"
        ));
    }
    let mut damaged = false;
    if let Check::Damaged(damage) = &record.check {
        damaged = true;
        notes.push(format!("record damaged: {damage}"));
    }
    if record.check == Check::Unsealed {
        notes.push(UNSEALED_NOTE.to_string());
    }
    let (session, failed) = Replay::new(record, seed, Replaying::Saved)?.stopped();
    if let Some(error) = failed {
        if !request.force {
            let kept = session.actions().count();
            return Err(refuse(format!("record damaged: {error}"), kept));
        }
        damaged = true;
        notes.push(format!("record damaged: {error}"));
    }
    if damaged {
        let kept = session.actions().count();
        notes.push(format!(
            "loaded the {kept} of its {} actions that check out",
            record.actions.len()
        ));
    }
    if let Some(line) = file.other_damaged {
        notes.push(format!("the file's game of line {line} is damaged"));
    }
    let game = session.game();
    let seat_names: Vec<String> = (0..game.seat_count())
        .map(|s| game.seat_name(s).to_string())
        .collect();
    let about = record.tags.describe(&seat_names);
    Ok((
        session,
        Loaded {
            path: request.path.clone(),
            number: record.match_game().unwrap_or(record.number),
            games: file.count,
            notes,
            about,
        },
    ))
}
