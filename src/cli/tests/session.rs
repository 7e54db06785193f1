//! The table and the session as a player meets them: undo that never bends the game or
//! its luck, records that never load as another game, new/load/save that never lose a
//! game, seats and resigning.

use super::{genmove, play_config, step, temp_dir};
use crate::app::analysis::analyse_game;
use crate::app::record::{Replay, Replaying, load_file, parse_records, save_text};
use crate::app::session::{Action, Session};
use crate::cli::repl::{Flow, Table};
use crate::core::Notation;
use crate::core::{Game, Options, Phase};
use crate::games::{AnyMove, GameKind};

fn table(kind: GameKind, options: &[&str], seats: &[&str], seed: u64) -> Table {
    let mut table = Table::new(&play_config(kind, options, seats, seed, false), false).unwrap();
    table.advance(&mut Vec::new()).unwrap();
    table
}

/// Runs one line; returns what it printed, or the refusal's text.
fn line(table: &mut Table, text: &str) -> Result<String, String> {
    let mut out = Vec::new();
    let result = table.handle_line(text, &mut out).unwrap();
    let printed = String::from_utf8(out).unwrap();
    match result {
        Ok(Flow::Continue | Flow::Quit) => Ok(printed),
        Err(error) => Err(error.to_string()),
    }
}

fn ok(table: &mut Table, text: &str) -> String {
    line(table, text).unwrap_or_else(|e| panic!("'{text}' was refused: {e}"))
}

fn position(table: &Table) -> String {
    table.session().game().position_string()
}

/// The history as record lines, to compare whole sessions.
fn history(table: &Table) -> Vec<String> {
    table
        .session()
        .actions()
        .map(|(_, action)| format!("{action:?}"))
        .collect()
}

/// Rolls the roll-off that decides who starts (bots roll theirs by themselves); returns
/// the seat that starts.
fn through_roll_off(table: &mut Table) -> usize {
    while table.session().game().roll_off().is_some() {
        ok(table, "roll");
    }
    table.session().phase().seat().unwrap()
}

/// A person's move now: the built-in bot's choice.
fn hinted(table: &Table) -> String {
    super::hint(table.session())
}

/// A fresh directory for one test, and the path of a `game.txt` in it (not written yet).
fn game_file(name: &str) -> (std::path::PathBuf, String) {
    let dir = temp_dir(name);
    let path = dir.join("game.txt").to_str().unwrap().to_string();
    (dir, path)
}

#[test]
fn an_undo_with_nothing_to_take_back_changes_nothing() {
    // Two people: a roll is no decision, so there is nothing to undo, and the roll stays.
    let mut table = table(GameKind::Nardy, &[], &["black=human"], 1);
    let starter = through_roll_off(&mut table);
    ok(&mut table, "roll");
    let (before, actions) = (position(&table), history(&table));
    let refused = line(&mut table, "undo").unwrap_err();
    assert_eq!(
        refused,
        "wrong phase: nothing to undo: no move has been played yet"
    );
    assert_eq!(position(&table), before);
    assert_eq!(history(&table), actions);
    assert_eq!(table.session().phase(), Phase::Move(starter));
}

#[test]
fn undo_between_people_takes_back_the_last_move_with_its_roll_kept() {
    let mut table = table(GameKind::Nardy, &[], &["black=human"], 1);
    let starter = through_roll_off(&mut table);
    let name = table.session().seat_name(starter);
    ok(&mut table, "roll");
    let dice = table.session().game().dice();
    let choice = hinted(&table);
    ok(&mut table, &choice);
    ok(&mut table, "roll");
    // The other side has rolled: undo takes back that roll and the starter's move only.
    let said = ok(&mut table, "undo");
    assert_eq!(said, format!("took back {name} {choice}\n"));
    assert_eq!(table.session().game().dice(), dice);
    assert_eq!(table.session().phase(), Phase::Move(starter));
}

