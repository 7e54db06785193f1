//! Aeroplane Chess rule cases, written Given (a position) / When (a roll and a move) /
//! Then. Positions are position strings; track squares are absolute (0-51). Handy squares:
//! red enters at 3, its own colour is 4, 8, 12, ... 48, 0; its shortcut is 20 -> 32 and it
//! turns in at 0. Yellow enters at 16 (shortcut 33 -> 45), blue at 29 (shortcut 46 -> 6),
//! green at 42 (shortcut 7 -> 19).

use tabula::core::{Dice, Game, NewGame, Phase};
use tabula::games::aeroplane::Aeroplane;

use crate::support::{self, given, given_with, legal, new_game, played, refusal, roll_off_news};
use tabula::core::Notation;

/// A four-player position in the move or roll phase with no sixes pending.
fn four(red: &str, yellow: &str, blue: &str, green: &str, turn: &str) -> String {
    format!(
        "red={red} yellow={yellow} blue={blue} green={green} turn={turn} rolloff=done sixes=0 \
         moved=- finished=-"
    )
}

const IDLE: &str = "H,H,H,H";

/// The game after the side to roll throws `roll`.
fn rolled(game: Aeroplane, roll: u8) -> Aeroplane {
    support::rolled(game, &[roll])
}

/// The value of `key=` in the game's position string.
fn field(game: &Aeroplane, key: &str) -> String {
    let text = game.position_string();
    text.split_whitespace()
        .find_map(|f| f.strip_prefix(&format!("{key}=")).map(String::from))
        .unwrap_or_else(|| panic!("no {key}= in {text}"))
}

#[test]
fn the_roll_off_decides_who_starts() {
    // Given a new four-player game, the roll-off comes first, red rolling first.
    let mut game = Aeroplane::default_game();
    assert_eq!(game.phase(), Phase::Roll(0));
    assert_eq!(field(&game, "rolloff"), "r?,y?,b?,g?");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty(), "nothing to do before a roll-off roll");
    // When the seats roll 3, 5, 2, 4 in seat order,
    for (seat, roll) in [3, 5, 2, 4].into_iter().enumerate() {
        assert_eq!(game.phase(), Phase::Roll(seat));
        assert!(game.roll_off().is_some());
        let news = roll_off_news(&game, roll);
        game.set_dice(Dice::single(roll)).unwrap();
        if seat < 3 {
            assert!(news.is_empty());
        } else {
            // Then yellow, with the highest roll, starts with a fresh roll.
            assert_eq!(
                news,
                vec!["roll-off: red 3, yellow 5, blue 2, green 4; yellow starts"]
            );
        }
    }
    assert_eq!(game.phase(), Phase::Roll(1));
    assert_eq!(game.roll_off(), None);
    assert_eq!(field(&game, "rolloff"), "done");
    assert!(game.dice().is_none());
}

#[test]
fn a_tie_in_the_roll_off_is_rolled_again_by_the_tied_seats_only() {
    // Given three players, When red and blue tie with 5 and yellow rolls 2,
    let mut game = new_game::<Aeroplane>(&["players=3"]);
    for roll in [5, 2] {
        game.set_dice(Dice::single(roll)).unwrap();
    }
    assert_eq!(field(&game, "rolloff"), "r5,y2,b?");
    let news = roll_off_news(&game, 5);
    game.set_dice(Dice::single(5)).unwrap();
    // Then red and blue roll again, red first, and yellow is out.
    assert_eq!(
        news,
        vec!["roll-off: red 5, yellow 2, blue 5; red and blue tie with 5 and roll again"]
    );
    assert_eq!(field(&game, "rolloff"), "r?,y-,b?");
    assert_eq!(game.phase(), Phase::Roll(0));
    assert_eq!(
        given_with::<Aeroplane>(&["players=3"], &game.position_string()),
        game
    );
    // When red rolls 3 and blue 4, Then blue starts.
    game.set_dice(Dice::single(3)).unwrap();
    assert_eq!(game.phase(), Phase::Roll(2));
    game.set_dice(Dice::single(4)).unwrap();
    assert_eq!(game.phase(), Phase::Roll(2));
    assert_eq!(field(&game, "rolloff"), "done");
    // Two players tie too: both roll again.
    let mut duel = new_game::<Aeroplane>(&["players=2"]);
    duel.set_dice(Dice::single(6)).unwrap();
    duel.set_dice(Dice::single(6)).unwrap();
    assert_eq!(field(&duel, "rolloff"), "r?,b?");
    duel.set_dice(Dice::single(1)).unwrap();
    duel.set_dice(Dice::single(2)).unwrap();
    assert_eq!(duel.phase(), Phase::Roll(1));
    assert_eq!(duel.seat_name(1), "blue");
}

#[test]
fn nobody_moves_during_the_roll_off() {
    let mut game = Aeroplane::default_game();
    let mv = game.parse_move("launch").unwrap();
    assert_eq!(
        game.play(&mv).unwrap_err().to_string(),
        "wrong phase: roll first: the roll-off decides who starts (red to roll)"
    );
    assert_eq!(game, Aeroplane::default_game());
}

