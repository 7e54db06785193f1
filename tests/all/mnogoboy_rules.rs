//! Mnogoboy rule cases, written Given (a position) / When (a roll, a move) / Then.
//! Positions are position strings: `p1=w@12` is p1 controlling the white piece on 12.

use tabula::core::{Dice, Game, NewGame, Options, Phase, PhaseMistake};
use tabula::games::mnogoboy::{BeforeRoll, Colour, FINISH, Mnogoboy, START};

use crate::support::{self, described, legal, played, refusal, roll_off_news, wrong_phase};
use tabula::core::Notation;

/// A new game for this many players.
fn new_game(players: usize) -> Mnogoboy {
    support::new_game(&[format!("players={players}")])
}

/// How many seats a position string lists (`p1=` .. `pN=`), at least two.
fn seats_in(position: &str) -> usize {
    position
        .split_whitespace()
        .filter(|w| w.starts_with('p') && w.contains('='))
        .count()
        .max(2)
}

/// A game set to `position`, with as many players as it lists.
fn given(position: &str) -> Mnogoboy {
    support::given_with(&[&format!("players={}", seats_in(position))], position)
}

/// The game after the side to roll throws `die`.
fn rolled(game: Mnogoboy, die: u8) -> Mnogoboy {
    support::rolled(game, &[die])
}

fn field_of(game: &Mnogoboy, seat: usize) -> u8 {
    game.piece(seat).unwrap().field
}

fn colour_of(game: &Mnogoboy, seat: usize) -> Colour {
    game.piece(seat).unwrap().colour
}

#[test]
fn the_roll_off_goes_in_seat_order_and_the_highest_roll_starts() {
    // Given a new three-player game,
    let game = new_game(3);
    assert_eq!(game.phase(), Phase::Roll(0));
    assert!(legal(&game).is_empty(), "nothing to do before a roll-off roll");
    assert_eq!(
        wrong_phase(&game, "take white"),
        "roll first: the roll-off decides who starts"
    );
    // When p1 rolls 2, p2 rolls 5 and p3 rolls 3,
    let game = rolled(game, 2);
    assert_eq!(game.phase(), Phase::Roll(1));
    let game = rolled(game, 5);
    assert_eq!(
        game.position_string(),
        "p1=- p2=- p3=- turn=p3:rolloff before=- rolloff=2,5,-"
    );
    let news = roll_off_news(&game, 3);
    let game = rolled(game, 3);
    // Then p2 starts by taking a piece: a move phase without dice.
    assert_eq!(game.phase(), Phase::Move(1));
    assert_eq!(game.dice(), None);
    assert_eq!(game.roll_off(), None);
    assert_eq!(news, vec!["roll-off: p1 2, p2 5, p3 3; p2 starts"]);
    assert_eq!(legal(&game).len(), 7);
}

#[test]
fn a_tie_for_the_highest_roll_is_rolled_again_by_the_tied_seats_only() {
    // Given p1 rolled 4 and p2 rolled 6, When p3 also rolls 6,
    let game = rolled(rolled(new_game(3), 4), 6);
    let news = roll_off_news(&game, 6);
    let game = rolled(game, 6);
    // Then p2 and p3 roll again in seat order, and p1 is out.
    assert_eq!(game.phase(), Phase::Roll(1));
    assert_eq!(
        game.position_string(),
        "p1=- p2=- p3=- turn=p2:rolloff before=- rolloff=x,-,-"
    );
    assert_eq!(
        news,
        vec!["roll-off: p1 4, p2 6, p3 6; p2 and p3 tie with 6 and roll again"]
    );
    // When they tie again on 3, Then they roll once more;
    let game = rolled(rolled(game, 3), 3);
    assert_eq!(game.phase(), Phase::Roll(1));
    // When p2 rolls 1 and p3 rolls 2, Then p3 starts (p1's earlier 4 no longer counts).
    let game = rolled(rolled(game, 1), 2);
    assert_eq!(game.phase(), Phase::Move(2));
    assert_eq!(game.position_string(), "p1=- p2=- p3=- turn=p3:take before=-");
}

