//! The relay (`tabula relay`): a meeting point on a reachable machine for two players
//! who cannot open a port. Each side connects and names the game's nameplate (the number
//! of its code), and which end it is, in one hello line, `tabula-relay 1 NAMEPLATE host`
//! (or `join`; a line without the word pairs with either end); the relay pairs the first
//! two connections that name the same nameplate from opposite ends, answers each
//! `paired`, and from then on only forwards bytes both ways. A host with several joiners
//! connects once for each: its connections wait side by side and never pair with each
//! other. The players' own encryption runs end to end through it: the relay can drop a
//! game, never read or change it.
//!
//! Everything is bounded: connections at once, bytes per pair, idle time of a pair, the
//! wait for the hello line and for a partner.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The port the relay listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 4774;

/// The words a hello line starts with.
const HELLO: &str = "tabula-relay 1";

/// The longest hello or answer line, in bytes.
const MAX_LINE: usize = 64;

/// How often waiting connections are looked over for a partner that never came.
const SWEEP: Duration = Duration::from_millis(200);

/// What the relay allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once (waiting or paired).
    pub connections: usize,
    /// Bytes forwarded per pair, both ways together.
    pub bytes_per_pair: u64,
    /// How long a pair may stay silent both ways. Tabula's channels send keepalives every
    /// few seconds, so a pair stays silent this long only when both its ends are gone.
    pub idle: Duration,
    /// How long a connection waits for its partner.
    pub pair_wait: Duration,
    /// How long a new connection has to send its hello line.
    pub hello_wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 200,
            bytes_per_pair: 64 * 1024 * 1024,
            idle: Duration::from_secs(30 * 60),
            pair_wait: Duration::from_secs(15 * 60),
            hello_wait: Duration::from_secs(10),
        }
    }
}

/// Which end of a game a connection to the relay is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The host, which waits for its joiners.
    Host,
    /// A joiner.
    Join,
}

impl End {
    fn word(self) -> &'static str {
        match self {
            End::Host => "host",
            End::Join => "join",
        }
    }
}

/// A connection waiting for its partner.
struct Waiting {
    stream: TcpStream,
    since: Instant,
    end: Option<End>,
}

/// True if connections from these ends may be paired: opposite ends, or one unnamed.
fn partners(a: Option<End>, b: Option<End>) -> bool {
    a.is_none() || b.is_none() || a != b
}

/// What the relay's threads share.
struct Shared {
    limits: Limits,
    waiting: Mutex<HashMap<u32, Vec<Waiting>>>,
    open: AtomicUsize,
    stop: AtomicBool,
}

/// One open connection, counted while it lives.
struct Counted(Arc<Shared>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A relay bound to its addresses, ready to serve.
pub struct Relay {
    listeners: Vec<TcpListener>,
    shared: Arc<Shared>,
}

impl Relay {
    /// Binds the addresses of `addrs` (each an IP address with a port; port 0 takes any
    /// free port, the same one for the addresses after the first); it fails only when
    /// none can be bound.
    pub fn bind(addrs: &[SocketAddr], limits: Limits) -> io::Result<Relay> {
        let listeners = bind_all(addrs)?;
        Ok(Relay {
            listeners,
            shared: Arc::new(Shared {
                limits,
                waiting: Mutex::new(HashMap::new()),
                open: AtomicUsize::new(0),
                stop: AtomicBool::new(false),
            }),
        })
    }

    /// The addresses it listens on.
    pub fn local_addrs(&self) -> Vec<SocketAddr> {
        self.listeners
            .iter()
            .filter_map(|l| l.local_addr().ok())
            .collect()
    }

    /// A handle that stops the relay.
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn stopper(&self) -> Stopper {
        Stopper {
            shared: Arc::clone(&self.shared),
            addrs: self.local_addrs(),
        }
    }

    /// Serves until stopped: one thread accepts on each address, one looks over the
    /// waiting connections, and each connection and each direction of a pair has its own.
    pub fn serve(self) {
        let shared = self.shared;
        let sweeper = {
            let shared = Arc::clone(&shared);
            thread::spawn(move || sweep(&shared))
        };
        let acceptors: Vec<_> = self
            .listeners
            .into_iter()
            .map(|listener| {
                let shared = Arc::clone(&shared);
                thread::spawn(move || accept(&listener, &shared))
            })
            .collect();
        for acceptor in acceptors {
            let _ = acceptor.join();
        }
        let _ = sweeper.join();
    }
}

/// Binds the addresses of `addrs` (each an IP address with a port; port 0 takes any
/// free port, the same one for the addresses after the first); fails only when none can
/// be bound. A host and a relay listen on IPv6 and IPv4 alike this way.
pub fn bind_all(addrs: &[SocketAddr]) -> io::Result<Vec<TcpListener>> {
    let mut listeners: Vec<TcpListener> = Vec::new();
    let mut failed = None;
    for addr in addrs {
        let mut addr = *addr;
        if addr.port() == 0
            && let Some(first) = listeners.first()
        {
            addr.set_port(first.local_addr()?.port());
        }
        match TcpListener::bind(addr) {
            Ok(listener) => listeners.push(listener),
            // A machine without IPv6, or whose IPv6 wildcard takes IPv4 too: the
            // other addresses serve.
            Err(e) => failed = Some(io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}"))),
        }
    }
    if listeners.is_empty() {
        return Err(
            failed.unwrap_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no address to listen on"))
        );
    }
    Ok(listeners)
}

// Only the tests stop a relay: the command serves until its process ends.
#[cfg_attr(not(test), allow(dead_code))]
/// Stops a serving [`Relay`].
pub struct Stopper {
    shared: Arc<Shared>,
    addrs: Vec<SocketAddr>,
}

#[cfg_attr(not(test), allow(dead_code))]
impl Stopper {
    /// Stops accepting and drops the waiting connections; pairs already forwarding run
    /// to their end.
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        for addr in &self.addrs {
            // Wakes the accepting thread, which then sees the flag.
            let _ = TcpStream::connect_timeout(&wake_address(*addr), Duration::from_secs(1));
        }
    }
}

