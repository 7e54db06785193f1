//! Every symbol of every board is explained in words on the board itself: each game, with
//! every option that changes its board, is played by random bots over the engine
//! protocol, and every token drawn on each board it shows is either a word, a number, a
//! coordinate or an arrow, or a symbol whose explanation stands on that same board.

use crate::support::run_tabula;

/// A symbol's shape (digits as `9`) and the words, any one of which explains it.
type Entry = (&'static str, &'static [&'static str]);

const NARDY: &[Entry] = &[("W", &["W white"]), ("B", &["B black"]), ("a", &[])];

const MICROBES: &[Entry] = &[
    ("W", &["W white"]),
    ("B", &["B black"]),
    ("W+", &["W+ B+ a piece home"]),
    ("B+", &["W+ B+ a piece home"]),
    (".", &[". edge"]),
    ("/", &["/ empty home"]),
];

const UR: &[Entry] = &[
    ("*", &["* star", "* rosette"]),
    ("L", &["(L)", "L marked"]),
    ("D", &["(D)", "D marked"]),
    // Alone, `l` and `d` read as column letters; beside another piece they are pieces.
    ("l", &["l blank"]),
    ("d", &["d blank"]),
    ("9l", &["2l two"]),
    ("9L", &["2l two"]),
    ("9d", &["2d two"]),
    ("9D", &["2d two"]),
    ("o", &["o white square"]),
    ("=", &["= green square"]),
    ("#", &["# four eyes"]),
];

const AEROPLANE: &[Entry] = &[
    ("R9", &["capitals are planes: R1 = red plane 1"]),
    ("G9", &["capitals are planes: R1 = red plane 1"]),
    ("B9", &["capitals are planes: R1 = red plane 1"]),
    ("Y9", &["capitals are planes: R1 = red plane 1"]),
    ("r9", &["small letters are squares: r24 = red square 24"]),
    ("g9", &["small letters are squares: r24 = red square 24"]),
    ("b9", &["small letters are squares: r24 = red square 24"]),
    ("y9", &["small letters are squares: r24 = red square 24"]),
    ("r9>", &["r20> = shortcut"]),
    ("g9>", &["r20> = shortcut"]),
    ("b9>", &["r20> = shortcut"]),
    ("y9>", &["r20> = shortcut"]),
    ("rh9", &["rh1-rh5 = home"]),
    ("gh9", &["rh1-rh5 = home"]),
    ("bh9", &["rh1-rh5 = home"]),
    ("yh9", &["rh1-rh5 = home"]),
    ("rh9-rh9", &["rh1-rh5 = home"]),
    ("r", &["launch"]),
    ("g", &["launch"]),
    ("b", &["launch"]),
    ("y", &["launch"]),
    ("=", &["R1 = red plane 1"]),
    ("a", &[]),
];

const MNOGOBOY: &[Entry] = &[
    ("S", &["S start"]),
    ("F", &["F finish"]),
    (".", &[". neutral field"]),
    ("*", &["* dot"]),
    ("=", &["1:W = p1's white piece"]),
    ("w", &["w white"]),
    ("g", &["g green"]),
    ("o", &["o orange"]),
    ("s", &["s grey"]),
    ("y", &["y yellow"]),
    ("b", &["b blue"]),
    ("k", &["k black"]),
    ("9:W", &["1:W = p1's white piece"]),
    ("9:G", &["1:W = p1's white piece"]),
    ("9:O", &["1:W = p1's white piece"]),
    ("9:S", &["1:W = p1's white piece"]),
    ("9:Y", &["1:W = p1's white piece"]),
    ("9:B", &["1:W = p1's white piece"]),
    ("9:K", &["1:W = p1's white piece"]),
    ("a", &[]),
];

/// The token's shape: brackets and trailing commas off, every run of digits as `9`;
/// `None` for what needs no legend: words, numbers (`12`, `6-3`, `0/4`), arrows, seat
/// names (`p3`) and the lines of a frame.
fn symbol(token: &str, coordinates: bool) -> Option<String> {
    let token = token
        .trim_start_matches('(')
        .trim_end_matches([',', ')', ';', ':']);
    let mut shape = String::new();
    let mut in_number = false;
    for c in token.chars() {
        if !c.is_ascii_digit() {
            shape.push(c);
        } else if !in_number {
            shape.push('9');
        }
        in_number = c.is_ascii_digit();
    }
    let letters = |s: &str| s.chars().all(|c| c.is_alphabetic() || c == '\'' || c == '-');
    let word = letters(&shape)
        && (shape.chars().count() >= 4
            || shape.chars().count() >= 2 && shape.chars().all(|c| !c.is_uppercase()));
    let number = shape.chars().all(|c| "9-/:.s".contains(c)) && shape.starts_with('9');
    let frame = shape.chars().all(|c| c == '+' || c == '-');
    let coordinate = coordinates
        && shape.len() <= 3
        && shape.starts_with(|c: char| ('a'..='l').contains(&c))
        && shape[1..].chars().all(|c| c == '9' || c == '+');
    let plain = shape.is_empty()
        || word
        || number
        || frame
        || coordinate
        || ["->", ">", "p9", "p9's"].contains(&shape.as_str());
    (!plain).then_some(shape)
}

/// The explanations of `shape` read as symbols of `legend` side by side (Ur's `dD`: a
/// blank and a marked piece on one square), or `None` when it cannot be read so.
fn parts(shape: &str, legend: &[Entry]) -> Option<Vec<&'static [&'static str]>> {
    if shape.is_empty() {
        return Some(Vec::new());
    }
    legend.iter().find_map(|(symbol, words)| {
        let rest = shape.strip_prefix(symbol)?;
        let mut found = parts(rest, legend)?;
        found.insert(0, *words);
        Some(found)
    })
}

/// Every board the engine shows while random bots play `game` (with its options).
fn boards(game: &str) -> Vec<String> {
    let mut script = format!("newgame {game}\n");
    for _ in 0..150 {
        script.push_str("roll\ngenmove\nshowboard\n");
    }
    let (status, stdout, stderr) = run_tabula(&["engine", "--seed", "5", "--bot", "random"], &script);
    assert_eq!(status, Some(0), "{stderr}");
    stdout
        .split("\n\n")
        .filter(|reply| reply.lines().count() > 8)
        .map(|reply| reply.trim_start_matches('=').to_string())
        .collect()
}

/// What is wrong with the legend of each board of `game`: a symbol that is not in
/// `legend`, or one whose words are not on the board it is drawn on.
fn faults(game: &str, legend: &[Entry], coordinates: bool) -> Vec<String> {
    let shown = boards(game);
    assert!(shown.len() > 20, "{game}: too few boards");
    let mut faults = Vec::new();
    for board in &shown {
        for token in board.split(|c: char| c.is_whitespace() || c == '|') {
            let Some(shape) = symbol(token, coordinates) else {
                continue;
            };
            let Some(parts) = parts(&shape, legend) else {
                let fault = format!("{game}: '{token}' is explained nowhere:\n{board}");
                if !faults.contains(&fault) {
                    faults.push(fault);
                }
                continue;
            };
            for words in parts {
                if !words.is_empty() && !words.iter().any(|w| board.contains(w)) {
                    let fault = format!("{game}: '{token}' is drawn without {words:?}:\n{board}");
                    if !faults.contains(&fault) {
                        faults.push(fault);
                    }
                }
            }
        }
    }
    faults
}

#[test]
fn every_symbol_of_every_board_is_explained_on_it() {
    let games: &[(&str, &[Entry], bool)] = &[
        ("nardy", NARDY, false),
        ("nardy match=3", NARDY, false),
        ("microbes", MICROBES, true),
        ("microbes six-rolls-again=on", MICROBES, true),
        ("ur", UR, true),
        ("ur rules=finkel", UR, true),
        ("ur rules=masters", UR, true),
        ("ur rules=blitz", UR, true),
        ("ur rules=aseb", UR, true),
        ("aeroplane players=2", AEROPLANE, false),
        ("aeroplane players=3", AEROPLANE, false),
        ("aeroplane", AEROPLANE, false),
        ("mnogoboy players=2", MNOGOBOY, false),
        ("mnogoboy players=4", MNOGOBOY, false),
        ("mnogoboy players=6", MNOGOBOY, false),
    ];
    let faults: Vec<String> = games
        .iter()
        .flat_map(|(game, legend, coordinates)| faults(game, legend, *coordinates))
        .collect();
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
}

#[test]
fn a_long_nardy_stack_says_what_its_number_means() {
    // Fifteen checkers on the head are drawn five high and counted in numbers: the
    // board says what the number is.
    let board = &boards("nardy")[0];
    let stack = board.lines().any(|l| l.starts_with("  |") && l.contains("15 |"));
    assert!(stack, "{board}");
    assert!(board.contains("a number on a point: its checkers"), "{board}");
    assert!(board.contains("pips: points left to bear all off"), "{board}");
}

#[test]
fn shapes_keep_symbols_and_let_words_and_numbers_be() {
    assert_eq!(symbol("R24", false).as_deref(), Some("R9"));
    assert_eq!(symbol("1:W", false).as_deref(), Some("9:W"));
    assert_eq!(symbol("(L)", false).as_deref(), Some("L"));
    assert_eq!(symbol("r20>", false).as_deref(), Some("r9>"));
    for plain in [
        "white", "CENTRE", "6-3", "0/4", "12,", "->", "+-----+", "p3", "h8+",
    ] {
        assert_eq!(symbol(plain, true), None, "{plain}");
    }
}
