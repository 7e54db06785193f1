//! A second, deliberately plain chessboard race move generator: an 8x8 grid of pieces
//! that know their progress, paths found by walking the board's edge geometrically, and
//! its own reading of position strings. It cross-checks the game's legal moves and where
//! they lead on random positions, on positions from random games, and on every case of
//! `tests/data/movegen/microbes.txt`.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use tabula::core::{Dice, Game, NewGame, Phase, SeededDice};
use tabula::games::microbes::Microbes;

use crate::support::new_game;
use tabula::core::Notation;

const WHITE: usize = 0;
const BLACK: usize = 1;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Piece {
    seat: usize,
    progress: u8,
}

#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Board {
    grid: [[Option<Piece>; 8]; 8],
    reserve: [u8; 2],
}

/// The square (file, rank) a piece of `seat` stands on after `progress` steps: walk
/// White's lap one square at a time (right along rank 1, up file h, left along rank 8,
/// down file a), then the diagonal; Black's is the same turned round.
fn square(seat: usize, progress: u8) -> (usize, usize) {
    let (mut file, mut rank) = (0usize, 0usize);
    for step in 0..progress {
        if step >= 27 {
            // a2 -> a1 is step 27; after that the home diagonal.
            if step == 27 {
                rank = 0;
            } else {
                file += 1;
                rank += 1;
            }
        } else if rank == 0 && file < 7 {
            file += 1;
        } else if file == 7 && rank < 7 {
            rank += 1;
        } else if rank == 7 && file > 0 {
            file -= 1;
        } else {
            rank -= 1;
        }
    }
    if seat == WHITE {
        (file, rank)
    } else {
        (7 - file, 7 - rank)
    }
}

fn name((file, rank): (usize, usize)) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Reads `w=... b=... reserve=W-B turn=...` by itself; returns the board and the turn.
fn read(text: &str) -> (Board, String) {
    let mut board = Board {
        grid: [[None; 8]; 8],
        reserve: [0; 2],
    };
    let mut turn = String::new();
    for field in text.split_whitespace() {
        let (key, value) = field.split_once('=').unwrap();
        match key {
            "w" | "b" => {
                let seat = if key == "w" { WHITE } else { BLACK };
                for entry in value.split(',').filter(|e| *e != "-") {
                    let (cell, home) = match entry.strip_suffix('+') {
                        Some(cell) => (cell, true),
                        None => (entry, false),
                    };
                    let progress = (0..32u8)
                        .filter(|&p| name(square(seat, p)) == cell)
                        .find(|&p| !home || p >= 28)
                        .unwrap_or_else(|| panic!("{entry} is not on the path"));
                    let (file, rank) = square(seat, progress);
                    board.grid[rank][file] = Some(Piece { seat, progress });
                }
            }
            "reserve" => {
                let (w, b) = value.split_once('-').unwrap();
                board.reserve = [w.parse().unwrap(), b.parse().unwrap()];
            }
            "turn" => turn = value.to_string(),
            _ => panic!("unknown field {key}"),
        }
    }
    (board, turn)
}

/// Every legal move of `seat` with `die`, by its text, with the board it leaves.
fn reference_moves(board: &Board, seat: usize, die: u8) -> BTreeSet<(String, Board)> {
    let mut out = BTreeSet::new();
    let at = |b: &Board, sq: (usize, usize)| b.grid[sq.1][sq.0];
    let start = square(seat, 0);
    if die == 6 && board.reserve[seat] > 0 && at(board, start).is_none_or(|p| p.seat != seat) {
        let mut next = board.clone();
        if let Some(eaten) = at(board, start) {
            next.reserve[eaten.seat] += 1;
        }
        next.grid[start.1][start.0] = Some(Piece { seat, progress: 0 });
        next.reserve[seat] -= 1;
        out.insert(("enter".to_string(), next));
    }
    for rank in 0..8 {
        for file in 0..8 {
            let Some(piece) = board.grid[rank][file] else {
                continue;
            };
            if piece.seat != seat {
                continue;
            }
            // Walk step by step.
            let mut progress = piece.progress;
            let mut eaten = None;
            let mut ok = true;
            for _ in 0..die {
                let next = progress + 1;
                if next > 31 {
                    ok = false;
                    break;
                }
                match at(board, square(seat, next)) {
                    Some(other) if other.seat == seat => {
                        // On the home cells the roll must fit; on the edge, stop before.
                        if next >= 28 || progress == piece.progress {
                            ok = false;
                        }
                        break;
                    }
                    Some(other) => {
                        eaten = Some(other);
                        progress = next;
                        break;
                    }
                    None => progress = next,
                }
            }
            if !ok {
                continue;
            }
            let mut next = board.clone();
            next.grid[rank][file] = None;
            if let Some(other) = eaten {
                next.reserve[other.seat] += 1;
            }
            let (f, r) = square(seat, progress);
            next.grid[r][f] = Some(Piece { seat, progress });
            out.insert((name((file, rank)), next));
        }
    }
    if out.is_empty() {
        out.insert(("pass".to_string(), board.clone()));
    }
    out
}

