//! The geometry of the five rule sets: cell names, cell kinds, each seat's path, and the
//! "slots" a piece can occupy.
//!
//! A slot is a place on a seat's trajectory. In the standard rule sets it is simply the
//! path index. In City of Ur the indices 11-15 (the small block) exist twice, once for
//! each side a piece may enter the block by, because the side decides where the piece
//! goes next: slots 0-26 are the indices themselves (11-15 entering by row 1), and slots
//! 27-31 are the indices 11-15 entering by row 3.

use std::sync::LazyLock;

/// A cell of the board: `(row - 1) * 12 + file`, files a.. = 0.., rows 1-3.
pub type Cell = u8;

/// Cells numbered on the widest board (three rows of twelve files).
pub const CELLS: usize = 36;

/// Slots per seat (City of Ur's 27 indices plus the five doubled small-block indices).
pub const SLOTS: usize = 32;

/// The cell at `file` (0 = a) and `row` (1-3).
pub const fn cell(file: u8, row: u8) -> Cell {
    (row - 1) * 12 + file
}

/// The file of a cell, 0 = a.
pub fn file_of(cell: Cell) -> u8 {
    cell % 12
}

/// The row of a cell, 1-3.
pub fn row_of(cell: Cell) -> u8 {
    cell / 12 + 1
}

/// A cell's name: `e2`.
pub fn cell_name(cell: Cell) -> String {
    format!("{}{}", (b'a' + file_of(cell)) as char, row_of(cell))
}

/// Reads a cell name (`e2`) without checking that the board has it.
pub fn parse_cell(text: &str) -> Option<Cell> {
    let bytes = text.as_bytes();
    match bytes {
        [file @ b'a'..=b'l', row @ b'1'..=b'3'] => Some(cell(file - b'a', row - b'0')),
        _ => None,
    }
}

/// What a cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Not part of this board (the gap beside the bridge, files past the board).
    Missing,
    /// An ordinary cell: one piece at most.
    Plain,
    /// City: a blue star of Inanna (extra roll after a forward landing; not safe).
    Star,
    /// City: the white cell h2 that flips pieces (not safe).
    White,
    /// City: a green cell (safe; any pieces of either player and face).
    Green,
    /// City: a "four eyes" cell (safe; any pieces, all showing the same face).
    FourEyes,
    /// Standard rule sets: a rosette (extra roll; safe in finkel and aseb).
    Rosette,
}

impl Kind {
    /// True for City's safe cells (green and four eyes), where nothing is captured.
    pub fn is_safe_in_city(self) -> bool {
        matches!(self, Kind::Green | Kind::FourEyes)
    }
}

/// The rule set being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// The seed's City of Ur (rules.md 2a).
    City,
    /// royalur.net's Finkel rules.
    Finkel,
    /// royalur.net's Masters rules.
    Masters,
    /// royalur.net's Blitz rules.
    Blitz,
    /// royalur.net's Aseb rules.
    Aseb,
}

impl RuleSet {
    /// The option values in the order `rules=` lists them.
    pub const ALL: [RuleSet; 5] = [
        RuleSet::City,
        RuleSet::Finkel,
        RuleSet::Masters,
        RuleSet::Blitz,
        RuleSet::Aseb,
    ];

    /// The option value: `city`.
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::City => "city",
            RuleSet::Finkel => "finkel",
            RuleSet::Masters => "masters",
            RuleSet::Blitz => "blitz",
            RuleSet::Aseb => "aseb",
        }
    }

    /// The rule set named by an option value.
    pub fn from_name(name: &str) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// How a roll is thrown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceKind {
    /// One tetrahedral die, 1-4.
    Tetrahedral,
    /// Four binary dice, 0-4.
    FourBinary,
    /// Three binary dice, 0 counting as 4: 1-4.
    ThreeBinaryZeroIsFour,
}

/// Everything fixed about a rule set.
#[derive(Debug)]
pub struct Layout {
    /// Which rule set this is.
    pub rules: RuleSet,
    /// Files on the board (8, or 12 for aseb).
    pub files: u8,
    /// Pieces per side.
    pub pieces: u8,
    /// Path indices on the board; index `path_len` means borne off.
    pub path_len: u8,
    /// Slots in use.
    pub slot_count: u8,
    /// The dice.
    pub dice: DiceKind,
    /// Standard sets: pieces on rosettes cannot be captured.
    pub safe_rosettes: bool,
    /// Blitz: a capture gives an extra roll.
    pub capture_bonus: bool,
    kinds: [Kind; CELLS],
    slot_index: [u8; SLOTS],
    slot_cell: [[Cell; SLOTS]; 2],
}

