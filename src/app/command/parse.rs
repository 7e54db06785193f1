//! Reading a command line into a [`Command`]: everything that can be checked without
//! the game is checked here, once; what depends on the game (moves, positions, seats,
//! rule options) is left to the executor.

use super::table::{COMMANDS, examples, find_command};
use super::{Command, CommandSpec, ViewChoice};
use crate::app::session::CommandError;
use crate::core::Game;
use crate::games::GameKind;

/// Reads one command line. A line that is not a command but reads as a move of `game`
/// means `play` that move.
pub fn parse(line: &str, game: &impl Game) -> Result<Command, CommandError> {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let Some(spec) = find_command(word) else {
        return match game.parse_move(line) {
            Ok(_) => Ok(Command::Play(line.to_string())),
            // A line that starts like one of the legal moves is a move with a mistake.
            Err(syntax) if starts_a_legal_move(game, word) || is_move_word(game, word) => {
                Err(CommandError::from(syntax))
            }
            Err(syntax) => Err(unknown(word, syntax.0.to_string())),
        };
    };
    let no_args = |command: Command| {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err(CommandError::Syntax(format!(
                "'{}' takes no arguments",
                spec.name
            )))
        }
    };
    let one_arg = |what: &str| {
        if rest.is_empty() {
            Err(CommandError::Syntax(format!("'{}' needs {what}", spec.name)))
        } else {
            Ok(rest.to_string())
        }
    };
    match spec.name {
        // `roll 6 3`: dice of one's own are entered with `dice`.
        "roll" if !rest.is_empty() => {
            let typed_dice = rest.chars().all(|c| c.is_ascii_digit() || " ,-".contains(c));
            let example = if typed_dice { rest } else { "6 3" };
            Err(CommandError::Syntax(format!(
                "'roll' takes no arguments; to enter your own dice, type 'dice {example}'"
            )))
        }
        "roll" => no_args(Command::Roll),
        "dice" => {
            if rest.is_empty() {
                return Err(CommandError::Syntax(
                    "'dice' needs the dice values, e.g. 'dice 6 3'".into(),
                ));
            }
            rest.split(|c: char| c.is_whitespace() || c == '-' || c == ',')
                .filter(|w| !w.is_empty())
                .map(|w| {
                    w.parse::<u8>().map_err(|_| {
                        CommandError::Syntax(format!("'{w}' is not a die value; e.g. 'dice 6 3'"))
                    })
                })
                .collect::<Result<Vec<u8>, _>>()
                .map(Command::Dice)
        }
        "legal" => no_args(Command::Legal),
        "play" => one_arg("a move, e.g. 'play pass'").map(|text| {
            if text.eq_ignore_ascii_case("roll") {
                Command::Roll
            } else {
                Command::Play(text)
            }
        }),
        "undo" => no_args(Command::Undo),
        "board" => no_args(Command::Board),
        "view" => match rest.to_ascii_lowercase().as_str() {
            "board" | "full" => Ok(Command::View(ViewChoice::Board)),
            "compact" | "short" | "list" => Ok(Command::View(ViewChoice::Compact)),
            _ => Err(CommandError::Syntax(
                "write 'view board' (the full board) or 'view compact' (the short list)".into(),
            )),
        },
        "rules" => Ok(Command::Rules(game_arg(rest)?)),
        "hint" => match rest {
            "" => Ok(Command::Hint(None)),
            rollout if rollout.starts_with("--rollout") || rollout.starts_with("rollout") => {
                let games = rollout
                    .trim_start_matches("--")
                    .trim_start_matches("rollout")
                    .trim();
                games
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (1..=1_000_000).contains(n))
                    .map(Command::HintRollout)
                    .ok_or_else(|| {
                        CommandError::Syntax(format!(
                            "'hint --rollout N' takes the games per candidate, 1 to 1000000, e.g. 'hint --rollout 324' (not '{}')",
                            crate::app::lines::quote(games)
                        ))
                    })
            }
            count => count
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=1000).contains(n))
                .map(|n| Command::Hint(Some(n)))
                .ok_or_else(|| {
                    CommandError::Syntax(format!(
                        "'hint' takes how many choices to show, 1 to 1000, e.g. 'hint 5' (not '{count}')"
                    ))
                }),
        },
        "evaluate" => no_args(Command::Evaluate),
        "genmove" => no_args(Command::Genmove),
        "new" => {
            let mut words = rest.split_whitespace().peekable();
            let game = game_arg(words.next_if(|w| !w.contains('=')).unwrap_or(""))?;
            Ok(Command::New {
                game,
                options: words.map(str::to_string).collect(),
            })
        }
        "save" => one_arg("a file name, e.g. 'save game.txt'").and_then(|r| file_arg(&r).map(Command::Save)),
        "load" => one_arg("a file name, e.g. 'load game.txt'").and_then(|r| load_args(&r).map(Command::Load)),
        "status" => no_args(Command::Status),
        "getpos" => no_args(Command::GetPos),
        "setpos" => one_arg("a position string (see 'getpos')").map(Command::SetPos),
        "result" => no_args(Command::Result),
        "seed" => rest
            .parse::<u64>()
            .map(Command::Seed)
            .map_err(|_| CommandError::Syntax("'seed' needs a whole number, e.g. 'seed 42'".into())),
        "set" => match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["bot", name] => name.parse().map(Command::SetBot).map_err(CommandError::Argument),
            _ => Err(CommandError::Syntax(format!(
                "write 'set bot NAME' ({})",
                crate::ai::roster::BOT_NAMES.join(", ")
            ))),
        },
        "seat" => {
            let usage = || {
                CommandError::Syntax(
                    "write 'seat SEAT PLAYER', e.g. 'seat black bot:greedy' or 'seat 2 human'".into(),
                )
            };
            let (seat, player) = rest.split_once(char::is_whitespace).ok_or_else(usage)?;
            if player.trim().is_empty() {
                return Err(usage());
            }
            Ok(Command::Seat {
                seat: seat.trim().to_string(),
                player: player.trim().parse().map_err(CommandError::Argument)?,
            })
        }
        "resign" => no_args(Command::Resign),
        "go" => no_args(Command::Go),
        "redo" => no_args(Command::Redo),
        "goto" => one_arg("a turn number, e.g. 'goto 12'").and_then(|turn| {
            turn.parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .map(Command::Goto)
                .ok_or_else(|| {
                    CommandError::Syntax(format!(
                        "goto takes a turn number from 1, e.g. 'goto 12', not '{turn}'"
                    ))
                })
        }),
        "help" => Ok(Command::Help(match rest {
            "" => None,
            topic => Some(help_topic(topic)?),
        })),
        "quit" => no_args(Command::Quit),
        "list_games" => no_args(Command::ListGames),
        "protocol_version" => no_args(Command::ProtocolVersion),
        "name" => no_args(Command::Name),
        "version" => no_args(Command::Version),
        "list_commands" => no_args(Command::ListCommands),
        "known_command" => one_arg("a command name").map(Command::IsKnown),
        _ => Err(unknown(word, String::new())),
    }
}

