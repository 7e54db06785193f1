//! Royal Game of Ur rule cases, written Given (a position) / When (a roll and a move) /
//! Then. Positions are position strings; cells are absolute (row 1 is Light's side), and
//! in City `m` marks a piece showing its marked side.

use tabula::core::{Dice, Game, NewGame, Phase, ScriptedDice};
use tabula::games::ur::{DARK, LIGHT, Ur, board::parse_cell};

use crate::support::{self, given, given_with, legal_sorted, new_game, played, refusal, roll_off_news};
use tabula::core::Notation;

/// The game after the side to roll throws `roll`.
fn rolled(game: Ur, roll: u8) -> Ur {
    support::rolled(game, &[roll])
}

fn position_after(game: &Ur, text: &str) -> String {
    played(game, text).position_string()
}

fn cell(name: &str) -> u8 {
    parse_cell(name).unwrap()
}

// ---------------------------------------------------------------- City of Ur

#[test]
fn the_roll_off_goes_on_until_someone_rolls_a_one_and_plays_it() {
    // Given a new City game, Light rolls first in the roll-off.
    let start = Ur::default_game();
    assert_eq!(start.phase(), Phase::Roll(LIGHT));
    assert!(start.in_roll_off());
    assert_eq!(start.position_string(), "light=inx5 dark=inx5 turn=light:rolloff");
    // When Light rolls a 3, Then Dark rolls next, still in the roll-off, and no move exists.
    let mut game = start.clone();
    game.set_dice(Dice::single(3)).unwrap();
    assert_eq!(game.phase(), Phase::Roll(DARK));
    assert!(game.in_roll_off());
    assert!(legal_sorted(&game).is_empty());
    assert_eq!(
        roll_off_news(&start, 3),
        vec!["roll-off: light did not roll a 1; dark rolls next"]
    );
    // When Dark rolls a 1, Then Dark starts and must play that 1.
    let news = roll_off_news(&game, 1);
    game.set_dice(Dice::single(1)).unwrap();
    assert_eq!(game.phase(), Phase::Move(DARK));
    assert_eq!(game.dice(), Some(Dice::single(1)));
    assert_eq!(legal_sorted(&game), vec!["in-d3"]);
    assert_eq!(news, vec!["roll-off: dark rolls a 1 and starts with it"]);
    // Then Light rolls normally, any number playing.
    let after = played(&game, "in-d3");
    assert_eq!(after.position_string(), "light=inx5 dark=inx4,d3 turn=light:roll");
    assert!(!after.in_roll_off());
    assert_eq!(legal_sorted(&rolled(after, 3)), vec!["in-b1"]);
    // A 1 at Light's first roll-off roll lets Light start.
    assert_eq!(legal_sorted(&rolled(start.clone(), 1)), vec!["in-d1"]);
    let mut early = start.clone();
    let mv = early.parse_move("in-d1").unwrap();
    assert_eq!(
        early.play(&mv).unwrap_err().to_string(),
        "wrong phase: roll first"
    );
    assert_eq!(early, start);
}

#[test]
fn a_roll_enters_a_piece_at_index_roll_minus_one_and_a1_is_a_star() {
    let game = given::<Ur>("light=inx5 dark=inx4,d3 turn=light:roll");
    assert_eq!(legal_sorted(&rolled(game.clone(), 1)), vec!["in-d1"]);
    assert_eq!(legal_sorted(&rolled(game.clone(), 2)), vec!["in-c1"]);
    assert_eq!(legal_sorted(&rolled(game.clone(), 3)), vec!["in-b1"]);
    let four = rolled(game.clone(), 4);
    assert_eq!(legal_sorted(&four), vec!["in-a1"]);
    // Entering on the star a1 is a forward landing there: an extra roll.
    let after = played(&four, "in-a1");
    assert_eq!(after.phase(), Phase::Roll(LIGHT));
    assert!(after.narrate(&four).is_empty(), "the move's description says it");
    assert_eq!(
        four.describe_move(&four.parse_move("in-a1").unwrap()),
        "in-a1 (another roll)"
    );
    assert_eq!(
        position_after(&rolled(game, 2), "in-c1"),
        "light=inx4,c1 dark=inx4,d3 turn=dark:roll"
    );
}

