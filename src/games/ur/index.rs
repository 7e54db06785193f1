//! Dense numbering of every position of a standard rule set (finkel, masters, blitz,
//! aseb), seen from the side to roll, and a fast move generator on that form: what an
//! exact solver needs from the rules.
//!
//! A position is two bit masks over each side's own path (in these rule sets a cell holds
//! one piece at most, so a piece is one bit) and two borne-off counts; the reserve is what
//! is left. The side to roll is always "mine", so a position and its mirror (the same
//! pieces, the other side to roll) have different numbers and nothing depends on colour.
//!
//! Numbering. Cells split into each side's private cells (its start and, in finkel, its
//! end) and the shared cells; a shared cell is empty, mine or theirs. Positions are
//! grouped in layers by borne-off counts (mine, theirs); the layers of one unordered pair
//! {a, b} are adjacent and the pairs come in solving order (most pieces borne off first),
//! because bearing off is the only move that changes a layer, so a pair depends only on
//! itself and the pairs before it; the positions with at most k pieces left per side are
//! a prefix. Inside a layer, blocks are keyed by how many pieces of
//! each side stand on shared and on private cells; inside a block, a position's number
//! is (rank of the shared cells' contents, rank of my private mask, rank of theirs).

use super::board::{DiceKind, Kind, Layout, RuleSet};
use super::{Army, Stage, Ur};
use crate::core::Seat;

/// One side's pieces: bit `i` of `board` is a piece at index `i` of its own path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Side {
    /// Pieces on the board by path index.
    pub board: u16,
    /// Pieces borne off.
    pub off: u8,
}

/// A position with the side to roll first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct State {
    /// The side to roll.
    pub mine: Side,
    /// The other side.
    pub theirs: Side,
}

impl State {
    /// The same pieces with the other side to roll.
    pub fn flipped(self) -> State {
        State {
            mine: self.theirs,
            theirs: self.mine,
        }
    }
}

/// What one legal move leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The mover bore off its last piece and won.
    Won,
    /// The mover rolls again in this position.
    Again(State),
    /// The other side rolls next, in this position (seen from that side).
    Handover(State),
}

/// A block of positions: fixed borne-off counts and pieces per kind of cell.
#[derive(Clone, Copy, Debug)]
struct Block {
    start: u64,
    /// Index of the shared-cell group (pieces of mine and theirs on shared cells).
    group: u32,
    mine_private: u8,
    theirs_private: u8,
    mine_off: u8,
    theirs_off: u8,
    /// Private masks of the other side with its count (the fastest-changing part).
    theirs_choices: u32,
    mine_choices: u32,
}

/// The numbering and the fast move generator of one standard rule set.
#[derive(Debug)]
pub struct UrIndex {
    rules: RuleSet,
    pieces: u8,
    path_len: u8,
    /// Own path indices on cells both sides use.
    shared: u16,
    shared_count: u8,
    private_count: u8,
    /// For an own index on a shared cell, the other side's index of the same cell.
    across: [u8; 16],
    rosettes: u16,
    safe_rosettes: bool,
    capture_bonus: bool,
    roll_odds: [f64; 5],
    /// Trit value (base 3, 1 = mine, 2 = theirs) added by each byte of a mask.
    mine_trits: [[u32; 256]; 2],
    theirs_trits: [[u32; 256]; 2],
    /// Compact private bits given by each byte of a mask.
    private_bits: [[u8; 256]; 2],
    /// Rank of a trit value among those with the same piece counts.
    trit_rank: Vec<u32>,
    /// Shared contents per group `mine * (S + 1) + theirs`, as masks (mine, theirs).
    groups: Vec<Vec<(u16, u16)>>,
    /// Rank of a compact private mask among those with the same count.
    private_rank: Vec<u32>,
    /// Private masks (in path bits) with `n` pieces, in rank order.
    private_masks: Vec<Vec<u16>>,
    blocks: Vec<Block>,
    /// Block number by key, `u32::MAX` for none.
    block_of: Vec<u32>,
    /// For each run of 2^DIRECTORY_SHIFT numbers, the block holding its first number.
    directory: Vec<u32>,
    layers: Vec<std::ops::Range<u64>>,
    layer_pairs: Vec<(u8, u8)>,
    size: u64,
}

