//! What an install gets besides the binary, through the binary: shell completions, the
//! man pages (printed, written, rendered at 80 columns), the position strings the
//! protocol page documents, and `bot:best` naming the level it plays.

use std::path::Path;
use std::process::Command;

use crate::support::{run_tabula, temp_dir};

const SHELLS: [&str; 5] = ["bash", "zsh", "fish", "powershell", "elvish"];
const PAGES: [(&str, &str); 2] = [("tabula", "tabula.6"), ("tabula-protocol", "tabula-protocol.5")];

fn has(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn completions_are_generated_for_every_shell() {
    for shell in SHELLS {
        let (status, out, err) = run_tabula(&["completions", shell], "");
        assert_eq!(status, Some(0), "{shell}: {err}");
        for word in ["play", "match", "rollout", "completions", "seed"] {
            assert!(out.contains(word), "the {shell} completions lack {word}");
        }
        if shell == "bash" && has("bash") {
            let dir = temp_dir("completions-bash");
            let file = dir.join("tabula.bash");
            std::fs::write(&file, &out).unwrap();
            let check = Command::new("bash").arg("-n").arg(&file).output().unwrap();
            assert!(
                check.status.success(),
                "bash -n rejects the completions: {}",
                String::from_utf8_lossy(&check.stderr)
            );
        }
    }
    let (status, _, err) = run_tabula(&["completions", "tcsh"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("bash") && err.contains("elvish"), "{err}");
}

#[test]
fn tabula_man_prints_and_writes_every_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (name, file) in PAGES {
        let (status, out, err) = run_tabula(&["man", name], "");
        assert_eq!(status, Some(0), "{err}");
        assert!(
            out.starts_with(".TH TABULA"),
            "{name}: {}",
            &out[..out.len().min(80)]
        );
        let committed = std::fs::read_to_string(root.join("man").join(file)).unwrap();
        assert!(
            out == committed,
            "man/{file} differs from 'tabula man {name}'; regenerate it with: \
             cargo run -- man {name} > man/{file}"
        );
        // The section number may be given too.
        assert_eq!(run_tabula(&["man", file], "").1, out);
    }
    assert_eq!(run_tabula(&["man"], "").1, run_tabula(&["man", "tabula"], "").1);
    let dir = temp_dir("man-out");
    let (status, out, err) = run_tabula(&["man", "--out", dir.to_str().unwrap()], "");
    assert_eq!(status, Some(0), "{err}");
    for (section, file) in [("man6", "tabula.6"), ("man5", "tabula-protocol.5")] {
        let written = std::fs::read_to_string(dir.join(section).join(file)).unwrap();
        assert!(written.starts_with(".TH TABULA"));
        assert!(out.contains(file), "{out}");
    }
    let (status, _, err) = run_tabula(&["man", "tabula-rules"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("tabula, tabula-protocol"), "{err}");
}

#[test]
fn engine_help_names_the_command_that_prints_the_protocol_page() {
    let (_, out, _) = run_tabula(&["engine", "--help"], "");
    assert!(out.contains("tabula man tabula-protocol"), "{out}");
}

/// The SYNOPSIS of tabula(6) as roff, one entry per command it shows (each a `.SY
/// tabula` ... `.YS` block, which sets the command's further lines in), as
/// `tabula NAME ...`.
fn synopsis_entries(page: &str) -> Vec<String> {
    let start = page.find(".SH SYNOPSIS\n").unwrap() + ".SH SYNOPSIS\n".len();
    let end = start + page[start..].find("\n.SH ").unwrap();
    page[start..end]
        .split(".SY tabula\n")
        .filter(|e| !e.is_empty())
        .map(|e| format!("tabula {e}"))
        .collect()
}

#[test]
fn every_synopsis_line_is_one_command_with_optional_arguments_in_brackets() {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("man/tabula.6")).unwrap();
    let entries = synopsis_entries(&page);
    assert!(entries.len() > 10, "{entries:?}");
    for entry in &entries {
        // One command per entry: 'tabula' starts it and comes back nowhere else.
        assert!(entry.starts_with("tabula .B "), "not a command line: {entry:?}");
        assert!(
            entry.trim_end().ends_with("\n.YS"),
            "not closed by .YS: {entry:?}"
        );
        assert_eq!(
            entry.matches("tabula").count(),
            1,
            "two commands run together: {entry:?}"
        );
    }
    // GAME is shown as required only where clap requires it (elsewhere it defaults to nardy).
    for entry in &entries {
        let words: Vec<&str> = entry
            .lines()
            .take_while(|l| !l.starts_with('.') || l.starts_with(".B "))
            .flat_map(|l| {
                l.trim_start_matches("tabula .B ")
                    .trim_start_matches(".B ")
                    .split_whitespace()
            })
            .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase()))
            .collect();
        let mut args = words.clone();
        args.push("--help");
        let (_, help, _) = run_tabula(&args, "");
        let usage = help.lines().find(|l| l.starts_with("Usage:")).unwrap_or_default();
        if usage.contains("[GAME]") {
            assert!(
                !entry.contains("\n.I GAME\n"),
                "tabula {} shows GAME as required; it is optional: {usage}",
                words.join(" ")
            );
        }
    }
    let (_, help, _) = run_tabula(&["--help"], "");
    for line in help.lines().skip_while(|l| !l.starts_with("Commands:")).skip(1) {
        if line.starts_with("   ") {
            continue; // a wrapped description
        }
        let Some(name) = line.split_whitespace().next().filter(|_| line.starts_with("  ")) else {
            break;
        };
        if name != "help" {
            assert!(
                entries
                    .iter()
                    .any(|e| e.starts_with(&format!("tabula .B {name}\n"))
                        || e.starts_with(&format!("tabula .B {name} "))),
                "SYNOPSIS lacks tabula {name}"
            );
        }
    }
}

