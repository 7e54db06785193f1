//! `tabula host`: offers a game on a TCP port (or at a relay), prints the command the
//! other players type, seats joiners until every seat is taken, and plays this side's
//! seats at this side's table. Also the parts `tabula join` shares: the seats a side
//! names, and the game's end (its people play at the keyboard of `repl::remote`).

use std::io::{self, IsTerminal, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

use clap::Args;

use super::args::{EngineLimits, GameChoice, check_bots, parse_seat};
use super::usage::usage;
use crate::ai::learn::Nets;
use crate::app::players::ForfeitKind;
use crate::app::players::{PlayerSpec, SeatAssignment};
use crate::app::protocol::client::TimeControl;
use crate::app::remote::channel::{Channel, HandshakeError, Role};
use crate::app::remote::code::JoinCode;
use crate::app::remote::dice::Chain;
use crate::app::remote::relay::{End, bind_all, connect_via_relay};
use crate::app::remote::table::{self, Ending, RemoteTable, Seating, Setup};
use crate::app::remote::wire::{Message, OPEN, escape};
use crate::core::Game;
use crate::games::AnyGame;

/// How many connections with a wrong code the host takes before it gives up.
pub(super) const WRONG_CODES: usize = 3;

/// How long the key exchange may take.
pub(super) const HANDSHAKE: Duration = Duration::from_secs(20);

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
    #[command(flatten)]
    pub(super) side: SideArgs,
}

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
    /// Seconds the other side may take for a move or its dice before it forfeits
    #[arg(long, value_name = "SECONDS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
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
    let meeting = Meeting::open(&args)?;
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
    let clock = args
        .tc
        .map(|tc| format!("{}+{}", tc.base.as_secs_f64(), tc.increment.as_secs_f64()));
    let mut links = Vec::new();
    let mut wrong = 0;
    while seating.waiting() {
        let mut channel = meeting.next_joiner(&code, &mut wrong, out)?;
        let side = seating.next_side();
        match table::offer(
            &mut channel,
            &game,
            &mut seating,
            limit,
            clock.as_deref().unwrap_or(""),
        ) {
            Ok(()) => {
                let left = if seating.waiting() {
                    "; still waiting for the other seats"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "joiner {side} plays {}{left}",
                    seats_of(&game, &seating.sides, side)
                )?;
                links.push(channel);
            }
            Err(error) => {
                let reason = escape(&error.to_string(), 100);
                let _ = channel.send(
                    &Message::Bye {
                        reason: reason.clone(),
                    }
                    .encode(),
                );
                writeln!(out, "a joiner was not seated: {reason}; still waiting")?;
            }
        }
        out.flush()?;
    }
    let (ledger, players) = table::start(&mut links, &game, &seating)
        .map_err(|e| anyhow::anyhow!("a joiner left before the first roll: {e}"))?;
    writeln!(out, "every seat is taken: {}", players_line(&game, &players))?;
    let setup = args.side.setup(0, nets, args.tc)?;
    let sides = seating.sides.clone();
    let table = RemoteTable::new(&game, setup, sides, &mine, players, links, chain, ledger);
    finish(table, args.side.save.as_deref(), args.relay.as_deref(), out)
}

/// Where the host meets its joiners: its own listening ports, or a relay.
enum Meeting {
    /// Connections accepted on every address the host listens on.
    Direct {
        incoming: mpsc::Receiver<(TcpStream, SocketAddr)>,
        /// The address as the join command names it.
        target: String,
        /// True if the host listens on every interface: the join command says HOST.
        everywhere: bool,
    },
    /// A relay, `HOST:PORT`.
    Relay(String),
}

