//! The protocol fuzz: command lines for `tabula engine`, valid ones and the same mutated
//! (bytes changed to any byte, words cut, swapped and repeated, ids and comments added),
//! served in-process by the engine loop. Every command gets exactly one reply, nothing
//! panics, and a refused command (`?`) leaves the game as it was: `status` and `getpos`
//! answer the same before and after it.
//!
//! Seeded, so every run sends the same lines. `cargo test` sends a few thousand in
//! seconds; a longer run: `TABULA_FUZZ_ROUNDS=200000 cargo test --release --lib
//! protocol_fuzz_long -- --ignored` (command lines in all).

use crate::ai::roster::BotKind;
use crate::app::lines::decode_command;
use crate::cli::engine::serve;
use crate::core::SeededDice;

/// Valid lines to start from (`save` is left out: a fuzzed one would write files).
const CORPUS: &[&str] = &[
    "newgame nardy",
    "newgame nardy koks=on",
    "newgame ur rules=finkel",
    "newgame ur rules=masters",
    "newgame microbes",
    "newgame aeroplane",
    "newgame mnogoboy players=3",
    "roll",
    "roll",
    "roll",
    "dice 3 5",
    "dice 6",
    "legal",
    "play 24/18 18/13",
    "play 1/7",
    "play in-d3",
    "play a1-b2",
    "genmove",
    "genmove",
    "hint 2",
    "evaluate",
    "undo",
    "showboard",
    "getpos",
    "result",
    "set bot random",
    "set bot greedy",
    "seed 7",
    "status",
    "known_command play",
    "list_games",
    "protocol_version",
    "load /nonexistent/record.txt",
    "setpos x",
    "resign",
];

/// A line: from the corpus, often mutated a few times.
fn line(dice: &mut SeededDice) -> Vec<u8> {
    let pick = |dice: &mut SeededDice| CORPUS[dice.below(CORPUS.len() as u32) as usize];
    let mut bytes = pick(dice).as_bytes().to_vec();
    for _ in 0..dice.below(4) {
        let at = dice.below(bytes.len() as u32 + 1) as usize;
        match dice.below(7) {
            0 if at < bytes.len() => bytes[at] = dice.below(256) as u8,
            1 => bytes.truncate(at),
            2 => bytes
                .splice(at..at, pick(dice).bytes().chain([b' ']))
                .for_each(drop),
            3 => bytes
                .splice(0..0, format!("{} ", dice.below(1000)).into_bytes())
                .for_each(drop),
            4 => bytes.extend_from_slice(b" # a comment"),
            5 => bytes.insert(
                at.min(bytes.len()),
                b"\t =-/0123456789xq"[dice.below(17) as usize],
            ),
            _ => {
                let words: Vec<&[u8]> = bytes.split(|&b| b == b' ').collect();
                let word = words[dice.below(words.len() as u32) as usize].to_vec();
                bytes.extend_from_slice(b" ");
                bytes.extend_from_slice(&word);
            }
        }
    }
    // A line feed ends the line; a fuzzed one would make two lines.
    bytes.retain(|&b| b != b'\n');
    bytes
}

/// Whether the engine answers `bytes`: not an empty or comment line, not `quit`.
fn answered(bytes: &[u8]) -> bool {
    match decode_command(bytes) {
        Err(_) => true,
        Ok(command) => {
            let mut words = command.split_whitespace();
            let first = words.next();
            let word = match first {
                Some(id) if id.chars().all(|c| c.is_ascii_digit()) => words.next(),
                other => other,
            };
            // Command words are read in any case: `Q` quits too.
            let word = word.map(str::to_ascii_lowercase);
            !command.is_empty() && !matches!(word.as_deref(), Some("quit" | "exit" | "q"))
        }
    }
}

/// A reply without its id (`=12 text` -> `= text`).
fn without_id(reply: &str) -> String {
    let (mark, rest) = reply.split_at(1);
    format!("{mark}{}", rest.trim_start_matches(|c: char| c.is_ascii_digit()))
}

/// Sends `lines` fuzzed command lines in batches, each between `status` and `getpos`
/// checks, and checks every reply (see the module notes).
fn fuzz_protocol(lines: usize, seed: u64) -> (usize, usize) {
    let mut dice = SeededDice::new(seed);
    let (mut refused, mut sent) = (0, 0);
    while sent < lines {
        let batch: Vec<Vec<u8>> = (0..200)
            .map(|_| line(&mut dice))
            .filter(|l| answered(l))
            .collect();
        let mut input = Vec::new();
        for line in &batch {
            input.extend_from_slice(b"status\ngetpos\n");
            input.extend_from_slice(line);
            input.extend_from_slice(b"\nstatus\ngetpos\n");
        }
        let mut output = Vec::new();
        serve(
            input.as_slice(),
            &mut output,
            dice.below(1000).into(),
            BotKind::Random,
        )
        .expect("the engine serves to the end");
        let output = String::from_utf8(output).expect("replies are UTF-8");
        let replies: Vec<&str> = output.split("\n\n").filter(|r| !r.is_empty()).collect();
        if replies.len() != batch.len() * 5 {
            // Name the line that broke the count.
            let odd = batch.iter().find(|line| {
                let mut output = Vec::new();
                let _ = serve(line.as_slice(), &mut output, 1, BotKind::Random);
                String::from_utf8_lossy(&output)
                    .split("\n\n")
                    .filter(|r| !r.is_empty())
                    .count()
                    != 1
            });
            panic!(
                "not one reply per command: {:?}",
                odd.map(|l| String::from_utf8_lossy(l).into_owned())
            );
        }
        for (line, replies) in batch.iter().zip(replies.chunks(5)) {
            let shown = String::from_utf8_lossy(line);
            assert!(
                replies.iter().all(|r| r.starts_with('=') || r.starts_with('?')),
                "{shown:?}: {replies:?}"
            );
            if replies[2].starts_with('?') {
                refused += 1;
                assert_eq!(
                    (without_id(replies[0]), without_id(replies[1])),
                    (without_id(replies[3]), without_id(replies[4])),
                    "{shown:?} was refused ({}) but changed the game",
                    replies[2]
                );
            }
        }
        sent += batch.len();
    }
    (refused, sent)
}

#[test]
fn fuzzed_command_lines_get_one_reply_each_and_refusals_change_nothing() {
    let (refused, sent) = fuzz_protocol(3000, 47);
    // The mutations make most lines wrong, but not all.
    assert!(
        refused > sent / 4 && refused < sent,
        "{refused} of {sent} refused"
    );
}

/// The longer run of the module notes: `TABULA_FUZZ_ROUNDS` lines (200,000 when not
/// given), from `TABULA_FUZZ_SEED` (or a fixed seed).
#[test]
#[ignore = "a long run: TABULA_FUZZ_ROUNDS=N cargo test --release --lib protocol_fuzz_long -- --ignored"]
fn protocol_fuzz_long() {
    let (rounds, seed) = crate::app::testing::long_fuzz_run(200_000);
    let (refused, sent) = fuzz_protocol(rounds, seed);
    assert!(refused > 0 && refused < sent, "{refused} of {sent} refused");
}