#[test]
fn both_pages_render_within_80_columns_without_warnings() {
    if !has("groff") {
        eprintln!("groff is not installed: the roff checks above stand in for rendering");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (_, file) in PAGES {
        let output = Command::new("groff")
            .args(["-man", "-Tutf8", "-ww", "-rLL=80n", "-P-cbou"])
            .arg(root.join("man").join(file))
            .env("LC_ALL", "C.UTF-8")
            .output()
            .unwrap();
        let warnings = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success() && warnings.trim().is_empty(),
            "{file}: {warnings}"
        );
        let text = String::from_utf8_lossy(&output.stdout);
        for line in text.lines() {
            assert!(
                line.chars().count() <= 80,
                "{file} is wider than 80 columns: {line:?}"
            );
        }
        if file == "tabula.6" {
            let synopsis: Vec<&str> = text
                .lines()
                .skip_while(|l| *l != "SYNOPSIS")
                .skip(1)
                .take_while(|l| *l != "DESCRIPTION")
                .filter(|l| !l.is_empty())
                .collect();
            for line in &synopsis {
                // A command starts a line at the margin; a wrapped one goes on further in.
                let words: Vec<&str> = line.split_whitespace().collect();
                let later = words.iter().skip(1).any(|w| *w == "tabula");
                assert!(!later, "two commands on one SYNOPSIS line: {line}");
                let indent = line.len() - line.trim_start().len();
                assert_eq!(indent == 7, words[0] == "tabula", "SYNOPSIS line: {line}");
            }
            assert!(
                synopsis.iter().any(|l| l.contains("tabula match [GAME]")),
                "{synopsis:?}"
            );
        } else {
            assert!(text.contains("examples/oracle_bot.py") && text.contains("docs/bots.md"));
            assert!(!text.contains("The README shows"), "{file}");
        }
    }
}

