//! The encrypted channel between two sides: a password-authenticated key exchange keyed
//! by the join code (SPAKE2 over Ed25519), then ChaCha20-Poly1305 frames with a key per
//! direction (HKDF-SHA256 from the exchange's key) and a counter as the nonce, so that a
//! frame cannot be read, changed, replayed, dropped or reordered unnoticed.
//!
//! On the wire: each side first writes a fixed greeting and one frame with its exchange
//! message, then one encrypted confirmation frame. A peer whose greeting or message has
//! the wrong shape is not tabula ([`HandshakeError::NotTabula`]); one whose confirmation
//! does not decrypt typed another code ([`HandshakeError::WrongCode`]), and one that greets
//! as another version of tabula is told so ([`HandshakeError::OtherVersion`]). Every
//! frame is a 4-byte big-endian length and that many bytes, at most [`MAX_FRAME`]; a
//! longer one ends the connection before anything is read into memory.
//!
//! A connection can die silently (a NAT that forgets it, a cable pulled): no end ever
//! sees it close. So while a channel is open, a thread of its own sends a *keepalive*,
//! a frame whose plaintext is empty (no message is), whenever this side has sent nothing
//! for a while ([`Timing::keepalive`]), also while a person thinks and the program waits
//! on the keyboard. [`Channel::recv`] reads past keepalives, and a side that hears no
//! frame at all for [`Timing::silence`] presumes the connection dead
//! ([`ChannelError::Io`]), as if it had closed, instead of waiting out the whole limit.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use hkdf::Hkdf;
use sha2::Sha256;
use spake2::{Ed25519Group, Identity, Password, Spake2};
use thiserror::Error;

use super::code::JoinCode;

/// The largest frame, in bytes, either side accepts.
pub const MAX_FRAME: usize = 8192;

/// What each side writes first. Its number is the channel's version: version 2 sends
/// keepalives, which a tabula of version 1 would take for a broken message.
const GREETING: &[u8; 17] = b"tabula-remote-v2\n";

/// What every greeting starts with, whatever its version.
const GREETING_STEM: &[u8] = b"tabula-remote-v";

/// The environment variable that shortens [`Timing::silence`], in whole seconds from 1
/// up to the standard 20, for the tests of whole programs only; the keepalives then come
/// four times as often.
pub const SILENCE_VAR: &str = "TABULA_REMOTE_SILENCE";

/// The plaintext of the confirmation frame.
const CONFIRM: &[u8] = b"tabula-confirm-v1";

/// The length of a SPAKE2 message over Ed25519.
const EXCHANGE_LEN: usize = 33;

/// Which end of the connection this side is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The side that listened (or registered first at a relay).
    Host,
    /// The side that connected.
    Join,
}

/// Why a channel could not be opened.
#[derive(Debug, Error)]
pub enum HandshakeError {
    /// The peer does not speak tabula's remote protocol.
    #[error("the other side does not speak tabula's remote protocol ({what})")]
    NotTabula {
        /// What was wrong with what it sent.
        what: String,
    },
    /// The peer typed a different code.
    #[error("the other side typed a different join code")]
    WrongCode,
    /// The peer is tabula, but speaks another version of the channel.
    #[error("the other side runs a different version of tabula: both need the same")]
    OtherVersion,
    /// The connection failed during the exchange.
    #[error(transparent)]
    Channel(#[from] ChannelError),
}

/// Why a frame could not be sent or received.
#[derive(Debug, Error)]
pub enum ChannelError {
    /// The other side closed the connection.
    #[error("the connection was closed")]
    Closed,
    /// Nothing complete arrived in time.
    #[error("nothing arrived within {} seconds", .limit.as_secs())]
    Stalled {
        /// The time limit.
        limit: Duration,
    },
    /// A frame longer than the bound.
    #[error("a frame of {len} bytes, over the bound of {MAX_FRAME}")]
    TooLong {
        /// The length the frame claimed.
        len: usize,
    },
    /// A frame that fails its authentication check.
    #[error("a frame failed its authentication check: it was changed on the way, or forged")]
    Forged,
    /// Any other network failure, and a connection that fell silent (see
    /// [`Timing::silence`]).
    #[error("network error: {0}")]
    Io(#[source] io::Error),
}

/// How often a channel shows that it is alive, and how long a silence means it is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// A side that has sent nothing for this long sends a keepalive.
    pub keepalive: Duration,
    /// A side that hears no frame at all for this long, keepalives included, presumes
    /// the connection dead: several keepalives in a row went missing.
    pub silence: Duration,
}

impl Timing {
    /// What every channel uses unless a test says otherwise.
    pub const STANDARD: Timing = Timing {
        keepalive: Duration::from_secs(5),
        silence: Duration::from_secs(20),
    };

