//! Move-generation counts kept as data (perft-like): every file in `tests/data/movegen/`
//! lists positions with dice and the number of distinct legal moves expected.
//!
//! File format: `game: ID` and optional `options: key=value ...` header lines, then one
//! case per line: `POSITION STRING | DICE | COUNT`. `#` starts a comment line.

use std::fs;
use std::path::Path;

use tabula::core::Notation;
use tabula::core::{Game, Options};
use tabula::games::{AnyGame, GameKind};

struct Case {
    file: String,
    line: usize,
    game: AnyGame,
    dice: Vec<u8>,
    expected: usize,
}

fn load_cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/movegen");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("tests/data/movegen exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(&path).unwrap();
        let mut kind: Option<GameKind> = None;
        let mut options: Vec<String> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(id) = line.strip_prefix("game:") {
                kind = Some(GameKind::from_id(id).unwrap());
                continue;
            }
            if let Some(words) = line.strip_prefix("options:") {
                options = words.split_whitespace().map(String::from).collect();
                continue;
            }
            let kind = kind.unwrap_or_else(|| panic!("{name}: 'game:' must come first"));
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(fields.len(), 3, "{name}:{}: POSITION | DICE | COUNT", index + 1);
            let parsed = Options::parse(kind.info().options, &options).unwrap();
            let mut game = kind.new_game(&parsed).unwrap();
            game.set_position(fields[0])
                .unwrap_or_else(|e| panic!("{name}:{}: {e}", index + 1));
            let dice = fields[1].split_whitespace().map(|d| d.parse().unwrap()).collect();
            cases.push(Case {
                file: name.clone(),
                line: index + 1,
                game,
                dice,
                expected: fields[2].parse().unwrap(),
            });
        }
    }
    cases
}

#[test]
fn legal_move_counts_match_the_data_files() {
    let cases = load_cases();
    assert!(cases.len() >= 20, "too few cases: {}", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let mut game = case.game.clone();
        if !case.dice.is_empty() {
            let dice = game.parse_dice(&case.dice).unwrap();
            game.set_dice(dice).unwrap();
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let texts: Vec<String> = moves.iter().map(|m| game.format_move(m)).collect();
        let mut unique = texts.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            texts.len(),
            "{}:{}: a move text is listed twice",
            case.file,
            case.line
        );
        for text in &texts {
            let parsed = game
                .parse_move(text)
                .unwrap_or_else(|e| panic!("{}:{}: {text}: {e}", case.file, case.line));
            let mut copy = game.clone();
            copy.play(&parsed)
                .unwrap_or_else(|e| panic!("{}:{}: {text}: {e}", case.file, case.line));
        }
        if texts.len() != case.expected {
            failures.push(format!(
                "{}:{}: expected {}, got {}",
                case.file,
                case.line,
                case.expected,
                texts.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
