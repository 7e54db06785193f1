//! The one reader of files: regular files only, each kind within its bound, lines
//! refused at their limit.

use super::*;
use crate::ai::tests::support::temp_dir;

/// A file at `path` of `bytes` zero bytes, which takes no room on disk.
fn sparse_file(path: &Path, bytes: u64) -> PathBuf {
    std::fs::File::create(path).unwrap().set_len(bytes).unwrap();
    path.to_path_buf()
}

/// A file in `dir` that is not UTF-8: Latin-1 text, its ninth byte an accented letter.
fn latin_file(dir: &Path) -> PathBuf {
    let latin = dir.join("latin.txt");
    std::fs::write(&latin, b"game caf\xE9\n").unwrap();
    latin
}

/// Both readers, of text and of any regular file, refuse `path` in the same words:
/// `cannot read PATH: why`.
fn assert_both_refuse(path: &Path, why: &str) {
    for error in [
        read_text_file(path).unwrap_err().to_string(),
        open_regular_file(path).unwrap_err().to_string(),
    ] {
        assert_eq!(error, format!("cannot read {}: {why}", path.display()));
    }
}

#[test]
fn files_must_be_regular_small_and_utf8() {
    let dir = temp_dir("files");
    let good = dir.join("good.txt");
    std::fs::write(&good, "game nardy\n").unwrap();
    assert_eq!(read_text_file(&good).unwrap(), "game nardy\n");
    let latin = latin_file(&dir);
    assert!(
        read_text_file(&latin)
            .unwrap_err()
            .to_string()
            .contains("not UTF-8 text (byte 9)")
    );
    assert!(read_text_file(&dir).unwrap_err().to_string().contains("a folder"));
    #[cfg(unix)]
    assert!(
        read_text_file(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string()
            .contains("a device, not a regular file")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every way a file cannot be read, in the full words that are shown.
#[test]
fn a_file_that_cannot_be_read_is_refused_in_full_words() {
    let dir = temp_dir("files-words");
    let missing = dir.join("missing.txt");
    #[cfg(unix)]
    assert_both_refuse(&missing, "No such file or directory (os error 2)");
    assert_both_refuse(&dir, "it is a folder, not a regular file");
    #[cfg(unix)]
    assert_eq!(
        open_regular_file(Path::new("/dev/null")).unwrap_err().to_string(),
        "cannot read /dev/null: it is a device, not a regular file"
    );
    let big = sparse_file(&dir.join("big.txt"), Limit::TEXT.bytes + 1);
    assert_eq!(
        read_text_file(&big).unwrap_err().to_string(),
        format!(
            "cannot read {}: it is larger than 16 MiB, the most tabula reads from a text file",
            big.display()
        )
    );
    assert!(open_regular_file(&big).is_ok());
    let latin = latin_file(&dir);
    assert_eq!(
        read_text_file(&latin).unwrap_err().to_string(),
        format!("cannot read {}: it is not UTF-8 text (byte 9)", latin.display())
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A refused file keeps its path and what is wrong with it.
#[test]
fn file_errors_keep_their_facts() {
    let dir = temp_dir("files-facts");
    let missing = dir.join("missing.txt");
    assert!(matches!(
        read_text_file(&missing),
        Err(FileError::NotFound { path, error })
            if path == missing && error.kind() == io::ErrorKind::NotFound
    ));
    assert!(matches!(
        open_regular_file(&dir),
        Err(FileError::NotRegular { path, kind: FileKind::Folder }) if path == dir
    ));
    #[cfg(unix)]
    assert!(matches!(
        read_text_file(Path::new("/dev/null")),
        Err(FileError::NotRegular {
            kind: FileKind::Device,
            ..
        })
    ));
    let big = sparse_file(&dir.join("big.txt"), Limit::TEXT.bytes + 1);
    assert!(matches!(
        read_text_file(&big),
        Err(FileError::TooBig { path, limit: Limit::TEXT }) if path == big
    ));
    let latin = latin_file(&dir);
    assert!(matches!(
        read_text_file(&latin),
        Err(FileError::NotUtf8 { path, byte: 9 }) if path == latin
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A FIFO is refused from its metadata, before it is opened: nothing blocks, though no
/// one ever writes to it.
#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_blocking() {
    let dir = temp_dir("files-fifo");
    let fifo = dir.join("fifo");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: `name` is a NUL-terminated path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    for error in [
        read_file(&fifo, Limit::NETWORK).unwrap_err(),
        open_regular_file(&fifo).unwrap_err(),
    ] {
        assert!(
            matches!(&error, FileError::NotRegular { kind: FileKind::Fifo, path } if *path == fifo),
            "{error}"
        );
    }
    assert!(
        open_without_blocking(&fifo).is_ok(),
        "opening a FIFO without blocking returns at once"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file larger than its kind's bound is refused from its size, whatever the kind.
#[test]
fn each_kind_has_its_bound() {
    let dir = temp_dir("files-kinds");
    let sparse = sparse_file(&dir.join("sparse"), Limit::NETWORK.bytes + 1);
    assert_eq!(
        read_file(&sparse, Limit::NETWORK).unwrap_err().to_string(),
        format!(
            "cannot read {}: it is larger than 64 MiB, the most tabula reads from a network file",
            sparse.display()
        )
    );
    std::fs::write(&sparse, [7u8; 100]).unwrap();
    assert_eq!(read_file(&sparse, Limit::table(100)).unwrap(), vec![7u8; 100]);
    assert_eq!(
        read_file(&sparse, Limit::table(99)).unwrap_err().to_string(),
        format!(
            "cannot read {}: it is larger than 99 bytes, the most tabula reads from this table",
            sparse.display()
        )
    );
    assert_eq!(size_words(5 * MIB / 2), "2.5 MiB");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An input that counts what is read from it: zero bytes without end.
struct Zeros {
    read: u64,
}

impl io::Read for Zeros {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        buf.fill(0);
        self.read += buf.len() as u64;
        Ok(buf.len())
    }
}

/// A line that passes the limit is known there: an endless line is refused after the
/// limit and one buffer, not read on.
#[test]
fn a_line_is_refused_as_soon_as_it_passes_the_limit() {
    let mut input = io::BufReader::with_capacity(4096, Zeros { read: 0 });
    let mut buffer = Vec::new();
    assert_eq!(
        read_line_within(&mut input, &mut buffer, 10_000).unwrap(),
        BoundedLine::TooLong
    );
    assert_eq!(buffer.len(), 10_000);
    assert!(input.get_ref().read <= 10_000 + 4096);
    let mut text: &[u8] = b"first\nsecond";
    let mut read = |buffer: &mut Vec<u8>| read_line_within(&mut text, buffer, 6).unwrap();
    assert_eq!(
        read(&mut buffer),
        BoundedLine::Line {
            ended: true,
            bytes: 6
        }
    );
    assert_eq!(buffer, b"first");
    assert_eq!(
        read(&mut buffer),
        BoundedLine::Line {
            ended: false,
            bytes: 6
        }
    );
    assert_eq!(buffer, b"second");
    assert_eq!(read(&mut buffer), BoundedLine::End);
    let mut long: &[u8] = b"1234567\n";
    assert_eq!(
        read_line_within(&mut long, &mut buffer, 6).unwrap(),
        BoundedLine::TooLong
    );
    assert_eq!(buffer, b"123456");
}
