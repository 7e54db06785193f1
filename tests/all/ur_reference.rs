//! A second, deliberately plain Ur move generator written straight from rules.md 2a/2b:
//! cell names in tables, pieces as (index, side) lists, its own position-string reader.
//! It cross-checks the game's moves on many positions from random games, and its counts
//! are the expected values of `tests/data/movegen/ur_*.txt`.

use std::collections::BTreeSet;

use tabula::core::{Game, Phase, SeededDice};
use tabula::games::ur::Ur;

use crate::support::new_game;
use tabula::core::Notation;

const OUT: [&str; 11] = ["d1", "c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "f2", "g2"];
const BY_ROW1: [&str; 5] = ["g1", "h1", "h2", "h3", "g3"];
const BY_ROW3: [&str; 5] = ["g3", "h3", "h2", "h1", "g1"];
const BACK: [&str; 11] = ["g2", "f2", "e2", "d2", "c2", "b2", "a2", "a1", "b1", "c1", "d1"];
const FINKEL: [&str; 14] = [
    "d1", "c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "h1", "g1",
];
const MASTERS: [&str; 16] = [
    "d1", "c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "g3", "h3", "h2", "h1", "g1",
];
const ASEB: [&str; 16] = [
    "d1", "c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2", "k2", "l2",
];

/// Row 1 <-> row 3 for Dark.
fn flip(name: &str, seat: usize) -> String {
    if seat == 1 {
        name.replace('1', "#").replace('3', "1").replace('#', "3")
    } else {
        name.to_string()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Set {
    City,
    Finkel,
    Masters,
    Blitz,
    Aseb,
}

#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Pos {
    /// Per seat: sorted (index, side) of every piece on the board; side is 1 or 3 for City
    /// indices 11-15, else 0.
    board: [Vec<(u8, u8)>; 2],
    reserve: [u8; 2],
    off: [u8; 2],
    /// "light:roll", "dark:3", "over", ...
    turn: String,
}

struct Rules {
    set: Set,
    retreat: bool,
}

impl Rules {
    fn pieces(&self) -> u8 {
        match self.set {
            Set::Finkel | Set::Masters => 7,
            _ => 5,
        }
    }

    fn len(&self) -> u8 {
        match self.set {
            Set::City => 27,
            Set::Finkel => 14,
            _ => 16,
        }
    }

    fn cell(&self, seat: usize, index: u8, side: u8) -> String {
        let i = index as usize;
        match self.set {
            Set::City => match index {
                0..=10 => flip(OUT[i], seat),
                11..=15 => (if side == 3 { BY_ROW3 } else { BY_ROW1 })[i - 11].to_string(),
                _ => flip(BACK[i - 16], seat),
            },
            Set::Finkel => flip(FINKEL[i], seat),
            Set::Aseb => flip(ASEB[i], seat),
            _ => flip(MASTERS[i], seat),
        }
    }

    fn marked(&self, index: u8) -> bool {
        self.set == Set::City && index >= 13
    }

    fn star(&self, cell: &str) -> bool {
        match self.set {
            Set::Aseb => ["a1", "a3", "d2", "h2", "l2"].contains(&cell),
            _ => ["a1", "a3", "d2", "g1", "g3"].contains(&cell),
        }
    }

    fn green(&self, cell: &str) -> bool {
        self.set == Set::City && ["e2", "h1", "h3"].contains(&cell)
    }

    fn eyes(&self, cell: &str) -> bool {
        self.set == Set::City && ["b1", "b3", "b2", "g2"].contains(&cell)
    }

    /// Every (seat, index, side) piece standing on `cell`.
    fn on(&self, pos: &Pos, cell: &str) -> Vec<(usize, u8, u8)> {
        let mut found = Vec::new();
        for seat in 0..2 {
            for &(index, side) in &pos.board[seat] {
                if self.cell(seat, index, side) == cell {
                    found.push((seat, index, side));
                }
            }
        }
        found
    }

    /// None: may not land; Some(None): lands; Some(Some(piece)): lands and captures.
    fn land(&self, pos: &Pos, seat: usize, cell: &str, marked: bool) -> Option<Option<(u8, u8)>> {
        let here = self.on(pos, cell);
        if self.green(cell) {
            return Some(None);
        }
        if self.eyes(cell) {
            return here
                .iter()
                .all(|&(_, index, _)| self.marked(index) == marked)
                .then_some(None);
        }
        match here.first() {
            None => Some(None),
            Some(&(owner, _, _)) if owner == seat => None,
            Some(&(_, index, side)) => {
                if self.set == Set::City {
                    (self.marked(index) == marked).then_some(Some((index, side)))
                } else if self.star(cell) && matches!(self.set, Set::Finkel | Set::Aseb) {
                    None
                } else {
                    Some(Some((index, side)))
                }
            }
        }
    }

    fn sides(&self, from: i16, to: u8, backward: bool, side: u8) -> Vec<u8> {
        if self.set != Set::City || !(11..=15).contains(&to) {
            return vec![0];
        }
        if (11..=15).contains(&from) {
            return vec![side];
        }
        if backward && from < 16 {
            return vec![];
        }
        vec![1, 3]
    }

    fn results(&self, pos: &Pos, seat: usize, roll: u8) -> BTreeSet<Pos> {
        let mut out = BTreeSet::new();
        if roll == 0 {
            return out;
        }
        let mut origins: Vec<(i16, u8)> = pos.board[seat].iter().map(|&(i, s)| (i16::from(i), s)).collect();
        origins.sort();
        origins.dedup();
        if pos.reserve[seat] > 0 {
            origins.push((-1, 0));
        }
        for (from, side) in origins {
            let mut base = pos.clone();
            if from < 0 {
                base.reserve[seat] -= 1;
            } else {
                let k = base.board[seat]
                    .iter()
                    .position(|&p| p == (from as u8, side))
                    .unwrap();
                base.board[seat].remove(k);
            }
            let marked = from >= 0 && self.marked(from as u8);
            // Forward.
            let target = from + i16::from(roll);
            if target == i16::from(self.len()) {
                let mut next = base.clone();
                next.off[seat] += 1;
                out.insert(self.finish(next, seat, false));
            } else if target < i16::from(self.len()) {
                let t = target as u8;
                for s in self.sides(from, t, false, side) {
                    let cell = self.cell(seat, t, s);
                    if let Some(capture) = self.land(&base, seat, &cell, self.marked(t)) {
                        let mut next = base.clone();
                        if let Some(victim) = capture {
                            take(&mut next, 1 - seat, victim);
                        }
                        next.board[seat].push((t, s));
                        let extra = self.star(&cell) || (capture.is_some() && self.set == Set::Blitz);
                        out.insert(self.finish(next, seat, extra));
                    }
                }
            }
            // Backward (City only).
            if self.set != Set::City || from < 0 {
                continue;
            }
            let target = from - i16::from(roll);
            if target < 0 || (marked && target < 13) {
                continue;
            }
            let t = target as u8;
            for s in self.sides(from, t, true, side) {
                let cell = self.cell(seat, t, s);
                let Some(Some(victim)) = self.land(&base, seat, &cell, marked) else {
                    continue;
                };
                let mut next = base.clone();
                take(&mut next, 1 - seat, victim);
                if !(self.retreat && self.star(&cell)) {
                    next.board[seat].push((t, s));
                    out.insert(self.finish(next, seat, false));
                    continue;
                }
                let back = i16::from(t) - i16::from(roll);
                if back < 0 || (marked && back < 13) {
                    continue;
                }
                let b = back as u8;
                for s2 in self.sides(i16::from(t), b, true, s) {
                    let cell2 = self.cell(seat, b, s2);
                    if let Some(None) = self.land(&next, seat, &cell2, marked) {
                        let mut after = next.clone();
                        after.board[seat].push((b, s2));
                        out.insert(self.finish(after, seat, false));
                    }
                }
            }
        }
        out
    }

    fn finish(&self, mut pos: Pos, seat: usize, extra: bool) -> Pos {
        for side in &mut pos.board {
            for piece in side.iter_mut() {
                if !(11..=15).contains(&piece.0) || self.set != Set::City {
                    piece.1 = 0;
                }
            }
            side.sort();
        }
        let names = ["light", "dark"];
        pos.turn = if pos.off[seat] == self.pieces() {
            "over".to_string()
        } else if extra {
            format!("{}:roll", names[seat])
        } else {
            format!("{}:roll", names[1 - seat])
        };
        pos
    }

    /// Reads a position string with this file's own tables.
    fn parse(&self, text: &str) -> Pos {
        let mut pos = Pos {
            board: [Vec::new(), Vec::new()],
            reserve: [0; 2],
            off: [0; 2],
            turn: String::new(),
        };
        for field in text.split_whitespace() {
            let (key, value) = field.split_once('=').unwrap();
            let seat = match key {
                "light" => 0,
                "dark" => 1,
                _ => {
                    pos.turn = value.to_string();
                    continue;
                }
            };
            for token in value.split(',') {
                let (body, count) = match token.split_once('x') {
                    Some((b, n)) => (b, n.parse::<u8>().unwrap()),
                    None => (token, 1),
                };
                for _ in 0..count {
                    match body {
                        "in" => pos.reserve[seat] += 1,
                        "off" => pos.off[seat] += 1,
                        _ => {
                            let (place, next) = body.split_once('>').unwrap_or((body, ""));
                            let marked = place.ends_with('m');
                            let name = &place[..2];
                            let mut found = Vec::new();
                            for index in 0..self.len() {
                                for side in [1u8, 3] {
                                    let fits = self.cell(seat, index, side) == name
                                        && self.marked(index) == marked
                                        && (next.is_empty() || self.cell(seat, index + 1, side) == next);
                                    if fits && !found.contains(&(index, self.side_of(index, side))) {
                                        found.push((index, self.side_of(index, side)));
                                    }
                                }
                            }
                            assert_eq!(found.len(), 1, "{token} in {text}");
                            pos.board[seat].push(found[0]);
                        }
                    }
                }
            }
            pos.board[seat].sort();
        }
        pos
    }

    fn side_of(&self, index: u8, side: u8) -> u8 {
        if self.set == Set::City && (11..=15).contains(&index) {
            side
        } else {
            0
        }
    }
}

fn take(pos: &mut Pos, seat: usize, piece: (u8, u8)) {
    let k = pos.board[seat].iter().position(|&p| p == piece).unwrap();
    pos.board[seat].remove(k);
    pos.reserve[seat] += 1;
}

fn rules_for(words: &[&str]) -> Rules {
    let set = match words
        .iter()
        .find_map(|w| w.strip_prefix("rules="))
        .unwrap_or("city")
    {
        "finkel" => Set::Finkel,
        "masters" => Set::Masters,
        "blitz" => Set::Blitz,
        "aseb" => Set::Aseb,
        _ => Set::City,
    };
    Rules {
        set,
        retreat: words.contains(&"back-star=retreat"),
    }
}

/// The game's results of every legal move, read back with the reference's parser.
fn game_results(rules: &Rules, game: &Ur) -> BTreeSet<Pos> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut results = BTreeSet::new();
    for mv in &moves {
        let mut after = game.clone();
        after.play(mv).unwrap();
        if game.format_move(mv) != "pass" {
            results.insert(rules.parse(&after.position_string()));
        }
    }
    results
}

/// The mixes the reference implements: all but ASEB with the back star's retreat.
const MIXES: &[&[&str]] = crate::support::UR_RULE_MIXES.split_at(6).0;

#[test]
fn the_game_agrees_with_the_reference_over_random_games() {
    let mut checked = 0;
    let mut captures_backward = 0;
    for (mix, words) in MIXES.iter().enumerate() {
        let rules = rules_for(words);
        let mut dice = SeededDice::new(7 + mix as u64);
        let mut picks = SeededDice::new(70 + mix as u64);
        for _ in 0..30 {
            let mut game: Ur = new_game(words);
            while game.phase() != Phase::Over {
                if let Phase::Roll(_) = game.phase() {
                    let roll = game.roll(&mut dice);
                    game.set_dice(roll).unwrap();
                    continue;
                }
                let seat = game.phase().seat().unwrap();
                let roll = game.dice().unwrap().values()[0];
                let before = rules.parse(&game.position_string());
                let expected = rules.results(&before, seat, roll);
                let got = game_results(&rules, &game);
                assert_eq!(got, expected, "{words:?} at {}", game.position_string());
                checked += 1;
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                if moves.iter().any(|m| game.describe_move(m).contains("backward")) {
                    captures_backward += 1;
                }
                let pick = picks.below(moves.len() as u32) as usize;
                game.play(&moves[pick]).unwrap();
            }
        }
    }
    assert!(checked > 20_000, "only {checked} positions checked");
    assert!(
        captures_backward > 100,
        "only {captures_backward} positions with backward captures"
    );
}

/// Prints `POSITION | ROLL | COUNT` lines from random games, counted by the reference,
/// for the movegen data files: `cargo test --test all print_ur_movegen -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_ur_movegen_cases() {
    for words in MIXES {
        let rules = rules_for(words);
        println!("# {words:?}");
        let mut dice = SeededDice::new(11);
        let mut picks = SeededDice::new(12);
        let mut printed = 0;
        let mut step = 0u32;
        while printed < 24 {
            let mut game: Ur = new_game(words);
            while game.phase() != Phase::Over && printed < 24 {
                if let Phase::Roll(_) = game.phase() {
                    step += 1;
                    if step.is_multiple_of(13) && !game.in_roll_off() {
                        let position = game.position_string();
                        let seat = game.phase().seat().unwrap();
                        let pos = rules.parse(&position);
                        let roll = (step / 13 % 5) as u8;
                        let roll = if rules.set == Set::City || rules.set == Set::Masters {
                            roll.max(1)
                        } else {
                            roll
                        };
                        let count = rules.results(&pos, seat, roll).len().max(1);
                        println!("{position} | {roll} | {count}");
                        printed += 1;
                    }
                    let roll = game.roll(&mut dice);
                    game.set_dice(roll).unwrap();
                    continue;
                }
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                let pick = picks.below(moves.len() as u32) as usize;
                game.play(&moves[pick]).unwrap();
            }
        }
    }
}
