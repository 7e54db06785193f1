//! `tabula engine` as a strict GTP-style client sees it: one reply per command, each
//! `=`/`?` line then an empty line and never an empty line inside; input read as bytes
//! (bad bytes, control characters, a BOM, huge lines); ids echoed as sent; comments after
//! commands; the documented command list; `status` through roll-offs and game ends; files
//! that are not regular files.

use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::ai::roster::BotKind;
use crate::app::command::PROTOCOL_COMMANDS;
use crate::app::lines::MAX_LINE_BYTES;
use crate::cli::engine::serve;
use crate::core::Notation;

use super::man::documented_commands;
use super::{step, temp_dir};

/// Serves `input` (raw bytes) and returns the output as text.
fn engine_bytes(input: &[u8], seed: u64) -> String {
    let mut output = Vec::new();
    serve(input, &mut output, seed, BotKind::Random).expect("the engine serves to the end");
    String::from_utf8(output).expect("replies are UTF-8")
}

/// Splits output the way a GTP client does: a reply is every line up to an empty line.
fn replies(output: &str) -> Vec<String> {
    assert!(
        output.is_empty() || output.ends_with("\n\n"),
        "output ends mid-reply: {output:?}"
    );
    output
        .split("\n\n")
        .filter(|r| !r.is_empty())
        .map(str::to_string)
        .collect()
}

/// Runs `commands` (one per line) and returns one reply per command, checking the
/// framing: as many replies as commands, each starting with `=` or `?`.
fn session(commands: &[String], seed: u64) -> Vec<String> {
    let input = commands.join("\n") + "\n";
    let output = engine_bytes(input.as_bytes(), seed);
    let got = replies(&output);
    for (index, reply) in got.iter().enumerate() {
        assert!(
            reply.starts_with('=') || reply.starts_with('?'),
            "reply {index} does not start with = or ? (an empty line inside the reply before it?): {reply:?}"
        );
    }
    assert_eq!(got.len(), commands.len(), "one reply per command");
    got
}

fn strings(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|s| s.to_string()).collect()
}

/// Plays a whole game with the engine's own bot, showing the board after every step.
fn whole_game(newgame: &str, seed: u64) -> Vec<(String, String)> {
    let mut commands = vec![newgame.to_string(), "showboard".into(), "status".into()];
    for _ in 0..2500 {
        commands.extend(strings(&[
            "roll",
            "showboard",
            "status",
            "genmove",
            "showboard",
            "status",
        ]));
    }
    let answers = session(&commands, seed);
    commands.into_iter().zip(answers).collect()
}

#[test]
fn every_board_of_every_game_in_every_phase_is_one_reply() {
    let games = [
        ("newgame nardy", true),
        ("newgame nardy match=3", true),
        ("newgame ur", true),
        ("newgame ur rules=finkel", false),
        ("newgame ur rules=masters", false),
        ("newgame aeroplane players=2", true),
        ("newgame aeroplane players=3", true),
        ("newgame aeroplane", true),
        ("newgame aeroplane until=first", true),
        ("newgame microbes", true),
        ("newgame mnogoboy players=2", true),
        ("newgame mnogoboy players=3", true),
        ("newgame mnogoboy players=4", true),
        ("newgame mnogoboy players=5", true),
        ("newgame mnogoboy players=6", true),
    ];
    for (newgame, has_roll_off) in games {
        let dialog = whole_game(newgame, 11);
        let statuses: Vec<&str> = dialog
            .iter()
            .filter(|(command, _)| command == "status")
            .map(|(_, reply)| reply.as_str())
            .collect();
        assert_eq!(
            statuses.iter().any(|s| s.ends_with(" roll rolloff")),
            has_roll_off,
            "{newgame}: {:?}",
            &statuses[..3]
        );
        assert!(
            statuses
                .iter()
                .any(|s| s.starts_with("= turn ") && s.ends_with(" roll"))
        );
        assert!(
            statuses
                .iter()
                .any(|s| s.starts_with("= turn ") && s.contains(" move"))
        );
        assert!(
            statuses.iter().any(|s| s.starts_with("= over ")),
            "{newgame} did not finish: {:?}",
            statuses.last()
        );
        let boards: Vec<&str> = dialog
            .iter()
            .filter(|(command, _)| command == "showboard")
            .map(|(_, reply)| reply.as_str())
            .collect();
        for board in &boards {
            assert!(board.starts_with("=\n"), "{newgame}: {board}");
            assert!(!board.lines().any(|l| l.trim().is_empty()), "{newgame}: {board}");
        }
        assert!(boards.last().is_some_and(|b| b.contains("over")), "{newgame}");
    }
}

