//! `tabula train nardy`: TD(lambda) self-play, as TD-Gammon learned backgammon.
//!
//! Each game is played by the network against itself, every move chosen at one ply (the
//! move whose position the network likes best; the dice give all the exploration needed).
//! After the game, each position `t` gets the lambda-return as its target, computed
//! backwards from the exact result:
//!
//! `G(t) = (1 - lambda) * flip(V(t + 1)) + lambda * flip(G(t + 1))`, with `G(last)` the result,
//!
//! where `V` is the network's value for the side to act and `flip` turns it round for the
//! other side (positions alternate between the sides). Then one stochastic gradient step
//! on the cross-entropy towards its target is taken per position. This is the offline
//! (forward view) TD(lambda): the weights stay fixed while a game is played and change
//! between games.
//!
//! With `--jobs J`, each thread trains its own copy for [`GAMES_PER_JOB`] games, then the
//! copies are averaged (in thread order) and every thread goes on from the mean. Game `g`
//! throws dice from a seed made of the run's seed and `g`, so a run gives bit-identical
//! weights for a given seed and `--jobs`, and a run resumed from a checkpoint (written
//! between rounds) continues exactly as if it had not stopped.

use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::ai::bots::Bot;
use crate::ai::learn::load_file;
use crate::ai::learn::nardy::{NetBot, Probabilities, probabilities};
use crate::ai::learn::network::Network;
use crate::ai::learn::td::{self, game_seed};
use crate::ai::learn::weights::{self, NetInfo};
use crate::ai::playout::{Observer, Seated, Seats, Table, play_out, playout_with_bots};
use crate::ai::roster::BotKind;
use crate::core::{Game, NewGame, Phase, SeededDice};
use crate::games::nardy::encode::{ENCODING_VERSION, INPUTS, encode, layout_of_inputs};
use crate::games::nardy::{Nardy, NardyMove};

/// Games each thread plays on its own copy before the copies are averaged.
pub const GAMES_PER_JOB: u64 = 4;
/// The first dice seed of the learning-curve matches (the same games every time, so
/// points on the curve compare like with like).
pub const CURVE_SEED: u64 = 9_000_000;

/// The id of the game whose network is trained (`nardy`).
pub fn game_id() -> &'static str {
    Nardy::game_info().id
}

/// What a training run is asked to do: the same settings as any game's TD run.
pub type TrainConfig = td::TdConfig;

/// A paired match's totals, from the network's side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatchScore {
    /// Games played.
    pub games: u64,
    /// Games the network won.
    pub wins: u64,
    /// Points the network scored.
    pub points_won: u64,
    /// Points its opponent scored.
    pub points_lost: u64,
}

impl MatchScore {
    /// The share of games won.
    pub fn win_rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }

    /// Points won minus points lost, per game.
    pub fn points_per_game(&self) -> f64 {
        (self.points_won as f64 - self.points_lost as f64) / self.games.max(1) as f64
    }

    /// One line: `62.5% (55.6-68.9) of 200, +0.41 points/game`.
    pub fn describe(&self) -> String {
        let (low, high) = crate::core::stats::wilson(self.wins as f64, self.games as f64);
        format!(
            "{:.1}% ({:.1}-{:.1}) of {}, {:+.2} points/game",
            100.0 * self.win_rate(),
            low.max(0.0),
            high.min(100.0),
            self.games,
            self.points_per_game()
        )
    }
}

/// Who a paired match is played against.
#[derive(Clone, Debug)]
pub enum Opponent {
    /// A built-in bot.
    Bot(BotKind),
    /// `bot:net` (one ply) on another network: the reference a run should beat.
    Net(Arc<Network>),
}

