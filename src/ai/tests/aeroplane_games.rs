//! Seeded Aeroplane Chess games played to the end by bots in every seat, for every player
//! count and every mix of options, checking the invariants after every action: planes
//! conserved, no square shared by two colours, the position string round-trips, and every
//! game ends with a valid result.

use std::collections::BTreeSet;

use crate::ai::bots::Bot;
use crate::ai::playout::{MAX_ACTIONS, playout_with_bots};
use crate::ai::roster::BotKind;
use crate::core::{Game, Phase, SeededDice};
use crate::games::aeroplane::Aeroplane;

use super::support::new_game;
use crate::core::Notation;

/// Every option mix: players x launch x fly-then-jump x overshoot x until.
fn option_mixes() -> Vec<Vec<String>> {
    let mut mixes = Vec::new();
    for players in ["2", "3", "4"] {
        for launch in ["even", "six", "five-six"] {
            for fly in ["off", "on"] {
                for overshoot in ["forbid", "bounce"] {
                    for until in ["last", "first"] {
                        mixes.push(vec![
                            format!("players={players}"),
                            format!("launch={launch}"),
                            format!("fly-then-jump={fly}"),
                            format!("overshoot={overshoot}"),
                            format!("until={until}"),
                        ]);
                    }
                }
            }
        }
    }
    mixes
}

/// Checks what a position string says about the planes: four per colour, each in a
/// known place, and no track square holding two colours.
fn check_planes(game: &Aeroplane) {
    let text = game.position_string();
    let mut squares: Vec<(String, &str)> = Vec::new();
    let mut colours = 0;
    for field in text.split_whitespace() {
        let (key, value) = field.split_once('=').unwrap();
        if !["red", "yellow", "blue", "green"].contains(&key) {
            continue;
        }
        colours += 1;
        let places: Vec<&str> = value.split(',').collect();
        assert_eq!(places.len(), 4, "{key} lost or gained planes: {text}");
        for place in places {
            if place.parse::<u32>().is_ok() {
                squares.push((place.to_string(), key));
            }
        }
    }
    assert_eq!(colours, game.seat_count(), "{text}");
    for (i, (square, colour)) in squares.iter().enumerate() {
        for (other_square, other) in &squares[i + 1..] {
            assert!(
                square != other_square || colour == other,
                "square {square} holds {colour} and {other}: {text}"
            );
        }
    }
}

