//! Seeded Ur games played by the built-in bots, for every rule set and option: every
//! game ends with a winner, pieces are conserved and position strings round-trip after
//! every action, and the greedy bot beats the random one.

use crate::ai::bots::Bot;
use crate::ai::playout::playout_with_bots;
use crate::ai::roster::BotKind;
use crate::core::{Game, Phase, SeededDice};
use crate::games::ur::{DARK, LIGHT, Ur};

use super::support::new_game;
use crate::core::Notation;

const MIXES: [&[&str]; 7] = super::support::UR_RULE_MIXES;

fn pieces(words: &[&str]) -> u32 {
    if words.contains(&"rules=finkel") || words.contains(&"rules=masters") {
        7
    } else {
        5
    }
}

/// Checks the invariants after one action.
fn check(game: &Ur, words: &[&str]) {
    for seat in [LIGHT, DARK] {
        assert_eq!(
            game.army(seat).total(),
            pieces(words),
            "{words:?} {}",
            game.position_string()
        );
    }
    let text = game.position_string();
    let mut copy: Ur = new_game(words);
    copy.set_position(&text)
        .unwrap_or_else(|e| panic!("{words:?}: {text}: {e}"));
    assert_eq!(&copy, game, "{words:?}: {text} does not round-trip");
}

/// A bot wrapper that checks the invariants every time it is asked to act.
struct Checked {
    inner: Box<dyn Bot<Ur>>,
    words: &'static [&'static str],
}

impl Bot<Ur> for Checked {
    fn choose_move(&mut self, game: &Ur, legal: &[<Ur as Game>::Move]) -> usize {
        check(game, self.words);
        let texts: Vec<String> = legal.iter().map(|m| game.format_move(m)).collect();
        let mut unique = texts.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), texts.len(), "{}: {texts:?}", game.position_string());
        self.inner.choose_move(game, legal)
    }

    fn choose_before_roll(&mut self, game: &Ur, actions: &[<Ur as Game>::Move]) -> Option<usize> {
        check(game, self.words);
        assert!(actions.is_empty());
        None
    }
}

#[test]
fn seeded_bot_games_end_with_a_winner_and_keep_every_invariant() {
    let mut games = 0;
    for (mix, words) in MIXES.iter().enumerate() {
        for round in 0..60u64 {
            let seed = 1000 * mix as u64 + round;
            let (light, dark) = match round % 3 {
                0 => (BotKind::Random, BotKind::Random),
                1 => (BotKind::Greedy, BotKind::Random),
                _ => (BotKind::Random, BotKind::Greedy),
            };
            let mut bots: Vec<Box<dyn Bot<Ur>>> = vec![
                Box::new(Checked {
                    inner: light.build(seed),
                    words,
                }),
                Box::new(Checked {
                    inner: dark.build(seed + 1),
                    words,
                }),
            ];
            let mut game = new_game(words);
            let mut dice = SeededDice::new(seed);
            let stats = playout_with_bots(&mut game, &mut dice, &mut bots);
            assert!(stats.finished, "{words:?} seed {seed} did not finish");
            assert_eq!(game.phase(), Phase::Over);
            check(&game, words);
            let outcome = game.outcome().unwrap();
            let winner = outcome.winner_seat().expect("one winner");
            assert_eq!(game.army(winner).off as u32, pieces(words));
            assert!(u32::from(game.army(1 - winner).off) < pieces(words));
            assert_eq!(outcome.points[winner], 1);
            games += 1;
        }
    }
    assert_eq!(games, 420);
}

#[test]
fn greedy_beats_random_in_every_rule_set() {
    for words in MIXES.iter().take(6) {
        let mut greedy_wins = 0;
        let rounds = 60;
        for round in 0..rounds {
            let greedy_seat = (round % 2) as usize;
            let mut bots: Vec<Box<dyn Bot<Ur>>> =
                vec![BotKind::Random.build(round + 5), BotKind::Random.build(round + 6)];
            bots[greedy_seat] = BotKind::Greedy.build(round + 7);
            let mut game = new_game(words);
            let mut dice = SeededDice::new(500 + round);
            playout_with_bots(&mut game, &mut dice, &mut bots);
            if game.outcome().and_then(|o| o.winner_seat()) == Some(greedy_seat) {
                greedy_wins += 1;
            }
        }
        assert!(
            greedy_wins * 100 >= rounds * 85,
            "{words:?}: greedy won only {greedy_wins} of {rounds}"
        );
    }
}
