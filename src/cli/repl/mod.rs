//! The human front end: an interactive REPL (rustyline: completion, history) or, when
//! stdin is not a terminal, the same commands read from a pipe. Both drive a [`Table`]:
//! a session plus the players of its seats.
//!
//! Commands run in the shared executor ([`command::execute`]); the table answers only
//! its own (`view`, `seat`, `resign`), says what the others did in sentences, and lets
//! bots and engines act between the commands of people.
//!
//! Here: the table, its prompt and how it runs a line; `replies` says what commands
//! did, `agents` lets the players of the seats act.

mod agents;
mod complete;
mod interactive;
mod keeping;
mod piped;
mod remote;
mod replies;
mod seats;
mod teaching;
mod text;
mod thinking;

pub use interactive::run_interactive;
pub use keeping::TableSettings;
pub use piped::{ensure_parent, history_path, run_piped};
pub use remote::RemoteKeyboard;
pub use replies::standing;
pub use text::{move_line, report_error, say};

use std::io::{self, Write};
use std::path::Path;

use crate::app::command::{self, Command};
use crate::app::players::{Forfeit, seat_players};
use crate::app::protocol::client::EngineSettings;
use crate::app::session::{CommandError, Session};
use crate::core::Notation;
use crate::core::{Game, Options, Phase, Seat};
use crate::games::GameKind;
use seats::{Seats, make_referee};

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
    /// The networks the built-in bots play on.
    pub nets: crate::ai::learn::Nets,
    /// Show the short view of the board where the game has one.
    pub compact: bool,
    /// Whether the REPL colours its messages (`Auto`: where the terminal supports it).
    pub color: anstream::ColorChoice,
    /// Where the game is kept, whether to take up the last kept game, the tutor.
    pub table: TableSettings,
}

/// The prompt of the seat to act in `session`: whose turn and the dice, or the kind of
/// choice to make.
fn phase_prompt(session: &Session) -> String {
    let game = session.game();
    match session.phase() {
        Phase::Roll(seat) if game.roll_off().is_some() => format!("{} roll-off> ", game.seat_name(seat)),
        Phase::Roll(seat) => format!("{}> ", game.seat_name(seat)),
        Phase::Move(seat) => match game.dice() {
            Some(dice) => format!("{} {dice}> ", game.seat_name(seat)),
            // A choice without dice (Mnogoboy's take, swap or pass) must not look
            // like the prompt before a roll.
            None => match session.move_verbs() {
                Some(verbs) => format!("{} {verbs}> ", game.seat_name(seat)),
                None => format!("{} to move> ", game.seat_name(seat)),
            },
        },
        Phase::Over => "over> ".to_string(),
    }
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
    /// The game as it is kept in the history, if it is kept.
    kept: keeping::Keeping,
    /// The tutor's level: it warns before a person's move of this mark or worse.
    tutor: Option<crate::app::analysis::Mark>,
    /// The mistakes of a review still to step through in a terminal.
    review_steps: teaching::ReviewSteps,
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
        let (session, seats, kept) = keeping::Keeping::begin(config)?;
        let players = seat_players(session.game(), &seats).map_err(anyhow::Error::msg)?;
        let (referee, forfeit) = make_referee(
            &players,
            session.seed(),
            &config.nets,
            session.game(),
            &config.engines,
        );
        Ok(Table {
            session,
            seats: Seats {
                players,
                referee,
                manual_dice: config.manual_dice,
                forfeit: forfeit.clone(),
                keep_unsaved: config.strict && !interactive,
                engines: config.engines.clone(),
                nets: config.nets.clone(),
            },
            untold: forfeit,
            interactive,
            view: if config.compact { View::Compact } else { View::Auto },
            rows: None,
            stopped: None,
            kept,
            tutor: config.table.tutor,
            review_steps: Default::default(),
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
        if self.seats.forfeit.is_some() {
            return "over> ".to_string();
        }
        phase_prompt(&self.session)
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
        !self.kept.is_kept() && self.seats.needs_quit_confirmation(&self.session)
    }

    /// The question to ask in a terminal before running `line`, when it would throw away
    /// a game in progress that is not saved (`new`, `load`) or replace a file (`save`).
    pub fn confirmation(&self, line: &str) -> Option<String> {
        match command::parse(line, self.session.game()).ok()? {
            Command::New { .. } if self.needs_quit_confirmation() => {
                Some("The game is in progress and not saved. Start a new game anyway? [y/N] ".into())
            }
            // A file that is not there fails to load and changes nothing: no need to ask.
            Command::Load(load)
                if self.needs_quit_confirmation()
                    && crate::app::history::record_path(&load.path).is_ok_and(|p| Path::new(&p).exists()) =>
            {
                Some(format!(
                    "The game is in progress and not saved. Load {} anyway? [y/N] ",
                    load.path
                ))
            }
            Command::Play(text) => self.tutor_warning(&text).map(|warning| {
                // The question on a line of its own, the warning within 80 columns.
                let lines = crate::core::wrap_words(&format!("{warning}."), 80);
                format!("{}\nPlay it anyway? [y/N] ", lines.join("\n"))
            }),
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
            Command::Review(bot) => self.review(bot, out)?,
            Command::SetTutor(level) => self.set_tutor(level, out)?,
            // From a pipe the tutor warns and never waits (a terminal asked already).
            Command::Play(text)
                if !self.interactive
                    && let Some(warning) = self.tutor_warning(&text) =>
            {
                self.say(out, &format!("{warning}; played as typed"))?;
                let done = command::execute(&mut self.session, Command::Play(text), &mut self.seats)?;
                return self.tell(done, out);
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
                // A rollout's line tells the games played and the time left.
                let status = |elapsed| {
                    let (done, total) = crate::app::rollouts::hint_trials();
                    crate::app::rollouts::progress_text(done, total, elapsed)
                };
                crate::app::rollouts::hint_progress(0, 0);
                let (done, _) = if matches!(command, Command::HintRollout(_)) {
                    thinking::watched_with(&who, status, || {
                        command::execute(&mut self.session, command, &mut self.seats)
                    })
                } else {
                    thinking::watched(&who, || {
                        command::execute(&mut self.session, command, &mut self.seats)
                    })
                };
                return self.tell(done?, out);
            }
            command => {
                let done = command::execute(&mut self.session, command, &mut self.seats)?;
                return self.tell(done, out);
            }
        }
        Ok(Flow::Continue)
    }
}
