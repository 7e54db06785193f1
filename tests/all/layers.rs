//! The house stands in layers: core <- games <- ai <- app <- cli. Given the sources of
//! `src/`, read by a small Rust lexer (strings, raw strings, characters and lifetimes,
//! nested block comments), when every `crate::`, `$crate::` and `super::` path outside
//! the unit tests is taken (whole `use` trees included), then none points to a higher
//! layer, none closes a circle between rooms, every module that says what it may use
//! ("May use: ...") uses nothing else, and inside every module whose doc lists its rooms
//! in order ("each room uses only the rooms listed before it: ...") every room uses only
//! the rooms before it.
//!
//! A hand-written lexer rather than `syn`: the checks need only paths and the
//! `#[cfg(test)]` items to leave out, which tokens give exactly, and no new crate.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

mod circles;
pub(crate) mod lexer;
mod sizes;
mod traits;

use lexer::{Token, paths_in, shown_paths, tokenize, without_tests};

/// The layers, lowest first.
const LAYERS: &[&str] = &["core", "games", "ai", "app", "cli"];

/// A use of another module: where it was written and the module path it names.
#[derive(Debug)]
struct Reference {
    file: String,
    line: usize,
    target: Vec<String>,
}

/// One source file as a module: its path in the crate (`ai::bots::greedy`) and what it
/// refers to.
#[derive(Debug)]
struct Unit {
    module: Vec<String>,
    references: Vec<Reference>,
}

fn source_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/ai/bots/mod.rs` -> `ai::bots`; `src/ai/bots/greedy.rs` -> `ai::bots::greedy`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// Turns `crate::...` or `super::...` (seen from `module`) into a path from the crate
/// root; `super` of `a::b::c` is `a::b`, whether c is `c.rs` or `c/mod.rs`.
fn absolute(path: &[String], module: &[String]) -> Vec<String> {
    let mut base: Vec<String> = Vec::new();
    let mut rest = path;
    if rest.first().is_some_and(|s| s == "crate") {
        rest = &rest[1..];
    } else {
        base = module.to_vec();
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
    }
    base.extend(rest.iter().cloned());
    base
}

/// The module doc of a file: its leading `//!` lines, joined.
fn module_doc(text: &str) -> String {
    text.lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.trim_start_matches("//!").trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every source file but `main.rs` and the unit tests (files under a `tests` folder,
/// and modules declared `#[cfg(test)] mod name;`), with its doc.
fn read_units() -> Vec<(Unit, String)> {
    let root = source_root();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut read = Vec::new();
    let mut test_modules: Vec<Vec<String>> = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&root).expect("under src/").to_path_buf();
        let unit_tests = relative.iter().any(|part| part == "tests");
        if relative == Path::new("main.rs") || unit_tests {
            continue;
        }
        let module = module_of(&relative);
        let text = fs::read_to_string(&file).expect("a source file is UTF-8");
        let (tokens, tests) = without_tests(&tokenize(&text));
        test_modules.extend(tests.into_iter().map(|name| {
            let mut path = module.clone();
            path.push(name);
            path
        }));
        let references = paths_in(&tokens)
            .into_iter()
            .map(|(line, path)| Reference {
                file: relative.display().to_string(),
                line,
                target: absolute(&path, &module),
            })
            .collect();
        read.push((Unit { module, references }, module_doc(&text)));
    }
    read.retain(|(unit, _)| !test_modules.iter().any(|t| unit.module.starts_with(t)));
    read
}

/// The room a module path belongs to: its first two segments when the second is a
/// module of its own (`ai::bots`), else the layer itself (`core` for `core::Game`).
fn room(path: &[String], modules: &BTreeSet<Vec<String>>) -> Vec<String> {
    if path.len() >= 2 && modules.contains(&path[..2].to_vec()) {
        path[..2].to_vec()
    } else {
        path[..path.len().min(1)].to_vec()
    }
}

fn layer_rank(name: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == name)
}

