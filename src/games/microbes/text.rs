//! Move notation (`c1`, `enter`, `pass`) and the one-line position string.
//!
//! A move names the cell of the piece to move. That is never ambiguous: two pieces of one
//! side never share a cell, not even on the start corner (a1 / h8), because a piece there,
//! fresh or home, blocks both a new piece entering and the way home.
//!
//! Position string: space-separated `key=value` fields, in any order:
//! `w=a1,f1,b2 b=h8+,c8 reserve=1-2 turn=black:roll`
//! - `w=`, `b=`: each side's pieces on the board by cell (`-` for none). A piece on its own
//!   start corner that has come home after the lap is written with a `+` (`a1+`, `h8+`);
//!   plain `a1` is a fresh piece that has not left yet;
//! - `reserve=`: pieces off the board, White's first (`3-3` at the start);
//! - `turn=`: `white:roll`, `black:4` (to move with a 4), `over`, or during the roll-off
//!   that decides who starts `white:rolloff` (White rolls first) and `black:rolloff:5`
//!   (Black rolls; White rolled 5).

use super::board::{BLACK, HOME, PIECES, Pieces, WHITE, cell_name, cell_of, indices_of, parse_cell};
use super::{Microbes, MicrobesMove, PositionError, PositionFault, SEAT_NAMES, Stage};
use crate::core::{PositionFields, RollOff, RollOffRule, Standing, SyntaxError, SyntaxMistake};

/// How a move is written, for the messages about one that is not.
const MOVE_FORMS: &str = "write the cell of the piece to move (like c1), enter or pass";

/// The start position's string: White rolls first in the roll-off.
pub const START_POSITION: &str = "w=a1 b=h8 reserve=3-3 turn=white:rolloff";

/// Reads `c1`, `enter` or `pass` (any case, surrounding spaces ignored).
pub fn parse_move(text: &str) -> Result<MicrobesMove, SyntaxError> {
    let word = text.trim().to_ascii_lowercase();
    match word.as_str() {
        "pass" => Ok(MicrobesMove::Pass),
        "enter" => Ok(MicrobesMove::Enter),
        "" => Err(SyntaxMistake::Empty { forms: MOVE_FORMS }.into()),
        _ => parse_cell(&word).map(MicrobesMove::Piece).ok_or_else(|| {
            SyntaxMistake::NotA {
                text: text.trim().to_string(),
                what: "a move",
                forms: MOVE_FORMS,
            }
            .into()
        }),
    }
}

/// Writes a move in its short form: `c1`, `enter` or `pass`.
pub fn format_move(mv: &MicrobesMove) -> String {
    match *mv {
        MicrobesMove::Piece(cell) => cell_name(cell),
        MicrobesMove::Enter => "enter".to_string(),
        MicrobesMove::Pass => "pass".to_string(),
    }
}

fn format_side(pieces: Pieces, seat: usize) -> String {
    let cells: Vec<String> = pieces
        .indices()
        .map(|index| {
            let name = cell_name(cell_of(seat, index));
            if index == HOME { name + "+" } else { name }
        })
        .collect();
    if cells.is_empty() {
        "-".to_string()
    } else {
        cells.join(",")
    }
}

/// The position as one line (see the module documentation).
pub fn position_string(game: &Microbes) -> String {
    let turn = game.stage.two_seat_turn_text(game.turn, SEAT_NAMES);
    format!(
        "w={} b={} reserve={}-{} turn={turn}",
        format_side(game.pieces[WHITE], WHITE),
        format_side(game.pieces[BLACK], BLACK),
        game.pieces[WHITE].reserve(),
        game.pieces[BLACK].reserve()
    )
}

fn parse_side(value: &str, seat: usize) -> Result<Pieces, PositionError> {
    let mut pieces = Pieces::default();
    if value == "-" {
        return Ok(pieces);
    }
    let value_text = || value.to_string();
    for entry in value.split(',') {
        let (name, came_home) = match entry.strip_suffix('+') {
            Some(name) => (name, true),
            None => (entry, false),
        };
        let cell = parse_cell(name).ok_or_else(|| PositionFault::NotACell {
            seat,
            value: value_text(),
            entry: entry.to_string(),
        })?;
        let mut indices = indices_of(seat, cell);
        let index = match (indices.next(), indices.next()) {
            (None, _) => {
                return Err(PositionFault::NotOnPath {
                    seat,
                    value: value_text(),
                    cell: name.to_string(),
                }
                .into());
            }
            (Some(fresh), Some(home)) => {
                if came_home {
                    home
                } else {
                    fresh
                }
            }
            (Some(index), None) if index >= HOME || !came_home => index,
            (Some(_), None) => {
                return Err(PositionFault::PlusOffHome {
                    seat,
                    value: value_text(),
                    entry: entry.to_string(),
                    cell: name.to_string(),
                }
                .into());
            }
        };
        if pieces.index_on(seat, cell).is_some() {
            return Err(PositionFault::TwoOnOneCell {
                seat,
                value: value_text(),
                cell: name.to_string(),
            }
            .into());
        }
        pieces = pieces.with(index);
        if pieces.on_board() > PIECES {
            return Err(PositionFault::TooManyPieces {
                seat,
                value: value_text(),
            }
            .into());
        }
    }
    Ok(pieces)
}

