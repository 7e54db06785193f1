//! The table of a person in a remote game (`tabula host`, `tabula join`): the local
//! table's pieces at the remote table's [`Keyboard`]. In a terminal, rustyline with the
//! same Tab completion and history; from a pipe, plain lines (each prompt and question
//! then on a line of its own, so that a program driving it knows when it is asked).
//!
//! Every line is read by the shared parser. Commands that only read (the board, the
//! legal moves, `hint`, `evaluate`, the rules, the status) run in the shared executor
//! under a [`Front`] that permits nothing else, and print as at the local table; a move,
//! `roll`, `resign`, `undo` and `genmove` become the table's decisions; `save` writes
//! the record so far with the dice's proof. Commands that would change the game outside
//! its course are refused, saying why and what to type instead. Ctrl-C at the prompt
//! does not end the game.

use std::cell::RefCell;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::rc::Rc;

use rustyline::history::DefaultHistory;
use rustyline::{Editor, error::ReadlineError};

use super::complete::Completions;
use super::interactive::{ERROR, ReadFailure, TabulaHelper, editor_config, read_failure, terminal_rows};
use super::replies::write_legal;
use super::text::{report_error, result_sentences, say, show_long};
use super::{ROWS_UNDER_BOARD, ensure_parent, history_path, phase_prompt, thinking};
use crate::app::command::{self, Command, Done, Front};
use crate::app::lines::LineReader;
use crate::app::remote::table::{Decision, Keyboard};
use crate::app::session::{CommandError, Session};
use crate::core::{Notation, Phase, Seat};

/// What Ctrl-C at the prompt says: the game goes on.
pub const CTRL_C_NOTE: &str = "Ctrl-C does not end a remote game: type 'resign' to concede";

/// The people of this side of a remote game, at a terminal or a pipe.
pub struct RemoteKeyboard {
    input: Input,
    out: Box<dyn Write>,
    /// The position whose board was shown last, so that it is shown again only when the
    /// game has moved.
    shown: Option<String>,
    /// The short view of the board (`view compact`), else the full one where it fits.
    compact: bool,
    /// True once the person was told that they may look at the game while the others
    /// play.
    told_of_waiting: bool,
}

/// Where the lines come from.
enum Input {
    /// A terminal: the line editor, what Tab completes, and the history file.
    Terminal {
        editor: Box<Editor<TabulaHelper, DefaultHistory>>,
        completions: Rc<RefCell<Option<Completions>>>,
        history: Option<PathBuf>,
    },
    /// A pipe or a file.
    Piped(LineReader<Box<dyn BufRead>>),
}

impl RemoteKeyboard {
    /// The keyboard at standard input: the line editor in a terminal, plain lines from a
    /// pipe; everything it says goes to standard output.
    pub fn at_stdin() -> anyhow::Result<RemoteKeyboard> {
        if !io::stdin().is_terminal() {
            let input: Box<dyn BufRead> = Box::new(io::BufReader::new(io::stdin()));
            return Ok(RemoteKeyboard::piped(input, Box::new(io::stdout())));
        }
        // Ctrl-C while the bot thinks of a hint stops it, never the game.
        crate::app::interrupt::install();
        let completions = Rc::new(RefCell::new(None));
        let mut editor: Editor<TabulaHelper, DefaultHistory> = Editor::with_config(editor_config())?;
        editor.set_helper(Some(TabulaHelper::new(completions.clone())));
        let history = history_path();
        if let Some(path) = &history {
            let _ = editor.load_history(path);
        }
        let out = anstream::AutoStream::new(io::stdout(), anstream::ColorChoice::Auto);
        Ok(RemoteKeyboard {
            input: Input::Terminal {
                editor: Box::new(editor),
                completions,
                history,
            },
            out: Box::new(out),
            shown: None,
            compact: false,
            told_of_waiting: false,
        })
    }