#[test]
fn after_the_roll_off_play_goes_clockwise_from_the_starter() {
    // Given p2 of three won the roll-off and took white,
    let game = played(&given("p1=- p2=- p3=- turn=p2:take before=-"), "take white");
    // When p2 rolls 3 and ends the turn,
    let game = played(&played(&rolled(game, 3), "move"), "pass");
    // Then p3 takes next, then p1.
    assert_eq!(game.phase(), Phase::Move(2));
    let game = played(&played(&rolled(played(&game, "take green"), 1), "move"), "pass");
    assert_eq!(game.phase(), Phase::Move(0));
    assert_eq!(
        legal(&game),
        vec![
            "take orange",
            "take grey",
            "take yellow",
            "take blue",
            "take black"
        ]
    );
    let game = played(&played(&rolled(played(&game, "take blue"), 1), "move"), "pass");
    // And after p1 it is p2's turn again, now with a piece: a roll phase.
    assert_eq!(game.phase(), Phase::Roll(1));
}

#[test]
fn the_first_turn_takes_a_reserve_piece_onto_s() {
    // Given p2 controls white and p1 has no piece yet,
    let game = given("p1=- p2=w@5 turn=p1:take before=-");
    // Then p1 may take any other colour, and nothing else.
    assert_eq!(
        legal(&game),
        vec![
            "take green",
            "take orange",
            "take grey",
            "take yellow",
            "take blue",
            "take black"
        ]
    );
    assert_eq!(
        refusal(&game, "take white"),
        "white is not in the reserve: p2 controls it"
    );
    assert!(refusal(&game, "swap green").starts_with("p1 has no piece yet and must take one"));
    assert!(refusal(&game, "move").starts_with("p1 has no piece yet and must take one"));
    assert_eq!(
        game.clone().set_dice(Dice::single(3)).unwrap_err().0.to_string(),
        "p1 must take a piece from the reserve before rolling"
    );
    // When p1 takes green, Then green stands on S and p1 rolls, with no exchange first.
    let after = played(&game, "take g");
    assert_eq!(after.piece(0).unwrap().colour, Colour::Green);
    assert_eq!(field_of(&after, 0), START);
    assert_eq!(after.phase(), Phase::Roll(0));
    assert_eq!(after.before_roll(), BeforeRoll::Took);
    assert!(legal(&after).is_empty());
    assert_eq!(
        refusal(&after, "swap orange"),
        "p1 has just taken green and rolls now"
    );
    assert_eq!(
        refusal(&after, "take orange"),
        "p1 already controls green; take is only for choosing the first piece"
    );
    // A roll from S moves the piece that many fields.
    let moved = played(&rolled(after, 5), "move");
    assert_eq!(field_of(&moved, 0), 5);
}

#[test]
fn with_n_players_seven_minus_n_pieces_stay_in_the_reserve() {
    let colours = ["w", "g", "o", "s", "y", "b"];
    for players in 2..=6 {
        // Given every seat but the last has a piece, When the last one takes,
        let mut position: Vec<String> = (0..players - 1)
            .map(|s| format!("p{}={}@S", s + 1, colours[s]))
            .collect();
        position.push(format!("p{players}=-"));
        position.push(format!("turn=p{players}:take before=-"));
        let game = given(&position.join(" "));
        assert_eq!(legal(&game).len(), 8 - players);
        let after = played(&game, &legal(&game)[0]);
        // Then 7 - N pieces remain, and exactly those are offered before the next roll.
        assert_eq!(after.reserve().len(), 7 - players, "{players} players");
        let next = played(&played(&rolled(after, 1), "move"), "pass");
        assert_eq!(next.phase(), Phase::Roll(0));
        assert_eq!(legal(&next).len(), 7 - players);
    }
}

#[test]
fn before_the_roll_a_player_may_exchange_once() {
    // Given p1 controls white on 12 and p2 green on 3,
    let game = given("p1=w@12 p2=g@3 turn=p1:roll before=-");
    // Then every reserve piece is offered before the roll.
    assert_eq!(
        legal(&game),
        vec![
            "swap orange",
            "swap grey",
            "swap yellow",
            "swap blue",
            "swap black"
        ]
    );
    assert_eq!(
        refusal(&game, "swap green"),
        "green is not in the reserve: p2 controls it"
    );
    assert_eq!(refusal(&game, "swap white"), "p1 already controls white");
    assert_eq!(wrong_phase(&game, "move"), "roll first");
    assert_eq!(wrong_phase(&game, "pass"), "roll first");
    // When p1 exchanges for grey, Then grey stands on 12, white is in the reserve,
    let after = played(&game, "swap grey");
    assert_eq!(after.piece(0).unwrap().colour, Colour::Grey);
    assert_eq!(field_of(&after, 0), 12);
    assert!(after.reserve().contains(&Colour::White));
    // and p1 still has to roll, with no second exchange.
    assert_eq!(after.phase(), Phase::Roll(0));
    assert!(legal(&after).is_empty());
    assert_eq!(
        refusal(&after, "swap black"),
        "p1 already exchanged white for grey before this roll; roll now"
    );
    assert_eq!(after.position_string(), "p1=s@12 p2=g@3 turn=p1:roll before=w");
}

