//! Two-seat Mnogoboy solved exactly.
//!
//! The game is small once numbered by where turns begin (see
//! [`crate::games::mnogoboy::index`]): 220,900 numbers, of which 189,477 are positions.
//! Each position's turn is compiled once into a flat tree of choices and rolls whose
//! leaves are the other seat's turn starts; then sweeps back every value up through its
//! tree (from the positions nearest the finish to the start, in place) until no value
//! changes by more than the residual. Lost turns (a six needed) are the only cycles, so
//! the values settle geometrically.

use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use super::table::{Table, TableError};
use super::ur::PerfectTable;
use crate::core::SolvedTable;
use crate::games::mnogoboy::SOLVED_TABLE;
use crate::games::mnogoboy::index::{self, POSITIONS, TurnNode};

/// The table built into tabula, as `tabula solve mnogoboy players=2 --out FILE` writes it.
static BUILT_IN: &[u8] = include_bytes!("../../../assets/tables/mnogoboy_players-2.table");

const WON: u32 = u32::MAX;
const ROLL: u32 = u32::MAX - 1;
const BEST: u32 = 1 << 31;

/// Every turn of two-seat Mnogoboy as a flat tree, ready to be swept.
pub struct TurnTrees {
    /// The trees one after the other, nodes as `WON`, `ROLL`, `BEST | n` or a position.
    nodes: Vec<u32>,
    /// Where each position's tree starts in `nodes` (`POSITIONS + 1` entries); an empty
    /// tree marks a number that names no position.
    starts: Vec<u32>,
}

impl TurnTrees {
    /// Compiles the tree of every position's turn.
    pub fn build() -> TurnTrees {
        let mut nodes = Vec::new();
        let mut starts = Vec::with_capacity(POSITIONS as usize + 1);
        let mut tree = Vec::new();
        for position in 0..POSITIONS {
            starts.push(nodes.len() as u32);
            tree.clear();
            index::turn_tree(position, &mut tree);
            nodes.extend(tree.iter().map(|node| match *node {
                TurnNode::Won => WON,
                TurnNode::Roll => ROLL,
                TurnNode::Best(n) => BEST | u32::from(n),
                TurnNode::Handover(i) => i as u32,
            }));
        }
        starts.push(nodes.len() as u32);
        TurnTrees { nodes, starts }
    }

    /// Nodes in all the trees.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// True if `position` names a position (its tree is not empty).
    pub fn is_position(&self, position: u64) -> bool {
        self.starts[position as usize] < self.starts[position as usize + 1]
    }

    /// The value of `position`'s turn for its mover, given every turn start's value.
    pub fn backup(&self, position: u64, values: &[f64]) -> f64 {
        let start = self.starts[position as usize] as usize;
        let end = self.starts[position as usize + 1] as usize;
        let mut cursor = start;
        let value = evaluate(&self.nodes, &mut cursor, values);
        debug_assert_eq!(cursor, end);
        value
    }
}

fn evaluate(nodes: &[u32], cursor: &mut usize, values: &[f64]) -> f64 {
    let node = nodes[*cursor];
    *cursor += 1;
    match node {
        WON => 1.0,
        ROLL => (0..6).map(|_| evaluate(nodes, cursor, values)).sum::<f64>() / 6.0,
        n if n & BEST != 0 => {
            let mut best = f64::NEG_INFINITY;
            for _ in 0..(n & !BEST) {
                best = best.max(evaluate(nodes, cursor, values));
            }
            best
        }
        position => 1.0 - values[position as usize],
    }
}

/// The values of every turn start, solved until no sweep changes one by more than
/// `residual`; with the number of sweeps it took. `after_sweep` hears each sweep's
/// largest change.
pub fn solve(trees: &TurnTrees, residual: f64, mut after_sweep: impl FnMut(u32, f64)) -> (Vec<f64>, u32) {
    let mut order: Vec<u64> = (0..POSITIONS).filter(|&p| trees.is_position(p)).collect();
    order.sort_by_key(|&p| std::cmp::Reverse(index::progress(p)));
    let mut values = vec![0.5; POSITIONS as usize];
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut largest: f64 = 0.0;
        for &position in &order {
            let value = trees.backup(position, &values);
            largest = largest.max((value - values[position as usize]).abs());
            values[position as usize] = value;
        }
        after_sweep(sweeps, largest);
        if largest <= residual {
            return (values, sweeps);
        }
    }
}