#[test]
fn seats_are_the_colours_for_two_three_and_four_players() {
    let names =
        |game: &Aeroplane| -> Vec<&str> { (0..game.seat_count()).map(|s| game.seat_name(s)).collect() };
    assert_eq!(
        names(&Aeroplane::default_game()),
        ["red", "yellow", "blue", "green"]
    );
    assert_eq!(names(&new_game(&["players=2"])), ["red", "blue"]);
    assert_eq!(names(&new_game(&["players=3"])), ["red", "yellow", "blue"]);
}

#[test]
fn launching_needs_an_even_roll_by_default() {
    let start = given::<Aeroplane>(&four(IDLE, IDLE, IDLE, IDLE, "red:roll"));
    // When red rolls an odd number with every plane in the hangar, Then it can only pass.
    for roll in [1, 3, 5] {
        let game = rolled(start.clone(), roll);
        assert_eq!(legal(&game), ["pass"]);
        assert_eq!(
            refusal(&game, "launch"),
            format!("launching needs an even roll (2, 4 or 6), not a {roll}")
        );
        let after = played(&game, "pass");
        assert_eq!(after.phase(), Phase::Roll(1));
        assert!(after.narrate(&game).is_empty(), "a plain pass needs no story");
    }
    // When it rolls 2 or 4, Then plane 1 goes to the launch area and the turn passes.
    for roll in [2, 4] {
        let game = rolled(start.clone(), roll);
        assert_eq!(legal(&game), ["launch"]);
        let after = played(&game, "launch");
        assert_eq!(field(&after, "red"), "L,H,H,H");
        assert_eq!(after.phase(), Phase::Roll(1));
    }
}

#[test]
fn launch_option_six_launches_on_a_six_only() {
    let start = given_with::<Aeroplane>(
        &["players=2", "launch=six"],
        "red=H,H,H,H blue=H,H,H,H turn=blue:roll rolloff=done sixes=0 moved=- finished=-",
    );
    for roll in [2, 4, 5] {
        let game = rolled(start.clone(), roll);
        assert_eq!(legal(&game), ["pass"]);
        assert_eq!(
            refusal(&game, "launch"),
            format!("launching needs a 6 (launch=six), not a {roll}")
        );
    }
    let game = rolled(start, 6);
    assert_eq!(legal(&game), ["launch"]);
    assert_eq!(field(&played(&game, "launch"), "blue"), "L,H,H,H");
}

#[test]
fn launch_option_five_six_launches_on_five_or_six() {
    let start = given_with::<Aeroplane>(
        &["players=3", "launch=five-six"],
        "red=H,H,H,H yellow=H,H,H,H blue=H,H,H,H turn=yellow:roll rolloff=done sixes=0 moved=- \
         finished=-",
    );
    for roll in [5, 6] {
        assert_eq!(legal(&rolled(start.clone(), roll)), ["launch"]);
    }
    for roll in [2, 4] {
        let game = rolled(start.clone(), roll);
        assert_eq!(legal(&game), ["pass"]);
        assert_eq!(
            refusal(&game, "launch"),
            format!("launching needs a 5 or a 6 (launch=five-six), not a {roll}")
        );
    }
}

#[test]
fn launch_takes_the_lowest_numbered_plane_in_the_hangar() {
    let game = rolled(given(&four("C,H,8,H", IDLE, IDLE, IDLE, "red:roll")), 4);
    assert_eq!(legal(&game), ["launch", "r3"]);
    assert_eq!(
        game.describe_move(&game.parse_move("launch").unwrap()),
        "launch (r2 to the launch area)"
    );
    assert_eq!(field(&played(&game, "launch"), "red"), "C,L,8,H");
    let full = rolled(given(&four("C,C,8,C", IDLE, IDLE, IDLE, "red:roll")), 4);
    assert_eq!(refusal(&full, "launch"), "red has no plane in the hangar");
}

#[test]
fn a_plane_in_the_launch_area_is_one_pip_before_the_entry_square() {
    // Given r1 in the launch area, When red rolls 1, Then r1 stands on red's entry, 3.
    let start = given::<Aeroplane>(&four("L,H,H,H", IDLE, IDLE, IDLE, "red:roll"));
    let game = rolled(start.clone(), 1);
    assert_eq!(legal(&game), ["r1"]);
    assert_eq!(field(&played(&game, "r1"), "red"), "3,H,H,H");
    // A 2 lands on square 4, red's own colour, and jumps on to 8.
    let game = rolled(start, 2);
    assert_eq!(legal(&game), ["launch", "r1"]);
    assert_eq!(field(&played(&game, "r1"), "red"), "8,H,H,H");
    // The other colours enter on their own squares: blue at 29, green at 42.
    let blue = rolled(given(&four(IDLE, IDLE, "L,H,H,H", "L,H,H,H", "blue:roll")), 1);
    assert_eq!(field(&played(&blue, "b1"), "blue"), "29,H,H,H");
    let green = rolled(given(&four(IDLE, IDLE, IDLE, "L,H,H,H", "green:roll")), 1);
    assert_eq!(field(&played(&green, "g1"), "green"), "42,H,H,H");
}

