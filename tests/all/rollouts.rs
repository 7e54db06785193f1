//! The commands built on rollouts: `tabula rollout`, `hint --rollout` and `tabula
//! benchmark` (rollouts themselves are tested inside the crate, in
//! `src/ai/tests/rollouts.rs`).

/// Runs `tabula ARGS` with `input` on stdin; returns (status, stdout, stderr).
fn run(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    crate::support::run_tabula(args, input)
}

const OPENING: &str = "w=24x14,19 b=24x14,20 turn=white:6-5 first=- score=0-0";

#[test]
fn tabula_rollout_ranks_the_candidates_with_intervals() {
    let (status, out, err) = run(
        &[
            "rollout",
            "nardy",
            OPENING,
            "--games",
            "6",
            "--truncate",
            "4",
            "--jobs",
            "2",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0], "rollout for white: 6 games per candidate, seed 1",
        "{out}"
    );
    assert_eq!(
        lines[1], "bot:net in every seat, variance-reduced, truncated after 4 moves",
        "{out}"
    );
    assert!(
        lines[2].contains("win") && lines[2].contains("mars") && lines[2].contains("equity"),
        "{out}"
    );
    let rows: Vec<&&str> = lines
        .iter()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert!(rows.len() >= 2, "{out}");
    assert!(rows.iter().all(|r| r.contains('±')), "{out}");
    // The named moves only, each with the same games.
    let (status, out, err) = run(
        &[
            "rollout",
            "nardy",
            "--position",
            OPENING,
            "--moves",
            "24/18 18/13, 24/13",
            "--games",
            "4",
            "--truncate",
            "2",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("24/18 18/13") && out.contains("24/13"), "{out}");
}

#[test]
fn tabula_rollout_refuses_what_cannot_be_rolled_out() {
    let (status, _, err) = run(
        &[
            "rollout",
            "nardy",
            OPENING,
            "--moves",
            "24/18 18/12",
            "--games",
            "2",
        ],
        "",
    );
    assert_eq!(status, Some(2));
    assert!(err.contains("cannot roll out '24/18 18/12'"), "{err}");
    let (status, _, err) = run(&["rollout", "nardy", "w=24x15 b=24x15 turn=sideways"], "");
    assert_eq!(status, Some(2));
    assert_eq!(err.matches("bad position").count(), 1, "said once: {err}");
    let (status, _, err) = run(&["rollout", "nardy", "--games", "0"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("--games must be at least 1"), "{err}");
}

#[test]
fn hint_rollout_shows_the_rolled_out_choices_and_changes_nothing() {
    let script = format!("setpos {OPENING}\ngetpos\nhint --rollout 4\nhint --rollout many\ngetpos\n");
    let (status, out, err) = run(
        &["play", "nardy", "--seat", "black=human", "--seed", "3"],
        &script,
    );
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("rollout for white: 4 games per candidate"), "{out}");
    assert!(
        err.contains("'hint --rollout N' takes the games per candidate"),
        "{err}"
    );
    let positions: Vec<&str> = out.lines().filter(|l| l.starts_with("w=")).collect();
    assert_eq!(positions.len(), 2, "{out}");
    assert_eq!(positions[0], positions[1], "the rollout left the game as it was");
}

#[test]
fn a_benchmark_is_built_resumed_and_scores_the_reference_bots_on_their_own_choices() {
    let dir = crate::support::temp_dir("benchmark");
    let file = dir.join("set.txt");
    let file_text = file.to_str().unwrap();
    let build = |positions: &str| build_small_set(&file, positions, &["--candidates", "2", "--jobs", "2"]);
    // Given a set of two positions, extended to four by the same command,
    let first = build("2");
    let second = build("4");
    // then the first two stay as they were,
    assert!(second.starts_with(first.trim_end()), "{first}\n---\n{second}");
    assert_eq!(second.lines().filter(|l| l.starts_with("position ")).count(), 4);
    // and every reference bot's choice is among the candidates, so none is unlisted.
    let (status, out, err) = run(
        &[
            "benchmark",
            "nardy",
            "--file",
            file_text,
            "--bot",
            "greedy",
            "--bot",
            "net",
            "--bot",
            "random",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
    assert!(out.starts_with("4 positions ("), "{out}");
    let row = |bot: &str| error_row(&out, bot);
    assert_eq!(row("bot:greedy").last().map(String::as_str), Some("0"), "{out}");
    // Each bot after the first is compared with it position by position: the mean of the
    // differences is the difference of the means.
    let paired = out
        .lines()
        .find_map(|l| l.strip_prefix("bot:random against bot:greedy on the same positions: "))
        .unwrap_or_else(|| panic!("no paired line for random: {out}"));
    let difference: f64 = paired.split_whitespace().next().unwrap().parse().unwrap();
    let mean = |bot: &str| row(bot)[1].parse::<f64>().unwrap();
    assert!(
        (difference - (mean("bot:random") - mean("bot:greedy"))).abs() <= 0.11,
        "{out}"
    );
    assert_eq!(row("bot:net ").last().map(String::as_str), Some("0"), "{out}");
    // When only each position's best candidate is kept,
    let stripped_file = dir.join("best-only.txt");
    let mut stripped = String::new();
    let mut first_candidate = false;
    for line in second.lines() {
        let keep = !line.starts_with("candidate ") || first_candidate;
        first_candidate = line.starts_with("position ");
        if keep {
            stripped.push_str(line);
            stripped.push('\n');
        }
    }
    std::fs::write(&stripped_file, &stripped).unwrap();
    let (status, again, err) = run(
        &[
            "benchmark",
            "nardy",
            "--file",
            stripped_file.to_str().unwrap(),
            "--bot",
            "greedy",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
    // then greedy's other choices are rolled out as they are met, on the same dice as
    // the set's candidates were: the same loss, now counted as unlisted.
    let again_row: Vec<String> = again
        .lines()
        .find(|l| l.starts_with("bot:greedy"))
        .unwrap_or_else(|| panic!("no row for greedy: {again}"))
        .split_whitespace()
        .map(String::from)
        .collect();
    let loss = |row: &[String]| row[1].parse::<f64>().unwrap();
    assert!(
        (loss(&again_row) - loss(&row("bot:greedy"))).abs() <= 0.1,
        "{out}\n---\n{again}"
    );
    let best_share = row("bot:greedy")[row("bot:greedy").len() - 2].clone();
    assert_eq!(again_row[again_row.len() - 2], best_share, "{again}");
    let not_best = (4.0 * (1.0 - best_share.trim_end_matches('%').parse::<f64>().unwrap() / 100.0)).round();
    assert_eq!(again_row.last().unwrap(), &format!("{not_best}"), "{again}");
    // A damaged set is refused with its line.
    std::fs::write(&file, second.replacen("\ncandidate ", "\ncandidate x", 1)).unwrap();
    let (status, _, err) = run(
        &["benchmark", "nardy", "--file", file_text, "--bot", "greedy"],
        "",
    );
    assert_ne!(status, Some(0));
    assert!(
        err.contains("is not a benchmark file") && err.contains("bad equity"),
        "{err}"
    );
}

#[test]
fn a_benchmark_built_with_named_choosers_keeps_their_choices_and_says_so() {
    let dir = crate::support::temp_dir("benchmark-choosers");
    let file = dir.join("set.txt");
    let file_text = file.to_str().unwrap();
    // Given a set built with random and greedy as the bots whose choices are candidates,
    let text = build_small_set(
        &file,
        "2",
        &[
            "--candidates",
            "1",
            "--chooser",
            "random",
            "--chooser",
            "greedy",
            "--jobs",
            "1",
        ],
    );
    // then its header names them,
    assert!(text.contains(" choosers=random,greedy\n"), "{text}");
    // and neither bot's choice is ever unlisted when the set is scored.
    let (status, out, err) = run(
        &[
            "benchmark",
            "nardy",
            "--file",
            file_text,
            "--bot",
            "random",
            "--bot",
            "greedy",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
    for bot in ["bot:random", "bot:greedy"] {
        assert_eq!(
            error_row(&out, bot).last().map(String::as_str),
            Some("0"),
            "{out}"
        );
    }
}

/// Builds (or extends) a small nardy benchmark set in `file`, `positions` positions of
/// 4 rollout games truncated after 2 moves, 2 decisions a sample game, with the `more`
/// options; gives the file's text.
fn build_small_set(file: &std::path::Path, positions: &str, more: &[&str]) -> String {
    let mut args = vec![
        "benchmark",
        "nardy",
        "--build",
        "--file",
        file.to_str().unwrap(),
        "--positions",
        positions,
        "--games",
        "4",
        "--truncate",
        "2",
        "--per-game",
        "2",
    ];
    args.extend_from_slice(more);
    let (status, out, err) = run(&args, "");
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains(&format!("{positions} positions in")), "{out}");
    std::fs::read_to_string(file).unwrap()
}

/// The words of `bot`'s row in a `tabula benchmark` table.
fn error_row(out: &str, bot: &str) -> Vec<String> {
    out.lines()
        .find(|l| l.starts_with(bot))
        .unwrap_or_else(|| panic!("no row for {bot}: {out}"))
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn the_chessboard_race_has_a_built_in_benchmark_for_its_default_rules() {
    // Given the chessboard race with its default rules, when greedy is scored without
    // a file, the set built in is read: 1000 positions rolled out to the end by bot:net,
    // greedy's choice always among the candidates.
    let (status, out, err) = run(&["accuracy", "microbes", "--bot", "greedy"], "");
    assert_eq!(status, Some(0), "{err}");
    assert!(out.starts_with("1000 positions;\n"), "{out}");
    assert!(out.contains("rolled out 1296 games each by bot:net"), "{out}");
    assert_eq!(
        error_row(&out, "bot:greedy").last().map(String::as_str),
        Some("0"),
        "{out}"
    );
    // With a 6 rolling again every value differs, so there is no set to score against.
    let (status, _, err) = run(
        &["benchmark", "microbes", "six-rolls-again=on", "--bot", "greedy"],
        "",
    );
    assert_ne!(status, Some(0));
    assert!(
        err.contains("no built-in benchmark set for microbes six-rolls-again=on")
            && err.contains("--build --file FILE"),
        "{err}"
    );
}

#[test]
fn two_seat_mnogoboy_has_an_exact_benchmark_on_which_perfect_play_loses_nothing() {
    // Given two-seat Mnogoboy, whose built-in set was valued by perfect play, when
    // bot:perfect and greedy are scored,
    let (status, out, err) = run(
        &[
            "benchmark",
            "mnogoboy",
            "players=2",
            "--bot",
            "perfect",
            "--bot",
            "greedy",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("rolled out 6 games each by bot:perfect"), "{out}");
    // then perfect play chooses a best move every time and loses nothing,
    assert_eq!(
        error_row(&out, "bot:perfect")[1..],
        ["0.0", "±0.0", "100.0%", "0"],
        "{out}"
    );
    // while greedy loses equity.
    let greedy = error_row(&out, "bot:greedy");
    let lost: f64 = greedy[1].parse().unwrap();
    assert!(lost > 1.0, "{out}");
    assert_eq!(greedy.last().map(String::as_str), Some("0"), "{out}");
    // With more seats there is no set.
    let (status, _, err) = run(&["benchmark", "mnogoboy", "players=3", "--bot", "greedy"], "");
    assert_ne!(status, Some(0));
    assert!(err.contains("no built-in benchmark set"), "{err}");
}