    /// [`Timing::STANDARD`], or a shorter silence that [`SILENCE_VAR`] names.
    pub fn configured() -> Timing {
        Timing::with_silence_from(std::env::var(SILENCE_VAR).ok().as_deref())
    }

    /// [`Timing::STANDARD`], or the silence `seconds` names (whole seconds, from 1 up to
    /// the standard's), with keepalives four to a silence.
    fn with_silence_from(seconds: Option<&str>) -> Timing {
        match seconds.and_then(|text| text.trim().parse::<u64>().ok()) {
            Some(seconds) => {
                let silence =
                    Duration::from_secs(seconds).clamp(Duration::from_secs(1), Self::STANDARD.silence);
                Timing {
                    keepalive: silence / 4,
                    silence,
                }
            }
            None => Self::STANDARD,
        }
    }
}

/// The error of a connection that fell silent for `silence`.
fn presumed_dead(silence: Duration) -> ChannelError {
    ChannelError::Io(io::Error::new(
        io::ErrorKind::TimedOut,
        format!(
            "nothing heard for {} s: the connection is presumed dead",
            silence.as_secs_f64()
        ),
    ))
}

impl From<io::Error> for ChannelError {
    fn from(error: io::Error) -> Self {
        match error.kind() {
            io::ErrorKind::UnexpectedEof | io::ErrorKind::ConnectionReset | io::ErrorKind::BrokenPipe => {
                ChannelError::Closed
            }
            _ => ChannelError::Io(error),
        }
    }
}

/// One direction's key and frame counter.
struct Direction {
    cipher: ChaCha20Poly1305,
    counter: u64,
}

impl Direction {
    fn new(key: &[u8; 32]) -> Direction {
        Direction {
            cipher: ChaCha20Poly1305::new(Key::from_slice(key)),
            counter: 0,
        }
    }

    /// The nonce of the next frame: the counter, so no nonce is ever used twice.
    fn next_nonce(&mut self) -> [u8; 12] {
        let mut nonce = [0u8; 12];
        nonce[4..].copy_from_slice(&self.counter.to_be_bytes());
        self.counter += 1;
        nonce
    }
}

/// The sending half of a channel, which the keepalive thread shares: one lock holds the
/// counter and the write together, so that no nonce is used twice and frames never mix.
struct Outgoing {
    stream: TcpStream,
    direction: Direction,
    /// When this side last sent a frame.
    last: Instant,
    /// Set when the channel is closed or a write failed (a failed write may have left
    /// half a frame): nothing more is sent, and the keepalive thread ends.
    stopped: bool,
}

impl Outgoing {
    /// Encrypts `plain` and writes it as one frame.
    fn write_frame(&mut self, plain: &[u8]) -> Result<(), ChannelError> {
        if self.stopped {
            return Err(ChannelError::Closed);
        }
        let nonce = self.direction.next_nonce();
        let sealed = self
            .direction
            .cipher
            .encrypt(Nonce::from_slice(&nonce), plain)
            .map_err(|_| ChannelError::TooLong { len: plain.len() })?;
        if sealed.len() > MAX_FRAME {
            return Err(ChannelError::TooLong { len: sealed.len() });
        }
        let mut frame = (sealed.len() as u32).to_be_bytes().to_vec();
        frame.extend_from_slice(&sealed);
        if let Err(error) = self.stream.write_all(&frame) {
            self.stopped = true;
            return Err(error.into());
        }
        self.last = Instant::now();
        Ok(())
    }
}

/// What a channel and its keepalive thread share.
struct Sender {
    outgoing: Mutex<Outgoing>,
    /// Wakes the keepalive thread when the channel closes.
    wake: Condvar,
}

impl Sender {
    fn lock(&self) -> MutexGuard<'_, Outgoing> {
        self.outgoing.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops sending, and wakes the keepalive thread so that it ends.
    fn stop(&self) {
        self.lock().stopped = true;
        self.wake.notify_all();
    }
}

/// Sends a keepalive whenever nothing was sent for `every`, until the channel stops.
fn keep_alive(sender: &Sender, every: Duration) {
    // However a timing was made, the thread never spins.
    let every = every.max(Duration::from_millis(10));
    let mut outgoing = sender.lock();
    while !outgoing.stopped {
        let due = outgoing.last + every;
        let now = Instant::now();
        if now >= due {
            // A failed write stops the channel's sending; the reader finds out why.
            let _ = outgoing.write_frame(&[]);
            continue;
        }
        outgoing = sender
            .wake
            .wait_timeout(outgoing, due - now)
            .unwrap_or_else(|e| e.into_inner())
            .0;
    }
}

/// An open, encrypted and authenticated connection to the other side.
pub struct Channel {
    stream: TcpStream,
    recv: Direction,
    sender: Arc<Sender>,
    timing: Timing,
    keeper: Option<JoinHandle<()>>,
}

impl Channel {
    /// Runs the key exchange on `stream` with `code`; gives up after `limit` without an
    /// answer. Both sides must use the same code and opposite roles. Its keepalives and
    /// silence bound are [`Timing::configured`]'s.
    pub fn open(
        stream: TcpStream,
        code: &JoinCode,
        role: Role,
        limit: Duration,
    ) -> Result<Channel, HandshakeError> {
        Channel::open_timed(stream, code, role, limit, Timing::configured())
    }

