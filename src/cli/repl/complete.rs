//! What Tab offers in the REPL: it follows the phase of the game (`roll` first before the
//! roll, the legal moves first after it), completes a partly typed turn in any order of
//! its steps, and knows the arguments of `new`, `save`/`load`, `seat`, `set bot`, `view`,
//! `rules` and `help`.

use std::path::Path;

use crate::ai::roster::BOT_NAMES;
use crate::app::command::{Audience, COMMANDS, Completion, Offered, find_command};
use crate::core::Notation;
use crate::core::{Game, OptionKind, Phase};
use crate::games::{AnyGame, GameKind};

/// A snapshot of the table taken before each line is read: enough to complete it.
#[derive(Clone, Debug)]
pub struct Completions {
    game: AnyGame,
    /// `roll` first in the roll phase, then the legal moves (empty when none may be
    /// typed now).
    legal: Vec<String>,
}

impl Completions {
    /// The completions for `game` with these legal texts (as `Session::legal_texts`).
    pub fn new(game: &AnyGame, legal: Vec<String>) -> Completions {
        Completions {
            game: game.clone(),
            legal,
        }
    }

    /// Where the word being completed starts in `typed`, and what may replace it, best
    /// first.
    pub fn complete(&self, typed: &str) -> (usize, Vec<String>) {
        let (word, rest) = typed.split_once(' ').unwrap_or((typed, ""));
        let start = word.len() + 1;
        let command = find_command(word).filter(|_| typed.contains(' '));
        let Some(spec) = command else {
            // The first word: what can be played now (`roll` or the moves) when the
            // typed text begins one, else the commands that make sense now.
            let words = self.moves(typed);
            if !words.is_empty() || typed.contains(' ') {
                return (0, words);
            }
            let commands = COMMANDS
                .iter()
                .filter(|c| c.audience != Audience::Protocol && self.offered(c.offered))
                .map(|c| c.name.to_string())
                .collect();
            return (0, matching(commands, typed));
        };
        let args_start = typed.len() - rest.len();
        let (arg_start, last) = last_word(rest);
        let at = args_start + arg_start;
        let earlier: Vec<&str> = rest[..arg_start].split_whitespace().collect();
        let words: Vec<String> = match (spec.completion, earlier.as_slice()) {
            (Completion::Moves, _) => return (start, self.moves(rest)),
            (Completion::GameOptions, _) => self.new_words(&earlier, last),
            (Completion::FileName, []) => return (at, file_names(last)),
            (Completion::CommandName, []) => COMMANDS.iter().map(|c| c.name.to_string()).collect(),
            (Completion::GameId, []) => game_ids(),
            (Completion::Words(words), []) => words.iter().map(|w| w.to_string()).collect(),
            (Completion::BotSetting, []) => vec!["bot".into()],
            (Completion::BotSetting, ["bot"]) => bot_names(),
            (Completion::SeatPlayer, []) => (0..self.game.seat_count())
                .map(|s| self.game.seat_name(s).to_string())
                .collect(),
            (Completion::SeatPlayer, [_]) => {
                let mut players = vec!["human".to_string()];
                players.extend(BOT_NAMES.iter().map(|b| format!("bot:{b}")));
                players.push("engine:".to_string());
                players
            }
            _ => Vec::new(),
        };
        (at, matching(words, last))
    }

    /// Legal moves that complete `typed`: those it begins, and those whose steps it
    /// names in another order (`15/13 ` completes to `15/13 24/18` when `24/18 15/13` is
    /// legal and the steps can be played that way round).
    fn moves(&self, typed: &str) -> Vec<String> {
        let typed_lower = typed.trim_start().to_ascii_lowercase();
        let mut out: Vec<String> = self
            .legal
            .iter()
            .filter(|m| m.to_ascii_lowercase().starts_with(&typed_lower))
            .cloned()
            .collect();
        let (done, _) = last_word(&typed_lower);
        let steps: Vec<&str> = typed_lower[..done].split_whitespace().collect();
        if steps.is_empty() {
            return out;
        }
        for legal in &self.legal {
            let mut left: Vec<&str> = legal.split_whitespace().collect();
            let all_there =
                steps.iter().all(
                    |step| match left.iter().position(|w| w.eq_ignore_ascii_case(step)) {
                        Some(i) => {
                            left.remove(i);
                            true
                        }
                        None => false,
                    },
                );
            if !all_there || left.is_empty() {
                continue;
            }
            let reordered = format!("{} {}", steps.join(" "), left.join(" "));
            if reordered.starts_with(&typed_lower) && !out.contains(&reordered) && self.plays(&reordered) {
                out.push(reordered);
            }
        }
        out
    }

