//! Rollouts: the value of positions found by playing them out many times, as GNU
//! Backgammon's rollouts do, for any [`Game`].
//!
//! Every candidate position is played out with the same dice streams (common random
//! numbers): trial `i` of each candidate throws its dice from the same seed, so luck
//! that would favour one candidate favours the others too and the differences between
//! them are far steadier than the values themselves.
//!
//! With variance reduction each trial's result has the luck of every roll taken away,
//! measured by the rollout bot's own evaluation: before each roll the bot values the
//! position after its best move for every possible roll; the luck of the roll thrown is
//! its value less the mean over all rolls. The expected luck is zero whatever the bot's
//! evaluation is, so the estimate stays unbiased, and the better the evaluation, the
//! less noise is left. With `truncate`, a trial stops after that many moves at the next
//! roll and takes the bot's value of the position there in place of the result.
//!
//! Results depend on the seed and the settings only, not on the number of threads.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::ai::bots::Bot;
use crate::ai::search::stop_requested;
use crate::core::Strategy;
use crate::core::{BigWinChances, Dice, Estimate, Game, MAX_BIG_WINS, MAX_SEATS, Phase, Seat, SeededDice};

/// How a rollout is run.
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutSettings {
    /// Trials per candidate.
    pub games: u64,
    /// Stop each trial after this many moves (at the next roll) and value it there by the
    /// bot's evaluation; `None` plays every trial to its end.
    pub truncate: Option<u32>,
    /// The seed of every trial's dice: trial `i` throws from [`trial_seed`]`(seed, i)`.
    pub seed: u64,
    /// Threads.
    pub jobs: usize,
    /// Cancel the luck of every roll by the bot's evaluation (see the module notes).
    pub variance_reduction: bool,
}

/// Running sums of one quantity over trials, for its mean and its interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Trials counted.
    pub count: u64,
    sum: f64,
    sum_squares: f64,
}

impl Tally {
    /// Counts one trial's value.
    pub fn add(&mut self, value: f64) {
        self.count += 1;
        self.sum += value;
        self.sum_squares += value * value;
    }

    /// Adds another tally's trials.
    #[cfg(test)]
    pub fn merge(&mut self, other: &Tally) {
        self.count += other.count;
        self.sum += other.sum;
        self.sum_squares += other.sum_squares;
    }

    /// The mean (0 with no trials).
    pub fn mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum / self.count as f64
        }
    }

    /// The standard error of the mean (0 with fewer than two trials).
    pub fn standard_error(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        let n = self.count as f64;
        let variance = ((self.sum_squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }

    /// Half the width of the 95% interval of the mean.
    pub fn half_width(&self) -> f64 {
        1.96 * self.standard_error()
    }
}

/// What the trials of one candidate found, for every seat.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RolloutResult {
    /// Each seat's share of first places.
    pub win: [Tally; MAX_SEATS],
    /// Each seat's equity (points won minus lost with two seats, else the win share).
    pub equity: [Tally; MAX_SEATS],
    /// Each seat's share of games won with at least each kind of big win the game names
    /// ([`Game::big_wins`]); a truncated trial counts the bot's chances of them, or is
    /// left out where the bot has none.
    pub big_wins: [[Tally; MAX_BIG_WINS]; MAX_SEATS],
    /// Trials that were truncated.
    pub truncated: u64,
}

impl RolloutResult {
    /// Trials counted.
    pub fn games(&self) -> u64 {
        self.equity[0].count
    }
}

/// A rollout's findings: each candidate's tallies, and every trial's value (the same
/// trial of every candidate threw the same dice).
#[derive(Clone, Debug, Default)]
pub struct Rollouts {
    /// Per candidate, in the order given.
    pub results: Vec<RolloutResult>,
    /// Per trial, each candidate's variance-reduced value (`None` where the trial could
    /// not be finished).
    pub trials: Vec<Vec<Option<Estimate>>>,
}

impl Rollouts {
    /// Candidate `a`'s equity less candidate `b`'s for `seat`, trial by trial: with
    /// common dice its interval is far narrower than either value's.
    pub fn difference(&self, a: usize, b: usize, seat: Seat) -> Tally {
        let mut tally = Tally::default();
        for trial in &self.trials {
            if let (Some(Some(x)), Some(Some(y))) = (trial.get(a), trial.get(b)) {
                tally.add(x.equity[seat] - y.equity[seat]);
            }
        }
        tally
    }
}

/// One trial's value.
#[derive(Clone, Copy, Debug)]
struct TrialValue {
    estimate: Estimate,
    big_wins: Option<BigWinChances>,
    truncated: bool,
}

