//! `tabula host`: offers a game on a TCP port, prints the command the other player
//! types, and plays this side's seats at this side's table. Also the parts `tabula
//! join` shares: the seats a side names, the keyboard of its people, the game's end.

use std::io::{self, BufRead, IsTerminal, Write};
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use super::args::{EngineLimits, GameChoice, check_bots, parse_seat};
use super::usage::usage;
use crate::ai::learn::Nets;
use crate::app::players::{PlayerSpec, SeatAssignment};
use crate::app::protocol::client::TimeControl;
use crate::app::remote::channel::{Channel, HandshakeError, Role};
use crate::app::remote::code::JoinCode;
use crate::app::remote::dice::Chain;
use crate::app::remote::table::{self, Decision, Ending, Keyboard, RemoteTable, Setup};
use crate::app::session::Session;
use crate::core::{Game, Notation, Phase, Seat};
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
    /// The address to listen on: 0.0.0.0 (every IPv4 interface), :: (IPv6), or one
    /// address such as 127.0.0.1
    #[arg(long, value_name = "ADDRESS", default_value = "0.0.0.0")]
    pub(super) bind: IpAddr,
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
    /// person, if it names none); the joiner plays the others
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
    let sides: Vec<u8> = named.iter().map(|p| u8::from(p.is_none())).collect();
    let mine: Vec<PlayerSpec> = named
        .into_iter()
        .map(|p| p.unwrap_or(PlayerSpec::Human))
        .collect();
    let listener = TcpListener::bind(SocketAddr::new(args.bind, args.port))
        .map_err(|e| anyhow::anyhow!("cannot listen on port {} of {}: {e}", args.port, args.bind))?;
    let address = listener.local_addr()?;
    let code = JoinCode::random()?;
    let shown_host = if args.bind.is_unspecified() {
        "HOST".to_string()
    } else {
        address.ip().to_string()
    };
    let target = match address.ip() {
        IpAddr::V6(_) => format!("[{shown_host}]:{}", address.port()),
        IpAddr::V4(_) => format!("{shown_host}:{}", address.port()),
    };
    writeln!(
        out,
        "hosting {}; the other player plays {} and types:",
        wire_title(&game),
        seats_of(&game, &sides, 1)
    )?;
    writeln!(out, "tabula join {target} {code}")?;
    if args.bind.is_unspecified() {
        writeln!(
            out,
            "(HOST: this machine's address as the other player reaches it)"
        )?;
    }
    writeln!(
        out,
        "waiting on port {} for game {} ...",
        address.port(),
        code.number()
    )?;
    out.flush()?;
    let mut channel = wait_for_joiner(&listener, &code, out)?;
    let chain = Chain::generate()?;
    let limit = Duration::from_secs(args.side.wait);
    let clock = args
        .tc
        .map(|tc| format!("{}+{}", tc.base.as_secs_f64(), tc.increment.as_secs_f64()));
    let (ledger, players) = table::offer(
        &mut channel,
        &game,
        &sides,
        &mine,
        &chain,
        limit,
        clock.as_deref().unwrap_or(""),
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    writeln!(out, "the other player joined: {}", players_line(&game, &players))?;
    let setup = args.side.setup(0, nets, args.tc)?;
    let table = RemoteTable::new(&game, setup, sides, &mine, players, channel, chain, ledger);
    finish(table, args.side.save.as_deref(), out)
}

/// Takes connections until one opens a channel with `code`; stray connections are
/// dropped, and after [`WRONG_CODES`] wrong codes the host gives up.
fn wait_for_joiner(listener: &TcpListener, code: &JoinCode, out: &mut dyn Write) -> anyhow::Result<Channel> {
    let mut wrong = 0;
    loop {
        let (stream, from) = listener.accept()?;
        match Channel::open(stream, code, Role::Host, HANDSHAKE) {
            Ok(channel) => return Ok(channel),
            Err(HandshakeError::WrongCode) => {
                wrong += 1;
                if wrong >= WRONG_CODES {
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
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    let mut keyboard = Terminal;
    let ending = table.play(&mut keyboard, out)?;
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

/// The people of this side, at standard input.
struct Terminal;

impl Keyboard for Terminal {
    fn decide(&mut self, session: &Session, seat: Seat) -> io::Result<Decision> {
        let game = session.game();
        let mut out = io::stdout();
        writeln!(out, "{}", game.render().trim_end())?;
        loop {
            let prompt = match (session.phase(), game.dice()) {
                (Phase::Roll(_), _) => format!("{}> ", game.seat_name(seat)),
                (_, Some(dice)) => format!("{} {dice}> ", game.seat_name(seat)),
                _ => format!("{} to move> ", game.seat_name(seat)),
            };
            write!(out, "{prompt}")?;
            out.flush()?;
            let mut line = String::new();
            if io::stdin().lock().read_line(&mut line)? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "standard input closed",
                ));
            }
            let line = line.trim();
            match line {
                "" => {}
                "roll" if matches!(session.phase(), Phase::Roll(_)) && session.legal_moves().is_empty() => {
                    return Ok(Decision::Roll);
                }
                "roll" if matches!(session.phase(), Phase::Roll(_)) => return Ok(Decision::Roll),
                "resign" => return Ok(Decision::Resign),
                "board" => writeln!(out, "{}", game.render().trim_end())?,
                "moves" | "legal" => writeln!(out, "{}", session.legal_texts().join("  "))?,
                "help" => writeln!(
                    out,
                    "type a move (Tab-free: 'moves' lists them), 'roll', 'board', 'resign'; {}",
                    session.what_now()
                )?,
                text if matches!(session.phase(), Phase::Move(_)) || !session.legal_moves().is_empty() => {
                    return Ok(Decision::Move(text.to_string()));
                }
                _ => writeln!(out, "{}", session.what_now())?,
            }
        }
    }
}

/// True if standard input is a terminal, where a person can be asked.
pub(super) fn at_terminal() -> bool {
    io::stdin().is_terminal()
}
