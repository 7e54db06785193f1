//! `tabula train GAME`: TD(lambda) self-play, as TD-Gammon learned backgammon, for
//! every game with an encoder, whatever its network's outputs mean.
//!
//! What the outputs mean is the network's *head* ([`Head`]), as the game declares it
//! ([`crate::core::NetHead`], read by [`super::head`]): one chance per seat by default,
//! Long Nardy's five outcome chances for the side to act. The head decides how a
//! position is valued and a move chosen at one ply, which positions are learnt from,
//! how a finished game's result is written, how the learning curve is measured, and
//! which files it reads; this module is the rest, the same for every head.
//!
//! Each game is played by the network against itself, every decision made at one ply
//! (the dice give the exploration). The positions the head learns from are kept with
//! the network's values. After the game each one gets the lambda-return as its target,
//! computed backwards from the exact result:
//!
//! `G(t) = (1 - lambda) * V(t + 1) + lambda * G(t + 1)`, with `G(last)` the result,
//!
//! each value seen from the seat to act at `t` ([`Outcomes::seen_by`]), and one
//! stochastic gradient step on the cross-entropy towards it. This is the offline
//! (forward view) TD(lambda): the weights stay fixed while a game is played.
//!
//! With `--jobs J`, each thread trains its own copy for [`GAMES_PER_JOB`] games, then the
//! copies are averaged (in thread order). Game `g` throws dice from a seed made of the
//! run's seed and `g`, so a run gives the same weights for a given seed and `--jobs`,
//! and one resumed from its checkpoint (written at every point of the learning curve)
//! goes on as if it had not stopped.

use std::fmt::Debug;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::curve::{CurveScore, Opponent};
use super::network::{MAX_OUTPUTS, Network};
use super::weights::{self, NetInfo};
use crate::ai::playout::{Observer, Seated, Seats, Table, play_out};
use crate::core::{Game, Outcomes, Seat, SeededDice};

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

#[cfg(test)]
impl TdConfig {
    /// A tiny run for the tests: 8 games on one thread, a 6-unit network, a curve point
    /// of 4 games halfway (so a checkpoint is written and read back on the way) and at
    /// the end, every checkpoint kept.
    pub(crate) fn tiny(out: PathBuf) -> TdConfig {
        TdConfig {
            games: 8,
            seed: 3,
            jobs: 1,
            hidden: 6,
            lambda: 0.7,
            rate: 0.1,
            eval_every: 4,
            eval_games: 4,
            from: None,
            against: None,
            keep_checkpoints: true,
            out,
            target_plies: 1,
        }
    }
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

/// What a network's outputs mean for one game, and all of its training that follows
/// from that.
pub trait Head: Sync {
    /// The game trained for.
    type Game: Game;
    /// The network's values of a position.
    type Value: Outcomes;
    /// What values the positions learnt from during one game: the network alone, or a
    /// search on it.
    type Valuer;
    /// The one-ply chooser that plays every seat of a self-play game.
    type Chooser<'n>: Seats<Self::Game>
    where
        Self: 'n;

    /// Whether the learning curve counts games from the network's first (keeping the
    /// curve of a `--from` network) rather than from this run's first.
    const CURVE_FROM_BIRTH: bool;

    /// A game at its start, as self-play begins it.
    fn fresh(&self) -> Self::Game;
    /// The network's inputs and outputs.
    fn shape(&self) -> (usize, usize);
    /// The network's game key and input layout, for its file.
    fn key_of(&self, network: &Network) -> (String, u32);
    /// Reads a network file this head can train, with the file named in any error.
    fn load(&self, path: &Path) -> anyhow::Result<(Network, NetInfo)>;
    /// A `--from` network made to fit today's encoder (Long Nardy's earlier layouts).
    fn adapt(&self, network: Network, info: &NetInfo, log: &mut dyn Write) -> anyhow::Result<Network>;
    /// The first line of a fresh run.
    fn announce(&self, config: &TdConfig, hidden: usize) -> String;

    /// The one-ply chooser on `net`.
    fn chooser<'n>(&'n self, net: &'n Network) -> Self::Chooser<'n>;
    /// What values a game's positions: a search `plies` deep on `net`, or `net` alone.
    fn valuer(&self, net: &Network, plies: u8) -> Self::Valuer;
    /// The seat to act if `game` is a position to learn from.
    fn learns_from(&self, game: &Self::Game) -> Option<Seat>;
    /// Writes `game` as the network's inputs.
    fn encode(&self, game: &Self::Game, x: &mut [f32]);
    /// The value of `game` (encoded as `x`), seen as [`Head::learns_from`]'s seat.
    fn value(&self, valuer: &mut Self::Valuer, net: &Network, game: &Self::Game, x: &[f32]) -> Self::Value;
    /// The exact result of a finished game and the seat that sees it so, or `None`
    /// while it is not over.
    fn result(&self, game: &Self::Game) -> Option<(Self::Value, Seat)>;

