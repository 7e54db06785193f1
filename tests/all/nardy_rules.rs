//! Long Nardy rule cases, written Given (a position) / When (dice and a move) / Then.
//! Positions are position strings: each side's checkers in its own numbering.

use tabula::core::{Game, NewGame, Phase};
use tabula::games::nardy::Nardy;

use crate::support::{self, given, given_with, legal_sorted, played, refusal};
use tabula::core::Notation;

/// The game after the side to roll throws `a` and `b`.
fn rolled(game: Nardy, a: u8, b: u8) -> Nardy {
    support::rolled(game, &[a, b])
}

/// The start once White has won the roll-off: White to roll for the first turn.
fn white_starts() -> Nardy {
    given("w=24x15 b=24x15 turn=white:roll first=wb score=0-0")
}

#[test]
fn a_roll_off_of_one_die_each_decides_who_starts() {
    // Given a new game, When nothing has been rolled, Then White rolls one die first.
    let start = Nardy::default_game();
    assert_eq!(
        start.position_string(),
        "w=24x15 b=24x15 turn=white:rolloff first=wb score=0-0"
    );
    assert_eq!(start.phase(), Phase::Roll(0));
    assert!(start.roll_off().is_some());
    assert!(legal_sorted(&start).is_empty());
    assert!(
        start
            .parse_dice(&[6, 3])
            .unwrap_err()
            .0
            .to_string()
            .contains("one die")
    );
    assert_eq!(
        support::wrong_phase(&start, "24/18 18/15"),
        "roll first: the roll-off decides who starts"
    );
    // When White rolls 2, Then Black rolls, White's die kept in the position.
    let white_rolled = support::rolled(start.clone(), &[2]);
    assert_eq!(white_rolled.phase(), Phase::Roll(1));
    assert_eq!(
        white_rolled.position_string(),
        "w=24x15 b=24x15 turn=black:rolloff:2 first=wb score=0-0"
    );
    assert_eq!(given::<Nardy>(&white_rolled.position_string()), white_rolled);
    // When Black rolls 5, Then Black (the higher) starts with a fresh roll of both dice;
    // the seats keep their names.
    assert_eq!(
        support::roll_off_news(&white_rolled, 5),
        vec!["roll-off: white 2, black 5; black starts"]
    );
    let black_starts = support::rolled(white_rolled.clone(), &[5]);
    assert_eq!(black_starts.phase(), Phase::Roll(1));
    assert_eq!(black_starts.roll_off(), None);
    assert_eq!(black_starts.dice(), None);
    assert_eq!(
        black_starts.position_string(),
        "w=24x15 b=24x15 turn=black:roll first=wb score=0-0"
    );
    let first_turn = rolled(black_starts, 6, 3);
    assert_eq!(first_turn.phase(), Phase::Move(1));
    assert_eq!(legal_sorted(&first_turn), vec!["24/18 18/15"]);
    // When both roll the same, Then they roll again, White first.
    let tied = support::rolled(white_rolled.clone(), &[2]);
    assert_eq!(tied, start);
    // When White's die is higher, Then White starts.
    let white_first = support::rolled(white_rolled, &[1]);
    assert_eq!(white_first, white_starts());
}

#[test]
fn the_roll_off_belongs_to_the_start_of_the_first_game() {
    for (text, message) in [
        (
            "w=24x14,23 b=24x15 turn=white:rolloff first=b score=0-0",
            "needs the start position",
        ),
        (
            "w=24x15 b=24x15 turn=black:rolloff first=wb score=0-0",
            "white:rolloff",
        ),
        (
            "w=24x15 b=24x15 turn=white:rolloff:3 first=wb score=0-0",
            "white:rolloff",
        ),
        (
            "w=24x15 b=24x15 turn=black:rolloff:7 first=wb score=0-0",
            "white:rolloff",
        ),
    ] {
        let mut game = Nardy::default_game();
        let error = game.set_position(text).unwrap_err().to_string();
        assert!(error.contains(message), "{text}: {error}");
        assert_eq!(game, Nardy::default_game());
    }
    let mut in_match = support::new_game::<Nardy>(&["match=3"]);
    let error = in_match
        .set_position("w=24x15 b=24x15 turn=white:rolloff first=wb score=1-0")
        .unwrap_err();
    assert!(error.to_string().contains("needs the start position"), "{error}");
    // The next game of a match is started by the last winner, without a roll-off.
    let nearly = given_with::<Nardy>(
        &["match=3"],
        "w=1,offx14 b=1x14,off turn=white:roll first=- score=0-0",
    );
    let next_game = played(&rolled(nearly, 2, 1), "1/off");
    assert_eq!(next_game.roll_off(), None);
    assert_eq!(next_game.phase(), Phase::Roll(0));
}

