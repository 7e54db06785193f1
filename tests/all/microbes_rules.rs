//! Chessboard race rule cases, written Given (a position) / When (a roll and a move) / Then.
//! Positions are position strings: each side's pieces by cell, `a1+` / `h8+` for a piece
//! that has come home to its start corner.

use tabula::core::{Dice, Game, NewGame, Phase};
use tabula::games::microbes::{BLACK, Microbes, WHITE};

use crate::support::{self, described, given, given_with, legal, played, refusal, roll_off_news};
use tabula::core::Notation;
use tabula::core::Strategy;

/// The game after the side to roll throws `die`.
fn rolled(game: Microbes, die: u8) -> Microbes {
    support::rolled(game, &[die])
}

/// The position part of the string (without the turn), for checking where pieces went.
fn board(game: &Microbes) -> String {
    let text = game.position_string();
    text.rsplit_once(" turn=").unwrap().0.to_string()
}

#[test]
fn the_game_starts_with_one_piece_out_and_three_in_reserve_and_a_roll_off() {
    // Given a new game,
    let game = Microbes::default_game();
    // Then each side has one piece on its start corner and three in reserve,
    assert_eq!(game.position_string(), "w=a1 b=h8 reserve=3-3 turn=white:rolloff");
    assert_eq!(game.pieces(WHITE).reserve(), 3);
    assert_eq!(game.pieces(BLACK).reserve(), 3);
    // and White rolls first in the roll-off; nothing can be played before it.
    assert_eq!(game.phase(), Phase::Roll(WHITE));
    assert!(game.in_rolloff());
    assert!(legal(&game).is_empty());
    let mut copy = game.clone();
    let err = copy.play(&copy.parse_move("a1").unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "wrong phase: roll first: the roll-off decides who starts"
    );
    assert_eq!(copy, game);
}

#[test]
fn the_higher_roll_off_die_starts_and_then_rolls_afresh() {
    // Given the start, When White rolls 5,
    let white_rolled = rolled(Microbes::default_game(), 5);
    // Then Black rolls next, with White's die kept in the position.
    assert_eq!(white_rolled.phase(), Phase::Roll(BLACK));
    assert_eq!(white_rolled.rolloff_die(), Some(5));
    assert_eq!(white_rolled.dice(), None);
    assert!(white_rolled.position_string().ends_with("turn=black:rolloff:5"));
    // When Black rolls 2, Then White starts and must roll for its first move.
    let white_starts = rolled(white_rolled.clone(), 2);
    assert_eq!(white_starts.phase(), Phase::Roll(WHITE));
    assert!(!white_starts.in_rolloff());
    assert_eq!(
        roll_off_news(&white_rolled, 2),
        vec!["roll-off: white 5, black 2; white starts"]
    );
    // When Black rolls 6 instead, Then Black starts.
    let black_starts = rolled(white_rolled.clone(), 6);
    assert_eq!(black_starts.phase(), Phase::Roll(BLACK));
    assert!(!black_starts.in_rolloff());
    assert_eq!(
        roll_off_news(&white_rolled, 6),
        vec!["roll-off: white 5, black 6; black starts"]
    );
    // The starter's next roll is a move, not part of the roll-off.
    let first_move = rolled(black_starts, 4);
    assert_eq!(first_move.phase(), Phase::Move(BLACK));
    assert_eq!(legal(&first_move), vec!["h8"]);
}

#[test]
fn a_tied_roll_off_is_rolled_again() {
    // Given White rolled 3, When Black also rolls 3,
    let white_rolled = rolled(Microbes::default_game(), 3);
    let tied = rolled(white_rolled.clone(), 3);
    // Then the roll-off starts over with White.
    assert_eq!(tied, Microbes::default_game());
    assert_eq!(
        roll_off_news(&white_rolled, 3),
        vec!["roll-off: white 3, black 3; white and black tie with 3 and roll again"]
    );
}

