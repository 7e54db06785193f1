//! A second, deliberately plain model of Mnogoboy to cross-check the game: the track is
//! read from the picture in rules.md section 5 (copied below as text), the state from
//! the position string, and every rule is written out again without the game's tables.
//! On every position of many random games it predicts the legal moves for every die and
//! what each move leads to (whose turn, which phase, where the piece stands).

use std::collections::{BTreeMap, BTreeSet};

use tabula::ai::roster::BotKind;
use tabula::core::{Dice, Game, Phase, SeededDice};
use tabula::games::mnogoboy::Mnogoboy;

use crate::support;
use tabula::core::Notation;

/// rules.md section 5's board, verbatim.
const PICTURE: &str = "
S -> 1
1 .   2 g   3 .   4 o   5 .   6 b   7 *   8 y   9 .   10 w   fork: 10 -> 11 or 19
long  11 .  12 s  13 .  14 k  15 .  16 g  17 .  18 o   -> 24
short 19 b  20 *  21 y  22 w  23 k                     -> 24
24 .  25 y  26 .  27 b  28 *  29 o  30 s  31 .  32 g  33 k   fork: 33 -> 34 or 41
long  34 .  35 w  36 .  37 s  38 .  39 y  40 .         -> 45
short 41 o  42 *  43 g  44 b                           -> 45
45 .  46 k  47 .  48 w  49 *  50 s  51 .  52 y   fork: 52 -> 53 or 59
long  53 .  54 b  55 .  56 o  57 .  58 g               -> 62
short 59 k  60 *  61 s                                 -> 62
62 .  63 w  64 .  65 .  66 .  -> F
";

const S: u32 = 0;
const F: u32 = 67;
const COLOURS: [(char, &str); 7] = [
    ('w', "white"),
    ('g', "green"),
    ('o', "orange"),
    ('s', "grey"),
    ('y', "yellow"),
    ('b', "blue"),
    ('k', "black"),
];

struct Track {
    next: BTreeMap<u32, Vec<u32>>,
    mark: BTreeMap<u32, char>,
    branch: BTreeMap<u32, &'static str>,
}

fn field(word: &str) -> u32 {
    match word {
        "S" => S,
        "F" => F,
        _ => word.parse().unwrap(),
    }
}

fn track() -> Track {
    let mut track = Track {
        next: BTreeMap::new(),
        mark: BTreeMap::new(),
        branch: BTreeMap::new(),
    };
    for line in PICTURE.lines().filter(|l| !l.trim().is_empty()) {
        let words: Vec<&'static str> = line.split_whitespace().collect();
        if words[0] == "S" {
            track.next.insert(S, vec![field(words[2])]);
            continue;
        }
        let (label, mut rest) = match words[0] {
            "long" | "short" => (words[0], &words[1..]),
            _ => ("main", &words[..]),
        };
        let mut previous: Option<u32> = None;
        while let [number, mark, tail @ ..] = rest {
            let Ok(n) = number.parse::<u32>() else { break };
            track.mark.insert(n, mark.chars().next().unwrap());
            track.branch.insert(n, label);
            if let Some(p) = previous {
                track.next.insert(p, vec![n]);
            }
            previous = Some(n);
            rest = tail;
        }
        let last = previous.unwrap();
        match rest {
            ["fork:", _, "->", a, "or", b] => track.next.insert(last, vec![field(a), field(b)]),
            ["->", to] => track.next.insert(last, vec![field(to)]),
            other => panic!("cannot read {other:?}"),
        };
    }
    track
}

/// The state as the position string tells it, read without the game's parser.
#[derive(Clone, Debug)]
struct State {
    pieces: Vec<Option<(char, u32)>>,
    turn: usize,
    what: String,
    before: String,
    rolloff: Vec<String>,
}

fn state_of(game: &Mnogoboy) -> State {
    read_state(&game.position_string())
}

