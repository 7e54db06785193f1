//! A record's tags, as PGN has them: `tag KEY VALUE` lines after the `seal` line that
//! say when the game was written (`date`, in UTC), by which version of tabula
//! (`tabula`), who sat in each seat (`player SEAT SPEC`, `name SEAT NAME` for a player
//! given a name, and `engine SEAT NAME` for the name an engine gave, told apart from the
//! names of the match's other players) and how it ended (`result`, `reason`). They are sealed with the
//! rest of the game; a tag of a key this version does not know is kept and shown.

use crate::app::session::{Action, Session};
use crate::core::Game;

/// The words that start the note lines a record may hold besides its actions, `seed`,
/// `seal`, `tag` and `end` lines. Any other line is refused as damage, so a program that
/// writes a new kind of line must add its word here. `remote` lines carry a remote game's
/// dice proof (`crate::app::remote::proof`).
pub const NOTE_WORDS: [&str; 8] = [
    "seats",
    "result",
    "forfeit",
    "adjudicated",
    "match-game",
    "match-plan",
    "match-player",
    "remote",
];

/// The tags of one game, in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    /// Whether the game has no tags (a record written before tags).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of the first tag `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Every tag, in the order written.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Reads the words of a `tag` line after `tag`.
    pub(super) fn read(&mut self, rest: &str) -> Result<(), String> {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        if key.is_empty() || value.is_empty() {
            return Err("a tag line is 'tag KEY VALUE', as 'tag date 2026-01-31 18:05:09 UTC'".into());
        }
        self.0.push((key.to_string(), value.to_string()));
        Ok(())
    }

    /// The player of `seat` (its spec, and its name when it has one), from the tags.
    fn player(&self, seat: &str) -> Option<String> {
        let of = |key: &str| {
            self.0.iter().find_map(|(k, v)| {
                let (who, value) = v.split_once(' ')?;
                (k == key && who == seat).then_some(value)
            })
        };
        let spec = of("player")?;
        Some(match of("name").or_else(|| of("engine")) {
            Some(name) => format!("{seat} {name} ({spec})"),
            None => format!("{seat} {spec}"),
        })
    }

    /// The tags for people, in lines within 80 columns: when and by what the game was
    /// written, its players and how it ended. Empty for a record without tags.
    pub fn describe(&self, seat_names: &[String]) -> Vec<String> {
        let mut lines = Vec::new();
        match (self.get("date"), self.get("tabula")) {
            (Some(date), Some(version)) => lines.push(format!("recorded {date} by tabula {version}")),
            (Some(date), None) => lines.push(format!("recorded {date}")),
            (None, Some(version)) => lines.push(format!("recorded by tabula {version}")),
            (None, None) => {}
        }
        let players: Vec<String> = seat_names.iter().filter_map(|s| self.player(s)).collect();
        if !players.is_empty() {
            lines.push(format!("players: {}", players.join(", ")));
        }
        match (self.get("result"), self.get("reason")) {
            (Some(result), Some(reason)) => lines.push(format!("result: {result} ({reason})")),
            (Some(result), None) => lines.push(format!("result: {result}")),
            _ => {}
        }
        let known = ["date", "tabula", "player", "name", "engine", "result", "reason"];
        for (key, value) in self.iter().filter(|(k, _)| !known.contains(k)) {
            lines.push(format!("{key}: {value}"));
        }
        lines
    }
}

/// Who sat in one seat, as a record's tags say it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatTag {
    /// The seat's name: `white`.
    pub seat: String,
    /// The player as `--player` takes it: `bot:greedy`.
    pub spec: String,
    /// The name given to the player (`--player NAME=SPEC`), if any.
    pub name: Option<String>,
    /// The name the seat's engine gave for itself, told apart from the other players'.
    pub engine: Option<String>,
}

