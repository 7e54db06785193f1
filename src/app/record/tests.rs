//! The damaged-record suite: real records of every game, saved as `save` and a match
//! write them, are damaged every way a file gets damaged (one byte changed in any line,
//! dice swapped, lines dropped and repeated, header edits, cuts at and inside lines),
//! and every damaged file is either refused or loads as a prefix of the game it held.

use super::seal::reseal;
use super::*;
use crate::ai::roster::BotKind;
use crate::app::session::Session;
use crate::core::Notation;
use crate::core::Phase;

/// A game of `kind` played by the greedy bot for at most `actions` actions, with one
/// roll typed by hand (a `dice` line) and, halfway, the dice reseeded.
fn played(kind: GameKind, seed: u64, actions: usize) -> Session {
    let mut session = Session::new(kind, &Options::default(), seed).unwrap();
    session.set_bot(BotKind::Greedy);
    let mut typed = false;
    while session.phase() != Phase::Over && session.actions().count() < actions {
        if session.actions().count() == actions / 2 {
            session.reseed(seed + 1000);
        }
        match session.phase() {
            Phase::Roll(_) if !typed && session.actions().count() > 4 => {
                // The dice the stream would throw, typed in: a roll the record must not check.
                let mut trial = session.dice().clone();
                let dice = session.game().roll(&mut trial);
                session.set_dice(dice.values()).unwrap();
                typed = true;
            }
            _ => act(&mut session),
        }
    }
    session
}

/// One step of the game: the roll, or the bot's move (or its roll before moving).
fn act(session: &mut Session) {
    let choice = match session.phase() {
        Phase::Move(_) => session.bot_choice().unwrap(),
        _ => None,
    };
    match choice {
        Some(choice) => session.play(&choice).map(|_| ()).unwrap(),
        None => session.roll().map(|_| ()).unwrap(),
    }
}

/// One saved record of every game.
fn saved_records() -> Vec<(GameKind, Session, String)> {
    GameKind::ALL
        .iter()
        .map(|&kind| {
            let session = played(kind, 11, 36);
            let text = save_text(&session, &["seats a=human b=human".to_string()]);
            (kind, session, text)
        })
        .collect()
}

/// The actions a session holds, as a record writes them.
fn written(session: &Session) -> Vec<Action<String>> {
    session.written_actions().collect()
}

/// What a load gave: the actions loaded, the notes, the position reached.
type LoadedText = (Vec<Action<String>>, Vec<String>, String);

/// What loading `text` gave: refused, or the actions loaded (with the notes).
fn load_text(text: &str, force: bool) -> Result<LoadedText, String> {
    let file = read_record_text(text).map_err(|e| e.to_string())?;
    let request = LoadRequest {
        path: "test".into(),
        game: None,
        force,
    };
    let (session, loaded) = load_from(&file, &request, 5).map_err(|e| e.to_string())?;
    let position = session.game().position_string();
    Ok((written(&session), loaded.notes, position))
}