#[test]
fn first_turn_six_three_moves_one_checker_off_the_head() {
    // Given the start, When White rolls 6-3,
    let game = rolled(white_starts(), 6, 3);
    // Then one checker runs 24/15, in either order.
    assert_eq!(legal_sorted(&game), vec!["24/18 18/15"]);
    let after = played(&game, "24/21 21/15");
    assert_eq!(after.side(0).count(15), 1);
    assert_eq!(
        refusal(&game, "24/18 24/21"),
        "only one checker may leave the head this turn"
    );
}

#[test]
fn first_turn_six_six_four_four_three_three_take_two_from_the_head() {
    let start = white_starts();
    // 6-6: the second step of one checker would land on Black's head, so two leave.
    assert_eq!(legal_sorted(&rolled(start.clone(), 6, 6)), vec!["24/18 24/18"]);
    assert_eq!(
        legal_sorted(&rolled(start.clone(), 4, 4)),
        vec!["24/20 24/20 20/16 20/16"]
    );
    assert_eq!(
        legal_sorted(&rolled(start.clone(), 3, 3)),
        vec!["24/21 24/21 21/18 18/15", "24/21 24/21 21/18 21/18"]
    );
    // Other doubles get no exception: one checker plays all four.
    assert_eq!(
        legal_sorted(&rolled(start.clone(), 5, 5)),
        vec!["24/19 19/14 14/9 9/4"]
    );
    assert_eq!(
        legal_sorted(&rolled(start, 2, 2)),
        vec!["24/22 22/20 20/18 18/16"]
    );
}

#[test]
fn the_head_exception_also_serves_the_second_players_first_turn() {
    // Given White has moved and Black has not, When Black rolls 6-6,
    let game = rolled(
        given("w=24x14,15 b=24x15 turn=black:roll first=b score=0-0"),
        6,
        6,
    );
    // Then two black checkers leave the head.
    assert_eq!(legal_sorted(&game), vec!["24/18 24/18"]);
}

#[test]
fn the_head_exception_ends_after_the_first_turn() {
    // Given White already moved once, When White rolls 6-6 later,
    let game = rolled(
        given("w=24x14,15 b=24x14,16 turn=white:roll first=- score=0-0"),
        6,
        6,
    );
    // Then only one checker may leave the head.
    for mv in legal_sorted(&game) {
        assert!(mv.matches("24/").count() <= 1, "{mv}");
    }
    assert_eq!(
        refusal(&game, "24/18 24/18"),
        "only one checker may leave the head this turn"
    );
}

#[test]
fn no_landing_on_a_point_held_by_the_opponent() {
    let game = rolled(white_starts(), 6, 6);
    assert_eq!(refusal(&game, "24/18 18/12"), "point 12 is held by black");
    // Black sees it from its side: White's head is Black's point 12.
    let black = rolled(
        given("w=24x14,15 b=24x15 turn=black:roll first=b score=0-0"),
        6,
        6,
    );
    assert_eq!(refusal(&black, "24/18 18/12"), "point 12 is held by white");
}

#[test]
fn a_block_of_six_needs_an_opponent_checker_ahead() {
    // Given White holds 19, 17, 16, 15, 14 and Black has no checker past them,
    let blocked = rolled(
        given("w=24x10,19,17,16,15,14 b=24x15 turn=white:roll first=b score=0-0"),
        6,
        1,
    );
    // When White closes 18 with the 6, Then the six-point block is refused.
    assert_eq!(
        refusal(&blocked, "24/18 14/13"),
        "that builds a block of six with no black checker ahead"
    );
    for mv in legal_sorted(&blocked) {
        let after = played(&blocked, &mv);
        let side = after.side(0);
        assert!((14..=19).any(|p| side.count(p) == 0), "{mv} leaves a block");
    }
    // Given a Black checker already on Black's point 1 (White's 13), ahead of the block,
    let open = rolled(
        given("w=24x10,19,17,16,15,14 b=24x14,1 turn=white:roll first=- score=0-0"),
        6,
        5,
    );
    // Then the same block is allowed: 24/18 stands for a moment as 19..14.
    let after = played(&open, "24/18 14/9");
    assert_eq!(after.side(0).count(18), 1);
    let closed = rolled(
        given("w=24x10,19,17,16,15,14 b=24x15 turn=white:roll first=b score=0-0"),
        6,
        5,
    );
    assert_eq!(
        refusal(&closed, "24/18 14/9"),
        "that builds a block of six with no black checker ahead"
    );
    played(&closed, "14/9 24/18");
}

