//! The ASCII board: the 52 track squares as the edge of a 14 x 14 grid, the four home
//! columns running from the middle of each side to the centre, and each colour's launch
//! area and hangar in the quarter next to its entry square. Every cell is two lines: a
//! label (square colour letter and number, `rh1` for red's first home-column square) and
//! the planes on it (`R1`, or `R13` for a stack of r1 and r3). [`compact`] lists the
//! same position as a few lines of text instead.

use super::board::{self, CENTRE, HANGAR, HOME_FIRST, LAUNCH};
use super::{Aeroplane, COLOUR_LETTERS, COLOUR_NAMES, PLANES, Stage};
use crate::core::Game;

const GRID: usize = 14;
const CELL: usize = 5;
const MARGIN: usize = 2;
const WIDTH: usize = MARGIN + GRID * CELL;

/// Grid cell (row, column) of perimeter index `p` (0 = top-left corner, clockwise).
fn perimeter_cell(p: usize) -> (usize, usize) {
    match p {
        0..=13 => (0, p),
        14..=26 => (p - 13, 13),
        27..=39 => (13, 39 - p),
        _ => (52 - p, 0),
    }
}

/// Grid cell of track square `square`: red's turn-in square 0 sits mid-top.
fn square_cell(square: usize) -> (usize, usize) {
    perimeter_cell((square + 6) % board::TRACK_SQUARES)
}

/// Grid cell of home-column step `step` (1..=5) of `colour`.
fn home_cell(colour: usize, step: usize) -> (usize, usize) {
    let (row, col) = square_cell(board::square(colour, board::TURN_IN));
    match colour {
        0 => (row + step, col),
        1 => (row, col - step),
        2 => (row - step, col),
        _ => (row, col + step),
    }
}

/// Where each colour's launch area, hangar and finished planes are drawn: (row, first
/// column, width in cells) each.
fn quarter(colour: usize) -> [(usize, usize, usize); 3] {
    match colour {
        0 => [(1, 9, 3), (3, 8, 5), (4, 8, 5)],
        1 => [(9, 10, 3), (11, 8, 5), (12, 8, 5)],
        2 => [(12, 2, 3), (9, 1, 6), (10, 1, 6)],
        _ => [(4, 1, 3), (1, 1, 5), (2, 1, 5)],
    }
}

struct Canvas {
    lines: Vec<Vec<char>>,
}

impl Canvas {
    fn new() -> Canvas {
        Canvas {
            lines: vec![vec![' '; WIDTH]; 2 * GRID],
        }
    }

    fn put(&mut self, line: usize, x: usize, text: &str) {
        if let Some(row) = self.lines.get_mut(line) {
            for (i, ch) in text.chars().enumerate() {
                if let Some(slot) = row.get_mut(x + i) {
                    *slot = ch;
                }
            }
        }
    }

    /// Writes `label` and `content` into cell (row, col), `width` cells wide.
    fn cell(&mut self, (row, col): (usize, usize), width: usize, label: &str, content: &str) {
        let x = MARGIN + col * CELL;
        if width == 1 {
            // One space, then left-aligned, so that columns of cells line up.
            self.put(2 * row, x + 1, label);
            self.put(2 * row + 1, x + 1, content);
            return;
        }
        let span = width * CELL;
        self.put(2 * row, x, &format!("{label:^span$}"));
        self.put(2 * row + 1, x, &format!("{content:^span$}"));
    }

    fn text(self) -> Vec<String> {
        self.lines
            .into_iter()
            .map(|line| line.into_iter().collect::<String>().trim_end().to_string())
            .collect()
    }
}

/// The planes of `seat` whose place is `at`, as `R13`; empty if none.
fn stack_text(game: &Aeroplane, seat: usize, at: i8) -> String {
    let colour = game.colour(seat);
    let numbers: String = (0..PLANES)
        .filter(|&i| game.planes[seat][i] == at)
        .map(|i| char::from(b'1' + i as u8))
        .collect();
    if numbers.is_empty() {
        String::new()
    } else {
        format!("{}{numbers}", COLOUR_LETTERS[colour].to_ascii_uppercase())
    }
}

/// The planes of `seat` whose place is `at`, each on its own: `R1 R2`.
fn planes_text(game: &Aeroplane, seat: usize, at: i8) -> String {
    let letter = COLOUR_LETTERS[game.colour(seat)].to_ascii_uppercase();
    let names: Vec<String> = (0..PLANES)
        .filter(|&i| game.planes[seat][i] == at)
        .map(|i| format!("{letter}{}", i + 1))
        .collect();
    names.join(" ")
}

