//! The damage fuzz: records of every game, saved and as a match writes them, damaged at
//! random several times over (lines cut, dropped, repeated, swapped, words and bytes
//! changed), each variant loaded plainly and by force. None may load as another game:
//! a plain load is refused or gives the game whole; a forced one says it was damaged.

use super::*;
use crate::core::Notation;
use crate::core::SeededDice;

/// `text` with 1 to 3 random damages.
fn damage(text: &str, dice: &mut SeededDice) -> String {
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    for _ in 0..=dice.below(3) {
        if lines.is_empty() {
            break;
        }
        let at = dice.below(lines.len() as u32) as usize;
        match dice.below(7) {
            0 => {
                lines.remove(at);
            }
            1 => {
                let line = lines[at].clone();
                lines.insert(at, line);
            }
            2 => {
                let other = dice.below(lines.len() as u32) as usize;
                lines.swap(at, other);
            }
            3 => {
                // Cut: the file ends inside or after this line.
                lines.truncate(at + 1);
                let cut = dice.below(lines[at].len() as u32 + 1) as usize;
                if lines[at].is_char_boundary(cut) {
                    lines[at].truncate(cut);
                }
            }
            4 => {
                // Two words of the line swapped (`fnv1a-64 seal`).
                let mut words: Vec<&str> = lines[at].split_whitespace().collect();
                if words.len() > 1 {
                    let (i, j) = (
                        dice.below(words.len() as u32) as usize,
                        dice.below(words.len() as u32) as usize,
                    );
                    words.swap(i, j);
                    lines[at] = words.join(" ") + "\n";
                }
            }
            5 => {
                // An option added to a `game` line, or a word added to any line.
                let extra = [" launch=five-six", " koks=on", " rules=finkel", " 1", " x"];
                let word = extra[dice.below(extra.len() as u32) as usize];
                let trimmed = lines[at].trim_end().to_string();
                lines[at] = trimmed + word + "\n";
            }
            _ => {
                // One byte changed to another printable one.
                let bytes = lines[at].as_bytes();
                if !bytes.is_empty() {
                    let i = dice.below(bytes.len() as u32) as usize;
                    let mut changed = bytes.to_vec();
                    changed[i] = b"0123456789abcdefghijklmnopqrstuvwxyz #-=/"[dice.below(41) as usize];
                    if let Ok(text) = String::from_utf8(changed) {
                        lines[at] = text;
                    }
                }
            }
        }
    }
    lines.concat()
}

/// Two games of a match as its records hold them (notes, result, blank line after each).
fn match_records(kind: GameKind) -> (Vec<Session>, String) {
    let mut text = String::new();
    let mut sessions = Vec::new();
    for number in 1..=2 {
        let session = played(kind, 30 + number, 24);
        let notes = [
            format!("match-game {number}"),
            "match-plan seed=1 players=2 pairing=round-robin games=2".into(),
        ];
        text.push_str(&write_game(
            &session,
            &notes,
            &["result places=1,2 points=1,0".into()],
        ));
        text.push('\n');
        sessions.push(session);
    }
    (sessions, text)
}

#[test]
fn no_record_damaged_at_random_loads_as_another_game() {
    let mut dice = SeededDice::new(40_10);
    let mut cases: Vec<(GameKind, Vec<Action<String>>, String, String)> = Vec::new();
    for (kind, session, text) in saved_records() {
        let position = session.game().position_string();
        cases.push((kind, written(&session), position, text));
    }
    for &kind in GameKind::ALL {
        let (sessions, text) = match_records(kind);
        let first = &sessions[0];
        cases.push((kind, written(first), first.game().position_string(), text));
    }
    let (mut refused, mut whole, mut total) = (0, 0, 0);
    for (kind, original, position, text) in &cases {
        for _ in 0..700 {
            let changed = damage(text, &mut dice);
            total += 1;
            match load_text(&changed, false) {
                Err(_) => refused += 1,
                Ok((actions, _, reached)) => {
                    assert!(
                        actions == *original && reached == *position,
                        "{kind:?}: a damaged record loaded as another game:\n{changed}"
                    );
                    whole += 1;
                }
            }
            if let Ok((actions, notes, reached)) = load_text(&changed, true) {
                let same = actions == *original && reached == *position;
                assert!(
                    same || notes.iter().any(|n| n.starts_with("record damaged")),
                    "{kind:?}: forced, loaded as another game without a word:\n{changed}"
                );
            }
        }
    }
    assert!(total >= 7000, "{total}");
    // Most damage is refused; what loads is the game itself (a comment or a blank
    // changed, another game of the file damaged).
    assert!(refused > total / 2, "{refused} of {total}");
    assert!(whole > 0, "{whole} of {total}");
}
