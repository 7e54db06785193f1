//! The bot roster: a bot name is the same bot on every path (built for the concrete game
//! or for any game), `bot:best` plays each game's own level, and a bot kept for a whole
//! game (its tables alive) chooses exactly as a bot built for each decision would, so
//! games replay from their seed, after an undo too.

use super::genmove;
use crate::ai::bots::Bot;
use crate::ai::roster::{BotKind, KeptBot, best_level};
use crate::app::players::{Agent, BotAgent, Referee};
use crate::app::session::{Action, Session};
use crate::core::Notation;
use crate::core::Strategy;
use crate::core::{Game, Options, Phase, SeededDice};
use crate::games::{AnyGame, GameKind};

/// Every game with the option sets whose bots differ.
fn games() -> Vec<AnyGame> {
    let sets: &[(GameKind, &[&str])] = &[
        (GameKind::Nardy, &[]),
        (GameKind::Nardy, &["koks=on", "match=3"]),
        (GameKind::Ur, &[]),
        (GameKind::Ur, &["rules=finkel"]),
        (GameKind::Aeroplane, &["players=2"]),
        (GameKind::Aeroplane, &["players=3"]),
        (GameKind::Aeroplane, &["players=4"]),
        (GameKind::Microbes, &[]),
        (GameKind::Mnogoboy, &["players=2"]),
        (GameKind::Mnogoboy, &["players=3"]),
        (GameKind::Mnogoboy, &["players=4"]),
    ];
    sets.iter()
        .map(|(kind, words)| {
            let options = Options::parse(kind.info().options, words).unwrap();
            kind.new_game(&options).unwrap()
        })
        .collect()
}

/// Positions where a seat decides (a move, or an action before its roll), from seeded
/// random games, spread over the game.
fn decisions(fresh: &AnyGame, count: usize, seed: u64) -> Vec<AnyGame> {
    let mut dice = SeededDice::new(seed);
    let mut found = Vec::new();
    let mut moves = Vec::new();
    let mut game = fresh.clone();
    let mut step = 0u64;
    while found.len() < count {
        if game.phase() == Phase::Over || step > 400 {
            game = fresh.clone();
            step = 0;
        }
        step += 1;
        moves.clear();
        game.legal_moves(&mut moves);
        if matches!(game.phase(), Phase::Roll(_)) && (moves.is_empty() || dice.below(2) == 0) {
            let roll = game.roll(&mut dice);
            game.set_dice(roll).unwrap();
            continue;
        }
        if moves.len() > 1 && dice.below(5) == 0 {
            found.push(game.clone());
        }
        let pick = dice.below(moves.len() as u32) as usize;
        game.play_unchecked(&moves[pick]);
    }
    found
}

/// What `bot` decides in `game`: the index of a move, or of an action before the roll
/// (`None`: roll).
fn decide<G: Strategy>(bot: &mut dyn Bot<G>, game: &G) -> Option<usize> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    match game.phase() {
        Phase::Roll(_) => bot.choose_before_roll(game, &moves),
        _ => Some(bot.choose_move(game, &moves)),
    }
}

/// The decisions of `kind` built for the concrete game type, a new bot each time.
fn concrete_decisions<G: crate::ai::roster::BotGame>(
    kind: BotKind,
    positions: &[G],
    seed: u64,
) -> Vec<Option<usize>> {
    positions
        .iter()
        .enumerate()
        .map(|(i, game)| decide(kind.build::<G>(seed + i as u64).as_mut(), game))
        .collect()
}

/// The concrete games inside `positions`, all of one kind.
macro_rules! unwrap_all {
    ($positions:expr, $variant:ident) => {
        $positions
            .iter()
            .map(|game| match game {
                AnyGame::$variant(game) => game.clone(),
                _ => unreachable!("positions of one game"),
            })
            .collect::<Vec<_>>()
    };
}

const NAMES: &[&str] = &[
    "random",
    "greedy",
    "expectimax:1",
    "expectimax:2",
    "net",
    "net:2",
    "mcts:40",
    "best",
    "perfect",
];

#[test]
fn a_bot_name_is_the_same_bot_for_the_concrete_game_and_for_any_game() {
    for fresh in games() {
        let positions = decisions(&fresh, 3, 17);
        for name in NAMES {
            let kind: BotKind = name.parse().unwrap();
            let seed = 40;
            let any: Vec<Option<usize>> = positions
                .iter()
                .enumerate()
                .map(|(i, game)| decide(kind.build_any(seed + i as u64).as_mut(), game))
                .collect();
            let concrete = match &fresh {
                AnyGame::Nardy(_) => concrete_decisions(kind, &unwrap_all!(positions, Nardy), seed),
                AnyGame::Ur(_) => concrete_decisions(kind, &unwrap_all!(positions, Ur), seed),
                AnyGame::Aeroplane(_) => concrete_decisions(kind, &unwrap_all!(positions, Aeroplane), seed),
                AnyGame::Microbes(_) => concrete_decisions(kind, &unwrap_all!(positions, Microbes), seed),
                AnyGame::Mnogoboy(_) => concrete_decisions(kind, &unwrap_all!(positions, Mnogoboy), seed),
            };
            assert_eq!(
                any,
                concrete,
                "bot:{name} in {} {:?}",
                fresh.info().id,
                fresh.options()
            );
        }
    }
}

