//! Game knowledge lives with the game: given the sources of `src/`, when the code outside
//! `src/games` is read (comments and unit-test modules left out), then no file names a
//! game, whether by its id as a string literal (`"nardy"`), its module (`games::ur::`),
//! its type, move type or `AnyGame` variant (`Nardy`, `UrMove`, `AnyGame::Mnogoboy`),
//! except the few files listed below that are about one game by nature.
//!
//! The games are read from `src/games` itself, so a sixth game is covered the day it
//! arrives.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::layers::lexer::{Token, tokenize, without_tests};

/// Files outside `src/games` that may name a game, each for a reason that is the file's
/// whole purpose. Paths are relative to `src/`.
const ALLOWED: &[(&str, &str)] = &[
    // The exact solver of the Royal Game of Ur: its table indexes Ur positions (and it
    // finds the tables by name, two-seat Mnogoboy's built-in one too).
    ("ai/solve/ur.rs", "the Ur solver"),
    // The exact solver of two-seat Mnogoboy and its built-in table.
    ("ai/solve/mnogoboy.rs", "the two-seat Mnogoboy solver"),
    // The solving room declares the solvers, lists each once (which tables each builds
    // it asks the games' declarations) and presents the Ur solver's tables as its own.
    ("ai/solve/mod.rs", "declares and lists the solvers"),
    // The command table's help prose explains Long Nardy's equity and resignation scoring
    // by name, for people reading `help hint` and `help resign`.
    ("app/command/table.rs", "help prose that names Long Nardy"),
    // The benchmark room embeds the set files, `benchmarks/NAME.txt`, under the names the
    // games give their sets, so that `tabula accuracy` works wherever tabula is installed.
    ("app/benchmark.rs", "embeds the benchmark set files by name"),
];

/// What names the games: ids, module names, and type names (game, move, variant).
#[derive(Debug, Default)]
struct GameNames {
    ids: BTreeSet<String>,
    modules: BTreeSet<String>,
    types: BTreeSet<String>,
}

fn source_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The `.rs` files under `dir`, relative to `src/`, sorted.
fn sources_under(dir: &Path) -> Vec<PathBuf> {
    let root = source_root();
    let mut pending = vec![dir.to_path_buf()];
    let mut found = Vec::new();
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path.strip_prefix(&root).expect("under src/").to_path_buf());
            }
        }
    }
    found.sort();
    found
}

/// The tokens outside `#[cfg(test)]` items, read by the layer checks' lexer, with
/// attributes left out too: they are help text for people (clap's `--help`) and
/// compiler settings, not code that decides anything.
fn code_tokens(text: &str) -> Vec<(usize, Token)> {
    let (all, _) = without_tests(&tokenize(text));
    let mut kept = Vec::new();
    let mut at = 0;
    while at < all.len() {
        let opens_attribute = matches!(all[at].1, Token::Punct('#'))
            && match all.get(at + 1).map(|(_, t)| t) {
                Some(Token::Punct('[')) => true,
                Some(Token::Punct('!')) => matches!(all.get(at + 2).map(|(_, t)| t), Some(Token::Punct('['))),
                _ => false,
            };
        if opens_attribute {
            at = past_group(&all, at, '[', ']');
        } else {
            kept.push(all[at].clone());
            at += 1;
        }
    }
    kept
}

/// The index just past the group that starts at `at`: up to the `close` that balances the
/// first `open`.
fn past_group(all: &[(usize, Token)], mut at: usize, open: char, close: char) -> usize {
    let mut depth = 0usize;
    while at < all.len() {
        match &all[at].1 {
            Token::Punct(c) if *c == open => depth += 1,
            Token::Punct(c) if *c == close => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        at += 1;
    }
    at + 1
}

/// The tokens of `src/RELATIVE` outside its unit tests.
fn code_of(relative: &Path) -> Vec<(usize, Token)> {
    let path = source_root().join(relative);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    code_tokens(&text)
}

/// The token after `pattern` at the start of `tokens`, if they start with it.
fn after<'a>(tokens: &'a [(usize, Token)], pattern: &[Token]) -> Option<&'a Token> {
    let head = tokens.get(..pattern.len())?;
    head.iter()
        .map(|(_, t)| t)
        .eq(pattern.iter())
        .then_some(&tokens.get(pattern.len())?.1)
}

fn ident(word: &str) -> Token {
    Token::Ident(word.to_string())
}

