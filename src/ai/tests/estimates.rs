//! The games' calibrated estimates: calibration on fresh self-play, probabilities that
//! sum to 1, the nardy race evaluation against an exact recursion, and symmetry.
//!
//! Self-play here uses seeds from 7,000,000 on, which the fits (seeds 1 and 1,000,001
//! on) never saw.

use std::collections::HashMap;

use super::support::{each_roll, given, new_game};
use crate::ai::calibration::{Sample, SelfPlay, brier, buckets, self_play, stand_in};
use crate::core::Notation;
use crate::core::Strategy;
use crate::core::{Game, NewGame, Phase, Seat};
use crate::games::{aeroplane, microbes, mnogoboy, nardy, ur};

const FRESH_SEED: u64 = 7_000_000;

/// Checks calibration of `start`'s estimate on `games` fresh self-play games: its Brier
/// score must beat both the softmax stand-in and the constant `1 / seats`, and in every
/// bucket of predicted win probability with at least 1000 predictions the observed win
/// frequency must be within 0.08 of the mean prediction (positions of one game are
/// correlated, so the tolerance is wider than independent samples would need).
fn check_calibration<G: Strategy>(label: &str, start: &G, games: usize) {
    let samples: Vec<Sample<G>> = self_play(start, &SelfPlay::new(games, FRESH_SEED));
    let seats = start.seat_count();
    let mut ours = Vec::new();
    let mut old = Vec::new();
    let mut constant = Vec::new();
    let mut pairs = Vec::new();
    for sample in &samples {
        let Some(winner) = sample.winner() else { continue };
        let estimate = sample.position.estimate();
        let wins = estimate.win[..seats].to_vec();
        for (seat, &p) in wins.iter().enumerate() {
            pairs.push((p, seat == winner));
        }
        ours.push((wins, winner));
        old.push((stand_in(&sample.position), winner));
        constant.push((vec![1.0 / seats as f64; seats], winner));
    }
    assert!(ours.len() > 1000, "{label}: only {} positions", ours.len());
    let (b_ours, b_old, b_constant) = (brier(&ours), brier(&old), brier(&constant));
    assert!(
        b_ours < b_old && b_ours < b_constant,
        "{label}: Brier {b_ours:.4}, stand-in {b_old:.4}, constant {b_constant:.4}"
    );
    for bucket in buckets(&pairs, 10).iter().filter(|b| b.count >= 1000) {
        assert!(
            (bucket.observed - bucket.predicted).abs() < 0.08,
            "{label}: predicted {:.3} but observed {:.3} over {} predictions",
            bucket.predicted,
            bucket.observed,
            bucket.count
        );
    }
}

#[test]
fn nardy_estimates_are_calibrated() {
    check_calibration("nardy", &nardy::Nardy::default_game(), 300);
}

#[test]
fn ur_estimates_are_calibrated_in_every_rule_set() {
    for rules in ["city", "finkel", "masters", "blitz", "aseb"] {
        let option = format!("rules={rules}");
        check_calibration(&option, &new_game::<ur::Ur>(&[&option]), 1000);
    }
}

#[test]
fn microbes_estimates_are_calibrated() {
    check_calibration("microbes", &microbes::Microbes::default_game(), 1000);
}

#[test]
fn aeroplane_estimates_are_calibrated_for_two_to_four_players() {
    for players in ["2", "3", "4"] {
        let option = format!("players={players}");
        check_calibration(&option, &new_game::<aeroplane::Aeroplane>(&[&option]), 500);
    }
}

#[test]
fn mnogoboy_estimates_are_calibrated_for_two_to_six_players() {
    for players in 2..=6 {
        let option = format!("players={players}");
        check_calibration(&option, &new_game::<mnogoboy::Mnogoboy>(&[&option]), 800);
    }
}