#[test]
fn landing_on_h2_flips_the_piece_and_the_side_must_be_named() {
    // Given a blank Light piece on g2, When Light rolls 3, Then it can reach h2 round
    // either side of the small block: two moves, written with the side's first cell.
    let game = rolled(given("light=inx4,g2 dark=inx5 turn=light:roll"), 3);
    assert_eq!(legal_sorted(&game), vec!["g2-g1-h2", "g2-g3-h2", "in-b1"]);
    let by_row1 = played(&game, "g2-g1-h2");
    assert_eq!(
        by_row1.position_string(),
        "light=inx4,h2m>h3 dark=inx5 turn=dark:roll"
    );
    assert_eq!(by_row1.pieces_on(LIGHT, cell("h2")), (0, 1), "marked side up");
    assert!(
        by_row1.narrate(&game).is_empty(),
        "the move's description says it"
    );
    assert_eq!(
        game.describe_move(&game.parse_move("g2-g1-h2").unwrap()),
        "g2-g1-h2 (lands on h2: turns marked, next cell h3)"
    );
    assert_eq!(
        position_after(&game, "g2-g3-h2"),
        "light=inx4,h2m>h1 dark=inx5 turn=dark:roll"
    );
    assert_eq!(
        refusal(&game, "g2-h2"),
        "g2-h2 means more than one move here: write g2-g1-h2 or g2-g3-h2"
    );
    let two = rolled(given("light=inx4,g2 dark=inx5 turn=light:roll"), 2);
    assert_eq!(
        refusal(&two, "g2-g3-h1"),
        "the piece on g2 does not pass g3 on its way to h1"
    );
    assert_eq!(position_after(&two, "g2-g1-h1"), position_after(&two, "g2-h1"));
    // Then the piece keeps its side: on by h3 or by h1.
    let on = rolled(given("light=inx4,h2m>h3 dark=inx5 turn=light:roll"), 1);
    assert_eq!(legal_sorted(&on), vec!["h2-h3", "in-d1"]);
    let on = rolled(given("light=inx4,h2m>h1 dark=inx5 turn=light:roll"), 2);
    assert_eq!(legal_sorted(&on), vec!["h2-g1", "in-c1"]);
}

#[test]
fn passing_h2_flips_the_piece_too() {
    // Given a blank piece on h1 (entered by row 1), When it moves 2 past h2 to h3,
    let game = rolled(given("light=inx4,h1 dark=inx5 turn=light:roll"), 2);
    assert_eq!(legal_sorted(&game), vec!["h1-h3", "in-c1"]);
    // Then it lands marked side up.
    let after = played(&game, "h1-h3");
    assert_eq!(after.pieces_on(LIGHT, cell("h3")), (0, 1));
    assert_eq!(after.position_string(), "light=inx4,h3m dark=inx5 turn=dark:roll");
    // And a 4 carries it round to g2 on the way back, marked.
    let game = rolled(given("light=inx4,h1 dark=inx5 turn=light:roll"), 4);
    assert_eq!(
        position_after(&game, "h1-g2"),
        "light=inx4,g2m dark=inx5 turn=dark:roll"
    );
}

#[test]
fn a_piece_chooses_its_side_on_entering_the_small_block_and_keeps_it() {
    let game = given::<Ur>("light=inx4,g2 dark=inx4,g2 turn=light:roll");
    assert_eq!(
        legal_sorted(&rolled(game.clone(), 1)),
        vec!["g2-g1", "g2-g3", "in-d1"]
    );
    assert_eq!(
        legal_sorted(&rolled(game.clone(), 2)),
        vec!["g2-h1", "g2-h3", "in-c1"]
    );
    // Dark chooses too.
    let dark = given("light=inx4,g2 dark=inx4,g2 turn=dark:roll");
    assert_eq!(legal_sorted(&rolled(dark, 1)), vec!["g2-g1", "g2-g3", "in-d3"]);
    // Given a blank piece on g1 (side row 1), Then it goes on by h1 and h3, never by g3.
    let side1 = given::<Ur>("light=inx4,g1 dark=inx5 turn=light:roll");
    assert_eq!(legal_sorted(&rolled(side1.clone(), 1)), vec!["g1-h1", "in-d1"]);
    let three = rolled(side1, 3);
    assert_eq!(legal_sorted(&three), vec!["g1-h3", "in-b1"]);
    assert_eq!(
        refusal(&three, "g1-h1"),
        "with a 3 the piece on g1 goes to h3, not h1"
    );
    // Given a blank piece on g3 (side row 3), Then a 3 takes it to h1.
    let side3 = rolled(given("light=inx4,g3 dark=inx5 turn=light:roll"), 3);
    assert_eq!(legal_sorted(&side3), vec!["g3-h1", "in-b1"]);
}