#[test]
fn a_six_gives_another_roll() {
    // After a launch with a 6,
    let game = rolled(given(&four(IDLE, IDLE, IDLE, IDLE, "red:roll")), 6);
    let after = played(&game, "launch");
    assert_eq!(after.phase(), Phase::Roll(0));
    assert_eq!(field(&after, "sixes"), "1");
    assert_eq!(field(&after, "moved"), "r1");
    assert_eq!(after.narrate(&game), ["red rolled a 6 and has another roll"]);
    // after a move with a 6 (the run of sixes goes on),
    let second = played(&rolled(after, 6), "r1");
    assert_eq!(second.phase(), Phase::Roll(0));
    assert_eq!(field(&second, "sixes"), "2");
    assert_eq!(field(&second, "red"), "12,H,H,H");
    // and after a 6 that cannot be used at all.
    let stuck = rolled(given(&four("h3,C,C,C", IDLE, IDLE, IDLE, "red:roll")), 6);
    assert_eq!(legal(&stuck), ["pass"]);
    let after = played(&stuck, "pass");
    assert_eq!(after.phase(), Phase::Roll(0));
    assert_eq!(field(&after, "sixes"), "1");
    assert_eq!(field(&after, "moved"), "-");
    // A roll other than 6 ends the run and the turn.
    let plain = played(&rolled(second, 3), "r1");
    assert_eq!(plain.phase(), Phase::Roll(1));
    assert_eq!(field(&plain, "sixes"), "0");
    assert_eq!(field(&plain, "moved"), "-");
}

#[test]
fn the_third_six_sends_the_planes_moved_with_the_first_two_home_even_after_a_jump() {
    // Given r1 in the launch area, When red rolls 6 and r1 lands on 8 and jumps to 12,
    let start = given(&four("L,H,H,H", IDLE, IDLE, IDLE, "red:roll"));
    let first = played(&rolled(start, 6), "r1");
    assert_eq!(field(&first, "red"), "12,H,H,H");
    // and rolls 6 again and launches r2,
    let second = played(&rolled(first, 6), "launch");
    assert_eq!(field(&second, "moved"), "r1,r2");
    assert_eq!(second.phase(), Phase::Roll(0));
    // When the third 6 comes, Then it cannot be played: only pass,
    let third = rolled(second, 6);
    assert_eq!(legal(&third), ["pass"]);
    let reason = refusal(&third, "r1");
    assert!(reason.starts_with("a third 6 in a row is not played"), "{reason}");
    assert!(refusal(&third, "launch").starts_with("a third 6 in a row"));
    assert_eq!(
        third.describe_move(&third.parse_move("pass").unwrap()),
        "pass (third 6 in a row: r1, r2 go back to the hangar)"
    );
    // and passing sends r1 and r2 back to the hangar and hands the turn on.
    let after = played(&third, "pass");
    assert_eq!(field(&after, "red"), "H,H,H,H");
    assert_eq!(after.phase(), Phase::Roll(1));
    assert_eq!(field(&after, "sixes"), "0");
    assert_eq!(
        after.narrate(&third),
        ["red rolled a third 6 in a row: r1, r2 go back to the hangar; the turn passes to yellow"]
    );
}

#[test]
fn the_third_six_spares_planes_in_the_centre_and_planes_only_joined_into_a_stack() {
    // Given r1 on red's turn-in square 0, r2 on 5 and r3 on 11,
    let start = given(&four("0,5,11,H", IDLE, IDLE, IDLE, "red:roll"));
    // When a 6 takes r1 into the centre and another 6 takes r2 onto r3 (a stack),
    let first = played(&rolled(start, 6), "r1");
    assert_eq!(field(&first, "red"), "C,5,11,H");
    let second = played(&rolled(first, 6), "r2");
    assert_eq!(field(&second, "red"), "C,11,11,H");
    assert_eq!(field(&second, "moved"), "r1,r2");
    // Then the third 6 sends only r2 home: r1 has finished and r3 did not move.
    let after = played(&rolled(second, 6), "pass");
    assert_eq!(field(&after, "red"), "C,H,11,H");
}

#[test]
fn the_third_six_across_a_stack_move_sends_the_whole_moved_stack_home() {
    // Given a red stack r1+r2 on 11 with sixes=2 and moved=r1,r2 (the stack moved),
    let game = rolled(
        given(
            "red=11,11,5,H yellow=H,H,H,H blue=H,H,H,H green=H,H,H,H turn=red:roll \
             rolloff=done sixes=2 moved=r1,r2 finished=-",
        ),
        6,
    );
    let after = played(&game, "pass");
    assert_eq!(field(&after, "red"), "H,H,5,H");
    assert_eq!(after.phase(), Phase::Roll(1));
}

