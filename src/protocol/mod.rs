//! The engine protocol (GTP-like, one reply per command): the engine side that serves a
//! session on stdin/stdout ([`serve`]), and the controller side that drives an external
//! engine as a player ([`client`]).
//!
//! A command is one line, `[id] name args...`. The reply is `=[id] text` on success or
//! `?[id] message` on failure, then one empty line. Multi-line replies continue on the
//! next lines; the empty line ends them.

pub mod client;
mod serve;

pub use serve::serve;

pub use crate::session::command::PROTOCOL_VERSION;

/// One request line split into its optional numeric id and the command text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request<'a> {
    /// The id to echo in the reply, if the line started with a number.
    pub id: Option<u64>,
    /// The command and its arguments.
    pub text: &'a str,
}

/// Reads a request line; `None` for blank lines and `#` comments (which get no reply).
pub fn parse_request(line: &str) -> Option<Request<'_>> {
    let line = line.trim_matches(|c: char| c.is_whitespace());
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match first.parse::<u64>() {
        Ok(id) => Some(Request {
            id: Some(id),
            text: rest.trim(),
        }),
        Err(_) => Some(Request { id: None, text: line }),
    }
}

/// Formats a reply: `=id text` or `?id text`, then the empty line that ends it.
pub fn format_reply(id: Option<u64>, success: bool, text: &str) -> String {
    let mut reply = String::from(if success { "=" } else { "?" });
    if let Some(id) = id {
        reply.push_str(&id.to_string());
    }
    let text = text.trim_end_matches('\n');
    // A reply that starts with a newline (a board) begins on the line after the '='.
    if !text.is_empty() && !text.starts_with('\n') {
        reply.push(' ');
    }
    reply.push_str(text);
    reply.push_str("\n\n");
    reply
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_with_and_without_ids() {
        assert_eq!(
            parse_request("  7 play 24/18 18/15\r"),
            Some(Request {
                id: Some(7),
                text: "play 24/18 18/15"
            })
        );
        assert_eq!(
            parse_request("status"),
            Some(Request {
                id: None,
                text: "status"
            })
        );
        assert_eq!(parse_request("# note"), None);
        assert_eq!(parse_request(" \r"), None);
    }

    #[test]
    fn replies_are_framed_with_an_empty_line() {
        assert_eq!(format_reply(Some(3), true, "6 3"), "=3 6 3\n\n");
        assert_eq!(format_reply(None, true, ""), "=\n\n");
        assert_eq!(
            format_reply(None, false, "unknown command: x"),
            "? unknown command: x\n\n"
        );
        assert_eq!(format_reply(None, true, "a\nb\n"), "= a\nb\n\n");
        assert_eq!(
            format_reply(Some(1), true, "\n  +--+\n  |  |"),
            "=1\n  +--+\n  |  |\n\n"
        );
    }
}
