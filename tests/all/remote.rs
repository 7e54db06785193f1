//! `tabula host` and `tabula join` as processes on the loopback address (127.0.0.1, and
//! ::1 where the machine has it): whole games with bots in every seat give every side
//! the same record, with a host and one joiner, a host and three joiners, and through
//! `tabula relay`; a wrong code is refused and the right one then works, and the help
//! says how. Every child is killed when its test lets go of it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
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

/// Starts `tabula ARGS` with its output read line by line.
fn spawn(args: &[&str]) -> (Running, mpsc::Receiver<String>) {
    spawn_reading(args, Stdio::null())
}

/// Starts `tabula ARGS` reading `stdin`, with its output read line by line.
fn spawn_reading(args: &[&str], stdin: Stdio) -> (Running, mpsc::Receiver<String>) {
    spawn_in(None, args, stdin)
}

/// Starts `tabula ARGS` reading `stdin`, in the data folder `data` if given, with its
/// output read line by line.
fn spawn_in(
    data: Option<&std::path::Path>,
    args: &[&str],
    stdin: Stdio,
) -> (Running, mpsc::Receiver<String>) {
    let mut command = tabula_command();
    if let Some(data) = data {
        command.env("TABULA_DATA_DIR", data);
    }
    spawn_command(command, args, stdin)
}

/// Starts `command` (tabula) with `args`, reading `stdin`, with its output read line by
/// line.
fn spawn_command(mut command: Command, args: &[&str], stdin: Stdio) -> (Running, mpsc::Receiver<String>) {
    let child = command
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut running = Running(child);
    let lines = read_lines(running.0.stdout.take().unwrap());
    (running, lines)
}

/// The first line of `lines` that starts with `prefix`, within a minute.
fn wait_for_line(lines: &mpsc::Receiver<String>, prefix: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("no line starting with '{prefix}' came"));
        if line.starts_with(prefix) {
            return line;
        }
    }
}

/// Starts `tabula host ARGS MEET` (MEET: where it listens, or its relay); returns it, the
/// join command's words after `tabula join`, and the rest of its output to come.
fn host_meeting(args: &[&str], meet: &[&str]) -> (Running, Vec<String>, mpsc::Receiver<String>) {
    let mut all = vec!["host"];
    all.extend(args);
    all.extend(meet);
    let (running, lines) = spawn(&all);
    let line = wait_for_line(&lines, "tabula join ");
    let words = line["tabula join ".len()..]
        .split(' ')
        .map(str::to_string)
        .collect();
    (running, words, lines)
}

/// Starts `tabula host ARGS` on 127.0.0.1, any free port.
fn host(args: &[&str]) -> (Running, Vec<String>, mpsc::Receiver<String>) {
    let (running, words, lines) = host_meeting(args, &["--bind", "127.0.0.1", "--port", "0"]);
    assert!(words[0].starts_with("127.0.0.1:"), "{words:?}");
    (running, words, lines)
}

fn read_lines(stdout: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        // Read to the end even when nobody listens: a full pipe would stop the host.
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = send.send(line);
        }
    });
    receive
}

/// Waits for `running` to exit 0, and returns all it printed on `lines`, which says
/// each of `phrases`.
fn exits_0_saying(running: &mut Running, lines: &mpsc::Receiver<String>, phrases: &[&str]) -> String {
    let status = running.finish();
    let out = lines.try_iter().collect::<Vec<_>>().join("\n");
    assert_eq!(status, Some(0), "{out}");
    for phrase in phrases {
        assert!(out.contains(phrase), "no '{phrase}' in:\n{out}");
    }
    out
}

/// Runs `tabula ARGS` to its end in the data folder `data`, with nothing on its
/// standard input: its exit status and standard error.
fn tabula_in(data: &std::path::Path, args: &[&str]) -> (Option<i32>, String) {
    let output = tabula_command()
        .env("TABULA_DATA_DIR", data)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), err)
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
    let meet = ["--bind", "127.0.0.1", "--port", "0"];
    game_of_many(name, game, host_seats, &[join_seats], &meet, "127.0.0.1:", None);
}