#[test]
fn landing_on_opponents_sends_them_all_home_even_a_stack() {
    // Given a yellow stack y1+y2 on square 7 and r1 on 5,
    let game = rolled(given(&four("5,H,H,H", "7,7,20,H", IDLE, IDLE, "red:roll")), 2);
    // When r1 lands on 7,
    let after = played(&game, "r1");
    // Then both yellow planes go back to the hangar, separate again; y3 stays.
    assert_eq!(field(&after, "red"), "7,H,H,H");
    assert_eq!(field(&after, "yellow"), "H,H,20,H");
    assert!(after.narrate(&game).is_empty(), "the move's description says it");
    assert_eq!(
        game.describe_move(&game.parse_move("r1").unwrap()),
        "r1 (square 5 -> 7, sends y1, y2 to the hangar)"
    );
    assert_eq!(
        game.describe_move(&game.parse_move("r1").unwrap()),
        "r1 (square 5 -> 7, sends y1, y2 to the hangar)"
    );
    // A stack that lands captures the same way.
    let stack = rolled(given(&four("5,5,H,H", "7,H,H,H", IDLE, IDLE, "red:roll")), 2);
    let after = played(&stack, "r2");
    assert_eq!(field(&after, "red"), "7,7,H,H");
    assert_eq!(field(&after, "yellow"), "H,H,H,H");
}

#[test]
fn landing_on_an_own_colour_square_jumps_four_and_captures_at_both_ends() {
    // Given r1 on 5, green on 8 (red's colour), yellow on 10, blue on 12,
    let game = rolled(
        given(&four("5,H,H,H", "10,H,H,H", "12,H,H,H", "8,H,H,H", "red:roll")),
        3,
    );
    // When r1 lands on 8, Then it jumps to 12: green and blue go home, yellow (passed) stays.
    let after = played(&game, "r1");
    assert_eq!(field(&after, "red"), "12,H,H,H");
    assert_eq!(field(&after, "green"), "H,H,H,H");
    assert_eq!(field(&after, "blue"), "H,H,H,H");
    assert_eq!(field(&after, "yellow"), "10,H,H,H");
    assert!(after.narrate(&game).is_empty(), "the move's description says it");
    assert_eq!(
        game.describe_move(&game.parse_move("r1").unwrap()),
        "r1 (square 5 -> 8, jumps to 12, sends b1, g1 to the hangar)"
    );
    // Other colours jump on their own colour: yellow from 17 (its first own square) to 21.
    let yellow = rolled(given(&four(IDLE, "L,H,H,H", IDLE, IDLE, "yellow:roll")), 2);
    assert_eq!(field(&played(&yellow, "y1"), "yellow"), "21,H,H,H");
}

#[test]
fn the_turn_in_square_and_the_home_column_do_not_jump() {
    // Landing on the turn-in square 0 (red) does not jump,
    let game = rolled(given(&four("47,C,C,C", IDLE, IDLE, IDLE, "red:roll")), 5);
    assert_eq!(field(&played(&game, "r1"), "red"), "0,C,C,C");
    // but a jump from 48 ends on it.
    let game = rolled(given(&four("46,C,C,C", IDLE, IDLE, IDLE, "red:roll")), 2);
    assert_eq!(field(&played(&game, "r1"), "red"), "0,C,C,C");
    // From the turn-in square the plane enters its home column: no jumps there.
    let game = rolled(given(&four("0,C,C,C", IDLE, IDLE, IDLE, "red:roll")), 2);
    assert_eq!(field(&played(&game, "r1"), "red"), "h2,C,C,C");
    // Yellow turns in at 13 and never reaches 14.
    let game = rolled(given(&four(IDLE, "11,H,H,H", IDLE, IDLE, "yellow:roll")), 3);
    assert_eq!(field(&played(&game, "y1"), "yellow"), "h1,H,H,H");
}

#[test]
fn landing_on_the_shortcut_square_flies_and_captures_on_the_crossed_home_column_square() {
    // Given r1 on 17, yellow on 20 (red's shortcut), green on 32 (its end), blue planes
    // on h3 (the crossed square of blue's home column) and h4,
    let game = rolled(
        given(&four("17,H,H,H", "20,H,H,H", "h3,h4,H,H", "32,H,H,H", "red:roll")),
        3,
    );
    // When r1 lands on 20, Then it flies to 32, sending yellow, green and b1 home.
    assert_eq!(
        game.describe_move(&game.parse_move("r1").unwrap()),
        "r1 (square 17 -> 20, flies the shortcut to 32, sends y1, b1, g1 to the hangar)"
    );
    let after = played(&game, "r1");
    assert_eq!(field(&after, "red"), "32,H,H,H");
    assert_eq!(field(&after, "yellow"), "H,H,H,H");
    assert_eq!(field(&after, "green"), "H,H,H,H");
    assert_eq!(field(&after, "blue"), "H,h4,H,H");
    // Blue's flight (46 -> 6) crosses red's home column at red's h3, in a two-player game.
    let duel = rolled(
        given_with(
            &["players=2"],
            "red=h3,h2,H,H blue=44,H,H,H turn=blue:roll rolloff=done sixes=0 moved=- finished=-",
        ),
        2,
    );
    let after = played(&duel, "b1");
    assert_eq!(field(&after, "blue"), "6,H,H,H");
    assert_eq!(field(&after, "red"), "H,h2,H,H");
}

