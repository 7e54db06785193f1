//! The damage fuzz: records of every game, saved and as a match writes them, damaged at
//! random several times over (lines cut, dropped, repeated, swapped, words changed,
//! fragments of another record inserted, then bytes changed to any byte and the file cut
//! at any byte), each variant loaded plainly and by force. None may load as another game:
//! a plain load is refused or gives the game whole; a forced one says it was damaged; and
//! `load` accepts exactly what `tabula replay` accepts.
//!
//! Seeded, so every run damages alike. `cargo test` runs a few thousand variants in
//! seconds; a longer run: `TABULA_FUZZ_ROUNDS=20000 cargo test --release --lib
//! record_fuzz_long -- --ignored` (rounds per record).

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
        match dice.below(8) {
            7 => {
                // A fragment of another record: an unsealed `game` line and a line or two.
                let fragment = FRAGMENTS[dice.below(FRAGMENTS.len() as u32) as usize];
                let lines_of = fragment.split_inclusive('\n').take(2 + dice.below(2) as usize);
                for (i, line) in lines_of.enumerate() {
                    lines.insert(at + i, line.to_string());
                }
            }
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

/// Starts of other records, pasted into a file.
const FRAGMENTS: &[&str] = &[
    "game nardy koks=on\nroll 2\nroll 5\n",
    "game ur\nseed 3\nroll 2\n",
    "game ur rules=finkel\nseal fnv1a-64\nroll 1\n",
    "game microbes\nplay a1-b2\n\n",
    "game mnogoboy players=2\nseed 9 at 4\nroll 6\n",
    "game aeroplane\nroll 6\nplay x\n",
];

/// `bytes` with a few bytes changed to any value, and sometimes cut at any byte.
fn damage_bytes(mut bytes: Vec<u8>, dice: &mut SeededDice) -> Vec<u8> {
    for _ in 0..dice.below(3) {
        if bytes.is_empty() {
            break;
        }
        let at = dice.below(bytes.len() as u32) as usize;
        bytes[at] = dice.below(256) as u8;
    }
    if dice.below(4) == 0 {
        let cut = dice.below(bytes.len() as u32 + 1) as usize;
        bytes.truncate(cut);
    }
    bytes
}

/// What `load` makes of `bytes` (the game's actions, its notes, the position reached),
/// and whether `tabula replay` shows it: the same picked game, its refusal and its replay.
fn load_bytes(bytes: &[u8], force: bool) -> (Result<LoadedText, String>, bool) {
    let mut stream = RecordStream::new(bytes);
    let picked = super::pick(&mut stream.by_ref(), None, None).map(|mut picked| {
        picked.broken = stream.broken().cloned();
        picked
    });
    let Ok(picked) = picked else {
        return (Err("not a record".into()), false);
    };
    let shown = picked.refusal().is_none()
        && Replay::new(&picked.game, 5, Replaying::Saved)
            .is_ok_and(|mut replay| replay.all(|step| step.is_ok()));
    let request = LoadRequest {
        path: "test".into(),
        game: None,
        force,
    };
    let loaded = crate::app::record::load::load_picked(&picked, &request, 5)
        .map(|(session, loaded)| (written(&session), loaded.notes, session.game().position_string()))
        .map_err(|e| e.to_string());
    (loaded, shown)
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

/// Damages every record `rounds` times and checks each variant (see the module notes).
fn fuzz_records(rounds: usize, seed: u64) -> (usize, usize, usize) {
    let mut dice = SeededDice::new(seed);
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
        for _ in 0..rounds {
            let mut changed = damage(text, &mut dice).into_bytes();
            if dice.below(3) == 0 {
                changed = damage_bytes(changed, &mut dice);
            }
            let shown_text = String::from_utf8_lossy(&changed).into_owned();
            // Damage that cut the seal away leaves a record without one, as people and
            // scripts write them: it is read as written, with nothing to check it by.
            let unsealed = !shown_text.contains(crate::app::record::seal::SEAL_LINE);
            total += 1;
            let (plain, shown) = load_bytes(&changed, false);
            assert_eq!(
                plain.is_ok(),
                shown,
                "{kind:?}: load and replay disagree ({plain:?}):\n{shown_text}"
            );
            match plain {
                Err(_) => refused += 1,
                Ok((actions, _, reached)) => {
                    assert!(
                        unsealed || (actions == *original && reached == *position),
                        "{kind:?}: a damaged record loaded as another game:\n{shown_text}"
                    );
                    whole += 1;
                }
            }
            if let (Ok((actions, notes, reached)), _) = load_bytes(&changed, true) {
                let same = actions == *original && reached == *position;
                assert!(
                    unsealed || same || notes.iter().any(|n| n.starts_with("record damaged")),
                    "{kind:?}: forced, loaded as another game without a word:\n{shown_text}"
                );
            }
        }
    }
    (refused, whole, total)
}

#[test]
fn no_record_damaged_at_random_loads_as_another_game() {
    let (refused, whole, total) = fuzz_records(700, 40_10);
    assert!(total >= 7000, "{total}");
    // Most damage is refused; what loads is the game itself (a comment or a blank
    // changed, another game of the file damaged).
    assert!(refused > total / 2, "{refused} of {total}");
    assert!(whole > 0, "{whole} of {total}");
}

/// The longer run of the module notes: `TABULA_FUZZ_ROUNDS` rounds per record (20,000
/// when not given), from `TABULA_FUZZ_SEED` (or a fixed seed).
#[test]
#[ignore = "a long run: TABULA_FUZZ_ROUNDS=N cargo test --release --lib record_fuzz_long -- --ignored"]
fn record_fuzz_long() {
    let (rounds, seed) = crate::app::testing::long_fuzz_run(20_000);
    let (refused, whole, total) = fuzz_records(rounds, seed);
    assert!(
        refused > total / 2 && whole > 0,
        "{refused} refused, {whole} whole of {total}"
    );
}
