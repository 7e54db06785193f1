//! Exact solving of dice race games, layer by layer, and the tables it writes.
//!
//! The solver knows nothing of any game: a [`Model`] numbers the positions (each with a
//! side to roll), cuts the numbers into layers such that a layer's values depend only on
//! itself and earlier layers, and computes one position's new value from the values of
//! others (the Bellman backup: the chance that the side to roll wins, playing its best
//! move for every roll). The solver sweeps each layer in place, on every core, until a
//! full-backup sweep changes no value by more than the residual asked for, and keeps each
//! finished layer in a checkpoint so that a killed run resumes where it stopped.
//!
//! Full backups are dear (every move of every roll is generated and numbered), so by
//! default ([`Method::PolicyIteration`]) each full sweep also locks in the best move of
//! every position and roll, and cheap sweeps that only gather the values those moves lead
//! to evaluate that policy before the next full sweep improves it. Layers that fit
//! ([`SolveConfig::graph_positions`]) keep every move in memory after their first
//! sweep, so that later full sweeps are gathers too.

pub mod mnogoboy;
pub mod perfect;
mod solvable;
pub mod table;
pub mod ur;

// The tables the solvers build, as the games declare them
// ([`crate::core::Lab::solved_tables`]): Ur's rule sets and two-seat Mnogoboy.
pub use solvable::solvable_text;
use solvable::{Solver, solver_of};
pub use ur::{MissingTable, PerfectTable, SolveRequest};

use crate::core::SolvedTable;

/// Every solver of tabula, listed where the solvers are declared.
const SOLVERS: [&dyn Solver; 2] = [&mnogoboy::MnogoboySolver, &ur::UrSolver];

impl PerfectTable {
    /// True for a table tabula carries inside it (two-seat Mnogoboy's), which
    /// [`PerfectTable::find_table`] finds on every machine.
    pub fn is_built_in(table: &SolvedTable) -> bool {
        solver_of(table).is_ok_and(|solver| solver.built_in())
    }

    /// The solved table `table` (as [`crate::core::Lab::solved_table`] gives it), or why
    /// it is not there: two-seat Mnogoboy's is built in; Ur's, one per rule set, are read
    /// from the data directory (once per process).
    pub fn find_table(table: &SolvedTable) -> Result<std::sync::Arc<PerfectTable>, MissingTable> {
        solver_of(table)?.find(table)
    }
}

/// Builds the table `table` (as [`crate::core::Lab::solved_table`] gives it) for a game
/// with `options`, or counts it, writing progress and the result to `out`.
pub fn solve_table(
    table: &SolvedTable,
    options: &crate::core::Options,
    request: SolveRequest,
    out: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    solver_of(table)?.solve(table, options, request, out)
}

use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A game's positions as the solver sees them.
pub trait Model: Sync {
    /// The layers in solving order; they cover the positions, numbered from 0, in order.
    fn layers(&self) -> Vec<Range<u64>>;

    /// A layer's name for the progress display: `{6,5}`.
    fn layer_name(&self, layer: usize) -> String;

    /// The order to sweep a layer in: positions with larger keys first (at most
    /// [`Model::max_order_key`]). Sweeping from the end of the race towards its start
    /// means most values a backup reads were already updated in the same sweep.
    fn order_key(&self, index: u64) -> u32;

    /// The largest [`Model::order_key`].
    fn max_order_key(&self) -> u32;

    /// The same position with the other side to roll, where a pass leads (it is in the
    /// same layer).
    fn partner(&self, index: u64) -> u64;

    /// The new value of position `index` given the values of others (`value` is only
    /// asked for positions of this layer and earlier ones), apart from passing: the
    /// value is `moves + pass * (1 - value(partner))`. Plain value iteration's step.
    #[cfg(test)]
    fn backup(&self, index: u64, value: &impl Fn(u64) -> f64) -> Backup;

    /// The chance of each roll that can allow a move, one slot each in a locked policy;
    /// the rest of the chance is rolls that never do (they always pass).
    fn roll_slots(&self) -> Vec<f64>;