/// The game named by `word`, if any (`None` for an empty word).
fn game_arg(word: &str) -> Result<Option<GameKind>, CommandError> {
    match word {
        "" => Ok(None),
        id => GameKind::from_id(id).map(Some).map_err(CommandError::Argument),
    }
}

/// The command `help NAME` is about.
fn help_topic(name: &str) -> Result<&'static CommandSpec, CommandError> {
    find_command(name).ok_or_else(|| unknown(name, String::new()))
}

/// True if some legal move now is written starting with `word` (`swap` in Mnogoboy).
fn starts_a_legal_move(game: &impl Game, word: &str) -> bool {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().any(|mv| {
        game.format_move(mv)
            .split_whitespace()
            .next()
            .is_some_and(|first| first.eq_ignore_ascii_case(word))
    })
}

/// Whether `word` begins one of `game`'s move forms even when no such move is legal now
/// (`take`, `swap` and `move` in Mnogoboy, `pass`): a line starting with it is a move
/// with a mistake, to be answered with the move syntax rather than "unknown command".
fn is_move_word(game: &impl Game, word: &str) -> bool {
    let first_of_example = |example: &&str| {
        example
            .split_whitespace()
            .next()
            .is_some_and(|first| first.eq_ignore_ascii_case(word))
    };
    game.parse_move(word).is_ok()
        || GameKind::from_id(game.info().id)
            .is_ok_and(|kind| examples(kind).moves.iter().any(first_of_example))
}

