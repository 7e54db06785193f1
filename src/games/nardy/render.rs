//! The ASCII board. Points are drawn in White's numbering with Black's numbers on a second
//! label line, so each player can read the notation of their own moves off the board.

use super::{BLACK, Nardy, SEAT_NAMES, Stage, WHITE, board::other_numbering};

/// Rows of checkers drawn per point before the count is shown instead.
const HEIGHT: u32 = 5;

/// Columns left for the side panel in an 80-column terminal.
const PANEL_WIDTH: usize = 34;

/// Draws the board, the heads, borne-off counts, pips, whose turn and the dice.
pub fn render(game: &Nardy) -> String {
    let top: Vec<u32> = (13..=24).collect();
    let bottom: Vec<u32> = (1..=12).rev().collect();
    let mut lines = Vec::new();
    lines.push(labels(&top, "white"));
    lines.push(labels(
        &top.iter().map(|&p| other_numbering(p)).collect::<Vec<_>>(),
        "black",
    ));
    lines.push(frame());
    for row in 0..HEIGHT {
        lines.push(checker_row(game, &top, row));
    }
    lines.push(format!("  |{:19}|{:19}|", "", ""));
    for row in (0..HEIGHT).rev() {
        lines.push(checker_row(game, &bottom, row));
    }
    lines.push(frame());
    lines.push(labels(
        &bottom.iter().map(|&p| other_numbering(p)).collect::<Vec<_>>(),
        "black",
    ));
    lines.push(labels(&bottom, "white"));
    // The panel starts 46 columns in; wrapping it at 34 keeps every line within 80.
    let panel: Vec<String> = panel(game)
        .iter()
        .flat_map(|line| {
            if line.chars().count() <= PANEL_WIDTH {
                vec![line.clone()]
            } else {
                crate::core::wrap_words(line, PANEL_WIDTH)
            }
        })
        .collect();
    for (i, text) in panel.into_iter().enumerate() {
        if let Some(line) = lines.get_mut(3 + i) {
            line.push_str("   ");
            line.push_str(&text);
        }
    }
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn labels(points: &[u32], who: &str) -> String {
    let cells = |half: &[u32]| half.iter().map(|p| format!("{p:>3}")).collect::<String>();
    format!("   {}  {}  {who}", cells(&points[..6]), cells(&points[6..]))
}

fn frame() -> String {
    format!("  +{}+{}+", "-".repeat(19), "-".repeat(19))
}

/// One row of checkers across twelve points given in White's numbering.
fn checker_row(game: &Nardy, points: &[u32], row: u32) -> String {
    let cell = |&p: &u32| -> String {
        let (mark, count) = owner(game, p);
        if count > HEIGHT && row == HEIGHT - 1 {
            format!("{count:>3}")
        } else if count > row {
            format!("{mark:>3}")
        } else {
            "   ".to_string()
        }
    };
    let left: String = points[..6].iter().map(cell).collect();
    let right: String = points[6..].iter().map(cell).collect();
    format!("  |{left} |{right} |")
}

/// Who holds White's point `p`, and how many checkers.
fn owner(game: &Nardy, p: u32) -> (char, u32) {
    let white = game.sides[WHITE].count(p);
    if white > 0 {
        return ('W', white);
    }
    let black = game.sides[BLACK].count(other_numbering(p));
    if black > 0 { ('B', black) } else { (' ', 0) }
}

fn panel(game: &Nardy) -> Vec<String> {
    let mut lines = Vec::new();
    for seat in [BLACK, WHITE] {
        let side = game.sides[seat];
        lines.push(format!(
            "{:5}  off {:>2}  pips {:>3}  head {:>2}",
            SEAT_NAMES[seat],
            side.off(),
            side.pips(),
            side.count(24)
        ));
    }
    lines.push(String::new());
    lines.push(match game.stage {
        Stage::RollOff(roll_off) => roll_off.describe(&|seat| SEAT_NAMES[seat].to_string()),
        Stage::Roll => format!("{} to roll", SEAT_NAMES[game.turn]),
        Stage::Move(dice) => format!("{} to move {dice}", SEAT_NAMES[game.turn]),
        Stage::Over => {
            use crate::core::Game;
            game.outcome()
                .map(|o| format!("game over: {}", o.summary))
                .unwrap_or_default()
        }
    });
    if game.rules.match_to > 1 {
        lines.push(format!(
            "match to {}: white {}, black {}",
            game.rules.match_to, game.score[WHITE], game.score[BLACK]
        ));
    }
    lines.push(String::new());
    lines.push("W white: head 24, home 1-6".to_string());
    lines.push("B black: head 12 (black 24)".to_string());
    lines.push("a number on a point: its checkers".to_string());
    lines.push("pips: points left to bear all off".to_string());
    lines
}
