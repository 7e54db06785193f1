//! Reading commands as bytes, within bounds: the one line reader that the engine protocol
//! and piped scripts share. Files are read through [`crate::ai::files`], the one reader of
//! files, whose names are given here too for the rooms of `app`.
//!
//! Input is never trusted to be text. A line is read as bytes up to [`MAX_LINE_BYTES`]
//! (the rest of a longer line is skipped without being stored), then checked: a leading
//! byte order mark is dropped, a trailing carriage return is dropped, everything from the
//! first `#` on is a comment and is ignored whatever it holds, and what is left must be
//! UTF-8 without control characters (tabs count as spaces). A line that fails gets a
//! [`LineError`] and the next line is read as usual, so one bad byte costs one line.
//!
//! Two decisions are kept here so that the REPL (typed or piped) and the engine make them
//! alike: a line of only spaces and tabs is empty and silent, while a line of other
//! blanks only (U+3000, U+2028, a no-break space) is refused, since it looks empty but is
//! not ([`LineProblem::OnlyBlanks`]); and every message that quotes input quotes it
//! through [`quote`], which escapes control characters and cuts long text.

use std::fmt;
use std::io::{self, BufRead};

pub use crate::ai::files::{MAX_LINE_BYTES, open_regular_file, read_text_file};

/// How much of a refused line is kept, so that a reply can still carry the line's id.
const KEPT_START: usize = 32;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Why a line could not be read as a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// The line is longer than [`MAX_LINE_BYTES`].
    TooLong,
    /// The bytes at this column (counted in bytes from 1) are not UTF-8.
    InvalidUtf8 {
        /// Where the first bad byte is.
        column: usize,
    },
    /// A control character (other than a tab) at this column (counted in characters from 1).
    ControlCharacter {
        /// The character's code point.
        code: u32,
        /// Where it is.
        column: usize,
    },
    /// The line holds nothing but blanks, and not only spaces and tabs (U+3000, U+2028,
    /// U+00A0...): it would look empty, but an empty line must be empty.
    OnlyBlanks {
        /// The first blank that is not a space or a tab.
        code: u32,
        /// Where it is (counted in characters from 1).
        column: usize,
    },
}

/// A line that is not a readable command, with the readable text it starts with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// What is wrong with it.
    pub problem: LineProblem,
    /// The line's first characters up to the problem (at most a few dozen bytes): enough
    /// to find a request id in.
    pub start: String,
}

impl fmt::Display for LineProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineProblem::TooLong => write!(
                f,
                "line too long: a command line holds at most {MAX_LINE_BYTES} bytes; the rest of it was skipped"
            ),
            LineProblem::InvalidUtf8 { column } => write!(
                f,
                "the line is not valid UTF-8 (byte {column}); commands must be UTF-8 text"
            ),
            LineProblem::ControlCharacter { code, column } => write!(
                f,
                "control character U+{code:04X} at column {column}; commands are printable text"
            ),
            LineProblem::OnlyBlanks { code, column } => write!(
                f,
                "the line holds only blanks (U+{code:04X} at column {column}): type a command or nothing"
            ),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.problem.fmt(f)
    }
}

impl std::error::Error for LineError {}

/// One line of input: its number (from 1) and its command text, trimmed and without its
/// comment (empty for a blank or comment-only line), or why it cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line's number in the input, from 1.
    pub number: usize,
    /// The command text, or the problem that keeps it from being one.
    pub command: Result<String, LineError>,
}

/// Reads [`Line`]s from a byte stream, holding at most [`MAX_LINE_BYTES`] of it at a time.
pub struct LineReader<R> {
    input: R,
    number: usize,
    buffer: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> LineReader<R> {
        LineReader {
            input,
            number: 0,
            buffer: Vec::new(),
        }
    }