#[test]
fn backward_moves_only_capture() {
    // Given a blank Light piece on e2 and a blank Dark piece on d2 (a star),
    let game = rolled(given("light=inx4,e2 dark=inx4,d2 turn=light:roll"), 1);
    // When Light rolls 1, Then e2-d2 moves back one cell and captures.
    assert_eq!(legal_sorted(&game), vec!["e2-d2", "e2-f2", "in-d1"]);
    let mv = game.parse_move("e2-d2").unwrap();
    assert!(game.describe_move(&mv).contains("backward"));
    let after = played(&game, "e2-d2");
    assert_eq!(after.position_string(), "light=inx4,d2 dark=inx5 turn=dark:roll");
    assert!(after.narrate(&game).is_empty(), "the move's description says it");
    assert_eq!(
        game.describe_move(&game.parse_move("e2-d2").unwrap()),
        "e2-d2 (backward, captures d2)"
    );
    // A plain backward move is refused: onto an empty cell or onto a safe one.
    let lone = given::<Ur>("light=inx4,d2 dark=inx5 turn=light:roll");
    assert_eq!(
        refusal(&rolled(lone.clone(), 1), "d2-c2"),
        "a piece moves backward only to capture, and c2 holds no dark piece it could capture"
    );
    assert_eq!(
        refusal(&rolled(lone.clone(), 2), "d2-b2"),
        "a piece moves backward only to capture, and b2 is a safe cell"
    );
    // Nothing goes back past index 0.
    let first = rolled(given("light=inx4,d1 dark=inx5 turn=light:roll"), 1);
    assert_eq!(legal_sorted(&first), vec!["d1-c1"]);
}

#[test]
fn a_marked_piece_never_moves_back_across_h2_but_may_capture_on_it() {
    // Given a marked Light piece on g3 (side row 1, index 15),
    let game = given::<Ur>("light=inx4,g3m dark=inx4,h2m>h1 turn=light:roll");
    // When Light rolls 3, Then going back to h1 would cross h2.
    assert_eq!(
        refusal(&rolled(game.clone(), 3), "g3-h1"),
        "a marked piece never moves back across h2"
    );
    // When Light rolls 2, Then it may go back onto h2 itself and capture the marked piece.
    let two = rolled(game, 2);
    assert!(legal_sorted(&two).contains(&"g3-h2".to_string()));
    assert_eq!(
        position_after(&two, "g3-h2"),
        "light=inx4,h2m>h3 dark=inx5 turn=dark:roll"
    );
}

#[test]
fn a_piece_on_the_way_back_may_return_into_the_small_block_by_either_side() {
    // Given a marked Light piece on d2 (index 19) and a marked Dark piece on g1,
    let game = rolled(given("light=inx4,d2m dark=inx4,g1m turn=light:roll"), 4);
    // When Light rolls 4, Then it may capture on g1 going back (g3 is empty: no move).
    assert_eq!(legal_sorted(&game), vec!["d2-a1", "d2-g1", "in-a1"]);
    let after = played(&game, "d2-g1");
    assert_eq!(after.position_string(), "light=inx4,g1m dark=inx5 turn=dark:roll");
    // Given a marked Dark piece on h2, When Light comes back from g2 with 3, Then both
    // sides reach h2 and each decides the piece's way on.
    let game = rolled(given("light=inx4,g2m dark=inx4,h2m>h1 turn=light:roll"), 3);
    assert_eq!(
        legal_sorted(&game),
        vec!["g2-d2", "g2-g1-h2", "g2-g3-h2", "in-b1"]
    );
    assert_eq!(
        position_after(&game, "g2-g1-h2"),
        "light=inx4,h2m>h1 dark=inx5 turn=dark:roll"
    );
    assert_eq!(
        position_after(&game, "g2-g3-h2"),
        "light=inx4,h2m>h3 dark=inx5 turn=dark:roll"
    );
}

