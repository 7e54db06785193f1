//! The Royal Game of Ur's standard rule sets as a solver [`Model`], the tables solving
//! them, and where those tables live.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use super::table::{Table, TableError};
use super::{Backup, Choice, Method, Model, Solution, SolveConfig};
use crate::ai::output::OutputError;
use crate::core::{NewGame, Options};
use crate::games::ur::board::RuleSet;
use crate::games::ur::index::{Next, Successor, UrIndex};
use crate::games::ur::{INFO, Ur, UrRules};

/// Ur positions numbered by [`UrIndex`], backed up over the five rolls.
pub struct UrModel {
    index: UrIndex,
}

impl UrModel {
    /// The model of a standard rule set (`None` for City of Ur).
    pub fn new(rules: RuleSet) -> Option<UrModel> {
        UrIndex::new(rules).map(|index| UrModel { index })
    }

    /// The numbering.
    pub fn index(&self) -> &UrIndex {
        &self.index
    }
}

impl Model for UrModel {
    fn layers(&self) -> Vec<std::ops::Range<u64>> {
        self.index.layers().to_vec()
    }

    fn layer_name(&self, layer: usize) -> String {
        let (low, high) = self.index.layer_pairs()[layer];
        format!("off {{{low},{high}}}")
    }

    fn order_key(&self, index: u64) -> u32 {
        self.index.progress(&self.index.state(index))
    }

    fn max_order_key(&self) -> u32 {
        self.index.max_progress()
    }

    fn partner(&self, index: u64) -> u64 {
        self.index.index(&self.index.state(index).flipped())
    }

    #[cfg(test)]
    fn backup(&self, index: u64, value: &impl Fn(u64) -> f64) -> Backup {
        let state = self.index.state(index);
        let mut backup = Backup {
            moves: 0.0,
            pass: 0.0,
        };
        for (roll, odds) in self.index.roll_odds().into_iter().enumerate() {
            if odds > 0.0 {
                match self.index.best_move(&state, roll as u8, value) {
                    Some(best) => backup.moves += odds * best,
                    None => backup.pass += odds,
                }
            }
        }
        backup
    }

    fn roll_slots(&self) -> Vec<f64> {
        self.index.roll_odds()[1..].to_vec()
    }

    fn backup_choosing(&self, index: u64, value: &impl Fn(u64) -> f64, choices: &mut [Choice]) -> Backup {
        let state = self.index.state(index);
        let odds = self.index.roll_odds();
        // Rolling 0 never moves.
        let mut backup = Backup {
            moves: 0.0,
            pass: odds[0],
        };
        for (slot, choice) in choices.iter_mut().enumerate() {
            let roll = slot + 1;
            *choice = match self.index.best_successor(&state, roll as u8, value) {
                Some((best, successor)) => {
                    backup.moves += odds[roll] * best;
                    match successor {
                        Successor::Won => Choice::WON,
                        Successor::Again(next) => Choice::again(next),
                        Successor::Handover(next) => Choice::handover(next),
                    }
                }
                None => {
                    backup.pass += odds[roll];
                    Choice::PASS
                }
            };
        }
        backup
    }

    fn successors(&self, index: u64, out: &mut Vec<Choice>, counts: &mut [u8]) {
        let state = self.index.state(index);
        let mut moves = [Next::Won; 8];
        for (slot, count) in counts.iter_mut().enumerate() {
            let found = self.index.moves(&state, slot as u8 + 1, &mut moves);
            *count = found as u8;
            out.extend(moves[..found].iter().map(|next| match next {
                Next::Won => Choice::WON,
                Next::Again(after) => Choice::again(self.index.index(after)),
                Next::Handover(after) => Choice::handover(self.index.index(after)),
            }));
        }
    }
}

/// Layers up to this size keep their moves in memory while solving: Finkel's largest
/// (29.6 million positions) takes about 2 GB so; larger ones (in Masters) generate their
/// moves in every full sweep.
const GRAPH_POSITIONS: u64 = 32_000_000;

/// The name a table of `rules` carries in its header.
pub fn table_name(rules: RuleSet) -> String {
    crate::games::ur::solved_table(rules).to_string()
}