/// The solver of two-seat Mnogoboy, whose table tabula carries built in.
pub(super) struct MnogoboySolver;

impl super::Solver for MnogoboySolver {
    fn builds(&self, table: &SolvedTable) -> bool {
        *table == SOLVED_TABLE
    }

    fn built_in(&self) -> bool {
        true
    }

    fn find(&self, _table: &SolvedTable) -> Result<Arc<PerfectTable>, super::MissingTable> {
        Ok(built_in())
    }

    fn solve(
        &self,
        _table: &SolvedTable,
        _options: &crate::core::Options,
        request: super::SolveRequest,
        out: &mut dyn std::io::Write,
    ) -> anyhow::Result<()> {
        solve_command(request, out)
    }
}

/// The built-in table of two-seat Mnogoboy (read once per process).
pub fn built_in() -> Arc<PerfectTable> {
    static TABLE: OnceLock<Arc<PerfectTable>> = OnceLock::new();
    Arc::clone(TABLE.get_or_init(|| {
        let table = Table::from_bytes(
            Path::new("the built-in table"),
            BUILT_IN.to_vec(),
            &SOLVED_TABLE.to_string(),
            POSITIONS,
        )
        // A test reads the embedded table; it cannot be damaged in a built binary.
        .expect("the built-in table of two-seat Mnogoboy is valid");
        Arc::new(PerfectTable::without_index(table, SOLVED_TABLE))
    }))
}

/// What a solve of two-seat Mnogoboy did.
#[derive(Debug)]
pub struct SolveReport {
    /// Positions solved (numbers that name a position).
    pub positions: u64,
    /// Nodes in all the turns' trees.
    pub nodes: usize,
    /// Sweeps until the values settled.
    pub sweeps: u32,
    /// The chance that the seat that won the roll-off wins (it takes the first piece).
    pub start_value: f64,
    /// Time taken.
    pub elapsed: Duration,
}

/// The finest residual the solver takes: its values are 64-bit.
pub const FINEST_RESIDUAL: f64 = 1e-15;

/// Where `tabula solve mnogoboy players=2` writes its table when not told: the data
/// directory. (bot:perfect plays from the built-in table, which this one reproduces.)
pub fn default_path() -> Option<std::path::PathBuf> {
    crate::ai::data_dir::data_dir().map(|dir| dir.join("mnogoboy_players-2.table"))
}

/// Solves two-seat Mnogoboy to `residual` and writes the table to `path`, drawing a
/// progress bar of the sweeps on standard error when `progress` is set.
pub fn solve_to_file(path: &Path, residual: f64, progress: bool) -> Result<SolveReport, TableError> {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    let started = Instant::now();
    let bar = if progress {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} {spinner} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.set_message("compiling every turn");
    bar.enable_steady_tick(Duration::from_millis(200));
    let trees = TurnTrees::build();
    let (values, sweeps) = solve(&trees, residual, |sweep, largest| {
        bar.set_message(format!(
            "sweep {sweep}: largest change {largest:.1e} (until {residual:.0e})"
        ));
    });
    bar.finish_and_clear();
    let stored: Vec<f32> = values.iter().map(|&v| v as f32).collect();
    Table::write(path, &SOLVED_TABLE.to_string(), POSITIONS, residual, &stored)?;
    Ok(SolveReport {
        positions: (0..POSITIONS).filter(|&p| trees.is_position(p)).count() as u64,
        nodes: trees.node_count(),
        sweeps,
        start_value: values[0],
        elapsed: started.elapsed(),
    })
}

