//! Legal moves of every rule set: where a piece may go with a roll, what it captures,
//! whether it earns an extra roll, and why a move is refused.
//!
//! A move of one piece is a [`Plan`]. `attempts` lists every move the geometry offers a
//! piece for a roll (forward along its path, and in City backward too) together with the
//! verdict of the rules, so that the legal list and the refusal reasons come from the same
//! code.

use super::board::{CITY_ENTRY, CITY_EXIT, CITY_WHITE, Cell, Kind, Layout, SLOTS, cell_name, city_slot};
use super::{Army, SEAT_NAMES};

use std::cell::RefCell;

thread_local! {
    static TRIED: RefCell<Vec<(Plan, Result<(), Refusal>)>> = RefCell::new(Vec::with_capacity(32));
}

/// One legal (or attempted) move of one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The slot the piece leaves; `None` for a piece entering from the reserve.
    pub from: Option<u8>,
    /// The slot it moves to (where it captures, before any retreat); `None` = borne off.
    pub to: Option<u8>,
    /// True for a City backward capture.
    pub backward: bool,
    /// The opponent slot whose piece is captured.
    pub capture: Option<u8>,
    /// City `back-star=retreat`: the slot the piece retreats to after capturing on a star.
    pub retreat: Option<u8>,
    /// The first cell of the small block's side when the move chose a side (City).
    pub via: Option<Cell>,
    /// True if the move earns an extra roll.
    pub extra: bool,
}

impl Plan {
    /// Where the moving piece ends (`None` = borne off).
    pub fn end(&self) -> Option<u8> {
        self.retreat.or(self.to)
    }
}

/// Why a move the geometry allows is against the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The target cell holds the mover's own piece and cannot be shared.
    OwnPiece(Cell),
    /// A safe rosette held by the opponent.
    SafeRosette(Cell),
    /// City: the opponent piece there shows the other face.
    FaceMismatch {
        /// Whether the moving piece is marked.
        mover_marked: bool,
    },
    /// City: a four-eyes cell holding pieces of the other face.
    FourEyes {
        /// The four-eyes cell.
        cell: Cell,
        /// Whether the pieces there are marked.
        holds_marked: bool,
    },
    /// City: a backward move that captures nothing.
    BackwardNoCapture(Cell),
    /// City: a backward move onto a safe cell.
    BackwardOntoSafe(Cell),
    /// City: a marked piece moving back past h2.
    AcrossWhite,
    /// City `back-star=retreat`: the retreat would leave the trajectory.
    RetreatOffPath {
        /// The star where the piece captured backward.
        star: Cell,
    },
    /// City `back-star=retreat`: the retreat cell cannot be landed on without a capture.
    RetreatBlocked {
        /// The star where the piece captured backward.
        star: Cell,
        /// The cell it would retreat to.
        to: Cell,
    },
}

impl Refusal {
    /// The reason as people read it; `mover` is the moving seat.
    pub fn explain(self, mover: usize) -> String {
        let me = SEAT_NAMES[mover];
        let them = SEAT_NAMES[1 - mover];
        match self {
            Refusal::OwnPiece(cell) => format!("{} is already held by a {me} piece", cell_name(cell)),
            Refusal::SafeRosette(cell) => format!("{} is a safe rosette held by {them}", cell_name(cell)),
            Refusal::FaceMismatch { mover_marked: false } => {
                "a blank piece cannot capture a marked one".to_string()
            }
            Refusal::FaceMismatch { mover_marked: true } => {
                "a marked piece cannot capture a blank one".to_string()
            }
            Refusal::FourEyes { cell, holds_marked } => {
                let (held, moving) = if holds_marked {
                    ("marked", "a blank")
                } else {
                    ("blank", "a marked")
                };
                format!(
                    "{} is a four-eyes cell holding {held} pieces; {moving} piece cannot join them",
                    cell_name(cell)
                )
            }
            Refusal::BackwardNoCapture(cell) => format!(
                "a piece moves backward only to capture, and {} holds no {them} piece it could capture",
                cell_name(cell)
            ),
            Refusal::BackwardOntoSafe(cell) => format!(
                "a piece moves backward only to capture, and {} is a safe cell",
                cell_name(cell)
            ),
            Refusal::AcrossWhite => "a marked piece never moves back across h2".to_string(),
            Refusal::RetreatOffPath { star } => format!(
                "after a backward capture on the star {} the piece must retreat as far again, and that leaves its trajectory",
                cell_name(star)
            ),
            Refusal::RetreatBlocked { star, to } => format!(
                "after a backward capture on the star {} the piece must retreat to {}, which it cannot land on without a capture",
                cell_name(star),
                cell_name(to)
            ),
        }
    }
}

/// Pieces per cell: `[seat][marked]`.
pub type Occupancy = [[[u8; 2]; 2]; super::board::CELLS];

