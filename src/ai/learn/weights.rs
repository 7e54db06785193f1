//! The weight file: a [`Network`] with what it was trained on, in a versioned binary
//! format guarded by a checksum.
//!
//! Format version 2, all integers and floats little-endian:
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `TABULANN` |
//! | 4 | format version (`u32`, 2) |
//! | 4 | length `m` of the key (`u32`, at most 200) |
//! | m | the key, UTF-8: the game and what the network was trained for, as the game's encoder names it (`nardy`, `ur rules=finkel`, `aeroplane players=3 launch=even`) |
//! | 4 | encoding version (`u32`): the input layout the network reads, see each game's `encode.rs` |
//! | 4 | inputs (`u32`) |
//! | 4 | hidden units (`u32`) |
//! | 4 | outputs (`u32`, 1 to 8: Long Nardy's 5, or one per seat) |
//! | 8 | self-play games trained (`u64`) |
//! | 8 | training seed (`u64`) |
//! | 4 | length `n` of the notes (`u32`) |
//! | n | notes, UTF-8: how the network was trained, its learning curve |
//! | 4 * k | the weights as `f32`: first layer (input-major, `inputs * hidden`), first-layer biases (`hidden`), second layer (output-major, `outputs * hidden`), output biases (`outputs`) |
//! | 8 | FNV-1a 64-bit hash of every byte before it (`u64`) |
//!
//! Version 1, which Long Nardy's first network was written in, is the same but for the
//! key: 8 bytes of ASCII padded with zero bytes, and always 5 outputs; it is still read.
//!
//! A reader checks the magic, the version, the checksum, then that the sizes agree with
//! each other and with the encoding it uses, and that every weight is finite.

use std::path::Path;

use thiserror::Error;

use super::network::{MAX_HIDDEN, MAX_OUTPUTS, Network, OUTPUTS};

/// The first eight bytes of every weight file.
pub const MAGIC: &[u8; 8] = b"TABULANN";
/// The format version this build writes (it reads this one and version 1).
pub const FORMAT_VERSION: u32 = 2;
/// The longest key a file may carry.
const MAX_KEY: usize = 200;

/// What the weight file says besides the weights.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NetInfo {
    /// What the network plays: the game, with the options and seats it was trained for
    /// where they matter (`nardy`, `ur rules=finkel`).
    pub game: String,
    /// The input layout it reads.
    pub encoding: u32,
    /// Self-play games it was trained on.
    pub games: u64,
    /// The seed of its training run.
    pub seed: u64,
    /// How it was trained, for people.
    pub notes: String,
}

/// Why a weight file could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetFileError {
    /// Too short or not a weight file at all.
    #[error(
        "not a tabula network file (it does not start with TABULANN); give a file written by 'tabula train'"
    )]
    NotANetwork,
    /// Written by another version of the format.
    #[error(
        "network file format version {found}, but this tabula reads versions 1 and {FORMAT_VERSION}; retrain it with 'tabula train' or use a file made by this version"
    )]
    WrongVersion {
        /// The version in the file.
        found: u32,
    },
    /// The checksum does not match: the file was cut short or changed.
    #[error("the network file is damaged (its checksum does not match); copy it again or retrain it")]
    Damaged,
    /// The header and the contents do not agree.
    #[error("the network file is inconsistent: {0}")]
    Inconsistent(String),
    /// A valid file for another game or input layout.
    #[error("{0}")]
    Mismatch(String),
}

