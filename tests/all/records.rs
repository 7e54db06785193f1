//! Records through the binary: files past 16 MiB read as streams by `match report`, a
//! match resuming, `replay --game N` and `load FILE N`; `match report` naming what is
//! missing and refusing what is given twice; tags shown; records of older formats read.

use std::path::{Path, PathBuf};

use crate::support::{run_tabula, temp_dir};

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs tabula, which must succeed; its standard output.
fn ok(args: &[&str]) -> String {
    let (status, out, err) = run_tabula(args, "");
    assert_eq!(status, Some(0), "tabula {args:?}: {err}");
    out
}

/// Runs tabula, which must fail; its standard error.
fn refused(args: &[&str]) -> String {
    let (status, out, err) = run_tabula(args, "");
    assert_ne!(status, Some(0), "tabula {args:?}: {out}");
    err
}

const MATCH: [&str; 7] = [
    "match",
    "nardy",
    "--player",
    "bot:random",
    "--player",
    "bot:random",
    "--seed",
];

fn match_args<'a>(games: &'a str, records: &'a str) -> Vec<&'a str> {
    let mut args = MATCH.to_vec();
    args.extend(["3", "--jobs", "1", "--games", games, "--records", records]);
    args
}

/// A match record of six games with 17 MB of comment lines before its last game, so
/// that the last game starts past 16 MiB.
fn big_record(dir: &Path) -> PathBuf {
    let small = dir.join("small.txt");
    ok(&match_args("6", path(&small)));
    let text = std::fs::read_to_string(&small).unwrap();
    let last = text.rfind("game nardy").unwrap();
    let padding = "# a comment line, as a match writes an engine's standard error here\n".repeat(280_000);
    let big = dir.join("big.txt");
    std::fs::write(&big, format!("{}{padding}{}", &text[..last], &text[last..])).unwrap();
    assert!(std::fs::metadata(&big).unwrap().len() > 17 * 1024 * 1024);
    big
}

