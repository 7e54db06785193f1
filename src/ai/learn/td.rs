//! `tabula train GAME`: TD(lambda) self-play for any game with an encoder, as TD-Gammon
//! learned backgammon, through the [`Game`] trait alone.
//!
//! The network has one output per seat: the chance that the seat `k` places after the
//! one to act finishes first (see [`super::seats`]). Each game is played by the network
//! against itself, every decision made at one ply: the move whose position gives the
//! deciding seat the best chance; before a roll, an optional action only if it beats
//! the mean over the rolls of rolling at once. The dice give the exploration.
//!
//! Every position where a seat acts (the roll-off aside) is kept with the network's
//! chances, in seat order. After the game each one gets the lambda-return as its target,
//! computed backwards from the exact result:
//!
//! `G(t) = (1 - lambda) * V(t + 1) + lambda * G(t + 1)`, with `G(last)` the result,
//!
//! and one stochastic gradient step on the cross-entropy towards it, turned to the
//! position's mover. This is the offline (forward view) TD(lambda) of Long Nardy's
//! trainer ([`crate::ai::train`]): the weights stay fixed while a game is played.
//!
//! With `--jobs J`, each thread trains its own copy for [`GAMES_PER_JOB`] games, then the
//! copies are averaged (in thread order). Game `g` throws dice from a seed made of the
//! run's seed and `g`, so a run gives the same weights for a given seed and `--jobs`,
//! and one resumed from its checkpoint (written at every point of the learning curve)
//! goes on as if it had not stopped.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::network::{MAX_OUTPUTS, Network};
use super::seats::{MAX_INPUTS, SeatNet, check_fits, seat_chances};
use super::weights::{self, NetInfo};
use crate::ai::bots::{Bot, Greedy, SearchBot};
use crate::ai::playout::{Observer, Seated, Seats, Table, play_out, playout_with_bots};
use crate::ai::search::Expectimax;
use crate::core::{Encoding, Estimate, Game, MAX_SEATS, Seat, SeededDice};

/// Games each thread plays on its own copy before the copies are averaged.
pub const GAMES_PER_JOB: u64 = 4;
/// The first dice seed of the learning-curve matches (the same games every time, so
/// points on the curve compare like with like).
pub const CURVE_SEED: u64 = 9_000_000;

/// What a training run is asked to do.
#[derive(Clone, Debug)]
pub struct TdConfig {
    /// Self-play games to play in this run.
    pub games: u64,
    /// The run's seed: first weights and every game's dice.
    pub seed: u64,
    /// Threads.
    pub jobs: usize,
    /// Hidden units of a new network.
    pub hidden: usize,
    /// TD's lambda.
    pub lambda: f64,
    /// The step size per position.
    pub rate: f32,
    /// Games between learning-curve matches and checkpoints.
    pub eval_every: u64,
    /// Games in each learning-curve match against `bot:greedy`.
    pub eval_games: u64,
    /// Start from this network instead of random weights (widened to `hidden` units
    /// when it has fewer).
    pub from: Option<PathBuf>,
    /// Play the learning-curve matches against `bot:net` on this network instead of
    /// `bot:greedy`, so that a run is measured against the network it should beat.
    pub against: Option<PathBuf>,
    /// Keep every checkpoint as `OUT.GAMES.net` beside the run's own, so that the
    /// learning curve can be measured again later (on a benchmark, say).
    pub keep_checkpoints: bool,
    /// Where the trained network goes; its checkpoint goes beside it.
    pub out: PathBuf,
    /// Value each position for the targets by an expectimax search this many move
    /// decisions deep on the network (as the game began) instead of by the network
    /// alone; 0 or 1 is plain TD. Deeper targets teach the network what its own search
    /// sees, at the cost of a search per position.
    pub target_plies: u8,
}