/// Every way `text` is damaged here, each with what was done.
fn damaged(text: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let join = |lines: &[&str]| lines.concat();
    let mut cases = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let start: usize = lines[..index].iter().map(|l| l.len()).sum();
        // One byte changed: each byte of the line to a neighbouring digit or letter, a
        // space, a '#' and a line end.
        for (offset, byte) in line.bytes().enumerate() {
            let mut others = vec![b' ', b'#', b'\n'];
            match byte {
                b'0'..=b'9' => others.extend([b'0' + (byte - b'0' + 1) % 10, b'0' + (byte - b'0' + 9) % 10]),
                b'a'..=b'z' => others.extend([b'a' + (byte - b'a' + 1) % 26, byte.to_ascii_uppercase()]),
                _ => others.push(b'x'),
            }
            for other in others.into_iter().filter(|&o| o != byte) {
                let mut bytes = text.as_bytes().to_vec();
                bytes[start + offset] = other;
                if let Ok(changed) = String::from_utf8(bytes) {
                    cases.push((
                        format!("line {}: byte {offset} to {:?}", index + 1, other as char),
                        changed,
                    ));
                }
            }
        }
        // Dice swapped.
        let words: Vec<&str> = line.split_whitespace().collect();
        if let ["roll" | "dice", first, second] = words.as_slice()
            && first != second
        {
            let mut changed = lines.clone();
            let swapped = format!("{} {second} {first}\n", words[0]);
            changed[index] = &swapped;
            cases.push((format!("line {}: dice swapped", index + 1), join(&changed)));
        }
        // Dropped and repeated.
        let mut dropped = lines.clone();
        dropped.remove(index);
        cases.push((format!("line {} dropped", index + 1), join(&dropped)));
        let mut doubled = lines.clone();
        doubled.insert(index, line);
        cases.push((format!("line {} repeated", index + 1), join(&doubled)));
        // Cut at the line's end, and inside it.
        cases.push((format!("cut after line {}", index + 1), join(&lines[..=index])));
        for cut in [1, line.len() / 2, line.len().saturating_sub(2)] {
            if cut > 0 && cut < line.len() && line.is_char_boundary(cut) {
                cases.push((
                    format!("cut inside line {} at {cut}", index + 1),
                    format!("{}{}", join(&lines[..index]), &line[..cut]),
                ));
            }
        }
        // Header edits: an option dropped, another game, another seed.
        if line.starts_with("game ") || line.starts_with("seed ") {
            let other_game = if line.starts_with("game nardy") {
                "game ur"
            } else {
                "game nardy"
            };
            let edits = [
                format!("{} koks=on\n", line.trim_end()),
                format!("{} extra=1\n", line.trim_end()),
                format!("{other_game}\n"),
                line.replace("seed 11", "seed 12")
                    .replace("seed 1011", "seed 1012"),
            ];
            for edit in edits.iter().filter(|e| e.as_str() != *line) {
                let mut changed = lines.clone();
                changed[index] = edit;
                cases.push((
                    format!("line {} edited to {}", index + 1, edit.trim_end()),
                    join(&changed),
                ));
            }
        }
    }
    cases
}

/// Every case of every game is refused, or loads as a prefix of the game it held, and
/// loads in full only where nothing that counts changed (a comment, blanks). Forced, a
/// case loads as much as checks out, and says so whenever it is not a prefix.
#[test]
fn a_damaged_record_is_refused_or_loads_as_a_prefix_of_its_game() {
    let mut counts = [0usize; 3];
    for (kind, session, text) in saved_records() {
        let original = written(&session);
        let (whole, notes, position) = load_text(&text, false).unwrap();
        assert_eq!(whole, original, "{kind:?}: the undamaged record loads as it was");
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(position, session.game().position_string());
        for (what, changed) in damaged(&text) {
            let is_prefix = |actions: &[Action<String>]| original.starts_with(actions);
            match load_text(&changed, false) {
                Err(error) => {
                    counts[0] += 1;
                    assert!(!error.contains('\t') && !error.contains('\n'), "{error:?}");
                }
                Ok((actions, _, _)) => {
                    assert!(
                        is_prefix(&actions),
                        "{kind:?}, {what}: loaded as another game:\n{changed}"
                    );
                    counts[if actions == original { 1 } else { 2 }] += 1;
                }
            }
            if let Ok((actions, notes, _)) = load_text(&changed, true) {
                assert!(
                    is_prefix(&actions) || notes.iter().any(|n| n.starts_with("record damaged")),
                    "{kind:?}, {what}: forced, loaded as another game without a word:\n{changed}"
                );
            }
        }
    }
    let [refused, whole, shorter] = counts;
    assert!(refused > 5000, "{counts:?}");
    // Loaded in full: changes to comments and blanks only; shorter: none at all, since a
    // cut record has no seal.
    assert!(whole > 0, "{counts:?}");
    assert_eq!(shorter, 0, "{counts:?}");
}