#[test]
fn the_block_rule_is_checked_after_every_step() {
    let game = rolled(
        given("w=24x10,19,17,16,15,14 b=24x15 turn=white:roll first=b score=0-0"),
        6,
        1,
    );
    // 24/18 first makes 19..14 a block for a moment: refused in that order,
    assert_eq!(
        refusal(&game, "24/18 19/18"),
        "that builds a block of six with no black checker ahead"
    );
    // but 19/18 first never makes one, so the same result is legal that way round.
    let after = played(&game, "19/18 24/18");
    assert_eq!(after.side(0).count(18), 2);
    assert!(legal_sorted(&game).contains(&"19/18 24/18".to_string()));
}

#[test]
fn both_dice_must_be_used_when_they_can() {
    let game = rolled(
        given("w=24x14,15 b=24x14,16 turn=white:roll first=- score=0-0"),
        5,
        2,
    );
    assert_eq!(refusal(&game, "24/19"), "you must use both dice");
    assert_eq!(refusal(&game, "15/10"), "you must use both dice");
    played(&game, "24/19 15/13");
}

#[test]
fn only_the_larger_die_when_either_but_not_both_can_be_played() {
    // Given White is all on the head (first turn over) and Black holds White's 13,
    // When White rolls 6-5, either die moves a head checker, but the second step would
    // land on 13 or on Black's head, and a second checker may not leave the head.
    let game = rolled(given("w=24x15 b=24x14,1 turn=white:roll first=- score=0-0"), 6, 5);
    // Then the 6 must be played.
    assert_eq!(legal_sorted(&game), vec!["24/18"]);
    assert_eq!(
        refusal(&game, "24/19"),
        "you must play the larger die (6) when either die can be played"
    );
}

#[test]
fn a_turn_with_nothing_playable_passes() {
    // Black holds White's 18 and 19 (Black's 6 and 7): 6-5 cannot leave the head.
    let game = rolled(
        given("w=24x15 b=24x13,7,6 turn=white:roll first=- score=0-0"),
        6,
        5,
    );
    assert_eq!(legal_sorted(&game), vec!["pass"]);
    let after = played(&game, "pass");
    assert_eq!(after.phase(), Phase::Roll(1));
    let movable = rolled(white_starts(), 6, 5);
    assert!(refusal(&movable, "pass").starts_with("white can move, so passing is not allowed"));
}

#[test]
fn bearing_off_needs_all_checkers_home() {
    let game = rolled(given("w=7,1x14 b=24x15 turn=white:roll first=b score=0-0"), 6, 1);
    assert_eq!(
        refusal(&game, "1/off 7/1"),
        "white may bear off only when all 15 checkers are in home (points 1-6)"
    );
    // The last checker may come home first and bear off with the other die.
    let game = rolled(given("w=7,1x14 b=24x15 turn=white:roll first=b score=0-0"), 1, 6);
    played(&game, "7/6 6/off");
}

#[test]
fn bearing_off_from_a_lower_point_only_without_higher_checkers() {
    // No checker above 5 and 3: a 6 bears off from the highest point.
    let game = rolled(
        given("w=5,3,offx13 b=24x15 turn=white:roll first=b score=0-0"),
        6,
        6,
    );
    assert_eq!(legal_sorted(&game), vec!["5/off 3/off"]);
    // A checker on 6: a 5 may not bear off from 4, it must move the 6.
    let game = rolled(
        given("w=6,4,offx13 b=24x15 turn=white:roll first=b score=0-0"),
        5,
        1,
    );
    assert_eq!(
        refusal(&game, "4/off 6/5"),
        "a 5 bears off from point 4 only when no checker stands higher, and point 6 has one"
    );
    played(&game, "6/1 4/3");
}

#[test]
fn moving_inside_home_instead_of_bearing_off_is_allowed() {
    let game = rolled(
        given("w=6x2,5x13 b=24x15 turn=white:roll first=b score=0-0"),
        6,
        1,
    );
    played(&game, "6/off 6/5");
    played(&game, "6/5 6/off");
    let inside = played(&game, "6/off 5/4");
    assert_eq!(inside.side(0).count(4), 1);
}