/// Every estimate on self-play positions of `start` is a probability distribution over
/// the seats (zero past the last seat), with equity as the game defines it.
fn check_probabilities<G: Strategy>(label: &str, start: &G, max_points: f64) {
    let seats = start.seat_count();
    let mut samples = self_play(start, &SelfPlay::new(40, FRESH_SEED + 500));
    for sample in &mut samples {
        // The positions before the roll, and the same positions with a roll in hand.
        let mut rolled = sample.position.clone();
        if let Phase::Roll(_) = rolled.phase() {
            let mut rolls = Vec::new();
            rolled.chance_outcomes(&mut rolls);
            if let Some(&(dice, _)) = rolls.last() {
                let _ = rolled.set_dice(dice);
            }
        }
        for game in [&sample.position, &rolled] {
            let estimate = game.estimate();
            let total: f64 = estimate.win[..seats].iter().sum();
            assert!((total - 1.0).abs() < 1e-9, "{label}: wins sum to {total}");
            assert!(
                estimate.win.iter().all(|w| (0.0..=1.0).contains(w)),
                "{label}: {estimate:?}"
            );
            assert!(
                estimate.win[seats..].iter().all(|&w| w == 0.0),
                "{label}: {estimate:?}"
            );
            if seats == 2 {
                assert!((estimate.equity[0] + estimate.equity[1]).abs() < 1e-9);
                let (w0, w1) = (estimate.win[0], estimate.win[1]);
                let e0 = estimate.equity[0];
                assert!(
                    e0 >= w0 - max_points * w1 - 1e-9 && e0 <= max_points * w0 - w1 + 1e-9,
                    "{label}: equity {e0} with wins {w0} {w1}"
                );
                if max_points == 1.0 {
                    assert!((e0 - (2.0 * w0 - 1.0)).abs() < 1e-9);
                }
            } else {
                assert_eq!(estimate.equity[..seats], estimate.win[..seats], "{label}");
            }
        }
    }
}

#[test]
fn estimates_are_probabilities_that_sum_to_one() {
    check_probabilities("nardy", &nardy::Nardy::default_game(), 2.0);
    check_probabilities("nardy koks=on", &new_game::<nardy::Nardy>(&["koks=on"]), 3.0);
    for rules in ["city", "finkel", "masters", "blitz", "aseb"] {
        let option = format!("rules={rules}");
        check_probabilities(&option, &new_game::<ur::Ur>(&[&option]), 1.0);
    }
    check_probabilities("microbes", &microbes::Microbes::default_game(), 1.0);
    for players in 2..=4 {
        let option = format!("players={players}");
        check_probabilities(&option, &new_game::<aeroplane::Aeroplane>(&[&option]), 1.0);
    }
    for players in 2..=6 {
        let option = format!("players={players}");
        check_probabilities(&option, &new_game::<mnogoboy::Mnogoboy>(&[&option]), 1.0);
    }
}

#[test]
fn finished_games_are_valued_exactly() {
    let mut game = nardy::Nardy::default_game();
    game.set_position("w=offx15 b=6x15 turn=over first=- score=2-0")
        .unwrap();
    let estimate = game.estimate();
    assert_eq!(estimate.win[0], 1.0);
    assert_eq!(estimate.equity[0], 2.0);
}

/// The exact probability that the seat to roll wins a bear-off, both sides choosing
/// every move to maximise their own chance of winning.
fn exact_bear_off(game: &nardy::Nardy, memo: &mut HashMap<String, f64>) -> f64 {
    let key = game.position_string();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut value = 0.0;
    for (p, rolled, moves) in each_roll(game) {
        let best = moves
            .iter()
            .map(|mv| {
                let mut after = rolled.clone();
                after.play_unchecked(mv);
                if after.phase() == Phase::Over {
                    1.0
                } else {
                    1.0 - exact_bear_off(&after, memo)
                }
            })
            .fold(0.0, f64::max);
        value += p * best;
    }
    memo.insert(key, value);
    value
}

/// Every way to put `checkers` checkers on the home points 1-6, in position notation.
fn home_positions(checkers: u32) -> Vec<String> {
    let mut out = Vec::new();
    fn place(from: u32, left: u32, parts: &mut Vec<u32>, out: &mut Vec<String>) {
        if left == 0 {
            let mut words: Vec<String> = Vec::new();
            for point in (1..=6).rev() {
                match parts.iter().filter(|&&p| p == point).count() {
                    0 => {}
                    1 => words.push(point.to_string()),
                    n => words.push(format!("{point}x{n}")),
                }
            }
            words.push(format!("offx{}", 15 - parts.len()));
            out.push(words.join(","));
            return;
        }
        for point in (1..=from).rev() {
            parts.push(point);
            place(point, left - 1, parts, out);
            parts.pop();
        }
    }
    place(6, checkers, &mut Vec::new(), &mut out);
    out
}

