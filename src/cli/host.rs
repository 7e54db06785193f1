//! `tabula host`: offers a game on a TCP port (or at a relay), prints the command the
//! other players type, seats joiners until every seat is taken, and plays this side's
//! seats at this side's table. Also the parts `tabula join` shares: the seats a side
//! names, and the game's end (its people play at the keyboard of `repl::remote`).

use std::io::{self, IsTerminal, Write};
use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use super::args::{EngineLimits, GameChoice, check_bots, parse_seat};
use super::usage::usage;
use crate::ai::learn::Nets;
use crate::app::players::ForfeitKind;
use crate::app::players::{PlayerSpec, SeatAssignment};
use crate::app::protocol::client::TimeControl;
use crate::app::remote::code::JoinCode;
use crate::app::remote::dice::Chain;
use crate::app::remote::journal::{self, Header, Journal};
use crate::app::remote::rejoin::{LAST_WORD, Meeting};
use crate::app::remote::table::{self, Ending, Rejoin, RemoteTable, Seating, Setup};
use crate::app::remote::wire::{Message, OPEN, escape};
use crate::core::Game;
use crate::games::AnyGame;

#[derive(Debug, Args)]
pub(super) struct HostArgs {
    #[command(flatten)]
    pub(super) game: GameChoice,
    /// The TCP port to listen on (0: any free port; the join command names it)
    #[arg(long, default_value_t = 4717)]
    pub(super) port: u16,
    /// The address to listen on: one address such as 127.0.0.1 or ::1, 0.0.0.0 (every
    /// IPv4 interface) or :: (every IPv6 one); by default every interface, IPv6 and IPv4
    #[arg(long, value_name = "ADDRESS")]
    pub(super) bind: Option<IpAddr>,
    /// Meet the joiners at a relay ('tabula relay') instead of listening: for a host
    /// behind a router that no one can reach. The join command names the relay
    #[arg(long, value_name = "HOST:PORT", conflicts_with_all = ["port", "bind"])]
    pub(super) relay: Option<String>,
    /// A clock for each side: BASE+INC in seconds, as in 'tabula match' (60+1: a
    /// minute, and a second more after each move). A side out of time loses
    #[arg(long, value_name = "BASE+INC")]
    pub(super) tc: Option<TimeControl>,
    /// Take up again the last game hosted here whose program ended before the game did
    /// (a crash, a closed terminal): the same game, seats, code and port; the joiners
    /// come back by themselves within their --wait
    #[arg(long, conflicts_with_all = ["game", "words", "opts", "port", "bind", "relay", "tc", "seat"])]
    pub(super) resume: bool,
    #[command(flatten)]
    pub(super) side: SideArgs,
}

/// The folder of the data directory where the journals of remote games are kept.
pub(super) const JOURNALS: &str = "remote";

/// What both `host` and `join` take: this side's seats and players, and its record.
#[derive(Debug, Args)]
pub(super) struct SideArgs {
    /// A seat this side plays, and who plays it: SEAT=PLAYER, e.g. white=bot:best or
    /// 2=human (repeatable). The host plays the seats it names (the first seat, by a
    /// person, if it names none); the joiners play the others, each the seats it names
    /// (all that are left, if it names none)
    #[arg(long, value_name = "SEAT=PLAYER", hide_possible_values = true,
        value_parser = super::candidates::parsed(parse_seat, super::candidates::seat_assignments))]
    pub(super) seat: Vec<SeatAssignment>,
    /// Write the game's record to FILE when it ends
    #[arg(long, value_name = "FILE")]
    pub(super) save: Option<std::path::PathBuf>,
    /// Seconds another side may take for a move or its dice, or to come back after its
    /// connection dropped, before it forfeits
    #[arg(long, value_name = "SECONDS", default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub(super) wait: u64,
    #[command(flatten)]
    pub(super) engines: EngineLimits,
}

/// The player of each seat this side named (`None` for the others).
pub(super) fn named_seats(
    game: &AnyGame,
    seats: &[SeatAssignment],
) -> anyhow::Result<Vec<Option<PlayerSpec>>> {
    let mut players: Vec<Option<PlayerSpec>> = vec![None; game.seat_count()];
    for assignment in seats {
        let seat = game.find_seat(&assignment.seat).map_err(usage)?;
        if players[seat].is_some() {
            return Err(usage(format!(
                "--seat names {} twice: give each seat once",
                game.seat_name(seat)
            )));
        }
        players[seat] = Some(assignment.player.clone());
    }
    check_bots(game, players.iter().flatten().filter_map(PlayerSpec::bot))?;
    Ok(players)
}

