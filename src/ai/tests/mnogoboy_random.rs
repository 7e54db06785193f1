//! Seeded random Mnogoboy games for every number of players, with random and greedy bots
//! mixed over the seats: every game ends with a winner, the seven pieces are conserved
//! and the position string round-trips after every single action.

use crate::ai::playout::playout_with_bots;
use crate::ai::roster::BotKind;
use crate::core::{Game, Phase, SeededDice};
use crate::games::mnogoboy::{FINISH, Mnogoboy};

use super::support;
use crate::core::Notation;
use crate::core::Strategy;

const GAMES_PER_SEAT_COUNT: u64 = 200;

fn new_game(players: usize) -> Mnogoboy {
    support::new_game(&[format!("players={players}")])
}

/// Checks everything that must hold after any action; `context` names the game.
fn check_invariants(game: &Mnogoboy, fresh: &Mnogoboy, context: &str) {
    let text = game.position_string();
    let seats = game.seat_count();
    let held: Vec<_> = (0..seats).filter_map(|s| game.piece(s)).collect();
    let mut colours: Vec<_> = held.iter().map(|p| p.colour).collect();
    colours.extend(game.reserve());
    colours.sort();
    colours.dedup();
    assert_eq!(colours.len(), 7, "{context}: pieces lost or doubled: {text}");
    assert_eq!(held.len() + game.reserve().len(), 7, "{context}: {text}");
    assert!(game.reserve().len() >= 7 - seats, "{context}: {text}");
    let on_finish = held.iter().filter(|p| p.field == FINISH).count();
    assert_eq!(
        on_finish,
        usize::from(game.phase() == Phase::Over),
        "{context}: {text}"
    );
    let mut copy = fresh.clone();
    copy.set_position(&text)
        .unwrap_or_else(|e| panic!("{context}: {e}: {text}"));
    assert_eq!(
        &copy, game,
        "{context}: the position string does not round-trip: {text}"
    );
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if let Phase::Move(_) = game.phase() {
        assert!(
            !moves.is_empty(),
            "{context}: no legal move in a move phase: {text}"
        );
    }
    for mv in &moves {
        let written = game.format_move(mv);
        assert_eq!(game.parse_move(&written).as_ref(), Ok(mv), "{context}: {written}");
    }
}

#[test]
fn random_games_end_with_a_winner_and_keep_every_invariant() {
    let mut games = 0;
    for players in 2..=6 {
        let fresh = new_game(players);
        for index in 0..GAMES_PER_SEAT_COUNT {
            let seed = (players as u64) << 32 | index;
            let context = format!("players={players} game {index}");
            let mut game = fresh.clone();
            let mut dice = SeededDice::new(seed);
            let mut bots: Vec<_> = (0..players)
                .map(|seat| {
                    let kind = if (index as usize + seat).is_multiple_of(3) {
                        BotKind::Greedy
                    } else {
                        BotKind::Random
                    };
                    kind.build::<Mnogoboy>(seed ^ seat as u64)
                })
                .collect();
            let mut actions = 0;
            while let Some(seat) = game.phase().seat() {
                let mut legal = Vec::new();
                game.legal_moves(&mut legal);
                let choice = match game.phase() {
                    Phase::Roll(_) => bots[seat].choose_before_roll(&game, &legal),
                    _ => Some(bots[seat].choose_move(&game, &legal)),
                };
                match choice {
                    Some(i) => game.play(&legal[i]).unwrap(),
                    None => {
                        let roll = game.roll(&mut dice);
                        game.set_dice(roll).unwrap();
                    }
                }
                check_invariants(&game, &fresh, &context);
                if index % 10 == 0 {
                    for line in game.render().lines() {
                        assert!(line.len() <= 80, "{context}: board too wide: {line:?}");
                    }
                }
                actions += 1;
                assert!(actions < 20_000, "{context}: the game does not end");
            }
            let outcome = game.outcome().expect("a finished game has an outcome");
            let winner = outcome.winner_seat().expect("exactly one winner");
            assert_eq!(outcome.places.len(), players);
            assert_eq!(game.piece(winner).map(|p| p.field), Some(FINISH), "{context}");
            games += 1;
        }
    }
    assert_eq!(games, 5 * GAMES_PER_SEAT_COUNT);
}

