//! The human front end: an interactive REPL (rustyline: completion, history) or, when
//! stdin is not a terminal, the same commands read from a pipe. Both drive a [`Table`]:
//! a session plus the players of its seats.
//!
//! Commands run in the shared executor ([`command::execute`]); the table answers only
//! its own (`view`, `seat`, `resign`), says what the others did in sentences, and lets
//! bots and engines act between the commands of people.

mod complete;
mod interactive;
mod piped;
mod seats;
mod text;
mod thinking;

pub use interactive::run_interactive;
pub use piped::{ensure_parent, history_path, run_piped};
pub use text::{move_line, report_error, result_sentences, say};

use std::io::{self, Write};
use std::path::Path;

use crate::app::command::{self, Command, Done, ViewChoice};
use crate::app::players::{
    FailedAgent, Forfeit, Observation, PlayerSpec, Turn, build_agent, build_agent_or_failed, seat_players,
};
use crate::app::protocol::client::EngineSettings;
use crate::app::session::{Action, CommandError, Played, Resigned, Rolled, Session, Undone};
use crate::core::{Game, Options, Phase, Seat};
use crate::games::GameKind;
use seats::{Seats, agent_seed, make_referee};
use text::{capitalized, plural, show_long};

/// Why a command did not complete: refused (the game is unchanged) or the output failed.
enum Failed {
    Command(CommandError),
    Output(io::Error),
}

impl From<CommandError> for Failed {
    fn from(error: CommandError) -> Self {
        Failed::Command(error)
    }
}

impl From<io::Error> for Failed {
    fn from(error: io::Error) -> Self {
        Failed::Output(error)
    }
}

type Step<T = ()> = Result<T, Failed>;

/// Everything `tabula play` was asked for.
#[derive(Clone)]
pub struct PlayConfig {
    /// The game.
    pub kind: GameKind,
    /// Its rule options (validated).
    pub options: Options,
    /// `--seat` assignments as typed.
    pub seats: Vec<crate::app::players::SeatAssignment>,
    /// The dice seed.
    pub seed: u64,
    /// True if the seed was drawn rather than given (it is then printed).
    pub seed_drawn: bool,
    /// Stop at the first failed command and exit non-zero (scripts).
    pub strict: bool,
    /// Bots wait for dice to be entered instead of rolling.
    pub manual_dice: bool,
    /// Time limits and traffic log for external engines.
    pub engines: EngineSettings,
    /// Show the short view of the board where the game has one.
    pub compact: bool,
    /// Whether the REPL colours its messages (`Auto`: where the terminal supports it).
    pub color: anstream::ColorChoice,
}

/// What the loop should do after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// Leave (after confirmation where it applies).
    Quit,
}

/// A game with the players of its seats.
pub struct Table {
    session: Session,
    seats: Seats,
    /// A forfeit at start-up, told with the first output.
    untold: Option<Forfeit>,
    interactive: bool,
    view: View,
    rows: Option<usize>,
    /// The seat whose bot or engine Ctrl-C stopped before it moved: the others wait too
    /// until `go` (or a new game, or a new player for that seat).
    stopped: Option<Seat>,
}

/// Which board the table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum View {
    /// The full board, or the compact view when the terminal has too few rows for it.
    Auto,
    /// Always the full board.
    Board,
    /// Always the compact view.
    Compact,
}

/// Rows kept free under the board: the lines of the last turn and the prompt.
const ROWS_UNDER_BOARD: usize = 5;

impl Table {
    /// Sets up the game and its players.
    pub fn new(config: &PlayConfig, interactive: bool) -> anyhow::Result<Table> {
        let session = Session::new(config.kind, &config.options, config.seed)?;
        let players = seat_players(session.game(), &config.seats).map_err(anyhow::Error::msg)?;
        let (referee, forfeit) = make_referee(&players, config.seed, session.game(), &config.engines);
        Ok(Table {
            session,
            seats: Seats {
                players,
                referee,
                manual_dice: config.manual_dice,
                forfeit: forfeit.clone(),
                keep_unsaved: config.strict && !interactive,
                engines: config.engines.clone(),
            },
            untold: forfeit,
            interactive,
            view: if config.compact { View::Compact } else { View::Auto },
            rows: None,
            stopped: None,
        })
    }

