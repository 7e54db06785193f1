//! The Mnogoboy track of rules.md section 5: 66 numbered fields between S and F, with
//! three forks (at 10, 33 and 52) whose long and short branches meet again (at 24, 45
//! and 62). Fields are `u8`: [`START`] is 0, fields are 1..=66, [`FINISH`] is 67. Every
//! step goes to a higher number, so tables can be filled from F backwards.

use std::fmt;

/// S, where a newly taken piece stands.
pub const START: u8 = 0;
/// The last numbered field.
pub const LAST_FIELD: u8 = 66;
/// F: reaching or passing it wins.
pub const FINISH: u8 = 67;

/// The seven shared pieces, in the order the reserve lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// `w`
    White,
    /// `g`
    Green,
    /// `o`
    Orange,
    /// `s` (Russian "seryi": `g` is taken by green)
    Grey,
    /// `y`
    Yellow,
    /// `b`
    Blue,
    /// `k` (as in CMYK: `b` is taken by blue)
    Black,
}

impl Colour {
    /// Every colour, in reserve order.
    pub const ALL: [Colour; 7] = [
        Colour::White,
        Colour::Green,
        Colour::Orange,
        Colour::Grey,
        Colour::Yellow,
        Colour::Blue,
        Colour::Black,
    ];

    /// The lower-case name used in moves: `white`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Green => "green",
            Colour::Orange => "orange",
            Colour::Grey => "grey",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Black => "black",
        }
    }

    /// The one-letter code used on the board and in position strings: `w`.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Green => 'g',
            Colour::Orange => 'o',
            Colour::Grey => 's',
            Colour::Yellow => 'y',
            Colour::Blue => 'b',
            Colour::Black => 'k',
        }
    }

    /// A colour from its name or letter, any case (`gray` is read as grey).
    pub fn parse(word: &str) -> Option<Colour> {
        let word = word.to_ascii_lowercase();
        if word == "gray" {
            return Some(Colour::Grey);
        }
        Colour::ALL
            .into_iter()
            .find(|c| c.name() == word || word.len() == 1 && word.starts_with(c.letter()))
    }

    /// This colour's bit in a set of colours.
    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a field is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing happens there (S counts as neutral too).
    Neutral,
    /// A neutral field with a black dot: the piece landing there must be exchanged.
    Dot,
    /// A field of this colour.
    Coloured(Colour),
}

/// Fields 1..=66 in order, as drawn in rules.md: `.` neutral, `*` dot, else a colour
/// letter. Grouped by segment: 1-10, long 11-18, short 19-23, 24-33, long 34-40,
/// short 41-44, 45-52, long 53-58, short 59-61, 62-66.
const CELLS: &[u8; 66] = b".g.o.b*y.w.s.k.g.ob*ywk.y.b*os.gk.w.s.y.o*gb.k.w*s.y.b.o.gk*s.w...";

/// What field `field` is (S, F and anything off the board count as neutral).
pub fn cell(field: u8) -> Cell {
    if !(1..=LAST_FIELD).contains(&field) {
        return Cell::Neutral;
    }
    match CELLS[usize::from(field - 1)] {
        b'*' => Cell::Dot,
        b'w' => Cell::Coloured(Colour::White),
        b'g' => Cell::Coloured(Colour::Green),
        b'o' => Cell::Coloured(Colour::Orange),
        b's' => Cell::Coloured(Colour::Grey),
        b'y' => Cell::Coloured(Colour::Yellow),
        b'b' => Cell::Coloured(Colour::Blue),
        b'k' => Cell::Coloured(Colour::Black),
        _ => Cell::Neutral,
    }
}

/// The field's colour, if it is a coloured field.
pub fn field_colour(field: u8) -> Option<Colour> {
    match cell(field) {
        Cell::Coloured(colour) => Some(colour),
        _ => None,
    }
}

/// The letter the board shows for a field: `.`, `*` or a colour letter.
pub fn cell_letter(field: u8) -> char {
    match cell(field) {
        Cell::Neutral => '.',
        Cell::Dot => '*',
        Cell::Coloured(colour) => colour.letter(),
    }
}