fn read_state(text: &str) -> State {
    let seats = text.split_whitespace().filter(|w| w.starts_with('p')).count();
    let mut state = State {
        pieces: vec![None; seats],
        turn: 0,
        what: String::new(),
        before: String::new(),
        rolloff: Vec::new(),
    };
    for word in text.split_whitespace() {
        let (key, value) = word.split_once('=').unwrap();
        match key {
            "turn" if value == "over" => state.what = "over".into(),
            "turn" => {
                let (seat, what) = value.split_once(':').unwrap();
                state.turn = seat[1..].parse::<usize>().unwrap() - 1;
                state.what = what.into();
            }
            "before" => state.before = value.into(),
            "rolloff" => state.rolloff = value.split(',').map(String::from).collect(),
            _ => {
                let seat = key[1..].parse::<usize>().unwrap() - 1;
                if value != "-" {
                    let (c, f) = value.split_once('@').unwrap();
                    state.pieces[seat] = Some((c.chars().next().unwrap(), field(f)));
                }
            }
        }
    }
    state
}

fn name(letter: char) -> &'static str {
    COLOURS.iter().find(|(l, _)| *l == letter).unwrap().1
}

fn reserve(state: &State) -> Vec<char> {
    COLOURS
        .iter()
        .map(|(l, _)| *l)
        .filter(|l| !state.pieces.iter().flatten().any(|(c, _)| c == l))
        .collect()
}

fn given_away(state: &State) -> Option<char> {
    match state.before.as_str() {
        "-" | "take" => None,
        other => other.chars().next(),
    }
}

fn swaps(letters: &[char]) -> BTreeSet<String> {
    letters.iter().map(|&l| format!("swap {}", name(l))).collect()
}

fn after_move_reserve(state: &State) -> Vec<char> {
    let given = given_away(state);
    reserve(state).into_iter().filter(|&l| Some(l) != given).collect()
}

fn needs_six(track: &Track, piece: (char, u32)) -> bool {
    let mark = track.mark.get(&piece.1).copied().unwrap_or('.');
    mark != '.' && mark != '*' && mark != piece.0
}

