//! The table file: a header that names what was solved, then one 16-bit win chance per
//! position.
//!
//! Layout, all little-endian:
//!
//! | bytes  | field                                                        |
//! |--------|--------------------------------------------------------------|
//! | 0-7    | magic `TABULA-T`                                             |
//! | 8-11   | format version ([`FORMAT_VERSION`])                          |
//! | 12-15  | header length (80)                                           |
//! | 16-47  | what was solved, UTF-8, zero-padded: `ur rules=finkel`       |
//! | 48-55  | positions stored (a prefix of the numbering)                 |
//! | 56-63  | positions in the full numbering                              |
//! | 64-71  | residual the values were converged to (f64)                  |
//! | 72-79  | checksum of the values ([`checksum`])                        |
//! | 80-    | values: round(chance x 65535) as u16, by position number    |

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

/// The version of the layout written; a reader refuses any other.
pub const FORMAT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"TABULA-T";
const HEADER: usize = 80;
const NAME_BYTES: usize = 32;

/// Why a table cannot be used.
#[derive(Debug, Error)]
pub enum TableError {
    /// The file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// The file is not a table at all.
    #[error("{} is not a tabula table (it does not start with the table header)", path.display())]
    NotATable {
        /// The file.
        path: PathBuf,
    },
    /// Written by another version of the format.
    #[error("{} has table format {found}, this tabula reads format {expected}: solve again to rebuild it", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u32,
        /// The version this build reads.
        expected: u32,
    },
    /// A table of something else.
    #[error("{} is the table of '{found}', not of '{expected}'", path.display())]
    WrongGame {
        /// The file.
        path: PathBuf,
        /// What the file says it solves.
        found: String,
        /// What was asked for.
        expected: String,
    },
    /// Sizes do not fit (a truncated file, or a numbering that changed).
    #[error("{} is damaged or of another numbering: {detail}", path.display())]
    WrongSize {
        /// The file.
        path: PathBuf,
        /// What does not fit.
        detail: String,
    },
    /// The file cannot be read (not a regular file, larger than the table can be).
    #[error(transparent)]
    File(#[from] crate::ai::files::FileError),
    /// The values do not match their checksum.
    #[error("{} is damaged: its values do not match their checksum (solve again to rebuild it)", path.display())]
    Checksum {
        /// The file.
        path: PathBuf,
    },
    /// The path is no regular file to write (a directory, a FIFO, a device).
    #[error(transparent)]
    Refused(crate::ai::output::OutputError),
}

/// A 64-bit checksum of bytes: FNV-1a over 8-byte little-endian words, then the tail.
pub fn checksum(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        hash = (hash ^ u64::from_le_bytes(word.try_into().unwrap_or([0; 8]))).wrapping_mul(PRIME);
    }
    for &byte in words.remainder() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
    }
    hash
}

/// A win chance as stored.
pub fn quantize(value: f32) -> u16 {
    (value.clamp(0.0, 1.0) * 65535.0).round() as u16
}

/// A loaded table.
#[derive(Clone, Debug)]
pub struct Table {
    stored: u64,
    full: u64,
    bytes: Vec<u8>,
}

impl Table {
    /// Writes `values` (a prefix of a numbering of `full` positions) as the table of
    /// `name`, through a temporary file so that a killed write leaves no half table.
    pub fn write(
        path: &Path,
        name: &str,
        full: u64,
        residual: f64,
        values: &[f32],
    ) -> Result<(), TableError> {
        let io_error = |source| TableError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut bytes = vec![0u8; HEADER + values.len() * 2];
        for (slot, &value) in bytes[HEADER..].chunks_exact_mut(2).zip(values) {
            slot.copy_from_slice(&quantize(value).to_le_bytes());
        }
        let sum = checksum(&bytes[HEADER..]);
        bytes[..8].copy_from_slice(MAGIC);
        bytes[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes[12..16].copy_from_slice(&(HEADER as u32).to_le_bytes());
        let name_bytes = name.as_bytes();
        let length = name_bytes.len().min(NAME_BYTES);
        bytes[16..16 + length].copy_from_slice(&name_bytes[..length]);
        bytes[48..56].copy_from_slice(&(values.len() as u64).to_le_bytes());
        bytes[56..64].copy_from_slice(&full.to_le_bytes());
        bytes[64..72].copy_from_slice(&residual.to_le_bytes());
        bytes[72..80].copy_from_slice(&sum.to_le_bytes());
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io_error)?;
        }
        crate::ai::output::write_atomically(path, &bytes).map_err(|e| match e {
            crate::ai::output::OutputError::Io { source, .. } => io_error(source),
            refused => TableError::Refused(refused),
        })
    }

    /// Reads a table and checks that it is the table of `name` with a numbering of
    /// `full` positions, of this format version, undamaged.
    pub fn read(path: &Path, name: &str, full: u64) -> Result<Table, TableError> {
        let most = HEADER as u64 + full.saturating_mul(2);
        let bytes = crate::ai::files::read_file(path, crate::ai::files::Limit::table(most))?;
        Table::from_bytes(path, bytes, name, full)
    }

    /// Checks `bytes` (read from `path`, which only names them in errors) as [`Table::read`]
    /// checks a file.
    pub fn from_bytes(path: &Path, bytes: Vec<u8>, name: &str, full: u64) -> Result<Table, TableError> {
        let path = path.to_path_buf();
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(TableError::NotATable { path });
        }
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
        let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap_or([0; 4]));
        if version != FORMAT_VERSION {
            return Err(TableError::Version {
                path,
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let found: String = String::from_utf8_lossy(&bytes[16..16 + NAME_BYTES])
            .trim_end_matches('\0')
            .to_string();
        if found != name {
            return Err(TableError::WrongGame {
                path,
                found,
                expected: name.to_string(),
            });
        }
        let (stored, file_full) = (word(48), word(56));
        if file_full != full || stored > full {
            return Err(TableError::WrongSize {
                path,
                detail: format!("it numbers {file_full} positions, this tabula numbers {full}"),
            });
        }
        if (bytes.len() - HEADER) as u64 != stored * 2 {
            return Err(TableError::WrongSize {
                path,
                detail: format!(
                    "it should hold {stored} values ({} bytes) but has {} bytes",
                    HEADER as u64 + stored * 2,
                    bytes.len()
                ),
            });
        }
        if checksum(&bytes[HEADER..]) != word(72) {
            return Err(TableError::Checksum { path });
        }
        Ok(Table { stored, full, bytes })
    }

    /// True when every position of the numbering is stored.
    pub fn is_complete(&self) -> bool {
        self.stored == self.full
    }

    /// The stored chance of position `index`, if it is stored.
    pub fn value(&self, index: u64) -> Option<f64> {
        if index >= self.stored {
            return None;
        }
        let at = HEADER + index as usize * 2;
        Some(f64::from(u16::from_le_bytes([self.bytes[at], self.bytes[at + 1]])) / 65535.0)
    }
}
