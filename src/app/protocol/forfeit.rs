//! Why a seat forfeits: the classes the engine client names its failures by, and the
//! referee its own findings, as tables and records print them.

/// Why a seat forfeits, in classes for tables and records (`illegal move`, `timeout`,
/// ...): the names the protocol's manual page lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForfeitKind {
    /// The engine could not be started.
    Start,
    /// The engine failed the handshake (wrong protocol version, no answer in time).
    Handshake,
    /// No complete reply within the time limit.
    Timeout,
    /// The engine's clock ran out (a time control).
    Time,
    /// The engine exited or closed its output.
    Crash,
    /// A reply that is not the protocol: too long, not UTF-8, a wrong id or mark.
    Garbage,
    /// The engine refused a move it was told: it no longer follows the game.
    LostSync,
    /// The engine refused to give a move.
    Refused,
    /// A move the rules do not allow here, or text that is not a move.
    IllegalMove,
    /// No move where one was asked for.
    NoMove,
    /// The referee could not carry out what the seat asked (a roll the game refused).
    Referee,
}

impl ForfeitKind {
    /// Every kind.
    pub const ALL: [ForfeitKind; 11] = [
        ForfeitKind::Start,
        ForfeitKind::Handshake,
        ForfeitKind::Timeout,
        ForfeitKind::Crash,
        ForfeitKind::Garbage,
        ForfeitKind::LostSync,
        ForfeitKind::Refused,
        ForfeitKind::IllegalMove,
        ForfeitKind::NoMove,
        ForfeitKind::Referee,
        ForfeitKind::Time,
    ];

    /// The name tables and records print.
    pub fn as_str(self) -> &'static str {
        match self {
            ForfeitKind::Start => "start",
            ForfeitKind::Handshake => "handshake",
            ForfeitKind::Timeout => "timeout",
            ForfeitKind::Time => "time",
            ForfeitKind::Crash => "crash",
            ForfeitKind::Garbage => "garbage",
            ForfeitKind::LostSync => "lost sync",
            ForfeitKind::Refused => "refused",
            ForfeitKind::IllegalMove => "illegal move",
            ForfeitKind::NoMove => "no move",
            ForfeitKind::Referee => "referee",
        }
    }
}

impl std::fmt::Display for ForfeitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for ForfeitKind {
    type Err = UnknownForfeitKind;

    /// A kind by its printed name; an unknown name is an error that lists them.
    fn from_str(name: &str) -> Result<ForfeitKind, UnknownForfeitKind> {
        ForfeitKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == name)
            .ok_or_else(|| UnknownForfeitKind {
                name: name.to_string(),
            })
    }
}

/// A name that is no forfeit kind's printed name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown forfeit kind '{name}'; the kinds are {}", kind_names())]
pub struct UnknownForfeitKind {
    /// The name as written.
    pub name: String,
}

/// Every kind's printed name, for messages.
fn kind_names() -> String {
    let names: Vec<&str> = ForfeitKind::ALL.iter().map(|k| k.as_str()).collect();
    names.join(", ")
}

/// A kind equals its printed name.
impl PartialEq<&str> for ForfeitKind {
    fn eq(&self, name: &&str) -> bool {
        self.as_str() == *name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_kind_reads_in_full() {
        assert_eq!(
            "tiemout".parse::<ForfeitKind>().unwrap_err().to_string(),
            "unknown forfeit kind 'tiemout'; the kinds are start, handshake, timeout, crash, \
             garbage, lost sync, refused, illegal move, no move, referee, time"
        );
    }

    #[test]
    fn an_unknown_kind_keeps_its_name() {
        assert_eq!(
            "tiemout".parse::<ForfeitKind>(),
            Err(UnknownForfeitKind {
                name: "tiemout".into()
            })
        );
    }
}
