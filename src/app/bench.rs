//! `tabula bench`: how fast the rules play random games and how fast bots decide.

use std::time::{Duration, Instant};

use std::ops::ControlFlow;

use crate::ai::bots::Bot;
use crate::ai::playout::{End, Observer, Seated, Seats, play_out, playout};
use crate::core::Strategy;
use crate::core::{DiceSource, Game, Seat, SeededDice};

/// The totals of a benchmark run.
#[derive(Clone, Copy, Debug)]
pub struct BenchReport {
    /// Games played.
    pub games: u64,
    /// Moves played over all games.
    pub moves: u64,
    /// Games that hit [`crate::ai::playout::MAX_ACTIONS`] without ending (always 0 unless rules are broken).
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

/// A bot per seat, timed: every decision with more than one choice is timed, a single
/// legal move is played without asking.
struct Timed<'b, G: Game> {
    bots: &'b mut [Box<dyn Bot<G>>],
    forced: u64,
    times: Vec<Duration>,
}

impl<G: Strategy> Seats<G> for Timed<'_, G> {
    fn before_roll(&mut self, seat: Seat, game: &G, actions: &[G::Move]) -> Option<usize> {
        if actions.is_empty() {
            return None;
        }
        let count = self.bots.len();
        let timer = Instant::now();
        let choice = self.bots[seat % count].choose_before_roll(game, actions);
        self.times.push(timer.elapsed());
        choice
    }

    fn choose(&mut self, seat: Seat, game: &G, moves: &[G::Move]) -> usize {
        if moves.len() == 1 {
            self.forced += 1;
            return 0;
        }
        let count = self.bots.len();
        let timer = Instant::now();
        let index = self.bots[seat % count].choose_move(game, moves);
        self.times.push(timer.elapsed());
        index
    }
}

/// Stops the run once `budget` has passed since `start`, after at least one decision.
struct Budget {
    start: Instant,
    budget: Duration,
}

impl<G: Game, D: DiceSource + ?Sized> Observer<Seated<'_, G, &mut Timed<'_, G>, D>> for Budget {
    fn before_action(&mut self, table: &Seated<'_, G, &mut Timed<'_, G>, D>) -> ControlFlow<()> {
        if self.start.elapsed() >= self.budget && !table.seats.times.is_empty() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Plays games of `fresh` with `bots` (one per seat) in this thread until `games` are
/// done or `budget` has passed (checked before every action), timing every decision.
pub fn bot_games<G: Strategy>(
    fresh: &G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    games: u64,
    budget: Duration,
) -> BotBenchReport {
    let mut dice = SeededDice::new(seed);
    let mut budget = Budget {
        start: Instant::now(),
        budget,
    };
    let mut timed = Timed {
        bots,
        forced: 0,
        times: Vec::new(),
    };
    let mut played = 0;
    while played < games.max(1) {
        let mut game = fresh.clone();
        let Ok(stats) = play_out(&mut Seated::new(&mut game, &mut dice, &mut timed), &mut budget);
        if stats.end == End::Stopped {
            break;
        }
        // A game that ran away (or got stuck) counts, and the next one starts.
        played += 1;
    }
    let mut times = timed.times;
    times.sort_unstable();
    BotBenchReport {
        games: played,
        decisions: times.len() as u64,
        forced: timed.forced,
        thinking: times.iter().sum(),
        times,
    }
}
