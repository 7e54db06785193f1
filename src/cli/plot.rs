//! `tabula plot` (hidden): draws a data file of the documentation as an SVG picture.

use std::path::PathBuf;
use std::process::ExitCode;

/// `tabula plot`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct PlotArgs {
    /// The data file: tab-separated, '# title:', '# kind: lines|dots' and
    /// '# scale: log-x' lines, a header row, then rows
    data: PathBuf,
    /// Where the SVG goes
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Draws `args.data` into `args.out`.
pub(super) fn plot(args: PlotArgs) -> anyhow::Result<ExitCode> {
    let text = crate::app::lines::read_text_file(&args.data)?;
    let svg = crate::app::charts::svg_from_data(&text)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.data.display()))?;
    crate::ai::output::write_atomically(&args.out, svg.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