/// Plays a whole game between a host with `host_seats`, meeting its joiners as `meet`
/// says, and one joiner for each of `joiners` (the seats it names), all at once: every
/// side exits 0 with the same record, which ends in a result and verifies.
/// With `cut`, the last joiner reaches the host through a [`forwarder`] that cuts its
/// connection once after that many bytes, and says so.
fn game_of_many(
    name: &str,
    game: &[&str],
    host_seats: &[&str],
    joiners: &[&[&str]],
    meet: &[&str],
    target: &str,
    cut: Option<usize>,
) {
    let dir = temp_dir(&format!("remote-{name}"));
    let host_record = dir.join("host.txt");
    let mut host_args: Vec<&str> = game.to_vec();
    for seat in host_seats {
        host_args.extend(["--seat", seat]);
    }
    host_args.extend(["--save", host_record.to_str().unwrap(), "--wait", "300"]);
    let (mut hosting, words, host_lines) = host_meeting(&host_args, meet);
    assert!(words.iter().any(|w| w.starts_with(target)), "{words:?}");
    let mut records = vec![host_record];
    let mut joining = Vec::new();
    for (index, seats) in joiners.iter().enumerate() {
        let record = dir.join(format!("join{}.txt", index + 1));
        let mut args: Vec<String> = vec!["join".into()];
        args.extend(words.iter().cloned());
        if let Some(bytes) = cut.filter(|_| index + 1 == joiners.len()) {
            args[1] = forwarder(words[0].clone(), bytes);
        }
        for seat in seats.iter() {
            args.extend(["--seat".into(), seat.to_string()]);
        }
        args.extend([
            "--save".into(),
            record.to_str().unwrap().into(),
            "--wait".into(),
            "300".into(),
        ]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        joining.push(spawn(&args));
        records.push(record);
        // Joiners take their seats one after another, as people would.
        wait_for_line(&host_lines, &format!("joiner {} plays", index + 1));
    }
    let mut joining_left = joining.len();
    for (running, lines) in &mut joining {
        let status = running.finish();
        let out: Vec<String> = lines.try_iter().collect();
        assert_eq!(status, Some(0), "{}", out.join("\n"));
        assert!(
            out.iter().any(|l| l.starts_with("game over: ")),
            "{}",
            out.join("\n")
        );
        if cut.is_some() && joining_left == 1 {
            assert!(
                out.iter().any(|l| l == "the connection to the host is back"),
                "{}",
                out.join("\n")
            );
        }
        joining_left -= 1;
    }
    assert_eq!(hosting.finish(), Some(0));
    let texts = same_game_verified(&records);
    assert!(texts[0].contains("\ndice "), "{}", texts[0]);
    let sides = format!("sides={}", joiners.len() + 1);
    assert!(texts[0].contains(&sides), "{}", texts[0]);
}

/// The records of every side: the same game, with no forfeit, and every roll checks from
/// the dice's proof each carries. Returns their texts.
fn same_game_verified(records: &[std::path::PathBuf]) -> Vec<String> {
    let texts: Vec<String> = records
        .iter()
        .map(|r| std::fs::read_to_string(r).unwrap())
        .collect();
    for text in &texts[1..] {
        assert_eq!(moves_of(&texts[0]), moves_of(text));
    }
    assert!(!texts[0].contains("\nforfeit "), "{}", texts[0]);
    for record in records {
        let (status, out, err) = run_tabula(&["verify", record.to_str().unwrap()], "");
        assert_eq!(status, Some(0), "{out}\n{err}");
        assert!(out.contains("rolls check"), "{out}");
    }
    texts
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
fn remote_aeroplane_for_four_with_a_host_and_three_joiners_plays_to_the_end() {
    game_of_many(
        "aeroplane4",
        &["aeroplane", "players=4"],
        &["1=bot:greedy"],
        &[&["2=bot:greedy"], &["3=bot:greedy"], &["4=bot:greedy"]],
        &["--bind", "127.0.0.1", "--port", "0"],
        "127.0.0.1:",
        None,
    );
}

#[test]
fn remote_joiner_naming_no_seat_takes_what_is_left_and_every_record_ends_alike() {
    let dir = temp_dir("remote-left");
    let records: Vec<_> = ["host", "first", "second"]
        .iter()
        .map(|n| dir.join(format!("{n}.txt")))
        .collect();
    let path = |i: usize| records[i].to_str().unwrap().to_string();
    let (mut hosting, words, host_lines) = host(&[
        "mnogoboy",
        "players=4",
        "--seat",
        "1=bot:greedy",
        "--save",
        &path(0),
    ]);
    let mut first_args = vec!["join".to_string()];
    first_args.extend(words.iter().cloned());
    first_args.extend(["--seat", "3=bot:greedy", "--save", &path(1)].map(String::from));
    let (mut first, _) = spawn(&first_args.iter().map(String::as_str).collect::<Vec<_>>());
    wait_for_line(&host_lines, "joiner 1 plays p3");
    // The second joiner names no seat: it takes p2 and p4, for a person, who is not there
    // (its standard input is empty), so its seat forfeits when first to act.
    let (status, out, err) = join(&words, &["--save", &path(2)]);
    assert!(out.contains("you take p2 and p4"), "{out}");
    assert_eq!(status, Some(1), "{out}\n{err}");
    assert_eq!(first.finish(), Some(1));
    assert_eq!(hosting.finish(), Some(1));
    let texts: Vec<String> = records
        .iter()
        .map(|r| std::fs::read_to_string(r).unwrap())
        .collect();
    assert!(texts[0].contains("\nforfeit p2 crash"), "{}", texts[0]);
    for text in &texts[1..] {
        assert_eq!(moves_of(&texts[0]), moves_of(text));
    }
}

#[test]
fn remote_game_over_ipv6_loopback_plays_to_the_end() {
    if let Err(error) = std::net::TcpListener::bind("[::1]:0") {
        println!("skipped: this machine has no IPv6 loopback (::1): {error}");
        return;
    }
    game_of_many(
        "ipv6",
        &["ur", "rules=finkel"],
        &["dark=bot:greedy"],
        &[&["light=bot:greedy"]],
        &["--bind", "::1", "--port", "0"],
        "[::1]:",
        None,
    );
}

/// Starts `tabula relay` on 127.0.0.1, any free port; returns it and its address.
fn relay() -> (Running, String) {
    let (running, lines) = spawn(&["relay", "--port", "0", "--listen", "127.0.0.1"]);
    let line = wait_for_line(&lines, "relay listening on ");
    let at = line["relay listening on ".len()..].to_string();
    assert!(at.starts_with("127.0.0.1:"), "{line}");
    (running, at)
}

#[test]
fn remote_game_through_the_relay_plays_to_the_end() {
    let (_relay, at) = relay();
    game_of_many(
        "relay",
        &["nardy"],
        &["white=bot:greedy"],
        &[&["black=bot:greedy"]],
        &["--relay", &at],
        "--relay",
        None,
    );
}

#[test]
fn remote_game_for_three_through_the_relay_plays_to_the_end() {
    let (_relay, at) = relay();
    game_of_many(
        "relay3",
        &["aeroplane", "players=3"],
        &["2=bot:greedy"],
        &[&["1=bot:greedy"], &["3=bot:greedy"]],
        &["--relay", &at],
        "--relay",
        None,
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
        "--resume",
        "tabula host --resume",
    ] {
        assert!(out.contains(words), "host --help lacks {words}:\n{out}");
    }
    // Taking a game up again takes its game and seats from where it was kept.
    let (status, _, err) = run_tabula(&["host", "nardy", "--resume"], "");
    assert_eq!(status, Some(2), "{err}");
    assert!(err.contains("cannot be used with '--resume'"), "{err}");
    let (status, out, _) = run_tabula(&["join", "--help"], "");
    assert_eq!(status, Some(0));
    for words in [
        "<ADDRESS:PORT>",
        "<CODE>",
        "7-crossover-clockwork",
        "--yes",
        "--seat <SEAT=PLAYER>",
        "types the same command again",
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

/// A side whose seats a person plays through a pipe: the process, its standard input,
/// and every line it has printed so far.
struct Person {
    running: Running,
    stdin: Option<std::process::ChildStdin>,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Person {
    /// Starts `tabula ARGS` with its standard input piped.
    fn spawn(args: &[&str]) -> Person {
        Person::spawn_in(None, args)
    }

    /// Starts `tabula ARGS` with its standard input piped, in the data folder `data`
    /// if given.
    fn spawn_in(data: Option<&std::path::Path>, args: &[&str]) -> Person {
        let (mut running, lines) = spawn_in(data, args, Stdio::piped());
        let stdin = running.0.stdin.take();
        Person {
            running,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    /// Types a line.
    fn type_line(&mut self, line: &str) {
        use std::io::Write as _;
        if let Some(stdin) = &mut self.stdin {
            // The side may have ended already; its exit status tells.
            let _ = writeln!(stdin, "{line}");
            let _ = stdin.flush();
        }
    }

    /// The text printed since the line numbered `from`.
    fn since(&self, from: usize) -> String {
        self.seen[from.min(self.seen.len())..].join("\n")
    }
}

/// True for a line that asks the person: a prompt (`white 3-5>`) or a question (`[y/N]`).
fn asks(line: &str) -> bool {
    line.ends_with('>') || line.ends_with("[y/N]")
}

/// A host and a joiner of Long Nardy, white at the host and black at the joiner, each
/// played by a person through a pipe, until both have exited: `answer` gives the line
/// to type whenever one asks (0: the host, 1: the joiner), from all it printed so far.
/// Returns the two sides, their exit statuses and their records.
fn people_play(
    name: &str,
    answer: impl FnMut(usize, &[String]) -> String,
) -> ([Person; 2], [Option<i32>; 2], [String; 2]) {
    people_play_with(name, &[], answer)
}

/// As [`people_play`], the host also given `host_extra` arguments.
fn people_play_with(
    name: &str,
    host_extra: &[&str],
    mut answer: impl FnMut(usize, &[String]) -> String,
) -> ([Person; 2], [Option<i32>; 2], [String; 2]) {
    let dir = temp_dir(&format!("remote-people-{name}"));
    let records = [dir.join("host.txt"), dir.join("join.txt")];
    let saved = |i: usize| records[i].to_str().unwrap().to_string();
    let host_record = saved(0);
    let mut host_args = vec!["host", "nardy", "--seat", "white=human", "--bind", "127.0.0.1"];
    host_args.extend(["--port", "0", "--save", &host_record]);
    host_args.extend(host_extra);
    let host = Person::spawn(&host_args);
    let line = wait_for_line(&host.lines, "tabula join ");
    let mut args: Vec<&str> = line.split(' ').skip(1).collect();
    let join_record = saved(1);
    args.extend(["--save", &join_record]);
    let joiner = Person::spawn(&args);
    let mut sides = [host, joiner];
    let mut ended = [false, false];
    let deadline = Instant::now() + GAME_DEADLINE;
    while ended != [true, true] {
        assert!(Instant::now() < deadline, "the game did not end in time");
        for (index, side) in sides.iter_mut().enumerate() {
            match side.lines.recv_timeout(Duration::from_millis(20)) {
                Ok(line) => {
                    side.seen.push(line.clone());
                    if asks(&line) {
                        let reply = answer(index, &side.seen);
                        side.type_line(&reply);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => ended[index] = true,
            }
        }
    }
    let statuses = [sides[0].running.finish(), sides[1].running.finish()];
    let texts = records.clone().map(|r| std::fs::read_to_string(r).unwrap());
    assert_eq!(moves_of(&texts[0]), moves_of(&texts[1]));
    for record in &records {
        let (status, out, err) = run_tabula(&["verify", record.to_str().unwrap()], "");
        assert_eq!(status, Some(0), "{out}\n{err}");
    }
    (sides, statuses, texts)
}

/// True for white's prompt with dice, to move.
fn white_to_move(line: &str) -> bool {
    line.starts_with("white ") && line.ends_with('>') && !line.contains("roll-off")
}

#[test]
fn remote_people_at_pipes_see_the_board_and_hints_save_mid_game_and_new_is_refused() {
    let dir = temp_dir("remote-people-mid");
    let mid = dir.join("mid.txt");
    let mid_text = mid.to_str().unwrap().to_string();
    let mut script: Vec<String> = ["board", "hint", "legal", &format!("save {mid_text}"), "new"]
        .map(String::from)
        .to_vec();
    let mut white_moves = 0;
    let (sides, statuses, texts) = people_play("mid", |side, seen| {
        let prompt = seen.last().unwrap();
        if side == 1 {
            return "genmove".into();
        }
        if white_to_move(prompt) && !script.is_empty() {
            return script.remove(0);
        }
        if white_to_move(prompt) {
            white_moves += 1;
        }
        if white_moves > 2 { "resign" } else { "genmove" }.into()
    });
    assert_eq!(statuses, [Some(0), Some(0)]);
    let host = sides[0].since(0);
    // The board, the bot's hints and the legal moves, as at the local table.
    assert!(host.contains("pips"), "{host}");
    assert!(host.contains("bot:"), "{host}");
    assert!(host.contains(" for white with "), "{host}");
    assert!(host.contains(&format!("saved to {mid_text}")), "{host}");
    let refused = "error: new: a remote game cannot be replaced here";
    let at = host.find(refused).unwrap_or_else(|| panic!("{host}"));
    // The game is as it was: the same prompt comes again, and then a move.
    let before: Vec<&str> = host[..at].lines().filter(|l| asks(l)).collect();
    let after: Vec<&str> = host[at..].lines().filter(|l| asks(l)).collect();
    assert_eq!(before.last(), after.first(), "{host}");
    assert!(host[at..].contains("white plays "), "{host}");
    // The record saved mid-game checks, roll by roll, and every side's ends alike.
    let (status, out, err) = run_tabula(&["verify", &mid_text], "");
    assert_eq!(status, Some(0), "{out}\n{err}");
    assert!(out.contains("rolls check"), "{out}");
    assert!(texts[0].contains("resign white"), "{}", texts[0]);
    assert!(sides[1].since(0).contains("white resigns"));
}

/// Plays until white has moved once and is to roll again, then asks for an undo, which
/// the joiner's person answers with `answer`; after it white plays (another move than
/// the one taken back, if there is one) and resigns at its next roll. Returns the two
/// sides, white's move taken back and its move after, and the records.
fn undo_game(name: &str, answer: &'static str) -> ([Person; 2], String, String, [String; 2]) {
    let mut asked = false;
    let mut undone = String::new();
    let mut replayed = String::new();
    let mut listed = None;
    let (sides, statuses, texts) = people_play(name, |side, seen| {
        let prompt = seen.last().unwrap().as_str();
        if side == 1 {
            return if prompt.ends_with("[y/N]") {
                answer
            } else {
                "genmove"
            }
            .into();
        }
        let moved = seen.iter().rev().find_map(|l| l.strip_prefix("white plays "));
        match (asked, moved) {
            (false, Some(text)) if prompt == "white>" => {
                asked = true;
                undone = text.to_string();
                "undo".into()
            }
            (true, _) if white_to_move(prompt) && replayed.is_empty() && listed.is_none() => {
                listed = Some(seen.len());
                "legal".into()
            }
            (true, _) if white_to_move(prompt) && replayed.is_empty() => {
                // Another legal move than the one taken back, if there is one.
                let moves: Vec<&str> = seen[listed.unwrap_or(0)..]
                    .iter()
                    .filter_map(|l| l.strip_prefix("  "))
                    .collect();
                let other = moves.iter().find(|m| **m != undone).or(moves.first());
                replayed = other.unwrap_or(&"genmove").to_string();
                replayed.clone()
            }
            (true, _) if prompt == "white>" => "resign".into(),
            _ => "genmove".into(),
        }
    });
    assert_eq!(statuses, [Some(0), Some(0)]);
    (sides, undone, replayed, texts)
}

/// The dice of the rolls `text` tells (`black rolls 3-5`), in order.
fn black_rolls(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("black rolls "))
        .map(str::to_string)
        .collect()
}

#[test]
fn remote_undo_asked_and_allowed_takes_back_the_move_on_both_sides_with_the_same_dice() {
    let (sides, undone, replayed, texts) = undo_game("undo-yes", "y");
    let host = sides[0].since(0);
    let joiner = sides[1].since(0);
    assert!(joiner.contains("white asks to take back their last move: allow? [y/N]"));
    let allowed = "the undo white asked for is allowed: took back ";
    let at = host.find(allowed).unwrap_or_else(|| panic!("{host}"));
    assert!(joiner.contains(allowed), "{joiner}");
    // Black's roll after white's move again is the roll it had before the undo.
    let before = black_rolls(&host[..at]);
    let after = black_rolls(&host[at..]);
    assert_eq!(before.last(), after.first(), "{host}");
    // The record holds the move played after the undo, not the one taken back.
    let dice = after[0].replace('-', " ");
    assert!(
        texts[0].contains(&format!("play {replayed}\ndice {dice}\n")),
        "{}",
        texts[0]
    );
    if replayed != undone {
        assert!(
            !texts[0].contains(&format!("play {undone}\ndice {dice}\n")),
            "{}",
            texts[0]
        );
    }
}

#[test]
fn remote_undo_asked_and_refused_changes_nothing() {
    let (sides, undone, _, texts) = undo_game("undo-no", "n");
    let host = sides[0].since(0);
    let declined = "the undo white asked for is declined: the game goes on";
    let at = host.find(declined).unwrap_or_else(|| panic!("{host}"));
    assert!(sides[1].since(0).contains(declined));
    // White is to roll again, as before it asked, and its move stands in the record.
    let before: Vec<&str> = host[..at].lines().filter(|l| asks(l)).collect();
    let after: Vec<&str> = host[at..].lines().filter(|l| asks(l)).collect();
    assert_eq!(before.last(), after.first(), "{host}");
    assert!(texts[0].contains(&format!("play {undone}\n")), "{}", texts[0]);
}

#[test]
fn remote_person_in_a_terminal_completes_with_tab_and_ctrl_c_does_not_end_the_game() {
    use crate::table::{TABULA, keys_in_terminal, without_escapes};
    // The host's bot plays light, which rolls first; the joiner's person plays dark.
    let (mut hosting, words, _) = host(&["ur", "--seat", "light=bot:greedy"]);
    let shell = format!(
        "stty rows 40 cols 100; {TABULA} join {} {} --yes",
        words[0], words[1]
    );
    // 'ro' and Tab make 'roll'; Ctrl-C at the next prompt; then the person concedes.
    let presses = ["ro\t\r", "\x03", "resign\r"];
    let screen = without_escapes(&keys_in_terminal(&shell, &[], &presses));
    assert!(screen.contains("dark rolls "), "{screen}");
    assert!(
        screen.contains("Ctrl-C does not end a remote game: type 'resign' to concede"),
        "{screen}"
    );
    assert!(screen.contains("dark resigns"), "{screen}");
    assert_eq!(hosting.finish(), Some(0));
}

/// What a [`faulty_forwarder`] does to its first connection.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fault {
    /// Cuts it both ways, as a network that drops: each end sees it close.
    Cut,
    /// Passes nothing more either way, yet holds both connections open, as a network
    /// that lost them without a word (no close, no reset).
    Freeze,
}

/// A TCP forwarder on 127.0.0.1 in front of `target`: it passes every connection on,
/// but cuts the first one (both ways) once `cut_after` bytes have gone from the target
/// to the connecting side, as a network that drops. It serves at most ten connections.
fn forwarder(target: String, cut_after: usize) -> String {
    faulty_forwarder(target, cut_after, Fault::Cut)
}

/// A TCP forwarder on 127.0.0.1 in front of `target`: it passes every connection on,
/// but breaks the first one as `fault` says once `after` bytes have gone from the target
/// to the connecting side. It serves at most ten connections.
fn faulty_forwarder(target: String, after: usize, fault: Fault) -> String {
    use std::io::{Read, Write};
    use std::net::{Shutdown, TcpListener, TcpStream};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    thread::spawn(move || {
        for (index, accepted) in listener.incoming().take(10).enumerate() {
            let Ok(near) = accepted else { return };
            let Ok(far) = TcpStream::connect(&target) else {
                return;
            };
            let limit = if index == 0 { after } else { usize::MAX };
            let gone = Arc::new(AtomicBool::new(false));
            let pipe = move |mut from: TcpStream, mut to: TcpStream, limit: usize, gone: Arc<AtomicBool>| {
                let mut passed = 0;
                let mut buffer = [0u8; 4096];
                while let Ok(n) = from.read(&mut buffer) {
                    let n = n.min(limit - passed);
                    if n == 0 || gone.load(Ordering::SeqCst) || to.write_all(&buffer[..n]).is_err() {
                        break;
                    }
                    passed += n;
                    if passed == limit {
                        gone.store(true, Ordering::SeqCst);
                        break;
                    }
                }
                if fault == Fault::Freeze && gone.load(Ordering::SeqCst) {
                    // Silent, but open: both connections live on, unread, until the
                    // test is over.
                    thread::sleep(GAME_DEADLINE);
                }
                // Cut both ways: each end sees its connection close, mid-frame perhaps.
                let _ = from.shutdown(Shutdown::Both);
                let _ = to.shutdown(Shutdown::Both);
            };
            let (near_in, far_out) = (near.try_clone().unwrap(), far.try_clone().unwrap());
            let other = Arc::clone(&gone);
            thread::spawn(move || pipe(far, near, limit, gone));
            thread::spawn(move || pipe(near_in, far_out, usize::MAX, other));
        }
    });
    address
}

#[test]
fn remote_dropped_connection_resumes_and_the_game_plays_to_the_end() {
    let dir = temp_dir("remote-resume");
    let records = [dir.join("host.txt"), dir.join("join.txt")];
    let path = |i: usize| records[i].to_str().unwrap().to_string();
    let (mut hosting, words, _host_lines) =
        host(&["nardy", "--seat", "white=bot:greedy", "--save", &path(0)]);
    // The joiner reaches the host through the forwarder, which cuts it once, a few
    // kilobytes into the game (the offer and the start take about one).
    let through = forwarder(words[0].clone(), 6000);
    let (mut joining, lines) = spawn(&[
        "join",
        &through,
        &words[1],
        "--seat",
        "black=bot:greedy",
        "--save",
        &path(1),
    ]);
    exits_0_saying(
        &mut joining,
        &lines,
        &[
            "the connection to the host dropped; reconnecting for up to 5:00",
            "the connection to the host is back",
            "game over: ",
        ],
    );
    assert_eq!(hosting.finish(), Some(0));
    let texts = same_game_verified(&records);
    assert!(texts[0].contains("tag result "), "{}", texts[0]);
}

#[test]
fn remote_aeroplane_for_three_holds_the_others_while_one_joiner_is_away() {
    game_of_many(
        "aeroplane3-cut",
        &["aeroplane", "players=3"],
        &["1=bot:greedy"],
        &[&["2=bot:greedy"], &["3=bot:greedy"]],
        &["--bind", "127.0.0.1", "--port", "0"],
        "127.0.0.1:",
        Some(5000),
    );
}

#[test]
fn remote_joiner_that_never_comes_back_forfeits_after_the_wait() {
    let dir = temp_dir("remote-gone");
    let record = dir.join("host.txt");
    let (mut hosting, words, host_lines) = host(&[
        "nardy",
        "--seat",
        "white=bot:greedy",
        "--save",
        record.to_str().unwrap(),
        "--wait",
        "2",
    ]);
    let (mut joining, lines) = spawn(&["join", &words[0], &words[1], "--seat", "black=bot:greedy"]);
    wait_for_line(&lines, "playing: ");
    // The joiner's process ends as the game begins: its connection closes, and nothing
    // comes back in its place.
    let _ = joining.0.kill();
    assert_eq!(hosting.finish(), Some(1));
    let out: Vec<String> = host_lines.try_iter().collect();
    let out = out.join("\n");
    assert!(
        out.contains("the connection to joiner 1 dropped; waiting up to 0:02"),
        "{out}"
    );
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.contains("\nforfeit black crash: the connection dropped and did not come back within 2 s"),
        "{text}"
    );
}

#[cfg(unix)]
/// A host whose white a person plays at a keyboard the test holds, and a joiner whose
/// bot plays black and waits on that person.
struct PersonHostsBot {
    keyboard: std::process::ChildStdin,
    hosting: Running,
    host_lines: mpsc::Receiver<String>,
    /// The joiner, its standard output's lines and its standard error's.
    joining: (Running, mpsc::Receiver<String>, mpsc::Receiver<String>),
}

/// Starts a game of Long Nardy between a person hosting (with `host_extra` arguments)
/// and a joiner's bot (with `join_extra`), each side in its own data folder if `data`
/// names them (the host's, the joiner's).
fn person_hosts_bot(
    host_extra: &[&str],
    join_extra: &[&str],
    data: Option<(&std::path::Path, &std::path::Path)>,
) -> PersonHostsBot {
    // `tabula ARGS` in the data folder `data`, if given, with its output piped.
    let start = |args: &[&str], data: Option<&std::path::Path>, stdin: Stdio, stderr: Stdio| {
        let mut command = tabula_command();
        if let Some(data) = data {
            command.env("TABULA_DATA_DIR", data);
        }
        let mut child = command
            .args(args)
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .unwrap();
        let lines = read_lines(child.stdout.take().unwrap());
        (child, lines)
    };
    let mut host_args = vec!["host", "nardy", "--seat", "white=human", "--bind", "127.0.0.1"];
    host_args.extend(["--port", "0"]);
    host_args.extend(host_extra);
    let (mut child, host_lines) = start(&host_args, data.map(|d| d.0), Stdio::piped(), Stdio::null());
    let keyboard = child.stdin.take().unwrap();
    let hosting = Running(child);
    let line = wait_for_line(&host_lines, "tabula join ");
    let words: Vec<&str> = line["tabula join ".len()..].split(' ').collect();
    let mut join_args = vec!["join", words[0], words[1], "--seat", "black=bot:greedy"];
    join_args.extend(join_extra);
    let (mut child, lines) = start(&join_args, data.map(|d| d.1), Stdio::null(), Stdio::piped());
    let errors = read_lines(child.stderr.take().unwrap());
    PersonHostsBot {
        keyboard,
        hosting,
        host_lines,
        joining: (Running(child), lines, errors),
    }
}

#[test]
fn remote_ctrl_c_while_waiting_on_the_other_side_does_not_end_the_game() {
    use std::io::Write;
    let dir = temp_dir("remote-ctrl-c");
    let record = dir.join("join.txt");
    let PersonHostsBot {
        mut keyboard,
        mut hosting,
        joining: (mut joining, lines, errors),
        ..
    } = person_hosts_bot(&[], &["--save", record.to_str().unwrap()], None);
    // The person rolls for the roll-off once, then types nothing: the joiner's bot plays
    // black's roll (and its move, if it starts) and waits for the person.
    writeln!(keyboard, "roll").unwrap();
    wait_for_line(&lines, "black rolls ");
    // SAFETY: kill has no memory effects; the child is ours and not yet reaped.
    unsafe {
        libc::kill(joining.0.id() as i32, libc::SIGINT);
    }
    wait_for_line(
        &errors,
        "Ctrl-C does not end a remote game. To leave it, press Ctrl-C again",
    );
    // The joiner plays on: it hears the person leave, and records how the game ended.
    drop(keyboard);
    assert_eq!(joining.finish(), Some(1));
    assert_eq!(hosting.finish(), Some(1));
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("\nforfeit white crash: left the game"), "{text}");
}

/// The one game kept in the history of the data folder `data`, and its text.
fn the_kept_game(data: &std::path::Path) -> (std::path::PathBuf, String) {
    // A program killed while it wrote may leave its temporary file, which is no game.
    let games: Vec<_> = std::fs::read_dir(data.join("games"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.file_name().unwrap().to_string_lossy().starts_with("game-"))
        .collect();
    assert_eq!(games.len(), 1, "{games:?}");
    let text = std::fs::read_to_string(&games[0]).unwrap();
    (games[0].clone(), text)
}

#[test]
fn remote_side_that_leaves_with_ctrl_c_twice_keeps_the_game_so_far_and_the_host_keeps_the_forfeit() {
    let dir = temp_dir("remote-leave");
    let (host_data, join_data) = (dir.join("host-data"), dir.join("join-data"));
    let PersonHostsBot {
        mut keyboard,
        mut hosting,
        host_lines,
        joining: (mut joining, lines, errors),
    } = person_hosts_bot(&["--wait", "2"], &[], Some((&host_data, &join_data)));
    {
        use std::io::Write;
        writeln!(keyboard, "roll").unwrap();
    }
    wait_for_line(&lines, "black rolls ");
    for warned in [true, false] {
        // SAFETY: kill has no memory effects; the child is ours and not yet reaped.
        unsafe {
            libc::kill(joining.0.id() as i32, libc::SIGINT);
        }
        if warned {
            wait_for_line(&errors, "Ctrl-C does not end a remote game");
        }
    }
    // The second Ctrl-C ends the joiner as Ctrl-C does; the game so far stays kept.
    assert_eq!(joining.finish(), Some(130));
    let (kept, text) = the_kept_game(&join_data);
    assert!(text.contains("\nremote reveal 2 "), "{text}");
    let (status, out, err) = run_tabula(&["verify", kept.to_str().unwrap()], "");
    assert_eq!(status, Some(0), "{out}\n{err}");
    // It is not taken up at one keyboard, where the dice would be this side's alone.
    let (status, err) = tabula_in(&join_data, &["play", "--resume"]);
    assert_ne!(status, Some(0), "{err}");
    assert!(
        err.contains("was played across the network and is not over"),
        "{err}"
    );
    assert_eq!(the_kept_game(&join_data).1, text, "the kept game is as it was");
    // The host's person plays on; the host then waits --wait for the joiner, and keeps
    // the game with its forfeit.
    {
        use std::io::Write;
        for _ in 0..3 {
            let _ = writeln!(keyboard, "genmove");
        }
    }
    let kept_line = wait_for_line(&host_lines, "kept as game ");
    assert!(kept_line.contains("'tabula verify 1'"), "{kept_line}");
    drop(keyboard);
    assert_eq!(hosting.finish(), Some(1));
    let (_, text) = the_kept_game(&host_data);
    assert!(text.contains("\nforfeit black crash: "), "{text}");
}

#[test]
fn remote_undo_with_three_sides_asks_both_joiners_and_a_side_of_bots_declines() {
    let mut host = Person::spawn(&[
        "host",
        "aeroplane",
        "players=3",
        "--seat",
        "1=human",
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
    ]);
    let line = wait_for_line(&host.lines, "tabula join ");
    let words: Vec<&str> = line["tabula join ".len()..].split(' ').collect();
    let mut joiners = Vec::new();
    for (index, seat) in ["2=bot:greedy", "3=bot:greedy"].into_iter().enumerate() {
        joiners.push(spawn(&["join", words[0], words[1], "--seat", seat]));
        wait_for_line(&host.lines, &format!("joiner {} plays", index + 1));
    }
    // The person asks for an undo at each new turn (refused here until it has made a
    // move of its own), plays the bot's choice otherwise, and resigns once the other
    // sides have answered.
    let (mut asked, mut answered) = (false, false);
    let deadline = Instant::now() + GAME_DEADLINE;
    loop {
        assert!(Instant::now() < deadline, "the game did not end in time");
        match host.lines.recv_timeout(Duration::from_millis(20)) {
            Ok(line) => {
                answered |= line.starts_with("the undo ") && line.contains(" asked for is ");
                let prompt = asks(&line);
                host.seen.push(line);
                if prompt {
                    let reply = match (answered, asked) {
                        (true, _) => "resign",
                        (false, false) => "undo",
                        (false, true) => "genmove",
                    };
                    asked = reply == "undo";
                    host.type_line(reply);
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    assert_eq!(host.running.finish(), Some(0));
    let shown = host.since(0);
    assert!(shown.contains("asking the other players to allow"), "{shown}");
    let declined = " asked for is declined: the game goes on";
    assert!(shown.contains(declined), "{shown}");
    // Both joiners heard the request through the host and the verdict it gathered.
    for (running, lines) in &mut joiners {
        assert_eq!(running.finish(), Some(0));
        let out: Vec<String> = lines.try_iter().collect();
        let out = out.join("\n");
        assert!(out.contains(" asks to take back their last move"), "{out}");
        assert!(out.contains(declined), "{out}");
    }
}

#[test]
fn remote_joiner_whose_program_ends_takes_the_game_up_again_with_the_same_command() {
    let dir = temp_dir("remote-restart");
    let join_data = dir.join("join-data");
    let records = [dir.join("host.txt"), dir.join("join.txt")];
    let path = |i: usize| records[i].to_str().unwrap().to_string();
    let (mut hosting, words, host_lines) = host(&["nardy", "--seat", "white=bot:greedy", "--save", &path(0)]);
    let join_record = path(1);
    let command = [
        "join",
        &words[0],
        &words[1],
        "--seat",
        "black=bot:greedy",
        "--save",
        &join_record,
    ];
    // The joiner's program is killed twice in the middle of the game, each time after
    // its bot has moved a few times, and the same command is typed again.
    let mut outputs = Vec::new();
    for round in 0..2 {
        let (mut joining, lines) = spawn_in(Some(&join_data), &command, Stdio::null());
        for _ in 0..4 {
            wait_for_line(&lines, "black plays ");
        }
        if round == 0 {
            // The same command while the game's program still runs is told so.
            let (status, err) = tabula_in(&join_data, &command);
            assert_eq!(status, Some(1), "{err}");
            assert!(
                err.contains("another tabula program on this machine is playing this game now"),
                "{err}"
            );
        }
        let _ = joining.0.kill();
        let _ = joining.0.wait();
        outputs.push(lines.try_iter().collect::<Vec<_>>().join("\n"));
    }
    let (mut joining, lines) = spawn_in(Some(&join_data), &command, Stdio::null());
    let out = exits_0_saying(
        &mut joining,
        &lines,
        &[
            "taking the game up again at action ",
            "the connection to the host is back",
            "game over: ",
        ],
    );
    assert!(
        out.starts_with("this side began nardy here; taking it up again"),
        "{out}"
    );
    assert_eq!(hosting.finish(), Some(0));
    let host_out: Vec<String> = host_lines.try_iter().collect();
    let back = host_out
        .iter()
        .filter(|l| l.as_str() == "joiner 1 is back")
        .count();
    assert_eq!(back, 2, "{}", host_out.join("\n"));
    // The same game on both sides, no forfeit, every roll checks.
    let texts = same_game_verified(&records);
    assert!(texts[0].contains("tag result "), "{}", texts[0]);
    // The joiner's history holds the one game, played to its end across three
    // programs, and its journal is gone with the game.
    let (_, kept) = the_kept_game(&join_data);
    let proof = |text: &str| text.lines().filter(|l| l.starts_with("remote ")).count();
    assert_eq!(proof(&kept), proof(&texts[1]), "{kept}");
    assert!(kept.contains("tag result "), "{kept}");
    let journals = std::fs::read_dir(join_data.join("remote")).unwrap().count();
    assert_eq!(journals, 0, "{:?}", outputs);
}

#[test]
fn remote_person_whose_program_ends_after_an_undo_under_a_clock_takes_the_game_up_again() {
    let dir = temp_dir("remote-people-restart");
    let join_data = dir.join("join-data");
    let records = [dir.join("host.txt"), dir.join("join.txt")];
    let saved = |i: usize| records[i].to_str().unwrap().to_string();
    let host_args = ["host", "nardy", "--seat", "white=human", "--tc", "600+1"];
    let host_record = saved(0);
    let mut all = host_args.to_vec();
    all.extend(["--bind", "127.0.0.1", "--port", "0", "--save", &host_record]);
    let host = Person::spawn(&all);
    let line = wait_for_line(&host.lines, "tabula join ");
    let mut command: Vec<&str> = line.split(' ').skip(1).collect();
    let join_record = saved(1);
    command.extend(["--save", &join_record]);
    let mut sides = [host, Person::spawn_in(Some(&join_data), &command)];
    let (mut asked, mut restarted, mut ended) = (false, false, [false, false]);
    let mut before_restart = String::new();
    let deadline = Instant::now() + GAME_DEADLINE;
    while ended != [true, true] {
        assert!(Instant::now() < deadline, "the game did not end in time");
        for index in 0..2 {
            let line = match sides[index].lines.recv_timeout(Duration::from_millis(20)) {
                Ok(line) => line,
                Err(mpsc::RecvTimeoutError::Timeout) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    ended[index] = true;
                    continue;
                }
            };
            let side = &mut sides[index];
            side.seen.push(line.clone());
            let count = |what: &str| side.seen.iter().filter(|l| l.starts_with(what)).count();
            if index == 1
                && !restarted
                && count("the undo black asked for is allowed") > 0
                && count("black plays ") >= 4
            {
                // The joiner's program ends in the middle of the game, and the same
                // command is typed again.
                restarted = true;
                before_restart = side.since(0);
                let _ = side.running.0.kill();
                let _ = side.running.0.wait();
                *side = Person::spawn_in(Some(&join_data), &command);
                continue;
            }
            if !asks(&line) {
                continue;
            }
            let reply = match index {
                0 if line.ends_with("[y/N]") => "y",
                0 if line == "white>" && count("white plays ") >= 12 => "resign",
                1 if line == "black>" && !asked && count("black plays ") >= 1 => {
                    asked = true;
                    "undo"
                }
                _ => "genmove",
            };
            side.type_line(reply);
        }
    }
    let statuses = [sides[0].running.finish(), sides[1].running.finish()];
    let joiner = sides[1].since(0);
    assert_eq!(statuses, [Some(0), Some(0)], "{before_restart}\n---\n{joiner}");
    assert!(
        restarted && before_restart.contains("clocks: you "),
        "{before_restart}"
    );
    assert!(
        joiner.starts_with("this side began nardy here; taking it up again"),
        "{joiner}"
    );
    assert!(joiner.contains("taking the game up again at action "), "{joiner}");
    assert!(joiner.contains("white resigns"), "{joiner}");
    let texts = same_game_verified(&records);
    assert!(texts[0].contains("resign white"), "{}", texts[0]);
}

#[test]
fn remote_host_whose_program_ends_takes_the_game_up_again_with_resume() {
    let dir = temp_dir("remote-host-restart");
    let host_data = dir.join("host-data");
    let records = [dir.join("host.txt"), dir.join("join.txt")];
    let path = |i: usize| records[i].to_str().unwrap().to_string();
    let (host_record, join_record) = (path(0), path(1));
    let mut args = vec!["host", "ur", "--seat", "light=bot:greedy", "--bind", "127.0.0.1"];
    args.extend(["--port", "0", "--save", &host_record]);
    let (mut hosting, lines) = spawn_in(Some(&host_data), &args, Stdio::null());
    let line = wait_for_line(&lines, "tabula join ");
    let words: Vec<&str> = line["tabula join ".len()..].split(' ').collect();
    let (mut joining, join_lines) = spawn(&[
        "join",
        words[0],
        words[1],
        "--seat",
        "dark=bot:greedy",
        "--save",
        &join_record,
    ]);
    // The host's program is killed in the middle of the game, after a few of its bot's
    // moves, and taken up again with --resume.
    for _ in 0..4 {
        wait_for_line(&lines, "light plays ");
    }
    let _ = hosting.0.kill();
    let _ = hosting.0.wait();
    let resumed = ["host", "--resume", "--save", &host_record, "--wait", "20"];
    let (mut hosting, lines) = spawn_in(Some(&host_data), &resumed, Stdio::null());
    let status = hosting.finish();
    let out: Vec<String> = lines.try_iter().collect();
    let out = out.join("\n");
    if status != Some(0) {
        let _ = joining.finish();
        let join_out: Vec<String> = join_lines.try_iter().collect();
        panic!("{out}\n---\n{}", join_out.join("\n"));
    }
    assert!(out.starts_with("this side hosted ur"), "{out}");
    assert!(
        out.contains(&format!("tabula join {} {}", words[0], words[1])),
        "{out}"
    );
    assert!(out.contains("taking the game up again at action "), "{out}");
    assert!(out.contains("joiner 1 is back"), "{out}");
    assert_eq!(joining.finish(), Some(0));
    let join_out: Vec<String> = join_lines.try_iter().collect();
    let join_out = join_out.join("\n");
    assert!(
        join_out.contains("the connection to the host is back"),
        "{join_out}"
    );
    let texts = same_game_verified(&records);
    assert!(texts[0].contains("tag result "), "{}", texts[0]);
    // Nothing is left to take up again.
    let (status, err) = tabula_in(&host_data, &["host", "--resume"]);
    assert_eq!(status, Some(1), "{err}");
    assert!(
        err.contains("no hosted game is waiting to be taken up again"),
        "{err}"
    );
}

/// The environment variable that shortens how long a side waits in silence before it
/// presumes its connection dead (the binary's `app::remote::channel::SILENCE_VAR`), in
/// seconds: for tests only.
const SILENCE_VAR: &str = "TABULA_REMOTE_SILENCE";

/// Starts `tabula ARGS` presuming a connection dead after two silent seconds, with its
/// output read line by line.
fn spawn_quick_to_notice(args: &[&str]) -> (Running, mpsc::Receiver<String>) {
    let mut command = tabula_command();
    command.env(SILENCE_VAR, "2");
    spawn_command(command, args, Stdio::null())
}

#[test]
fn remote_connection_that_dies_silently_is_noticed_and_the_game_plays_to_the_end() {
    let dir = temp_dir("remote-silent");
    let records = [dir.join("host.txt"), dir.join("join.txt")];
    let path = |i: usize| records[i].to_str().unwrap().to_string();
    let host_args = [
        "host",
        "nardy",
        "--seat",
        "white=bot:greedy",
        "--save",
        &path(0),
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
    ];
    let (mut hosting, host_lines) = spawn_quick_to_notice(&host_args);
    let line = wait_for_line(&host_lines, "tabula join ");
    let words: Vec<&str> = line["tabula join ".len()..].split(' ').collect();
    // The joiner reaches the host through the forwarder, which falls silent once, a few
    // kilobytes into the game. Neither end sees it close: only the keepalives that stop
    // coming tell them, well before --wait (300 s) would.
    let through = faulty_forwarder(words[0].to_string(), 6000, Fault::Freeze);
    let (mut joining, lines) = spawn_quick_to_notice(&[
        "join",
        &through,
        words[1],
        "--seat",
        "black=bot:greedy",
        "--save",
        &path(1),
    ]);
    let status = joining.finish();
    let out = lines.try_iter().collect::<Vec<_>>().join("\n");
    assert_eq!(status, Some(0), "{out}");
    assert!(
        out.contains("the connection to the host dropped; reconnecting for up to 5:00"),
        "{out}"
    );
    assert!(out.contains("the connection to the host is back"), "{out}");
    assert!(out.contains("game over: "), "{out}");
    assert_eq!(hosting.finish(), Some(0));
    let told = host_lines.try_iter().collect::<Vec<_>>().join("\n");
    assert!(told.contains("the connection to joiner 1 dropped"), "{told}");
    assert!(told.contains("joiner 1 is back"), "{told}");
    let texts = same_game_verified(&records);
    assert!(texts[0].contains("tag result "), "{}", texts[0]);
}

#[test]
fn remote_join_from_elsewhere_after_the_game_has_begun_is_told_why() {
    let (_hosting, words, _host_lines) = host(&["nardy", "--seat", "white=bot:greedy", "--wait", "120"]);
    // Black is a person at a pipe who does not type: the game waits on black.
    let person = Person::spawn(&["join", &words[0], &words[1]]);
    wait_for_line(&person.lines, "playing: ");
    // The same command on another machine (another data folder) is refused, saying why.
    let elsewhere = temp_dir("remote-elsewhere");
    let (status, err) = tabula_in(&elsewhere, &["join", &words[0], &words[1], "--yes"]);
    assert_eq!(status, Some(1), "{err}");
    assert!(
        err.contains("the game has begun: only its joiners come back, each with the command it joined with"),
        "{err}"
    );
}

#[test]
fn remote_undo_the_other_side_takes_long_to_answer_is_not_on_the_askers_clock() {
    // White has ten seconds for the game; black's person takes fourteen to allow
    // white's undo, which would run white's clock out if it counted there.
    let answer_after = Duration::from_secs(14);
    let mut asked = false;
    let (sides, statuses, texts) = people_play_with("undo-clock", &["--tc", "10+0"], |side, seen| {
        let prompt = seen.last().unwrap().as_str();
        if side == 1 {
            if prompt.ends_with("[y/N]") {
                thread::sleep(answer_after);
                return "y".into();
            }
            return "genmove".into();
        }
        let moved = seen.iter().any(|l| l.starts_with("white plays "));
        match prompt {
            "white>" if moved && !asked => {
                asked = true;
                "undo".into()
            }
            "white>" if asked && seen.iter().filter(|l| l.starts_with("white plays ")).count() >= 2 => {
                "resign".into()
            }
            _ => "genmove".into(),
        }
    });
    let host = sides[0].since(0);
    assert_eq!(statuses, [Some(0), Some(0)], "{host}");
    assert!(host.contains("the undo white asked for is allowed"), "{host}");
    for text in &texts {
        assert!(!text.contains("\nforfeit "), "{text}");
        assert!(text.contains("resign white"), "{text}");
    }
}

#[cfg(unix)]
#[test]
fn remote_person_in_a_terminal_looks_at_the_game_while_the_other_side_thinks() {
    use crate::table::{TABULA, without_escapes};
    use std::io::{Read as _, Write as _};
    use std::sync::{Arc, Mutex};
    // The host's person, at a pipe, plays light, which rolls first; it waits for the test.
    let mut host = Person::spawn(&[
        "host",
        "ur",
        "--seat",
        "light=human",
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
    ]);
    let line = wait_for_line(&host.lines, "tabula join ");
    let words: Vec<&str> = line.split(' ').skip(2).collect();
    let dir = temp_dir("remote-look");
    let saved = dir.join("mid.txt");
    // The joiner's person plays dark in a terminal.
    let shell = format!(
        "stty rows 40 cols 100; {TABULA} join {} {} --yes",
        words[0], words[1]
    );
    let mut child = std::process::Command::new("script")
        .args(["-qec", &shell, "/dev/null"])
        .env("TERM", "xterm-256color")
        .env(crate::support::DATA_DIR_VAR, crate::support::test_data_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("this test needs script(1) from util-linux to make a terminal");
    let shown = Arc::new(Mutex::new(String::new()));
    {
        let (shown, mut stdout) = (Arc::clone(&shown), child.stdout.take().unwrap());
        thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                shown
                    .lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
    }
    let mut keys = child.stdin.take().unwrap();
    let mut terminal = Running(child);
    // Waits until the terminal has shown `text` (past what it showed before).
    let mut from = 0;
    let mut wait_shown = |text: &str| {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let screen = without_escapes(&shown.lock().unwrap());
            if let Some(at) = screen[from.min(screen.len())..].find(text) {
                from += at + text.len();
                return;
            }
            assert!(Instant::now() < deadline, "no '{text}' in:\n{screen}");
            thread::sleep(Duration::from_millis(20));
        }
    };
    let mut press = |line: &str| {
        keys.write_all(format!("{line}\r").as_bytes()).unwrap();
        keys.flush().unwrap();
    };
    // While light has not rolled, dark's person looks at the board, is told a roll
    // waits for their turn, and saves the game so far.
    wait_shown("(while the others play you may type board, hint, legal, status or save FILE)");
    press("board");
    wait_shown("reserve 5");
    press("roll");
    wait_shown("error: not yet: light is to roll; your prompt comes at your turn");
    press(&format!("save {}", saved.display()));
    wait_shown("saved to ");
    // Then light plays, and dark's own prompt comes; dark concedes there.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        assert!(
            Instant::now() < deadline,
            "dark's prompt never came:\n{:?}",
            without_escapes(&shown.lock().unwrap())
        );
        if let Ok(line) = host.lines.recv_timeout(Duration::from_millis(20))
            && asks(&line)
        {
            host.type_line("genmove");
        }
        // Dark's prompt: at the roll-off (`dark roll-off>`), or after light started
        // (`dark>`), whichever the dice bring.
        let screen = without_escapes(&shown.lock().unwrap());
        let prompt = |l: &str| {
            let l = l.trim_matches(|c: char| c == '\r' || c == ' ');
            l.starts_with("dark") && l.ends_with('>')
        };
        if screen[from.min(screen.len())..].lines().any(prompt) {
            break;
        }
    }
    press("resign");
    assert_eq!(host.running.finish(), Some(0));
    assert_eq!(terminal.finish(), Some(0));
    let screen = without_escapes(&shown.lock().unwrap());
    assert!(screen.contains("dark resigns"), "{screen}");
    let (status, out, err) = run_tabula(&["verify", saved.to_str().unwrap()], "");
    assert_eq!(status, Some(0), "{out}\n{err}");
}