impl TdConfig {
    /// Where this run's checkpoint is written: `OUT.checkpoint`.
    pub fn checkpoint_path(&self) -> PathBuf {
        checkpoint_path(&self.out)
    }

    /// The step size for the round starting at game `g`.
    pub(crate) fn rate_at(&self, g: u64) -> f32 {
        rate_at(self.rate, g, self.games)
    }
}

/// Where the checkpoint of a run writing `out` goes: `OUT.checkpoint`.
pub fn checkpoint_path(out: &Path) -> PathBuf {
    let mut path = out.as_os_str().to_owned();
    path.push(".checkpoint");
    PathBuf::from(path)
}

/// The step size at game `g` of a run of `games`: `rate` for the first quarter, then
/// falling linearly to a quarter of it, so the network settles.
pub fn rate_at(rate: f32, g: u64, games: u64) -> f32 {
    let progress = g as f64 / games.max(1) as f64;
    let factor = if progress < 0.25 {
        1.0
    } else {
        1.0 - 0.75 * (progress - 0.25) / 0.75
    };
    rate * factor as f32
}

/// The dice seed of game `g` of a run seeded `seed` (splitmix64 of both).
pub fn game_seed(seed: u64, g: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(g.wrapping_add(1).wrapping_mul(0xBF58_476D_1CE4_E5B9));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The first line of a checkpoint's notes: `run SEED done DONE of GAMES from BASE`.
pub fn run_line(seed: u64, done: u64, games: u64, base: u64) -> String {
    format!("run {seed} done {done} of {games} from {base}")
}

/// Reads [`run_line`]: (seed, done, games, base).
pub fn parse_run_line(line: &str) -> Option<(u64, u64, u64, u64)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["run", seed, "done", done, "of", games, "from", base] => Some((
            seed.parse().ok()?,
            done.parse().ok()?,
            games.parse().ok()?,
            base.parse().ok()?,
        )),
        _ => None,
    }
}

/// A learning-curve match's totals, from the network's side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CurveScore {
    /// Games played.
    pub games: u64,
    /// Games the network won.
    pub wins: u64,
    /// Seats per game (the fair share of wins is one in this many).
    pub seats: usize,
}

impl CurveScore {
    /// One line: `62.5% (55.6-68.9) of 200, fair share 50%`.
    pub fn describe(&self) -> String {
        let (low, high) = crate::core::stats::wilson(self.wins as f64, self.games as f64);
        format!(
            "{:.1}% ({:.1}-{:.1}) of {}, fair share {:.0}%",
            100.0 * self.wins as f64 / self.games.max(1) as f64,
            low.max(0.0),
            high.min(100.0),
            self.games,
            100.0 / self.seats.max(1) as f64
        )
    }
}