/// The examples of the protocol page's POSITION STRINGS: `(newgame line, [strings])`.
fn documented_positions() -> Vec<(String, Vec<String>)> {
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("man/tabula-protocol.5")).unwrap();
    let start = page
        .find(".SH POSITION STRINGS")
        .expect("a POSITION STRINGS section");
    let section = &page[start..start + page[start..].find("\n.SH ERRORS").unwrap()];
    let mut lines = Vec::new();
    let mut pending = String::new();
    for line in section.lines() {
        let line = line.replace("\\-", "-").replace("\\e", "\\");
        // A long string goes on after ' \' on the next line.
        if let Some(head) = line.strip_suffix(" \\") {
            pending.push_str(head);
            pending.push(' ');
            continue;
        }
        lines.push(format!("{pending}{}", line.trim_start()));
        pending.clear();
    }
    let mut examples: Vec<(String, Vec<String>)> = Vec::new();
    for line in lines {
        if line.starts_with("newgame ") {
            examples.push((line, Vec::new()));
        } else if let Some(position) = line.strip_prefix("setpos ") {
            examples
                .last_mut()
                .expect("a newgame before setpos")
                .1
                .push(position.to_string());
        }
    }
    examples
}

#[test]
fn every_documented_position_string_comes_back_unchanged() {
    let examples = documented_positions();
    for kind in tabula::games::GameKind::ALL {
        let id = kind.info().id;
        assert!(
            examples.iter().any(
                |(newgame, positions)| newgame.split_whitespace().nth(1) == Some(id) && positions.len() >= 2
            ),
            "the protocol page gives no examples for {id}"
        );
    }
    for (newgame, positions) in examples {
        let mut script = format!("{newgame}\n");
        for position in &positions {
            script.push_str(&format!("setpos {position}\ngetpos\n"));
        }
        script.push_str("quit\n");
        let (status, out, err) = run_tabula(&["engine", "--seed", "1"], &script);
        assert_eq!(status, Some(0), "{err}");
        let replies: Vec<&str> = out.split("\n\n").filter(|r| !r.is_empty()).collect();
        assert!(replies[0].starts_with('='), "{newgame}: {}", replies[0]);
        for (i, position) in positions.iter().enumerate() {
            let set = replies[1 + 2 * i];
            assert!(set.starts_with('='), "{newgame} / setpos {position}: {set}");
            let got = replies[2 + 2 * i].trim_start_matches("= ");
            assert_eq!(got, position, "{newgame}: getpos after setpos");
        }
    }
}

#[test]
fn bot_best_is_named_with_the_level_it_plays() {
    let (status, out, err) = run_tabula(
        &[
            "match",
            "ur",
            "--player",
            "bot:best",
            "--player",
            "bot:greedy",
            "--games",
            "2",
            "--each-game",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("1  bot:best (net:3)"), "{out}");
    assert!(
        out.contains("Finished game 1 (bot:best (net:3) vs bot:greedy)"),
        "{out}"
    );
    let (_, out, _) = run_tabula(&["play", "ur", "--seed", "1"], "quit\n");
    assert!(out.contains("dark bot:best (net:3)"), "{out}");
    let (_, out, _) = run_tabula(&["play", "mnogoboy", "players=3", "--seed", "1"], "quit\n");
    assert!(out.contains("p2 bot:best (net:4), p3 bot:best (net:4)"), "{out}");
    let (_, out, _) = run_tabula(&["play", "ur", "--seed", "1"], "set bot best\nquit\n");
    assert!(out.contains("hint and genmove use bot:best (net:3)"), "{out}");
}

/// What bash's completion function offers after `words` (the last one being typed).
fn bash_offers(script: &Path, words: &[&str]) -> Vec<String> {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source '{}'\nCOMP_WORDS=({})\nCOMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))\n\
         _tabula tabula \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" ")
    );
    bash_lines(&program)
}

