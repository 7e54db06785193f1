//! Exact solving of dice race games by value iteration, layer by layer, and the tables
//! it writes.
//!
//! The solver knows nothing of any game: a [`Model`] numbers the positions (each with a
//! side to roll), cuts the numbers into layers such that a layer's values depend only on
//! itself and earlier layers, and computes one position's new value from the values of
//! others (the Bellman backup: the chance that the side to roll wins, playing its best
//! move for every roll). The solver sweeps each layer in place, on every core, until no
//! value changes by more than the residual asked for, and keeps each finished layer in a
//! checkpoint so that a killed run resumes where it stopped.

pub mod reachable;
pub mod table;
pub mod ur;

use std::io::{self, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A game's positions as the solver sees them.
pub trait Model: Sync {
    /// How many positions there are, numbered from 0.
    fn size(&self) -> u64;

    /// The layers in solving order; they cover `0..size()` in order.
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
    /// value is `moves + pass * (1 - value(partner))`.
    fn backup(&self, index: u64, value: &impl Fn(u64) -> f64) -> Backup;
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

/// How to run a solve.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    /// Sweep a layer until no value changes by more than this (at least
    /// [`FINEST_RESIDUAL`]).
    pub residual: f64,
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
        let (sweeps, residual) = match resumed {
            Some(residual) => (0, residual),
            None => {
                let (sweeps, residual) =
                    solve_layer(model, range.clone(), &values, config, &bar, number, wanted, &name);
                if let Some(path) = &checkpoint {
                    write_layer(
                        path,
                        range,
                        &values[range.start as usize..range.end as usize],
                        residual,
                    )?;
                }
                (sweeps, residual)
            }
        };
        worst = worst.max(residual);
        bar.set_position(range.end);
        let report = LayerReport {
            name,
            positions: range.end - range.start,
            sweeps,
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
                    format!("{sweeps} sweeps")
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

/// Sweeps one layer in place until converged; returns (sweeps, last residual).
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
) -> (u32, f64) {
    let threads = config.threads.max(1);
    let order = sweep_order(model, &range);
    let len = order.len() as u64;
    let mut sweeps = 0u32;
    loop {
        sweeps += 1;
        let next = AtomicU64::new(0);
        let change = AtomicU64::new(0f64.to_bits());
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut largest = 0.0f32;
                    let value = |i: u64| load(values, i);
                    let mut update = |index: u64, new: f64| {
                        let new = new as f32;
                        let old =
                            f32::from_bits(values[index as usize].swap(new.to_bits(), Ordering::Relaxed));
                        largest = largest.max((new - old).abs());
                    };
                    loop {
                        let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if start >= len {
                            break;
                        }
                        let stop = (start + CHUNK).min(len) as usize;
                        for &offset in &order[start as usize..stop] {
                            let index = range.start + u64::from(offset);
                            let partner = model.partner(index);
                            let mine = model.backup(index, &value);
                            if partner == index {
                                update(index, solve_pair(mine, None).0);
                            } else {
                                let theirs = model.backup(partner, &value);
                                let (v, w) = solve_pair(mine, Some(theirs));
                                update(index, v);
                                update(partner, w);
                            }
                        }
                    }
                    change.fetch_max(f64::from(largest).to_bits(), Ordering::Relaxed);
                });
            }
        });
        // Non-negative floats order like their bits.
        let residual = f64::from_bits(change.load(Ordering::Relaxed));
        bar.set_message(format!(
            "layer {}/{layer_count} {name}: sweep {sweeps}, residual {residual:.1e}",
            number + 1
        ));
        if residual <= config.residual.max(FINEST_RESIDUAL) || range.is_empty() {
            return (sweeps, residual);
        }
    }
}

/// The offsets of a layer's positions in sweeping order (a counting sort by key,
/// largest first), one of each pair of partners.
fn sweep_order(model: &impl Model, range: &Range<u64>) -> Vec<u32> {
    let top = model.max_order_key() as usize;
    let skip = usize::MAX;
    let buckets: Vec<usize> = range
        .clone()
        .map(|i| {
            if model.partner(i) < i {
                skip
            } else {
                top - (model.order_key(i) as usize).min(top)
            }
        })
        .collect();
    let mut starts = vec![0usize; top + 1];
    for &bucket in buckets.iter().filter(|&&b| b != skip) {
        starts[bucket] += 1;
    }
    let mut total = 0;
    for start in starts.iter_mut() {
        let count = *start;
        *start = total;
        total += count;
    }
    let mut order = vec![0u32; total];
    for (offset, &bucket) in buckets.iter().enumerate().filter(|(_, b)| **b != skip) {
        order[starts[bucket]] = offset as u32;
        starts[bucket] += 1;
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
    let partial = path.with_extension("tmp");
    let mut file = std::fs::File::create(&partial)?;
    file.write_all(&bytes)?;
    file.sync_all()?;
    std::fs::rename(&partial, path)
}

/// Reads a finished layer back; any mismatch means the layer is solved again.
fn read_layer(path: &Path, range: &Range<u64>, values: &[AtomicU32]) -> io::Result<f64> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.read_to_end(&mut bytes)?;
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