#[test]
fn undo_against_bots_goes_past_forced_passes_and_the_bots_replay_the_same_dice_and_moves() {
    // Red is the only person; the three bots include a random one.
    let mut table = table(
        GameKind::Aeroplane,
        &[],
        &["yellow=bot:random", "blue=bot:greedy", "green=bot:random"],
        3,
    );
    // Roll until red has a real choice; the forced passes before it are no decisions.
    let mut forced_passes = 0;
    while table.session().phase() != Phase::Move(0) {
        let said = ok(&mut table, "roll");
        forced_passes += said.matches("red has no legal move").count();
    }
    assert!(forced_passes > 0, "seed 3 should start with a forced pass");
    assert_eq!(
        line(&mut table, "undo").unwrap_err(),
        "wrong phase: nothing of yours to undo: you have not moved yet"
    );
    let choice = hinted(&table);
    let (at_choice, actions) = (position(&table), history(&table));
    let first = ok(&mut table, &choice) + &ok(&mut table, "roll");
    let after_first = history(&table);
    // Back to red's choice, whatever the bots did after it.
    let took = ok(&mut table, "undo");
    assert!(took.starts_with("took back "), "{took}");
    assert!(took.trim_end().ends_with(&format!("red {choice}")), "{took}");
    assert_eq!(position(&table), at_choice);
    assert_eq!(history(&table), actions);
    // The same choice brings the same dice and the same bot moves: no fishing for luck.
    let again = ok(&mut table, &choice) + &ok(&mut table, "roll");
    assert_eq!(again, first);
    assert_eq!(history(&table), after_first);
}

#[test]
fn the_engine_protocols_single_undo_rewinds_the_dice() {
    let mut session = Session::new(GameKind::Ur, &Options::default(), 9).unwrap();
    let first = session.roll().unwrap().dice;
    session.undo().unwrap();
    let second = session.roll().unwrap().dice;
    assert_eq!(first, second);
    let position = session.dice_position();
    session.undo().unwrap();
    assert!(session.dice_position() < position);
}