const DIRECTORY_SHIFT: u32 = 9;

fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * u64::from(n - i) / u64::from(i + 1))
}

/// The cells of the first side's path: the mask of path indices both sides share, for
/// each shared index the other side's index of the same cell, and the mask of rosettes.
fn path_cells(layout: &Layout) -> (u16, [u8; 16], u16) {
    let path_len = layout.path_len;
    let mut shared = 0u16;
    let mut across = [0u8; 16];
    let mut rosettes = 0u16;
    for i in 0..path_len {
        let cell = layout.cell_of(0, i);
        if let Some(j) = (0..path_len).find(|&j| layout.cell_of(1, j) == cell) {
            shared |= 1 << i;
            across[i as usize] = j;
        }
        if layout.kind(cell) == Kind::Rosette {
            rosettes |= 1 << i;
        }
    }
    (shared, across, rosettes)
}

/// Per half of a path mask and per byte value, what those pieces add to the shared
/// trits (mine and theirs) and to the private bits.
struct ByteTables {
    mine_trits: [[u32; 256]; 2],
    theirs_trits: [[u32; 256]; 2],
    private_bits: [[u8; 256]; 2],
}

impl ByteTables {
    fn new(path_len: u8, shared_list: &[u8], private_list: &[u8], across: &[u8; 16]) -> ByteTables {
        let position = |i: u8| shared_list.iter().position(|&s| s == i);
        let pow3 = |p: usize| 3u32.pow(p as u32);
        let mut tables = ByteTables {
            mine_trits: [[0u32; 256]; 2],
            theirs_trits: [[0u32; 256]; 2],
            private_bits: [[0u8; 256]; 2],
        };
        for half in 0..2 {
            for byte in 0..256usize {
                for bit in 0..8 {
                    if byte & (1 << bit) == 0 {
                        continue;
                    }
                    let i = (half * 8 + bit) as u8;
                    if i >= path_len {
                        continue;
                    }
                    if let Some(p) = position(i) {
                        tables.mine_trits[half][byte] += pow3(p);
                        // Their piece at their index i stands on my index across[i].
                        let mine_index = across[i as usize];
                        tables.theirs_trits[half][byte] += 2 * pow3(position(mine_index).unwrap_or(0));
                    } else if let Some(p) = private_list.iter().position(|&s| s == i) {
                        tables.private_bits[half][byte] |= 1 << p;
                    }
                }
            }
        }
        tables
    }
}

/// For every trit value of the shared cells, its rank within its group (pieces of each
/// side on shared cells), and each group's (mine, theirs) masks in rank order.
fn shared_ranks(shared_list: &[u8], across: &[u8; 16]) -> (Vec<u32>, Vec<Vec<(u16, u16)>>) {
    let sides = shared_list.len() + 1;
    let mut groups = vec![Vec::new(); sides * sides];
    let mut trit_rank = vec![0u32; 3u32.pow(shared_list.len() as u32) as usize];
    for (value, rank) in trit_rank.iter_mut().enumerate() {
        let (mut rest, mut mine, mut theirs) = (value, 0u16, 0u16);
        for &i in shared_list {
            match rest % 3 {
                1 => mine |= 1 << i,
                2 => theirs |= 1 << across[i as usize],
                _ => {}
            }
            rest /= 3;
        }
        let group = mine.count_ones() as usize * sides + theirs.count_ones() as usize;
        *rank = groups[group].len() as u32;
        groups[group].push((mine, theirs));
    }
    (trit_rank, groups)
}

