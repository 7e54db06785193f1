//! The one executor: applies a parsed [`Command`] to a [`Session`] and says what happened
//! as a [`Done`]. The REPL and the engine protocol both call [`execute`]; what differs
//! between them (who may act, what `undo` takes back, seats, the bot that answers) is
//! asked of their [`Front`], and how the result reads is theirs to write.

use super::help::{engine_help, help_for, info_reply, rules_text};
use super::{Command, CommandSpec};
use crate::ai::bots::Bot;
use crate::ai::roster::BotKind;
use crate::app::hints::Choice;
use crate::app::record::{Loaded, load_game, save_file};
use crate::app::session::{CommandError, NotNow, Played, Rolled, Session, Undone};
use crate::core::Notation;
use crate::core::{Estimate, Game, Options, Outcome, Seat};
use crate::games::{AnyGame, AnyMove, GameKind};

/// What a command did, for the front end to tell in its own words.
#[derive(Clone, Debug)]
pub enum Done {
    /// The seat to roll threw the session's dice.
    Rolled(Rolled),
    /// Dice typed in were set for the seat to roll.
    DiceSet(Rolled),
    /// A move was played.
    Played {
        /// What the move did.
        played: Played,
        /// The move as typed (`play`), or `None` when the bot chose it (`genmove`).
        typed: Option<String>,
    },
    /// `genmove` before the roll: the bot chooses to roll now (it never rolls itself).
    BotRolls,
    /// The legal moves (see [`Session::legal_texts`]); empty when the game is over.
    Legal {
        /// As `play` takes them.
        moves: Vec<String>,
        /// Each with what it does (see [`Session::legal_descriptions`]).
        described: Vec<String>,
    },
    /// What `undo` took back, last first.
    Undone(Vec<Undone>),
    /// The board is asked for (each front end has its own view of it).
    Board,
    /// The rules asked for.
    Rules(String),
    /// The bot's ranked choices, of which `shown` are asked for.
    Choices {
        /// Every choice, best first.
        choices: Vec<Choice>,
        /// How many to show.
        shown: usize,
    },
    /// The bot's best choice alone: a move, a pre-roll action or `roll`.
    Best(String),
    /// The position's value for every seat, as the bot sees it.
    Evaluation(Estimate),
    /// A new game started.
    NewGame,
    /// The game was saved to this file.
    Saved(String),
    /// A game was loaded: from which file, which of its games, and what to know of it.
    Loaded(Loaded),
    /// The one-line status (see [`Session::status`]).
    Status(String),
    /// The position string.
    Position(String),
    /// The position was set.
    PositionSet,
    /// How the game ended, or `None` while it goes on.
    Result(Option<Outcome>),
    /// The dice stream restarts from this seed.
    Reseeded(u64),
    /// The built-in bot chosen for hint, evaluate and genmove.
    BotChosen(BotKind),
    /// The help asked for.
    Help(String),
    /// The game list, names and versions: text that does not depend on the game.
    Text(String),
    /// Leave.
    Quit,
}

/// What a front end adds to the shared commands. The protocol takes the defaults: every
/// command is allowed, `undo` takes back one action, no seats, the session's own bot.
pub trait Front {
    /// Refuses, before anything changes, a command this front end does not allow now
    /// (the table: not your turn, the game forfeited, an unsaved game to keep).
    fn permit(&self, _session: &Session, _command: &Command) -> Result<(), CommandError> {
        Ok(())
    }

    /// For each seat, whether a person plays it: `undo` then takes back everything since
    /// the last decision a person made. `None`: `undo` takes back the last action.
    fn people(&self) -> Option<Vec<bool>> {
        None
    }

    /// True if this front end has seats with players: its help lists the table's
    /// commands, and `new` takes `SEAT=PLAYER` words besides the rule options.
    fn has_seats(&self) -> bool {
        false
    }

    /// True if `new` without a game keeps the current game's options (else: defaults).
    fn keeps_options(&self) -> bool {
        false
    }

    /// How many choices a plain `hint` lists; `None`: the best choice alone.
    fn hint_count(&self) -> Option<usize> {
        None
    }

    /// Takes the `SEAT=PLAYER` words of `new` (each naming a seat of `fresh`, the game
    /// about to start with dice from `seed`) before the session changes: an error
    /// refuses the `new`. Only asked when [`Front::has_seats`].
    fn seat_players(&mut self, _fresh: &AnyGame, _seed: u64, _words: &[&str]) -> Result<(), CommandError> {
        Ok(())
    }

    /// The notes saved with a record (the table: who played each seat).
    fn record_notes(&self, _game: &AnyGame) -> Vec<String> {
        Vec::new()
    }

