//! `tabula join`: connects to a host (or meets it at a relay) with its join code, shows
//! the game offered, takes open seats, waits until every seat is taken, and plays this
//! side's seats at this side's table.

use std::io::{self, BufRead, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use super::host::{
    JOURNALS, SideArgs, at_terminal, finish, named_seats, players_line, reopen, seats_of, tell_people,
    with_journal,
};
use super::usage::usage;
use crate::ai::learn::Nets;
use crate::app::players::PlayerSpec;
use crate::app::remote::channel::{Channel, HandshakeError, Role};
use crate::app::remote::code::JoinCode;
use crate::app::remote::dice::Chain;
use crate::app::remote::journal::{self, Header};
use crate::app::remote::rejoin::{Dialer, HANDSHAKE, ResumeToken, WRONG_CODES};
use crate::app::remote::relay::{End, connect_via_relay};
use crate::app::remote::table::{self, Offer, Rejoin, RemoteTable};
use crate::app::remote::wire::OPEN;
use crate::core::Game;

#[derive(Debug, Args)]
pub(super) struct JoinArgs {
    /// The host's address and port, as the host's join command names them: an IPv4
    /// address, an IPv6 one in brackets, or a host name, each with its port (HOST:4717)
    #[arg(value_name = "ADDRESS:PORT")]
    pub(super) address: String,
    /// ADDRESS:PORT is a relay ('tabula relay') where the host waits, as its join
    /// command says, not the host itself
    #[arg(long)]
    pub(super) relay: bool,
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
    let journal_path = crate::ai::data_dir::data_dir()
        .map(|dir| journal::path_for(&dir.join(JOURNALS), &args.address, args.relay, &code.to_string()));
    if let Some(path) = journal_path.as_deref().filter(|path| path.exists()) {
        return take_up_again(&args, code, path, nets, out);
    }
    let limit = Duration::from_secs(args.side.wait);
    let stream = if args.relay {
        connect_via_relay(&args.address, u32::from(code.number()), End::Join, limit)?
    } else {
        connect(&args.address)?
    };
    let mut channel = match Channel::open(stream, &code, Role::Join, HANDSHAKE) {
        Ok(channel) => channel,
        Err(HandshakeError::WrongCode) => anyhow::bail!(
            "the host's join code is not {code}: check the code it printed (the host gives up after {} wrong codes)",
            WRONG_CODES
        ),
        Err(error) => anyhow::bail!("cannot open the game at {}: {error}", args.address),
    };
    let offer = table::read_offer(&mut channel, limit).map_err(|e| anyhow::anyhow!("{e}"))?;
    show_offer(&offer, out)?;
    let named = match seats_taken(&offer, &args) {
        Ok(named) => named,
        Err(error) => {
            let _ = table::decline(&mut channel, "the joiner's --seat does not fit the open seats");
            return Err(error);
        }
    };
    let taken: Vec<u8> = (0..named.len())
        .map(|s| if named[s].is_some() { OPEN } else { 0 })
        .collect();
    writeln!(out, "you take {}", seats_of(&offer.game, &taken, OPEN))?;
    if !args.yes && at_terminal() && !confirm(out)? {
        let _ = table::decline(&mut channel, "the joiner declined");
        writeln!(out, "declined")?;
        return Ok(ExitCode::SUCCESS);
    }
    let chain = Chain::generate()?;
    let token = ResumeToken::generate()?;
    table::accept(&mut channel, &offer, &named, &chain, Some(&token)).map_err(|e| anyhow::anyhow!("{e}"))?;
    if offer.open_seats().len() > taken.iter().filter(|&&s| s == OPEN).count() {
        writeln!(
            out,
            "waiting for the other players to take the other open seats ..."
        )?;
        out.flush()?;
    }
    let (sides, ledger, players) = table::await_start(&mut channel, &offer, &named, &chain, limit)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    writeln!(out, "playing: {}", players_line(&offer.game, &players))?;
    let setup = args.side.setup(offer.you, nets, offer.clock)?;
    let header = Header {
        side: offer.you,
        chain: (chain.secret(), chain.length()),
        token: token.bytes(),
        game: offer.line.clone(),
        clock: offer.clock,
        sides: sides.clone(),
        players: players.clone(),
        mine: named
            .iter()
            .map(|p| p.as_ref().map(PlayerSpec::to_string).unwrap_or_default())
            .collect(),
        commitments: ledger.commitments().to_vec(),
        resumes: Vec::new(),
        code: String::new(),
        meeting: String::new(),
    };
    let mine: Vec<PlayerSpec> = named
        .into_iter()
        .map(|p| p.unwrap_or(PlayerSpec::Human))
        .collect();
    let relay = args.relay.then_some(args.address.as_str());
    let dialer = Dialer {
        address: args.address.clone(),
        relay: args.relay,
        code,
        side: offer.you,
        token,
    };
    let table = RemoteTable::new(
        &offer.game,
        setup,
        sides,
        &mine,
        players,
        vec![channel],
        chain,
        ledger,
    )
    .with_rejoin(Rejoin::Join(dialer), Box::new(tell_people));
    let table = with_journal(table, journal_path, &header, out)?;
    finish(table, args.side.save.as_deref(), relay, out)
}

/// Takes up again the game this joiner began with the same command, whose program
/// ended: rebuilds its table from the journal at `path` and comes back to the host.
fn take_up_again(
    args: &JoinArgs,
    code: JoinCode,
    path: &std::path::Path,
    nets: &Nets,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let cannot = |error: &dyn std::fmt::Display| {
        anyhow::anyhow!(
            "this game was begun here, but cannot be taken up again: {error}\n(removing {} forgets it)",
            path.display()
        )
    };
    let (journal, header, entries) = reopen(path, &cannot)?;
    let setup = args.side.setup(header.side, nets, header.clock)?;
    let dialer = Dialer {
        address: args.address.clone(),
        relay: args.relay,
        code,
        side: header.side,
        token: ResumeToken::from_bytes(header.token),
    };
    let table = RemoteTable::from_journal(&header, entries, setup, journal).map_err(|e| cannot(&e))?;
    writeln!(out, "this side began {} here; taking it up again", header.game)?;
    let game = header.game().map_err(|e| cannot(&e))?;
    writeln!(out, "playing: {}", players_line(&game, &header.players))?;
    if !args.side.seat.is_empty() {
        writeln!(
            out,
            "(--seat is not used: this side plays the seats it took when the game began)"
        )?;
    }
    let table = table.with_rejoin(Rejoin::Join(dialer), Box::new(tell_people));
    let relay = args.relay.then_some(args.address.as_str());
    finish(table, args.side.save.as_deref(), relay, out)
}

/// Shows the game offered: its line, who plays each seat, the clocks.
fn show_offer(offer: &Offer, out: &mut dyn Write) -> io::Result<()> {
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
    Ok(())
}

/// The open seats this joiner takes and their players: those `--seat` names (each must
/// be open), or every open seat, played by a person, if it names none.
fn seats_taken(offer: &Offer, args: &JoinArgs) -> anyhow::Result<Vec<Option<PlayerSpec>>> {
    let mut named = named_seats(&offer.game, &args.side.seat)?;
    if let Some(seat) = (0..named.len()).find(|&s| named[s].is_some() && offer.sides[s] != OPEN) {
        return Err(usage(format!(
            "--seat names {}, which is not open; the open seats are {}",
            offer.game.seat_name(seat),
            seats_of(&offer.game, &offer.sides, OPEN)
        )));
    }
    if named.iter().all(Option::is_none) {
        for seat in offer.open_seats() {
            named[seat] = Some(PlayerSpec::Human);
        }
    }
    Ok(named)
}

/// Connects to the first address `target` names that answers.
fn connect(target: &str) -> anyhow::Result<TcpStream> {
    if let Err(error) = target.to_socket_addrs() {
        return Err(usage(format!(
            "'{target}' is not an address with a port, like HOST:4717 ({error})"
        )));
    }
    crate::app::remote::rejoin::connect(target, HANDSHAKE)
}

/// Asks the person whether to take the game.
fn confirm(out: &mut dyn Write) -> io::Result<bool> {
    write!(out, "Play this game? [Y/n] ")?;
    out.flush()?;
    let mut line = String::new();
    io::stdin().lock().read_line(&mut line)?;
    Ok(!line.trim().eq_ignore_ascii_case("n") && !line.trim().eq_ignore_ascii_case("no"))
}