#[test]
fn pieces_run_counterclockwise_round_the_corners() {
    // White runs along rank 1, then up the h-file.
    let white = rolled(given("w=g1 b=a8 reserve=3-3 turn=white:roll"), 3);
    assert_eq!(described(&white), vec!["g1 (-> h3)"]);
    // Then along rank 8 towards a8, and down the a-file.
    let white = rolled(given("w=h7 b=a4 reserve=3-3 turn=white:roll"), 3);
    assert_eq!(described(&white), vec!["h7 (-> f8)"]);
    let white = rolled(given("w=b8 b=h4 reserve=3-3 turn=white:roll"), 4);
    assert_eq!(described(&white), vec!["b8 (-> a5)"]);
    // Black starts on h8, runs along rank 8 to a8, down the a-file, along rank 1, up h.
    let black = rolled(given("w=e1 b=b8 reserve=3-3 turn=black:roll"), 3);
    assert_eq!(described(&black), vec!["b8 (-> a6)"]);
    let black = rolled(given("w=a8 b=a2 reserve=3-3 turn=black:roll"), 2);
    assert_eq!(described(&black), vec!["a2 (-> b1)"]);
    let black = rolled(given("w=a8 b=g1 reserve=3-3 turn=black:roll"), 4);
    assert_eq!(described(&black), vec!["g1 (-> h4)"]);
}

#[test]
fn a_free_piece_moves_the_full_roll() {
    // Given White on c1 with nothing ahead, When White rolls 5,
    let game = rolled(given("w=c1 b=h8 reserve=3-3 turn=white:roll"), 5);
    // Then c1 goes to h1 and Black rolls next.
    assert_eq!(legal(&game), vec!["c1"]);
    let after = played(&game, "c1");
    assert_eq!(board(&after), "w=h1 b=h8 reserve=3-3");
    assert_eq!(after.phase(), Phase::Roll(BLACK));
    assert!(after.narrate(&game).is_empty(), "a plain move needs no story");
}

#[test]
fn an_own_piece_ahead_cuts_the_move_short() {
    // Given White on c1 and e1, When White rolls 4,
    let game = rolled(given("w=c1,e1 b=h8 reserve=2-3 turn=white:roll"), 4);
    // Then c1 stops on d1, before its own piece, and e1 moves the full 4.
    assert_eq!(described(&game), vec!["c1 (-> d1, cut short)", "e1 (-> h2)"]);
    assert_eq!(board(&played(&game, "c1")), "w=d1,e1 b=h8 reserve=2-3");
    // Given the own piece right in front, Then a move of zero cells is no move.
    let game = rolled(given("w=c1,d1 b=h8 reserve=2-3 turn=white:roll"), 4);
    assert_eq!(legal(&game), vec!["d1"]);
    assert_eq!(
        refusal(&game, "c1"),
        "c1 cannot move: white's own piece on d1 stands right in front of it"
    );
}

#[test]
fn the_first_enemy_piece_in_the_way_is_eaten_and_the_move_stops_there() {
    // Given White on c1 and Black on e1 and g1, When White rolls 6,
    let game = rolled(given("w=c1 b=e1,g1 reserve=3-2 turn=white:roll"), 6);
    // Then c1 eats e1 and stops there; g1 is untouched; e1 goes back to Black's reserve.
    assert_eq!(described(&game), vec!["enter (-> a1)", "c1 (eats e1)"]);
    let after = played(&game, "c1");
    assert_eq!(board(&after), "w=e1 b=g1 reserve=3-3");
    assert!(
        after.narrate(&game).is_empty(),
        "the description names what it ate"
    );
}

#[test]
fn home_needs_the_whole_roll_to_fit_and_overshooting_is_refused() {
    // Given White on a3, five cells short of d4 at the end of its diagonal,
    let game = given::<Microbes>("w=a3 b=h8 reserve=3-3 turn=white:roll");
    // When White rolls 5, Then it walks a2 a1 b2 c3 d4.
    assert_eq!(described(&rolled(game.clone(), 5)), vec!["a3 (-> d4, home)"]);
    // When White rolls 6, Then the roll does not fit: a3 cannot move, so White passes.
    let six = rolled(game, 6);
    assert_eq!(
        refusal(&six, "a3"),
        "a 6 would carry a3 beyond d4, the end of white's home diagonal; there the whole roll must fit"
    );
    assert_eq!(legal(&six), vec!["enter"]);
    let no_reserve = rolled(given("w=a3,c1,d1,e1 b=h8 reserve=0-3 turn=white:roll"), 6);
    assert!(!legal(&no_reserve).contains(&"a3".to_string()));
}