    /// [`Model::backup`] that also locks in the best move of every slot of
    /// [`Model::roll_slots`] (`choices` has one entry a slot; [`Choice::PASS`] where the
    /// roll allows no move).
    fn backup_choosing(&self, index: u64, value: &impl Fn(u64) -> f64, choices: &mut [Choice]) -> Backup;

    /// Where every move of position `index` leads, slot by slot: appends each slot's
    /// moves to `out` in turn and sets `counts` (one a slot) to how many it has.
    fn successors(&self, index: u64, out: &mut Vec<Choice>, counts: &mut [u8]);
}

/// A move locked in for one roll of one position: where it leads, as a position number
/// and whether the mover rolls again there or the other side rolls (the value is then
/// one minus that position's), or a win, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice(u32);

impl Choice {
    /// The roll allows no move.
    pub const PASS: Choice = Choice(u32::MAX);
    /// The move wins the game.
    pub const WON: Choice = Choice(u32::MAX >> 1);
    const HANDOVER: u32 = 1 << 31;
    /// Position numbers a choice can hold: below 2^31 - 1.
    pub const MAX_POSITIONS: u64 = (u32::MAX >> 1) as u64;

    /// The mover rolls again in position `index`.
    pub fn again(index: u64) -> Choice {
        debug_assert!(index < Choice::MAX_POSITIONS);
        Choice(index as u32)
    }

    /// The other side rolls in position `index`.
    pub fn handover(index: u64) -> Choice {
        debug_assert!(index < Choice::MAX_POSITIONS);
        Choice(index as u32 | Choice::HANDOVER)
    }

    /// What the move is worth to the mover given the values, `None` for a pass.
    #[inline]
    fn worth(self, values: &[AtomicU32]) -> Option<f64> {
        if self == Choice::PASS {
            None
        } else if self == Choice::WON {
            Some(1.0)
        } else {
            let v = load(values, u64::from(self.0 & !Choice::HANDOVER));
            Some(if self.0 & Choice::HANDOVER != 0 {
                1.0 - v
            } else {
                v
            })
        }
    }
}

/// A position's backed-up value, with passing kept apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Backup {
    /// What the rolls that allow a move contribute (each weighted by its chance).
    pub moves: f64,
    /// The chance of a roll that allows no move (the turn passes to the partner).
    pub pass: f64,
}

/// Solves a position and its partner together, given what their moves are worth: the
/// two equations `v = m + p (1 - w)`, `w = m' + p' (1 - v)` (one when they are the
/// same position).
pub fn solve_pair(mine: Backup, partner: Option<Backup>) -> (f64, f64) {
    match partner {
        None => {
            let v = (mine.moves + mine.pass) / (1.0 + mine.pass);
            (v, v)
        }
        Some(other) => {
            let det = 1.0 - mine.pass * other.pass;
            let v = if det > 1e-12 {
                (mine.moves + mine.pass * (1.0 - other.moves - other.pass)) / det
            } else {
                0.5
            };
            (v, other.moves + other.pass * (1.0 - v))
        }
    }
}

/// How a layer is iterated to convergence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every sweep backs every position up over all its moves (value iteration): the
    /// plain method the tests hold the policy iteration to.
    #[cfg(test)]
    ValueIteration,
    /// A full-backup sweep locks in every position's best move for every roll; cheap
    /// sweeps then evaluate that policy (gathers of the values its moves lead to) until
    /// they settle, and another full-backup sweep improves the policy. The layer is done
    /// only when a full-backup sweep changes no value by more than the residual, so the
    /// result meets the same test as value iteration's.
    PolicyIteration,
}

/// How to run a solve.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    /// How each layer is iterated.
    pub method: Method,
    /// Sweep a layer until no value changes by more than this (at least
    /// [`FINEST_RESIDUAL`]).
    pub residual: f64,
    /// Layers of at most this many positions keep every move in memory while solving
    /// (about 60 bytes a position in Ur), so that only their first sweep generates moves.
    pub graph_positions: u64,
    /// Threads (at least 1).
    pub threads: usize,
    /// Solve only the first this many layers (all when `None`).
    pub layers: Option<usize>,
    /// Keep finished layers here and resume from them (no checkpoints when `None`).
    pub checkpoint_dir: Option<PathBuf>,
    /// Draw a progress bar on standard error (when it is a terminal) and log each layer.
    pub progress: bool,
}

