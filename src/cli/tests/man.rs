//! The man pages: they render without warnings and document every subcommand and game.

use std::path::Path;
use std::process::Command;

use crate::app::command::{Audience, COMMANDS, PROTOCOL_COMMANDS, find_command};
use crate::cli::Cli;
use crate::games::GameKind;
use clap::CommandFactory;

fn page_path(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("man").join(name)
}

fn page(name: &str) -> String {
    let path = page_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Renders with groff when the machine has it; warnings (-ww) fail the test.
fn render(name: &str) -> Option<String> {
    let output = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-rLL=80n", "-P-cbou"])
        .arg(page_path(name))
        .output()
        .ok()?;
    assert!(output.status.success(), "groff failed on {name}");
    let warnings = String::from_utf8_lossy(&output.stderr);
    assert!(
        warnings.trim().is_empty(),
        "groff warns about {name}:\n{warnings}"
    );
    Some(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The page's source, and its text as a reader sees it: groff's rendering, or without
/// groff the source with its hyphens unescaped.
fn source_and_rendering(name: &str) -> (String, String) {
    let source = page(name);
    let rendered = render(name).unwrap_or_else(|| source.replace("\\-", "-"));
    (source, rendered)
}

/// Those of `wanted` that `text` does not hold: a failing check names them all at once.
fn missing<S: AsRef<str>>(text: &str, wanted: impl IntoIterator<Item = S>) -> Vec<S> {
    wanted
        .into_iter()
        .filter(|w| !text.contains(w.as_ref()))
        .collect()
}

/// The command names `tabula-protocol(5)` documents: the bold words of each `.TP` entry
/// of its COMMANDS section.
pub(super) fn documented_commands() -> Vec<String> {
    let page = page("tabula-protocol.5");
    let section = page
        .split("\n.SH COMMANDS\n")
        .nth(1)
        .and_then(|rest| rest.split("\n.SH ").next())
        .expect("a COMMANDS section");
    let mut names = Vec::new();
    let mut lines = section.lines();
    while let Some(line) = lines.next() {
        if line != ".TP" {
            continue;
        }
        let entry = lines.next().unwrap_or_default();
        let (macro_name, args) = entry.split_once(' ').unwrap_or((entry, ""));
        let tokens = man_tokens(args);
        let bold: Vec<&String> = match macro_name {
            ".B" => tokens.iter().collect(),
            ".BR" | ".BI" => tokens.iter().step_by(2).collect(),
            other => panic!("unexpected entry {other} in COMMANDS"),
        };
        for token in bold {
            if let Some(word) = token.split_whitespace().next().filter(|w| !w.starts_with('\\')) {
                names.push(word.replace("\\-", "-"));
            }
        }
    }
    names
}

/// The arguments of a man macro: words, or "quoted strings".
fn man_tokens(args: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut rest = args.trim();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            tokens.push(quoted[..end].to_string());
            rest = quoted.get(end + 1..).unwrap_or("").trim_start();
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            tokens.push(rest[..end].to_string());
            rest = rest[end..].trim_start();
        }
    }
    tokens
}

#[test]
fn tabula_6_has_the_sections_of_a_real_man_page() {
    let text = page("tabula.6");
    assert!(text.starts_with(".TH TABULA 6 "));
    let sections = [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "COMMANDS",
        "OPTIONS",
        "RULES",
        "FILES",
        "EXAMPLES",
    ];
    let lacking = missing(&text, sections.map(|section| format!("\n.SH {section}\n")));
    assert!(lacking.is_empty(), "no sections {lacking:?}");
}

#[test]
fn tabula_6_renders_and_names_every_subcommand_and_game() {
    let (source, rendered) = source_and_rendering("tabula.6");
    // Justified text may stretch spaces; compare words.
    let rendered = rendered.split_whitespace().collect::<Vec<_>>().join(" ");
    for sub in Cli::command().get_subcommands() {
        let name = sub.get_name();
        // Hidden commands (drawing the documentation's pictures) are for maintainers.
        if name == "help" || sub.is_hide_set() {
            continue;
        }
        assert!(
            rendered.contains(&format!("tabula {name}")),
            "SYNOPSIS lacks 'tabula {name}'"
        );
        assert!(
            source.contains(&format!("\n.B {name}\n")),
            "COMMANDS lacks {name}"
        );
    }
    for kind in GameKind::ALL {
        let id = kind.info().id;
        assert!(source.contains(&format!(".B {id}\n")), "GAMES lacks {id}");
        assert!(
            source.contains(&format!("({id})")),
            "RULES lacks a subsection for {id}"
        );
    }
}

#[test]
fn the_protocol_page_renders_and_documents_every_protocol_command() {
    let (source, rendered) = source_and_rendering("tabula-protocol.5");
    assert!(source.starts_with(".TH TABULA\\-PROTOCOL 5 "));
    // Every command the engine lists, and every command for controllers in the table,
    // has an entry of its own in COMMANDS; every entry is a command.
    let documented = documented_commands();
    let known = PROTOCOL_COMMANDS.iter().copied().chain(
        COMMANDS
            .iter()
            .filter(|spec| spec.audience == Audience::Protocol)
            .map(|spec| spec.name),
    );
    let lacking: Vec<&str> = known
        .filter(|name| !documented.iter().any(|entry| entry == name))
        .collect();
    assert!(
        lacking.is_empty(),
        "the protocol page's COMMANDS lack entries for {lacking:?}"
    );
    for name in &documented {
        assert!(
            find_command(name).is_some(),
            "{name} is documented but not a command"
        );
        assert!(rendered.contains(name.as_str()), "{name} does not render");
    }
    let errors = ["unknown command", "syntax error", "illegal move", "wrong phase"];
    let lacking = missing(&rendered, errors);
    assert!(
        lacking.is_empty(),
        "the protocol page lacks the errors {lacking:?}"
    );
    let forfeits = [
        "start",
        "handshake",
        "crash",
        "timeout",
        "garbage",
        "illegal move",
        "lost sync",
    ];
    let lacking = missing(&rendered, forfeits);
    assert!(
        lacking.is_empty(),
        "the protocol page lacks the forfeits {lacking:?}"
    );
}

#[test]
fn tabula_6_documents_every_option_of_play_and_every_repl_command() {
    let source = page("tabula.6");
    let synopsis = &source[source.find(".SH SYNOPSIS").unwrap()..source.find("\n.B engine\n").unwrap()];
    let options = &source[source.find(".SH OPTIONS").unwrap()..source.find(".SH REPL COMMANDS").unwrap()];
    let help = Cli::command()
        .find_subcommand_mut("play")
        .unwrap()
        .render_long_help()
        .to_string();
    let flags: Vec<&str> = help
        .split_whitespace()
        .filter(|w| w.starts_with("--") && *w != "--help")
        .map(|w| w.trim_end_matches(','))
        .collect();
    assert!(
        flags.contains(&"--color") && flags.contains(&"--compact"),
        "{flags:?}"
    );
    for flag in flags {
        let roff = flag.replace('-', "\\-");
        assert!(synopsis.contains(&roff), "SYNOPSIS of play lacks {flag}");
        assert!(options.contains(&roff), "OPTIONS lacks {flag}");
    }
    let repl = &source[source.find(".SH REPL COMMANDS").unwrap()..source.find(".SH GAMES").unwrap()];
    // Every command the REPL's help lists: those for everyone and the table's own.
    let commands = crate::app::command::COMMANDS
        .iter()
        .filter(|c| c.audience != crate::app::command::Audience::Protocol)
        .map(|c| c.name);
    for name in commands {
        // Its own entry, or a second name in one (`.BR getpos ", " setpos`).
        let entry = [".B ", ".BI ", ".BR "]
            .iter()
            .any(|m| repl.contains(&format!("\n.TP\n{m}{name}")))
            || repl.contains(&format!("\", \" {name}"));
        assert!(entry, "REPL COMMANDS lacks an entry for {name}");
    }
}

#[test]
fn the_seat_and_player_options_point_to_the_bots_and_the_guide_names_them() {
    let man = page("tabula.6");
    let item = |start: &str| {
        let from = man.find(start).unwrap_or_else(|| panic!("no {start}"));
        let rest = &man[from..];
        rest[..rest.find("\n.TP").unwrap()].replace("\\-", "-")
    };
    // The --seat and --player items point to the BOTS section, which names every bot.
    for option in [".BI \\-\\-seat ", ".BI \\-\\-player "] {
        let text = item(option);
        assert!(
            text.contains(".BR BOTS"),
            "{option} does not point to BOTS:\n{text}"
        );
    }
    let guide =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/playing.md")).unwrap();
    let guide_seat = guide
        .lines()
        .find(|l| l.starts_with("| `--seat SEAT=PLAYER`"))
        .unwrap();
    for bot in crate::ai::roster::BOT_NAMES {
        assert!(
            guide_seat.contains(&format!("bot:{bot}")),
            "docs/playing.md --seat does not name bot:{bot}:\n{guide_seat}"
        );
    }
}

/// The text after each `--help`, as clap shows it in an 80-column terminal or a pipe.
fn after_helps() -> Vec<(String, String)> {
    let top = Cli::command();
    let mut texts = vec![("tabula".to_string(), top.get_after_help().map(|t| t.to_string()))];
    for sub in top.get_subcommands() {
        texts.push((
            sub.get_name().to_string(),
            sub.get_after_help().map(|t| t.to_string()),
        ));
    }
    texts
        .into_iter()
        .filter_map(|(name, text)| text.map(|text| (name, text)))
        .collect()
}

#[test]
fn the_notes_after_each_help_fit_80_columns() {
    // A longer line is wrapped again by clap, leaving a ragged short line after it.
    for (name, text) in after_helps() {
        for line in text.lines() {
            assert!(line.chars().count() < 80, "{name} --help: {line:?}");
        }
    }
}

#[test]
fn the_help_and_the_man_page_name_every_bot_engine_command_and_solvable_game() {
    // The lists are made from the roster, the command table and the solvers: these are
    // the places each must reach, with its words unbroken but for line ends.
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let man = words(&page("tabula.6").replace("\\-", "-"));
    let command = Cli::command();
    let help = |name: &str| {
        let sub = command.find_subcommand(name).unwrap();
        let mut text = sub.get_after_help().map(|t| t.to_string()).unwrap_or_default();
        for arg in sub.get_arguments() {
            text.push_str(&arg.get_help().map(|t| t.to_string()).unwrap_or_default());
        }
        words(&text)
    };
    let bots = super::super::notes::bot_list();
    let commands = super::super::notes::engine_command_list();
    let solvable = super::super::notes::solvable_list();
    for (list, subcommands) in [
        (&bots, ["play", "match"].as_slice()),
        (&commands, &["engine"]),
        (&solvable, &["solve"]),
    ] {
        assert!(man.contains(list.as_str()), "tabula.6 lacks '{list}'");
        for name in subcommands {
            let text = help(name);
            assert!(
                text.contains(list.as_str()),
                "{name} --help lacks '{list}':\n{text}"
            );
        }
    }
    for bot in crate::ai::roster::BOT_NAMES {
        assert!(
            bots.contains(&format!("bot:{bot}")),
            "the bot list lacks bot:{bot}"
        );
    }
    for name in crate::app::command::PROTOCOL_COMMANDS {
        assert!(
            commands.split(", ").any(|c| c.split(' ').next() == Some(name)),
            "the engine's commands lack {name}"
        );
    }
    assert!(solvable.contains("ur with rules=finkel"), "{solvable}");
}
#[test]
fn the_game_arguments_that_list_the_games_list_every_game() {
    let ids: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.info().id).collect();
    // GameChoice's GAME (play, match, train and the others), and drill's.
    for name in ["play", "match", "drill"] {
        let command = Cli::command();
        let sub = command.find_subcommand(name).unwrap();
        let game = sub.get_arguments().find(|arg| arg.get_id() == "game").unwrap();
        let help = game.get_help().map(ToString::to_string).unwrap_or_default();
        let lacking = missing(&help, &ids);
        assert!(lacking.is_empty(), "{name} GAME lacks {lacking:?}: {help}");
    }
}

