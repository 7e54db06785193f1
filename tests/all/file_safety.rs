//! tabula never destroys a file it did not write: every writer refuses what is not a
//! regular file (FIFO, device, directory, dangling link) and leaves it as it was, writes
//! through a symbolic link and keeps the link, and a match adopts, cuts and appends only
//! to its own records, which it holds locked for its run. A damaged game is named and
//! refused, and `--force` drops it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::support::{run_tabula, tabula_command, temp_dir};

/// The status code of a refused command line.
const REFUSED: Option<i32> = Some(2);

/// A match of `games` Royal Game of Ur games between two random bots (quick), with its
/// `extra` arguments.
fn ur_match(games: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    let mut args = vec![
        "match",
        "ur",
        "--games",
        games,
        "--jobs",
        "1",
        "--player",
        "bot:random",
        "--player",
        "bot:random",
    ];
    args.extend_from_slice(extra);
    run_tabula(&args, "")
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_string()
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: `name` is a valid NUL-terminated path for the call's duration.
    assert_eq!(
        unsafe { libc::mkfifo(name.as_ptr(), 0o600) },
        0,
        "mkfifo {}",
        path.display()
    );
}

#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt as _;
    std::fs::symlink_metadata(path).unwrap().file_type().is_fifo()
}

/// `text` with its lines joined by single spaces, as words wrapped to 80 columns read.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).unwrap().file_type().is_symlink()
}

/// The files of `dir`, by name.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn save_through_a_symbolic_link_writes_the_file_it_names_and_keeps_the_link() {
    let dir = temp_dir("save-link");
    std::fs::write(dir.join("real.txt"), "old notes\n").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.join("lnk")).unwrap();
    let script = format!("roll\nsave {}\n", text(&dir.join("lnk")));
    let (code, _, err) = run_tabula(&["play", "nardy", "--strict"], &script);
    assert_eq!(code, Some(0), "{err}");
    assert!(is_link(&dir.join("lnk")));
    assert_eq!(
        std::fs::read_link(dir.join("lnk")).unwrap(),
        PathBuf::from("real.txt")
    );
    let saved = std::fs::read_to_string(dir.join("real.txt")).unwrap();
    assert!(saved.contains("\ngame nardy\n"), "{saved}");
    assert_eq!(names(&dir), ["lnk", "real.txt"], "no temporary file is left");
}

#[test]
fn save_replaces_a_regular_file_whole() {
    let dir = temp_dir("save-regular");
    let path = dir.join("game.txt");
    std::fs::write(&path, "x".repeat(100_000)).unwrap();
    let script = format!("roll\nsave {}\n", text(&path));
    let (code, _, err) = run_tabula(&["play", "ur", "--strict"], &script);
    assert_eq!(code, Some(0), "{err}");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.starts_with("# tabula record") && !saved.contains('x'),
        "{saved}"
    );
    assert_eq!(names(&dir), ["game.txt"]);
}

#[cfg(unix)]
#[test]
fn save_refuses_a_fifo_a_device_a_directory_and_a_dangling_link_and_leaves_them_be() {
    let dir = temp_dir("save-refused");
    mkfifo(&dir.join("fifo"));
    std::fs::create_dir(dir.join("folder")).unwrap();
    std::os::unix::fs::symlink("nowhere.txt", dir.join("dangling")).unwrap();
    let cases = [
        (dir.join("fifo"), "is a FIFO (named pipe), not a regular file"),
        (
            PathBuf::from("/dev/null"),
            "is a character device, not a regular file",
        ),
        (dir.join("folder"), "is a directory, not a regular file"),
        (dir.join("dangling"), "which does not exist"),
    ];
    for (path, said) in cases {
        let script = format!("roll\nsave {}\n", text(&path));
        let (code, _, err) = run_tabula(&["play", "ur", "--strict"], &script);
        // A script's failed line is status 1, whatever the line.
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains(&text(&path)) && err.contains(said), "{err}");
    }
    assert!(is_fifo(&dir.join("fifo")));
    assert!(dir.join("folder").is_dir());
    assert!(is_link(&dir.join("dangling")));
    assert_eq!(names(&dir), ["dangling", "fifo", "folder"], "nothing was made");
    assert!(Path::new("/dev/null").metadata().is_ok_and(|m| !m.is_file()));
}