#[test]
fn no_capture_between_blank_and_marked_pieces() {
    // A blank piece cannot capture a marked one,
    let game = rolled(given("light=inx4,a2 dark=inx4,c2m turn=light:roll"), 2);
    assert_eq!(legal_sorted(&game), vec!["in-c1"]);
    assert_eq!(
        refusal(&game, "a2-c2"),
        "a blank piece cannot capture a marked one"
    );
    // nor a marked piece a blank one,
    let game = rolled(given("light=inx4,e2m dark=inx4,c2 turn=light:roll"), 2);
    assert_eq!(
        refusal(&game, "e2-c2"),
        "a marked piece cannot capture a blank one"
    );
    // but pieces of the same face capture each other.
    let game = rolled(given("light=inx4,a2 dark=inx4,c2 turn=light:roll"), 2);
    assert_eq!(
        position_after(&game, "a2-c2"),
        "light=inx4,c2 dark=inx5 turn=dark:roll"
    );
}

#[test]
fn green_cells_share_everything_four_eyes_one_face_plain_cells_nothing() {
    // Green e2: a blank piece joins marked pieces of both players; nobody is captured.
    let game = rolled(given("light=inx3,d2,e2m dark=inx4,e2m turn=light:roll"), 1);
    assert_eq!(legal_sorted(&game), vec!["d2-e2", "in-d1"]);
    let after = played(&game, "d2-e2");
    assert_eq!(after.pieces_on(LIGHT, cell("e2")), (1, 1));
    assert_eq!(after.pieces_on(DARK, cell("e2")), (0, 1));
    // Four eyes b2: a blank Light piece joins a blank Dark piece,
    let game = rolled(given("light=inx4,a2 dark=inx4,b2 turn=light:roll"), 1);
    let after = played(&game, "a2-b2");
    assert_eq!(after.pieces_on(LIGHT, cell("b2")), (1, 0));
    assert_eq!(after.pieces_on(DARK, cell("b2")), (1, 0));
    // but a marked piece cannot join blank ones.
    let game = rolled(given("light=inx4,c2m dark=inx4,b2 turn=light:roll"), 1);
    assert_eq!(
        refusal(&game, "c2-b2"),
        "b2 is a four-eyes cell holding blank pieces; a marked piece cannot join them"
    );
    // Two own pieces of one face share four eyes.
    let game = rolled(given("light=inx3,c1,b1 dark=inx5 turn=light:roll"), 1);
    assert_eq!(
        position_after(&game, "c1-b1"),
        "light=inx3,b1x2 dark=inx5 turn=dark:roll"
    );
    // A plain cell holds one piece: no landing on one's own.
    let game = rolled(given("light=inx3,c2,d2 dark=inx5 turn=light:roll"), 1);
    assert_eq!(refusal(&game, "c2-d2"), "d2 is already held by a light piece");
}

#[test]
fn two_pieces_on_a_green_cell_are_told_apart_by_face_only_when_needed() {
    // Given a blank Light piece on h1 (side row 1) and a marked one (side row 3), and a
    // marked Dark piece on h2, When Light rolls 1, Then both can capture on h2: the blank
    // one forward (it turns marked there), the marked one backward.
    let game = rolled(given("light=inx3,h1,h1m dark=inx4,h2m>h3 turn=light:roll"), 1);
    assert_eq!(legal_sorted(&game), vec!["h1-g1", "h1b-h2", "h1m-h2", "in-d1"]);
    assert_eq!(
        position_after(&game, "h1b-h2"),
        "light=inx3,h2m>h3,h1m dark=inx5 turn=dark:roll"
    );
    assert_eq!(
        position_after(&game, "h1m-h2"),
        "light=inx3,h1,h2m>h1 dark=inx5 turn=dark:roll"
    );
    assert_eq!(
        refusal(&game, "h1-h2"),
        "h1-h2 means more than one move here: write h1b-h2 or h1m-h2"
    );
    // Where the cells tell the moves apart, the plain form stays.
    let game = rolled(given("light=inx3,e2,e2m dark=inx5 turn=light:roll"), 2);
    assert_eq!(legal_sorted(&game), vec!["e2-c2", "e2-g2", "in-c1"]);
    assert_eq!(
        refusal(&game, "e2m-g2"),
        "a piece moves backward only to capture, and g2 is a safe cell"
    );
}

