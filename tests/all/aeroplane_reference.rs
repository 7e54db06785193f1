//! A second, deliberately plain Aeroplane Chess rules model (absolute squares, planes
//! walked pip by pip, its own reading and writing of position strings) that cross-checks
//! the game on every position of many random games: the same legal moves, and after each
//! of them the same position.

use std::collections::BTreeMap;

use tabula::core::{Game, Phase, SeededDice};
use tabula::games::aeroplane::Aeroplane;

use crate::support::new_game;
use tabula::core::Notation;

const NAMES: [&str; 4] = ["red", "yellow", "blue", "green"];
const LETTERS: [char; 4] = ['r', 'y', 'b', 'g'];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Hangar,
    Launch,
    Track(usize),
    Home(u8),
    Centre,
}

#[derive(Clone, Copy)]
struct Rules {
    launch: &'static str,
    fly_then_jump: bool,
    bounce: bool,
    until_last: bool,
}

/// A position in the move phase, read from a position string.
#[derive(Clone)]
struct Model {
    rules: Rules,
    /// The colour of each seat.
    colours: Vec<usize>,
    planes: Vec<[Place; 4]>,
    turn: usize,
    roll: u8,
    sixes: u8,
    moved: [bool; 4],
    finished: Vec<usize>,
    over: bool,
}

fn entry(colour: usize) -> usize {
    13 * colour + 3
}

fn turn_in(colour: usize) -> usize {
    (entry(colour) + 49) % 52
}

fn shortcut(colour: usize) -> usize {
    (entry(colour) + 17) % 52
}

fn shortcut_end(colour: usize) -> usize {
    (entry(colour) + 29) % 52
}

fn forward(colour: usize, place: Place) -> Place {
    match place {
        Place::Launch => Place::Track(entry(colour)),
        Place::Track(s) if s == turn_in(colour) => Place::Home(1),
        Place::Track(s) => Place::Track((s + 1) % 52),
        Place::Home(5) => Place::Centre,
        Place::Home(k) => Place::Home(k + 1),
        other => other,
    }
}

fn backward(place: Place) -> Place {
    match place {
        Place::Centre => Place::Home(5),
        Place::Home(k) => Place::Home(k - 1),
        other => other,
    }
}

impl Model {
    fn parse(text: &str, rules: Rules) -> Model {
        let fields: BTreeMap<&str, &str> = text
            .split_whitespace()
            .map(|f| f.split_once('=').unwrap())
            .collect();
        let colours: Vec<usize> = (0..4).filter(|&c| fields.contains_key(NAMES[c])).collect();
        let planes = colours
            .iter()
            .map(|&c| {
                let places: Vec<Place> = fields[NAMES[c]]
                    .split(',')
                    .map(|t| match t {
                        "H" => Place::Hangar,
                        "L" => Place::Launch,
                        "C" => Place::Centre,
                        _ if t.starts_with('h') => Place::Home(t[1..].parse().unwrap()),
                        _ => Place::Track(t.parse().unwrap()),
                    })
                    .collect();
                [places[0], places[1], places[2], places[3]]
            })
            .collect();
        let (who, roll) = fields["turn"].split_once(':').unwrap();
        let turn = colours.iter().position(|&c| NAMES[c] == who).unwrap();
        let mut moved = [false; 4];
        if fields["moved"] != "-" {
            for name in fields["moved"].split(',') {
                moved[name[1..].parse::<usize>().unwrap() - 1] = true;
            }
        }
        let finished = if fields["finished"] == "-" {
            Vec::new()
        } else {
            fields["finished"]
                .split(',')
                .map(|n| colours.iter().position(|&c| NAMES[c] == n).unwrap())
                .collect()
        };
        Model {
            rules,
            colours,
            planes,
            turn,
            roll: roll.parse().unwrap(),
            sixes: fields["sixes"].parse().unwrap(),
            moved,
            finished,
            over: false,
        }
    }

