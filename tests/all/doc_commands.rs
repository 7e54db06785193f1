//! Every command the README and the guides in `docs/` show in a ```sh block runs, so
//! that none of them can rot: each `tabula ...` line is run through the built binary
//! by `sh`, with standard input closed, and must exit with status 0 (or the status a
//! trailing `# exits N` names). A command that cannot run in seconds (training, long
//! matches, play that waits for a person, tools tabula does not ship) carries a
//! trailing comment that says so, and is skipped; any other line of a ```sh block
//! fails the test, so a new command is either run or marked.

#![cfg(unix)]

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The trailing comments that mark a command as not run here, as the guides write
/// them: `# takes about 20 minutes`, `# interactive`, `# needs python3`.
const SKIP_MARKERS: [&str; 3] = ["takes about", "interactive", "needs "];

/// How long one command may run before the test calls it slow.
const TIME_LIMIT: Duration = Duration::from_secs(60);

/// Folders of the repository that commands name by a relative path.
const LINKED_FOLDERS: &[&str] = &["assets", "benchmarks", "examples", "training", "target"];

/// One logical line of a ```sh block (continuation lines joined).
#[derive(Debug, Clone)]
struct DocLine {
    /// Where it stands, `docs/matches.md:42`.
    place: String,
    /// The shell code, without its trailing comment.
    code: String,
    /// The trailing comment, if any, without the `#`.
    comment: Option<String>,
}

/// What the test does with a line.
#[derive(Debug, PartialEq)]
enum Plan {
    /// Run it and expect this exit status.
    Run(i32),
    /// A marked command: not run.
    Skip,
    /// `NAME=value` alone: kept for the later lines of its block.
    Assign,
    /// Neither a `tabula` command nor marked: a defect of the document.
    Unmarked,
}

/// The README and every guide, in a fixed order.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut guides: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("a docs folder")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    guides.sort();
    files.extend(guides);
    files
}

/// The position of a trailing `#` comment: a `#` after a blank, outside quotes.
fn comment_start(line: &str) -> Option<usize> {
    let (mut single, mut double, mut previous) = (false, false, ' ');
    for (at, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && previous.is_whitespace() => return Some(at),
            _ => {}
        }
        previous = c;
    }
    None
}

/// The logical lines of every ```sh block of `text`, in order; each block's lines are
/// grouped so that assignments stay within their block.
fn sh_blocks(name: &str, text: &str) -> Vec<Vec<DocLine>> {
    let mut blocks = Vec::new();
    let mut block: Option<Vec<DocLine>> = None;
    let mut pending = String::new();
    let mut first_line = 0;
    for (index, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        match &mut block {
            None if trimmed == "```sh" => block = Some(Vec::new()),
            None => {}
            Some(_) if trimmed == "```" => blocks.push(block.take().unwrap()),
            Some(lines) => {
                if pending.is_empty() {
                    first_line = index + 1;
                }
                if let Some(head) = trimmed.strip_suffix('\\') {
                    pending.push_str(head.trim_end());
                    pending.push(' ');
                    continue;
                }
                pending.push_str(trimmed);
                let whole = std::mem::take(&mut pending);
                if whole.is_empty() || whole.starts_with('#') {
                    continue;
                }
                let (code, comment) = match comment_start(&whole) {
                    Some(at) => (&whole[..at], Some(whole[at + 1..].trim().to_string())),
                    None => (whole.as_str(), None),
                };
                lines.push(DocLine {
                    place: format!("{name}:{first_line}"),
                    code: code.trim().to_string(),
                    comment,
                });
            }
        }
    }
    assert!(block.is_none(), "{name}: a ```sh block is not closed");
    blocks
}