/// The dice seed of trial `trial` of a rollout seeded `seed` (the same for every
/// candidate: the common random numbers).
pub fn trial_seed(seed: u64, trial: u64) -> u64 {
    crate::ai::learn::td::game_seed(seed ^ 0x5EE_D0F2_0110_u64, trial)
}

/// Rolls out every position of `candidates` (each where one candidate move leaves the
/// game, or a position to value as it stands) with bots from `make_bot` (called with a
/// seat and a seed, once per seat and thread). `progress` is called with the number of
/// trials finished so far and the number in all, over all candidates. Stops early, with the trials done, when
/// a stop is requested (Ctrl-C, see [`crate::ai::search::stoppable`]); every candidate
/// then has the same number of trials.
pub fn rollout<G: Strategy>(
    candidates: &[G],
    make_bot: &(dyn Fn(Seat, u64) -> Box<dyn Bot<G>> + Sync),
    settings: &RolloutSettings,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Rollouts {
    let jobs = settings.jobs.clamp(1, 64) as u64;
    let finished = AtomicU64::new(0);
    let total = candidates.len() as u64 * settings.games;
    let stop = crate::ai::search::StopFlag::current();
    let per_thread: Vec<Vec<Vec<Option<TrialValue>>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|thread| {
                let finished = &finished;
                let stop = stop.clone();
                scope.spawn(move || {
                    let run = || {
                        let seats = candidates.first().map_or(0, Game::seat_count);
                        let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
                            .map(|seat| make_bot(seat, settings.seed ^ thread))
                            .collect();
                        let mut trials = Vec::new();
                        for trial in (thread..settings.games).step_by(jobs as usize) {
                            if stop_requested() {
                                break;
                            }
                            let seed = trial_seed(settings.seed, trial);
                            let values: Vec<Option<TrialValue>> = candidates
                                .iter()
                                .map(|start| play_trial(start, &mut bots, seed, settings))
                                .collect();
                            if stop_requested() {
                                break;
                            }
                            trials.push(values);
                            let done = finished.fetch_add(candidates.len() as u64, Ordering::Relaxed);
                            progress(done + candidates.len() as u64, total);
                        }
                        trials
                    };
                    match stop {
                        Some(flag) => crate::ai::search::stoppable(&flag, run),
                        None => run(),
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    // Trials are counted in trial order, up to the first one some thread did not finish,
    // so that the sums do not depend on the threads.
    let complete = (0..)
        .take_while(|&t: &u64| {
            let thread = (t % jobs) as usize;
            let index = (t / jobs) as usize;
            t < settings.games && per_thread[thread].len() > index
        })
        .count() as u64;
    let mut results = vec![RolloutResult::default(); candidates.len()];
    let mut trials = Vec::with_capacity(complete as usize);
    for t in 0..complete {
        let values = &per_thread[(t % jobs) as usize][(t / jobs) as usize];
        for (result, value) in results.iter_mut().zip(values) {
            if let Some(value) = value {
                count_trial(result, value, candidates[0].seat_count());
            }
        }
        trials.push(values.iter().map(|v| v.map(|v| v.estimate)).collect());
    }
    Rollouts { results, trials }
}

fn count_trial(result: &mut RolloutResult, value: &TrialValue, seats: usize) {
    for seat in 0..seats.min(MAX_SEATS) {
        result.win[seat].add(value.estimate.win[seat]);
        result.equity[seat].add(value.estimate.equity[seat]);
        if let Some(big) = value.big_wins {
            for (tally, &chance) in result.big_wins[seat].iter_mut().zip(&big[seat]) {
                tally.add(chance);
            }
        }
    }
    result.truncated += u64::from(value.truncated);
}

/// Plays one trial from `start`; `None` when it could not be finished (the game got
/// stuck or ran away). Its own loop rather than [`crate::ai::playout::play_out`]: the
/// luck of a roll needs the position before it, the roll, and the bot to value both,
/// which a table hides from its observer.
fn play_trial<G: Strategy>(
    start: &G,
    bots: &mut [Box<dyn Bot<G>>],
    seed: u64,
    settings: &RolloutSettings,
) -> Option<TrialValue> {
    let mut game = start.clone();
    let mut dice = SeededDice::new(seed);
    for (seat, bot) in bots.iter_mut().enumerate() {
        bot.reseed(seed ^ (0xB07 + seat as u64));
    }
    let big_kinds = game.big_wins();
    let mut luck = Estimate::ZERO;
    let mut moves_played = 0u32;
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..crate::ai::playout::MAX_ACTIONS {
        match game.phase() {
            Phase::Over => {
                let outcome = game.outcome()?;
                let mut estimate = Estimate::from_outcome(&outcome);
                take_luck(&mut estimate, &luck, settings);
                let mut big = [[0.0; MAX_BIG_WINS]; MAX_SEATS];
                for (seat, row) in big.iter_mut().enumerate().take(outcome.places.len()) {
                    if outcome.places[seat] == 1 {
                        for (kind, &(_, points)) in big_kinds.iter().enumerate().take(MAX_BIG_WINS) {
                            row[kind] = f64::from(u8::from(outcome.points[seat] >= points));
                        }
                    }
                }
                return Some(TrialValue {
                    estimate,
                    big_wins: Some(big),
                    truncated: false,
                });
            }
            Phase::Roll(seat) => {
                let bot = &mut bots[seat % bots.len()];
                if settings.truncate.is_some_and(|plies| moves_played >= plies) {
                    let mut estimate = bot.estimate(&game);
                    take_luck(&mut estimate, &luck, settings);
                    return Some(TrialValue {
                        estimate,
                        big_wins: bot.big_win_chances(&game),
                        truncated: true,
                    });
                }
                legal.clear();
                game.legal_moves(&mut legal);
                if let Some(mv) = bot.choose_before_roll(&game, &legal).and_then(|i| legal.get(i)) {
                    game.play_unchecked(mv);
                    moves_played += 1;
                    continue;
                }
                let roll = game.roll(&mut dice);
                if settings.variance_reduction {
                    outcomes.clear();
                    game.chance_outcomes(&mut outcomes);
                    add_luck(&mut luck, &game, bot.as_mut(), roll, &outcomes)?;
                }
                game.set_dice(roll).ok()?;
            }
            Phase::Move(seat) => {
                legal.clear();
                game.legal_moves(&mut legal);
                let pick = match legal.len() {
                    0 => return None,
                    1 => 0,
                    _ => bots[seat % bots.len()].choose_move(&game, &legal),
                };
                game.play_unchecked(legal.get(pick)?);
                moves_played += 1;
            }
        }
    }
    None
}

/// Adds the luck of `roll` in `game` (about to roll) to `luck`: the bot's value after
/// the roll less its mean over every roll of `outcomes`.
fn add_luck<G: Strategy>(
    luck: &mut Estimate,
    game: &G,
    bot: &mut dyn Bot<G>,
    roll: Dice,
    outcomes: &[(Dice, f64)],
) -> Option<()> {
    if outcomes.len() < 2 {
        return Some(());
    }
    let mut mean = Estimate::ZERO;
    let mut thrown = None;
    for &(dice, p) in outcomes {
        let value = value_after(game, dice, bot)?;
        mean.add_weighted(&value, p);
        if same_roll(dice, roll) {
            thrown = Some(value);
        }
    }
    // Where the game's chance outcomes are not the values thrown, none matches: value
    // the roll itself.
    let thrown = match thrown {
        Some(value) => value,
        None => value_after(game, roll, bot)?,
    };
    luck.add_weighted(&thrown, 1.0);
    luck.add_weighted(&mean, -1.0);
    Some(())
}

/// The bot's value of `game` once `dice` are thrown.
fn value_after<G: Strategy>(game: &G, dice: Dice, bot: &mut dyn Bot<G>) -> Option<Estimate> {
    let mut after = game.clone();
    after.set_dice(dice).ok()?;
    Some(bot.estimate(&after))
}

/// True when two rolls show the same values in any order (a chance outcome lists a
/// roll higher die first, the dice throw it in either order).
fn same_roll(a: Dice, b: Dice) -> bool {
    let sorted = |dice: Dice| {
        let mut values = [0u8; 4];
        values[..dice.values().len()].copy_from_slice(dice.values());
        values[..dice.values().len()].sort_unstable();
        (dice.values().len(), values)
    };
    sorted(a) == sorted(b)
}

fn take_luck(estimate: &mut Estimate, luck: &Estimate, settings: &RolloutSettings) {
    if settings.variance_reduction {
        estimate.add_weighted(luck, -1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_gives_the_mean_and_the_standard_error() {
        let mut tally = Tally::default();
        for v in [1.0, 2.0, 3.0, 4.0] {
            tally.add(v);
        }
        assert_eq!(tally.mean(), 2.5);
        // Sample variance 5/3, over 4 trials.
        assert!((tally.standard_error() - (5.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
        let mut merged = Tally::default();
        merged.merge(&tally);
        merged.merge(&Tally::default());
        assert_eq!(merged, tally);
    }
}