/// What a solve did, per layer.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerReport {
    /// The layer's name.
    pub name: String,
    /// Positions in it.
    pub positions: u64,
    /// Sweeps made (0 when it was read from a checkpoint).
    pub sweeps: u32,
    /// How many of them backed every position up over all its moves (the rest
    /// evaluated a locked policy).
    pub full_sweeps: u32,
    /// The largest change in the last sweep.
    pub residual: f64,
    /// Time spent on it.
    pub elapsed: Duration,
}

/// The solved values: the chance that the side to roll wins, for each position of the
/// layers solved (a prefix of the numbering).
#[derive(Debug)]
pub struct Solution {
    /// Values by position number.
    pub values: Vec<f32>,
    /// The largest final residual over the layers solved.
    pub residual: f64,
    /// One report per layer solved.
    pub layers: Vec<LayerReport>,
}

const CHUNK: u64 = 1 << 13;

/// The finest residual a solve can reach: values are 32-bit floats while solving, whose
/// steps near 1 are 6e-8.
pub const FINEST_RESIDUAL: f64 = 1e-7;
const CHECKPOINT_MAGIC: &[u8; 8] = b"TBLAYER1";

fn load(values: &[AtomicU32], index: u64) -> f64 {
    f64::from(f32::from_bits(values[index as usize].load(Ordering::Relaxed)))
}