#[test]
fn a_loaded_game_rewinds_its_dice_on_undo_like_the_game_that_was_saved() {
    let (dir, file) = game_file("load-undo");
    let mut table = table(GameKind::Nardy, &[], &["black=bot:random"], 5);
    for _ in 0..6 {
        let choice = if table.session().phase() == Phase::Roll(0) {
            "roll".to_string()
        } else {
            hinted(&table)
        };
        ok(&mut table, &choice);
    }
    ok(&mut table, &format!("save {file}"));
    let first_roll = table
        .session()
        .actions()
        .find_map(|(_, action)| match action {
            Action::Roll(dice) => Some(*dice),
            _ => None,
        })
        .unwrap();
    let mut loaded = load_file(&file, 0).unwrap();
    assert_eq!(loaded.dice_position(), table.session().dice_position());
    // Taking everything back rewinds the stream to the start: the first roll comes again.
    while loaded.undo().is_ok() {}
    assert_eq!(loaded.dice_position(), 0);
    assert_eq!(loaded.roll().unwrap().dice, first_roll);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Mnogoboy game played by the built-in bot until `swap grey` has just been played.
fn mnogoboy_with_swap_grey() -> Session {
    for seed in 1..200 {
        let mut session = Session::new(GameKind::Mnogoboy, &Options::default(), seed).unwrap();
        for _ in 0..400 {
            match session.phase() {
                Phase::Over => break,
                Phase::Roll(_) => {
                    session.roll().unwrap();
                }
                Phase::Move(_) => {
                    if session.legal_texts().iter().any(|m| m == "swap grey") {
                        session.play_text("swap grey").unwrap();
                        return session;
                    }
                    genmove(&mut session);
                }
            }
        }
    }
    panic!("no game offered swap grey");
}

#[test]
fn a_torn_record_never_loads_as_another_game() {
    use crate::app::record::seal::reseal;
    let session = mnogoboy_with_swap_grey();
    let whole = save_text(&session, &[]);
    let (above, end) = whole.rsplit_once("play swap grey\n").unwrap();
    assert!(end.starts_with("end "), "{whole}");
    // Cut short while written: the last line has no line end.
    let cut = format!("{above}play swap g");
    let error = parse_records(&cut).unwrap_err().to_string();
    assert!(error.contains("'play swap g' has no line end"), "{error}");
    // With a line end and sealed again, records still spell moves in full: 'g' is not
    // read as green.
    let records = parse_records(&reseal(&format!("{above}play swap g\n{end}"))).unwrap();
    let error = Session::from_record(&records[0], 0).err().unwrap().to_string();
    assert!(error.contains("records spell moves in full"), "{error}");
    // The whole record loads, and gives the same game.
    let records = parse_records(&whole).unwrap();
    let loaded = Session::from_record(&records[0], 0).unwrap();
    assert_eq!(loaded.game().position_string(), session.game().position_string());
    // At the prompt the letter code still works.
    let mut typed = mnogoboy_with_swap_grey();
    typed.undo().unwrap();
    assert_eq!(typed.play_text("swap s").unwrap().text, "swap grey");
}

#[test]
fn analysis_refuses_a_torn_record_as_load_does() {
    use crate::ai::roster::BotKind;
    let whole = save_text(&mnogoboy_with_swap_grey(), &[]);
    let cut = crate::app::record::seal::reseal(&whole.replace("play swap grey\n", "play swap g\n"));
    let mut bot = BotKind::Greedy.build_any(1);
    let mut luck = BotKind::Greedy.build_any(2);
    for (text, refused) in [(cut.as_str(), true), (whole.as_str(), false)] {
        let records = parse_records(text).unwrap();
        let analysis = analyse_game(&records[0], bot.as_mut(), luck.as_mut(), &[], || {});
        assert_eq!(analysis.is_err(), refused, "{:?}", analysis.err());
        if let Err(error) = analysis {
            assert!(
                error.to_string().contains("records spell moves in full"),
                "{error}"
            );
        }
    }
    // Unsealed again, the changed record is refused before it is replayed.
    let changed = whole.replace("play swap grey\n", "play swap g\n");
    assert!(
        parse_records(&changed)
            .unwrap_err()
            .to_string()
            .contains("record damaged")
    );
}

/// A record's replay steps tell what the session did when the game was played: one per
/// action, each from the game the one before left, with the seat, the move and the news.
#[test]
fn a_replay_steps_through_the_game_as_it_was_played() {
    let mut session = Session::new(GameKind::Ur, &Options::default(), 7).unwrap();
    let mut told = Vec::new();
    while session.phase() != Phase::Over && session.actions().count() < 200 {
        let notes = match session.phase() {
            Phase::Roll(_) => session.roll().unwrap().notes,
            _ => match genmove(&mut session) {
                Some(played) => played.notes,
                None => session.roll().unwrap().notes,
            },
        };
        told.push(notes);
    }
    let text = save_text(&session, &[]);
    let records = parse_records(&text).unwrap();
    let steps: Vec<_> = Replay::new(&records[0], 0, Replaying::Saved)
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let played: Vec<_> = session.actions().collect();
    assert_eq!(steps.len(), played.len());
    let lines: Vec<&str> = text.lines().collect();
    let mut game = GameKind::Ur.new_game(&Options::default()).unwrap();
    for ((step, (seat, action)), notes) in steps.iter().zip(&played).zip(&told) {
        assert_eq!(step.before.position_string(), game.position_string());
        assert_eq!((step.seat, &step.action), (*seat, *action));
        assert_eq!(step.notes(), notes.as_slice());
        let written = crate::app::record::action_line(&step.recorded, |s| game.seat_name(s).into());
        assert_eq!(lines[step.line - 1], written);
        game = step.after.clone();
    }
    assert_eq!(game.position_string(), session.game().position_string());
}

#[test]
fn a_failed_save_keeps_the_file_it_would_have_replaced() {
    let (dir, path) = game_file("atomic-save");
    let mut table = table(GameKind::Ur, &[], &[], 2);
    ok(&mut table, &format!("save {path}"));
    let saved = std::fs::read_to_string(&path).unwrap();
    ok(&mut table, "roll");
    // The temporary file cannot be made (a folder stands in its way): the save fails.
    let blocker = dir.join(format!(".game.txt.{}.tmp", std::process::id()));
    std::fs::create_dir(&blocker).unwrap();
    let refused = line(&mut table, &format!("save {path}")).unwrap_err();
    assert!(
        refused.starts_with(&format!("file error: cannot write {path}")),
        "{refused}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), saved);
    assert!(table.session().unsaved());
    std::fs::remove_dir(&blocker).unwrap();
    ok(&mut table, &format!("save {path}"));
    assert!(std::fs::read_to_string(&path).unwrap().contains("\nroll "));
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("game.txt")]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_load_and_save_ask_before_losing_a_game_or_a_file() {
    let (dir, path) = game_file("confirm");
    let mut table = table(GameKind::Nardy, &[], &[], 4);
    // Nothing played yet: nothing to lose.
    assert_eq!(table.confirmation("new"), None);
    ok(&mut table, "roll");
    let question = table.confirmation("new ur").unwrap();
    assert!(question.contains("not saved"), "{question}");
    assert_eq!(
        table.confirmation(&format!("load {path}")),
        None,
        "no such file yet"
    );
    assert_eq!(table.confirmation(&format!("save {path}")), None);
    ok(&mut table, &format!("save {path}"));
    let choice = hinted(&table);
    ok(&mut table, &choice);
    assert!(table.confirmation(&format!("load {path}")).is_some());
    ok(&mut table, &format!("save {path}"));
    assert_eq!(table.confirmation("new"), None);
    assert_eq!(
        table.confirmation(&format!("save {path}")),
        Some(format!("{path} exists. Replace it? [y/N] "))
    );
    assert_eq!(table.confirmation("legal"), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_strict_script_refuses_to_throw_away_an_unsaved_game() {
    let run = |strict: bool| {
        let config = play_config(GameKind::Nardy, &[], &[], 4, strict);
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let input = "roll\nnew\nstatus\n".as_bytes();
        let code = crate::cli::repl::run_piped(&config, input, &mut out, &mut err).unwrap();
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    };
    let (code, out, err) = run(true);
    assert_eq!(code, std::process::ExitCode::FAILURE);
    assert!(
        err.starts_with("error: line 2: wrong phase: the game in progress is not saved"),
        "{err}"
    );
    assert!(!out.contains("new game"), "{out}");
    let (code, out, err) = run(false);
    assert_eq!(code, std::process::ExitCode::SUCCESS);
    assert!(out.contains("new game: Long Nardy"), "{out}");
    assert!(out.ends_with("turn white roll rolloff\n"), "{out}");
    assert_eq!(err, "");
}

#[test]
fn new_keeps_the_rule_options_and_the_seats_unless_new_ones_are_given() {
    let mut table = table(GameKind::Nardy, &["match=3", "koks=on"], &["black=human"], 6);
    ok(&mut table, "roll");
    let said = ok(&mut table, "new");
    // A roll was thrown: the new game's dice start a stream of their own, named.
    let (header, dice) = said.split_once('\n').unwrap();
    assert_eq!(
        header,
        "new game: Long Nardy (koks=on match=3): white human, black human"
    );
    let seed = dice
        .strip_prefix("dice: tabula play nardy koks=on match=3 --seed ")
        .and_then(|s| s.trim_end().parse::<u64>().ok());
    assert_eq!(seed, Some(table.session().seed()), "{said}");
    let said = ok(&mut table, "new match=5 black=bot:random");
    // Nothing was thrown since: the seed stays.
    assert_eq!(
        said,
        format!(
            "new game: Long Nardy (koks=on match=5): white human, black bot:random\n{}",
            dice.replace("match=3", "match=5")
        )
    );
    // Another game starts with its own default options; the seats keep their players.
    let said = ok(&mut table, "new ur");
    assert_eq!(
        said.lines().next(),
        Some("new game: Royal Game of Ur: light human, dark bot:random")
    );
    let said = ok(&mut table, "new aeroplane players=3 2=human");
    assert_eq!(
        said.lines().next(),
        Some("new game: Aeroplane Chess (players=3): red human, yellow human, blue bot:best (net:3)")
    );
    // A word that is neither an option nor a seat changes nothing.
    let before = table.header();
    let refused = line(&mut table, "new cube=on").unwrap_err();
    assert!(
        refused.contains("unknown option 'cube'") && refused.contains("SEAT=PLAYER"),
        "{refused}"
    );
    assert_eq!(table.header(), before);
}

#[test]
fn seats_change_in_the_middle_of_a_game() {
    let mut table = table(GameKind::Nardy, &[], &[], 7);
    through_roll_off(&mut table);
    ok(&mut table, "roll");
    let choice = hinted(&table);
    ok(&mut table, &choice);
    // Black (the bot) has played; now a person takes over black.
    assert_eq!(
        ok(&mut table, "seat black human"),
        "black is now played by human\n"
    );
    assert_eq!(table.header(), "Long Nardy: white human, black human");
    ok(&mut table, "roll");
    let choice = hinted(&table);
    ok(&mut table, &choice);
    assert_eq!(table.session().phase(), Phase::Roll(1));
    // Handing the seat to a bot lets it play at once.
    let said = ok(&mut table, "seat 2 bot:random");
    assert_eq!(said.lines().next(), Some("black is now played by bot:random"));
    assert!(said.contains("\nblack rolls "), "{said}");
    assert_eq!(table.session().phase().seat(), Some(0));
    for bad in ["seat green human", "seat black smart", "seat black"] {
        let before = (table.header(), position(&table));
        assert!(line(&mut table, bad).is_err(), "{bad}");
        assert_eq!((table.header(), position(&table)), before, "{bad}");
    }
}

#[test]
fn resigning_ends_the_game_and_undo_takes_it_back() {
    let mut table = table(GameKind::Ur, &[], &[], 8);
    ok(&mut table, "roll");
    let before = position(&table);
    assert_eq!(ok(&mut table, "resign"), "game over: light resigns; dark wins\n");
    assert_eq!(table.session().phase(), Phase::Over);
    assert_eq!(ok(&mut table, "status"), "over dark\n");
    assert_eq!(
        ok(&mut table, "result"),
        "Light resigns; dark wins.\nPoints: light 0, dark 1.\n"
    );
    assert!(line(&mut table, "roll").is_err());
    assert!(line(&mut table, "resign").is_err());
    assert_eq!(ok(&mut table, "undo"), "took back light's resignation\n");
    assert_eq!(position(&table), before);
    assert!(line(&mut table, "result").is_err());
    // A position set after a resignation plays on; taking it back ends the game again.
    ok(&mut table, "resign");
    ok(&mut table, &format!("setpos {before}"));
    assert!(table.session().phase() != Phase::Over);
    assert_eq!(ok(&mut table, "undo"), "took back the position set\n");
    assert_eq!(ok(&mut table, "status"), "over dark\n");
}

#[test]
fn a_resignation_is_kept_in_the_record() {
    let (dir, path) = game_file("resign-record");
    let mut table = table(GameKind::Aeroplane, &["players=3"], &[], 8);
    assert_eq!(
        ok(&mut table, "resign"),
        "game over: red resigns; yellow and blue share the first place\n"
    );
    assert_eq!(
        ok(&mut table, "result"),
        "Red resigns; yellow and blue share the first place.\nPlaces: 1st yellow, 1st blue, 3rd red.\n"
    );
    ok(&mut table, &format!("save {path}"));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\nresign red\nend 1 "), "{text}");
    assert!(
        text.contains("\nseats red=human yellow=bot:best blue=bot:best\n"),
        "{text}"
    );
    let loaded = load_file(&path, 0).unwrap();
    assert_eq!(loaded.status(), "over yellow,blue");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_nardy_match_goes_on_after_a_resigned_game() {
    let mut table = table(GameKind::Nardy, &["match=3"], &["black=human"], 9);
    assert_eq!(through_roll_off(&mut table), 0, "seed 9: white wins the roll-off");
    ok(&mut table, "roll");
    // Nobody has borne off: resigning costs a mars.
    let said = ok(&mut table, "resign");
    assert_eq!(
        said,
        "white resigns the game; black scores a mars (2 points)\nmatch score: white 0, black 2 (3 to win); black starts the next game\n"
    );
    assert_eq!(table.session().phase(), Phase::Roll(1));
    assert!(position(&table).ends_with("turn=black:roll first=wb score=0-2"));
    ok(&mut table, "roll");
    ok(&mut table, "resign");
    assert!(position(&table).ends_with("turn=white:roll first=wb score=2-2"));
    let said = ok(&mut table, "resign");
    assert_eq!(
        said,
        "game over: white resigns; black wins the match 4-2 (last game: a mars (2 points))\n"
    );
    assert_eq!(
        ok(&mut table, "result"),
        "White resigns; black wins the match 4-2 (last game: a mars (2 points)).\nPoints: white 2, black 4.\n"
    );
}

#[test]
fn resigning_long_nardy_costs_what_the_game_is_worth_now() {
    let cost = |options: &[&str], position: &str, resigner: &str| {
        let mut table = table(GameKind::Nardy, options, &["black=human"], 1);
        ok(&mut table, &format!("setpos {position}"));
        assert_eq!(
            table
                .session()
                .phase()
                .seat()
                .map(|s| table.session().seat_name(s)),
            Some(resigner)
        );
        ok(&mut table, "resign");
        table.session().outcome().unwrap().summary
    };
    // White has borne off one checker: an oin. Black none: a mars, or a koks with a
    // checker still in its first quarter under koks=on.
    let white_off_one = "w=off,1x14 b=24x15 turn=white:roll first=b score=0-0";
    assert_eq!(
        cost(&[], white_off_one, "white"),
        "white resigns; black wins an oin (1 point)"
    );
    let black_to_roll = "w=off,1x14 b=24x15 turn=black:roll first=b score=0-0";
    assert_eq!(
        cost(&[], black_to_roll, "black"),
        "black resigns; white wins a mars (2 points)"
    );
    assert_eq!(
        cost(&["koks=on"], black_to_roll, "black"),
        "black resigns; white wins a koks (3 points)"
    );
}

/// Sessions keep moves as moves and compare them so: that is only the same as comparing
/// their notation if every legal move reads back from its notation as itself.
#[test]
fn every_legal_move_reads_back_from_its_notation_as_itself() {
    for &kind in GameKind::ALL {
        for seed in 0..6 {
            let mut game = kind.new_game(&Options::default()).unwrap();
            let mut dice = crate::core::SeededDice::new(seed);
            let mut moves = Vec::new();
            for _ in 0..300 {
                moves.clear();
                game.legal_moves(&mut moves);
                for mv in &moves {
                    let text = game.format_move(mv);
                    assert_eq!(game.parse_move(&text).as_ref(), Ok(mv), "{kind:?}: {text}");
                }
                let index = |moves: &[AnyMove]| (seed as usize * 7 + moves.len() * 3) % moves.len();
                if !step(&mut game, &mut dice, index) {
                    break;
                }
            }
        }
    }
}

/// Runs `work` as if Ctrl-C had been pressed at once: every search in it is stopped.
fn with_ctrl_c<T>(work: impl FnOnce() -> T) -> T {
    let flag = crate::ai::search::StopFlag::new();
    flag.request();
    crate::ai::search::stoppable(&flag, work)
}

/// The table at white's first decision of seed `seed` (black's moves played), with the
/// move white then plays.
fn at_white_decision(seats: &[&str], seed: u64) -> (Table, String) {
    let mut table = table(GameKind::Nardy, &[], seats, seed);
    through_roll_off(&mut table);
    if table.session().phase() == Phase::Roll(0) {
        ok(&mut table, "roll");
    }
    assert_eq!(table.session().phase(), Phase::Move(0));
    let white_move = format!("play {}", hinted(&table));
    (table, white_move)
}

#[test]
fn a_bot_stopped_by_ctrl_c_has_not_moved_and_plays_on_after_go() {
    // Given white (a person) about to move and black a searching bot,
    let seats = ["black=bot:expectimax:2"];
    let (mut stopped, white_move) = at_white_decision(&seats, 5);
    let (mut never_stopped, _) = at_white_decision(&seats, 5);
    // when Ctrl-C comes while black thinks after white's move,
    let printed = with_ctrl_c(|| ok(&mut stopped, &white_move));
    // then black has rolled but not moved, and the table waits whatever is typed,
    assert!(printed.contains("stopped: black has not moved"), "{printed}");
    assert_eq!(stopped.session().phase(), Phase::Move(1));
    let waiting = position(&stopped);
    ok(&mut stopped, "board");
    ok(&mut stopped, "legal");
    assert_eq!(position(&stopped), waiting);
    assert!(stopped.waiting_note().unwrap().contains("'go'"));
    // and after `go` black plays what it would have played had nobody stopped it.
    ok(&mut stopped, "go");
    ok(&mut never_stopped, &white_move);
    assert_eq!(history(&stopped), history(&never_stopped));
    assert_eq!(position(&stopped), position(&never_stopped));
    let error = line(&mut stopped, "go").unwrap_err();
    assert!(error.contains("no bot is stopped"), "{error}");
}

#[test]
fn a_hint_or_genmove_stopped_by_ctrl_c_changes_nothing_and_can_be_asked_again() {
    for command in ["hint", "hint 3", "evaluate", "genmove"] {
        let (mut stopped, _) = at_white_decision(&[], 8);
        let (mut never_stopped, _) = at_white_decision(&[], 8);
        ok(&mut stopped, "set bot expectimax:2");
        ok(&mut never_stopped, "set bot expectimax:2");
        let before = (position(&stopped), history(&stopped));
        let error = with_ctrl_c(|| line(&mut stopped, command)).unwrap_err();
        assert!(error.starts_with("stopped: "), "{command}: {error}");
        assert_eq!((position(&stopped), history(&stopped)), before, "{command}");
        // Asked again, the bot answers as one that was never stopped.
        assert_eq!(
            ok(&mut stopped, command),
            ok(&mut never_stopped, command),
            "{command}"
        );
        assert_eq!(history(&stopped), history(&never_stopped), "{command}");
    }
}

#[test]
fn a_rollout_stopped_by_ctrl_c_shows_the_games_played_so_far() {
    // Given white to move and a long rollout asked for,
    let (mut table, _) = at_white_decision(&[], 8);
    crate::app::rollouts::hint_progress(0, 0);
    let flag = crate::ai::search::StopFlag::new();
    let ctrl_c = flag.clone();
    // when Ctrl-C comes once some games are played (on every thread: the table counts
    // the trials in order up to the first one unfinished),
    let presser = std::thread::spawn(move || {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while crate::app::rollouts::hint_trials().0 < 60 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        ctrl_c.request();
    });
    let printed = crate::ai::search::stoppable(&flag, || ok(&mut table, "hint --rollout 100000"));
    presser.join().unwrap();
    // then the table of what those games found is shown, saying they are not all.
    let words = printed.replace('\n', " ");
    assert!(words.contains("(stopped by Ctrl-C after "), "{printed}");
    assert!(words.contains(" of 100000)"), "{printed}");
    assert!(
        printed.lines().any(|l| l.trim_start().starts_with("1. ")),
        "{printed}"
    );
}

#[test]
fn after_a_mnogoboy_move_the_prompt_errors_and_tab_name_only_the_swap_or_pass() {
    // Given two people at Mnogoboy, p2 to start (seed 2),
    let mut table = table(GameKind::Mnogoboy, &["players=2"], &["p2=human"], 2);
    assert_eq!(through_roll_off(&mut table), 1);
    // when p2 takes a colour, rolls and moves,
    assert_eq!(table.prompt(), "p2 take> ");
    ok(&mut table, "play take orange");
    assert_eq!(table.prompt(), "p2> ");
    ok(&mut table, "roll");
    ok(&mut table, "play move");
    // then the prompt, a wrong 'roll' and Tab all say: swap a colour or pass.
    assert_eq!(table.prompt(), "p2 swap/pass> ");
    let error = line(&mut table, "roll").unwrap_err();
    assert_eq!(
        error,
        "wrong phase: p2 must choose first: type 'swap ...' or 'pass' (see 'legal')"
    );
    let (_, offered) = table.completions().complete("");
    assert!(
        offered.iter().all(|w| w.starts_with("swap ") || w == "pass"),
        "{offered:?}"
    );
    assert!(offered.contains(&"pass".to_string()));
    assert!(table.completions().complete("r").1.iter().all(|w| w != "roll"));
}

#[test]
fn undo_after_bots_alone_finished_a_game_says_why_it_cannot() {
    let mut table = table(GameKind::Ur, &[], &["light=bot:random", "dark=bot:random"], 1);
    assert_eq!(table.session().phase(), Phase::Over);
    let error = line(&mut table, "undo").unwrap_err();
    assert!(error.contains("only bots have played"), "{error}");
}

#[test]
fn goto_reaches_the_positions_analyse_numbers_and_redo_walks_to_the_end_again() {
    // Given a whole game between bots, saved,
    let (dir, path) = game_file("goto");
    let mut played = table(
        GameKind::Microbes,
        &[],
        &["white=bot:greedy", "black=bot:random"],
        4,
    );
    assert_eq!(played.session().phase(), Phase::Over);
    ok(&mut played, &format!("save {path}"));
    let end = position(&played);
    // when `analyse` numbers its decisions and a table loads the file,
    let text = std::fs::read_to_string(&path).unwrap();
    let records = parse_records(&text).unwrap();
    let mut bot = crate::ai::roster::BotKind::Greedy.build_any(1);
    let mut luck = crate::ai::roster::BotKind::Greedy.build_any(1);
    let analysis = analyse_game(&records[0], bot.as_mut(), luck.as_mut(), &[], || {}).unwrap();
    let mut loaded = table(GameKind::Microbes, &[], &["white=human", "black=human"], 4);
    ok(&mut loaded, &format!("load {path}"));
    // then `goto TURN` puts the game where the turn's first decision is taken,
    let mut seen = Vec::new();
    for decision in &analysis.decisions {
        if seen.contains(&decision.turn) {
            continue;
        }
        seen.push(decision.turn);
        let said = ok(&mut loaded, &format!("goto {}", decision.turn));
        assert!(said.contains(&format!("at turn {}", decision.turn)), "{said}");
        assert_eq!(
            position(&loaded),
            decision.before.position_string(),
            "turn {}",
            decision.turn
        );
    }
    assert!(seen.len() > 5, "{seen:?}");
    // redo walks forward to the end of the game, and a new move forgets what is ahead.
    ok(&mut loaded, "goto 2");
    let stop = loop {
        match line(&mut loaded, "redo") {
            Err(error) => break error,
            Ok(said) => assert!(said.starts_with("redone: "), "{said}"),
        }
    };
    assert!(stop.contains("nothing to redo"), "{stop}");
    assert_eq!(position(&loaded), end);
    ok(&mut loaded, "goto 3");
    let at_three = (position(&loaded), history(&loaded));
    let error = line(&mut loaded, "goto 9999").unwrap_err();
    assert!(error.contains("it has turns 1 to "), "{error}");
    assert_eq!(
        (position(&loaded), history(&loaded)),
        at_three,
        "a refused goto changes nothing"
    );
    // The recorded move played again keeps the rest ahead; another forgets it.
    let choice = analysis.decisions[0].turn;
    ok(&mut loaded, &format!("goto {choice}"));
    let redone = ok(&mut loaded, "redo");
    let recorded = redone.trim().rsplit(" plays ").next().unwrap().to_string();
    ok(&mut loaded, "undo");
    ok(&mut loaded, &format!("play {recorded}"));
    assert!(ok(&mut loaded, "redo").starts_with("redone: "));
    ok(&mut loaded, &format!("goto {choice}"));
    let other = loaded
        .session()
        .legal_texts()
        .into_iter()
        .find(|m| *m != recorded)
        .expect("an analysed decision has a choice");
    ok(&mut loaded, &format!("play {other}"));
    assert!(line(&mut loaded, "redo").unwrap_err().contains("nothing to redo"));
    let _ = std::fs::remove_dir_all(&dir);
}