/// `net` at one ply against `bot:greedy` in every other seat (or, given `reference`,
/// against `bot:net` on it): each dice seed from `first_seed` on is played once with
/// the network in each seat, `rounds` seeds in all, over `jobs` threads (the result
/// does not depend on `jobs`).
pub fn curve_match<G: Game>(
    fresh: &G,
    net: &Arc<Network>,
    reference: Option<&Arc<Network>>,
    rounds: u64,
    first_seed: u64,
    jobs: usize,
) -> CurveScore {
    let seats = fresh.seat_count();
    let jobs = jobs.clamp(1, 64) as u64;
    let wins: Vec<(u64, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|thread| {
                let net = Arc::clone(net);
                let reference = reference.cloned();
                scope.spawn(move || {
                    let (mut games, mut wins) = (0, 0);
                    for round in (thread..rounds).step_by(jobs as usize) {
                        for net_seat in 0..seats {
                            let seed = first_seed + round;
                            let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
                                .map(|seat| -> Box<dyn Bot<G>> {
                                    if seat == net_seat {
                                        Box::new(SearchBot::new(
                                            Expectimax::new(1, SeatNet::new(Arc::clone(&net))),
                                            seed,
                                        ))
                                    } else if let Some(reference) = &reference {
                                        Box::new(SearchBot::new(
                                            Expectimax::new(1, SeatNet::new(Arc::clone(reference))),
                                            seed ^ (0x0bb0 + seat as u64),
                                        ))
                                    } else {
                                        Box::new(Greedy::new(seed ^ (0x0bb0 + seat as u64)))
                                    }
                                })
                                .collect();
                            let mut game = fresh.clone();
                            playout_with_bots(&mut game, &mut SeededDice::new(seed), &mut bots);
                            if let Some(outcome) = game.outcome() {
                                games += 1;
                                wins += u64::from(outcome.winner_seat() == Some(net_seat));
                            }
                        }
                    }
                    (games, wins)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or((0, 0))).collect()
    });
    CurveScore {
        games: wins.iter().map(|w| w.0).sum(),
        wins: wins.iter().map(|w| w.1).sum(),
        seats,
    }
}

/// A thread's reusable buffers for self-play.
struct Worker {
    inputs: usize,
    /// The encoded positions, one after the other.
    positions: Vec<f32>,
    /// The network's chances of each, in seat order.
    values: Vec<[f64; MAX_SEATS]>,
    /// The seat to act in each.
    movers: Vec<Seat>,
}

impl Worker {
    fn new(inputs: usize) -> Worker {
        Worker {
            inputs,
            positions: Vec::with_capacity(256 * inputs),
            values: Vec::with_capacity(256),
            movers: Vec::with_capacity(256),
        }
    }

    fn clear(&mut self) {
        self.positions.clear();
        self.values.clear();
        self.movers.clear();
    }
}

/// The chance `seat` finishes first in `game` by `net`, exact once it is over.
fn chance_of<G: Game>(net: &Network, game: &G, seat: Seat) -> f64 {
    match game.outcome() {
        Some(outcome) => Estimate::from_outcome(&outcome).win[seat],
        None => seat_chances(net, game)[seat],
    }
}

/// Every seat plays the move whose position `net` likes best for it (one ply).
struct OnePly<'n> {
    net: &'n Network,
    rolls: Vec<(crate::core::Dice, f64)>,
}

impl<G: Game> Seats<G> for OnePly<'_> {
    fn before_roll(&mut self, seat: Seat, game: &G, actions: &[G::Move]) -> Option<usize> {
        if actions.is_empty() {
            return None;
        }
        // Rolling at once is worth the mean over the rolls of the position it gives.
        self.rolls.clear();
        game.chance_outcomes(&mut self.rolls);
        let mut stay = 0.0;
        for &(dice, p) in &self.rolls {
            let mut rolled = game.clone();
            if rolled.set_dice(dice).is_ok() {
                stay += p * chance_of(self.net, &rolled, seat);
            }
        }
        let (value, best) = best_move(self.net, game, seat, actions);
        (value > stay).then_some(best)
    }

    fn choose(&mut self, seat: Seat, game: &G, moves: &[G::Move]) -> usize {
        best_move(self.net, game, seat, moves).1
    }
}

/// The best of `moves` for `seat` by `net` at one ply, with its chance.
fn best_move<G: Game>(net: &Network, game: &G, seat: Seat, moves: &[G::Move]) -> (f64, usize) {
    let mut best = (f64::NEG_INFINITY, 0usize);
    for (index, mv) in moves.iter().enumerate() {
        let mut after = game.clone();
        after.play_unchecked(mv);
        let value = chance_of(net, &after, seat);
        if value > best.0 {
            best = (value, index);
        }
    }
    best
}

/// Keeps every position where a seat acts with the network's chances of it, or those of
/// a search on the network when targets come from one.
struct Recorder<'w, G: Game> {
    net: &'w Network,
    search: Option<Expectimax<G, SeatNet>>,
    worker: &'w mut Worker,
}

