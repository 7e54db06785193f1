//! One reply as it arrives from an engine, line by line: its first line's mark and id,
//! the lines that continue it, and the blank line that ends it. A late reply to an
//! earlier command is skipped; whatever breaks the protocol is [`Garbage`].

use super::{MAX_LINE, MAX_REPLY, MAX_REPLY_LINES, quote};

/// An engine's answer to one command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `= text`: the engine did what it was asked; the text is its answer.
    Success(String),
    /// `? text`: the engine refused; the text is its reason.
    Refusal(String),
}

/// A reply that breaks the protocol (the forfeit class `garbage`), with the command it
/// answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Garbage {
    /// A line over [`MAX_LINE`] bytes.
    LongLine { command: String },
    /// A reply over [`MAX_REPLY`] bytes or [`MAX_REPLY_LINES`] lines.
    LongReply { command: String },
    /// A line that is not UTF-8 (`text` as read, invalid bytes replaced).
    NotUtf8 { command: String, text: String },
    /// A first line that starts with neither `=` nor `?`.
    NoMark { command: String, line: String },
    /// A reply with an id that is neither the command's nor an earlier one's.
    WrongId { command: String, id: u64, got: String },
}

impl std::fmt::Display for Garbage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Garbage::LongLine { command } => write!(
                f,
                "reply too long: a line over {} KiB while asked '{command}'",
                MAX_LINE / 1024
            ),
            Garbage::LongReply { command } => write!(
                f,
                "reply too long: over {} KiB or {MAX_REPLY_LINES} lines while asked '{command}'",
                MAX_REPLY / 1024
            ),
            Garbage::NotUtf8 { command, text } => write!(
                f,
                "answered '{command}' with bytes that are not UTF-8: '{}'",
                quote(text)
            ),
            Garbage::NoMark { command, line } => {
                write!(f, "answered '{command}' with '{}', not '=' or '?'", quote(line))
            }
            Garbage::WrongId { command, id, got } => {
                write!(f, "replied with id {} to command {id} ('{command}')", quote(got))
            }
        }
    }
}

/// The reply to one command while it arrives.
pub(super) struct ReplyReader<'a> {
    command: &'a str,
    id: u64,
    /// Bytes read so far, line ends, blank lines and late replies included.
    received: usize,
    /// Lines read so far, counted the same way.
    lines: usize,
    /// Inside a late reply to an earlier command, until the blank line that ends it.
    skipping_stale: bool,
    /// Once the first line came: whether it was `=`, and the lines so far.
    started: Option<(bool, Vec<String>)>,
}

/// What the first line of a reply turned out to be.
enum FirstLine {
    /// The answer to this command: its mark (`=` is true) and its first text.
    Answer(bool, String),
    /// The start of a late reply to an earlier command.
    Stale,
}

impl<'a> ReplyReader<'a> {
    /// Waits for the reply to `command`, sent with `id`.
    pub(super) fn new(command: &'a str, id: u64) -> ReplyReader<'a> {
        ReplyReader {
            command,
            id,
            received: 0,
            lines: 0,
            skipping_stale: false,
            started: None,
        }
    }

    /// Takes the next line (without its `\n`): the reply once the blank line after it
    /// came, `None` while it goes on.
    pub(super) fn take(&mut self, bytes: &[u8]) -> Result<Option<Reply>, Garbage> {
        self.received += bytes.len() + 1;
        self.lines += 1;
        if self.received > MAX_REPLY || self.lines > MAX_REPLY_LINES {
            return Err(Garbage::LongReply {
                command: self.command.to_string(),
            });
        }
        let Ok(line) = std::str::from_utf8(bytes) else {
            return Err(Garbage::NotUtf8 {
                command: self.command.to_string(),
                text: String::from_utf8_lossy(bytes).into_owned(),
            });
        };
        let line = line.trim_end_matches('\r');
        let blank = line.trim().is_empty();
        if self.skipping_stale {
            self.skipping_stale = !blank;
            return Ok(None);
        }
        match &mut self.started {
            None if blank => {}
            None => match self.first_line(line)? {
                FirstLine::Answer(success, text) => self.started = Some((success, vec![text])),
                FirstLine::Stale => self.skipping_stale = true,
            },
            Some((success, body)) if blank => {
                let text = body.join("\n").trim().to_string();
                return Ok(Some(if *success {
                    Reply::Success(text)
                } else {
                    Reply::Refusal(text)
                }));
            }
            Some((_, body)) => body.push(line.to_string()),
        }
        Ok(None)
    }

    /// Reads a reply's first line: `=` or `?`, an optional id, then text.
    fn first_line(&self, line: &str) -> Result<FirstLine, Garbage> {
        let (success, rest) = match line.as_bytes()[0] {
            b'=' => (true, &line[1..]),
            b'?' => (false, &line[1..]),
            _ => {
                return Err(Garbage::NoMark {
                    command: self.command.to_string(),
                    line: line.to_string(),
                });
            }
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            match rest[..digits].parse::<u64>() {
                Ok(got) if got == self.id => {}
                // A late reply to an earlier command: not this answer.
                Ok(got) if got < self.id => return Ok(FirstLine::Stale),
                _ => {
                    return Err(Garbage::WrongId {
                        command: self.command.to_string(),
                        id: self.id,
                        got: rest[..digits].to_string(),
                    });
                }
            }
        }
        Ok(FirstLine::Answer(success, rest[digits..].trim().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(id: u64, lines: &[&str]) -> Result<Option<Reply>, Garbage> {
        let mut reader = ReplyReader::new("genmove", id);
        for line in lines {
            if let Some(reply) = reader.take(line.as_bytes())? {
                return Ok(Some(reply));
            }
        }
        Ok(None)
    }

    #[test]
    fn a_reply_ends_at_its_blank_line_after_a_late_one_is_skipped() {
        assert_eq!(
            read(3, &["", "=2 late", "more", "", "=3 13/7", "6/5", ""]),
            Ok(Some(Reply::Success("13/7\n6/5".to_string())))
        );
        assert_eq!(read(3, &["? no", ""]), Ok(Some(Reply::Refusal("no".to_string()))));
        assert_eq!(read(3, &["= going on"]), Ok(None));
    }

    #[test]
    fn a_reply_without_a_mark_or_with_a_later_id_is_garbage() {
        let no_mark = read(3, &["13/7"]).unwrap_err();
        assert_eq!(
            no_mark.to_string(),
            "answered 'genmove' with '13/7', not '=' or '?'"
        );
        let wrong_id = read(3, &["=4 13/7"]).unwrap_err();
        assert_eq!(wrong_id.to_string(), "replied with id 4 to command 3 ('genmove')");
    }
}
