//! `tabula match`: many games between players (bots and external engines) that take
//! turns in every seat, in parallel, with records that replay and resume.
//!
//! With `S` seats and `K` pairings (one when there are as many players as seats; every
//! set of `S` players in a round robin; the first player with every set of `S - 1`
//! others in a gauntlet), game `g` is of set `g / S`, played by pairing `(g / S) % K`
//! with the seats rotated by `g % S`, on dice seed `seed + g / (S K)`: every pairing
//! plays every dice stream once from each seat (for two seats: paired dice, seats
//! swapped), so luck cancels out.
//!
//! One file per job: `game.rs` plays one game through the shared loop
//! ([`crate::ai::playout::play_out`]) with a referee at the table, `scoring.rs` turns its
//! end (or a forfeit) into places, points and record lines, `game_record.rs` is a game
//! as the records keep it (written and read as text there, as a JSON line in
//! `jsonl.rs`), `engines_file.rs` reads
//! `--engines FILE`, `openings.rs` reads `--positions FILE`, `resume.rs` reads finished
//! games back from the records, `run.rs` plays the games on threads, `report.rs` sums up
//! the records of any number of runs (shards), `table.rs` and `standings.rs` sum the
//! games up (ratings, score matrix, SPRT) with the players as `labels.rs` names them, and `plan.rs` says who plays which game.

mod adjudicate;
mod engines;
mod engines_file;
mod game;
mod game_record;
mod jsonl;
mod labels;
mod openings;
mod plan;
mod record_files;
mod report;
mod resume;
mod run;
mod scoring;
mod standings;
mod table;

pub use engines_file::{NamedEngine, read_engines};
#[cfg(test)]
pub use game::play_game;
pub use openings::{Openings, Starts};
pub use plan::{Pairing, Shard, ShardError, Tourney};
pub use report::{ReportRequest, find_player, report};
pub use run::{check_engines, run_match};

use std::path::PathBuf;

use crate::app::players::{ForfeitKind, MatchPlayer};
use crate::app::protocol::client::{EngineSettings, Traffic};
use crate::app::session::Session;
use crate::core::{Options, Seat};
use crate::games::GameKind;

/// What `tabula match` was asked for.
#[derive(Clone)]
pub struct MatchConfig {
    /// The game.
    pub kind: GameKind,
    /// Its options.
    pub options: Options,
    /// How many games.
    pub games: u64,
    /// The players: one per seat, or more for a round robin or a gauntlet.
    pub players: Vec<MatchPlayer>,
    /// The first dice seed.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// Where every game is written (and read back to resume).
    pub records: Option<PathBuf>,
    /// Limits and log for external engines.
    pub engines: EngineSettings,
    /// The networks the built-in bots play on.
    pub nets: crate::ai::learn::Nets,
    /// What more players than seats, SPRT, shards and per-engine settings add.
    pub tourney: Tourney,
}

/// How one game of the match went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// The game's number in the match, from 0.
    pub index: u64,
    /// Which player sat in each seat.
    pub seat_players: Vec<usize>,
    /// Finishing place per seat (seats that share a place have the same number).
    pub places: Vec<u8>,
    /// Points per seat (a first place shared by `k` seats gives each `1/k` of its points).
    pub points: Vec<f64>,
    /// The seat that forfeited, with the reason class and the story.
    pub forfeit: Option<(Seat, ForfeitKind, String)>,
    /// The forfeiting engine's last standard error lines (empty with `--log`).
    pub stderr: Vec<String>,
    /// The name each seat's engine gave (none for bots, or when resumed).
    pub names: Vec<Option<String>>,
    /// Moves played.
    pub moves: u64,
    /// Round trips with each seat's external engine, and its starts (empty when resumed
    /// from records).
    pub traffic: Vec<Traffic>,
    /// Why the game was adjudicated (`--adjudicate`), if it was.
    pub adjudicated: Option<String>,
}

impl GameSummary {
    /// The share of the first place that `seat` got: 1 for a win, `1/k` when `k` seats
    /// share it, 0 otherwise. The shares of one game add up to 1.
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.places.get(seat) != Some(&1) {
            return 0.0;
        }
        1.0 / self.places.iter().filter(|&&p| p == 1).count() as f64
    }
}

impl MatchConfig {
    pub(super) fn seats_line(&self, seat_players: &[usize], session: &Session) -> String {
        let words: Vec<String> = seat_players
            .iter()
            .enumerate()
            .map(|(seat, &player)| format!("{}={}", session.seat_name(seat), self.players[player].spec))
            .collect();
        format!("seats {}", words.join(" "))
    }

    pub(super) fn log(&self, who: &str, text: &str) {
        if let Some(log) = &self.engines.log {
            log.write(who, "=", text);
        }
    }
}

#[cfg(test)]
impl MatchConfig {
    /// A match of `kind` with the options `words` between `players` (as `--player`
    /// takes them): 100 games from dice seed 1, one job, nothing written, the shipped
    /// networks.
    pub fn for_test(kind: GameKind, words: &[&str], players: &[&str]) -> MatchConfig {
        MatchConfig {
            kind,
            options: Options::parse(kind.info().options, words).expect("options of the game"),
            games: 100,
            players: players.iter().map(|p| p.parse().expect("a player")).collect(),
            seed: 1,
            jobs: 1,
            records: None,
            engines: EngineSettings::default(),
            nets: crate::ai::learn::Nets::shipped(),
            tourney: Tourney::default(),
        }
    }
}

/// How game `index` is named in the records (`match-game N`) and in the log (`game N`).
pub(super) fn game_label(index: u64) -> String {
    format!("game {}", index + 1)
}

/// The text on one line: line breaks become spaces.
pub(super) fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}
