//! How a match game is scored and written: places and points from the board's outcome
//! or a forfeit, and the `result` and `forfeit` lines of the records.

use crate::app::players::ForfeitKind;
use crate::core::{Game, Outcome, Seat};

use super::one_line;

/// Places and points of a game that ended on the board.
pub(super) fn outcome_result(outcome: Outcome) -> (Vec<u8>, Vec<f64>) {
    let points = outcome.points.iter().map(|&p| f64::from(p)).collect();
    (outcome.places, points)
}

/// The most points one game can give a seat ([`Game::most_points`]): what a seat's points
/// per game stay within.
pub fn max_points(game: &impl Game) -> f64 {
    f64::from(game.most_points())
}

/// Places and points when `seat` forfeits ([`Game::forfeit`]), never better for it than
/// losing on the board. A first place shared by `k` seats gives each `1/k` of its points.
pub fn forfeit_result(game: &impl Game, seat: Seat) -> (Vec<u8>, Vec<f64>) {
    forfeited_result(game.forfeit(seat))
}

/// Places and points of a forfeit's `outcome` ([`Game::forfeit`]): a first place shared
/// by `k` seats gives each `1/k` of its points.
pub(super) fn forfeited_result(outcome: Outcome) -> (Vec<u8>, Vec<f64>) {
    let firsts = outcome.places.iter().filter(|&&p| p == 1).count().max(1) as f64;
    let points = outcome
        .places
        .iter()
        .zip(&outcome.points)
        .map(|(&place, &p)| {
            let p = f64::from(p);
            if place == 1 { p / firsts } else { p }
        })
        .collect();
    (outcome.places, points)
}

/// The record's `result` line.
pub(super) fn result_line(places: &[u8], points: &[f64]) -> String {
    let points: Vec<String> = points.iter().map(|&p| format_points(p, 4)).collect();
    format!("result places={} points={}", join(places), points.join(","))
}

/// The record's (and the log's) `forfeit` line.
pub(super) fn forfeit_line(seat: &str, kind: ForfeitKind, detail: &str) -> String {
    format!("forfeit {seat} {kind}: {}", one_line(detail))
}

/// Points as written: whole numbers plainly, shares to `decimals` places (four in
/// records, two in the line `--each-game` prints).
pub(super) fn format_points(points: f64, decimals: usize) -> String {
    if points.fract() == 0.0 {
        format!("{points:.0}")
    } else {
        format!("{points:.decimals$}")
    }
}

fn join<T: ToString>(values: &[T]) -> String {
    values.iter().map(T::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::matches::GameSummary;
    use crate::core::{Game, Notation, Options, Phase};
    use crate::games::{AnyGame, GameKind};

    fn game(kind: GameKind, options: &[&str]) -> AnyGame {
        let options = Options::parse(kind.info().options, options).unwrap();
        kind.new_game(&options).unwrap()
    }

    #[test]
    fn a_forfeit_pays_the_most_a_game_could_be_worth() {
        assert_eq!(
            forfeit_result(&game(GameKind::Nardy, &[]), 0),
            (vec![2, 1], vec![0.0, 2.0])
        );
        assert_eq!(
            forfeit_result(&game(GameKind::Nardy, &["koks=on"]), 1),
            (vec![1, 2], vec![3.0, 0.0])
        );
        assert_eq!(
            forfeit_result(&game(GameKind::Nardy, &["match=5"]), 1),
            (vec![1, 2], vec![5.0, 0.0])
        );
        assert_eq!(
            forfeit_result(&game(GameKind::Ur, &[]), 1),
            (vec![1, 2], vec![1.0, 0.0])
        );
        assert_eq!(max_points(&game(GameKind::Nardy, &["match=5", "koks=on"])), 7.0);
        assert_eq!(max_points(&game(GameKind::Ur, &[])), 1.0);
    }

    #[test]
    fn in_a_nardy_match_the_forfeiting_side_keeps_its_points_and_the_other_wins_the_match() {
        let mut any = game(GameKind::Nardy, &["match=5"]);
        any.set_position("w=24x15 b=24x15 turn=white:roll first=wb score=3-1")
            .unwrap();
        assert_eq!(forfeit_result(&any, 0), (vec![2, 1], vec![3.0, 5.0]));
        assert_eq!(forfeit_result(&any, 1), (vec![1, 2], vec![5.0, 1.0]));
        // The same through the game itself as through AnyGame.
        let AnyGame::Nardy(nardy) = &any else {
            unreachable!()
        };
        for seat in 0..2 {
            assert_eq!(nardy.forfeit(seat), any.forfeit(seat));
        }
        assert_eq!(max_points(nardy), 6.0);
    }

    #[test]
    fn with_more_seats_the_forfeiting_seat_is_last_and_the_others_share() {
        let (places, points) = forfeit_result(&game(GameKind::Mnogoboy, &["players=4"]), 2);
        assert_eq!(places, vec![1, 1, 4, 1]);
        let third = 1.0 / 3.0;
        assert_eq!(points, vec![third, third, 0.0, third]);
        let summary = GameSummary {
            index: 0,
            seat_players: vec![0, 1, 2, 3],
            places,
            points,
            forfeit: None,
            stderr: Vec::new(),
            names: Vec::new(),
            moves: 0,
            traffic: Vec::new(),
            adjudicated: None,
        };
        let shares: f64 = (0..4).map(|s| summary.win_share(s)).sum();
        assert!((shares - 1.0).abs() < 1e-12);
    }

    #[test]
    fn seats_already_home_keep_their_places_when_another_forfeits() {
        use crate::core::SeededDice;
        let mut game = game(GameKind::Aeroplane, &["players=4", "until=last"]);
        let mut dice = SeededDice::new(5);
        let mut moves = Vec::new();
        let mut turns = 0;
        // Play random moves until one seat is home and the game goes on.
        let first = loop {
            turns += 1;
            assert!(turns < 100_000, "no seat got home");
            if let AnyGame::Aeroplane(a) = &game
                && let Some(&first) = a.finished().first()
            {
                break first;
            }
            match game.phase() {
                Phase::Roll(_) => {
                    let roll = game.roll(&mut dice);
                    game.set_dice(roll).unwrap();
                }
                Phase::Move(_) => {
                    game.legal_moves(&mut moves);
                    let pick = (turns * 7919) % moves.len();
                    game.play_unchecked(&moves[pick].clone());
                }
                Phase::Over => panic!("over before anyone was seen home"),
            }
        };
        let forfeiter = (first + 1) % 4;
        let (places, points) = forfeit_result(&game, forfeiter);
        assert_eq!(places[first], 1);
        assert_eq!(points[first], 1.0);
        assert_eq!(places[forfeiter], 4);
        for seat in (0..4).filter(|&s| s != first && s != forfeiter) {
            assert_eq!(places[seat], 2, "the others share the places left: {places:?}");
            assert_eq!(points[seat], 0.0);
        }
    }

    #[test]
    fn every_forfeit_kind_reads_back_from_its_printed_name() {
        // Records keep a forfeit's kind as its name; resuming a match reads it back.
        for kind in ForfeitKind::ALL {
            assert_eq!(kind.as_str().parse::<ForfeitKind>(), Ok(kind));
        }
        assert!(
            "tiemout"
                .parse::<ForfeitKind>()
                .unwrap_err()
                .to_string()
                .contains("timeout, crash")
        );
    }
}