/// The rule set whose table `table` is, if it is one of Ur's.
fn rules_of_table(table: &crate::core::SolvedTable) -> Option<RuleSet> {
    RuleSet::ALL
        .into_iter()
        .find(|&rules| crate::games::ur::solved_table(rules) == *table)
}

/// Where `tabula solve` puts the table of `rules` and `bot:perfect` looks for it: the
/// data directory (`~/.local/share/tabula/` on Linux, or `$TABULA_DATA_DIR`).
pub fn default_path(rules: RuleSet) -> Option<PathBuf> {
    crate::ai::data_dir::data_dir().map(|dir| dir.join(format!("ur-{}.table", rules.name())))
}

/// What a full solve takes, for the message that says how to build a missing table.
/// Measured with `/usr/bin/time -v tabula solve ur rules=R` on this 2-core machine while
/// other jobs shared it: the CPU time, halved, is the wall time two idle cores need.
pub fn solve_cost(rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Finkel => {
            "about 5 minutes on two idle cores (9.5 minutes of CPU time), 2.5 GB of memory, a 276 MB table; a stopped run resumes"
        }
        RuleSet::Masters => {
            "about 30 minutes on two idle cores (an hour of CPU time), 4.3 GB of memory, a 1.0 GB table; a stopped run resumes"
        }
        RuleSet::Blitz => {
            "about 1 minute on two idle cores (1.7 minutes of CPU time), 1.1 GB of memory, an 83 MB table; a stopped run resumes"
        }
        RuleSet::Aseb => {
            "about 1.5 minutes on two idle cores (2.5 minutes of CPU time), 1.1 GB of memory, an 83 MB table; a stopped run resumes"
        }
        RuleSet::City => "City of Ur cannot be solved whole",
    }
}

/// A loaded table: exact win chances under perfect play, of one Ur rule set or of
/// two-seat Mnogoboy (built in, see [`super::mnogoboy`]).
#[derive(Debug)]
pub struct PerfectTable {
    /// Ur's numbering, for [`PerfectTable::win_probability`]; `None` for other games.
    #[cfg(test)]
    index: Option<UrIndex>,
    table: Table,
    /// The table as the game declares it.
    solved: crate::core::SolvedTable,
}

/// Why there is no table to play from.
#[derive(Debug, thiserror::Error)]
pub enum MissingTable {
    /// None of tabula's solvers builds the table asked for.
    #[error("no solver of tabula builds the table '{table}'")]
    NoSolver {
        /// The table, as the game declares it.
        table: crate::core::SolvedTable,
    },
    /// The rule set has no table (City of Ur).
    #[error("ur rules={0} has no perfect-play table: only finkel, masters, blitz and aseb are solved")]
    NotSolvable(&'static str),
    /// No data directory to look in.
    #[error("no data directory to find the table in; build one with 'tabula solve ur rules={0} --out FILE'")]
    NoDataDir(&'static str),
    /// The file is not there.
    #[error(
        "no perfect-play table for ur rules={rules} at {path}: build it with 'tabula solve ur rules={rules}' ({cost})"
    )]
    Absent {
        /// The rule set.
        rules: &'static str,
        /// Where it was looked for.
        path: String,
        /// What building it takes.
        cost: &'static str,
    },
    /// The file is there but unusable.
    #[error("{0} (rebuild it with 'tabula solve ur rules={1}')")]
    Unusable(TableError, &'static str),
}

impl PerfectTable {
    /// Reads the table of `rules` from `path`, checking its header and checksum.
    pub fn load(path: &Path, rules: RuleSet) -> Result<PerfectTable, TableError> {
        let index = UrIndex::new(rules).ok_or_else(|| TableError::WrongGame {
            path: path.to_path_buf(),
            found: "a solvable rule set".into(),
            expected: table_name(rules),
        })?;
        let table = Table::read(path, &table_name(rules), index.size())?;
        Ok(PerfectTable {
            #[cfg(test)]
            index: Some(index),
            table,
            solved: crate::games::ur::solved_table(rules),
        })
    }

    /// The table `solved` of a game that Ur's numbering does not cover.
    pub fn without_index(table: Table, solved: crate::core::SolvedTable) -> PerfectTable {
        PerfectTable {
            #[cfg(test)]
            index: None,
            table,
            solved,
        }
    }