/// `tabula solve mnogoboy players=2`: solves the game, writes the table (to `out`, or
/// the data directory) and reports to `report`.
pub fn solve_command(request: super::SolveRequest, report: &mut dyn std::io::Write) -> anyhow::Result<()> {
    use anyhow::Context;
    if request.layers.is_some() {
        anyhow::bail!("two-seat Mnogoboy is solved whole in seconds: leave out --layers");
    }
    if request.count {
        writeln!(
            report,
            "mnogoboy players=2: {POSITIONS} numbers for the positions where a turn begins\n(the mover's piece and the other's), a table of {} bytes; the solve compiles\nevery turn's tree (about 50 million nodes, 200 MB) and takes about 15 seconds\non one core",
            POSITIONS * 2 + 80
        )?;
        return Ok(());
    }
    if !(request.residual >= FINEST_RESIDUAL && request.residual < 0.5) {
        anyhow::bail!(
            "--residual must be from {FINEST_RESIDUAL:e} to 0.5 for mnogoboy, e.g. 1e-12 (as the built-in table)"
        );
    }
    let path = match request.out {
        Some(path) => path,
        None => default_path().context("no data directory for the table: give --out FILE")?,
    };
    writeln!(
        report,
        "solving mnogoboy players=2: residual {:e}, one thread; table {}",
        request.residual,
        path.display()
    )?;
    report.flush()?;
    let solved = solve_to_file(&path, request.residual, true).map_err(anyhow::Error::new)?;
    writeln!(
        report,
        "solved {} positions ({} nodes in their turns) in {} sweeps, {:.1} s",
        solved.positions,
        solved.nodes,
        solved.sweeps,
        solved.elapsed.as_secs_f64()
    )?;
    writeln!(
        report,
        "under perfect play the roll-off winner wins with probability {:.6}",
        solved.start_value
    )?;
    writeln!(
        report,
        "(bot:perfect plays the table built into tabula, solved with --residual 1e-12)"
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnogoboy::Colour;
    use crate::games::mnogoboy::index::PIECE_CODES;

    const STEP: f64 = 1.0 / 65535.0;

    fn code(colour: Colour, field: u8) -> u64 {
        let colour = Colour::ALL.iter().position(|&c| c == colour).unwrap() as u64;
        1 + u64::from(field) * 7 + colour
    }

    /// The table's value where `mover` is to roll and `other` waits.
    fn value(mover: (Colour, u8), other: (Colour, u8)) -> f64 {
        let index = code(mover.0, mover.1) * PIECE_CODES + code(other.0, other.1);
        built_in().value(index).unwrap()
    }

    #[test]
    fn the_built_in_table_is_complete_and_names_two_seat_mnogoboy() {
        let table = built_in();
        assert_eq!(table.solved().to_string(), "mnogoboy players=2");
        assert!(table.is_complete());
        assert!(table.rules().is_none());
    }

    #[test]
    fn end_positions_have_their_exact_values() {
        use Colour::*;
        // Any roll from 66 reaches F.
        assert_eq!(value((Grey, 66), (White, 3)), 1.0);
        // From 65 a 1 falls short, and the other seat then wins from 66.
        assert!((value((Grey, 65), (White, 66)) - 5.0 / 6.0).abs() <= STEP);
        // Both on 65: 5/6 at once, else the other wins with 5/6 and loses with 1/6.
        assert!((value((Grey, 65), (White, 65)) - 31.0 / 36.0).abs() <= STEP);
        // Green on 63 (white) needs a six; white is in the reserve, so exchanging for it
        // first frees the piece: 4 to 6 win, 1 to 3 leave the other a sure win.
        assert!((value((Green, 63), (Black, 66)) - 0.5).abs() <= STEP);
        // The other seat holds white: only a six moves green, and a six wins.
        assert!((value((Green, 63), (White, 66)) - 1.0 / 6.0).abs() <= STEP);
    }

    #[test]
    fn the_built_in_table_is_the_fixed_point_of_the_rules() {
        // Every turn backed up through the rules from the table's own values gives the
        // table's value again, to the 16-bit rounding (a backup moves an error by no
        // more than its largest input's): so the table is the game's solution.
        let trees = TurnTrees::build();
        let table = built_in();
        let values: Vec<f64> = (0..POSITIONS).map(|p| table.value(p).unwrap()).collect();
        let mut positions = 0;
        for position in 0..POSITIONS {
            if !trees.is_position(position) {
                continue;
            }
            positions += 1;
            let backed_up = trees.backup(position, &values);
            assert!(
                (backed_up - values[position as usize]).abs() <= STEP + 1e-9,
                "position {position}: table {} but its turn gives {backed_up}",
                values[position as usize]
            );
        }
        assert_eq!(positions, 189_477);
    }

    #[test]
    fn numbers_that_name_no_position_have_no_turn() {
        let trees = TurnTrees::build();
        let same = code(Colour::Blue, 10) * PIECE_CODES + code(Colour::Blue, 12);
        assert!(!trees.is_position(same));
        let both_without_pieces = 0;
        assert!(trees.is_position(both_without_pieces));
        assert!(!trees.is_position(POSITIONS - 1));
    }
}