#[test]
fn a_jump_can_lead_onto_the_shortcut_and_then_the_plane_flies() {
    // Given r1 on 13, opponents on 16, 20 and 32,
    let position = four("13,H,H,H", "16,H,H,H", IDLE, "32,H,H,H", "red:roll");
    for options in [&["fly-then-jump=off"][..], &["fly-then-jump=on"][..]] {
        let game = rolled(given_with(options, &position), 3);
        // When r1 lands on 16 (red), Then it jumps to 20 and flies to 32 and stops there:
        // at most one jump per move, even with fly-then-jump=on.
        let after = played(&game, "r1");
        assert_eq!(field(&after, "red"), "32,H,H,H", "{options:?}");
        assert_eq!(field(&after, "yellow"), "H,H,H,H");
        assert_eq!(field(&after, "green"), "H,H,H,H");
        assert!(after.narrate(&game).is_empty(), "the move's description says it");
        assert_eq!(
            game.describe_move(&game.parse_move("r1").unwrap()),
            "r1 (square 13 -> 16, jumps to 20, flies the shortcut to 32, sends y1, g1 to the hangar)"
        );
    }
}

#[test]
fn fly_then_jump_option_adds_a_jump_after_a_direct_landing_on_the_shortcut() {
    let position = four("17,H,H,H", IDLE, IDLE, "36,H,H,H", "red:roll");
    // Off (default): the flight ends on 32.
    let game = rolled(given(&position), 3);
    assert_eq!(field(&played(&game, "r1"), "red"), "32,H,H,H");
    // On: the plane jumps on from 32 to 36 and sends green home there.
    let game = rolled(given_with(&["fly-then-jump=on"], &position), 3);
    let after = played(&game, "r1");
    assert_eq!(field(&after, "red"), "36,H,H,H");
    assert_eq!(field(&after, "green"), "H,H,H,H");
    // In a three-player game yellow does the same: 33 -> 45 -> 49.
    let three = rolled(
        given_with(
            &["players=3", "fly-then-jump=on"],
            "red=H,H,H,H yellow=30,H,H,H blue=H,H,H,H turn=yellow:roll rolloff=done sixes=0 \
             moved=- finished=-",
        ),
        3,
    );
    assert_eq!(field(&played(&three, "y1"), "yellow"), "49,H,H,H");
}

#[test]
fn own_planes_that_meet_form_a_stack_that_moves_as_one() {
    // Given r1 on 9 and r2 on 11, When r1 moves 2, Then they stand together as a stack.
    let game = rolled(given(&four("9,11,H,H", IDLE, IDLE, IDLE, "red:roll")), 2);
    let after = played(&game, "r1");
    assert_eq!(field(&after, "red"), "11,11,H,H");
    assert_eq!(after.narrate(&game), ["r1 and r2 now fly as one stack"]);
    // A stack is listed once, by its lowest plane, and either plane moves it all.
    let stack = rolled(given(&four("11,11,H,H", IDLE, IDLE, IDLE, "red:roll")), 3);
    assert_eq!(legal(&stack), ["r1"]);
    assert_eq!(
        stack.describe_move(&stack.parse_move("r2").unwrap()),
        "r2 (with r1: square 11 -> 14)"
    );
    assert_eq!(played(&stack, "r2"), played(&stack, "r1"));
    assert_eq!(field(&played(&stack, "r2"), "red"), "14,14,H,H");
    // Stacks form in the home column too, and enter the centre together.
    let column = rolled(given(&four("h4,h4,C,C", IDLE, IDLE, IDLE, "red:roll")), 2);
    assert_eq!(legal(&column), ["r1"]);
    let done = played(&column, "r1");
    assert_eq!(field(&done, "red"), "C,C,C,C");
    assert_eq!(field(&done, "finished"), "red");
}

#[test]
fn planes_in_the_launch_area_do_not_stack() {
    let game = rolled(given(&four("L,L,H,H", IDLE, IDLE, IDLE, "red:roll")), 3);
    assert_eq!(legal(&game), ["r1", "r2"]);
    assert_eq!(field(&played(&game, "r2"), "red"), "L,5,H,H");
}