#[cfg(unix)]
#[test]
fn every_other_writer_refuses_a_fifo_with_status_2() {
    let dir = temp_dir("writers-refused");
    let fifo = dir.join("fifo");
    mkfifo(&fifo);
    let data = dir.join("data.tsv");
    std::fs::write(&data, "# title: t\nseries\tx\ty\na\t1\t2\na\t2\t3\n").unwrap();
    let fifo_text = text(&fifo);
    let commands: Vec<Vec<&str>> = vec![
        vec!["plot", data.to_str().unwrap(), "--out", &fifo_text],
        vec!["train", "ur", "--games", "1", "--out", &fifo_text],
        vec!["solve", "ur", "rules=blitz", "--out", &fifo_text],
        vec![
            "match",
            "ur",
            "--games",
            "1",
            "--player",
            "bot:random",
            "--player",
            "bot:random",
            "--log",
            &fifo_text,
        ],
    ];
    for args in commands {
        let (code, _, err) = run_tabula(&args, "");
        assert_eq!(code, REFUSED, "{args:?}: {err}");
        assert!(
            err.contains(&fifo_text) && err.contains("is a FIFO"),
            "{args:?}: {err}"
        );
        assert!(is_fifo(&fifo), "{args:?}");
    }
    assert_eq!(names(&dir), ["data.tsv", "fifo"]);
}