/// Which way a piece goes where the track forks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Branch {
    /// The longer branch (11, 34 or 53 next).
    Long,
    /// The shorter branch (19, 41 or 59 next).
    Short,
}

impl Branch {
    /// `long` or `short`.
    pub fn name(self) -> &'static str {
        match self {
            Branch::Long => "long",
            Branch::Short => "short",
        }
    }
}

/// The forks: (fork field, first field of the long branch, first field of the short one).
pub const FORKS: [(u8, u8, u8); 3] = [(10, 11, 19), (33, 34, 41), (52, 53, 59)];

/// The branches: (first field, last field, field where it rejoins the main track).
pub const BRANCHES: [(u8, u8, u8); 6] = [
    (11, 18, 24),
    (19, 23, 24),
    (34, 40, 45),
    (41, 44, 45),
    (53, 58, 62),
    (59, 61, 62),
];

/// True if the track forks after `field`.
pub fn is_fork(field: u8) -> bool {
    FORKS.iter().any(|&(fork, _, _)| fork == field)
}

/// The field one step after `field` (taking `branch` at a fork); F stays F.
pub fn next(field: u8, branch: Branch) -> u8 {
    if field >= LAST_FIELD {
        return FINISH;
    }
    for (fork, long, short) in FORKS {
        if field == fork {
            return match branch {
                Branch::Long => long,
                Branch::Short => short,
            };
        }
    }
    for (_, last, rejoin) in BRANCHES {
        if field == last {
            return rejoin;
        }
    }
    field + 1
}

/// Where a walk of some steps ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    /// The field reached (F if the walk reaches or passes it).
    pub to: u8,
    /// The fork the walk leaves, if it leaves one (then a branch had to be chosen).
    pub fork: Option<u8>,
}

/// Walks `steps` fields forward from `from`, taking `branch` at a fork. Fails with the
/// fork's field if the walk leaves a fork and no branch was given.
pub fn walk(from: u8, steps: u8, branch: Option<Branch>) -> Result<Walk, u8> {
    let mut at = from.min(FINISH);
    let mut fork = None;
    for _ in 0..steps {
        if at == FINISH {
            break;
        }
        let way = if is_fork(at) {
            fork = Some(at);
            branch.ok_or(at)?
        } else {
            Branch::Long
        };
        at = next(at, way);
    }
    Ok(Walk { to: at, fork })
}

/// The fewest steps from each field (S = 0 .. F = 67) to F.
const DISTANCE_TO_FINISH: [u8; 68] = distances();

const fn distances() -> [u8; 68] {
    let mut table = [0u8; 68];
    let mut field = LAST_FIELD as usize + 1;
    while field > 0 {
        field -= 1;
        let long = const_next(field as u8, true) as usize;
        let short = const_next(field as u8, false) as usize;
        let best = if table[long] < table[short] {
            table[long]
        } else {
            table[short]
        };
        table[field] = best + 1;
    }
    table
}

/// [`next`] for the constant table (const fns cannot loop over arrays with `for`).
const fn const_next(field: u8, long: bool) -> u8 {
    match field {
        10 => {
            if long {
                11
            } else {
                19
            }
        }
        33 => {
            if long {
                34
            } else {
                41
            }
        }
        52 => {
            if long {
                53
            } else {
                59
            }
        }
        18 | 23 => 24,
        40 | 44 => 45,
        58 | 61 => 62,
        66.. => FINISH,
        _ => field + 1,
    }
}

/// For each field and colour: how many of the six rolls can end on a field of that
/// colour (taking either branch at a fork). Used by the evaluation.
const COLOUR_ROLLS: [[u8; 7]; 68] = colour_rolls();

