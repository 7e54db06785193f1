//! `tabula engine`: a session served over the protocol. Nothing but replies is written to
//! the output; each reply is flushed at once; end of input means quit. Input is read as
//! bytes by [`LineReader`]: a line that is not readable text gets a syntax error and the
//! session goes on.

use std::io::{BufRead, Write};

use crate::ai::roster::BotKind;
use crate::app::lines::LineReader;
use crate::app::protocol::{format_reply, id_of_bad_line, parse_request};
use crate::app::record::{load_file, save_file};
use crate::app::session::command::{self, Command};
use crate::app::session::{CommandError, Session, resolve_game};
use crate::core::{Game, Options};
use crate::games::GameKind;

/// Answers protocol commands from `input` on `output` until `quit` or end of input.
pub fn serve(input: impl BufRead, output: &mut dyn Write, seed: u64, bot: BotKind) -> anyhow::Result<()> {
    let kind = GameKind::ALL[0];
    let mut session = Session::new(kind, &Options::defaults(kind.info().options), seed)?;
    session.set_bot(bot);
    for line in LineReader::new(input) {
        let text = match line?.command {
            Ok(text) => text,
            Err(error) => {
                let message = CommandError::from(error.clone()).to_string();
                let reply = format_reply(id_of_bad_line(&error.start), false, &message);
                output.write_all(reply.as_bytes())?;
                output.flush()?;
                continue;
            }
        };
        let Some(request) = parse_request(&text) else {
            continue;
        };
        let parsed = if request.text.is_empty() {
            Err(CommandError::Syntax(
                "an id needs a command after it, like '4 status'".into(),
            ))
        } else {
            command::parse(request.text, session.game())
        };
        let (reply, quit) = match parsed {
            Ok(Command::Quit) => (Ok(String::new()), true),
            Ok(command) => (execute(&mut session, command), false),
            Err(error) => (Err(error), false),
        };
        let text = match &reply {
            Ok(text) => format_reply(request.id, true, text),
            Err(error) => format_reply(request.id, false, &error.to_string()),
        };
        output.write_all(text.as_bytes())?;
        output.flush()?;
        if quit {
            break;
        }
    }
    Ok(())
}

/// Runs one command; the text is the reply body.
fn execute(session: &mut Session, command: Command) -> Result<String, CommandError> {
    if let Command::Help(topic) = &command {
        return command::engine_help(topic.as_deref(), session.game().kind());
    }
    if let Some(reply) = command::info_reply(&command) {
        return reply;
    }
    Ok(match command {
        Command::New { game, options } => {
            let (kind, options) = resolve_game(session.game().kind(), game.as_deref(), &options)?;
            session.new_game(kind, &options)?;
            String::new()
        }
        Command::Seed(seed) => {
            session.reseed(seed);
            String::new()
        }
        Command::Status => session.status(),
        Command::Roll => session.roll()?.dice.to_args(),
        Command::Play(text) if text.trim().eq_ignore_ascii_case("roll") => session.roll()?.dice.to_args(),
        Command::Dice(values) => {
            session.set_dice(&values)?;
            String::new()
        }
        Command::Legal => {
            let moves = session.legal_texts();
            if moves.is_empty() {
                return Err(CommandError::WrongPhase("the game is over".into()));
            }
            moves.join("\n")
        }
        Command::Play(text) => {
            session.play_text(&text)?;
            String::new()
        }
        Command::Genmove => match session.genmove()? {
            Some(played) => played.text,
            None => "roll".to_string(),
        },
        Command::Hint(None) => session.hint()?,
        Command::Hint(Some(count)) => {
            crate::app::hints::hint_protocol(session.game(), &session.choices()?, count)
        }
        Command::Evaluate => crate::app::hints::evaluation_lines(session.game(), &session.evaluation(), true),
        Command::Undo => {
            session.undo()?;
            String::new()
        }
        Command::Board => format!("\n{}", session.game().render().trim_end()),
        Command::Rules(game) => format!(
            "\n{}",
            command::rules_text(session.game().kind(), game.as_deref())?
        ),
        Command::View(_) => {
            return Err(CommandError::Syntax(
                "'view' chooses the REPL's board; here 'showboard' prints the board".into(),
            ));
        }
        Command::GetPos => session.game().position_string(),
        Command::SetPos(text) => {
            session.set_position(&text)?;
            String::new()
        }
        Command::Result => session.result_lines()?,
        Command::SetBot(name) => {
            session.choose_bot(name.parse().map_err(CommandError::Argument)?)?;
            String::new()
        }
        Command::Save(path) => {
            save_file(session, &path, &[])?;
            String::new()
        }
        Command::Load(path) => {
            *session = load_file(&path, session.seed())?;
            String::new()
        }
        // Seats and resigning belong to the table; a controller runs its own.
        Command::Seat { .. } | Command::Resign => {
            let name = if matches!(command, Command::Resign) {
                "resign"
            } else {
                "seat"
            };
            return Err(CommandError::UnknownCommand {
                name: name.into(),
                hint: None,
            });
        }
        // Answered by info_reply, or (quit) by the loop.
        Command::Help(_)
        | Command::ListGames
        | Command::ListCommands
        | Command::KnownCommand(_)
        | Command::ProtocolVersion
        | Command::Name
        | Command::Version
        | Command::Quit => String::new(),
    })
}
