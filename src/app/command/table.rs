//! The table of commands: names, aliases, help lines, who sees them, and the examples
//! that make help speak the game being played; and what looks a name up in it (the
//! reader of `help COMMAND`, the nearest command to a word that is none).

use super::Command;
use super::args::{self, Args, Parsed};
use crate::app::session::CommandError;
pub use crate::core::HelpExamples;
use crate::core::SyntaxError;
use crate::games::GameKind;

/// The help examples for a game: each game gives its own in its
/// [`crate::core::GameInfo`].
pub fn examples(kind: GameKind) -> HelpExamples {
    kind.info().examples
}

/// `text` with the placeholders `{move}`, `{moves}`, `{dice}`, `{dice_rule}`, `{new}`,
/// `{notation}` and `{seat}` filled in from `examples`.
pub(super) fn fill(examples: &HelpExamples, text: &str) -> String {
    let quoted: Vec<String> = examples.moves.iter().map(|m| format!("'{m}'")).collect();
    text.replace("{moves}", &quoted.join(", "))
        .replace("{move}", examples.moves[0])
        .replace("{dice_rule}", examples.dice_rule)
        .replace("{dice}", examples.dice)
        .replace("{new}", examples.new)
        .replace("{notation}", examples.notation)
        .replace("{seat}", examples.seat)
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

/// When in a game a command makes sense: Tab offers it only then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// In every phase.
    Always,
    /// Before the dice are thrown (`roll`, `dice`).
    ToRoll,
    /// Until the game is over (`play`, `hint`...).
    InPlay,
}

/// What Tab offers after a command's name in the REPL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// Nothing.
    Nothing,
    /// The legal moves (`play`).
    Moves,
    /// A game id, then the game's option keys and their values (`new`).
    GameOptions,
    /// A file name (`save`, `load`).
    FileName,
    /// A command name (`help`).
    CommandName,
    /// A game id (`rules`).
    GameId,
    /// One of these words (`view`).
    Words(&'static [&'static str]),
    /// `bot`, then a bot's name (`set`).
    BotSetting,
    /// A seat, then a player (`seat`).
    SeatPlayer,
}

/// One command of the language: everything about it is said here, once, so that a
/// command cannot be listed without its reader.
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
    /// When Tab offers it.
    pub offered: Offered,
    /// What Tab offers for its arguments.
    pub completion: Completion,
    /// Reads its arguments.
    pub(super) parse: fn(&Args) -> Parsed,
}