/// City: the cells of Light's trajectory outside the small block, indices 0-10.
const CITY_OUT: [(u8, u8); 11] = [
    (3, 1),
    (2, 1),
    (1, 1),
    (0, 1),
    (0, 2),
    (1, 2),
    (2, 2),
    (3, 2),
    (4, 2),
    (5, 2),
    (6, 2),
];

/// City: index of the first cell of the small block and of the white cell.
pub const CITY_ENTRY: u8 = 11;
/// City: the index of the white cell h2; pieces at this index and beyond are marked.
pub const CITY_WHITE: u8 = 13;
/// City: the last small-block index.
pub const CITY_EXIT: u8 = 15;

/// City: the slot of index `index` on the side entered by row 3 (`via3`) or row 1.
pub fn city_slot(index: u8, via3: bool) -> u8 {
    if via3 && (CITY_ENTRY..=CITY_EXIT).contains(&index) {
        index + 16
    } else {
        index
    }
}

/// City: true if the slot is a small-block index entered by row 3.
pub fn city_via3(slot: u8) -> bool {
    slot >= 27
}

fn mirror(file: u8, row: u8, seat: usize) -> Cell {
    if seat == 1 {
        cell(file, 4 - row)
    } else {
        cell(file, row)
    }
}

/// City: the cell of `index` for `seat`, entering the small block by row 3 if `via3`.
fn city_cell(seat: usize, index: u8, via3: bool) -> Cell {
    let (near, far) = if via3 { (3, 1) } else { (1, 3) };
    match index {
        0..=10 => {
            let (file, row) = CITY_OUT[index as usize];
            mirror(file, row, seat)
        }
        11 => cell(6, near),
        12 => cell(7, near),
        13 => cell(7, 2),
        14 => cell(7, far),
        15 => cell(6, far),
        _ => {
            let (file, row) = CITY_OUT[(26 - index.min(26)) as usize];
            mirror(file, row, seat)
        }
    }
}

fn path_cells(steps: &[(u8, u8, u8, u8)]) -> Vec<(u8, u8)> {
    // Each (file, row) to (file, row) run is walked one cell at a time.
    let mut cells = Vec::new();
    for &(f0, r0, f1, r1) in steps {
        let (mut f, mut r) = (f0 as i8, r0 as i8);
        loop {
            cells.push((f as u8, r as u8));
            if (f as u8, r as u8) == (f1, r1) {
                break;
            }
            f += (f1 as i8 - f).signum();
            r += (r1 as i8 - r).signum();
        }
    }
    cells
}

fn build(rules: RuleSet) -> Layout {
    let mut kinds = [Kind::Missing; CELLS];
    let mut slot_index = [0u8; SLOTS];
    let mut slot_cell = [[0u8; SLOTS]; 2];
    let files: u8 = if rules == RuleSet::Aseb { 12 } else { 8 };
    for row in 1..=3u8 {
        for file in 0..files {
            let exists = match rules {
                RuleSet::Aseb => row == 2 || file < 4,
                _ => row == 2 || !(4..=5).contains(&file),
            };
            if exists {
                kinds[cell(file, row) as usize] = Kind::Plain;
            }
        }
    }
    let mark = |kinds: &mut [Kind; CELLS], names: &[&str], kind: Kind| {
        for name in names {
            if let Some(c) = parse_cell(name) {
                kinds[c as usize] = kind;
            }
        }
    };
    let (path_len, slot_count) = if rules == RuleSet::City {
        mark(&mut kinds, &["a1", "a3", "d2", "g1", "g3"], Kind::Star);
        mark(&mut kinds, &["h2"], Kind::White);
        mark(&mut kinds, &["e2", "h1", "h3"], Kind::Green);
        mark(&mut kinds, &["b1", "b3", "b2", "g2"], Kind::FourEyes);
        for slot in 0..SLOTS as u8 {
            let (index, via3) = if slot >= 27 {
                (slot - 16, true)
            } else {
                (slot, false)
            };
            slot_index[slot as usize] = index;
            for (seat, cells) in slot_cell.iter_mut().enumerate() {
                cells[slot as usize] = city_cell(seat, index, via3);
            }
        }
        (27, SLOTS as u8)
    } else {
        let path = match rules {
            RuleSet::Finkel => path_cells(&[(3, 1, 0, 1), (0, 2, 7, 2), (7, 1, 6, 1)]),
            RuleSet::Aseb => path_cells(&[(3, 1, 0, 1), (0, 2, 11, 2)]),
            _ => path_cells(&[
                (3, 1, 0, 1),
                (0, 2, 6, 2),
                (6, 3, 7, 3),
                (7, 2, 7, 1),
                (6, 1, 6, 1),
            ]),
        };
        if rules == RuleSet::Aseb {
            mark(&mut kinds, &["a1", "a3", "d2", "h2", "l2"], Kind::Rosette);
        } else {
            mark(&mut kinds, &["a1", "a3", "d2", "g1", "g3"], Kind::Rosette);
        }
        for (index, &(file, row)) in path.iter().enumerate() {
            slot_index[index] = index as u8;
            for (seat, cells) in slot_cell.iter_mut().enumerate() {
                cells[index] = mirror(file, row, seat);
            }
        }
        (path.len() as u8, path.len() as u8)
    };
    Layout {
        rules,
        files,
        pieces: match rules {
            RuleSet::City | RuleSet::Blitz | RuleSet::Aseb => 5,
            RuleSet::Finkel | RuleSet::Masters => 7,
        },
        path_len,
        slot_count,
        dice: match rules {
            RuleSet::City => DiceKind::Tetrahedral,
            RuleSet::Masters => DiceKind::ThreeBinaryZeroIsFour,
            _ => DiceKind::FourBinary,
        },
        safe_rosettes: matches!(rules, RuleSet::Finkel | RuleSet::Aseb),
        capture_bonus: rules == RuleSet::Blitz,
        kinds,
        slot_index,
        slot_cell,
    }
}