#[test]
fn own_pieces_on_the_home_diagonal_block_and_do_not_cut_the_move_short() {
    // Given White on a2 and c3, When White rolls 3 (a1 b2 c3),
    let game = rolled(given("w=a2,c3 b=h8 reserve=2-3 turn=white:roll"), 3);
    // Then a2 cannot stop short on b2: it cannot move at all, and c3 cannot go 3 either.
    assert_eq!(
        refusal(&game, "a2"),
        "a2 cannot pass white's own piece on c3: on the home diagonal the whole roll must fit"
    );
    assert_eq!(legal(&game), vec!["pass"]);
    // When White rolls 2 instead, Then a2 reaches b2.
    let two = rolled(given("w=a2,c3 b=h8 reserve=2-3 turn=white:roll"), 2);
    assert_eq!(described(&two), vec!["a2 (-> b2, home)"]);
    assert_eq!(
        played(&two, "a2").narrate(&two),
        vec!["white has 2 of 4 pieces home"]
    );
    // Black's home diagonal works the same from h8 to e5.
    let black = rolled(given("w=a1 b=h6,f6 reserve=3-2 turn=black:roll"), 4);
    assert_eq!(
        refusal(&black, "h6"),
        "h6 cannot pass black's own piece on f6: on the home diagonal the whole roll must fit"
    );
    let black = rolled(given("w=a1 b=h6,f6 reserve=3-2 turn=black:roll"), 3);
    assert_eq!(described(&black), vec!["h6 (-> g7, home)"]);
}

#[test]
fn an_own_piece_on_the_edge_still_cuts_short_a_roll_that_would_reach_home() {
    // Given White on a6 and a3, When White rolls 6 (which would reach b2),
    let game = rolled(given("w=a6,a3 b=h8 reserve=2-3 turn=white:roll"), 6);
    // Then a6 is cut short on a4 by its own piece on the edge (tabula's decision).
    assert!(described(&game).contains(&"a6 (-> a4, cut short)".to_string()));
}

#[test]
fn home_entry_past_a_fresh_piece_on_the_start_cell_is_refused() {
    // Given a fresh White piece on a1 and another on a3, When White rolls 3 (to b2),
    let game = rolled(given("w=a1,a3 b=h8 reserve=2-3 turn=white:roll"), 3);
    // Then a3 may not walk past (or onto) the fresh piece: it cannot move.
    assert_eq!(
        refusal(&game, "a3"),
        "a3 cannot pass white's own fresh piece on a1: on the home diagonal the whole roll must fit"
    );
    assert_eq!(legal(&game), vec!["a1"]);
    // When the fresh piece has gone, Then the same roll takes a3 home to b2.
    let clear = rolled(given("w=d1,a3 b=h8 reserve=2-3 turn=white:roll"), 3);
    assert_eq!(board(&played(&clear, "a3")), "w=d1,b2 b=h8 reserve=2-3");
    // A roll that ends on the edge is fine: a3 to a2 in front of the fresh piece.
    let one = rolled(given("w=a1,a3 b=h8 reserve=2-3 turn=white:roll"), 1);
    assert_eq!(described(&one), vec!["a1 (-> b1)", "a3 (-> a2)"]);
}

#[test]
fn a_piece_home_on_the_start_corner_blocks_a_new_piece() {
    // Given White home on a1 (a1+) and a reserve, When White rolls 6,
    let game = rolled(given("w=a1+,e1 b=h7 reserve=2-3 turn=white:roll"), 6);
    // Then no piece may enter: the corner is taken.
    assert_eq!(
        refusal(&game, "enter"),
        "a1 is taken by white's own piece, so no new piece can enter"
    );
    // and a1 names the home piece, which may go on up the diagonal.
    assert_eq!(described(&game), vec!["e1 (-> h4)"]);
    let three = rolled(given("w=a1+,e1 b=h7 reserve=2-3 turn=white:roll"), 3);
    assert_eq!(described(&three), vec!["e1 (-> h1)", "a1 (-> d4)"]);
    assert_eq!(board(&played(&three, "a1")), "w=e1,d4 b=h7 reserve=2-3");
}

