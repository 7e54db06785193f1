//! Values people see: `hint N` and `evaluate` over the engine protocol and in the REPL,
//! and `tabula analyse` on recorded games.

/// Runs `tabula ARGS` with `input` on stdin; returns (status, stdout, stderr).
fn run(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    crate::support::run_tabula(args, input)
}

/// The engine's replies to `commands`, one string per reply (framing stripped).
fn engine_replies(bot: &str, commands: &[&str]) -> Vec<String> {
    let input = commands.join("\n") + "\n";
    let (status, stdout, _) = run(&["engine", "--seed", "11", "--bot", bot], &input);
    assert_eq!(status, Some(0));
    stdout
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(|reply| {
            assert!(reply.starts_with('='), "refused: {reply}\nafter {commands:?}");
            reply[1..].trim_start().to_string()
        })
        .collect()
}

/// The `key=value` number in a reply word.
fn field(line: &str, key: &str) -> Option<f64> {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
        .map(|v| v.parse().unwrap())
}

#[test]
fn hint_n_lists_the_best_choices_first_with_probabilities() {
    for (game, bot, measure) in [
        ("newgame ur rules=finkel", "expectimax:2", "win"),
        ("newgame microbes", "expectimax:2", "win"),
        ("newgame nardy", "expectimax:1", "equity"),
        ("newgame aeroplane players=3", "expectimax:1", "win"),
    ] {
        // Roll a few turns so that there are real choices.
        let mut commands = vec![game];
        for _ in 0..6 {
            commands.extend(["roll", "genmove"]);
        }
        commands.extend(["roll", "legal", "hint 4", "hint"]);
        let replies = engine_replies(bot, &commands);
        let legal: Vec<&str> = replies[replies.len() - 3].lines().collect();
        let hints: Vec<&str> = replies[replies.len() - 2].lines().collect();
        let plain = &replies[replies.len() - 1];
        assert_eq!(hints.len(), legal.len().min(4), "{game}: {hints:?} for {legal:?}");
        let mut previous = f64::INFINITY;
        for line in &hints {
            let mv = line
                .rsplitn(if measure == "equity" { 3 } else { 2 }, ' ')
                .last()
                .unwrap();
            assert!(legal.contains(&mv), "{game}: hint {mv} is not legal: {legal:?}");
            let win = field(line, "win").unwrap();
            assert!((0.0..=1.0).contains(&win), "{line}");
            assert_eq!(field(line, "equity").is_some(), measure == "equity", "{line}");
            let value = field(line, measure).unwrap();
            assert!(value <= previous + 1e-9, "{game}: not best first: {hints:?}");
            previous = value;
        }
        assert!(
            hints[0].starts_with(plain.as_str()),
            "{game}: plain hint {plain} vs {hints:?}"
        );
    }
}

#[test]
fn evaluate_gives_every_seat_a_win_probability_summing_to_one() {
    for game in [
        "newgame nardy",
        "newgame ur",
        "newgame mnogoboy players=5",
        "newgame aeroplane players=4",
        "newgame microbes",
    ] {
        let replies = engine_replies("expectimax:1", &[game, "roll", "evaluate"]);
        let lines: Vec<&str> = replies[2].lines().collect();
        let total: f64 = lines.iter().map(|l| field(l, "win").unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-3, "{game}: {lines:?}");
        if game.contains("nardy") {
            let equities: Vec<f64> = lines.iter().map(|l| field(l, "equity").unwrap()).collect();
            assert!((equities[0] + equities[1]).abs() < 1e-3, "{lines:?}");
        }
    }
}

#[test]
fn hint_refuses_a_count_that_is_not_a_number_from_1() {
    let (_, stdout, _) = run(&["engine"], "newgame ur\nhint 0\nhint lots\n");
    assert_eq!(
        stdout.matches("? syntax error: 'hint' takes how many").count(),
        2,
        "{stdout}"
    );
}

