//! The traits a bot author reads: given the core's sources, `Game` declares the rules
//! only (setting up, dice, legal moves, playing, the end and its score), and the text,
//! the bots' knowledge of a game and the research hooks each live in a trait of their
//! own, so that a hook added to the wrong trait fails here.

use std::fs;

use super::lexer::{Token, tokenize};
use super::source_root;

/// The tokens of `path`.
fn tokens_of(path: &std::path::Path) -> Vec<Token> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    tokenize(&text).into_iter().map(|(_, t)| t).collect()
}

/// The body of the item `KEYWORD NAME` (`trait Game`) in `tokens`: the indexes of the
/// tokens directly inside its braces (not nested deeper), in order.
fn body_of(tokens: &[Token], keyword: &str, name: &str) -> Option<Vec<usize>> {
    let start = tokens
        .windows(2)
        .position(|w| w[0] == Token::Ident(keyword.into()) && w[1] == Token::Ident(name.into()))?;
    let open = start + tokens[start..].iter().position(|t| *t == Token::Punct('{'))?;
    let mut depth = 0usize;
    let mut inside = Vec::new();
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match token {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ if depth == 1 => inside.push(i),
            _ => {}
        }
    }
    Some(inside)
}

/// The methods `trait NAME` declares in `src/core/FILE`, in order.
fn methods_of(file: &str, name: &str) -> Vec<String> {
    let tokens = tokens_of(&source_root().join("core").join(file));
    let body = body_of(&tokens, "trait", name).unwrap_or_else(|| panic!("no trait {name} in {file}"));
    body.iter()
        .filter(|&&i| tokens[i] == Token::Ident("fn".into()))
        .filter_map(|&i| match tokens.get(i + 1) {
            Some(Token::Ident(method)) => Some(method.clone()),
            _ => None,
        })
        .collect()
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
        let tokens = tokens_of(&file);
        let body = body_of(&tokens, "enum", "PositionFault")
            .unwrap_or_else(|| panic!("no enum PositionFault in {}", file.display()));
        let mut variants = 0;
        for i in body {
            if let Token::Ident(name) = &tokens[i]
                && name.starts_with(char::is_uppercase)
            {
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
        }
        assert!(variants > 3, "{}: {variants} variants", file.display());
        seen += 1;
    }
    assert_eq!(seen, 5, "a fault.rs in every game's folder");
}
