//! The traits a bot author reads: given the core's sources, `Game` declares the rules
//! only (setting up, dice, legal moves, playing, the end and its score), and the text,
//! the bots' knowledge of a game and the research hooks each live in a trait of their
//! own, so that a hook added to the wrong trait fails here.

use std::fs;

use super::lexer::{Token, tokenize};
use super::source_root;

/// The methods `trait NAME` declares in `src/core/FILE`, in order.
fn methods_of(file: &str, name: &str) -> Vec<String> {
    let text = fs::read_to_string(source_root().join("core").join(file)).expect("a core source file");
    let tokens: Vec<Token> = tokenize(&text).into_iter().map(|(_, t)| t).collect();
    let start = tokens
        .windows(2)
        .position(|w| w[0] == Token::Ident("trait".into()) && w[1] == Token::Ident(name.into()))
        .unwrap_or_else(|| panic!("no trait {name} in {file}"));
    let open = start
        + tokens[start..]
            .iter()
            .position(|t| *t == Token::Punct('{'))
            .expect("a body");
    let mut depth = 0usize;
    let mut methods = Vec::new();
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            Token::Ident(word) if word == "fn" && depth == 1 => {
                if let Some(Token::Ident(method)) = tokens.get(i + 1) {
                    methods.push(method.clone());
                }
            }
            _ => {}
        }
    }
    methods
}

#[test]
fn the_game_trait_holds_only_the_rules() {
    let rules = [
        "info",
        "options",
        "seat_count",
        "seat_name",
        "find_seat",
        "phase",
        "dice",
        "roll_off",
        "roll",
        "chance_outcomes",
        "parse_dice",
        "set_dice",
        "legal_moves",
        "play",
        "play_unchecked",
        "outcome",
        "scores_points",
        "most_points",
        "big_wins",
        "forfeit",
        "resign",
    ];
    assert_eq!(methods_of("game.rs", "Game"), rules);
}

#[test]
fn notation_strategy_and_lab_each_hold_their_own_concern() {
    assert_eq!(
        methods_of("notation.rs", "Notation"),
        [
            "parse_move",
            "format_move",
            "describe_move",
            "render",
            "render_compact",
            "position_string",
            "read_position",
            "check_position",
            "set_position",
            "narrate"
        ]
    );
    let strategy = methods_of("strategy.rs", "Strategy");
    for hook in ["evaluate", "estimate", "encode", "best_bot", "deepest_net_level"] {
        assert!(
            strategy.iter().any(|m| m == hook),
            "{hook} not in Strategy: {strategy:?}"
        );
    }
    let lab = methods_of("lab.rs", "Lab");
    for hook in ["benchmark_set", "solved_table", "solved_tables"] {
        assert!(lab.iter().any(|m| m == hook), "{hook} not in Lab: {lab:?}");
    }
}

/// Every game says what its rules rule out in a position string with a variant of its
/// own `PositionFault` (the facts as fields), never with text made where the fault is
/// found: no variant holds a lone `String`.
#[test]
fn every_games_position_faults_are_typed() {
    let games = source_root().join("games");
    let mut seen = 0;
    for entry in fs::read_dir(&games).expect("the games folder") {
        let folder = entry.expect("a games entry").path();
        if !folder.is_dir() {
            continue;
        }
        let file = folder.join("fault.rs");
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let tokens: Vec<Token> = tokenize(&text).into_iter().map(|(_, t)| t).collect();
        let start = tokens
            .windows(2)
            .position(|w| w[0] == Token::Ident("enum".into()) && w[1] == Token::Ident("PositionFault".into()))
            .unwrap_or_else(|| panic!("no enum PositionFault in {}", file.display()));
        let mut depth = 0usize;
        let mut variants = 0;
        for (i, token) in tokens.iter().enumerate().skip(start) {
            match token {
                Token::Punct('{') => depth += 1,
                Token::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Token::Ident(name) if depth == 1 && name.starts_with(char::is_uppercase) => {
                    variants += 1;
                    let lone_string = tokens.get(i + 1..i + 4)
                        == Some(
                            &[
                                Token::Punct('('),
                                Token::Ident("String".into()),
                                Token::Punct(')'),
                            ][..],
                        );
                    assert!(
                        !lone_string,
                        "{}: {name}(String) is text, not a fault",
                        file.display()
                    );
                }
                _ => {}
            }
        }
        assert!(variants > 3, "{}: {variants} variants", file.display());
        seen += 1;
    }
    assert_eq!(seen, 5, "a fault.rs in every game's folder");
}