#[test]
fn an_enemy_on_the_first_home_cell_is_eaten_whatever_the_roll() {
    // Given Black on a1 and White on a3, When White rolls 6 (too much for the diagonal),
    let game = rolled(given("w=a3 b=a1 reserve=3-3 turn=white:roll"), 6);
    // Then a3 eats on a1 and stops there, home (tabula's decision: the rest need not fit).
    assert_eq!(described(&game), vec!["enter (eats a1)", "a3 (eats a1, home)"]);
    let after = played(&game, "a3");
    assert_eq!(board(&after), "w=a1+ b=- reserve=3-4");
    assert_eq!(after.pieces(WHITE).home(), 1);
    // And Black passing a1 eats a White piece that is home there.
    let black = rolled(given("w=a1+ b=a3 reserve=3-3 turn=black:roll"), 5);
    let after = played(&black, "a3");
    assert_eq!(board(&after), "w=- b=a1 reserve=4-3");
    assert!(
        after.narrate(&black).is_empty(),
        "the description names what it ate"
    );
}

#[test]
fn a_six_may_enter_a_new_piece_onto_the_start_cell_and_eat_an_enemy_there() {
    // Given Black on a1 (White's start) and White with a reserve, When White rolls 6,
    let game = rolled(given("w=c1 b=h8,a1 reserve=3-2 turn=white:roll"), 6);
    // Then White may enter, eating the Black piece, or move c1 by 6.
    assert_eq!(described(&game), vec!["enter (eats a1)", "c1 (-> h2)"]);
    let after = played(&game, "enter");
    assert_eq!(board(&after), "w=a1,c1 b=h8 reserve=2-3");
    assert!(
        after.narrate(&game).is_empty(),
        "the description names what it ate"
    );
    // Black enters on h8 the same way.
    let black = rolled(given("w=h8 b=c8 reserve=3-3 turn=black:roll"), 6);
    assert_eq!(board(&played(&black, "enter")), "w=- b=h8,c8 reserve=4-2");
}

#[test]
fn only_a_six_enters_and_only_onto_a_start_cell_free_of_own_pieces() {
    let game = rolled(given("w=c1 b=h8 reserve=3-3 turn=white:roll"), 5);
    assert_eq!(
        refusal(&game, "enter"),
        "a new piece enters only on a 6, and the roll is 5"
    );
    let taken = rolled(given("w=a1 b=h8 reserve=3-3 turn=white:roll"), 6);
    assert_eq!(
        refusal(&taken, "enter"),
        "a1 is taken by white's own piece, so no new piece can enter"
    );
    assert_eq!(legal(&taken), vec!["a1"]);
    let all_out = rolled(given("w=c1,d1,e1,f1 b=h8 reserve=0-3 turn=white:roll"), 6);
    assert_eq!(
        refusal(&all_out, "enter"),
        "white has no piece in reserve: all four are on the board"
    );
}

#[test]
fn a_piece_home_may_move_on_along_the_diagonal_when_the_roll_fits() {
    let game = rolled(given("w=b2,d4 b=h8 reserve=2-3 turn=white:roll"), 1);
    assert_eq!(described(&game), vec!["b2 (-> c3)"]);
    let two = rolled(given("w=b2,d4 b=h8 reserve=2-3 turn=white:roll"), 2);
    assert_eq!(
        refusal(&two, "b2"),
        "b2 cannot pass white's own piece on d4: on the home diagonal the whole roll must fit"
    );
    assert_eq!(
        refusal(&two, "d4"),
        "a 2 would carry d4 beyond d4, the end of white's home diagonal; there the whole roll must fit"
    );
    assert_eq!(legal(&two), vec!["pass"]);
}

#[test]
fn with_no_legal_move_the_turn_passes_and_otherwise_passing_is_refused() {
    // Given White's only piece home on d4, When White rolls 3, Then only pass remains.
    let game = rolled(given("w=d4 b=h8 reserve=3-3 turn=white:roll"), 3);
    assert_eq!(legal(&game), vec!["pass"]);
    let after = played(&game, "pass");
    assert_eq!(after.phase(), Phase::Roll(BLACK));
    assert_eq!(board(&after), board(&game));
    // Given a piece that can move, Then passing is refused.
    let movable = rolled(given("w=c1 b=h8 reserve=3-3 turn=white:roll"), 3);
    assert_eq!(
        refusal(&movable, "pass"),
        "white can move, so passing is not allowed (for example c1)"
    );
}

