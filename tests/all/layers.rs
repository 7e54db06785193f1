//! The house stands in layers: core <- games <- ai <- app <- cli. Given the sources of
//! `src/`, when every `crate::` and `super::` path outside the unit tests is read, then
//! none points to a higher layer, none closes a circle between the rooms of a layer, and
//! inside `ai` and `app` every room uses only the rooms its layer's doc lists before it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

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

/// The code of a file without its unit tests and comments.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut lines = Vec::new();
    let mut all = text.lines().enumerate().peekable();
    while let Some((number, line)) = all.next() {
        if line.trim() == "#[cfg(test)]"
            && all
                .peek()
                .is_some_and(|(_, next)| next.trim_start().starts_with("mod "))
        {
            break;
        }
        let code = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        lines.push((number + 1, code.to_string()));
    }
    lines
}

/// The paths a line names: `crate::a::b`, `super::x`, and each item of `use crate::{a, b}`.
fn paths_in(code: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(at) = code[from..].find(start) {
            let begin = from + at;
            from = begin + start.len();
            if begin > 0 && (bytes[begin - 1].is_ascii_alphanumeric() || bytes[begin - 1] == b'_') {
                continue;
            }
            let mut segments = vec![start.trim_end_matches("::").to_string()];
            let mut rest = &code[from..];
            loop {
                if let Some(group) = rest.strip_prefix('{') {
                    let end = group.find('}').unwrap_or(group.len());
                    for item in group[..end].split(',') {
                        let name: String = item
                            .trim()
                            .chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                            .collect();
                        let mut path = segments.clone();
                        path.extend(name.split("::").filter(|s| !s.is_empty()).map(String::from));
                        found.push(path);
                    }
                    break;
                }
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if name.is_empty() {
                    found.push(segments);
                    break;
                }
                segments.push(name.clone());
                rest = &rest[name.len()..];
                match rest.strip_prefix("::") {
                    Some(next) => rest = next,
                    None => {
                        found.push(segments);
                        break;
                    }
                }
            }
        }
    }
    found
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

fn read_units() -> Vec<Unit> {
    let root = source_root();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut units = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&root).expect("under src/").to_path_buf();
        // Unit-test folders (`#[cfg(test)] mod tests;`) may reach any room of the crate.
        let unit_tests = relative.iter().any(|part| part == "tests");
        if relative == Path::new("main.rs") || unit_tests {
            continue;
        }
        let module = module_of(&relative);
        let text = fs::read_to_string(&file).expect("a source file is UTF-8");
        let mut references = Vec::new();
        for (line, code) in code_lines(&text) {
            for path in paths_in(&code) {
                references.push(Reference {
                    file: relative.display().to_string(),
                    line,
                    target: absolute(&path, &module),
                });
            }
        }
        units.push(Unit { module, references });
    }
    units
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

/// The order a layer's doc gives its rooms: the list after "each room uses only the rooms
/// listed before it:" in `src/LAYER/mod.rs`.
fn documented_order(layer: &str) -> Option<Vec<String>> {
    let text = fs::read_to_string(source_root().join(layer).join("mod.rs")).ok()?;
    let doc: String = text
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.trim_start_matches("//!").trim())
        .collect::<Vec<_>>()
        .join(" ");
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

#[test]
fn no_import_points_to_a_higher_layer() {
    let units = read_units();
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
fn rooms_use_only_the_rooms_their_layer_lists_before_them() {
    let units = read_units();
    let mut wrong = Vec::new();
    for layer in ["ai", "app"] {
        let order =
            documented_order(layer).unwrap_or_else(|| panic!("src/{layer}/mod.rs lists its rooms in order"));
        assert!(order.len() >= 5, "{layer}'s order is {order:?}");
        let rank = |room: &[String]| room.get(1).and_then(|r| order.iter().position(|o| o == r));
        for ((from, to), place) in room_edges(&units) {
            if from[0] != layer || to[0] != layer {
                continue;
            }
            match (rank(&from), rank(&to)) {
                (Some(f), Some(t)) if t < f => {}
                (Some(_), Some(_)) => wrong.push(format!(
                    "{place}: {} uses {}, listed after it",
                    name(&from),
                    name(&to)
                )),
                _ => wrong.push(format!(
                    "{place}: {} or {} is missing from {layer}'s list",
                    name(&from),
                    name(&to)
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "rooms out of order:\n{}", wrong.join("\n"));
}

#[test]
fn no_circle_between_rooms() {
    let units = read_units();
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

#[test]
fn every_layer_says_what_it_may_use() {
    for layer in LAYERS {
        let text =
            fs::read_to_string(source_root().join(layer).join("mod.rs")).expect("a layer has a mod.rs");
        let doc: Vec<&str> = text.lines().take_while(|l| l.starts_with("//!")).collect();
        assert!(
            doc.iter().any(|l| l.contains("May use:")),
            "src/{layer}/mod.rs does not say what it may use"
        );
    }
}

#[test]
fn the_reader_finds_real_imports() {
    // Given lines shaped like the sources, when they are read, then each path is found.
    assert_eq!(
        paths_in("use crate::ai::bots::{Bot, Greedy};"),
        vec![
            vec!["crate", "ai", "bots", "Bot"],
            vec!["crate", "ai", "bots", "Greedy"]
        ]
    );
    assert_eq!(
        paths_in("let x = crate::core::reachable::solve(&a);")[0],
        vec!["crate", "core", "reachable", "solve"]
    );
    assert!(paths_in("let supercrate::x = 1;").is_empty());
    let module: Vec<String> = vec!["ai".into(), "bots".into(), "greedy".into()];
    let path: Vec<String> = vec!["super".into(), "Bot".into()];
    assert_eq!(absolute(&path, &module), vec!["ai", "bots", "Bot"]);
    let module: Vec<String> = vec!["ai".into(), "bots".into()];
    assert_eq!(absolute(&path, &module), vec!["ai", "Bot"]);
    assert_eq!(
        code_lines("use crate::a; // crate::b\n#[cfg(test)]\nmod tests { use crate::c; }").len(),
        1
    );
}

#[test]
fn only_what_a_bot_author_needs_is_public() {
    // Given the crate root, when its public modules are read, then they are the rules,
    // the games and the bots; sessions, records and the front ends are the crate's own.
    let lib = fs::read_to_string(source_root().join("lib.rs")).expect("src/lib.rs");
    let public: BTreeSet<&str> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("pub mod "))
        .map(|name| name.trim_end_matches(';'))
        .collect();
    assert_eq!(public, BTreeSet::from(["ai", "core", "games"]));
    for inner in ["app", "cli"] {
        assert!(
            lib.contains(&format!("pub(crate) mod {inner};")),
            "{inner} is not crate-only"
        );
    }
    // The binary and an external Rust bot reach the rest through these alone.
    let exported: Vec<&str> = lib.lines().filter(|l| l.starts_with("pub use ")).collect();
    assert_eq!(
        exported,
        [
            "pub use cli::engine::{serve, serve_bot};",
            "pub use cli::{USAGE_EXIT, UsageError, run};"
        ]
    );
}