    /// [`Channel::open`] with its keepalives and silence bound as `timing` says.
    pub fn open_timed(
        stream: TcpStream,
        code: &JoinCode,
        role: Role,
        limit: Duration,
        timing: Timing,
    ) -> Result<Channel, HandshakeError> {
        let deadline = Instant::now() + limit;
        let mut stream = stream;
        stream.set_nodelay(true).ok();
        let password = Password::new(code.secret());
        let (host, join) = (Identity::new(b"tabula host"), Identity::new(b"tabula join"));
        let (state, message) = match role {
            Role::Host => Spake2::<Ed25519Group>::start_a(&password, &host, &join),
            Role::Join => Spake2::<Ed25519Group>::start_b(&password, &host, &join),
        };
        let mut first = GREETING.to_vec();
        first.extend_from_slice(&(message.len() as u32).to_be_bytes());
        first.extend_from_slice(&message);
        stream.write_all(&first).map_err(ChannelError::from)?;
        let mut greeting = [0u8; GREETING.len()];
        read_exact_by(&mut stream, &mut greeting, deadline, limit)?;
        if &greeting != GREETING {
            return Err(if greeting.starts_with(GREETING_STEM) {
                HandshakeError::OtherVersion
            } else {
                not_tabula("it did not greet as tabula")
            });
        }
        let theirs = read_frame_by(&mut stream, deadline, limit, EXCHANGE_LEN).map_err(|e| match e {
            ChannelError::TooLong { .. } => not_tabula("its key exchange message has the wrong length"),
            other => HandshakeError::Channel(other),
        })?;
        if theirs.len() != EXCHANGE_LEN {
            return Err(not_tabula("its key exchange message has the wrong length"));
        }
        let key = state
            .finish(&theirs)
            .map_err(|_| not_tabula("its key exchange message is not valid"))?;
        let (mine, other) = match role {
            Role::Host => ("host to join", "join to host"),
            Role::Join => ("join to host", "host to join"),
        };
        // A write that cannot go out within the silence bound meets a dead connection.
        stream
            .set_write_timeout(Some(timing.silence))
            .map_err(ChannelError::from)?;
        let sending = stream.try_clone().map_err(ChannelError::from)?;
        let mut channel = Channel {
            sender: Arc::new(Sender {
                outgoing: Mutex::new(Outgoing {
                    stream: sending,
                    direction: Direction::new(&derive(&key, mine)),
                    last: Instant::now(),
                    stopped: false,
                }),
                wake: Condvar::new(),
            }),
            recv: Direction::new(&derive(&key, other)),
            stream,
            timing,
            keeper: None,
        };
        channel.send(CONFIRM)?;
        match channel.read_by(deadline, limit) {
            Ok(text) if text == CONFIRM => {
                // Only now: the other side's first frame must be its confirmation.
                let sender = Arc::clone(&channel.sender);
                let keeper = thread::Builder::new()
                    .name("keepalive".into())
                    .spawn(move || keep_alive(&sender, timing.keepalive))
                    .map_err(ChannelError::from)?;
                channel.keeper = Some(keeper);
                Ok(channel)
            }
            Ok(_) | Err(ChannelError::Forged) => Err(HandshakeError::WrongCode),
            Err(other) => Err(HandshakeError::Channel(other)),
        }
    }

    /// Encrypts and sends one message. A message is never empty: the empty frame is the
    /// channel's keepalive, which the other end reads past.
    pub fn send(&mut self, plain: &[u8]) -> Result<(), ChannelError> {
        if plain.is_empty() {
            return Err(ChannelError::Io(io::Error::new(
                io::ErrorKind::InvalidInput,
                "an empty message cannot be sent: the empty frame is the channel's keepalive",
            )));
        }
        self.sender.lock().write_frame(plain)
    }