impl<T: Table> Observer<T> for Recorder<'_, T::Game> {
    fn before_action(&mut self, table: &T) -> ControlFlow<()> {
        let game = table.game();
        // The roll-off only decides who starts: nothing to learn there.
        if let Some(seat) = game.phase().seat()
            && game.roll_off().is_none()
        {
            let start = self.worker.positions.len();
            self.worker.positions.resize(start + self.worker.inputs, 0.0);
            game.encode(&mut self.worker.positions[start..]);
            let chances = match &mut self.search {
                None => seat_chances(self.net, game),
                Some(search) => {
                    let mut chances = [0.0; MAX_SEATS];
                    let estimate = search.evaluate(game);
                    let seats = game.seat_count().min(MAX_SEATS);
                    chances[..seats].copy_from_slice(&estimate.win[..seats]);
                    chances
                }
            };
            self.worker.values.push(chances);
            self.worker.movers.push(seat);
        }
        ControlFlow::Continue(())
    }
}

/// How a self-play game's targets are made: TD's lambda, and the depth of the search
/// that values each position (0 or 1: the network alone).
#[derive(Clone, Copy, Debug)]
struct Targets {
    lambda: f64,
    plies: u8,
}

/// Plays one self-play game of `fresh` on `net`, then takes one learning step per
/// position towards its TD(lambda) target; returns the number of moves played.
fn self_play<G: Game>(
    fresh: &G,
    net: &mut Network,
    seed: u64,
    targets: Targets,
    rate: f32,
    worker: &mut Worker,
) -> u64 {
    let lambda = targets.lambda;
    worker.clear();
    let seats = fresh.seat_count().min(MAX_SEATS).min(MAX_OUTPUTS);
    let mut game = fresh.clone();
    let mut dice = SeededDice::new(seed);
    let seats_at_table = OnePly {
        net,
        rolls: Vec::new(),
    };
    let search =
        (targets.plies > 1).then(|| Expectimax::new(targets.plies, SeatNet::new(Arc::new(net.clone()))));
    let mut recorder = Recorder {
        net,
        search,
        worker: &mut *worker,
    };
    let Ok(played) = play_out(
        &mut Seated::new(&mut game, &mut dice, seats_at_table),
        &mut recorder,
    );
    let Some(outcome) = game.outcome() else {
        return played.moves;
    };
    if worker.movers.is_empty() {
        return played.moves;
    }
    let mut target = Estimate::from_outcome(&outcome).win;
    let inputs = worker.inputs;
    let mut turned = [0.0f32; MAX_OUTPUTS];
    for t in (0..worker.movers.len()).rev() {
        if t + 1 < worker.movers.len() {
            let next = &worker.values[t + 1];
            for seat in 0..seats {
                target[seat] = (1.0 - lambda) * next[seat] + lambda * target[seat];
            }
        }
        let mover = worker.movers[t];
        for (k, slot) in turned.iter_mut().enumerate().take(seats) {
            *slot = target[(mover + k) % seats] as f32;
        }
        net.learn(
            &worker.positions[t * inputs..(t + 1) * inputs],
            &turned[..seats],
            rate,
        );
    }
    played.moves
}

/// What a finished run reports.
#[derive(Clone, Debug)]
pub struct TdSummary {
    /// The trained network.
    pub network: Network,
    /// Games played in this run (including those before a resume).
    pub games: u64,
    /// Self-play games per second in this session of the run.
    pub games_per_second: f64,
    /// The learning curve: games so far and the score against `bot:greedy`.
    pub curve: Vec<(u64, CurveScore)>,
}

/// Where a run starts: fresh, from `--from`, or from its own checkpoint.
struct Start {
    network: Network,
    base_games: u64,
    done: u64,
    curve_text: Vec<String>,
}

