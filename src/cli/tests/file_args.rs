//! The list of file arguments that `tests/all/file_args.rs` gives hostile files to is
//! every argument of the command line that names a file, as clap defines them.

use std::collections::BTreeSet;

use clap::CommandFactory;

use crate::cli::Cli;

/// `(command, arg)` of every argument whose value is named `FILE` (or `DATA`, a data
/// file), in every command and subcommand, hidden ones too.
fn file_args_of(command: &clap::Command, path: &str, found: &mut BTreeSet<(String, String)>) {
    for arg in command.get_arguments() {
        let names: Vec<String> = match arg.get_value_names() {
            Some(names) => names.iter().map(|n| n.to_string()).collect(),
            None => vec![arg.get_id().to_string().to_uppercase()],
        };
        if arg.get_num_args().is_none_or(|n| n.takes_values())
            && names.iter().any(|n| n == "FILE" || n == "DATA")
        {
            found.insert((path.to_string(), arg.get_id().to_string()));
        }
    }
    for sub in command.get_subcommands() {
        let name = match path {
            "" => sub.get_name().to_string(),
            path => format!("{path} {}", sub.get_name()),
        };
        file_args_of(sub, &name, found);
    }
}

/// The `FileArg { command: "...", arg: "...", ... }` entries of the integration test.
fn listed() -> BTreeSet<(String, String)> {
    let source = include_str!("../../../tests/all/file_args.rs");
    let value = |text: &str, name: &str| -> Option<(String, usize)> {
        let start = text.find(&format!("{name}: \""))? + name.len() + 3;
        let end = text[start..].find('"')? + start;
        Some((text[start..end].to_string(), end))
    };
    let mut found = BTreeSet::new();
    let mut rest = source;
    while let Some(at) = rest.find("FileArg {") {
        rest = &rest[at + "FileArg {".len()..];
        let Some((command, end)) = value(rest, "command") else {
            break;
        };
        let Some((arg, end_arg)) = value(&rest[end..], "arg") else {
            break;
        };
        found.insert((command, arg));
        rest = &rest[end + end_arg..];
    }
    found
}

#[test]
fn the_hostile_file_test_covers_every_file_argument() {
    let mut defined = BTreeSet::new();
    let mut cli = Cli::command();
    cli.build();
    file_args_of(&cli, "", &mut defined);
    assert!(defined.len() >= 15, "{defined:?}");
    let listed = listed();
    let missing: Vec<_> = defined.difference(&listed).collect();
    let extra: Vec<_> = listed.difference(&defined).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "tests/all/file_args.rs lacks {missing:?} and lists {extra:?}, which clap does not define"
    );
}