/// Layouts are equal when they belong to the same rule set.
impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.rules == other.rules
    }
}

impl Eq for Layout {}

static LAYOUTS: LazyLock<[Layout; 5]> = LazyLock::new(|| RuleSet::ALL.map(build));

impl Layout {
    /// The layout of a rule set.
    pub fn of(rules: RuleSet) -> &'static Layout {
        let index = RuleSet::ALL.iter().position(|&r| r == rules).unwrap_or(0);
        &LAYOUTS[index]
    }

    /// True for City of Ur (faces, sides, backward captures).
    pub fn is_city(&self) -> bool {
        self.rules == RuleSet::City
    }

    /// The kind of a cell (Missing for cells off this board).
    pub fn kind(&self, cell: Cell) -> Kind {
        self.kinds.get(cell as usize).copied().unwrap_or(Kind::Missing)
    }

    /// The path index of a slot.
    pub fn index(&self, slot: u8) -> u8 {
        self.slot_index[slot as usize]
    }

    /// The cell of `seat`'s slot.
    pub fn cell_of(&self, seat: usize, slot: u8) -> Cell {
        self.slot_cell[seat][slot as usize]
    }

    /// True if a piece in this slot shows its marked side (City only: index 13 and up).
    pub fn marked(&self, slot: u8) -> bool {
        self.is_city() && self.index(slot) >= CITY_WHITE
    }

    /// The largest roll the dice can show.
    pub fn max_roll(&self) -> u8 {
        4
    }

    /// The smallest roll the dice can show.
    pub fn min_roll(&self) -> u8 {
        match self.dice {
            DiceKind::FourBinary => 0,
            _ => 1,
        }
    }

    /// True if the board has this cell.
    pub fn exists(&self, cell: Cell) -> bool {
        self.kind(cell) != Kind::Missing
    }

    /// The slots `seat` can stand on at `cell`.
    pub fn slots_at(&self, seat: usize, cell: Cell) -> impl Iterator<Item = u8> + '_ {
        (0..self.slot_count).filter(move |&slot| self.slot_cell[seat][slot as usize] == cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(layout: &Layout, seat: usize, slots: impl Iterator<Item = u8>) -> Vec<String> {
        slots.map(|s| cell_name(layout.cell_of(seat, s))).collect()
    }

    #[test]
    fn standard_paths_follow_royalur() {
        let finkel = Layout::of(RuleSet::Finkel);
        assert_eq!(
            names(finkel, 0, 0..finkel.path_len).join(" "),
            "d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 h2 h1 g1"
        );
        let masters = Layout::of(RuleSet::Masters);
        assert_eq!(
            names(masters, 1, 0..masters.path_len).join(" "),
            "d3 c3 b3 a3 a2 b2 c2 d2 e2 f2 g2 g1 h1 h2 h3 g3"
        );
        let aseb = Layout::of(RuleSet::Aseb);
        assert_eq!(
            names(aseb, 0, 0..aseb.path_len).join(" "),
            "d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 h2 i2 j2 k2 l2"
        );
    }

    #[test]
    fn city_trajectory_matches_rules_md() {
        let city = Layout::of(RuleSet::City);
        let via1: Vec<u8> = (0..27).collect();
        assert_eq!(
            names(city, 0, via1.into_iter()).join(" "),
            "d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 g1 h1 h2 h3 g3 g2 f2 e2 d2 c2 b2 a2 a1 b1 c1 d1"
        );
        let via3: Vec<u8> = (11..16).map(|i| city_slot(i, true)).collect();
        assert_eq!(names(city, 0, via3.into_iter()).join(" "), "g3 h3 h2 h1 g1");
        assert_eq!(
            names(city, 1, [0, 3, 23, 26].into_iter()).join(" "),
            "d3 a3 a3 d3"
        );
    }
}