#[test]
fn a_forward_landing_on_a_star_gives_an_extra_roll_usable_by_any_piece() {
    let game = rolled(given("light=inx4,c2 dark=inx5 turn=light:roll"), 1);
    let after = played(&game, "c2-d2");
    assert_eq!(after.phase(), Phase::Roll(LIGHT));
    assert!(after.narrate(&game).is_empty(), "the move's description says it");
    assert_eq!(
        game.describe_move(&game.parse_move("c2-d2").unwrap()),
        "c2-d2 (another roll)"
    );
    let again = rolled(after, 4);
    assert_eq!(legal_sorted(&again), vec!["d2-g1", "d2-g3", "in-a1"]);
    // A capture on a star by a forward move also gets the extra roll.
    let game = rolled(given("light=inx4,c2 dark=inx4,d2 turn=light:roll"), 1);
    assert_eq!(played(&game, "c2-d2").phase(), Phase::Roll(LIGHT));
}

#[test]
fn back_star_stay_keeps_the_capturing_piece_on_the_star_without_an_extra_roll() {
    let position = "light=inx4,e2 dark=inx4,d2 turn=light:roll";
    let game = rolled(given_with(&["back-star=stay"], position), 1);
    let after = played(&game, "e2-d2");
    assert_eq!(after.position_string(), "light=inx4,d2 dark=inx5 turn=dark:roll");
    assert_eq!(after.phase(), Phase::Roll(DARK));
}

#[test]
fn back_star_retreat_moves_the_capturing_piece_back_as_far_again() {
    let position = "light=inx4,e2 dark=inx4,d2 turn=light:roll";
    let game = rolled(given_with(&["back-star=retreat"], position), 1);
    let mv = game.parse_move("e2-d2").unwrap();
    assert!(game.describe_move(&mv).contains("retreats to c2"));
    let after = played(&game, "e2-d2");
    assert_eq!(after.position_string(), "light=inx4,c2 dark=inx5 turn=dark:roll");
    // The retreat cell must be free to land on without a capture.
    let blocked = "light=inx3,c2,e2 dark=inx4,d2 turn=light:roll";
    let game = rolled(given_with(&["back-star=retreat"], blocked), 1);
    assert_eq!(
        refusal(&game, "e2-d2"),
        "after a backward capture on the star d2 the piece must retreat to c2, which it cannot land on without a capture"
    );
    assert!(legal_sorted(&rolled(given(blocked), 1)).contains(&"e2-d2".to_string()));
    // A retreat back across h2 leaves the trajectory: no capture then.
    let far = "light=inx4,d2m dark=inx4,g1m turn=light:roll";
    let game = rolled(given_with(&["back-star=retreat"], far), 4);
    assert_eq!(legal_sorted(&game), vec!["d2-a1", "in-a1"]);
    assert_eq!(
        refusal(&game, "d2-g1"),
        "after a backward capture on the star g1 the piece must retreat as far again, and that leaves its trajectory"
    );
}

#[test]
fn bearing_off_needs_the_exact_roll_and_the_last_piece_wins() {
    let game = given::<Ur>("light=d1m,offx4 dark=inx5 turn=light:roll");
    let two = rolled(game.clone(), 2);
    assert_eq!(legal_sorted(&two), vec!["pass"]);
    assert_eq!(
        refusal(&two, "d1-off"),
        "bearing off from d1 needs exactly 1, not 2"
    );
    let passed = played(&two, "pass");
    assert_eq!(passed.phase(), Phase::Roll(DARK));
    assert!(passed.narrate(&two).is_empty(), "a plain pass needs no story");
    let one = rolled(game, 1);
    assert_eq!(legal_sorted(&one), vec!["d1-off"]);
    let over = played(&one, "d1-off");
    assert_eq!(over.phase(), Phase::Over);
    let outcome = over.outcome().unwrap();
    assert_eq!(outcome.winner_seat(), Some(LIGHT));
    assert_eq!(
        outcome.summary,
        "light wins, bearing off all 5 pieces (dark has 0 off)"
    );
    assert_eq!(over.position_string(), "light=offx5 dark=inx5 turn=over");
    assert_eq!(
        over.narrate(&one),
        vec!["light bears off the last piece and wins the game"]
    );
    let mut done = over.clone();
    assert!(done.set_dice(Dice::single(1)).is_err());
    assert_eq!(done, over);
}

#[test]
fn passing_is_refused_while_a_move_exists() {
    let game = rolled(given("light=inx5 dark=inx5 turn=light:roll"), 2);
    assert_eq!(
        refusal(&game, "pass"),
        "light can move, so passing is not allowed (for example in-c1)"
    );
}

