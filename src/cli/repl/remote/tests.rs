//! The remote table's keyboard from a pipe: what it answers, what it refuses, and the
//! decisions it hands to the table.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use super::*;
use crate::core::Game;
use crate::games::GameKind;

/// Output that the test can read after the keyboard wrote it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }
}

fn keyboard(lines: &str) -> (RemoteKeyboard, Shared) {
    let out = Shared::default();
    let input: Box<dyn BufRead> = Box::new(io::Cursor::new(lines.as_bytes().to_vec()));
    (RemoteKeyboard::piped(input, Box::new(out.clone())), out)
}

fn ur() -> Session {
    let kind = GameKind::from_id("ur").unwrap();
    Session::new(kind, kind.default_game().options(), 7).unwrap()
}

#[test]
fn commands_that_read_answer_and_those_that_change_the_game_are_refused() {
    let mut session = ur();
    let position = session.game().position_string();
    let (mut keys, out) =
        keyboard("board\nlegal\nstatus\nhint\nnew\nsetpos x\ndice 1 1 1 1\nquit\nredo\nroll\n");
    let decision = keys.decide(&mut session, 0, &[]).unwrap();
    assert_eq!(decision, Decision::Roll);
    let text = out.text();
    assert!(text.contains("to roll; legal: roll"), "{text}");
    assert!(
        text.contains("error: new: a remote game cannot be replaced here"),
        "{text}"
    );
    assert!(text.contains("error: setpos:"), "{text}");
    assert!(text.contains("error: dice: every side throws"), "{text}");
    assert!(
        text.contains("error: quit: a remote game goes on; 'resign' concedes"),
        "{text}"
    );
    assert!(text.contains("error: redo:"), "{text}");
    // Nothing changed: no action, the same position.
    assert_eq!(session.actions().count(), 0);
    assert_eq!(session.game().position_string(), position);
}

#[test]
fn a_move_the_rules_refuse_is_answered_here_and_a_legal_one_is_the_decision() {
    let mut session = ur();
    while session.legal_texts().is_empty() || matches!(session.phase(), Phase::Roll(_)) {
        session.roll().unwrap();
    }
    let legal = session.legal_texts()[0].clone();
    let (mut keys, out) = keyboard(&format!("roll\n{legal}\n"));
    let decision = keys.decide(&mut session, 0, &[]).unwrap();
    assert_eq!(decision, Decision::Move(legal));
    assert!(out.text().contains("error: "), "{}", out.text());
}

#[test]
fn save_writes_the_record_so_far_with_the_notes_and_undo_resign_are_decisions() {
    let dir = std::env::temp_dir().join(format!("tabula-remote-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mid.txt");
    let mut session = ur();
    session.roll().unwrap();
    let notes = vec!["seats light=human dark=remote".to_string()];
    let (mut keys, out) = keyboard(&format!("save {}\nundo\nresign\n", file.display()));
    assert_eq!(keys.decide(&mut session, 0, &notes).unwrap(), Decision::Undo);
    assert_eq!(keys.decide(&mut session, 0, &notes).unwrap(), Decision::Resign);
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.contains("seats light=human dark=remote"), "{record}");
    assert!(record.contains("\nroll "), "{record}");
    assert!(out.text().contains("saved to "), "{}", out.text());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_end_of_input_is_the_person_leaving_and_only_yes_allows_an_undo() {
    let mut session = ur();
    let (mut keys, _) = keyboard("");
    let error = keys.decide(&mut session, 0, &[]).unwrap_err();
    assert_eq!(error.kind(), io::ErrorKind::UnexpectedEof);
    let (mut keys, out) = keyboard("y\nno\n");
    assert!(keys.allow_undo(&session, "light asks: allow? [y/N] ").unwrap());
    assert!(!keys.allow_undo(&session, "light asks: allow? [y/N] ").unwrap());
    assert!(
        out.text().contains("light asks: allow? [y/N]\n"),
        "{}",
        out.text()
    );
}

#[test]
fn tab_at_the_remote_prompt_offers_roll_and_the_legal_moves() {
    let mut session = ur();
    let completions = Completions::new(session.game(), session.legal_texts());
    assert_eq!(completions.complete("ro").1, vec!["roll".to_string()]);
    while session.legal_texts().is_empty() || matches!(session.phase(), Phase::Roll(_)) {
        session.roll().unwrap();
    }
    let legal = session.legal_texts();
    let completions = Completions::new(session.game(), legal.clone());
    let first = &legal[0];
    let (_, offered) = completions.complete(&first[..1]);
    assert!(offered.contains(first), "{offered:?}");
}
