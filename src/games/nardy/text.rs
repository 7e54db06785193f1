//! Nardy notation (`24/18 18/15`, `3/off`, `pass`) and the one-line position string.
//!
//! Position string: space-separated `key=value` fields, in any order:
//! `w=24x13,18,15 b=24x15 turn=black:roll first=b score=0-0`
//! - `w=`, `b=`: each side's checkers in its OWN numbering, `PxN` for N checkers on point
//!   P (`P` alone for one), `off` for borne-off checkers;
//! - `turn=`: `SEAT:roll`, `SEAT:6-3` (to move with those dice), `over`, or before the
//!   first game the roll-off that decides who starts: `white:rolloff` (White rolls first)
//!   and `black:rolloff:5` (White rolled 5, Black to roll);
//! - `first=`: the seats that have not completed their first turn (`wb`, `w`, `b`, `-`);
//! - `score=`: match points, White's first.

use super::{BLACK, Nardy, NardyMove, PositionError, PositionFault, SEAT_NAMES, Side, Stage, WHITE};
use crate::core::{Dice, PositionFields, RollOff, RollOffRule, Seat, Standing, SyntaxError, SyntaxMistake};

/// How a step is written, for the messages about one that is not.
const STEP_FORMS: &str = "write FROM/TO like 24/18, or 3/off";

/// The start position's string: the roll-off that decides who starts, White to roll.
pub const START_POSITION: &str = "w=24x15 b=24x15 turn=white:rolloff first=wb score=0-0";

/// Reads a turn: steps separated by spaces or commas. A step is `FROM/TO` (or `FROM-TO`),
/// chains `24/18/15` are split into steps, `off` bears off, and `(N)` repeats a step.
pub fn parse_move(text: &str) -> Result<NardyMove, SyntaxError> {
    let text = text.trim().to_ascii_lowercase();
    if text == "pass" {
        return Ok(NardyMove::PASS);
    }
    if text.is_empty() {
        return Err(SyntaxMistake::Empty {
            forms: "write steps like 24/18 18/15, or pass",
        }
        .into());
    }
    let mut steps: Vec<(u32, u32)> = Vec::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let (body, repeat) = split_repeat(token)?;
        let points: Vec<&str> = body.split(['/', '-']).collect();
        if points.len() < 2 {
            return Err(SyntaxMistake::NotA {
                text: token.to_string(),
                what: "a step",
                forms: STEP_FORMS,
            }
            .into());
        }
        let mut chain = Vec::new();
        for (i, word) in points.iter().enumerate() {
            let last = i + 1 == points.len();
            chain.push(parse_point(word, i > 0 && last, token)?);
        }
        for _ in 0..repeat {
            for pair in chain.windows(2) {
                steps.push((pair[0], pair[1]));
            }
        }
    }
    if steps.len() > 4 {
        return Err(SyntaxMistake::TooMany {
            count: steps.len(),
            text,
            what: "step",
            most: "four",
        }
        .into());
    }
    Ok(NardyMove::from_steps(&steps))
}

fn split_repeat(token: &str) -> Result<(&str, usize), SyntaxError> {
    let Some(open) = token.find('(') else {
        return Ok((token, 1));
    };
    let count = token[open + 1..]
        .strip_suffix(')')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=4).contains(n))
        .ok_or_else(|| SyntaxMistake::Misformed {
            text: token.to_string(),
            rule: "a repeat is written like 24/20(2)",
        })?;
    Ok((&token[..open], count))
}

fn parse_point(word: &str, may_be_off: bool, token: &str) -> Result<u32, SyntaxError> {
    if word == "off" || word == "o" {
        return if may_be_off {
            Ok(0)
        } else {
            Err(SyntaxMistake::Misformed {
                text: token.to_string(),
                rule: "'off' can only end a step, as in 3/off",
            }
            .into())
        };
    }
    match word.parse::<u32>() {
        Ok(p) if (1..=24).contains(&p) => Ok(p),
        Ok(number) => Err(SyntaxMistake::NoSuch {
            text: token.to_string(),
            what: "point",
            number,
            low: 1,
            high: 24,
        }
        .into()),
        Err(_) => Err(SyntaxMistake::PartNotA {
            text: token.to_string(),
            part: word.to_string(),
            what: "a point",
            forms: STEP_FORMS,
        }
        .into()),
    }
}

/// Writes a turn as its steps: `24/18 18/15`, `3/off 5/2`, or `pass`.
pub fn format_move(mv: &NardyMove) -> String {
    if mv.is_pass() {
        return "pass".to_string();
    }
    let steps: Vec<String> = mv
        .steps()
        .iter()
        .map(|&(from, to)| {
            if to == 0 {
                format!("{from}/off")
            } else {
                format!("{from}/{to}")
            }
        })
        .collect();
    steps.join(" ")
}

fn format_side(side: Side) -> String {
    let mut parts = Vec::new();
    for p in (1..=24).rev() {
        match side.count(p) {
            0 => {}
            1 => parts.push(p.to_string()),
            n => parts.push(format!("{p}x{n}")),
        }
    }
    match side.off() {
        0 => {}
        1 => parts.push("off".to_string()),
        n => parts.push(format!("offx{n}")),
    }
    parts.join(",")
}

