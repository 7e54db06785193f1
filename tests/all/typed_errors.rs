//! Errors a bot author meets carry the facts as fields: given a bad bot name, game name,
//! seat or move, the error is a value to match on, and its words are made only when shown.

use tabula::ai::bots::BotUnfit;
use tabula::ai::roster::{BotKind, BotNameError};
use tabula::core::{
    Game, IllegalMove, Notation, PhaseMistake, PlayError, SyntaxMistake, UnknownSeat, WrongPhase,
};
use tabula::games::microbes::{Microbes, MicrobesMove, MoveFault};
use tabula::games::nardy::{Nardy, NardyMove};
use tabula::games::{AnyGame, AnyMove, AnyMoveFault, GameKind, UnknownGame};

use crate::support::{given, new_game, rolled};

#[test]
fn a_bad_bot_name_says_which_part_was_wrong() {
    assert_eq!(
        "expectimax:9".parse::<BotKind>(),
        Err(BotNameError::Depth { level: "9".into() })
    );
    assert_eq!(
        "net:0".parse::<BotKind>(),
        Err(BotNameError::Plies {
            name: "net",
            level: "0".into()
        })
    );
    assert_eq!(
        "greedy:2".parse::<BotKind>(),
        Err(BotNameError::NoLevels { name: "greedy" })
    );
    let unknown = "wizard".parse::<BotKind>().unwrap_err();
    assert_eq!(
        unknown,
        BotNameError::Unknown {
            text: "wizard".into()
        }
    );
    assert!(
        unknown
            .to_string()
            .starts_with("unknown bot 'wizard'; the bots are random")
    );
}

#[test]
fn a_bot_that_cannot_play_a_game_says_why() {
    let microbes: Microbes = new_game::<Microbes>(&[] as &[&str]);
    assert!(matches!(
        BotKind::Perfect.check_for(&microbes),
        Err(BotUnfit::Unsolvable { game: "microbes", .. })
    ));
}

#[test]
fn an_unknown_game_or_seat_keeps_what_was_given() {
    assert_eq!(
        GameKind::from_id("nardi").map(|kind| kind.info().id),
        Err(UnknownGame { name: "nardi".into() })
    );
    let nardy: Nardy = new_game::<Nardy>(&[] as &[&str]);
    let unknown: UnknownSeat = nardy.find_seat("green").unwrap_err();
    assert_eq!(unknown.given, "green");
    assert_eq!(unknown.names, vec!["white", "black"]);
}

#[test]
fn a_move_that_cannot_be_read_keeps_the_text() {
    let nardy: Nardy = new_game::<Nardy>(&[] as &[&str]);
    let error = nardy.parse_move("").unwrap_err();
    assert!(matches!(error.0, SyntaxMistake::Empty { .. }), "{error:?}");
    let error = nardy.parse_move("24/18 13/").unwrap_err();
    assert!(error.to_string().contains("13/"), "{error}");
}

#[test]
fn an_illegal_move_is_refused_with_the_games_own_fault() {
    let game: Microbes = rolled(given("w=c1 b=h8 reserve=3-3 turn=white:roll"), &[3]);
    let refused = game.clone().play(&MicrobesMove::Enter).unwrap_err();
    assert_eq!(
        refused,
        PlayError::Illegal(IllegalMove(MoveFault::EnterNeedsSix { die: 3 }))
    );
    assert_eq!(
        refused.to_string(),
        "illegal move: a new piece enters only on a 6, and the roll is 3"
    );
    // Played as any game, the fault is the same, under the game's name.
    let mut any = AnyGame::Microbes(game);
    assert_eq!(
        any.play(&AnyMove::Microbes(MicrobesMove::Enter)),
        Err(PlayError::Illegal(IllegalMove(AnyMoveFault::Microbes(
            MoveFault::EnterNeedsSix { die: 3 }
        ))))
    );
    assert_eq!(
        any.play(&AnyMove::Nardy(NardyMove::PASS)),
        Err(PlayError::Illegal(IllegalMove(AnyMoveFault::OtherGame)))
    );
}

#[test]
fn a_move_before_the_roll_says_what_the_turn_waits_for() {
    let mut nardy: Nardy = new_game::<Nardy>(&[] as &[&str]);
    let refused = nardy.play(&NardyMove::PASS).unwrap_err();
    assert_eq!(
        refused,
        PlayError::WrongPhase(WrongPhase(PhaseMistake::RollOff { to_roll: None }))
    );
    assert_eq!(
        refused.to_string(),
        "wrong phase: roll first: the roll-off decides who starts"
    );
}