    /// Writes text for people: within 80 columns in the terminal, one line per event in
    /// a pipe (see [`say`]).
    fn say(&self, out: &mut dyn Write, text: &str) -> io::Result<()> {
        say(out, text, self.interactive)
    }

    /// Tells the table how many rows the terminal has (`None`: not a terminal), so that
    /// the automatic view can fall back to the compact board when the full one won't fit.
    pub fn set_terminal_rows(&mut self, rows: Option<usize>) {
        self.rows = rows;
    }

    /// The session, for tests that look behind the table.
    #[cfg(test)]
    pub(crate) fn session(&self) -> &Session {
        &self.session
    }

    /// The board as this table shows it (full or compact).
    pub fn board(&self) -> String {
        let game = self.session.game();
        let full = game.render();
        let compact = match self.view {
            View::Board => false,
            View::Compact => true,
            View::Auto => self
                .rows
                .is_some_and(|rows| full.trim_end().lines().count() + ROWS_UNDER_BOARD > rows),
        };
        let text = if compact { game.render_compact() } else { full };
        text.trim_end().to_string()
    }

    /// The line that introduces the game.
    pub fn header(&self) -> String {
        let game = self.session.game();
        let seats: Vec<String> = (0..game.seat_count())
            .map(|seat| {
                format!(
                    "{} {}",
                    game.seat_name(seat),
                    self.seats.players[seat].shown_for(game)
                )
            })
            .collect();
        let options = game.options().non_default(game.info().options);
        let options = if options.is_empty() {
            String::new()
        } else {
            format!(" ({})", options.join(" "))
        };
        format!("{}{options}: {}", game.info().title, seats.join(", "))
    }

    /// The prompt: whose turn and the dice, or the kind of choice to make.
    pub fn prompt(&self) -> String {
        let game = self.session.game();
        if self.seats.forfeit.is_some() {
            return "over> ".to_string();
        }
        match self.session.phase() {
            Phase::Roll(seat) if game.roll_off().is_some() => format!("{} roll-off> ", game.seat_name(seat)),
            Phase::Roll(seat) => format!("{}> ", game.seat_name(seat)),
            Phase::Move(seat) => match game.dice() {
                Some(dice) => format!("{} {dice}> ", game.seat_name(seat)),
                // A choice without dice (Mnogoboy's take, swap or pass) must not look
                // like the prompt before a roll.
                None => match self.session.move_verbs() {
                    Some(verbs) => format!("{} {verbs}> ", game.seat_name(seat)),
                    None => format!("{} to move> ", game.seat_name(seat)),
                },
            },
            Phase::Over => "over> ".to_string(),
        }
    }

    /// What Tab completes now: the legal moves (`roll` first before a roll) when a
    /// person may type them, the commands and their arguments.
    pub fn completions(&self) -> complete::Completions {
        let legal = if self.seats.forfeit.is_none() && self.seats.human_turn(&self.session).is_ok() {
            self.session.legal_texts()
        } else {
            Vec::new()
        };
        complete::Completions::new(self.session.game(), legal)
    }

    /// True if quitting now would lose a game in progress.
    pub fn needs_quit_confirmation(&self) -> bool {
        self.seats.needs_quit_confirmation(&self.session)
    }

    /// The question to ask in a terminal before running `line`, when it would throw away
    /// a game in progress that is not saved (`new`, `load`) or replace a file (`save`).
    pub fn confirmation(&self, line: &str) -> Option<String> {
        match command::parse(line, self.session.game()).ok()? {
            Command::New { .. } if self.needs_quit_confirmation() => {
                Some("The game is in progress and not saved. Start a new game anyway? [y/N] ".into())
            }
            // A file that is not there fails to load and changes nothing: no need to ask.
            Command::Load(load) if self.needs_quit_confirmation() && Path::new(&load.path).exists() => {
                Some(format!(
                    "The game is in progress and not saved. Load {} anyway? [y/N] ",
                    load.path
                ))
            }
            Command::Save(path) if Path::new(&path).exists() => {
                Some(format!("{path} exists. Replace it? [y/N] "))
            }
            _ => None,
        }
    }