#[test]
fn a_file_that_is_not_tabulas_records_is_neither_adopted_nor_cut() {
    let dir = temp_dir("not-ours");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes, no newline").unwrap();
    let (code, _, err) = ur_match("2", &["--records", &text(&notes)]);
    assert_eq!(code, REFUSED, "{err}");
    assert!(
        err.contains("notes.txt exists and does not begin as tabula's match records"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes, no newline");
    // A large file of zero bytes is judged by its first bytes, never read whole.
    let zeros = dir.join("zeros.jsonl");
    let size = 2u64 << 30;
    std::fs::File::create(&zeros).unwrap().set_len(size).unwrap();
    let (code, _, err) = ur_match("2", &["--jsonl", &text(&zeros)]);
    assert_eq!(code, REFUSED, "{err}");
    assert!(err.contains("does not begin as tabula's JSON lines"), "{err}");
    assert_eq!(std::fs::metadata(&zeros).unwrap().len(), size);
    // Refused second, the JSON lines leave no records file behind either.
    let records = dir.join("new.txt");
    let (code, _, err) = ur_match("2", &["--records", &text(&records), "--jsonl", &text(&notes)]);
    assert_eq!(code, REFUSED, "{err}");
    assert!(!records.exists());
}

#[cfg(unix)]
#[test]
fn a_match_refuses_a_fifo_or_a_directory_for_its_records_at_once() {
    let dir = temp_dir("records-fifo");
    mkfifo(&dir.join("fifo"));
    for (flag, path) in [("--records", "fifo"), ("--jsonl", "fifo"), ("--records", ".")] {
        let path = dir.join(path);
        let (code, _, err) = ur_match("2", &[flag, &text(&path)]);
        assert_eq!(code, REFUSED, "{flag} {err}");
        assert!(err.contains("not a regular file"), "{err}");
    }
    assert!(is_fifo(&dir.join("fifo")));
}

/// A sealed record of a 4-game match of Ur (and its JSON lines), written by tabula.
fn four_games(dir: &Path) -> PathBuf {
    let records = dir.join("four.txt");
    let (code, _, err) = ur_match("4", &["--records", &text(&records)]);
    assert_eq!(code, Some(0), "{err}");
    records
}

/// The number (from 1) of the last `play` line of `text`.
fn last_play_line(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    lines.iter().rposition(|l| l.starts_with("play ")).unwrap() + 1
}

/// `text` with line `number` (from 1) replaced by `line`.
fn with_line(text: &str, number: usize, line: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[number - 1] = line;
    lines.join("\n") + "\n"
}

#[test]
fn a_damaged_last_game_is_named_and_refused_and_force_drops_it() {
    let dir = temp_dir("damaged");
    let whole = std::fs::read_to_string(four_games(&dir)).unwrap();
    let line = last_play_line(&whole);
    let nul = format!("\0{}", whole.lines().nth(line - 1).unwrap());
    for (name, damaged) in [("xyzzy", "xyzzy".to_string()), ("nul", nul)] {
        let path = dir.join(format!("{name}.txt"));
        let text_before = with_line(&whole, line, &damaged);
        std::fs::write(&path, &text_before).unwrap();
        let said = "game 4 of the match (from line ";
        let at = format!("is damaged at line {line}: ");
        let (code, out, err) = run_tabula(&["match", "report", &text(&path)], "");
        assert_eq!(code, Some(1), "{name}: {out}");
        assert!(
            err.contains(said) && err.contains(&at) && err.contains("--force"),
            "{err}"
        );
        let (code, _, err) = ur_match("4", &["--records", &text(&path)]);
        assert_eq!(code, Some(1), "{name}");
        assert!(
            err.contains(said) && err.contains(&at) && err.contains("--force"),
            "{err}"
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text_before,
            "{name}: untouched"
        );
        let (code, out, err) = run_tabula(&["match", "report", "--force", &text(&path)], "");
        assert_eq!(code, Some(0), "{err}");
        let out = flat(&out);
        assert!(
            out.contains("left out game 4 of the match") && out.contains("3 games read"),
            "{out}"
        );
        let (code, _, err) = ur_match("4", &["--records", &text(&path), "--force"]);
        assert_eq!(code, Some(0), "{err}");
        let err = flat(&err);
        assert!(
            err.contains("left out game 4 of the match") && err.contains("played again"),
            "{err}"
        );
        let (code, out, err) = run_tabula(&["match", "report", &text(&path)], "");
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("4 games read"), "{out}");
    }
}

#[test]
fn a_damaged_game_inside_the_records_is_cut_out_whole_with_force() {
    let dir = temp_dir("damaged-inside");
    let path = four_games(&dir);
    let whole = std::fs::read_to_string(&path).unwrap();
    let second = whole.match_indices("\ngame ur").nth(1).unwrap().0;
    let line = whole[..second]
        .lines()
        .collect::<Vec<_>>()
        .iter()
        .rposition(|l| l.starts_with("play "))
        .unwrap()
        + 1;
    std::fs::write(&path, with_line(&whole, line, "xyzzy")).unwrap();
    let (code, _, err) = ur_match("4", &["--records", &text(&path), "--force"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(flat(&err).contains("left out game 2 of the match"), "{err}");
    let (code, out, err) = run_tabula(&["match", "report", &text(&path)], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("4 games read"), "{out}");
    assert!(!std::fs::read_to_string(&path).unwrap().contains("xyzzy"));
}

#[test]
fn only_the_torn_end_of_the_last_game_is_cut_and_the_bytes_are_told() {
    let dir = temp_dir("torn");
    let path = four_games(&dir);
    let whole = std::fs::read(&path).unwrap();
    let torn = whole.len() - 200;
    std::fs::write(&path, &whole[..torn]).unwrap();
    let last = whole.windows(8).rposition(|w| w == b"\ngame ur").unwrap() + 1;
    let (code, out, err) = ur_match("4", &["--records", &text(&path)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains(&format!("cut the last {} bytes", torn - last)),
        "{err}"
    );
    assert!(out.contains("3 resumed"), "{out}");
    // Bytes after the last game that are no game tabula was writing are not cut.
    let mut foreign = std::fs::read(&path).unwrap();
    foreign.extend_from_slice(b"garbage tail");
    std::fs::write(&path, &foreign).unwrap();
    let (code, _, err) = ur_match("4", &["--records", &text(&path)]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains("the last 12 bytes") && err.contains("left untouched"),
        "{err}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), foreign);
}

#[test]
fn a_second_match_on_the_same_files_stops_at_once_while_report_still_reads_them() {
    let dir = temp_dir("locked");
    let (records, jsonl) = (dir.join("same.txt"), dir.join("same.jsonl"));
    let mut first = tabula_command()
        .args(["match", "nardy", "--games", "100000", "--jobs", "1"])
        .args(["--player", "bot:random", "--player", "bot:random"])
        .args(["--records", &text(&records), "--jsonl", &text(&jsonl)])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while std::fs::metadata(&records).map_or(true, |m| m.len() == 0) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let checks = std::panic::catch_unwind(|| {
        for (flag, path) in [("--records", &records), ("--jsonl", &jsonl)] {
            let args = ["match", "nardy", "--games", "2", "--player", "bot:random"];
            let (code, _, err) = run_tabula(
                &[&args[..], &["--player", "bot:random", flag, &text(path)]].concat(),
                "",
            );
            assert_eq!(code, REFUSED, "{err}");
            assert!(err.contains("is in use by another match"), "{err}");
        }
        let (code, out, err) = run_tabula(&["match", "report", &text(&records)], "");
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("games read from 1 file"), "{out}");
        let (code, _, err) = run_tabula(&["replay", &text(&records)], "");
        assert_eq!(code, Some(0), "{err}");
    });
    first.kill().unwrap();
    first.wait().unwrap();
    checks.unwrap();
}

#[cfg(unix)]
#[test]
fn the_engine_save_refuses_a_fifo_and_writes_through_a_link() {
    let dir = temp_dir("engine-save");
    mkfifo(&dir.join("fifo"));
    std::fs::write(dir.join("real.txt"), "old\n").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.join("lnk")).unwrap();
    let script = format!(
        "new ur\nsave {}\nsave {}\nquit\n",
        text(&dir.join("fifo")),
        text(&dir.join("lnk"))
    );
    let (code, out, err) = run_tabula(&["engine"], &script);
    assert_eq!(code, Some(0), "{err}");
    let answers: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(answers.len(), 4, "{out}");
    assert!(
        answers[1].starts_with("? file error: ") && answers[1].contains("is a FIFO"),
        "{out}"
    );
    assert_eq!(answers[2], "=", "{out}");
    assert!(is_fifo(&dir.join("fifo")));
    assert!(is_link(&dir.join("lnk")));
    assert!(
        std::fs::read_to_string(dir.join("real.txt"))
            .unwrap()
            .contains("\ngame ur\n")
    );
}
