//! The ASCII board: Dark's row 3 on top, Light's row 1 below, files left to right, the
//! gap beside the bridge left open. Each cell takes two lines: its kind and Light's
//! pieces on the first, Dark's pieces on the second.

use super::board::{Kind, Layout, cell};
use super::{DARK, LIGHT, SEAT_NAMES, Stage, Ur, movegen};
use crate::core::Game;

/// Draws the board, reserves, borne-off counts, whose turn and the roll.
pub fn render(game: &Ur) -> String {
    let layout = game.layout;
    let width = if layout.is_city() {
        6
    } else if layout.files > 8 {
        4
    } else {
        5
    };
    let occ = movegen::occupancy(layout, &game.armies);
    let mut lines = Vec::new();
    let mut header = String::from("   ");
    for file in 0..layout.files {
        header.push_str(&format!(" {:^width$}", (b'a' + file) as char));
    }
    lines.push(header.trim_end().to_string());
    lines.push(border(layout, Some(3), None, width));
    for row in [3u8, 2, 1] {
        for line in 0..2 {
            let mut text = if line == 0 {
                format!(" {row} ")
            } else {
                "   ".to_string()
            };
            for file in 0..layout.files {
                let here = layout.exists(cell(file, row));
                let left = file > 0 && layout.exists(cell(file - 1, row));
                text.push(if here || left { '|' } else { ' ' });
                let content = if here {
                    cell_text(layout, &occ, cell(file, row), line, width)
                } else {
                    " ".repeat(width)
                };
                text.push_str(&content);
            }
            if layout.exists(cell(layout.files - 1, row)) {
                text.push('|');
            }
            lines.push(text.trim_end().to_string());
        }
        let below = if row > 1 { Some(row - 1) } else { None };
        lines.push(border(layout, Some(row), below, width));
    }
    lines.extend(panel(game));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The line between two rows (either may be absent).
fn border(layout: &Layout, upper: Option<u8>, lower: Option<u8>, width: usize) -> String {
    let exists = |file: u8| -> bool {
        [upper, lower]
            .into_iter()
            .flatten()
            .any(|row| layout.exists(cell(file, row)))
    };
    let mut text = String::from("   ");
    for file in 0..layout.files {
        let here = exists(file);
        let left = file > 0 && exists(file - 1);
        text.push(if here || left { '+' } else { ' ' });
        text.push_str(&if here {
            "-".repeat(width)
        } else {
            " ".repeat(width)
        });
    }
    if exists(layout.files - 1) {
        text.push('+');
    }
    text.trim_end().to_string()
}

fn marker(kind: Kind) -> char {
    match kind {
        Kind::Star | Kind::Rosette => '*',
        Kind::White => 'o',
        Kind::Green => '=',
        Kind::FourEyes => '#',
        Kind::Plain | Kind::Missing => ' ',
    }
}

/// One line of a cell: line 0 is the kind marker and Light's pieces, line 1 Dark's.
fn cell_text(layout: &Layout, occ: &movegen::Occupancy, at: u8, line: usize, width: usize) -> String {
    let seat = if line == 0 { LIGHT } else { DARK };
    let here = occ[at as usize][seat];
    let (blank, marked) = if seat == LIGHT { ('l', 'L') } else { ('d', 'D') };
    let mut pieces = String::new();
    for (count, letter) in [(here[0], blank), (here[1], marked)] {
        let letter = if layout.is_city() {
            letter
        } else {
            letter.to_ascii_uppercase()
        };
        match count {
            0 => {}
            1 => pieces.push(letter),
            n => pieces.push_str(&format!("{n}{letter}")),
        }
    }
    let lead = if line == 0 { marker(layout.kind(at)) } else { ' ' };
    format!("{lead}{pieces:>w$}", w = width - 1)
}

fn panel(game: &Ur) -> Vec<String> {
    let layout = game.layout;
    let mut lines = Vec::new();
    for seat in [LIGHT, DARK] {
        let army = &game.armies[seat];
        let letters = match (layout.is_city(), seat) {
            // Squares of the city rules hold several pieces: a count stands before.
            (true, LIGHT) => "l blank, L marked, 2l two blank",
            (true, _) => "d blank, D marked, 2d two blank",
            (false, LIGHT) => "L",
            (false, _) => "D",
        };
        lines.push(format!(
            "{:<5} ({letters})  reserve {}  off {} of {}",
            SEAT_NAMES[seat], army.reserve, army.off, layout.pieces
        ));
    }
    if layout.is_city() {
        lines.push("* star (extra roll): landing there by a forward move rolls again".to_string());
        lines.push("o white square h2: a piece landing on or passing it turns marked side up".to_string());
        lines.push("= green square: safe, holds any pieces of either player and either face".to_string());
        lines.push("# four eyes: safe, holds any pieces if all show the same face  rules city".to_string());
    } else {
        lines.push(format!(
            "* rosette (extra roll{})  rules {}",
            if layout.safe_rosettes {
                ", safe"
            } else {
                ", not safe"
            },
            layout.rules.name()
        ));
    }
    let name = SEAT_NAMES[game.turn];
    lines.push(match game.stage {
        Stage::RollOff(roll_off) => roll_off.describe(&|seat| SEAT_NAMES[seat].to_string()),
        Stage::Roll => format!("{name} to roll"),
        Stage::Move(roll) => format!("{name} to move, roll {roll}"),
        Stage::Over => game
            .outcome()
            .map(|o| format!("game over: {}", o.summary))
            .unwrap_or_default(),
    });
    lines
}