#[test]
fn the_repl_hint_table_shows_losses_against_the_best() {
    let (status, stdout, stderr) = run(
        &[
            "play",
            "ur",
            "rules=finkel",
            "--seat",
            "dark=human",
            "--seed",
            "4",
        ],
        "set bot expectimax:2\nroll\nroll\nroll\nroll\nhint 3\neval\n",
    );
    assert_eq!(status, Some(0), "{stderr}");
    let table: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with(" 1. ") || l.starts_with(" 2. "))
        .collect();
    assert!(!table.is_empty(), "no hint table in:\n{stdout}\n{stderr}");
    assert!(table[0].contains("win ") && table[0].ends_with('%'), "{table:?}");
    if let Some(second) = table.get(1) {
        assert!(
            second.ends_with("%)") && second.contains("(-") || second.contains("(+0.0%)"),
            "{second}"
        );
    }
    assert!(stdout.lines().any(|l| l.starts_with("light  win")), "{stdout}");
}

/// Plays a short seeded match and returns the records file's path.
fn recorded_match(name: &str, game: &[&str], players: [&str; 2]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-analysis-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("games.txt");
    let _ = std::fs::remove_file(&records);
    let mut args = vec!["match"];
    args.extend_from_slice(game);
    args.extend([
        "--games", "2", "--seed", "3", "--jobs", "1", "--player", players[0], "--player", players[1],
    ]);
    args.extend(["--records", records.to_str().unwrap()]);
    let (status, _, stderr) = run(&args, "");
    assert_eq!(status, Some(0), "{stderr}");
    records
}

/// The summary rows of an analysis: seat name -> (decisions, avg loss, doubtful, errors,
/// blunders, luck).
fn summary(text: &str) -> Vec<(String, Vec<f64>)> {
    let start = text
        .lines()
        .position(|l| l.starts_with("seat "))
        .expect("a summary");
    text.lines()
        .skip(start + 1)
        .take_while(|l| !l.starts_with("loss and luck"))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            (
                words[0].to_string(),
                words[1..].iter().map(|w| w.parse().unwrap()).collect(),
            )
        })
        .collect()
}

#[test]
fn analyse_finds_no_loss_in_the_analysing_bots_own_moves_and_losses_in_random_ones() {
    let records = recorded_match("own", &["microbes"], ["bot:expectimax:1", "bot:random"]);
    let file = records.to_str().unwrap();
    // Game 1: one ply on the estimate plays white, the same search as the analysing bot's.
    let (status, stdout, stderr) = run(
        &["analyse", file, "--game", "1", "--bot", "expectimax:1", "--all"],
        "",
    );
    assert_eq!(status, Some(0), "{stderr}");
    let rows = summary(&stdout);
    assert_eq!(rows.len(), 2, "{stdout}");
    let (white, black) = (&rows[0].1, &rows[1].1);
    assert_eq!(rows[0].0, "white");
    assert_eq!(
        white[1], 0.0,
        "the analysing bot's own moves lost something:\n{stdout}"
    );
    assert!(white[0] > 0.0 && black[0] > 0.0, "{stdout}");
    assert!(black[1] > 0.0, "random's moves lost nothing:\n{stdout}");
    let marked = black[2] + black[3] + black[4];
    assert!(marked <= black[0], "{stdout}");
    // Every listed decision row (with --all) is counted in the summary.
    let listed = stdout
        .lines()
        .filter(|l| l.trim_start().chars().next().is_some_and(|c| c.is_ascii_digit()))
        .count();
    assert_eq!(listed as f64, white[0] + black[0], "{stdout}");
}

#[test]
fn analyse_keeps_to_the_chosen_seat_and_game() {
    let records = recorded_match("seat", &["ur", "rules=finkel"], ["bot:random", "bot:random"]);
    let file = records.to_str().unwrap();
    let (status, stdout, stderr) = run(&["analyse", file, "--seat", "dark", "--bot", "expectimax:1"], "");
    assert_eq!(status, Some(0), "{stderr}");
    assert!(
        stdout.contains("game 1 of 2") && stdout.contains("game 2 of 2"),
        "{stdout}"
    );
    for chunk in stdout.split("game 2 of 2") {
        let rows = summary(chunk);
        assert_eq!(rows.len(), 1, "light was analysed or listed:\n{chunk}");
        assert_eq!(rows[0].0, "dark", "{chunk}");
        assert!(rows[0].1[0] > 0.0, "dark was not analysed:\n{chunk}");
    }
    let (status, _, stderr) = run(&["analyse", file, "--game", "3"], "");
    assert_ne!(status, Some(0));
    assert!(stderr.contains("holds 2 games; --game takes 1 to 2"), "{stderr}");
    let (status, _, stderr) = run(&["analyse", file, "--seat", "purple"], "");
    assert_ne!(status, Some(0));
    assert!(stderr.contains("purple"), "{stderr}");
}