/// Plays `pairs` pairs of games between `net` (`plies` deep) and `opponent`:
/// each dice seed from `first_seed` on is played once with the network as White and once
/// as Black. Spread over `jobs` threads; the result does not depend on `jobs`.
pub fn paired_match(
    net: &Arc<Network>,
    plies: u8,
    opponent: &Opponent,
    pairs: u64,
    first_seed: u64,
    jobs: usize,
) -> MatchScore {
    let jobs = jobs.clamp(1, 64) as u64;
    let per_thread: Vec<MatchScore> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|thread| {
                let net = Arc::clone(net);
                let opponent = opponent.clone();
                scope.spawn(move || {
                    let mut score = MatchScore::default();
                    for pair in (thread..pairs).step_by(jobs as usize) {
                        for net_seat in 0..2 {
                            let seed = first_seed + pair;
                            let mut bots: Vec<Box<dyn Bot<Nardy>>> = vec![
                                Box::new(NetBot::new(Arc::clone(&net), plies, seed)),
                                match &opponent {
                                    Opponent::Net(reference) => {
                                        Box::new(NetBot::new(Arc::clone(reference), 1, seed ^ 0x0bb0))
                                    }
                                    Opponent::Bot(kind) => kind.build(seed ^ 0x0bb0),
                                },
                            ];
                            if net_seat == 1 {
                                bots.swap(0, 1);
                            }
                            let mut game = Nardy::default_game();
                            let mut dice = SeededDice::new(seed);
                            playout_with_bots(&mut game, &mut dice, &mut bots);
                            if let Some(outcome) = game.outcome() {
                                score.games += 1;
                                if outcome.winner_seat() == Some(net_seat) {
                                    score.wins += 1;
                                }
                                score.points_won += u64::from(outcome.points[net_seat]);
                                score.points_lost += u64::from(outcome.points[1 - net_seat]);
                            }
                        }
                    }
                    score
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    per_thread.iter().fold(MatchScore::default(), |mut total, s| {
        total.games += s.games;
        total.wins += s.wins;
        total.points_won += s.points_won;
        total.points_lost += s.points_lost;
        total
    })
}

/// A thread's reusable buffers for self-play.
struct Worker {
    positions: Vec<[f32; INPUTS]>,
    values: Vec<Probabilities>,
    /// The side to act in each position.
    movers: Vec<usize>,
    /// The last game's result, for its winner.
    result: Probabilities,
}

impl Worker {
    fn new() -> Worker {
        Worker {
            positions: Vec::with_capacity(256),
            values: Vec::with_capacity(256),
            movers: Vec::with_capacity(256),
            result: Probabilities::finished(true, crate::games::nardy::Side::START),
        }
    }
}

/// Every seat plays the move whose position `net` likes best (one ply).
struct OnePly<'n>(&'n Network);

impl Seats<Nardy> for OnePly<'_> {
    fn before_roll(&mut self, _seat: usize, _game: &Nardy, _actions: &[NardyMove]) -> Option<usize> {
        None
    }

    fn choose(&mut self, seat: usize, game: &Nardy, moves: &[NardyMove]) -> usize {
        let mut best = (f64::NEG_INFINITY, 0usize);
        for (index, mv) in moves.iter().enumerate() {
            let mut after = game.clone();
            after.play_unchecked(mv);
            let value = if after.phase() == Phase::Over {
                Probabilities::finished(true, after.side(1 - seat)).equity(false)
            } else {
                -probabilities(self.0, &after).equity(false)
            };
            if value > best.0 {
                best = (value, index);
            }
        }
        best.1
    }
}

/// Keeps every position before a roll with the network's value of it, for learning
/// after the game.
struct Recorder<'w> {
    net: &'w Network,
    worker: &'w mut Worker,
    x: [f32; INPUTS],
}

impl<T: Table<Game = Nardy>> Observer<T> for Recorder<'_> {
    fn before_action(&mut self, table: &T) -> ControlFlow<()> {
        let game = table.game();
        // The roll-off only decides who starts: nothing to learn there.
        if let Phase::Roll(seat) = game.phase()
            && game.roll_off().is_none()
        {
            encode(game, &mut self.x);
            let value = Probabilities::from_outputs(self.net.evaluate(&self.x));
            self.worker.values.push(value);
            self.worker.positions.push(self.x);
            self.worker.movers.push(seat);
        }
        ControlFlow::Continue(())
    }
}

/// Plays one self-play game on `net`, then takes one learning step per position towards
/// its TD(lambda) target; returns the number of moves played.
fn self_play(net: &mut Network, seed: u64, lambda: f64, rate: f32, worker: &mut Worker) -> u64 {
    worker.positions.clear();
    worker.values.clear();
    worker.movers.clear();
    let mut game = Nardy::default_game();
    let mut dice = SeededDice::new(seed);
    let mut recorder = Recorder {
        net,
        worker: &mut *worker,
        x: [0.0; INPUTS],
    };
    let Ok(played) = play_out(&mut Seated::new(&mut game, &mut dice, OnePly(net)), &mut recorder);
    let moves = played.moves;
    if game.phase() != Phase::Over || worker.positions.is_empty() {
        return moves;
    }
    // The side that moved last won.
    let winner = game.turn();
    let result = Probabilities::finished(true, game.side(1 - winner));
    worker.result = result;
    let last = worker.positions.len() - 1;
    let seen_by = |p: Probabilities, from: usize, to: usize| if from == to { p } else { p.flip() };
    let mut target = seen_by(result, winner, worker.movers[last]);
    for t in (0..=last).rev() {
        if t < last {
            let (now, next) = (worker.movers[t], worker.movers[t + 1]);
            target = lambda_return(
                seen_by(worker.values[t + 1], next, now),
                seen_by(target, next, now),
                lambda,
            );
        }
        net.learn(&worker.positions[t], &target.to_outputs(), rate);
    }
    moves
}