#[test]
fn a_move_goes_exactly_the_roll_forward() {
    // Given white on 3, When p1 rolls 2,
    let game = rolled(given("p1=w@3 p2=g@S turn=p1:roll before=-"), 2);
    assert_eq!(game.dice(), Some(Dice::single(2)));
    // Then white goes to 5, and nowhere else.
    assert_eq!(legal(&game), vec!["move"]);
    assert_eq!(field_of(&played(&game, "move"), 0), 5);
    assert_eq!(field_of(&played(&game, "move 5"), 0), 5);
    assert_eq!(refusal(&game, "move 4"), "a 2 takes white from 3 to 5, not to 4");
    assert_eq!(
        refusal(&game, "move 1"),
        "a 2 takes white from 3 to 5, not to 1 (pieces never move backward)"
    );
    assert_eq!(
        refusal(&game, "move long"),
        "the 2 takes white from 3 to 5 without passing a fork: write move"
    );
    assert_eq!(
        refusal(&game, "pass"),
        "p1 can move, so passing is not allowed (for example move)"
    );
    assert_eq!(
        refusal(&game, "swap yellow"),
        "p1 rolled a 2 and must move first: the exchange after the roll comes after the move"
    );
    assert_eq!(
        game.clone().set_dice(Dice::single(4)).unwrap_err().0,
        PhaseMistake::PlayFirst { seat: "p1", die: 2 }
    );
}

#[test]
fn at_a_fork_the_player_chooses_the_branch() {
    // Given yellow on 8, When p1 rolls 4 (past the fork at 10),
    let game = rolled(given("p1=y@8 p2=g@S turn=p1:roll before=-"), 4);
    // Then it goes to 12 on the long branch or 20 on the short one.
    assert_eq!(legal(&game), vec!["move long", "move short"]);
    assert_eq!(field_of(&played(&game, "move long"), 0), 12);
    assert_eq!(field_of(&played(&game, "move short"), 0), 20);
    assert_eq!(played(&game, "move 12"), played(&game, "move long"));
    assert_eq!(played(&game, "move 20"), played(&game, "move short"));
    assert_eq!(
        refusal(&game, "move"),
        "the 4 passes the fork at 10: write move long (to 12) or move short (to 20)"
    );
    assert_eq!(
        refusal(&game, "move 13"),
        "a 4 takes yellow from 8 to 12 (long) or 20 (short), not to 13"
    );
    // Standing on the fork itself, the first step chooses.
    let on_fork = rolled(given("p1=w@10 p2=g@S turn=p1:roll before=-"), 1);
    assert_eq!(field_of(&played(&on_fork, "move long"), 0), 11);
    assert_eq!(field_of(&played(&on_fork, "move short"), 0), 19);
    // Stopping on the fork needs no choice: that comes with the next move.
    let to_fork = rolled(given("p1=y@8 p2=g@S turn=p1:roll before=-"), 2);
    assert_eq!(legal(&to_fork), vec!["move"]);
    // The other two forks, and both branches rejoining the main track.
    let second = rolled(given("p1=s@30 p2=g@S turn=p1:roll before=-"), 5);
    assert_eq!(field_of(&played(&second, "move long"), 0), 35);
    assert_eq!(field_of(&played(&second, "move short"), 0), 42);
    let third = rolled(given("p1=w@51 p2=g@S turn=p1:roll before=-"), 3);
    assert_eq!(field_of(&played(&third, "move long"), 0), 54);
    assert_eq!(field_of(&played(&third, "move short"), 0), 60);
    for (from, colour, die, to) in [
        (17, 'w', 3, 25),
        (22, 'w', 3, 25),
        (39, 'y', 3, 46),
        (43, 'g', 3, 46),
        (57, 'w', 3, 63),
        (60, 'w', 3, 63),
    ] {
        let game = rolled(
            given(&format!("p1={colour}@{from} p2=k@S turn=p1:roll before=-")),
            die,
        );
        assert_eq!(legal(&game), vec!["move"], "from {from}");
        assert_eq!(field_of(&played(&game, "move"), 0), to, "from {from} by {die}");
    }
}

