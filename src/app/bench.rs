//! `tabula bench`: how fast the rules play random games and how fast bots decide.

use std::time::{Duration, Instant};

use crate::ai::bots::Bot;
use crate::ai::playout::MAX_ACTIONS;
use crate::ai::playout::playout;
use crate::core::{Game, Phase, SeededDice};

/// The totals of a benchmark run.
#[derive(Clone, Copy, Debug)]
pub struct BenchReport {
    /// Games played.
    pub games: u64,
    /// Moves played over all games.
    pub moves: u64,
    /// Games that hit [`MAX_ACTIONS`] without ending (always 0 unless rules are broken).
    pub unfinished: u64,
    /// Wall time.
    pub elapsed: Duration,
}

impl BenchReport {
    /// Games per second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Moves (turns) per second.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Plays random games from `fresh` in this thread, generating every legal move each turn,
/// until `games` are done or `budget` has passed (whichever first; at least one game).
pub fn random_games<G: Game>(fresh: &G, seed: u64, games: u64, budget: Duration) -> BenchReport {
    let mut dice = SeededDice::new(seed);
    let mut picks = SeededDice::new(seed ^ 0x5eed);
    let start = Instant::now();
    let mut report = BenchReport {
        games: 0,
        moves: 0,
        unfinished: 0,
        elapsed: Duration::ZERO,
    };
    while report.games < games.max(1) && (report.games == 0 || start.elapsed() < budget) {
        let mut game = fresh.clone();
        let stats = playout(
            &mut game,
            &mut dice,
            |_, legal| picks.below(legal.len() as u32) as usize,
            |_, _| None,
        );
        report.games += 1;
        report.moves += stats.moves;
        if !stats.finished {
            report.unfinished += 1;
        }
    }
    report.elapsed = start.elapsed();
    report
}

/// The totals of a bot benchmark: the bot plays every seat, and each decision with more
/// than one choice is timed.
#[derive(Clone, Debug)]
pub struct BotBenchReport {
    /// Games finished.
    pub games: u64,
    /// Decisions timed (moves and before-roll choices with at least two options).
    pub decisions: u64,
    /// Forced moves (a single legal move), played without asking the bot.
    pub forced: u64,
    /// Time spent in timed decisions.
    pub thinking: Duration,
    /// Each timed decision's duration, sorted.
    pub times: Vec<Duration>,
}

impl BotBenchReport {
    /// Timed decisions per second of thinking.
    pub fn decisions_per_second(&self) -> f64 {
        self.decisions as f64 / self.thinking.as_secs_f64().max(1e-9)
    }

    /// The `q` quantile (0 to 1) of the decision times.
    pub fn quantile(&self, q: f64) -> Duration {
        if self.times.is_empty() {
            return Duration::ZERO;
        }
        let index = ((self.times.len() - 1) as f64 * q.clamp(0.0, 1.0)).round() as usize;
        self.times[index]
    }
}

/// Plays games of `fresh` with `bots` (one per seat) in this thread until `games` are
/// done or `budget` has passed (checked after every decision), timing every decision.
pub fn bot_games<G: Game>(
    fresh: &G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    games: u64,
    budget: Duration,
) -> BotBenchReport {
    let mut dice = SeededDice::new(seed);
    let start = Instant::now();
    let mut report = BotBenchReport {
        games: 0,
        decisions: 0,
        forced: 0,
        thinking: Duration::ZERO,
        times: Vec::new(),
    };
    let mut moves: Vec<G::Move> = Vec::new();
    'games: while report.games < games.max(1) {
        let mut game = fresh.clone();
        let mut actions = 0;
        while actions < MAX_ACTIONS {
            if start.elapsed() >= budget && !report.times.is_empty() {
                break 'games;
            }
            let Some(seat) = game.phase().seat() else {
                report.games += 1;
                continue 'games;
            };
            moves.clear();
            game.legal_moves(&mut moves);
            let bot = &mut bots[seat % bots.len()];
            actions += 1;
            match game.phase() {
                Phase::Roll(_) => {
                    if !moves.is_empty() {
                        let timer = Instant::now();
                        let choice = bot.choose_before_roll(&game, &moves);
                        report.times.push(timer.elapsed());
                        if let Some(index) = choice.filter(|&i| i < moves.len()) {
                            game.play_unchecked(&moves[index]);
                            continue;
                        }
                    }
                    let roll = game.roll(&mut dice);
                    if game.set_dice(roll).is_err() {
                        break;
                    }
                }
                Phase::Move(_) => {
                    if moves.len() == 1 {
                        report.forced += 1;
                        game.play_unchecked(&moves[0]);
                        continue;
                    }
                    let timer = Instant::now();
                    let index = bot.choose_move(&game, &moves).min(moves.len() - 1);
                    report.times.push(timer.elapsed());
                    game.play_unchecked(&moves[index]);
                }
                Phase::Over => {}
            }
        }
        // A game that ran away is dropped; the next one starts.
        report.games += 1;
    }
    report.times.sort_unstable();
    report.decisions = report.times.len() as u64;
    report.thinking = report.times.iter().sum();
    report
}
