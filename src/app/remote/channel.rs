//! The encrypted channel between two sides: a password-authenticated key exchange keyed
//! by the join code (SPAKE2 over Ed25519), then ChaCha20-Poly1305 frames with a key per
//! direction (HKDF-SHA256 from the exchange's key) and a counter as the nonce, so that a
//! frame cannot be read, changed, replayed, dropped or reordered unnoticed.
//!
//! On the wire: each side first writes a fixed greeting and one frame with its exchange
//! message, then one encrypted confirmation frame. A peer whose greeting or message has
//! the wrong shape is not tabula ([`HandshakeError::NotTabula`]); one whose confirmation
//! does not decrypt typed another code ([`HandshakeError::WrongCode`]). Every frame is a
//! 4-byte big-endian length and that many bytes, at most [`MAX_FRAME`]; a longer one
//! ends the connection before anything is read into memory.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
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

/// What each side writes first.
const GREETING: &[u8; 17] = b"tabula-remote-v1\n";

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
    /// Any other network failure.
    #[error("network error: {0}")]
    Io(#[source] io::Error),
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

/// An open, encrypted and authenticated connection to the other side.
pub struct Channel {
    stream: TcpStream,
    send: Direction,
    recv: Direction,
}

impl Channel {
    /// Runs the key exchange on `stream` with `code`; gives up after `limit` without an
    /// answer. Both sides must use the same code and opposite roles.
    pub fn open(
        stream: TcpStream,
        code: &JoinCode,
        role: Role,
        limit: Duration,
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
            return Err(not_tabula("it did not greet as tabula"));
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
        let mut channel = Channel {
            send: Direction::new(&derive(&key, mine)),
            recv: Direction::new(&derive(&key, other)),
            stream,
        };
        channel.send(CONFIRM)?;
        match channel.read_by(deadline, limit) {
            Ok(text) if text == CONFIRM => Ok(channel),
            Ok(_) | Err(ChannelError::Forged) => Err(HandshakeError::WrongCode),
            Err(other) => Err(HandshakeError::Channel(other)),
        }
    }

    /// Encrypts and sends one message.
    pub fn send(&mut self, plain: &[u8]) -> Result<(), ChannelError> {
        let nonce = self.send.next_nonce();
        let sealed = self
            .send
            .cipher
            .encrypt(Nonce::from_slice(&nonce), plain)
            .map_err(|_| ChannelError::TooLong { len: plain.len() })?;
        if sealed.len() > MAX_FRAME {
            return Err(ChannelError::TooLong { len: sealed.len() });
        }
        let mut frame = (sealed.len() as u32).to_be_bytes().to_vec();
        frame.extend_from_slice(&sealed);
        self.stream.write_all(&frame)?;
        Ok(())
    }

    /// Receives and decrypts one message, waiting at most `limit`.
    pub fn recv(&mut self, limit: Duration) -> Result<Vec<u8>, ChannelError> {
        self.read_by(Instant::now() + limit, limit)
    }

    fn read_by(&mut self, deadline: Instant, limit: Duration) -> Result<Vec<u8>, ChannelError> {
        let sealed = read_frame_by(&mut self.stream, deadline, limit, MAX_FRAME)?;
        let nonce = self.recv.next_nonce();
        self.recv
            .cipher
            .decrypt(Nonce::from_slice(&nonce), sealed.as_slice())
            .map_err(|_| ChannelError::Forged)
    }

    /// Closes the connection (both directions).
    pub fn close(&self) {
        self.stream.shutdown(Shutdown::Both).ok();
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
