//! The one writer of every file tabula writes: saved games, match records and JSON
//! lines, benchmark sets, charts, manual pages, engine logs, networks and solved tables.
//! It lives here, in the lowest layer that may touch files, because `ai` writes
//! networks and tables itself and cannot reach up into `app`; `app` and `cli` use it
//! from above.
//!
//! Its rules, the same for every file:
//!
//! - Only regular files are written. A directory, FIFO, socket or device is refused
//!   before anything is opened (so `save /dev/null` never replaces `/dev/null`, and a
//!   FIFO never blocks the writer), with a message that names the file and says what
//!   it is.
//! - A symbolic link is written through: the link is resolved to the regular file it
//!   names and that file is replaced (in its own directory, where the rename stays
//!   atomic); the link itself is kept. A link that names no file (dangling) or names
//!   something other than a regular file is refused.
//! - A whole file is written atomically ([`write_atomically`]): to a temporary file
//!   beside its target, flushed to disk, then renamed over the target, so a failure
//!   (a full disk, a kill) leaves any earlier file as it was.
//! - A file that grows ([`open_append`]) is opened for appending only, after the same
//!   checks.
//!
//! May use: nothing of the crate (the standard library only).

use std::fs::{File, OpenOptions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// What a path names, where that is not a regular file tabula may write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotRegular {
    /// A directory.
    Directory,
    /// A FIFO (named pipe).
    Fifo,
    /// A Unix socket.
    Socket,
    /// A character device (a terminal, `/dev/null`).
    CharDevice,
    /// A block device (a disk).
    BlockDevice,
    /// Anything else that is not a regular file.
    Other,
}

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NotRegular::Directory => "a directory",
            NotRegular::Fifo => "a FIFO (named pipe)",
            NotRegular::Socket => "a socket",
            NotRegular::CharDevice => "a character device",
            NotRegular::BlockDevice => "a block device",
            NotRegular::Other => "not a regular file",
        })
    }
}

impl NotRegular {
    /// What `file_type` is, or `None` for a regular file.
    pub fn of(file_type: std::fs::FileType) -> Option<NotRegular> {
        if file_type.is_file() {
            return None;
        }
        if file_type.is_dir() {
            return Some(NotRegular::Directory);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt as _;
            if file_type.is_fifo() {
                return Some(NotRegular::Fifo);
            }
            if file_type.is_socket() {
                return Some(NotRegular::Socket);
            }
            if file_type.is_char_device() {
                return Some(NotRegular::CharDevice);
            }
            if file_type.is_block_device() {
                return Some(NotRegular::BlockDevice);
            }
        }
        Some(NotRegular::Other)
    }
}

/// Why a file was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The path names something other than a regular file.
    #[error(
        "{} is {kind}, not a regular file: tabula writes only regular files, so it was left untouched; give the path of a file instead",
        path.display()
    )]
    NotRegular {
        /// The path given.
        path: PathBuf,
        /// What it is.
        kind: NotRegular,
    },
    /// The path is a symbolic link to something other than a regular file.
    #[error(
        "{} is a symbolic link to {}, which is {kind}, not a regular file: tabula writes through links only to regular files, so both were left untouched; give the path of a file instead",
        path.display(),
        target.display()
    )]
    LinkToNotRegular {
        /// The path given.
        path: PathBuf,
        /// Where the link leads.
        target: PathBuf,
        /// What that is.
        kind: NotRegular,
    },
    /// The path is a symbolic link that names no file.
    #[error(
        "{} is a symbolic link to {}, which does not exist: tabula writes through a link only to an existing file; create that file first, or give another path",
        path.display(),
        target.display()
    )]
    DanglingLink {
        /// The path given.
        path: PathBuf,
        /// What the link says.
        target: PathBuf,
    },
    /// The path ends in no file name (`..`, `/`).
    #[error("{} names no file: give a file's path, such as game.txt", path.display())]
    NoFileName {
        /// The path given.
        path: PathBuf,
    },
    /// The file exists and does not begin as what tabula writes there: it is not
    /// tabula's to adopt, empty or cut.
    #[error(
        "{} exists and does not begin as {what} do ({starts}): tabula adds only to a file it wrote, so it was left untouched; give the path of a new file, or move this one away",
        path.display()
    )]
    NotOurs {
        /// The path given.
        path: PathBuf,
        /// What the file should hold, in words: `tabula's match records`.
        what: &'static str,
        /// How such a file starts, in words.
        starts: &'static str,
    },
    /// Another process holds the file's lock: it is writing the file now.
    #[error(
        "{} is in use by another {user} (it holds the file's lock): wait for it to end, or give another file",
        path.display()
    )]
    InUse {
        /// The path given.
        path: PathBuf,
        /// Who locks such files, in words: `match`.
        user: &'static str,
    },
    /// Reading the path or writing the file failed.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The path given.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
}