#[test]
fn moving_a_piece_that_is_not_there_is_refused() {
    let game = rolled(given("w=c1 b=e1 reserve=3-3 turn=white:roll"), 3);
    assert_eq!(refusal(&game, "e4"), "white has no piece on e4");
    assert_eq!(refusal(&game, "e1"), "white has no piece on e1");
}

#[test]
fn the_first_to_bring_all_four_pieces_home_wins() {
    // Given White with three pieces home and the fourth on a2, When White rolls 1,
    let game = rolled(given("w=a2,b2,c3,d4 b=h8,c1 reserve=0-2 turn=white:roll"), 1);
    let over = played(&game, "a2");
    // Then White wins.
    assert_eq!(over.phase(), Phase::Over);
    let outcome = over.outcome().unwrap();
    assert_eq!(outcome.winner_seat(), Some(WHITE));
    assert_eq!(outcome.points, vec![1, 0]);
    assert_eq!(
        outcome.summary,
        "white wins with all four pieces home (black had 0 home)"
    );
    assert_eq!(over.narrate(&game), vec!["white wins: all four pieces are home"]);
    assert_eq!(
        over.position_string(),
        "w=a1+,b2,c3,d4 b=h8,c1 reserve=0-2 turn=over"
    );
    let mut after = over.clone();
    assert!(after.set_dice(Dice::single(3)).is_err());
    assert_eq!(after, over);
    assert!(given::<Microbes>("w=a1+,b2,c3,d4 b=h8,c1 reserve=0-2 turn=over") == over);
    assert_eq!(over.evaluate(WHITE), -over.evaluate(BLACK));
    assert!(over.evaluate(WHITE) > 0.0);
}

#[test]
fn by_default_a_six_gives_no_extra_roll() {
    let game = rolled(given("w=c1 b=h8 reserve=3-3 turn=white:roll"), 6);
    let after = played(&game, "c1");
    assert_eq!(after.phase(), Phase::Roll(BLACK));
    assert!(after.narrate(&game).is_empty());
}

#[test]
fn option_six_rolls_again_gives_an_extra_roll_after_every_six() {
    let on = ["six-rolls-again=on"];
    // After moving with a 6,
    let game = rolled(given_with(&on, "w=c1 b=h8 reserve=3-3 turn=white:roll"), 6);
    let after = played(&game, "c1");
    assert_eq!(after.phase(), Phase::Roll(WHITE));
    assert_eq!(after.narrate(&game), vec!["a 6: white has another roll"]);
    // after entering with a 6,
    assert_eq!(played(&game, "enter").phase(), Phase::Roll(WHITE));
    // and after a 6 that could not be played (tabula's decision),
    let stuck = rolled(
        given_with(&on, "w=d4,c3,b2,a3 b=h8 reserve=0-3 turn=white:roll"),
        6,
    );
    assert_eq!(legal(&stuck), vec!["pass"]);
    assert_eq!(played(&stuck, "pass").phase(), Phase::Roll(WHITE));
    // but not after other rolls,
    let five = rolled(given_with(&on, "w=c1 b=h8 reserve=3-3 turn=white:roll"), 5);
    assert_eq!(played(&five, "c1").phase(), Phase::Roll(BLACK));
    // and a winning 6 ends the game.
    let win = rolled(
        given_with(&on, "w=a7,c3,b2,d4 b=h8 reserve=0-3 turn=white:roll"),
        6,
    );
    assert_eq!(played(&win, "a7").phase(), Phase::Over);
}

#[test]
fn moves_are_written_by_cell_and_described_in_full() {
    let game = rolled(given("w=a1,c1,f8 b=e1 reserve=1-3 turn=white:roll"), 6);
    assert_eq!(legal(&game), vec!["a1", "c1", "f8"]);
    assert_eq!(
        described(&game),
        vec!["a1 (-> b1, cut short)", "c1 (eats e1)", "f8 (-> a7)"]
    );
    for text in ["A1", " c1 "] {
        assert!(game.parse_move(text).is_ok(), "{text:?}");
    }
    for bad in ["", "z1", "a9", "c1-e1", "enter a1", "1"] {
        let err = game.parse_move(bad).unwrap_err();
        assert!(err.to_string().starts_with("syntax error: "), "{bad:?}: {err}");
    }
    // Dice a person types: one die, 1 to 6.
    assert!(game.parse_dice(&[4]).is_ok());
    assert!(game.parse_dice(&[7]).is_err());
    assert!(game.parse_dice(&[0]).is_err());
    assert!(game.parse_dice(&[3, 4]).is_err());
    assert!(game.parse_dice(&[]).is_err());
}

