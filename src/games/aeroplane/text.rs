//! Aeroplane notation (`launch`, `r2`, `pass`) and the one-line position string.
//!
//! Position string: space-separated `key=value` fields, in any order:
//! `red=H,L,13,h2 blue=H,H,H,C turn=red:roll rolloff=done sixes=0 moved=- finished=-`
//! - one field per colour in play (`red=`, `yellow=`, `blue=`, `green=`), giving planes 1
//!   to 4 in order: `H` hangar, `L` launch area, `0`-`51` track square, `h1`-`h5` home
//!   column (h5 next to the centre), `C` centre. Own planes on one square are a stack;
//! - `turn=`: `SEAT:roll`, `SEAT:4` (to move that roll) or `over`;
//! - `rolloff=`: `done`, or each seat's part in the roll-off in seat order: the colour
//!   letter and the value rolled this round, `?` still to roll, `-` out (`r5,y?,b?,g-`);
//! - `sixes=`: sixes already rolled this turn before the current roll (0-2);
//! - `moved=`: the planes moved with those sixes (`r1,r3`), or `-`;
//! - `finished=`: the seats with all planes in the centre, in finishing order, or `-`.

use super::board::{self, CENTRE, HANGAR, HOME_FIRST, LAUNCH};
use super::{
    AeroMove, Aeroplane, COLOUR_LETTERS, COLOUR_NAMES, PLANES, PositionError, PositionFault, Stage,
    plane_name,
};
use crate::core::{
    PositionFields, PositionMistake, RollOff, RollOffRule, Seat, Standing, SyntaxError, SyntaxMistake,
};

/// How a move is written, for the messages about one that is not.
const MOVE_FORMS: &str = "write launch, a plane like r2, or pass";

/// Reads a move: `launch`, a plane such as `r2`, or `pass` (any letter case).
pub fn parse_move(text: &str) -> Result<AeroMove, SyntaxError> {
    let text = text.trim().to_ascii_lowercase();
    match text.as_str() {
        "pass" => return Ok(AeroMove::Pass),
        "launch" => return Ok(AeroMove::Launch),
        "" => {
            return Err(SyntaxMistake::Empty { forms: MOVE_FORMS }.into());
        }
        _ => {}
    }
    let mut chars = text.chars();
    let (Some(letter), Some(digit), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(SyntaxMistake::NotA {
            text,
            what: "a move",
            forms: MOVE_FORMS,
        }
        .into());
    };
    let colour = COLOUR_LETTERS.iter().position(|&c| c == letter);
    let plane = digit.to_digit(10).filter(|d| (1..=4).contains(d));
    match (colour, plane) {
        (Some(colour), Some(plane)) => Ok(AeroMove::Plane {
            colour: colour as u8,
            plane: plane as u8 - 1,
        }),
        (None, _) => Err(SyntaxMistake::Misformed {
            text,
            rule: "a plane is a colour letter (r, y, b, g) and a number 1-4, like r2",
        }
        .into()),
        (Some(_), None) => Err(SyntaxMistake::Misformed {
            text,
            rule: "planes are numbered 1 to 4, like r2",
        }
        .into()),
    }
}

/// Writes a move: `launch`, `r2` or `pass`.
pub fn format_move(mv: &AeroMove) -> String {
    match *mv {
        AeroMove::Pass => "pass".to_string(),
        AeroMove::Launch => "launch".to_string(),
        AeroMove::Plane { colour, plane } => plane_name(usize::from(colour), usize::from(plane)),
    }
}

/// A plane's place as written in a position string: `H`, `L`, `20`, `h3`, `C`.
pub fn place_token(colour: usize, at: i8) -> String {
    match at {
        HANGAR => "H".to_string(),
        LAUNCH => "L".to_string(),
        CENTRE => "C".to_string(),
        d if board::on_track(d) => board::square(colour, d).to_string(),
        d => format!("h{}", d - HOME_FIRST + 1),
    }
}

