//! Coming back after a dropped connection. A [`Link`] is one side's connection to
//! another for the whole game: it keeps every message it sent and counts those it read,
//! so that on a new connection each end sends again exactly what the other missed, and
//! the game goes on where it was, with the same dice commitments.
//!
//! The host meets its joiners at a [`Meeting`] (its listening ports, or a relay) before
//! the game, and keeps it open during the game ([`Meeting::keep_open`]): a joiner that
//! comes back opens a new channel with the same code and shows its resume token, whose
//! hash it sent in its accept, so that nobody else who knows the code can take its
//! seats. A joiner comes back by itself through a [`Dialer`] (the same address, or the
//! same relay, and the same code).

use std::collections::VecDeque;
use std::io::{self, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::channel::{Channel, ChannelError, HandshakeError, Role};
use super::code::JoinCode;
use super::dice::Digest;
use super::relay::{End, bind_all, connect_via_relay};
use super::wire::{Message, escape};

/// How many connections with a wrong code the host takes before it gives up.
pub const WRONG_CODES: usize = 3;

/// How long the key exchange may take.
pub const HANDSHAKE: Duration = Duration::from_secs(20);

/// How long the host waits at a relay for each joiner (the relay may drop it sooner).
const RELAY_WAIT: Duration = Duration::from_secs(24 * 60 * 60);

/// How long a refused connection is given to read why before it is closed.
pub const LAST_WORD: Duration = Duration::from_secs(2);

/// The longest pause between two tries of a joiner coming back.
const MOST_BACKOFF: Duration = Duration::from_secs(5);

/// One side's connection to another, over every channel the game has used.
pub struct Link {
    /// The connection now, if there is one.
    channel: Option<Channel>,
    /// Every message sent since the game began, for the other end to read again.
    sent: Vec<Vec<u8>>,
    /// How many messages were read since the game began.
    received: u64,
    /// What this link read in an earlier program of this side, to be read again (see
    /// [`super::journal`]); a [`Gap`] where the connection dropped and came back.
    replay: VecDeque<Replayed>,
}

/// One thing a link read in an earlier program of this side.
pub enum Replayed {
    /// A message.
    Message(Vec<u8>),
    /// The connection dropped here and came back.
    Gap,
}

impl Link {
    /// The link of a game that begins on `channel`.
    pub fn new(channel: Channel) -> Link {
        Link {
            channel: Some(channel),
            sent: Vec::new(),
            received: 0,
            replay: VecDeque::new(),
        }
    }

    /// The link of a game taken up again in a new program: no connection yet, and what
    /// it read before to be read again first.
    pub fn replaying(replay: Vec<Replayed>) -> Link {
        Link {
            channel: None,
            sent: Vec::new(),
            received: 0,
            replay: replay.into(),
        }
    }

    /// Sends one message, and keeps it in case the other end does not get it. Without
    /// a connection it is only kept, for the other end to read when it comes back.
    pub fn send(&mut self, bytes: &[u8]) -> Result<(), ChannelError> {
        self.sent.push(bytes.to_vec());
        match &mut self.channel {
            Some(channel) => channel.send(bytes),
            None => Ok(()),
        }
    }

    /// What this link read next in an earlier program, if anything is left of it.
    pub fn replayed(&mut self) -> Option<Replayed> {
        let next = self.replay.pop_front()?;
        if let Replayed::Message(_) = next {
            self.received += 1;
        }
        Some(next)
    }

    /// True once this program has a connection on this link.
    pub fn is_open(&self) -> bool {
        self.channel.is_some()
    }

    /// True while what an earlier program read is still to be read again.
    pub fn is_replaying(&self) -> bool {
        !self.replay.is_empty()
    }

    /// Reads one message, waiting at most `limit`; without a connection, the
    /// connection is closed.
    pub fn recv(&mut self, limit: Duration) -> Result<Vec<u8>, ChannelError> {
        let bytes = self.channel.as_mut().ok_or(ChannelError::Closed)?.recv(limit)?;
        self.received += 1;
        Ok(bytes)
    }

    /// How many messages were read since the game began.
    pub fn received(&self) -> u64 {
        self.received
    }

    /// Goes on over `channel`: sends again every message after the first `read` (what
    /// the other end says it has read).
    pub fn resume(&mut self, channel: Channel, read: u64) -> Result<(), ChannelError> {
        let from = usize::try_from(read).unwrap_or(usize::MAX);
        if from > self.sent.len() {
            return Err(ChannelError::Forged);
        }
        self.close();
        let channel = self.channel.insert(channel);
        for bytes in &self.sent[from..] {
            channel.send(bytes)?;
        }
        Ok(())
    }

    /// Closes the connection.
    pub fn close(&self) {
        if let Some(channel) = &self.channel {
            channel.close();
        }
    }
}

/// A joiner's secret that proves it is the same joiner coming back; the host holds only
/// its hash.
#[derive(Clone, Copy)]
pub struct ResumeToken([u8; 32]);

impl ResumeToken {
    /// A new token from the operating system's randomness.
    pub fn generate() -> io::Result<ResumeToken> {
        let mut bytes = [0u8; 32];
        super::os_random(&mut bytes)?;
        Ok(ResumeToken(bytes))
    }

    /// The token kept in a game's journal.
    pub fn from_bytes(bytes: [u8; 32]) -> ResumeToken {
        ResumeToken(bytes)
    }

    /// The token's bytes.
    pub fn bytes(&self) -> [u8; 32] {
        self.0
    }

    /// Its hash, which the accept carries.
    pub fn hash(&self) -> Digest {
        Digest::of(&[&self.0])
    }
}

/// True if `token` (hex, from a rejoin) hashes to `hash`.
pub fn token_fits(token: &str, hash: &Digest) -> bool {
    Digest::from_hex(token).is_ok_and(|token| Digest::of(&[token.bytes()]) == *hash)
}

/// True if a connection that says it is joiner `side` and shows `token` may take that
/// joiner's place: a side among the `joiners`, whose accept sent the hash of a token
/// (`hashes[side]`, by side as the seating keeps them), and this is that token.
pub fn may_return(hashes: &[Option<Digest>], joiners: usize, side: u8, token: &str) -> bool {
    side != 0
        && usize::from(side) <= joiners
        && hashes
            .get(usize::from(side))
            .and_then(Option::as_ref)
            .is_some_and(|hash| token_fits(token, hash))
}

/// Where the host meets its joiners: its own listening ports, or a relay.
pub enum Meeting {
    /// Connections accepted on every address the host listens on.
    Direct {
        /// Each connection accepted, with where it came from.
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
    /// Names the relay, or listens on `port` of `bind` (every interface, IPv6 and IPv4,
    /// if none).
    pub fn open(relay: Option<&str>, bind: Option<IpAddr>, port: u16) -> anyhow::Result<Meeting> {
        if let Some(relay) = relay {
            return Ok(Meeting::Relay(relay.to_string()));
        }
        let ips = match bind {
            Some(ip) => vec![ip],
            None => vec![
                IpAddr::V6(Ipv6Addr::UNSPECIFIED),
                IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            ],
        };
        let addrs: Vec<SocketAddr> = ips.iter().map(|ip| SocketAddr::new(*ip, port)).collect();
        let listeners = bind_all(&addrs).map_err(|e| anyhow::anyhow!("cannot listen on port {port}: {e}"))?;
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

    /// The port the host listens on (none at a relay).
    pub fn port(&self) -> Option<u16> {
        match self {
            Meeting::Direct { target, .. } => target.rsplit(':').next()?.parse().ok(),
            Meeting::Relay(_) => None,
        }
    }

    /// Prints the join command and where the host waits.
    pub fn announce(&self, code: &JoinCode, out: &mut dyn Write) -> io::Result<()> {
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
    /// dropped (and `tell` hears of each), and after [`WRONG_CODES`] wrong codes in all
    /// the host gives up.
    pub fn next_joiner(
        &self,
        code: &JoinCode,
        wrong: &mut usize,
        tell: &mut dyn FnMut(&str),
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
                    tell(&format!(
                        "a connection from {from} typed a wrong code ({wrong} of {WRONG_CODES}); still waiting"
                    ));
                }
                Err(error) => tell(&format!(
                    "dropped a connection from {from}: {error}; still waiting"
                )),
            }
        }
    }

    /// Keeps meeting joiners while the game is played, on a thread of its own: each
    /// connection that opens a channel with `code` and says it is a joiner coming back
    /// is handed on, with its rejoin, to the game. Anything else is dropped, and what the
    /// host should hear of it comes as a [`Returning::Notice`].
    pub fn keep_open(self, code: JoinCode, wrong: usize) -> mpsc::Receiver<Returning> {
        let (send, returns) = mpsc::channel();
        std::thread::spawn(move || {
            let mut wrong = wrong;
            loop {
                let mut tell = |line: &str| {
                    let _ = send.send(Returning::Notice(line.to_string()));
                };
                let mut channel = match self.next_joiner(&code, &mut wrong, &mut tell) {
                    Ok(channel) => channel,
                    Err(error) if wrong >= WRONG_CODES => {
                        tell(&format!("{error}; nobody can come back now"));
                        return;
                    }
                    // The relay is gone or dropped a waiting connection: try again.
                    Err(_) => {
                        std::thread::sleep(Duration::from_secs(1));
                        continue;
                    }
                };
                let first = channel.recv(HANDSHAKE).ok().map(|bytes| Message::decode(&bytes));
                let returning = match first {
                    Some(Ok(Message::Rejoin {
                        side,
                        token,
                        received,
                    })) => Returning::Side {
                        channel,
                        side,
                        token,
                        received,
                    },
                    _ => {
                        let reason = "the game has begun: only its joiners come back, each with the command it joined with, on its own machine";
                        let bye = Message::Bye {
                            reason: reason.into(),
                        };
                        let _ = channel.send_last(&bye.encode(), LAST_WORD);
                        tell("dropped a connection that is not a joiner of the game coming back");
                        continue;
                    }
                };
                if send.send(returning).is_err() {
                    return;
                }
            }
        });
        returns
    }
}

/// What the host's meeting hands on during the game.
pub enum Returning {
    /// A connection that says it is joiner `side` coming back.
    Side {
        /// Its channel, open with the game's code.
        channel: Channel,
        /// The side it says it is.
        side: u8,
        /// Its resume token, hex, to be checked against the hash its accept sent.
        token: String,
        /// How many of the host's messages it has read.
        received: u64,
    },
    /// Something the host's people should hear of (a stray connection, a wrong code).
    Notice(String),
}

/// How a joiner reaches its host again.
#[derive(Clone)]
pub struct Dialer {
    /// The host's address, or the relay's.
    pub address: String,
    /// True if `address` is a relay's.
    pub relay: bool,
    /// The game's code.
    pub code: JoinCode,
    /// This joiner's side.
    pub side: u8,
    /// This joiner's resume token.
    pub token: ResumeToken,
}

/// Why a joiner could not come back.
#[derive(Debug)]
pub enum DialError {
    /// A try failed; the next may do better.
    Again(String),
    /// The host refused this joiner: trying again is no use.
    Refused(String),
}

impl Dialer {
    /// Opens a new connection to the host, within `limit`; returns it and how many of
    /// this joiner's messages the host has read. `received` is how many of the host's
    /// this joiner has read.
    pub fn dial(&self, received: u64, limit: Duration) -> Result<(Channel, u64), DialError> {
        let limit = limit.min(HANDSHAKE).max(Duration::from_millis(100));
        let again = |e: &dyn std::fmt::Display| DialError::Again(e.to_string());
        let stream = if self.relay {
            connect_via_relay(&self.address, u32::from(self.code.number()), End::Join, limit)
                .map_err(|e| again(&e))?
        } else {
            connect(&self.address, limit).map_err(|e| again(&e))?
        };
        let mut channel = Channel::open(stream, &self.code, Role::Join, limit).map_err(|e| again(&e))?;
        let rejoin = Message::Rejoin {
            side: self.side,
            token: hex(&self.token.bytes()),
            received,
        };
        channel.send(&rejoin.encode()).map_err(|e| again(&e))?;
        let answer = channel.recv(limit).map_err(|e| again(&e))?;
        match Message::decode(&answer) {
            Ok(Message::Rejoined { received }) => Ok((channel, received)),
            Ok(Message::Bye { reason }) => Err(DialError::Refused(escape(&reason, 120))),
            Ok(other) => Err(DialError::Refused(format!(
                "the host answered a {} to this joiner's return",
                other.kind()
            ))),
            Err(error) => Err(DialError::Refused(error.to_string())),
        }
    }
}

/// The pause before try `tries` (from 0) of a joiner coming back: short at first.
pub fn backoff(tries: u32) -> Duration {
    (Duration::from_millis(250) * 2u32.saturating_pow(tries.min(8))).min(MOST_BACKOFF)
}

/// Time left until `deadline`, as minutes and seconds for people: `4:59`.
pub fn minutes(duration: Duration) -> String {
    let seconds = duration.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// True once `deadline` has passed.
pub fn passed(deadline: Instant) -> bool {
    Instant::now() >= deadline
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Connects to the first address `target` names that answers, each within `limit`.
pub fn connect(target: &str, limit: Duration) -> anyhow::Result<TcpStream> {
    let addresses: Vec<_> = target
        .to_socket_addrs()
        .map_err(|e| anyhow::anyhow!("'{target}' is not an address with a port, like HOST:4717 ({e})"))?
        .collect();
    let mut last = None;
    for address in addresses {
        match TcpStream::connect_timeout(&address, limit) {
            Ok(stream) => return Ok(stream),
            Err(error) => last = Some(error),
        }
    }
    Err(anyhow::anyhow!(
        "cannot connect to {target}: {}",
        last.map_or_else(|| "it names no address".to_string(), |e| e.to_string())
    ))
}

#[cfg(test)]
pub(super) mod tests;
