//! Ur notation (`in-c1`, `d2-f2`, `g1-off`, `pass`, and the qualified forms `h1m-h2`,
//! `g2-g3-h2`) and the one-line position string.
//!
//! Position string: space-separated `key=value` fields, in any order:
//! `light=in,d1,e2,e2m,off dark=inx4,h2m>h1 turn=dark:3`
//! - `light=`, `dark=`: every piece of the side, comma-separated: `in` for the reserve,
//!   `off` for borne off, or a cell; `xN` after a token counts N pieces. In City a cell
//!   is followed by `m` for a marked piece (`b`, blank, may be written but is the
//!   default), and a piece on h2 says which way it goes next: `h2m>h1` or `h2m>h3`.
//! - `turn=`: `SEAT:roll`, `SEAT:N` (to move with roll N), `SEAT:rolloff` (City's opening
//!   roll-off, this seat to roll next) or `over`.

use super::board::{self, CITY_WHITE, Cell, cell_name, parse_cell};
use super::{Army, DARK, LIGHT, PositionError, PositionFault, SEAT_NAMES, Stage, Step, Ur, UrMove};
use crate::core::{PositionFields, RollOff, RollOffRule, Standing, SyntaxError, SyntaxMistake};

/// The start position of City of Ur.
pub const START_CITY: &str = "light=inx5 dark=inx5 turn=light:rolloff";

const MOVE_FORMS: &str = "write FROM-TO like in-c1, d2-f2, g1-off, or pass";

/// Reads a move: `pass`, or `FROM-TO` with FROM `in` or a cell (optionally followed by
/// `b` or `m`, the face of the piece meant) and TO a cell or `off`; `FROM-VIA-TO` names
/// the side of the small block by its first cell (`g2-g1-h2`).
pub fn parse_move(text: &str) -> Result<UrMove, SyntaxError> {
    let text = text.trim().to_ascii_lowercase();
    if text == "pass" {
        return Ok(UrMove::Pass);
    }
    if text.is_empty() {
        return Err(SyntaxMistake::Empty { forms: MOVE_FORMS }.into());
    }
    let parts: Vec<&str> = text.split('-').collect();
    if !(2..=3).contains(&parts.len()) {
        return Err(SyntaxMistake::NotA {
            text,
            what: "a move",
            forms: MOVE_FORMS,
        }
        .into());
    }
    let (from, face) = match parts[0] {
        "in" => (None, None),
        word => {
            let (cell, face) = split_face(word).ok_or_else(|| SyntaxMistake::NotA {
                text: word.to_string(),
                what: "a cell or 'in'",
                forms: MOVE_FORMS,
            })?;
            (Some(cell), face)
        }
    };
    let via = if parts.len() == 3 {
        match parse_cell(parts[1]) {
            Some(cell) if cell == board::cell(6, 1) || cell == board::cell(6, 3) => Some(cell),
            _ => {
                return Err(SyntaxMistake::Misformed {
                    text,
                    rule: "the middle cell names the side of the small block, g1 or g3",
                }
                .into());
            }
        }
    } else {
        None
    };
    let last = parts[parts.len() - 1];
    let to = match last {
        "off" => None,
        word => Some(parse_cell(word).ok_or_else(|| SyntaxMistake::NotA {
            text: word.to_string(),
            what: "a cell or 'off'",
            forms: MOVE_FORMS,
        })?),
    };
    Ok(UrMove::Step(Step { from, face, via, to }))
}

/// A cell with an optional face letter: `e2`, `e2b`, `e2m`.
fn split_face(word: &str) -> Option<(Cell, Option<bool>)> {
    let (name, face) = match word.len() {
        2 => (word, None),
        3 if word.is_char_boundary(2) => {
            let face = match &word[2..] {
                "b" => false,
                "m" => true,
                _ => return None,
            };
            (&word[..2], Some(face))
        }
        _ => return None,
    };
    parse_cell(name).map(|cell| (cell, face))
}

/// Writes a move exactly as [`parse_move`] reads it.
pub fn format_move(mv: &UrMove) -> String {
    match mv {
        UrMove::Pass => "pass".to_string(),
        UrMove::Step(step) => format_step(step),
    }
}