impl OutputError {
    /// True when the file was refused for what it is (not a failure of the disk): the
    /// command line asked for what cannot be.
    pub fn is_refusal(&self) -> bool {
        !matches!(self, OutputError::Io { .. })
    }
}

/// The regular file that writing to `path` replaces or appends to: `path` itself, or
/// the file a symbolic link at `path` leads to (whether or not either exists yet, a
/// missing `path` is a new file). Refuses a path that is, or leads to, anything other
/// than a regular file, and a link that leads nowhere.
pub fn target_of(path: &Path) -> Result<PathBuf, OutputError> {
    let io = |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    let own = match std::fs::symlink_metadata(path) {
        Ok(own) => own,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return plain_target(path),
        Err(e) => return Err(io(e)),
    };
    if !own.file_type().is_symlink() {
        return match NotRegular::of(own.file_type()) {
            None => plain_target(path),
            Some(kind) => Err(OutputError::NotRegular {
                path: path.to_path_buf(),
                kind,
            }),
        };
    }
    let target = match std::fs::canonicalize(path) {
        Ok(target) => target,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(OutputError::DanglingLink {
                path: path.to_path_buf(),
                target: std::fs::read_link(path).map_err(io)?,
            });
        }
        Err(e) => return Err(io(e)),
    };
    let kind = std::fs::metadata(&target).map_err(io)?.file_type();
    match NotRegular::of(kind) {
        None => Ok(target),
        Some(kind) => Err(OutputError::LinkToNotRegular {
            path: path.to_path_buf(),
            target,
            kind,
        }),
    }
}

/// `path`, checked to end in a file name.
fn plain_target(path: &Path) -> Result<PathBuf, OutputError> {
    match path.file_name() {
        Some(_) => Ok(path.to_path_buf()),
        None => Err(OutputError::NoFileName {
            path: path.to_path_buf(),
        }),
    }
}

/// Removes the files in `dir` whose names `chosen` picks and that nobody changed for
/// longer than `age` (files left behind); one that cannot be removed now is left for
/// the next time.
pub fn remove_old(dir: &Path, age: std::time::Duration, chosen: impl Fn(&str) -> bool) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|time| time.elapsed().ok())
            .is_some_and(|untouched| untouched > age);
        if old && chosen(&entry.file_name().to_string_lossy()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The file a temporary one of [`write_atomically`] was to become, if `name` is the
/// name of one (`.game-000012.txt.4242.tmp` was to be `game-000012.txt`).
pub fn left_behind_target(name: &str) -> Option<&str> {
    let (target, pid) = name.strip_prefix('.')?.strip_suffix(".tmp")?.rsplit_once('.')?;
    pid.parse::<u32>().ok().map(|_| target)
}

/// Writes `bytes` as the whole of the file at `path` (see the module's rules): to a
/// temporary file beside the target, flushed and renamed over it; on any failure the
/// temporary file is removed and the target is as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let target = target_of(path)?;
    let io = |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    let name = target.file_name().ok_or_else(|| OutputError::NoFileName {
        path: path.to_path_buf(),
    })?;
    let mut temporary_name = std::ffi::OsString::from(".");
    temporary_name.push(name);
    temporary_name.push(format!(".{}.tmp", std::process::id()));
    let temporary = target.with_file_name(temporary_name);
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .or_else(|e| {
                // A temporary file left by a killed run of the same process id.
                if e.kind() == std::io::ErrorKind::AlreadyExists {
                    std::fs::remove_file(&temporary)?;
                    File::create_new(&temporary)
                } else {
                    Err(e)
                }
            })?;
        file.write_all(bytes)?;
        file.sync_all()?;
        // Checked again just before the rename: what was a file may have become a
        // FIFO or a link since the first check.
        target_of(path).map_err(std::io::Error::other)?;
        std::fs::rename(&temporary, &target)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written.map_err(io)
}

