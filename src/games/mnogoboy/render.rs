//! The ASCII board: the track drawn as in rules.md, one row per segment (the main track,
//! then the long and short branch of each fork), each field as its number and letter.
//! Under a field, `1:W` marks player p1's piece, which is white. Below the map: each
//! player's piece, who needs a six, the reserve and whose turn it is.

use super::board::{BRANCHES, Colour, FINISH, START, cell_letter, field_colour, field_name};
use super::{BeforeRoll, Mnogoboy, MnogoboyMove, SEAT_NAMES, Stage};
use crate::core::Game;
use crate::core::Notation;

/// Width of a row's label column (`  S -> `, `   long`).
const LABEL: usize = 7;
/// Width of one field: `  12 s`.
const CELL: usize = 6;

struct Row {
    label: &'static str,
    fields: std::ops::RangeInclusive<u8>,
    tail: &'static str,
}

const ROWS: [Row; 10] = [
    Row {
        label: "  S -> ",
        fields: 1..=10,
        tail: "fork",
    },
    Row {
        label: "   long",
        fields: 11..=18,
        tail: "-> 24",
    },
    Row {
        label: "  short",
        fields: 19..=23,
        tail: "-> 24",
    },
    Row {
        label: "       ",
        fields: 24..=33,
        tail: "fork",
    },
    Row {
        label: "   long",
        fields: 34..=40,
        tail: "-> 45",
    },
    Row {
        label: "  short",
        fields: 41..=44,
        tail: "-> 45",
    },
    Row {
        label: "       ",
        fields: 45..=52,
        tail: "fork",
    },
    Row {
        label: "   long",
        fields: 53..=58,
        tail: "-> 62",
    },
    Row {
        label: "  short",
        fields: 59..=61,
        tail: "-> 62",
    },
    Row {
        label: "       ",
        fields: 62..=66,
        tail: "-> F",
    },
];

