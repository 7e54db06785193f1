use super::*;
use crate::games::GameKind;

fn history(name: &str, keep: usize) -> History {
    let dir = std::env::temp_dir().join(format!("tabula-history-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    History::at(dir, keep)
}

fn rolled_session(seed: u64) -> Session {
    let mut session = Session::new(GameKind::from_id("ur").unwrap(), &Default::default(), seed).unwrap();
    session.roll().unwrap();
    session
}

#[test]
fn a_game_gets_its_file_at_its_first_action_and_is_read_back_sealed() {
    let history = history("first", 10);
    let fresh = Session::new(GameKind::from_id("ur").unwrap(), &Default::default(), 1).unwrap();
    let mut kept = history.start();
    assert!(
        !kept.keep(&fresh, &[]).unwrap(),
        "nothing to keep before the first action"
    );
    assert!(history.numbers().is_empty());
    let session = rolled_session(1);
    assert!(kept.keep(&session, &[]).unwrap());
    assert!(
        !kept.keep(&session, &[]).unwrap(),
        "an unchanged game is not written again"
    );
    assert_eq!(kept.number(), Some(1));
    let entries = history.entries();
    let record = entries[0].record.as_ref().unwrap();
    assert_eq!(record.check, crate::app::record::Check::Sealed);
    assert_eq!(record.actions.len(), session.actions().count());
    let _ = std::fs::remove_dir_all(history.dir());
}

#[test]
fn last_and_numbers_name_kept_games_and_a_wrong_one_says_which_there_are() {
    let history = history("resolve", 2);
    assert!(matches!(history.resolve("last"), Err(HistoryError::Empty)));
    for seed in 1..=3 {
        history.start().keep(&rolled_session(seed), &[]).unwrap();
    }
    assert_eq!(
        history.numbers(),
        [2, 3],
        "the oldest beyond the bound is removed"
    );
    assert_eq!(history.resolve("last").unwrap(), history.path_of(3));
    assert_eq!(history.resolve("2").unwrap(), history.path_of(2));
    let error = history.resolve("1").unwrap_err().to_string();
    assert!(
        error.contains("no kept game 1") && error.contains("2 to 3"),
        "{error}"
    );
    assert_eq!(history.number_of_path(&history.path_of(3)), Some(3));
    assert_eq!(history.number_of_path(Path::new("game-000003.txt")), None);
    let _ = std::fs::remove_dir_all(history.dir());
}

#[test]
fn words_that_are_not_last_or_a_number_are_file_names() {
    assert_eq!(record_path("game.txt").unwrap(), "game.txt");
    assert_eq!(record_path("./3").unwrap(), "./3");
}

#[test]
fn what_a_killed_program_left_among_the_kept_games_goes_once_a_day_old() {
    let history = history("left-behind", 10);
    std::fs::create_dir_all(history.dir()).unwrap();
    let (old, fresh) = (
        history.dir().join(".game-000001.txt.4242.tmp"),
        history.dir().join(".game-000002.txt.4343.tmp"),
    );
    for path in [&old, &fresh] {
        std::fs::write(path, "cut short").unwrap();
    }
    let day_ago = std::time::SystemTime::now() - LEFT_BEHIND - std::time::Duration::from_secs(60);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(day_ago)
        .unwrap();
    history.start().keep(&rolled_session(1), &[]).unwrap();
    assert!(!old.exists());
    assert!(fresh.exists(), "a program may still be writing it");
    assert_eq!(history.numbers(), vec![1]);
}