/// The order a module's doc gives its rooms: the list after "each room uses only the
/// rooms listed before it:", up to the sentence's end.
fn documented_order(doc: &str) -> Option<Vec<String>> {
    let marker = "each room uses only the rooms listed before it:";
    let at = doc.find(marker)?;
    let list = &doc[at + marker.len()..];
    let list = &list[..list.find('.').unwrap_or(list.len())];
    Some(
        list.split(',')
            .map(|item| {
                item.trim()
                    .trim_start_matches("and ")
                    .trim_matches(|c| c == '[' || c == ']' || c == '`' || c == ' ')
                    .to_string()
            })
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

/// What a module's doc says it may use, past its own rooms.
#[derive(Debug, PartialEq)]
struct Allowance {
    /// Modules it may use (a layer's name alone allows the whole layer).
    allowed: Vec<Vec<String>>,
    /// Modules inside those it may not use ("... but [`crate::ai::train`]").
    barred: Vec<Vec<String>>,
}

/// Reads the "May use: ..." sentence of a module doc: the modules it links
/// (`[`crate::ai::search`]`) and the layers it names (`core, games' traits`), those after
/// "but" barred. The sentence ends at its first `.` or `;`.
fn allowance(doc: &str) -> Option<Allowance> {
    let marker = "May use:";
    let at = doc.find(marker)?;
    let sentence = &doc[at + marker.len()..];
    let sentence = &sentence[..sentence.find(['.', ';']).unwrap_or(sentence.len())];
    let (granted, refused) = sentence.split_once(" but ").unwrap_or((sentence, ""));
    let modules = |text: &str| -> Vec<Vec<String>> {
        let mut found = Vec::new();
        for (index, piece) in text.split('`').enumerate() {
            if index % 2 == 1 {
                if let Some(path) = piece.strip_prefix("crate::") {
                    found.push(path.split("::").map(String::from).collect());
                }
            } else {
                for word in piece.split(|c: char| !c.is_alphanumeric()) {
                    if LAYERS.contains(&word) {
                        found.push(vec![word.to_string()]);
                    }
                }
            }
        }
        found
    };
    Some(Allowance {
        allowed: modules(granted),
        barred: modules(refused),
    })
}

/// Every edge between two rooms, with the first place that makes it.
fn room_edges(units: &[Unit]) -> BTreeMap<(Vec<String>, Vec<String>), String> {
    let modules: BTreeSet<Vec<String>> = units.iter().map(|u| u.module.clone()).collect();
    let mut edges = BTreeMap::new();
    for unit in units {
        if unit.module.is_empty() {
            continue;
        }
        let from = room(&unit.module, &modules);
        for reference in &unit.references {
            if reference.target.is_empty() {
                continue;
            }
            let to = room(&reference.target, &modules);
            // A layer's own mod.rs is a namespace for its rooms, not a room of its own.
            if to == from || to.len() == 1 && from.first() == to.first() {
                continue;
            }
            edges
                .entry((from.clone(), to))
                .or_insert_with(|| format!("{}:{}", reference.file, reference.line));
        }
    }
    edges
}

fn name(room: &[String]) -> String {
    room.join("::")
}

fn units() -> Vec<Unit> {
    read_units().into_iter().map(|(unit, _)| unit).collect()
}

#[test]
fn no_import_points_to_a_higher_layer() {
    let units = units();
    assert!(units.len() > 50, "found only {} source files", units.len());
    let mut upward = Vec::new();
    for ((from, to), place) in room_edges(&units) {
        let (Some(low), Some(high)) = (layer_rank(&to[0]), layer_rank(&from[0])) else {
            upward.push(format!(
                "{place}: {} uses {}, which is in no layer",
                name(&from),
                name(&to)
            ));
            continue;
        };
        if low > high {
            upward.push(format!("{place}: {} uses {}", name(&from), name(&to)));
        }
    }
    assert!(upward.is_empty(), "imports that point up:\n{}", upward.join("\n"));
}

#[test]
fn rooms_use_only_the_rooms_their_module_lists_before_them() {
    let read = read_units();
    let modules: BTreeSet<Vec<String>> = read.iter().map(|(u, _)| u.module.clone()).collect();
    let mut wrong = Vec::new();
    let mut ordered = Vec::new();
    for (owner, doc) in &read {
        let Some(order) = documented_order(doc) else {
            continue;
        };
        let owner = &owner.module;
        ordered.push(name(owner));
        assert!(order.len() >= 2, "{}'s order is {order:?}", name(owner));
        // The room of `path` under `owner`, if it is one of its modules.
        let child = |path: &[String]| -> Option<String> {
            let room = path.get(..owner.len() + 1)?;
            (path.starts_with(owner) && modules.contains(room)).then(|| room[owner.len()].clone())
        };
        let rank = |room: &str| order.iter().position(|o| o == room);
        for (unit, _) in &read {
            let Some(from) = child(&unit.module) else { continue };
            for reference in &unit.references {
                let Some(to) = child(&reference.target).filter(|to| *to != from) else {
                    continue;
                };
                let place = format!("{}:{}", reference.file, reference.line);
                match (rank(&from), rank(&to)) {
                    (Some(f), Some(t)) if t < f => {}
                    (Some(_), Some(_)) => wrong.push(format!("{place}: {from} uses {to}, listed after it")),
                    _ => wrong.push(format!(
                        "{place}: {from} or {to} is missing from {}'s list",
                        name(owner)
                    )),
                }
            }
        }
    }
    assert!(ordered.len() >= 2, "only {ordered:?} list their rooms in order");
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "rooms out of order:\n{}", wrong.join("\n"));
}

#[test]
fn every_module_uses_only_what_its_doc_says_it_may() {
    let read = read_units();
    let mut declared = 0;
    let mut wrong = Vec::new();
    for (owner, doc) in &read {
        let Some(allowance) = allowance(doc) else { continue };
        declared += 1;
        let owner = &owner.module;
        for (unit, _) in read.iter().filter(|(u, _)| u.module.starts_with(owner)) {
            for reference in &unit.references {
                let target = &reference.target;
                if target.is_empty() || target.starts_with(owner) {
                    continue;
                }
                let allowed = allowance.allowed.iter().any(|a| target.starts_with(a));
                let barred = allowance.barred.iter().any(|b| target.starts_with(b));
                if !allowed || barred {
                    wrong.push(format!(
                        "{}:{}: {} uses {}, which its doc does not allow",
                        reference.file,
                        reference.line,
                        name(owner),
                        name(target)
                    ));
                }
            }
        }
    }
    assert!(
        declared >= LAYERS.len(),
        "only {declared} modules say what they may use"
    );
    assert!(
        wrong.is_empty(),
        "uses beyond a module's word:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_circle_between_rooms() {
    let units = units();
    let edges = room_edges(&units);
    let mut next: BTreeMap<Vec<String>, Vec<Vec<String>>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from.clone()).or_default().push(to.clone());
    }
    // Depth-first search for a back edge; the path on the stack is the circle.
    fn visit(
        node: &Vec<String>,
        next: &BTreeMap<Vec<String>, Vec<Vec<String>>>,
        done: &mut BTreeSet<Vec<String>>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut circle = stack[at..].to_vec();
            circle.push(node.clone());
            return Some(circle);
        }
        if !done.insert(node.clone()) {
            return None;
        }
        stack.push(node.clone());
        for to in next.get(node).into_iter().flatten() {
            if let Some(circle) = visit(to, next, done, stack) {
                return Some(circle);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    for node in next.keys() {
        let mut stack = Vec::new();
        if let Some(circle) = visit(node, &next, &mut done, &mut stack) {
            let shown: Vec<String> = circle.iter().map(|r| name(r)).collect();
            let places: Vec<String> = circle
                .windows(2)
                .map(|w| {
                    format!(
                        "{} -> {}: {}",
                        name(&w[0]),
                        name(&w[1]),
                        edges[&(w[0].clone(), w[1].clone())]
                    )
                })
                .collect();
            panic!("a circle: {}\n{}", shown.join(" -> "), places.join("\n"));
        }
    }
}

/// The names of the items a file defines at its top level (functions, types, traits,
/// constants), its unit tests left out.
fn defined_items(text: &str) -> BTreeSet<String> {
    let (tokens, _) = without_tests(&tokenize(text));
    let mut names = BTreeSet::new();
    let mut depth = 0usize;
    for pair in tokens.windows(2) {
        match &pair[0].1 {
            Token::Punct('{' | '(' | '[') => depth += 1,
            Token::Punct('}' | ')' | ']') => depth = depth.saturating_sub(1),
            Token::Ident(keyword)
                if depth == 0
                    && matches!(
                        keyword.as_str(),
                        "fn" | "struct" | "enum" | "union" | "trait" | "type" | "const" | "static"
                    ) =>
            {
                if let Token::Ident(name) = &pair[1].1 {
                    names.insert(name.clone());
                }
            }
            _ => {}
        }
    }
    names
}

#[test]
fn no_file_of_a_layer_takes_what_the_layers_root_defines() {
    // A layer's mod.rs stands above its files (it declares them and, in cli, dispatches
    // to them): what they share is defined in a file below it, and the root only names
    // it again (`pub use`).
    let units = units();
    let mut upward = Vec::new();
    for layer in LAYERS {
        let text = fs::read_to_string(source_root().join(layer).join("mod.rs")).expect("a layer's mod.rs");
        let defined = defined_items(&text);
        for unit in units
            .iter()
            .filter(|u| u.module.len() > 1 && u.module[0] == *layer)
        {
            for reference in &unit.references {
                if let [root, item] = reference.target.as_slice()
                    && root == layer
                    && defined.contains(item)
                {
                    upward.push(format!("{}:{}: {layer}::{item}", reference.file, reference.line));
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "files that take what their layer's mod.rs defines:\n{}",
        upward.join("\n")
    );
}

#[test]
fn every_layer_says_what_it_may_use() {
    for layer in LAYERS {
        let text =
            fs::read_to_string(source_root().join(layer).join("mod.rs")).expect("a layer has a mod.rs");
        assert!(
            allowance(&module_doc(&text)).is_some(),
            "src/{layer}/mod.rs does not say what it may use"
        );
    }
}

#[test]
fn the_reader_finds_real_imports() {
    // Given code shaped like the sources, when it is read, then each path is found.
    assert_eq!(
        shown_paths("use crate::ai::bots::{Bot, Greedy};"),
        ["crate::ai::bots::Bot", "crate::ai::bots::Greedy"]
    );
    assert_eq!(
        shown_paths("let x = crate::core::reachable::solve(&a);"),
        ["crate::core::reachable::solve"]
    );
    assert_eq!(
        shown_paths("use crate::{a::{b, self, c as d}, e::*, f};"),
        ["crate::a::b", "crate::a", "crate::a::c", "crate::e", "crate::f"]
    );
    assert_eq!(
        shown_paths("use super::super::x; $crate::m::n!(); pub(crate) fn f(){} pub(super) struct S;"),
        ["super::super::x", "crate::m::n"]
    );
    assert!(shown_paths("let supercrate::x = 1;").is_empty());
    let module: Vec<String> = vec!["ai".into(), "bots".into(), "greedy".into()];
    let path: Vec<String> = vec!["super".into(), "Bot".into()];
    assert_eq!(absolute(&path, &module), vec!["ai", "bots", "Bot"]);
    let module: Vec<String> = vec!["ai".into(), "bots".into()];
    assert_eq!(absolute(&path, &module), vec!["ai", "Bot"]);
}

#[test]
fn the_reader_takes_what_modules_allow_from_their_docs() {
    let path = |p: &str| -> Vec<String> { p.split("::").map(String::from).collect() };
    assert_eq!(
        allowance("The bots. May use: core, games' traits, [`crate::ai::search`]. Then more."),
        Some(Allowance {
            allowed: vec![path("core"), path("games"), path("ai::search")],
            barred: vec![],
        })
    );
    assert_eq!(
        allowance("May use: core, and the rest of [`crate::ai`] but [`crate::ai::train`]."),
        Some(Allowance {
            allowed: vec![path("core"), path("ai")],
            barred: vec![path("ai::train")],
        })
    );
    assert_eq!(
        allowance("May use: nothing else of the crate. Rules code is pure."),
        Some(Allowance {
            allowed: vec![],
            barred: vec![]
        })
    );
    assert_eq!(
        documented_order(
            "Inside, each room uses only the rooms listed before it: [`a`], [`b`], and [`c`]. Then"
        ),
        Some(vec!["a".to_string(), "b".into(), "c".into()])
    );
}

#[test]
fn only_what_a_bot_author_needs_is_public() {
    // Given the crate root, when every item it makes public is read, then they are the
    // rules, the games and the bots, and the two entry points the binary and an external
    // Rust bot need; sessions, records and the front ends are the crate's own.
    let lib = fs::read_to_string(source_root().join("lib.rs")).expect("src/lib.rs");
    let (tokens, _) = without_tests(&tokenize(&lib));
    let tokens: Vec<Token> = tokens.into_iter().map(|(_, t)| t).collect();
    let shown = |item: &[Token]| -> String {
        item.iter()
            .map(|t| match t {
                Token::Ident(word) => format!(" {word}"),
                Token::PathSep => "::".into(),
                Token::Punct(c) => c.to_string(),
                Token::Str(_) | Token::Literal | Token::Lifetime => " _".into(),
            })
            .collect::<String>()
            .replace(":: ", "::")
            .trim()
            .to_string()
    };
    // Each item at the top level: from its first word to its `;` or its block.
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, token) in tokens.iter().enumerate() {
        match token {
            Token::Punct('{' | '(' | '[') => depth += 1,
            Token::Punct(')') => depth = depth.saturating_sub(1),
            // An attribute belongs to no item's text.
            Token::Punct(']') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    start = i + 1;
                }
            }
            Token::Punct('}') => {
                depth = depth.saturating_sub(1);
                // `use a::{b, c};` goes on to its `;`.
                let then_semicolon = tokens.get(i + 1) == Some(&Token::Punct(';'));
                if depth == 0 && !then_semicolon {
                    items.push(shown(&tokens[start..=i]));
                    start = i + 1;
                }
            }
            Token::Punct(';') if depth == 0 => {
                items.push(shown(&tokens[start..=i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    let public: BTreeSet<String> = items
        .iter()
        .filter(|item| item.starts_with("pub"))
        .cloned()
        .collect();
    let expected = [
        "pub mod ai;",
        "pub mod core;",
        "pub mod games;",
        "pub(crate) mod app;",
        "pub(crate) mod cli;",
        "pub use cli::engine::{serve, serve_bot};",
        "pub use cli::{RunError, run};",
    ];
    let expected: BTreeSet<String> = expected
        .iter()
        .map(|item| shown(&tokenize(item).into_iter().map(|(_, t)| t).collect::<Vec<_>>()))
        .collect();
    assert_eq!(public, expected);
}