/// The game's legal moves with the boards they lead to, read back by [`read`].
fn game_moves(game: &Microbes) -> BTreeSet<(String, Board)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|m| game.format_move(m)).collect();
    let distinct: BTreeSet<&String> = texts.iter().collect();
    assert_eq!(distinct.len(), texts.len(), "a move is listed twice: {texts:?}");
    moves
        .iter()
        .map(|mv| {
            let mut after = game.clone();
            after.play(mv).unwrap();
            (game.format_move(mv), read(&after.position_string()).0)
        })
        .collect()
}

fn compare(game: &Microbes) {
    let Phase::Move(seat) = game.phase() else {
        return;
    };
    let die = game.dice().unwrap().values()[0];
    let (board, _) = read(&game.position_string());
    let expected = reference_moves(&board, seat, die);
    let got = game_moves(game);
    assert_eq!(
        got.iter().map(|m| &m.0).collect::<Vec<_>>(),
        expected.iter().map(|m| &m.0).collect::<Vec<_>>(),
        "moves differ in {}",
        game.position_string()
    );
    assert!(got == expected, "results differ in {}", game.position_string());
}

#[test]
fn the_paths_walked_on_the_grid_match_the_rules() {
    let white: Vec<String> = (0..32).map(|p| name(square(WHITE, p))).collect();
    assert_eq!(white[0], "a1");
    assert_eq!(white[7], "h1");
    assert_eq!(white[14], "h8");
    assert_eq!(white[21], "a8");
    assert_eq!(white[27..], ["a2", "a1", "b2", "c3", "d4"]);
    let black: Vec<String> = (0..32).map(|p| name(square(BLACK, p))).collect();
    assert_eq!(black[14], "a1");
    assert_eq!(black[27..], ["h7", "h8", "g7", "f6", "e5"]);
}

/// A random valid position: up to four pieces a side on distinct cells of their paths.
fn random_position(rng: &mut SeededDice) -> Option<String> {
    let mut taken = BTreeSet::new();
    let mut sides = Vec::new();
    let mut reserves = Vec::new();
    for seat in [WHITE, BLACK] {
        let count = rng.below(5);
        let mut entries = Vec::new();
        let mut home = 0;
        for _ in 0..count {
            // Favour the last stretch and the diagonal, where the rules are subtle.
            let progress = if rng.below(2) == 0 {
                rng.below(32)
            } else {
                20 + rng.below(12)
            } as u8;
            let sq = square(seat, progress);
            if !taken.insert(sq) {
                continue;
            }
            home += usize::from(progress >= 28);
            let mut text = name(sq);
            if progress == 28 {
                text.push('+');
            }
            entries.push(text);
        }
        if home == 4 {
            return None;
        }
        reserves.push(4 - entries.len());
        sides.push(if entries.is_empty() {
            "-".to_string()
        } else {
            entries.join(",")
        });
    }
    let seat = ["white", "black"][rng.below(2) as usize];
    Some(format!(
        "w={} b={} reserve={}-{} turn={seat}:roll",
        sides[0], sides[1], reserves[0], reserves[1]
    ))
}

#[test]
fn the_game_agrees_with_the_reference_on_random_positions() {
    let mut rng = SeededDice::new(6);
    let mut checked = 0;
    while checked < 3000 {
        let Some(text) = random_position(&mut rng) else {
            continue;
        };
        let mut game = Microbes::default_game();
        game.set_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        for die in 1..=6 {
            let mut rolled = game.clone();
            rolled.set_dice(Dice::single(die)).unwrap();
            compare(&rolled);
        }
        checked += 1;
    }
}

#[test]
fn the_game_agrees_with_the_reference_over_random_games() {
    let mut dice = SeededDice::new(60);
    let mut picks = SeededDice::new(61);
    for game_number in 0..40 {
        let options = if game_number % 2 == 0 {
            vec!["six-rolls-again=on"]
        } else {
            vec![]
        };
        let mut game: Microbes = new_game(&options);
        let mut actions = 0;
        while game.phase() != Phase::Over {
            actions += 1;
            assert!(actions < 20_000, "game {game_number} does not end");
            match game.phase() {
                Phase::Roll(_) => {
                    let roll = game.roll(&mut dice);
                    game.set_dice(roll).unwrap();
                }
                Phase::Move(_) => {
                    compare(&game);
                    let mut moves = Vec::new();
                    game.legal_moves(&mut moves);
                    let pick = picks.below(moves.len() as u32) as usize;
                    game.play(&moves[pick]).unwrap();
                }
                Phase::Over => {}
            }
        }
    }
}

#[test]
fn the_reference_confirms_the_movegen_data_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/movegen/microbes.txt");
    let text = fs::read_to_string(path).unwrap();
    let mut cases = 0;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') || line.contains(':') && !line.contains('|') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let (board, turn) = read(fields[0]);
        let seat = if turn.starts_with("white") { WHITE } else { BLACK };
        let die: u8 = fields[1].parse().unwrap();
        let expected: usize = fields[2].parse().unwrap();
        assert_eq!(reference_moves(&board, seat, die).len(), expected, "{line}");
        cases += 1;
    }
    assert!(cases >= 20, "only {cases} cases");
}
