//! The ASCII board: the 8x8 grid with chess coordinates, rank 1 at the bottom. Only the
//! racetrack (the edge) and the long diagonal (the two home diagonals) are drawn; the
//! other cells are never used. `W+` / `B+` is a piece that has come home, which tells a
//! fresh piece on its start corner from one that has finished its lap there.

use super::board::{BLACK, HOME, WHITE, is_edge, is_home_cell};
use super::{Microbes, SEAT_NAMES, Stage};
use crate::core::Game;

const FILES: &str = "    a   b   c   d   e   f   g   h";

/// Draws the board, the reserves, whose turn it is and the roll.
pub fn render(game: &Microbes) -> String {
    let mut lines = vec![FILES.to_string()];
    for rank in (0..8u8).rev() {
        let cells: String = (0..8u8).map(|file| cell_text(game, file + 8 * rank)).collect();
        lines.push(format!(" {} {cells} {}", rank + 1, rank + 1));
    }
    lines.push(FILES.to_string());
    for (i, text) in panel(game).into_iter().enumerate() {
        if let Some(line) = lines.get_mut(1 + i) {
            let padded = format!("{line:<38}");
            *line = format!("{padded}  {text}").trim_end().to_string();
        }
    }
    lines.push(String::new());
    lines.push(status(game));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Four columns per cell: the piece (`W`, `B+`), `.` for an empty edge cell, `/` for an
/// empty home cell, blank for the unused middle of the board.
fn cell_text(game: &Microbes, cell: u8) -> String {
    for (seat, letter) in [(WHITE, 'W'), (BLACK, 'B')] {
        if let Some(index) = game.pieces[seat].index_on(seat, cell) {
            let mark = if index >= HOME { "+" } else { "" };
            return format!(" {letter}{mark:<2}");
        }
    }
    let empty = if is_home_cell(cell) {
        '/'
    } else if is_edge(cell) {
        '.'
    } else {
        ' '
    };
    format!(" {empty}  ")
}

fn panel(game: &Microbes) -> Vec<String> {
    let side = |seat: usize| {
        let pieces = game.pieces[seat];
        format!(
            "{:5}  reserve {}  home {}/4",
            SEAT_NAMES[seat],
            pieces.reserve(),
            pieces.home()
        )
    };
    vec![
        side(BLACK),
        side(WHITE),
        String::new(),
        "W white: a1 > h1 > h8 > a8 > a1+".to_string(),
        "         home a1+ b2 c3 d4".to_string(),
        "B black: h8 > a8 > a1 > h1 > h8+".to_string(),
        "         home h8+ g7 f6 e5".to_string(),
        "W+ B+ a piece home  . edge  / empty home".to_string(),
    ]
}

fn status(game: &Microbes) -> String {
    match game.stage {
        Stage::RollOff(roll_off) => roll_off.describe(&|seat| SEAT_NAMES[seat].to_string()),
        Stage::Roll => format!("{} to roll", SEAT_NAMES[game.turn]),
        Stage::Move(die) => format!("{} to move, rolled {die}", SEAT_NAMES[game.turn]),
        Stage::Over => game
            .outcome()
            .map(|o| format!("game over: {}", o.summary))
            .unwrap_or_default(),
    }
}