/// The lines `program` prints when bash runs it.
fn bash_lines(program: &str) -> Vec<String> {
    let out = Command::new("bash").args(["-c", program]).output().unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// What the completions registered by `script` offer when bash has read `line` up to its
/// end, with the words split as bash splits them (at blanks, `=` and `:`).
fn bash_offers_for_line(script: &Path, line: &str) -> Vec<String> {
    let program = format!(
        "source '{}'\nCOMP_LINE='{line}'\nCOMP_POINT=${{#COMP_LINE}}\n\
         spec=$(complete -p tabula)\nfunction=${{spec#*-F }}\nfunction=${{function%% *}}\n\
         \"$function\" tabula \"${{COMP_LINE##*[ =:]}}\" ''\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
    );
    bash_lines(&program)
}

#[test]
fn bash_completes_the_part_after_a_typed_equals_sign_or_colon() {
    if !has("bash") {
        return;
    }
    let (_, bash, _) = run_tabula(&["completions", "bash"], "");
    let dir = temp_dir("completions-after-equals");
    let file = dir.join("tabula.bash");
    std::fs::write(&file, &bash).unwrap();
    // bash replaces only the part after the last '=' or ':', so that is what it is given.
    let bots = bash_offers_for_line(&file, "tabula play nardy --seat black=bot:g");
    assert_eq!(bots, ["greedy"], "{bots:?}");
    let players = bash_offers_for_line(&file, "tabula play nardy --seat black=");
    assert!(
        players.contains(&"human".to_string()) && players.contains(&"bot:best".to_string()),
        "{players:?}"
    );
    let options = bash_offers_for_line(&file, "tabula play nardy koks=");
    assert!(options.contains(&"on".to_string()), "{options:?}");
    let commands = bash_offers_for_line(&file, "tabula pla");
    assert_eq!(
        commands,
        ["play"],
        "words without a break are completed whole: {commands:?}"
    );
}

#[test]
fn completions_offer_games_options_seats_and_bots_but_no_hidden_command() {
    let (status, zsh, err) = run_tabula(&["completions", "zsh"], "");
    assert_eq!(status, Some(0), "{err}");
    let (_, fish, _) = run_tabula(&["completions", "fish"], "");
    for script in [&zsh, &fish] {
        for word in [
            "mnogoboy",
            "koks=on",
            "players=4",
            "white=human",
            "bot:best",
            "bot:greedy",
        ] {
            // zsh writes a colon in a value as '\:'.
            let found = script.contains(word) || script.contains(&word.replace(':', "\\:"));
            assert!(found, "the completions lack {word}");
        }
        assert!(!script.contains("'plot"), "a hidden command is offered");
    }
    if !has("bash") {
        return;
    }
    let (_, bash, _) = run_tabula(&["completions", "bash"], "");
    let dir = temp_dir("completions-offer");
    let file = dir.join("tabula.bash");
    std::fs::write(&file, &bash).unwrap();
    let commands = bash_offers(&file, &["tabula", "p"]);
    assert!(commands.contains(&"play".to_string()), "{commands:?}");
    assert!(
        !commands.iter().any(|c| c == "plot"),
        "the hidden plot is offered: {commands:?}"
    );
    for command in ["play", "match", "rules", "train", "rollout", "solve", "bench"] {
        let games = bash_offers(&file, &["tabula", command, "m"]);
        for game in ["microbes", "mnogoboy"] {
            assert!(games.contains(&game.to_string()), "{command}: {games:?}");
        }
    }
    let options = bash_offers(&file, &["tabula", "play", "nardy", "ko"]);
    assert!(options.contains(&"koks=on".to_string()), "{options:?}");
    let players = bash_offers(&file, &["tabula", "play", "mnogoboy", "pl"]);
    assert!(players.contains(&"players=6".to_string()), "{players:?}");
    let seats = bash_offers(&file, &["tabula", "play", "nardy", "--seat", "bl"]);
    for seat in [
        "black=human",
        "black=bot:best",
        "black=bot:greedy",
        "black=engine:",
    ] {
        assert!(seats.contains(&seat.to_string()), "{seats:?}");
    }
    let bots = bash_offers(&file, &["tabula", "match", "ur", "--player", "bot:"]);
    assert!(
        bots.contains(&"bot:perfect".to_string()) && !bots.contains(&"human".to_string()),
        "{bots:?}"
    );
}
