//! Errors a bot author meets carry the facts as fields: given a bad bot name, game name,
//! seat or move, the error is a value to match on, and its words are made only when shown.

use tabula::ai::bots::BotUnfit;
use tabula::ai::roster::{BotKind, BotNameError};
use tabula::core::{Game, Notation, SyntaxMistake, UnknownSeat};
use tabula::games::microbes::Microbes;
use tabula::games::nardy::Nardy;
use tabula::games::{GameKind, UnknownGame};

use crate::support::new_game;

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
