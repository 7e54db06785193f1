//! `tabula host` and `tabula join` as two processes on the loopback address: whole
//! games with bots in every seat give both sides the same record, a wrong code is
//! refused and the right one then works, and the help says how.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdout, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use crate::support::{run_tabula, tabula_command, temp_dir};

/// How long one game may take in a debug build on a busy machine.
const GAME_DEADLINE: Duration = Duration::from_secs(600);

/// A child process killed when the test lets go of it.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Running {
    /// Waits for the exit status, killing the process at the deadline.
    fn finish(&mut self) -> Option<i32> {
        let start = Instant::now();
        while start.elapsed() < GAME_DEADLINE {
            if let Some(status) = self.0.try_wait().unwrap() {
                return status.code();
            }
            thread::sleep(Duration::from_millis(50));
        }
        panic!("tabula did not finish within {GAME_DEADLINE:?}");
    }
}

/// Starts `tabula host ARGS` on 127.0.0.1, any free port; returns it, the join command's
/// words after `tabula join` (address and code), and the rest of its output to come.
fn host(args: &[&str]) -> (Running, Vec<String>, mpsc::Receiver<String>) {
    let child = tabula_command()
        .arg("host")
        .args(args)
        .args(["--bind", "127.0.0.1", "--port", "0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut running = Running(child);
    let lines = read_lines(running.0.stdout.take().unwrap());
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines
            .recv_timeout(left)
            .expect("the host prints its join command");
        if let Some(rest) = line.strip_prefix("tabula join ") {
            let words: Vec<String> = rest.split(' ').map(str::to_string).collect();
            assert!(words[0].starts_with("127.0.0.1:"), "{line}");
            return (running, words, lines);
        }
    }
}

fn read_lines(stdout: ChildStdout) -> mpsc::Receiver<String> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        // Read to the end even when nobody listens: a full pipe would stop the host.
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = send.send(line);
        }
    });
    receive
}

/// Runs `tabula join ADDRESS CODE ARGS` to its end: (status, stdout, stderr).
fn join(words: &[String], args: &[&str]) -> (Option<i32>, String, String) {
    let mut all: Vec<&str> = vec!["join"];
    all.extend(words.iter().map(String::as_str));
    all.extend(args);
    run_tabula(&all, "")
}