/// Solves the layers of `model`, resuming from checkpoints in `config.checkpoint_dir`.
pub fn solve(model: &impl Model, config: &SolveConfig) -> io::Result<Solution> {
    let layers = model.layers();
    let wanted = config.layers.unwrap_or(layers.len()).min(layers.len());
    let end = layers[..wanted].last().map_or(0, |l| l.end);
    if config.method == Method::PolicyIteration && end >= Choice::MAX_POSITIONS {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{end} positions are too many to lock a policy over (at most {})",
                Choice::MAX_POSITIONS
            ),
        ));
    }
    let values: Vec<AtomicU32> = (0..end).map(|_| AtomicU32::new(0.5f32.to_bits())).collect();
    let bar = if config.progress {
        ProgressBar::with_draw_target(Some(end), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {percent:>3}% of positions, ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let log_lines = config.progress && bar.is_hidden();
    let mut reports = Vec::new();
    let mut worst = 0.0f64;
    for (number, range) in layers[..wanted].iter().enumerate() {
        let started = Instant::now();
        let name = model.layer_name(number);
        let checkpoint = config
            .checkpoint_dir
            .as_ref()
            .map(|dir| dir.join(format!("layer-{number:03}.f32")));
        let resumed = match &checkpoint {
            Some(path) if path.exists() => {
                read_layer(path, range, &values[range.start as usize..range.end as usize]).ok()
            }
            _ => None,
        };
        let (sweeps, full_sweeps, residual) = match resumed {
            Some(residual) => (0, 0, residual),
            None => {
                let (sweeps, full_sweeps, residual) =
                    solve_layer(model, range.clone(), &values, config, &bar, number, wanted, &name);
                if let Some(path) = &checkpoint {
                    write_layer(
                        path,
                        range,
                        &values[range.start as usize..range.end as usize],
                        residual,
                    )?;
                }
                (sweeps, full_sweeps, residual)
            }
        };
        worst = worst.max(residual);
        bar.set_position(range.end);
        let report = LayerReport {
            name,
            positions: range.end - range.start,
            sweeps,
            full_sweeps,
            residual,
            elapsed: started.elapsed(),
        };
        if log_lines {
            eprintln!(
                "layer {}/{} {}: {} positions, {}, residual {:.1e}, {:.1} s",
                number + 1,
                wanted,
                report.name,
                report.positions,
                if sweeps == 0 {
                    "from checkpoint".to_string()
                } else {
                    format!("{sweeps} sweeps ({full_sweeps} full)")
                },
                residual,
                report.elapsed.as_secs_f64()
            );
        }
        reports.push(report);
    }
    bar.finish_and_clear();
    Ok(Solution {
        values: values
            .into_iter()
            .map(|v| f32::from_bits(v.into_inner()))
            .collect(),
        residual: worst,
        layers: reports,
    })
}

/// Sweeps one layer in place until converged; returns (sweeps, full-backup sweeps, last
/// residual).
///
/// Each step solves a position together with its partner (the same pieces, the other
/// side to roll), because passing links them strongly near the end of a race (a last
/// piece that needs an exact roll passes most turns).
#[allow(clippy::too_many_arguments)]
fn solve_layer(
    model: &impl Model,
    range: Range<u64>,
    values: &[AtomicU32],
    config: &SolveConfig,
    bar: &ProgressBar,
    number: usize,
    layer_count: usize,
    name: &str,
) -> (u32, u32, f64) {
    let threads = config.threads.max(1);
    let order = sweep_order(model, &range);
    let slot_odds = model.roll_slots();
    let slots = slot_odds.len();
    assert!(slots <= MAX_SLOTS, "a model has at most {MAX_SLOTS} roll slots");
    let layer = Layer {
        model,
        start: range.start,
        values,
        order: &order,
        slot_odds: &slot_odds,
        always_pass: (1.0 - slot_odds.iter().sum::<f64>()).max(0.0),
    };
    let target = config.residual.max(FINEST_RESIDUAL);
    let (mut sweeps, mut full_sweeps) = (0u32, 0u32);
    let report = |sweeps: u32, full: u32, residual: f64| {
        bar.set_message(format!(
            "layer {}/{layer_count} {name}: sweep {sweeps} ({full} full), residual {residual:.1e}",
            number + 1
        ));
    };
    let graph = config.method == Method::PolicyIteration && range.end - range.start <= config.graph_positions;
    let policy = match config.method {
        #[cfg(test)]
        Method::ValueIteration => Policy::None,
        Method::PolicyIteration if graph => Policy::Graph {
            edges: (0..order.len().div_ceil(CHUNK as usize))
                .map(|_| OnceLock::new())
                .collect(),
            picks: (0..order.len() * 2 * slots).map(|_| AtomicU8::new(0)).collect(),
        },
        Method::PolicyIteration => Policy::Choices(
            (0..order.len() * 2 * slots)
                .map(|_| AtomicU32::new(Choice::PASS.0))
                .collect(),
        ),
    };
    loop {
        let residual = sweep(threads, order.len(), |chunk, pairs, largest| {
            layer.full_backup(&policy, chunk, pairs, largest)
        });
        sweeps += 1;
        full_sweeps += 1;
        report(sweeps, full_sweeps, residual);
        if residual <= target || range.is_empty() {
            return (sweeps, full_sweeps, residual);
        }
        #[cfg(test)]
        if matches!(policy, Policy::None) {
            continue;
        }
        // Evaluate the locked policy until it settles well below the target, or far
        // below what the full sweep changed (a policy still far from the best one is
        // not worth evaluating exactly).
        let goal = (target * EVALUATION_MARGIN)
            .max(residual * EVALUATION_STEP)
            .max(ONE_STEP_NEAR_ONE);
        for _ in 0..MAX_EVALUATION_SWEEPS {
            let evaluated = sweep(threads, order.len(), |chunk, pairs, largest| {
                layer.evaluate(&policy, chunk, pairs, largest)
            });
            sweeps += 1;
            report(sweeps, full_sweeps, evaluated);
            if evaluated <= goal {
                break;
            }
        }
    }
}

/// What a layer's sweeps share.
struct Layer<'a, M: Model> {
    model: &'a M,
    start: u64,
    values: &'a [AtomicU32],
    /// Layer offsets of one of each pair of partners and of its partner, in sweeping
    /// order.
    order: &'a [[u32; 2]],
    slot_odds: &'a [f64],
    /// The chance of a roll that never moves.
    always_pass: f64,
}