const fn colour_rolls() -> [[u8; 7]; 68] {
    let mut table = [[0u8; 7]; 68];
    let mut field = 0;
    while field <= LAST_FIELD as usize {
        let mut die = 1;
        while die <= 6 {
            let mut reached = 0u8;
            let mut long = 0;
            while long < 2 {
                let mut at = field as u8;
                let mut step = 0;
                while step < die && at != FINISH {
                    at = const_next(at, long == 0);
                    step += 1;
                }
                if at >= 1 && at <= LAST_FIELD {
                    reached |= colour_bit(CELLS[at as usize - 1]);
                }
                long += 1;
            }
            let mut colour = 0;
            while colour < 7 {
                if reached & (1 << colour) != 0 {
                    table[field][colour] += 1;
                }
                colour += 1;
            }
            die += 1;
        }
        field += 1;
    }
    table
}

/// The [`Colour::bit`] of a [`CELLS`] letter (0 for neutral fields and dots).
const fn colour_bit(letter: u8) -> u8 {
    match letter {
        b'w' => 1,
        b'g' => 1 << 1,
        b'o' => 1 << 2,
        b's' => 1 << 3,
        b'y' => 1 << 4,
        b'b' => 1 << 5,
        b'k' => 1 << 6,
        _ => 0,
    }
}

/// How many of the six rolls from `field` can end on a field of `colour`.
pub fn colour_rolls_from(field: u8, colour: Colour) -> u8 {
    COLOUR_ROLLS[usize::from(field.min(FINISH))][colour as usize]
}

/// The fewest steps from `field` to F (46 from S).
pub fn distance_to_finish(field: u8) -> u8 {
    DISTANCE_TO_FINISH[usize::from(field.min(FINISH))]
}

/// A field as written in moves and positions: `S`, `12`, `F`.
pub fn field_name(field: u8) -> String {
    match field {
        START => "S".to_string(),
        FINISH.. => "F".to_string(),
        n => n.to_string(),
    }
}

/// Reads `S`, `F` or a field number 1..=66.
pub fn parse_field(word: &str) -> Option<u8> {
    match word {
        "S" | "s" => Some(START),
        "F" | "f" => Some(FINISH),
        _ => word.parse::<u8>().ok().filter(|n| (1..=LAST_FIELD).contains(n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortest_way_is_46_steps_and_the_longest_55() {
        assert_eq!(distance_to_finish(START), 46);
        let mut longest = [0u8; 68];
        for field in (START..=LAST_FIELD).rev() {
            longest[usize::from(field)] = 1 + longest[usize::from(next(field, Branch::Long))]
                .max(longest[usize::from(next(field, Branch::Short))]);
        }
        assert_eq!(longest[0], 55);
    }

    #[test]
    fn const_next_agrees_with_next() {
        for field in START..=LAST_FIELD {
            assert_eq!(const_next(field, true), next(field, Branch::Long));
            assert_eq!(const_next(field, false), next(field, Branch::Short));
        }
    }

    #[test]
    fn the_colour_roll_table_agrees_with_walking() {
        for field in START..=FINISH {
            for colour in Colour::ALL {
                let rolls = (1..=6)
                    .filter(|&die| {
                        [None, Some(Branch::Long), Some(Branch::Short)]
                            .into_iter()
                            .filter_map(|b| walk(field, die, b).ok())
                            .any(|w| field_colour(w.to) == Some(colour))
                    })
                    .count();
                assert_eq!(
                    usize::from(colour_rolls_from(field, colour)),
                    rolls,
                    "{field} {colour}"
                );
                assert_eq!(colour_bit(colour.letter() as u8), colour.bit());
            }
        }
    }

    #[test]
    fn forks_are_more_than_a_roll_apart() {
        // So one move (at most 6 steps) leaves at most one fork, and `move long|short`
        // says everything: no field 1..=5 steps after a fork is a fork.
        for (fork, _, _) in FORKS {
            for branch in [Branch::Long, Branch::Short] {
                let mut at = next(fork, branch);
                for _ in 1..=5 {
                    assert!(!is_fork(at), "{fork} -> {at}");
                    at = next(at, Branch::Long);
                }
            }
        }
    }
}