    /// The next line, or `None` at the end of the input. The error is a failed read.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.buffer.clear();
        let mut too_long = false;
        let mut read_any = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(bytes) => bytes,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if available.is_empty() {
                if !read_any {
                    return Ok(None);
                }
                break;
            }
            read_any = true;
            let (chunk, used, ended) = match available.iter().position(|&b| b == b'\n') {
                Some(end) => (&available[..end], end + 1, true),
                None => (available, available.len(), false),
            };
            if !too_long {
                if self.buffer.len() + chunk.len() > MAX_LINE_BYTES {
                    too_long = true;
                    let keep = KEPT_START.saturating_sub(self.buffer.len()).min(chunk.len());
                    self.buffer.extend_from_slice(&chunk[..keep]);
                    self.buffer.truncate(KEPT_START);
                } else {
                    self.buffer.extend_from_slice(chunk);
                }
            }
            self.input.consume(used);
            if ended {
                break;
            }
        }
        self.number += 1;
        let mut bytes = self.buffer.as_slice();
        if self.number == 1 {
            bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
        }
        let command = if too_long {
            Err(LineError {
                problem: LineProblem::TooLong,
                start: readable_start(bytes),
            })
        } else {
            decode_command(bytes)
        };
        Ok(Some(Line {
            number: self.number,
            command,
        }))
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_line().transpose()
    }
}

/// The command in one line's bytes (without its newline): see the module notes.
pub fn decode_command(bytes: &[u8]) -> Result<String, LineError> {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    // '#' is one byte in UTF-8 and never part of another character, so the comment can
    // be cut off before the rest is decoded: whatever it holds is ignored.
    let code = match bytes.iter().position(|&b| b == b'#') {
        Some(hash) => &bytes[..hash],
        None => bytes,
    };
    let text = std::str::from_utf8(code).map_err(|error| LineError {
        problem: LineProblem::InvalidUtf8 {
            column: error.valid_up_to() + 1,
        },
        start: readable_start(code),
    })?;
    let mut clean = String::with_capacity(text.len());
    for (column, c) in text.chars().enumerate() {
        match c {
            '\t' => clean.push(' '),
            c if c.is_control() => {
                return Err(LineError {
                    problem: LineProblem::ControlCharacter {
                        code: c as u32,
                        column: column + 1,
                    },
                    start: readable_start(code),
                });
            }
            c => clean.push(c),
        }
    }
    let command = clean.trim();
    // A comment line is a comment line whatever blanks come before its '#'.
    if command.is_empty()
        && code.len() == bytes.len()
        && let Some((column, blank)) = clean.chars().enumerate().find(|&(_, c)| c != ' ')
    {
        return Err(LineError {
            problem: LineProblem::OnlyBlanks {
                code: blank as u32,
                column: column + 1,
            },
            start: String::new(),
        });
    }
    Ok(command.to_string())
}

/// The most characters of input a message quotes; longer input is cut and ends in `...`.
pub const QUOTED_CHARS: usize = 60;

/// Input as a message quotes it: control characters (tabs too) escaped as Rust writes
/// them (`\t`, `\u{1b}`), cut after [`QUOTED_CHARS`] characters. Every message that
/// quotes input goes through here, so no reply carries a raw control character.
pub fn quote(text: &str) -> String {
    let mut quoted = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == QUOTED_CHARS {
            quoted.push_str("...");
            break;
        }
        push_escaped(&mut quoted, c);
    }
    quoted
}

/// `text` with every control character escaped and nothing cut: the last guard of a
/// reply's framing (see [`crate::app::protocol::format_reply`]).
pub fn escape_controls(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut escaped, c);
    }
    escaped
}

fn push_escaped(out: &mut String, c: char) {
    if c.is_control() {
        out.extend(c.escape_default());
    } else {
        out.push(c);
    }
}