#[test]
fn refusals_name_the_problem() {
    let game = rolled(given("light=inx4,c2 dark=inx5 turn=light:roll"), 3);
    assert_eq!(refusal(&game, "e2-h1"), "there is no light piece on e2");
    assert_eq!(refusal(&game, "c2m-f2"), "there is no marked light piece on c2");
    assert_eq!(
        refusal(&game, "c2-e2"),
        "with a 3 the piece on c2 goes to f2, not e2"
    );
    assert_eq!(
        refusal(&game, "in-c1"),
        "with a 3 a piece entering goes to b1, not c1"
    );
    let none = rolled(given("light=d1m,offx4 dark=inx5 turn=light:roll"), 1);
    assert_eq!(refusal(&none, "in-d1"), "light has no piece in reserve");
    let mut moving = game.clone();
    assert_eq!(
        moving.set_dice(Dice::single(2)).unwrap_err().to_string(),
        "wrong phase: light must move the 3 first"
    );
    assert_eq!(moving, game);
    for bad in [
        "",
        "c2",
        "c2-",
        "x1-c2",
        "c2-z9",
        "in-b-c1",
        "c2-d2-e2",
        "c2q-d2",
        "in-c1-d1-e1",
    ] {
        assert!(game.parse_move(bad).is_err(), "{bad:?} should not parse");
    }
    assert!(game.parse_move("C2-F2").is_ok());
}

#[test]
fn city_dice_are_one_tetrahedral_die() {
    let game = Ur::default_game();
    assert_eq!(game.roll(&mut ScriptedDice::new(&[3])), Dice::single(3));
    assert!(game.parse_dice(&[4]).is_ok());
    assert!(game.parse_dice(&[0]).is_err());
    assert!(game.parse_dice(&[5]).is_err());
    assert!(game.parse_dice(&[1, 2]).is_err());
}

#[test]
fn city_position_strings_round_trip_and_bad_ones_are_explained() {
    let text = "light=e2,h2m>h3,e2m,d1m,off dark=inx4,h1 turn=dark:3";
    let game = given::<Ur>(text);
    assert_eq!(game.position_string(), text);
    assert_eq!(given::<Ur>(&game.position_string()), game);
    let cases = [
        (
            "light=inx4 dark=inx5 turn=light:roll",
            "light has 4 pieces; each side has 5 in city",
        ),
        ("light=inx3,c2x2 dark=inx5 turn=light:roll", "c2 holds 2 pieces"),
        (
            "light=inx4,b2 dark=inx4,b2m turn=light:roll",
            "b2 is a four-eyes cell and holds both blank and marked pieces",
        ),
        (
            "light=inx4,h2 dark=inx5 turn=light:roll",
            "a piece there is always marked: write m",
        ),
        (
            "light=inx4,h2m dark=inx5 turn=light:roll",
            "say which way the piece on h2 goes next: h2>h1 or h2>h3",
        ),
        (
            "light=inx4,e2>h1 dark=inx5 turn=light:roll",
            "only a piece on h2 says where it goes next",
        ),
        (
            "light=inx4,d3 dark=inx5 turn=light:roll",
            "d3 is not on light's path",
        ),
        (
            "light=inx4,e1 dark=inx5 turn=light:roll",
            "there is no cell e1 on the city board",
        ),
        (
            "light=inx4,d1 dark=inx5 turn=light:rolloff",
            "the roll-off comes before any piece enters",
        ),
        (
            "light=inx5 dark=inx5 turn=over",
            "turn=over, but nobody has borne off every piece",
        ),
        ("light=offx5 dark=inx5 turn=light:roll", "so the game is over"),
        ("light=inx5 dark=inx5 turn=light:5", "city rolls 1 to 4"),
        ("light=inx5 dark=inx5", "the field 'turn=' is missing"),
        ("light=inx5 dark=inx5 turn=light:roll x=1", "unknown field 'x'"),
        ("light=inx9 dark=inx5 turn=light:roll", "bad count"),
        ("light=inx5 dark=inx5 turn=blue:roll", "turn=blue:roll"),
        ("light=inx4,h1 dark=inx5 turn=light:roll", ""),
    ];
    for (text, message) in cases {
        let mut game = Ur::default_game();
        match game.set_position(text) {
            Ok(()) => assert!(message.is_empty(), "{text} should be refused"),
            Err(e) => {
                assert!(!message.is_empty(), "{text} should be accepted: {e}");
                assert!(e.to_string().contains(message), "{text}: {e}");
                assert_eq!(game, Ur::default_game());
            }
        }
    }
}