#[test]
fn landing_on_the_own_colour_rolls_again_and_can_chain() {
    // Given white on 7, When p1 rolls 3 and lands on the white field 10,
    let game = rolled(given("p1=w@7 p2=g@S turn=p1:roll before=-"), 3);
    let after = played(&game, "move");
    // Then p1 rolls again at once, with no exchange first.
    assert_eq!(after.phase(), Phase::Roll(0));
    assert!(legal(&after).is_empty());
    assert_eq!(after.position_string(), "p1=w@10 p2=g@S turn=p1:again before=-");
    assert!(after.narrate(&game).is_empty(), "the move's description says it");
    assert_eq!(
        game.describe_move(&game.parse_move("move").unwrap()),
        "move (white 7 -> 10, its own colour: another roll)"
    );
    assert_eq!(
        refusal(&after, "swap orange"),
        "p1 landed on its own colour and must roll again at once: no exchange now"
    );
    // When the 4 takes the short branch to white 22, Then again;
    let again = played(&rolled(after, 4), "move short");
    assert_eq!(field_of(&again, 0), 22);
    assert_eq!(again.phase(), Phase::Roll(0));
    // When a 1 then lands on black 23, Then the chain ends with the optional exchange.
    let done = played(&rolled(again, 1), "move");
    assert_eq!(done.phase(), Phase::Move(0));
    assert_eq!(done.position_string(), "p1=w@23 p2=g@S turn=p1:exchange before=-");
}

#[test]
fn landing_on_another_colour_ends_the_turn_and_the_next_roll_needs_a_six() {
    // Given white on 1, When p1 rolls 1 and lands on the green field 2,
    let game = rolled(given("p1=w@1 p2=k@S turn=p1:roll before=-"), 1);
    let after = played(&game, "move");
    // Then p1 may exchange or pass, and then the turn is over.
    assert_eq!(after.phase(), Phase::Move(0));
    assert_eq!(
        legal(&after),
        vec![
            "swap green",
            "swap orange",
            "swap grey",
            "swap yellow",
            "swap blue",
            "pass"
        ]
    );
    assert!(after.narrate(&game).is_empty(), "the move's description says it");
    assert_eq!(
        game.describe_move(&game.parse_move("move").unwrap()),
        "move (white 1 -> 2, green field: needs a six)"
    );
    assert_eq!(
        refusal(&after, "move"),
        "p1 has moved: exchange with swap COLOUR, or pass to keep white and end the turn"
    );
    let kept = played(&after, "pass");
    assert_eq!(kept.phase(), Phase::Roll(1));
    assert!(kept.needs_six(0));
    // Given white still on green 2 at p1's next turn, When p1 rolls a 5,
    let stuck = given("p1=w@2 p2=k@S turn=p1:roll before=-");
    let five = rolled(stuck.clone(), 5);
    // Then the turn is lost: only pass, and no exchange after it.
    assert_eq!(legal(&five), vec!["pass"]);
    assert_eq!(
        refusal(&five, "move"),
        "white stands on a green field (2): only a 6 moves it, and the roll is 5; pass"
    );
    assert_eq!(
        five.narrate(&stuck),
        vec!["p1 needs a six and rolled 5: the turn is lost"]
    );
    let lost = played(&five, "pass");
    assert_eq!(lost.phase(), Phase::Roll(1));
    assert_eq!(field_of(&lost, 0), 2);
    // When p1 rolls a 6 instead, Then white moves on to 8.
    let six = rolled(stuck, 6);
    assert_eq!(legal(&six), vec!["move"]);
    assert_eq!(field_of(&played(&six, "move"), 0), 8);
}

#[test]
fn no_six_is_needed_on_neutral_fields_dots_s_or_the_own_colour() {
    for position in [
        "p1=w@3 p2=k@S turn=p1:roll before=-",
        "p1=w@7 p2=k@S turn=p1:roll before=-",
        "p1=w@S p2=k@S turn=p1:roll before=-",
        "p1=w@22 p2=k@S turn=p1:roll before=-",
    ] {
        let game = rolled(given(position), 1);
        assert!(!game.needs_six(0), "{position}");
        assert_eq!(legal(&game), vec!["move"], "{position}");
    }
}

