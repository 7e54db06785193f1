//! The table's game kept in the history as it goes (see [`crate::app::history`]): begun
//! with the table or taken up again (`tabula play --resume`), written after every change,
//! started afresh by `new` and `load` (a kept game loaded is kept on in its own file).
//! Here too: what `tabula play` asks of the table beyond the game and its players.

use std::io::Write;

use super::{PlayConfig, Table};
use crate::app::history::{History, KeptGame};
use crate::app::players::SeatAssignment;
use crate::app::record::{GameRecord, LoadRequest, Loaded, load_game};
use crate::app::session::Session;

/// What `tabula play` asks of the table beyond the game and its players.
#[derive(Clone, Debug, Default)]
pub struct TableSettings {
    /// Where games are kept; `None`: they are not (`--no-history`, or turned off).
    pub history: Option<History>,
    /// Take up the last kept game rather than start one.
    pub resume: bool,
    /// The tutor's level (`--tutor`): `None` is off.
    pub tutor: Option<crate::app::analysis::Mark>,
}

/// The game being kept, if it is.
pub(super) struct Keeping {
    history: Option<History>,
    game: Option<KeptGame>,
    /// What was taken up again at the start, to be told with the first output.
    pub(super) resumed: Option<Loaded>,
    /// A failure to write was told once; the game goes on unkept.
    warned: bool,
}

impl Keeping {
    /// The session the table starts with, the seats' players and how the game is kept:
    /// a new game, or with `resume` the last kept game with its players (those of
    /// `--seat` replacing theirs).
    pub(super) fn begin(config: &PlayConfig) -> anyhow::Result<(Session, Vec<SeatAssignment>, Keeping)> {
        let history = config.table.history.clone();
        let mut keeping = Keeping {
            game: history.as_ref().map(History::start),
            history,
            resumed: None,
            warned: false,
        };
        let Some(history) = keeping.history.as_ref().filter(|_| config.table.resume) else {
            let session = Session::with_nets(config.kind, &config.options, config.seed, config.nets.clone())?;
            return Ok((session, config.seats.clone(), keeping));
        };
        let path = history.resolve("last")?;
        let request = LoadRequest {
            path: path.to_string_lossy().into_owned(),
            game: None,
            force: false,
        };
        let (mut session, loaded) = load_game(&request, config.seed)?;
        session.set_nets(config.nets.clone());
        let recorded = crate::app::record::pick_from_file(&request.path, None)?.game;
        let number = history.number_of_path(&path);
        if crate::app::remote::proof::played_remotely(&recorded)
            && session.phase() != crate::core::Phase::Over
        {
            let number = number.unwrap_or_default();
            anyhow::bail!(
                "the last kept game ({number}) was played across the network and is not over: its dice \
                 come from every side, so it cannot go on at one keyboard ('tabula replay {number}' \
                 shows it; 'tabula play' without --resume starts a new game)"
            );
        }
        let mut seats = recorded_seats(&recorded);
        for given in &config.seats {
            seats.retain(|recorded| recorded.seat != given.seat);
            seats.push(given.clone());
        }
        keeping.game = number.map(|number| history.reopen(number));
        keeping.resumed = Some(loaded);
        Ok((session, seats, keeping))
    }

    /// True when the game is kept (so that quitting loses nothing).
    pub(super) fn is_kept(&self) -> bool {
        self.game.is_some()
    }

    /// The kept game's history number, once it has one.
    pub(super) fn number(&self) -> Option<u64> {
        self.game.as_ref().and_then(KeptGame::number)
    }
}

/// The players of a kept game's seats, from its `tag player SEAT SPEC` lines.
fn recorded_seats(recorded: &GameRecord) -> Vec<SeatAssignment> {
    recorded
        .tags
        .iter()
        .filter(|(key, _)| *key == "player")
        .filter_map(|(_, value)| value.split_once(' '))
        .filter_map(|(seat, spec)| {
            Some(SeatAssignment {
                seat: seat.to_string(),
                player: spec.parse().ok()?,
            })
        })
        .collect()
}

impl Table {
    /// Writes the game to the history if it changed; a failure is told once and the
    /// game goes on.
    pub(super) fn keep_game(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        let notes = crate::app::command::Front::record_notes(&self.seats, self.session.game());
        let Some(kept) = self.kept.game.as_mut() else {
            return Ok(());
        };
        if let Err(error) = kept.keep(&self.session, &notes)
            && !self.kept.warned
        {
            self.kept.warned = true;
            self.say(
                out,
                &format!("warning: {error}; the game goes on without being kept"),
            )?;
        }
        Ok(())
    }

    /// A new game was started or another loaded (from `path`): it is kept from now on,
    /// in its own file when it is a kept game.
    pub(super) fn keep_anew(&mut self, path: Option<&str>) {
        let Some(history) = self.kept.history.as_ref() else {
            return;
        };
        let number = path.and_then(|path| history.number_of_path(std::path::Path::new(path)));
        self.kept.game = Some(match number {
            Some(number) => history.reopen(number),
            None => history.start(),
        });
        self.kept.warned = false;
    }

    /// What to say on leaving: where a game in progress is kept. The game is written a
    /// last time first, so that a write that failed before is tried again.
    pub fn parting_words(&mut self) -> Option<String> {
        let notes = crate::app::command::Front::record_notes(&self.seats, self.session.game());
        if let Some(kept) = self.kept.game.as_mut() {
            let _ = kept.finish(&self.session, &notes, &[]);
        }
        let number = self.kept.number()?;
        (self.session.in_progress() && self.seats.forfeit.is_none()).then(|| {
            format!(
                "the game is kept as game {number}: 'tabula play --resume' or 'load {number}' takes it up again"
            )
        })
    }

    /// Tells what was taken up again at the start, once.
    pub(super) fn tell_resumed(&mut self, out: &mut dyn Write) -> super::Step {
        match self.kept.resumed.take() {
            Some(loaded) => self.tell_loaded(&loaded, out),
            None => Ok(()),
        }
    }
}