/// A layer's locked policy, per pair in sweep order: the position's roll slots, then
/// its partner's.
enum Policy {
    /// None: value iteration.
    #[cfg(test)]
    None,
    /// The move chosen for each slot, found by generating the moves.
    Choices(Vec<AtomicU32>),
    /// Every move of every slot stored (per chunk of the sweep order, the moves of its
    /// pairs in order), so that no sweep generates moves but the first; per slot a byte
    /// holds how many moves it has (low 4 bits) and which is chosen (high 4 bits).
    Graph {
        edges: Vec<OnceLock<Vec<Choice>>>,
        picks: Vec<AtomicU8>,
    },
}

impl<M: Model> Layer<'_, M> {
    fn value(&self, index: u64) -> f64 {
        load(self.values, index)
    }

    /// A full-backup sweep over one chunk of pairs, locking in the best moves.
    #[inline(never)]
    fn full_backup(&self, policy: &Policy, chunk: usize, pairs: Range<usize>, largest: &mut f32) {
        let slots = self.slot_odds.len();
        let value = |i: u64| self.value(i);
        match policy {
            #[cfg(test)]
            Policy::None => {
                for k in pairs {
                    let (index, partner) = self.pair(k);
                    let mine = self.model.backup(index, &value);
                    let theirs = (partner != index).then(|| self.model.backup(partner, &value));
                    settle(self.values, index, partner, mine, theirs, largest);
                }
            }
            Policy::Choices(choices) => {
                for k in pairs {
                    let (index, partner) = self.pair(k);
                    let mut chosen = [Choice::PASS; 2 * MAX_SLOTS];
                    let (mine_chosen, theirs_chosen) = chosen.split_at_mut(MAX_SLOTS);
                    let mine = self
                        .model
                        .backup_choosing(index, &value, &mut mine_chosen[..slots]);
                    let theirs = (partner != index).then(|| {
                        self.model
                            .backup_choosing(partner, &value, &mut theirs_chosen[..slots])
                    });
                    let base = k * 2 * slots;
                    for slot in 0..slots {
                        choices[base + slot].store(mine_chosen[slot].0, Ordering::Relaxed);
                        choices[base + slots + slot].store(theirs_chosen[slot].0, Ordering::Relaxed);
                    }
                    settle(self.values, index, partner, mine, theirs, largest);
                }
            }
            Policy::Graph { edges, picks } => {
                let edges = edges[chunk].get_or_init(|| self.build_edges(pairs.clone(), picks));
                let mut cursor = 0usize;
                self.settle_pairs(pairs, largest, |at| {
                    let mut backup = Backup {
                        moves: 0.0,
                        pass: self.always_pass,
                    };
                    for (slot, &odds) in self.slot_odds.iter().enumerate() {
                        let count = usize::from(picks[at + slot].load(Ordering::Relaxed) & 15);
                        if count == 0 {
                            backup.pass += odds;
                            continue;
                        }
                        let (mut best, mut pick) = (f64::NEG_INFINITY, 0);
                        for (j, choice) in edges[cursor..cursor + count].iter().enumerate() {
                            let worth = choice.worth(self.values).unwrap_or(0.0);
                            if worth > best {
                                (best, pick) = (worth, j);
                            }
                        }
                        picks[at + slot].store((count | pick << 4) as u8, Ordering::Relaxed);
                        backup.moves += odds * best;
                        cursor += count;
                    }
                    backup
                });
            }
        }
    }

    /// Every move of every slot of a chunk's pairs, in order; records the counts.
    fn build_edges(&self, pairs: Range<usize>, picks: &[AtomicU8]) -> Vec<Choice> {
        let slots = self.slot_odds.len();
        let mut edges = Vec::new();
        let mut counts = [0u8; MAX_SLOTS];
        for k in pairs {
            let (index, partner) = self.pair(k);
            let base = k * 2 * slots;
            for (side, position) in [index, partner].into_iter().enumerate() {
                if side == 1 && partner == index {
                    break;
                }
                self.model.successors(position, &mut edges, &mut counts[..slots]);
                for (slot, &count) in counts[..slots].iter().enumerate() {
                    assert!(count < 16, "at most 15 moves a roll");
                    picks[base + side * slots + slot].store(count, Ordering::Relaxed);
                }
            }
        }
        edges.shrink_to_fit();
        edges
    }

    /// A sweep over one chunk of pairs that evaluates the locked policy.
    #[inline(never)]
    fn evaluate(&self, policy: &Policy, chunk: usize, pairs: Range<usize>, largest: &mut f32) {
        match policy {
            #[cfg(test)]
            Policy::None => {}
            Policy::Choices(choices) => self.settle_pairs(pairs, largest, |at| {
                let mut backup = Backup {
                    moves: 0.0,
                    pass: self.always_pass,
                };
                for (slot, &odds) in self.slot_odds.iter().enumerate() {
                    match Choice(choices[at + slot].load(Ordering::Relaxed)).worth(self.values) {
                        Some(worth) => backup.moves += odds * worth,
                        None => backup.pass += odds,
                    }
                }
                backup
            }),
            Policy::Graph { edges, picks } => {
                let Some(edges) = edges[chunk].get() else {
                    return;
                };
                let mut cursor = 0usize;
                self.settle_pairs(pairs, largest, |at| {
                    let mut backup = Backup {
                        moves: 0.0,
                        pass: self.always_pass,
                    };
                    for (slot, &odds) in self.slot_odds.iter().enumerate() {
                        let byte = usize::from(picks[at + slot].load(Ordering::Relaxed));
                        let count = byte & 15;
                        if count == 0 {
                            backup.pass += odds;
                            continue;
                        }
                        backup.moves += odds * edges[cursor + (byte >> 4)].worth(self.values).unwrap_or(0.0);
                        cursor += count;
                    }
                    backup
                });
            }
        }
    }

    /// Backs up each pair of `pairs` (a position and its partner; `side` is given where
    /// a side's slots start in the policy arrays) and settles the two together.
    fn settle_pairs(&self, pairs: Range<usize>, largest: &mut f32, mut side: impl FnMut(usize) -> Backup) {
        let slots = self.slot_odds.len();
        for k in pairs {
            let (index, partner) = self.pair(k);
            let base = k * 2 * slots;
            let mine = side(base);
            let theirs = (partner != index).then(|| side(base + slots));
            settle(self.values, index, partner, mine, theirs, largest);
        }
    }

    /// The position at place `k` of the sweep order and its partner.
    fn pair(&self, k: usize) -> (u64, u64) {
        let [offset, partner] = self.order[k];
        (self.start + u64::from(offset), self.start + u64::from(partner))
    }
}

