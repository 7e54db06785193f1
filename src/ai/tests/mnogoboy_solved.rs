//! Two-seat Mnogoboy solved: the built-in table agrees with a different method (value
//! iteration over every reachable state of the rules engine, keyed by position text,
//! mid-turn states included) on the end of the race.

use std::collections::HashMap;

use crate::ai::solve::mnogoboy::built_in;
use crate::core::{Dice, Game, Phase};
use crate::games::mnogoboy::{Colour, Mnogoboy};

use super::support::given;
use crate::core::Lab;
use crate::core::Notation;

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