fn parse_reserve(value: &str, pieces: [Pieces; 2]) -> Result<(), PositionError> {
    let counts: Option<Vec<u32>> = value.split('-').map(|n| n.parse().ok()).collect();
    let Some(&[white, black]) = counts.as_deref() else {
        return Err(PositionError::bad_value(
            "reserve",
            value,
            "write WHITE-BLACK counts of pieces off the board, like reserve=3-3",
        ));
    };
    for (seat, reserve) in [(WHITE, white), (BLACK, black)] {
        let on_board = pieces[seat].on_board();
        if on_board + reserve.min(PIECES + 1) != PIECES {
            return Err(PositionFault::PieceCount {
                seat,
                on_board,
                reserve,
            }
            .into());
        }
    }
    Ok(())
}

fn parse_turn(value: &str) -> Result<(usize, Stage), PositionError> {
    let bad = || {
        PositionError::bad_value(
            "turn",
            value,
            "write white:roll, black:4 (to move a 4), over, \
                   or white:rolloff / black:rolloff:5 while deciding who starts",
        )
    };
    if value == "over" {
        return Ok((WHITE, Stage::Over));
    }
    let mut parts = value.split(':');
    let seat = parts
        .next()
        .and_then(|name| SEAT_NAMES.iter().position(|&n| n == name))
        .ok_or_else(bad)?;
    let what = parts.next().ok_or_else(bad)?;
    let extra = parts.next();
    if parts.next().is_some() {
        return Err(bad());
    }
    let die = |text: &str| text.parse::<u8>().ok().filter(|d| (1..=6).contains(d));
    let stage = match (seat, what, extra) {
        (_, "roll", None) => Stage::Roll,
        (WHITE, "rolloff", None) => Stage::RollOff(RollOff::new(RollOffRule::Highest, 2)),
        (BLACK, "rolloff", Some(white)) => {
            let white = Standing::Rolled(die(white).ok_or_else(bad)?);
            Stage::RollOff(RollOff::from_standings(
                RollOffRule::Highest,
                &[white, Standing::Waiting],
            )?)
        }
        (_, "rolloff", _) => {
            return Err(PositionError::bad_value(
                "turn",
                value,
                "in the roll-off white rolls first (white:rolloff), then black \
                       with white's die noted (black:rolloff:5)",
            ));
        }
        (_, number, None) => Stage::Move(die(number).ok_or_else(bad)?),
        _ => return Err(bad()),
    };
    Ok((seat, stage))
}

/// Reads a position string into a game with `base`'s options (not yet validated).
pub fn parse_position(base: &Microbes, text: &str) -> Result<Microbes, PositionError> {
    let mut game = base.clone();
    let mut reserve = "";
    let mut fields = PositionFields::new(text);
    for field in fields.by_ref() {
        let (key, value) = field?;
        match key {
            "w" => game.pieces[WHITE] = parse_side(value, WHITE)?,
            "b" => game.pieces[BLACK] = parse_side(value, BLACK)?,
            "reserve" => reserve = value,
            "turn" => (game.turn, game.stage) = parse_turn(value)?,
            _ => {
                return Err(PositionFault::UnknownField { key: key.to_string() }.into());
            }
        }
    }
    if let Some(key) = fields.first_missing(["w", "b", "reserve", "turn"]) {
        return Err(PositionFault::MissingField { key }.into());
    }
    parse_reserve(reserve, game.pieces)?;
    if game.stage.is_over() {
        // The winner made the last move.
        game.turn = if game.pieces[BLACK].home() == PIECES {
            BLACK
        } else {
            WHITE
        };
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_as_written() {
        for mv in [MicrobesMove::Enter, MicrobesMove::Pass, MicrobesMove::Piece(2)] {
            assert_eq!(parse_move(&format_move(&mv)), Ok(mv));
        }
        assert_eq!(parse_move(" C1 "), Ok(MicrobesMove::Piece(2)));
        for bad in ["", "c9", "c", "c1-f1", "enter c1", "in"] {
            assert!(parse_move(bad).is_err(), "{bad:?} should not parse");
        }
    }
}
