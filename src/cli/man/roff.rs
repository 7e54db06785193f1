//! The generated parts of the man pages, as roff: the games with their seats and options,
//! what `bot:best` plays, each game's rules from its own `rules.txt`, and the lists the
//! help texts give too (the bots as typed, the engine commands, the solvable games).

use crate::app::docs::{best_rows, game_with_seats};
use crate::core::Game;
use crate::games::GameKind;

/// Text made safe for roff: backslashes and hyphens escaped, a leading `.` or `'`
/// (which roff would read as a request) guarded.
pub fn escape(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with('.') || text.starts_with('\'') {
        format!("\\&{text}")
    } else {
        text
    }
}

/// The generated part a template names `part`, as roff, or `None` for no such part.
pub fn generated(part: &str) -> Option<String> {
    let make: fn() -> String = match part {
        "games" => games,
        "bot-best" => best,
        "rules" => rules,
        "bot-forms" => bot_forms,
        "engine-commands" => engine_commands,
        "solvable" => solvable,
        _ => return None,
    };
    Some(make())
}

/// The sentence of the BOTS section that names every bot as it is typed, with its levels.
pub fn bot_forms() -> String {
    format!("Typed as: {}.\n", escape(&super::super::notes::bot_list()))
}

/// The sentence of the `engine` entry that names every protocol command with its
/// arguments.
pub fn engine_commands() -> String {
    format!(
        "Its commands: {}.\n",
        escape(&super::super::notes::engine_command_list())
    )
}

/// The sentence of the `solve` entry that names what can be solved.
pub fn solvable() -> String {
    format!("Solvable: {}.\n", escape(&super::super::notes::solvable_list()))
}

/// The GAMES section's entries: id, title, seats (and their names for each seat count
/// where they differ), and every option with its values, default and meaning.
pub fn games() -> String {
    let mut out = String::new();
    for &kind in GameKind::ALL {
        let info = kind.info();
        let names = |seats: usize| {
            game_with_seats(kind, seats, &[]).map(|g| (0..seats).map(|s| g.seat_name(s)).collect::<Vec<_>>())
        };
        let most = names(*info.seats.end()).unwrap_or_default();
        out.push_str(&format!(".TP\n.B {}\n", info.id));
        out.push_str(&format!(
            "{}: {}.\n{} seats: {}.\n",
            escape(info.title),
            escape(info.summary),
            escape(&info.seats_text()),
            most.join(", ")
        ));
        let fewer: Vec<String> = info
            .seats
            .clone()
            .filter(|&n| n < most.len())
            .filter_map(|n| names(n).filter(|v| v[..] != most[..n]))
            .map(|v| format!("with {}: {}", v.len(), v.join(", ")))
            .collect();
        if !fewer.is_empty() {
            out.push_str(&format!("Seats {}.\n", fewer.join("; ")));
        }
        for option in info.options {
            out.push_str(&format!(
                ".br\n.BR {}={} \" (default {})\"\n.br\n{}.\n",
                escape(option.key),
                escape(&option.values_text()),
                escape(&option.default_value()),
                escape(option.help)
            ));
        }
    }
    out
}

/// The `bot:best` entries of the BOTS section: one line per game, seat count and
/// options.
pub fn best() -> String {
    let mut out = String::from(".PP\n.RS\n");
    for row in best_rows() {
        let options = if row.options == "default" {
            String::new()
        } else {
            format!(", {}", row.options)
        };
        out.push_str(&format!(
            "{} ({} seats{}):\n.B {}\n.br\n",
            row.game,
            row.seats,
            escape(&options),
            escape(&row.plays)
        ));
    }
    out.push_str(".RE\n");
    out
}

/// The RULES section's subsections: each game's `rules.txt` (what `tabula rules`
/// prints), its first line replaced by the subsection title. Paragraphs of running text
/// are filled; paragraphs with indented lines, lists or rules are kept as written.
pub fn rules() -> String {
    let mut out = String::new();
    for &kind in GameKind::ALL {
        let info = kind.info();
        out.push_str(&format!(".SS {} ({})\n", escape(info.title), info.id));
        let body = info.rules.split_once('\n').map_or("", |(_, rest)| rest);
        let mut first = true;
        for paragraph in body
            .split("\n\n")
            .map(|p| p.trim_matches('\n'))
            .filter(|p| !p.is_empty())
        {
            if !first {
                out.push_str(".PP\n");
            }
            first = false;
            out.push_str(&paragraph_roff(paragraph));
        }
    }
    out
}

/// A line that reads as a heading inside the rules: `THE BOARD`, `RULE SET city: ...`.
fn is_heading(line: &str) -> bool {
    let letters: Vec<char> = line.chars().filter(|c| c.is_alphabetic()).collect();
    letters.len() >= 3 && letters.iter().filter(|c| c.is_uppercase()).count() * 3 >= letters.len() * 2
}

fn paragraph_roff(paragraph: &str) -> String {
    let mut lines: Vec<&str> = paragraph.lines().collect();
    let mut out = String::new();
    // A heading line first, as the rules text sets it apart.
    while lines
        .first()
        .is_some_and(|l| is_heading(l) || l.chars().all(|c| c == '='))
    {
        let line = lines.remove(0);
        if !line.chars().all(|c| c == '=') {
            out.push_str(&format!(".B \"{}\"\n.br\n", escape(line).replace('"', "\\(dq")));
        }
    }
    let laid_out = lines
        .iter()
        .any(|l| l.starts_with(' ') || l.starts_with("- ") || l.contains("  "));
    if laid_out {
        out.push_str(".nf\n");
    }
    for line in lines {
        out.push_str(&escape(line));
        out.push('\n');
    }
    if laid_out {
        out.push_str(".fi\n");
    }
    out
}
