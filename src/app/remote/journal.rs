//! A side's journal of a remote game, from which a new program takes the game up again
//! after this side's program ended in the middle of it (a crash, a closed terminal,
//! Ctrl-C twice).
//!
//! The table is deterministic given what comes into it: every message read from the
//! other sides, every decision of this side's people and bots, every answer to an undo,
//! and, under a clock, the time each move took. The journal holds the game's start (its
//! [`Header`]) and then those inputs, one [`Entry`] per line, appended as they happen.
//! A new program plays the game again from them without the network, and so comes out
//! at the same position with the same dice, having "sent" the same messages and read
//! the same count; then it comes back as a dropped connection does, and the other side
//! sends again what it missed, and is sent what it missed.
//!
//! The journal holds this side's secrets (the chain every throw still to come grows
//! from, and the token that proves this side is itself), so it is made readable by this
//! user alone, and removed when the game ends. A line cut short by the end of the
//! program is not an entry: the program had not acted on it.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use thiserror::Error;

use super::dice::Digest;
use crate::app::protocol::client::TimeControl;
use crate::games::AnyGame;

/// The first line of every journal.
const MAGIC: &str = "tabula remote journal 1";

/// The line between the header and the entries.
const BEGIN: &str = "begin";

/// The start of a game, as this side saw it: all a new program needs, with the
/// entries, to build this side's table again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// This side (0: the host).
    pub side: u8,
    /// The secret of this side's hash chain, and its length.
    pub chain: ([u8; 32], u64),
    /// This side's resume token (a joiner's; zeros for the host).
    pub token: [u8; 32],
    /// The game line (id and options), as the offer named it.
    pub game: String,
    /// The time control, if any.
    pub clock: Option<TimeControl>,
    /// The side of each seat.
    pub sides: Vec<u8>,
    /// Every seat's player as the record names it.
    pub players: Vec<String>,
    /// How this side plays each of its seats (`human`, `bot:best`, ...; empty for the
    /// others' seats).
    pub mine: Vec<String>,
    /// Every side's commitment, side 0 first.
    pub commitments: Vec<Digest>,
    /// The hash of each side's resume token, by side (the host's, to take joiners back).
    pub resumes: Vec<Option<Digest>>,
    /// The host's: the join code, which the joiners come back with.
    pub code: String,
    /// The host's: where it meets its joiners (`relay HOST:PORT`, or `listen ADDRESS
    /// PORT` with `-` for every address), to meet them there again.
    pub meeting: String,
}

/// One input of the table, in the order it came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A message read on connection `link`.
    Read {
        /// The connection: a joiner's only one is 0; at the host, side `k`'s is `k - 1`.
        link: usize,
        /// The message, as the other side sent it.
        bytes: Vec<u8>,
    },
    /// Connection `link` dropped here and came back.
    Returned {
        /// The connection.
        link: usize,
    },
    /// A decision of this side's people or bots: `roll`, `move TEXT`, `resign`, `undo`.
    Decided(String),
    /// This side's people's answer to an undo another side asked for.
    Allowed(bool),
    /// Under a clock, the time a move took (this side's or another's).
    Spent(Duration),
    /// The game's number in this side's history, once it has one.
    Kept(u64),
}