/// Every way to walk `steps` fields from `from`: (field reached, branch taken at a fork).
fn paths(track: &Track, from: u32, steps: u32) -> Vec<(u32, Option<&'static str>)> {
    fn walk(
        track: &Track,
        at: u32,
        left: u32,
        choice: Option<&'static str>,
        out: &mut Vec<(u32, Option<&'static str>)>,
    ) {
        if at == F || left == 0 {
            out.push((at, choice));
            return;
        }
        let nexts = &track.next[&at];
        for &n in nexts {
            let choice = if nexts.len() > 1 {
                track.branch.get(&n).copied()
            } else {
                choice
            };
            walk(track, n, left - 1, choice, out);
        }
    }
    let mut out = Vec::new();
    walk(track, from, steps, None, &mut out);
    out
}

/// The legal move texts in this state, with the field each `move` reaches.
fn expected_moves(track: &Track, state: &State) -> BTreeMap<String, Option<u32>> {
    let mut out = BTreeMap::new();
    let piece = state.pieces.get(state.turn).copied().flatten();
    match state.what.as_str() {
        "take" => {
            for l in reserve(state) {
                out.insert(format!("take {}", name(l)), None);
            }
        }
        "roll" if state.before == "-" => {
            for text in swaps(&reserve(state)) {
                out.insert(text, None);
            }
        }
        "exchange" => {
            for text in swaps(&after_move_reserve(state)) {
                out.insert(text, None);
            }
            out.insert("pass".into(), None);
        }
        "dot" => {
            let mut letters = after_move_reserve(state);
            if letters.is_empty() {
                letters = reserve(state);
            }
            for text in swaps(&letters) {
                out.insert(text, None);
            }
        }
        die => {
            if let (Ok(die), Some(piece)) = (die.parse::<u32>(), piece) {
                if needs_six(track, piece) && die != 6 {
                    out.insert("pass".into(), None);
                } else {
                    let ways = paths(track, piece.1, die);
                    if ways.len() == 1 {
                        out.insert("move".into(), Some(ways[0].0));
                    } else {
                        for (to, branch) in ways {
                            out.insert(format!("move {}", branch.unwrap()), Some(to));
                        }
                    }
                }
            }
        }
    }
    out
}

/// `turn=` after the seat to act ends its turn.
fn next_turn(state: &State) -> String {
    let next = (state.turn + 1) % state.pieces.len();
    let what = if state.pieces[next].is_some() {
        "roll"
    } else {
        "take"
    };
    format!("p{}:{what}", next + 1)
}

fn turn_text(state: &State) -> String {
    if state.what == "over" {
        "over".into()
    } else {
        format!("p{}:{}", state.turn + 1, state.what)
    }
}

/// Checks what `text` did, going from `before` to `after`.
fn check_transition(track: &Track, before: &State, text: &str, reaches: Option<u32>, after: &State) {
    let seat = before.turn;
    let me = format!("p{}", seat + 1);
    let context = format!("{} then {text}", turn_text(before));
    let piece = after.pieces[seat];
    let (expect_turn, expect_before) = match (before.what.as_str(), text) {
        ("take", _) => {
            assert_eq!(piece.map(|p| p.1), Some(S), "{context}");
            (format!("{me}:roll"), "take".to_string())
        }
        ("roll", swap) => {
            let letter = swap.split_whitespace().nth(1).unwrap();
            assert_eq!(piece.map(|p| name(p.0)), Some(letter), "{context}");
            assert_eq!(piece.map(|p| p.1), before.pieces[seat].map(|p| p.1), "{context}");
            let given = before.pieces[seat].unwrap().0;
            (format!("{me}:roll"), given.to_string())
        }
        ("exchange" | "dot", _) => (next_turn(before), "-".to_string()),
        (_, "pass") => (next_turn(before), "-".to_string()),
        (_, _) => {
            let to = reaches.unwrap();
            assert_eq!(piece.map(|p| p.1), Some(to), "{context}");
            let colour = before.pieces[seat].unwrap().0;
            let mark = track.mark.get(&to).copied().unwrap_or('.');
            if to == F {
                ("over".to_string(), "-".to_string())
            } else if mark == colour {
                (format!("{me}:again"), before.before.clone())
            } else if mark == '*' {
                (format!("{me}:dot"), before.before.clone())
            } else if !after_move_reserve(before).is_empty() {
                (format!("{me}:exchange"), before.before.clone())
            } else {
                (next_turn(before), "-".to_string())
            }
        }
    };
    assert_eq!(turn_text(after), expect_turn, "{context}");
    assert_eq!(after.before, expect_before, "{context}");
    // Nobody else's piece changed.
    for other in (0..before.pieces.len()).filter(|&s| s != seat) {
        assert_eq!(before.pieces[other], after.pieces[other], "{context}");
    }
}

/// The roll-off after `before.turn` rolls `die`: the next `turn=` and `rolloff=`.
fn expected_rolloff(before: &State, die: u8) -> (String, Vec<String>) {
    let mut entries = before.rolloff.clone();
    entries[before.turn] = die.to_string();
    if let Some(next) = (before.turn + 1..entries.len()).find(|&s| entries[s] == "-") {
        return (format!("p{}:rolloff", next + 1), entries);
    }
    let rolls: Vec<u8> = entries.iter().map(|e| e.parse().unwrap_or(0)).collect();
    let high = *rolls.iter().max().unwrap();
    let tied: Vec<usize> = (0..rolls.len()).filter(|&s| rolls[s] == high).collect();
    if tied.len() == 1 {
        return (format!("p{}:take", tied[0] + 1), Vec::new());
    }
    let entries = (0..rolls.len())
        .map(|s| if tied.contains(&s) { "-" } else { "x" }.to_string())
        .collect();
    (format!("p{}:rolloff", tied[0] + 1), entries)
}

/// Compares the legal moves of `game` (in a move phase, or a roll phase's optional
/// actions) with the model, and every move's result.
fn check_moves(track: &Track, game: &Mnogoboy) -> usize {
    let state = state_of(game);
    let expected = expected_moves(track, &state);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let texts: BTreeSet<String> = moves.iter().map(|m| game.format_move(m)).collect();
    assert_eq!(texts.len(), moves.len(), "a move is listed twice");
    let wanted: BTreeSet<String> = expected.keys().cloned().collect();
    assert_eq!(texts, wanted, "{}", game.position_string());
    for mv in &moves {
        let text = game.format_move(mv);
        let mut after = game.clone();
        after.play(mv).unwrap();
        check_transition(track, &state, &text, expected[&text], &state_of(&after));
    }
    moves.len()
}

fn new_game(players: usize) -> Mnogoboy {
    support::new_game(&[format!("players={players}")])
}

#[test]
fn the_picture_gives_46_to_55_steps() {
    let track = track();
    assert_eq!(track.mark.len(), 66);
    fn lengths(track: &Track, at: u32) -> (u32, u32) {
        if at == F {
            return (0, 0);
        }
        let all: Vec<(u32, u32)> = track.next[&at].iter().map(|&n| lengths(track, n)).collect();
        (
            1 + all.iter().map(|l| l.0).min().unwrap(),
            1 + all.iter().map(|l| l.1).max().unwrap(),
        )
    }
    assert_eq!(lengths(&track, S), (46, 55));
}

#[test]
fn the_game_agrees_with_the_plain_model_on_random_games() {
    let track = track();
    let mut positions = 0;
    let mut moves = 0;
    for players in 2..=6 {
        for index in 0..12u64 {
            let seed = players as u64 * 1000 + index;
            let mut game = new_game(players);
            let mut dice = SeededDice::new(seed);
            let kind = if index % 2 == 0 {
                BotKind::Random
            } else {
                BotKind::Greedy
            };
            let mut bots: Vec<_> = (0..players)
                .map(|s| kind.build::<Mnogoboy>(seed * 10 + s as u64))
                .collect();
            while game.phase() != Phase::Over {
                positions += 1;
                let mut legal = Vec::new();
                game.legal_moves(&mut legal);
                moves += check_moves(&track, &game);
                match game.phase() {
                    Phase::Roll(seat) => {
                        let state = state_of(&game);
                        for die in 1..=6 {
                            let mut rolled = game.clone();
                            rolled.set_dice(Dice::single(die)).unwrap();
                            if state.what == "rolloff" {
                                let after = state_of(&rolled);
                                let (turn, entries) = expected_rolloff(&state, die);
                                assert_eq!(turn_text(&after), turn);
                                assert_eq!(after.rolloff, entries);
                            } else {
                                moves += check_moves(&track, &rolled);
                            }
                        }
                        match bots[seat].choose_before_roll(&game, &legal) {
                            Some(i) => game.play(&legal[i]).unwrap(),
                            None => {
                                let roll = game.roll(&mut dice);
                                game.set_dice(roll).unwrap();
                            }
                        }
                    }
                    Phase::Move(seat) => {
                        let i = bots[seat].choose_move(&game, &legal);
                        game.play(&legal[i]).unwrap();
                    }
                    Phase::Over => {}
                }
                assert!(positions < 1_000_000, "a game does not end");
            }
        }
    }
    assert!(positions > 5_000, "{positions}");
    assert!(moves > 20_000, "{moves}");
}

#[test]
fn the_movegen_data_file_agrees_with_the_plain_model() {
    let track = track();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/movegen/mnogoboy.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut cases = 0;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') || line.contains(':') && !line.contains('|') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let mut state = read_state(fields[0]);
        if !fields[1].is_empty() {
            state.what = fields[1].to_string();
        }
        let count: usize = fields[2].parse().unwrap();
        assert_eq!(expected_moves(&track, &state).len(), count, "{line}");
        cases += 1;
    }
    assert!(cases >= 40, "{cases}");
}