/// What to do with one line.
fn plan(line: &DocLine) -> Plan {
    let comment = line.comment.as_deref().unwrap_or("");
    if SKIP_MARKERS.iter().any(|marker| comment.starts_with(marker)) {
        return Plan::Skip;
    }
    let words = shell_words::split(&line.code).unwrap_or_default();
    let is_name = |w: &str| {
        w.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
    };
    if words.len() == 1 && words[0].split_once('=').is_some_and(|(name, _)| is_name(name)) {
        return Plan::Assign;
    }
    if !words.iter().any(|w| w == "tabula") {
        return Plan::Unmarked;
    }
    let status = comment
        .strip_prefix("exits ")
        .and_then(|n| n.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    Plan::Run(status)
}

/// A fresh working folder for one document's commands, with the repository's folders
/// that commands name linked into it; `purpose` keeps apart the folders of tests that
/// run the same document's commands at once.
fn work_dir(root: &Path, document: &Path, purpose: &str) -> PathBuf {
    let stem = document.file_stem().unwrap().to_string_lossy();
    let dir = crate::support::temp_dir(&format!("doc-{purpose}-{stem}"));
    for folder in LINKED_FOLDERS {
        std::os::unix::fs::symlink(root.join(folder), dir.join(folder)).unwrap();
    }
    dir
}

/// Runs `script` with `sh` in `dir`, `tabula` on the PATH; returns the exit status,
/// or an error that says what went wrong.
fn run(script: &str, dir: &Path, log: &Path) -> Result<i32, String> {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_tabula"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = File::create(log).unwrap();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", path)
        .env("TABULA", &binary)
        .env(crate::support::DATA_DIR_VAR, crate::support::test_data_dir())
        .env("NO_COLOR", "1")
        // Install commands write under ~: keep them inside the document's folder.
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(output.try_clone().unwrap())
        .stderr(output)
        .process_group(0)
        .spawn()
        .map_err(|e| format!("sh did not start: {e}"))?;
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status
                .code()
                .ok_or_else(|| format!("ended by a signal: {status}"));
        }
        if started.elapsed() > TIME_LIMIT {
            // The whole process group: sh, tabula and any engine it started.
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            let _ = child.wait();
            return Err(format!(
                "still running after {} s: make it faster, or mark it '# takes about ...'",
                TIME_LIMIT.as_secs()
            ));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs one document's commands in order; returns (commands run, failures).
fn run_document(root: &Path, document: &Path) -> (usize, Vec<String>) {
    let name = document.strip_prefix(root).unwrap().display().to_string();
    let text = std::fs::read_to_string(document).unwrap();
    let dir = work_dir(root, document, "commands");
    let log = dir.join("output.log");
    let (mut ran, mut failures) = (0, Vec::new());
    for block in sh_blocks(&name, &text) {
        let mut assignments = String::new();
        for line in block {
            match plan(&line) {
                Plan::Skip => {}
                Plan::Assign => {
                    assignments.push_str(&line.code);
                    assignments.push('\n');
                }
                Plan::Unmarked => failures.push(format!(
                    "{}: '{}' is neither a tabula command nor marked ({})",
                    line.place,
                    line.code,
                    SKIP_MARKERS.map(str::trim).join(", ")
                )),
                Plan::Run(expected) => {
                    ran += 1;
                    let script = format!("{assignments}{}", line.code);
                    match run(&script, &dir, &log) {
                        Ok(status) if status == expected => {}
                        Ok(status) => failures.push(format!(
                            "{}: '{}' exited with {status}, not {expected}:\n{}",
                            line.place,
                            line.code,
                            tail(&log)
                        )),
                        Err(why) => failures.push(format!("{}: '{}': {why}", line.place, line.code)),
                    }
                }
            }
        }
    }
    (ran, failures)
}

/// The last lines of a command's output, for a failure message.
fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(8)..].join("\n")
}

#[test]
fn every_command_in_the_readme_and_the_guides_runs_or_is_marked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let documents = documents(root);
    assert!(documents.len() >= 7, "the README and six guides: {documents:?}");
    // One thread per document: each has its own working folder.
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = documents
            .iter()
            .map(|document| scope.spawn(|| run_document(root, document)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let ran: usize = results.iter().map(|(n, _)| n).sum();
    let failures: Vec<String> = results.into_iter().flat_map(|(_, f)| f).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(ran >= 40, "only {ran} commands ran");
}

#[test]
fn lines_are_planned_by_their_markers() {
    let line = |code: &str, comment: Option<&str>| DocLine {
        place: "x.md:1".into(),
        code: code.into(),
        comment: comment.map(str::to_string),
    };
    assert_eq!(plan(&line("tabula games", None)), Plan::Run(0));
    assert_eq!(plan(&line("tabula games", Some("the games"))), Plan::Run(0));
    assert_eq!(
        plan(&line("printf 'x' | tabula play", Some("exits 1"))),
        Plan::Run(1)
    );
    assert_eq!(
        plan(&line("tabula train nardy", Some("takes about 3 hours"))),
        Plan::Skip
    );
    assert_eq!(plan(&line("tabula man tabula", Some("(new)"))), Plan::Run(0));
    assert_eq!(plan(&line("cargo test", None)), Plan::Unmarked);
    assert_eq!(plan(&line("POS=\"w=24x15 b=24x15\"", None)), Plan::Assign);
    let blocks = sh_blocks(
        "x.md",
        "text\n```sh\ntabula match nardy \\\n    --games 2   # two games\n# a comment\n\
         printf 'a # b' | tabula engine\n```\n```text\ncargo\n```\n",
    );
    assert_eq!(blocks.len(), 1);
    let lines = &blocks[0];
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].code, "tabula match nardy --games 2");
    assert_eq!(lines[0].comment.as_deref(), Some("two games"));
    assert_eq!(lines[0].place, "x.md:3");
    assert_eq!(lines[1].code, "printf 'a # b' | tabula engine");
    assert_eq!(lines[1].comment, None);
}

/// GitHub's anchor for a heading: lower case, blanks to hyphens, other punctuation
/// dropped (`Long Nardy's network` is `long-nardys-network`).
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown file's headings.
fn anchors(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| line.starts_with('#'))
        .map(|line| anchor(line.trim_start_matches('#').trim()))
        .collect()
}

