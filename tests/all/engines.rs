//! External engine processes through the binary: whole matches between `tabula engine`
//! processes and bots, with records that replay and resume; the example bots; engines
//! and their children ended on forfeit and on SIGTERM; memory bounded whatever an engine
//! writes. (Misbehaving engines met by the referee in-process are tested in the crate.)

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn script(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(name);
    format!("sh {}", path.display())
}

fn tabula() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tabula"))
}

#[test]
fn a_match_between_engine_processes_and_bots_replays_and_resumes() {
    let dir = std::env::temp_dir().join(format!("tabula-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("records.txt");
    let _ = std::fs::remove_file(&records);
    let engine = format!("engine:{} engine --bot random", tabula().display());
    let run = |games: &str| {
        let output = crate::support::tabula_command()
            .args(["match", "nardy", "--games", games, "--jobs", "2", "--seed", "11"])
            .args(["--player", "bot:greedy", "--player", &engine])
            .arg("--records")
            .arg(&records)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    let first = run("6");
    assert!(first.contains("match nardy: 6 games"), "{first}");
    assert!(first.contains("forfeits: none"), "{first}");
    assert!(first.contains("6 games played"), "{first}");
    // A run killed while writing leaves a torn block; it is dropped and played again.
    let mut torn = std::fs::read_to_string(&records).unwrap();
    torn.push_str(
        "game nardy\nmatch-game 7\nseats white=bot:greedy black=engine\nseed 14\nroll 6 3\nplay 24/1",
    );
    std::fs::write(&records, torn).unwrap();
    // Running again with more games resumes: only the new ones are played.
    let second = run("8");
    assert!(second.contains("match nardy: 8 games"), "{second}");
    assert!(second.contains("2 games played"), "{second}");
    assert!(second.contains("6 resumed from the records"), "{second}");
    let text = std::fs::read_to_string(&records).unwrap();
    assert_eq!(text.matches("\nmatch-game ").count(), 8);
    // Games 1 and 2 share their dice with the seats swapped.
    let replay = crate::support::tabula_command()
        .args(["replay"])
        .arg(&records)
        .args(["--game", "2"])
        .output()
        .unwrap();
    let shown = String::from_utf8(replay.stdout).unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let header = shown.lines().nth(1).unwrap_or_default();
    assert!(shown.starts_with("game 2 of "), "{shown}");
    assert!(header.starts_with("Long Nardy: white engine:"), "{shown}");
    assert!(header.ends_with(" random, black bot:greedy"), "{shown}");
    assert!(shown.contains("\ndice: tabula play nardy --seed 11\n"), "{shown}");
    assert!(shown.contains("game over: "), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An example program. `cargo test` compiles the examples next to the tests; when only
/// this test binary was built (`cargo test --test all`), build the example now.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(Path::parent).unwrap();
    let path = dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let release = dir.file_name().is_some_and(|profile| profile == "release");
        let status = Command::new(cargo)
            .args(["build", "--example", name])
            .args(release.then_some("--release"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .unwrap();
        assert!(status.success(), "cannot build the example {name}");
    }
    path
}

fn clean_match(player: &str, extra_env: Option<(&str, &str)>) -> String {
    let mut command = crate::support::tabula_command();
    command
        .args(["match", "nardy", "--games", "4", "--jobs", "2", "--seed", "5"])
        .args(["--player", "bot:random", "--player", player]);
    if let Some((key, value)) = extra_env {
        command.env(key, value);
    }
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(table.contains("forfeits: none"), "{table}");
    assert!(table.contains("4 games played"), "{table}");
    table
}

#[test]
fn the_rust_example_bot_plays_whole_games_without_forfeits() {
    let bot = example("random_bot");
    assert!(bot.exists(), "{} is built by cargo test", bot.display());
    clean_match(&format!("engine:{}", bot.display()), None);
}

#[test]
fn the_python_example_bot_plays_whole_games_when_python_is_there() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("python3 is not installed: the Python example is not tried");
        return;
    }
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/oracle_bot.py");
    let tabula = tabula();
    clean_match(
        &format!("engine:python3 {}", bot.display()),
        Some(("TABULA", tabula.to_str().unwrap())),
    );
}

#[test]
fn every_game_plays_whole_matches_against_engine_processes() {
    let engine = format!("engine:{} engine --bot random", tabula().display());
    let cases: [(&[&str], usize); 7] = [
        (&["nardy", "match=3"], 2),
        (&["ur"], 2),
        (&["ur", "rules=finkel"], 2),
        (&["aeroplane", "players=3"], 3),
        (&["microbes", "six-rolls-again=on"], 2),
        (&["mnogoboy"], 4),
        (&["aeroplane", "players=2", "until=first"], 2),
    ];
    for (game, seats) in cases {
        let mut players = vec!["bot:greedy".to_string()];
        players.extend(std::iter::repeat_n(engine.clone(), seats - 1));
        let mut command = crate::support::tabula_command();
        command
            .arg("match")
            .args(game)
            .args(["--games", &seats.to_string(), "--jobs", "2"]);
        for player in &players {
            command.args(["--player", player]);
        }
        let output = command.output().unwrap();
        let table = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{game:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(table.contains("forfeits: none"), "{game:?}:\n{table}");
        assert!(
            table.contains(&format!("{seats} games played")),
            "{game:?}:\n{table}"
        );
        assert!(table.contains("engine round trips: "), "{game:?}:\n{table}");
    }
}

fn with_tabula(script_name: &str, extra: &str) -> String {
    format!(
        "engine:env TABULA={} {extra} {}",
        tabula().display(),
        script(script_name)
    )
}

#[test]
fn latin1_on_stderr_is_harmless() {
    clean_match(&with_tabula("latin1.sh", ""), None);
}

#[test]
fn an_engine_that_floods_its_stderr_plays_on() {
    clean_match(&with_tabula("stderr-flood.sh", ""), None);
}

fn temp_dir(name: &str) -> PathBuf {
    crate::support::temp_dir(&format!("engines-{name}"))
}

/// True while `pid` is a live process (not gone, not a zombie waiting to be reaped).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        }
        Err(_) => false,
    }
}

fn pids_in(path: &Path) -> Vec<i32> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// Waits until the log at `path` shows `count` genmove commands sent (a generous
/// deadline: a safety net, not a measure of speed).
fn wait_for_genmoves(path: &Path, count: usize) {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        let log = std::fs::read_to_string(path).unwrap_or_default();
        let asked = log
            .lines()
            .filter(|line| line.contains(" > ") && line.ends_with(" genmove"))
            .count();
        if asked >= count {
            return;
        }
        assert!(Instant::now() < until, "no {count} genmoves in the log:\n{log}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn all_gone(pids: &[i32]) -> bool {
    // Killed processes are reaped by whoever inherits them: give that a moment.
    let until = Instant::now() + Duration::from_secs(3);
    while Instant::now() < until {
        if pids.iter().all(|&pid| !alive(pid)) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn the_children_of_a_wrapper_script_end_with_the_engine() {
    let dir = temp_dir("wrapper");
    let pids = dir.join("pids");
    let engine = with_tabula("wrapper.sh", &format!("CHILD_PIDS={}", pids.display()));
    clean_match(&engine, None);
    let started = pids_in(&pids);
    assert_eq!(
        started.len(),
        3,
        "one helper for the check before the games, and one per thread's engine"
    );
    assert!(all_gone(&started), "left running: {started:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engines_in_a_forfeited_game_are_ended_with_their_children() {
    let dir = temp_dir("forfeit-children");
    let pids = dir.join("pids");
    let engine = format!("env CHILD_PIDS={} {}", pids.display(), script("slow-wrapper.sh"));
    let output = crate::support::tabula_command()
        .args(["match", "nardy", "--games", "2", "--jobs", "1", "--seed", "3"])
        .args(["--movetime", "300", "--player", "bot:random", "--player"])
        .arg(format!("engine:{engine}"))
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&output.stdout);
    assert!(
        table.contains("(timeout 2)"),
        "both games forfeited on time: {table}"
    );
    let started = pids_in(&pids);
    // Two processes per start: the check before the games, and one per game (an engine
    // that forfeited is started afresh).
    assert_eq!(started.len(), 6);
    assert!(all_gone(&started), "left running: {started:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_to_a_match_ends_its_engines() {
    let dir = temp_dir("sigterm");
    let (pids, log) = (dir.join("pids"), dir.join("log"));
    let engine = format!(
        "engine:env CHILD_PIDS={} {}",
        pids.display(),
        script("slow-wrapper.sh")
    );
    let mut child = crate::support::tabula_command()
        .args([
            "match",
            "nardy",
            "--games",
            "2",
            "--jobs",
            "2",
            "--movetime",
            "60000",
        ])
        .args(["--player", "bot:random", "--player", &engine])
        .arg("--log")
        .arg(&log)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Both engines are thinking: each of the two threads asked its engine for a move.
    wait_for_genmoves(&log, 2);
    // Two processes per start: the check before the games, and each thread's engine.
    let started = pids_in(&pids);
    assert_eq!(started.len(), 6, "both engines started");
    assert!(started[2..].iter().all(|&pid| alive(pid)));
    // SAFETY: sending a signal to the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM), "{status}");
    assert!(all_gone(&started), "left running: {started:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_to_play_ends_its_engines() {
    let dir = temp_dir("sigterm-play");
    let (pids, log) = (dir.join("pids"), dir.join("log"));
    let engine = format!(
        "white=engine:env CHILD_PIDS={} {}",
        pids.display(),
        script("slow-wrapper.sh")
    );
    // stdin stays open: tabula waits for the engine's genmove, or for the next command.
    let mut child = crate::support::tabula_command()
        .args([
            "play",
            "nardy",
            "--seed",
            "1",
            "--movetime",
            "60000",
            "--seat",
            &engine,
            "--log",
            log.to_str().unwrap(),
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The engine is thinking over its first move.
    wait_for_genmoves(&log, 1);
    // Two processes per start: the check before the game (ended at once), then the game's.
    let started = pids_in(&pids);
    assert_eq!(started.len(), 4, "the engine started");
    assert!(started[2..].iter().all(|&pid| alive(pid)));
    // SAFETY: sending a signal to the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM), "{status}");
    assert!(all_gone(&started), "left running: {started:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `tabula play` with `args` and the commands `input` on stdin.
fn play(args: &[&str], input: &str) -> (bool, String, String) {
    use std::io::Write as _;
    let mut child = crate::support::tabula_command()
        .arg("play")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn in_play_an_engine_that_cannot_start_ends_tabula_before_the_game() {
    let (ok, out, err) = play(
        &[
            "nardy",
            "--seed",
            "1",
            "--seat",
            "black=engine:/nonexistent/engine",
        ],
        "status\n",
    );
    assert!(!ok);
    assert!(out.is_empty(), "no game: {out}");
    let flat = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("black (engine:/nonexistent/engine) cannot play, so no game was played: start: cannot start '/nonexistent/engine'"),
        "{err}"
    );
}

#[test]
fn in_play_an_engine_that_dies_at_the_handshake_shows_its_last_stderr_lines() {
    let (ok, out, err) = play(
        &[
            "nardy",
            "--seed",
            "1",
            "--seat",
            &format!("black=engine:{}", script("traceback.sh")),
        ],
        "",
    );
    assert!(!ok);
    assert!(out.is_empty(), "no game: {out}");
    assert!(err.contains("crash: exited (exit status: 1)"), "{err}");
    assert!(err.contains("its last lines on standard error:"), "{err}");
    assert!(err.contains("  | ValueError: the last line"), "{err}");
    assert!(err.contains("  | traceback line 7\n"), "{err}");
    assert!(!err.contains("traceback line 6\n"), "ten lines only: {err}");
}

#[test]
fn in_play_new_after_a_timeout_restarts_the_engine() {
    // Seed 6: light starts both games (the second with a seed of its own).
    let dir = temp_dir("play-new");
    let log = dir.join("log");
    let (ok, out, err) = play(
        &[
            "ur",
            "--seed",
            "6",
            "--movetime",
            "200",
            "--seat",
            &format!("light=engine:{}", script("slow.sh")),
            "--seat",
            "dark=human",
            "--log",
            log.to_str().unwrap(),
        ],
        "new\nstatus\n",
    );
    assert!(ok, "{err}");
    // Both games end in a timeout of genmove: the late reply of the first engine is
    // never read as the answer to the second game's newgame.
    assert_eq!(
        out.matches("forfeits: timeout: no complete reply to 'genmove'")
            .count(),
        2,
        "{out}"
    );
    assert!(!out.contains("garbage"), "{out}");
    let log = std::fs::read_to_string(&log).unwrap();
    // Once for the check before the first game, then once per game.
    assert_eq!(
        log.matches("> 1 protocol_version").count(),
        3,
        "started three times:\n{log}"
    );
    assert!(log.contains(" quit"), "{log}");
    assert!(log.contains("= forfeit light timeout: "), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_log_has_both_ways_the_verdicts_and_grows_when_a_match_resumes() {
    let dir = temp_dir("log");
    let (records, log) = (dir.join("records"), dir.join("log"));
    let engine = format!("engine:{} engine --bot random", tabula().display());
    let run = |games: &str| {
        let output = crate::support::tabula_command()
            .args(["match", "nardy", "--games", games, "--jobs", "1"])
            .args(["--player", "bot:greedy", "--player", &engine])
            .arg("--records")
            .arg(&records)
            .arg("--log")
            .arg(&log)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        std::fs::read_to_string(&log).unwrap()
    };
    let first = run("2");
    assert!(first.contains(" game 1 black > 1 protocol_version"), "{first}");
    assert!(first.contains(" game 1 black < =1 1"), "{first}");
    // The same process plays game 2: told of a new game, not started again.
    assert!(!first.contains(" game 2 white > 1 protocol_version"), "{first}");
    assert!(first.contains(" game 2 white > "), "{first}");
    assert!(first.contains(" newgame nardy"), "{first}");
    assert!(first.contains(" game 1 black > "), "{first}");
    // One engine plays both games, and is asked to quit after the last only.
    let quits = first
        .lines()
        .filter(|l| l.contains(" game ") && l.ends_with(" quit"));
    assert_eq!(quits.count(), 1, "{first}");
    assert!(
        first
            .lines()
            .any(|l| l.contains(" game 2 white > ") && l.ends_with(" quit")),
        "{first}"
    );
    assert!(first.contains(" game 2 = end: result places="), "{first}");
    let second = run("4");
    assert!(second.starts_with(&first), "the log grows");
    assert!(second.contains(" game 4 = end: result places="), "{second}");
    let recorded = std::fs::read_to_string(&records).unwrap();
    assert!(recorded.contains("match-game 4\n"), "{recorded}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `tabula match` against `engine` and returns its peak resident memory in KiB
/// (the kernel's high-water mark, read while it runs), failing if it does not end
/// within `limit`.
fn peak_memory_of_match(engine: &str, extra: &[&str], limit: Duration) -> u64 {
    let mut child = crate::support::tabula_command()
        .args([
            "match",
            "nardy",
            "--games",
            "2",
            "--jobs",
            "1",
            "--movetime",
            "1000",
        ])
        .args(["--player", "bot:random", "--player", engine])
        .args(extra)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let until = Instant::now() + limit;
    let mut peak = 0;
    loop {
        let high_water = std::fs::read_to_string(&status_file)
            .ok()
            .and_then(|status| {
                let line = status.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
                line.split_whitespace().nth(1)?.parse::<u64>().ok()
            })
            .unwrap_or(0);
        peak = peak.max(high_water);
        if let Some(status) = child.try_wait().unwrap() {
            // An engine that floods its answer to the handshake or to newgame fails the
            // check before the first game (status 2); one that floods later forfeits.
            assert!(matches!(status.code(), Some(0 | 2)), "{status}");
            return peak;
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the match against {engine} did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn memory_stays_bounded_whatever_an_engine_writes() {
    let dir = temp_dir("memory");
    let log = dir.join("log");
    let log = log.to_str().unwrap();
    let engines = [
        format!("engine:{}", script("flood.sh")),
        format!("engine:{}", script("long-line.sh")),
        "engine:yes".to_string(),
        with_tabula("stderr-flood.sh", ""),
    ];
    for engine in &engines {
        for extra in [&[][..], &["--log", log][..]] {
            let peak = peak_memory_of_match(engine, extra, Duration::from_secs(20));
            assert!(peak < 64 * 1024, "{engine} {extra:?}: {peak} KiB");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_c_in_a_match_prints_the_table_so_far_and_its_records_resume() {
    // Given a long match between an engine process and a bot, recording its games,
    let dir = temp_dir("match-ctrl-c");
    let records = dir.join("records");
    let engine = format!("engine:{} engine --bot random", tabula().display());
    let child = crate::support::tabula_command()
        .args(["match", "ur", "--games", "100000", "--jobs", "2"])
        .args(["--player", "bot:random", "--player", &engine])
        .arg("--records")
        .arg(&records)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    while std::fs::read_to_string(&records).map_or(0, |t| t.matches("\nend ").count()) < 3
        && Instant::now() < until
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    // when Ctrl-C comes,
    // SAFETY: sending a signal to the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let output = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    // then it stops soon, says so, prints the table of the games it finished,
    assert_eq!(output.status.code(), Some(128 + libc::SIGINT), "{stderr}");
    assert!(stderr.contains("stopped by Ctrl-C (SIGINT) after "), "{stderr}");
    assert!(stderr.contains("run the same command again"), "{stderr}");
    let finished: usize = stderr
        .split("stopped by Ctrl-C (SIGINT) after ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(finished >= 3, "{stderr}");
    assert!(stdout.contains(&format!("{finished} games played")), "{stdout}");
    // and its records hold exactly those games, whole, as a report reads them.
    let report = crate::support::tabula_command()
        .args(["match", "report"])
        .arg(&records)
        .output()
        .unwrap();
    let report_out = String::from_utf8_lossy(&report.stdout);
    assert!(
        report.status.success(),
        "{}",
        String::from_utf8_lossy(&report.stderr)
    );
    assert!(report_out.contains(&format!("{finished} games")), "{report_out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An engine command that appends a line to `starts` each time it is started, then runs
/// the Python example bot.
fn counted_python_bot(starts: &Path) -> String {
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/oracle_bot.py");
    let shell = format!(
        "echo start >> {}; exec python3 {}",
        shell_words::quote(&starts.display().to_string()),
        shell_words::quote(&bot.display().to_string())
    );
    format!("engine:sh -c {}", shell_words::quote(&shell))
}

/// Plays a Long Nardy match of `games` on one thread against `engine`, with `extra`
/// arguments; returns its table.
fn one_thread_match(engine: &str, games: &str, extra: &[&str]) -> String {
    let output = crate::support::tabula_command()
        .args(["match", "nardy", "--games", games, "--jobs", "1", "--seed", "2"])
        .args(["--player", "bot:greedy", "--player", engine])
        .args(extra)
        .env("TABULA", tabula())
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{table}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(table.contains("forfeits: none"), "{table}");
    table
}

#[test]
fn an_engine_plays_game_after_game_and_restart_starts_it_for_each() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("python3 is not installed: the Python example is not tried");
        return;
    }
    let dir = temp_dir("kept-alive");
    let starts = dir.join("starts");
    let table = one_thread_match(&counted_python_bot(&starts), "40", &[]);
    assert!(table.contains("40 games played"), "{table}");
    // Once for the check before the first game, once for the whole match.
    let count = |path: &Path| std::fs::read_to_string(path).unwrap_or_default().lines().count();
    assert_eq!(count(&starts), 2, "{table}");
    let words = |table: &str| table.split_whitespace().collect::<Vec<_>>().join(" ");
    // The table names the engine by the name it gave, with its starts.
    assert!(
        words(&table).contains("; starts: python-random 1 40 games"),
        "{table}"
    );
    // With --restart every game has an engine process of its own.
    let restarts = dir.join("restarts");
    let table = one_thread_match(&counted_python_bot(&restarts), "4", &["--restart"]);
    assert_eq!(count(&restarts), 5, "{table}");
    assert!(
        words(&table).contains("; starts: python-random 4 4 games"),
        "{table}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The command name of live process `pid` (`sleep`, `sh`), if it runs.
fn command_of(pid: i32) -> Option<String> {
    let name = std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
    alive(pid).then(|| name.trim().to_string())
}

#[test]
fn an_engine_hung_in_genmove_dies_with_a_match_killed_by_sigkill() {
    let dir = temp_dir("sigkill");
    let pids = dir.join("pids");
    let mut child = crate::support::tabula_command()
        .args(["match", "nardy", "--games", "2", "--jobs", "1"])
        .args(["--movetime", "600000", "--player", "bot:random", "--player"])
        .arg(format!("engine:{}", script("hang.sh")))
        .env("PID_FILE", &pids)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The check's engine, then the match's, which becomes `sleep` once asked to move.
    let until = Instant::now() + Duration::from_secs(60);
    let engine = loop {
        let started = pids_in(&pids);
        if let Some(&pid) = started.get(1)
            && command_of(pid).as_deref() == Some("sleep")
        {
            break pid;
        }
        assert!(Instant::now() < until, "the engine never hung: {started:?}");
        std::thread::sleep(Duration::from_millis(20));
    };
    // SIGKILL: tabula runs no cleanup at all.
    child.kill().unwrap();
    child.wait().unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    while alive(engine) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!alive(engine), "engine {engine} outlived its match");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engines_that_give_the_same_name_are_told_apart_and_name_sets_it() {
    let dir = temp_dir("names");
    let jsonl = dir.join("games.jsonl");
    let engine = format!("engine:{} engine --bot random", tabula().display());
    let output = crate::support::tabula_command()
        .args(["match", "nardy", "--games", "2", "--jobs", "1", "--each-game"])
        .args(["--player", &engine, "--player", &engine])
        .arg("--jsonl")
        .arg(&jsonl)
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(table.contains("(tabula (1) vs tabula (2))"), "{table}");
    assert!(table.contains("(tabula (2) vs tabula (1))"), "{table}");
    assert!(table.contains("\n1  tabula (1) "), "{table}");
    assert!(table.contains("\n2  tabula (2) "), "{table}");
    let lines = std::fs::read_to_string(&jsonl).unwrap();
    assert!(lines.contains(r#""engine_name":"tabula (1)""#), "{lines}");
    assert!(lines.contains(r#""engine_name":"tabula (2)""#), "{lines}");
    // With a name of its own each engine is shown by it, as it gave it.
    let named = |name: &str| format!("{engine} --name {name}");
    let output = crate::support::tabula_command()
        .args(["match", "nardy", "--games", "2", "--jobs", "1", "--each-game"])
        .args(["--player", &named("north"), "--player", &named("south")])
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&output.stdout);
    assert!(table.contains("(north vs south)"), "{table}");
    assert!(table.contains("\n2  south "), "{table}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_name_that_would_break_the_protocol_is_refused() {
    let output = crate::support::tabula_command()
        .args(["engine", "--name", "two\nlines"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("give a name on one line"), "{stderr}");
    let (status, stdout, stderr) =
        crate::support::run_tabula(&["engine", "--name", " kestrel "], "name\nquit\n");
    assert_eq!(status, Some(0), "{stderr}");
    assert_eq!(stdout, "= kestrel\n\n=\n\n");
}