/// The games as `src/games` declares them: each folder a game; its id (`id: "ur"`) and
/// move type (`type Move = UrMove;`) from its files, its type and variant from the
/// `games!` list (`Ur => ur::Ur`).
fn game_names() -> GameNames {
    let games = source_root().join("games");
    let mut names = GameNames::default();
    for entry in fs::read_dir(&games).expect("src/games is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            let module = path.file_name().expect("a folder name").to_string_lossy();
            names.modules.insert(module.to_string());
        }
    }
    let (id, move_type) = (
        [ident("id"), Token::Punct(':')],
        [ident("type"), ident("Move"), Token::Punct('=')],
    );
    for file in sources_under(&games) {
        let code = code_of(&file);
        for at in 0..code.len() {
            let rest = &code[at..];
            if let Some(Token::Str(id)) = after(rest, &id) {
                names.ids.insert(id.clone());
            }
            // `AnyGame`'s own move type names no game.
            if let Some(Token::Ident(ty)) =
                after(rest, &move_type).filter(|_| file != Path::new("games/mod.rs"))
            {
                names.types.insert(ty.clone());
            }
            if file == Path::new("games/mod.rs") {
                for module in &names.modules {
                    let listed = [
                        Token::Punct('='),
                        Token::Punct('>'),
                        ident(module),
                        Token::PathSep,
                    ];
                    if let (Token::Ident(variant), Some(Token::Ident(ty))) =
                        (&rest[0].1, after(&rest[1..], &listed))
                    {
                        names.types.insert(variant.clone());
                        names.types.insert(ty.clone());
                    }
                }
            }
        }
    }
    names
}

/// What in `token` names a game, if anything.
fn named_game(token: &Token, names: &GameNames) -> Option<String> {
    match token {
        Token::Str(text) => names
            .ids
            .iter()
            .find(|id| {
                text.split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|word| word == id.as_str())
            })
            .map(|id| {
                let shown: String = text.chars().take(40).collect();
                let cut = if shown.len() < text.len() { "..." } else { "" };
                format!("\"{id}\" in {shown:?}{cut}")
            }),
        Token::Ident(word) => {
            let is_type = names.types.iter().any(|ty| {
                word.strip_prefix(ty.as_str())
                    .is_some_and(|rest| rest.chars().next().is_none_or(|c| c.is_uppercase()))
            });
            let is_module = word.split('_').any(|part| names.modules.contains(part));
            (is_type || is_module).then(|| format!("`{word}`"))
        }
        Token::PathSep | Token::Punct(_) | Token::Literal | Token::Lifetime => None,
    }
}

/// Whether `code[at]` is the name in `mod NAME;` of an allowed file: the Ur solver has
/// to be declared by its parent, which need not be allowed for that.
fn declares_allowed(file: &Path, code: &[(usize, Token)], at: usize) -> bool {
    let (Some(Token::Ident(name)), Some((_, Token::Ident(keyword))), Some((_, Token::Punct(';')))) = (
        code.get(at).map(|(_, t)| t),
        at.checked_sub(1).and_then(|b| code.get(b)),
        code.get(at + 1),
    ) else {
        return false;
    };
    let dir = file.parent().unwrap_or(Path::new(""));
    keyword == "mod"
        && ALLOWED.iter().any(|(allowed, _)| {
            let allowed = Path::new(allowed);
            allowed == dir.join(format!("{name}.rs")) || allowed == dir.join(name).join("mod.rs")
        })
}