/// For every compact mask of the private cells, its rank among masks with as many
/// pieces, and per piece count the path masks in rank order.
fn private_ranks(private_list: &[u8]) -> (Vec<u32>, Vec<Vec<u16>>) {
    let mut private_rank = vec![0u32; 1 << private_list.len()];
    let mut private_masks = vec![Vec::new(); private_list.len() + 1];
    for (compact, rank) in private_rank.iter_mut().enumerate() {
        let mut mask = 0u16;
        for (p, &i) in private_list.iter().enumerate() {
            if compact & (1 << p) != 0 {
                mask |= 1 << i;
            }
        }
        let n = compact.count_ones() as usize;
        *rank = private_masks[n].len() as u32;
        private_masks[n].push(mask);
    }
    (private_rank, private_masks)
}

impl UrIndex {
    /// The numbering of a standard rule set; `None` for City of Ur, whose cells hold
    /// several pieces and which has no table.
    pub fn new(rules: RuleSet) -> Option<UrIndex> {
        let layout = Layout::of(rules);
        if layout.is_city() {
            return None;
        }
        let path_len = layout.path_len;
        let (shared, across, rosettes) = path_cells(layout);
        let shared_count = shared.count_ones() as u8;
        let private_count = path_len - shared_count;
        let shared_list: Vec<u8> = (0..path_len).filter(|i| shared & (1 << i) != 0).collect();
        let private_list: Vec<u8> = (0..path_len).filter(|i| shared & (1 << i) == 0).collect();
        let ByteTables {
            mine_trits,
            theirs_trits,
            private_bits,
        } = ByteTables::new(path_len, &shared_list, &private_list, &across);
        let (trit_rank, groups) = shared_ranks(&shared_list, &across);
        let (private_rank, private_masks) = private_ranks(&private_list);
        let roll_odds = match layout.dice {
            DiceKind::FourBinary => [1.0, 4.0, 6.0, 4.0, 1.0].map(|n| n / 16.0),
            DiceKind::ThreeBinaryZeroIsFour => [0.0, 3.0, 3.0, 1.0, 1.0].map(|n| n / 8.0),
            DiceKind::Tetrahedral => [0.0, 1.0, 1.0, 1.0, 1.0].map(|n| n / 4.0),
        };
        let mut index = UrIndex {
            rules,
            pieces: layout.pieces,
            path_len,
            shared,
            shared_count,
            private_count,
            across,
            rosettes,
            safe_rosettes: layout.safe_rosettes,
            capture_bonus: layout.capture_bonus,
            roll_odds,
            mine_trits,
            theirs_trits,
            private_bits,
            trit_rank,
            groups,
            private_rank,
            private_masks,
            blocks: Vec::new(),
            block_of: Vec::new(),
            directory: Vec::new(),
            layers: Vec::new(),
            layer_pairs: Vec::new(),
            size: 0,
        };
        index.lay_out();
        Some(index)
    }

    fn block_key(
        &self,
        mine_off: u8,
        theirs_off: u8,
        mine_shared: u8,
        theirs_shared: u8,
        mine_private: u8,
        theirs_private: u8,
    ) -> usize {
        let n = usize::from(self.pieces);
        let s = usize::from(self.shared_count) + 1;
        let p = usize::from(self.private_count) + 1;
        ((((usize::from(mine_off) * n + usize::from(theirs_off)) * s + usize::from(mine_shared)) * s
            + usize::from(theirs_shared))
            * p
            + usize::from(mine_private))
            * p
            + usize::from(theirs_private)
    }

