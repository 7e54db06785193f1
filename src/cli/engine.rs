//! `tabula engine`: a session served over the protocol. Nothing but replies is written to
//! the output; each reply is flushed at once; end of input means quit. Input is read as
//! bytes by [`LineReader`]: a line that is not readable text gets a syntax error and the
//! session goes on. Commands run in the shared executor ([`command::execute`]); this file
//! only frames their results as replies.
//!
//! [`serve_bot`] serves any [`Bot`] this way: what a bot author writes in Rust is the bot,
//! never the protocol.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use crate::ai::bots::Bot;
use crate::ai::learn::Nets;
use crate::ai::roster::BotKind;
use crate::app::command::{self, Done, Front};
use crate::app::lines::LineReader;
use crate::app::protocol::{format_reply, id_of_bad_line, parse_request};
use crate::app::session::{CommandError, NotNow, Session};
use crate::core::Notation;
use crate::core::{Options, PhaseMistake};
use crate::games::{AnyGame, GameKind};

/// `tabula engine`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct EngineArgs {
    /// Seed for the dice the engine rolls with 'roll' (drawn when not given)
    #[arg(long)]
    seed: Option<u64>,
    /// The built-in bot that answers genmove and hint (same as 'set bot NAME')
    #[arg(long, value_name = "NAME", default_value = "best")]
    bot: BotKind,
    /// The name the engine gives when asked 'name' (default: tabula), to tell two
    /// tabula engines apart in a match
    #[arg(long, value_name = "NAME", value_parser = parse_name)]
    name: Option<String>,
    #[command(flatten)]
    pub(super) net: super::args::NetChoice,
}

/// `tabula engine`: serves standard input and output until `quit` or end of input.
pub(super) fn engine(args: EngineArgs, nets: &Nets) -> anyhow::Result<ExitCode> {
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    let seed = args.seed.unwrap_or_else(crate::app::session::random_seed);
    serve_on(stdin, &mut stdout, seed, args.bot, nets, args.name)?;
    Ok(ExitCode::SUCCESS)
}

/// Answers protocol commands from `input` on `output` until `quit` or end of input, with
/// the built-in `bot` answering `genmove`, `hint` and `evaluate` on the shipped networks.
/// Fails only when `input` cannot be read or `output` written.
pub fn serve(input: impl BufRead, output: &mut dyn Write, seed: u64, bot: BotKind) -> io::Result<()> {
    serve_on(input, output, seed, bot, &Nets::shipped(), None)
}

/// Reads `--name NAME`: the name an engine gives must fit on one line of the protocol.
pub(crate) fn parse_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    if name.is_empty() {
        return Err("the name is empty; give one, e.g. --name tabula-greedy".into());
    }
    if name.chars().any(char::is_control) {
        return Err(format!(
            "'{}' has a line break or another control character; give a name on one line, \
             e.g. --name tabula-greedy",
            name.escape_default()
        ));
    }
    Ok(name.to_string())
}

/// Like [`serve`], with the built-in bots playing on `nets`, and `name` (else `tabula`)
/// the reply to `name`.
pub(crate) fn serve_on(
    input: impl BufRead,
    output: &mut dyn Write,
    seed: u64,
    bot: BotKind,
    nets: &Nets,
    name: Option<String>,
) -> io::Result<()> {
    let mut protocol = Protocol { bot: None, name };
    run(input, output, seed, bot, nets, &mut protocol)
}