/// Most roll slots a model may have.
const MAX_SLOTS: usize = 8;
/// Policy evaluation runs until its sweeps change values by at most this part of the
/// target residual...
const EVALUATION_MARGIN: f64 = 0.25;
/// ...or this part of the last full-backup sweep's change, whichever is larger...
const EVALUATION_STEP: f64 = 0.05;
/// ...but not below the step of a 32-bit value in [0.5, 1), where rounding alone can
/// keep changing a value...
const ONE_STEP_NEAR_ONE: f64 = 6e-8;
/// ...and for at most this many sweeps before the policy is improved again.
const MAX_EVALUATION_SWEEPS: u32 = 200;

/// Solves a position and its partner from their backups and stores both, tracking the
/// largest change.
#[inline]
fn settle(
    values: &[AtomicU32],
    index: u64,
    partner: u64,
    mine: Backup,
    theirs: Option<Backup>,
    largest: &mut f32,
) {
    let mut update = |at: u64, new: f64| {
        let new = new as f32;
        let old = f32::from_bits(values[at as usize].swap(new.to_bits(), Ordering::Relaxed));
        *largest = largest.max((new - old).abs());
    };
    match theirs {
        None => update(index, solve_pair(mine, None).0),
        Some(theirs) => {
            let (v, w) = solve_pair(mine, Some(theirs));
            update(index, v);
            update(partner, w);
        }
    }
}

