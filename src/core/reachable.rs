//! Small exact solves through the rules themselves: every position reachable from some
//! start positions, linked by the game's own legal moves and keyed by position text,
//! iterated to convergence. Slow per position but needs no numbering, so it serves City
//! of Ur's end layers, which no table covers.

use std::collections::HashMap;

use crate::core::Dice;
use crate::core::Notation;

enum Link {
    Won,
    Again(usize),
    Handover(usize),
}

/// The chance that the side to roll wins under perfect play, for every position (in the
/// roll phase) reachable from `starts`, keyed by [`Notation::position_string`]. `odds` gives
/// each roll of a position and its chance. Two-seat games where a move keeps the turn or
/// hands it over.
pub fn solve_reachable<G: Notation>(
    starts: &[G],
    odds: &dyn Fn(&G) -> Vec<(Dice, f64)>,
    residual: f64,
) -> HashMap<String, f64> {
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut nodes: Vec<G> = Vec::new();
    let mut id_of = |game: &G, nodes: &mut Vec<G>| -> usize {
        *ids.entry(game.position_string()).or_insert_with(|| {
            nodes.push(game.clone());
            nodes.len() - 1
        })
    };
    for start in starts.iter().filter(|g| g.phase().seat().is_some()) {
        id_of(start, &mut nodes);
    }
    let mut links: Vec<Vec<(f64, Vec<Link>)>> = Vec::new();
    let mut next = 0;
    let mut legal = Vec::new();
    while next < nodes.len() {
        let game = nodes[next].clone();
        let seat = game.phase().seat();
        let mut rolls = Vec::new();
        for (dice, chance) in odds(&game) {
            let mut rolled = game.clone();
            if rolled.set_dice(dice).is_err() {
                continue;
            }
            legal.clear();
            rolled.legal_moves(&mut legal);
            let moved_on = |after: &G| after.phase().seat();
            let outcomes = legal
                .iter()
                .map(|mv| {
                    let mut after = rolled.clone();
                    after.play_unchecked(mv);
                    match moved_on(&after) {
                        None => Link::Won,
                        Some(s) if Some(s) == seat && after.position_string() != game.position_string() => {
                            Link::Again(id_of(&after, &mut nodes))
                        }
                        Some(_) => Link::Handover(id_of(&after, &mut nodes)),
                    }
                })
                .collect();
            rolls.push((chance, outcomes));
        }
        links.push(rolls);
        next += 1;
    }
    let mut values = vec![0.5f64; nodes.len()];
    loop {
        let mut change = 0.0f64;
        for node in 0..nodes.len() {
            let new: f64 = links[node]
                .iter()
                .map(|(chance, outcomes)| {
                    chance
                        * outcomes
                            .iter()
                            .map(|link| match link {
                                Link::Won => 1.0,
                                Link::Again(t) => values[*t],
                                Link::Handover(t) => 1.0 - values[*t],
                            })
                            .fold(0.0, f64::max)
                })
                .sum();
            change = change.max((new - values[node]).abs());
            values[node] = new;
        }
        if change <= residual {
            break;
        }
    }
    nodes.iter().map(|g| g.position_string()).zip(values).collect()
}