    /// Runs one command line; prints what happened to `out`. The outer error is a failure
    /// to write; the inner one a command that was refused (and changed nothing).
    pub fn handle_line(
        &mut self,
        line: &str,
        out: &mut dyn Write,
    ) -> anyhow::Result<Result<Flow, CommandError>> {
        let command = match command::parse(line, self.session.game()) {
            Ok(command) => command,
            Err(error) => return Ok(Err(error)),
        };
        let board_before = self.session.game().position_string();
        // A loaded game is shown even where it stands as the game before did.
        let loads = matches!(command, Command::Load(_));
        let flow = match self.execute(command, out) {
            Ok(flow) => flow,
            Err(Failed::Command(error)) => return Ok(Err(error)),
            Err(Failed::Output(error)) => return Err(error.into()),
        };
        self.advance(out)?;
        let moved = self.session.game().position_string() != board_before;
        if self.interactive && flow == Flow::Continue && (moved || loads) {
            writeln!(out, "{}", self.board())?;
        }
        Ok(Ok(flow))
    }

    /// Runs a command: the table's own here, the others in the shared executor.
    fn execute(&mut self, command: Command, out: &mut dyn Write) -> Step<Flow> {
        match command {
            Command::View(choice) => self.set_view(choice, out)?,
            Command::Seat { seat, player } => self.change_seat(&seat, player, out)?,
            Command::Resign => self.resign(out)?,
            Command::Go => self.go()?,
            Command::Redo => {
                let redone = self.session.redo()?;
                self.tell_redone(&redone, out)?;
            }
            Command::Goto(turn) => {
                self.session.goto_turn(turn)?;
                self.resync(false, out)?;
                self.say(out, &format!("at turn {turn}: {}", self.session.what_now()))?;
            }
            command if self.interactive && command.searches() => {
                let who = match command {
                    // The rollout's own bot plays every trial, whatever 'set bot' chose.
                    Command::HintRollout(_) => {
                        format!("the rollout (bot:{})", crate::app::rollouts::HINT_ROLLOUT_BOT)
                    }
                    _ => format!("bot:{}", self.session.bot().shown_for(self.session.game())),
                };
                let (done, _) = thinking::watched(&who, || {
                    command::execute(&mut self.session, command, &mut self.seats)
                });
                return self.tell(done?, out);
            }
            command => {
                let done = command::execute(&mut self.session, command, &mut self.seats)?;
                return self.tell(done, out);
            }
        }
        Ok(Flow::Continue)
    }

