//! Text for people: lines kept within the terminal, moves and results in sentences, errors
//! with the legal moves.

use std::io::{self, Write};

use crate::app::session::{CommandError, Played};
use crate::core::{Seat, wrap_words};

/// Writes text for people. With `wrap` (the terminal) each line stays within 80 columns:
/// a longer line goes on, indented, on the next lines, never inside a short bracketed
/// group (`(dice left: 3 3)`) nor inside words joined by [`GLUE`] (a move of a list).
/// Without it (pipes, logs, scripts) every event keeps one line, so that it can be
/// searched for.
pub fn say(out: &mut dyn Write, text: &str, wrap: bool) -> io::Result<()> {
    const WIDTH: usize = 80;
    const HANG: usize = 4;
    for line in text.lines() {
        if !wrap || line.chars().count() <= WIDTH {
            writeln!(out, "{}", line.replace(GLUE, " "))?;
            continue;
        }
        let body = line.trim_start();
        let lead = line.len() - body.len();
        let width = WIDTH - lead - HANG;
        let pieces = wrap_words(&glue_groups(body, width), width);
        for (i, piece) in pieces.iter().enumerate() {
            let indent = if i == 0 { lead } else { lead + HANG };
            writeln!(out, "{:indent$}{}", "", piece.replace(GLUE, " "))?;
        }
    }
    Ok(())
}

/// Stands for a blank that [`say`] must not break a line at; it prints as a blank.
pub(super) const GLUE: char = '\u{1f}';