#[test]
fn analyse_and_replay_number_turns_alike_and_replay_starts_from_any_of_them() {
    // Given a recorded game, when analyse prints the board before a decision of turn T,
    let records = recorded_match("turns", &["microbes"], ["bot:random", "bot:random"]);
    let file = records.to_str().unwrap();
    let (status, analysed, stderr) = run(
        &[
            "analyse",
            file,
            "--game",
            "1",
            "--bot",
            "expectimax:1",
            "--all",
            "--boards",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{stderr}");
    let lines: Vec<&str> = analysed.lines().collect();
    let heading = lines
        .iter()
        .position(|l| l.starts_with("turn ") && l.contains("of the record):"))
        .expect("a board heading");
    let turn: u32 = lines[heading]["turn ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let row = lines[heading..]
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("{turn}. ")))
        .expect("the decision row");
    // The pieces as they stood (the line under the board differs: replay starts at the
    // turn's roll, analyse shows the decision after it).
    let board = lines[heading + 1..heading + row]
        .iter()
        .take_while(|l| !l.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join("\n");
    // then replay --from T starts with that board and numbers its lines from T.
    let (status, replayed, stderr) = run(&["replay", file, "--game", "1", "--from", &turn.to_string()], "");
    assert_eq!(status, Some(0), "{stderr}");
    assert!(replayed.contains(board.trim_end()), "{board}\n---\n{replayed}");
    let first_numbered = replayed
        .lines()
        .find(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit()) && l.contains(". "))
        .unwrap();
    assert!(
        first_numbered.starts_with(&format!("{turn}. ")),
        "{first_numbered}"
    );
    let (status, _, stderr) = run(&["replay", file, "--from", "9999"], "");
    assert_ne!(status, Some(0));
    assert!(stderr.contains("--from takes one of them"), "{stderr}");
}

/// Runs `tabula ARGS` with standard output on a pseudo-terminal; returns what it showed.
#[cfg(unix)]
fn run_in_terminal(args: &[&str]) -> String {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty fills the two descriptors; null name, termios and size are allowed.
    let made = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(made, 0, "no pseudo-terminal");
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (mut reader, writer) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    };
    let mut child = crate::support::tabula_command()
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(writer)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    let mut shown = Vec::new();
    let mut buffer = [0u8; 4096];
    // The terminal's side is closed with the child; read until it reports so.
    while let Ok(n) = reader.read(&mut buffer) {
        if n == 0 {
            break;
        }
        shown.extend_from_slice(&buffer[..n]);
    }
    String::from_utf8_lossy(&shown).replace("\r\n", "\n")
}

#[test]
fn analyse_draws_the_course_as_svg_and_as_a_sparkline_only_in_a_terminal() {
    let records = recorded_match("plot", &["nardy"], ["bot:greedy", "bot:random"]);
    let file = records.to_str().unwrap();
    let svg = records.with_file_name("game.svg");
    let svg_text = svg.to_str().unwrap();
    // Given a recorded game, when analysed into a pipe with --plot,
    let (status, stdout, stderr) = run(
        &[
            "analyse", file, "--game", "1", "--bot", "greedy", "--plot", svg_text,
        ],
        "",
    );
    assert_eq!(status, Some(0), "{stderr}");
    // then the picture is an SVG with one line (two seats: the first seat's chance, the
    // other's is its mirror), the seat in the legend, and the errors and blunders marked,
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"),
        "{picture}"
    );
    let line = picture
        .lines()
        .filter(|l| l.starts_with("<polyline") && l.contains("stroke=\"#1F77B4\""))
        .map(|l| l.matches(',').count())
        .max()
        .unwrap_or(0);
    assert!(line > 20, "no seat's line: {picture}");
    assert!(
        picture.contains("white") && !picture.contains("#FF7F0E"),
        "{picture}"
    );
    assert!(
        stdout.contains("blunder") && picture.contains("blunder"),
        "{stdout}"
    );
    assert!(
        picture
            .lines()
            .any(|l| l.starts_with("<circle") && l.contains("#C80000")),
        "{picture}"
    );
    // the table keeps to 80 columns and, in a pipe, no chart follows it,
    assert!(stdout.lines().all(|l| l.chars().count() <= 80), "{stdout}");
    assert!(
        !stdout.contains('▁') && !stdout.contains("chance to win"),
        "{stdout}"
    );
    // while in a terminal a one-line chart of the course does.
    #[cfg(unix)]
    {
        let shown = run_in_terminal(&["analyse", file, "--game", "1", "--bot", "greedy"]);
        let chart = shown
            .lines()
            .find(|l| l.starts_with("white ") && l.chars().any(|c| ('▁'..='█').contains(&c)))
            .unwrap_or_else(|| panic!("{shown}"));
        assert!(shown.contains("chance to win after every move"), "{shown}");
        assert!(chart.chars().count() <= 80, "{chart}");
    }
    // With more than one game, --plot asks which.
    let (status, _, stderr) = run(&["analyse", file, "--plot", svg_text], "");
    assert_eq!(status, Some(2), "{stderr}");
    assert!(stderr.contains("--game K"), "{stderr}");
}