#[test]
fn bad_bytes_cost_one_line_and_get_a_syntax_error_with_the_id() {
    let mut input = Vec::new();
    input.extend_from_slice(b"\xEF\xBB\xBF1 name\r\n");
    input.extend_from_slice(b"2 play caf\xE9\n");
    input.extend_from_slice(b"# caf\xE9 in a comment gets no reply\n");
    input.extend_from_slice(b"3 status # caf\xE9\n");
    input.extend_from_slice(b"4 set bot gr\x00eedy\n");
    input.extend_from_slice(b"5 newgame\rur\n");
    input.extend_from_slice(b"\x1b[2J\n");
    input.extend_from_slice(b"6 play ");
    input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE_BYTES));
    input.extend_from_slice(b"\n7 status\n");
    let output = engine_bytes(&input, 1);
    assert_eq!(
        replies(&output),
        vec![
            "=1 tabula",
            "?2 syntax error: the line is not valid UTF-8 (byte 11); commands must be UTF-8 text",
            "=3 turn white roll rolloff",
            "?4 syntax error: control character U+0000 at column 13; commands are printable text",
            "?5 syntax error: control character U+000D at column 10; commands are printable text",
            "? syntax error: control character U+001B at column 1; commands are printable text",
            "?6 syntax error: line too long: a command line holds at most 65536 bytes; the rest of it was skipped",
            "=7 turn white roll rolloff",
        ]
    );
    assert!(!output.contains('\u{0}') && !output.contains('\r') && !output.contains('\u{1b}'));
}

#[test]
fn ids_are_echoed_as_sent_and_a_hash_starts_a_comment() {
    let got = session(
        &strings(&[
            "007 name",
            "4 status # a note",
            "0 protocol_version",
            "99999999999999999999999 version",
            "+5 name",
            "12",
        ]),
        1,
    );
    assert_eq!(
        got[5],
        "?12 syntax error: an id needs a command after it, like '4 status'"
    );
    assert_eq!(got[0], "=007 tabula");
    assert_eq!(got[1], "=4 turn white roll rolloff");
    assert_eq!(got[2], "=0 1");
    assert!(got[3].starts_with("=99999999999999999999999 "));
    // A word with a sign is no id: the reply has none.
    assert!(got[4].starts_with("? "), "{}", got[4]);
}

#[test]
fn list_commands_is_exactly_what_the_man_page_documents() {
    let documented = documented_commands();
    let listed = session(&strings(&["list_commands"]), 1)[0].clone();
    let listed: Vec<String> = listed
        .trim_start_matches('=')
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let mut sorted_listed = listed.clone();
    sorted_listed.sort();
    let mut sorted_documented = documented.clone();
    sorted_documented.sort();
    assert_eq!(sorted_listed, sorted_documented);
    assert_eq!(listed, PROTOCOL_COMMANDS);
    // known_command agrees: every listed name, and no alias.
    let mut asks: Vec<String> = listed.iter().map(|n| format!("known_command {n}")).collect();
    asks.extend(strings(&[
        "known_command board",
        "known_command new",
        "known_command moves",
        "known_command komi",
    ]));
    let answers = session(&asks, 1);
    for (ask, answer) in asks.iter().zip(&answers) {
        let expected = if listed.iter().any(|n| ask.ends_with(&format!(" {n}"))) {
            "= true"
        } else {
            "= false"
        };
        assert_eq!(answer, expected, "{ask}");
    }
}

#[test]
fn unknown_commands_with_numbers_are_unknown_commands_not_moves() {
    let got = session(
        &strings(&[
            "komi 6.5",
            "boardsize 19",
            "time_left black 30 0",
            "dice 5",
            "dice 2",
            "24/30",
            "24/18 18/15",
            "play 24/18 18/15",
        ]),
        1,
    );
    assert_eq!(
        got[0],
        "? unknown command: komi (type 'help' for the list of commands)"
    );
    assert_eq!(
        got[1],
        "? unknown command: boardsize (type 'help' for the list of commands)"
    );
    assert_eq!(
        got[2],
        "? unknown command: time_left (type 'help' for the list of commands)"
    );
    // A bare line whose first word looks like a move is read as one.
    assert!(got[5].starts_with("? syntax error: '24/30'"), "{}", got[5]);
    assert!(got[6].starts_with("? wrong phase: "), "{}", got[6]);
    assert!(
        got[6].ends_with(" must roll first: type 'roll' (or 'dice' and the numbers thrown)"),
        "{}",
        got[6]
    );
}

