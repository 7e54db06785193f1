//! `tabula rules GAME`: a game's rules, through the pager when taller than the terminal.

use std::io::Write;
use std::process::ExitCode;

use super::candidates;
use super::usage::usage;
use crate::games::GameKind;

/// `tabula rules`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct RulesArgs {
    /// The game id (see 'tabula games')
    #[arg(value_parser = candidates::text(candidates::game_ids), hide_possible_values = true)]
    game: String,
}

/// Prints the rules of the game named.
pub(super) fn rules(args: RulesArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let kind = GameKind::from_id(&args.game).map_err(usage)?;
    super::pager::page_or_write(kind.info().rules, out)?;
    Ok(ExitCode::SUCCESS)
}
