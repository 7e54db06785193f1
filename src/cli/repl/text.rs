//! Text for people: lines kept within the terminal, moves and results in sentences, errors
//! with the legal moves.

use std::io::{self, Write};

use crate::app::session::{CommandError, Played};
use crate::core::{Seat, wrap_words};

/// Writes text for people. With `wrap` (the terminal) each line stays within 80 columns:
/// a longer line goes on, indented, on the next lines. Without it (pipes, logs, scripts)
/// every event keeps one line, so that it can be searched for.
pub fn say(out: &mut dyn Write, text: &str, wrap: bool) -> io::Result<()> {
    const WIDTH: usize = 80;
    const HANG: usize = 4;
    for line in text.lines() {
        if !wrap || line.chars().count() <= WIDTH {
            writeln!(out, "{line}")?;
            continue;
        }
        let body = line.trim_start();
        let lead = line.len() - body.len();
        let pieces = wrap_words(body, WIDTH - lead - HANG);
        for (i, piece) in pieces.iter().enumerate() {
            let indent = if i == 0 { lead } else { lead + HANG };
            writeln!(out, "{:indent$}{piece}", "")?;
        }
    }
    Ok(())
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
        let mut text = legal.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(", ");
        if legal.len() > SHOWN {
            text.push_str(&format!(", ... ({} in all; type 'legal')", legal.len()));
        }
        say(err, &format!("legal: {text}"), wrap)?;
    }
    Ok(())
}