    /// The table of `rules` from the data directory, loaded once per process.
    pub fn find(rules: RuleSet) -> Result<Arc<PerfectTable>, MissingTable> {
        static LOADED: OnceLock<Mutex<HashMap<RuleSet, Arc<PerfectTable>>>> = OnceLock::new();
        let loaded = LOADED.get_or_init(|| Mutex::new(HashMap::new()));
        let mut loaded = loaded.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(table) = loaded.get(&rules) {
            return Ok(Arc::clone(table));
        }
        if !crate::games::ur::solved_table(rules).whole {
            return Err(MissingTable::NotSolvable(rules.name()));
        }
        let path = default_path(rules).ok_or(MissingTable::NoDataDir(rules.name()))?;
        if !path.exists() {
            return Err(MissingTable::Absent {
                rules: rules.name(),
                path: path.display().to_string(),
                cost: solve_cost(rules),
            });
        }
        let table = PerfectTable::load(&path, rules).map_err(|e| MissingTable::Unusable(e, rules.name()))?;
        let table = Arc::new(table);
        loaded.insert(rules, Arc::clone(&table));
        Ok(table)
    }

    /// The Ur rule set, for an Ur table.
    #[cfg(test)]
    pub fn rules(&self) -> Option<RuleSet> {
        self.index.as_ref().map(UrIndex::rules)
    }

    /// True when the table holds every position (not only end layers).
    pub fn is_complete(&self) -> bool {
        self.table.is_complete()
    }

    /// The chance that the side to roll wins in the position numbered `index` (see
    /// [`crate::core::Lab::solved_index`]), if the table holds it.
    pub fn value(&self, index: u64) -> Option<f64> {
        self.table.value(index)
    }