/// `(1 - lambda) * value + lambda * later`, output by output.
fn lambda_return(value: Probabilities, later: Probabilities, lambda: f64) -> Probabilities {
    let mix = |a: f64, b: f64| (1.0 - lambda) * a + lambda * b;
    Probabilities {
        win: mix(value.win, later.win),
        win_mars: mix(value.win_mars, later.win_mars),
        win_koks: mix(value.win_koks, later.win_koks),
        lose_mars: mix(value.lose_mars, later.lose_mars),
        lose_koks: mix(value.lose_koks, later.lose_koks),
    }
}

/// What a finished run reports.
#[derive(Clone, Debug)]
pub struct TrainSummary {
    /// The trained network.
    pub network: Network,
    /// Games played in this run (including those before a resume).
    pub games: u64,
    /// Self-play games per second in this session of the run.
    pub games_per_second: f64,
    /// The learning curve: games so far and the score against `bot:greedy` (or the
    /// reference network).
    pub curve: Vec<(u64, MatchScore)>,
}

/// Where a run starts: fresh, from `--from`, or from its own checkpoint.
struct Start {
    network: Network,
    base_games: u64,
    done: u64,
    curve_text: Vec<String>,
}

/// The first line of a checkpoint's notes ([`td::run_line`]).
fn run_line(config: &TrainConfig, done: u64, base: u64) -> String {
    td::run_line(config.seed, done, config.games, base)
}

fn starting_point(config: &TrainConfig, log: &mut dyn Write) -> anyhow::Result<Start> {
    let checkpoint = config.checkpoint_path();
    if checkpoint.exists() {
        let (network, info) = load_file(&checkpoint)?;
        let mut lines = info.notes.lines();
        let run = lines.next().and_then(td::parse_run_line);
        let Some((seed, done, games, base)) = run else {
            bail!(
                "{} is not a checkpoint of a training run; remove it to start afresh",
                checkpoint.display()
            );
        };
        if seed != config.seed || games != config.games {
            bail!(
                "{} belongs to a run with --seed {seed} --games {games}; resume it with those, or remove it to start afresh",
                checkpoint.display()
            );
        }
        writeln!(
            log,
            "resuming from {} after {done} of {games} games",
            checkpoint.display()
        )?;
        return Ok(Start {
            network,
            base_games: base,
            done,
            curve_text: lines.map(String::from).collect(),
        });
    }
    match &config.from {
        Some(path) => {
            let (network, info) = load_file(path)?;
            writeln!(
                log,
                "starting from {} ({} games trained)",
                path.display(),
                info.games
            )?;
            let network = if network.inputs() < INPUTS {
                writeln!(
                    log,
                    "input layout {} read as layout {ENCODING_VERSION}: {} inputs, the {} new ones start with no weight",
                    info.encoding,
                    INPUTS,
                    INPUTS - network.inputs()
                )?;
                network.with_inputs(INPUTS)
            } else {
                network
            };
            let network = td::widen(network, config, log)?;
            Ok(Start {
                network,
                base_games: info.games,
                done: 0,
                curve_text: Vec::new(),
            })
        }
        None => Ok(Start {
            network: Network::random(INPUTS, config.hidden, config.seed),
            base_games: 0,
            done: 0,
            curve_text: Vec::new(),
        }),
    }
}

