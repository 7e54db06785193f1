//! `tabula solve`: exact tables for bot:perfect.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use super::args::GameChoice;

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
    use crate::ai::solve::ur::{default_path, solve_rule_set};
    use crate::games::ur::board::RuleSet;
    let (kind, options) = args.game.resolve()?;
    if kind.info().id != "ur" {
        anyhow::bail!(
            "{} cannot be solved; 'tabula solve' solves ur with rules=finkel, masters, blitz or aseb",
            kind.info().id
        );
    }
    let rules =
        RuleSet::from_name(options.get("rules").unwrap_or_default()).context("ur has no such rule set")?;
    if args.count {
        writeln!(out, "{}", crate::ai::solve::ur::count_report(rules))?;
        return Ok(ExitCode::SUCCESS);
    }
    if !(args.residual >= crate::ai::solve::FINEST_RESIDUAL && args.residual < 0.5) {
        anyhow::bail!("--residual must be from 1e-7 (the finest 32-bit values reach) to 0.5, e.g. 1e-6");
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        anyhow::bail!("--jobs must be at least 1");
    }
    if rules == RuleSet::City && args.layers.is_some() {
        let left = args.layers.unwrap_or(1);
        let report = crate::ai::solve::ur::solve_city_end(
            left,
            options.get("back-star").unwrap_or_default(),
            args.out.as_deref(),
        )
        .map_err(anyhow::Error::msg)?;
        writeln!(out, "{report}")?;
        return Ok(ExitCode::SUCCESS);
    }
    if rules == RuleSet::City {
        anyhow::bail!(
            "City of Ur is too large to solve whole ('tabula solve ur rules=city --count' says how large); solve its end with --layers 1 or 2"
        );
    }
    let path = match args.out {
        Some(path) => path,
        None => default_path(rules).context("no data directory for the table: give --out FILE")?,
    };
    writeln!(
        out,
        "solving ur rules={}{}: residual {:e}, {jobs} thread{}; table {}",
        rules.name(),
        args.layers
            .map(|k| format!(
                " (end layers: at most {k} piece{} left per side)",
                if k == 1 { "" } else { "s" }
            ))
            .unwrap_or_default(),
        args.residual,
        if jobs == 1 { "" } else { "s" },
        path.display()
    )?;
    out.flush()?;
    let report =
        solve_rule_set(rules, &path, args.layers, args.residual, jobs, true).map_err(anyhow::Error::msg)?;
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
    Ok(ExitCode::SUCCESS)
}