#[test]
fn the_greedy_bot_clearly_beats_the_random_bot() {
    for (players, games, at_least) in [(2, 200u64, 140), (4, 200, 100)] {
        let fresh = new_game(players);
        let mut greedy_wins = 0;
        for index in 0..games {
            // The greedy bot takes each seat in turn, against random bots.
            let greedy_seat = index as usize % players;
            let mut bots: Vec<_> = (0..players)
                .map(|seat| {
                    let kind = if seat == greedy_seat {
                        BotKind::Greedy
                    } else {
                        BotKind::Random
                    };
                    kind.build::<Mnogoboy>(index * 7 + seat as u64)
                })
                .collect();
            let mut game = fresh.clone();
            let stats = playout_with_bots(&mut game, &mut SeededDice::new(index + 99), &mut bots);
            assert!(stats.finished);
            if game.outcome().unwrap().winner_seat() == Some(greedy_seat) {
                greedy_wins += 1;
            }
        }
        assert!(
            greedy_wins >= at_least,
            "{players} players: greedy won only {greedy_wins} of {games}"
        );
    }
}

/// Positions met in a few seeded games of every size, for the robustness test.
fn sample_positions() -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for players in 2..=6 {
        let mut game = new_game(players);
        let mut bots: Vec<_> = (0..players)
            .map(|s| BotKind::Random.build::<Mnogoboy>(s as u64))
            .collect();
        let mut dice = SeededDice::new(players as u64);
        let mut step = 0;
        while let Some(seat) = game.phase().seat() {
            if step % 7 == 0 {
                out.push((players, game.position_string()));
            }
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            match game.phase() {
                Phase::Roll(_) => match bots[seat].choose_before_roll(&game, &legal) {
                    Some(i) => game.play(&legal[i]).unwrap(),
                    None => game.set_dice(game.roll(&mut dice)).unwrap(),
                },
                _ => game.play(&legal[bots[seat].choose_move(&game, &legal)]).unwrap(),
            }
            step += 1;
        }
        out.push((players, game.position_string()));
    }
    out
}

#[test]
fn mangled_positions_and_move_texts_never_panic() {
    const ALPHABET: &[u8] = b"p123456=@SF:-x,wgosybk0789 roltakeverdxchang";
    const WORDS: [&str; 14] = [
        "take", "swap", "move", "pass", "long", "short", "white", "k", "F", "S", "66", "0", "x", "",
    ];
    let mut rng = SeededDice::new(4242);
    let mut accepted = 0;
    for (players, text) in sample_positions() {
        let fresh = new_game(players);
        for _ in 0..20 {
            let mut bytes = text.clone().into_bytes();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len() as u32) as usize;
                match rng.below(3) {
                    0 => bytes[at] = ALPHABET[rng.below(ALPHABET.len() as u32) as usize],
                    1 => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len() as u32) as usize]),
                }
                if bytes.is_empty() {
                    break;
                }
            }
            let mangled = String::from_utf8(bytes).unwrap();
            let mut game = fresh.clone();
            if game.set_position(&mangled).is_err() {
                assert_eq!(game, fresh, "a refused position changed the game: {mangled}");
                continue;
            }
            accepted += 1;
            check_invariants(&game, &fresh, &mangled);
            let _ = game.render();
            for seat in 0..players {
                assert!(game.evaluate(seat).is_finite());
            }
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            for mv in &legal {
                let _ = game.describe_move(mv);
                let mut after = game.clone();
                after.play(mv).unwrap_or_else(|e| panic!("{mangled}: {e}"));
                let _ = after.narrate(&game);
            }
            for _ in 0..10 {
                let words: Vec<&str> = (0..rng.below(4))
                    .map(|_| WORDS[rng.below(WORDS.len() as u32) as usize])
                    .collect();
                let typed = words.join(" ");
                if let Ok(mv) = game.parse_move(&typed) {
                    let mut copy = game.clone();
                    if copy.play(&mv).is_err() {
                        assert_eq!(copy, game, "a refused move changed the game: {typed}");
                    }
                }
            }
        }
    }
    assert!(accepted > 50, "too few mangled positions were valid: {accepted}");
}