/// Writes one piece's move.
pub fn format_step(step: &Step) -> String {
    let mut text = match step.from {
        None => "in".to_string(),
        Some(cell) => cell_name(cell),
    };
    match step.face {
        Some(true) => text.push('m'),
        Some(false) => text.push('b'),
        None => {}
    }
    if let Some(via) = step.via {
        text.push('-');
        text.push_str(&cell_name(via));
    }
    text.push('-');
    match step.to {
        None => text.push_str("off"),
        Some(cell) => text.push_str(&cell_name(cell)),
    }
    text
}

fn counted(token: String, count: u8) -> String {
    if count == 1 {
        token
    } else {
        format!("{token}x{count}")
    }
}

/// The token of a piece in `slot` of `seat`.
fn slot_token(game: &Ur, seat: usize, slot: u8) -> String {
    let layout = game.layout;
    let mut token = cell_name(layout.cell_of(seat, slot));
    if layout.marked(slot) {
        token.push('m');
    }
    if layout.is_city() && layout.index(slot) == CITY_WHITE {
        let next = board::city_slot(CITY_WHITE + 1, board::city_via3(slot));
        token.push('>');
        token.push_str(&cell_name(layout.cell_of(seat, next)));
    }
    token
}

fn format_army(game: &Ur, seat: usize) -> String {
    let layout = game.layout;
    let army = &game.armies[seat];
    let mut tokens = Vec::new();
    if army.reserve > 0 {
        tokens.push(counted("in".into(), army.reserve));
    }
    let mut slots: Vec<u8> = (0..layout.slot_count)
        .filter(|&s| army.counts[s as usize] > 0)
        .collect();
    slots.sort_by_key(|&s| (layout.index(s), s));
    for slot in slots {
        tokens.push(counted(slot_token(game, seat, slot), army.counts[slot as usize]));
    }
    if army.off > 0 {
        tokens.push(counted("off".into(), army.off));
    }
    tokens.join(",")
}

/// The position as one line (see the module documentation).
pub fn position_string(game: &Ur) -> String {
    let turn = match game.stage {
        Stage::Over => "over".to_string(),
        Stage::RollOff(_) => format!("{}:rolloff", SEAT_NAMES[game.turn]),
        Stage::Roll => format!("{}:roll", SEAT_NAMES[game.turn]),
        Stage::Move(roll) => format!("{}:{roll}", SEAT_NAMES[game.turn]),
    };
    format!(
        "light={} dark={} turn={turn}",
        format_army(game, LIGHT),
        format_army(game, DARK)
    )
}

fn example(game: &Ur) -> String {
    let layout = game.layout;
    if layout.is_city() {
        format!("{START_CITY} (or light=inx3,e2,h2>h3 dark=inx4,d3m turn=light:2)")
    } else {
        format!(
            "light=inx{n} dark=inx{n} turn=light:roll (or light=inx{m},d2 dark=inx{n} turn=dark:3)",
            n = layout.pieces,
            m = layout.pieces - 1
        )
    }
}

/// What a position of this rule set looks like, told after a field that is not key=value.
fn looks_like(game: &Ur) -> String {
    format!("an ur position looks like: {}", example(game))
}

fn parse_army(game: &Ur, seat: usize, value: &str) -> Result<Army, PositionError> {
    let layout = game.layout;
    let mut army = Army::default();
    for token in value.split(',').filter(|t| !t.is_empty()) {
        let (body, count) = match token.rsplit_once('x') {
            Some((body, n)) => (
                body,
                n.parse::<u8>()
                    .ok()
                    .filter(|n| (1..=layout.pieces).contains(n))
                    .ok_or(PositionFault::BadCount {
                        seat,
                        token: token.to_string(),
                        pieces: layout.pieces,
                    })?,
            ),
            None => (token, 1),
        };
        let add = |place: &mut u8| -> Result<(), PositionError> {
            *place = place.checked_add(count).filter(|&n| n <= layout.pieces).ok_or(
                PositionFault::TooManyPieces {
                    seat,
                    pieces: layout.pieces,
                },
            )?;
            Ok(())
        };
        match body {
            "in" => add(&mut army.reserve)?,
            "off" => add(&mut army.off)?,
            _ => {
                let slot = parse_slot(game, seat, body)?;
                add(&mut army.counts[slot as usize])?;
            }
        }
    }
    Ok(army)
}