#[test]
fn actions_at_the_wrong_time_are_refused_and_change_nothing() {
    let waiting = given::<Microbes>("w=c1 b=h8 reserve=3-3 turn=white:roll");
    let mut copy = waiting.clone();
    let err = copy.play(&copy.parse_move("c1").unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "wrong phase: roll first");
    assert_eq!(copy, waiting);
    let moving = rolled(waiting, 3);
    let mut copy = moving.clone();
    let err = copy.set_dice(Dice::single(4)).unwrap_err();
    assert_eq!(err.to_string(), "wrong phase: white must move the 3 first");
    assert_eq!(copy, moving);
    // Dice this game's die cannot show are refused even when handed in directly.
    let mut copy = given::<Microbes>("w=c1 b=h8 reserve=3-3 turn=white:roll");
    let before = copy.clone();
    assert!(copy.set_dice(Dice::single(9)).is_err());
    assert!(copy.set_dice(Dice::new(&[2, 3])).is_err());
    assert_eq!(copy, before);
}

#[test]
fn position_strings_round_trip_and_bad_ones_are_explained() {
    let game = rolled(given("b=h8+,g7 w=a1+,e1 turn=white:roll reserve=2-2"), 6);
    let text = game.position_string();
    assert_eq!(text, "w=e1,a1+ b=h8+,g7 reserve=2-2 turn=white:6");
    assert_eq!(given::<Microbes>(&text), game);
    let cases = [
        ("w=a1 b=h8 reserve=3-3 turn=white:rolloff", ""),
        ("w=a1 b=h8 reserve=3-3 turn=black:rolloff:4", ""),
        ("w=a1 b=- reserve=3-4 turn=black:roll", ""),
        ("w=b2 b=h8 reserve=3-3 turn=white:roll", ""),
        ("w=b2+ b=h8 reserve=3-3 turn=white:roll", ""),
        (
            "w=a1 b=h8 reserve=3-2 turn=white:roll",
            "black has 1 on the board and 2 in reserve",
        ),
        (
            "w=a1,c1 b=h8 reserve=3-3 turn=white:roll",
            "white has 2 on the board and 3 in reserve",
        ),
        (
            "w=a1,b1,c1,d1,e1 b=h8 reserve=0-3 turn=white:roll",
            "more than 4 pieces",
        ),
        (
            "w=a1,a1+ b=h8 reserve=2-3 turn=white:roll",
            "two white pieces on a1",
        ),
        (
            "w=c1,c1 b=h8 reserve=2-3 turn=white:roll",
            "two white pieces on c1",
        ),
        (
            "w=c1 b=c1 reserve=3-3 turn=white:roll",
            "c1 holds a white and a black piece",
        ),
        (
            "w=e4 b=h8 reserve=3-3 turn=white:roll",
            "e4 is not on white's path",
        ),
        (
            "w=a1 b=b2 reserve=3-3 turn=white:roll",
            "b2 is not on black's path",
        ),
        ("w=c1+ b=h8 reserve=3-3 turn=white:roll", "c1 is not a home cell"),
        ("w=a1 b=h8 reserve=3-3 turn=white:7", "turn=white:7"),
        ("w=a1 b=h8 reserve=3-3 turn=black:rolloff", "white rolls first"),
        (
            "w=c1 b=h8 reserve=3-3 turn=white:rolloff",
            "needs the start position",
        ),
        (
            "w=a1 b=h8 reserve=3-3 turn=over",
            "nobody has all four pieces home",
        ),
        (
            "w=a1+,b2,c3,d4 b=h8 reserve=0-3 turn=black:roll",
            "so the game is over",
        ),
        (
            "w=a1+,b2,c3,d4 b=h8+,g7,f6,e5 reserve=0-0 turn=over",
            "both sides have all four pieces home",
        ),
        ("w=a1 b=h8 reserve=3-3", "the field 'turn=' is missing"),
        ("w=a1 b=h8 reserve=3-3 turn=white:roll x=1", "unknown field 'x'"),
        (
            "w=a1 w=a1 b=h8 reserve=3-3 turn=white:roll",
            "'w=' is given twice",
        ),
        ("w=a1 b=h8 reserve=3 turn=white:roll", "reserve=3"),
        ("w=a1 b=h8 reserve=3-99999999999 turn=white:roll", "reserve="),
        ("w=x1 b=h8 reserve=3-3 turn=white:roll", "'x1' is not a cell"),
        ("w= b=h8 reserve=4-3 turn=white:roll", "is not a cell"),
        ("garbage", "is not key=value"),
    ];
    for (text, message) in cases {
        let mut game = Microbes::default_game();
        match game.set_position(text) {
            Ok(()) => {
                assert!(message.is_empty(), "{text} should be refused");
                assert_eq!(given::<Microbes>(&game.position_string()), game, "{text}");
            }
            Err(e) => {
                assert!(!message.is_empty(), "{text} should be accepted: {e}");
                assert!(e.to_string().contains(message), "{text}: {e}");
                assert_eq!(game, Microbes::default_game());
            }
        }
    }
}

