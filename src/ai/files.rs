//! The one reader of files: every file tabula reads (records, networks, positions, engines
//! files, openings, benchmark sets, solved tables and their checkpoints, chart data) is
//! opened here, so that each is refused before a byte is read when it is not a regular
//! file, and read within a bound stated here for its kind.
//!
//! A FIFO could block the reader forever and a device (`/dev/zero`) never ends, so a path
//! is checked from its metadata before it is opened, opened without blocking, and checked
//! again on the open file. The bounds, all in this file:
//!
//! - a file read whole is at most its kind's [`Limit`]: [`Limit::TEXT`] for text (engines
//!   files, positions, benchmark sets, chart data), [`Limit::NETWORK`] for a network, and
//!   exactly the size its numbering needs for a solved table or one of its layers;
//! - a record is read as a stream, of any size (a regular file ends, and memory holds one
//!   game), one line at a time, each at most [`MAX_LINE_BYTES`]; reading stops as soon as a
//!   line passes that bound ([`read_line_within`]), so a file without line ends is refused
//!   after 64 KiB, not read to its end;
//! - a match's JSON lines file is read the same way, a game a line, each line at most
//!   [`MAX_GAME_LINE_BYTES`].
//!
//! May use: nothing else of the crate.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

/// The longest line read, in bytes (64 KiB): of a command, and of a record.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The longest line of a match's JSON lines file, which holds a whole game (4 MiB).
pub const MAX_GAME_LINE_BYTES: usize = 4 * 1024 * 1024;

const MIB: u64 = 1024 * 1024;

/// The most bytes read from a file of one kind, and the words that name the kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The most bytes read.
    pub bytes: u64,
    /// The kind of file, as a message names it (`a text file`).
    pub what: &'static str,
}

impl Limit {
    /// A text file read whole: an engines file, a list of positions, a benchmark set,
    /// chart data (16 MiB).
    pub const TEXT: Limit = Limit {
        bytes: 16 * MIB,
        what: "a text file",
    };

    /// A network's weights (64 MiB: the largest network trained holds a few MiB).
    pub const NETWORK: Limit = Limit {
        bytes: 64 * MIB,
        what: "a network file",
    };

    /// A solved table, or a layer of one being solved: the exact size its numbering
    /// needs, which is known before it is read.
    pub const fn table(bytes: u64) -> Limit {
        Limit {
            bytes,
            what: "this table",
        }
    }
}

/// What a path that is not a regular file is instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A folder (directory).
    Folder,
    /// A FIFO (named pipe): opening it blocks until someone writes to it.
    Fifo,
    /// A character or block device (`/dev/zero`), which may never end.
    Device,
    /// A Unix socket.
    Socket,
    /// Anything else that is not a regular file.
    Special,
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileKind::Folder => "a folder",
            FileKind::Fifo => "a FIFO (named pipe)",
            FileKind::Device => "a device",
            FileKind::Socket => "a socket",
            FileKind::Special => "a special file",
        })
    }
}

/// A size as people read it: `16 MiB`, `2.5 MiB`, `812 bytes`.
fn size_words(bytes: u64) -> String {
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= MIB {
        format!("{:.1} MiB", bytes as f64 / MIB as f64)
    } else {
        format!("{bytes} bytes")
    }
}

/// Why a file could not be read: the file, and what is wrong with it. An io error is part
/// of the words, so it is not also given as the source (the binary prints every source
/// after the words).
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Nothing is at the path.
    #[error("cannot read {}: {error}", path.display())]
    NotFound {
        /// The file asked for.
        path: PathBuf,
        /// The error that says so.
        error: io::Error,
    },
    /// The path is not a regular file, which could block or never end.
    #[error("cannot read {}: it is {kind}, not a regular file", path.display())]
    NotRegular {
        /// The file asked for.
        path: PathBuf,
        /// What it is instead.
        kind: FileKind,
    },
    /// The file is longer than tabula reads of its kind.
    #[error(
        "cannot read {}: it is larger than {}, the most tabula reads from {}",
        path.display(),
        size_words(limit.bytes),
        limit.what
    )]
    TooBig {
        /// The file asked for.
        path: PathBuf,
        /// The bound it passed.
        limit: Limit,
    },
    /// The file holds bytes that are not UTF-8.
    #[error("cannot read {}: it is not UTF-8 text (byte {byte})", path.display())]
    NotUtf8 {
        /// The file asked for.
        path: PathBuf,
        /// Where the first bad byte is (counted from 1).
        byte: usize,
    },
    /// The file is there but reading it failed.
    #[error("cannot read {}: {error}", path.display())]
    Unreadable {
        /// The file asked for.
        path: PathBuf,
        /// What went wrong.
        error: io::Error,
    },
}

impl FileError {
    /// The error for `path` when the system refused it: [`FileError::NotFound`] for
    /// nothing there, [`FileError::Unreadable`] for the rest.
    fn io(path: &Path, error: io::Error) -> FileError {
        let path = path.to_path_buf();
        if error.kind() == io::ErrorKind::NotFound {
            FileError::NotFound { path, error }
        } else {
            FileError::Unreadable { path, error }
        }
    }
}