#[test]
fn the_centre_needs_the_exact_roll_with_overshoot_forbid() {
    let position = four("h3,h1,C,C", IDLE, IDLE, IDLE, "red:roll");
    // When red rolls 4, r1 (on h3, three short of the centre) cannot move,
    let game = rolled(given(&position), 4);
    assert_eq!(legal(&game), ["r2"]);
    assert_eq!(
        refusal(&game, "r1"),
        "r1 needs exactly 3 to reach the centre, and a 4 would overshoot it (overshoot=forbid)"
    );
    // but with a 3 it enters the centre.
    let game = rolled(given(&position), 3);
    assert_eq!(legal(&game), ["r1", "r2"]);
    let after = played(&game, "r1");
    assert_eq!(field(&after, "red"), "C,h1,C,C");
    assert_eq!(after.narrate(&game), ["r1 reached the centre (3 of 4 home)"]);
}

#[test]
fn overshoot_bounce_moves_back_by_the_excess() {
    let position = four("h3,h1,C,C", IDLE, IDLE, IDLE, "red:roll");
    let game = rolled(given_with(&["overshoot=bounce"], &position), 5);
    assert_eq!(legal(&game), ["r1", "r2"]);
    // r1 on h3 rolls 5: three to the centre, two back: h4.
    let after = played(&game, "r1");
    assert_eq!(field(&after, "red"), "h4,h1,C,C");
    assert!(after.narrate(&game).is_empty(), "the move's description says it");
    assert_eq!(
        game.describe_move(&game.parse_move("r1").unwrap()),
        "r1 (h3 -> the centre, bounces back to h4)"
    );
    // A stack bounces as one.
    let stack = four("h3,h3,C,C", IDLE, IDLE, IDLE, "red:roll");
    let game = rolled(given_with(&["overshoot=bounce"], &stack), 4);
    assert_eq!(field(&played(&game, "r2"), "red"), "h5,h5,C,C");
    // In a two-player game too: blue on h5 rolls 6, one in and five back to h1.
    let duel = rolled(
        given_with(
            &["players=2", "overshoot=bounce"],
            "red=H,H,H,H blue=h5,C,C,C turn=blue:roll rolloff=done sixes=0 moved=- finished=-",
        ),
        6,
    );
    assert_eq!(field(&played(&duel, "b1"), "blue"), "h1,C,C,C");
}

#[test]
fn finishing_with_a_six_gives_no_further_roll() {
    let game = rolled(given(&four("0,C,C,C", "5,H,H,H", IDLE, IDLE, "red:roll")), 6);
    let after = played(&game, "r1");
    assert_eq!(field(&after, "finished"), "red");
    assert_eq!(after.phase(), Phase::Roll(1));
    assert_eq!(
        after.narrate(&game),
        [
            "r1 reached the centre (4 of 4 home)",
            "red has all four planes in the centre: 1st place"
        ]
    );
}

#[test]
fn until_last_plays_on_skipping_finished_players_for_the_full_ranking() {
    // Given four players and red already finished, When green ends a turn,
    let game = rolled(
        given(
            "red=C,C,C,C yellow=5,H,H,H blue=H,H,H,H green=L,H,H,H turn=green:roll rolloff=done \
             sixes=0 moved=- finished=red",
        ),
        3,
    );
    // Then the turn skips red and goes to yellow.
    assert_eq!(played(&game, "g1").phase(), Phase::Roll(1));
    // Given three players with red finished, When yellow finishes, Then the game is over
    // with the full ranking: red, yellow, blue.
    let game = rolled(
        given_with(
            &["players=3"],
            "red=C,C,C,C yellow=h5,C,C,C blue=H,H,H,H turn=yellow:roll rolloff=done sixes=0 \
             moved=- finished=red",
        ),
        1,
    );
    let over = played(&game, "y1");
    assert_eq!(over.phase(), Phase::Over);
    let outcome = over.outcome().unwrap();
    assert_eq!(outcome.places, vec![1, 2, 3]);
    assert_eq!(outcome.summary, "red wins; ranking red, yellow, blue");
    assert_eq!(field(&over, "turn"), "over");
    assert_eq!(
        over.narrate(&game).last().unwrap(),
        "yellow has all four planes in the centre: 2nd place"
    );
    // In a four-player game the first to finish does not end it.
    let game = rolled(given(&four("h5,C,C,C", IDLE, IDLE, IDLE, "red:roll")), 1);
    let after = played(&game, "r1");
    assert_eq!(after.phase(), Phase::Roll(1));
    assert!(after.outcome().is_none());
}

#[test]
fn until_first_ends_the_game_at_the_first_winner() {
    let game = rolled(
        given_with(
            &["players=3", "until=first"],
            "red=H,H,H,H yellow=h5,C,C,C blue=H,H,H,H turn=yellow:roll rolloff=done sixes=0 \
             moved=- finished=-",
        ),
        1,
    );
    let over = played(&game, "y1");
    assert_eq!(over.phase(), Phase::Over);
    let outcome = over.outcome().unwrap();
    assert_eq!(outcome.places, vec![2, 1, 2]);
    assert_eq!(outcome.winner_seat(), Some(1));
    assert_eq!(
        outcome.summary,
        "yellow wins (first with all four planes in the centre)"
    );
    // Two players: the same for both settings, a win for the one who finishes.
    let duel = rolled(
        given_with(
            &["players=2", "until=first"],
            "red=h5,C,C,C blue=H,H,H,H turn=red:roll rolloff=done sixes=0 moved=- finished=-",
        ),
        1,
    );
    assert_eq!(played(&duel, "r1").outcome().unwrap().places, vec![1, 2]);
}

