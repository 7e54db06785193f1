//! The man pages: they render without warnings and document every subcommand and game.

use std::path::Path;
use std::process::Command;

use clap::CommandFactory;
use tabula::cli::Cli;
use tabula::games::GameKind;

fn page(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("man").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Renders with groff when the machine has it; warnings (-ww) fail the test.
fn render(name: &str) -> Option<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("man").join(name);
    let output = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-rLL=80n", "-P-cbou"])
        .arg(&path)
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

#[test]
fn tabula_6_has_the_sections_of_a_real_man_page() {
    let text = page("tabula.6");
    assert!(text.starts_with(".TH TABULA 6 "));
    for section in [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "COMMANDS",
        "OPTIONS",
        "RULES",
        "FILES",
        "EXAMPLES",
    ] {
        assert!(
            text.contains(&format!("\n.SH {section}\n")),
            "no {section} section"
        );
    }
}

#[test]
fn tabula_6_renders_and_names_every_subcommand_and_game() {
    let source = page("tabula.6");
    let rendered = render("tabula.6").unwrap_or_else(|| source.replace("\\-", "-"));
    // Justified text may stretch spaces; compare words.
    let rendered = rendered.split_whitespace().collect::<Vec<_>>().join(" ");
    for sub in Cli::command().get_subcommands() {
        let name = sub.get_name();
        if name == "help" {
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
    let source = page("tabula-protocol.5");
    assert!(source.starts_with(".TH TABULA\\-PROTOCOL 5 "));
    let rendered = render("tabula-protocol.5").unwrap_or_else(|| source.replace("\\-", "-"));
    for command in [
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
        "undo",
        "showboard",
        "getpos",
        "setpos",
        "result",
        "quit",
    ] {
        assert!(rendered.contains(command), "the protocol page lacks {command}");
        assert!(
            tabula::session::command::find_command(command).is_some(),
            "{command} is documented but not a command"
        );
    }
    for error in ["unknown command", "syntax error", "illegal move", "wrong phase"] {
        assert!(
            rendered.contains(error),
            "the protocol page lacks the error {error}"
        );
    }
    for forfeit in [
        "start",
        "handshake",
        "crash",
        "timeout",
        "garbage",
        "illegal move",
        "lost sync",
    ] {
        assert!(
            rendered.contains(forfeit),
            "the protocol page lacks the forfeit {forfeit}"
        );
    }
}
