//! `tabula solve`: exact tables for bot:perfect.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use super::args::GameChoice;
use crate::core::Lab;

#[derive(Debug, Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    pub(super) game: GameChoice,
    /// Write the table to FILE instead of the data directory
    #[arg(long, value_name = "FILE")]
    pub(super) out: Option<std::path::PathBuf>,
    /// Solve only the end layers: positions where each side has at most N pieces left
    #[arg(long, value_name = "N")]
    pub(super) layers: Option<u8>,
    /// Sweep each layer until no win chance changes by more than this
    #[arg(long, default_value_t = 1e-6)]
    pub(super) residual: f64,
    /// Threads (default: the number of cores)
    #[arg(long)]
    pub(super) jobs: Option<usize>,
    /// Only count the positions and say what a table would need
    #[arg(long)]
    pub(super) count: bool,
}

pub(super) fn solve_command(args: SolveArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let (kind, options) = args.game.resolve()?;
    // The game says which table would play it; the solver says whether it builds it.
    let Some(table) = kind.new_game(&options)?.solved_table() else {
        anyhow::bail!(
            "{} cannot be solved; 'tabula solve' solves {}",
            kind.info().id,
            crate::ai::solve::solvable_text()
        );
    };
    if let Some(path) = &args.out {
        // Refused now, not after the solve.
        crate::ai::output::target_of(path)?;
    }
    if !args.count {
        crate::app::forecast::announce(
            "solve",
            "a whole rule set of Ur takes minutes to an hour (CPU time: Blitz and ASEB 2 to \
             3 min, Finkel 10, Masters 60; two-seat Mnogoboy 15 s); a stopped run resumes; shorter: --layers N solves only the \
             last N layers, --count only counts the positions",
        );
    }
    let request = crate::ai::solve::SolveRequest {
        out: args.out,
        layers: args.layers,
        residual: args.residual,
        jobs: args.jobs,
        count: args.count,
    };
    crate::ai::solve::solve_table(&table, &options, request, out)?;
    Ok(ExitCode::SUCCESS)
}
