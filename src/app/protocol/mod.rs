//! The engine protocol (GTP-like, one reply per command): the wire format shared by both
//! sides, and the controller side that drives an external engine as a player
//! ([`client`]). The engine side that serves a session is the `tabula engine` front end.
//!
//! May use: core, [`crate::ai::search`] (a search's stop request), [`crate::app::lines`],
//! [`crate::app::interrupt`].
//!
//! A command is one line, `[id] name args...`. The reply is `=[id] text` on success or
//! `?[id] message` on failure, then one empty line. Multi-line replies continue on the
//! next lines; the empty line ends them.

pub mod client;
pub mod forfeit;

/// The engine protocol version `protocol_version` reports.
pub const PROTOCOL_VERSION: u32 = 1;

/// One request line split into its optional id and the command text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// The id to echo in the reply, exactly as sent (`007`), if the line started with one.
    pub id: Option<&'a str>,
    /// The command and its arguments.
    pub text: &'a str,
}

/// Reads a request from a line's command text (as [`crate::app::lines`] gives it, without its
/// comment); `None` for a blank line, which gets no reply. An id is a word of ASCII
/// digits before the command.
pub fn parse_request(line: &str) -> Option<Request<'_>> {
    let line = line.trim();
    if line.is_empty() {
        return None;
    }
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    if first.bytes().all(|b| b.is_ascii_digit()) {
        Some(Request {
            id: Some(first),
            text: rest.trim(),
        })
    } else {
        Some(Request { id: None, text: line })
    }
}

/// The id a refused line starts with, if its readable start holds one followed by a
/// space (a line cut off inside its id has none).
pub fn id_of_bad_line(start: &str) -> Option<&str> {
    let (first, _) = start.split_once([' ', '\t'])?;
    (!first.is_empty() && first.bytes().all(|b| b.is_ascii_digit())).then_some(first)
}

/// Formats a reply: `=id text` or `?id text`, then the empty line that ends it.
///
/// This is where the framing is kept whatever the text holds: an empty (or blank) line
/// would end the reply early, so blank lines are left out, and control characters are
/// written as escapes (`\t`, `\u{1b}`) so that nothing raw from the input reaches a controller.
pub fn format_reply(id: Option<&str>, success: bool, text: &str) -> String {
    let mut reply = String::from(if success { "=" } else { "?" });
    if let Some(id) = id {
        reply.push_str(id);
    }
    let text = text.trim_end_matches('\n');
    // A reply that starts with a newline (a board) begins on the line after the '='.
    let (starts_below, text) = match text.strip_prefix('\n') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let mut lines = text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .filter(|line| !line.trim().is_empty());
    if !starts_below && let Some(first) = lines.next() {
        reply.push(' ');
        push_escaped(&mut reply, first);
    }
    for line in lines {
        reply.push('\n');
        push_escaped(&mut reply, line);
    }
    reply.push_str("\n\n");
    reply
}

fn push_escaped(reply: &mut String, line: &str) {
    reply.push_str(&crate::app::lines::escape_controls(line));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_with_and_without_ids() {
        assert_eq!(
            parse_request("  7 play 24/18 18/15"),
            Some(Request {
                id: Some("7"),
                text: "play 24/18 18/15"
            })
        );
        assert_eq!(
            parse_request("007 status"),
            Some(Request {
                id: Some("007"),
                text: "status"
            })
        );
        assert_eq!(
            parse_request("status"),
            Some(Request {
                id: None,
                text: "status"
            })
        );
        assert_eq!(
            parse_request("+5 status"),
            Some(Request {
                id: None,
                text: "+5 status"
            })
        );
        assert_eq!(parse_request(" "), None);
    }

    #[test]
    fn ids_of_refused_lines() {
        assert_eq!(id_of_bad_line("12 play "), Some("12"));
        assert_eq!(id_of_bad_line("12"), None);
        assert_eq!(id_of_bad_line("play 12 "), None);
        assert_eq!(id_of_bad_line(""), None);
    }

    #[test]
    fn replies_are_framed_with_an_empty_line() {
        assert_eq!(format_reply(Some("3"), true, "6 3"), "=3 6 3\n\n");
        assert_eq!(format_reply(None, true, ""), "=\n\n");
        assert_eq!(
            format_reply(None, false, "unknown command: x"),
            "? unknown command: x\n\n"
        );
        assert_eq!(format_reply(None, true, "a\nb\n"), "= a\nb\n\n");
        assert_eq!(
            format_reply(Some("1"), true, "\n  +--+\n  |  |"),
            "=1\n  +--+\n  |  |\n\n"
        );
    }

    #[test]
    fn no_reply_holds_an_empty_line_or_a_raw_control_character() {
        assert_eq!(
            format_reply(Some("2"), true, "\n\nboard\n\n  \n\nkey\r\n"),
            "=2\nboard\nkey\n\n"
        );
        assert_eq!(format_reply(None, true, "\n \n\n"), "=\n\n");
        assert_eq!(
            format_reply(None, false, "unknown command: a\u{0}b\u{1b}[2J"),
            "? unknown command: a\\u{0}b\\u{1b}[2J\n\n"
        );
    }
}