/// Every line outside `src/games` that names a game, as `src/FILE:LINE: what, ...`, and
/// each allowed file that names none (its entry is stale).
fn game_names_outside_games() -> Vec<String> {
    let names = game_names();
    let mut found = Vec::new();
    let mut allowed_used = BTreeSet::new();
    for file in sources_under(&source_root()) {
        // A `tests.rs` file or a `tests/` folder is a unit-test module (declared
        // `#[cfg(test)] mod tests;`).
        let unit_tests = file.iter().any(|part| part == "tests" || part == "tests.rs");
        if file.starts_with("games") || unit_tests {
            continue;
        }
        let shown = file.display().to_string();
        let allowed = ALLOWED.iter().any(|(allowed, _)| *allowed == shown);
        let mut lines: Vec<(usize, Vec<String>)> = Vec::new();
        let code = code_of(&file);
        for (at, (line, token)) in code.iter().enumerate() {
            let Some(what) = named_game(token, &names) else {
                continue;
            };
            if declares_allowed(&file, &code, at) {
                continue;
            }
            match lines.last_mut() {
                Some((last, whats)) if *last == *line => {
                    if !whats.contains(&what) {
                        whats.push(what);
                    }
                }
                _ => lines.push((*line, vec![what])),
            }
        }
        if allowed && !lines.is_empty() {
            allowed_used.insert(shown.clone());
        } else {
            found.extend(
                lines
                    .into_iter()
                    .map(|(line, whats)| format!("src/{shown}:{line}: {}", whats.join(", "))),
            );
        }
    }
    for (allowed, why) in ALLOWED {
        if !allowed_used.contains(*allowed) {
            found.push(format!(
                "src/{allowed}: allowed ({why}) but names no game: drop it from ALLOWED"
            ));
        }
    }
    found
}

/// Prints each place on its own line, to find the remaining cases at a glance
/// (`cargo test --test all one_place -- --ignored`).
fn print_places(places: &[String]) {
    for place in places {
        eprintln!("{place}");
    }
}

#[test]
fn only_the_games_name_the_games() {
    let found = game_names_outside_games();
    print_places(&found);
    assert!(
        found.is_empty(),
        "{} lines outside src/games name a game, or ALLOWED is stale (listed above)",
        found.len()
    );
}

#[test]
fn the_games_are_read_from_their_folders() {
    // Given src/games, when its declarations are read, then every game is there by id,
    // module, type, variant and move type.
    let names = game_names();
    assert_eq!(
        names.ids,
        ["aeroplane", "microbes", "mnogoboy", "nardy", "ur"]
            .map(String::from)
            .into(),
        "{names:?}"
    );
    assert_eq!(names.modules, names.ids, "{names:?}");
    for ty in [
        "Nardy",
        "NardyMove",
        "Ur",
        "UrMove",
        "Aeroplane",
        "AeroMove",
        "Microbes",
        "Mnogoboy",
    ] {
        assert!(names.types.contains(ty), "{ty} missing from {:?}", names.types);
    }
}

#[test]
fn the_reader_sees_code_not_comments_or_unit_tests() {
    // Given source shaped like src/, when it is read, then names in code are found with
    // their lines, and names in comments, char literals and test modules are not.
    let names = game_names();
    let text = r##"
use crate::games::ur::Ur; // Nardy in a comment
/* "nardy" in /* a nested */ block */ let c = '"'; let l: &'static str = "x";
fn f() -> Option<AnyGame> { AnyGame::Mnogoboy(g).into() }
let s = r#"play "aeroplane" now"#; let t = "say \"microbes\""; let u = "your";
let NardyNet = 1; let nardy_weights = 2; let Nardyish = 3; let URL = 4; let Url = 5;
#[cfg(test)]
mod tests { use crate::games::nardy::Nardy; }
let after = UrMove::Pass;
"##;
    let found: Vec<(usize, String)> = code_tokens(text)
        .iter()
        .filter_map(|(line, token)| named_game(token, &names).map(|what| (*line, what)))
        .collect();
    let expected = [
        (2, "`ur`"),
        (2, "`Ur`"),
        (4, "`Mnogoboy`"),
        (5, r#""aeroplane" in "play \"aeroplane\" now""#),
        (5, r#""microbes" in "say \\\"microbes\\\"""#),
        (6, "`NardyNet`"),
        (6, "`nardy_weights`"),
        (9, "`UrMove`"),
    ];
    let expected: Vec<(usize, String)> = expected.iter().map(|(l, w)| (*l, w.to_string())).collect();
    assert_eq!(found, expected);
}

#[test]
fn an_allowed_file_may_be_declared_by_its_parent() {
    // Given `mod NAME;` lines, when they are checked, then only the declaration of an
    // allowed file is let through.
    let declared = |file: &str, text: &str| {
        let code = code_tokens(text);
        let at = code.len() - 2;
        declares_allowed(Path::new(file), &code, at)
    };
    assert!(declared("ai/solve/mod.rs", "pub mod ur;"));
    assert!(declared("ai/solve/mod.rs", "mod mnogoboy;"));
    assert!(!declared("ai/bots/mod.rs", "pub mod ur;"));
    assert!(!declared("ai/solve/mod.rs", "use ur;"));
}