    fn lay_out(&mut self) {
        let n = self.pieces;
        let (s, p) = (self.shared_count, self.private_count);
        let keys = self.block_key(n - 1, n - 1, s, s, p, p) + 1;
        self.block_of = vec![u32::MAX; keys];
        let mut start = 0u64;
        // Pairs by falling fewer-borne-off count, then falling more: a pair {a, b} needs
        // only {a + 1, b} and {a, b + 1}, which come earlier, and the end layers (at most
        // k pieces left per side) are a prefix.
        for low in (0..n).rev() {
            for high in (low..n).rev() {
                let layer_start = start;
                let orders = if low == high {
                    vec![(low, high)]
                } else {
                    vec![(low, high), (high, low)]
                };
                for (mine_off, theirs_off) in orders {
                    for mine_shared in 0..=s {
                        for theirs_shared in 0..=s - mine_shared {
                            let group =
                                usize::from(mine_shared) * (usize::from(s) + 1) + usize::from(theirs_shared);
                            let contents = self.groups[group].len() as u64;
                            for mine_private in 0..=p {
                                for theirs_private in 0..=p {
                                    if mine_shared + mine_private + mine_off > n
                                        || theirs_shared + theirs_private + theirs_off > n
                                    {
                                        continue;
                                    }
                                    let mine_choices = binomial(p.into(), mine_private.into()) as u32;
                                    let theirs_choices = binomial(p.into(), theirs_private.into()) as u32;
                                    let key = self.block_key(
                                        mine_off,
                                        theirs_off,
                                        mine_shared,
                                        theirs_shared,
                                        mine_private,
                                        theirs_private,
                                    );
                                    self.block_of[key] = self.blocks.len() as u32;
                                    self.blocks.push(Block {
                                        start,
                                        group: group as u32,
                                        mine_private,
                                        theirs_private,
                                        mine_off,
                                        theirs_off,
                                        theirs_choices,
                                        mine_choices,
                                    });
                                    start += contents * u64::from(mine_choices) * u64::from(theirs_choices);
                                }
                            }
                        }
                    }
                }
                self.layers.push(layer_start..start);
                self.layer_pairs.push((low, high));
            }
        }
        self.size = start;
        let mut block = 0usize;
        self.directory = (0..start.div_ceil(1 << DIRECTORY_SHIFT))
            .map(|run| {
                let first = run << DIRECTORY_SHIFT;
                while block + 1 < self.blocks.len() && self.blocks[block + 1].start <= first {
                    block += 1;
                }
                block as u32
            })
            .collect();
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Pieces per side.
    pub fn pieces(&self) -> u8 {
        self.pieces
    }

    /// How many positions are numbered (every position of an unfinished game, each side
    /// to roll).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The number ranges of the layers in solving order: pair {a, b} of borne-off counts.
    pub fn layers(&self) -> &[std::ops::Range<u64>] {
        &self.layers
    }

    /// The borne-off counts (fewer, more) of each layer, in the order of [`UrIndex::layers`].
    pub fn layer_pairs(&self) -> &[(u8, u8)] {
        &self.layer_pairs
    }

    /// How many layers (a prefix) hold the positions where each side has at most `left`
    /// pieces not yet borne off.
    pub fn end_layers(&self, left: u8) -> usize {
        self.layer_pairs
            .iter()
            .take_while(|(low, _)| low + left >= self.pieces)
            .count()
    }

    /// The chance of each roll 0-4.
    pub fn roll_odds(&self) -> [f64; 5] {
        self.roll_odds
    }

    /// How far both sides have come: path cells covered by the pieces on the board (a
    /// move other than a capture always raises it).
    pub fn progress(&self, state: &State) -> u32 {
        let side = |mask: u16| {
            let mut total = 0u32;
            let mut rest = mask;
            while rest != 0 {
                total += rest.trailing_zeros() + 1;
                rest &= rest - 1;
            }
            total
        };
        side(state.mine.board) + side(state.theirs.board)
    }

    /// The largest [`UrIndex::progress`].
    pub fn max_progress(&self) -> u32 {
        2 * (1..=u32::from(self.path_len)).sum::<u32>()
    }

    /// Pieces of a side in the reserve.
    pub fn reserve(&self, side: Side) -> u8 {
        self.pieces - side.off - side.board.count_ones() as u8
    }

    /// True if `state` is a position of this rule set (counts, cells, nobody finished).
    pub fn is_valid(&self, state: &State) -> bool {
        let limit = ((1u32 << self.path_len) - 1) as u16;
        let fits = |side: Side| {
            side.board & !limit == 0
                && side.off < self.pieces
                && u32::from(side.off) + side.board.count_ones() <= u32::from(self.pieces)
        };
        let clash = (0..self.path_len)
            .filter(|&i| state.theirs.board & (1 << i) != 0 && self.shared & (1 << i) != 0)
            .any(|i| state.mine.board & (1 << self.across[i as usize]) != 0);
        fits(state.mine) && fits(state.theirs) && !clash
    }

    /// The number of a valid position (see [`UrIndex::is_valid`]).
    pub fn index(&self, state: &State) -> u64 {
        let (mine, theirs) = (state.mine.board, state.theirs.board);
        let lo = |m: u16| usize::from(m as u8);
        let hi = |m: u16| usize::from((m >> 8) as u8);
        let trits = self.mine_trits[0][lo(mine)]
            + self.mine_trits[1][hi(mine)]
            + self.theirs_trits[0][lo(theirs)]
            + self.theirs_trits[1][hi(theirs)];
        let mine_private = self.private_bits[0][lo(mine)] | self.private_bits[1][hi(mine)];
        let theirs_private = self.private_bits[0][lo(theirs)] | self.private_bits[1][hi(theirs)];
        let mine_shared = (mine & self.shared).count_ones() as u8;
        let theirs_shared = (theirs & self.shared).count_ones() as u8;
        let key = self.block_key(
            state.mine.off,
            state.theirs.off,
            mine_shared,
            theirs_shared,
            mine_private.count_ones() as u8,
            theirs_private.count_ones() as u8,
        );
        let block = &self.blocks[self.block_of[key] as usize];
        let within = u64::from(self.trit_rank[trits as usize])
            * u64::from(block.mine_choices)
            * u64::from(block.theirs_choices)
            + u64::from(self.private_rank[usize::from(mine_private)]) * u64::from(block.theirs_choices)
            + u64::from(self.private_rank[usize::from(theirs_private)]);
        block.start + within
    }

    /// The position with number `index` (below [`UrIndex::size`]).
    pub fn state(&self, index: u64) -> State {
        let mut at = self.directory[(index >> DIRECTORY_SHIFT) as usize] as usize;
        while at + 1 < self.blocks.len() && self.blocks[at + 1].start <= index {
            at += 1;
        }
        let block = &self.blocks[at];
        let within = index - block.start;
        let theirs_choices = u64::from(block.theirs_choices);
        let per_content = u64::from(block.mine_choices) * theirs_choices;
        let (shared_mine, shared_theirs) = self.groups[block.group as usize][(within / per_content) as usize];
        let rest = within % per_content;
        let mine_private =
            self.private_masks[usize::from(block.mine_private)][(rest / theirs_choices) as usize];
        let theirs_private =
            self.private_masks[usize::from(block.theirs_private)][(rest % theirs_choices) as usize];
        State {
            mine: Side {
                board: shared_mine | mine_private,
                off: block.mine_off,
            },
            theirs: Side {
                board: shared_theirs | theirs_private,
                off: block.theirs_off,
            },
        }
    }

    /// The outcome of every legal move with `roll` from `state`, into `out`; returns how
    /// many (0: nothing can move, the turn passes).
    pub fn moves(&self, state: &State, roll: u8, out: &mut [Next; 8]) -> usize {
        if roll == 0 {
            return 0;
        }
        let mut count = 0;
        let mine = state.mine.board;
        let sources = mine.count_ones() as usize + usize::from(self.reserve(state.mine) > 0);
        let mut rest = mine;
        for source in 0..sources {
            let (from_bit, target) = if source == 0 && self.reserve(state.mine) > 0 {
                (0u16, roll - 1)
            } else {
                let i = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                (1u16 << i, i + roll)
            };
            if target > self.path_len {
                continue;
            }
            let left = mine & !from_bit;
            if target == self.path_len {
                let off = state.mine.off + 1;
                out[count] = if off == self.pieces {
                    Next::Won
                } else {
                    Next::Handover(State {
                        mine: state.theirs,
                        theirs: Side { board: left, off },
                    })
                };
                count += 1;
                continue;
            }
            let to_bit = 1u16 << target;
            if mine & to_bit != 0 {
                continue;
            }
            let rosette = self.rosettes & to_bit != 0;
            let mut theirs = state.theirs.board;
            let mut captured = false;
            if self.shared & to_bit != 0 {
                let their_bit = 1u16 << self.across[target as usize];
                if theirs & their_bit != 0 {
                    if rosette && self.safe_rosettes {
                        continue;
                    }
                    theirs &= !their_bit;
                    captured = true;
                }
            }
            let after = State {
                mine: Side {
                    board: left | to_bit,
                    off: state.mine.off,
                },
                theirs: Side {
                    board: theirs,
                    off: state.theirs.off,
                },
            };
            out[count] = if rosette || (captured && self.capture_bonus) {
                Next::Again(after)
            } else {
                Next::Handover(after.flipped())
            };
            count += 1;
        }
        count
    }

    /// The number of `game`'s position, seen from the seat to roll, when it is a
    /// position before a roll of one of the four standard rule sets (its numbering is
    /// built once per process): Ur's [`crate::core::Lab::solved_index`].
    pub fn solved_index(game: &Ur) -> Option<u64> {
        static SHARED: [std::sync::OnceLock<Option<UrIndex>>; RuleSet::ALL.len()] =
            [const { std::sync::OnceLock::new() }; RuleSet::ALL.len()];
        if game.stage != Stage::Roll {
            return None;
        }
        let rules = game.layout.rules;
        let slot = RuleSet::ALL.iter().position(|&r| r == rules)?;
        let index = SHARED[slot].get_or_init(|| UrIndex::new(rules)).as_ref()?;
        let (state, _) = index.state_of(game)?;
        Some(index.index(&state))
    }

    /// The position of an unfinished game of this rule set, seen from the seat to act,
    /// and that seat; `None` when the game is over or of another rule set.
    pub fn state_of(&self, game: &Ur) -> Option<(State, Seat)> {
        if game.layout.rules != self.rules || matches!(game.stage, Stage::Over | Stage::RollOff(_)) {
            return None;
        }
        let side = |army: &Army| Side {
            board: (0..self.path_len)
                .filter(|&i| army.counts[usize::from(i)] > 0)
                .fold(0u16, |mask, i| mask | 1 << i),
            off: army.off,
        };
        let seat = game.turn;
        let state = State {
            mine: side(&game.armies[seat]),
            theirs: side(&game.armies[1 - seat]),
        };
        self.is_valid(&state).then_some((state, seat))
    }

    /// A game of this rule set at `state` with `seat` to roll (`base` gives the options).
    pub fn game_at(&self, base: &Ur, state: &State, seat: Seat) -> Ur {
        let army = |side: Side| {
            let mut army = Army {
                reserve: self.reserve(side),
                off: side.off,
                ..Army::default()
            };
            for i in 0..self.path_len {
                army.counts[usize::from(i)] = u8::from(side.board & (1 << i) != 0);
            }
            army
        };
        let mut game = base.clone();
        game.armies[seat.min(1)] = army(state.mine);
        game.armies[1 - seat.min(1)] = army(state.theirs);
        game.turn = seat.min(1);
        game.stage = Stage::Roll;
        game
    }

    /// The chance that the seat to act in `game` wins under perfect play, given `value`,
    /// the chance of the side to roll in each numbered position. `None` when the game is
    /// over or of another rule set.
    pub fn win_probability(&self, game: &Ur, value: impl Fn(u64) -> f64) -> Option<f64> {
        let (state, _) = self.state_of(game)?;
        match game.stage {
            Stage::Move(roll) => Some(self.best_after_roll(&state, roll, &value)),
            _ => Some(value(self.index(&state))),
        }
    }

    /// The chance of the side to move in `state` after rolling `roll`, playing its best.
    pub fn best_after_roll(&self, state: &State, roll: u8, value: &impl Fn(u64) -> f64) -> f64 {
        self.best_move(state, roll, value)
            .unwrap_or_else(|| 1.0 - value(self.index(&state.flipped())))
    }

    /// The chance of the side to move in `state` after rolling `roll` with its best move;
    /// `None` when it has none and passes.
    pub fn best_move(&self, state: &State, roll: u8, value: &impl Fn(u64) -> f64) -> Option<f64> {
        self.best_successor(state, roll, value).map(|(chance, _)| chance)
    }

    /// The best move with `roll` from `state` (the first of equal ones) as its chance and
    /// where it leads; `None` when nothing can move.
    pub fn best_successor(
        &self,
        state: &State,
        roll: u8,
        value: &impl Fn(u64) -> f64,
    ) -> Option<(f64, Successor)> {
        let mut out = [Next::Won; 8];
        let count = self.moves(state, roll, &mut out);
        let mut best: Option<(f64, Successor)> = None;
        for next in &out[..count] {
            let (chance, successor) = match next {
                Next::Won => (1.0, Successor::Won),
                Next::Again(after) => {
                    let index = self.index(after);
                    (value(index), Successor::Again(index))
                }
                Next::Handover(after) => {
                    let index = self.index(after);
                    (1.0 - value(index), Successor::Handover(index))
                }
            };
            if best.is_none_or(|(top, _)| chance > top) {
                best = Some((chance, successor));
            }
        }
        best
    }
}

/// Where a move leads, by position number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Successor {
    /// The mover won.
    Won,
    /// The mover rolls again in this position.
    Again(u64),
    /// The other side rolls in this position.
    Handover(u64),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, NewGame, Notation, Options};

    fn game(rules: &str) -> Ur {
        let options = Options::parse(super::super::INFO.options, &[format!("rules={rules}")]).unwrap();
        Ur::new_game(&options).unwrap()
    }

    #[test]
    fn finkel_count_matches_the_published_one() {
        // 137,913,936 counts light-to-move positions including those where one side has
        // won (43,838) and the impossible one where both have: 137,870,097 are unfinished.
        let index = UrIndex::new(RuleSet::Finkel).unwrap();
        assert_eq!(index.size(), 137_870_097);
        assert!(UrIndex::new(RuleSet::City).is_none());
    }

    #[test]
    fn numbering_is_dense_and_round_trips() {
        for rules in [RuleSet::Blitz, RuleSet::Aseb] {
            let index = UrIndex::new(rules).unwrap();
            let step = index.size() / 200_003 + 1;
            let mut n = 0;
            while n < index.size() {
                let state = index.state(n);
                assert!(index.is_valid(&state), "{rules:?} {n} {state:?}");
                assert_eq!(index.index(&state), n, "{rules:?} {state:?}");
                n += step;
            }
            let last = index.layers().last().unwrap().end;
            assert_eq!(last, index.size());
        }
    }

    /// The fast generator agrees with the rules engine on positions of random games.
    #[test]
    fn moves_agree_with_the_rules() {
        let mut dice = crate::core::SeededDice::new(14);
        for rules in ["finkel", "masters", "blitz", "aseb"] {
            let base = game(rules);
            let index = UrIndex::new(base.rule_set()).unwrap();
            for _ in 0..60 {
                let mut ur = base.clone();
                while ur.outcome().is_none() {
                    let (state, seat) = index.state_of(&ur).unwrap();
                    let roll = ur.roll(&mut dice);
                    let r = roll.values()[0];
                    let mut out = [Next::Won; 8];
                    let count = index.moves(&state, r, &mut out);
                    ur.set_dice(roll).unwrap();
                    let mut legal = Vec::new();
                    ur.legal_moves(&mut legal);
                    let mut expected: Vec<Next> = legal
                        .iter()
                        .filter(|m| !matches!(m, super::super::UrMove::Pass))
                        .map(|m| {
                            let mut after = ur.clone();
                            after.play_unchecked(m);
                            match index.state_of(&after) {
                                None => Next::Won,
                                Some((s, next)) if next == seat => Next::Again(s),
                                Some((s, _)) => Next::Handover(s),
                            }
                        })
                        .collect();
                    let mut got = out[..count].to_vec();
                    let key = |n: &Next| format!("{n:?}");
                    expected.sort_by_key(key);
                    got.sort_by_key(key);
                    assert_eq!(got, expected, "{rules} roll {r} at {}", ur.position_string());
                    let pick = dice.below(legal.len() as u32) as usize;
                    ur.play_unchecked(&legal[pick]);
                }
            }
        }
    }
}