/// Reads a network file that must fit `encoding` with `seats` outputs.
fn load_fitting(path: &Path, encoding: &Encoding, seats: usize) -> anyhow::Result<(Network, NetInfo)> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read the network file {}", path.display()))?;
    let (network, info) = weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))?;
    check_fits(&network, &info, encoding, seats).with_context(|| format!("{}", path.display()))?;
    Ok((network, info))
}

/// The network a run starts `--from`, widened to `--hidden` units when it has fewer.
pub(crate) fn widen(network: Network, config: &TdConfig, log: &mut dyn Write) -> anyhow::Result<Network> {
    if config.hidden <= network.hidden() {
        return Ok(network);
    }
    writeln!(
        log,
        "widened from {} to {} hidden units (the new ones start silent)",
        network.hidden(),
        config.hidden
    )?;
    Ok(network.widened(config.hidden, config.seed))
}

/// Who the learning-curve matches are against, as the curve's lines name it.
pub(crate) fn curve_opponent(config: &TdConfig) -> &'static str {
    if config.against.is_some() {
        "reference"
    } else {
        "greedy"
    }
}

/// With `--keep-checkpoints`, a copy of the checkpoint after `games` games as
/// `OUT.GAMES.net`.
pub(crate) fn keep_checkpoint(
    config: &TdConfig,
    games: u64,
    network: &Network,
    info: &NetInfo,
) -> anyhow::Result<()> {
    if !config.keep_checkpoints {
        return Ok(());
    }
    let path = kept_checkpoint_path(&config.out, games);
    weights::save(&path, network, info).with_context(|| format!("cannot write {}", path.display()))
}

/// Where `--keep-checkpoints` keeps the network after `games` games: `OUT.GAMES.net`
/// (`nardy.net` gives `nardy.net.220000.net`).
pub fn kept_checkpoint_path(out: &Path, games: u64) -> PathBuf {
    let mut path = out.as_os_str().to_owned();
    path.push(format!(".{games}.net"));
    PathBuf::from(path)
}

fn starting_point(
    config: &TdConfig,
    encoding: &Encoding,
    seats: usize,
    log: &mut dyn Write,
) -> anyhow::Result<Start> {
    let checkpoint = config.checkpoint_path();
    if checkpoint.exists() {
        let (network, info) = load_fitting(&checkpoint, encoding, seats)?;
        let mut lines = info.notes.lines();
        let Some((seed, done, games, base)) = lines.next().and_then(parse_run_line) else {
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
            let (network, info) = load_fitting(path, encoding, seats)?;
            writeln!(
                log,
                "starting from {} ({} games trained)",
                path.display(),
                info.games
            )?;
            let network = widen(network, config, log)?;
            // The curve so far stays in the notes, after the run line.
            let curve_text = info
                .notes
                .lines()
                .filter(|l| l.starts_with("games "))
                .map(String::from)
                .collect();
            Ok(Start {
                network,
                base_games: info.games,
                done: 0,
                curve_text,
            })
        }
        None => Ok(Start {
            network: Network::random_with_outputs(encoding.inputs, config.hidden, seats, config.seed),
            base_games: 0,
            done: 0,
            curve_text: Vec::new(),
        }),
    }
}