#[test]
fn the_committed_pages_are_what_tabula_man_prints() {
    for name in super::super::man::page_names() {
        let file = match name {
            "tabula" => "tabula.6",
            _ => "tabula-protocol.5",
        };
        let generated = super::super::man::render_page(name).unwrap();
        assert!(
            page(file) == generated,
            "man/{file} is not what 'tabula man {name}' prints (its template is \
             src/cli/man/{file}.in; the rules, options and bot:best come from the games).\n\
             Regenerate it with: cargo run -- man {name} > man/{file}"
        );
    }
}

#[test]
fn the_rules_section_holds_every_games_rules_text() {
    let source = page("tabula.6");
    for kind in GameKind::ALL {
        let info = kind.info();
        // Every line of rules.txt but its title is in the page, escaped for roff.
        for line in info
            .rules
            .lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty() && !l.starts_with("==="))
        {
            let roff = line.replace('\\', "\\e").replace('-', "\\-");
            assert!(
                source.contains(&roff),
                "tabula.6 lacks this line of {}'s rules: {line}",
                info.id
            );
        }
    }
}

const BEST_MARKER: &str = "<!-- generated: bot-best -->";
const GENERATED_END: &str = "<!-- end generated -->";

/// The texts between the marker lines of the generated `bot:best` tables in a file.
fn generated_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(BEST_MARKER) {
        let after = &rest[start + BEST_MARKER.len()..];
        let after = after.strip_prefix('\n').unwrap_or(after);
        let end = after
            .find(GENERATED_END)
            .unwrap_or_else(|| panic!("'{BEST_MARKER}' has no '{GENERATED_END}' after it"));
        blocks.push(after[..end].to_string());
        rest = &after[end + GENERATED_END.len()..];
    }
    blocks
}