#[test]
fn winning_scores_oin_mars_and_koks() {
    // Black has borne off a checker: oin.
    let oin = rolled(
        given("w=1,offx14 b=1x14,off turn=white:roll first=- score=0-0"),
        2,
        1,
    );
    let over = played(&oin, "1/off");
    assert_eq!(over.phase(), Phase::Over);
    assert_eq!(over.outcome().unwrap().points, vec![1, 0]);
    assert_eq!(over.outcome().unwrap().summary, "white wins an oin (1 point)");
    // Black has borne off none: mars.
    let mars = rolled(
        given("w=1,offx14 b=20,1x14 turn=white:roll first=- score=0-0"),
        2,
        1,
    );
    assert_eq!(played(&mars, "1/off").outcome().unwrap().points, vec![2, 0]);
    // With koks=on and a black checker still in Black's first quarter (19-24): koks.
    let koks = rolled(
        given_with(
            &["koks=on"],
            "w=1,offx14 b=20,1x14 turn=white:roll first=- score=0-0",
        ),
        2,
        1,
    );
    let over = played(&koks, "1/off");
    assert_eq!(over.outcome().unwrap().points, vec![3, 0]);
    assert_eq!(over.outcome().unwrap().summary, "white wins a koks (3 points)");
    // koks=on but no checker in the first quarter: still a mars.
    let koks_off = rolled(
        given_with(
            &["koks=on"],
            "w=1,offx14 b=18,1x14 turn=white:roll first=- score=0-0",
        ),
        2,
        1,
    );
    assert_eq!(played(&koks_off, "1/off").outcome().unwrap().points, vec![2, 0]);
}

#[test]
fn a_match_plays_on_until_someone_has_enough_points() {
    // Given a match to 3, When Black wins a game with an oin,
    let game = rolled(
        given_with(
            &["match=3"],
            "w=1x14,off b=1,offx14 turn=black:roll first=- score=0-0",
        ),
        3,
        2,
    );
    let after = played(&game, "1/off");
    // Then the score is 0-1 and a fresh game starts with the winner to roll.
    assert_eq!(after.score(), [0, 1]);
    assert_eq!(after.phase(), Phase::Roll(1));
    assert_eq!(after.side(0).count(24), 15);
    assert!(after.narrate(&game)[0].starts_with("black wins the game with an oin (1 point)"));
    // When Black then wins a mars worth 2, Then the match is over 3-0... 0-3.
    let last = rolled(
        given_with(
            &["match=3"],
            "w=20,1x14 b=1,offx14 turn=black:roll first=- score=0-1",
        ),
        3,
        2,
    );
    let over = played(&last, "1/off");
    assert_eq!(over.phase(), Phase::Over);
    assert_eq!(over.outcome().unwrap().points, vec![0, 3]);
    assert_eq!(
        over.outcome().unwrap().summary,
        "black wins the match 3-0 (last game: a mars (2 points))"
    );
}

#[test]
fn moves_may_be_written_as_chains_repeats_and_combined_steps() {
    let game = rolled(white_starts(), 6, 3);
    let chained = played(&game, "24/18/15");
    assert_eq!(chained, played(&game, "24/15"));
    assert_eq!(chained, played(&game, "24-18 18-15"));
    let doubles = rolled(
        given("w=24x14,15 b=24x14,16 turn=white:roll first=- score=0-0"),
        2,
        2,
    );
    let pair = rolled(
        given("w=24x13,15x2 b=24x14,16 turn=white:roll first=- score=0-0"),
        2,
        2,
    );
    assert_eq!(
        played(&pair, "15/13(2) 24/20"),
        played(&pair, "15/13 15/13 24/22 22/20")
    );
    assert_eq!(
        played(&doubles, "15/13/11 24/22(1) 22/20"),
        played(&doubles, "15/11 24/20")
    );
}

#[test]
fn wrong_phase_and_bad_text_change_nothing() {
    let mut game = white_starts();
    let mv = game.parse_move("24/18").unwrap();
    assert_eq!(game.play(&mv).unwrap_err().to_string(), "wrong phase: roll first");
    assert_eq!(game, white_starts());
    for bad in ["", "24", "25/19", "24/x", "off/3", "1/2/3/4/5/6", "24/20(9)"] {
        assert!(game.parse_move(bad).is_err(), "{bad:?} should not parse");
    }
    let game = rolled(white_starts(), 6, 3);
    assert_eq!(
        refusal(&game, "18/24"),
        "18/24 goes backwards: checkers move from higher to lower points"
    );
    assert_eq!(refusal(&game, "13/7"), "there is no white checker on point 13");
    assert_eq!(
        refusal(&game, "24/20"),
        "no die left takes a checker from 24 to 20 (dice left: 6 3)"
    );
    assert_eq!(
        refusal(&game, "24/18 18/15 15/9"),
        "24/18 18/15 15/9 uses more dice than the roll 6-3 gives"
    );
}