/// A roll the seed does not throw is refused even where the seal was made again (as a
/// program that writes records by hand would), and so are dice swapped; typed dice are
/// taken as written.
#[test]
fn rolls_are_checked_against_the_seed_and_typed_dice_are_not() {
    for (kind, session, text) in saved_records() {
        let lines: Vec<&str> = text.lines().collect();
        let rolls: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("roll "))
            .collect();
        assert!(rolls.len() > 3, "{kind:?}:\n{text}");
        for &index in &rolls {
            let words: Vec<&str> = lines[index].split_whitespace().collect();
            let first: u8 = words[1].parse().unwrap();
            let other = if first == 1 { 2 } else { 1 };
            let mut changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            changed[index] = std::iter::once("roll".to_string())
                .chain(std::iter::once(other.to_string()))
                .chain(words[2..].iter().map(|w| w.to_string()))
                .collect::<Vec<_>>()
                .join(" ");
            let changed = reseal(&(changed.join("\n") + "\n"));
            match load_text(&changed, false) {
                Err(error) => assert!(
                    error.contains("throws") || error.contains("cannot") || error.contains("not"),
                    "{kind:?}: {error}"
                ),
                Ok((actions, _, _)) => panic!("{kind:?}: a changed roll loaded: {actions:?}"),
            }
            // Forced, it loads the actions before the changed roll, and says where it stopped.
            let (actions, notes, _) = load_text(&changed, true).unwrap();
            let before = lines[..index]
                .iter()
                .filter(|l| ["roll ", "dice ", "play "].iter().any(|w| l.starts_with(w)))
                .count();
            assert_eq!(actions.len(), before, "{kind:?}: {notes:?}");
            assert!(
                notes.iter().any(|n| n.contains(&format!("line {}", index + 1))),
                "{notes:?}"
            );
        }
        assert_eq!(
            text.matches("\ndice ").count(),
            1,
            "{kind:?}: one typed roll:\n{text}"
        );
        assert!(written(&session).iter().any(|a| matches!(a, Action::Dice(_))));
    }
}

/// Records written before the seal existed (a `seed` line of where the stream ended, no
/// `seal` and no `end`) load as they did, with a note that they cannot be checked.
#[test]
fn records_written_before_the_seal_still_load_with_a_note() {
    for (kind, session, _) in saved_records() {
        let game = session.game();
        let mut old = format!("# tabula record\ngame {}\n", game.info().id);
        old.push_str(&format!(
            "seed {} at {}\n",
            session.seed(),
            session.dice_position()
        ));
        for action in session.written_actions() {
            old.push_str(&action_line(&action, |s| game.seat_name(s).to_string()));
            old.push('\n');
        }
        let (actions, notes, position) = load_text(&old, false).unwrap();
        assert_eq!(position, game.position_string(), "{kind:?}");
        assert_eq!(actions.len(), session.actions().count());
        assert_eq!(notes, vec![UNSEALED_NOTE.to_string()]);
        // Saved again, it is sealed, and its dice roll on where they stood.
        let file = read_record_text(&old).unwrap();
        let (mut loaded, _) = load_from(&file, &LoadRequest::file("old"), 0).unwrap();
        let again = save_text(&loaded, &[]);
        let (resaved, notes, _) = load_text(&again, false).unwrap();
        // Rolls the seed line cannot throw again are kept as typed dice.
        let typed = |actions: &[Action<String>]| -> Vec<Action<String>> {
            let typed = |a: &Action<String>| match a {
                Action::Roll(dice) => Action::Dice(*dice),
                other => other.clone(),
            };
            actions.iter().map(typed).collect()
        };
        assert_eq!(typed(&resaved), typed(&actions), "{kind:?}:\n{again}");
        assert!(notes.is_empty(), "{notes:?}");
        if matches!(loaded.phase(), Phase::Roll(_)) {
            let next = session.game().roll(&mut session.dice().clone());
            assert_eq!(loaded.roll().unwrap().dice, next, "{kind:?}");
        }
    }
    // A game with nothing after its 'game' line is a cut, not an old record.
    assert!(
        load_text("game ur\n", false)
            .unwrap_err()
            .contains("record damaged")
    );
}