/// Counts every piece on the board by cell, seat and face.
pub fn occupancy(layout: &Layout, armies: &[Army; 2]) -> Occupancy {
    let mut occ = [[[0u8; 2]; 2]; super::board::CELLS];
    for (seat, army) in armies.iter().enumerate() {
        for slot in 0..layout.slot_count {
            let n = army.counts[slot as usize];
            if n > 0 {
                let cell = layout.cell_of(seat, slot) as usize;
                occ[cell][seat][usize::from(layout.marked(slot))] += n;
            }
        }
    }
    occ
}

/// The rules every attempt is judged by.
pub struct Judge<'a> {
    /// The rule set.
    pub layout: &'static Layout,
    /// Both armies.
    pub armies: &'a [Army; 2],
    /// The seat to move.
    pub mover: usize,
    /// City option `back-star=retreat`.
    pub retreat: bool,
    /// The pieces on each cell.
    pub occ: Occupancy,
}

impl<'a> Judge<'a> {
    /// A judge for `mover` in this position.
    pub fn new(layout: &'static Layout, armies: &'a [Army; 2], mover: usize, retreat: bool) -> Judge<'a> {
        Judge {
            layout,
            armies,
            mover,
            retreat,
            occ: occupancy(layout, armies),
        }
    }

    /// May a piece showing `marked` land on `cell`? `Ok(true)` when it captures there.
    fn landing(&self, occ: &Occupancy, cell: Cell, marked: bool) -> Result<bool, Refusal> {
        let here = occ[cell as usize];
        let mine = here[self.mover][0] + here[self.mover][1];
        let theirs = here[1 - self.mover];
        match self.layout.kind(cell) {
            Kind::Green => Ok(false),
            Kind::FourEyes => {
                let other_face = usize::from(!marked);
                if here[0][other_face] + here[1][other_face] > 0 {
                    Err(Refusal::FourEyes {
                        cell,
                        holds_marked: !marked,
                    })
                } else {
                    Ok(false)
                }
            }
            kind => {
                if mine > 0 {
                    return Err(Refusal::OwnPiece(cell));
                }
                if theirs[0] + theirs[1] == 0 {
                    return Ok(false);
                }
                if kind == Kind::Rosette && self.layout.safe_rosettes {
                    return Err(Refusal::SafeRosette(cell));
                }
                if self.layout.is_city() && theirs[usize::from(marked)] == 0 {
                    return Err(Refusal::FaceMismatch { mover_marked: marked });
                }
                Ok(true)
            }
        }
    }

    /// The opponent slot holding the piece on `cell` (non-shared cells hold one).
    fn victim(&self, cell: Cell) -> Option<u8> {
        let opponent = 1 - self.mover;
        (0..self.layout.slot_count).find(|&s| {
            self.armies[opponent].counts[s as usize] > 0 && self.layout.cell_of(opponent, s) == cell
        })
    }

    /// Every move the geometry offers the piece in `from` (`None` = reserve) for `roll`,
    /// with the rules' verdict.
    pub fn attempts(&self, from: Option<u8>, roll: u8, out: &mut Vec<(Plan, Result<(), Refusal>)>) {
        if roll == 0 {
            return;
        }
        self.forward(from, roll, out);
        if self.layout.is_city()
            && let Some(slot) = from
        {
            self.backward(slot, roll, out);
        }
    }

    /// The slots at path index `target` that a piece in `slot` (`None` = reserve) can reach
    /// (two when the move picks a side of the small block), each with the cell that names
    /// the side when one was picked: the block's first cell going forward, its last going
    /// backward.
    fn routes(&self, slot: Option<u8>, target: u8, backward: bool) -> [Option<(u8, Option<Cell>)>; 2] {
        let layout = self.layout;
        if !layout.is_city() || !(CITY_ENTRY..=CITY_EXIT).contains(&target) {
            return [Some((target, None)), None];
        }
        let index = slot.map(|s| layout.index(s));
        match index {
            Some(i) if (CITY_ENTRY..=CITY_EXIT).contains(&i) => {
                let via3 = super::board::city_via3(slot.unwrap_or(0));
                [Some((city_slot(target, via3), None)), None]
            }
            _ => [false, true].map(|via3| {
                let side_cell = if backward { CITY_EXIT } else { CITY_ENTRY };
                let cell = layout.cell_of(self.mover, city_slot(side_cell, via3));
                Some((city_slot(target, via3), Some(cell)))
            }),
        }
    }

    fn forward(&self, from: Option<u8>, roll: u8, out: &mut Vec<(Plan, Result<(), Refusal>)>) {
        let layout = self.layout;
        let start = from.map_or(-1, |s| i16::from(layout.index(s)));
        let target = start + i16::from(roll);
        let path_len = i16::from(layout.path_len);
        if target > path_len {
            return;
        }
        let base = Plan {
            from,
            to: None,
            backward: false,
            capture: None,
            retreat: None,
            via: None,
            extra: false,
        };
        if target == path_len {
            out.push((base, Ok(())));
            return;
        }
        let target = target as u8;
        for (slot, via) in self.routes(from, target, false).into_iter().flatten() {
            let cell = layout.cell_of(self.mover, slot);
            let mut plan = Plan {
                to: Some(slot),
                via,
                ..base
            };
            let verdict = self
                .landing(&self.occ, cell, layout.marked(slot))
                .map(|captures| {
                    if captures {
                        plan.capture = self.victim(cell);
                    }
                    let kind = layout.kind(cell);
                    plan.extra =
                        matches!(kind, Kind::Star | Kind::Rosette) || (captures && layout.capture_bonus);
                });
            out.push((plan, verdict));
        }
    }

    fn backward(&self, from: u8, roll: u8, out: &mut Vec<(Plan, Result<(), Refusal>)>) {
        let layout = self.layout;
        let index = layout.index(from);
        let Some(target) = index.checked_sub(roll) else {
            return;
        };
        let marked = layout.marked(from);
        for (slot, via) in self.routes(Some(from), target, true).into_iter().flatten() {
            let cell = layout.cell_of(self.mover, slot);
            let mut plan = Plan {
                from: Some(from),
                to: Some(slot),
                backward: true,
                capture: None,
                retreat: None,
                via,
                extra: false,
            };
            if marked && target < CITY_WHITE {
                out.push((plan, Err(Refusal::AcrossWhite)));
                continue;
            }
            match self.landing(&self.occ, cell, marked) {
                Ok(true) => plan.capture = self.victim(cell),
                Ok(false) if layout.kind(cell).is_safe_in_city() => {
                    out.push((plan, Err(Refusal::BackwardOntoSafe(cell))));
                    continue;
                }
                Ok(false) => {
                    out.push((plan, Err(Refusal::BackwardNoCapture(cell))));
                    continue;
                }
                Err(refusal) => {
                    out.push((plan, Err(refusal)));
                    continue;
                }
            }
            if !(self.retreat && layout.kind(cell) == Kind::Star) {
                out.push((plan, Ok(())));
                continue;
            }
            // The retreat: as far back again, onto a cell free to land on without a capture.
            let retreat_target = target.checked_sub(roll).filter(|&t| !marked || t >= CITY_WHITE);
            let Some(retreat_target) = retreat_target else {
                out.push((plan, Err(Refusal::RetreatOffPath { star: cell })));
                continue;
            };
            let mut after = self.occ;
            after[cell as usize][1 - self.mover][usize::from(marked)] -= 1;
            let origin = layout.cell_of(self.mover, from) as usize;
            after[origin][self.mover][usize::from(marked)] -= 1;
            for (retreat_slot, retreat_via) in self
                .routes(Some(slot), retreat_target, true)
                .into_iter()
                .flatten()
            {
                let retreat_cell = layout.cell_of(self.mover, retreat_slot);
                let verdict = match self.landing(&after, retreat_cell, marked) {
                    Ok(false) => Ok(()),
                    _ => Err(Refusal::RetreatBlocked {
                        star: cell,
                        to: retreat_cell,
                    }),
                };
                let plan = Plan {
                    retreat: Some(retreat_slot),
                    via: plan.via.or(retreat_via),
                    ..plan
                };
                out.push((plan, verdict));
            }
        }
    }

    /// Every legal move of the mover with `roll` (empty when nothing can move).
    pub fn legal(&self, roll: u8, out: &mut Vec<Plan>) {
        // A scratch buffer per thread: searches generate moves at every node.
        TRIED.with(|tried| {
            let mut tried = tried.borrow_mut();
            tried.clear();
            let army = &self.armies[self.mover];
            if army.reserve > 0 {
                self.attempts(None, roll, &mut tried);
            }
            for slot in 0..self.layout.slot_count {
                if army.counts[slot as usize] > 0 {
                    self.attempts(Some(slot), roll, &mut tried);
                }
            }
            out.extend(tried.drain(..).filter(|(_, v)| v.is_ok()).map(|(p, _)| p));
        });
    }
}

/// Applies a plan for `mover` to the armies.
pub fn apply(armies: &mut [Army; 2], mover: usize, plan: &Plan) {
    let army = &mut armies[mover];
    match plan.from {
        Some(slot) => army.counts[slot as usize] -= 1,
        None => army.reserve -= 1,
    }
    match plan.end() {
        Some(slot) => army.counts[slot as usize] += 1,
        None => army.off += 1,
    }
    if let Some(slot) = plan.capture {
        let opponent = &mut armies[1 - mover];
        opponent.counts[slot as usize] -= 1;
        opponent.reserve += 1;
    }
}

const _: () = assert!(SLOTS == 32);
