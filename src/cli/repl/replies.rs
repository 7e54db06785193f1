//! What the table says after a command: the roll, the move, the legal moves, what undo,
//! redo and load did, the status and the result, in sentences for people.

use std::io::{self, Write};

use super::seats::make_referee;
use super::text::{capitalized, move_line, plural, result_sentences, say, show_long};
use super::{Flow, Step, Table, View};
use crate::app::command::{Command, Done, ViewChoice};
use crate::app::players::PlayerSpec;
use crate::app::session::{Action, CommandError, Played, Rolled, Session, Undone};
use crate::core::Notation;
use crate::core::{Game, Phase};

impl Table {
    /// Says what a command did, and tells the agents.
    pub(super) fn tell(&mut self, done: Done, out: &mut dyn Write) -> Step<Flow> {
        match done {
            Done::Rolled(rolled) => {
                self.print_rolled(&rolled, "rolls", out)?;
                self.sync(out)?;
            }
            Done::DiceSet(rolled) => {
                self.print_rolled(&rolled, "has", out)?;
                self.sync(out)?;
            }
            Done::Played { played, typed } => {
                self.print_played(&played, typed.as_deref(), out)?;
                self.sync(out)?;
            }
            // The bot never rolls: the person asked for its move, so the table rolls.
            Done::BotRolls => return self.execute(Command::Roll, out),
            Done::Legal { described, .. } => self.print_legal(&described, out)?,
            Done::Undone(taken) => self.tell_undone(&taken, out)?,
            Done::Board => writeln!(out, "{}", self.board())?,
            Done::Choices { choices, shown } => {
                let bot = self.session.bot().shown_for(self.session.game());
                let table = crate::app::hints::hint_table(self.session.game(), &bot, &choices, shown);
                writeln!(out, "{table}")?;
            }
            Done::Evaluation(estimate) => writeln!(
                out,
                "{}",
                crate::app::hints::evaluation_lines(self.session.game(), &estimate, false)
            )?,
            Done::NewGame => {
                self.keep_anew(None);
                self.restart_failed();
                self.say(out, &format!("new game: {}", self.header()))?;
                self.say(out, &self.dice_line())?;
                self.resync(true, out)?;
            }
            Done::Saved(path) => writeln!(out, "saved to {path}")?,
            Done::Loaded(loaded) => self.tell_loaded(&loaded, out)?,
            Done::Status(status) => writeln!(out, "{}", self.status(status))?,
            Done::PositionSet => {
                self.sync(out)?;
                writeln!(out, "position set: {}", self.session.status())?;
            }
            Done::Result(outcome) => self.say(out, &self.result_text(outcome)?)?,
            Done::Reseeded(seed) => writeln!(out, "dice seed {seed}")?,
            Done::BotChosen(bot) => writeln!(
                out,
                "hint and genmove use bot:{}",
                bot.shown_for(self.session.game())
            )?,
            Done::Help(text) => show_long(out, &text, true, self.interactive)?,
            Done::Rules(text) => show_long(out, &text, false, self.interactive)?,
            Done::Best(text) | Done::Position(text) | Done::Text(text) => writeln!(out, "{text}")?,
            Done::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    /// `view board|compact`: the board from now on, shown at once.
    pub(super) fn set_view(&mut self, choice: ViewChoice, out: &mut dyn Write) -> Step {
        self.view = match choice {
            ViewChoice::Board => View::Board,
            ViewChoice::Compact => View::Compact,
        };
        writeln!(out, "{}", self.board())?;
        let game = self.session.game();
        if choice == ViewChoice::Compact && game.render_compact() == game.render() {
            let title = game.info().title;
            self.say(out, &format!("({title} has no shorter view than its board)"))?;
        }
        Ok(())
    }

    /// The status line: `status` as the session has it, unless a seat forfeited.
    fn status(&self, status: String) -> String {
        match &self.seats.forfeit {
            Some(forfeit) => format!(
                "over forfeit {} {}",
                self.session.seat_name(forfeit.seat),
                forfeit.kind
            ),
            None => status,
        }
    }

    /// How the game ended, in sentences for people.
    fn result_text(&self, outcome: Option<crate::core::Outcome>) -> Result<String, CommandError> {
        if let Some(forfeit) = &self.seats.forfeit {
            return Ok(format!(
                "{} ({}) forfeits the game: {}.",
                capitalized(self.session.seat_name(forfeit.seat)),
                self.seats.players[forfeit.seat],
                forfeit.detail
            ));
        }
        let outcome = outcome.ok_or_else(|| {
            CommandError::Refused(format!(
                "the game is not over yet ({})",
                self.status(self.session.status())
            ))
        })?;
        Ok(result_sentences(&outcome, |seat| self.session.seat_name(seat)))
    }

    /// Prints a roll (`verb`: `rolls`, or `has` for dice entered by hand) with its notes.
    pub(super) fn print_rolled(&self, rolled: &Rolled, verb: &str, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{} {verb} {}",
            self.session.seat_name(rolled.seat),
            rolled.dice
        )?;
        for note in &rolled.notes {
            self.say(out, note)?;
        }
        Ok(())
    }

    /// Prints a move with what it did; a person's move is echoed as they typed it.
    pub(super) fn print_played(
        &self,
        played: &Played,
        typed: Option<&str>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let typed = typed.map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "));
        let who = self.session.seat_name(played.seat);
        let line = match typed {
            Some(typed) => format!("{who} plays {typed}{}", played.details),
            None => move_line(who, played),
        };
        self.say(out, &line)?;
        for note in &played.notes {
            self.say(out, note)?;
        }
        if let Ok(outcome) = self.session.outcome() {
            self.say(out, &format!("game over: {}", outcome.summary))?;
            if let Some(log) = &self.seats.engines.log {
                log.write("game", "=", &format!("end: {}", outcome.summary));
            }
        }
        Ok(())
    }

    /// The legal moves `entries`, each with what it does.
    fn print_legal(&self, entries: &[String], out: &mut dyn Write) -> io::Result<()> {
        if self.seats.forfeit.is_some() {
            return writeln!(out, "no legal moves: the game is over");
        }
        write_legal(&self.session, entries, out, self.interactive)
    }

    /// Says what `undo` took back (everything since the last decision a person made,
    /// bots' moves and forced passes included); the agents start from the position again.
    fn tell_undone(&mut self, taken: &[Undone], out: &mut dyn Write) -> Step {
        let described = self.session.undone_words(taken);
        self.restart_failed();
        self.say(out, &format!("took back {described}"))?;
        self.resync(false, out)
    }

    /// Says what `load` loaded (which game of how many, how far it went, in words for
    /// people, and what to know of the record); a game of another number of seats is
    /// played by people.
    pub(super) fn tell_loaded(&mut self, loaded: &crate::app::record::Loaded, out: &mut dyn Write) -> Step {
        self.keep_anew(Some(&loaded.path));
        let game = self.session.game();
        if game.seat_count() != self.seats.players.len() {
            let players = vec![PlayerSpec::Human; game.seat_count()];
            self.seats.referee = make_referee(
                &players,
                self.session.seed(),
                &self.seats.nets,
                game,
                &self.seats.engines,
            )
            .0;
            self.seats.players = players;
            self.seats.forfeit = None;
        }
        self.restart_failed();
        let moves = self
            .session
            .actions()
            .filter(|(_, a)| matches!(a, Action::Move(_)))
            .count();
        let which = match (loaded.games, crate::app::history::kept_number(&loaded.path)) {
            (1, Some(number)) => format!("kept game {number}"),
            (1, None) => loaded.path.clone(),
            (games, _) => format!("game {} of the {games} in {}", loaded.number, loaded.path),
        };
        let now = standing(&self.session);
        self.say(
            out,
            &format!(
                "loaded {which}: {}, {moves} move{} played; {now}",
                self.session.game().info().title,
                plural(moves),
            ),
        )?;
        for line in &loaded.about {
            self.say(out, line)?;
        }
        for note in &loaded.notes {
            self.say(out, &format!("note: {note}"))?;
        }
        self.say(out, &self.dice_line())?;
        self.resync(false, out)
    }

    /// Says what `redo` played again, and tells the agents.
    pub(super) fn tell_redone(&mut self, redone: &Undone, out: &mut dyn Write) -> Step {
        let who = redone
            .seat
            .map_or("the table", |seat| self.session.seat_name(seat));
        let what = match &redone.action {
            Action::Roll(dice) | Action::Dice(dice) => format!("{who} rolls {dice}"),
            Action::Move(text) => format!("{who} plays {text}"),
            Action::SetPos(text) => format!("position set: {text}"),
            Action::Resign(_) => format!("{who} resigns"),
        };
        self.say(out, &format!("redone: {what}"))?;
        self.resync(false, out)
    }

    /// The command that throws this game's dice again, as the header of a game says it.
    pub fn dice_line(&self) -> String {
        let game = self.session.game();
        let start = crate::app::record::start_dice(&self.session);
        format!(
            "dice: {}",
            crate::app::record::dice_command(game.kind(), game.options(), &start)
        )
    }
}

/// Where a game stands, in words for people: how it ended (`light wins`), or who is to
/// roll or move (`white to move 6-3`).
pub fn standing(session: &Session) -> String {
    let game = session.game();
    match (session.outcome(), session.phase(), game.dice()) {
        (Ok(outcome), _, _) => outcome.summary,
        (_, Phase::Roll(seat), _) if game.roll_off().is_some() => {
            format!("{} to roll for the start", game.seat_name(seat))
        }
        (_, Phase::Roll(seat), _) => format!("{} to roll", game.seat_name(seat)),
        (_, Phase::Move(seat), Some(dice)) => format!("{} to move {dice}", game.seat_name(seat)),
        (_, Phase::Move(seat), None) => format!("{} to move", game.seat_name(seat)),
        (Err(_), Phase::Over, _) => "the game is over".to_string(),
    }
}

/// The legal moves `entries` of `session`'s seat to act, each with what it does (`wrap`:
/// within 80 columns, for the terminal).
pub(super) fn write_legal(
    session: &Session,
    entries: &[String],
    out: &mut dyn Write,
    wrap: bool,
) -> io::Result<()> {
    let game = session.game();
    match session.phase() {
        Phase::Over => writeln!(out, "no legal moves: the game is over"),
        Phase::Roll(seat) => writeln!(
            out,
            "{} to roll; legal: {}",
            game.seat_name(seat),
            entries.join(", ")
        ),
        Phase::Move(seat) => {
            let dice = game.dice().map(|d| format!(" with {d}")).unwrap_or_default();
            writeln!(
                out,
                "{} legal move{} for {}{dice}:",
                entries.len(),
                plural(entries.len()),
                game.seat_name(seat)
            )?;
            for entry in entries {
                say(out, &format!("  {entry}"), wrap)?;
            }
            Ok(())
        }
    }
}