#[test]
fn a_pre_roll_exchange_to_the_field_colour_frees_the_piece_without_an_extra_roll() {
    // Given white stuck on the green field 2,
    let stuck = given("p1=w@2 p2=k@S turn=p1:roll before=-");
    assert!(stuck.needs_six(0));
    // When p1 exchanges white for green before the roll,
    let freed = played(&stuck, "swap green");
    // Then there is no extra roll from the match: just the turn's one roll, and any
    // roll now moves green.
    assert_eq!(freed.phase(), Phase::Roll(0));
    assert!(!freed.needs_six(0));
    assert_eq!(freed.position_string(), "p1=g@2 p2=k@S turn=p1:roll before=w");
    let moved = played(&rolled(freed, 3), "move");
    assert_eq!(field_of(&moved, 0), 5);
    // And the turn goes on as usual: the optional exchange, then p2.
    assert_eq!(moved.phase(), Phase::Move(0));
    assert_eq!(played(&moved, "pass").phase(), Phase::Roll(1));
}

#[test]
fn an_exchange_after_the_move_never_gives_an_extra_roll() {
    // Given white lands on the green field 2,
    let after = played(&rolled(given("p1=w@1 p2=k@S turn=p1:roll before=-"), 1), "move");
    // When p1 exchanges white for green there,
    let swapped = played(&after, "swap green");
    // Then green matches its field, but the turn passes to p2; green needs no six later.
    assert_eq!(swapped.phase(), Phase::Roll(1));
    assert_eq!(colour_of(&swapped, 0), Colour::Green);
    assert!(!swapped.needs_six(0));
}

#[test]
fn a_dot_forces_an_exchange_and_ends_the_turn() {
    // Given white on 5, When p1 rolls 2 and lands on the dot at 7,
    let game = rolled(given("p1=w@5 p2=k@S turn=p1:roll before=-"), 2);
    let dot = played(&game, "move");
    // Then p1 must exchange for any reserve piece, and may not pass.
    assert_eq!(dot.phase(), Phase::Move(0));
    assert_eq!(
        legal(&dot),
        vec![
            "swap green",
            "swap orange",
            "swap grey",
            "swap yellow",
            "swap blue"
        ]
    );
    assert!(dot.narrate(&game).is_empty(), "the move's description says it");
    assert_eq!(
        game.describe_move(&game.parse_move("move").unwrap()),
        "move (white 5 -> 7, the dot: it must be exchanged)"
    );
    assert_eq!(
        refusal(&dot, "pass"),
        "white landed on the dot at 7 and must be exchanged: swap green, swap orange, swap grey, swap yellow, swap blue"
    );
    assert_eq!(
        refusal(&dot, "swap white"),
        "white landed on a dot and must be exchanged for another colour"
    );
    assert_eq!(
        refusal(&dot, "swap black"),
        "black is not in the reserve: p2 controls it"
    );
    assert_eq!(
        dot.clone().set_dice(Dice::single(1)).unwrap_err().0.to_string(),
        "p1 must exchange the piece on the dot first"
    );
    // When p1 takes orange, Then orange stands on 7 and the turn is over.
    let after = played(&dot, "swap orange");
    assert_eq!(after.piece(0).unwrap().colour, Colour::Orange);
    assert_eq!(field_of(&after, 0), 7);
    assert_eq!(after.phase(), Phase::Roll(1));
}

#[test]
fn a_piece_given_away_before_the_roll_cannot_be_taken_back_that_turn() {
    // Given p1 exchanged white for yellow before rolling,
    let game = played(&given("p1=w@3 p2=g@S turn=p1:roll before=-"), "swap yellow");
    // When the 2 lands on the neutral 5, Then the exchange after the move excludes white.
    let after = played(&rolled(game.clone(), 2), "move");
    assert_eq!(
        legal(&after),
        vec!["swap orange", "swap grey", "swap blue", "swap black", "pass"]
    );
    assert_eq!(
        refusal(&after, "swap white"),
        "white was given away before the roll and cannot be taken back this turn"
    );
    // When the 4 lands on the dot at 7 instead, Then the forced exchange excludes it too.
    let dot = played(&rolled(game, 4), "move");
    assert_eq!(
        legal(&dot),
        vec!["swap orange", "swap grey", "swap blue", "swap black"]
    );
    assert_eq!(
        refusal(&dot, "swap white"),
        "white was given away before the roll and cannot be taken back this turn"
    );
    // In p1's next turn white may come back.
    let p2_turn = played(&after, "pass");
    let p2_done = played(&played(&rolled(p2_turn, 1), "move"), "pass");
    assert_eq!(p2_done.phase(), Phase::Roll(0));
    assert!(legal(&p2_done).contains(&"swap white".to_string()));
}