#[test]
fn the_board_shows_cells_pieces_reserves_and_the_turn() {
    let game = rolled(given("light=inx3,e2,e2m dark=inx3,h2m>h1,b3 turn=light:roll"), 2);
    let board = game.render();
    assert!(board.lines().all(|l| l.len() <= 80), "{board}");
    assert!(
        board.contains("light (l blank, L marked, 2l two blank)  reserve 3  off 0 of 5"),
        "{board}"
    );
    assert!(board.contains("light to move, roll 2"), "{board}");
    assert!(board.contains("=   lL|"), "e2 shows both Light pieces: {board}");
    assert!(board.contains("|o     |"), "h2 is drawn white: {board}");
    assert!(board.contains("     D|"), "{board}");
    assert!(board.contains("* star (extra roll)"), "{board}");
}

// ---------------------------------------------------------------- standard rule sets

#[test]
fn standard_sets_have_no_roll_off_and_light_starts() {
    for rules in ["finkel", "masters", "blitz", "aseb"] {
        let game = new_game::<Ur>(&[&format!("rules={rules}")]);
        assert_eq!(game.phase(), Phase::Roll(LIGHT));
        assert!(!game.in_roll_off());
        let pieces = if matches!(rules, "finkel" | "masters") {
            7
        } else {
            5
        };
        assert_eq!(
            game.position_string(),
            format!("light=inx{pieces} dark=inx{pieces} turn=light:roll")
        );
    }
    // back-star is accepted with every rule set (only City uses it).
    new_game::<Ur>(&["rules=finkel", "back-star=retreat"]);
}

#[test]
fn finkel_rosettes_are_safe_masters_rosettes_are_not() {
    let finkel = rolled(
        given_with(&["rules=finkel"], "light=inx6,b2 dark=inx6,d2 turn=light:roll"),
        2,
    );
    assert_eq!(legal_sorted(&finkel), vec!["in-c1"]);
    assert_eq!(refusal(&finkel, "b2-d2"), "d2 is a safe rosette held by dark");
    let masters = rolled(
        given_with(&["rules=masters"], "light=inx6,b2 dark=inx6,d2 turn=light:roll"),
        2,
    );
    let after = played(&masters, "b2-d2");
    assert_eq!(after.position_string(), "light=inx6,d2 dark=inx7 turn=light:roll");
}

#[test]
fn a_roll_of_zero_passes() {
    let game = rolled(
        given_with(&["rules=finkel"], "light=inx6,d2 dark=inx7 turn=light:roll"),
        0,
    );
    assert_eq!(legal_sorted(&game), vec!["pass"]);
    assert_eq!(refusal(&game, "d2-e2"), "a roll of 0 moves nothing: pass");
    assert_eq!(played(&game, "pass").phase(), Phase::Roll(DARK));
}

#[test]
fn masters_throws_three_binary_dice_and_zero_counts_as_four() {
    let masters = new_game::<Ur>(&["rules=masters"]);
    assert_eq!(masters.roll(&mut ScriptedDice::new(&[1, 1, 1])), Dice::single(4));
    assert_eq!(masters.roll(&mut ScriptedDice::new(&[2, 1, 2])), Dice::single(2));
    assert_eq!(
        masters.roll(&mut ScriptedDice::new(&[2, 2, 2, 2])),
        Dice::single(3)
    );
    assert!(masters.parse_dice(&[0]).is_err());
    assert!(masters.parse_dice(&[4]).is_ok());
    let finkel = new_game::<Ur>(&["rules=finkel"]);
    assert_eq!(
        finkel.roll(&mut ScriptedDice::new(&[1, 1, 1, 1])),
        Dice::single(0)
    );
    assert_eq!(
        finkel.roll(&mut ScriptedDice::new(&[2, 2, 2, 2])),
        Dice::single(4)
    );
    assert!(finkel.parse_dice(&[0]).is_ok());
    assert!(finkel.parse_dice(&[5]).is_err());
    let mut position = new_game::<Ur>(&["rules=masters"]);
    assert!(
        position
            .set_position("light=inx7 dark=inx7 turn=light:0")
            .is_err()
    );
}

#[test]
fn blitz_captures_give_an_extra_roll() {
    let blitz = rolled(
        given_with(&["rules=blitz"], "light=inx4,a2 dark=inx4,c2 turn=light:roll"),
        2,
    );
    assert_eq!(
        position_after(&blitz, "a2-c2"),
        "light=inx4,c2 dark=inx5 turn=light:roll"
    );
    let masters = rolled(
        given_with(&["rules=masters"], "light=inx6,a2 dark=inx6,c2 turn=light:roll"),
        2,
    );
    assert_eq!(
        position_after(&masters, "a2-c2"),
        "light=inx6,c2 dark=inx7 turn=dark:roll"
    );
}

