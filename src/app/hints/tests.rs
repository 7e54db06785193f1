//! `hint` ranks moves the way the chosen bot plays them: in every game and for every bot
//! that ranks, the first choice of `hint N` is what `genmove` plays in that position, or
//! one tied with it by the bot's own measure; `bot:random` ranks nothing.

use super::Choice;
use crate::ai::roster::BotKind;
use crate::app::session::Session;
use crate::core::{Game, Notation, Options, Phase, Strategy};
use crate::games::{AnyGame, AnyMove, GameKind};

/// Positions checked per game and bot.
const POSITIONS: usize = 200;

/// The most actions one game and bot may take before giving up on finding positions,
/// so that a game without choices cannot loop for ever.
const MOST_ACTIONS: usize = 40 * POSITIONS;

/// The value `bot` maximises when it plays `choice` in `game`: the game's evaluation of
/// the position left for greedy, the figures of the ranking for the others.
fn value(bot: BotKind, game: &AnyGame, choice: &Choice) -> (f64, f64) {
    let seat = game.phase().seat().expect("a seat acts");
    if bot == BotKind::Greedy {
        let mut after = game.clone();
        if let Some(mv) = &choice.mv {
            after.play(mv).expect("a ranked move is legal");
        }
        let score = after.evaluate(seat);
        return (score, score);
    }
    (choice.estimate.equity[seat], choice.estimate.win[seat])
}

/// Whether `hint`'s first choice is `played`, or tied with it by the bot's measure.
fn first_is_played(bot: BotKind, game: &AnyGame, choices: &[Choice], played: Option<&AnyMove>) -> bool {
    let first = &choices[0];
    if first.mv.as_ref() == played {
        return true;
    }
    let Some(chosen) = choices.iter().find(|c| c.mv.as_ref() == played) else {
        return false;
    };
    let (a, b) = (value(bot, game, first), value(bot, game, chosen));
    (a.0 - b.0).abs() <= 1e-6 || (a.1 - b.1).abs() <= 1e-6
}

/// Plays `bot` against itself in `kind`, checking `hint` against `genmove` at every
/// position with a choice, until [`POSITIONS`] were checked; returns how many were.
fn check_game(kind: GameKind, bot: BotKind, seed: u64) -> usize {
    let mut session = Session::new(kind, &Options::default(), seed).unwrap();
    session.set_bot(bot);
    let mut checked = 0;
    for _ in 0..MOST_ACTIONS {
        if checked >= POSITIONS {
            break;
        }
        if session.phase() == Phase::Over {
            session.new_game(kind, &Options::default()).unwrap();
            continue;
        }
        let legal = session.legal_moves();
        let has_choice = match session.phase() {
            Phase::Roll(_) => !legal.is_empty(),
            _ => legal.len() >= 2,
        };
        let played = if matches!(session.phase(), Phase::Move(_)) && legal.is_empty() {
            None
        } else {
            session.bot_choice().unwrap()
        };
        if has_choice {
            let choices = session.choices().unwrap();
            assert!(
                first_is_played(bot, session.game(), &choices, played.as_ref()),
                "{kind:?} bot:{bot}: hint puts {} first, genmove plays {:?} at {}",
                choices[0].text,
                played.as_ref().map(|mv| session.game().format_move(mv)),
                session.game().position_string()
            );
            checked += 1;
        }
        match played {
            Some(mv) => drop(session.play(&mv).unwrap()),
            None => drop(session.roll().unwrap()),
        }
    }
    checked
}

/// The bots checked in `kind`: every kind that ranks, at levels a test can afford, and
/// bot:perfect where a solved table answers.
fn bots_for(kind: GameKind) -> Vec<BotKind> {
    let mut bots: Vec<BotKind> = ["greedy", "expectimax:2", "mcts:24", "net:1"]
        .iter()
        .map(|name| name.parse().unwrap())
        .collect();
    if kind == GameKind::from_id("nardy").unwrap() {
        // Long Nardy's search is wide: one ply keeps the test quick.
        bots[1] = "expectimax:1".parse().unwrap();
    }
    let game = kind.new_game(&Options::default()).unwrap();
    if BotKind::Perfect.check_for(&game).is_ok() {
        bots.push(BotKind::Perfect);
    }
    bots
}

#[test]
fn hints_first_choice_is_what_genmove_plays_for_every_game_and_bot() {
    for (n, &kind) in GameKind::ALL.iter().enumerate() {
        for bot in bots_for(kind) {
            let checked = check_game(kind, bot, 7 + n as u64);
            assert_eq!(
                checked, POSITIONS,
                "{kind:?} bot:{bot}: too few positions with a choice"
            );
        }
    }
}

#[test]
fn random_bot_has_no_preference_and_says_so() {
    let mut session = Session::new(GameKind::from_id("ur").unwrap(), &Options::default(), 3).unwrap();
    session.set_bot("random".parse().unwrap());
    session.roll().unwrap();
    let error = session.choices().unwrap_err().to_string();
    assert!(error.contains("bot:random has no preference"), "{error}");
    assert!(error.contains("set bot greedy"), "{error}");
}

#[test]
fn greedy_hint_at_the_reported_position_ranks_as_greedy_plays() {
    let mut session = Session::new(GameKind::from_id("nardy").unwrap(), &Options::default(), 5).unwrap();
    session.set_bot(BotKind::Greedy);
    session
        .set_position("w=24x14,18 b=24x14,20 turn=white:5-3 first=- score=0-0")
        .unwrap();
    for seed in 0..8 {
        session.reseed(seed);
        let played = session.bot_choice().unwrap();
        let choices = session.choices().unwrap();
        assert!(
            first_is_played(BotKind::Greedy, session.game(), &choices, played.as_ref()),
            "hint puts {} first, genmove plays {:?}",
            choices[0].text,
            played.as_ref().map(|mv| session.game().format_move(mv))
        );
    }
}