#[test]
fn bot_best_plays_each_games_own_level() {
    let expected = [
        "net:3",
        "net:3",
        "net:3",
        "net:5",
        "net:3",
        "net:3",
        "net:3",
        "net:5",
        "net:4",
        "net:4",
        "mcts:4000",
    ];
    let levels: Vec<String> = games().iter().map(|g| best_level(g).to_string()).collect();
    assert_eq!(levels, expected);
    // The concrete game names the same level as the game behind `AnyGame`.
    if let AnyGame::Nardy(nardy) = &games()[0] {
        assert_eq!(best_level(nardy), BotKind::Net { plies: 3 });
    }
}

/// The moves of one game played by `kind` in every seat from `seed`: with one bot kept
/// for the whole game (reseeded per decision) or a new bot for every decision.
fn self_play(fresh: &AnyGame, kind: BotKind, seed: u64, kept: bool, limit: usize) -> Vec<String> {
    let mut game = fresh.clone();
    let mut dice = SeededDice::new(seed);
    let mut bot = KeptBot::new(kind);
    let mut played = Vec::new();
    let mut moves = Vec::new();
    while game.phase() != Phase::Over && played.len() < limit {
        moves.clear();
        game.legal_moves(&mut moves);
        let decision_seed = seed ^ (played.len() as u64) << 8;
        let rolling = matches!(game.phase(), Phase::Roll(_));
        if rolling && moves.is_empty() {
            let roll = game.roll(&mut dice);
            game.set_dice(roll).unwrap();
            continue;
        }
        let choice = if kept {
            decide(bot.for_decision(&game, decision_seed), &game)
        } else {
            decide(kind.build_any(decision_seed).as_mut(), &game)
        };
        match choice {
            Some(index) => {
                played.push(game.format_move(&moves[index]));
                game.play_unchecked(&moves[index]);
            }
            None => {
                played.push("roll".into());
                let roll = game.roll(&mut dice);
                game.set_dice(roll).unwrap();
            }
        }
    }
    played
}

#[test]
fn a_bot_kept_for_the_game_chooses_as_a_bot_built_for_each_decision() {
    for fresh in games() {
        for name in ["random", "greedy", "expectimax:2", "net:2", "mcts:30"] {
            let kind: BotKind = name.parse().unwrap();
            let limit = if kind == (BotKind::Expectimax { depth: 2 }) {
                24
            } else {
                40
            };
            let kept = self_play(&fresh, kind, 5, true, limit);
            assert!(kept.len() >= limit.min(20), "{name}: {kept:?}");
            assert_eq!(
                kept,
                self_play(&fresh, kind, 5, false, limit),
                "bot:{name} in {} {:?}",
                fresh.info().id,
                fresh.options()
            );
        }
    }
}

/// A whole game between two agents on `session`, from its start: the record's actions.
fn referee_game(session: &mut Session, agents: &mut dyn FnMut(usize) -> Box<dyn Agent>, fresh: bool) {
    let mut referee = Referee::new((0..2).map(|seat| Some(agents(seat))).collect());
    for _ in 0..2000 {
        if let Phase::Roll(seat) | Phase::Move(seat) = session.game().phase()
            && fresh
        {
            // The agent of the seat to act is built anew, as every decision once did.
            referee.replace(seat, Some(agents(seat)));
        }
        match referee.act(session, false) {
            Ok(Some(_)) => {}
            Ok(None) => break,
            Err(forfeit) => panic!("{forfeit:?}"),
        }
    }
}

fn moves_of(session: &Session) -> Vec<Action> {
    session.actions().map(|(_, action)| action.clone()).collect()
}

#[test]
fn a_nardy_game_between_kept_expectimax_bots_replays_from_its_seed() {
    let kind = BotKind::Expectimax { depth: 2 };
    let mut agents = |seat: usize| -> Box<dyn Agent> {
        Box::new(BotAgent::new(
            kind,
            100 + seat as u64,
            crate::ai::learn::Nets::shipped(),
        ))
    };
    let play = |agents: &mut dyn FnMut(usize) -> Box<dyn Agent>, fresh: bool| {
        let mut session = Session::new(GameKind::Nardy, &Options::default(), 21).unwrap();
        referee_game(&mut session, agents, fresh);
        session
    };
    let first = play(&mut agents, false);
    assert_eq!(first.phase(), Phase::Over, "the game was played out");
    let record = moves_of(&first);
    // The same bots and seed play the same game, and it is the game bots built for each
    // decision play.
    assert_eq!(moves_of(&play(&mut agents, false)), record);
    assert_eq!(moves_of(&play(&mut agents, true)), record);
}

#[test]
fn after_undo_the_sessions_kept_bot_makes_the_same_choice_again() {
    let mut session = Session::new(GameKind::Nardy, &Options::default(), 8).unwrap();
    session.set_bot(BotKind::Expectimax { depth: 2 });
    let mut other = Session::new(GameKind::Nardy, &Options::default(), 8).unwrap();
    other.set_bot(BotKind::Expectimax { depth: 2 });
    let mut choices = Vec::new();
    for _ in 0..40 {
        if session.phase() == Phase::Over {
            break;
        }
        if matches!(session.phase(), Phase::Roll(_)) {
            session.roll().unwrap();
            other.roll().unwrap();
            continue;
        }
        // Hints on other positions fill the first session's table: no choice changes.
        let hint = super::hint(&session);
        let played = genmove(&mut session).expect("a move");
        assert_eq!(played.text, hint);
        assert_eq!(genmove(&mut other).expect("a move").text, played.text);
        choices.push(played.text.clone());
        if choices.len() % 3 == 0 {
            // Take the move back: the same position brings the same choice.
            session.undo().unwrap();
            assert_eq!(genmove(&mut session).expect("a move").text, played.text);
        }
    }
    assert!(choices.len() >= 10, "{choices:?}");
    assert_eq!(moves_of(&session), moves_of(&other));
}