/// Draws the board, the hangars, whose turn it is, the roll and the run of sixes.
pub fn render(game: &Aeroplane) -> String {
    let mut canvas = Canvas::new();
    for square in 0..board::TRACK_SQUARES {
        let colour = board::square_colour(square);
        let mut label = format!("{}{square}", COLOUR_LETTERS[colour]);
        if board::progress_on_square(colour, square) == board::SHORTCUT {
            label.push('>');
        }
        let content = (0..game.seats)
            .map(|seat| {
                let d = board::progress_on_square(game.colour(seat), square);
                if board::on_track(d) {
                    stack_text(game, seat, d)
                } else {
                    String::new()
                }
            })
            .find(|text| !text.is_empty())
            .unwrap_or_default();
        canvas.cell(square_cell(square), 1, &label, &content);
    }
    for colour in 0..4 {
        let seat = game.seat_of_colour(colour);
        for step in 1..=5 {
            let at = HOME_FIRST + step as i8 - 1;
            let content = seat.map(|s| stack_text(game, s, at)).unwrap_or_default();
            let label = format!("{}h{step}", COLOUR_LETTERS[colour]);
            canvas.cell(home_cell(colour, step), 1, &label, &content);
        }
        let Some(seat) = seat else {
            continue;
        };
        let [launch, hangar, done] = quarter(colour);
        let name = COLOUR_NAMES[colour];
        canvas.cell(
            (launch.0, launch.1),
            launch.2,
            &format!("{} launch", COLOUR_LETTERS[colour]),
            &planes_text(game, seat, LAUNCH),
        );
        canvas.cell(
            (hangar.0, hangar.1),
            hangar.2,
            &format!("{name} hangar"),
            &planes_text(game, seat, HANGAR),
        );
        let finished = planes_text(game, seat, CENTRE);
        if !finished.is_empty() {
            canvas.cell((done.0, done.1), done.2, "in the centre", &finished);
        }
    }
    canvas.cell((6, 6), 2, "CENTRE", "");
    let mut lines = canvas.text();
    lines.extend(status(game));
    lines.extend(LEGEND.iter().map(|line| line.to_string()));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

fn status(game: &Aeroplane) -> Vec<String> {
    let mut lines = vec![String::new()];
    let name = game.seat_name(game.turn);
    match game.stage {
        Stage::RollOff(roll_off) => {
            lines.push(roll_off.describe(&|seat| game.seat_name(seat).to_string()));
        }
        Stage::Roll => lines.push(format!("{name} to roll")),
        Stage::Move(roll) => lines.push(format!("{name} to move, rolled {roll}")),
        Stage::Over => {
            if let Some(outcome) = game.outcome() {
                lines.push(format!("game over: {}", outcome.summary));
            }
        }
    }
    if game.sixes > 0 {
        let moved = if game.moved == 0 {
            "none".to_string()
        } else {
            game.names(game.turn, game.moved)
        };
        lines.push(format!(
            "6s in a row before this roll: {} (planes moved with them: {moved}){}",
            game.sixes,
            if game.third_six() { "; a third 6: pass" } else { "" }
        ));
    }
    if !game.finished.is_empty() && !game.stage.is_over() {
        let places: Vec<String> = game
            .finished
            .iter()
            .enumerate()
            .map(|(i, &seat)| format!("{} {}", i + 1, game.seat_name(seat)))
            .collect();
        lines.push(format!("finished: {}", places.join(", ")));
    }
    lines
}

/// What the board's letters mean, under the board (the list view names planes and
/// squares in words, so it goes without).
const LEGEND: [&str; 2] = [
    "capitals are planes: R1 = red plane 1, R24 = red planes 2 and 4 stacked",
    "small letters are squares: r24 = red square 24, r20> = shortcut, rh1-rh5 = home",
];

/// The position as a list: one line per player (where each plane or stack is), then the
/// same status lines as the board.
pub fn compact(game: &Aeroplane) -> String {
    let mut lines = Vec::new();
    for seat in 0..game.seats {
        let colour = game.colour(seat);
        let group = |at: i8| -> String {
            let names: Vec<String> = (0..PLANES)
                .filter(|&i| game.planes[seat][i] == at)
                .map(|i| super::plane_name(colour, i))
                .collect();
            names.join(" ")
        };
        let mut pieces = Vec::new();
        for plane in 0..PLANES {
            let at = game.planes[seat][plane];
            if at < 0 || at == CENTRE || !game.names_piece(seat, plane) {
                continue;
            }
            let mask = game.piece(seat, plane);
            let stack: Vec<String> = (0..PLANES)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| super::plane_name(colour, i))
                .collect();
            pieces.push(format!(
                "{} on {}",
                stack.join("+"),
                super::text::place_token(colour, at)
            ));
        }
        // Only the places that hold planes: four planes apart on the board must still fit
        // one 80-column line.
        let places: Vec<String> = [
            ("hangar", group(HANGAR)),
            ("launch", group(LAUNCH)),
            ("board", pieces.join(", ")),
            ("centre", group(CENTRE)),
        ]
        .into_iter()
        .filter(|(_, planes)| !planes.is_empty())
        .map(|(place, planes)| format!("{place} {planes}"))
        .collect();
        lines.push(format!("{:<6} {}", COLOUR_NAMES[colour], places.join("; ")));
    }
    lines.extend(status(game).into_iter().filter(|l| !l.is_empty()));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}
