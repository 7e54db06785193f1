//! `AnyGame` is the one place every game is plugged in: each [`Game`] method must give
//! through it the same answer as on the concrete game, the provided methods too (one left
//! out of the forwarding list silently runs the trait's default instead of the game's
//! own). Checked over random positions of every game and of every option that changes the
//! rules, reached by random legal moves with seeded dice.

use tabula::core::FullGame;
use tabula::core::Notation;
use tabula::core::{Dice, DiceError, Game, NewGame, Options, PositionError, Resignation, SeededDice};
use tabula::games::{AnyGame, GameKind, aeroplane, microbes, mnogoboy, nardy, ur};

/// Games per option set, and moves per game at most.
const SEEDS: u64 = 3;
const MOVES: usize = 160;

/// Every answer a game gives about its present position that does not depend on the move
/// type, each named and written with `{:?}` so that the concrete game's and `AnyGame`'s
/// compare exactly (floats print their exact value) and a difference names the method.
fn answers<G: FullGame>(game: &G, seed: u64) -> Vec<(&'static str, String)> {
    let seats = game.seat_count();
    let mut probes: Vec<String> = (0..seats).map(|s| game.seat_name(s).to_uppercase()).collect();
    probes.extend(["1", "0", "7", "nobody"].map(String::from));
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut chances = Vec::new();
    game.chance_outcomes(&mut chances);
    let resignations: Vec<(Resignation, String)> = (0..seats)
        .map(|seat| {
            let mut conceding = game.clone();
            let resignation = conceding.resign(seat);
            (resignation, conceding.position_string())
        })
        .collect();
    let parsed_dice: Vec<Result<Dice, DiceError>> = [&[][..], &[1], &[4], &[6, 3], &[2, 2], &[0], &[9]]
        .iter()
        .map(|values| game.parse_dice(values))
        .collect();
    let reread: Result<String, PositionError<G::PositionFault>> = {
        let mut copy = game.clone();
        copy.set_position(&game.position_string())
            .map(|()| copy.position_string())
    };
    let texts: Vec<String> = moves.iter().map(|m| game.format_move(m)).collect();
    vec![
        ("info", format!("{:?}", game.info().id)),
        ("options", format!("{:?}", game.options().to_string())),
        ("seat_count", format!("{seats:?}")),
        (
            "seat_name",
            format!("{:?}", (0..seats).map(|s| game.seat_name(s)).collect::<Vec<_>>()),
        ),
        (
            "find_seat",
            format!(
                "{:?}",
                probes.iter().map(|p| game.find_seat(p)).collect::<Vec<_>>()
            ),
        ),
        ("phase", format!("{:?}", game.phase())),
        ("dice", format!("{:?}", game.dice())),
        ("roll_off", format!("{:?}", game.roll_off())),
        ("roll", format!("{:?}", game.roll(&mut SeededDice::new(seed)))),
        ("chance_outcomes", format!("{chances:?}")),
        ("parse_dice", format!("{parsed_dice:?}")),
        ("legal_moves/format_move", format!("{texts:?}")),
        (
            "describe_move",
            format!(
                "{:?}",
                moves.iter().map(|m| game.describe_move(m)).collect::<Vec<_>>()
            ),
        ),
        (
            "parse_move",
            format!(
                "{:?}",
                moves
                    .iter()
                    .zip(&texts)
                    .map(|(m, text)| game.parse_move(text).as_ref() == Ok(m))
                    .collect::<Vec<_>>()
            ),
        ),
        ("outcome", format!("{:?}", game.outcome())),
        ("render", game.render()),
        ("render_compact", game.render_compact()),
        ("position_string", game.position_string()),
        ("set_position", format!("{reread:?}")),
        (
            "evaluate",
            format!("{:?}", (0..seats).map(|s| game.evaluate(s)).collect::<Vec<_>>()),
        ),
        ("estimate", format!("{:?}", game.estimate())),
        ("position_hash", format!("{:?}", game.position_hash())),
        ("equity_bounds", format!("{:?}", game.equity_bounds())),
        ("playout_moves", format!("{:?}", game.playout_moves())),
        ("big_wins", format!("{:?}", game.big_wins())),
        ("position_kind", game.position_kind().to_string()),
        (
            "benchmark_set",
            format!("{:?}", game.benchmark_set().map(str::len)),
        ),
        ("resign", format!("{resignations:?}")),
    ]
}

fn assert_same(concrete: &[(&str, String)], any: &[(&str, String)], at: &str) {
    for ((method, mine), (_, forwarded)) in concrete.iter().zip(any) {
        assert_eq!(mine, forwarded, "{at}: {method} differs through AnyGame");
    }
}