/// The position as one line (see the module documentation).
pub fn position_string(game: &Aeroplane) -> String {
    let mut fields = Vec::new();
    for seat in 0..game.seats {
        let colour = game.colour(seat);
        let places: Vec<String> = game.planes[seat]
            .iter()
            .map(|&at| place_token(colour, at))
            .collect();
        fields.push(format!("{}={}", COLOUR_NAMES[colour], places.join(",")));
    }
    let name = COLOUR_NAMES[game.colour(game.turn)];
    fields.push(match game.stage {
        Stage::Over => "turn=over".to_string(),
        Stage::Move(roll) => format!("turn={name}:{roll}"),
        _ => format!("turn={name}:roll"),
    });
    if let Stage::RollOff(roll_off) = game.stage {
        let slots: Vec<String> = (0..game.seats)
            .map(|seat| {
                let letter = COLOUR_LETTERS[game.colour(seat)];
                match roll_off.standing(seat) {
                    Standing::Out => format!("{letter}-"),
                    Standing::Waiting => format!("{letter}?"),
                    Standing::Rolled(v) => format!("{letter}{v}"),
                }
            })
            .collect();
        fields.push(format!("rolloff={}", slots.join(",")));
    } else {
        fields.push("rolloff=done".to_string());
    }
    fields.push(format!("sixes={}", game.sixes));
    fields.push(format!(
        "moved={}",
        if game.moved == 0 {
            "-".to_string()
        } else {
            let colour = game.colour(game.turn);
            let names: Vec<String> = (0..PLANES)
                .filter(|i| game.moved & (1 << i) != 0)
                .map(|i| plane_name(colour, i))
                .collect();
            names.join(",")
        }
    ));
    fields.push(format!(
        "finished={}",
        if game.finished.is_empty() {
            "-".to_string()
        } else {
            let names: Vec<&str> = game
                .finished
                .iter()
                .map(|&s| COLOUR_NAMES[game.colour(s)])
                .collect();
            names.join(",")
        }
    ));
    fields.join(" ")
}

/// An example of a valid position string for `game`'s number of players.
fn example(game: &Aeroplane) -> String {
    let mut fresh = game.clone();
    fresh.planes = [[HANGAR; PLANES]; 4];
    fresh.stage = Stage::Roll;
    fresh.turn = 0;
    fresh.sixes = 0;
    fresh.moved = 0;
    fresh.finished.clear();
    position_string(&fresh)
}

fn parse_place(colour: usize, plane: usize, token: &str) -> Result<i8, PositionError> {
    let bad = || -> PositionError {
        PositionFault::NotAPlace {
            colour,
            plane,
            token: token.to_string(),
        }
        .into()
    };
    let lower = token.to_ascii_lowercase();
    match lower.as_str() {
        "h" => return Ok(HANGAR),
        "l" => return Ok(LAUNCH),
        "c" => return Ok(CENTRE),
        _ => {}
    }
    if let Some(step) = lower.strip_prefix('h') {
        let step: i8 = step
            .parse()
            .ok()
            .filter(|s| (1..=5).contains(s))
            .ok_or_else(bad)?;
        return Ok(HOME_FIRST + step - 1);
    }
    let square: usize = lower
        .parse()
        .ok()
        .filter(|&s| s < board::TRACK_SQUARES)
        .ok_or_else(bad)?;
    let d = board::progress_on_square(colour, square);
    if d > board::TURN_IN {
        return Err(PositionFault::PastTurnIn {
            colour,
            plane,
            square,
            turn_in: board::square(colour, board::TURN_IN),
        }
        .into());
    }
    if d == board::SHORTCUT {
        return Err(PositionFault::OnShortcut {
            colour,
            plane,
            square,
            flies_to: board::square(colour, board::SHORTCUT_END),
        }
        .into());
    }
    if board::never_rests_at(d) {
        return Err(PositionFault::OnJumpSquare {
            colour,
            plane,
            square,
            jumps_to: board::square(colour, d + board::JUMP),
        }
        .into());
    }
    Ok(d)
}

fn seat_by_name(game: &Aeroplane, word: &str) -> Option<Seat> {
    (0..game.seats).find(|&s| COLOUR_NAMES[game.colour(s)] == word)
}

/// Reads a position string into a game with `base`'s options (not yet validated).
pub fn parse_position(base: &Aeroplane, text: &str) -> Result<Aeroplane, PositionError> {
    let mut game = base.clone();
    game.planes = [[HANGAR; PLANES]; 4];
    game.finished.clear();
    game.stage = Stage::Roll;
    game.turn = 0;
    game.sixes = 0;
    let mut moved_text = "-";
    let mut fields =
        PositionFields::new(text).looks_like(format!("a position looks like: {}", example(base)));
    for field in fields.by_ref() {
        let (key, value) = field?;
        if let Some(colour) = COLOUR_NAMES.iter().position(|&n| n == key) {
            let Some(seat) = game.seat_of_colour(colour) else {
                return Err(PositionFault::NoSuchPlayer {
                    colour,
                    players: game.seats,
                }
                .into());
            };
            let tokens: Vec<&str> = value.split(',').collect();
            if tokens.len() != PLANES {
                return Err(PositionFault::PlaceCount {
                    colour,
                    count: tokens.len(),
                }
                .into());
            }
            for (plane, token) in tokens.iter().enumerate() {
                game.planes[seat][plane] = parse_place(colour, plane, token)?;
            }
            continue;
        }
        match key {
            "turn" => parse_turn(&mut game, value)?,
            "rolloff" => parse_rolloff(&mut game, value)?,
            "sixes" => {
                game.sixes = value.parse().ok().filter(|&n| n <= 2).ok_or_else(|| {
                    PositionError::bad_value(
                        "sixes",
                        value,
                        "write how many 6s were rolled earlier this turn, 0 to 2",
                    )
                })?;
            }
            "moved" => moved_text = value,
            "finished" => parse_finished(&mut game, value)?,
            _ => {
                return Err(PositionFault::UnknownField {
                    key: key.to_string(),
                    example: example(base),
                }
                .into());
            }
        }
    }
    let colours = (0..game.seats).map(|s| COLOUR_NAMES[game.colour(s)]);
    if let Some(key) = fields.first_missing(colours.chain(["turn", "rolloff", "sixes", "moved", "finished"]))
    {
        return Err(PositionFault::MissingField {
            key,
            example: example(base),
        }
        .into());
    }
    game.moved = parse_moved(&game, moved_text)?;
    if game.stage.is_over() {
        // The game ended on the move of the last player to finish.
        game.turn = game.finished.last().copied().unwrap_or(0);
    }
    Ok(game)
}

