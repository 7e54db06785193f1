//! `tabula engine`: a session served over the protocol. Nothing but replies is written to
//! the output; each reply is flushed at once; end of input means quit.

use std::io::{BufRead, Write};

use super::{PROTOCOL_VERSION, format_reply, parse_request};
use crate::bots::BotKind;
use crate::core::{Game, Options};
use crate::games::GameKind;
use crate::repl::games_table;
use crate::session::command::{self, Command};
use crate::session::record::{parse_records, save_text};
use crate::session::{CommandError, Session};

/// Answers protocol commands from `input` on `output` until `quit` or end of input.
pub fn serve(input: impl BufRead, output: &mut dyn Write, seed: u64, bot: BotKind) -> anyhow::Result<()> {
    let kind = GameKind::ALL[0];
    let mut session = Session::new(kind, &Options::defaults(kind.info().options), seed)?;
    session.set_bot(bot);
    for line in input.lines() {
        let line = line?;
        let Some(request) = parse_request(&line) else {
            continue;
        };
        let (reply, quit) = match command::parse(request.text, session.game()) {
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
    Ok(match command {
        Command::ProtocolVersion => PROTOCOL_VERSION.to_string(),
        Command::Name => "tabula".to_string(),
        Command::Version => env!("CARGO_PKG_VERSION").to_string(),
        Command::ListCommands => command::COMMANDS
            .iter()
            .map(|c| c.name)
            .collect::<Vec<_>>()
            .join("\n"),
        Command::KnownCommand(name) => command::find_command(&name).is_some().to_string(),
        Command::ListGames => games_table(),
        Command::Help(topic) => command::help(topic.as_deref())?,
        Command::New { game, options } => {
            let kind = match game {
                Some(id) => GameKind::from_id(&id).map_err(CommandError::Argument)?,
                None => session.game().kind(),
            };
            let options = Options::parse(kind.info().options, &options)?;
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
        Command::Hint => session.hint()?,
        Command::Undo => {
            session.undo()?;
            String::new()
        }
        Command::Board => format!("\n{}", session.game().render().trim_end()),
        Command::GetPos => session.game().position_string(),
        Command::SetPos(text) => {
            session.set_position(&text)?;
            String::new()
        }
        Command::Result => {
            let outcome = session.outcome()?;
            let mut lines: Vec<String> = (0..outcome.places.len())
                .map(|seat| {
                    format!(
                        "{} {} {}",
                        session.seat_name(seat),
                        outcome.places[seat],
                        outcome.points[seat]
                    )
                })
                .collect();
            lines.push(outcome.summary);
            lines.join("\n")
        }
        Command::SetBot(name) => {
            session.set_bot(name.parse().map_err(CommandError::Argument)?);
            String::new()
        }
        Command::Save(path) => {
            std::fs::write(&path, save_text(session))
                .map_err(|e| CommandError::File(format!("cannot write {path}: {e}")))?;
            session.mark_saved();
            String::new()
        }
        Command::Load(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| CommandError::File(format!("cannot read {path}: {e}")))?;
            let records = parse_records(&text)?;
            *session = Session::from_record(&records[0], session.seed())?;
            String::new()
        }
        Command::Quit => String::new(),
    })
}
