//! Tournaments through the binary: round robins with ratings, shards merged by `tabula
//! match report` into exactly the table of one run, the SPRT stopping a match at the
//! same game whatever the number of jobs, clocks told with `time_left`, and engines
//! named in a TOML file.

use std::path::{Path, PathBuf};

fn tabula() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tabula"))
}

fn temp_dir(name: &str) -> PathBuf {
    crate::support::temp_dir(&format!("tournaments-{name}"))
}

fn script(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(name);
    format!("sh {}", path.display())
}

/// The words of `line` (split at spaces), each `{}` replaced by the next of `slots`
/// (paths and commands, which may hold spaces).
fn words(line: &str, slots: &[&str]) -> Vec<String> {
    let mut slots = slots.iter();
    line.split_whitespace()
        .map(|w| match w {
            "{}" => slots.next().expect("a slot for every {}").to_string(),
            _ => w.to_string(),
        })
        .collect()
}

/// Runs `tabula LINE`; returns its standard output, or panics with its errors.
fn run(line: &str, slots: &[&str]) -> String {
    let args = words(line, slots);
    let output = crate::support::tabula_command().args(&args).output().unwrap();
    assert!(
        output.status.success(),
        "tabula {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Runs `tabula LINE`, which must fail; returns its exit status and standard error.
fn refused(line: &str, slots: &[&str]) -> (Option<i32>, String) {
    let output = crate::support::tabula_command()
        .args(words(line, slots))
        .output()
        .unwrap();
    assert!(!output.status.success(), "{line} succeeded");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The table without the lines that say how the run went (time, speed, files read).
fn body(table: &str) -> String {
    table
        .lines()
        .filter(|l| !l.contains(" games played in ") && !l.contains(" read from "))
        .collect::<Vec<_>>()
        .join("\n")
}

const ROUND_ROBIN: &str =
    "match ur --player g=bot:greedy --player bot:random --player x=bot:expectimax:1 --seed 4";

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn shards_merged_give_exactly_the_table_of_one_run() {
    let dir = temp_dir("shards");
    let whole = dir.join("whole.txt");
    let one_run = run(
        &format!("{ROUND_ROBIN} --games 18 --jobs 2 --records {{}}"),
        &[path(&whole)],
    );
    let shards: Vec<PathBuf> = (1..=3).map(|k| dir.join(format!("shard{k}.txt"))).collect();
    for (k, file) in shards.iter().enumerate() {
        let line = format!(
            "{ROUND_ROBIN} --games 18 --jobs 1 --shard {}/3 --records {{}}",
            k + 1
        );
        let own = run(&line, &[path(file)]);
        assert!(
            own.contains("match ur: 6 games"),
            "a shard plays its slice: {own}"
        );
    }
    let merged = run(
        "match report {} {} {}",
        &[path(&shards[0]), path(&shards[1]), path(&shards[2])],
    );
    assert_eq!(body(&merged), body(&one_run));
    assert!(merged.contains("18 games read from 3 files"), "{merged}");
    assert_eq!(body(&run("match report {}", &[path(&whole)])), body(&one_run));
    // A round robin of three: every pairing, a rating or a shutout for each, the matrix.
    assert!(one_run.contains("in a round robin of 3 pairings"), "{one_run}");
    assert!(
        one_run.contains("score matrix (row's score against column, %; 6 encounters each)"),
        "{one_run}"
    );
    assert!(one_run.contains("ratings"), "{one_run}");
    assert!(!one_run.contains("inf"), "no infinities: {one_run}");
    // A shard missing: what the others have is tabulated; here each shard played one
    // pairing, so one shard alone lacks a player, which is said.
    let partial = run("match report {} {}", &[path(&shards[0]), path(&shards[1])]);
    assert!(partial.contains("match ur: 12 games"), "{partial}");
    let (_, error) = refused("match report {}", &[path(&shards[0])]);
    assert!(
        error.contains("none of their games has #3: the records of --shard 2/3, --shard 3/3 are missing"),
        "{error}"
    );
    // The same game in two files is refused.
    let (_, error) = refused("match report {} {}", &[path(&whole), path(&whole)]);
    assert!(error.contains("appears twice"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_round_robin_resumes_and_refuses_another_match_s_records() {
    let dir = temp_dir("resume");
    let records = dir.join("r.txt");
    run(
        &format!("{ROUND_ROBIN} --games 6 --jobs 2 --records {{}}"),
        &[path(&records)],
    );
    let more = run(
        &format!("{ROUND_ROBIN} --games 12 --jobs 2 --records {{}}"),
        &[path(&records)],
    );
    assert!(more.contains("6 resumed from the records"), "{more}");
    // The same records under other names are other players.
    let renamed = ROUND_ROBIN.replace("g=bot:greedy", "h=bot:greedy");
    let (_, error) = refused(&format!("{renamed} --games 12 --records {{}}"), &[path(&records)]);
    assert!(error.contains("played by other players"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_gauntlet_and_an_anchor() {
    let out = run(
        "match ur --gauntlet --player bot:expectimax:1 --player bot:greedy --player bot:expectimax:2 \
         --games 8 --seed 2 --jobs 2 --anchor bot:greedy=1000",
        &[],
    );
    assert!(out.contains("in a gauntlet of 2 pairings"), "{out}");
    // #2 and #3 never meet.
    // (The matrix's own heading: a shutout's ratings line names "the score matrix" too.)
    let matrix = out.split("score matrix (").nth(1).unwrap();
    let row = matrix.lines().find(|l| l.starts_with("2  bot:greedy ")).unwrap();
    assert!(row.trim_end().ends_with('-'), "{row}");
    if out.contains("Elo, maximum likelihood") {
        assert!(out.contains("#2 bot:greedy at 1000"), "{out}");
        assert!(out.contains("+1000  (anchor)"), "{out}");
    }
}

#[test]
fn the_sprt_stops_at_the_same_game_with_any_number_of_jobs_and_reads_back() {
    let dir = temp_dir("sprt");
    let mut verdicts = Vec::new();
    for jobs in ["1", "2"] {
        let records = dir.join(format!("sprt{jobs}.txt"));
        let line = format!(
            "match ur --player bot:greedy --player bot:random --games 400 --jobs {jobs} \
             --sprt elo0=0,elo1=20 --records {{}}"
        );
        let out = run(&line, &[path(&records)]);
        let verdict = out
            .lines()
            .find(|l| l.starts_with("H1 accepted after "))
            .unwrap_or_else(|| panic!("no verdict: {out}"))
            .to_string();
        assert_eq!(body(&run("match report {}", &[path(&records)])), body(&out));
        verdicts.push(verdict);
    }
    assert_eq!(verdicts[0], verdicts[1]);
    // A test that the games cannot decide says so.
    let out = run(
        "match ur --player bot:greedy --player bot:greedy --games 4 --jobs 2 --sprt elo0=0,elo1=5",
        &[],
    );
    assert!(out.contains("no verdict yet: --games ran out first"), "{out}");
    // Three players cannot be tested against each other.
    let (code, error) = refused(
        "match ur --player bot:greedy --player bot:random --player bot:random --sprt elo0=0,elo1=5",
        &[],
    );
    assert_eq!(code, Some(2));
    assert!(error.contains("give two --player options"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_clock_that_runs_out_forfeits_on_time_and_time_left_may_be_refused() {
    let dir = temp_dir("clock");
    let log = dir.join("log");
    let slow = format!("engine:{}", script("slow.sh"));
    let out = run(
        "match nardy --player bot:random --player {} --games 2 --jobs 2 --tc 0.3+0.1 --log {}",
        &[&slow, path(&log)],
    );
    assert!(out.contains("forfeits by #2 sloth: 2 (time 2)"), "{out}");
    let traffic = std::fs::read_to_string(&log).unwrap();
    assert!(traffic.contains(" time_left black 0.300 0"), "{traffic}");
    assert!(
        traffic.contains("black's clock ran out: 0.300 s left"),
        "{traffic}"
    );
    // tabula's own engine does not know time_left: its '?' costs nothing.
    let engine = format!("engine:{} engine --bot greedy", tabula().display());
    let out = run(
        "match ur --player bot:random --player {} --games 2 --jobs 2 --tc 30+1 --log {}",
        &[&engine, path(&log)],
    );
    assert!(out.contains("forfeits: none"), "{out}");
    let traffic = std::fs::read_to_string(&log).unwrap();
    assert!(traffic.contains("unknown command: time_left"), "{traffic}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engines_named_in_a_file_play_with_their_options_and_directory() {
    let dir = temp_dir("file");
    std::fs::create_dir_all(dir.join("home")).unwrap();
    let file = dir.join("engines.toml");
    std::fs::write(
        &file,
        format!(
            "[[engine]]\nname = \"greedy\"\ncommand = \"{0} engine\"\ndir = \"home\"\nset = {{ bot = \"greedy\" }}\n\n\
             [[engine]]\nname = \"picky\"\ncommand = \"{0} engine\"\nset = {{ bot = \"cleverest\" }}\n\n\
             [[engine]]\nname = \"lost\"\ncommand = \"{0} engine\"\ndir = \"nowhere\"\n",
            tabula().display()
        ),
    )
    .unwrap();
    let log = dir.join("log");
    let out = run(
        "match ur --engines {} --player greedy --player bot:random --games 2 --jobs 1 --log {}",
        &[path(&file), path(&log)],
    );
    let traffic = std::fs::read_to_string(&log).unwrap();
    assert!(traffic.contains("set bot greedy"), "{traffic}");
    assert!(out.contains("1  greedy "), "{out}");
    assert!(out.contains("forfeits: none"), "{out}");
    // An option the engine refuses: it would not play as configured, so no game is
    // played (in a round robin too), and the command line was wrong (status 2).
    let (code, error) = refused(
        "match ur --engines {} --player greedy --player picky --player lost --games 6",
        &[path(&file)],
    );
    let flat = error.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(code, Some(2), "{error}");
    assert!(flat.contains("#2 picky (engine:"), "{error}");
    assert!(flat.contains("cannot play, so no game was played"), "{error}");
    assert!(flat.contains("refused 'set bot cleverest'"), "{error}");
    // A working directory that is not there: the engine cannot start.
    let (code, error) = refused(
        "match ur --engines {} --player greedy --player lost --player bot:random --games 6",
        &[path(&file)],
    );
    let flat = error.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(code, Some(2), "{error}");
    assert!(flat.contains("#2 lost (engine:"), "{error}");
    assert!(flat.contains("start: cannot start"), "{error}");
    assert!(flat.contains("nowhere"), "{error}");
    // A name the file does not have is refused with the names it has.
    let (code, error) = refused(
        "match ur --engines {} --player greedy --player other",
        &[path(&file)],
    );
    assert_eq!(code, Some(2));
    assert!(
        error.contains("the engines file names greedy, picky, lost"),
        "{error}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_example_engines_file_reads() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/engines.toml");
    let out = run(
        "match ur --engines {} --player bot:random --player bot:greedy --games 2 --jobs 1",
        &[path(&example)],
    );
    assert!(out.contains("match ur: 2 games"), "{out}");
}

#[test]
fn every_match_option_and_the_clock_are_documented() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let man = std::fs::read_to_string(root.join("man/tabula.6")).unwrap();
    let options = &man[man.find(".SH OPTIONS").unwrap()..man.find(".SH REPL COMMANDS").unwrap()];
    let synopsis = &man[man.find(".SH SYNOPSIS").unwrap()..man.find(".SH DESCRIPTION").unwrap()];
    for command in [&["match", "--help"][..], &["match", "report", "--help"]] {
        let help = run(&command.join(" "), &[]);
        for flag in help
            .split_whitespace()
            .filter(|w| w.starts_with("--") && *w != "--help")
            .map(|w| w.trim_end_matches([',', '.', ')']))
            // A flag with an optional value: `--adjudicate[=<P>]` is `--adjudicate`.
            .map(|w| w.split('[').next().unwrap_or(w))
        {
            let roff = flag.replace('-', "\\-");
            // In the synopsis, and explained under OPTIONS or in the match entry.
            assert!(synopsis.contains(&roff), "SYNOPSIS lacks {flag}");
            assert!(
                options.contains(&roff) || man.matches(&roff).count() > 1,
                "the man page does not explain {flag}"
            );
        }
    }
    assert!(synopsis.contains(".SY tabula\n.B match report"));
    let protocol = std::fs::read_to_string(root.join("man/tabula-protocol.5")).unwrap();
    assert!(protocol.contains(".BI \"time_left \" \"SEAT SECONDS \" 0"));
    assert!(protocol.contains(".RB ( time ),"));
    let guide = std::fs::read_to_string(root.join("docs/matches.md")).unwrap();
    for needed in ["sbatch --array=", "parallel tabula match", "tabula match report"] {
        assert!(guide.contains(needed), "docs/matches.md lacks {needed}");
    }
}

/// The actions of a record (its `setpos`, `roll` and `play` lines, in order): what
/// happened in the game.
fn actions(record: &str) -> Vec<String> {
    record
        .lines()
        .filter(|l| ["setpos ", "roll ", "play "].iter().any(|k| l.starts_with(k)))
        .map(str::to_string)
        .collect()
}

/// The record of game `number` among a match's records.
fn match_game(records: &Path, number: u64) -> String {
    let text = std::fs::read_to_string(records).unwrap();
    let wanted = format!("match-game {number}\n");
    text.split("\n\n")
        .find(|game| game.contains(&wanted))
        .unwrap_or_else(|| panic!("no game {number} in {text}"))
        .to_string()
}

/// What the `--each-game` line of game `number` says: its players by seat and its seed.
fn finished(out: &str, number: u64) -> (Vec<String>, String) {
    let head = format!("Finished game {number} (");
    let line = out
        .lines()
        .find(|l| l.starts_with(&head))
        .unwrap_or_else(|| panic!("no line for game {number}: {out}"));
    let (players, rest) = line[head.len()..].split_once("): ").unwrap();
    let seed = rest.split(", seed ").nth(1).unwrap().split(';').next().unwrap();
    (
        players.split(" vs ").map(str::to_string).collect(),
        seed.to_string(),
    )
}

/// Plays a game again at `tabula play GAME --seed SEED` with `players` in the seats, the
/// commands of `first` typed before the bots take their seats; returns its actions.
fn played_again(game: &str, seed: &str, players: &[String], first: &str, dir: &Path) -> Vec<String> {
    let saved = dir.join("again.txt");
    let mut args: Vec<String> = ["play", game, "--seed", seed, "--no-history"]
        .map(str::to_string)
        .to_vec();
    let mut input = first.to_string();
    for (seat, player) in players.iter().enumerate() {
        if first.is_empty() {
            args.extend(["--seat".to_string(), format!("{}={player}", seat + 1)]);
        } else {
            args.extend(["--seat".to_string(), format!("{}=human", seat + 1)]);
            input.push_str(&format!("seat {} {player}\n", seat + 1));
        }
    }
    input.push_str(&format!("save {}\n", saved.display()));
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = crate::support::run_tabula(&words, &input);
    assert_eq!(code, Some(0), "{out}{err}");
    actions(&std::fs::read_to_string(&saved).unwrap())
}

#[test]
fn every_game_of_a_match_plays_again_at_tabula_play_from_its_seed() {
    let dir = temp_dir("again");
    let records = dir.join("records.txt");
    // Game 7 and game 8 share their dice, the seats swapped; two threads play them.
    let match_line = "match ur --player bot:mcts:100 --player bot:expectimax:2 --games 8 --seed 21 \
                      --jobs 2 --each-game --records {}";
    let out = run(match_line, &[path(&records)]);
    for number in [7, 8] {
        let (players, seed) = finished(&out, number);
        assert_eq!(seed, "24", "four rounds of two games on seeds 21 to 24: {out}");
        let recorded = actions(&match_game(&records, number));
        assert!(recorded.len() > 50, "{recorded:?}");
        let again = played_again("ur", &seed, &players, "", &dir);
        assert_eq!(again, recorded, "game {number}: {out}");
    }
    // From a positions file the same holds, the opening set before the bots sit down.
    let (_, opening, _) = crate::support::run_tabula(&["play", "ur", "--seed", "3"], "roll\ngetpos\n");
    let opening = opening.lines().last().unwrap().trim().to_string();
    let positions = dir.join("positions.txt");
    std::fs::write(&positions, format!("{opening}\n")).unwrap();
    let records = dir.join("from-positions.txt");
    let out = run(
        &format!("{match_line} --positions {{}}"),
        &[path(&records), path(&positions)],
    );
    let (players, seed) = finished(&out, 7);
    let recorded = actions(&match_game(&records, 7));
    let setpos = recorded[0].clone();
    assert!(setpos.starts_with("setpos "), "{recorded:?}");
    let again = played_again("ur", &seed, &players, &format!("{setpos}\n"), &dir);
    assert_eq!(again, recorded, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