#[test]
fn the_race_evaluation_is_exact_on_small_bear_offs() {
    // Up to two checkers a side, the one-sided table's policy (fewest expected turns)
    // is also the policy that wins most often, so the race value must equal the exact
    // two-sided recursion.
    let mut memo = HashMap::new();
    let mut compared = 0;
    for mine in [1, 2] {
        for theirs in [1, 2] {
            for white in home_positions(mine) {
                for black in home_positions(theirs) {
                    let mut game = nardy::Nardy::default_game();
                    game.set_position(&format!("w={white} b={black} turn=white:roll first=- score=0-0"))
                        .unwrap();
                    let exact = exact_bear_off(&game, &mut memo);
                    let estimate = nardy::eval::race_estimate(&game).expect("a pure race");
                    assert!(
                        (estimate.win[0] - exact).abs() < 1e-9,
                        "w={white} b={black}: race {} exact {exact}",
                        estimate.win[0]
                    );
                    // Single checkers each side of zero: no mars is possible.
                    assert!((estimate.equity[0] - (2.0 * exact - 1.0)).abs() < 1e-9);
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, (6 + 21) * (6 + 21));
}

#[test]
fn the_race_evaluation_is_close_to_exact_with_three_checkers() {
    // With three checkers a side the fewest-turns policy can differ from the winning
    // one in a few positions; the difference stays tiny.
    let mut memo = HashMap::new();
    let mut worst: f64 = 0.0;
    let whites = home_positions(3);
    let blacks = home_positions(3);
    for white in whites.iter().step_by(3) {
        for black in blacks.iter().step_by(5) {
            let mut game = nardy::Nardy::default_game();
            game.set_position(&format!("w={white} b={black} turn=black:roll first=- score=0-0"))
                .unwrap();
            let exact = exact_bear_off(&game, &mut memo);
            let estimate = nardy::eval::race_estimate(&game).expect("a pure race");
            worst = worst.max((estimate.win[1] - exact).abs());
        }
    }
    assert!(worst < 0.005, "largest difference {worst}");
}

/// The race evaluation of the nardy position `position`, a pure race.
fn race_estimate_at(position: &str) -> crate::core::Estimate {
    nardy::eval::race_estimate(&given::<nardy::Nardy>(position)).expect("a pure race")
}

#[test]
fn the_one_sided_table_knows_the_simplest_bear_offs() {
    let side = |text: &str| {
        given::<nardy::Nardy>(&format!("w={text} b=1,offx14 turn=white:roll first=- score=0-0")).side(0)
    };
    // Two checkers on point 1: one turn whatever the roll.
    let (turns, _) = nardy::eval::one_sided(side("1x2,offx13"));
    assert!((turns[1] - 1.0).abs() < 1e-12);
    // Four on point 1: doubles (1 in 6) take one turn, the rest two.
    let (turns, _) = nardy::eval::one_sided(side("1x4,offx11"));
    assert!((turns[1] - 1.0 / 6.0).abs() < 1e-12 && (turns[2] - 5.0 / 6.0).abs() < 1e-12);
    // Fifteen on point 6: the slowest home board still finishes within the table.
    let (turns, first) = nardy::eval::one_sided(side("6x15"));
    assert_eq!(turns[nardy::eval::TURNS - 1], 0.0);
    assert!((turns.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    let first = first.expect("none off yet");
    // Any 6 bears a checker off at once: 11 rolls in 36.
    assert!(first[1] >= 11.0 / 36.0 - 1e-12);
}

#[test]
fn the_race_evaluation_counts_mars() {
    // White needs one turn; Black has borne off nothing and cannot in one turn: White
    // wins a mars for sure.
    let estimate = race_estimate_at("w=1,offx14 b=6x15 turn=white:roll first=- score=0-0");
    assert_eq!(estimate.win[0], 1.0);
    assert!((estimate.equity[0] - 2.0).abs() < 1e-12);
    // Contact positions are not races.
    assert!(nardy::eval::race_estimate(&nardy::Nardy::default_game()).is_none());
}

/// Swaps the two sides of a nardy position string.
fn mirror_nardy(text: &str) -> String {
    let mut fields: HashMap<&str, String> = HashMap::new();
    for word in text.split_whitespace() {
        let (key, value) = word.split_once('=').unwrap();
        fields.insert(key, value.to_string());
    }
    let swap_seat = |s: &str| {
        s.replace("white", "W")
            .replace("black", "white")
            .replace('W', "black")
    };
    let first: String = fields["first"]
        .chars()
        .map(|c| match c {
            'w' => 'b',
            'b' => 'w',
            c => c,
        })
        .collect();
    let (a, b) = fields["score"].split_once('-').unwrap();
    format!(
        "w={} b={} turn={} first={first} score={b}-{a}",
        fields["b"],
        fields["w"],
        swap_seat(&fields["turn"])
    )
}

/// Swaps Light and Dark in an Ur position string (rows 1 and 3 trade places).
fn mirror_ur(text: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut light = String::new();
    let mut dark = String::new();
    for word in text.split_whitespace() {
        let (key, value) = word.split_once('=').unwrap();
        // Only the rows of cell names change (`b1` <-> `b3`), never a count (`x3`).
        let mut flipped = String::new();
        let mut after_file = false;
        for c in value.chars() {
            flipped.push(match c {
                '1' if after_file => '3',
                '3' if after_file => '1',
                c => c,
            });
            after_file = c.is_ascii_lowercase() && c != 'x';
        }
        match key {
            "light" => dark = flipped,
            "dark" => light = flipped,
            "turn" => parts.push(format!(
                "turn={}",
                value
                    .replace("light", "L")
                    .replace("dark", "light")
                    .replace('L', "dark")
            )),
            _ => parts.push(word.to_string()),
        }
    }
    format!("light={light} dark={dark} {}", parts.join(" "))
}

/// Checks that the mirrored positions of self-play games get mirrored estimates.
fn check_mirror<G: Strategy>(label: &str, start: &G, mirror: fn(&str) -> String) {
    let samples = self_play(start, &SelfPlay::new(20, FRESH_SEED + 900));
    let mut checked = 0;
    for sample in &samples {
        let mut mirrored = start.clone();
        let text = mirror(&sample.position.position_string());
        mirrored
            .set_position(&text)
            .unwrap_or_else(|e| panic!("{label}: {text}: {e}"));
        let (a, b) = (sample.position.estimate(), mirrored.estimate());
        assert!((a.win[0] - b.win[1]).abs() < 1e-9, "{label}: {text}");
        assert!((a.equity[0] - b.equity[1]).abs() < 1e-9, "{label}: {text}");
        checked += 1;
    }
    assert!(checked > 100, "{label}: {checked}");
}

#[test]
fn mirrored_positions_get_mirrored_estimates() {
    check_mirror("nardy", &nardy::Nardy::default_game(), mirror_nardy);
    check_mirror(
        "nardy koks=on",
        &new_game::<nardy::Nardy>(&["koks=on"]),
        mirror_nardy,
    );
    for rules in ["city", "finkel", "masters", "blitz"] {
        let option = format!("rules={rules}");
        check_mirror(&option, &new_game::<ur::Ur>(&[&option]), mirror_ur);
    }
}

#[test]
fn the_seat_to_act_is_what_the_race_evaluation_favours() {
    // The same race with either side to roll: rolling first is worth something.
    let white_rolls = race_estimate_at("w=3,2,1,offx12 b=3,2,1,offx12 turn=white:roll first=- score=0-0");
    let black_rolls = race_estimate_at("w=3,2,1,offx12 b=3,2,1,offx12 turn=black:roll first=- score=0-0");
    assert!(white_rolls.win[0] > 0.5);
    assert!((white_rolls.win[0] - black_rolls.win[1]).abs() < 1e-12);
    let seat: Seat = 0;
    assert!(white_rolls.equity[seat] > 0.0);
}