/// FNV-1a, 64 bits: enough to catch a damaged or truncated file.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The file's bytes for `network` with `info`.
pub fn to_bytes(network: &Network, info: &NetInfo) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let key = &info.game.as_bytes()[..info.game.len().min(MAX_KEY)];
    out.extend_from_slice(&(key.len() as u32).to_le_bytes());
    out.extend_from_slice(key);
    out.extend_from_slice(&info.encoding.to_le_bytes());
    out.extend_from_slice(&(network.inputs() as u32).to_le_bytes());
    out.extend_from_slice(&(network.hidden() as u32).to_le_bytes());
    out.extend_from_slice(&(network.outputs() as u32).to_le_bytes());
    out.extend_from_slice(&info.games.to_le_bytes());
    out.extend_from_slice(&info.seed.to_le_bytes());
    out.extend_from_slice(&(info.notes.len() as u32).to_le_bytes());
    out.extend_from_slice(info.notes.as_bytes());
    for part in network.parts() {
        for w in part {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
    let hash = fnv1a(&out);
    out.extend_from_slice(&hash.to_le_bytes());
    out
}

/// Reads little-endian fields from the front of a byte slice.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], NetFileError> {
        if self.bytes.len() < n {
            return Err(NetFileError::Inconsistent(
                "it ends before the weights it announces".into(),
            ));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn u32(&mut self) -> Result<u32, NetFileError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap_or_default()))
    }

    fn u64(&mut self) -> Result<u64, NetFileError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().unwrap_or_default()))
    }

    fn floats(&mut self, n: usize) -> Result<Vec<f32>, NetFileError> {
        let bytes = self.take(n.saturating_mul(4))?;
        Ok(bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

/// Reads a weight file's bytes.
pub fn from_bytes(bytes: &[u8]) -> Result<(Network, NetInfo), NetFileError> {
    if bytes.len() < 12 || &bytes[..8] != MAGIC {
        return Err(NetFileError::NotANetwork);
    }
    let version = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    if version != FORMAT_VERSION && version != 1 {
        return Err(NetFileError::WrongVersion { found: version });
    }
    if bytes.len() < 20 {
        return Err(NetFileError::Damaged);
    }
    let (body, hash) = bytes.split_at(bytes.len() - 8);
    if fnv1a(body) != u64::from_le_bytes(hash.try_into().unwrap_or_default()) {
        return Err(NetFileError::Damaged);
    }
    let mut reader = Reader { bytes: &body[12..] };
    let game = if version == 1 {
        reader
            .take(8)?
            .iter()
            .take_while(|&&b| b != 0)
            .map(|&b| char::from(b))
            .collect()
    } else {
        let length = reader.u32()? as usize;
        if length > MAX_KEY {
            return Err(NetFileError::Inconsistent(format!(
                "its key is {length} bytes long (at most {MAX_KEY})"
            )));
        }
        String::from_utf8(reader.take(length)?.to_vec())
            .map_err(|_| NetFileError::Inconsistent("its key is not UTF-8".into()))?
    };
    let encoding = reader.u32()?;
    let inputs = reader.u32()? as usize;
    let hidden = reader.u32()? as usize;
    let outputs = reader.u32()? as usize;
    let allowed = if version == 1 {
        OUTPUTS..=OUTPUTS
    } else {
        1..=MAX_OUTPUTS
    };
    if !allowed.contains(&outputs) {
        return Err(NetFileError::Inconsistent(format!(
            "it has {outputs} outputs; tabula's networks have 1 to {MAX_OUTPUTS} (5 in version 1)"
        )));
    }
    if !(1..=MAX_HIDDEN).contains(&hidden) || inputs == 0 || inputs > 1 << 16 {
        return Err(NetFileError::Inconsistent(format!(
            "{inputs} inputs and {hidden} hidden units are out of range (hidden units 1 to {MAX_HIDDEN})"
        )));
    }
    let games = reader.u64()?;
    let seed = reader.u64()?;
    let notes_len = reader.u32()? as usize;
    let notes = String::from_utf8(reader.take(notes_len)?.to_vec())
        .map_err(|_| NetFileError::Inconsistent("its notes are not UTF-8".into()))?;
    let w1 = reader.floats(inputs * hidden)?;
    let b1 = reader.floats(hidden)?;
    let w2 = reader.floats(outputs * hidden)?;
    let b2 = reader.floats(outputs)?;
    if !reader.bytes.is_empty() {
        return Err(NetFileError::Inconsistent(format!(
            "{} bytes follow the weights",
            reader.bytes.len()
        )));
    }
    let network = Network::from_parts(inputs, hidden, w1, b1, w2, b2)
        .ok_or_else(|| NetFileError::Inconsistent("the layer sizes do not fit together".into()))?;
    if !network.is_finite() {
        return Err(NetFileError::Inconsistent(
            "some weights are not finite numbers".into(),
        ));
    }
    Ok((
        network,
        NetInfo {
            game,
            encoding,
            games,
            seed,
            notes,
        },
    ))
}

/// Writes a weight file atomically through the one writer of files
/// ([`crate::ai::output`]), so a run killed while writing never leaves half a file and
/// a FIFO, device or directory at `path` is refused.
pub fn save(path: &Path, network: &Network, info: &NetInfo) -> Result<(), crate::ai::output::OutputError> {
    crate::ai::output::write_atomically(path, &to_bytes(network, info))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Network, NetInfo) {
        let net = Network::random(11, 7, 9);
        let info = NetInfo {
            game: "nardy".into(),
            encoding: 1,
            games: 1234,
            seed: 42,
            notes: "trained for a test".into(),
        };
        (net, info)
    }

    #[test]
    fn round_trip_keeps_every_bit() {
        let (net, info) = sample();
        let bytes = to_bytes(&net, &info);
        let (back, back_info) = from_bytes(&bytes).unwrap();
        assert_eq!(back, net);
        assert_eq!(back_info, info);
        assert_eq!(to_bytes(&back, &back_info), bytes);
    }

    #[test]
    fn damaged_files_are_refused() {
        let (net, info) = sample();
        let bytes = to_bytes(&net, &info);
        let mut flipped = bytes.clone();
        flipped[100] ^= 0x10;
        assert_eq!(from_bytes(&flipped), Err(NetFileError::Damaged));
        assert_eq!(from_bytes(&bytes[..bytes.len() - 3]), Err(NetFileError::Damaged));
        assert_eq!(
            from_bytes(b"hello world, not a net"),
            Err(NetFileError::NotANetwork)
        );
        assert_eq!(from_bytes(&[]), Err(NetFileError::NotANetwork));
    }

    #[test]
    fn other_versions_are_refused_by_name() {
        let (net, info) = sample();
        let mut bytes = to_bytes(&net, &info);
        bytes[8..12].copy_from_slice(&3u32.to_le_bytes());
        let error = from_bytes(&bytes).unwrap_err();
        assert_eq!(error, NetFileError::WrongVersion { found: 3 });
        assert!(error.to_string().contains("reads versions 1 and 2"));
    }

    #[test]
    fn long_keys_and_seat_outputs_round_trip() {
        let net = Network::random_with_outputs(9, 4, 6, 3);
        let info = NetInfo {
            game: "aeroplane players=3 launch=five-six".into(),
            encoding: 2,
            games: 10,
            seed: 1,
            notes: String::new(),
        };
        let (back, back_info) = from_bytes(&to_bytes(&net, &info)).unwrap();
        assert_eq!(back.outputs(), 6);
        assert_eq!(back, net);
        assert_eq!(back_info, info);
    }

    #[test]
    fn version_one_files_still_read() {
        let (network, info) = from_bytes(include_bytes!("../../../assets/nardy.net")).unwrap();
        assert_eq!(info.game, "nardy");
        assert_eq!(network.outputs(), OUTPUTS);
    }

    #[test]
    fn a_consistent_checksum_does_not_hide_bad_sizes() {
        let (net, info) = sample();
        let mut bytes = to_bytes(&net, &info);
        bytes.truncate(bytes.len() - 8);
        // Claim one more hidden unit than the weights hold, and re-seal the file.
        let hidden_at = 8 + 4 + 4 + info.game.len() + 4 + 4;
        bytes[hidden_at..hidden_at + 4].copy_from_slice(&8u32.to_le_bytes());
        let hash = fnv1a(&bytes);
        bytes.extend_from_slice(&hash.to_le_bytes());
        assert!(matches!(from_bytes(&bytes), Err(NetFileError::Inconsistent(_))));
    }
}