/// Reads `finished=`: the seats that have finished, in the order they did, or `-`.
fn parse_finished(game: &mut Aeroplane, value: &str) -> Result<(), PositionError> {
    if value == "-" {
        return Ok(());
    }
    for word in value.split(',') {
        let seat = seat_by_name(game, word).ok_or_else(|| {
            PositionError::from(PositionMistake::PartNotA {
                key: "finished",
                value: value.to_string(),
                part: word.to_string(),
                what: "a colour in this game",
            })
        })?;
        if game.finished.contains(&seat) {
            return Err(PositionMistake::ListedTwice {
                key: "finished",
                value: value.to_string(),
                entry: word.to_string(),
            }
            .into());
        }
        game.finished.push(seat);
    }
    Ok(())
}

fn parse_turn(game: &mut Aeroplane, value: &str) -> Result<(), PositionError> {
    if value == "over" {
        game.stage = Stage::Over;
        return Ok(());
    }
    let bad = || PositionError::bad_value("turn", value, "write red:roll, red:4 (the roll to move) or over");
    let (name, rest) = value.split_once(':').ok_or_else(bad)?;
    game.turn = seat_by_name(game, name).ok_or_else(|| {
        PositionError::from(PositionMistake::PartNotA {
            key: "turn",
            value: value.to_string(),
            part: name.to_string(),
            what: "a colour in this game",
        })
    })?;
    if rest == "roll" {
        // The roll-off field may turn this into a roll-off roll.
        if !matches!(game.stage, Stage::RollOff(_)) {
            game.stage = Stage::Roll;
        }
        return Ok(());
    }
    let roll: u8 = rest
        .parse()
        .ok()
        .filter(|r| (1..=6).contains(r))
        .ok_or_else(bad)?;
    if matches!(game.stage, Stage::RollOff(_)) {
        return Err(PositionFault::MoveInRollOff.into());
    }
    game.stage = Stage::Move(roll);
    Ok(())
}

fn parse_rolloff(game: &mut Aeroplane, value: &str) -> Result<(), PositionError> {
    if value == "done" {
        return Ok(());
    }
    let bad = || {
        PositionError::bad_value(
            "rolloff",
            value,
            "write done, or each seat in order as its letter and the value \
                   rolled this round, ? to roll, - out: r5,y?,b?,g-",
        )
    };
    let slots: Vec<&str> = value.split(',').collect();
    if slots.len() != game.seats {
        return Err(bad());
    }
    let mut standings = Vec::new();
    for (seat, slot) in slots.iter().enumerate() {
        let mut chars = slot.chars();
        if chars.next() != Some(COLOUR_LETTERS[game.colour(seat)]) {
            return Err(bad());
        }
        standings.push(match chars.as_str() {
            "?" => Standing::Waiting,
            "-" => Standing::Out,
            v => Standing::Rolled(v.parse().ok().filter(|r| (1..=6).contains(r)).ok_or_else(bad)?),
        });
    }
    let roll_off = RollOff::from_standings(RollOffRule::Highest, &standings).map_err(|why| {
        PositionError::from(PositionFault::RollOffUnreachable {
            value: value.to_string(),
            why,
        })
    })?;
    match game.stage {
        Stage::Move(_) => {
            return Err(PositionFault::MoveInRollOff.into());
        }
        Stage::Over => return Err(PositionFault::OverInRollOff.into()),
        _ => {}
    }
    game.stage = Stage::RollOff(roll_off);
    Ok(())
}

fn parse_moved(game: &Aeroplane, value: &str) -> Result<u8, PositionError> {
    if value == "-" {
        return Ok(0);
    }
    let colour = game.colour(game.turn);
    let mut mask = 0u8;
    for word in value.split(',') {
        let plane = (1..=PLANES)
            .find(|&p| plane_name(colour, p - 1) == word)
            .ok_or_else(|| {
                PositionError::from(PositionFault::NotTheMoversPlane {
                    value: value.to_string(),
                    word: word.to_string(),
                    colour,
                })
            })?;
        mask |= 1 << (plane - 1);
    }
    Ok(mask)
}