#[cfg_attr(not(test), allow(dead_code))]
fn wake_address(addr: SocketAddr) -> SocketAddr {
    let mut addr = addr;
    if addr.ip().is_unspecified() {
        addr.set_ip(match addr {
            SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
            SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
        });
    }
    addr
}

fn accept(listener: &TcpListener, shared: &Arc<Shared>) {
    for stream in listener.incoming() {
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        let Ok(mut stream) = stream else { continue };
        if shared.open.fetch_add(1, Ordering::SeqCst) >= shared.limits.connections {
            shared.open.fetch_sub(1, Ordering::SeqCst);
            let _ = stream.write_all(b"error the relay is full: try again later\n");
            continue;
        }
        let counted = Counted(Arc::clone(shared));
        let shared = Arc::clone(shared);
        thread::spawn(move || meet(stream, counted, &shared));
    }
}

/// Reads a new connection's hello and pairs it, or leaves it waiting.
fn meet(mut stream: TcpStream, counted: Counted, shared: &Arc<Shared>) {
    let _ = stream.set_read_timeout(Some(shared.limits.hello_wait));
    let (nameplate, end) = match read_line(&mut stream).ok().as_deref().and_then(hello_of) {
        Some(hello) => hello,
        None => {
            let _ = stream.write_all(format!("error say '{HELLO} NAMEPLATE' first\n").as_bytes());
            return;
        }
    };
    let partner = {
        let mut waiting = shared.waiting.lock().unwrap_or_else(|e| e.into_inner());
        let queue = waiting.entry(nameplate).or_default();
        match queue.iter().position(|w| partners(w.end, end)) {
            Some(index) => {
                let partner = queue.remove(index).stream;
                if queue.is_empty() {
                    waiting.remove(&nameplate);
                }
                partner
            }
            None => {
                if let Ok(kept) = stream.try_clone() {
                    queue.push(Waiting {
                        stream: kept,
                        since: Instant::now(),
                        end,
                    });
                }
                // The partner's thread forwards for both; this one's count goes with it.
                std::mem::forget(counted);
                return;
            }
        }
    };
    forward_pair(partner, stream, counted, shared);
}

/// The nameplate and end a hello line names.
fn hello_of(line: &str) -> Option<(u32, Option<End>)> {
    let mut words = line.strip_prefix(HELLO)?.split_whitespace();
    let nameplate = words.next()?.parse().ok()?;
    let end = match words.next() {
        None => None,
        Some("host") => Some(End::Host),
        Some("join") => Some(End::Join),
        Some(_) => return None,
    };
    words.next().is_none().then_some((nameplate, end))
}

/// Reads one line of at most [`MAX_LINE`] bytes, a byte at a time so that nothing after
/// it is taken from the stream.
fn read_line(stream: &mut TcpStream) -> io::Result<String> {
    let mut line = Vec::new();
    let mut byte = [0u8];
    while line.len() < MAX_LINE {
        if stream.read(&mut byte)? == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        if byte[0] == b'\n' {
            return String::from_utf8(line).map_err(|_| io::ErrorKind::InvalidData.into());
        }
        line.push(byte[0]);
    }
    Err(io::ErrorKind::InvalidData.into())
}

