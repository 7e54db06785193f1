//! Bad input of any kind, in any game: thousands of random command lines (real moves,
//! mangled moves, commands with wrong arguments, junk) go through the same table the REPL
//! and pipes use. Nothing panics, and every refused line leaves the game exactly as it was.

use std::io::sink;

use crate::cli::repl::Table;
use crate::core::Notation;
use crate::core::{Game, Options, SeededDice};
use crate::games::GameKind;

const WORDS: &[&str] = &[
    "roll",
    "dice",
    "legal",
    "play",
    "undo",
    "board",
    "hint",
    "genmove",
    "new",
    "status",
    "getpos",
    "setpos",
    "result",
    "seed",
    "set",
    "help",
    "list_games",
    "known_command",
    "seat",
    "resign",
    "human",
    "pass",
    "take",
    "swap",
    "move",
    "launch",
    "enter",
    "in-c1",
    "24/18",
    "off",
    "-1",
    "999999999999",
    "7",
    "6",
    "\u{1F3B2}",
    "=",
    "?",
    "\t",
    "x=y",
    "players=9",
    "koks=on",
    "r1",
    "long",
    "short",
    "a1",
    "h2-off",
    "/",
    "//",
];

fn random_line(rng: &mut SeededDice, legal: &[String]) -> String {
    match rng.below(6) {
        // A legal move or choice, as typed.
        0 | 1 if !legal.is_empty() => legal[rng.below(legal.len() as u32) as usize].clone(),
        // A legal move with one character changed, dropped or doubled.
        2 if !legal.is_empty() => {
            let mut chars: Vec<char> = legal[rng.below(legal.len() as u32) as usize].chars().collect();
            let at = rng.below(chars.len().max(1) as u32) as usize;
            match rng.below(3) {
                0 if at < chars.len() => chars[at] = char::from(b' ' + rng.below(95) as u8),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at.min(chars.len()), char::from(b'0' + rng.below(10) as u8)),
            }
            chars.into_iter().collect()
        }
        // A few words and numbers in random order.
        _ => {
            let count = 1 + rng.below(4);
            let words: Vec<&str> = (0..count)
                .map(|_| WORDS[rng.below(WORDS.len() as u32) as usize])
                .collect();
            words.join(" ")
        }
    }
}

fn table_for(kind: GameKind, options: &[&str], seed: u64) -> Table {
    let seats = kind
        .new_game(&Options::parse(kind.info().options, options).unwrap())
        .unwrap()
        .seat_count();
    // People in every seat but the last, which a bot plays.
    let last = format!("{seats}=bot:random");
    Table::new(&super::play_config(kind, options, &[&last], seed, false), false).unwrap()
}

#[test]
fn random_command_lines_never_panic_and_refusals_change_nothing() {
    let cases: [(GameKind, &[&str]); 7] = [
        (GameKind::Nardy, &[]),
        (GameKind::Ur, &[]),
        (GameKind::Ur, &["rules=masters"]),
        (GameKind::Aeroplane, &["players=3"]),
        (GameKind::Microbes, &[]),
        (GameKind::Mnogoboy, &["players=4"]),
        (GameKind::Aeroplane, &["players=2", "overshoot=bounce"]),
    ];
    let mut refused = 0;
    let mut accepted = 0;
    for (index, (kind, options)) in cases.into_iter().enumerate() {
        let mut table = table_for(kind, options, index as u64);
        let mut rng = SeededDice::new(100 + index as u64);
        for _ in 0..1_500 {
            let legal = table.session().legal_texts();
            let line = random_line(&mut rng, &legal);
            // Commands that touch files or start new games are tried elsewhere.
            let first = line.split_whitespace().next().unwrap_or("");
            if ["save", "load", "new", "newgame", "quit", "exit", "q"].contains(&first) {
                continue;
            }
            let before = table.session().game().position_string();
            let history = table.session().actions().count();
            match table.handle_line(&line, &mut sink()).unwrap() {
                Ok(_) => accepted += 1,
                Err(error) => {
                    refused += 1;
                    assert!(!error.to_string().is_empty());
                    assert_eq!(
                        table.session().game().position_string(),
                        before,
                        "{kind:?}: '{line}' failed but changed the game"
                    );
                    assert_eq!(
                        table.session().actions().count(),
                        history,
                        "{kind:?}: '{line}' failed but changed the history"
                    );
                }
            }
        }
    }
    assert!(
        refused > 2_000 && accepted > 1_000,
        "refused {refused}, accepted {accepted}"
    );
}