    /// Receives and decrypts one message, waiting at most `limit`, reading past the
    /// keepalives. A live side that sends no message within `limit` has stalled
    /// ([`ChannelError::Stalled`]); a connection on which no frame at all arrives for
    /// [`Timing::silence`] is presumed dead ([`ChannelError::Io`]).
    pub fn recv(&mut self, limit: Duration) -> Result<Vec<u8>, ChannelError> {
        let deadline = Instant::now() + limit;
        loop {
            let quiet = Instant::now() + self.timing.silence;
            let plain = match self.read_by(quiet.min(deadline), limit) {
                Err(ChannelError::Stalled { .. }) if quiet < deadline => {
                    return Err(presumed_dead(self.timing.silence));
                }
                other => other?,
            };
            if !plain.is_empty() {
                return Ok(plain);
            }
        }
    }

    fn read_by(&mut self, deadline: Instant, limit: Duration) -> Result<Vec<u8>, ChannelError> {
        let sealed = read_frame_by(&mut self.stream, deadline, limit, MAX_FRAME)?;
        let nonce = self.recv.next_nonce();
        self.recv
            .cipher
            .decrypt(Nonce::from_slice(&nonce), sealed.as_slice())
            .map_err(|_| ChannelError::Forged)
    }

    /// Sends `plain` as the last message and closes the connection so that it arrives:
    /// the sending half is shut first, and what the other side still sends is read and
    /// dropped, for at most `limit`, until it closes too (closing with bytes unread
    /// would reset the connection, and the message on its way could be lost).
    pub fn send_last(&mut self, plain: &[u8], limit: Duration) -> Result<(), ChannelError> {
        self.send(plain)?;
        self.sender.stop();
        self.stream.shutdown(Shutdown::Write).ok();
        let deadline = Instant::now() + limit;
        let mut unread = [0u8; 4096];
        let mut stream = &self.stream;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
                break;
            }
            match stream.read(&mut unread) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
        Ok(())
    }

    /// Closes the connection (both directions) and stops its keepalives.
    pub fn close(&self) {
        // The socket first: a keepalive blocked in its write, holding the lock, fails.
        self.stream.shutdown(Shutdown::Both).ok();
        self.sender.stop();
    }
}

impl Drop for Channel {
    /// Ends the connection with the channel: the keepalive thread holds a handle on the
    /// socket, which would otherwise keep it open.
    fn drop(&mut self) {
        self.close();
        if let Some(keeper) = self.keeper.take() {
            // It wakes at once (a blocked write fails on the shut socket) and ends.
            let _ = keeper.join();
        }
    }
}

fn not_tabula(what: &str) -> HandshakeError {
    HandshakeError::NotTabula { what: what.into() }
}

/// A 32-byte key for one direction, from the exchange's shared key.
fn derive(shared: &[u8], direction: &str) -> [u8; 32] {
    let mut key = [0u8; 32];
    Hkdf::<Sha256>::new(Some(b"tabula-remote-v1"), shared)
        .expand(direction.as_bytes(), &mut key)
        .expect("32 bytes is a valid HKDF-SHA256 output length");
    key
}

/// Reads one length-prefixed frame of at most `bound` bytes before `deadline`.
fn read_frame_by(
    stream: &mut TcpStream,
    deadline: Instant,
    limit: Duration,
    bound: usize,
) -> Result<Vec<u8>, ChannelError> {
    let mut length = [0u8; 4];
    read_exact_by(stream, &mut length, deadline, limit)?;
    let len = u32::from_be_bytes(length) as usize;
    if len > bound {
        return Err(ChannelError::TooLong { len });
    }
    let mut frame = vec![0u8; len];
    read_exact_by(stream, &mut frame, deadline, limit)?;
    Ok(frame)
}

/// Fills `buf` from `stream`, failing with [`ChannelError::Stalled`] at `deadline`.
fn read_exact_by(
    stream: &mut TcpStream,
    buf: &mut [u8],
    deadline: Instant,
    limit: Duration,
) -> Result<(), ChannelError> {
    let mut filled = 0;
    while filled < buf.len() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ChannelError::Stalled { limit });
        }
        stream.set_read_timeout(Some(left))?;
        match stream.read(&mut buf[filled..]) {
            Ok(0) => return Err(ChannelError::Closed),
            Ok(n) => filled += n,
            Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
