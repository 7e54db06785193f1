//! Two-seat Mnogoboy solved: bot:perfect and bot:best play from the built-in table,
//! exchanging before the roll only when that pays; `tabula solve` explains itself (the
//! table itself is checked inside the crate, in `src/ai/tests/mnogoboy_solved.rs`).

use tabula::ai::bots::Bot;
use tabula::ai::roster::BotKind;
use tabula::core::Game;
use tabula::games::mnogoboy::Mnogoboy;

use crate::support::{given, run_tabula};
use tabula::core::Notation;

fn at(position: &str) -> Mnogoboy {
    given(&format!("{position} before=-"))
}

#[test]
fn the_perfect_bot_exchanges_before_the_roll_only_when_it_pays() {
    for kind in [BotKind::Perfect, BotKind::Best] {
        let mut bot: Box<dyn Bot<Mnogoboy>> = kind.build(1);
        // Given green on the white field 63, with white in the reserve
        let game = at("p1=g@63 p2=k@66 turn=p1:roll");
        let mut actions = Vec::new();
        game.legal_moves(&mut actions);
        // When the bot may exchange before its roll
        let choice = bot.choose_before_roll(&game, &actions);
        // Then it takes white, which frees the piece: a half chance instead of a sixth
        let taken = choice.map(|i| game.format_move(&actions[i]));
        assert_eq!(taken.as_deref(), Some("swap white"), "{kind}");
        assert!((bot.estimate(&game).win[0] - 0.5).abs() < 1e-4, "{kind}");
        // Given the other seat holds white, no exchange frees the piece: it rolls
        let game = at("p1=g@63 p2=w@66 turn=p1:roll");
        let mut actions = Vec::new();
        game.legal_moves(&mut actions);
        assert_eq!(bot.choose_before_roll(&game, &actions), None, "{kind}");
        assert!(
            (bot.estimate_rolling(&game).win[0] - 1.0 / 6.0).abs() < 1e-4,
            "{kind}"
        );
    }
}

#[test]
fn the_perfect_bot_values_mid_turn_positions_through_the_rest_of_the_turn() {
    let mut bot: Box<dyn Bot<Mnogoboy>> = BotKind::Perfect.build(1);
    // Given white has just landed on its own field 63 and rolls again
    let game: Mnogoboy = given("p1=w@63 p2=k@66 turn=p1:again before=-");
    // Then 4 to 6 reach F and 1 to 3 leave black a sure win
    assert!((bot.estimate(&game).win[0] - 0.5).abs() < 1e-4);
    // Given p1 stands on a dot at 60 and must exchange, with p2 one roll from F
    let game: Mnogoboy = given("p1=o@60 p2=y@66 turn=p1:dot before=-");
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    // When it chooses, every exchange loses (p2 wins at once), and it still chooses one
    let index = bot.choose_move(&game, &legal);
    assert!(index < legal.len());
    assert_eq!(bot.estimate(&game).win[1], 1.0);
}

#[test]
fn the_engine_plays_perfectly_and_the_solver_explains_itself() {
    // The engine's bot:best answers from the built-in table
    let input = "new mnogoboy players=2\nsetpos p1=g@63 p2=k@66 turn=p1:roll before=-\ngenmove\neval\nquit\n";
    let (status, stdout, _) = run_tabula(&["engine", "--bot", "best"], input);
    assert_eq!(status, Some(0));
    assert!(stdout.contains("= swap white\n"), "{stdout}");
    assert!(stdout.contains("p1 win=0.5000"), "{stdout}");
    // Counting says what a solve takes
    let (status, stdout, _) = run_tabula(&["solve", "mnogoboy", "--count"], "");
    assert_eq!(status, Some(0));
    assert!(stdout.contains("220900 numbers"), "{stdout}");
    // More seats cannot be solved, and the message lists what can
    let (status, _, stderr) = run_tabula(&["solve", "mnogoboy", "players=3"], "");
    assert_eq!(status, Some(1));
    assert!(stderr.contains("mnogoboy with players=2"), "{stderr}");
    // End layers are an Ur notion
    let (status, _, stderr) = run_tabula(&["solve", "mnogoboy", "--layers", "2"], "");
    assert_eq!(status, Some(1));
    assert!(stderr.contains("leave out --layers"), "{stderr}");
}
