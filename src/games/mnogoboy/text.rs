//! Mnogoboy notation (`take white`, `swap green`, `move`, `move long`, `move short`,
//! `move 16`, `pass`) and the one-line position string.
//!
//! Position string: space-separated `key=value` fields, in any order:
//! `p1=w@12 p2=g@S turn=p1:roll before=-`
//! - `p1=` .. `pN=` (one per seat): the piece the seat controls and its field, as
//!   `LETTER@FIELD` with the colour letter (w g o s y b k) and `S`, `1`..`66` or `F`; `-`
//!   before the seat has taken a piece. Pieces no seat controls are in the reserve.
//! - `turn=`: `SEAT:rolloff` (rolls in the roll-off), `SEAT:take` (takes a first piece),
//!   `SEAT:roll` (rolls; may exchange first unless `before=` says it already acted),
//!   `SEAT:again` (rolls again after landing on its own colour), `SEAT:4` (moves a 4),
//!   `SEAT:exchange` (may exchange after the move, or pass), `SEAT:dot` (must exchange on
//!   a dot), or `over` (the seat whose piece stands on F has won).
//! - `before=`: what the seat to act did before its roll this turn: `-` nothing, `take`
//!   (took its first piece), or the letter of the piece it gave away in an exchange.
//! - `rolloff=` (only during the roll-off): each seat's roll this round, `-` still to
//!   roll, `x` out after an earlier round: `rolloff=4,-,-`.

use super::board::{Branch, Colour, FINISH, START, field_name, parse_field};
use super::{
    BeforeRoll, MAX_SEATS, Mnogoboy, MnogoboyMove, Piece, PositionError, PositionFault, SEAT_NAMES, Stage,
};
use crate::core::{PositionFields, Seat, SyntaxError, SyntaxMistake};
use crate::core::{RollOff, RollOffRule, Standing};

const MOVE_HELP: &str = "write take COLOUR, swap COLOUR, move, move long, move short, move FIELD or pass";
const COLOUR_HELP: &str = "the colours are white green orange grey yellow blue black (or w g o s y b k)";

/// Reads a move: `take COLOUR`, `swap COLOUR`, `move`, `move long`, `move short`,
/// `move FIELD` (a field number or F) or `pass`; colours by name or letter, any case.
pub fn parse_move(text: &str) -> Result<MnogoboyMove, SyntaxError> {
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let colour = |word: &str| match Colour::parse(word) {
        Some(colour) => Ok(colour),
        None => Err(SyntaxError(not_a_colour(word))),
    };
    match words[..] {
        ["pass"] => Ok(MnogoboyMove::Pass),
        ["take", word] => Ok(MnogoboyMove::Take(colour(word)?)),
        ["swap", word] => Ok(MnogoboyMove::Swap(colour(word)?)),
        ["take" | "swap"] => Err(SyntaxMistake::NeedsA {
            word: words[0].to_string(),
            what: "a colour",
            example: "white",
            forms: COLOUR_HELP,
        }
        .into()),
        ["move"] => Ok(MnogoboyMove::Advance(None)),
        ["move", "long"] => Ok(MnogoboyMove::Advance(Some(Branch::Long))),
        ["move", "short"] => Ok(MnogoboyMove::Advance(Some(Branch::Short))),
        ["move", word] => match parse_field(word) {
            Some(START) => Err(SyntaxMistake::RuledOut {
                rule: "a move cannot end on S; write move, move long, move short or move FIELD",
            }
            .into()),
            Some(field) => Ok(MnogoboyMove::AdvanceTo(field)),
            None => Err(SyntaxMistake::Misformed {
                text: format!("move {word}"),
                rule: "write move, move long, move short, or a target field 1-66 or F",
            }
            .into()),
        },
        [] => Err(SyntaxMistake::Empty { forms: MOVE_HELP }.into()),
        _ => Err(SyntaxMistake::NotA {
            text: text.trim().to_string(),
            what: "a mnogoboy move",
            forms: MOVE_HELP,
        }
        .into()),
    }
}