pub(super) fn host(args: HostArgs, nets: &Nets, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    if args.resume {
        return take_up_again(&args, nets, out);
    }
    let (kind, options) = args.game.resolve()?;
    let game = kind.new_game(&options)?;
    let mut named = named_seats(&game, &args.side.seat)?;
    if named.iter().all(Option::is_none) {
        named[0] = Some(PlayerSpec::Human);
    }
    if named.iter().all(Option::is_some) {
        return Err(usage(
            "the host names every seat with --seat: leave at least one for the other player",
        ));
    }
    let chain = Chain::generate()?;
    let mut seating = Seating::new(&game, &named, &chain);
    let mine: Vec<PlayerSpec> = named
        .into_iter()
        .map(|p| p.unwrap_or(PlayerSpec::Human))
        .collect();
    let code = JoinCode::random()?;
    let meeting = Meeting::open(args.relay.as_deref(), args.bind, args.port)?;
    let open: Vec<u8> = seating.sides.clone();
    writeln!(
        out,
        "hosting {}; open seats: {}; joiners type:",
        wire_title(&game),
        seats_of(&game, &open, OPEN)
    )?;
    meeting.announce(&code, out)?;
    out.flush()?;
    let limit = Duration::from_secs(args.side.wait);
    let clock = args.tc.map(|tc| tc.to_string());
    let (mut links, wrong) =
        seat_joiners(&meeting, &code, &game, &mut seating, limit, clock.as_deref(), out)?;
    let (ledger, players) = table::start(&mut links, &game, &seating)
        .map_err(|e| anyhow::anyhow!("a joiner left before the first roll: {e}"))?;
    writeln!(out, "every seat is taken: {}", players_line(&game, &players))?;
    let setup = args.side.setup(0, nets, args.tc)?;
    let sides = seating.sides.clone();
    let header = Header {
        side: 0,
        chain: (chain.secret(), chain.length()),
        token: [0; 32],
        game: wire_title(&game),
        clock: args.tc,
        sides: sides.clone(),
        players: players.clone(),
        mine: mine.iter().map(PlayerSpec::to_string).collect(),
        commitments: ledger.commitments().to_vec(),
        resumes: seating.resumes.clone(),
        code: code.to_string(),
        meeting: match (&args.relay, meeting.port()) {
            (Some(relay), _) => format!("relay {relay}"),
            (None, port) => format!(
                "listen {} {}",
                args.bind.map_or("-".to_string(), |ip| ip.to_string()),
                port.unwrap_or(args.port)
            ),
        },
    };
    let rejoin = Rejoin::Host {
        returns: meeting.keep_open(code, wrong),
        hashes: seating.resumes.clone(),
    };
    let table = RemoteTable::new(&game, setup, sides, &mine, players, links, chain, ledger)
        .with_rejoin(rejoin, Box::new(tell_people));
    let path =
        crate::ai::data_dir::data_dir().map(|dir| journal::host_path(&dir.join(JOURNALS), &header.code));
    let table = with_journal(table, path, &header, out)?;
    finish(table, args.side.save.as_deref(), args.relay.as_deref(), out)
}

/// Offers the game to each joiner that meets the host at `meeting` with `code` until
/// every seat is taken; returns their channels, in side order, and how many wrong codes
/// were typed on the way.
fn seat_joiners(
    meeting: &Meeting,
    code: &JoinCode,
    game: &AnyGame,
    seating: &mut Seating,
    limit: Duration,
    clock: Option<&str>,
    out: &mut dyn Write,
) -> anyhow::Result<(Vec<crate::app::remote::channel::Channel>, usize)> {
    let mut links = Vec::new();
    let mut wrong = 0;
    while seating.waiting() {
        let mut channel = meeting.next_joiner(code, &mut wrong, &mut |line| {
            let _ = writeln!(out, "{line}").and_then(|()| out.flush());
        })?;
        let side = seating.next_side();
        match table::offer(&mut channel, game, seating, limit, clock.unwrap_or("")) {
            Ok(()) => {
                let left = if seating.waiting() {
                    "; still waiting for the other seats"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "joiner {side} plays {}{left}",
                    seats_of(game, &seating.sides, side)
                )?;
                links.push(channel);
            }
            Err(error) => {
                let reason = escape(&error.to_string(), 100);
                let bye = Message::Bye {
                    reason: reason.clone(),
                };
                let _ = channel.send_last(&bye.encode(), LAST_WORD);
                writeln!(out, "a joiner was not seated: {reason}; still waiting")?;
            }
        }
        out.flush()?;
    }
    Ok((links, wrong))
}

