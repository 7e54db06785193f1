//! The command language shared by the REPL, piped scripts and the engine protocol: one
//! table of commands, one parser, one help text.

use super::CommandError;
use crate::app::protocol::PROTOCOL_VERSION;
use crate::core::Game;
use crate::games::GameKind;

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Roll the dice for the seat to roll.
    Roll,
    /// Set the dice by hand.
    Dice(Vec<u8>),
    /// List the legal moves.
    Legal,
    /// Play a move (`roll` rolls).
    Play(String),
    /// Take back the last move.
    Undo,
    /// Show the board.
    Board,
    /// Choose the full board (`true`) or the short list view.
    View(ViewChoice),
    /// Print the rules of the current game, or of the named one.
    Rules(Option<String>),
    /// The built-in bot's best choices with their values (how many, if given), not played.
    Hint(Option<usize>),
    /// The position's value for every seat.
    Evaluate,
    /// The built-in bot's choice, played.
    Genmove,
    /// Start a new game (same game if none is named).
    New {
        /// The game id, if given.
        game: Option<String>,
        /// `key=value` rule options.
        options: Vec<String>,
    },
    /// Write the game record to a file.
    Save(String),
    /// Read a game record from a file.
    Load(String),
    /// One-line turn status.
    Status,
    /// Print the position string.
    GetPos,
    /// Set the position from a position string.
    SetPos(String),
    /// How the game ended.
    Result,
    /// Reseed the dice.
    Seed(u64),
    /// Choose the built-in bot for hint and genmove.
    SetBot(String),
    /// Help on all commands or one.
    Help(Option<String>),
    /// The protocol's command list.
    ListCommands,
    /// Whether a command exists.
    KnownCommand(String),
    /// The protocol version.
    ProtocolVersion,
    /// The program's name.
    Name,
    /// The program's version.
    Version,
    /// The games and their options.
    ListGames,
    /// Change who plays a seat (the table only).
    Seat {
        /// The seat as typed: a name or a number from 1.
        seat: String,
        /// The player as typed: `human`, `bot:NAME`, `engine:COMMAND`.
        player: String,
    },
    /// Concede the game (the table only).
    Resign,
    /// Leave.
    Quit,
}

/// What `view` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewChoice {
    /// The full board.
    Board,
    /// The short list view.
    Compact,
}

/// Examples in one game's notation, so that help speaks the game being played.
#[derive(Clone, Copy, Debug)]
pub struct Examples {
    /// Moves as `play` takes them, the first being the main example.
    pub moves: &'static [&'static str],
    /// Dice values as `dice` takes them.
    pub dice: &'static str,
    /// What the dice are.
    pub dice_rule: &'static str,
    /// A `new` line with a rule option.
    pub new: &'static str,
    /// How moves are written, in one line.
    pub notation: &'static str,
    /// A seat other than the first, for `seat` examples.
    pub seat: &'static str,
}

/// The help examples for a game.
pub fn examples(kind: GameKind) -> Examples {
    match kind {
        GameKind::Nardy => Examples {
            moves: &["24/18 18/15", "24/15", "pass"],
            dice: "6 3",
            dice_rule: "Two dice, 1 to 6 each.",
            new: "new nardy koks=on",
            notation: "A move is FROM/TO for each die, each side counting in its own numbering.",
            seat: "black",
        },
        GameKind::Ur => Examples {
            moves: &["in-c1", "d2-f2", "g1-off", "pass"],
            dice: "2",
            dice_rule: "Give the roll as one number (the total of binary dice).",
            new: "new ur rules=finkel",
            notation: "A move is FROM-TO: 'in' enters a piece, 'off' bears one off.",
            seat: "dark",
        },
        GameKind::Aeroplane => Examples {
            moves: &["r2", "launch", "pass"],
            dice: "5",
            dice_rule: "One die, 1 to 6.",
            new: "new aeroplane players=2",
            notation: "A move names the plane to move (r2), or 'launch' to bring one out.",
            seat: "yellow",
        },
        GameKind::Microbes => Examples {
            moves: &["c1", "enter", "pass"],
            dice: "6",
            dice_rule: "One die, 1 to 6.",
            new: "new microbes six-rolls-again=on",
            notation: "A move is the cell of the piece to move (c1), or 'enter' on a 6.",
            seat: "black",
        },
        GameKind::Mnogoboy => Examples {
            moves: &["swap green", "move", "take blue", "move short"],
            dice: "4",
            dice_rule: "One die, 1 to 6.",
            new: "new mnogoboy players=3",
            notation: "take COLOUR, swap COLOUR, move (long|short at a fork), or pass.",
            seat: "p2",
        },
    }
}