#[test]
fn with_six_players_the_only_reserve_piece_is_taken_back_on_a_dot() {
    // Given six players, black alone in the reserve, and p1 exchanges white for black,
    let game = played(
        &given("p1=w@3 p2=g@3 p3=o@4 p4=s@5 p5=y@6 p6=b@1 turn=p1:roll before=-"),
        "swap black",
    );
    assert_eq!(game.reserve(), vec![Colour::White]);
    // When the 4 lands on the dot at 7, Then the compulsory exchange takes white back:
    let dot = played(&rolled(game.clone(), 4), "move");
    assert_eq!(legal(&dot), vec!["swap white"]);
    assert_eq!(colour_of(&played(&dot, "swap white"), 0), Colour::White);
    // When the 2 lands on the neutral 5 instead, Then no exchange is possible: p2's turn.
    let plain = played(&rolled(game, 2), "move");
    assert_eq!(plain.phase(), Phase::Roll(1));
}

#[test]
fn reaching_f_wins_at_once() {
    // Given white on 64, When p1 rolls 3,
    let game = rolled(given("p1=w@64 p2=g@S turn=p1:roll before=-"), 3);
    let over = played(&game, "move");
    // Then p1 wins.
    assert_eq!(over.phase(), Phase::Over);
    assert_eq!(field_of(&over, 0), FINISH);
    let outcome = over.outcome().unwrap();
    assert_eq!(outcome.winner_seat(), Some(0));
    assert_eq!(outcome.summary, "p1 wins, bringing white to F");
    assert_eq!(over.narrate(&game), vec!["p1 brings white to F and wins"]);
    assert_eq!(over.position_string(), "p1=w@F p2=g@S turn=over before=-");
    assert_eq!(given(&over.position_string()), over);
    assert_eq!(
        over.clone().set_dice(Dice::single(2)).unwrap_err().0,
        PhaseMistake::Over
    );
    assert_eq!(wrong_phase(&over, "pass"), "the game is over");
    assert!(legal(&over).is_empty());
}

#[test]
fn passing_f_wins_too() {
    for (from, die) in [(64, 6), (66, 1), (66, 6), (61, 6), (58, 6)] {
        // Given the piece within reach of F, When the roll goes past it,
        let game = rolled(given(&format!("p1=k@S p2=g@{from} turn=p2:roll before=-")), die);
        assert_eq!(legal(&game), vec!["move"]);
        let over = played(&game, "move");
        // Then p2 wins, also written as move F.
        assert_eq!(over.outcome().unwrap().winner_seat(), Some(1), "{from} + {die}");
        assert_eq!(played(&game, "move F"), over);
    }
    // 58 + 4 reaches only 65: not yet.
    let short = rolled(given("p1=k@S p2=g@58 turn=p2:roll before=-"), 4);
    assert_ne!(played(&short, "move").phase(), Phase::Over);
}

#[test]
fn the_players_option_sets_the_seats() {
    let game = Mnogoboy::default_game();
    assert_eq!(game.seat_count(), 2);
    assert_eq!(
        game.position_string(),
        "p1=- p2=- turn=p1:rolloff before=- rolloff=-,-"
    );
    let six = new_game(6);
    assert_eq!(six.seat_count(), 6);
    let names: Vec<&str> = (0..6).map(|s| six.seat_name(s)).collect();
    assert_eq!(names, vec!["p1", "p2", "p3", "p4", "p5", "p6"]);
    for bad in ["players=1", "players=7", "players=two"] {
        let err = Options::parse(Mnogoboy::game_info().options, &[bad]).unwrap_err();
        assert!(err.to_string().contains("players takes 2..6"), "{bad}: {err}");
    }
    // A position must list exactly the seats of the game.
    let mut three = new_game(3);
    let err = three.set_position("p1=- p2=- turn=p1:take before=-").unwrap_err();
    assert!(err.0.to_string().contains("the field 'p3=' is missing"), "{err}");
    let err = three
        .set_position("p1=- p2=- p3=- p4=- turn=p1:rolloff before=- rolloff=-,-,-")
        .unwrap_err();
    assert!(
        err.0
            .to_string()
            .contains("p4= names a seat this 3-player game does not have"),
        "{err}"
    );
    assert_eq!(three, new_game(3));
}