/// Serves `bot` over the engine protocol: answers the commands from `input` on `output`
/// until `quit` or end of input, keeping the game with the library (dice from `seed`),
/// and asks `bot` for `genmove`, `hint` and `evaluate`. The bot lives for the whole run,
/// so whatever it keeps between decisions stays. `name` is the reply to `name`.
/// (`set bot NAME` hands the answers to a built-in bot from then on.) Fails only when
/// `input` cannot be read or `output` written.
///
/// # Example
///
/// An engine program whose bot always plays the first legal move and rolls at once (see
/// `examples/random_bot.rs`); `tabula play nardy --seat black=engine:PROGRAM` plays it:
///
/// ```no_run
/// use std::io;
///
/// use tabula::ai::bots::Bot;
/// use tabula::core::Game;
/// use tabula::games::AnyGame;
///
/// struct FirstMove;
///
/// impl Bot<AnyGame> for FirstMove {
///     fn choose_move(&mut self, _game: &AnyGame, _legal: &[<AnyGame as Game>::Move]) -> usize {
///         0
///     }
///
///     fn choose_before_roll(&mut self, _game: &AnyGame, _actions: &[<AnyGame as Game>::Move]) -> Option<usize> {
///         None
///     }
/// }
///
/// fn main() -> io::Result<()> {
///     let mut out = io::stdout().lock();
///     tabula::serve_bot(io::stdin().lock(), &mut out, 1, "first_move", Box::new(FirstMove))
/// }
/// ```
pub fn serve_bot(
    input: impl BufRead,
    output: &mut dyn Write,
    seed: u64,
    name: &str,
    bot: Box<dyn Bot<AnyGame>>,
) -> io::Result<()> {
    let mut protocol = Protocol {
        bot: Some(bot),
        name: Some(name.to_string()),
    };
    run(
        input,
        output,
        seed,
        BotKind::Best,
        &Nets::shipped(),
        &mut protocol,
    )
}

/// The protocol's side of the shared commands: no seats, one action per `undo`, and a
/// bot of its own when one is served.
struct Protocol {
    bot: Option<Box<dyn Bot<AnyGame>>>,
    name: Option<String>,
}

impl Front for Protocol {
    fn bot(&mut self) -> Option<&mut dyn Bot<AnyGame>> {
        match &mut self.bot {
            Some(bot) => Some(bot.as_mut()),
            None => None,
        }
    }

    fn bot_chosen(&mut self) {
        self.bot = None;
    }

    fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| "tabula".to_string())
    }
}

fn run(
    input: impl BufRead,
    output: &mut dyn Write,
    seed: u64,
    bot: BotKind,
    nets: &Nets,
    protocol: &mut Protocol,
) -> io::Result<()> {
    let kind = GameKind::ALL[0];
    // A game's default options always set it up; were they ever refused, the engine could
    // not start, as when its input cannot be read.
    let mut session = Session::with_nets(kind, &Options::defaults(kind.info().options), seed, nets.clone())
        .map_err(io::Error::other)?;
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
        let done = parsed.and_then(|command| command::execute(&mut session, command, protocol));
        let quit = matches!(done, Ok(Done::Quit));
        let text = match done.and_then(|done| reply(&session, done)) {
            Ok(text) => format_reply(request.id, true, &text),
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

/// The reply body for what a command did.
fn reply(session: &Session, done: Done) -> Result<String, CommandError> {
    Ok(match done {
        Done::Rolled(rolled) => rolled.dice.to_args(),
        Done::Played { played, typed: None } => played.text,
        Done::BotRolls => "roll".to_string(),
        Done::Legal { moves, .. } if moves.is_empty() => {
            return Err(PhaseMistake::Over.into());
        }
        Done::Legal { moves, .. } => moves.join("\n"),
        Done::Board => format!("\n{}", session.game().render().trim_end()),
        Done::Rules(text) => format!("\n{text}"),
        Done::Choices { choices, shown } => crate::app::hints::hint_protocol(session.game(), &choices, shown),
        Done::Evaluation(estimate) => crate::app::hints::evaluation_lines(session.game(), &estimate, true),
        Done::Result(Some(_)) => session.result_lines()?,
        Done::Result(None) => return Err(NotNow::NotOver.into()),
        // What to know of the record (it cannot be checked, where a forced load stopped).
        Done::Loaded(loaded) => loaded.notes.join("\n"),
        Done::Best(text)
        | Done::Status(text)
        | Done::Position(text)
        | Done::Help(text)
        | Done::Text(text) => text,
        Done::DiceSet(_)
        | Done::Played { typed: Some(_), .. }
        | Done::Undone(_)
        | Done::NewGame
        | Done::Saved(_)
        | Done::PositionSet
        | Done::Reseeded(_)
        | Done::BotChosen(_)
        | Done::Quit => String::new(),
    })
}