/// Reads a piece's place on the board (`e2`, `e2m`, `h2>h3`) into a slot of `seat`.
fn parse_slot(game: &Ur, seat: usize, body: &str) -> Result<u8, PositionError> {
    let layout = game.layout;
    let (place, next) = match body.split_once('>') {
        Some((place, next)) => (place, Some(next)),
        None => (body, None),
    };
    let token = || body.to_string();
    let (cell, face) = split_face(place).ok_or_else(|| PositionFault::NotAPiece { seat, token: token() })?;
    if !layout.exists(cell) {
        return Err(PositionFault::NoSuchCell {
            seat,
            cell,
            rules: layout.rules,
        }
        .into());
    }
    if !layout.is_city() && (face.is_some() || next.is_some()) {
        return Err(PositionFault::NoFacesOrSides {
            seat,
            token: token(),
            rules: layout.rules,
        }
        .into());
    }
    let marked = face.unwrap_or(false);
    let next_cell = match next {
        None => None,
        Some(text) => {
            Some(parse_cell(text).ok_or_else(|| PositionFault::NextNotACell { seat, token: token() })?)
        }
    };
    let candidates: Vec<u8> = layout
        .slots_at(seat, cell)
        .filter(|&s| layout.marked(s) == marked)
        .filter(|&s| {
            next_cell.is_none_or(|n| {
                layout.index(s) == CITY_WHITE
                    && layout.cell_of(seat, board::city_slot(CITY_WHITE + 1, board::city_via3(s))) == n
            })
        })
        .collect();
    match candidates.as_slice() {
        [slot] => Ok(*slot),
        [] if layout.slots_at(seat, cell).next().is_none() => {
            Err(PositionFault::NotOnPath { seat, cell }.into())
        }
        [] if next_cell.is_some() => Err(PositionFault::NextCellOffH2 { seat, token: token() }.into()),
        [] => Err(PositionFault::WrongFace { seat, cell, marked }.into()),
        _ => Err(PositionFault::WhichWayNext { seat, cell }.into()),
    }
}

/// Reads a position string into a game with `base`'s options.
pub fn parse_position(base: &Ur, text: &str) -> Result<Ur, PositionError> {
    let mut game = base.clone();
    let mut fields = PositionFields::new(text).looks_like(looks_like(base));
    for field in fields.by_ref() {
        let (key, value) = field?;
        match key {
            "light" => game.armies[LIGHT] = parse_army(base, LIGHT, value)?,
            "dark" => game.armies[DARK] = parse_army(base, DARK, value)?,
            "turn" => parse_turn(&mut game, value)?,
            _ => {
                return Err(PositionFault::UnknownField { key: key.to_string() }.into());
            }
        }
    }
    if let Some(key) = fields.first_missing(["light", "dark", "turn"]) {
        return Err(PositionFault::MissingField {
            key,
            example: example(base),
        }
        .into());
    }
    if game.stage.is_over() {
        game.turn = if game.armies[DARK].off == game.layout.pieces {
            DARK
        } else {
            LIGHT
        };
    }
    Ok(game)
}

fn parse_turn(game: &mut Ur, value: &str) -> Result<(), PositionError> {
    let layout = game.layout;
    if value == "over" {
        game.stage = Stage::Over;
        return Ok(());
    }
    let bad = || PositionFault::BadTurn {
        value: value.to_string(),
        rules: layout.rules,
        max_roll: layout.max_roll(),
    };
    let (seat, rest) = value.split_once(':').ok_or_else(bad)?;
    game.turn = SEAT_NAMES.iter().position(|&n| n == seat).ok_or_else(bad)?;
    match rest {
        "roll" => game.stage = Stage::Roll,
        "rolloff" => {
            let mut standings = [Standing::Waiting; 2];
            standings[..game.turn].fill(Standing::Out);
            game.stage = Stage::RollOff(RollOff::from_standings(RollOffRule::FirstTo(1), &standings)?);
        }
        number => {
            let roll = number.parse::<u8>().map_err(|_| bad())?;
            if !(layout.min_roll()..=layout.max_roll()).contains(&roll) {
                return Err(PositionFault::RollOutOfRange {
                    value: value.to_string(),
                    rules: layout.rules,
                    low: layout.min_roll(),
                    high: layout.max_roll(),
                }
                .into());
            }
            game.stage = Stage::Move(roll);
        }
    }
    Ok(())
}