#[test]
fn moves_are_written_in_a_few_plain_words() {
    let game = Mnogoboy::default_game();
    for (text, canonical) in [
        ("take white", "take white"),
        ("TAKE W", "take white"),
        ("swap s", "swap grey"),
        ("swap gray", "swap grey"),
        ("  move  ", "move"),
        ("move Long", "move long"),
        ("move short", "move short"),
        ("move 16", "move 16"),
        ("move f", "move F"),
        ("pass", "pass"),
    ] {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(game.format_move(&mv), canonical);
    }
    for bad in [
        "",
        "take",
        "take red",
        "swap",
        "move 0",
        "move 67",
        "move S",
        "move sideways",
        "roll",
        "move long now",
    ] {
        assert!(game.parse_move(bad).is_err(), "{bad:?} should not parse");
    }
    assert_eq!(
        game.parse_move("take red").unwrap_err().to_string(),
        "syntax error: 'red' is not a colour; the colours are white green orange grey yellow blue black (or w g o s y b k)"
    );
}

#[test]
fn dice_are_one_die_from_one_to_six() {
    let game = Mnogoboy::default_game();
    assert_eq!(game.parse_dice(&[4]), Ok(Dice::single(4)));
    assert!(game.parse_dice(&[0]).is_err());
    assert!(game.parse_dice(&[7]).is_err());
    assert!(game.parse_dice(&[3, 4]).is_err());
    assert!(game.parse_dice(&[]).is_err());
    let mut copy = game.clone();
    assert!(copy.set_dice(Dice::new(&[3, 4])).is_err());
    assert!(copy.set_dice(Dice::single(9)).is_err());
    assert_eq!(copy, game);
    let mut source = tabula::core::ScriptedDice::new(&[5]);
    assert_eq!(game.roll(&mut source), Dice::single(5));
}

#[test]
fn position_strings_round_trip_and_bad_ones_are_explained() {
    for text in [
        "p1=- p2=- turn=p1:rolloff before=- rolloff=-,-",
        "p1=- p2=- p3=- turn=p3:rolloff before=- rolloff=x,3,-",
        "p1=- p2=- turn=p2:take before=-",
        "p1=g@S p2=- turn=p1:roll before=take",
        "p1=g@4 p2=w@12 turn=p2:roll before=-",
        "p1=g@4 p2=s@12 turn=p2:roll before=w",
        "p1=g@4 p2=s@12 turn=p2:again before=-",
        "p1=g@4 p2=w@12 turn=p2:5 before=-",
        "p1=g@4 p2=w@13 turn=p2:exchange before=k",
        "p1=g@4 p2=w@20 turn=p2:dot before=-",
        "p1=g@F p2=w@20 turn=over before=-",
    ] {
        let game = given(text);
        assert_eq!(game.position_string(), text);
    }
    let cases = [
        (
            "p1=w@3 p2=w@5 turn=p1:roll before=-",
            "two seats control the white piece",
        ),
        ("p1=w@3 p2=g@5 turn=p1:roll", "the field 'before=' is missing"),
        ("p1=w@3 p2=g@5 turn=p1:roll before=- x=1", "unknown field 'x'"),
        (
            "p1=w@3 p1=w@3 p2=g@5 turn=p1:roll before=-",
            "'p1=' is given twice",
        ),
        (
            "p1=w@67 p2=g@5 turn=p1:roll before=-",
            "p1=w@67: write COLOUR@FIELD",
        ),
        (
            "p1=r@3 p2=g@5 turn=p1:roll before=-",
            "p1=r@3: write COLOUR@FIELD",
        ),
        ("p1=w@3 p2=g@5 turn=p1:7 before=-", "turn=p1:7"),
        ("p1=w@3 p2=g@5 turn=p3:roll before=-", "turn=p3:roll"),
        ("p1=w@3 p2=g@5 turn=p1:roll before=q", "before=q"),
        (
            "p1=w@F p2=g@5 turn=p1:roll before=-",
            "p1 stands on F, so the game is over",
        ),
        (
            "p1=w@3 p2=g@5 turn=over before=-",
            "turn=over needs exactly one piece on F",
        ),
        ("p1=w@3 p2=g@5 turn=p1:take before=-", "p1 already controls white"),
        ("p1=- p2=g@5 turn=p1:roll before=-", "p1 has no piece"),
        (
            "p1=w@3 p2=g@3 p3=- turn=p1:roll before=take",
            "seats take their first piece in turn order",
        ),
        (
            "p1=w@3 p2=- turn=p1:roll before=-",
            "so p1 must be in its first turn (before=take)",
        ),
        (
            "p1=w@3 p2=g@5 turn=p1:roll before=take",
            "its piece must stand on S",
        ),
        ("p1=w@3 p2=g@5 turn=p1:roll before=g", "g says p1 gave green away"),
        (
            "p1=w@3 p2=g@5 turn=p1:again before=-",
            "an extra roll after landing on the own colour",
        ),
        (
            "p1=w@10 p2=g@5 turn=p1:exchange before=-",
            "p1:exchange follows a move that ends the turn",
        ),
        (
            "p1=w@5 p2=g@5 turn=p1:dot before=-",
            "p1:dot is the exchange after landing on a dot",
        ),
        (
            "p1=w@3 p2=g@5 turn=p1:roll before=- rolloff=-,-",
            "rolloff= belongs only",
        ),
        (
            "p1=- p2=- turn=p1:rolloff before=-",
            "the field 'rolloff=' is needed",
        ),
        (
            "p1=- p2=- turn=p2:rolloff before=- rolloff=-,-",
            "seats roll in seat order",
        ),
        (
            "p1=- p2=- turn=p1:rolloff before=- rolloff=x,-",
            "two or more seats",
        ),
        ("p1=- p2=- turn=p1:rolloff before=- rolloff=-", "lists 1 seats"),
        (
            "p1=w@S p2=- turn=p1:rolloff before=- rolloff=-,-",
            "a seat has a piece during the roll-off",
        ),
        ("p1=g@F p2=w@20 turn=over before=w", "before= must be -"),
        ("turn=p1:roll", "the field 'p1=' is missing"),
        (
            "p1=w@3 p2=g@5 turn=p1:roll before=- junk",
            "'junk' is not key=value",
        ),
    ];
    for (text, message) in cases {
        let mut game = new_game(seats_in(text));
        let before = game.clone();
        match game.set_position(text) {
            Ok(()) => panic!("{text} should be refused"),
            Err(e) => {
                assert!(e.to_string().contains(message), "{text}: {e}");
                assert_eq!(game, before, "a refused position changed the game");
            }
        }
    }
}