/// A record of several games says how many it holds and loads the one asked for, by a
/// match's game number or by its place in the file.
#[test]
fn a_record_of_several_games_loads_the_one_asked_for() {
    // Games of a match are written as they end, not in order.
    let mut text = String::new();
    let mut sessions = Vec::new();
    for (number, seed) in [(3, 5), (1, 3), (2, 4)] {
        let session = played(GameKind::Ur, seed, 20 + number * 4);
        let notes = [format!("match-game {number}")];
        text.push_str(&write_game(&session, &notes, &["result x".into()]));
        text.push('\n');
        sessions.push((number, session));
    }
    let file = read_record_text(&text).unwrap();
    assert_eq!(file.games.len(), 3);
    for (number, session) in &sessions {
        let request = LoadRequest {
            path: "m".into(),
            game: Some(*number),
            force: false,
        };
        let (loaded, told) = load_from(&file, &request, 0).unwrap();
        assert_eq!((told.number, told.games), (*number, 3));
        assert_eq!(written(&loaded), written(session));
    }
    let too_far = LoadRequest {
        path: "m".into(),
        game: Some(4),
        force: false,
    };
    let error = load_from(&file, &too_far, 0).err().unwrap().to_string();
    assert!(
        error.contains("holds 3 games: give a number from 1 to 3"),
        "{error}"
    );
    // A damaged game names itself; the others still load, with a word about it.
    let damaged = text.replacen("match-game 1", "match-game 7", 1);
    let file = read_record_text(&damaged).unwrap();
    let error = file.first_damage().unwrap().to_string();
    assert!(error.contains("record damaged: game 2, line"), "{error}");
    let (_, told) = load_from(&file, &LoadRequest::file("m"), 0).unwrap();
    assert_eq!(told.number, 3, "the file's first game is the match's game 3");
    let line = file.games[1].line;
    assert_eq!(
        told.notes,
        vec![format!("the file's game of line {line} is damaged")]
    );
}

/// The `# dice:` line of a saved game names the command that throws its dice again, for
/// a game started with `new` after another too.
#[test]
fn a_record_names_the_command_that_throws_its_dice_again() {
    let mut session = played(GameKind::Nardy, 21, 10);
    session.new_game(GameKind::Nardy, &Options::default()).unwrap();
    for _ in 0..12 {
        act(&mut session);
    }
    let text = save_text(&session, &[]);
    let command = text.lines().find_map(|l| l.strip_prefix("# dice: ")).unwrap();
    let seed: u64 = command
        .strip_prefix("tabula play nardy --seed ")
        .unwrap()
        .parse()
        .unwrap();
    assert_ne!(seed, 21, "the second game has a seed of its own");
    assert!(text.contains(&format!("\nseed {seed}\n")), "{text}");
    // That seed, from its start, throws the record's rolls.
    let mut fresh = Session::new(GameKind::Nardy, &Options::default(), seed).unwrap();
    for action in written(&session) {
        match action {
            Action::Roll(dice) => assert_eq!(fresh.roll().unwrap().dice, dice),
            Action::Move(text) => {
                fresh.play_recorded(&text).unwrap();
            }
            other => panic!("{other:?}"),
        }
    }
}

/// The record the man page shows, seal and all, is one tabula reads as sealed: the
/// page is enough to write records tabula accepts.
#[test]
fn the_man_pages_example_record_is_sealed_as_the_page_says() {
    let page = include_str!("../../../man/tabula.6");
    let section = &page[page.find(".SH RECORDS").unwrap()..];
    let start = section.find(".RS\n").unwrap() + 4;
    let example = section[start..start + section[start..].find(".RE\n").unwrap()].replace("\\-", "-");
    let games = parse_records(&example).unwrap();
    assert_eq!(games[0].check, Check::Sealed);
    let (session, loaded) =
        load_from(&read_record_text(&example).unwrap(), &LoadRequest::file("man"), 0).unwrap();
    assert!(loaded.notes.is_empty());
    assert_eq!(session.actions().count(), 6);
    // The record as tabula writes it is the page's, line for line, but for the date and
    // version it was written with (sealed again with the page's).
    let written = save_text(&session, &["seats white=human black=bot:greedy".into()]);
    let page_tag = |key: &str| example.lines().find(|l| l.starts_with(key)).unwrap().to_string();
    let written: String = written
        .split_inclusive('\n')
        .map(
            |line| match ["tag date ", "tag tabula "].iter().find(|k| line.starts_with(*k)) {
                Some(key) => page_tag(key) + "\n",
                None => line.to_string(),
            },
        )
        .collect();
    assert!(reseal(&written).ends_with(&example), "{written}");
}

mod fuzz;

/// The first lines of a saved record of `kind`, then its last line, as lines.
fn saved_lines(kind: GameKind) -> Vec<String> {
    let session = played(kind, 11, 30);
    save_text(&session, &["seats a=human b=human".to_string()])
        .lines()
        .map(str::to_string)
        .collect()
}

fn joined(lines: &[String]) -> String {
    lines.join("\n") + "\n"
}