#[test]
fn passing_is_allowed_only_without_a_legal_move() {
    let game = rolled(given(&four("L,H,H,H", IDLE, IDLE, IDLE, "red:roll")), 3);
    assert_eq!(
        refusal(&game, "pass"),
        "red can move, so passing is not allowed (for example r1)"
    );
}

#[test]
fn wrong_phase_wrong_plane_and_bad_text_change_nothing() {
    let mut game = given::<Aeroplane>(&four("L,H,C,H", IDLE, IDLE, IDLE, "red:roll"));
    let mv = game.parse_move("r1").unwrap();
    assert_eq!(game.play(&mv).unwrap_err().to_string(), "wrong phase: roll first");
    assert_eq!(game, given(&four("L,H,C,H", IDLE, IDLE, IDLE, "red:roll")));
    let game = rolled(game, 3);
    assert_eq!(refusal(&game, "y1"), "y1 is yellow's plane, and red is to move");
    assert_eq!(
        refusal(&game, "r2"),
        "r2 is in the hangar; bring a plane out with launch (it needs an even roll (2, 4 or 6))"
    );
    assert_eq!(refusal(&game, "r3"), "r3 has already reached the centre");
    let mut copy = game.clone();
    assert!(copy.set_dice(Dice::single(4)).is_err());
    assert_eq!(copy, game);
    let duel = rolled(
        given_with(
            &["players=2"],
            "red=L,H,H,H blue=H,H,H,H turn=red:roll rolloff=done sixes=0 moved=- finished=-",
        ),
        3,
    );
    assert_eq!(refusal(&duel, "g1"), "there is no green player in this game");
    for bad in ["", "r", "r5", "r0", "x1", "launch r1", "r12", "move"] {
        assert!(game.parse_move(bad).is_err(), "{bad:?} should not parse");
    }
    assert_eq!(game.parse_move(" R2 ").unwrap(), game.parse_move("r2").unwrap());
    assert!(game.parse_dice(&[7]).is_err());
    assert!(game.parse_dice(&[3, 4]).is_err());
    assert_eq!(game.parse_dice(&[4]).unwrap(), Dice::single(4));
}

