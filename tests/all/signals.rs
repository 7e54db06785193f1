//! Signals in every phase that only reads: SIGINT, SIGTERM and SIGHUP while a match
//! resumes from its records, during `match report` and during `replay` end tabula with
//! 128 + the signal's number, after it says what it was doing. The signal is sent once
//! the process is seen, through /proc, to have read well into a large record, and while
//! it is held still (SIGSTOP), so that it cannot finish first.

use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Bytes a process must have read of the record before it is signalled: past whatever
/// is read before the reading proper starts.
const READ_INTO: u64 = 1 << 20;

/// A record of many Ur games between random bots, made once for these tests.
fn big_record() -> &'static Path {
    static RECORD: OnceLock<PathBuf> = OnceLock::new();
    RECORD.get_or_init(|| {
        let dir = crate::support::temp_dir("signals-big-record");
        let records = dir.join("records.txt");
        let output = crate::support::tabula_command()
            .args(["match", "ur", "--games", "6000", "--seed", "4"])
            .args(["--player", "bot:random", "--player", "bot:random"])
            .arg("--records")
            .arg(&records)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        records
    })
}

/// How far process `pid` has read the file at `path`, while it has the file open: the
/// furthest of its handles on it (a resuming match holds one more, the lock's, that
/// does not read).
fn read_position(pid: u32, path: &Path) -> Option<u64> {
    let wanted = path.canonicalize().ok()?;
    let mut furthest = None;
    for entry in std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?.flatten() {
        if std::fs::read_link(entry.path()).ok().as_ref() != Some(&wanted) {
            continue;
        }
        let Ok(info) = std::fs::read_to_string(format!(
            "/proc/{pid}/fdinfo/{}",
            entry.file_name().to_string_lossy()
        )) else {
            continue;
        };
        let pos = info
            .lines()
            .find_map(|line| line.strip_prefix("pos:"))
            .and_then(|pos| pos.trim().parse::<u64>().ok());
        furthest = furthest.max(pos);
    }
    furthest
}

/// Sends `signal` to `child` (a process this test started).
fn send(child: &Child, signal: i32) {
    // SAFETY: kill has no memory effects; the child is ours and not yet reaped.
    unsafe {
        libc::kill(child.id() as i32, signal);
    }
}

/// Runs tabula with `args`, waits until it has read [`READ_INTO`] bytes of `record` but
/// not all of it, holds it still, sends `signal`, lets it go on, and returns its exit
/// code and standard error.
fn signalled(args: &[&str], record: &Path, signal: i32) -> (Option<i32>, String) {
    let size = std::fs::metadata(record).unwrap().len();
    assert!(size > 8 * READ_INTO, "the record is too small: {size} bytes");
    let child = crate::support::tabula_command()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A safety net for a broken build, not a measure of speed.
    let until = Instant::now() + Duration::from_secs(120);
    loop {
        if read_position(child.id(), record).is_some_and(|pos| pos >= READ_INTO) {
            send(&child, libc::SIGSTOP);
            // Still reading once held: the signal comes before the end.
            match read_position(child.id(), record) {
                Some(pos) if pos < size => break,
                _ => panic!("{args:?} read all of the record before the signal came"),
            }
        }
        assert!(Instant::now() < until, "{args:?} never read the record");
        std::thread::sleep(Duration::from_millis(5));
    }
    send(&child, signal);
    send(&child, libc::SIGCONT);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Each of the three signals stops tabula run with `args` as it reads `record`: it
/// says it stopped while `doing`, and exits with 128 + the signal's number.
fn every_signal_stops(args: &[&str], record: &Path, doing: &str) {
    for (signal, name) in [
        (libc::SIGINT, "Ctrl-C (SIGINT)"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
    ] {
        let (code, stderr) = signalled(args, record, signal);
        assert_eq!(code, Some(128 + signal), "{name}: {stderr}");
        let said = format!("tabula: stopped by {name} while {doing}");
        assert!(stderr.contains(&said), "{name}: {stderr}");
    }
}

#[test]
fn a_signal_while_a_match_resumes_says_so_and_leaves_the_records_as_they_were() {
    let dir = crate::support::temp_dir("signals-resume");
    let records = dir.join("records.txt");
    std::fs::copy(big_record(), &records).unwrap();
    let before = std::fs::read(&records).unwrap();
    let path = records.to_str().unwrap();
    let args = [
        "match",
        "ur",
        "--games",
        "7000",
        "--seed",
        "4",
        "--player",
        "bot:random",
        "--player",
        "bot:random",
        "--records",
        path,
    ];
    let doing = format!("reading {path} to resume the match; the file is as it was");
    every_signal_stops(&args, &records, &doing);
    assert!(std::fs::read(&records).unwrap() == before, "the records changed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_signal_during_match_report_says_so() {
    let record = big_record();
    let path = record.to_str().unwrap();
    every_signal_stops(
        &["match", "report", path],
        record,
        &format!("reading {path} for the report"),
    );
}

#[test]
fn a_signal_during_replay_says_so() {
    let record = big_record();
    let path = record.to_str().unwrap();
    every_signal_stops(
        &["replay", path, "--game", "5000"],
        record,
        &format!("reading {path}"),
    );
}

/// Starts a long match of bots with `files` (`--records`, `--jsonl`), waits for its
/// first finished game, stops it with SIGTERM and returns its exit code and standard
/// error.
fn stopped_match(files: &[&str]) -> (Option<i32>, String) {
    use std::io::{BufRead, BufReader, Read};
    let mut child = crate::support::tabula_command()
        .args(["match", "ur", "--games", "1000000", "--jobs", "1", "--each-game"])
        .args(["--player", "bot:random", "--player", "bot:random"])
        .args(files)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert!(first.starts_with("Finished game "), "{first}");
    send(&child, libc::SIGTERM);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    (status.code(), stderr)
}

#[test]
fn a_stopped_match_names_every_file_that_keeps_its_games() {
    let dir = crate::support::temp_dir("signals-stop-files");
    let (records, jsonl) = (dir.join("records.txt"), dir.join("games.jsonl"));
    let (records, jsonl) = (records.to_str().unwrap(), jsonl.to_str().unwrap());
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    // The JSON lines alone keep the games, and the same command resumes from them.
    let (code, stderr) = stopped_match(&["--jsonl", jsonl]);
    assert_eq!(code, Some(128 + libc::SIGTERM), "{stderr}");
    let said = words(&stderr);
    assert!(
        said.contains(&format!("the JSON lines in {jsonl} keep them")),
        "{stderr}"
    );
    assert!(said.contains("run the same command again"), "{stderr}");
    assert!(!said.contains("not kept"), "{stderr}");
    // Both files are named.
    let _ = std::fs::remove_file(jsonl);
    let (_, stderr) = stopped_match(&["--records", records, "--jsonl", jsonl]);
    let said = words(&stderr);
    let both = format!("the records in {records} and the JSON lines in {jsonl} keep them");
    assert!(said.contains(&both), "{stderr}");
    // Only with neither are the games not kept.
    let (_, stderr) = stopped_match(&[]);
    assert!(
        words(&stderr).contains("without --records or --jsonl they are not kept"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