/// A record without the lines that may differ between the sides (the date, and the
/// seal over it).
fn moves_of(record: &str) -> String {
    record
        .lines()
        .filter(|line| !line.starts_with("tag date") && !line.starts_with("end "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Plays a whole game between a host with `host_seats` and a joiner with `join_seats`;
/// both exit 0 with the same record, which ends in a result.
fn whole_game(name: &str, game: &[&str], host_seats: &[&str], join_seats: &[&str]) {
    let dir = temp_dir(&format!("remote-{name}"));
    let (host_record, join_record) = (dir.join("host.txt"), dir.join("join.txt"));
    let mut host_args: Vec<&str> = game.to_vec();
    for seat in host_seats {
        host_args.extend(["--seat", seat]);
    }
    host_args.extend(["--save", host_record.to_str().unwrap()]);
    let (mut hosting, words, _) = host(&host_args);
    let mut join_args: Vec<&str> = Vec::new();
    for seat in join_seats {
        join_args.extend(["--seat", seat]);
    }
    join_args.extend(["--save", join_record.to_str().unwrap()]);
    let (status, out, err) = join(&words, &join_args);
    assert_eq!(status, Some(0), "{out}\n{err}");
    assert!(out.contains("game over: "), "{out}");
    assert_eq!(hosting.finish(), Some(0));
    let (host_text, join_text) = (
        std::fs::read_to_string(&host_record).unwrap(),
        std::fs::read_to_string(&join_record).unwrap(),
    );
    assert_eq!(moves_of(&host_text), moves_of(&join_text));
    assert!(host_text.contains("\ndice "), "{host_text}");
    assert!(!host_text.contains("\nforfeit "), "{host_text}");
    // Both records carry the dice's proof, and every roll checks from it.
    for record in [&host_record, &join_record] {
        let (status, out, err) = run_tabula(&["verify", record.to_str().unwrap()], "");
        assert_eq!(status, Some(0), "{out}\n{err}");
        assert!(out.contains("rolls check"), "{out}");
    }
}

#[test]
fn remote_nardy_plays_to_the_end() {
    whole_game("nardy", &["nardy"], &["white=bot:greedy"], &["black=bot:greedy"]);
}

#[test]
fn remote_ur_plays_to_the_end() {
    whole_game(
        "ur",
        &["ur", "rules=finkel"],
        &["dark=bot:greedy"],
        &["light=bot:greedy"],
    );
}

#[test]
fn remote_aeroplane_plays_to_the_end() {
    whole_game(
        "aeroplane",
        &["aeroplane", "players=2"],
        &["1=bot:greedy"],
        &["2=bot:greedy"],
    );
}

#[test]
fn remote_microbes_plays_to_the_end() {
    whole_game("microbes", &["microbes"], &["1=bot:greedy"], &["2=bot:greedy"]);
}

#[test]
fn remote_mnogoboy_with_two_seats_a_side_plays_to_the_end() {
    whole_game(
        "mnogoboy",
        &["mnogoboy", "players=4"],
        &["1=bot:greedy", "3=bot:greedy"],
        &["2=bot:greedy", "4=bot:greedy"],
    );
}

#[test]
fn remote_wrong_code_is_refused_then_the_right_one_plays() {
    let (mut hosting, words, lines) = host(&["ur", "--seat", "light=bot:greedy"]);
    let right = words[1].clone();
    let number = right.split('-').next().unwrap();
    // Another code with the same number: only the words differ.
    let wrong = if right.ends_with("-adroitness") {
        format!("{number}-aardvark-adviser")
    } else {
        format!("{number}-aardvark-adroitness")
    };
    let (status, out, err) = join(&[words[0].clone(), wrong], &["--seat", "dark=bot:greedy"]);
    assert_eq!(status, Some(1), "{out}\n{err}");
    assert!(err.contains("join code is not"), "{err}");
    // The host says so, after the lines it printed while waiting (a few, bounded).
    let told = (0..10)
        .map_while(|_| lines.recv_timeout(Duration::from_secs(60)).ok())
        .find(|line| line.contains("wrong code"))
        .expect("the host tells of the wrong code");
    assert!(told.contains("wrong code (1 of 3); still waiting"), "{told}");
    let (status, out, err) = join(&words, &["--seat", "dark=bot:greedy"]);
    assert_eq!(status, Some(0), "{out}\n{err}");
    assert_eq!(hosting.finish(), Some(0));
}

#[test]
fn remote_help_says_how_to_host_and_join() {
    let (status, out, _) = run_tabula(&["host", "--help"], "");
    assert_eq!(status, Some(0));
    for words in [
        "tabula join ADDRESS:PORT CODE",
        "--seat <SEAT=PLAYER>",
        "--port",
        "--save",
        "wrong code",
    ] {
        assert!(out.contains(words), "host --help lacks {words}:\n{out}");
    }
    let (status, out, _) = run_tabula(&["join", "--help"], "");
    assert_eq!(status, Some(0));
    for words in [
        "<ADDRESS:PORT>",
        "<CODE>",
        "7-crossover-clockwork",
        "--yes",
        "--seat <SEAT=PLAYER>",
    ] {
        assert!(out.contains(words), "join --help lacks {words}:\n{out}");
    }
}

#[test]
fn remote_join_refuses_a_code_that_is_not_one() {
    let (status, _, err) = run_tabula(&["join", "127.0.0.1:9", "7-zebra-\u{1b}[2J"], "");
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.contains("not a join code") || err.contains("not one of the code's words"),
        "{err}"
    );
    assert!(!err.contains('\u{1b}'), "{err:?}");
}