    fn write(&self) -> String {
        let mut out = Vec::new();
        for (seat, &colour) in self.colours.iter().enumerate() {
            let places: Vec<String> = self.planes[seat]
                .iter()
                .map(|p| match p {
                    Place::Hangar => "H".to_string(),
                    Place::Launch => "L".to_string(),
                    Place::Centre => "C".to_string(),
                    Place::Home(k) => format!("h{k}"),
                    Place::Track(s) => s.to_string(),
                })
                .collect();
            out.push(format!("{}={}", NAMES[colour], places.join(",")));
        }
        if self.over {
            out.push("turn=over".to_string());
        } else {
            out.push(format!("turn={}:roll", NAMES[self.colours[self.turn]]));
        }
        out.push("rolloff=done".to_string());
        out.push(format!("sixes={}", self.sixes));
        let moved: Vec<String> = (0..4)
            .filter(|&i| self.moved[i])
            .map(|i| format!("{}{}", LETTERS[self.colours[self.turn]], i + 1))
            .collect();
        out.push(format!(
            "moved={}",
            if moved.is_empty() {
                "-".to_string()
            } else {
                moved.join(",")
            }
        ));
        let finished: Vec<&str> = self.finished.iter().map(|&s| NAMES[self.colours[s]]).collect();
        out.push(format!(
            "finished={}",
            if finished.is_empty() {
                "-".to_string()
            } else {
                finished.join(",")
            }
        ));
        out.join(" ")
    }

    fn launch_allowed(&self) -> bool {
        match self.rules.launch {
            "six" => self.roll == 6,
            "five-six" => self.roll == 5 || self.roll == 6,
            _ => self.roll.is_multiple_of(2),
        }
    }

    /// Where a plane at `place` ends after walking the roll pip by pip, or None.
    fn walk(&self, place: Place) -> Option<Place> {
        let colour = self.colours[self.turn];
        let mut at = place;
        let mut back = false;
        for pip in 0..self.roll {
            at = if back { backward(at) } else { forward(colour, at) };
            if at == Place::Centre && pip + 1 < self.roll {
                if !self.rules.bounce {
                    return None;
                }
                back = true;
            }
        }
        Some(at)
    }

    fn legal(&self) -> Vec<String> {
        let mut out = Vec::new();
        let seat = self.turn;
        if self.roll == 6 && self.sixes == 2 {
            return vec!["pass".to_string()];
        }
        if self.launch_allowed() && self.planes[seat].contains(&Place::Hangar) {
            out.push("launch".to_string());
        }
        for i in 0..4 {
            let place = self.planes[seat][i];
            if place == Place::Hangar || place == Place::Centre {
                continue;
            }
            if place != Place::Launch && self.planes[seat][..i].contains(&place) {
                continue;
            }
            if self.walk(place).is_some() {
                out.push(format!("{}{}", LETTERS[self.colours[seat]], i + 1));
            }
        }
        if out.is_empty() {
            out.push("pass".to_string());
        }
        out
    }

    fn end_turn(&mut self) {
        self.sixes = 0;
        self.moved = [false; 4];
        let seats = self.colours.len();
        let mut next = self.turn;
        for _ in 0..seats {
            next = (next + 1) % seats;
            if !self.finished.contains(&next) {
                break;
            }
        }
        self.turn = next;
    }