#[test]
fn the_board_shows_both_diagonals_fresh_and_home_pieces_reserves_and_the_roll() {
    let game = rolled(given("w=a1+,c1 b=h8,g7,a4 reserve=2-1 turn=black:roll"), 4);
    let text = game.render();
    for line in text.lines() {
        assert!(line.len() <= 80, "too wide: {line}");
    }
    let rank = |n: char| {
        text.lines()
            .find(|l| l.starts_with(&format!(" {n} ")))
            .unwrap()
            .to_string()
    };
    // A1 holds White's home piece (W+); h8 holds Black's fresh piece (B), g7 a home one.
    assert!(rank('1').starts_with(" 1  W+  .   W   ."), "{text}");
    assert!(
        rank('8').starts_with(" 8  .   .   .   .   .   .   .   B   8"),
        "{text}"
    );
    assert!(
        rank('7').starts_with(" 7  .                       B+  .   7"),
        "{text}"
    );
    // Empty home cells are marked on both diagonals.
    assert!(rank('2').starts_with(" 2  .   /"), "{text}");
    assert!(rank('5').starts_with(" 5  .               /"), "{text}");
    assert!(text.contains("black  reserve 1  home 1/4"), "{text}");
    assert!(text.contains("white  reserve 2  home 1/4"), "{text}");
    assert!(text.contains("black to move, rolled 4"), "{text}");
    assert!(
        Microbes::default_game()
            .render()
            .contains("roll-off to decide who starts: white to roll")
    );
}

#[test]
fn the_rules_text_tells_the_story_and_fits_72_columns() {
    let rules = Microbes::game_info().rules;
    for line in rules.lines() {
        assert!(line.chars().count() <= 72, "too wide: {line}");
    }
    assert!(rules.contains("microbes"));
    assert!(rules.matches("(tabula's decision)").count() >= 5);
}

#[test]
fn mangled_position_strings_and_moves_never_panic_or_change_the_game() {
    // Given valid strings, When characters are dropped, doubled or replaced at random,
    // Then each result is either refused with the game unchanged, or restores exactly.
    let seeds = [
        "w=a1+,c1,a3,d4 b=h8+,a2,g7 reserve=0-1 turn=white:roll",
        "w=a1 b=h8 reserve=3-3 turn=black:rolloff:4",
        "w=e1 b=- reserve=3-4 turn=black:6",
    ];
    let alphabet: Vec<char> = "abcdefgh012345678+-=:, wrtvxé".chars().collect();
    let mut rng = tabula::core::SeededDice::new(9);
    let base = given::<Microbes>(seeds[0]);
    for round in 0..3000 {
        let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len() as u32) as usize;
            match rng.below(3) {
                0 => {
                    chars.remove(at);
                }
                1 => chars.insert(at, chars[at]),
                _ => chars[at] = alphabet[rng.below(alphabet.len() as u32) as usize],
            }
        }
        let text: String = chars.into_iter().collect();
        let mut game = base.clone();
        match game.set_position(&text) {
            Ok(()) => assert_eq!(given::<Microbes>(&game.position_string()), game, "{text}"),
            Err(_) => assert_eq!(game, base, "{text}"),
        }
        let word: String = text.chars().take(1 + round % 4).collect();
        let _ = game.parse_move(&word);
    }
}