/// Why a journal could not be read.
#[derive(Debug, Error)]
pub enum JournalError {
    /// The file could not be read or written.
    #[error("{0}")]
    File(#[from] crate::ai::files::FileError),
    /// A line that is not what a journal holds.
    #[error("line {line} is not part of a journal of a remote game: {what}")]
    Bad {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong with it.
        what: String,
    },
}

/// A journal being written: each entry is appended as a whole line.
pub struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Makes the journal at `path` with `header` (readable by this user alone), in
    /// place of any there before; the entries are appended to it. Journals beside it
    /// untouched for [`FORGOTTEN`] go: their games were given up.
    pub fn create(path: &Path, header: &Header) -> io::Result<Journal> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
            crate::ai::output::remove_old(dir, FORGOTTEN, |name| name.ends_with(".journal"));
        }
        let temporary = path.with_extension("new");
        let _ = std::fs::remove_file(&temporary);
        let mut file = private_file(&temporary)?;
        file.write_all(header.text().as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)?;
        Journal::append_to(path)
    }

    /// Goes on appending to the journal at `path`, which no other program may do while
    /// this one does (two programs playing the same side would take turns taking each
    /// other's place at the host).
    pub fn append_to(path: &Path) -> io::Result<Journal> {
        let file = OpenOptions::new().append(true).open(path)?;
        file.try_lock().map_err(|error| match error {
            std::fs::TryLockError::WouldBlock => io::Error::new(
                io::ErrorKind::WouldBlock,
                "another tabula program is playing this game now",
            ),
            std::fs::TryLockError::Error(error) => error,
        })?;
        Ok(Journal {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends `entry`, as one write, so that a program that ends leaves whole lines
    /// (and at most the last one cut short, which is not read).
    pub fn push(&mut self, entry: &Entry) -> io::Result<()> {
        self.file.write_all(entry.line().as_bytes())
    }

    /// The game is over: the journal goes.
    pub fn remove(self) -> io::Result<()> {
        drop(self.file);
        std::fs::remove_file(&self.path)
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// How long a journal nobody wrote to is kept: far beyond the longest `--wait` (a
/// day), for two sides whose programs both ended and come back later.
pub const FORGOTTEN: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// Reads the journal at `path`: its header and every whole entry.
pub fn read(path: &Path) -> Result<(Header, Vec<Entry>), JournalError> {
    let bytes = crate::ai::files::read_file(path, crate::ai::files::Limit::TEXT)?;
    // Only whole lines are read: the last one may have been cut short.
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |end| end + 1);
    let text = std::str::from_utf8(&bytes[..whole]).map_err(|e| JournalError::Bad {
        line: bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1,
        what: "it is not UTF-8 text".into(),
    })?;
    let mut lines = text.lines().enumerate().map(|(n, line)| (n + 1, line));
    let header = Header::read(&mut lines)?;
    let entries = lines
        .map(|(number, line)| {
            Entry::read(line).ok_or_else(|| JournalError::Bad {
                line: number,
                what: "an entry that is not known".into(),
            })
        })
        .collect::<Result<_, _>>()?;
    Ok((header, entries))
}

/// The journal of a game this side hosts with join code `code`, in `dir`.
pub fn host_path(dir: &Path, code: &str) -> PathBuf {
    let key = Digest::of(&[b"tabula-journal", b"host", code.as_bytes()]);
    dir.join(format!("host-{}.journal", &key.to_string()[..24]))
}

/// The journal of the game met at `address` (a relay's if `relay`) with join code
/// `code`, in `dir`: named by a hash of the three, so that typing the same `tabula join`
/// again finds it, and the code is not written in the name.
pub fn path_for(dir: &Path, address: &str, relay: bool, code: &str) -> PathBuf {
    let kind: &[u8] = if relay { b"relay" } else { b"direct" };
    let key = Digest::of(&[b"tabula-journal", kind, address.as_bytes(), code.as_bytes()]);
    dir.join(format!("join-{}.journal", &key.to_string()[..24]))
}

#[cfg(unix)]
fn private_file(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
}

#[cfg(not(unix))]
fn private_file(path: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

impl Header {
    /// The game, new, as its line names it.
    pub fn game(&self) -> Result<AnyGame, String> {
        super::wire::read_game_line(&self.game).map_err(|e| e.to_string())
    }

    fn text(&self) -> String {
        let list = |words: Vec<String>| words.join(" ");
        let mut text = format!("{MAGIC}\n");
        let mut line = |key: &str, value: String| {
            text.push_str(key);
            if !value.is_empty() {
                text.push(' ');
                text.push_str(&value);
            }
            text.push('\n');
        };
        line("side", self.side.to_string());
        line("chain", format!("{} {}", hex(&self.chain.0), self.chain.1));
        line("token", hex(&self.token));
        line("game", hex(self.game.as_bytes()));
        let clock = self.clock.map(|tc| tc.to_string()).unwrap_or_default();
        line("clock", hex(clock.as_bytes()));
        line("sides", list(self.sides.iter().map(u8::to_string).collect()));
        line(
            "players",
            list(self.players.iter().map(|p| hex(p.as_bytes())).collect()),
        );
        line(
            "mine",
            list(
                self.mine
                    .iter()
                    .map(|p| format!("x{}", hex(p.as_bytes())))
                    .collect(),
            ),
        );
        line(
            "commitments",
            list(self.commitments.iter().map(Digest::to_string).collect()),
        );
        let resumes = self
            .resumes
            .iter()
            .map(|r| r.map_or("-".to_string(), |d| d.to_string()));
        line("resumes", list(resumes.collect()));
        line("code", hex(self.code.as_bytes()));
        line("meeting", hex(self.meeting.as_bytes()));
        text.push_str(BEGIN);
        text.push('\n');
        text
    }

    fn read<'a>(lines: &mut impl Iterator<Item = (usize, &'a str)>) -> Result<Header, JournalError> {
        let mut fields = std::collections::HashMap::new();
        let mut count = 0;
        for (number, line) in lines.by_ref() {
            count = number;
            if number == 1 {
                if line != MAGIC {
                    return Err(bad(1, "it does not start as a journal does"));
                }
                continue;
            }
            if line == BEGIN {
                return Header::from_fields(&fields).ok_or_else(|| bad(number, "its header is not whole"));
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            fields.insert(key.to_string(), value.to_string());
        }
        Err(bad(count.max(1), "its header does not end"))
    }

    fn from_fields(fields: &std::collections::HashMap<String, String>) -> Option<Header> {
        let get = |key: &str| fields.get(key).map(String::as_str);
        let words = |key: &str| get(key).map(|v| v.split_whitespace().collect::<Vec<_>>());
        let text = |word: &str| String::from_utf8(unhex(word)?).ok();
        let (secret, length) = get("chain")?.split_once(' ')?;
        let commitments = words("commitments")?
            .iter()
            .map(|w| Digest::from_hex(w).ok())
            .collect::<Option<Vec<_>>>()?;
        let resumes = words("resumes")?
            .iter()
            .map(|w| match *w {
                "-" => Some(None),
                w => Digest::from_hex(w).ok().map(Some),
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Header {
            side: get("side")?.parse().ok()?,
            chain: (bytes32(secret)?, length.parse().ok()?),
            token: bytes32(get("token")?)?,
            game: text(get("game")?)?,
            clock: match text(get("clock")?)?.as_str() {
                "" => None,
                clock => Some(clock.parse().ok()?),
            },
            sides: words("sides")?
                .iter()
                .map(|w| w.parse().ok())
                .collect::<Option<_>>()?,
            players: words("players")?.iter().map(|w| text(w)).collect::<Option<_>>()?,
            mine: words("mine")?
                .iter()
                .map(|w| text(w.strip_prefix('x')?))
                .collect::<Option<_>>()?,
            commitments,
            resumes,
            code: text(get("code")?)?,
            meeting: text(get("meeting")?)?,
        })
    }
}

fn bad(line: usize, what: &str) -> JournalError {
    JournalError::Bad {
        line,
        what: what.into(),
    }
}

impl Entry {
    fn line(&self) -> String {
        match self {
            Entry::Read { link, bytes } => format!("read {link} {}\n", hex(bytes)),
            Entry::Returned { link } => format!("returned {link}\n"),
            Entry::Decided(text) => format!("decided {}\n", hex(text.as_bytes())),
            Entry::Allowed(yes) => format!("allowed {}\n", if *yes { "yes" } else { "no" }),
            Entry::Spent(time) => format!("spent {}\n", time.as_millis()),
            Entry::Kept(number) => format!("kept {number}\n"),
        }
    }

    fn read(line: &str) -> Option<Entry> {
        let mut words = line.split(' ');
        let entry = match (words.next()?, words.next(), words.next()) {
            ("read", Some(link), Some(bytes)) => Entry::Read {
                link: link.parse().ok()?,
                bytes: unhex(bytes)?,
            },
            ("returned", Some(link), None) => Entry::Returned {
                link: link.parse().ok()?,
            },
            ("decided", Some(text), None) => Entry::Decided(String::from_utf8(unhex(text)?).ok()?),
            ("allowed", Some("yes"), None) => Entry::Allowed(true),
            ("allowed", Some("no"), None) => Entry::Allowed(false),
            ("spent", Some(millis), None) => Entry::Spent(Duration::from_millis(millis.parse().ok()?)),
            ("kept", Some(number), None) => Entry::Kept(number.parse().ok()?),
            _ => return None,
        };
        words.next().is_none().then_some(entry)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

fn bytes32(text: &str) -> Option<[u8; 32]> {
    unhex(text)?.try_into().ok()
}

#[cfg(test)]
mod tests;