/// Trains a network for games like `fresh` (its rules, options and seat count),
/// printing the learning curve to `log` and a progress bar to the terminal when
/// `progress` is true. The checkpoint goes to [`TdConfig::checkpoint_path`] at every
/// point of the curve; the finished network to `config.out`.
pub fn train<G: Game>(
    fresh: &G,
    config: &TdConfig,
    log: &mut dyn Write,
    progress: bool,
) -> anyhow::Result<TdSummary> {
    let Some(encoding) = fresh.encoding() else {
        bail!("{} has no encoder for a network to read", fresh.info().id);
    };
    let seats = fresh.seat_count();
    if encoding.inputs > MAX_INPUTS || seats > MAX_OUTPUTS.min(MAX_SEATS) || seats < 2 {
        bail!("'{}' is too large for tabula's networks", encoding.key);
    }
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
    } = starting_point(config, &encoding, seats, log)?;
    let reference = match &config.against {
        Some(path) => Some(Arc::new(load_fitting(path, &encoding, seats)?.0)),
        None => None,
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
                "training '{}' for {} games: seed {}, {} inputs, {} hidden units, {} outputs, lambda {}, rate {}, jobs {}{}",
                encoding.key,
                config.games,
                config.seed,
                encoding.inputs,
                network.hidden(),
                seats,
                config.lambda,
                config.rate,
                config.jobs,
                if config.target_plies > 1 {
                    format!(", targets from {}-ply searches", config.target_plies)
                } else {
                    String::new()
                }
            ),
        )?;
    }
    let mut copies: Vec<Network> = vec![network.clone(); config.jobs];
    let mut workers: Vec<Worker> = (0..config.jobs).map(|_| Worker::new(encoding.inputs)).collect();
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
                            .map(|g| {
                                self_play(
                                    fresh,
                                    copy,
                                    game_seed(config.seed, g),
                                    Targets {
                                        lambda: config.lambda,
                                        plies: config.target_plies,
                                    },
                                    rate,
                                    worker,
                                )
                            })
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
            let score = curve_match(
                fresh,
                &shared,
                reference.as_ref(),
                config.eval_games.div_ceil(seats as u64),
                CURVE_SEED,
                config.jobs,
            );
            let elapsed = started.elapsed().as_secs_f64();
            let speed = (done - started_at) as f64 / elapsed.max(1e-9);
            let point = format!(
                "games {:>8}  vs {} {}",
                base_games + done,
                curve_opponent(config),
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
            curve.push((base_games + done, score));
            // The notes hold only what the seed decides, so equal runs write equal files.
            curve_text.push(point);
            let mut notes = vec![run_line(config.seed, done, config.games, base_games)];
            notes.extend(curve_text.iter().cloned());
            let info = NetInfo {
                game: encoding.key.clone(),
                encoding: encoding.version,
                games: base_games + done,
                seed: config.seed,
                notes: notes.join("\n"),
            };
            let path = if done < config.games {
                config.checkpoint_path()
            } else {
                config.out.clone()
            };
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            }
            weights::save(&path, &network, &info)
                .with_context(|| format!("cannot write {}", path.display()))?;
            keep_checkpoint(config, base_games + done, &network, &info)?;
            if done == config.games {
                let _ = std::fs::remove_file(config.checkpoint_path());
            }
        }
    }
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    Ok(TdSummary {
        network,
        games: done,
        games_per_second: (done - started_at) as f64 / elapsed.max(1e-9),
        curve,
    })
}

