//! A dropped connection at the table. When a link closes or fails (not when a live
//! connection stalls, nor when a frame is forged), neither side forfeits at once: a
//! joiner dials the host again, the host waits for the joiner at its meeting, each for
//! up to the table's wait. On the new connection each end sends again what the other
//! had not read (see [`Link`]), so the game goes on at the same action and throw, with
//! the same commitments. The host tells its other joiners that a side is away, and they
//! wait with it. A side that does not come back in time forfeits: `did not come back`.

use std::sync::mpsc;
use std::time::Instant;

use super::*;
use crate::app::remote::rejoin::{
    DialError, Dialer, LAST_WORD, Returning, backoff, may_return, minutes, passed,
};

/// How this side's table gets a dropped connection back.
pub enum Rejoin {
    /// The host: joiners come back through its meeting, kept open during the game.
    Host {
        /// Every connection that says it is a joiner coming back.
        returns: mpsc::Receiver<Returning>,
        /// The hash of each side's resume token, by side (as [`Seating::resumes`]).
        hashes: Vec<Option<Digest>>,
    },
    /// A joiner: it dials the host again.
    Join(Dialer),
}

impl RemoteTable {
    /// Lets a dropped connection come back as `rejoin` says, instead of ending the game
    /// as the other side's forfeit at once; this side's people hear of each drop and
    /// return through `tell`, a line at a time.
    pub fn with_rejoin(mut self, rejoin: Rejoin, tell: Box<dyn FnMut(&str)>) -> RemoteTable {
        self.resume = Some(Resume { rejoin, tell });
        self
    }

    /// Tells this side's people `line` (but not what happened in an earlier program of
    /// this side, played again from its journal).
    pub(super) fn tell(&mut self, line: &str) {
        if self.replaying() {
            return;
        }
        if let Some(resume) = &mut self.resume {
            (resume.tell)(line);
        }
    }

    /// At the host: takes back every joiner that came back since it last looked (its new
    /// connection takes the old one's place, which may not have failed here yet).
    pub(super) fn take_returns(&mut self) {
        loop {
            let next = match &self.resume {
                Some(Resume {
                    rejoin: Rejoin::Host { returns, .. },
                    ..
                }) => returns.try_recv(),
                _ => return,
            };
            match next {
                Ok(returning) => {
                    self.take_back(returning);
                }
                Err(_) => return,
            }
        }
    }

    /// At a joiner: true if `message` is the host's news that a side is away or back,
    /// which this side's people hear of (and the wait for the next message starts again).
    pub(super) fn heard_away(&mut self, message: &Message) -> bool {
        let Message::Away { side, back } = message else {
            return false;
        };
        if self.setup.me == 0 {
            return false;
        }
        let limit = minutes(self.setup.limit);
        let line = if *back {
            format!("joiner {side} is back")
        } else {
            format!("joiner {side}'s connection dropped; the host waits up to {limit} for it")
        };
        self.tell(&line);
        true
    }

    /// The game is over here: waits for every other side's goodbye, so that a side
    /// whose connection dropped near the end comes back for the last moves instead of
    /// waiting in vain for a host that has gone. Only when sides may come back.
    pub(super) fn see_off(&mut self) {
        if self.resume.is_none() {
            return;
        }
        let others: Vec<u8> = match self.setup.me {
            0 => (1..=self.links.len() as u8).collect(),
            _ => vec![0],
        };
        for side in others {
            // A few messages at most can still be on the way before the goodbye.
            for _ in 0..8 {
                match self.receive_from(side, self.setup.limit) {
                    Ok(Message::Bye { .. }) | Err(_) => break,
                    Ok(_) => {}
                }
            }
        }
    }