fn check_round_trip(game: &Aeroplane) {
    let text = game.position_string();
    let mut copy = game.clone();
    copy.set_position(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(&copy, game, "{text} does not restore the same game");
}

/// Every legal move once, and each one's text is accepted by parse + play.
fn check_legal(game: &Aeroplane) {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert!(!moves.is_empty(), "no legal move at {}", game.position_string());
    let texts: BTreeSet<String> = moves.iter().map(|m| game.format_move(m)).collect();
    assert_eq!(
        texts.len(),
        moves.len(),
        "a move is listed twice at {}",
        game.position_string()
    );
    if texts.contains("pass") {
        assert_eq!(
            texts.len(),
            1,
            "pass beside other moves at {}",
            game.position_string()
        );
    }
    for mv in &moves {
        let mut copy = game.clone();
        let parsed = copy.parse_move(&game.format_move(mv)).unwrap();
        copy.play(&parsed)
            .unwrap_or_else(|e| panic!("{}: {e} at {}", game.format_move(mv), game.position_string()));
        let mut fast = game.clone();
        fast.play_unchecked(mv);
        assert_eq!(copy, fast, "play and play_unchecked disagree");
    }
}

fn check_outcome(game: &Aeroplane, words: &[String]) {
    assert_eq!(game.phase(), Phase::Over);
    let outcome = game.outcome().expect("a finished game has an outcome");
    let seats = game.seat_count();
    assert_eq!(outcome.places.len(), seats);
    let until_last = words.iter().any(|w| w == "until=last");
    let winner = outcome.winner_seat().expect("exactly one winner");
    assert_eq!(game.finished().first(), Some(&winner));
    if until_last || seats == 2 {
        let mut places = outcome.places.clone();
        places.sort_unstable();
        let expected: Vec<u8> = (1..=seats as u8).collect();
        assert_eq!(places, expected, "a full ranking: {}", outcome.summary);
        assert_eq!(game.finished().len(), seats - 1);
    } else {
        assert_eq!(game.finished().len(), 1);
    }
}

/// Plays one game to the end with `bots`, checking after every action.
fn play_checked(
    mut game: Aeroplane,
    words: &[String],
    seed: u64,
    bots: &mut [Box<dyn Bot<Aeroplane>>],
) -> u64 {
    let mut dice = SeededDice::new(seed);
    let mut actions = 0;
    let mut moves = Vec::new();
    while game.phase() != Phase::Over {
        assert!(actions < MAX_ACTIONS, "game {seed} {words:?} does not end");
        match game.phase() {
            Phase::Roll(_) => {
                let roll = game.roll(&mut dice);
                game.set_dice(roll).unwrap();
            }
            Phase::Move(seat) => {
                check_legal(&game);
                moves.clear();
                game.legal_moves(&mut moves);
                let pick = bots[seat].choose_move(&game, &moves);
                game.play(&moves[pick]).unwrap();
            }
            Phase::Over => {}
        }
        actions += 1;
        check_planes(&game);
        check_round_trip(&game);
    }
    check_outcome(&game, words);
    actions
}

fn bots_for(seats: usize, game_index: u64) -> Vec<Box<dyn Bot<Aeroplane>>> {
    (0..seats)
        .map(|seat| {
            let kind = if (game_index + seat as u64).is_multiple_of(2) {
                BotKind::Random
            } else {
                BotKind::Greedy
            };
            kind.build(game_index * 10 + seat as u64)
        })
        .collect()
}

#[test]
fn seeded_games_end_with_a_ranking_and_keep_every_invariant() {
    let mut games = 0;
    let mut actions = 0;
    for (mix, words) in option_mixes().iter().enumerate() {
        let fresh: Aeroplane = new_game(words);
        for round in 0..4 {
            let index = (mix * 10 + round) as u64;
            let mut bots = bots_for(fresh.seat_count(), index);
            actions += play_checked(fresh.clone(), words, 1000 + index, &mut bots);
            games += 1;
        }
    }
    assert_eq!(games, 72 * 4);
    assert!(actions > 10_000, "suspiciously short games: {actions} actions");
}

#[test]
fn many_fast_playouts_all_finish_for_every_option_mix() {
    // Without the per-action checks, many more games: each must end well before the
    // bench's action limit, with a valid outcome.
    for (mix, words) in option_mixes().iter().enumerate() {
        let fresh: Aeroplane = new_game(words);
        for round in 0..25 {
            let index = (mix * 100 + round) as u64;
            let mut game = fresh.clone();
            let mut bots = bots_for(fresh.seat_count(), index);
            let mut dice = SeededDice::new(index);
            let stats = playout_with_bots(&mut game, &mut dice, &mut bots);
            assert!(stats.finished, "{words:?} game {round} did not finish");
            check_outcome(&game, words);
        }
    }
}

#[test]
fn greedy_clearly_beats_random() {
    // Two players, greedy and random alternating seats: greedy should win most games.
    let fresh: Aeroplane = new_game(&["players=2"]);
    let mut greedy_wins = 0;
    let games = 60;
    for index in 0..games {
        let greedy_seat = (index % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<Aeroplane>>> = (0..2)
            .map(|seat| {
                let kind = if seat == greedy_seat {
                    BotKind::Greedy
                } else {
                    BotKind::Random
                };
                kind.build(index * 7 + seat as u64)
            })
            .collect();
        let mut game = fresh.clone();
        let mut dice = SeededDice::new(5000 + index);
        assert!(playout_with_bots(&mut game, &mut dice, &mut bots).finished);
        if game.outcome().unwrap().winner_seat() == Some(greedy_seat) {
            greedy_wins += 1;
        }
    }
    assert!(
        greedy_wins * 100 >= games * 70,
        "greedy won only {greedy_wins} of {games}"
    );
}

#[test]
fn mangled_position_strings_and_move_texts_never_panic() {
    // Positions from a real game, mangled at random: each is refused with a reason or,
    // if accepted, is a position whose own string reads back the same.
    let mut game: Aeroplane = new_game(&["players=3", "overshoot=bounce"]);
    let mut dice = SeededDice::new(8);
    let mut samples = Vec::new();
    let mut moves = Vec::new();
    while game.phase() != Phase::Over {
        samples.push(game.position_string());
        match game.phase() {
            Phase::Move(_) => {
                moves.clear();
                game.legal_moves(&mut moves);
                let pick = dice.below(moves.len() as u32) as usize;
                game.play(&moves[pick]).unwrap();
            }
            _ => {
                let roll = game.roll(&mut dice);
                game.set_dice(roll).unwrap();
            }
        }
    }
    samples.push(game.position_string());
    let alphabet: Vec<char> = "0123456789HLChc,=:-? rybgx".chars().collect();
    let mut accepted = 0;
    for round in 0..3000 {
        let mut text: Vec<char> = samples[round % samples.len()].chars().collect();
        for _ in 0..1 + dice.below(3) {
            let at = dice.below(text.len() as u32) as usize;
            match dice.below(3) {
                0 => {
                    text.remove(at);
                }
                1 => text[at] = alphabet[dice.below(alphabet.len() as u32) as usize],
                _ => text.insert(at, alphabet[dice.below(alphabet.len() as u32) as usize]),
            }
        }
        let text: String = text.into_iter().collect();
        let mut target = game.clone();
        match target.set_position(&text) {
            Ok(()) => {
                accepted += 1;
                check_round_trip(&target);
                let _ = target.render();
                let mut legal = Vec::new();
                target.legal_moves(&mut legal);
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                assert_eq!(target, game, "a refused position changed the game");
            }
        }
    }
    assert!(
        accepted > 0 && accepted < 3000,
        "{accepted} of 3000 mangled strings accepted"
    );
    for round in 0..2000u32 {
        let len = 1 + dice.below(8) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[dice.below(alphabet.len() as u32) as usize])
            .collect();
        if let Ok(mv) = game.parse_move(&text) {
            assert_eq!(game.parse_move(&game.format_move(&mv)), Ok(mv), "{round}: {text}");
        }
    }
}