/// The printable text a line starts with, up to its first bad byte, at most a few dozen
/// bytes.
fn readable_start(bytes: &[u8]) -> String {
    let bytes = &bytes[..bytes.len().min(KEPT_START)];
    let valid = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
    };
    valid
        .chars()
        .take_while(|c| !c.is_control() || *c == '\t')
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Result<String, LineProblem>> {
        LineReader::new(input)
            .map(|line| line.unwrap().command.map_err(|e| e.problem))
            .collect()
    }

    #[test]
    fn commands_lose_comments_carriage_returns_and_a_leading_bom() {
        assert_eq!(
            lines(b"\xEF\xBB\xBF1 status\r\n\t4 status # note\n# \xFF\xFE\n\nlast"),
            vec![
                Ok("1 status".to_string()),
                Ok("4 status".to_string()),
                Ok(String::new()),
                Ok(String::new()),
                Ok("last".to_string()),
            ]
        );
    }

    #[test]
    fn blank_lines_are_empty_only_when_they_hold_spaces_and_tabs() {
        assert_eq!(lines(b" \t \r\n"), vec![Ok(String::new())]);
        for (line, code, column) in [
            ("\u{3000}", 0x3000, 1),
            ("\u{2028}", 0x2028, 1),
            (" \t\u{a0}", 0xA0, 3),
        ] {
            assert_eq!(
                decode_command(line.as_bytes()).map_err(|e| e.problem),
                Err(LineProblem::OnlyBlanks { code, column }),
                "{line:?}"
            );
        }
        assert_eq!(decode_command("\u{a0}# comment".as_bytes()), Ok(String::new()));
        // Blanks around a command are trimmed, as spaces are.
        assert_eq!(
            decode_command("\u{3000}status\u{a0}".as_bytes()),
            Ok("status".into())
        );
    }

    #[test]
    fn quotes_escape_control_characters_and_cut_long_input() {
        assert_eq!(quote("a\tb\u{1b}[2J\u{0}"), "a\\tb\\u{1b}[2J\\u{0}");
        let long = "x".repeat(QUOTED_CHARS + 5);
        assert_eq!(quote(&long), format!("{}...", "x".repeat(QUOTED_CHARS)));
        assert_eq!(escape_controls(&long), long);
        assert_eq!(escape_controls("\r\n"), "\\r\\n");
    }

    #[test]
    fn a_bom_counts_only_at_the_start() {
        let read = lines(b"status\n\xEF\xBB\xBFstatus\n");
        assert_eq!(read[0], Ok("status".to_string()));
        assert_eq!(read[1], Ok("\u{FEFF}status".to_string()));
    }

    #[test]
    fn bad_bytes_and_control_characters_cost_one_line() {
        assert_eq!(
            lines(b"7 play \xE9\nstatus\na\x00b\nc\rd\r\n"),
            vec![
                Err(LineProblem::InvalidUtf8 { column: 8 }),
                Ok("status".to_string()),
                Err(LineProblem::ControlCharacter { code: 0, column: 2 }),
                Err(LineProblem::ControlCharacter { code: 13, column: 2 }),
            ]
        );
        let line = LineReader::new(&b"12 play \xE9"[..])
            .next_line()
            .unwrap()
            .unwrap();
        assert_eq!(line.command.unwrap_err().start, "12 play ");
    }

    #[test]
    fn long_lines_are_refused_and_skipped_without_being_kept() {
        let mut input = b"5 play ".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES * 3));
        input.extend_from_slice(b"\nstatus\n");
        let mut reader = LineReader::new(io::BufReader::with_capacity(1000, input.as_slice()));
        let first = reader.next_line().unwrap().unwrap();
        let error = first.command.unwrap_err();
        assert_eq!(error.problem, LineProblem::TooLong);
        assert!(error.start.starts_with("5 play x"));
        assert!(reader.buffer.capacity() <= 2 * MAX_LINE_BYTES);
        let second = reader.next_line().unwrap().unwrap();
        assert_eq!((second.number, second.command), (2, Ok("status".to_string())));
        assert!(reader.next_line().unwrap().is_none());
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_read() {
        let mut input = vec![b'y'; MAX_LINE_BYTES];
        input.push(b'\n');
        assert_eq!(lines(&input), vec![Ok("y".repeat(MAX_LINE_BYTES))]);
    }
}