#[test]
fn the_board_shows_the_map_pieces_reserve_turn_and_who_needs_a_six() {
    let game = given("p1=w@2 p2=k@12 p3=o@S turn=p1:roll before=-");
    let board = game.render();
    for line in board.lines() {
        assert!(line.len() <= 80, "too wide: {line:?}");
    }
    for part in [
        "  S ->    1 .   2 g   3 .",
        "   long  11 .  12 s",
        "  short  19 b  20 *",
        "62 .  63 w  64 .  65 .  66 .   -> F",
        "p1  white   on 2 (green)    needs a six",
        "p2  black   on 12 (grey)    needs a six",
        "p3  orange  on S",
        "reserve: green grey yellow blue",
        "p1 to roll, or first exchange (swap COLOUR): green grey yellow blue",
    ] {
        assert!(board.contains(part), "missing {part:?} in\n{board}");
    }
    // The marks under the fields: 3:O under S, 1:W under 2, 2:K under 12.
    let lines: Vec<&str> = board.lines().collect();
    let marks = lines[2];
    assert_eq!(marks.find("3:O"), lines[1].find('S'));
    assert_eq!(marks.find("1:W"), lines[1].find(" 2 g"));
    let long = lines.iter().position(|l| l.starts_with("   long  11")).unwrap();
    assert_eq!(lines[long + 1].find("2:K"), lines[long].find("12 s"));
    // Stacked pieces take one line each.
    let crowded = given("p1=w@S p2=k@S p3=o@S turn=p1:roll before=-").render();
    assert!(crowded.contains("\n  1:W\n  2:K\n  3:O\n"), "{crowded}");
}

#[test]
fn moves_are_described_for_people() {
    let game = rolled(given("p1=y@8 p2=g@3 turn=p1:roll before=-"), 4);
    assert_eq!(
        described(&game),
        vec![
            "move long (yellow 8 -> 12, grey field: needs a six)",
            "move short (yellow 8 -> 20, the dot: it must be exchanged)"
        ]
    );
    let swap = given("p1=w@12 p2=g@3 turn=p1:roll before=-");
    let mv = swap.parse_move("swap grey").unwrap();
    assert_eq!(
        swap.describe_move(&mv),
        "swap grey (white to the reserve, grey on 12: no six needed)"
    );
    let chain = rolled(given("p1=w@7 p2=g@S turn=p1:roll before=-"), 3);
    let mv = chain.parse_move("move").unwrap();
    assert_eq!(
        chain.describe_move(&mv),
        "move (white 7 -> 10, its own colour: another roll)"
    );
    let win = rolled(given("p1=w@64 p2=g@S turn=p1:roll before=-"), 5);
    let mv = win.parse_move("move").unwrap();
    assert_eq!(win.describe_move(&mv), "move (white 64 -> F, wins)");
}
