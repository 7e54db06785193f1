//! A second, deliberately plain Long Nardy move generator (arrays, full enumeration of
//! every die order, every block window checked after every step) to cross-check the fast
//! bit-packed one on many positions from random games.

use std::collections::BTreeSet;

use tabula::core::Notation;
use tabula::core::{Dice, Game, NewGame, Phase, SeededDice};
use tabula::games::nardy::Nardy;

/// A board in the mover's numbering: `mine[p]`, `theirs[p]` for p in 1..=24.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Board {
    mine: [u8; 25],
    theirs: [u8; 25],
    off: u8,
}

fn to_mine(q: usize) -> usize {
    (q + 11) % 24 + 1
}

fn board_of(game: &Nardy) -> Board {
    let mover = game.phase().seat().unwrap();
    let mut board = Board {
        mine: [0; 25],
        theirs: [0; 25],
        off: game.side(mover).off() as u8,
    };
    for p in 1..=24u32 {
        board.mine[p as usize] = game.side(mover).count(p) as u8;
        board.theirs[to_mine(p as usize)] = game.side(1 - mover).count(p) as u8;
    }
    board
}

/// The opponent's path in the mover's numbering: their 24 (our 12) down to their 1.
fn their_path() -> Vec<usize> {
    (1..=24).rev().map(to_mine).collect()
}

fn illegal_block(board: &Board) -> bool {
    let path = their_path();
    for start in 0..=path.len() - 6 {
        if path[start..start + 6].iter().all(|&p| board.mine[p] > 0) {
            let ahead = path[start + 6..].iter().any(|&p| board.theirs[p] > 0);
            if !ahead {
                return true;
            }
        }
    }
    false
}

fn step(board: &Board, from: usize, die: usize, head_left: &mut u8) -> Option<Board> {
    if board.mine[from] == 0 {
        return None;
    }
    if from == 24 && *head_left == 0 {
        return None;
    }
    let mut next = board.clone();
    next.mine[from] -= 1;
    if from > die {
        let to = from - die;
        if board.theirs[to] > 0 {
            return None;
        }
        next.mine[to] += 1;
        if illegal_block(&next) {
            return None;
        }
    } else {
        if (7..=24).any(|p| board.mine[p] > 0) {
            return None;
        }
        if from < die && (from + 1..=6).any(|p| board.mine[p] > 0) {
            return None;
        }
        next.off += 1;
    }
    if from == 24 {
        *head_left -= 1;
    }
    Some(next)
}

fn explore(
    board: &Board,
    dice: &[usize],
    head_left: u8,
    used: usize,
    results: &mut Vec<(usize, Board, Option<usize>)>,
    first_die: Option<usize>,
) {
    results.push((used, board.clone(), first_die));
    for i in 0..dice.len() {
        if dice[..i].contains(&dice[i]) {
            continue;
        }
        let mut rest = dice.to_vec();
        let die = rest.remove(i);
        for from in 1..=24 {
            let mut left = head_left;
            if let Some(next) = step(board, from, die, &mut left) {
                explore(&next, &rest, left, used + 1, results, first_die.or(Some(die)));
            }
        }
    }
}

/// The distinct resulting boards of a turn.
fn reference_results(game: &Nardy, dice: Dice, first_turn: bool) -> BTreeSet<Board> {
    let board = board_of(game);
    let values: Vec<usize> = if dice.is_double() {
        vec![usize::from(dice.values()[0]); 4]
    } else {
        dice.values().iter().map(|&v| usize::from(v)).collect()
    };
    let special = dice.is_double() && matches!(values[0], 3 | 4 | 6) && first_turn;
    let mut results = Vec::new();
    explore(
        &board,
        &values,
        if special { 2 } else { 1 },
        0,
        &mut results,
        None,
    );
    let most = results.iter().map(|r| r.0).max().unwrap_or(0);
    let mut best: Vec<&(usize, Board, Option<usize>)> = results.iter().filter(|r| r.0 == most).collect();
    if most == 1 && !dice.is_double() {
        let high = values.iter().copied().max().unwrap();
        if best.iter().any(|r| r.2 == Some(high)) {
            best.retain(|r| r.2 == Some(high));
        }
    }
    best.into_iter().map(|r| r.1.clone()).collect()
}

fn fast_results(game: &Nardy) -> BTreeSet<Board> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut set = BTreeSet::new();
    for mv in &moves {
        let mut after = game.clone();
        let mover = game.phase().seat().unwrap();
        after.play(mv).unwrap();
        // Read the mover's checkers back in the mover's numbering.
        let mut board = board_of(game);
        board.off = after.side(mover).off() as u8;
        for p in 1..=24u32 {
            board.mine[p as usize] = after.side(mover).count(p) as u8;
        }
        set.insert(board);
    }
    set
}

#[test]
fn fast_generator_agrees_with_the_reference_over_random_games() {
    let mut dice = SeededDice::new(2024);
    let mut picks = SeededDice::new(99);
    let mut checked = 0;
    for _ in 0..150 {
        let mut game = Nardy::default_game();
        let mut first = [true, true];
        while game.phase() != Phase::Over {
            if let Phase::Roll(_) = game.phase() {
                let roll = game.roll(&mut dice);
                game.set_dice(roll).unwrap();
                continue;
            }
            let mover = game.phase().seat().unwrap();
            let expected = reference_results(&game, game.dice().unwrap(), first[mover]);
            let got = fast_results(&game);
            assert_eq!(
                got.len(),
                expected.len(),
                "count differs at {}",
                game.position_string()
            );
            assert!(got == expected, "results differ at {}", game.position_string());
            checked += 1;
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let pick = picks.below(moves.len() as u32) as usize;
            game.play(&moves[pick]).unwrap();
            first[mover] = false;
        }
    }
    assert!(checked > 12_000, "only {checked} positions checked");
}
