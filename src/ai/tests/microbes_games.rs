//! Seeded chessboard race games played to the end by the built-in bots, for every option
//! value: every game ends with a winner, pieces are conserved and the position string
//! restores the exact game after every action.

use std::cell::RefCell;

use crate::ai::bots::Bot;
use crate::ai::playout::playout;
use crate::ai::roster::BotKind;
use crate::core::{Game, NewGame, Phase, SeededDice};
use crate::games::microbes::{BLACK, Microbes, WHITE};

use super::support::new_game;
use crate::core::Notation;

/// Everything that must hold in any position reached by play.
fn check_invariants(game: &Microbes) {
    let text = game.position_string();
    for (seat, key) in [(WHITE, "w="), (BLACK, "b=")] {
        let pieces = game.pieces(seat);
        assert_eq!(pieces.on_board() + pieces.reserve(), 4, "{text}");
        let listed = text.split_whitespace().find_map(|f| f.strip_prefix(key)).unwrap();
        let on_board = if listed == "-" {
            0
        } else {
            listed.split(',').count()
        };
        assert_eq!(on_board as u32, pieces.on_board(), "{text}");
    }
    let mut restored = Microbes::default_game();
    if game.options().get("six-rolls-again") == Some("on") {
        restored = new_game(&["six-rolls-again=on"]);
    }
    restored
        .set_position(&text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(&restored, game, "{text} does not restore the game");
    assert_eq!(restored.position_string(), text);
}

struct Tally {
    games: u32,
    wins: [u32; 2],
}

/// Plays `games` seeded games with `kinds[seat]` at each seat, checking every position.
fn play_games(options: &[&str], kinds: [BotKind; 2], games: u32, seed: u64) -> Tally {
    let mut tally = Tally {
        games: 0,
        wins: [0; 2],
    };
    for number in 0..games {
        let seed = seed * 1000 + u64::from(number);
        let mut game = new_game(options);
        let mut dice = SeededDice::new(seed);
        let bots: RefCell<Vec<Box<dyn Bot<Microbes>>>> =
            RefCell::new(vec![kinds[0].build(seed ^ 1), kinds[1].build(seed ^ 2)]);
        let seat_of = |g: &Microbes| g.phase().seat().unwrap();
        let stats = playout(
            &mut game,
            &mut dice,
            |g, legal| {
                check_invariants(g);
                assert!(!legal.is_empty());
                bots.borrow_mut()[seat_of(g)].choose_move(g, legal)
            },
            |g, actions| {
                check_invariants(g);
                assert!(actions.is_empty(), "microbes has nothing to do before a roll");
                bots.borrow_mut()[seat_of(g)].choose_before_roll(g, actions)
            },
        );
        assert!(stats.finished, "game {seed} did not end");
        check_invariants(&game);
        assert_eq!(game.phase(), Phase::Over);
        let outcome = game.outcome().unwrap();
        let winner = outcome.winner_seat().expect("one winner");
        assert_eq!(game.pieces(winner).home(), 4);
        assert!(game.pieces(1 - winner).home() < 4);
        assert_eq!(outcome.points[winner], 1);
        tally.games += 1;
        tally.wins[winner] += 1;
    }
    tally
}

#[test]
fn random_and_greedy_games_end_with_a_winner_and_keep_every_invariant() {
    let mut total = 0;
    for (index, options) in [&[][..], &["six-rolls-again=on"][..]].into_iter().enumerate() {
        for (pair, kinds) in [
            [BotKind::Random, BotKind::Random],
            [BotKind::Greedy, BotKind::Random],
            [BotKind::Random, BotKind::Greedy],
            [BotKind::Greedy, BotKind::Greedy],
        ]
        .into_iter()
        .enumerate()
        {
            let seed = (index * 10 + pair) as u64;
            total += play_games(options, kinds, 50, seed).games;
        }
    }
    assert_eq!(total, 400);
}

#[test]
fn greedy_clearly_beats_random() {
    // The die decides much of this game: over many games greedy wins about 65%.
    for options in [&[][..], &["six-rolls-again=on"][..]] {
        let as_white = play_games(options, [BotKind::Greedy, BotKind::Random], 150, 70);
        let as_black = play_games(options, [BotKind::Random, BotKind::Greedy], 150, 71);
        let wins = as_white.wins[WHITE] + as_black.wins[BLACK];
        assert!(wins >= 174, "greedy won only {wins} of 300 with {options:?}");
    }
}