impl Meeting {
    /// Listens as `args` say (every interface, IPv6 and IPv4, by default), or names
    /// the relay.
    fn open(args: &HostArgs) -> anyhow::Result<Meeting> {
        if let Some(relay) = &args.relay {
            return Ok(Meeting::Relay(relay.clone()));
        }
        let ips = match args.bind {
            Some(ip) => vec![ip],
            None => vec![
                IpAddr::V6(Ipv6Addr::UNSPECIFIED),
                IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            ],
        };
        let addrs: Vec<SocketAddr> = ips.iter().map(|ip| SocketAddr::new(*ip, args.port)).collect();
        let listeners =
            bind_all(&addrs).map_err(|e| anyhow::anyhow!("cannot listen on port {}: {e}", args.port))?;
        let address = listeners[0].local_addr()?;
        let everywhere = address.ip().is_unspecified();
        let shown = if everywhere {
            "HOST".to_string()
        } else {
            address.ip().to_string()
        };
        let target = match address.ip() {
            IpAddr::V6(_) if !everywhere => format!("[{shown}]:{}", address.port()),
            _ => format!("{shown}:{}", address.port()),
        };
        let (send, incoming) = mpsc::channel();
        for listener in listeners {
            let send = send.clone();
            // Each address has its own accepting thread; they end with the process.
            std::thread::spawn(move || {
                while let Ok(accepted) = listener.accept() {
                    if send.send(accepted).is_err() {
                        return;
                    }
                }
            });
        }
        Ok(Meeting::Direct {
            incoming,
            target,
            everywhere,
        })
    }

    /// Prints the join command and where the host waits.
    fn announce(&self, code: &JoinCode, out: &mut dyn Write) -> io::Result<()> {
        match self {
            Meeting::Direct {
                target, everywhere, ..
            } => {
                writeln!(out, "tabula join {target} {code}")?;
                if *everywhere {
                    writeln!(
                        out,
                        "(HOST: this machine's address as the other players reach it)"
                    )?;
                }
                let port = target.rsplit(':').next().unwrap_or_default();
                writeln!(out, "waiting on port {port} for game {} ...", code.number())
            }
            Meeting::Relay(relay) => {
                writeln!(out, "tabula join --relay {relay} {code}")?;
                writeln!(out, "waiting at the relay {relay} for game {} ...", code.number())
            }
        }
    }

    /// Takes connections until one opens a channel with `code`; stray connections are
    /// dropped, and after [`WRONG_CODES`] wrong codes in all the host gives up.
    fn next_joiner(
        &self,
        code: &JoinCode,
        wrong: &mut usize,
        out: &mut dyn Write,
    ) -> anyhow::Result<Channel> {
        loop {
            let (stream, from) = match self {
                Meeting::Direct { incoming, .. } => {
                    let (stream, from) = incoming.recv()?;
                    (stream, from.to_string())
                }
                Meeting::Relay(relay) => {
                    let stream = connect_via_relay(relay, u32::from(code.number()), End::Host, RELAY_WAIT)?;
                    (stream, format!("the relay {relay}"))
                }
            };
            match Channel::open(stream, code, Role::Host, HANDSHAKE) {
                Ok(channel) => return Ok(channel),
                Err(HandshakeError::WrongCode) => {
                    *wrong += 1;
                    if *wrong >= WRONG_CODES {
                        anyhow::bail!(
                            "{wrong} connections typed a wrong join code: giving up, so that the code cannot be guessed; host a new game for a new code"
                        );
                    }
                    writeln!(
                        out,
                        "a connection from {from} typed a wrong code ({wrong} of {WRONG_CODES}); still waiting"
                    )?;
                }
                Err(error) => writeln!(out, "dropped a connection from {from}: {error}; still waiting")?,
            }
            out.flush()?;
        }
    }
}

/// How long the host waits at a relay for each joiner (the relay may drop it sooner).
const RELAY_WAIT: Duration = Duration::from_secs(24 * 60 * 60);

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
    let ending = table.play(&mut keyboard, out)?;
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

/// True if standard input is a terminal, where a person can be asked.
pub(super) fn at_terminal() -> bool {
    io::stdin().is_terminal()
}
