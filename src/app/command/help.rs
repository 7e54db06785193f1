//! The texts of the commands that ask for text: help, rules, the game and command lists.

use super::Command;
use super::table::{Audience, COMMANDS, CommandSpec, HelpExamples, PROTOCOL_COMMANDS, examples, fill};
use crate::app::protocol::PROTOCOL_VERSION;
use crate::games::GameKind;

/// The reply to a command that does not depend on any game (the lists, names and
/// versions), or `None` for the other commands.
pub fn info_reply(command: &Command) -> Option<String> {
    Some(match command {
        Command::ListGames => games_table(),
        Command::ListCommands => PROTOCOL_COMMANDS.join("\n"),
        Command::IsKnown(name) => PROTOCOL_COMMANDS.contains(&name.as_str()).to_string(),
        Command::ProtocolVersion => PROTOCOL_VERSION.to_string(),
        Command::Name => "tabula".to_string(),
        Command::Version => env!("CARGO_PKG_VERSION").to_string(),
        _ => return None,
    })
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

/// The rules of `kind`, without trailing blanks.
pub fn rules_text(kind: GameKind) -> String {
    kind.info().rules.trim_end().to_string()
}

/// The help text, all commands or one in detail, with examples in `kind`'s notation.
pub fn help_for(topic: Option<&CommandSpec>, kind: GameKind) -> String {
    help_text(topic, &examples(kind), |_| true)
}

/// The help of `tabula engine`: as [`help_for`], without the table's commands (`seat`,
/// `resign`), which the engine refuses; `None` for the help of one of those.
pub fn engine_help(topic: Option<&CommandSpec>, kind: GameKind) -> Option<String> {
    let offered = |spec: &CommandSpec| spec.audience != Audience::Table;
    if topic.is_some_and(|spec| !offered(spec)) {
        return None;
    }
    Some(help_text(topic, &examples(kind), offered))
}

/// All commands for which `listed` holds (in one line each), or one in detail.
fn help_text(
    topic: Option<&CommandSpec>,
    examples: &HelpExamples,
    listed: impl Fn(&CommandSpec) -> bool,
) -> String {
    let Some(spec) = topic else {
        let mut text = String::from("Commands (a move typed alone is played):\n");
        for spec in COMMANDS
            .iter()
            .filter(|s| s.audience != Audience::Protocol && listed(s))
        {
            let usage = format!("{} {}", spec.name, spec.args);
            text.push_str(&format!(
                "  {:<24}{}\n",
                usage.trim_end(),
                fill(examples, spec.summary)
            ));
        }
        text.push_str("Type 'help COMMAND' for more on one command, 'rules' for the rules.");
        return text;
    };
    let mut text = format!("{} {}\n  {}", spec.name, spec.args, fill(examples, spec.summary));
    if !spec.aliases.is_empty() {
        text.push_str(&format!("\n  Also: {}", spec.aliases.join(", ")));
    }
    // The details are one paragraph, filled to fit 80 columns under the indent.
    let details = fill(examples, spec.details).replace('\n', " ");
    for line in crate::core::wrap_words(&details, 76)
        .into_iter()
        .filter(|l| !l.is_empty())
    {
        text.push_str("\n  ");
        text.push_str(&line);
    }
    text.replace(" \n", "\n")
}