#[test]
fn status_names_the_roll_off_and_over_never_invents_an_order() {
    // Microbes: White 2, Black 5; Black starts with a fresh roll.
    let got = session(
        &strings(&[
            "newgame microbes",
            "status",
            "dice 2",
            "status",
            "dice 5",
            "status",
            "setpos w=a1+,b2,c3,d4 b=h8 reserve=0-3 turn=over",
            "status",
        ]),
        1,
    );
    assert_eq!(got[1], "= turn white roll rolloff");
    assert_eq!(got[3], "= turn black roll rolloff");
    assert_eq!(got[5], "= turn black roll");
    assert_eq!(got[7], "= over white");
    // Mnogoboy with three seats has a winner and no order among the others.
    let got = session(
        &strings(&[
            "newgame mnogoboy players=3",
            "setpos p1=w@20 p2=g@F p3=o@5 turn=over before=-",
            "status",
        ]),
        1,
    );
    assert_eq!(got[1], "=");
    assert_eq!(got[2], "= over p2");
    // Aeroplane until=last ranks every seat: the places are listed but the last.
    let finished = "red=C,C,C,C yellow=C,C,C,C blue=C,C,C,C green=H,H,H,H turn=over rolloff=done sixes=0 moved=- finished=blue,red,yellow";
    let got = session(
        &[
            "newgame aeroplane".to_string(),
            format!("setpos {finished}"),
            "status".to_string(),
            "result".to_string(),
        ],
        1,
    );
    assert_eq!(got[1], "=", "{}", got[1]);
    assert_eq!(got[2], "= over blue red yellow");
}

/// Serves `commands` on another thread and gives up after a few seconds: a command that
/// blocks (a FIFO) fails the test instead of hanging it.
fn session_within(commands: &[String], limit: Duration) -> Vec<String> {
    let (sender, receiver) = mpsc::channel();
    let commands = commands.to_vec();
    std::thread::spawn(move || {
        let _ = sender.send(session(&commands, 1));
    });
    receiver.recv_timeout(limit).expect("the engine answered in time")
}