/// The file name a network for `key` gets in the data directory: `ur_rules-finkel.net`.
pub fn file_name(key: &str) -> String {
    let slug: String = key
        .chars()
        .map(|c| match c {
            ' ' => '_',
            '=' => '-',
            c if c.is_ascii_alphanumeric() || c == '-' || c == '_' => c,
            _ => '_',
        })
        .collect();
    format!("{slug}.net")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::NewGame;
    use crate::games::microbes::Microbes;

    #[test]
    fn run_lines_round_trip() {
        assert_eq!(parse_run_line(&run_line(7, 96, 500, 3)), Some((7, 96, 500, 3)));
        assert_eq!(parse_run_line("games 100 vs greedy"), None);
    }

    #[test]
    fn game_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|g| game_seed(1, g)).collect();
        assert_eq!(seeds.len(), 1000);
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }

    #[test]
    fn file_names_are_plain() {
        assert_eq!(file_name("ur rules=finkel"), "ur_rules-finkel.net");
        assert_eq!(
            file_name("aeroplane players=3 launch=five-six"),
            "aeroplane_players-3_launch-five-six.net"
        );
    }

    /// With lambda 1 every target is the result, so one game's learning steps bring the
    /// network's values of its positions closer to it.
    #[test]
    fn a_self_play_game_moves_its_positions_towards_the_result() {
        let fresh = Microbes::default_game();
        let encoding = fresh.encoding().unwrap();
        let net = Network::random_with_outputs(encoding.inputs, 12, 2, 1);
        let mut learned = net.clone();
        let mut worker = Worker::new(encoding.inputs);
        let targets = Targets {
            lambda: 1.0,
            plies: 0,
        };
        let moves = self_play(&fresh, &mut learned, 5, targets, 0.1, &mut worker);
        assert!(moves > 20);
        let positions = worker.movers.len();
        assert!(positions > 20);
        let mut game = fresh.clone();
        let mut dice = SeededDice::new(5);
        let seats = OnePly {
            net: &net,
            rolls: Vec::new(),
        };
        let Ok(_) = play_out(&mut Seated::new(&mut game, &mut dice, seats), &mut ());
        let winner = game.outcome().unwrap().winner_seat().unwrap();
        let loss = |n: &Network| -> f32 {
            (0..positions)
                .map(|t| {
                    let mine = f32::from(u8::from(worker.movers[t] == winner));
                    let x = &worker.positions[t * encoding.inputs..(t + 1) * encoding.inputs];
                    n.loss(x, &[mine, 1.0 - mine])
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

    /// With lambda 0 every target is the next position's value; with search targets that
    /// value is the two-ply search's on the network, not the network's own, while the
    /// games played stay the same.
    #[test]
    fn search_targets_value_positions_by_the_search() {
        let fresh = Microbes::default_game();
        let encoding = fresh.encoding().unwrap();
        let net = Network::random_with_outputs(encoding.inputs, 12, 2, 3);
        let plain = Targets {
            lambda: 0.0,
            plies: 0,
        };
        let searched = Targets {
            lambda: 0.0,
            plies: 2,
        };
        let mut by_net = Worker::new(encoding.inputs);
        let mut by_search = Worker::new(encoding.inputs);
        self_play(&fresh, &mut net.clone(), 7, plain, 0.1, &mut by_net);
        self_play(&fresh, &mut net.clone(), 7, searched, 0.1, &mut by_search);
        // The same game is played (one-ply choices on the same network and dice),
        assert_eq!(by_net.positions, by_search.positions);
        assert_eq!(by_net.movers, by_search.movers);
        // its positions are valued otherwise,
        let differing = by_net
            .values
            .iter()
            .zip(&by_search.values)
            .filter(|(a, b)| (a[0] - b[0]).abs() > 1e-9)
            .count();
        assert!(
            differing > by_net.values.len() / 2,
            "{differing} of {}",
            by_net.values.len()
        );
        // each the value a two-ply search on the network gives it.
        let mut search = Expectimax::new(2, SeatNet::new(Arc::new(net.clone())));
        let mut game = fresh.clone();
        let mut dice = SeededDice::new(7);
        let seats = OnePly {
            net: &net,
            rolls: Vec::new(),
        };
        let mut seen = Vec::new();
        struct Collect<'c>(&'c mut Vec<Microbes>);
        impl<T: Table<Game = Microbes>> Observer<T> for Collect<'_> {
            fn before_action(&mut self, table: &T) -> ControlFlow<()> {
                let game = table.game();
                if game.phase().seat().is_some() && game.roll_off().is_none() {
                    self.0.push(game.clone());
                }
                ControlFlow::Continue(())
            }
        }
        let Ok(_) = play_out(
            &mut Seated::new(&mut game, &mut dice, seats),
            &mut Collect(&mut seen),
        );
        assert_eq!(seen.len(), by_search.values.len());
        for (position, value) in seen.iter().zip(&by_search.values) {
            let expected = search.evaluate(position).win[0];
            assert!((expected - value[0]).abs() < 1e-9, "{expected} vs {}", value[0]);
        }
    }
}