/// The file name of `save` and `load`: one word, quoted if it holds blanks
/// (`"my game.txt"`), with a leading `~` standing for the home folder.
fn file_arg(rest: &str) -> Result<String, CommandError> {
    let words = shell_words::split(rest)
        .map_err(|_| CommandError::Syntax("the file name has an unclosed quote".into()))?;
    match words.as_slice() {
        [one] => Ok(expand_home(one).to_string_lossy().into_owned()),
        _ => Err(CommandError::Syntax(
            "give one file name; quote a name with blanks: save \"my game.txt\"".into(),
        )),
    }
}

/// `load`'s words: `[--force] FILE [GAME]`.
fn load_args(rest: &str) -> Result<crate::app::record::LoadRequest, CommandError> {
    let words = shell_words::split(rest)
        .map_err(|_| CommandError::Syntax("the file name has an unclosed quote".into()))?;
    let force = words.iter().any(|w| w == "--force");
    let words: Vec<&String> = words.iter().filter(|w| *w != "--force").collect();
    let (path, game) = match words.as_slice() {
        [path] => (path, None),
        [path, game] => match game.parse::<usize>() {
            Ok(number) if number > 0 => (path, Some(number)),
            _ => {
                return Err(CommandError::Syntax(format!(
                    "'{}' is not a game number: 'load FILE 3' loads the third game of a file",
                    crate::app::lines::quote(game)
                )));
            }
        },
        _ => {
            return Err(CommandError::Syntax(
                "write 'load FILE', 'load FILE GAME' or 'load --force FILE'; quote a name with blanks: load \"my game.txt\"".into(),
            ));
        }
    };
    Ok(crate::app::record::LoadRequest {
        path: expand_home(path).to_string_lossy().into_owned(),
        game,
        force,
    })
}

/// `path` with a leading `~` or `~/` replaced by the home folder.
pub fn expand_home(path: &str) -> std::path::PathBuf {
    let home = || dirs::home_dir().filter(|h| !h.as_os_str().is_empty());
    match path.strip_prefix('~') {
        Some("") => home().unwrap_or_else(|| path.into()),
        Some(rest) if rest.starts_with('/') => match home() {
            Some(home) => home.join(&rest[1..]),
            None => path.into(),
        },
        _ => path.into(),
    }
}

/// The error for a word that is neither a command nor a move: the nearest command if one
/// is close, else the move's syntax error when the first word looks like the start of a
/// move (it has a digit or a `/`: `24/30`, `r9`, `in-c9`), else an unknown command
/// (`komi 6.5` is not a move attempt: its digits are an argument).
fn unknown(word: &str, move_error: String) -> CommandError {
    let names = COMMANDS
        .iter()
        .flat_map(|spec| std::iter::once(spec.name).chain(spec.aliases.iter().copied()));
    if let Some(name) = crate::core::nearest::nearest_word(word, names) {
        return CommandError::UnknownCommand {
            name: word.to_string(),
            hint: Some(canonical_name(name).to_string()),
        };
    }
    let looks_like_move = word.chars().any(|c| c.is_ascii_digit() || c == '/');
    if looks_like_move && !move_error.is_empty() {
        return CommandError::Syntax(move_error);
    }
    CommandError::UnknownCommand {
        name: word.to_string(),
        hint: None,
    }
}

fn canonical_name(name: &str) -> &'static str {
    find_command(name).map_or("help", |spec| spec.name)
}
