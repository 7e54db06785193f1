//! The arguments of each command: one reader per command, named in its
//! [`super::CommandSpec`]'s `parse`, so that a command cannot be listed without one. Everything
//! that can be checked without the game is checked here, once; what depends on the game
//! (moves, positions, seats, rule options) is left to the executor.

use super::{Command, ViewChoice};
use crate::app::lines::quote;
use crate::app::record::LoadRequest;
use crate::app::session::CommandError;
use crate::games::GameKind;

/// What a command's reader gets: the command (by its main name, whichever alias was
/// typed) and the rest of the line, trimmed.
#[derive(Clone, Copy, Debug)]
pub struct Args<'a> {
    /// The command's main name, as the messages name it.
    pub name: &'static str,
    /// The words after the command's name.
    pub rest: &'a str,
}

/// The result of reading a command's arguments.
pub type Parsed = Result<Command, CommandError>;

impl Args<'_> {
    /// `command` when nothing follows the name, else the error that it takes no
    /// arguments.
    pub fn none(&self, command: Command) -> Parsed {
        if self.rest.is_empty() {
            Ok(command)
        } else {
            Err(CommandError::Syntax(format!(
                "'{}' takes no arguments",
                self.name
            )))
        }
    }

    /// The rest of the line, which must not be empty; `what` says what is missing.
    fn one(&self, what: &str) -> Result<String, CommandError> {
        if self.rest.is_empty() {
            Err(CommandError::Syntax(format!("'{}' needs {what}", self.name)))
        } else {
            Ok(self.rest.to_string())
        }
    }
}

/// `roll`; `roll 6 3` is answered with how to enter dice of one's own (`dice`).
pub fn roll(args: &Args) -> Parsed {
    let rest = args.rest;
    if rest.is_empty() {
        return Ok(Command::Roll);
    }
    let typed_dice = rest.chars().all(|c| c.is_ascii_digit() || " ,-".contains(c));
    let example = if typed_dice { rest } else { "6 3" };
    Err(CommandError::Syntax(format!(
        "'roll' takes no arguments; to enter your own dice, type 'dice {example}'"
    )))
}

/// `dice D...`: the values, apart by blanks, `-` or `,`.
pub fn dice(args: &Args) -> Parsed {
    if args.rest.is_empty() {
        return Err(CommandError::Syntax(
            "'dice' needs the dice values, e.g. 'dice 6 3'".into(),
        ));
    }
    args.rest
        .split(|c: char| c.is_whitespace() || c == '-' || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<u8>()
                .map_err(|_| CommandError::Syntax(format!("'{w}' is not a die value; e.g. 'dice 6 3'")))
        })
        .collect::<Result<Vec<u8>, _>>()
        .map(Command::Dice)
}

/// `play MOVE`; `play roll` rolls.
pub fn play(args: &Args) -> Parsed {
    args.one("a move, e.g. 'play pass'").map(|text| {
        if text.eq_ignore_ascii_case("roll") {
            Command::Roll
        } else {
            Command::Play(text)
        }
    })
}

/// `view board|compact`, with a few other words for each.
pub fn view(args: &Args) -> Parsed {
    match args.rest.to_ascii_lowercase().as_str() {
        "board" | "full" => Ok(Command::View(ViewChoice::Board)),
        "compact" | "short" | "list" => Ok(Command::View(ViewChoice::Compact)),
        _ => Err(CommandError::Syntax(
            "write 'view board' (the full board) or 'view compact' (the short list)".into(),
        )),
    }
}

/// `rules [GAME]`.
pub fn rules(args: &Args) -> Parsed {
    Ok(Command::Rules(game_arg(args.rest)?))
}

/// `hint`, `hint N` or `hint --rollout G`.
pub fn hint(args: &Args) -> Parsed {
    match args.rest {
        "" => Ok(Command::Hint(None)),
        rollout if rollout.starts_with("--rollout") || rollout.starts_with("rollout") => {
            hint_rollout(rollout)
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
    }
}

/// The games per candidate of `hint --rollout G` (`rollout` is the text from
/// `--rollout` on).
fn hint_rollout(rollout: &str) -> Parsed {
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
                quote(games)
            ))
        })
}