    /// Link `link` closed or failed: it comes back within the wait, or its side is at
    /// fault for not coming back.
    pub(super) fn come_back(&mut self, link: usize) -> Result<(), Fault> {
        let limit = self.setup.limit;
        let deadline = Instant::now() + limit;
        let missing = (
            ForfeitKind::Crash,
            format!(
                "the connection dropped and did not come back within {} s",
                limit.as_secs()
            ),
        );
        if self.setup.me != 0 {
            let what = match self.restarted_at() {
                Some(action) => format!("taking the game up again at action {action}"),
                None => "the connection to the host dropped".to_string(),
            };
            self.tell(&format!("{what}; reconnecting for up to {} ...", minutes(limit)));
            return self.dial_back(deadline).map_err(|(refused, last)| {
                refused.unwrap_or_else(|| (missing.0, format!("{} (last try: {last})", missing.1)))
            });
        }
        let side = link as u8 + 1;
        if let Some(action) = self.restarted_at() {
            self.tell(&format!("taking the game up again at action {action}"));
        }
        let what = if self.links[link].is_open() {
            format!("the connection to joiner {side} dropped; waiting")
        } else {
            "waiting".to_string()
        };
        self.tell(&format!(
            "{what} up to {} for joiner {side} to come back ...",
            minutes(limit)
        ));
        self.tell_all(&Message::Away { side, back: false }, Some(side));
        while !passed(deadline) {
            let left = deadline.saturating_duration_since(Instant::now());
            let next = match &self.resume {
                Some(Resume {
                    rejoin: Rejoin::Host { returns, .. },
                    ..
                }) => returns.recv_timeout(left),
                _ => return Err(missing),
            };
            match next {
                Ok(returning) => {
                    if self.take_back(returning) == Some(side) {
                        self.tell_all(&Message::Away { side, back: true }, Some(side));
                        return Ok(());
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // Nobody can come back any more (the meeting gave up on wrong codes).
                Err(mpsc::RecvTimeoutError::Disconnected) => std::thread::sleep(left),
            }
        }
        Err(missing)
    }

    /// At a joiner: dials the host until it answers or `deadline` passes. The error
    /// holds the fault if the host refused this side's return, and what went wrong last.
    fn dial_back(&mut self, deadline: Instant) -> Result<(), (Option<Fault>, String)> {
        let Some(Resume {
            rejoin: Rejoin::Join(dialer),
            ..
        }) = &self.resume
        else {
            return Err((None, "this side cannot come back".into()));
        };
        let dialer = dialer.clone();
        let mut tries = 0;
        let mut last = String::from("no try");
        while !passed(deadline) {
            let left = deadline.saturating_duration_since(Instant::now());
            match dialer.dial(self.links[0].received(), left) {
                Ok((channel, read)) => match self.links[0].resume(channel, read) {
                    Ok(()) => {
                        self.tell("the connection to the host is back");
                        return Ok(());
                    }
                    Err(error) => last = error.to_string(),
                },
                Err(DialError::Refused(reason)) => {
                    let story = format!("refused this side's return: {reason}");
                    return Err((Some((ForfeitKind::Crash, story)), reason));
                }
                Err(DialError::Again(reason)) => {
                    last = reason;
                    let left = deadline.saturating_duration_since(Instant::now());
                    std::thread::sleep(backoff(tries).min(left));
                    tries += 1;
                }
            }
        }
        Err((None, last))
    }

    /// At the host: takes a joiner back on its new connection if its token fits; returns
    /// its side. Anything else is dropped, and the host's people hear why.
    fn take_back(&mut self, returning: Returning) -> Option<u8> {
        let (mut channel, side, token, read) = match returning {
            Returning::Notice(line) => {
                self.tell(&line);
                return None;
            }
            Returning::Side {
                channel,
                side,
                token,
                received,
            } => (channel, side, token, received),
        };
        let fits = match &self.resume {
            Some(Resume {
                rejoin: Rejoin::Host { hashes, .. },
                ..
            }) => may_return(hashes, self.links.len(), side, &token),
            _ => false,
        };
        if !fits {
            let reason = "this connection cannot take that joiner's place".to_string();
            let _ = channel.send_last(&Message::Bye { reason }.encode(), LAST_WORD);
            self.tell(&format!(
                "dropped a connection that says it is joiner {side}: it does not hold that joiner's token"
            ));
            return None;
        }
        let link = usize::from(side) - 1;
        let answer = Message::Rejoined {
            received: self.links[link].received(),
        };
        let back = channel
            .send(&answer.encode())
            .and_then(|()| self.links[link].resume(channel, read));
        match back {
            Ok(()) => {
                self.tell(&format!("joiner {side} is back"));
                Some(side)
            }
            Err(error) => {
                self.tell(&format!(
                    "joiner {side} came back, but its new connection failed: {error}"
                ));
                None
            }
        }
    }
}