    /// `net` at one ply against the learning curve's `opponent` over about `games`
    /// games on `jobs` threads.
    fn curve_match(&self, net: &Arc<Network>, opponent: &Opponent, games: u64, jobs: usize) -> CurveScore;
}

/// A thread's reusable buffers for self-play.
pub(crate) struct Worker<V> {
    pub(crate) inputs: usize,
    /// The encoded positions, one after the other.
    pub(crate) positions: Vec<f32>,
    /// The network's values of each.
    pub(crate) values: Vec<V>,
    /// The seat to act in each.
    pub(crate) movers: Vec<Seat>,
}

impl<V> Worker<V> {
    pub(crate) fn new(inputs: usize) -> Worker<V> {
        Worker {
            inputs,
            positions: Vec::with_capacity(256 * inputs),
            values: Vec::with_capacity(256),
            movers: Vec::with_capacity(256),
        }
    }

    /// The encoded position `t`.
    pub(crate) fn position(&self, t: usize) -> &[f32] {
        &self.positions[t * self.inputs..(t + 1) * self.inputs]
    }

    fn clear(&mut self) {
        self.positions.clear();
        self.values.clear();
        self.movers.clear();
    }
}

/// Keeps every position the head learns from with its value.
struct Recorder<'w, H: Head> {
    head: &'w H,
    net: &'w Network,
    valuer: H::Valuer,
    worker: &'w mut Worker<H::Value>,
}

impl<H: Head, T: Table<Game = H::Game>> Observer<T> for Recorder<'_, H> {
    fn before_action(&mut self, table: &T) -> ControlFlow<()> {
        let game = table.game();
        if let Some(seat) = self.head.learns_from(game) {
            let worker = &mut *self.worker;
            let start = worker.positions.len();
            worker.positions.resize(start + worker.inputs, 0.0);
            let x = &mut worker.positions[start..];
            self.head.encode(game, x);
            let value = self.head.value(&mut self.valuer, self.net, game, x);
            worker.values.push(value);
            worker.movers.push(seat);
        }
        ControlFlow::Continue(())
    }
}

/// How a self-play game's targets are made: TD's lambda, and the depth of the search
/// that values each position (0 or 1: the network alone).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Targets {
    pub(crate) lambda: f64,
    pub(crate) plies: u8,
}

/// Plays one self-play game on `net`, then takes one learning step per position
/// towards its TD(lambda) target; returns the number of moves played.
pub(crate) fn self_play<H: Head>(
    head: &H,
    net: &mut Network,
    seed: u64,
    targets: Targets,
    rate: f32,
    worker: &mut Worker<H::Value>,
) -> u64 {
    worker.clear();
    let mut game = head.fresh();
    let mut dice = SeededDice::new(seed);
    let played = {
        let mut recorder = Recorder {
            head,
            net,
            valuer: head.valuer(net, targets.plies),
            worker: &mut *worker,
        };
        let Ok(played) = play_out(
            &mut Seated::new(&mut game, &mut dice, head.chooser(net)),
            &mut recorder,
        );
        played
    };
    if let Some(result) = head.result(&game)
        && !worker.movers.is_empty()
    {
        learn_from(net, worker, result, targets.lambda, rate);
    }
    played.moves
}

/// One learning step per position of the worker's last game (at least one), backwards
/// from its result as the seat `seen_by` sees it.
fn learn_from<V: Outcomes>(
    net: &mut Network,
    worker: &Worker<V>,
    (result, seen_by): (V, Seat),
    lambda: f64,
    rate: f32,
) {
    let last = worker.movers.len() - 1;
    let mut target = result.seen_by(seen_by, worker.movers[last]);
    let mut outputs = [0.0f32; MAX_OUTPUTS];
    for t in (0..=last).rev() {
        if t < last {
            let (now, next) = (worker.movers[t], worker.movers[t + 1]);
            target = worker.values[t + 1]
                .seen_by(next, now)
                .mix(target.seen_by(next, now), lambda);
        }
        let count = target.write_targets(worker.movers[t], &mut outputs);
        net.learn(worker.position(t), &outputs[..count], rate);
    }
}

