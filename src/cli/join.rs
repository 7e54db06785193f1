//! `tabula join`: connects to a host with its join code, shows the game offered, and
//! plays this side's seats at this side's table.

use std::io::{self, BufRead, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use super::host::{HANDSHAKE, SideArgs, at_terminal, finish, named_seats, players_line, seats_of};
use super::usage::usage;
use crate::ai::learn::Nets;
use crate::app::players::PlayerSpec;
use crate::app::remote::channel::{Channel, HandshakeError, Role};
use crate::app::remote::code::JoinCode;
use crate::app::remote::dice::Chain;
use crate::app::remote::table::{self, RemoteTable};
use crate::core::Game;

#[derive(Debug, Args)]
pub(super) struct JoinArgs {
    /// The host's address and port, as the host's join command names them: an IPv4
    /// address, an IPv6 one in brackets, or a host name, each with its port (HOST:4717)
    #[arg(value_name = "ADDRESS:PORT")]
    pub(super) address: String,
    /// The join code the host printed, like 7-crossover-clockwork
    #[arg(value_name = "CODE")]
    pub(super) code: String,
    /// Take the game offered without asking
    #[arg(long)]
    pub(super) yes: bool,
    #[command(flatten)]
    pub(super) side: SideArgs,
}

pub(super) fn join(args: JoinArgs, nets: &Nets, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let code: JoinCode = args.code.parse().map_err(usage)?;
    let stream = connect(&args.address)?;
    let mut channel = match Channel::open(stream, &code, Role::Join, HANDSHAKE) {
        Ok(channel) => channel,
        Err(HandshakeError::WrongCode) => anyhow::bail!(
            "the host's join code is not {code}: check the code it printed (the host gives up after {} wrong codes)",
            super::host::WRONG_CODES
        ),
        Err(error) => anyhow::bail!("cannot open the game at {}: {error}", args.address),
    };
    let limit = Duration::from_secs(args.side.wait);
    let offer = table::read_offer(&mut channel, limit).map_err(|e| anyhow::anyhow!("{e}"))?;
    writeln!(out, "the host offers {}:", offer.line)?;
    for line in offer.describe() {
        writeln!(out, "  {line}")?;
    }
    if let Some(tc) = offer.clock {
        writeln!(
            out,
            "  clocks: {} s each, {} s more after each move",
            tc.base.as_secs_f64(),
            tc.increment.as_secs_f64()
        )?;
    }
    let named = match named_seats(&offer.game, &args.side.seat) {
        Ok(named) => named,
        Err(error) => {
            let _ = table::decline(&mut channel, "the joiner's --seat does not fit the game");
            return Err(error);
        }
    };
    if let Some(seat) = (0..named.len()).find(|&s| named[s].is_some() && offer.sides[s] == 0) {
        let _ = table::decline(&mut channel, "the joiner named one of the host's seats");
        return Err(usage(format!(
            "--seat names {}, which the host plays; your seats are {}",
            offer.game.seat_name(seat),
            seats_of(&offer.game, &offer.sides, 1)
        )));
    }
    if !args.yes && at_terminal() && !confirm(out)? {
        let _ = table::decline(&mut channel, "the joiner declined");
        writeln!(out, "declined")?;
        return Ok(ExitCode::SUCCESS);
    }
    let mine: Vec<PlayerSpec> = named
        .into_iter()
        .map(|p| p.unwrap_or(PlayerSpec::Human))
        .collect();
    let chain = Chain::generate()?;
    let (ledger, players) =
        table::accept(&mut channel, &offer, &mine, &chain).map_err(|e| anyhow::anyhow!("{e}"))?;
    writeln!(out, "playing: {}", players_line(&offer.game, &players))?;
    let setup = args.side.setup(1, nets, offer.clock)?;
    let game = offer.game.clone();
    let table = RemoteTable::new(
        &game,
        setup,
        offer.sides.clone(),
        &mine,
        players,
        channel,
        chain,
        ledger,
    );
    finish(table, args.side.save.as_deref(), out)
}

/// Connects to the first address `target` names that answers.
fn connect(target: &str) -> anyhow::Result<TcpStream> {
    let addresses: Vec<_> = target
        .to_socket_addrs()
        .map_err(|e| {
            usage(format!(
                "'{target}' is not an address with a port, like HOST:4717 ({e})"
            ))
        })?
        .collect();
    let mut last = None;
    for address in addresses {
        match TcpStream::connect_timeout(&address, HANDSHAKE) {
            Ok(stream) => return Ok(stream),
            Err(error) => last = Some(error),
        }
    }
    Err(anyhow::anyhow!(
        "cannot connect to {target}: {}",
        last.map_or_else(|| "it names no address".to_string(), |e| e.to_string())
    ))
}

/// Asks the person whether to take the game.
fn confirm(out: &mut dyn Write) -> io::Result<bool> {
    write!(out, "Play this game? [Y/n] ")?;
    out.flush()?;
    let mut line = String::new();
    io::stdin().lock().read_line(&mut line)?;
    Ok(!line.trim().eq_ignore_ascii_case("n") && !line.trim().eq_ignore_ascii_case("no"))
}