#[test]
fn load_reads_only_regular_files_but_of_any_size() {
    let dir = temp_dir("load");
    let big = dir.join("big.txt");
    let line = "# padding\n".repeat(1024 * 1024);
    std::fs::write(&big, format!("game nardy\n{line}{line}")).unwrap();
    let mut commands = vec![
        "1 load /dev/zero".to_string(),
        format!("2 load {}", dir.display()),
        format!("3 load {}", big.display()),
    ];
    let fifo = dir.join("fifo");
    let have_fifo = Command::new("mkfifo")
        .arg(&fifo)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if have_fifo {
        commands.push(format!("4 load {}", fifo.display()));
    }
    commands.push("5 status".to_string());
    let got = session_within(&commands, Duration::from_secs(20));
    assert_eq!(
        got[0],
        "?1 file error: cannot read /dev/zero: it is a device, not a regular file"
    );
    assert!(
        got[1].ends_with("it is a folder, not a regular file"),
        "{}",
        got[1]
    );
    // A file past 16 MiB is read to its end as a stream: here, a game of nothing but
    // comments.
    assert!(
        got[2].ends_with(
            "record damaged: line 1: the game holds nothing after its 'game' line: the file was cut short"
        ),
        "{}",
        got[2]
    );
    if have_fifo {
        assert!(
            got[3].ends_with("it is a FIFO (named pipe), not a regular file"),
            "{}",
            got[3]
        );
    }
    assert_eq!(got.last().unwrap(), "=5 turn white roll rolloff");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_roll_off_is_one_die_in_roll_phases_until_it_is_decided_in_every_game() {
    use crate::core::{Game, Options, Phase, SeededDice};
    use crate::games::{AnyMove, GameKind};
    let setups: &[(&str, &[&str])] = &[
        ("nardy", &[]),
        ("nardy", &["match=3"]),
        ("ur", &[]),
        ("aeroplane", &["players=2"]),
        ("aeroplane", &["players=3"]),
        ("aeroplane", &[]),
        ("microbes", &[]),
        ("mnogoboy", &["players=2"]),
        ("mnogoboy", &["players=4"]),
        ("mnogoboy", &["players=6"]),
    ];
    for &(id, options) in setups {
        let kind = GameKind::from_id(id).unwrap();
        for seed in 0..40u64 {
            let options = Options::parse(kind.info().options, options).unwrap();
            let mut game = kind.new_game(&options).unwrap();
            let mut dice = SeededDice::new(seed);
            let mut pick = seed;
            let mut decided = false;
            for _ in 0..3000 {
                if let Some(roll_off) = game.roll_off() {
                    assert!(!decided, "{id}: a second roll-off");
                    assert_eq!(game.phase(), Phase::Roll(roll_off.to_roll()), "{id}");
                    let mut moves = Vec::new();
                    game.legal_moves(&mut moves);
                    assert!(moves.is_empty(), "{id}: nothing is played in a roll-off");
                    let mut copy = game.clone();
                    copy.set_position(&game.position_string()).unwrap();
                    assert_eq!(copy.position_string(), game.position_string());
                    assert_eq!(copy.roll_off(), Some(roll_off), "{id}");
                    let roll = game.roll(&mut dice);
                    assert_eq!(roll.values().len(), 1, "{id}: the roll-off is one die");
                    game.set_dice(roll).unwrap();
                    continue;
                }
                decided = true;
                let random_pick = |moves: &[AnyMove]| {
                    pick = pick
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (pick >> 33) as usize % moves.len()
                };
                if !step(&mut game, &mut dice, random_pick) {
                    break;
                }
            }
            assert!(decided, "{id} seed {seed}: the roll-off never ended");
        }
    }
}

#[test]
fn random_bytes_never_break_the_framing() {
    use crate::app::lines::decode_command;
    let alphabet: &[u8] = b"0123456789 /#\t\r\x00\x1b\x7f\xff\xc3\xa9\xe2\x80\xa8abcdeghilmnoprstuvwxy-=:";
    let words: &[&[u8]] = &[
        b"showboard",
        b"legal",
        b"roll",
        b"status",
        b"play ",
        b"dice ",
        b"newgame aeroplane",
        b"newgame mnogoboy",
        b"7 ",
        b"getpos",
        b"setpos ",
    ];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut input = Vec::new();
    let mut expected = 0;
    for _ in 0..3000 {
        let mut line = Vec::new();
        if next(2) == 0 {
            line.extend_from_slice(words[next(words.len())]);
        }
        for _ in 0..next(12) {
            line.push(alphabet[next(alphabet.len())]);
        }
        let replies_expected = match decode_command(&line) {
            Ok(text) if text.is_empty() => false,
            Ok(text) => {
                // A line that quits would end the session early: leave those out.
                let command = text
                    .split_whitespace()
                    .find(|w| !w.bytes().all(|b| b.is_ascii_digit()));
                if command.is_some_and(|w| ["q", "quit", "exit"].contains(&w.to_ascii_lowercase().as_str())) {
                    continue;
                }
                true
            }
            Err(_) => true,
        };
        expected += usize::from(replies_expected);
        input.extend_from_slice(&line);
        input.push(b'\n');
    }
    let output = engine_bytes(&input, 5);
    let got = replies(&output);
    assert_eq!(got.len(), expected);
    for reply in &got {
        assert!(reply.starts_with('=') || reply.starts_with('?'), "{reply:?}");
        assert!(!reply.chars().any(|c| c.is_control() && c != '\n'), "{reply:?}");
    }
}

/// Errors that quote a record's bad line quote it escaped: a tab, an escape sequence and
/// an invalid byte never reach the controller raw, and every reply keeps its frame.
#[test]
fn errors_that_quote_tabs_escapes_and_invalid_bytes_keep_the_frame() {
    let dir = temp_dir("quoting");
    let cases: [(&[u8], &str); 7] = [
        (b"game nardy\nseed 1\nwh@t\tever 1\n", "'wh@t\\tever 1'"),
        (b"game nardy\nseed 1\nroll 6\t3x\n", "'3x' is not a die value"),
        (
            b"game nardy\nseed 1\nplay 24/18\x1b[2J\n",
            "U+001B in 'play 24/18\\u{1b}[2J'",
        ),
        (b"game nardy\nseed 1\nsetpos \x07\tw=24\n", "U+0007"),
        (
            b"game nardy\nseed 1\nroll 6 3\nplay 24/18\xff\n",
            "not UTF-8 text (byte",
        ),
        (b"game n\tardy\n", "'n'"),
        (
            b"game nardy\nseal fnv1a-64\nseed 1\nend 0 \t00\n",
            "record damaged",
        ),
    ];
    let mut commands = Vec::new();
    for (index, (bytes, _)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{index}.txt"));
        std::fs::write(&file, bytes).unwrap();
        commands.push(format!("{index} load {}", file.display()));
    }
    let got = session(&commands, 1);
    for ((reply, (bytes, quoted)), index) in got.iter().zip(&cases).zip(0..) {
        assert!(reply.starts_with(&format!("?{index} file error: ")), "{reply:?}");
        assert!(!reply.contains('\n'), "one line: {reply:?}");
        assert!(!reply.chars().any(char::is_control), "{reply:?}");
        assert!(
            reply.contains(quoted),
            "{:?}: {reply:?}",
            String::from_utf8_lossy(bytes)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A line of blanks other than spaces and tabs is answered (it is not empty), in the
/// engine as in the REPL: both read lines through the same reader.
#[test]
fn a_line_of_unicode_blanks_gets_an_answer() {
    let output = engine_bytes("\u{3000}\n \t\n2 \u{a0}\t\n\u{2028}\n3 status\n".as_bytes(), 1);
    let got = replies(&output);
    assert_eq!(got.len(), 4, "{got:?}");
    assert!(
        got[0].starts_with("? syntax error: the line holds only blanks (U+3000"),
        "{got:?}"
    );
    assert!(
        got[1].starts_with("?2 ") && got[1].contains("an id needs a command"),
        "{got:?}"
    );
    assert!(
        got[2].starts_with("? syntax error: the line holds only blanks (U+2028"),
        "{got:?}"
    );
    assert!(got[3].starts_with("=3 "), "{got:?}");
}

#[test]
fn the_engines_help_lists_only_commands_the_engine_accepts() {
    let help = session(&["help".to_string()], 1).remove(0);
    let listed: Vec<String> = help
        .lines()
        .filter_map(|line| line.strip_prefix("  "))
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_string)
        .collect();
    assert!(listed.len() > 10, "{help}");
    assert!(!listed.iter().any(|name| name == "seat" || name == "resign"));
    assert_eq!(
        session(&["help seat".to_string()], 1),
        ["? unknown command: seat (type 'help' for the list of commands)"]
    );
    for name in listed.iter().filter(|name| *name != "quit") {
        // The name alone may lack its argument; only "unknown command" is wrong here.
        let reply = session(&[name.clone(), format!("help {name}")], 1);
        for reply in reply {
            assert!(
                !reply.contains("unknown command"),
                "engine help lists {name}, but: {reply}"
            );
        }
    }
}

/// A bot that always takes the last legal move and, before a roll, the last optional
/// action; it counts how often it is asked.
struct LastMove {
    asked: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl crate::ai::bots::Bot<crate::games::AnyGame> for LastMove {
    fn choose_move(&mut self, _game: &crate::games::AnyGame, legal: &[crate::games::AnyMove]) -> usize {
        self.asked.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        legal.len() - 1
    }

    fn choose_before_roll(
        &mut self,
        _game: &crate::games::AnyGame,
        actions: &[crate::games::AnyMove],
    ) -> Option<usize> {
        self.asked.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        actions.len().checked_sub(1)
    }
}

#[test]
fn a_bot_of_the_caller_answers_genmove_and_hint_until_set_bot_chooses_a_built_in_one() {
    let asked = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let bot = LastMove { asked: asked.clone() };
    // Past the roll-off with fixed dice, to white's choice of four moves with 5-1.
    let input = "name\ndice 6\ndice 3\ndice 6 3\nplay 24/18 18/15\ndice 4 2\nplay 24/20 20/18\n\
                 dice 5 1\nlegal\ngenmove\ndice 6 6\nhint\nset bot random\nhint\n";
    let mut output = Vec::new();
    crate::cli::engine::serve_bot(input.as_bytes(), &mut output, 7, "last_move", Box::new(bot))
        .expect("the engine serves to the end");
    let replies = replies(&String::from_utf8(output).unwrap());
    assert_eq!(replies[0], "= last_move");
    let legal: Vec<&str> = replies[8].trim_start_matches("= ").lines().collect();
    assert_eq!(legal.len(), 4, "{replies:?}");
    assert_eq!(replies[9], format!("= {}", legal[3]), "{replies:?}");
    assert!(replies[11].starts_with("= "), "{replies:?}");
    let asked_before_set_bot = asked.load(std::sync::atomic::Ordering::SeqCst);
    assert_eq!(asked_before_set_bot, 2, "genmove and hint ask the caller's bot");
    assert_eq!(replies[12], "=");
    assert!(replies[13].starts_with("= "), "{replies:?}");
    assert_eq!(
        asked.load(std::sync::atomic::Ordering::SeqCst),
        2,
        "set bot replaced it"
    );
}