impl Examples {
    /// `text` with the placeholders `{move}`, `{moves}`, `{dice}`, `{dice_rule}`, `{new}`,
    /// `{notation}` and `{seat}` filled in.
    fn fill(&self, text: &str) -> String {
        let quoted: Vec<String> = self.moves.iter().map(|m| format!("'{m}'")).collect();
        text.replace("{moves}", &quoted.join(", "))
            .replace("{move}", self.moves[0])
            .replace("{dice_rule}", self.dice_rule)
            .replace("{dice}", self.dice)
            .replace("{new}", self.new)
            .replace("{notation}", self.notation)
            .replace("{seat}", self.seat)
    }
}

/// Where a command is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Listed by `help` in the REPL and accepted everywhere.
    Everyone,
    /// Listed by `list_commands` for engine controllers; still accepted in the REPL.
    Protocol,
    /// Listed by `help` in the REPL; the engine protocol has no seats and refuses them.
    Table,
}

/// One command of the language.
#[derive(Clone, Copy, Debug)]
pub struct CommandSpec {
    /// The main name.
    pub name: &'static str,
    /// Other names that mean the same.
    pub aliases: &'static [&'static str],
    /// Arguments as shown in help.
    pub args: &'static str,
    /// One line on what it does.
    pub summary: &'static str,
    /// More lines for `help NAME`.
    pub details: &'static str,
    /// Who sees it listed.
    pub audience: Audience,
}