    /// A bot of the front end's own that answers `genmove`, `hint` and `evaluate`;
    /// `None`: the session's built-in bot.
    fn bot(&mut self) -> Option<&mut dyn Bot<AnyGame>> {
        None
    }

    /// `set bot` chose the session's built-in bot: a bot of the front end's own is done.
    fn bot_chosen(&mut self) {}

    /// The program's name, as `name` replies.
    fn name(&self) -> String {
        "tabula".to_string()
    }
}

/// Runs `command` against `session` as `front` allows; the error is a command refused,
/// and then the session is unchanged.
pub fn execute(session: &mut Session, command: Command, front: &mut dyn Front) -> Result<Done, CommandError> {
    front.permit(session, &command)?;
    if command == Command::Name {
        return Ok(Done::Text(front.name()));
    }
    if let Some(text) = info_reply(&command) {
        return Ok(Done::Text(text));
    }
    Ok(match command {
        Command::Roll => Done::Rolled(session.roll()?),
        Command::Dice(values) => Done::DiceSet(session.set_dice(&values)?),
        Command::Play(text) => Done::Played {
            played: session.play_text(&text)?,
            typed: Some(text),
        },
        Command::Legal => Done::Legal {
            moves: session.legal_texts(),
            described: session.legal_descriptions(),
        },
        Command::Undo => Done::Undone(undo(session, front.people())?),
        Command::Board => Done::Board,
        Command::Rules(game) => Done::Rules(rules_text(game.unwrap_or(session.game().kind()))),
        Command::Hint(count) => match count.or(front.hint_count()) {
            None => Done::Best(session.choice_text(best_choice(session, front)?.as_ref())),
            Some(shown) => Done::Choices {
                choices: match front.bot() {
                    Some(bot) => session.choices_with(bot)?,
                    None => session.choices()?,
                },
                shown,
            },
        },
        Command::HintRollout(games) => Done::Text(hint_rollout(session, games)?),
        Command::Evaluate => Done::Evaluation(match front.bot() {
            Some(bot) => session.evaluation_with(bot)?,
            None => session.evaluation()?,
        }),
        Command::Genmove => match best_choice(session, front)? {
            None => Done::BotRolls,
            Some(choice) => Done::Played {
                played: session.play(&choice)?,
                typed: None,
            },
        },
        Command::New { game, options } => {
            new_game(session, game, &options, front)?;
            Done::NewGame
        }
        Command::Save(path) => {
            let notes = front.record_notes(session.game());
            save_file(session, &path, &notes)?;
            Done::Saved(path)
        }
        Command::Load(request) => Done::Loaded(load(session, request)?),
        Command::Status => Done::Status(session.status()),
        Command::GetPos => Done::Position(session.game().position_string()),
        Command::SetPos(text) => {
            session.set_position(&text)?;
            Done::PositionSet
        }
        Command::Result => Done::Result(session.outcome().ok()),
        Command::Seed(seed) => {
            session.reseed(seed);
            Done::Reseeded(seed)
        }
        Command::SetBot(bot) => {
            session.choose_bot(bot)?;
            front.bot_chosen();
            Done::BotChosen(bot)
        }
        Command::Help(topic) => Done::Help(help(topic, session.game().kind(), front.has_seats())?),
        Command::Quit => Done::Quit,
        // The board's view belongs to the REPL, seats and resigning to the table: a front
        // end that has them answers them before asking here.
        Command::View(_) => {
            return Err(CommandError::Syntax(
                "'view' chooses the REPL's board; here 'showboard' prints the board".into(),
            ));
        }
        Command::Seat { .. } => return Err(not_here("seat")),
        Command::Resign => return Err(not_here("resign")),
        Command::Go => return Err(not_here("go")),
        Command::Redo => return Err(not_here("redo")),
        Command::Goto(_) => return Err(not_here("goto")),
        Command::Review(_) => return Err(not_here("review")),
        Command::SetTutor(_) => return Err(not_here("set tutor")),
        // Answered by info_reply above.
        Command::ListGames
        | Command::ListCommands
        | Command::IsKnown(_)
        | Command::ProtocolVersion
        | Command::Name
        | Command::Version => Done::Text(String::new()),
    })
}

fn not_here(name: &str) -> CommandError {
    CommandError::UnknownCommand {
        name: name.into(),
        hint: None,
    }
}

/// The help, with the table's commands where the front end has seats.
fn help(topic: Option<&CommandSpec>, kind: GameKind, seats: bool) -> Result<String, CommandError> {
    if seats {
        return Ok(help_for(topic, kind));
    }
    engine_help(topic, kind).ok_or_else(|| not_here(topic.map_or("help", |spec| spec.name)))
}