/// What a finished run reports.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The trained network (the command line reads it from its file; the tests look at
    /// it here).
    #[cfg(test)]
    pub network: Network,
    /// Games played in this run (including those before a resume).
    pub games: u64,
    /// Self-play games per second in this session of the run.
    pub games_per_second: f64,
}

/// Where a run starts: fresh, from `--from`, or from its own checkpoint.
struct Start {
    network: Network,
    base_games: u64,
    done: u64,
    curve_text: Vec<String>,
}

/// The network a run starts `--from`, widened to `--hidden` units when it has fewer.
fn widen(network: Network, config: &TdConfig, log: &mut dyn Write) -> anyhow::Result<Network> {
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
fn curve_opponent(config: &TdConfig) -> &'static str {
    if config.against.is_some() {
        "reference"
    } else {
        "greedy"
    }
}

/// Where `--keep-checkpoints` keeps the network after `games` games: `OUT.GAMES.net`
/// (`nardy.net` gives `nardy.net.220000.net`).
pub fn kept_checkpoint_path(out: &Path, games: u64) -> PathBuf {
    let mut path = out.as_os_str().to_owned();
    path.push(format!(".{games}.net"));
    PathBuf::from(path)
}

/// The run's own checkpoint, if there is one to resume.
fn resume<H: Head>(head: &H, config: &TdConfig, log: &mut dyn Write) -> anyhow::Result<Option<Start>> {
    let checkpoint = config.checkpoint_path();
    if !checkpoint.exists() {
        return Ok(None);
    }
    let (network, info) = head.load(&checkpoint)?;
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
    Ok(Some(Start {
        network,
        base_games: base,
        done,
        curve_text: lines.map(String::from).collect(),
    }))
}

fn starting_point<H: Head>(head: &H, config: &TdConfig, log: &mut dyn Write) -> anyhow::Result<Start> {
    if let Some(start) = resume(head, config, log)? {
        return Ok(start);
    }
    let Some(path) = &config.from else {
        let (inputs, outputs) = head.shape();
        return Ok(Start {
            network: Network::random_with_outputs(inputs, config.hidden, outputs, config.seed),
            base_games: 0,
            done: 0,
            curve_text: Vec::new(),
        });
    };
    let (network, info) = head.load(path)?;
    writeln!(
        log,
        "starting from {} ({} games trained)",
        path.display(),
        info.games
    )?;
    let network = head.adapt(network, &info, log)?;
    let network = widen(network, config, log)?;
    // A curve counted from the network's first game goes on after the run line.
    let curve_text = if H::CURVE_FROM_BIRTH {
        info.notes
            .lines()
            .filter(|l| l.starts_with("games "))
            .map(String::from)
            .collect()
    } else {
        Vec::new()
    };
    Ok(Start {
        network,
        base_games: info.games,
        done: 0,
        curve_text,
    })
}

/// The progress bar of a run of `games`, drawn only when `progress` is true.
fn progress_bar(games: u64, done: u64, progress: bool) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(
        Some(games),
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
    bar
}

/// Writes `line` to `log` above the progress bar.
fn say(bar: &ProgressBar, log: &mut dyn Write, line: &str) -> std::io::Result<()> {
    bar.suspend(|| {
        writeln!(log, "{line}")?;
        log.flush()
    })
}

/// A run under way: its settings, its network and how far it has come.
struct Run<'r, H: Head> {
    head: &'r H,
    config: &'r TdConfig,
    opponent: Opponent,
    network: Network,
    base_games: u64,
    done: u64,
    curve_text: Vec<String>,
    started: Instant,
    started_at: u64,
    moves: u64,
}

