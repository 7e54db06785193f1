//! No circle inside a folder: given every path of `src/` as the layer checks read it,
//! when the files of one folder (the modules beside each other under one parent, each
//! with whatever lies below it) are joined wherever one names another (`use
//! crate::a::b`, `super::b::item`), then no two of them reach each other. A circle
//! means neither file can be read, changed or tested without the other; the fix is to
//! move what both need into one of them, or into a file below both.

use std::collections::{BTreeMap, BTreeSet};

use super::{Unit, units};

/// The files of a folder that name each other: folder -> (file -> files it names).
type FolderEdges = BTreeMap<Vec<String>, BTreeMap<String, BTreeSet<String>>>;

/// Every edge between two files of one folder, where a path leaves the module it is
/// written in for a sibling (or what lies below the sibling).
fn folder_edges(units: &[Unit]) -> FolderEdges {
    let modules: BTreeSet<&[String]> = units.iter().map(|u| u.module.as_slice()).collect();
    let mut edges = FolderEdges::new();
    for unit in units {
        for reference in &unit.references {
            let (from, to) = (&unit.module, &reference.target);
            let shared = from.iter().zip(to).take_while(|(a, b)| a == b).count();
            // Only a path into a sibling module counts: an item of the parent's own
            // mod.rs is where the folder begins, not a file beside this one.
            if shared >= from.len() || shared >= to.len() || !modules.contains(&to[..=shared]) {
                continue;
            }
            edges
                .entry(from[..shared].to_vec())
                .or_default()
                .entry(from[shared].clone())
                .or_default()
                .insert(to[shared].clone());
        }
    }
    edges
}

/// The files reachable from `start` along `next`, `start` not counted unless a path
/// comes back to it.
fn reachable(start: &str, next: &BTreeMap<String, BTreeSet<String>>) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<&str> = vec![start];
    while let Some(file) = todo.pop() {
        for to in next.get(file).into_iter().flatten() {
            if seen.insert(to.clone()) {
                todo.push(to);
            }
        }
    }
    seen
}

/// Every circle: a folder and its files that reach one another (two or more), each
/// group once, in order.
fn circles(edges: &FolderEdges) -> Vec<(String, Vec<String>)> {
    let mut found = BTreeSet::new();
    for (folder, next) in edges {
        let reach: BTreeMap<&String, BTreeSet<String>> =
            next.keys().map(|file| (file, reachable(file, next))).collect();
        for (file, from_file) in &reach {
            let group: Vec<String> = from_file
                .iter()
                .filter(|other| reach.get(other).is_some_and(|back| back.contains(*file)))
                .cloned()
                .collect();
            if group.len() >= 2 {
                found.insert((folder.join("::"), group));
            }
        }
    }
    found.into_iter().collect()
}

#[test]
fn no_files_of_one_folder_import_each_other_in_a_circle() {
    let found = circles(&folder_edges(&units()));
    let shown: Vec<String> = found
        .iter()
        .map(|(folder, files)| format!("{folder}: {}", files.join(", ")))
        .collect();
    assert!(
        shown.is_empty(),
        "files that import each other:\n{}",
        shown.join("\n")
    );
}

#[test]
fn a_circle_is_found_between_sibling_files_and_not_through_their_parent() {
    // Given a folder whose a and b name each other and whose c names its parent only,
    // when the circles are read, then a and b are one and c is in none.
    let path = |p: &str| -> Vec<String> { p.split("::").map(String::from).collect() };
    let unit = |module: &str, targets: &[&str]| Unit {
        module: path(module),
        references: targets
            .iter()
            .map(|t| super::Reference {
                file: format!("{module}.rs"),
                line: 1,
                target: path(t),
            })
            .collect(),
    };
    let units = [
        unit("x", &[]),
        unit("x::a", &["x::b::item"]),
        unit("x::b", &["x::a", "x::Thing"]),
        unit("x::c", &["x::Thing", "x::a::deep"]),
        unit("x::a::deep", &[]),
    ];
    assert_eq!(
        circles(&folder_edges(&units)),
        vec![("x".to_string(), vec!["a".to_string(), "b".to_string()])]
    );
}