#[test]
fn the_bot_best_tables_in_the_docs_are_the_rosters() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    if let Ok(entries) = std::fs::read_dir(root.join("docs")) {
        let mut guides: Vec<_> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        guides.sort();
        files.extend(guides);
    }
    let expected = crate::app::docs::best_markdown();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let blocks = generated_blocks(&text);
        if file.ends_with("README.md") {
            assert!(!blocks.is_empty(), "README.md has no '{BEST_MARKER}' block");
        }
        for block in blocks {
            assert!(
                block == expected,
                "the bot:best table in {} is not the roster's; replace the lines between \
                 '{BEST_MARKER}' and '{GENERATED_END}' with ('cargo run -- man \
                 --bot-best-markdown' prints them):\n{expected}",
                file.display()
            );
        }
    }
}

#[test]
fn blocks_are_found_between_their_markers() {
    let text = format!("a\n{BEST_MARKER}\n| x |\n{GENERATED_END}\nb\n{BEST_MARKER}\ny\n{GENERATED_END}\n");
    assert_eq!(generated_blocks(&text), vec!["| x |\n", "y\n"]);
}

#[test]
fn the_readme_and_the_strength_guide_name_every_bot_of_the_roster() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in ["README.md", "docs/strength.md"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let missing: Vec<&str> = crate::ai::roster::BOT_NAMES
            .iter()
            .copied()
            .filter(|name| !text.contains(&format!("`bot:{name}")))
            .collect();
        assert!(missing.is_empty(), "{file} does not name these bots: {missing:?}");
    }
}