/// Reads a file whole: it must be a regular file (see the module notes) of at most
/// `limit` bytes. The error says which of these failed.
pub fn read_file(path: &Path, limit: Limit) -> Result<Vec<u8>, FileError> {
    let file = open_regular_file(path)?;
    let metadata = file.metadata().map_err(|e| FileError::io(path, e))?;
    let too_big = || FileError::TooBig {
        path: path.to_path_buf(),
        limit,
    };
    if metadata.len() > limit.bytes {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    // The file may grow after its size was read: never more than the limit is read.
    file.take(limit.bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::io(path, e))?;
    if bytes.len() as u64 > limit.bytes {
        return Err(too_big());
    }
    Ok(bytes)
}

/// Reads a text file whole (an engines file, positions, a benchmark set): a regular file
/// of at most [`Limit::TEXT`], in UTF-8. The error says which of these failed.
pub fn read_text_file(path: &Path) -> Result<String, FileError> {
    let bytes = read_file(path, Limit::TEXT)?;
    String::from_utf8(bytes).map_err(|error| FileError::NotUtf8 {
        path: path.to_path_buf(),
        byte: error.utf8_error().valid_up_to() + 1,
    })
}

/// Opens a file that is read as a stream (records of any size), whose lines are then read
/// with [`read_line_within`]: it must be a regular file, as for [`read_file`].
pub fn open_regular_file(path: &Path) -> Result<std::fs::File, FileError> {
    // Checked before opening: opening a FIFO blocks until someone writes to it.
    let metadata = std::fs::metadata(path).map_err(|e| FileError::io(path, e))?;
    check_regular(&metadata, path)?;
    let file = open_without_blocking(path).map_err(|e| FileError::io(path, e))?;
    // Checked again on the open file, in case the path changed in between.
    let metadata = file.metadata().map_err(|e| FileError::io(path, e))?;
    check_regular(&metadata, path)?;
    Ok(file)
}

/// Opens `path` for reading; on Unix without blocking, so that a FIFO put in the path's
/// place after it was checked cannot hold the open (reads of a regular file never block).
#[cfg(unix)]
fn open_without_blocking(path: &Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> io::Result<std::fs::File> {
    std::fs::File::open(path)
}

fn check_regular(metadata: &std::fs::Metadata, path: &Path) -> Result<(), FileError> {
    if metadata.is_file() {
        return Ok(());
    }
    let kind = if metadata.is_dir() {
        FileKind::Folder
    } else {
        special_file_kind(metadata)
    };
    Err(FileError::NotRegular {
        path: path.to_path_buf(),
        kind,
    })
}

#[cfg(unix)]
fn special_file_kind(metadata: &std::fs::Metadata) -> FileKind {
    use std::os::unix::fs::FileTypeExt;
    let kind = metadata.file_type();
    if kind.is_fifo() {
        FileKind::Fifo
    } else if kind.is_char_device() || kind.is_block_device() {
        FileKind::Device
    } else if kind.is_socket() {
        FileKind::Socket
    } else {
        FileKind::Special
    }
}

#[cfg(not(unix))]
fn special_file_kind(_metadata: &std::fs::Metadata) -> FileKind {
    FileKind::Special
}

/// What [`read_line_within`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundedLine {
    /// The input had ended: nothing was read.
    End,
    /// A line, now in the buffer without its line feed; `ended` is false for a last line
    /// without one. `bytes` is what it took of the input, its line feed included.
    Line {
        /// It ended in a line feed.
        ended: bool,
        /// Bytes taken from the input.
        bytes: u64,
    },
    /// The line passed the limit: reading stopped there, in the middle of the line, and
    /// the buffer holds its first `limit` bytes.
    TooLong,
}

/// Reads one line of `input` into `buffer` (cleared first), stopping as soon as it holds
/// more than `limit` bytes: an over-long line is known at its limit, not at its end.
pub fn read_line_within(
    input: &mut dyn BufRead,
    buffer: &mut Vec<u8>,
    limit: usize,
) -> io::Result<BoundedLine> {
    buffer.clear();
    let mut bytes = 0u64;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok(match bytes {
                0 => BoundedLine::End,
                bytes => BoundedLine::Line { ended: false, bytes },
            });
        }
        let (chunk, used, ended) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..end], end + 1, true),
            None => (available, available.len(), false),
        };
        if buffer.len() + chunk.len() > limit {
            let room = limit - buffer.len();
            buffer.extend_from_slice(&chunk[..room]);
            input.consume(room);
            return Ok(BoundedLine::TooLong);
        }
        buffer.extend_from_slice(chunk);
        bytes += used as u64;
        input.consume(used);
        if ended {
            return Ok(BoundedLine::Line { ended, bytes });
        }
    }
}

#[cfg(test)]
mod tests;
