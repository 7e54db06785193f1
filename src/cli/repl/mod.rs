//! The human front end: an interactive REPL (rustyline: completion, history) or, when
//! stdin is not a terminal, the same commands read from a pipe. Both drive a [`Table`]:
//! a session plus the players of its seats.

mod complete;
mod interactive;

pub use interactive::run_interactive;

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

use crate::app::lines::LineReader;
use crate::app::players::{
    Agent, Forfeit, Observation, PlayerSpec, Referee, SeatAssignment, Turn, build_agent,
    build_agent_or_failed, seat_players,
};
use crate::app::protocol::client::EngineSettings;
use crate::app::record::{load_file, save_file};
use crate::app::session::command::{self, Command, ViewChoice};
use crate::app::session::{Action, CommandError, Played, Resigned, Rolled, Session};
use crate::core::{Game, Options, Phase, Seat, wrap_words};
use crate::games::{AnyGame, GameKind};

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
    players: Vec<PlayerSpec>,
    referee: Referee,
    manual_dice: bool,
    forfeit: Option<Forfeit>,
    /// A forfeit at start-up, told with the first output.
    untold: Option<Forfeit>,
    interactive: bool,
    /// Piped with `--strict`: `new` and `load` refuse to throw away an unsaved game.
    keep_unsaved: bool,
    engines: EngineSettings,
    view: View,
    rows: Option<usize>,
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
            players,
            referee,
            manual_dice: config.manual_dice,
            untold: forfeit.clone(),
            forfeit,
            interactive,
            keep_unsaved: config.strict && !interactive,
            engines: config.engines.clone(),
            view: if config.compact { View::Compact } else { View::Auto },
            rows: None,
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

    /// The session (for prompts and completion).
    pub fn session(&self) -> &Session {
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
            .map(|seat| format!("{} {}", game.seat_name(seat), self.players[seat]))
            .collect();
        let options = game.options().non_default(game.info().options);
        let options = if options.is_empty() {
            String::new()
        } else {
            format!(" ({})", options.join(" "))
        };
        format!("{}{options}: {}", game.info().title, seats.join(", "))
    }

    /// The prompt: whose turn and the dice.
    pub fn prompt(&self) -> String {
        let game = self.session.game();
        if self.forfeit.is_some() {
            return "over> ".to_string();
        }
        match self.session.phase() {
            Phase::Roll(seat) if game.roll_off().is_some() => format!("{} roll-off> ", game.seat_name(seat)),
            Phase::Roll(seat) => format!("{}> ", game.seat_name(seat)),
            Phase::Move(seat) => match game.dice() {
                Some(dice) => format!("{} {dice}> ", game.seat_name(seat)),
                None => format!("{}> ", game.seat_name(seat)),
            },
            Phase::Over => "over> ".to_string(),
        }
    }

    /// What Tab completes now: the legal moves (`roll` first before a roll) when a
    /// person may type them, the commands and their arguments.
    pub fn completions(&self) -> complete::Completions {
        let legal = if self.forfeit.is_none() && self.human_turn().is_ok() {
            self.session.legal_texts()
        } else {
            Vec::new()
        };
        complete::Completions::new(self.session.game(), legal)
    }

    /// True if quitting now would lose a game in progress.
    pub fn needs_quit_confirmation(&self) -> bool {
        self.session.in_progress() && self.session.unsaved() && self.forfeit.is_none()
    }

    /// The question to ask in a terminal before running `line`, when it would throw away
    /// a game in progress that is not saved (`new`, `load`) or replace a file (`save`).
    pub fn confirmation(&self, line: &str) -> Option<String> {
        match command::parse(line, self.session.game()).ok()? {
            Command::New { .. } if self.needs_quit_confirmation() => {
                Some("The game is in progress and not saved. Start a new game anyway? [y/N] ".into())
            }
            // A file that is not there fails to load and changes nothing: no need to ask.
            Command::Load(path) if self.needs_quit_confirmation() && Path::new(&path).exists() => Some(
                format!("The game is in progress and not saved. Load {path} anyway? [y/N] "),
            ),
            Command::Save(path) if Path::new(&path).exists() => {
                Some(format!("{path} exists. Replace it? [y/N] "))
            }
            _ => None,
        }
    }

    /// Refuses, with `--strict` in a pipe, a command that would throw away an unsaved game.
    fn check_discard(&self, what: &str) -> Result<(), CommandError> {
        if self.keep_unsaved && self.needs_quit_confirmation() {
            return Err(CommandError::WrongPhase(format!(
                "the game in progress is not saved: 'save FILE' before '{what}' (--strict keeps it)"
            )));
        }
        Ok(())
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
        let flow = match self.execute(command, out) {
            Ok(flow) => flow,
            Err(Failed::Command(error)) => return Ok(Err(error)),
            Err(Failed::Output(error)) => return Err(error.into()),
        };
        self.advance(out)?;
        if self.interactive && flow == Flow::Continue && self.session.game().position_string() != board_before
        {
            writeln!(out, "{}", self.board())?;
        }
        Ok(Ok(flow))
    }

    fn check_not_forfeited(&self) -> Result<(), CommandError> {
        match &self.forfeit {
            Some(forfeit) => Err(CommandError::WrongPhase(format!(
                "the game is over: {} forfeited ({}); type 'new' to play again",
                self.session.seat_name(forfeit.seat),
                forfeit.detail
            ))),
            None => Ok(()),
        }
    }

    /// The seat to act, if a person must act there now; an error otherwise.
    fn human_turn(&self) -> Result<Seat, CommandError> {
        self.check_not_forfeited()?;
        let game = self.session.game();
        match self.session.phase() {
            Phase::Over => Err(CommandError::WrongPhase(
                "the game is over; type 'new' to play again".into(),
            )),
            Phase::Roll(seat) if self.manual_dice => Ok(seat),
            Phase::Roll(seat) | Phase::Move(seat) if self.referee.is_human(seat) => Ok(seat),
            Phase::Roll(seat) | Phase::Move(seat) => Err(CommandError::WrongPhase(format!(
                "it is {}'s turn ({})",
                game.seat_name(seat),
                self.players[seat]
            ))),
        }
    }

    fn execute(&mut self, command: Command, out: &mut dyn Write) -> Step<Flow> {
        if let Command::Help(topic) = &command {
            let kind = self.session.game().kind();
            self.say(out, &command::help_for(topic.as_deref(), kind)?)?;
            return Ok(Flow::Continue);
        }
        if let Some(reply) = command::info_reply(&command) {
            writeln!(out, "{}", reply?)?;
            return Ok(Flow::Continue);
        }
        match command {
            Command::Roll => self.roll(out)?,
            Command::Play(text) if text.trim().eq_ignore_ascii_case("roll") => self.roll(out)?,
            Command::Dice(values) => {
                self.human_turn()?;
                let rolled = self.session.set_dice(&values)?;
                self.print_rolled(&rolled, "has", out)?;
                self.sync(out)?;
            }
            Command::Play(text) => {
                let seat = self.human_turn()?;
                if matches!(self.session.phase(), Phase::Roll(_)) && !self.referee.is_human(seat) {
                    return Err(CommandError::WrongPhase("enter the dice for the bot first".into()).into());
                }
                let played = self.session.play_text(&text)?;
                self.print_played(&played, Some(&text), out)?;
                self.sync(out)?;
            }
            Command::Legal => self.print_legal(out)?,
            Command::Undo => self.undo(out)?,
            Command::Board => writeln!(out, "{}", self.board())?,
            Command::View(choice) => {
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
            }
            Command::Rules(game) => {
                let text = command::rules_text(self.session.game().kind(), game.as_deref())?;
                writeln!(out, "{text}")?;
            }
            Command::Hint(count) => {
                self.check_not_forfeited()?;
                let choices = self.session.choices()?;
                let table = crate::app::hints::hint_table(self.session.game(), &choices, count.unwrap_or(3));
                writeln!(out, "{table}")?;
            }
            Command::Evaluate => {
                let estimate = self.session.evaluation();
                writeln!(
                    out,
                    "{}",
                    crate::app::hints::evaluation_lines(self.session.game(), &estimate, false)
                )?;
            }
            Command::Genmove => {
                self.human_turn()?;
                match self.session.genmove()? {
                    Some(played) => {
                        self.print_played(&played, None, out)?;
                        self.sync(out)?;
                    }
                    None => self.roll(out)?,
                }
            }
            Command::New { game, options } => {
                self.check_discard("new")?;
                self.new_game(game.as_deref(), &options, out)?;
            }
            Command::Save(path) => {
                let seats = self.seats_note();
                save_file(&mut self.session, &path, &[seats])?;
                writeln!(out, "saved to {path}")?;
            }
            Command::Load(path) => {
                self.check_discard("load")?;
                self.load(&path, out)?;
            }
            Command::Seat { seat, player } => self.change_seat(&seat, &player, out)?,
            Command::Resign => self.resign(out)?,
            Command::Status => writeln!(out, "{}", self.status())?,
            Command::GetPos => writeln!(out, "{}", self.session.game().position_string())?,
            Command::SetPos(text) => {
                self.check_not_forfeited()?;
                self.session.set_position(&text)?;
                self.sync(out)?;
                writeln!(out, "position set: {}", self.session.status())?;
            }
            Command::Result => self.say(out, &self.result_text()?)?,
            Command::Seed(seed) => {
                self.session.reseed(seed);
                writeln!(out, "dice seed {seed}")?;
            }
            Command::SetBot(name) => {
                let bot = name.parse().map_err(CommandError::Argument)?;
                self.session.choose_bot(bot)?;
                writeln!(out, "hint and genmove use bot:{bot}")?;
            }
            Command::Quit => return Ok(Flow::Quit),
            // Answered by info_reply above.
            Command::Help(_)
            | Command::ListGames
            | Command::ListCommands
            | Command::KnownCommand(_)
            | Command::ProtocolVersion
            | Command::Name
            | Command::Version => {}
        }
        Ok(Flow::Continue)
    }

    fn roll(&mut self, out: &mut dyn Write) -> Step {
        self.human_turn()?;
        let rolled = self.session.roll()?;
        self.print_rolled(&rolled, "rolls", out)?;
        self.sync(out)?;
        Ok(())
    }

    fn status(&self) -> String {
        match &self.forfeit {
            Some(forfeit) => format!(
                "over forfeit {} {}",
                self.session.seat_name(forfeit.seat),
                forfeit.kind
            ),
            None => self.session.status(),
        }
    }

    /// How the game ended, in sentences for people.
    fn result_text(&self) -> Result<String, CommandError> {
        if let Some(forfeit) = &self.forfeit {
            return Ok(format!(
                "{} ({}) forfeits the game: {}.",
                capitalized(self.session.seat_name(forfeit.seat)),
                self.players[forfeit.seat],
                forfeit.detail
            ));
        }
        let outcome = self
            .session
            .outcome()
            .map_err(|_| CommandError::WrongPhase(format!("the game is not over yet ({})", self.status())))?;
        Ok(result_sentences(&outcome, |seat| self.session.seat_name(seat)))
    }

    /// The `seats` note saved with a record: who played each seat.
    fn seats_note(&self) -> String {
        let words: Vec<String> = self
            .players
            .iter()
            .enumerate()
            .map(|(seat, player)| format!("{}={player}", self.session.seat_name(seat)))
            .collect();
        format!("seats {}", words.join(" "))
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
            if let Some(log) = &self.engines.log {
                log.write("game", "=", &format!("end: {}", outcome.summary));
            }
        }
        Ok(())
    }

    fn print_legal(&self, out: &mut dyn Write) -> io::Result<()> {
        let game = self.session.game();
        if self.forfeit.is_some() || self.session.phase() == Phase::Over {
            return writeln!(out, "no legal moves: the game is over");
        }
        let entries = self.session.legal_descriptions();
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

    /// Takes back everything since the last decision a person made (a move that was not
    /// a forced pass, a position, a resignation), that decision included; with people in
    /// every seat, the last such decision of anyone. The dice rewind with the game.
    fn undo(&mut self, out: &mut dyn Write) -> Step {
        let referee = &self.referee;
        let everyone_human = (0..self.players.len()).all(|seat| referee.is_human(seat));
        let Some(taken) = self.session.undo_decision(|seat| referee.is_human(seat)) else {
            return Err(CommandError::WrongPhase(if everyone_human {
                "nothing to undo: no move has been played yet".into()
            } else {
                "nothing of yours to undo: you have not moved yet".into()
            })
            .into());
        };
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

    /// `new [GAME] [KEY=VALUE...] [SEAT=PLAYER...]`: the same game keeps its options and
    /// every game keeps the seats' players, unless new ones are given.
    fn new_game(&mut self, game: Option<&str>, words: &[String], out: &mut dyn Write) -> Step {
        let current = self.session.game();
        let kind = match game {
            Some(id) => GameKind::from_id(id).map_err(CommandError::Argument)?,
            None => current.kind(),
        };
        let specs = kind.info().options;
        let mut option_words = if kind == current.kind() {
            current.options().non_default(specs)
        } else {
            Vec::new()
        };
        let mut seat_words = Vec::new();
        for word in words {
            let key = word.split_once('=').map_or(word.as_str(), |(key, _)| key).trim();
            if specs.iter().any(|spec| spec.key.eq_ignore_ascii_case(key)) || !word.contains('=') {
                option_words.push(word.clone());
            } else {
                seat_words.push(word.as_str());
            }
        }
        let options = Options::parse(specs, &option_words).map_err(CommandError::from)?;
        let fresh = kind.new_game(&options).map_err(CommandError::from)?;
        let defaults = seat_players(&fresh, &[]).map_err(CommandError::Argument)?;
        let mut players: Vec<PlayerSpec> = defaults
            .into_iter()
            .enumerate()
            .map(|(seat, default)| self.players.get(seat).cloned().unwrap_or(default))
            .collect();
        for word in seat_words {
            let key = word.split_once('=').map_or(word, |(key, _)| key);
            if fresh.find_seat(key).is_err() {
                // Neither a seat nor an option: say what both would be.
                let option_error = Options::parse(specs, &[word])
                    .err()
                    .map_or(String::new(), |e| e.0);
                let seats: Vec<&str> = (0..fresh.seat_count()).map(|s| fresh.seat_name(s)).collect();
                return Err(CommandError::Option(format!(
                    "{option_error}; seats are set with SEAT=PLAYER ({})",
                    seats.join(", ")
                ))
                .into());
            }
            let assignment: SeatAssignment = word.parse().map_err(CommandError::Argument)?;
            let seat = fresh
                .find_seat(&assignment.seat)
                .map_err(CommandError::Argument)?;
            players[seat] = assignment.player;
        }
        if players.contains(&PlayerSpec::Bot(crate::ai::roster::BotKind::Perfect)) {
            crate::ai::solve::perfect::check(&fresh).map_err(CommandError::Argument)?;
        }
        if players != self.players {
            self.referee = make_referee(&players, self.session.seed(), &fresh, &self.engines).0;
            self.players = players;
            self.forfeit = None;
        }
        self.session.new_game(kind, &options)?;
        self.restart_failed();
        self.say(out, &format!("new game: {}", self.header()))?;
        self.resync(true, out)
    }

    /// `seat SEAT PLAYER`: someone else plays a seat from here on.
    fn change_seat(&mut self, seat: &str, player: &str, out: &mut dyn Write) -> Step {
        let seat = self
            .session
            .game()
            .find_seat(seat)
            .map_err(CommandError::Argument)?;
        let player: PlayerSpec = player.parse().map_err(CommandError::Argument)?;
        let label = self.session.seat_name(seat);
        if player == PlayerSpec::Bot(crate::ai::roster::BotKind::Perfect) {
            crate::ai::solve::perfect::check(self.session.game()).map_err(CommandError::Argument)?;
        }
        let mut agent = build_agent(
            &player,
            agent_seed(self.session.seed(), seat),
            &self.engines,
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
        self.referee.replace(seat, agent);
        self.say(out, &format!("{label} is now played by {player}"))?;
        self.players[seat] = player;
        Ok(())
    }

    /// `resign`: the person to act concedes (or, when a bot is to act, the one person).
    fn resign(&mut self, out: &mut dyn Write) -> Step {
        self.check_not_forfeited()?;
        let Some(to_act) = self.session.phase().seat() else {
            return Err(CommandError::WrongPhase("the game is over; type 'new' to play again".into()).into());
        };
        let humans: Vec<Seat> = (0..self.players.len())
            .filter(|&s| self.referee.is_human(s))
            .collect();
        let seat = if humans.contains(&to_act) {
            to_act
        } else if let [only] = humans.as_slice() {
            *only
        } else {
            return Err(CommandError::WrongPhase(format!(
                "it is {}'s turn ({}); resign on your own turn",
                self.session.seat_name(to_act),
                self.players[to_act]
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

    fn load(&mut self, path: &str, out: &mut dyn Write) -> Step {
        let loaded = load_file(path, self.session.seed())?;
        if loaded.game().seat_count() != self.players.len() {
            let players = vec![PlayerSpec::Human; loaded.game().seat_count()];
            self.referee = make_referee(&players, loaded.seed(), loaded.game(), &self.engines).0;
            self.players = players;
            self.forfeit = None;
        }
        self.session = loaded;
        self.restart_failed();
        let moves = self
            .session
            .actions()
            .filter(|(_, a)| matches!(a, Action::Move(_)))
            .count();
        writeln!(
            out,
            "loaded {path}: {}, {moves} move{} played; {}",
            self.session.game().info().title,
            plural(moves),
            self.session.status()
        )?;
        self.resync(false, out)
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
        if let Err(forfeit) = self.referee.notify(&observation) {
            self.forfeit_now(forfeit, out)?;
        }
        Ok(())
    }

    /// Tells the agents about the last action.
    fn sync(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Err(forfeit) = self.referee.notify_last(&self.session) {
            self.forfeit_now(forfeit, out)?;
        }
        Ok(())
    }

    /// Ends the game: the seat forfeits, and people are told why.
    fn forfeit_now(&mut self, forfeit: Forfeit, out: &mut dyn Write) -> io::Result<()> {
        self.tell_forfeit(&forfeit, out)?;
        self.forfeit = Some(forfeit);
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
                self.players[forfeit.seat], forfeit.kind, forfeit.detail
            ),
        )?;
        if !forfeit.stderr.is_empty() {
            writeln!(out, "its last lines on standard error:")?;
            for line in &forfeit.stderr {
                writeln!(out, "  | {line}")?;
            }
        }
        if let Some(log) = &self.engines.log {
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
        if let Some(forfeit) = self.forfeit.take() {
            let seat = forfeit.seat;
            let label = self.session.seat_name(seat);
            let agent = build_agent_or_failed(
                &self.players[seat],
                agent_seed(self.session.seed(), seat),
                &self.engines,
                label,
            );
            self.referee.replace(seat, agent);
        }
    }

    /// Lets bots and engines act until a person must: they roll and move by themselves,
    /// and a person with nothing but `pass` passes automatically.
    pub fn advance(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(forfeit) = self.untold.take() {
            self.tell_forfeit(&forfeit, out)?;
        }
        while self.forfeit.is_none() && self.session.phase() != Phase::Over {
            match self.referee.act(&mut self.session, self.manual_dice) {
                Ok(Some(Turn::Rolled(rolled))) => self.print_rolled(&rolled, "rolls", out)?,
                Ok(Some(Turn::Played(played))) => self.print_played(&played, None, out)?,
                Ok(None) => {
                    let Phase::Move(seat) = self.session.phase() else {
                        break;
                    };
                    if !self.referee.is_human(seat) || !self.session.only_pass() {
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

    /// Says, when bots wait for dice, what to type.
    pub fn waiting_note(&self) -> Option<String> {
        if let Phase::Roll(seat) = self.session.phase()
            && !self.referee.is_human(seat)
            && self.manual_dice
            && self.forfeit.is_none()
        {
            return Some(format!(
                "{} ({}) to roll: enter its dice with 'dice ...' or type 'roll'",
                self.session.seat_name(seat),
                self.players[seat]
            ));
        }
        None
    }
}

/// Writes text for people. With `wrap` (the terminal) each line stays within 80 columns:
/// a longer line goes on, indented, on the next lines. Without it (pipes, logs, scripts)
/// every event keeps one line, so that it can be searched for.
pub fn say(out: &mut dyn Write, text: &str, wrap: bool) -> io::Result<()> {
    const WIDTH: usize = 80;
    const HANG: usize = 4;
    for line in text.lines() {
        if !wrap || line.chars().count() <= WIDTH {
            writeln!(out, "{line}")?;
            continue;
        }
        let body = line.trim_start();
        let lead = line.len() - body.len();
        let pieces = wrap_words(body, WIDTH - lead - HANG);
        for (i, piece) in pieces.iter().enumerate() {
            let indent = if i == 0 { lead } else { lead + HANG };
            writeln!(out, "{:indent$}{piece}", "")?;
        }
    }
    Ok(())
}

/// How a move made by a bot, an engine or a record reads for people: `black plays d8
/// (eats a8)`, what it did as `legal` describes it; a bare pass is only ever forced, and
/// says so.
pub fn move_line(who: &str, played: &Played) -> String {
    if played.text == "pass" && played.details.is_empty() {
        format!("{who} has no legal move and passes")
    } else {
        format!("{who} plays {}{}", played.text, played.details)
    }
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The `result` text: the summary as a sentence, then the places (more than two seats)
/// or the points (two seats).
pub fn result_sentences(outcome: &crate::core::Outcome, seat_name: impl Fn(Seat) -> &'static str) -> String {
    let mut text = format!("{}.", capitalized(&outcome.summary));
    let seats = outcome.places.len();
    if seats > 2 {
        let mut order: Vec<Seat> = (0..seats).collect();
        order.sort_by_key(|&seat| outcome.places[seat]);
        let places: Vec<String> = order
            .iter()
            .map(|&seat| format!("{} {}", ordinal(outcome.places[seat]), seat_name(seat)))
            .collect();
        text.push_str(&format!("\nPlaces: {}.", places.join(", ")));
    } else {
        let points: Vec<String> = (0..seats)
            .map(|seat| format!("{} {}", seat_name(seat), outcome.points[seat]))
            .collect();
        text.push_str(&format!("\nPoints: {}.", points.join(", ")));
    }
    text
}

fn ordinal(place: u8) -> &'static str {
    match place {
        1 => "1st",
        2 => "2nd",
        3 => "3rd",
        4 => "4th",
        5 => "5th",
        _ => "6th",
    }
}

/// The seed of the bot or engine in `seat`, from the table's dice seed.
fn agent_seed(seed: u64, seat: Seat) -> u64 {
    seed.wrapping_add(1000 * (seat as u64 + 1))
}

/// The referee for these players, told about the new game. An engine that fails to
/// start, to shake hands or to take the new game makes its seat forfeit (returned), as in
/// a match.
fn make_referee(
    players: &[PlayerSpec],
    seed: u64,
    game: &AnyGame,
    engines: &EngineSettings,
) -> (Referee, Option<Forfeit>) {
    let mut agents: Vec<Option<Box<dyn Agent>>> = Vec::new();
    for (seat, player) in players.iter().enumerate() {
        let label = game.seat_name(seat);
        agents.push(build_agent_or_failed(
            player,
            agent_seed(seed, seat),
            engines,
            label,
        ));
    }
    let mut referee = Referee::new(agents);
    let forfeit = referee.notify(&Observation::NewGame(game)).err();
    (referee, forfeit)
}

/// Plays with commands read from `input` (a pipe or file): no prompts, no line editor.
/// Lines are read as bytes by [`LineReader`] (the engine protocol's reader): a line that
/// is not readable text is an error for that line only. Errors go to `err` with the line
/// number.
pub fn run_piped(
    config: &PlayConfig,
    input: impl BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let mut table = Table::new(config, false)?;
    write_intro(config, &table, out)?;
    table.advance(out)?;
    for line in LineReader::new(input) {
        let line = line?;
        let result = match line.command {
            Ok(text) if text.is_empty() => continue,
            Ok(text) => table.handle_line(&text, out)?,
            Err(error) => Err(CommandError::from(error)),
        };
        match result {
            Ok(Flow::Quit) => break,
            Ok(Flow::Continue) => {}
            Err(error) => {
                out.flush()?;
                report_error(err, Some(line.number), &error, false)?;
                if config.strict {
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        if let Some(note) = table.waiting_note() {
            say(out, &note, false)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The first lines of a session: the game and its players, and the seed when it was
/// drawn (so that the game can be replayed).
fn write_intro(config: &PlayConfig, table: &Table, out: &mut dyn Write) -> io::Result<()> {
    say(out, &table.header(), table.interactive)?;
    if config.seed_drawn {
        writeln!(
            out,
            "dice seed {} (replay with --seed {})",
            config.seed, config.seed
        )?;
    }
    Ok(())
}

/// Drops a `#` comment and surrounding blanks.
pub fn strip_comment(line: &str) -> &str {
    line.split_once('#').map_or(line, |(code, _)| code).trim()
}

/// Prints a command error the way people read it; illegal moves list the legal ones.
/// `wrap` keeps the lines within 80 columns (for the terminal, see [`say`]).
pub fn report_error(
    err: &mut dyn Write,
    line: Option<usize>,
    error: &CommandError,
    wrap: bool,
) -> io::Result<()> {
    let at = line.map(|n| format!("line {n}: ")).unwrap_or_default();
    say(err, &format!("error: {at}{error}"), wrap)?;
    if let CommandError::Illegal { legal, .. } = error
        && !legal.is_empty()
    {
        const SHOWN: usize = 12;
        let mut text = legal.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
        if legal.len() > SHOWN {
            text.push_str(&format!(", ... ({} in all; type 'legal')", legal.len()));
        }
        say(err, &format!("legal: {text}"), wrap)?;
    }
    Ok(())
}

/// Where the REPL keeps its history.
pub fn history_path() -> Option<std::path::PathBuf> {
    crate::ai::data_dir::data_dir().map(|dir| dir.join("history.txt"))
}

/// Creates the history file's folder if needed.
pub fn ensure_parent(path: &Path) {
    if let Some(parent) = path.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
}