    /// True unless a command offered `when` cannot be typed in this phase (`roll` once
    /// the dice are thrown, moves once the game is over).
    fn offered(&self, when: Offered) -> bool {
        match (when, self.game.phase()) {
            (Offered::Always, _) | (Offered::ToRoll, Phase::Roll(_)) => true,
            (Offered::InPlay, phase) => phase != Phase::Over,
            (Offered::ToRoll, _) => false,
        }
    }

    /// True if `text` is a move the game accepts as written.
    fn plays(&self, text: &str) -> bool {
        let mut trial = self.game.clone();
        self.game.parse_move(text).is_ok_and(|mv| trial.play(&mv).is_ok())
    }

    /// After `new`: game ids first, then the current (or named) game's option keys, and
    /// the values of a key once `KEY=` is typed.
    fn new_words(&self, earlier: &[&str], last: &str) -> Vec<String> {
        let named = earlier
            .first()
            .and_then(|id| GameKind::from_id(id).ok())
            .unwrap_or(self.game.kind());
        let specs = named.info().options;
        if let Some((key, _)) = last.split_once('=') {
            return specs
                .iter()
                .filter(|s| s.key.eq_ignore_ascii_case(key))
                .flat_map(|s| match s.kind {
                    OptionKind::Choice(values) => values.iter().map(|v| format!("{}={v}", s.key)).collect(),
                    OptionKind::Number { min, max, default } => {
                        let mut values = vec![default, min, max];
                        values.dedup();
                        values
                            .iter()
                            .map(|v| format!("{}={v}", s.key))
                            .collect::<Vec<_>>()
                    }
                })
                .collect();
        }
        let mut words = if earlier.is_empty() {
            game_ids()
        } else {
            Vec::new()
        };
        words.extend(
            specs
                .iter()
                .filter(|s| !earlier.iter().any(|w| w.starts_with(&format!("{}=", s.key))))
                .map(|s| format!("{}=", s.key)),
        );
        words
    }
}

/// The start of the last (partly typed) word of `text`, and that word.
fn last_word(text: &str) -> (usize, &str) {
    let start = text.rfind(' ').map_or(0, |i| i + 1);
    (start, &text[start..])
}

/// The words that begin with `prefix` (ignoring case), in order, each once.
fn matching(words: Vec<String>, prefix: &str) -> Vec<String> {
    let prefix = prefix.to_ascii_lowercase();
    let mut out: Vec<String> = Vec::new();
    for word in words {
        if word.to_ascii_lowercase().starts_with(&prefix) && !out.contains(&word) {
            out.push(word);
        }
    }
    out
}

fn game_ids() -> Vec<String> {
    GameKind::ALL.iter().map(|k| k.info().id.to_string()).collect()
}

fn bot_names() -> Vec<String> {
    BOT_NAMES.iter().map(|b| b.to_string()).collect()
}

/// File names that complete `typed` (`~/` is the home folder); folders end in `/`.
fn file_names(typed: &str) -> Vec<String> {
    let typed = typed.trim_start_matches(['"', '\'']);
    let (dir_part, name_part) = match typed.rfind('/') {
        Some(i) => (&typed[..=i], &typed[i + 1..]),
        None => ("", typed),
    };
    let dir = if dir_part.is_empty() {
        std::path::PathBuf::from(".")
    } else {
        crate::app::command::expand_home(dir_part)
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            if !name.starts_with(name_part) || (name.starts_with('.') && !name_part.starts_with('.')) {
                return None;
            }
            let slash = if is_dir(&dir.join(&name)) { "/" } else { "" };
            let path = format!("{dir_part}{name}{slash}");
            // `save` and `load` read a name with blanks in quotes.
            Some(if path.contains(' ') {
                format!("\"{path}\"")
            } else {
                path
            })
        })
        .collect();
    names.sort();
    names
}