/// A damaged `seal` line (`fnv1a-64 seal`), or one dropped, is damage, not an old record.
#[test]
fn a_record_whose_seal_line_is_damaged_or_dropped_is_refused() {
    for &kind in GameKind::ALL {
        let lines = saved_lines(kind);
        let seal = lines.iter().position(|l| l == "seal fnv1a-64").unwrap();
        let mut swapped = lines.clone();
        swapped[seal] = "fnv1a-64 seal".into();
        let error = load_text(&joined(&swapped), false).unwrap_err();
        assert!(error.contains("cannot read 'fnv1a-64 seal'"), "{error}");
        let mut dropped = lines.clone();
        dropped.remove(seal);
        let error = load_text(&joined(&dropped), false).unwrap_err();
        assert!(error.contains("record damaged"), "{error}");
        // Dropped with the `end` line too: its tags say it was sealed.
        dropped.pop();
        let error = load_text(&joined(&dropped), false).unwrap_err();
        assert!(error.contains("has tags but neither"), "{error}");
        // A game option added after that: still refused, never loaded as that game.
        dropped[seal - 1].push_str(" koks=on");
        assert!(load_text(&joined(&dropped), false).is_err());
    }
}

/// An unknown line is refused in every record: sealed, and written before the seal.
#[test]
fn an_unknown_line_is_refused_in_every_record() {
    let lines = saved_lines(GameKind::Nardy);
    let mut sealed = lines.clone();
    sealed.insert(5, "foo bar".into());
    let error = load_text(&reseal(&joined(&sealed)), false).unwrap_err();
    assert!(error.contains("cannot read 'foo bar'"), "{error}");
    let old = "game ur\nseed 3\nfoo bar\nroll 2\n";
    let error = load_text(old, false).unwrap_err();
    assert!(
        error.contains("line 3: cannot read 'foo bar'") && error.contains("seats"),
        "{error}"
    );
    assert!(load_text("game ur\nseed 3\nroll 2\n", false).is_ok());
}

/// Only a game with neither a `seal` nor an `end` line is read as one of before the seal;
/// its note is a whole sentence.
#[test]
fn the_unsealed_path_is_only_for_games_with_neither_seal_nor_end() {
    let (_, notes, _) = load_text("game ur\nseed 3\nroll 2\n", false).unwrap();
    assert_eq!(notes, vec![UNSEALED_NOTE.to_string()]);
    assert!(UNSEALED_NOTE.ends_with("cannot be checked"), "{UNSEALED_NOTE}");
    let ended = load_text("game ur\nseed 3\nroll 2\nend 1 0000000000000000\n", false).unwrap_err();
    assert!(ended.contains("without the 'seal fnv1a-64' line"), "{ended}");
    let unended = load_text("game ur\nseal fnv1a-64\nseed 3\nroll 2\n", false).unwrap_err();
    assert!(unended.contains("has no 'end' line"), "{unended}");
}

/// Every record tabula writes has tags (date, version, players, result and reason),
/// sealed with the rest; `load` tells them.
#[test]
fn records_carry_tags_that_load_tells() {
    let mut session = played(GameKind::Ur, 5, 5000);
    assert_eq!(session.phase(), Phase::Over);
    let text = save_text(&session, &["seats light=human dark=bot:greedy".to_string()]);
    for tag in [
        "tag date 20",
        "tag tabula ",
        "tag player light human",
        "tag player dark bot:greedy",
        "tag result ",
        "tag reason played out",
    ] {
        assert!(text.contains(&format!("\n{tag}")), "{tag}:\n{text}");
    }
    let file = read_record_text(&text).unwrap();
    let (_, loaded) = load_from(&file, &LoadRequest::file("t"), 0).unwrap();
    assert!(loaded.about[0].starts_with("recorded 20"), "{:?}", loaded.about);
    assert_eq!(loaded.about[1], "players: light human, dark bot:greedy");
    assert!(loaded.about[2].starts_with("result: "), "{:?}", loaded.about);
    // A changed tag breaks the seal.
    let changed = text.replace("tag player dark bot:greedy", "tag player dark bot:random");
    assert!(load_text(&changed, false).unwrap_err().contains("seal"));
    // A game saved before its end, and one resigned.
    session = played(GameKind::Ur, 6, 12);
    let unfinished = save_text(&session, &[]);
    assert!(unfinished.contains("\ntag result unfinished\n"), "{unfinished}");
    session.resign(0).unwrap();
    let resigned = save_text(&session, &[]);
    assert!(resigned.contains("\ntag reason light resigned\n"), "{resigned}");
}