/// Every command, in the order `help` lists them.
pub static COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "roll",
        aliases: &[],
        args: "",
        summary: "roll the dice for the seat to roll",
        details: "The dice come from the seeded source (--seed), so a game replays exactly.\nUse 'dice' to enter dice you rolled yourself.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "dice",
        aliases: &[],
        args: "D...",
        summary: "enter your own dice, e.g. 'dice {dice}'",
        details: "Sets the dice for the seat to roll instead of rolling: use it to play with\nreal dice. {dice_rule}",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "legal",
        aliases: &["moves"],
        args: "",
        summary: "list the legal moves",
        details: "One move per line, written exactly as 'play' accepts it; 'pass' when nothing can be\nplayed. Before a roll the list is 'roll' and any actions allowed before rolling.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "play",
        aliases: &[],
        args: "MOVE",
        summary: "play a move, e.g. 'play {move}'",
        details: "A move typed alone is played too: {moves}.\n{notation}\nA move not allowed here is refused with the reason and the legal moves;\nthe game does not change. 'legal' lists the moves with what each does.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "undo",
        aliases: &["takeback"],
        args: "",
        summary: "take back your last move (the dice stay as they fell)",
        details: "In the REPL, undo goes back to your own last move: the bots' moves after it\nare taken back too, and so are passes you had to make. Undo never changes\nluck: the dice rewind with the game, so the same moves bring the same dice.\nIn the engine protocol it takes back the last roll, dice or move (and the\ndice rewind too). With nothing to take back, undo says so and changes nothing.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "board",
        aliases: &["showboard", "show"],
        args: "",
        summary: "show the board",
        details: "",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "view",
        aliases: &[],
        args: "board|compact",
        summary: "show the full board or the short list view",
        details: "The REPL picks the short view by itself when the terminal has too few rows\nfor the board; 'view board' or 'view compact' (or --compact) decides instead.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "rules",
        aliases: &[],
        args: "[GAME]",
        summary: "print the rules of this game (or of GAME)",
        details: "The same text as 'tabula rules GAME', with what tabula decides where the\noriginal rules are silent.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "hint",
        aliases: &[],
        args: "[N]",
        summary: "the N best choices with win chances (not played)",
        details: "Each choice with the win probability of the seat to act after it (nardy: also the\nequity, points won minus lost per game) and how far it falls behind the best. The\nREPL shows 3 unless N is given; the engine protocol's plain 'hint' is the best move\nalone, 'hint N' gives N lines 'MOVE win=P [equity=E]'. Uses the bot chosen with\n'set bot NAME' (best unless changed).",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "evaluate",
        aliases: &["eval"],
        args: "",
        summary: "each seat's win chance now (nardy: and equity)",
        details: "With three or more seats, the win chance is the chance of finishing first. The\nvalues are the hint bot's ('set bot NAME').",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "genmove",
        aliases: &[],
        args: "",
        summary: "let the built-in bot play for the seat to move",
        details: "Prints the move. Before a roll it prints 'roll' when the bot wants to roll\n(the bot never rolls; roll or enter dice next) or plays an action allowed before rolling.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "new",
        aliases: &["newgame"],
        args: "[GAME] [KEY=VALUE]",
        summary: "start a game, e.g. '{new}'",
        details: "Without GAME, a new game of the same kind, with the same options and seats;\nKEY=VALUE changes an option, SEAT=PLAYER a seat (e.g. 'new black=human').\nAnother GAME starts with its default options. In a terminal, asks first if\nthe game in progress is not saved.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "save",
        aliases: &[],
        args: "FILE",
        summary: "save the game record to FILE",
        details: "The record is a script of commands: the game, the seed, every roll and move.\nIt is written to a temporary file and renamed, so a failed save keeps the\nold file. In a terminal, asks before replacing a file that exists.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "load",
        aliases: &[],
        args: "FILE",
        summary: "load a game saved with 'save' (undo goes back in it)",
        details: "Every move in the file is checked again; a bad file changes nothing. A file\ncut short (its last line has no line end) is refused. In a terminal, asks\nfirst if the game in progress is not saved.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "status",
        aliases: &[],
        args: "",
        summary: "one line: whose turn and what to do, or the result",
        details: "'turn SEAT roll', 'turn SEAT move DICE' or 'over PLACES'.\n'turn SEAT roll rolloff' is a roll of the roll-off that decides who starts.\n'over' lists the seats of each finishing place, the last place left out:\n'over white', or 'over blue red yellow' when green came fourth.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "getpos",
        aliases: &["position"],
        args: "",
        summary: "print the position as a one-line string",
        details: "",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "setpos",
        aliases: &[],
        args: "STRING",
        summary: "set the position from a string printed by 'getpos'",
        details: "The string is checked; a bad one is refused with the reason and changes nothing.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "result",
        aliases: &[],
        args: "",
        summary: "how the game ended",
        details: "At the table, in sentences. In the engine protocol one line per seat:\nSEAT PLACE POINTS, then the summary.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "seed",
        aliases: &[],
        args: "N",
        summary: "restart the dice stream from seed N",
        details: "",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "set",
        aliases: &[],
        args: "bot NAME",
        summary: "choose the bot for hint, evaluate and genmove",
        details: "e.g. 'set bot greedy' or 'set bot expectimax:2'.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "seat",
        aliases: &[],
        args: "SEAT PLAYER",
        summary: "change who plays a seat, e.g. 'seat {seat} bot:random'",
        details: "SEAT is a seat's name or number (from 1); PLAYER is human, bot:random,\nbot:greedy or engine:COMMAND. The game goes on from where it stands.",
        audience: Audience::Table,
    },
    CommandSpec {
        name: "resign",
        aliases: &[],
        args: "",
        summary: "concede the game to your opponents",
        details: "With two seats the other seat wins; with more, you take the last place and\nthe others share the first. Long Nardy: the opponent scores what the game\nwould be worth if it ended now (see 'tabula rules nardy'); in a match the\nnext game starts unless that wins the match. 'undo' takes it back.",
        audience: Audience::Table,
    },
    CommandSpec {
        name: "help",
        aliases: &["?"],
        args: "[COMMAND]",
        summary: "list the commands, or explain one",
        details: "",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "quit",
        aliases: &["exit", "q"],
        args: "",
        summary: "leave",
        details: "In the REPL, asks first if the game is in progress and unsaved.",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "list_games",
        aliases: &["games"],
        args: "",
        summary: "the games: id, seats, options",
        details: "",
        audience: Audience::Everyone,
    },
    CommandSpec {
        name: "protocol_version",
        aliases: &[],
        args: "",
        summary: "the engine protocol version (1)",
        details: "",
        audience: Audience::Protocol,
    },
    CommandSpec {
        name: "name",
        aliases: &[],
        args: "",
        summary: "the engine's name",
        details: "",
        audience: Audience::Protocol,
    },
    CommandSpec {
        name: "version",
        aliases: &[],
        args: "",
        summary: "the engine's version",
        details: "",
        audience: Audience::Protocol,
    },
    CommandSpec {
        name: "list_commands",
        aliases: &[],
        args: "",
        summary: "every command, one per line",
        details: "",
        audience: Audience::Protocol,
    },
    CommandSpec {
        name: "known_command",
        aliases: &[],
        args: "NAME",
        summary: "'true' if NAME is a command, else 'false'",
        details: "",
        audience: Audience::Protocol,
    },
];