#[test]
fn every_link_between_the_readme_and_the_guides_reaches_its_file_and_heading() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut broken = Vec::new();
    let mut checked = 0;
    for document in documents(root) {
        let text = std::fs::read_to_string(&document).unwrap();
        let folder = document.parent().unwrap();
        for (at, _) in text.match_indices("](") {
            let rest = &text[at + 2..];
            let target = &rest[..rest.find(')').unwrap_or(0)];
            if target.is_empty() || target.contains("://") {
                continue;
            }
            checked += 1;
            let (file, heading) = target.split_once('#').unwrap_or((target, ""));
            let path = if file.is_empty() {
                document.clone()
            } else {
                folder.join(file)
            };
            let place = format!("{}: {target}", document.strip_prefix(root).unwrap().display());
            match std::fs::read_to_string(&path) {
                Err(_) if path.exists() => {}
                Err(_) => broken.push(format!("{place}: no such file")),
                Ok(target_text) => {
                    if !heading.is_empty() && !anchors(&target_text).iter().any(|a| a == heading) {
                        broken.push(format!("{place}: no such heading"));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
    assert!(checked >= 20, "only {checked} links");
    assert_eq!(anchor("Records: save, load, replay"), "records-save-load-replay");
    assert_eq!(anchor("Long Nardy's network"), "long-nardys-network");
}

#[test]
fn the_readmes_manual_pages_install_where_man_finds_them_with_cargos_path() {
    // Given tabula where 'cargo install' puts it and only that folder added to the PATH,
    // as rustup sets it up,
    let man_works = Command::new("man")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !man_works {
        eprintln!("no man here: the README's manual pages are not followed");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let home = crate::support::temp_dir("readme-install");
    let bin = home.join(".cargo/bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_tabula"), bin.join("tabula")).unwrap();
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let sh = |script: &str| {
        Command::new("sh")
            .arg("-c")
            .arg(script)
            .current_dir(&home)
            .env("HOME", &home)
            .env("PATH", &path)
            .env_remove("MANPATH")
            .output()
            .unwrap()
    };
    // when the README's install lines after 'cargo install' run,
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let install = &readme[readme.find("## Install").unwrap()..];
    let install = &install[..install[3..].find("\n## ").unwrap()];
    let mut script = String::new();
    for line in sh_blocks("README.md", install).into_iter().flatten() {
        if !line.code.starts_with("cargo ") {
            script.push_str(&line.code);
            script.push('\n');
        }
    }
    assert!(script.contains("tabula man --out"), "{script}");
    let ran = sh(&script);
    assert!(
        ran.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&ran.stderr)
    );
    // then man finds both pages and the completions are written.
    for page in ["tabula", "tabula-protocol"] {
        let found = sh(&format!("man -w {page}"));
        assert!(
            found.status.success(),
            "man does not find {page} after: {script}{}",
            String::from_utf8_lossy(&found.stderr)
        );
    }
    assert!(
        home.join(".local/share/bash-completion/completions/tabula")
            .is_file()
    );
}

/// The guides whose sample output is checked against what their commands print.
const SAMPLED: &[&str] = &["docs/analysis.md"];

/// Each ```text block that follows a ```sh block with only blank lines between, with the
/// first command of that ```sh block: the sample shows what that command prints.
fn samples(name: &str, text: &str) -> Vec<(DocLine, Vec<String>)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("```sh\n") {
        let after = &rest[start..];
        let end = after[6..].find("```\n").map(|e| e + 6 + 4).unwrap_or(after.len());
        let (block, tail) = after.split_at(end);
        let gap = tail.len() - tail.trim_start_matches(['\n', ' ']).len();
        if let Some(sample) = tail[gap..].strip_prefix("```text\n") {
            let lines: Vec<String> = sample[..sample.find("```").unwrap()]
                .lines()
                .map(|l| l.trim_end().to_string())
                .collect();
            let first = sh_blocks(name, block)
                .into_iter()
                .flatten()
                .next()
                .expect("a command before the sample");
            found.push((first, lines));
        }
        rest = tail;
    }
    found
}

#[test]
fn the_sample_output_of_the_guides_is_what_their_commands_print() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for name in SAMPLED {
        let text = std::fs::read_to_string(root.join(name)).unwrap();
        let dir = work_dir(root, &root.join(name), "samples");
        for (command, sample) in samples(name, &text) {
            // Only what the command prints on standard output, line by line; the sample
            // may leave lines out (a header with a random seed) but shows none it
            // does not print, in the order printed.
            let script = format!("{} 2>/dev/null > sample.out", command.code);
            let log = dir.join("output.log");
            assert_eq!(
                run(&script, &dir, &log),
                Ok(0),
                "{}: {}",
                command.place,
                command.code
            );
            let printed = std::fs::read_to_string(dir.join("sample.out")).unwrap();
            let mut lines = printed.lines().map(str::trim_end);
            for line in &sample {
                assert!(
                    lines.any(|printed| printed == line),
                    "{}: '{}' does not print the sample's line\n{line}\nin that order; it prints:\n{printed}",
                    command.place,
                    command.code
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 2, "only {checked} samples");
}
