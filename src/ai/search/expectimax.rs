//! Depth-limited expectimax over move and chance nodes, with exact pruning.
//!
//! Every seat maximises its own [`Estimate::equity`] (expectiminimax for two seats, max-n
//! for more); chance nodes average over [`Game::chance_outcomes`]. Depth counts move
//! decisions: depth 1 values each move by the evaluator on the position it leaves,
//! depth 2 also looks at every roll of the next seat and its best reply, and so on. An
//! action before the roll (Mnogoboy's exchange) is a decision too; rolling is not.
//!
//! What makes it fast, all of it exact (the pruned search returns the values of the
//! plain one, which [`Expectimax::plain`] keeps as the reference):
//! - Two seats: alpha-beta on seat 0's equity through move nodes, and Star1 cut-offs at
//!   chance nodes (Ballard 1983): with the equity bounded by
//!   [`Evaluator::equity_bounds`], the rolls not yet searched can only move the average
//!   so far, so once it cannot enter the window the node stops. Each roll is searched
//!   with the window that would let it change the result.
//! - Move ordering: where a move's children are searched further, they are tried best
//!   first by the evaluator's static estimate, so the window closes early.
//! - A transposition table keyed by [`Strategy::position_hash`] and the depth left, kept
//!   across decisions, holding exact values and alpha-beta bounds.
//! - No allocation per node: moves, rolls and child positions live in per-ply buffers
//!   that grow to the tree's depth and width once and are reused; the table is one
//!   fixed array. (Game clones are plain copies in every game.)
//!
//! With three or more seats there is no exact pruning (max-n values do not bound each
//! other), so the search uses only the ordering-free full tree and the table.
//!
//! [`Expectimax::with_beam`] adds an inexact option for costly evaluators: at inner move
//! nodes only the best few moves by static estimate are searched. The built-in levels
//! do not use it.

use super::{Evaluator, RankedMove};
use crate::core::Strategy;
use crate::core::{Dice, Estimate, Game, Phase};

/// Two values closer than this count as equal: the tie-breaking margin for bots.
pub const TIE: f64 = 1e-9;

/// Entries in the transposition table (a power of two).
const TABLE_SIZE: usize = 1 << 16;

/// Counters of one search or of all searches so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Move, roll and chance nodes visited (leaves included).
    pub nodes: u64,
    /// Positions valued by the evaluator at the horizon or at the end of the game.
    pub leaves: u64,
    /// Nodes that stopped early: alpha-beta at move nodes, Star1 at chance nodes.
    pub cutoffs: u64,
    /// Nodes answered by the transposition table.
    pub table_hits: u64,
}

/// What a stored value says about the true value of its node (seat 0's equity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true value is at least the stored one.
    Lower,
    /// The true value is at most the stored one.
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    depth: u8,
    bound: Bound,
    estimate: Estimate,
}

/// One fixed array, always replacing: cheap, and exact entries never go stale because
/// they are keyed by the depth they were searched to.
struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    fn probe(&self, key: u64, depth: u8) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key && e.depth == depth)
    }

    fn store(&mut self, entry: Entry) {
        let slot = self.slot(entry.key);
        self.entries[slot] = Some(entry);
    }
}

/// The scratch buffers of one ply.
struct Ply<G: Game> {
    moves: Vec<G::Move>,
    rolls: Vec<(Dice, f64)>,
    /// Child positions with their static score for ordering and their move's index.
    children: Vec<(f64, usize, G)>,
}

impl<G: Game> Default for Ply<G> {
    fn default() -> Ply<G> {
        Ply {
            moves: Vec::new(),
            rolls: Vec::new(),
            children: Vec::new(),
        }
    }
}

/// A depth-limited expectimax search with its own scratch buffers and transposition
/// table, so that a search allocates only while its buffers grow to the depth and width
/// of the tree.
pub struct Expectimax<G: Strategy, E: Evaluator<G>> {
    evaluator: E,
    depth: u8,
    pruning: bool,
    use_table: bool,
    beam: Option<usize>,
    plies: Vec<Ply<G>>,
    table: Option<Table>,
    stats: SearchStats,
}

impl<G: Strategy, E: Evaluator<G>> Expectimax<G, E> {
    /// A search `depth` move decisions deep (at least 1) valued by `evaluator`, with
    /// move ordering, Star1 pruning and a transposition table (all exact).
    pub fn new(depth: u8, evaluator: E) -> Expectimax<G, E> {
        Expectimax {
            evaluator,
            depth: depth.max(1),
            pruning: true,
            use_table: true,
            beam: None,
            plies: Vec::new(),
            table: None,
            stats: SearchStats::default(),
        }
    }