/// Runs a training run, printing the learning curve to `log` and a progress bar to the
/// terminal when `progress` is true. Checkpoints go to [`TrainConfig::checkpoint_path`]
/// between rounds; the finished network goes to `config.out`.
pub fn train(config: &TrainConfig, log: &mut dyn Write, progress: bool) -> anyhow::Result<TrainSummary> {
    if config.games == 0 {
        bail!("--games must be at least 1");
    }
    if config.jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    let round_size = GAMES_PER_JOB * config.jobs as u64;
    let eval_every = config.eval_every.max(round_size).div_ceil(round_size) * round_size;
    let Start {
        mut network,
        base_games,
        mut done,
        mut curve_text,
    } = starting_point(config, log)?;
    let opponent = match &config.against {
        Some(path) => Opponent::Net(Arc::new(load_file(path)?.0)),
        None => Opponent::Bot(BotKind::Greedy),
    };
    let bar = ProgressBar::with_draw_target(
        Some(config.games),
        if progress {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        },
    );
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} games, {per_sec}, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_position(done);
    bar.reset_eta();
    let mut say = |bar: &ProgressBar, line: &str| -> std::io::Result<()> {
        bar.suspend(|| {
            writeln!(log, "{line}")?;
            log.flush()
        })
    };
    if done == 0 {
        say(
            &bar,
            &format!(
                "training {} games: seed {}, {} hidden units, lambda {}, rate {}, jobs {}",
                config.games,
                config.seed,
                network.hidden(),
                config.lambda,
                config.rate,
                config.jobs
            ),
        )?;
    }
    let mut copies: Vec<Network> = vec![network.clone(); config.jobs];
    let mut workers: Vec<Worker> = (0..config.jobs).map(|_| Worker::new()).collect();
    let started = Instant::now();
    let started_at = done;
    let mut moves = 0u64;
    let mut curve = Vec::new();
    while done < config.games {
        let round = round_size.min(config.games - done);
        let rate = config.rate_at(done);
        let busy = round.div_ceil(GAMES_PER_JOB) as usize;
        let round_moves: u64 = std::thread::scope(|scope| {
            let handles: Vec<_> = copies
                .iter_mut()
                .zip(workers.iter_mut())
                .take(busy)
                .enumerate()
                .map(|(thread, (copy, worker))| {
                    scope.spawn(move || {
                        let first = done + thread as u64 * GAMES_PER_JOB;
                        let last = (first + GAMES_PER_JOB).min(done + round);
                        (first..last)
                            .map(|g| self_play(copy, game_seed(config.seed, g), config.lambda, rate, worker))
                            .sum::<u64>()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        });
        moves += round_moves;
        network.average_of(&copies[..busy]);
        for copy in &mut copies {
            copy.clone_from(&network);
        }
        if !network.is_finite() {
            bail!("training diverged at game {done} (weights are no longer finite); try a smaller --rate");
        }
        done += round;
        bar.set_position(done);
        if done.is_multiple_of(eval_every) || done == config.games {
            let shared = Arc::new(network.clone());
            let score = paired_match(
                &shared,
                1,
                &opponent,
                config.eval_games.div_ceil(2),
                CURVE_SEED,
                config.jobs,
            );
            let elapsed = started.elapsed().as_secs_f64();
            let speed = (done - started_at) as f64 / elapsed.max(1e-9);
            let point = format!(
                "games {:>8}  vs {} {}",
                done,
                td::curve_opponent(config),
                score.describe()
            );
            say(
                &bar,
                &format!(
                    "{point}  [{:.1} games/s, {:.0} moves/game, {:.0} s]",
                    speed,
                    moves as f64 / (done - started_at).max(1) as f64,
                    elapsed
                ),
            )?;
            curve.push((done, score));
            // The notes hold only what the seed decides, so equal runs write equal files.
            curve_text.push(point);
            let mut notes = vec![run_line(config, done, base_games)];
            notes.extend(curve_text.iter().cloned());
            let info = NetInfo {
                game: "nardy".into(),
                // A run resumed from a checkpoint of an earlier layout stays on it.
                encoding: layout_of_inputs(network.inputs()),
                games: base_games + done,
                seed: config.seed,
                notes: notes.join("\n"),
            };
            td::keep_checkpoint(config, base_games + done, &network, &info)?;
            if done < config.games {
                weights::save(&config.checkpoint_path(), &network, &info)
                    .with_context(|| format!("cannot write {}", config.checkpoint_path().display()))?;
            } else {
                weights::save(&config.out, &network, &info)
                    .with_context(|| format!("cannot write {}", config.out.display()))?;
                let _ = std::fs::remove_file(config.checkpoint_path());
            }
        }
    }
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    Ok(TrainSummary {
        network,
        games: done,
        games_per_second: (done - started_at) as f64 / elapsed.max(1e-9),
        curve,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_self_play_game_moves_its_positions_towards_the_result() {
        let net = Network::random(INPUTS, 16, 1);
        let mut learned = net.clone();
        let mut worker = Worker::new();
        let moves = self_play(&mut learned, 5, 1.0, 0.01, &mut worker);
        assert!(moves > 20);
        let positions = worker.positions.len();
        assert!(positions > 10);
        // With lambda 1 every target is the result itself, seen from the side to act.
        let winner_won = worker.result;
        let winner = worker.movers[positions - 1];
        let loss = |n: &Network| -> f32 {
            (0..positions)
                .map(|t| {
                    let result = if worker.movers[t] == winner {
                        winner_won
                    } else {
                        winner_won.flip()
                    };
                    n.loss(&worker.positions[t], &result.to_outputs())
                })
                .sum()
        };
        assert!(
            loss(&learned) < 0.9 * loss(&net),
            "{} vs {}",
            loss(&learned),
            loss(&net)
        );
    }
}