/// The position as one line (see the module documentation).
pub fn position_string(game: &Nardy) -> String {
    let turn = game.stage.two_seat_turn_text(game.turn, SEAT_NAMES);
    let mut first = String::new();
    if game.first_turn[WHITE] {
        first.push('w');
    }
    if game.first_turn[BLACK] {
        first.push('b');
    }
    if first.is_empty() {
        first.push('-');
    }
    format!(
        "w={} b={} turn={turn} first={first} score={}-{}",
        format_side(game.sides[WHITE]),
        format_side(game.sides[BLACK]),
        game.score[WHITE],
        game.score[BLACK]
    )
}

fn parse_side(value: &str, seat: Seat) -> Result<Side, PositionError> {
    let mut side = Side::default();
    let mut total = 0u32;
    for entry in value.split(',').filter(|e| !e.is_empty()) {
        let (point, count) = match entry.split_once('x') {
            Some((p, n)) => (p, n.parse::<u32>().ok().filter(|n| (1..=15).contains(n))),
            None => (entry, Some(1)),
        };
        let count = count.ok_or_else(|| PositionFault::BadCount {
            seat,
            entry: entry.to_string(),
        })?;
        let point = if point == "off" {
            0
        } else {
            point
                .parse::<u32>()
                .ok()
                .filter(|p| (1..=24).contains(p))
                .ok_or_else(|| PositionFault::NotAPoint {
                    seat,
                    entry: entry.to_string(),
                })?
        };
        let already = if point == 0 { side.off() } else { side.count(point) };
        if already > 0 {
            return Err(PositionFault::PointListedTwice {
                seat,
                entry: entry.to_string(),
            }
            .into());
        }
        total += count;
        if total > 15 {
            return Err(PositionFault::TooManyCheckers { seat }.into());
        }
        side = side.with_count(point, count);
    }
    Ok(side)
}

/// Reads a position string into a game with `base`'s options.
pub fn parse_position(base: &Nardy, text: &str) -> Result<Nardy, PositionError> {
    let mut game = base.clone();
    let mut fields = PositionFields::new(text);
    for field in fields.by_ref() {
        let (key, value) = field?;
        match key {
            "w" => game.sides[WHITE] = parse_side(value, WHITE)?,
            "b" => game.sides[BLACK] = parse_side(value, BLACK)?,
            "turn" => parse_turn(&mut game, value)?,
            "first" => {
                if value != "-" && !value.chars().all(|c| c == 'w' || c == 'b') {
                    return Err(PositionError::bad_value("first", value, "write w, b, wb or -"));
                }
                game.first_turn = [value.contains('w'), value.contains('b')];
            }
            "score" => {
                let scores: Option<Vec<u32>> = value.split('-').map(|n| n.parse().ok()).collect();
                match scores.as_deref() {
                    Some(&[w, b]) if w < 1000 && b < 1000 => game.score = [w, b],
                    _ => {
                        return Err(PositionError::bad_value(
                            "score",
                            value,
                            "write WHITE-BLACK like 0-0",
                        ));
                    }
                }
            }
            _ => {
                return Err(PositionFault::UnknownField { key: key.to_string() }.into());
            }
        }
    }
    if let Some(key) = fields.first_missing(["w", "b", "turn", "first", "score"]) {
        return Err(PositionFault::MissingField { key }.into());
    }
    if game.stage.is_over() {
        // The last mover is the one who bore off the fifteenth checker.
        game.turn = if game.sides[BLACK].off() == 15 {
            BLACK
        } else {
            WHITE
        };
    }
    if !game.stage.is_over() && game.score.iter().any(|&s| s >= game.rules.match_to) {
        return Err(PositionFault::ScoreReachesMatch {
            score: game.score,
            match_to: game.rules.match_to,
        }
        .into());
    }
    Ok(game)
}

fn parse_turn(game: &mut Nardy, value: &str) -> Result<(), PositionError> {
    if value == "over" {
        game.stage = Stage::Over;
        return Ok(());
    }
    let bad = || {
        PositionError::bad_value(
            "turn",
            value,
            "write white:roll, black:6-3, over, or for the roll-off white:rolloff or \
                   black:rolloff:5 (White rolled 5)",
        )
    };
    let (seat, rest) = value.split_once(':').ok_or_else(bad)?;
    game.turn = SEAT_NAMES.iter().position(|&n| n == seat).ok_or_else(bad)?;
    let roll_off = match (game.turn, rest.split_once(':')) {
        (WHITE, None) if rest == "rolloff" => Some(RollOff::new(RollOffRule::Highest, 2)),
        (BLACK, Some(("rolloff", die))) => {
            let die = die
                .parse::<u8>()
                .ok()
                .filter(|d| (1..=6).contains(d))
                .ok_or_else(bad)?;
            let standings = [Standing::Rolled(die), Standing::Waiting];
            Some(RollOff::from_standings(RollOffRule::Highest, &standings)?)
        }
        _ if rest.starts_with("rolloff") => return Err(bad()),
        _ => None,
    };
    if let Some(roll_off) = roll_off {
        game.stage = Stage::RollOff(roll_off);
        return Ok(());
    }
    if rest == "roll" {
        game.stage = Stage::Roll;
        return Ok(());
    }
    let dice: Vec<u8> = rest
        .split('-')
        .map(|d| d.parse::<u8>().ok().filter(|d| (1..=6).contains(d)))
        .collect::<Option<Vec<u8>>>()
        .filter(|d| d.len() == 2)
        .ok_or_else(bad)?;
    game.stage = Stage::Move(Dice::new(&dice));
    Ok(())
}