/// `new [GAME] [KEY=VALUE]...`.
pub fn new(args: &Args) -> Parsed {
    let mut words = args.rest.split_whitespace().peekable();
    let game = game_arg(words.next_if(|w| !w.contains('=')).unwrap_or(""))?;
    Ok(Command::New {
        game,
        options: words.map(str::to_string).collect(),
    })
}

/// `save FILE`.
pub fn save(args: &Args) -> Parsed {
    args.one("a file name, e.g. 'save game.txt'")
        .and_then(|rest| file_arg(&rest).map(Command::Save))
}

/// `load [--force] FILE [GAME]`.
pub fn load(args: &Args) -> Parsed {
    args.one("a file name, e.g. 'load game.txt'")
        .and_then(|rest| load_args(&rest).map(Command::Load))
}

/// `setpos STRING`.
pub fn setpos(args: &Args) -> Parsed {
    args.one("a position string (see 'getpos')").map(Command::SetPos)
}

/// `seed N`.
pub fn seed(args: &Args) -> Parsed {
    args.rest
        .parse::<u64>()
        .map(Command::Seed)
        .map_err(|_| CommandError::Syntax("'seed' needs a whole number, e.g. 'seed 42'".into()))
}

/// `set bot NAME`.
pub fn set(args: &Args) -> Parsed {
    match args.rest.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["bot", name] => name
            .parse()
            .map(Command::SetBot)
            .map_err(|e: crate::ai::roster::BotNameError| CommandError::Argument(e.to_string())),
        ["tutor", level] => crate::app::tutor::tutor_level(level)
            .map(Command::SetTutor)
            .map_err(CommandError::Argument),
        _ => Err(CommandError::Syntax(format!(
            "write 'set bot NAME' ({}) or 'set tutor {}'",
            crate::ai::roster::BOT_NAMES.join(", "),
            crate::app::tutor::TUTOR_WORDS.join("|")
        ))),
    }
}

/// `review [--bot NAME]`.
pub fn review(args: &Args) -> Parsed {
    match args.rest.split_whitespace().collect::<Vec<_>>().as_slice() {
        [] => Ok(Command::Review(None)),
        ["--bot", name] => name
            .parse()
            .map(|bot| Command::Review(Some(bot)))
            .map_err(|e: crate::ai::roster::BotNameError| CommandError::Argument(e.to_string())),
        _ => Err(CommandError::Syntax(
            "write 'review' or 'review --bot NAME', e.g. 'review --bot greedy'".into(),
        )),
    }
}

/// `seat SEAT PLAYER`.
pub fn seat(args: &Args) -> Parsed {
    let usage = || {
        CommandError::Syntax(
            "write 'seat SEAT PLAYER', e.g. 'seat black bot:greedy' or 'seat 2 human'".into(),
        )
    };
    let (seat, player) = args.rest.split_once(char::is_whitespace).ok_or_else(usage)?;
    if player.trim().is_empty() {
        return Err(usage());
    }
    Ok(Command::Seat {
        seat: seat.trim().to_string(),
        player: player
            .trim()
            .parse()
            .map_err(|e: crate::app::players::PlayerError| CommandError::Argument(e.to_string()))?,
    })
}

/// `goto TURN`, a turn number from 1.
pub fn goto(args: &Args) -> Parsed {
    args.one("a turn number, e.g. 'goto 12'").and_then(|turn| {
        turn.parse::<u32>()
            .ok()
            .filter(|&n| n > 0)
            .map(Command::Goto)
            .ok_or_else(|| {
                CommandError::Syntax(format!(
                    "goto takes a turn number from 1, e.g. 'goto 12', not '{turn}'"
                ))
            })
    })
}

/// `known_command NAME`.
pub fn known_command(args: &Args) -> Parsed {
    args.one("a command name").map(Command::IsKnown)
}

/// The game named by `word`, if any (`None` for an empty word).
fn game_arg(word: &str) -> Result<Option<GameKind>, CommandError> {
    match word {
        "" => Ok(None),
        id => GameKind::from_id(id)
            .map(Some)
            .map_err(|unknown| CommandError::Argument(unknown.to_string())),
    }
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
fn load_args(rest: &str) -> Result<LoadRequest, CommandError> {
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
                    quote(game)
                )));
            }
        },
        _ => {
            return Err(CommandError::Syntax(
                "write 'load FILE', 'load FILE GAME' or 'load --force FILE'; quote a name with blanks: load \"my game.txt\"".into(),
            ));
        }
    };
    Ok(LoadRequest {
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