    /// A keyboard that reads lines from `input` and writes to `out`.
    pub fn piped(input: Box<dyn BufRead>, out: Box<dyn Write>) -> RemoteKeyboard {
        RemoteKeyboard {
            input: Input::Piped(LineReader::new(input)),
            out,
            shown: None,
            compact: false,
            told_of_waiting: false,
        }
    }

    fn terminal(&self) -> bool {
        matches!(self.input, Input::Terminal { .. })
    }

    /// The next line typed after `prompt`: `None` for a line to pass over (Ctrl-C, bytes
    /// that are not text). The end of input is an error: the person left.
    fn read_line(&mut self, prompt: &str, completions: Option<Completions>) -> io::Result<Option<String>> {
        let ended = || io::Error::new(io::ErrorKind::UnexpectedEof, "standard input closed");
        match &mut self.input {
            Input::Piped(lines) => {
                writeln!(self.out, "{}", prompt.trim_end())?;
                self.out.flush()?;
                let line = lines.next().ok_or_else(ended)??;
                match line.command {
                    Ok(text) => Ok(Some(text)),
                    Err(error) => {
                        report_error(
                            &mut self.out,
                            Some(line.number),
                            &CommandError::from(error),
                            false,
                        )?;
                        Ok(None)
                    }
                }
            }
            Input::Terminal {
                editor,
                completions: offered,
                ..
            } => {
                *offered.borrow_mut() = completions;
                match editor.readline(prompt) {
                    Ok(line) => {
                        let _ = editor.add_history_entry(line.as_str());
                        Ok(Some(line.trim().to_string()))
                    }
                    Err(error) => match read_failure(error) {
                        ReadFailure::Cancelled => {
                            writeln!(self.out, "{CTRL_C_NOTE}")?;
                            Ok(None)
                        }
                        ReadFailure::End => Err(ended()),
                        ReadFailure::BadLine(message) => {
                            writeln!(self.out, "{ERROR}error: {message}{ERROR:#}")?;
                            Ok(None)
                        }
                        ReadFailure::Fatal(ReadlineError::Io(error)) => Err(error),
                        ReadFailure::Fatal(error) => Err(io::Error::other(error)),
                    },
                }
            }
        }
    }

    /// The board as the local table shows it: full, or the short view when asked for or
    /// when the full one does not fit the terminal.
    fn board(&mut self, session: &Session) -> String {
        let game = session.game();
        let full = game.render();
        let rows = match &mut self.input {
            Input::Terminal { editor, .. } => terminal_rows(editor),
            Input::Piped(_) => None,
        };
        let tall = rows.is_some_and(|rows| full.trim_end().lines().count() + ROWS_UNDER_BOARD > rows);
        let text = if self.compact || tall {
            game.render_compact()
        } else {
            full
        };
        text.trim_end().to_string()
    }

    /// Shows the board if the game has moved since it was last shown.
    fn show_board(&mut self, session: &Session) -> io::Result<()> {
        let position = format!("{} {:?}", session.game().position_string(), session.phase());
        if self.shown.as_ref() != Some(&position) {
            let board = self.board(session);
            writeln!(self.out, "{board}")?;
            self.shown = Some(position);
        }
        Ok(())
    }