/// Draws the map, the players' pieces, the reserve and whose turn it is.
pub fn render(game: &Mnogoboy) -> String {
    let mut lines = vec![
        "Mnogoboy  S start  F finish  . neutral field  * dot  1:W = p1's white piece".to_string(),
        "colours: w white  g green  o orange  s grey  y yellow  b blue  k black".to_string(),
    ];
    for (index, row) in ROWS.iter().enumerate() {
        lines.push(track_row(index, row));
        lines.extend(marker_rows(game, index, row));
    }
    // The colours take a second header line: with six players the gap after the map
    // goes instead, so that the board still fits a 24-row terminal.
    if game.seats <= 3 {
        lines.push(String::new());
    }
    // Four or more seats go two to a line where they fit, so that six players and the
    // track still leave room on a 24-row terminal.
    let seats: Vec<String> = (0..game.seats).map(|seat| seat_line(game, seat)).collect();
    if game.seats > 3 {
        for pair in seats.chunks(2) {
            match pair {
                [left, right] if left.chars().count() < 40 && right.chars().count() <= 40 => {
                    lines.push(format!("{left:<40}{right}"));
                }
                _ => lines.extend(pair.iter().cloned()),
            }
        }
    } else {
        lines.extend(seats);
    }
    let reserve: Vec<&str> = game.reserve().into_iter().map(Colour::name).collect();
    lines.push(format!("reserve: {}", reserve.join(" ")));
    lines.extend(status(game));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Where a row's tail starts: branch rows line theirs up with the longer branch.
fn tail_column(index: usize, row: &Row) -> usize {
    let cells = match index {
        1 | 2 | 4 | 5 | 7 | 8 => {
            let pair = (index - 1) / 3 * 2;
            let longer = BRANCHES[pair].1 - BRANCHES[pair].0 + 1;
            usize::from(longer)
        }
        _ => row.fields.clone().count(),
    };
    LABEL + cells * CELL + 3
}

fn track_row(index: usize, row: &Row) -> String {
    let mut line = row.label.to_string();
    for field in row.fields.clone() {
        line.push_str(&format!("  {field:>2} {}", cell_letter(field)));
    }
    pad_to(&mut line, tail_column(index, row));
    line.push_str(row.tail);
    line
}

/// The `1:W` marks under a row: one line per piece sharing the busiest field.
fn marker_rows(game: &Mnogoboy, index: usize, row: &Row) -> Vec<String> {
    let marks_on = |field: u8| -> Vec<String> {
        (0..game.seats)
            .filter_map(|seat| {
                let piece = game.piece(seat).filter(|p| p.field == field)?;
                Some(format!(
                    "{}:{}",
                    seat + 1,
                    piece.colour.letter().to_ascii_uppercase()
                ))
            })
            .collect()
    };
    let mut columns: Vec<(usize, Vec<String>)> = Vec::new();
    if index == 0 {
        columns.push((2, marks_on(START)));
    }
    for (i, field) in row.fields.clone().enumerate() {
        columns.push((LABEL + i * CELL + 2, marks_on(field)));
    }
    if index == ROWS.len() - 1 {
        columns.push((tail_column(index, row) + 3, marks_on(FINISH)));
    }
    let height = columns.iter().map(|(_, marks)| marks.len()).max().unwrap_or(0);
    (0..height)
        .map(|level| {
            let mut line = String::new();
            for (column, marks) in &columns {
                if let Some(mark) = marks.get(level) {
                    pad_to(&mut line, *column);
                    line.push_str(mark);
                }
            }
            line
        })
        .collect()
}

fn pad_to(line: &mut String, column: usize) {
    while line.len() < column {
        line.push(' ');
    }
}

fn seat_line(game: &Mnogoboy, seat: usize) -> String {
    let name = SEAT_NAMES[seat];
    let Some(piece) = game.piece(seat) else {
        return format!("{name}  no piece yet");
    };
    let place = match field_colour(piece.field) {
        Some(colour) => format!("on {} ({colour})", field_name(piece.field)),
        None if cell_letter(piece.field) == '*' => format!("on {} (dot)", field_name(piece.field)),
        None => format!("on {}", field_name(piece.field)),
    };
    let mut line = format!("{name}  {:<6}  {place:<14}", piece.colour.name());
    if game.needs_six(seat) && game.phase() != crate::core::Phase::Over {
        line.push_str("  needs a six");
    }
    line.trim_end().to_string()
}

fn status(game: &Mnogoboy) -> Vec<String> {
    let me = SEAT_NAMES[game.turn];
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let choices: Vec<String> = moves.iter().map(|m| game.format_move(m)).collect();
    let choices = choices.join(", ");
    // The colours the offered `take`/`swap` moves name, for a shorter list.
    let colours: Vec<&str> = moves
        .iter()
        .filter_map(|m| match m {
            MnogoboyMove::Take(c) | MnogoboyMove::Swap(c) => Some(c.name()),
            _ => None,
        })
        .collect();
    let colours = colours.join(" ");
    let mut lines = Vec::new();
    match game.stage {
        Stage::RollOff(roll_off) => lines.push(roll_off.describe(&|seat| SEAT_NAMES[seat].to_string())),
        Stage::Take => lines.push(format!("{me} to take a piece (take COLOUR): {colours}")),
        Stage::Roll { again: true } => lines.push(format!("{me} to roll again (landed on its own colour)")),
        Stage::Roll { again: false } if choices.is_empty() => lines.push(format!("{me} to roll")),
        Stage::Roll { again: false } => {
            lines.push(format!(
                "{me} to roll, or first exchange (swap COLOUR): {colours}"
            ));
        }
        Stage::Move { die } if game.needs_six(game.turn) && die != 6 => {
            lines.push(format!("{me} rolled {die} but needs a six: pass"));
        }
        Stage::Move { die } => lines.push(format!("{me} to move the {die}: {choices}")),
        Stage::Exchange => lines.push(format!("{me} may exchange (swap COLOUR) or pass: {colours}")),
        Stage::Dot => lines.push(format!("{me} must exchange on the dot (swap COLOUR): {colours}")),
        Stage::Over => {
            if let Some(outcome) = game.outcome() {
                lines.push(format!("game over: {}", outcome.summary));
            }
        }
    }
    if let BeforeRoll::Gave(colour) = game.before
        && game.stage != Stage::Over
    {
        lines.push(format!(
            "{me} gave away {colour} before the roll: it cannot come back this turn"
        ));
    }
    lines.iter().flat_map(|line| wrap(line)).collect()
}

/// Breaks a long line at spaces so that the board stays within 80 columns.
fn wrap(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    for word in line.split(' ') {
        let current = out.last().map_or(0, String::len);
        if current > 0 && current + 1 + word.len() > 79 {
            out.push(format!("    {word}"));
        } else if let Some(last) = out.last_mut() {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    out
}
