//! Single keys from the terminal, for stepping through a replay: each key acts at once,
//! without Enter, and is not echoed.

use std::io;

/// What a key asks a stepper to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Space, Enter, the right or down arrow, `n`, `j`.
    Forward,
    /// The left or up arrow, `b`, `p`, `k`.
    Back,
    /// `q`, Escape, Ctrl-C, Ctrl-D, or the end of input.
    Quit,
}

/// What the bytes of one key press (as read at once) ask for; `None` for a key that means
/// nothing here.
pub fn step_of(bytes: &[u8]) -> Option<Step> {
    match bytes {
        [] => Some(Step::Quit),
        // The arrows, as terminals send them in normal and in application mode.
        [0x1b, b'[' | b'O', b'C' | b'B', ..] => Some(Step::Forward),
        [0x1b, b'[' | b'O', b'D' | b'A', ..] => Some(Step::Back),
        [b' ' | b'\r' | b'\n' | b'n' | b'N' | b'j', ..] => Some(Step::Forward),
        [b'b' | b'B' | b'p' | b'P' | b'k', ..] => Some(Step::Back),
        [b'q' | b'Q' | 0x03 | 0x04, ..] | [0x1b] => Some(Step::Quit),
        _ => None,
    }
}

/// The terminal on standard input, read a key at a time while this lives (the settings
/// are put back when it is dropped).
pub struct SingleKeys {
    #[cfg(unix)]
    before: libc::termios,
    /// Bytes read but not yet taken: keys typed faster than they were asked for.
    pending: Vec<u8>,
}

impl SingleKeys {
    /// Puts the terminal in single-key mode; `None` where standard input is not a
    /// terminal or the platform has no such mode (then lines are read instead).
    #[cfg(unix)]
    pub fn start() -> Option<SingleKeys> {
        use std::io::IsTerminal;
        if !io::stdin().is_terminal() {
            return None;
        }
        // SAFETY: tcgetattr and tcsetattr only read and write the termios we own; on a
        // failure the terminal is as it was.
        unsafe {
            let mut settings: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(libc::STDIN_FILENO, &mut settings) != 0 {
                return None;
            }
            let before = settings;
            // No line editing, no echo, and Ctrl-C as a key (quit), so that the terminal
            // is always put back. Output keeps its settings: `\n` still starts a line.
            settings.c_lflag &= !(libc::ICANON | libc::ECHO | libc::ISIG | libc::IEXTEN);
            settings.c_cc[libc::VMIN] = 1;
            settings.c_cc[libc::VTIME] = 0;
            if libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &settings) != 0 {
                return None;
            }
            Some(SingleKeys {
                before,
                pending: Vec::new(),
            })
        }
    }

    /// Elsewhere there is no single-key mode.
    #[cfg(not(unix))]
    pub fn start() -> Option<SingleKeys> {
        None
    }

    /// Waits for a key that means a step; the others are ignored.
    pub fn next(&mut self) -> io::Result<Step> {
        use std::io::Read;
        loop {
            if self.pending.is_empty() {
                let mut bytes = [0u8; 64];
                let read = match io::stdin().lock().read(&mut bytes) {
                    Ok(read) => read,
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    Err(error) => return Err(error),
                };
                if read == 0 {
                    return Ok(Step::Quit);
                }
                self.pending.extend_from_slice(&bytes[..read]);
            }
            let key: Vec<u8> = self.pending.drain(..key_length(&self.pending)).collect();
            if let Some(step) = step_of(&key) {
                return Ok(step);
            }
        }
    }
}

/// How many of `bytes` the first key sent: an escape sequence (`ESC [ C`, `ESC [ 5 ~`)
/// up to its final letter or `~`, else one byte.
fn key_length(bytes: &[u8]) -> usize {
    match bytes {
        [0x1b, b'[' | b'O', rest @ ..] => {
            let end = rest.iter().position(|b| b.is_ascii_alphabetic() || *b == b'~');
            end.map_or(bytes.len(), |end| end + 3)
        }
        [] => 0,
        _ => 1,
    }
}

#[cfg(unix)]
impl Drop for SingleKeys {
    fn drop(&mut self) {
        // SAFETY: puts back the settings tcgetattr gave us in `start`.
        unsafe {
            libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &self.before);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_step_forward_back_or_quit() {
        for forward in [&b" "[..], b"\r", b"n", b"\x1b[C", b"\x1bOC", b"\x1b[B"] {
            assert_eq!(step_of(forward), Some(Step::Forward), "{forward:?}");
        }
        for back in [&b"b"[..], b"p", b"\x1b[D", b"\x1bOD", b"\x1b[A"] {
            assert_eq!(step_of(back), Some(Step::Back), "{back:?}");
        }
        for quit in [&b"q"[..], b"Q", b"\x03", b"\x04", b"\x1b", b""] {
            assert_eq!(step_of(quit), Some(Step::Quit), "{quit:?}");
        }
        assert_eq!(step_of(b"x"), None);
        assert_eq!(key_length(b"\x1b[Cq"), 3);
        assert_eq!(key_length(b"\x1b[5~ "), 4);
        assert_eq!(key_length(b" b"), 1);
        assert_eq!(step_of(b"\x1b[5~"), None);
    }
}