/// Plays `G` and the same game through `AnyGame` side by side and compares every answer
/// at every step, including what `narrate` tells about each step.
fn compare<G: NewGame + FullGame>(kind: GameKind, words: &[&str]) {
    let options = Options::parse(kind.info().options, words).unwrap_or_else(|e| panic!("{e}: {words:?}"));
    for seed in 0..SEEDS {
        let mut concrete = G::new_game(&options).unwrap();
        let mut any: AnyGame = kind.new_game(&options).unwrap();
        let mut dice = SeededDice::new(seed);
        let mut choices = SeededDice::new(seed + 1000);
        for step in 0..MOVES {
            let at = format!("{} {words:?} seed {seed} step {step}", kind.info().id);
            let probe_seed = seed * 1000 + step as u64;
            assert_same(&answers(&concrete, probe_seed), &answers(&any, probe_seed), &at);
            let (before, any_before) = (concrete.clone(), any.clone());
            match concrete.phase() {
                tabula::core::Phase::Over => break,
                tabula::core::Phase::Roll(_) => {
                    let roll = concrete.roll(&mut dice);
                    concrete.set_dice(roll).unwrap();
                    any.set_dice(roll).unwrap();
                }
                tabula::core::Phase::Move(_) => {
                    let mut moves = Vec::new();
                    concrete.legal_moves(&mut moves);
                    let mut any_moves = Vec::new();
                    any.legal_moves(&mut any_moves);
                    let pick = choices.below(moves.len() as u32) as usize;
                    // Checked play on one, unchecked on the other: both must agree.
                    concrete
                        .play(&moves[pick])
                        .unwrap_or_else(|e| panic!("{at}: {e}"));
                    any.play_unchecked(&any_moves[pick]);
                }
            }
            assert_eq!(
                concrete.narrate(&before),
                any.narrate(&any_before),
                "{at}: narrate differs through AnyGame"
            );
        }
    }
}

#[test]
fn every_game_answers_the_same_through_any_game() {
    compare::<nardy::Nardy>(GameKind::Nardy, &[]);
    compare::<nardy::Nardy>(GameKind::Nardy, &["koks=on", "match=3"]);
    for rules in ["city", "finkel", "masters", "blitz", "aseb"] {
        compare::<ur::Ur>(GameKind::Ur, &[format!("rules={rules}").as_str()]);
    }
    compare::<ur::Ur>(GameKind::Ur, &["back-star=retreat"]);
    for players in ["2", "3", "4"] {
        compare::<aeroplane::Aeroplane>(GameKind::Aeroplane, &[format!("players={players}").as_str()]);
    }
    compare::<aeroplane::Aeroplane>(
        GameKind::Aeroplane,
        &[
            "launch=six",
            "fly-then-jump=on",
            "overshoot=bounce",
            "until=first",
        ],
    );
    compare::<aeroplane::Aeroplane>(GameKind::Aeroplane, &["players=3", "launch=five-six"]);
    compare::<microbes::Microbes>(GameKind::Microbes, &[]);
    compare::<microbes::Microbes>(GameKind::Microbes, &["six-rolls-again=on"]);
    for players in 2..=6 {
        compare::<mnogoboy::Mnogoboy>(GameKind::Mnogoboy, &[format!("players={players}").as_str()]);
    }
}

/// The names of the methods declared in the first `{ ... }` block after `start` in `text`.
fn methods_in(text: &str, start: &str) -> Vec<String> {
    let from = text.find(start).unwrap_or_else(|| panic!("no '{start}'"));
    let body = &text[from..];
    let mut depth = 0;
    let mut end = body.len();
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    end = i;
                    break;
                }
            }
            _ => {}
        }
    }
    body[..end]
        .split("fn ")
        .skip(1)
        .filter_map(|rest| rest.split(['(', '<']).next())
        .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .map(String::from)
        .collect()
}

/// The behavioural test above covers the methods the trait has today; this one makes sure
/// a method added to `Game` later is forwarded by `AnyGame` too.
#[test]
fn any_game_forwards_every_method_of_the_trait() {
    let root = env!("CARGO_MANIFEST_DIR");
    let trait_text = std::fs::read_to_string(format!("{root}/src/core/game.rs")).unwrap();
    let any_text = std::fs::read_to_string(format!("{root}/src/games/mod.rs")).unwrap();
    let declared = methods_in(&trait_text, "pub trait Game:");
    let forwarded = methods_in(&any_text, "impl Game for AnyGame");
    assert!(declared.len() > 20, "{declared:?}");
    let missing: Vec<&String> = declared.iter().filter(|m| !forwarded.contains(m)).collect();
    assert!(missing.is_empty(), "AnyGame does not forward {missing:?}");
}