/// `text` with the blanks inside each bracketed group that fits on a line of `width`
/// turned to [`GLUE`], so that wrapping keeps the group whole.
fn glue_groups(text: &str, width: usize) -> String {
    let mut glued: Vec<char> = text.chars().collect();
    let mut open = Vec::new();
    for at in 0..glued.len() {
        match glued[at] {
            '(' => open.push(at),
            ')' => {
                if let Some(start) = open.pop()
                    && at - start < width
                {
                    for c in &mut glued[start..at] {
                        if *c == ' ' {
                            *c = GLUE;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    glued.into_iter().collect()
}

/// Shows a text that may be taller than the screen (`help`, `rules`): at the table in a
/// terminal through the pager when it is (see [`crate::cli::pager`]), wrapped to 80
/// columns when `wrap`; elsewhere (`terminal` false) as [`say`] writes it, or as it is.
pub(super) fn show_long(out: &mut dyn Write, text: &str, wrap: bool, terminal: bool) -> io::Result<()> {
    if !terminal {
        return if wrap {
            say(out, text, false)
        } else {
            writeln!(out, "{text}")
        };
    }
    let mut shown = Vec::new();
    say(&mut shown, text, wrap)?;
    crate::cli::pager::page_or_write(&String::from_utf8_lossy(&shown), out)
}

/// How a move made by a bot, an engine or a record reads for people: `black plays d8
/// (eats a8)`, what it did as `legal` describes it; a bare pass is only ever forced, and
/// says so.
pub fn move_line(who: &str, played: &Played) -> String {
    if played.text == "pass" && played.details.is_empty() {
        format!("{who} has no legal move and passes")
    } else {
        format!("{who} plays {}{}", played.text, played.details)
    }
}

pub(super) fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

pub(super) fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The `result` text: the summary as a sentence, then the places (more than two seats)
/// or the points (two seats).
pub fn result_sentences(outcome: &crate::core::Outcome, seat_name: impl Fn(Seat) -> &'static str) -> String {
    let mut text = format!("{}.", capitalized(&outcome.summary));
    let seats = outcome.places.len();
    if seats > 2 {
        let mut order: Vec<Seat> = (0..seats).collect();
        order.sort_by_key(|&seat| outcome.places[seat]);
        let places: Vec<String> = order
            .iter()
            .map(|&seat| format!("{} {}", ordinal(outcome.places[seat]), seat_name(seat)))
            .collect();
        text.push_str(&format!("\nPlaces: {}.", places.join(", ")));
    } else {
        let points: Vec<String> = (0..seats)
            .map(|seat| format!("{} {}", seat_name(seat), outcome.points[seat]))
            .collect();
        text.push_str(&format!("\nPoints: {}.", points.join(", ")));
    }
    text
}

fn ordinal(place: u8) -> &'static str {
    match place {
        1 => "1st",
        2 => "2nd",
        3 => "3rd",
        4 => "4th",
        5 => "5th",
        _ => "6th",
    }
}

/// Prints a command error the way people read it; illegal moves list the legal ones.
/// `wrap` keeps the lines within 80 columns (for the terminal, see [`say`]).
pub fn report_error(
    err: &mut dyn Write,
    line: Option<usize>,
    error: &CommandError,
    wrap: bool,
) -> io::Result<()> {
    let at = line.map(|n| format!("line {n}: ")).unwrap_or_default();
    say(err, &format!("error: {at}{error}"), wrap)?;
    if let CommandError::Illegal { legal, .. } = error
        && !legal.is_empty()
    {
        const SHOWN: usize = 12;
        // A move of several steps (`24/18 18/12`) stays on one line when the list wraps.
        let mut text = legal
            .iter()
            .take(SHOWN)
            .map(|mv| mv.replace(' ', &GLUE.to_string()))
            .collect::<Vec<_>>()
            .join(", ");
        if legal.len() > SHOWN {
            text.push_str(&format!(", ... ({} in all; type 'legal')", legal.len()));
        }
        say(err, &format!("legal: {text}"), wrap)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{report_error, say};
    use crate::app::session::CommandError;

    /// What `report_error` prints for `error` at the terminal (wrapped).
    fn reported(error: &CommandError) -> String {
        let mut out = Vec::new();
        report_error(&mut out, None, error, true).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Long Nardy's refusal of a move that is not one of `legal`.
    fn not_legal(legal: Vec<String>) -> CommandError {
        let fault = crate::games::AnyMoveFault::Nardy(crate::games::nardy::MoveFault::NotLegal);
        CommandError::Illegal {
            error: crate::core::IllegalMove(fault),
            legal,
        }
    }

    #[test]
    fn a_wrapped_error_keeps_a_bracketed_list_and_each_move_on_one_line() {
        // The break at 80 columns falls inside "(dice left: 3 3)" and inside a move.
        let reason = format!(
            "{} no die left takes a checker from 18 to 12 (dice left: 3 3)",
            "x".repeat(20)
        );
        let legal: Vec<String> = (0..12)
            .map(|i| format!("24/2{} 2{}/18", i % 10, i % 10))
            .collect();
        let shown = reported(&CommandError::Refused(reason));
        assert!(shown.contains("(dice left: 3 3)"), "{shown}");
        assert!(shown.lines().all(|l| l.chars().count() <= 80), "{shown}");
        let shown = reported(&not_legal(legal));
        for i in 0..10 {
            assert!(shown.contains(&format!("24/2{i} 2{i}/18")), "{shown}");
        }
        assert!(shown.lines().all(|l| l.chars().count() <= 80), "{shown}");
        assert!(shown.lines().count() > 3, "{shown}");
        // A group too long for a line still wraps, and nothing of the glue shows.
        let mut out = Vec::new();
        let long = format!("error: ({})", "word ".repeat(30));
        say(&mut out, &long, true).unwrap();
        let shown = String::from_utf8(out).unwrap();
        assert!(shown.lines().all(|l| l.chars().count() <= 80), "{shown}");
        assert!(!shown.contains('\u{1f}'), "{shown:?}");
        // Into a pipe the line is whole and plain.
        let mut out = Vec::new();
        report_error(&mut out, None, &not_legal(vec!["24/18 18/12".into()]), false).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "error: illegal move: that is not one of the legal moves\nlegal: 24/18 18/12\n"
        );
    }
}