/// `table`, noting its inputs in a new journal at `path` (from `header`), so that a new
/// program can take the game up again; without one if it cannot be written (and `out`
/// says so).
pub(super) fn with_journal(
    table: RemoteTable,
    path: Option<PathBuf>,
    header: &Header,
    out: &mut dyn Write,
) -> io::Result<RemoteTable> {
    let Some(path) = path else {
        return Ok(table);
    };
    match Journal::create(&path, header) {
        Ok(journal) => Ok(table.journaled(journal)),
        Err(error) => {
            writeln!(
                out,
                "cannot write the game's journal {} ({error}): if this program ends, the game cannot be taken up again",
                path.display()
            )?;
            Ok(table)
        }
    }
}

/// `tabula host --resume`: takes up again the last game hosted here whose program ended
/// before the game did, from its journal; meets the joiners where it met them, with the
/// same code, and waits for them to come back.
fn take_up_again(args: &HostArgs, nets: &Nets, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let dir = crate::ai::data_dir::data_dir()
        .ok_or_else(|| anyhow::anyhow!("--resume needs the data folder, and this system names none"))?
        .join(JOURNALS);
    let path = last_hosted(&dir).ok_or_else(|| {
        anyhow::anyhow!(
            "no hosted game is waiting to be taken up again (a game is, when the program that hosted it ended before the game did); to host a new one: tabula host GAME"
        )
    })?;
    let cannot = |error: &dyn std::fmt::Display| {
        anyhow::anyhow!(
            "the game hosted here last cannot be taken up again: {error}\n(removing {} forgets it)",
            path.display()
        )
    };
    let (journal, header, entries) = reopen(&path, &cannot)?;
    let code: JoinCode = header.code.parse().map_err(|e| cannot(&e))?;
    let meeting = match header.meeting.split(' ').collect::<Vec<_>>()[..] {
        ["relay", relay] => Meeting::open(Some(relay), None, 0)?,
        ["listen", bind, port] => {
            let bind = (bind != "-")
                .then(|| bind.parse::<IpAddr>())
                .transpose()
                .map_err(|e| cannot(&e))?;
            Meeting::open(None, bind, port.parse().map_err(|e| cannot(&e))?)?
        }
        _ => return Err(cannot(&"it does not say where the joiners were met")),
    };
    let setup = args.side.setup(0, nets, header.clock)?;
    writeln!(out, "this side hosted {} here; taking it up again", header.game)?;
    meeting.announce(&code, out)?;
    writeln!(
        out,
        "playing: {}",
        players_line(&header.game().map_err(|e| cannot(&e))?, &header.players)
    )?;
    out.flush()?;
    let rejoin = Rejoin::Host {
        returns: meeting.keep_open(code, 0),
        hashes: header.resumes.clone(),
    };
    let table = RemoteTable::from_journal(&header, entries, setup, journal)
        .map_err(|e| cannot(&e))?
        .with_rejoin(rejoin, Box::new(tell_people));
    let relay = header.meeting.strip_prefix("relay ");
    finish(table, args.side.save.as_deref(), relay, out)
}

/// The journal at `path` of a game this side began, locked while this program plays
/// it, with its start and its inputs; `cannot` says why a journal that cannot be read
/// cannot be taken up.
pub(super) fn reopen(
    path: &std::path::Path,
    cannot: &dyn Fn(&dyn std::fmt::Display) -> anyhow::Error,
) -> anyhow::Result<(Journal, Header, Vec<journal::Entry>)> {
    let journal = Journal::append_to(path).map_err(busy)?;
    let (header, entries) = journal::read(path).map_err(|e| cannot(&e))?;
    Ok((journal, header, entries))
}