/// What the front end's bot, or else the session's, would do now (`None`: roll).
fn best_choice(session: &Session, front: &mut dyn Front) -> Result<Option<AnyMove>, CommandError> {
    match front.bot() {
        Some(bot) => session.bot_choice_with(bot),
        None => session.bot_choice(),
    }
}

/// `undo`: the last action, or (with people at the seats) everything since the last
/// decision of a person.
fn undo(session: &mut Session, people: Option<Vec<bool>>) -> Result<Vec<Undone>, CommandError> {
    let Some(people) = people else {
        return Ok(vec![session.undo()?]);
    };
    let decides = |seat: Seat| people.get(seat).copied().unwrap_or(false);
    session.undo_decision(decides).ok_or_else(|| {
        CommandError::NotNow(if people.iter().all(|&person| person) {
            NotNow::NoMoveYet
        } else if !people.iter().any(|&person| person) {
            // Undo takes back a person's decisions; bots alone never made one.
            NotNow::OnlyBotsPlayed
        } else {
            NotNow::NoneOfYours
        })
    })
}

/// `new [GAME] [KEY=VALUE...]`: the named game (or the current one), its options given
/// (kept from the current game where the front end keeps them); at a table, words that
/// name a seat of the new game go to [`Front::seat_players`].
fn new_game(
    session: &mut Session,
    game: Option<GameKind>,
    words: &[String],
    front: &mut dyn Front,
) -> Result<(), CommandError> {
    let current = session.game();
    let kind = game.unwrap_or(current.kind());
    let specs = kind.info().options;
    let mut option_words = if front.keeps_options() && kind == current.kind() {
        current.options().non_default(specs)
    } else {
        Vec::new()
    };
    let mut seat_words = Vec::new();
    for word in words {
        let key = word.split_once('=').map_or(word.as_str(), |(key, _)| key).trim();
        let option = specs.iter().any(|spec| spec.key.eq_ignore_ascii_case(key)) || !word.contains('=');
        if option || !front.has_seats() {
            option_words.push(word.clone());
        } else {
            seat_words.push(word.as_str());
        }
    }
    let options = Options::parse(specs, &option_words)?;
    if front.has_seats() {
        let fresh = kind.new_game(&options)?;
        for word in &seat_words {
            let key = word.split_once('=').map_or(*word, |(key, _)| key);
            if fresh.find_seat(key).is_err() {
                // Neither a seat nor an option: say what both would be.
                return Err(CommandError::NotOptionNorSeat {
                    option: Options::parse(specs, &[word]).err().map(|e| Box::new(e.0)),
                    seats: (0..fresh.seat_count()).map(|s| fresh.seat_name(s)).collect(),
                });
            }
        }
        front.seat_players(&fresh, session.seed(), &seat_words)?;
    }
    session.new_game(kind, &options)
}

/// `hint --rollout GAMES`: bot:net's best few moves (or the position, before a roll)
/// rolled out on the same dice, seeded by the session's seed so that asking again gives
/// the same figures.
fn hint_rollout(session: &Session, games: u64) -> Result<String, CommandError> {
    use crate::app::rollouts::{
        DEFAULT_CANDIDATES, HINT_ROLLOUT_BOT, RolloutRequest, report_table, roll_out,
    };
    let request = RolloutRequest {
        moves: Vec::new(),
        candidates: DEFAULT_CANDIDATES,
        bot: HINT_ROLLOUT_BOT,
        nets: session.nets(),
        settings: crate::ai::rollout::RolloutSettings {
            games,
            truncate: None,
            seed: session.seed(),
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            variance_reduction: true,
        },
    };
    let report = roll_out(session.game(), &request, &crate::app::rollouts::hint_progress)
        .map_err(|e| CommandError::Argument(e.to_string()))?;
    // Stopped by Ctrl-C, the games played so far still say something (the table says
    // how many); with none played there is nothing to show.
    if report.rows.first().is_none_or(|row| row.result.games() == 0) {
        return Err(CommandError::Stopped);
    }
    Ok(report_table(session.game(), &request, &report))
}

/// `load`: the game of a record file (`last` or a number: a kept game) takes the
/// session's place, playing on the networks it was given.
fn load(session: &mut Session, mut request: crate::app::record::LoadRequest) -> Result<Loaded, CommandError> {
    request.path =
        crate::app::history::record_path(&request.path).map_err(|e| CommandError::File(e.to_string()))?;
    let (loaded, told) = load_game(&request, session.seed())?;
    let nets = session.nets();
    *session = loaded;
    session.set_nets(nets);
    Ok(told)
}