/// Drops the connections that waited too long for a partner.
fn sweep(shared: &Arc<Shared>) {
    while !shared.stop.load(Ordering::SeqCst) {
        thread::sleep(SWEEP);
        let mut waiting = shared.waiting.lock().unwrap_or_else(|e| e.into_inner());
        for queue in waiting.values_mut() {
            queue.retain_mut(|w| {
                if w.since.elapsed() < shared.limits.pair_wait {
                    return true;
                }
                let _ = w.stream.write_all(b"error no partner came in time\n");
                let _ = w.stream.shutdown(Shutdown::Both);
                shared.open.fetch_sub(1, Ordering::SeqCst);
                false
            });
        }
        waiting.retain(|_, queue| !queue.is_empty());
    }
    let mut waiting = shared.waiting.lock().unwrap_or_else(|e| e.into_inner());
    for gone in waiting.drain().flat_map(|(_, queue)| queue) {
        let _ = gone.stream.shutdown(Shutdown::Both);
        shared.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Tells both sides they are paired and forwards bytes both ways until either side
/// closes, the pair's byte allowance is spent, or both ways stay silent too long.
fn forward_pair(first: TcpStream, second: TcpStream, counted: Counted, shared: &Arc<Shared>) {
    // The waiting side's count, forgotten in `meet`, ends with the pair.
    let partner_counted = Counted(Arc::clone(shared));
    let (Ok(first_back), Ok(second_back)) = (first.try_clone(), second.try_clone()) else {
        return;
    };
    for mut stream in [&first, &second] {
        if stream.write_all(b"paired\n").is_err() {
            let _ = first.shutdown(Shutdown::Both);
            let _ = second.shutdown(Shutdown::Both);
            return;
        }
    }
    let pair = Arc::new(Pair {
        bytes: AtomicU64::new(0),
        last: Mutex::new(Instant::now()),
        limits: shared.limits,
    });
    let other = {
        let pair = Arc::clone(&pair);
        thread::spawn(move || pair.copy(first, second_back))
    };
    pair.copy(second, first_back);
    let _ = other.join();
    drop((counted, partner_counted));
}

/// What the two directions of a pair share.
struct Pair {
    bytes: AtomicU64,
    last: Mutex<Instant>,
    limits: Limits,
}

impl Pair {
    /// Copies `from` into `to` until the pair ends, then closes both.
    fn copy(&self, mut from: TcpStream, mut to: TcpStream) {
        let tick = self
            .limits
            .idle
            .min(Duration::from_secs(1))
            .max(Duration::from_millis(10));
        let _ = from.set_read_timeout(Some(tick));
        let mut buffer = [0u8; 16 * 1024];
        loop {
            match from.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    let total = self.bytes.fetch_add(n as u64, Ordering::SeqCst) + n as u64;
                    if total > self.limits.bytes_per_pair || to.write_all(&buffer[..n]).is_err() {
                        break;
                    }
                    *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
                }
                Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {
                    let last = *self.last.lock().unwrap_or_else(|e| e.into_inner());
                    if last.elapsed() >= self.limits.idle {
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = from.shutdown(Shutdown::Both);
        let _ = to.shutdown(Shutdown::Both);
    }
}

/// Connects to the relay at `relay` (`HOST:PORT`, by any of its addresses, IPv4 or IPv6),
/// names `nameplate` as the game's `end`, and waits up to `wait` for a partner from the
/// other end. The stream returned then carries the partner's bytes exactly as a direct
/// connection would.
pub fn connect_via_relay(relay: &str, nameplate: u32, end: End, wait: Duration) -> io::Result<TcpStream> {
    let mut last = io::Error::new(io::ErrorKind::NotFound, format!("{relay} has no address"));
    let addrs = relay.to_socket_addrs().map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("'{relay}' is not a relay's address with a port, like HOST:4774 ({e})"),
        )
    })?;
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, Duration::from_secs(10)) {
            Ok(stream) => return meet_partner(stream, relay, &format!("{nameplate} {}", end.word()), wait),
            Err(e) => last = e,
        }
    }
    Err(io::Error::new(
        last.kind(),
        format!("cannot reach the relay {relay}: {last}"),
    ))
}

fn meet_partner(
    mut stream: TcpStream,
    relay: &str,
    nameplate: &str,
    wait: Duration,
) -> io::Result<TcpStream> {
    stream.write_all(format!("{HELLO} {nameplate}\n").as_bytes())?;
    stream.set_read_timeout(Some(wait.max(Duration::from_millis(1))))?;
    let answer = read_line(&mut stream).map_err(|e| {
        let what = match e.kind() {
            io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => "no partner came in time".to_string(),
            io::ErrorKind::UnexpectedEof => "it closed the connection".to_string(),
            _ => e.to_string(),
        };
        io::Error::new(e.kind(), format!("the relay {relay} paired no one: {what}"))
    })?;
    if answer != "paired" {
        let said = answer.strip_prefix("error ").unwrap_or(&answer);
        let said: String = said.chars().filter(|c| !c.is_control()).collect();
        return Err(io::Error::other(format!("the relay {relay} refused: {said}")));
    }
    stream.set_read_timeout(None)?;
    Ok(stream)
}

#[cfg(test)]
mod tests;
