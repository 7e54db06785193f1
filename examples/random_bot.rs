//! A tiny external bot: plays uniformly random legal moves of any tabula game over the
//! engine protocol. It keeps its own copy of the game with the tabula library, so it
//! always knows the legal moves; the controller (tabula) rolls the dice.
//!
//! ```sh
//! cargo build --examples
//! tabula play nardy --seat "black=engine:target/debug/examples/random_bot"
//! tabula match nardy --player bot:greedy --player "engine:target/debug/examples/random_bot"
//! ```

use std::io::{self, BufRead, Write};

use tabula::app::session::Session;
use tabula::core::{Game, Options, Phase};
use tabula::games::GameKind;

/// A small xorshift generator: the bot needs no reproducibility of its own.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn main() -> io::Result<()> {
    let seed = std::process::id() as u64 ^ 0x9E37_79B9_7F4A_7C15;
    let mut rng = Rng(seed | 1);
    let kind = GameKind::ALL[0];
    let mut session = Session::new(kind, &Options::defaults(kind.info().options), 0).expect("default game");
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // An optional numeric id comes first; the reply echoes it.
        let (id, command) = match line.split_once(' ') {
            Some((first, rest)) if first.parse::<u64>().is_ok() => (first, rest.trim()),
            _ if line.parse::<u64>().is_ok() => (line, ""),
            _ => ("", line),
        };
        let (name, args) = command.split_once(' ').unwrap_or((command, ""));
        let reply: Result<String, String> = match name {
            "protocol_version" => Ok("1".into()),
            "name" => Ok("random_bot".into()),
            "version" => Ok("1.0".into()),
            "newgame" => {
                let mut words = args.split_whitespace();
                match words.next().map(GameKind::from_id) {
                    Some(Ok(kind)) => {
                        let options: Vec<&str> = words.collect();
                        Options::parse(kind.info().options, &options)
                            .map_err(|e| e.to_string())
                            .and_then(|o| session.new_game(kind, &o).map_err(|e| e.to_string()))
                            .map(|()| String::new())
                    }
                    Some(Err(e)) => Err(e),
                    None => Err("newgame needs a game".into()),
                }
            }
            "setpos" => session
                .set_position(args)
                .map(|()| String::new())
                .map_err(|e| e.to_string()),
            "dice" => {
                let values: Vec<u8> = args.split_whitespace().filter_map(|v| v.parse().ok()).collect();
                session
                    .set_dice(&values)
                    .map(|_| String::new())
                    .map_err(|e| e.to_string())
            }
            "play" => session
                .play_text(args)
                .map(|_| String::new())
                .map_err(|e| e.to_string()),
            "genmove" => {
                // Before a roll, rolling is one choice among the optional actions.
                let choices = session.legal_texts();
                if choices.is_empty() {
                    Err("wrong phase: the game is over".into())
                } else {
                    let pick = choices[rng.below(choices.len())].clone();
                    let rolls = pick == "roll" && matches!(session.game().phase(), Phase::Roll(_));
                    if rolls {
                        Ok(pick)
                    } else {
                        session
                            .play_text(&pick)
                            .map(|played| played.text)
                            .map_err(|e| e.to_string())
                    }
                }
            }
            "quit" => {
                writeln!(out, "={id}\n")?;
                out.flush()?;
                return Ok(());
            }
            _ => Err(format!("unknown command: {name}")),
        };
        match reply {
            Ok(text) if text.is_empty() => writeln!(out, "={id}\n")?,
            Ok(text) => writeln!(out, "={id} {text}\n")?,
            Err(message) => writeln!(out, "?{id} {message}\n")?,
        }
        out.flush()?;
    }
    Ok(())
}