/// The spec of a command by name or alias.
pub fn find_command(name: &str) -> Option<&'static CommandSpec> {
    let name = name.to_ascii_lowercase();
    COMMANDS
        .iter()
        .find(|spec| spec.name == name || spec.aliases.contains(&name.as_str()))
}

/// The commands `list_commands` prints and `known_command` knows, in the order
/// `tabula-protocol(5)` documents them; aliases (`board`, `new`, ...) still work but are
/// not listed.
pub const PROTOCOL_COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command",
    "list_games",
    "newgame",
    "seed",
    "status",
    "roll",
    "dice",
    "legal",
    "play",
    "genmove",
    "hint",
    "evaluate",
    "undo",
    "showboard",
    "getpos",
    "setpos",
    "result",
    "set",
    "save",
    "load",
    "quit",
];

/// The reply to a command that does not depend on any game (help, the lists, names and
/// versions), or `None` for the other commands.
pub fn info_reply(command: &Command) -> Option<Result<String, CommandError>> {
    Some(Ok(match command {
        Command::Help(topic) => return Some(help(topic.as_deref())),
        Command::ListGames => games_table(),
        Command::ListCommands => PROTOCOL_COMMANDS.join("\n"),
        Command::KnownCommand(name) => PROTOCOL_COMMANDS.contains(&name.as_str()).to_string(),
        Command::ProtocolVersion => PROTOCOL_VERSION.to_string(),
        Command::Name => "tabula".to_string(),
        Command::Version => env!("CARGO_PKG_VERSION").to_string(),
        _ => return None,
    }))
}