#[test]
fn records_past_16_mib_are_reported_resumed_and_replayed_at_a_late_game() {
    let dir = temp_dir("big-records");
    let big = big_record(&dir);
    let report = ok(&["match", "report", path(&big)]);
    assert!(report.contains("6 games read from 1 file"), "{report}");
    let replay = ok(&["replay", path(&big), "--game", "6"]);
    assert!(replay.contains("game 6 of the 6 in"), "{replay}");
    assert!(
        replay.contains("recorded 20") && replay.contains("players: white bot:random"),
        "{replay}"
    );
    let (status, out, err) = run_tabula(&["play", "nardy"], &format!("load {} 6\nquit\n", path(&big)));
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("loaded game 6 of the 6 in"), "{out}");
    // The same match with more games resumes from the big file and plays the rest.
    let resumed = ok(&match_args("8", path(&big)));
    assert!(resumed.contains("match nardy: 8 games"), "{resumed}");
    assert!(resumed.contains("6 resumed"), "{resumed}");
    let report = ok(&["match", "report", path(&big)]);
    assert!(report.contains("8 games read from 1 file"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_report_names_missing_shards_and_refuses_what_is_given_twice() {
    let dir = temp_dir("report-plan");
    let shards: Vec<PathBuf> = (1..=3).map(|k| dir.join(format!("s{k}.txt"))).collect();
    for (k, file) in shards.iter().enumerate() {
        let shard = format!("{}/3", k + 1);
        let mut args = match_args("18", path(file));
        args.extend(["--shard", &shard]);
        ok(&args);
    }
    // The table's lines are wrapped at 80 columns: read them unwrapped.
    let partial = ok(&["match", "report", path(&shards[0]), path(&shards[1])]).replace("\n  ", " ");
    assert!(
        partial.contains(
            "warning: 12 of the 18 planned games are in these files; the records of --shard 3/3 are missing"
        ),
        "{partial}"
    );
    let whole = ok(&[
        "match",
        "report",
        path(&shards[0]),
        path(&shards[1]),
        path(&shards[2]),
    ]);
    assert!(!whole.contains("warning"), "{whole}");
    // The same file twice, by two names; the same shard's games in two files.
    let other_name = format!("{}/../report-plan/s1.txt", path(&dir));
    let error = refused(&["match", "report", path(&shards[0]), &other_name]);
    assert!(error.contains("appears twice among the files"), "{error}");
    let copy = dir.join("copy.txt");
    std::fs::copy(&shards[0], &copy).unwrap();
    let error = refused(&["match", "report", path(&shards[0]), path(&copy)]);
    assert!(error.contains("game 1 appears twice, in"), "{error}");
    // A game saved with 'save' is said to be one.
    let saved = dir.join("saved.txt");
    let (status, _, err) = run_tabula(
        &["play", "ur", "--seed", "2"],
        &format!("roll\nsave {}\nquit\n", path(&saved)),
    );
    assert_eq!(status, Some(0), "{err}");
    let error = refused(&["match", "report", path(&saved)]);
    assert!(
        error.contains("holds a game saved with 'save', not the records of a match"),
        "{error}"
    );
    // Games lost from the end of a file: they are named.
    let six = dir.join("six.txt");
    ok(&match_args("6", path(&six)));
    let text = std::fs::read_to_string(&six).unwrap();
    let blocks: Vec<&str> = text.split_inclusive("\n\n").collect();
    assert_eq!(blocks.len(), 6);
    std::fs::write(&six, blocks[..4].concat()).unwrap();
    let four = ok(&["match", "report", path(&six)]).replace("\n  ", " ");
    assert!(
        four.contains("warning: 4 of the 6 planned games are in these files; games 5-6 are missing"),
        "{four}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn saved_games_carry_tags_and_older_records_still_load() {
    let dir = temp_dir("tags");
    let saved = dir.join("g.txt");
    let script = format!("roll\nsave {}\nquit\n", path(&saved));
    let (status, _, err) = run_tabula(
        &["play", "ur", "--seed", "2", "--seat", "dark=bot:greedy"],
        &script,
    );
    assert_eq!(status, Some(0), "{err}");
    let text = std::fs::read_to_string(&saved).unwrap();
    for tag in [
        "tag date ",
        "tag tabula ",
        "tag player light human",
        "tag player dark bot:greedy",
        "tag result unfinished",
    ] {
        assert!(text.contains(tag), "{tag}:\n{text}");
    }
    let replay = ok(&["replay", path(&saved)]);
    assert!(
        replay.contains("players: light human, dark bot:greedy"),
        "{replay}"
    );
    assert!(
        replay.contains("result: unfinished (the game was saved before its end)"),
        "{replay}"
    );
    let (_, out, _) = run_tabula(&["play", "ur"], &format!("load {}\nquit\n", path(&saved)));
    assert!(out.contains("recorded 20") && out.contains("by tabula "), "{out}");
    // A match's records name its players, and say how each game ended.
    let records = dir.join("m.txt");
    ok(&[
        "match",
        "ur",
        "--player",
        "Gus=bot:greedy",
        "--player",
        "bot:random",
        "--games",
        "2",
        "--records",
        path(&records),
    ]);
    let text = std::fs::read_to_string(&records).unwrap();
    assert!(
        text.contains("\ntag name light Gus\n") && text.contains("\ntag name dark Gus\n"),
        "{text}"
    );
    assert!(
        text.contains("\ntag player dark bot:random\n") && text.contains("\ntag reason played out\n"),
        "{text}"
    );
    // Records written before tags, and before seals, still load and replay.
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let before_tags = data.join("sealed-before-tags.txt");
    let replay = ok(&["replay", path(&before_tags)]);
    assert!(
        replay.contains("2 moves") && !replay.contains("recorded"),
        "{replay}"
    );
    let unsealed = data.join("unsealed.txt");
    let replay = ok(&["replay", path(&unsealed)]);
    assert!(
        replay.contains("its rolls and its integrity cannot be checked"),
        "{replay}"
    );
    let (_, out, _) = run_tabula(&["play", "nardy"], &format!("load {}\nquit\n", path(&unsealed)));
    assert!(
        out.contains("loaded ") && out.contains("cannot be checked"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_records_writes_resumes_reports_and_replays_a_record() {
    let out = ok(&["bench", "--records", "0.05"]);
    for step in [
        "games\n",
        "  written  ",
        "  resumed  ",
        "  reported ",
        "picked and replayed ",
    ] {
        assert!(out.contains(step), "{step}:\n{out}");
    }
    let games: u64 = out
        .lines()
        .find_map(|l| l.strip_suffix(" games")?.rsplit(' ').next()?.parse().ok())
        .unwrap();
    assert!(games >= 12 && games.is_multiple_of(2), "{out}");
    assert!(out.contains(&format!("game {games} picked")), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    let error = refused(&["bench", "--records", "0"]);
    assert!(error.contains("from 0.05 to 100000"), "{error}");
}

/// The samples written by the version before a match game was one typed record: each
/// match as text records and as JSON lines, with the arguments that played it.
const EARLIER_MATCHES: [(&str, &[&str]); 2] = [
    (
        "match-adjudicated",
        &[
            "--player",
            "fast=bot:greedy",
            "--player",
            "bot:random",
            "--seed",
            "5",
            "--adjudicate",
        ],
    ),
    (
        "match-forfeit",
        &[
            "--player",
            "engine:tests/engines/illegal.sh",
            "--player",
            "bot:random",
            "--seed",
            "9",
        ],
    ),
];

/// The lines of a table that do not depend on how fast or from where it was made.
fn table_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.contains("games played in") && !l.contains("read from") && !l.contains("resumed"))
        .collect()
}

#[test]
fn match_records_of_the_earlier_version_report_resume_and_replay_as_before() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let dir = temp_dir("records-earlier");
    for (sample, args) in EARLIER_MATCHES {
        let before = std::fs::read_to_string(data.join(format!("{sample}.report"))).unwrap();
        for (format, flag) in [("txt", "--records"), ("jsonl", "--jsonl")] {
            let file = data.join(format!("{sample}.{format}"));
            // The JSON lines keep the name the engine gave, which the table shows as the
            // match did; the text records of that version did not keep it.
            let expected = match format {
                "jsonl" => before
                    .replace("1  engine:tests/en~", &format!("1  {:16}", "cheat"))
                    .replace("engine:tests/en~", "cheat"),
                _ => before.clone(),
            };
            let report = ok(&["match", "report", path(&file)]);
            assert_eq!(report, expected, "{sample}.{format}");
            // The same match, resumed from a copy: nothing is left to play, nothing changes.
            let copy = dir.join(format!("{sample}.{format}"));
            std::fs::copy(&file, &copy).unwrap();
            let mut resume = vec!["match", "mnogoboy", "players=2", "--games", "2", "--jobs", "1"];
            resume.extend(args.iter().copied());
            resume.extend([flag, path(&copy)]);
            let resumed = ok(&resume);
            assert!(resumed.contains("2 resumed from the records"), "{resumed}");
            assert_eq!(table_lines(&resumed), table_lines(&expected), "{sample}.{format}");
            assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(&file).unwrap());
        }
    }
    let replay = ok(&["replay", "tests/data/records/match-forfeit.txt", "--game", "2"]);
    assert!(
        replay.contains("players: p1 bot:random, p2 engine:tests/engines/illegal.sh"),
        "{replay}"
    );
    assert!(
        replay.contains("result: p2 forfeits (forfeit: p2 illegal move: "),
        "{replay}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engines_that_give_the_same_name_are_told_apart_in_the_text_records_and_read_back() {
    let dir = temp_dir("records-same-name");
    let records = dir.join("games.txt");
    let engine = format!("engine:{} engine --bot random", env!("CARGO_BIN_EXE_tabula"));
    let args = [
        "match",
        "ur",
        "--games",
        "2",
        "--jobs",
        "1",
        "--player",
        &engine,
        "--player",
        &engine,
        "--records",
        path(&records),
    ];
    let played = ok(&args);
    assert!(played.contains("\n1  tabula (1) "), "{played}");
    // Each game's record names its seats' engines as the table does.
    let text = std::fs::read_to_string(&records).unwrap();
    let games: Vec<&str> = text.split_inclusive("\n\n").collect();
    assert_eq!(games.len(), 2, "{text}");
    assert!(
        games[0].contains("tag engine light tabula (1)\ntag engine dark tabula (2)\n"),
        "{text}"
    );
    assert!(
        games[1].contains("tag engine light tabula (2)\ntag engine dark tabula (1)\n"),
        "{text}"
    );
    // The report, a resumed match and a replay read the names back.
    let report = ok(&["match", "report", path(&records)]);
    let resumed = ok(&args);
    assert!(resumed.contains("2 resumed from the records"), "{resumed}");
    for table in [&report, &resumed] {
        assert!(table.contains("\n1  tabula (1) "), "{table}");
        assert!(table.contains("\n2  tabula (2) "), "{table}");
    }
    let replay = ok(&["replay", path(&records), "--game", "2"]);
    let replay = replay.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        replay.contains(&format!(
            "players: light tabula (2) ({engine}), dark tabula (1) ({engine})"
        )),
        "{replay}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
