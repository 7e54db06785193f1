//! Rollouts: exact values of positions the dice cannot change, common dice for every
//! candidate, variance reduction that keeps the value and narrows it.

use crate::ai::bots::Bot;
use crate::ai::rollout::{RolloutSettings, Rollouts, rollout};
use crate::ai::roster::BotKind;
use crate::ai::search::{StopFlag, stoppable};
use crate::core::Seat;
use crate::games::nardy::Nardy;
use crate::games::ur::Ur;

use super::support::{given, new_game};

fn settings(games: u64, jobs: usize, variance_reduction: bool, truncate: Option<u32>) -> RolloutSettings {
    RolloutSettings {
        games,
        truncate,
        seed: 7,
        jobs,
        variance_reduction,
    }
}

fn roll_out<G: crate::ai::roster::BotGame>(
    positions: &[G],
    bot: BotKind,
    settings: &RolloutSettings,
) -> Rollouts {
    let make = move |seat: Seat, seed: u64| -> Box<dyn Bot<G>> { bot.build(seed ^ seat as u64) };
    rollout(positions, &make, settings, &|_, _| {})
}

#[test]
fn a_position_the_dice_cannot_change_rolls_out_to_its_exact_value() {
    // Given White to roll with its last checker on point 1 and Black with none borne off,
    let game: Nardy = given("w=1,offx14 b=7x15 turn=white:roll first=- score=0-0");
    // when it is rolled out, with and without cancelling the luck,
    for variance_reduction in [true, false] {
        let rolled = roll_out(
            std::slice::from_ref(&game),
            BotKind::Net { plies: 1 },
            &settings(20, 2, variance_reduction, None),
        );
        let result = &rolled.results[0];
        // then every game is a mars for White: 2 points, no spread at all.
        assert_eq!(result.games(), 20);
        // (Cancelling luck adds and takes away the same values, so up to rounding.)
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(close(result.equity[0].mean(), 2.0), "{result:?}");
        assert!(close(result.equity[1].mean(), -2.0), "{result:?}");
        assert!(result.equity[0].half_width() < 1e-9, "{result:?}");
        assert!(close(result.win[0].mean(), 1.0), "{result:?}");
        assert_eq!(result.big_wins[0][0].mean(), 1.0, "a mars");
        assert_eq!(result.truncated, 0);
    }
}

#[test]
fn every_candidate_is_played_on_the_same_dice_whatever_the_threads() {
    // Given the same position twice as two candidates,
    let game: Ur = new_game(&["rules=finkel"]);
    let candidates = vec![game.clone(), game];
    // when it is rolled out on one thread and on three,
    let one = roll_out(&candidates, BotKind::Greedy, &settings(30, 1, false, None));
    let three = roll_out(&candidates, BotKind::Greedy, &settings(30, 3, false, None));
    // then the two candidates got the very same games (common dice), so their difference
    // is zero in every trial, and the threads change nothing.
    assert_eq!(one.results, three.results);
    let difference = one.difference(0, 1, 0);
    assert_eq!(difference.count, 30);
    assert_eq!((difference.mean(), difference.half_width()), (0.0, 0.0));
    assert!(
        one.results[0].win[0].half_width() > 0.0,
        "the games themselves differ"
    );
}

#[test]
fn cancelling_the_luck_keeps_the_value_and_narrows_its_interval() {
    // Given the start of a Finkel game rolled out by the network bot,
    let game: Ur = new_game(&["rules=finkel"]);
    let bot = BotKind::Net { plies: 1 };
    // when it is rolled out plainly and with the luck of every roll cancelled,
    let plain = &roll_out(std::slice::from_ref(&game), bot, &settings(3000, 2, false, None)).results[0];
    let reduced = &roll_out(&[game], bot, &settings(600, 2, true, None)).results[0];
    // then both find the same value within their intervals, and the spread of a single
    // game is much smaller with the luck taken out.
    let gap = (plain.win[0].mean() - reduced.win[0].mean()).abs();
    let combined = (plain.win[0].standard_error().powi(2) + reduced.win[0].standard_error().powi(2)).sqrt();
    assert!(gap < 4.0 * combined, "plain {plain:?}\nreduced {reduced:?}");
    let per_game =
        |r: &crate::ai::rollout::RolloutResult| r.win[0].standard_error() * (r.games() as f64).sqrt();
    assert!(
        per_game(reduced) < 0.6 * per_game(plain),
        "per-game spread {} with the luck cancelled against {} without",
        per_game(reduced),
        per_game(plain)
    );
}

#[test]
fn a_truncated_rollout_takes_the_bots_value_at_the_horizon() {
    let game: Nardy = new_game(&[] as &[&str]);
    let rolled = roll_out(&[game], BotKind::Net { plies: 1 }, &settings(6, 2, true, Some(4)));
    let result = &rolled.results[0];
    assert_eq!(result.truncated, 6, "no game ends within four moves");
    // The network gives the chances of a mars there, so they are counted.
    assert_eq!(result.big_wins[0][0].count, 6);
    let total: f64 = result.win[0].mean() + result.win[1].mean();
    assert!((total - 1.0).abs() < 1e-9);
}

#[test]
fn a_stopped_rollout_counts_no_game() {
    let game: Ur = new_game(&["rules=finkel"]);
    let flag = StopFlag::new();
    flag.request();
    let rolled = stoppable(&flag, || {
        roll_out(&[game], BotKind::Greedy, &settings(50, 2, true, None))
    });
    assert_eq!(rolled.results[0].games(), 0);
    assert!(rolled.trials.is_empty());
}