/// The games table of `list_games`: id, seats, options, one line per game.
pub fn games_table() -> String {
    let lines: Vec<String> = GameKind::ALL
        .iter()
        .map(|kind| {
            let info = kind.info();
            format!("{} {} {}", info.id, info.seats_text(), info.options_text())
                .trim_end()
                .to_string()
        })
        .collect();
    lines.join("\n")
}

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
                Err(CommandError::Syntax(syntax.0))
            }
            Err(syntax) => Err(unknown(word, syntax.0)),
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
        "play" => one_arg("a move, e.g. 'play pass'").map(Command::Play),
        "undo" => no_args(Command::Undo),
        "board" => no_args(Command::Board),
        "view" => match rest.to_ascii_lowercase().as_str() {
            "board" | "full" => Ok(Command::View(ViewChoice::Board)),
            "compact" | "short" | "list" => Ok(Command::View(ViewChoice::Compact)),
            _ => Err(CommandError::Syntax(
                "write 'view board' (the full board) or 'view compact' (the short list)".into(),
            )),
        },
        "rules" => Ok(Command::Rules((!rest.is_empty()).then(|| rest.to_string()))),
        "hint" => match rest {
            "" => Ok(Command::Hint(None)),
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
            let game = words.next_if(|w| !w.contains('=')).map(str::to_string);
            Ok(Command::New {
                game,
                options: words.map(str::to_string).collect(),
            })
        }
        "save" => one_arg("a file name, e.g. 'save game.txt'").and_then(|r| file_arg(&r).map(Command::Save)),
        "load" => one_arg("a file name, e.g. 'load game.txt'").and_then(|r| file_arg(&r).map(Command::Load)),
        "status" => no_args(Command::Status),
        "getpos" => no_args(Command::GetPos),
        "setpos" => one_arg("a position string (see 'getpos')").map(Command::SetPos),
        "result" => no_args(Command::Result),
        "seed" => rest
            .parse::<u64>()
            .map(Command::Seed)
            .map_err(|_| CommandError::Syntax("'seed' needs a whole number, e.g. 'seed 42'".into())),
        "set" => match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["bot", name] => Ok(Command::SetBot(name.to_string())),
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
                player: player.trim().to_string(),
            })
        }
        "resign" => no_args(Command::Resign),
        "help" => Ok(Command::Help((!rest.is_empty()).then(|| rest.to_string()))),
        "quit" => no_args(Command::Quit),
        "list_games" => no_args(Command::ListGames),
        "protocol_version" => no_args(Command::ProtocolVersion),
        "name" => no_args(Command::Name),
        "version" => no_args(Command::Version),
        "list_commands" => no_args(Command::ListCommands),
        "known_command" => one_arg("a command name").map(Command::KnownCommand),
        _ => Err(unknown(word, String::new())),
    }
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
    let lower = word.to_ascii_lowercase();
    let nearest = COMMANDS
        .iter()
        .flat_map(|spec| std::iter::once(spec.name).chain(spec.aliases.iter().copied()))
        .map(|name| (edit_distance(&lower, name), name))
        .min();
    // Two edits turn any four-letter word into many others: short words need closer ones.
    if let Some((distance, name)) = nearest
        && distance <= 2
        && distance * 2 < lower.len()
    {
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

/// Edits between two words, for "did you mean" hints: insertions, deletions,
/// substitutions and swaps of two neighbours (`saev` is one edit from `save`).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // table[i][j]: edits between a[..i] and b[..j].
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in table[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = table[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(table[i - 1][j] + 1).min(table[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(table[i - 2][j - 2] + 1);
            }
            table[i][j] = best;
        }
    }
    table[a.len()][b.len()]
}

/// The rules of the `current` game, or of the game named `game`, without trailing blanks.
pub fn rules_text(current: GameKind, game: Option<&str>) -> Result<String, CommandError> {
    let kind = match game {
        Some(id) => GameKind::from_id(id).map_err(CommandError::Argument)?,
        None => current,
    };
    Ok(kind.info().rules.trim_end().to_string())
}

/// The help text with examples in Long Nardy's notation (see [`help_for`]).
pub fn help(topic: Option<&str>) -> Result<String, CommandError> {
    help_for(topic, GameKind::Nardy)
}

/// The help text, all commands or one in detail, with examples in `kind`'s notation.
pub fn help_for(topic: Option<&str>, kind: GameKind) -> Result<String, CommandError> {
    help_text(topic, &examples(kind))
}

/// The help of `tabula engine`: as [`help_for`], without the table's commands (`seat`,
/// `resign`), which the engine refuses.
pub fn engine_help(topic: Option<&str>, kind: GameKind) -> Result<String, CommandError> {
    let text = help_text(topic, &examples(kind))?;
    let table_only = |line: &str| {
        COMMANDS
            .iter()
            .any(|spec| spec.audience == Audience::Table && line.split_whitespace().next() == Some(spec.name))
    };
    match topic {
        Some(name) if table_only(name) => Err(CommandError::UnknownCommand {
            name: name.trim().to_string(),
            hint: None,
        }),
        Some(_) => Ok(text),
        None => Ok(text
            .lines()
            .filter(|line| !(line.starts_with("  ") && table_only(line)))
            .collect::<Vec<_>>()
            .join("\n")),
    }
}

fn help_text(topic: Option<&str>, examples: &Examples) -> Result<String, CommandError> {
    match topic {
        None => {
            let mut text = String::from("Commands (a move typed alone is played):\n");
            for spec in COMMANDS.iter().filter(|s| s.audience != Audience::Protocol) {
                let usage = format!("{} {}", spec.name, spec.args);
                text.push_str(&format!(
                    "  {:<24}{}\n",
                    usage.trim_end(),
                    examples.fill(spec.summary)
                ));
            }
            text.push_str("Type 'help COMMAND' for more on one command, 'rules' for the rules.");
            Ok(text)
        }
        Some(name) => {
            let spec = find_command(name.trim()).ok_or_else(|| unknown(name.trim(), String::new()))?;
            let mut text = format!("{} {}\n  {}", spec.name, spec.args, examples.fill(spec.summary));
            if !spec.aliases.is_empty() {
                text.push_str(&format!("\n  Also: {}", spec.aliases.join(", ")));
            }
            // The details are one paragraph, filled to fit 80 columns under the indent.
            let details = examples.fill(spec.details).replace('\n', " ");
            for line in crate::core::wrap_words(&details, 76)
                .into_iter()
                .filter(|l| !l.is_empty())
            {
                text.push_str("\n  ");
                text.push_str(&line);
            }
            Ok(text.replace(" \n", "\n"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::NewGame;
    use crate::games::nardy::Nardy;

    fn parsed(line: &str) -> Result<Command, CommandError> {
        parse(line, &Nardy::default_game())
    }

    #[test]
    fn commands_and_bare_moves() {
        assert_eq!(parsed("roll"), Ok(Command::Roll));
        assert_eq!(parsed("  DICE 6 3 "), Ok(Command::Dice(vec![6, 3])));
        assert_eq!(parsed("dice 6-3"), Ok(Command::Dice(vec![6, 3])));
        assert_eq!(parsed("24/18 18/15"), Ok(Command::Play("24/18 18/15".into())));
        assert_eq!(parsed("pass"), Ok(Command::Play("pass".into())));
        assert_eq!(parsed("showboard"), Ok(Command::Board));
        assert_eq!(
            parsed("new nardy koks=on"),
            Ok(Command::New {
                game: Some("nardy".into()),
                options: vec!["koks=on".into()]
            })
        );
        assert_eq!(
            parsed("newgame match=3"),
            Ok(Command::New {
                game: None,
                options: vec!["match=3".into()]
            })
        );
        assert_eq!(parsed("set bot random"), Ok(Command::SetBot("random".into())));
        assert_eq!(
            parsed("seat black engine:python3 bot.py"),
            Ok(Command::Seat {
                seat: "black".into(),
                player: "engine:python3 bot.py".into()
            })
        );
        assert_eq!(parsed("resign"), Ok(Command::Resign));
        assert!(
            parsed("seat black")
                .unwrap_err()
                .to_string()
                .contains("seat 2 human")
        );
    }

    #[test]
    fn table_commands_are_not_offered_to_engine_controllers() {
        let listed = info_reply(&Command::ListCommands).unwrap().unwrap();
        assert!(listed.lines().any(|l| l == "undo"));
        assert!(!listed.lines().any(|l| l == "seat" || l == "resign"));
        assert_eq!(
            info_reply(&Command::KnownCommand("resign".into())).unwrap(),
            Ok("false".to_string())
        );
    }

    #[test]
    fn a_move_word_of_the_game_is_a_move_with_a_mistake_not_an_unknown_command() {
        use crate::games::mnogoboy::Mnogoboy;
        // Before the roll-off no move is legal, yet 'take', 'swap' and 'move' are
        // Mnogoboy's moves: the reply is their syntax, not "unknown command".
        let game = Mnogoboy::default_game();
        for line in ["move foo", "take foo", "swap", "move 99"] {
            let error = parse(line, &game).unwrap_err().to_string();
            assert!(error.starts_with("syntax error:"), "{line}: {error}");
        }
        assert!(
            parse("xyzzy", &game)
                .unwrap_err()
                .to_string()
                .starts_with("unknown command: xyzzy")
        );
    }

    #[test]
    fn unknown_words_suggest_the_nearest_command() {
        assert_eq!(
            parsed("rol").unwrap_err().to_string(),
            "unknown command: rol (did you mean 'roll'?)"
        );
        assert_eq!(
            parsed("lgeal").unwrap_err().to_string(),
            "unknown command: lgeal (did you mean 'legal'?)"
        );
        assert_eq!(
            parsed("dance").unwrap_err().to_string(),
            "unknown command: dance (did you mean 'dice'?)"
        );
        assert_eq!(
            parsed("saev x").unwrap_err().to_string(),
            "unknown command: saev (did you mean 'save'?)"
        );
        // Four letters are two edits from many words: no guess for 'swap'.
        assert_eq!(
            parsed("swap").unwrap_err().to_string(),
            "unknown command: swap (type 'help' for the list of commands)"
        );
        assert_eq!(
            parsed("xyzzy").unwrap_err().to_string(),
            "unknown command: xyzzy (type 'help' for the list of commands)"
        );
        assert!(
            parsed("24/30")
                .unwrap_err()
                .to_string()
                .starts_with("syntax error:")
        );
    }

    #[test]
    fn bad_arguments_say_what_to_type() {
        assert!(
            parsed("dice six")
                .unwrap_err()
                .to_string()
                .contains("e.g. 'dice 6 3'")
        );
        assert!(
            parsed("roll now")
                .unwrap_err()
                .to_string()
                .contains("takes no arguments")
        );
        assert!(
            parsed("save")
                .unwrap_err()
                .to_string()
                .contains("needs a file name")
        );
        assert!(parsed("seed x").is_err());
        assert!(parsed("set colour red").is_err());
    }

    #[test]
    fn help_covers_every_listed_command() {
        let text = help(None).unwrap();
        for spec in COMMANDS.iter().filter(|s| s.audience != Audience::Protocol) {
            assert!(text.contains(spec.name), "{}", spec.name);
            assert!(help(Some(spec.name)).is_ok());
        }
        assert!(help(Some("fly")).is_err());
    }

    #[test]
    fn file_names_take_quotes_and_the_home_folder() {
        assert_eq!(parsed("save game.txt"), Ok(Command::Save("game.txt".into())));
        assert_eq!(
            parsed("save \"my game.txt\""),
            Ok(Command::Save("my game.txt".into()))
        );
        assert_eq!(parsed("load 'a b'"), Ok(Command::Load("a b".into())));
        let home = dirs::home_dir().unwrap();
        assert_eq!(
            parsed("load ~/games/a.txt"),
            Ok(Command::Load(
                home.join("games/a.txt").to_string_lossy().into_owned()
            ))
        );
        assert!(
            parsed("save my game.txt")
                .unwrap_err()
                .to_string()
                .contains("quote")
        );
        assert!(parsed("save \"open").unwrap_err().to_string().contains("quote"));
    }

    #[test]
    fn help_speaks_the_notation_of_the_game() {
        let ur = help_for(Some("play"), GameKind::Ur).unwrap();
        assert!(ur.contains("'play in-c1'"), "{ur}");
        assert!(!ur.contains("24/18"), "{ur}");
        let aeroplane = help_for(None, GameKind::Aeroplane).unwrap();
        assert!(aeroplane.contains("'play r2'"), "{aeroplane}");
        assert!(aeroplane.contains("'dice 5'"), "{aeroplane}");
        let mnogoboy = help_for(Some("play"), GameKind::Mnogoboy).unwrap();
        assert!(mnogoboy.contains("'play swap green'"), "{mnogoboy}");
        assert!(help_for(Some("dice"), GameKind::Ur).unwrap().contains("'dice 2'"));
        assert!(!help_for(None, GameKind::Nardy).unwrap().contains('{'));
    }

    #[test]
    fn every_example_is_written_in_its_game() {
        for &kind in GameKind::ALL {
            // The examples are for the game proper, past the roll-off.
            let options = crate::core::Options::defaults(kind.info().options);
            let mut session = crate::app::session::Session::new(kind, &options, 1).unwrap();
            while session.status().ends_with("rolloff") {
                session.roll().unwrap();
            }
            let game = session.game();
            let examples = examples(kind);
            for text in examples.moves {
                assert!(game.parse_move(text).is_ok(), "{}: {text}", kind.info().id);
            }
            let dice: Vec<u8> = examples.dice.split(' ').map(|d| d.parse().unwrap()).collect();
            assert!(
                game.parse_dice(&dice).is_ok(),
                "{}: {}",
                kind.info().id,
                examples.dice
            );
            let words: Vec<String> = examples.new.split(' ').map(String::from).collect();
            assert_eq!(words[1], kind.info().id);
            assert!(crate::app::session::resolve_game(kind, Some(&words[1]), &words[2..]).is_ok());
        }
    }

    #[test]
    fn help_lines_fit_80_columns() {
        for &kind in GameKind::ALL {
            let mut texts = vec![help_for(None, kind).unwrap()];
            texts.extend(COMMANDS.iter().map(|c| help_for(Some(c.name), kind).unwrap()));
            for line in texts.iter().flat_map(|t| t.lines()) {
                assert!(
                    line.chars().count() <= 80,
                    "{} columns: {line}",
                    line.chars().count()
                );
            }
        }
    }

    #[test]
    fn view_and_rules() {
        assert_eq!(parsed("view compact"), Ok(Command::View(ViewChoice::Compact)));
        assert_eq!(parsed("VIEW board"), Ok(Command::View(ViewChoice::Board)));
        assert!(parsed("view").is_err());
        assert_eq!(parsed("rules"), Ok(Command::Rules(None)));
        assert!(rules_text(GameKind::Ur, None).unwrap().contains("Ur"));
        assert!(
            rules_text(GameKind::Nardy, Some("mnogoboy"))
                .unwrap()
                .starts_with("MNOGOBOY")
        );
        assert!(rules_text(GameKind::Nardy, Some("chess")).is_err());
    }

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("roll", "roll"), 0);
        assert_eq!(edit_distance("rol", "roll"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("saev", "save"), 1);
        assert_eq!(edit_distance("swap", "seat"), 2);
    }
}