#[test]
fn every_table_keeps_to_80_columns_with_long_doubles_and_six_seats() {
    // Greedy against greedy in Long Nardy (seed 7) plays doubles whose moves, played and
    // best side by side, ran to 87 columns.
    let records = recorded_match("wide", &["nardy"], ["bot:greedy", "bot:greedy"]);
    let file = records.to_str().unwrap();
    let (status, stdout, stderr) = run(&["analyse", file, "--game", "1", "--bot", "greedy", "--all"], "");
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.lines().all(|l| l.chars().count() <= 80), "{stdout}");
    // A double's four steps go on under the move column.
    let continued = stdout
        .lines()
        .any(|l| l.starts_with("               ") && l.trim_start().contains('/'));
    assert!(continued, "{stdout}");
    // Six seats of Mnogoboy: a match, the analysis and a rollout.
    let dir = crate::support::temp_dir("wide-six");
    let six = dir.join("six.txt");
    let mut args = vec!["match", "mnogoboy", "players=6", "--games", "6", "--jobs", "1"];
    for _ in 0..7 {
        args.extend(["--player", "bot:greedy"]);
    }
    args.extend(["--records", six.to_str().unwrap()]);
    let (status, stdout, stderr) = run(&args, "");
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.lines().all(|l| l.chars().count() <= 80), "{stdout}");
    let (status, stdout, stderr) = run(
        &[
            "analyse",
            six.to_str().unwrap(),
            "--game",
            "1",
            "--bot",
            "greedy",
            "--all",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.lines().all(|l| l.chars().count() <= 80), "{stdout}");
    let (status, stdout, stderr) = run(
        &[
            "rollout",
            "mnogoboy",
            "players=6",
            "--games",
            "6",
            "--truncate",
            "4",
            "--bot",
            "greedy",
            "--jobs",
            "1",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.lines().all(|l| l.chars().count() <= 80), "{stdout}");
    // Every seat's column is still there, some on a continuation line.
    for seat in ["p2", "p6", "behind"] {
        assert!(stdout.contains(seat), "{stdout}");
    }
    // And the long notice of a rollout is on stderr before it starts, in a pipe too.
    assert!(stderr.starts_with("rollout: "), "{stderr}");
    assert!(stderr.contains("shorter: a smaller --games"), "{stderr}");
}

/// The value of an SVG element's attribute `name`.
fn attribute(element: &str, name: &str) -> Option<f64> {
    let start = element.find(&format!(" {name}=\""))? + name.len() + 3;
    element[start..].split('"').next()?.parse().ok()
}

/// The points of every `<polyline>` of `svg` drawn in `colour`.
fn polylines(svg: &str, colour: &str) -> Vec<Vec<(f64, f64)>> {
    svg.lines()
        .filter(|l| l.starts_with("<polyline") && l.contains(&format!("stroke=\"{colour}\"")))
        .map(|l| {
            let points = l.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
            points
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// Every `<text>` of `svg`: where it stands and what it says.
fn texts(svg: &str) -> Vec<((f64, f64), String)> {
    let lines: Vec<&str> = svg.lines().collect();
    lines
        .windows(2)
        .filter(|pair| pair[0].starts_with("<text"))
        .map(|pair| {
            let at = (attribute(pair[0], "x").unwrap(), attribute(pair[0], "y").unwrap());
            (at, pair[1].trim().to_string())
        })
        .collect()
}

#[test]
fn the_plot_spans_the_tables_turns_and_draws_the_reviewing_seats_one_curve() {
    let records = recorded_match("plot-turns", &["nardy"], ["bot:greedy", "bot:random"]);
    let file = records.to_str().unwrap();
    let svg_path = records.with_file_name("turns.svg");
    // Given a two-seat game analysed for black, every decision listed and the course drawn,
    let (status, table, stderr) = run(
        &[
            "analyse",
            file,
            "--game",
            "1",
            "--bot",
            "greedy",
            "--seat",
            "black",
            "--all",
            "--plot",
            svg_path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(status, Some(0), "{stderr}");
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let (_, replayed, _) = run(&["replay", file, "--game", "1"], "");
    let last_turn: f64 = replayed
        .lines()
        .filter_map(|l| l.split_once(". ")?.0.parse::<f64>().ok())
        .fold(0.0, f64::max);
    assert!(last_turn > 20.0, "{replayed}");
    // The x axis: the long black line at the foot of the plot, and its numbered ticks.
    let axis = polylines(&svg, "#000000")
        .into_iter()
        .filter(|p| p.len() == 2 && p[0].1 == p[1].1)
        .max_by(|a, b| (a[1].0 - a[0].0).total_cmp(&(b[1].0 - b[0].0)))
        .unwrap();
    let ((left, foot), right) = (axis[0], axis[1].0);
    let ticks: Vec<(f64, f64)> = texts(&svg)
        .into_iter()
        .filter(|((_, y), _)| *y > foot)
        .filter_map(|((x, _), text)| Some((x, text.parse::<f64>().ok()?)))
        .collect();
    assert!(ticks.len() >= 3, "{ticks:?}");
    let (first, last) = (ticks[0], ticks[ticks.len() - 1]);
    let per_turn = (last.0 - first.0) / (last.1 - first.1);
    let turn_at = |x: f64| first.1 + (x - first.0) / per_turn;
    // then the axis counts the table's turns from 0 and ends at the game's last turn,
    assert!(
        turn_at(left).abs() < 0.5,
        "the axis starts at turn {}",
        turn_at(left)
    );
    assert!(
        (turn_at(right) - last_turn).abs() < 0.5,
        "the axis ends at turn {}, the game at {last_turn}",
        turn_at(right)
    );
    // one curve is drawn, black's, from the start to the end of the axis,
    let curves: Vec<Vec<(f64, f64)>> = ["#1F77B4", "#FF7F0E", "#2CA02C"]
        .iter()
        .flat_map(|colour| polylines(&svg, colour))
        .filter(|p| p.len() > 2)
        .collect();
    assert_eq!(curves.len(), 1, "{svg}");
    let curve = &curves[0];
    assert!((curve[0].0 - left).abs() <= 1.0 && (curve[curve.len() - 1].0 - right).abs() <= 1.0);
    assert!(svg.contains("black&apos;s chance to win"), "{svg}");
    let legend: Vec<String> = texts(&svg)
        .into_iter()
        .filter(|((x, _), _)| *x > right)
        .map(|(_, text)| text)
        .collect();
    assert!(legend.contains(&"black".to_string()) && !legend.contains(&"white".to_string()));
    // and every error and blunder of the table is a dot at its turn.
    let mut marked: Vec<i64> = table
        .lines()
        .filter(|l| l.ends_with(" error") || l.ends_with(" blunder"))
        .map(|l| l.trim_start().split('.').next().unwrap().parse().unwrap())
        .collect();
    let mut dots: Vec<i64> = svg
        .lines()
        .filter(|l| l.starts_with("<circle"))
        .map(|l| attribute(l, "cx").unwrap())
        .filter(|x| *x <= right + 1.0)
        .map(|x| turn_at(x).round() as i64)
        .collect();
    marked.sort_unstable();
    dots.sort_unstable();
    assert!(!marked.is_empty(), "{table}");
    assert_eq!(dots, marked, "{table}");
}