/// The tag lines of a game: the date now, this version, each seat's player, given name
/// and engine's name, and how the game ended (`result`) and why (`reason`).
pub fn tags_of(seats: &[SeatTag], result: &str, reason: &str) -> Vec<String> {
    let mut lines = vec![
        format!("tag date {}", utc_now()),
        format!("tag tabula {}", env!("CARGO_PKG_VERSION")),
    ];
    lines.extend(seats.iter().map(|s| format!("tag player {} {}", s.seat, s.spec)));
    let named = seats.iter().filter_map(|s| Some((s, s.name.as_ref()?)));
    lines.extend(named.map(|(s, name)| format!("tag name {} {name}", s.seat)));
    let engines = seats.iter().filter_map(|s| Some((s, s.engine.as_ref()?)));
    lines.extend(engines.map(|(s, engine)| format!("tag engine {} {engine}", s.seat)));
    lines.push(format!("tag result {result}"));
    lines.push(format!("tag reason {reason}"));
    lines
}

/// The tag lines of a game as a record writes it (see [`tags_of`]): each seat's player
/// from the `seats` note (and its name from a match's `match-player` notes, which come in
/// seat order), and the result and its reason from the game and the `closing` lines (a
/// match's `forfeit` line).
pub(super) fn tag_lines(session: &Session, notes: &[String], closing: &[String]) -> Vec<String> {
    let game = session.game();
    let seat_names: Vec<String> = (0..game.seat_count())
        .map(|s| game.seat_name(s).to_string())
        .collect();
    let mut seats: Vec<SeatTag> = match notes.iter().find_map(|n| n.strip_prefix("seats ")) {
        Some(seats) => seat_players(seats, &seat_names)
            .into_iter()
            .map(|(seat, spec)| SeatTag {
                seat,
                spec,
                ..SeatTag::default()
            })
            .collect(),
        None => Vec::new(),
    };
    let named = notes
        .iter()
        .filter_map(|n| n.strip_prefix("match-player "))
        .filter_map(|n| Some(given_name(n.split_once(' ')?.1)));
    for (seat, name) in seats.iter_mut().zip(named) {
        seat.name = name.map(String::from);
    }
    let forfeit = closing.iter().find_map(|l| l.strip_prefix("forfeit "));
    let resigned = session.actions().last().and_then(|(_, action)| match action {
        Action::Resign(seat) => Some(*seat),
        _ => None,
    });
    let adjudicated = closing.iter().find_map(|l| l.strip_prefix("adjudicated "));
    let (result, reason) = match (forfeit, session.outcome().ok()) {
        (Some(forfeit), _) => {
            let seat = forfeit.split_whitespace().next().unwrap_or("");
            (format!("{seat} forfeits"), format!("forfeit: {forfeit}"))
        }
        (None, None) if let Some(adjudicated) = adjudicated => (
            first_places(&written_places(closing), &seat_names),
            format!("adjudicated: {adjudicated}"),
        ),
        (None, Some(outcome)) => {
            let reason = match resigned {
                Some(seat) => format!("{} resigned", game.seat_name(seat)),
                None => "played out".to_string(),
            };
            (outcome.summary, reason)
        }
        (None, None) => (
            "unfinished".to_string(),
            "the game was saved before its end".to_string(),
        ),
    };
    tags_of(&seats, &result, &reason)
}

/// The places of a match's `result places=...` line among the `closing` lines.
fn written_places(closing: &[String]) -> Vec<u8> {
    closing
        .iter()
        .find_map(|l| l.strip_prefix("result places="))
        .and_then(|rest| rest.split_whitespace().next())
        .map(|places| places.split(',').map(|p| p.parse().unwrap_or(0)).collect())
        .unwrap_or_default()
}

/// Who came first by the `places` of the seats: `white wins`, or the seats that share
/// first place.
pub fn first_places(places: &[u8], seat_names: &[String]) -> String {
    let first: Vec<&str> = places
        .iter()
        .zip(seat_names)
        .filter(|(place, _)| **place == 1)
        .map(|(_, seat)| seat.as_str())
        .collect();
    match first.as_slice() {
        [one] => format!("{one} wins"),
        [] => "unfinished".to_string(),
        many => format!("{} share first place", many.join(" and ")),
    }
}