/// Trains a network with `head`, printing the learning curve to `log` and a progress
/// bar to the terminal when `progress` is true. The checkpoint goes to
/// [`TdConfig::checkpoint_path`] at every point of the curve; the finished network to
/// `config.out`.
pub fn train_head<H: Head>(
    head: &H,
    config: &TdConfig,
    log: &mut dyn Write,
    progress: bool,
) -> anyhow::Result<Summary> {
    if config.games == 0 {
        bail!("--games must be at least 1");
    }
    if config.jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    let round_size = GAMES_PER_JOB * config.jobs as u64;
    let eval_every = config.eval_every.max(round_size).div_ceil(round_size) * round_size;
    let start = starting_point(head, config, log)?;
    let opponent = match &config.against {
        Some(path) => Opponent::Net(Arc::new(head.load(path)?.0)),
        None => Opponent::Greedy,
    };
    let bar = progress_bar(config.games, start.done, progress);
    if start.done == 0 {
        say(&bar, log, &head.announce(config, start.network.hidden()))?;
    }
    let mut copies: Vec<Network> = vec![start.network.clone(); config.jobs];
    let mut workers: Vec<Worker<H::Value>> = (0..config.jobs).map(|_| Worker::new(head.shape().0)).collect();
    let mut run = Run {
        head,
        config,
        opponent,
        network: start.network,
        base_games: start.base_games,
        done: start.done,
        curve_text: start.curve_text,
        started: Instant::now(),
        started_at: start.done,
        moves: 0,
    };
    while run.done < config.games {
        let round = round_size.min(config.games - run.done);
        run.play_round(round, &mut copies, &mut workers)?;
        bar.set_position(run.done);
        if run.done.is_multiple_of(eval_every) || run.done == config.games {
            run.measure(&bar, log)?;
        }
    }
    bar.finish_and_clear();
    Ok(Summary {
        games: run.done,
        games_per_second: run.speed(),
        #[cfg(test)]
        network: run.network,
    })
}

impl<H: Head> Run<'_, H> {
    /// Self-play games per second in this session.
    fn speed(&self) -> f64 {
        (self.done - self.started_at) as f64 / self.started.elapsed().as_secs_f64().max(1e-9)
    }

    /// Plays the next `round` games, each thread on its own copy, and averages the copies.
    fn play_round(
        &mut self,
        round: u64,
        copies: &mut [Network],
        workers: &mut [Worker<H::Value>],
    ) -> anyhow::Result<()> {
        let (head, config, done) = (self.head, self.config, self.done);
        let rate = config.rate_at(done);
        let targets = Targets {
            lambda: config.lambda,
            plies: config.target_plies,
        };
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
                            .map(|g| self_play(head, copy, game_seed(config.seed, g), targets, rate, worker))
                            .sum::<u64>()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        });
        self.moves += round_moves;
        self.network.average_of(&copies[..busy]);
        for copy in copies.iter_mut() {
            copy.clone_from(&self.network);
        }
        if !self.network.is_finite() {
            bail!("training diverged at game {done} (weights are no longer finite); try a smaller --rate");
        }
        self.done += round;
        Ok(())
    }

    /// A point of the learning curve: a match, a line in the log, and the network
    /// written (the checkpoint, or the finished network at the end).
    fn measure(&mut self, bar: &ProgressBar, log: &mut dyn Write) -> anyhow::Result<()> {
        let config = self.config;
        let shared = Arc::new(self.network.clone());
        let score = self
            .head
            .curve_match(&shared, &self.opponent, config.eval_games, config.jobs);
        let elapsed = self.started.elapsed().as_secs_f64();
        let played = self.done - self.started_at;
        let counted = if H::CURVE_FROM_BIRTH {
            self.base_games + self.done
        } else {
            self.done
        };
        let point = format!("games {counted:>8}  vs {} {score}", curve_opponent(config));
        let line = format!(
            "{point}  [{:.1} games/s, {:.0} moves/game, {:.0} s]",
            self.speed(),
            self.moves as f64 / played.max(1) as f64,
            elapsed
        );
        say(bar, log, &line)?;
        // The notes hold only what the seed decides, so equal runs write equal files.
        self.curve_text.push(point);
        self.save()
    }

    /// Writes the network with its notes: the checkpoint while the run goes on, the
    /// finished network at its end (and every checkpoint kept with `--keep-checkpoints`).
    fn save(&self) -> anyhow::Result<()> {
        let config = self.config;
        let mut notes = vec![run_line(config.seed, self.done, config.games, self.base_games)];
        notes.extend(self.curve_text.iter().cloned());
        let (game, encoding) = self.head.key_of(&self.network);
        let info = NetInfo {
            game,
            encoding,
            games: self.base_games + self.done,
            seed: config.seed,
            notes: notes.join("\n"),
        };
        let finished = self.done == config.games;
        let path = if finished {
            config.out.clone()
        } else {
            config.checkpoint_path()
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        }
        weights::save(&path, &self.network, &info)?;
        if config.keep_checkpoints {
            let kept = kept_checkpoint_path(&config.out, self.base_games + self.done);
            weights::save(&kept, &self.network, &info)?;
        }
        if finished {
            let _ = std::fs::remove_file(config.checkpoint_path());
        }
        Ok(())
    }
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
}