#[test]
fn position_strings_round_trip_and_bad_ones_are_explained() {
    let game = rolled(
        given("w=24x10,19,17,16,15,14 b=24x14,1 turn=white:roll first=- score=0-0"),
        6,
        5,
    );
    let text = game.position_string();
    assert_eq!(
        text,
        "w=24x10,19,17,16,15,14 b=24x14,1 turn=white:6-5 first=- score=0-0"
    );
    assert_eq!(given::<Nardy>(&text), game);
    let cases = [
        (
            "w=24x14 b=24x15 turn=white:roll first=- score=0-0",
            "white has 14 checkers; each side has 15",
        ),
        (
            "w=24x15 b=24x15 turn=white:roll first=wb score=0-0 x=1",
            "unknown field 'x'",
        ),
        (
            "w=24x15 b=24x15 turn=white:7-1 first=wb score=0-0",
            "turn=white:7-1",
        ),
        (
            "w=12,24x14 b=24x15 turn=white:roll first=- score=0-0",
            "holds checkers of both sides",
        ),
        (
            "w=24x14,18 b=24x15 turn=white:roll first=wb score=0-0",
            "has not moved yet",
        ),
        ("w=1,offx14 b=24x15 turn=white:roll first=b score=0-0", ""),
        (
            "w=offx15 b=24x15 turn=white:roll first=b score=0-0",
            "so the game is over",
        ),
        (
            "w=24x10,19,18,17,16,15,14 b=24x15 turn=white:roll first=b score=0-0",
            "15 checkers",
        ),
        (
            "w=24x9,19,18,17,16,15,14 b=24x15 turn=white:roll first=b score=0-0",
            "block of six",
        ),
        ("w=24x15 b=24x15 turn=white:roll", "the field 'first=' is missing"),
        ("w=9,8x14 b=24x15 turn=white:roll first=b score=0-0", ""),
    ];
    for (text, message) in cases {
        let mut game = Nardy::default_game();
        match game.set_position(text) {
            Ok(()) => assert!(message.is_empty(), "{text} should be refused"),
            Err(e) => {
                assert!(!message.is_empty(), "{text} should be accepted: {e}");
                assert!(e.to_string().contains(message), "{text}: {e}");
                assert_eq!(game, Nardy::default_game());
            }
        }
    }
}

#[test]
fn a_finished_position_must_fit_its_result_and_the_match() {
    let refused = |options: &[&str], position: &str| {
        let mut game: Nardy = support::new_game(options);
        let before = game.clone();
        let error = game.set_position(position).expect_err(position).0.to_string();
        assert_eq!(game, before, "{position}");
        error
    };
    // White has borne off all 15, but the score says Black won.
    let error = refused(&[], "w=offx15 b=24x15 turn=over first=- score=1-2");
    assert!(error.contains("gives black the match"), "{error}");
    let error = refused(&[], "w=offx15 b=24x15 turn=over first=- score=0-0");
    assert!(error.contains("does not include it"), "{error}");
    // A match to 3: a game that ends 1-0 is not the end of the match.
    let error = refused(&["match=3"], "w=offx15 b=24x15 turn=over first=- score=2-0");
    assert!(
        error.contains("does not include it (the match is to 3)"),
        "{error}"
    );
    // A mars cannot bring 2 points to 7 in a match to 3: the match was won before.
    let error = refused(&["match=3"], "w=offx15 b=24x15 turn=over first=- score=7-0");
    assert!(
        error.contains("had won the match to 3 before this game"),
        "{error}"
    );
    // What fits is accepted, and the outcome names the side that bore off.
    let game: Nardy = given_with(&["match=3"], "w=offx15 b=24x15 turn=over first=- score=3-1");
    assert_eq!(game.outcome().unwrap().places, vec![1, 2]);
    let game: Nardy = given("w=offx15 b=24x15 turn=over first=- score=2-0");
    assert_eq!(game.outcome().unwrap().summary, "white wins a mars (2 points)");
}