    /// Runs one line: the decision it is, if it is one.
    fn run(&mut self, session: &mut Session, notes: &[String], line: &str) -> io::Result<Option<Decision>> {
        let command = match command::parse(line, session.game()) {
            Ok(command) => command,
            Err(error) => return self.refuse(&error),
        };
        match command {
            Command::Roll if matches!(session.phase(), Phase::Roll(_)) => Ok(Some(Decision::Roll)),
            // As at the local table: what the seat must do before it may roll.
            Command::Roll => self.refuse(&CommandError::NotNow(session.not_now())),
            Command::Play(text) => match session.check_text(&text) {
                Ok(()) => Ok(Some(Decision::Move(text))),
                Err(error) => self.refuse(&error),
            },
            // The bot's choice, played as this person's decision.
            Command::Genmove => match session.bot_choice() {
                Ok(None) => Ok(Some(Decision::Roll)),
                Ok(Some(choice)) => Ok(Some(Decision::Move(session.choice_text(Some(&choice))))),
                Err(error) => self.refuse(&error),
            },
            Command::Resign => Ok(Some(Decision::Resign)),
            Command::Undo => Ok(Some(Decision::Undo)),
            Command::Save(path) => self.save(session, notes, &path).map(|()| None),
            Command::View(choice) => {
                self.compact = choice == command::ViewChoice::Compact;
                let board = self.board(session);
                writeln!(self.out, "{board}")?;
                Ok(None)
            }
            command => match refusal(&command) {
                Some(why) => self.show_error(&format!("error: {why}")),
                None => {
                    if let Some(done) = self.execute(session, command)? {
                        self.tell(session, done)?;
                    }
                    Ok(None)
                }
            },
        }
    }

    /// Runs a command that only reads in the shared executor (a search under Ctrl-C's
    /// watch in a terminal); a refusal is reported and gives `None`.
    fn execute(&mut self, session: &mut Session, command: Command) -> io::Result<Option<Done>> {
        let done = if self.terminal() && command.searches() {
            let who = format!("bot:{}", session.bot().shown_for(session.game()));
            thinking::watched(&who, || command::execute(session, command, &mut ReadOnly)).0
        } else {
            command::execute(session, command, &mut ReadOnly)
        };
        match done {
            Ok(done) => Ok(Some(done)),
            Err(error) => self.refuse(&error).map(|_| None),
        }
    }

    /// Says what a command that only reads found, as the local table says it.
    fn tell(&mut self, session: &Session, done: Done) -> io::Result<()> {
        let wrap = self.terminal();
        let game = session.game();
        match done {
            Done::Legal { described, .. } => write_legal(session, &described, &mut self.out, wrap),
            Done::Board => {
                let board = self.board(session);
                writeln!(self.out, "{board}")
            }
            Done::Choices { choices, shown } => {
                let bot = session.bot().shown_for(game);
                let table = crate::app::hints::hint_table(game, &bot, &choices, shown);
                writeln!(self.out, "{table}")
            }
            Done::Evaluation(estimate) => writeln!(
                self.out,
                "{}",
                crate::app::hints::evaluation_lines(game, &estimate, false)
            ),
            Done::Result(Some(outcome)) => say(
                &mut self.out,
                &result_sentences(&outcome, |s| session.seat_name(s)),
                wrap,
            ),
            Done::Result(None) => writeln!(self.out, "the game is not over yet ({})", session.status()),
            Done::Help(text) => {
                show_long(&mut self.out, &text, true, wrap)?;
                say(&mut self.out, REMOTE_HELP, wrap)
            }
            Done::Rules(text) => show_long(&mut self.out, &text, false, wrap),
            Done::BotChosen(bot) => writeln!(self.out, "hint and genmove use bot:{}", bot.shown_for(game)),
            Done::Status(text) | Done::Best(text) | Done::Position(text) | Done::Text(text) => {
                writeln!(self.out, "{text}")
            }
            // The read-only front permits nothing else.
            _ => Ok(()),
        }
    }

    /// `save FILE`: the record so far, with the seats and the dice's proof, written
    /// whole or not at all (a terminal asks before replacing a file).
    fn save(&mut self, session: &Session, notes: &[String], path: &str) -> io::Result<()> {
        let file = std::path::Path::new(path);
        if self.terminal() && file.exists() && !self.confirm(&format!("{path} exists. Replace it? [y/N] "))? {
            return writeln!(self.out, "nothing changed");
        }
        let text = crate::app::record::write_game(session, notes, &[]);
        match crate::ai::output::write_atomically(file, text.as_bytes()) {
            Ok(()) => writeln!(self.out, "saved to {path}"),
            Err(error) => self.refuse(&CommandError::File(error.to_string())).map(|_| ()),
        }
    }