/// One sweep over `len` places of the sweep order on `threads` threads, in chunks of
/// [`CHUNK`] handed out in order: `step` gets a chunk's number, its places and the
/// largest change so far. Returns the largest change.
fn sweep(threads: usize, len: usize, step: impl Fn(usize, Range<usize>, &mut f32) + Sync) -> f64 {
    let chunk = CHUNK as usize;
    let next = AtomicUsize::new(0);
    let change = AtomicU64::new(0f64.to_bits());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut largest = 0.0f32;
                loop {
                    let number = next.fetch_add(1, Ordering::Relaxed);
                    let start = number * chunk;
                    if start >= len {
                        break;
                    }
                    step(number, start..(start + chunk).min(len), &mut largest);
                }
                change.fetch_max(f64::from(largest).to_bits(), Ordering::Relaxed);
            });
        }
    });
    // Non-negative floats order like their bits.
    f64::from_bits(change.load(Ordering::Relaxed))
}

/// The offsets of a layer's positions in sweeping order (a counting sort by key,
/// largest first), one of each pair of partners, each with its partner's offset.
fn sweep_order(model: &impl Model, range: &Range<u64>) -> Vec<[u32; 2]> {
    let top = model.max_order_key() as usize;
    let skip = u32::MAX;
    let keyed: Vec<(u32, u32)> = range
        .clone()
        .map(|i| {
            let partner = model.partner(i);
            let bucket = if partner < i {
                skip
            } else {
                (top - (model.order_key(i) as usize).min(top)) as u32
            };
            (bucket, (partner - range.start) as u32)
        })
        .collect();
    let mut starts = vec![0usize; top + 1];
    for &(bucket, _) in keyed.iter().filter(|(b, _)| *b != skip) {
        starts[bucket as usize] += 1;
    }
    let mut total = 0;
    for start in starts.iter_mut() {
        let count = *start;
        *start = total;
        total += count;
    }
    let mut order = vec![[0u32; 2]; total];
    for (offset, &(bucket, partner)) in keyed.iter().enumerate().filter(|(_, (b, _))| *b != skip) {
        order[starts[bucket as usize]] = [offset as u32, partner];
        starts[bucket as usize] += 1;
    }
    order
}

fn write_layer(path: &Path, range: &Range<u64>, values: &[AtomicU32], residual: f64) -> io::Result<()> {
    let mut bytes = Vec::with_capacity(values.len() * 4 + 40);
    bytes.extend_from_slice(CHECKPOINT_MAGIC);
    bytes.extend_from_slice(&range.start.to_le_bytes());
    bytes.extend_from_slice(&range.end.to_le_bytes());
    bytes.extend_from_slice(&residual.to_le_bytes());
    let body_start = bytes.len() + 8;
    bytes.extend_from_slice(&[0; 8]);
    for value in values {
        bytes.extend_from_slice(&value.load(Ordering::Relaxed).to_le_bytes());
    }
    let sum = table::checksum(&bytes[body_start..]);
    bytes[body_start - 8..body_start].copy_from_slice(&sum.to_le_bytes());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    crate::ai::output::write_atomically(path, &bytes).map_err(io::Error::other)
}

/// Reads a finished layer back; any mismatch means the layer is solved again.
fn read_layer(path: &Path, range: &Range<u64>, values: &[AtomicU32]) -> io::Result<f64> {
    let most = 40 + values.len() as u64 * 4;
    let bytes =
        crate::ai::files::read_file(path, crate::ai::files::Limit::table(most)).map_err(io::Error::other)?;
    let bad = || io::Error::new(io::ErrorKind::InvalidData, "not this layer's checkpoint");
    let word = |at: usize| -> u64 { u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8])) };
    if bytes.len() != 40 + values.len() * 4
        || &bytes[..8] != CHECKPOINT_MAGIC
        || word(8) != range.start
        || word(16) != range.end
        || word(32) != table::checksum(&bytes[40..])
    {
        return Err(bad());
    }
    for (value, chunk) in values.iter().zip(bytes[40..].chunks_exact(4)) {
        value.store(
            u32::from_le_bytes(chunk.try_into().unwrap_or([0; 4])),
            Ordering::Relaxed,
        );
    }
    Ok(f64::from_bits(word(24)))
}
