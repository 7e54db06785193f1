//! The session hands on the game's refusals as the game gave them, the facts as fields:
//! a front end or an engine can match on what went wrong, and the words are made only
//! where the error is shown.

use super::{CommandError, NotNow, Session};
use crate::core::{
    DiceError, DiceMistake, IllegalMove, Notation, Options, PhaseMistake, PositionError, PositionMistake,
    WrongPhase,
};
use crate::games::microbes::board::parse_cell;
use crate::games::microbes::{MoveFault, PositionFault, WHITE};
use crate::games::{AnyMoveFault, AnyPositionFault, GameKind};

fn microbes(position: &str) -> Session {
    let kind = GameKind::Microbes;
    let mut session = Session::new(kind, &Options::defaults(kind.info().options), 1).unwrap();
    session.set_position(position).unwrap();
    session
}

#[test]
fn an_illegal_move_carries_the_games_fault_and_the_legal_moves() {
    let mut session = microbes("w=c1,d1 b=h8 reserve=2-3 turn=white:roll");
    session.set_dice(&[4]).unwrap();
    let before = session.game().position_string();
    let error = session.play_text("c1").unwrap_err();
    let cell = |name| parse_cell(name).unwrap();
    assert_eq!(
        error,
        CommandError::Illegal {
            error: IllegalMove(AnyMoveFault::Microbes(MoveFault::OwnAhead {
                seat: WHITE,
                cell: cell("c1"),
                ahead: cell("d1"),
            })),
            legal: vec!["d1".to_string()],
        }
    );
    assert_eq!(
        error.to_string(),
        "illegal move: c1 cannot move: white's own piece on d1 stands right in front of it"
    );
    assert_eq!(session.game().position_string(), before);
}

#[test]
fn dice_and_positions_are_refused_with_what_was_wrong() {
    let mut session = microbes("w=c1 b=h8 reserve=3-3 turn=white:roll");
    assert_eq!(
        session.set_dice(&[7]),
        Err(CommandError::Dice(DiceError(DiceMistake::Face {
            faces: 6,
            value: 7
        })))
    );
    let error = session
        .set_position("w=c1,zz b=h8 reserve=3-3 turn=white:roll")
        .unwrap_err();
    assert_eq!(
        error,
        CommandError::Position(Box::new(PositionError(PositionMistake::Rules(
            AnyPositionFault::Microbes(PositionFault::NotACell {
                seat: WHITE,
                value: "c1,zz".into(),
                entry: "zz".into(),
            })
        ))))
    );
    assert!(
        error
            .to_string()
            .starts_with("bad position: w=c1,zz: 'zz' is not a cell"),
        "{error}"
    );
    assert_eq!(session.actions().count(), 1, "only the first setpos was kept");
}

#[test]
fn after_a_resignation_every_move_is_refused_as_the_game_being_over() {
    let mut session = microbes("w=c1 b=h8 reserve=3-3 turn=white:roll");
    session.resign(WHITE).unwrap();
    let error = session.play_text("c1").unwrap_err();
    assert_eq!(error, CommandError::Phase(WrongPhase(PhaseMistake::Over)));
    assert_eq!(error.to_string(), "wrong phase: the game is over");
    assert_eq!(session.roll().unwrap_err(), error);
}

#[test]
fn the_sessions_own_refusals_are_facts_worded_only_when_shown() {
    let mut session = microbes("w=c1 b=h8 reserve=3-3 turn=white:roll");
    assert_eq!(
        session.redo().unwrap_err(),
        CommandError::NotNow(NotNow::NothingToRedo)
    );
    assert_eq!(
        session.outcome().unwrap_err(),
        CommandError::NotNow(NotNow::NotOver)
    );
    assert_eq!(session.not_now(), NotNow::RollFirst { seat: "white".into() });
    session.set_dice(&[4]).unwrap();
    let NotNow::MoveFirst { seat, dice, legal } = session.not_now() else {
        panic!("a seat with dice thrown must move them: {:?}", session.not_now());
    };
    assert_eq!((seat.as_str(), dice.as_str()), ("white", "4"));
    assert_eq!(legal, session.legal_texts());
    assert_eq!(
        session.roll().unwrap_err(),
        CommandError::NotNow(session.not_now())
    );
    assert_eq!(
        session.roll().unwrap_err().to_string(),
        format!("wrong phase: {}", session.what_now())
    );
}