/// Why `word` is no colour. A cut name is never completed, not even when only one colour
/// fits (records must not read a torn `swap gr` as anything): it names the candidates.
fn not_a_colour(word: &str) -> SyntaxMistake {
    let names: Vec<String> = Colour::ALL
        .into_iter()
        .filter(|c| word.len() > 1 && c.name().starts_with(word))
        .map(|c| format!("{} ({})", c.name(), c.letter()))
        .collect();
    if names.is_empty() {
        SyntaxMistake::NotA {
            text: word.to_string(),
            what: "a colour",
            forms: COLOUR_HELP,
        }
    } else {
        SyntaxMistake::Cut {
            word: word.to_string(),
            names,
        }
    }
}

/// Writes a move exactly as [`parse_move`] reads it.
pub fn format_move(mv: &MnogoboyMove) -> String {
    match mv {
        MnogoboyMove::Take(colour) => format!("take {colour}"),
        MnogoboyMove::Swap(colour) => format!("swap {colour}"),
        MnogoboyMove::Advance(None) => "move".to_string(),
        MnogoboyMove::Advance(Some(branch)) => format!("move {}", branch.name()),
        MnogoboyMove::AdvanceTo(field) => format!("move {}", field_name(*field)),
        MnogoboyMove::Pass => "pass".to_string(),
    }
}

/// The start position's string for `seats` players.
pub fn start_position(seats: usize) -> String {
    let pieces: Vec<String> = (0..seats).map(|s| format!("{}=-", SEAT_NAMES[s])).collect();
    format!(
        "{} turn=p1:rolloff before=- rolloff={}",
        pieces.join(" "),
        vec!["-"; seats].join(",")
    )
}

/// An example of a position in play, for error messages.
pub(super) fn example(seats: usize) -> String {
    let colours = ['w', 'g', 'o', 's', 'y', 'b'];
    let fields = ["12", "S", "20", "3", "8", "1"];
    let pieces: Vec<String> = (0..seats)
        .map(|s| format!("{}={}@{}", SEAT_NAMES[s], colours[s], fields[s]))
        .collect();
    format!("{} turn=p1:roll before=-", pieces.join(" "))
}

/// The position as one line (see the module documentation).
pub fn position_string(game: &Mnogoboy) -> String {
    let mut fields: Vec<String> = (0..game.seats)
        .map(|seat| {
            let piece = match game.pieces[seat] {
                Some(p) => format!("{}@{}", p.colour.letter(), field_name(p.field)),
                None => "-".to_string(),
            };
            format!("{}={piece}", SEAT_NAMES[seat])
        })
        .collect();
    let seat = SEAT_NAMES[game.turn];
    fields.push(match game.stage {
        Stage::RollOff(_) => format!("turn={seat}:rolloff"),
        Stage::Take => format!("turn={seat}:take"),
        Stage::Roll { again: false } => format!("turn={seat}:roll"),
        Stage::Roll { again: true } => format!("turn={seat}:again"),
        Stage::Move { die } => format!("turn={seat}:{die}"),
        Stage::Exchange => format!("turn={seat}:exchange"),
        Stage::Dot => format!("turn={seat}:dot"),
        Stage::Over => "turn=over".to_string(),
    });
    fields.push(match game.before {
        BeforeRoll::Nothing => "before=-".to_string(),
        BeforeRoll::Took => "before=take".to_string(),
        BeforeRoll::Gave(colour) => format!("before={}", colour.letter()),
    });
    if let Stage::RollOff(roll_off) = game.stage {
        let rolls: Vec<String> = (0..game.seats)
            .map(|seat| match roll_off.standing(seat) {
                Standing::Waiting => "-".to_string(),
                Standing::Rolled(v) => v.to_string(),
                Standing::Out => "x".to_string(),
            })
            .collect();
        fields.push(format!("rolloff={}", rolls.join(",")));
    }
    fields.join(" ")
}

fn parse_piece(value: &str, seat: Seat) -> Result<Option<Piece>, PositionError> {
    if value == "-" {
        return Ok(None);
    }
    let bad = || PositionFault::PieceValue {
        seat,
        value: value.to_string(),
    };
    let (colour, field) = value.split_once('@').ok_or_else(bad)?;
    let colour = Colour::parse(colour).ok_or_else(bad)?;
    let field = parse_field(field).ok_or_else(bad)?;
    Ok(Some(Piece { colour, field }))
}

