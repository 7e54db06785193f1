//! Two-seat Mnogoboy solved: the built-in table agrees with a different method (value
//! iteration over every reachable state of the rules engine, keyed by position text,
//! mid-turn states included) on the end of the race; bot:perfect and bot:best play from
//! it, exchanging before the roll only when that pays; `tabula solve` explains itself.

use std::collections::HashMap;

use tabula::ai::bots::Bot;
use tabula::ai::roster::BotKind;
use tabula::ai::solve::mnogoboy::built_in;
use tabula::core::{Dice, Game, Phase};
use tabula::games::mnogoboy::{Colour, Mnogoboy};

use crate::support::{given, run_tabula};
use tabula::core::Lab;
use tabula::core::Notation;

/// Seat 0's chance of winning under perfect play in every state reachable from
/// `starts`, found by value iteration over the rules engine's own moves and rolls.
fn solve_by_rules(starts: &[Mnogoboy]) -> HashMap<String, f64> {
    enum Node {
        Won(f64),
        /// The seat to act and its options; `rolls` when rolling now is one of them.
        Choice {
            seat: usize,
            rolls: Option<[usize; 6]>,
            options: Vec<usize>,
        },
    }
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut states: Vec<Mnogoboy> = Vec::new();
    let mut id_of = |game: &Mnogoboy, states: &mut Vec<Mnogoboy>| -> usize {
        *ids.entry(game.position_string()).or_insert_with(|| {
            states.push(game.clone());
            states.len() - 1
        })
    };
    for start in starts {
        id_of(start, &mut states);
    }
    let mut nodes = Vec::new();
    let mut next = 0;
    while next < states.len() {
        let game = states[next].clone();
        let node = match game.phase() {
            Phase::Over => Node::Won(if game.outcome().unwrap().winner_seat() == Some(0) {
                1.0
            } else {
                0.0
            }),
            Phase::Roll(seat) | Phase::Move(seat) => {
                let rolls = matches!(game.phase(), Phase::Roll(_)).then(|| {
                    [1, 2, 3, 4, 5, 6].map(|die| {
                        let mut rolled = game.clone();
                        rolled.set_dice(Dice::single(die)).unwrap();
                        id_of(&rolled, &mut states)
                    })
                });
                let mut legal = Vec::new();
                game.legal_moves(&mut legal);
                let options = legal
                    .iter()
                    .map(|mv| {
                        let mut after = game.clone();
                        after.play(mv).unwrap();
                        id_of(&after, &mut states)
                    })
                    .collect();
                Node::Choice { seat, rolls, options }
            }
        };
        nodes.push(node);
        next += 1;
    }
    let mut values = vec![0.5f64; states.len()];
    loop {
        let mut change = 0.0f64;
        for (id, node) in nodes.iter().enumerate() {
            let new = match node {
                Node::Won(value) => *value,
                Node::Choice { seat, rolls, options } => {
                    // Seat 0 maximises its chance, seat 1 minimises it.
                    let better = |a: f64, b: f64| if *seat == 0 { a.max(b) } else { a.min(b) };
                    let mut best: Option<f64> =
                        rolls.map(|r| r.iter().map(|&t| values[t]).sum::<f64>() / 6.0);
                    for &option in options {
                        best = Some(best.map_or(values[option], |b| better(b, values[option])));
                    }
                    best.unwrap()
                }
            };
            change = change.max((new - values[id]).abs());
            values[id] = new;
        }
        if change <= 1e-13 {
            break;
        }
    }
    states.iter().map(|g| g.position_string()).zip(values).collect()
}

fn at(position: &str) -> Mnogoboy {
    given(&format!("{position} before=-"))
}

#[test]
fn the_table_agrees_with_value_iteration_through_the_rules_at_the_end_of_the_race() {
    // Given every turn start with both pieces on fields 60 to 66, any colours
    let mut starts = Vec::new();
    for mine in 60..=66 {
        for theirs in 60..=66 {
            for a in Colour::ALL {
                for b in Colour::ALL.into_iter().filter(|&b| b != a) {
                    starts.push(at(&format!(
                        "p1={}@{mine} p2={}@{theirs} turn=p1:roll",
                        a.letter(),
                        b.letter()
                    )));
                }
            }
        }
    }
    // When the end of the race is solved through the rules engine alone
    let by_rules = solve_by_rules(&starts);
    // Then the built-in table holds the same chances, to its 16-bit rounding (of a 32-bit
    // value)
    let table = built_in();
    for start in &starts {
        let exact = by_rules[&start.position_string()];
        let stored = table.value(start.solved_index().unwrap()).unwrap();
        assert!(
            (stored - exact).abs() <= 0.5 / 65535.0 + 1e-7,
            "{}: table {stored}, rules {exact}",
            start.position_string()
        );
    }
    assert_eq!(starts.len(), 7 * 7 * 42);
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