    fn play(&self, text: &str) -> Model {
        let mut m = self.clone();
        let seat = m.turn;
        let colour = m.colours[seat];
        let mut moved_now = Vec::new();
        if text == "pass" {
            if m.roll == 6 && m.sixes == 2 {
                for i in 0..4 {
                    if m.moved[i] && m.planes[seat][i] != Place::Centre {
                        m.planes[seat][i] = Place::Hangar;
                    }
                }
                m.end_turn();
                return m;
            }
        } else if text == "launch" {
            let i = m.planes[seat].iter().position(|&p| p == Place::Hangar).unwrap();
            m.planes[seat][i] = Place::Launch;
            moved_now.push(i);
        } else {
            let i: usize = text[1..].parse::<usize>().unwrap() - 1;
            let from = m.planes[seat][i];
            let piece: Vec<usize> = if from == Place::Launch {
                vec![i]
            } else {
                (0..4).filter(|&j| m.planes[seat][j] == from).collect()
            };
            let mut at = m.walk(from).unwrap();
            let mut touchdowns = vec![at];
            let mut jumped = false;
            let mut flew = false;
            if let Place::Track(s) = at
                && s % 4 == colour
                && s != turn_in(colour)
                && s != shortcut(colour)
            {
                for _ in 0..4 {
                    at = forward(colour, at);
                }
                touchdowns.push(at);
                jumped = true;
            }
            if at == Place::Track(shortcut(colour)) {
                at = Place::Track(shortcut_end(colour));
                touchdowns.push(at);
                flew = true;
                if m.rules.fly_then_jump && !jumped {
                    for _ in 0..4 {
                        at = forward(colour, at);
                    }
                    touchdowns.push(at);
                }
            }
            for other in 0..m.colours.len() {
                if other == seat {
                    continue;
                }
                for j in 0..4 {
                    let p = m.planes[other][j];
                    let hit = matches!(p, Place::Track(_)) && touchdowns.contains(&p);
                    let crossed = flew && m.colours[other] == (colour + 2) % 4 && p == Place::Home(3);
                    if hit || crossed {
                        m.planes[other][j] = Place::Hangar;
                    }
                }
            }
            for &j in &piece {
                m.planes[seat][j] = at;
            }
            moved_now = piece;
        }
        if m.planes[seat].iter().all(|&p| p == Place::Centre) {
            m.finished.push(seat);
            let needed = if m.rules.until_last {
                m.colours.len() - 1
            } else {
                1
            };
            if m.finished.len() >= needed {
                m.over = true;
                m.sixes = 0;
                m.moved = [false; 4];
                return m;
            }
            m.end_turn();
            return m;
        }
        if m.roll == 6 {
            m.sixes += 1;
            for j in moved_now {
                m.moved[j] = true;
            }
        } else {
            m.end_turn();
        }
        m
    }
}

#[test]
fn the_game_agrees_with_the_plain_reference_over_random_games() {
    let mut dice = SeededDice::new(31);
    let mut picks = SeededDice::new(77);
    let mut checked = 0;
    let mut moves_checked = 0;
    for players in ["2", "3", "4"] {
        for launch in ["even", "six", "five-six"] {
            for (fly, bounce, until) in [
                ("off", "forbid", "last"),
                ("on", "bounce", "first"),
                ("on", "forbid", "last"),
            ] {
                let words = [
                    format!("players={players}"),
                    format!("launch={launch}"),
                    format!("fly-then-jump={fly}"),
                    format!("overshoot={bounce}"),
                    format!("until={until}"),
                ];
                let rules = Rules {
                    launch,
                    fly_then_jump: fly == "on",
                    bounce: bounce == "bounce",
                    until_last: until == "last",
                };
                for _ in 0..3 {
                    let mut game: Aeroplane = new_game(&words);
                    while game.phase() != Phase::Over {
                        if let Phase::Roll(_) = game.phase() {
                            let roll = game.roll(&mut dice);
                            game.set_dice(roll).unwrap();
                            continue;
                        }
                        let position = game.position_string();
                        let model = Model::parse(&position, rules);
                        let mut moves = Vec::new();
                        game.legal_moves(&mut moves);
                        let texts: Vec<String> = moves.iter().map(|m| game.format_move(m)).collect();
                        assert_eq!(texts, model.legal(), "legal moves differ at {position}");
                        for (mv, text) in moves.iter().zip(&texts) {
                            let mut after = game.clone();
                            after.play(mv).unwrap();
                            assert_eq!(
                                after.position_string(),
                                model.play(text).write(),
                                "{text} from {position}"
                            );
                            moves_checked += 1;
                        }
                        checked += 1;
                        let pick = picks.below(moves.len() as u32) as usize;
                        game.play(&moves[pick]).unwrap();
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} positions checked");
    assert!(moves_checked > checked, "only {moves_checked} moves checked");
}