fn parse_turn(game: &mut Mnogoboy, value: &str) -> Result<(), PositionError> {
    if value == "over" {
        game.stage = Stage::Over;
        return Ok(());
    }
    let bad = || {
        PositionError::from(PositionFault::TurnValue {
            value: value.to_string(),
            seats: game.seats,
        })
    };
    let (seat, what) = value.split_once(':').ok_or_else(bad)?;
    let seat = SEAT_NAMES[..game.seats]
        .iter()
        .position(|&n| n == seat)
        .ok_or_else(bad)?;
    game.turn = seat;
    game.stage = match what {
        // The rolloff= field says where the roll-off stands.
        "rolloff" => Stage::RollOff(RollOff::new(RollOffRule::Highest, game.seats)),
        "take" => Stage::Take,
        "roll" => Stage::Roll { again: false },
        "again" => Stage::Roll { again: true },
        "exchange" => Stage::Exchange,
        "dot" => Stage::Dot,
        _ => match what.parse::<u8>() {
            Ok(die) if (1..=6).contains(&die) => Stage::Move { die },
            _ => return Err(bad()),
        },
    };
    Ok(())
}

fn parse_before(value: &str) -> Result<BeforeRoll, PositionError> {
    match value {
        "-" => Ok(BeforeRoll::Nothing),
        "take" => Ok(BeforeRoll::Took),
        _ => Colour::parse(value).map(BeforeRoll::Gave).ok_or_else(|| {
            PositionError::bad_value(
                "before",
                value,
                "write - (nothing yet), take (took the first piece) or the letter of the piece given away",
            )
        }),
    }
}

fn parse_rolloff(game: &Mnogoboy, value: &str) -> Result<Vec<Standing>, PositionError> {
    let entries: Vec<&str> = value.split(',').collect();
    if entries.len() != game.seats {
        return Err(PositionFault::RollOffSeatCount {
            value: value.to_string(),
            listed: entries.len(),
            seats: game.seats,
        }
        .into());
    }
    let mut standings = Vec::new();
    for entry in &entries {
        standings.push(match *entry {
            "-" => Standing::Waiting,
            "x" => Standing::Out,
            _ => match entry.parse::<u8>() {
                Ok(v) if (1..=6).contains(&v) => Standing::Rolled(v),
                _ => {
                    return Err(PositionError::bad_value(
                        "rolloff",
                        value,
                        "each entry is a roll 1-6, - (still to roll) or x (out)",
                    ));
                }
            },
        });
    }
    Ok(standings)
}

/// Reads a position string into a game with `base`'s options (not yet validated).
pub fn parse_position(base: &Mnogoboy, text: &str) -> Result<Mnogoboy, PositionError> {
    let mut game = base.clone();
    game.pieces = [None; MAX_SEATS];
    game.before = BeforeRoll::Nothing;
    let seats = game.seats;
    let mut standings = None;
    let mut fields = PositionFields::new(text);
    for field in fields.by_ref() {
        let (key, value) = field?;
        if let Some(seat) = SEAT_NAMES.iter().position(|&n| n == key) {
            if seat >= seats {
                return Err(PositionFault::NoSuchSeat { seat, seats }.into());
            }
            game.pieces[seat] = parse_piece(value, seat)?;
            continue;
        }
        match key {
            "turn" => parse_turn(&mut game, value)?,
            "before" => game.before = parse_before(value)?,
            "rolloff" => standings = Some(parse_rolloff(&game, value)?),
            _ => {
                return Err(PositionFault::UnknownField {
                    key: key.to_string(),
                    seats,
                }
                .into());
            }
        }
    }
    if let Some(key) = fields.first_missing(SEAT_NAMES[..seats].iter().copied().chain(["turn", "before"])) {
        return Err(PositionFault::MissingField { key, seats }.into());
    }
    if let (Stage::RollOff(_), Some(standings)) = (game.stage, &standings) {
        let roll_off = RollOff::from_standings(RollOffRule::Highest, standings)
            .map_err(|why| PositionFault::RollOffStandings { why, seats })?;
        game.stage = Stage::RollOff(roll_off);
    }
    match (matches!(game.stage, Stage::RollOff(_)), standings.is_some()) {
        (true, false) => {
            return Err(PositionFault::RollOffFieldMissing { seats }.into());
        }
        (false, true) => {
            return Err(PositionFault::RollOffFieldOutOfPlace.into());
        }
        _ => {}
    }
    if game.stage == Stage::Over {
        // The winner is the seat whose piece stands on F.
        game.turn = (0..seats)
            .find(|&s| game.pieces[s].is_some_and(|p| p.field == FINISH))
            .unwrap_or(0);
    }
    Ok(game)
}