    /// Asks a yes/no question; only `y` or `yes` means yes, Ctrl-C no.
    fn confirm(&mut self, question: &str) -> io::Result<bool> {
        loop {
            if let Some(answer) = self.read_line(question, None)? {
                return Ok(matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes"));
            }
            if self.terminal() {
                return Ok(false);
            }
        }
    }

    /// Reports a refused command (the game is as it was); no decision.
    fn refuse(&mut self, error: &CommandError) -> io::Result<Option<Decision>> {
        let mut text = Vec::new();
        report_error(&mut text, None, error, self.terminal())?;
        self.show_error(String::from_utf8_lossy(&text).trim_end())
    }

    /// Shows an error's lines, in colour where the terminal takes it; no decision.
    fn show_error(&mut self, text: &str) -> io::Result<Option<Decision>> {
        if self.terminal() {
            writeln!(self.out, "{ERROR}{text}{ERROR:#}")?;
        } else {
            writeln!(self.out, "{text}")?;
        }
        Ok(None)
    }
}

impl Keyboard for RemoteKeyboard {
    fn decide(&mut self, session: &mut Session, _seat: Seat, notes: &[String]) -> io::Result<Decision> {
        self.show_board(session)?;
        loop {
            let completions = Completions::new(session.game(), session.legal_texts());
            let Some(line) = self.read_line(&phase_prompt(session), Some(completions))? else {
                continue;
            };
            if line.is_empty() {
                continue;
            }
            if let Some(decision) = self.run(session, notes, &line)? {
                self.out.flush()?;
                return Ok(decision);
            }
        }
    }

    fn allow_undo(&mut self, _session: &Session, question: &str) -> io::Result<bool> {
        self.confirm(question)
    }

    /// In a terminal, lines typed while another side is to act run as at the prompt,
    /// but only the commands that read (a decision waits for this side's turn). From a
    /// pipe, lines are read only at a prompt, so that a program driving this side knows
    /// when it is asked.
    fn while_waiting(
        &mut self,
        session: &mut Session,
        notes: &[String],
        arrived: &dyn Fn() -> bool,
    ) -> io::Result<()> {
        if !self.terminal() {
            return Ok(());
        }
        if !self.told_of_waiting {
            self.told_of_waiting = true;
            writeln!(
                self.out,
                "(while the others play you may type board, hint, legal, status or save FILE)"
            )?;
            self.out.flush()?;
        }
        while !arrived() {
            let Some(line) = typed_line(std::time::Duration::from_millis(100))? else {
                continue;
            };
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if deciding(line, session) {
                let now = match session.phase() {
                    Phase::Roll(seat) => format!("{} is to roll", session.seat_name(seat)),
                    Phase::Move(seat) => format!("{} is to move", session.seat_name(seat)),
                    Phase::Over => "the game is over".to_string(),
                };
                self.show_error(&format!("error: not yet: {now}; your prompt comes at your turn"))?;
            } else {
                self.run(session, notes, line)?;
            }
            self.out.flush()?;
        }
        Ok(())
    }
}

/// True if `line` is a decision (a move, a roll, `genmove`, `resign`, `undo`).
fn deciding(line: &str, session: &Session) -> bool {
    matches!(
        command::parse(line, session.game()),
        Ok(Command::Roll | Command::Play(_) | Command::Genmove | Command::Resign | Command::Undo)
    )
}

/// A line typed at the terminal within `wait`, if one was: the terminal, between two
/// prompts, hands over whole lines. Its end (Ctrl-D, a closed terminal) is an error, so
/// that nobody waits on it any more.
#[cfg(unix)]
fn typed_line(wait: std::time::Duration) -> io::Result<Option<String>> {
    let mut ready = libc::pollfd {
        fd: libc::STDIN_FILENO,
        events: libc::POLLIN,
        revents: 0,
    };
    let millis = i32::try_from(wait.as_millis()).unwrap_or(i32::MAX);
    // SAFETY: one valid pollfd, for as long as the call.
    if unsafe { libc::poll(&mut ready, 1, millis) } <= 0 {
        // Nothing yet, or a signal (Ctrl-C, which its own handler reports).
        return Ok(None);
    }
    let mut bytes = [0u8; 4096];
    // SAFETY: reads at most the buffer's length into it.
    let read = unsafe { libc::read(libc::STDIN_FILENO, bytes.as_mut_ptr().cast(), bytes.len()) };
    match usize::try_from(read) {
        Ok(0) | Err(_) => Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "the terminal's input ended",
        )),
        Ok(count) => Ok(Some(String::from_utf8_lossy(&bytes[..count]).into_owned())),
    }
}