    /// Says what a command did, and tells the agents.
    fn tell(&mut self, done: Done, out: &mut dyn Write) -> Step<Flow> {
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
                let table = crate::app::hints::hint_table(self.session.game(), &choices, shown);
                writeln!(out, "{table}")?;
            }
            Done::Evaluation(estimate) => writeln!(
                out,
                "{}",
                crate::app::hints::evaluation_lines(self.session.game(), &estimate, false)
            )?,
            Done::NewGame => {
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
    fn set_view(&mut self, choice: ViewChoice, out: &mut dyn Write) -> Step {
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
            CommandError::WrongPhase(format!(
                "the game is not over yet ({})",
                self.status(self.session.status())
            ))
        })?;
        Ok(result_sentences(&outcome, |seat| self.session.seat_name(seat)))
    }

    fn print_rolled(&self, rolled: &Rolled, verb: &str, out: &mut dyn Write) -> io::Result<()> {
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
    fn print_played(&self, played: &Played, typed: Option<&str>, out: &mut dyn Write) -> io::Result<()> {
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
        let game = self.session.game();
        if self.seats.forfeit.is_some() || self.session.phase() == Phase::Over {
            return writeln!(out, "no legal moves: the game is over");
        }
        match self.session.phase() {
            Phase::Roll(seat) => {
                writeln!(
                    out,
                    "{} to roll; legal: {}",
                    game.seat_name(seat),
                    entries.join(", ")
                )
            }
            _ => {
                let seat = self.session.phase().seat().unwrap_or(0);
                let dice = game.dice().map(|d| format!(" with {d}")).unwrap_or_default();
                writeln!(
                    out,
                    "{} legal move{} for {}{dice}:",
                    entries.len(),
                    plural(entries.len()),
                    game.seat_name(seat)
                )?;
                for entry in entries {
                    self.say(out, &format!("  {entry}"))?;
                }
                Ok(())
            }
        }
    }

    /// Says what `undo` took back (everything since the last decision a person made,
    /// bots' moves and forced passes included); the agents start from the position again.
    fn tell_undone(&mut self, taken: &[Undone], out: &mut dyn Write) -> Step {
        let described: Vec<String> = taken
            .iter()
            .filter_map(|undone| {
                let who = undone.seat.map_or("?", |s| self.session.seat_name(s));
                match &undone.action {
                    Action::Move(text) => Some(format!("{who} {text}")),
                    Action::Resign(_) => Some(format!("{who}'s resignation")),
                    Action::SetPos(_) => Some("the position set".to_string()),
                    Action::Roll(_) | Action::Dice(_) => None,
                }
            })
            .collect();
        self.restart_failed();
        self.say(out, &format!("took back {}", described.join(", then ")))?;
        self.resync(false, out)
    }

    /// `seat SEAT PLAYER`: someone else plays a seat from here on.
    fn change_seat(&mut self, seat: &str, player: PlayerSpec, out: &mut dyn Write) -> Step {
        let seat = self
            .session
            .game()
            .find_seat(seat)
            .map_err(|e| CommandError::Argument(e.to_string()))?;
        let label = self.session.seat_name(seat);
        if let Some(bot) = player.bot() {
            bot.check_for(self.session.game())
                .map_err(CommandError::Argument)?;
        }
        let mut agent = build_agent(
            &player,
            agent_seed(self.session.seed(), seat),
            &self.seats.engines,
            label,
        )
        .map_err(|failure| {
            CommandError::Argument(format!(
                "{label} ({player}) cannot play: {}: {}",
                failure.kind, failure.detail
            ))
        })?;
        if let Some(agent) = agent.as_mut() {
            agent
                .observe(&Observation::Position(self.session.game()))
                .map_err(|failure| {
                    CommandError::Argument(format!(
                        "{label} ({player}) cannot play: {}: {}",
                        failure.kind, failure.detail
                    ))
                })?;
        }
        self.seats.referee.replace(seat, agent);
        let shown = player.shown_for(self.session.game());
        self.say(out, &format!("{label} is now played by {shown}"))?;
        self.seats.players[seat] = player;
        Ok(())
    }

    /// `resign`: the person to act concedes (or, when a bot is to act, the one person).
    fn resign(&mut self, out: &mut dyn Write) -> Step {
        self.seats.check_not_forfeited(&self.session)?;
        let Some(to_act) = self.session.phase().seat() else {
            return Err(CommandError::WrongPhase("the game is over; type 'new' to play again".into()).into());
        };
        let humans: Vec<Seat> = (0..self.seats.players.len())
            .filter(|&s| self.seats.referee.is_human(s))
            .collect();
        let seat = if humans.contains(&to_act) {
            to_act
        } else if let [only] = humans.as_slice() {
            *only
        } else {
            return Err(CommandError::WrongPhase(format!(
                "it is {}'s turn ({}); resign on your own turn",
                self.session.seat_name(to_act),
                self.seats.players[to_act]
            ))
            .into());
        };
        match self.session.resign(seat)? {
            Resigned::Over(outcome) => writeln!(out, "game over: {}", outcome.summary)?,
            Resigned::PlaysOn(note) => writeln!(out, "{note}")?,
        }
        self.sync(out)?;
        Ok(())
    }

    /// Says what `load` loaded (which game of how many, how far it went, in words for
    /// people, and what to know of the record); a game of another number of seats is
    /// played by people.
    fn tell_loaded(&mut self, loaded: &crate::app::record::Loaded, out: &mut dyn Write) -> Step {
        let game = self.session.game();
        if game.seat_count() != self.seats.players.len() {
            let players = vec![PlayerSpec::Human; game.seat_count()];
            self.seats.referee = make_referee(&players, self.session.seed(), game, &self.seats.engines).0;
            self.seats.players = players;
            self.seats.forfeit = None;
        }
        self.restart_failed();
        let moves = self
            .session
            .actions()
            .filter(|(_, a)| matches!(a, Action::Move(_)))
            .count();
        let which = match loaded.games {
            1 => loaded.path.clone(),
            games => format!("game {} of the {games} in {}", loaded.number, loaded.path),
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

    /// The command that throws this game's dice again, as the header of a game says it.
    pub fn dice_line(&self) -> String {
        let game = self.session.game();
        let start = crate::app::record::start_dice(&self.session);
        format!(
            "dice: {}",
            crate::app::record::dice_command(game.kind(), game.options(), &start)
        )
    }

    /// Tells every agent the whole position again: a new game, or the position after
    /// undo or load.
    fn resync(&mut self, new_game: bool, out: &mut dyn Write) -> Step {
        let game = self.session.game();
        let observation = if new_game {
            Observation::NewGame(game)
        } else {
            Observation::Position(game)
        };
        if let Err(forfeit) = self.seats.referee.notify(&observation) {
            self.forfeit_now(forfeit, out)?;
        }
        Ok(())
    }

    /// Tells the agents about the last action.
    fn sync(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Err(forfeit) = self.seats.referee.notify_last(&self.session) {
            self.forfeit_now(forfeit, out)?;
        }
        Ok(())
    }

    /// Ends the game: the seat forfeits, and people are told why.
    fn forfeit_now(&mut self, forfeit: Forfeit, out: &mut dyn Write) -> io::Result<()> {
        self.tell_forfeit(&forfeit, out)?;
        self.seats.forfeit = Some(forfeit);
        Ok(())
    }

    /// Says why a seat forfeits, with its engine's last standard error lines, and puts
    /// the verdict in the log.
    fn tell_forfeit(&self, forfeit: &Forfeit, out: &mut dyn Write) -> io::Result<()> {
        let seat = self.session.seat_name(forfeit.seat);
        self.say(
            out,
            &format!(
                "{seat} ({}) forfeits: {}: {}",
                self.seats.players[forfeit.seat], forfeit.kind, forfeit.detail
            ),
        )?;
        if !forfeit.stderr.is_empty() {
            writeln!(out, "its last lines on standard error:")?;
            for line in &forfeit.stderr {
                writeln!(out, "  | {line}")?;
            }
        }
        if let Some(log) = &self.seats.engines.log {
            log.write(
                seat,
                "=",
                &format!("forfeit {seat} {}: {}", forfeit.kind, forfeit.detail),
            );
        }
        Ok(())
    }

    /// After a forfeit, starts the failed seat's player again for what comes next: a dead
    /// or confused engine is never asked again.
    fn restart_failed(&mut self) {
        if let Some(forfeit) = self.seats.forfeit.take() {
            let seat = forfeit.seat;
            let label = self.session.seat_name(seat);
            let agent = build_agent_or_failed(
                &self.seats.players[seat],
                agent_seed(self.session.seed(), seat),
                &self.seats.engines,
                label,
            );
            self.seats.referee.replace(seat, agent);
        }
    }

    /// Lets bots and engines act until a person must: they roll and move by themselves,
    /// and a person with nothing but `pass` passes automatically.
    pub fn advance(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(forfeit) = self.untold.take() {
            self.tell_forfeit(&forfeit, out)?;
        }
        while self.seats.forfeit.is_none() && self.session.phase() != Phase::Over {
            // A stopped seat waits for `go`; once the game has moved on (undo, a new
            // game, a load) it is no longer stopped.
            if let Some(seat) = self.stopped {
                if self.session.phase().seat() == Some(seat) && !self.seats.referee.is_human(seat) {
                    break;
                }
                self.stopped = None;
            }
            match self.act() {
                Ok(Some(Turn::Rolled(rolled))) => self.print_rolled(&rolled, "rolls", out)?,
                Ok(Some(Turn::Played(played))) => self.print_played(&played, None, out)?,
                Ok(Some(Turn::Stopped(seat))) => self.stop(seat, out)?,
                Ok(None) => {
                    let Phase::Move(seat) = self.session.phase() else {
                        break;
                    };
                    if !self.seats.referee.is_human(seat) || !self.session.only_pass() {
                        break;
                    }
                    let dice = self
                        .session
                        .game()
                        .dice()
                        .map(|d| format!(" with {d}"))
                        .unwrap_or_default();
                    match self.session.play_text("pass") {
                        Ok(played) => {
                            writeln!(
                                out,
                                "{} has no legal move{dice} and passes",
                                self.session.seat_name(seat)
                            )?;
                            for note in &played.notes {
                                self.say(out, note)?;
                            }
                            self.sync(out)?;
                        }
                        Err(_) => break,
                    }
                }
                Err(forfeit) => self.forfeit_now(forfeit, out)?,
            }
        }
        Ok(())
    }

    /// Asks the seat to act its agent, if it has one; at the terminal Ctrl-C stops it.
    fn act(&mut self) -> Result<Option<Turn>, Forfeit> {
        let (referee, session, manual_dice) =
            (&mut self.seats.referee, &mut self.session, self.seats.manual_dice);
        let seat = session.phase().seat();
        match seat {
            Some(seat) if self.interactive && !referee.is_human(seat) => {
                let who = format!("{} ({})", session.seat_name(seat), self.seats.players[seat]);
                thinking::watched(&who, || referee.act(session, manual_dice)).0
            }
            _ => referee.act(session, manual_dice),
        }
    }

    /// Ctrl-C stopped `seat`'s bot or engine before it moved: its player is built again
    /// (a search's tables, or an engine that may have moved in its own game, are not to
    /// be trusted), and the table waits for `go`.
    fn stop(&mut self, seat: Seat, out: &mut dyn Write) -> io::Result<()> {
        let label = self.session.seat_name(seat);
        let mut agent = build_agent_or_failed(
            &self.seats.players[seat],
            agent_seed(self.session.seed(), seat),
            &self.seats.engines,
            label,
        );
        if let Some(agent) = agent.as_mut()
            && let Err(failure) = agent.observe(&Observation::Position(self.session.game()))
        {
            self.seats
                .referee
                .replace(seat, Some(Box::new(FailedAgent::new(failure))));
        } else {
            self.seats.referee.replace(seat, agent);
        }
        self.stopped = Some(seat);
        writeln!(out, "stopped: {label} has not moved")
    }

    /// Says what `redo` played again, and tells the agents.
    fn tell_redone(&mut self, redone: &Undone, out: &mut dyn Write) -> Step {
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

    /// `go`: the bots play on after Ctrl-C stopped one.
    fn go(&mut self) -> Step {
        if self.stopped.take().is_none() {
            return Err(CommandError::WrongPhase(
                "no bot is stopped: 'go' lets a bot think again after Ctrl-C stopped it".into(),
            )
            .into());
        }
        Ok(())
    }

    /// Says, when bots wait for dice, what to type.
    pub fn waiting_note(&self) -> Option<String> {
        if let Some(seat) = self.stopped {
            return Some(format!(
                "{} ({}) stopped before it moved: 'go' lets it think again",
                self.session.seat_name(seat),
                self.seats.players[seat]
            ));
        }
        if let Phase::Roll(seat) = self.session.phase()
            && !self.seats.referee.is_human(seat)
            && self.seats.manual_dice
            && self.seats.forfeit.is_none()
        {
            return Some(format!(
                "{} ({}) to roll: enter its dice with 'dice ...' or type 'roll'",
                self.session.seat_name(seat),
                self.seats.players[seat]
            ));
        }
        None
    }
}

/// Where a game stands, in words for people: how it ended (`light wins`), or who is to
/// roll or move (`white to move 6-3`).
pub fn standing(session: &crate::app::session::Session) -> String {
    use crate::core::Phase;
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