/// A player written `NAME=SPEC` (on the command line, in an engines file and in a
/// record's `match-player` lines) split into its name and spec, or `None` when no name is
/// given. A spec comes first, in any case: `engine:./bot --depth=3` is an engine, not a
/// name.
pub fn split_name(text: &str) -> Option<(&str, &str)> {
    let looks_like_spec = ["human", "bot:", "engine:"].iter().any(|prefix| {
        text.get(..prefix.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
    });
    if looks_like_spec {
        None
    } else {
        text.split_once('=')
    }
}

/// The name in a `match-player` line's player (`NAME=SPEC`), if one was given, read
/// as the players read it.
fn given_name(player: &str) -> Option<&str> {
    split_name(player)
        .map(|(name, _)| name)
        .filter(|name| !name.is_empty())
}

/// `seats white=engine:./bot --fast black=bot:greedy` read as seat and player: a new
/// seat starts at a word `NAME=` that names a seat; other words belong to the engine
/// command before.
pub fn seat_players(seats: &str, seat_names: &[String]) -> Vec<(String, String)> {
    let mut players: Vec<(String, String)> = Vec::new();
    for word in seats.split_whitespace() {
        match word.split_once('=') {
            Some((seat, player)) if seat_names.iter().any(|s| s == seat) => {
                players.push((seat.to_string(), player.to_string()));
            }
            _ => {
                if let Some((_, last)) = players.last_mut() {
                    last.push(' ');
                    last.push_str(word);
                }
            }
        }
    }
    players
}

/// The date and time now in UTC, `2026-01-31 18:05:09 UTC` (the civil calendar from the
/// Unix time, as Howard Hinnant's `civil_from_days` reckons it).
fn utc_now() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_text(seconds)
}

fn utc_text(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let time = seconds % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        time / 3600,
        time % 3600 / 60,
        time % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_the_civil_calendar_in_utc() {
        assert_eq!(utc_text(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc_text(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc_text(1_798_761_599), "2026-12-31 23:59:59 UTC");
        assert_eq!(utc_text(1_709_164_800 + 3661), "2024-02-29 01:01:01 UTC");
    }

    #[test]
    fn a_seats_note_is_read_seat_by_seat_with_engine_commands_whole() {
        let names = ["white".to_string(), "black".to_string()];
        assert_eq!(
            seat_players("white=engine:./bot --fast x=1 black=bot:greedy", &names),
            vec![
                ("white".into(), "engine:./bot --fast x=1".into()),
                ("black".into(), "bot:greedy".into())
            ]
        );
    }

    #[test]
    fn a_given_name_is_read_as_the_players_read_it() {
        assert_eq!(given_name("Gus=bot:greedy"), Some("Gus"));
        assert_eq!(given_name("bot:greedy"), None);
        assert_eq!(given_name("engine:./bot --depth=3"), None);
        assert_eq!(
            given_name("Engine:./bot --depth=3"),
            None,
            "in any case, as the players"
        );
        assert_eq!(given_name("=bot:greedy"), None);
    }

    #[test]
    fn tags_are_read_and_described() {
        let mut tags = Tags::default();
        for line in [
            "date 2026-01-31 18:05:09 UTC",
            "tabula 1.2.3",
            "player white human",
            "player black bot:greedy",
            "name black Greedy Gus",
            "result white wins (1 point)",
            "reason played out",
            "site the club",
        ] {
            tags.read(line).unwrap();
        }
        assert!(tags.read("date").is_err());
        let names = ["white".to_string(), "black".to_string()];
        assert_eq!(
            tags.describe(&names),
            vec![
                "recorded 2026-01-31 18:05:09 UTC by tabula 1.2.3",
                "players: white human, black Greedy Gus (bot:greedy)",
                "result: white wins (1 point) (played out)",
                "site: the club",
            ]
        );
    }
}