    /// The chance that the seat to act in `game` wins under perfect play from here on:
    /// before its roll, over the rolls; after it, with its best move. `None` when the
    /// game is over, of another rule set, or in a layer the table does not hold.
    #[cfg(test)]
    pub fn win_probability(&self, game: &Ur) -> Option<f64> {
        let index = self.index.as_ref()?;
        let (state, _) = index.state_of(game)?;
        self.table.value(index.index(&state))?;
        // A stored layer's successors are stored too (they have as many pieces off).
        index.win_probability(game, |i| self.table.value(i).unwrap_or(0.5))
    }
}

/// What a solve of a rule set did.
#[derive(Debug)]
pub struct UrSolveReport {
    /// Positions numbered in the whole rule set.
    pub positions: u64,
    /// Positions solved (all, or the end layers asked for).
    pub solved: u64,
    /// The solution itself, per layer.
    pub solution: Solution,
    /// Where the table was written.
    pub path: PathBuf,
    /// Its size in bytes.
    pub table_bytes: u64,
    /// Wall time of the solve.
    pub elapsed: Duration,
    /// Light's chance from the start, when the whole game was solved.
    pub start_value: Option<f64>,
}

/// Solves `rules` (only the positions with at most `left` pieces per side not borne off,
/// when given) and writes the table to `out`; finished layers are kept beside it in
/// `OUT.layers/` until the table is written, so a killed run resumes.
pub fn solve_rule_set(
    rules: RuleSet,
    out: &Path,
    left: Option<u8>,
    residual: f64,
    threads: usize,
    progress: bool,
) -> Result<UrSolveReport, String> {
    let model = UrModel::new(rules).ok_or_else(|| {
        "City of Ur is too large to solve (see 'tabula solve ur rules=city --count')".to_string()
    })?;
    let index = model.index();
    let layers = left.map(|k| index.end_layers(k));
    let mut layer_dir = out.as_os_str().to_owned();
    layer_dir.push(".layers");
    let layer_dir = PathBuf::from(layer_dir);
    let config = SolveConfig {
        method: Method::PolicyIteration,
        graph_positions: GRAPH_POSITIONS,
        residual,
        threads,
        layers,
        checkpoint_dir: Some(layer_dir.clone()),
        progress,
    };
    let started = Instant::now();
    let solution = super::solve(&model, &config)
        .map_err(|e| format!("cannot keep solved layers in {}: {e}", layer_dir.display()))?;
    Table::write(
        out,
        &table_name(rules),
        index.size(),
        solution.residual,
        &solution.values,
    )
    .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_dir_all(&layer_dir);
    let solved = solution.values.len() as u64;
    let start_value = (solved == index.size())
        .then(|| {
            let options = Options::parse(INFO.options, &[format!("rules={}", rules.name())]).ok()?;
            let start = Ur::new_game(&options).ok()?;
            let (state, _) = index.state_of(&start)?;
            Some(f64::from(solution.values[index.index(&state) as usize]))
        })
        .flatten();
    Ok(UrSolveReport {
        positions: index.size(),
        solved,
        path: out.to_path_buf(),
        table_bytes: std::fs::metadata(out).map_or(0, |m| m.len()),
        elapsed: started.elapsed(),
        start_value,
        solution,
    })
}

/// The `tabula solve ur rules=R --count` text: positions and what a table needs.
pub fn count_report(rules: RuleSet) -> String {
    match UrIndex::new(rules) {
        Some(index) => {
            let positions = index.size();
            format!(
                "ur rules={}: {positions} positions of unfinished games (each with the side to roll) in {} layers\n\
                 table: {:.1} MB at 16 bits a position; solving holds {:.1} GB (32-bit values)",
                rules.name(),
                index.layers().len(),
                (positions * 2 + 80) as f64 / 1e6,
                (positions * 4) as f64 / 1e9
            )
        }
        None => crate::games::ur::count::city_report(),
    }
}

/// Why City of Ur's end layers could not be solved or written.
#[derive(Debug, thiserror::Error)]
pub enum CityEndError {
    /// Only the last one or two pieces a side are solved through the rules engine.
    #[error("City of Ur's end layers can be solved with --layers 1 or 2")]
    Layers {
        /// The pieces a side asked for.
        left: u8,
    },
    /// The back-star rule is not one City of Ur knows.
    #[error(transparent)]
    Options(#[from] crate::core::OptionError),
    /// The values could not be written. The io error is part of the words, so it is not
    /// also given as the source (the binary prints every source after the words).
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The file asked for.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// The path is no regular file to write (a directory, a FIFO, a device).
    #[error(transparent)]
    Refused(OutputError),
}

/// Solves City of Ur's end layers (each side at most `left` pieces not borne off, with
/// everything reachable from them) through the rules engine; writes `POSITION<TAB>CHANCE`
/// lines to `out` when given. Returns a report for people.
pub fn solve_city_end(left: u8, back_star: &str, out: Option<&Path>) -> Result<String, CityEndError> {
    if !(1..=2).contains(&left) {
        return Err(CityEndError::Layers { left });
    }
    let options = Options::parse(
        INFO.options,
        &["rules=city".to_string(), format!("back-star={back_star}")],
    )?;
    let base = Ur::new_game(&options)?;
    let starts = crate::games::ur::count::city_end_positions(&base, left);
    let started = Instant::now();
    let odds = |_: &Ur| (1..=4).map(|r| (crate::core::Dice::single(r), 0.25)).collect();
    let values = crate::core::reachable::solve_reachable(&starts, &odds, 1e-12);
    let mut report = format!(
        "ur rules=city back-star={back_star}: {} end positions (at most {left} piece{} left per side), {} with everything reachable, solved in {:.1} s",
        starts.len(),
        if left == 1 { "" } else { "s" },
        values.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = out {
        let mut lines: Vec<String> = values.iter().map(|(k, v)| format!("{k}\t{v:.9}")).collect();
        lines.sort();
        crate::ai::output::write_atomically(path, (lines.join("\n") + "\n").as_bytes()).map_err(|error| {
            match error {
                OutputError::Io { path, source } => CityEndError::Write { path, error: source },
                refused => CityEndError::Refused(refused),
            }
        })?;
        report.push_str(&format!("\nwritten to {}", path.display()));
    }
    Ok(report)
}

impl PerfectTable {
    /// The table this is, as [`crate::core::Lab::solved_table`] gives it.
    pub fn solved(&self) -> crate::core::SolvedTable {
        self.solved
    }
}

/// The solver of Ur's rule sets: it builds their tables into the data directory.
pub(super) struct UrSolver;

impl super::Solver for UrSolver {
    fn builds(&self, table: &crate::core::SolvedTable) -> bool {
        rules_of_table(table).is_some()
    }

    fn built_in(&self) -> bool {
        false
    }

    fn find(&self, table: &crate::core::SolvedTable) -> Result<Arc<PerfectTable>, MissingTable> {
        let rules = rules_of_table(table).ok_or(MissingTable::NoSolver { table: *table })?;
        PerfectTable::find(rules)
    }

    fn solve(
        &self,
        table: &crate::core::SolvedTable,
        options: &crate::core::Options,
        request: SolveRequest,
        out: &mut dyn std::io::Write,
    ) -> anyhow::Result<()> {
        let rules = rules_of_table(table).ok_or(MissingTable::NoSolver { table: *table })?;
        solve_ur_table(rules, options, request, out)
    }
}

/// What `tabula solve` was asked to do.
#[derive(Clone, Debug)]
pub struct SolveRequest {
    /// Where to write the table (the data directory when `None`).
    pub out: Option<PathBuf>,
    /// Solve only the end layers with at most this many pieces left per side.
    pub layers: Option<u8>,
    /// Sweep each layer until no value changes by more than this.
    pub residual: f64,
    /// Threads (the number of cores when `None`).
    pub jobs: Option<usize>,
    /// Only count the positions and say what a table would need.
    pub count: bool,
}

/// Builds the table of Ur's `rules` for a game with `options`, or counts it, writing
/// progress and the result to `out`.
fn solve_ur_table(
    rules: RuleSet,
    options: &crate::core::Options,
    request: SolveRequest,
    out: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    use anyhow::Context;
    if request.count {
        writeln!(out, "{}", count_report(rules))?;
        return Ok(());
    }
    if !(request.residual >= crate::ai::solve::FINEST_RESIDUAL && request.residual < 0.5) {
        anyhow::bail!("--residual must be from 1e-7 (the finest 32-bit values reach) to 0.5, e.g. 1e-6");
    }
    let jobs = request
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        anyhow::bail!("--jobs must be at least 1");
    }
    if rules == RuleSet::City && request.layers.is_some() {
        let left = request.layers.unwrap_or(1);
        let back_star = UrRules::read(options)?.back_star();
        let report = solve_city_end(left, back_star, request.out.as_deref())?;
        writeln!(out, "{report}")?;
        return Ok(());
    }
    if rules == RuleSet::City {
        anyhow::bail!(
            "City of Ur is too large to solve whole ('tabula solve ur rules=city --count' says how large); solve its end with --layers 1 or 2"
        );
    }
    let path = match request.out {
        Some(path) => path,
        None => default_path(rules).context("no data directory for the table: give --out FILE")?,
    };
    writeln!(
        out,
        "solving ur rules={}{}: residual {:e}, {jobs} thread{}; table {}",
        rules.name(),
        request
            .layers
            .map(|k| format!(
                " (end layers: at most {k} piece{} left per side)",
                if k == 1 { "" } else { "s" }
            ))
            .unwrap_or_default(),
        request.residual,
        if jobs == 1 { "" } else { "s" },
        path.display()
    )?;
    out.flush()?;
    let report = solve_rule_set(rules, &path, request.layers, request.residual, jobs, true)
        .map_err(anyhow::Error::msg)?;
    let sweeps: u32 = report.solution.layers.iter().map(|l| l.sweeps).sum();
    writeln!(
        out,
        "solved {} of {} positions in {} layer{} ({sweeps} sweeps) in {:.1} s; largest residual {:.1e}",
        report.solved,
        report.positions,
        report.solution.layers.len(),
        if report.solution.layers.len() == 1 {
            ""
        } else {
            "s"
        },
        report.elapsed.as_secs_f64(),
        report.solution.residual
    )?;
    writeln!(
        out,
        "table: {} ({:.1} MB)",
        report.path.display(),
        report.table_bytes as f64 / 1e6
    )?;
    if let Some(value) = report.start_value {
        writeln!(
            out,
            "from the start, light (who rolls first) wins with probability {value:.6} under perfect play"
        )?;
    }
    Ok(())
}