    /// The same search without ordering, pruning or table: every node of the tree is
    /// visited. The reference the pruned search is tested against.
    pub fn plain(depth: u8, evaluator: E) -> Expectimax<G, E> {
        Expectimax {
            pruning: false,
            ..Expectimax::new(depth, evaluator)
        }
    }

    /// Searches only the `width` best moves by static estimate at inner move nodes (the
    /// moves at the root are all searched). Not exact: a move that looks bad at once but
    /// is best deeper down is missed. Worth it when the evaluator is costly.
    pub fn with_beam(mut self, width: usize) -> Expectimax<G, E> {
        self.beam = Some(width.max(1));
        self
    }

    /// The same search without the transposition table (to measure what it saves).
    pub fn without_table(mut self) -> Expectimax<G, E> {
        self.use_table = false;
        self
    }

    /// Forgets every stored value (keeping the table's memory), e.g. when the evaluator's
    /// meaning changes.
    pub fn clear_table(&mut self) {
        if let Some(table) = &mut self.table {
            table.entries.fill(None);
        }
    }

    /// How many move decisions deep the search looks.
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// The evaluator at the leaves.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The counters summed over every search so far.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Every move of `legal` (the legal moves, or pre-roll actions, of the seat to act in
    /// `game`) with its searched value, best first for that seat. Every value is exact
    /// (the search runs with a full window for each move), as hints need.
    pub fn rank(&mut self, game: &G, legal: &[G::Move]) -> Vec<RankedMove> {
        let Some(seat) = game.phase().seat() else {
            return Vec::new();
        };
        let mut ranked: Vec<RankedMove> = legal
            .iter()
            .enumerate()
            .map(|(index, mv)| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                RankedMove {
                    index,
                    estimate: self.value(&after, self.depth - 1, 0, f64::NEG_INFINITY, f64::INFINITY),
                }
            })
            .collect();
        ranked.sort_by(|a, b| b.estimate.equity[seat].total_cmp(&a.estimate.equity[seat]));
        ranked
    }

    /// The best value among `legal` for the seat to act and the indices of every move
    /// that reaches it (within [`TIE`]), in the order of `legal`. With two seats the
    /// moves after the first are searched only against the best so far, so this is much
    /// cheaper than [`Expectimax::rank`]; the answer is the same.
    pub fn best(&mut self, game: &G, legal: &[G::Move]) -> Option<(Estimate, Vec<usize>)> {
        let seat = game.phase().seat()?;
        if legal.is_empty() {
            return None;
        }
        if !self.pruning || game.seat_count() != 2 {
            let ranked = self.rank(game, legal);
            let top = ranked.first()?.estimate;
            let mut ties: Vec<usize> = ranked
                .iter()
                .take_while(|r| r.estimate.equity[seat] >= top.equity[seat] - TIE)
                .map(|r| r.index)
                .collect();
            ties.sort_unstable();
            return Some((top, ties));
        }
        let mut children: Vec<(f64, usize, G)> = legal
            .iter()
            .enumerate()
            .map(|(index, mv)| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                (0.0, index, after)
            })
            .collect();
        if self.depth >= 2 {
            for child in &mut children {
                child.0 = self.evaluator.estimate(&child.2).equity[seat];
            }
            children.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        }
        // Seat 0 maximises its equity, seat 1 minimises it: `sign` turns both into a
        // maximisation of `sign * equity[0]`.
        let sign = if seat == 0 { 1.0 } else { -1.0 };
        let mut best: Option<(f64, Estimate)> = None;
        let mut ties = Vec::new();
        for (_, index, after) in &children {
            let (alpha, beta) = match best {
                // A move that merely ties the best must still get its exact value.
                Some((top, _)) if seat == 0 => (top - 2.0 * TIE, f64::INFINITY),
                Some((top, _)) => (f64::NEG_INFINITY, -top + 2.0 * TIE),
                None => (f64::NEG_INFINITY, f64::INFINITY),
            };
            let estimate = self.value(after, self.depth - 1, 0, alpha, beta);
            let score = sign * estimate.equity[0];
            match best {
                Some((top, _)) if score < top - TIE => {}
                Some((top, _)) if score <= top + TIE => ties.push(*index),
                _ => {
                    best = Some((score, estimate));
                    ties.clear();
                    ties.push(*index);
                }
            }
        }
        ties.sort_unstable();
        best.map(|(_, estimate)| (estimate, ties))
    }

    /// The searched value of `game` as it stands (before the roll: the average over the
    /// rolls; in the move phase: the best move's value).
    pub fn evaluate(&mut self, game: &G) -> Estimate {
        self.value(game, self.depth, 0, f64::NEG_INFINITY, f64::INFINITY)
    }

    /// The value of rolling now, in the roll phase, leaving aside any action the seat
    /// could take before the roll.
    pub fn evaluate_rolling(&mut self, game: &G) -> Estimate {
        self.ensure_ply(0);
        self.chance_value(game, self.depth, 0, f64::NEG_INFINITY, f64::INFINITY)
    }

    /// Grows the scratch buffers to hold `ply`.
    fn ensure_ply(&mut self, ply: usize) {
        if self.plies.len() <= ply {
            self.plies.resize_with(ply + 1, Ply::default);
        }
    }

    /// True where alpha-beta and Star1 apply: two seats, pruning on.
    fn prunes(&self, game: &G) -> bool {
        self.pruning && game.seat_count() == 2
    }

    /// The evaluator's estimate at the horizon or at the end of the game.
    fn leaf(&mut self, game: &G) -> Estimate {
        self.stats.leaves += 1;
        self.evaluator.estimate(game)
    }

    /// The average over the rolls of the seat to roll in `game`, searched with the window
    /// `alpha..beta` on seat 0's equity (Star1: a bound is returned as soon as the rolls
    /// left cannot bring the average into the window).
    fn chance_value(&mut self, game: &G, depth: u8, ply: usize, alpha: f64, beta: f64) -> Estimate {
        self.stats.nodes += 1;
        let prunes = self.prunes(game);
        let (low, high) = self.evaluator.equity_bounds(game);
        let mut rolls = std::mem::take(&mut self.plies[ply].rolls);
        rolls.clear();
        game.chance_outcomes(&mut rolls);
        let mut expected = Estimate::ZERO;
        let mut sum = 0.0;
        let mut left = 1.0;
        let mut cut: Option<f64> = None;
        for &(dice, probability) in &rolls {
            let mut after = game.clone();
            if after.set_dice(dice).is_err() {
                continue;
            }
            let left_after = left - probability;
            let (child_alpha, child_beta) = if prunes && probability > 0.0 {
                (
                    (alpha - sum - left_after * high) / probability,
                    (beta - sum - left_after * low) / probability,
                )
            } else {
                (f64::NEG_INFINITY, f64::INFINITY)
            };
            // A roll that leads straight to another roll (a roll-off, whose ties can
            // repeat without end) uses up depth like a move does.
            let child_depth = if matches!(after.phase(), Phase::Roll(_)) {
                depth - 1
            } else {
                depth
            };
            let value = self.value(&after, child_depth, ply + 1, child_alpha, child_beta);
            expected.add_weighted(&value, probability);
            let v = value.equity[0];
            sum += probability * v;
            left = left_after;
            // The bound is clamped to the window: it is outside it in exact arithmetic,
            // and rounding must not let a bound pass for an exact value.
            if prunes {
                if v <= child_alpha {
                    cut = Some((sum + left.max(0.0) * high).min(alpha));
                    break;
                }
                if v >= child_beta {
                    cut = Some((sum + left.max(0.0) * low).max(beta));
                    break;
                }
            }
        }
        self.plies[ply].rolls = rolls;
        match cut {
            Some(bound) => {
                self.stats.cutoffs += 1;
                bound_estimate(bound)
            }
            None => expected,
        }
    }

    /// The value of `game` with `depth` move decisions left, searched with the window
    /// `alpha..beta` on seat 0's equity (ignored with three or more seats); `ply`
    /// indexes the scratch buffers. Outside the window the value is a bound (fail-soft).
    fn value(&mut self, game: &G, depth: u8, ply: usize, alpha: f64, beta: f64) -> Estimate {
        let phase = game.phase();
        if super::stop_requested() {
            // Cut short: the caller throws the answer away, and nothing is stored below.
            return Estimate::ZERO;
        }
        if depth == 0 || phase == Phase::Over {
            self.stats.nodes += 1;
            return self.leaf(game);
        }
        self.ensure_ply(ply);
        let key = if self.pruning && self.use_table {
            Some(game.position_hash())
        } else {
            None
        };
        if let Some(key) = key
            && let Some(entry) = self.table.as_ref().and_then(|t| t.probe(key, depth))
        {
            let v = entry.estimate.equity[0];
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => v >= beta,
                Bound::Upper => v <= alpha,
            };
            if usable {
                self.stats.nodes += 1;
                self.stats.table_hits += 1;
                return entry.estimate;
            }
        }
        let value = match phase {
            Phase::Roll(seat) => self.roll_node(game, seat, depth, ply, alpha, beta),
            Phase::Move(seat) => self.move_node(game, seat, depth, ply, alpha, beta),
            Phase::Over => unreachable!("handled above"),
        };
        if let Some(key) = key
            && !super::stop_requested()
        {
            let v = value.equity[0];
            let bound = if !self.prunes(game) {
                Bound::Exact
            } else if v <= alpha {
                Bound::Upper
            } else if v >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let table = self.table.get_or_insert_with(|| Table {
                entries: vec![None; TABLE_SIZE],
            });
            table.store(Entry {
                key,
                depth,
                bound,
                estimate: value,
            });
        }
        value
    }

    /// A seat in the roll phase chooses between rolling now and each action it may take
    /// first.
    fn roll_node(&mut self, game: &G, seat: usize, depth: u8, ply: usize, alpha: f64, beta: f64) -> Estimate {
        let mut actions = std::mem::take(&mut self.plies[ply].moves);
        actions.clear();
        game.legal_moves(&mut actions);
        if actions.is_empty() {
            self.plies[ply].moves = actions;
            return self.chance_value(game, depth, ply, alpha, beta);
        }
        self.stats.nodes += 1;
        let prunes = self.prunes(game);
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best = self.chance_value(game, depth, ply, alpha, beta);
        if prunes {
            narrow(seat, best.equity[0], &mut alpha, &mut beta);
        }
        for action in &actions {
            if prunes && alpha >= beta {
                self.stats.cutoffs += 1;
                break;
            }
            let mut after = game.clone();
            after.play_unchecked(action);
            let value = self.value(&after, depth - 1, ply + 1, alpha, beta);
            if better(&value, &best, seat) {
                best = value;
            }
            if prunes {
                narrow(seat, value.equity[0], &mut alpha, &mut beta);
            }
        }
        self.plies[ply].moves = actions;
        best
    }

    /// The seat to move takes its best move.
    fn move_node(&mut self, game: &G, seat: usize, depth: u8, ply: usize, alpha: f64, beta: f64) -> Estimate {
        self.stats.nodes += 1;
        let prunes = self.prunes(game);
        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        moves.clear();
        game.legal_moves(&mut moves);
        let mut children = std::mem::take(&mut self.plies[ply].children);
        children.clear();
        for (index, mv) in moves.iter().enumerate() {
            let mut after = game.clone();
            after.play_unchecked(mv);
            children.push((0.0, index, after));
        }
        // Order (and cut to the beam) only where the children are searched further: at
        // the last ply the ordering would cost as much as the search it saves.
        if (prunes || self.beam.is_some()) && depth >= 2 && children.len() > 1 {
            for child in children.iter_mut() {
                child.0 = self.evaluator.estimate(&child.2).equity[seat];
            }
            children.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            if let Some(width) = self.beam {
                children.truncate(width);
            }
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best: Option<Estimate> = None;
        for (_, _, after) in &children {
            let value = self.value(after, depth - 1, ply + 1, alpha, beta);
            if best.as_ref().is_none_or(|b| better(&value, b, seat)) {
                best = Some(value);
            }
            if prunes {
                narrow(seat, value.equity[0], &mut alpha, &mut beta);
                if alpha >= beta {
                    self.stats.cutoffs += 1;
                    break;
                }
            }
        }
        self.plies[ply].moves = moves;
        self.plies[ply].children = children;
        best.unwrap_or_else(|| self.leaf(game))
    }
}

/// True if `value` is strictly better than `best` for `seat`.
fn better(value: &Estimate, best: &Estimate, seat: usize) -> bool {
    value.equity[seat] > best.equity[seat]
}

/// Tightens the window by a child's value: seat 0 raises alpha, seat 1 lowers beta.
fn narrow(seat: usize, v: f64, alpha: &mut f64, beta: &mut f64) {
    if seat == 0 {
        *alpha = alpha.max(v);
    } else {
        *beta = beta.min(v);
    }
}

/// The stand-in value of a node cut off at a bound on seat 0's equity: only its equity
/// is read (by a parent that discards it).
fn bound_estimate(bound: f64) -> Estimate {
    let mut estimate = Estimate::ZERO;
    estimate.equity[0] = bound;
    estimate.equity[1] = -bound;
    estimate
}