/// The file at `path` opened to read and change in place (a match's records, cut and
/// appended to), made if missing; refused as [`write_atomically`] refuses.
pub fn open_update(path: &Path) -> Result<File, OutputError> {
    let target = target_of(path)?;
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&target)
        .map_err(|source| OutputError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    check_opened(path, &file)?;
    Ok(file)
}

/// How many bytes of a file [`open_owned`] reads to learn whether tabula wrote it: a
/// file of any size is judged by its start alone.
pub const PREFIX_BYTES: usize = 4096;

/// What a file that tabula keeps adding to is (a match's records or JSON lines).
pub struct Owned {
    /// What the file holds, in words: `tabula's match records`.
    pub what: &'static str,
    /// How such a file starts, in words: `a first line 'game ...'`.
    pub starts: &'static str,
    /// What locks it, in words: `match`.
    pub user: &'static str,
    /// Whether a file that begins with these bytes (at most [`PREFIX_BYTES`], all of the
    /// file when shorter; never empty) is one tabula wrote.
    pub begins: fn(&[u8]) -> bool,
}

/// Takes `file`'s lock, trying again for a moment before saying it is held. A lock that
/// this process let go of can stay held for that moment: a program being started (an
/// engine) holds a copy of every open file between its fork and its exec.
fn lock_soon(file: &File) -> Result<(), std::fs::TryLockError> {
    const TRIES: u32 = 20;
    for _ in 1..TRIES {
        match file.try_lock() {
            Err(std::fs::TryLockError::WouldBlock) => {
                std::thread::sleep(std::time::Duration::from_millis(50))
            }
            done => return done,
        }
    }
    file.try_lock()
}

/// The file at `path` opened to read, cut and append to for a whole run, made if missing:
/// refused as [`write_atomically`] refuses, refused when it is not empty and its first
/// bytes are not `owned`'s, and locked for this process alone (refused when another
/// process holds the lock). The lock lasts as long as the file is open; readers that take
/// no lock still read it.
pub fn open_owned(path: &Path, owned: &Owned) -> Result<File, OutputError> {
    use std::io::{Read as _, Seek as _};
    let file = open_update(path)?;
    match lock_soon(&file) {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(OutputError::InUse {
                path: path.to_path_buf(),
                user: owned.user,
            });
        }
        Err(std::fs::TryLockError::Error(source)) => {
            return Err(OutputError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    }
    let mut head = Vec::with_capacity(PREFIX_BYTES);
    let read = (&file)
        .take(PREFIX_BYTES as u64)
        .read_to_end(&mut head)
        .and_then(|_| (&file).rewind());
    read.map_err(|source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    if !head.is_empty() && !(owned.begins)(&head) {
        return Err(OutputError::NotOurs {
            path: path.to_path_buf(),
            what: owned.what,
            starts: owned.starts,
        });
    }
    Ok(file)
}

/// Refuses an opened `file` that is not regular after all (it changed between the check
/// and the open).
fn check_opened(path: &Path, file: &File) -> Result<(), OutputError> {
    let kind = file
        .metadata()
        .map_err(|source| OutputError::Io {
            path: path.to_path_buf(),
            source,
        })?
        .file_type();
    match NotRegular::of(kind) {
        None => Ok(()),
        Some(kind) => Err(OutputError::NotRegular {
            path: path.to_path_buf(),
            kind,
        }),
    }
}

#[cfg(test)]
mod tests;