#[test]
fn standard_paths_turn_where_royalur_turns_them() {
    let finkel = rolled(
        given_with(&["rules=finkel"], "light=inx6,g2 dark=inx7 turn=light:roll"),
        1,
    );
    assert_eq!(legal_sorted(&finkel), vec!["g2-h2", "in-d1"]);
    let finkel = rolled(
        given_with(&["rules=finkel"], "light=inx6,h2 dark=inx7 turn=light:roll"),
        3,
    );
    assert_eq!(legal_sorted(&finkel), vec!["h2-off", "in-b1"]);
    let masters = rolled(
        given_with(&["rules=masters"], "light=inx6,g2 dark=inx7 turn=light:roll"),
        1,
    );
    assert_eq!(legal_sorted(&masters), vec!["g2-g3", "in-d1"]);
    let masters = rolled(
        given_with(&["rules=masters"], "light=inx6,g3 dark=inx7 turn=light:roll"),
        4,
    );
    assert_eq!(legal_sorted(&masters), vec!["g3-g1", "in-a1"]);
    let own = rolled(
        given_with(&["rules=masters"], "light=inx5,c2,d2 dark=inx7 turn=light:roll"),
        1,
    );
    assert_eq!(refusal(&own, "c2-d2"), "d2 is already held by a light piece");
}

#[test]
fn aseb_runs_down_the_long_middle_row() {
    let game = given_with::<Ur>(&["rules=aseb"], "light=inx4,k2 dark=inx5 turn=light:roll");
    let one = rolled(game.clone(), 1);
    assert_eq!(legal_sorted(&one), vec!["in-d1", "k2-l2"]);
    assert_eq!(
        played(&one, "k2-l2").phase(),
        Phase::Roll(LIGHT),
        "l2 is a rosette"
    );
    assert_eq!(legal_sorted(&rolled(game, 2)), vec!["in-c1", "k2-off"]);
    let safe = rolled(
        given_with(&["rules=aseb"], "light=inx4,f2 dark=inx4,h2 turn=light:roll"),
        2,
    );
    assert_eq!(refusal(&safe, "f2-h2"), "h2 is a safe rosette held by dark");
    let board = safe.render();
    assert!(board.lines().all(|l| l.len() <= 80), "{board}");
    assert!(board.contains("l"), "{board}");
}

#[test]
fn standard_position_strings_are_checked_for_their_rule_set() {
    let cases = [
        (
            "rules=finkel",
            "light=inx6,d2m dark=inx7 turn=light:roll",
            "pieces have no faces",
        ),
        (
            "rules=finkel",
            "light=inx6,d2 dark=inx6,d2 turn=light:roll",
            "d2 holds 2 pieces; a cell holds one piece at most",
        ),
        (
            "rules=finkel",
            "light=inx7 dark=inx7 turn=light:rolloff",
            "finkel has no roll-off",
        ),
        (
            "rules=finkel",
            "light=inx6,g3 dark=inx7 turn=light:roll",
            "g3 is not on light's path",
        ),
        (
            "rules=aseb",
            "light=inx4,g1 dark=inx5 turn=light:roll",
            "there is no cell g1 on the aseb board",
        ),
        (
            "rules=blitz",
            "light=inx7 dark=inx5 turn=light:roll",
            "'inx7' has a bad count",
        ),
        (
            "rules=blitz",
            "light=inx3,inx3 dark=inx5 turn=light:roll",
            "light has more than 5 pieces",
        ),
        ("rules=masters", "light=inx6,g3 dark=inx6,g1 turn=dark:4", ""),
    ];
    for (rules, text, message) in cases {
        let fresh = new_game::<Ur>(&[rules]);
        let mut game = fresh.clone();
        match game.set_position(text) {
            Ok(()) => {
                assert!(message.is_empty(), "{text} should be refused");
                assert_eq!(game.position_string(), text);
            }
            Err(e) => {
                assert!(!message.is_empty(), "{text} should be accepted: {e}");
                assert!(e.to_string().contains(message), "{text}: {e}");
                assert_eq!(game, fresh);
            }
        }
    }
}