fn is_dir(path: &Path) -> bool {
    path.is_dir()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::session::Session;
    use crate::core::Options;

    fn nardy(position: Option<&str>, dice: &[u8]) -> Completions {
        let options = Options::defaults(GameKind::Nardy.info().options);
        let mut session = Session::new(GameKind::Nardy, &options, 1).unwrap();
        // Past the roll-off, white to roll, unless another position is given.
        let start = "w=24x15 b=24x15 turn=white:roll first=wb score=0-0";
        session.set_position(position.unwrap_or(start)).unwrap();
        if !dice.is_empty() {
            session.set_dice(dice).unwrap();
        }
        Completions::new(session.game(), session.legal_texts())
    }

    #[test]
    fn roll_comes_first_before_the_roll() {
        let (start, words) = nardy(None, &[]).complete("");
        assert_eq!(start, 0);
        assert_eq!(words, ["roll"], "only what can be played now");
        assert_eq!(nardy(None, &[]).complete("r").1, ["roll"]);
        assert_eq!(nardy(None, &[]).complete("he").1, ["help"]);
    }

    #[test]
    fn legal_moves_come_first_after_the_roll() {
        let (_, words) = nardy(None, &[6, 3]).complete("");
        assert!(
            !words.is_empty() && words.iter().all(|w| w.contains('/')),
            "{words:?}"
        );
        // Once the dice are thrown, 'roll' is not offered; the other commands are.
        assert!(nardy(None, &[6, 3]).complete("r").1.iter().all(|w| w != "roll"));
        assert!(
            nardy(None, &[6, 3])
                .complete("r")
                .1
                .contains(&"rules".to_string())
        );
        assert_eq!(nardy(None, &[6, 3]).complete("play 24/1").1[0], "24/18 18/15");
    }

    #[test]
    fn a_turn_completes_in_any_order_of_its_steps() {
        // White has checkers on 24 and 15: 6-2 can be played 24/18 15/13 either way round.
        let position = "w=24x14,15 b=24x15 turn=white:roll first=b score=0-0";
        let completions = nardy(Some(position), &[6, 2]);
        assert!(
            completions.legal.iter().any(|m| m == "24/18 15/13"),
            "{:?}",
            completions.legal
        );
        let (start, words) = completions.complete("15/13 ");
        assert_eq!(start, 0);
        assert!(words.contains(&"15/13 24/18".to_string()), "{words:?}");
        // A step order that cannot be played is not offered.
        let (_, words) = nardy(None, &[6, 2]).complete("18/16 ");
        assert!(words.is_empty(), "{words:?}");
    }

    #[test]
    fn arguments_of_commands() {
        let completions = nardy(None, &[]);
        assert_eq!(completions.complete("new u"), (4, vec!["ur".to_string()]));
        assert_eq!(completions.complete("new ko"), (4, vec!["koks=".to_string()]));
        assert_eq!(
            completions.complete("new nardy koks="),
            (10, vec!["koks=off".to_string(), "koks=on".to_string()])
        );
        assert_eq!(completions.complete("new ur ru").1, ["rules="]);
        assert_eq!(completions.complete("set bot g").1, ["greedy"]);
        assert_eq!(completions.complete("seat b"), (5, vec!["black".to_string()]));
        assert_eq!(completions.complete("seat black bot:ra").1, ["bot:random"]);
        assert_eq!(completions.complete("view c").1, ["compact"]);
        assert_eq!(completions.complete("help ro").1, ["roll"]);
    }

    #[test]
    fn file_names_after_save_and_load() {
        let dir = std::env::temp_dir().join(format!("tabula-complete-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("saves")).unwrap();
        std::fs::write(dir.join("game one.txt"), "").unwrap();
        let completions = nardy(None, &[]);
        let typed = format!("load {}/", dir.display());
        let (start, words) = completions.complete(&typed);
        assert_eq!(start, 5);
        assert_eq!(
            words,
            [
                format!("\"{}/game one.txt\"", dir.display()),
                format!("{}/saves/", dir.display())
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