#[test]
fn position_strings_round_trip_and_bad_ones_are_explained() {
    let game = rolled(
        given(
            "red=11,11,h2,C yellow=L,H,20,h5 blue=H,H,H,H green=9,H,H,H turn=red:roll \
             rolloff=done sixes=1 moved=r3 finished=-",
        ),
        5,
    );
    let text = game.position_string();
    assert_eq!(
        text,
        "red=11,11,h2,C yellow=L,H,20,h5 blue=H,H,H,H green=9,H,H,H turn=red:5 rolloff=done \
         sixes=1 moved=r3 finished=-"
    );
    assert_eq!(given::<Aeroplane>(&text), game);
    let start = Aeroplane::default_game();
    assert_eq!(given::<Aeroplane>(&start.position_string()), start);
    let cases = [
        (four("H,H,H", IDLE, IDLE, IDLE, "red:roll"), "red= lists 3 places"),
        (
            four("H,H,H,Q", IDLE, IDLE, IDLE, "red:roll"),
            "r4: 'Q' is not a place",
        ),
        (
            four("1,H,H,H", IDLE, IDLE, IDLE, "red:roll"),
            "r1 cannot be on square 1",
        ),
        (
            four("4,H,H,H", IDLE, IDLE, IDLE, "red:roll"),
            "a plane landing there jumps on to square 8",
        ),
        (
            four("20,H,H,H", IDLE, IDLE, IDLE, "red:roll"),
            "it is the shortcut square",
        ),
        (
            four("7,H,H,H", "7,H,H,H", IDLE, IDLE, "red:roll"),
            "square 7 holds both red and yellow planes",
        ),
        (
            four("C,C,C,C", IDLE, IDLE, IDLE, "yellow:roll"),
            "red has all four planes in the centre, so finished= must list it",
        ),
        (four(IDLE, IDLE, IDLE, IDLE, "red:7"), "turn=red:7"),
        (
            four(IDLE, IDLE, IDLE, IDLE, "purple:roll"),
            "'purple' is not a colour",
        ),
        (
            four(IDLE, IDLE, IDLE, IDLE, "red:roll").replace("sixes=0", "sixes=3"),
            "sixes=3",
        ),
        (
            four("L,H,H,H", IDLE, IDLE, IDLE, "red:roll").replace("moved=-", "moved=r1"),
            "but sixes=0",
        ),
        (
            four("L,H,H,H", IDLE, IDLE, IDLE, "red:roll")
                .replace("moved=-", "moved=r2")
                .replace("sixes=0", "sixes=1"),
            "r2 moved with a 6 this turn, so it cannot be in the hangar",
        ),
        (
            four("L,H,H,H", IDLE, IDLE, IDLE, "red:roll").replace("moved=-", "moved=y1"),
            "'y1' is not a plane of red",
        ),
        (
            four("L,H,H,H", IDLE, IDLE, IDLE, "red:roll").replace("rolloff=done", "rolloff=r?,y?,b?,g?"),
            "during the roll-off every plane is still in its hangar",
        ),
        (
            four(IDLE, IDLE, IDLE, IDLE, "red:roll").replace("rolloff=done", "rolloff=r5,y?,b?,g?"),
            "in this roll-off yellow rolls next, not red",
        ),
        (
            four(IDLE, IDLE, IDLE, IDLE, "red:roll").replace("rolloff=done", "rolloff=r?,y-,b-,g-"),
            "a roll-off round has two or more seats",
        ),
        (
            four(IDLE, IDLE, IDLE, IDLE, "red:3").replace("rolloff=done", "rolloff=r?,y?,b?,g?"),
            "during the roll-off nobody moves",
        ),
        (
            four(IDLE, IDLE, IDLE, IDLE, "over"),
            "the game is over when 3 players have finished",
        ),
        (
            four("C,C,C,C", IDLE, IDLE, IDLE, "red:roll").replace("finished=-", "finished=red"),
            "red has finished and takes no more turns",
        ),
        (
            four(IDLE, IDLE, IDLE, IDLE, "red:roll").replace("finished=-", "finished=red"),
            "red is listed as finished (place 1) but not all its planes are in the centre",
        ),
        (
            four(IDLE, IDLE, IDLE, IDLE, "red:roll").replace(" finished=-", ""),
            "the field 'finished=' is missing",
        ),
        (
            format!("{} x=1", four(IDLE, IDLE, IDLE, IDLE, "red:roll")),
            "unknown field 'x'",
        ),
        (
            format!("{} red=H,H,H,H", four(IDLE, IDLE, IDLE, IDLE, "red:roll")),
            "'red=' is given twice",
        ),
        (four(IDLE, IDLE, IDLE, "H,L,C,h5", "red:roll"), ""),
        (four("h1,h2,h3,h4", "9,H,H,h5", IDLE, IDLE, "yellow:6"), ""),
    ];
    for (text, message) in cases {
        let mut game = Aeroplane::default_game();
        match game.set_position(&text) {
            Ok(()) => assert!(message.is_empty(), "{text} should be refused"),
            Err(e) => {
                assert!(!message.is_empty(), "{text} should be accepted: {e}");
                assert!(e.to_string().contains(message), "{text}: {e}");
                assert_eq!(game, Aeroplane::default_game());
            }
        }
    }
    // Colours that do not play in a smaller game are refused by name.
    let mut duel = new_game::<Aeroplane>(&["players=2"]);
    let err = duel
        .set_position(&four(IDLE, IDLE, IDLE, IDLE, "red:roll"))
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("there is no yellow player: this 2-player game has red, blue"),
        "{err}"
    );
}

#[test]
fn the_board_shows_squares_planes_stacks_hangars_and_the_run_of_sixes() {
    let game = rolled(
        given(
            "red=11,11,h2,C yellow=L,H,20,h5 blue=H,H,H,H green=9,H,H,H turn=red:roll \
             rolloff=done sixes=1 moved=r3 finished=-",
        ),
        5,
    );
    let board = game.render();
    for line in board.lines() {
        assert!(line.len() <= 80, "too wide: {line}");
    }
    for needle in [
        "r20>",
        "y33>",
        "b46>",
        "g7>",
        "rh1",
        "gh5",
        "R12",
        "R3",
        "Y4",
        "Y3",
        "G1",
        "yellow hangar",
        "Y1",
        "Y2",
        "B1 B2 B3 B4",
        "in the centre",
        "red to move, rolled 5",
        "6s in a row before this roll: 1 (planes moved with them: r3)",
    ] {
        assert!(board.contains(needle), "no {needle:?} in\n{board}");
    }
    // The compact view lists the same.
    assert_eq!(
        game.render_compact(),
        "red    board r1+r2 on 11, r3 on h2; centre r4\n\
         yellow hangar y2; launch y1; board y3 on 20, y4 on h5\n\
         blue   hangar b1 b2 b3 b4\n\
         green  hangar g2 g3 g4; board g1 on 9\n\
         red to move, rolled 5\n\
         6s in a row before this roll: 1 (planes moved with them: r3)\n"
    );
    // The two-player board has no yellow or green hangar.
    let duel = new_game::<Aeroplane>(&["players=2"]).render();
    assert!(duel.contains("red hangar") && duel.contains("blue hangar"));
    assert!(!duel.contains("yellow hangar") && !duel.contains("green hangar"));
    assert!(duel.contains("roll-off to decide who starts: red to roll"));
}