/// Elsewhere a line cannot be waited for without blocking: nothing is read.
#[cfg(not(unix))]
fn typed_line(_wait: std::time::Duration) -> io::Result<Option<String>> {
    Err(io::Error::other("lines are read only at the prompt here"))
}

impl Drop for RemoteKeyboard {
    fn drop(&mut self) {
        let _ = self.out.flush();
        if let Input::Terminal {
            editor,
            history: Some(path),
            ..
        } = &mut self.input
        {
            ensure_parent(path);
            let _ = editor.save_history(path);
        }
    }
}

/// What `help` adds at a remote table.
const REMOTE_HELP: &str = "At a remote table: 'undo' asks the other players to allow taking back your last move; 'save FILE' writes the game so far with the dice's proof ('tabula verify FILE' checks it). new, load, setpos, seat, dice, seed, redo, goto, go and quit do not apply to a remote game.";

/// Why a command cannot be typed at a remote table, and what to type instead; `None`
/// for the commands that only read.
fn refusal(command: &Command) -> Option<&'static str> {
    Some(match command {
        Command::New { .. } => {
            "new: a remote game cannot be replaced here; 'resign' concedes it, and 'tabula host' offers a new one"
        }
        Command::Load(_) => {
            "load: a remote game cannot be replaced by a record; after it, 'tabula replay FILE' shows one"
        }
        Command::SetPos(_) => "setpos: a remote game's position follows its moves alone",
        Command::Seat { .. } => "seat: who plays each seat was agreed when the remote game began",
        Command::Dice(_) => "dice: every side throws a remote game's dice together; type 'roll'",
        Command::Seed(_) => "seed: a remote game's dice come from every side's secrets, not a seed",
        Command::Redo => "redo: a remote game goes forward by its moves; type your move",
        Command::Goto(_) => "goto: a remote game stays at its latest position; 'board' shows it",
        Command::Go => "go: the bots of a remote game play on their own",
        Command::Review(_) => "review: 'save FILE' now, and after the game 'tabula analyse FILE' reviews it",
        Command::SetTutor(_) => "set tutor: the tutor is the local table's; 'hint' shows the bot's choices",
        Command::Quit => "quit: a remote game goes on; 'resign' concedes",
        _ => return None,
    })
}

/// The shared executor's front at a remote table: only the commands that read the game
/// (and `set bot`, which chooses the bot of this side's hints) are permitted.
struct ReadOnly;

impl Front for ReadOnly {
    fn permit(&self, _session: &Session, command: &Command) -> Result<(), CommandError> {
        match command {
            Command::Legal
            | Command::Board
            | Command::Rules(_)
            | Command::Hint(_)
            | Command::HintRollout(_)
            | Command::Evaluate
            | Command::Status
            | Command::GetPos
            | Command::Result
            | Command::SetBot(_)
            | Command::Help(_)
            | Command::ListCommands
            | Command::IsKnown(_)
            | Command::ProtocolVersion
            | Command::Name
            | Command::Version
            | Command::ListGames => Ok(()),
            _ => Err(CommandError::Refused(
                "that command does not apply to a remote game".into(),
            )),
        }
    }

    fn has_seats(&self) -> bool {
        true
    }

    fn hint_count(&self) -> Option<usize> {
        Some(3)
    }
}

#[cfg(test)]
mod tests;