/// Commands are the same when their names are: the name is unique in [`COMMANDS`].
impl PartialEq for CommandSpec {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for CommandSpec {}

/// Every command, in the order `help` lists them.
pub static COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "roll",
        aliases: &[],
        args: "",
        summary: "roll the dice for the seat to roll",
        details: "The dice come from the seeded source (--seed), so a game replays exactly.\nUse 'dice' to enter dice you rolled yourself.",
        audience: Audience::Everyone,
        offered: Offered::ToRoll,
        completion: Completion::Nothing,
        parse: args::roll,
    },
    CommandSpec {
        name: "dice",
        aliases: &[],
        args: "D...",
        summary: "enter your own dice, e.g. 'dice {dice}'",
        details: "Sets the dice for the seat to roll instead of rolling: use it to play with\nreal dice. {dice_rule}",
        audience: Audience::Everyone,
        offered: Offered::ToRoll,
        completion: Completion::Nothing,
        parse: args::dice,
    },
    CommandSpec {
        name: "legal",
        aliases: &["moves"],
        args: "",
        summary: "list the legal moves",
        details: "One move per line, written exactly as 'play' accepts it; 'pass' when nothing can be\nplayed. Before a roll the list is 'roll' and any actions allowed before rolling.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Legal),
    },
    CommandSpec {
        name: "play",
        aliases: &[],
        args: "MOVE",
        summary: "play a move, e.g. 'play {move}'",
        details: "A move typed alone is played too: {moves}.\n{notation}\nA move not allowed here is refused with the reason and the legal moves;\nthe game does not change. 'legal' lists the moves with what each does.",
        audience: Audience::Everyone,
        offered: Offered::InPlay,
        completion: Completion::Moves,
        parse: args::play,
    },
    CommandSpec {
        name: "undo",
        aliases: &["takeback"],
        args: "",
        summary: "take back your last move (the dice stay as they fell)",
        details: "In the REPL, undo goes back to your own last move: the bots' moves after it\nare taken back too, and so are passes you had to make. Undo never changes\nluck: the dice rewind with the game, so the same moves bring the same dice.\nIn the engine protocol it takes back the last roll, dice or move (and the\ndice rewind too). With nothing to take back, undo says so and changes nothing.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Undo),
    },
    CommandSpec {
        name: "board",
        aliases: &["showboard", "show"],
        args: "",
        summary: "show the board",
        details: "The board as it stands. The lines above and under it say in words what each\nletter and mark on it means; 'rules' explains the game itself, and 'view\ncompact' lists the same position, one line per player.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Board),
    },
    CommandSpec {
        name: "view",
        aliases: &[],
        args: "board|compact",
        summary: "show the full board or the short list view",
        details: "The REPL picks the short view by itself when the terminal has too few rows\nfor the board; 'view board' or 'view compact' (or --compact) decides instead.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Words(&["board", "compact"]),
        parse: args::view,
    },
    CommandSpec {
        name: "rules",
        aliases: &[],
        args: "[GAME]",
        summary: "print the rules of this game (or of GAME)",
        details: "The same text as 'tabula rules GAME', with what tabula decides where the\noriginal rules are silent.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::GameId,
        parse: args::rules,
    },
    CommandSpec {
        name: "hint",
        aliases: &[],
        args: "[N|--rollout G]",
        summary: "the N best choices with win chances (not played)",
        details: "Each choice with the win probability of the seat to act after it (nardy: also the\nequity, points won minus lost per game) and how far it falls behind the best. The\nREPL shows 3 unless N is given; the engine protocol's plain 'hint' is the best move\nalone, 'hint N' gives N lines 'MOVE win=P [equity=E]'. Uses the bot chosen with\n'set bot NAME' (best unless changed). 'hint --rollout G' plays bot:net's best 5\nmoves out G times each on the same dice, the luck cancelled, and shows each one's\nwin, big wins and equity with 95% intervals (as 'tabula rollout' does).",
        audience: Audience::Everyone,
        offered: Offered::InPlay,
        completion: Completion::Nothing,
        parse: args::hint,
    },
    CommandSpec {
        name: "evaluate",
        aliases: &["eval"],
        args: "",
        summary: "each seat's win chance now (nardy: and equity)",
        details: "With three or more seats, the win chance is the chance of finishing first. The\nvalues are the hint bot's ('set bot NAME').",
        audience: Audience::Everyone,
        offered: Offered::InPlay,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Evaluate),
    },
    CommandSpec {
        name: "genmove",
        aliases: &[],
        args: "",
        summary: "let the built-in bot play for the seat to move",
        details: "Prints the move. Before a roll it prints 'roll' when the bot wants to roll\n(the bot never rolls; roll or enter dice next) or plays an action allowed before rolling.",
        audience: Audience::Everyone,
        offered: Offered::InPlay,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Genmove),
    },
    CommandSpec {
        name: "new",
        aliases: &["newgame"],
        args: "[GAME] [KEY=VALUE]",
        summary: "start a game, e.g. '{new}'",
        details: "Without GAME, a new game of the same kind, with the same options and seats;\nKEY=VALUE changes an option, SEAT=PLAYER a seat (e.g. 'new black=human').\nAnother GAME starts with its default options. In a terminal, asks first if\nthe game in progress is not saved.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::GameOptions,
        parse: args::new,
    },
    CommandSpec {
        name: "save",
        aliases: &[],
        args: "FILE",
        summary: "save the game record to FILE",
        details: "The record is a script of commands: the game, the seed, every roll and move.\nIt is written to a temporary file and renamed, so a failed save keeps the\nold file. In a terminal, asks before replacing a file that exists.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::FileName,
        parse: args::save,
    },
    CommandSpec {
        name: "load",
        aliases: &[],
        args: "FILE [GAME]",
        summary: "load a game saved with 'save' (undo goes back in it)",
        details: "Every move and every thrown roll in the file is checked again, and its seal\n(the 'end' line) must match: a damaged file is refused and changes nothing;\n'load --force FILE' loads as much as checks out and says where it stopped. A\nfile of several games (tabula match --records) loads its first, or game GAME:\n'load games.txt 7'. In a terminal, asks first if the game in progress is not\nsaved.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::FileName,
        parse: args::load,
    },
    CommandSpec {
        name: "status",
        aliases: &[],
        args: "",
        summary: "one line: whose turn and what to do, or the result",
        details: "'turn SEAT roll', 'turn SEAT move DICE' or 'over PLACES'.\n'turn SEAT roll rolloff' is a roll of the roll-off that decides who starts.\n'over' lists the seats of each finishing place, the last place left out:\n'over white', or 'over blue red yellow' when green came fourth.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Status),
    },
    CommandSpec {
        name: "getpos",
        aliases: &["position"],
        args: "",
        summary: "print the position as a one-line string",
        details: "",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::GetPos),
    },
    CommandSpec {
        name: "setpos",
        aliases: &[],
        args: "STRING",
        summary: "set the position from a string printed by 'getpos'",
        details: "The string is checked; a bad one is refused with the reason and changes nothing.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: args::setpos,
    },
    CommandSpec {
        name: "result",
        aliases: &[],
        args: "",
        summary: "how the game ended",
        details: "At the table, in sentences. In the engine protocol one line per seat:\nSEAT PLACE POINTS, then the summary.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Result),
    },
    CommandSpec {
        name: "seed",
        aliases: &[],
        args: "N",
        summary: "restart the dice stream from seed N",
        details: "",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: args::seed,
    },
    CommandSpec {
        name: "set",
        aliases: &[],
        args: "bot|tutor VALUE",
        summary: "choose the bot for hint and genmove, or the tutor",
        details: "e.g. 'set bot greedy' or 'set bot expectimax:2'. 'set tutor error' (doubtful,\nerror, blunder or off) warns before a move of yours that analysis would class\nso or worse, with what it costs and the bot's move instead; in a terminal it\nasks to confirm, from a pipe it only warns.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::BotSetting,
        parse: args::set,
    },
    CommandSpec {
        name: "seat",
        aliases: &[],
        args: "SEAT PLAYER",
        summary: "change who plays a seat, e.g. 'seat {seat} bot:random'",
        details: "SEAT is a seat's name or number (from 1); PLAYER is human, bot:random,\nbot:greedy or engine:COMMAND. The game goes on from where it stands.",
        audience: Audience::Table,
        offered: Offered::Always,
        completion: Completion::SeatPlayer,
        parse: args::seat,
    },
    CommandSpec {
        name: "resign",
        aliases: &[],
        args: "",
        summary: "concede the game to your opponents",
        details: "With two seats the other seat wins; with more, you take the last place and\nthe others share the first. Long Nardy: the opponent scores what the game\nwould be worth if it ended now (see 'tabula rules nardy'); in a match the\nnext game starts unless that wins the match. 'undo' takes it back.",
        audience: Audience::Table,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Resign),
    },
    CommandSpec {
        name: "redo",
        aliases: &[],
        args: "",
        summary: "play again what undo took back",
        details: "Undo keeps what it takes back: redo plays it again exactly, with the same\ndice. Any other move forgets it, as a new line of play.",
        audience: Audience::Table,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Redo),
    },
    CommandSpec {
        name: "goto",
        aliases: &[],
        args: "TURN",
        summary: "go to a turn by its number, e.g. 'goto 12'",
        details: "Turns are numbered from 1 after the roll-off, as 'tabula replay' and\n'tabula analyse' number them: 'load FILE' then 'goto 12' puts the game where\nturn 12's move is to be chosen, its dice thrown; hint, evaluate and play go on\nfrom there, and undo and redo walk the game.",
        audience: Audience::Table,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: args::goto,
    },
    CommandSpec {
        name: "review",
        aliases: &[],
        args: "[--bot NAME]",
        summary: "analyse the game so far, then show its mistakes",
        details: "Each decision of the seats played here is classed as 'tabula analyse' classes\nit (doubtful, error, blunder), with each side's luck; then every mistake is\nshown with its board, the move played, the best move and what it cost (in a\nterminal one at a time: Enter shows the next, q goes back to the table). It\nuses bot:best unless --bot names another; Ctrl-C stops it with what it has.",
        audience: Audience::Table,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: args::review,
    },
    CommandSpec {
        name: "go",
        aliases: &[],
        args: "",
        summary: "let a bot stopped by Ctrl-C think again",
        details: "Ctrl-C while a bot or engine thinks stops it before it moves and gives you\nthe prompt with the game as it was: save, hint, undo or change the seat, then\n'go' to let it think again.",
        audience: Audience::Table,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Go),
    },
    CommandSpec {
        name: "help",
        aliases: &["?"],
        args: "[COMMAND]",
        summary: "list the commands, or explain one",
        details: "",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::CommandName,
        parse: help,
    },
    CommandSpec {
        name: "quit",
        aliases: &["exit", "q"],
        args: "",
        summary: "leave",
        details: "In the REPL, asks first if the game is in progress and unsaved.",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Quit),
    },
    CommandSpec {
        name: "list_games",
        aliases: &["games"],
        args: "",
        summary: "the games: id, seats, options",
        details: "",
        audience: Audience::Everyone,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::ListGames),
    },
    CommandSpec {
        name: "protocol_version",
        aliases: &[],
        args: "",
        summary: "the engine protocol version (1)",
        details: "",
        audience: Audience::Protocol,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::ProtocolVersion),
    },
    CommandSpec {
        name: "name",
        aliases: &[],
        args: "",
        summary: "the engine's name",
        details: "",
        audience: Audience::Protocol,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Name),
    },
    CommandSpec {
        name: "version",
        aliases: &[],
        args: "",
        summary: "the engine's version",
        details: "",
        audience: Audience::Protocol,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::Version),
    },
    CommandSpec {
        name: "list_commands",
        aliases: &[],
        args: "",
        summary: "every command, one per line",
        details: "",
        audience: Audience::Protocol,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: |args| args.none(Command::ListCommands),
    },
    CommandSpec {
        name: "known_command",
        aliases: &[],
        args: "NAME",
        summary: "'true' if NAME is a command, else 'false'",
        details: "",
        audience: Audience::Protocol,
        offered: Offered::Always,
        completion: Completion::Nothing,
        parse: args::known_command,
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

/// `help [COMMAND]`.
fn help(args: &Args) -> Parsed {
    Ok(Command::Help(match args.rest {
        "" => None,
        topic => Some(help_topic(topic)?),
    }))
}

/// The command `help NAME` is about.
fn help_topic(name: &str) -> Result<&'static CommandSpec, CommandError> {
    find_command(name).ok_or_else(|| unknown(name, None))
}

/// The error for a word that is neither a command nor a move: the nearest command if one
/// is close, else the move's syntax error when the first word looks like the start of a
/// move (it has a digit or a `/`: `24/30`, `r9`, `in-c9`), else an unknown command
/// (`komi 6.5` is not a move attempt: its digits are an argument).
pub(super) fn unknown(word: &str, move_error: Option<SyntaxError>) -> CommandError {
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
    if let Some(move_error) = move_error.filter(|_| looks_like_move) {
        return CommandError::from(move_error);
    }
    CommandError::UnknownCommand {
        name: word.to_string(),
        hint: None,
    }
}

fn canonical_name(name: &str) -> &'static str {
    find_command(name).map_or("help", |spec| spec.name)
}