/// A journal that cannot be taken up: another program plays its game (it is locked),
/// or it cannot be opened.
fn busy(error: io::Error) -> anyhow::Error {
    match error.kind() {
        io::ErrorKind::WouldBlock => anyhow::anyhow!(
            "another tabula program on this machine is playing this game now: go on there, or end it first"
        ),
        _ => anyhow::anyhow!("the game's journal cannot be opened: {error}"),
    }
}

/// The journal of the game hosted here last that has not ended: the newest.
fn last_hosted(dir: &std::path::Path) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().starts_with("host-"))
        .filter(|entry| entry.file_name().to_string_lossy().ends_with(".journal"))
        .filter_map(|entry| Some((entry.metadata().ok()?.modified().ok()?, entry.path())))
        .max()
        .map(|(_, path)| path)
}

fn wire_title(game: &AnyGame) -> String {
    crate::app::remote::wire::game_line(game)
}

/// The seats of `side`, by name.
pub(super) fn seats_of(game: &AnyGame, sides: &[u8], side: u8) -> String {
    let names: Vec<&str> = (0..sides.len())
        .filter(|&s| sides[s] == side)
        .map(|s| game.seat_name(s))
        .collect();
    names.join(" and ")
}

impl SideArgs {
    /// This side's setup at the table: side `me` (0: the host), under the game's `clock`.
    pub(super) fn setup(&self, me: u8, nets: &Nets, clock: Option<TimeControl>) -> anyhow::Result<Setup> {
        Ok(Setup {
            me,
            limit: Duration::from_secs(self.wait),
            nets: nets.clone(),
            engines: self.engines.settings(false)?,
            clock,
        })
    }
}

pub(super) fn players_line(game: &AnyGame, players: &[String]) -> String {
    let words: Vec<String> = (0..players.len())
        .map(|seat| format!("{} {}", game.seat_name(seat), players[seat]))
        .collect();
    words.join(", ")
}

/// Plays the game to its end, saves it, and says how it ended.
pub(super) fn finish(
    mut table: RemoteTable,
    save: Option<&std::path::Path>,
    relay: Option<&str>,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let mut keyboard = super::repl::RemoteKeyboard::at_stdin()?;
    // Kept as it goes, as 'tabula play' keeps its games, so that leaving loses nothing.
    if let Some(history) = crate::app::history::History::open()? {
        table = table.kept_in(&history);
    }
    let warning = "Ctrl-C does not end a remote game. To leave it, press Ctrl-C again: the other sides then wait for this one for --wait seconds, and win by forfeit; the game so far stays kept ('tabula history')";
    let ending = crate::app::interrupt::warning_first(warning, || table.play(&mut keyboard, out))?;
    // The game is over: there is nothing left to take up again.
    if let Err(error) = table.forget_journal() {
        writeln!(out, "the game's journal could not be removed: {error}")?;
    }
    match table.keep_ending(&ending) {
        Ok(()) => {
            if let Some(number) = table.kept_number() {
                writeln!(
                    out,
                    "kept as game {number}: 'tabula verify {number}' checks its dice, 'tabula analyse {number}' its moves"
                )?;
            }
        }
        Err(error) => writeln!(out, "the game could not be kept in the history: {error}")?,
    }
    if let (Some(relay), Ending::Forfeit(forfeit)) = (relay, &ending)
        && forfeit.kind == ForfeitKind::Crash
    {
        writeln!(
            out,
            "(the game went through the relay {relay}, which can also end it by dropping the connection)"
        )?;
    }
    if let Some(path) = save {
        let text = table.record(Some(&ending));
        crate::ai::output::write_atomically(path, text.as_bytes())
            .map_err(|e| anyhow::anyhow!("cannot write the record to {}: {e}", path.display()))?;
        writeln!(out, "record saved to {}", path.display())?;
    }
    Ok(match ending {
        Ending::Over(_) => ExitCode::SUCCESS,
        Ending::Forfeit(_) => ExitCode::from(1),
    })
}

/// Tells this side's people of a dropped connection and its return, on standard output
/// (where the game is shown).
pub(super) fn tell_people(line: &str) {
    let mut out = io::stdout();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// True if standard input is a terminal, where a person can be asked.
pub(super) fn at_terminal() -> bool {
    io::stdin().is_terminal()
}
