//! Monte-Carlo tree search for any number of seats, with chance nodes.
//!
//! Each playout walks down from the root: at a decision node the seat to act picks the
//! child with the best upper confidence bound on its own result (UCT, max-n: every seat
//! maximises its own equity, scaled into `0..=1` by [`Evaluator::equity_bounds`]); at a
//! chance node the roll furthest behind its probability's share of the node's visits is
//! taken (stratified, not sampled: the dice add no sampling noise to a node's mean).
//! The first visit of a node plays the game on from there with a fast policy (greedy on
//! [`Strategy::evaluate`], rolling from the search's own seeded stream) for at most
//! [`Strategy::playout_moves`] moves (0 in games whose estimate beats noisy playouts), and
//! the evaluator values where it stopped (exact once the game is over). The result, an
//! [`Estimate`] for every seat, is added to every node on the path. "Roll now" beside
//! the actions before a roll is a chance node of the same position; its first visit
//! goes on to a roll.
//!
//! The move played is the root child visited most. Work is counted in playouts, never in
//! time, so a seed replays the same choices on any machine. The tree lives in one arena
//! that keeps its capacity from one decision to the next.

use super::{Evaluator, RankedMove, TIE};
use crate::core::Strategy;
use crate::core::{Dice, Estimate, MAX_SEATS, Phase, SeededDice};

/// The exploration constant of UCT for results in `0..=1`.
pub const EXPLORATION: f64 = 0.7;

/// Counters of all searches so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MctsStats {
    /// Playouts run.
    pub playouts: u64,
    /// Moves played inside playouts.
    pub playout_moves: u64,
    /// Tree nodes created.
    pub nodes: u64,
}

/// How a node was reached from its parent.
#[derive(Clone, Debug)]
enum Edge<M> {
    Root,
    /// A move or an action before the roll.
    Move(M),
    /// The choice to roll now, beside the actions before the roll.
    Roll,
    /// A roll, with its probability.
    Dice(Dice, f64),
}

#[derive(Clone, Debug)]
struct Node<M> {
    edge: Edge<M>,
    first: u32,
    count: u32,
    expanded: bool,
    visits: u32,
    win: [f64; MAX_SEATS],
    equity: [f64; MAX_SEATS],
}

impl<M> Node<M> {
    fn new(edge: Edge<M>) -> Node<M> {
        Node {
            edge,
            first: 0,
            count: 0,
            expanded: false,
            visits: 0,
            win: [0.0; MAX_SEATS],
            equity: [0.0; MAX_SEATS],
        }
    }

    fn mean(&self) -> Estimate {
        let n = f64::from(self.visits.max(1));
        let mut estimate = Estimate::ZERO;
        for seat in 0..MAX_SEATS {
            estimate.win[seat] = self.win[seat] / n;
            estimate.equity[seat] = self.equity[seat] / n;
        }
        estimate
    }
}

/// A Monte-Carlo tree search of a fixed number of playouts.
pub struct Mcts<G: Strategy, E: Evaluator<G>> {
    evaluator: E,
    playouts: u32,
    /// Moves per playout; `None`: as many as [`Strategy::playout_moves`] says.
    horizon: Option<u32>,
    exploration: f64,
    rng: SeededDice,
    nodes: Vec<Node<G::Move>>,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    rolls: Vec<(Dice, f64)>,
    bounds: (f64, f64),
    /// The seat to act at the root of the current search.
    root_seat: usize,
    stats: MctsStats,
}

impl<G: Strategy, E: Evaluator<G>> Mcts<G, E> {
    /// A search of `playouts` playouts per decision (at least 1) valued by `evaluator`,
    /// the dice of its playouts drawn from a stream seeded by `seed`.
    pub fn new(playouts: u32, evaluator: E, seed: u64) -> Mcts<G, E> {
        Mcts {
            evaluator,
            playouts: playouts.max(1),
            horizon: None,
            exploration: EXPLORATION,
            rng: SeededDice::new(seed),
            nodes: Vec::new(),
            path: Vec::new(),
            moves: Vec::new(),
            rolls: Vec::new(),
            bounds: (-1.0, 1.0),
            root_seat: 0,
            stats: MctsStats::default(),
        }
    }

    /// Playouts stop after `moves` moves (`u32::MAX`: at the end of the game) instead
    /// of the game's own [`Strategy::playout_moves`].
    pub fn with_horizon(mut self, moves: u32) -> Mcts<G, E> {
        self.horizon = Some(moves);
        self
    }

    /// The UCT exploration constant (results are scaled into `0..=1`).
    pub fn with_exploration(mut self, constant: f64) -> Mcts<G, E> {
        self.exploration = constant;
        self
    }

    /// Restarts the stream the playouts draw from at `seed` (the tree is rebuilt for
    /// every search anyway): the next search plays as a new one seeded so would.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = SeededDice::new(seed);
    }

    /// Playouts per decision.
    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// The counters summed over every search so far.
    pub fn stats(&self) -> MctsStats {
        self.stats
    }

    /// Every move of `legal` with the search's value of it, most visited first (moves
    /// the search never tried follow, by the evaluator's estimate).
    pub fn rank(&mut self, game: &G, legal: &[G::Move]) -> Vec<RankedMove> {
        if game.phase().seat().is_none() || legal.is_empty() {
            return Vec::new();
        }
        self.search(game, legal, false);
        self.ranked_children(game, legal.len())
    }

    /// The index of the move to play among `legal`.
    pub fn choose(&mut self, game: &G, legal: &[G::Move]) -> usize {
        if legal.len() <= 1 {
            return 0;
        }
        self.search(game, legal, false);
        self.most_visited(legal.len()).unwrap_or(0)
    }

    /// Before the roll: the action of `actions` to take, or `None` to roll now.
    pub fn choose_before_roll(&mut self, game: &G, actions: &[G::Move]) -> Option<usize> {
        if actions.is_empty() {
            return None;
        }
        self.search(game, actions, true);
        // The last root child is "roll now".
        self.most_visited(actions.len() + 1)
            .filter(|&i| i < actions.len())
    }

    /// The search's value of `game` as it stands: the mean result over the playouts.
    pub fn evaluate(&mut self, game: &G) -> Estimate {
        if game.phase() == Phase::Over {
            return self.evaluator.estimate(game);
        }
        let mut legal = Vec::new();
        let with_roll = matches!(game.phase(), Phase::Roll(_));
        game.legal_moves(&mut legal);
        if legal.is_empty() && with_roll {
            // Only the roll: the root itself is the chance node.
            self.search(game, &[], false);
        } else {
            self.search(game, &legal, with_roll);
        }
        self.nodes[0].mean()
    }

    /// In the roll phase, the mean result of rolling now (leaving aside any action the
    /// seat could take before the roll).
    pub fn evaluate_rolling(&mut self, game: &G) -> Estimate {
        if !matches!(game.phase(), Phase::Roll(_)) {
            return self.evaluate(game);
        }
        self.search(game, &[], false);
        self.nodes[0].mean()
    }

    /// Runs the playouts from a root whose children are `root_moves` (and "roll now"
    /// after them if `with_roll`; the rolls if there are no moves at all).
    fn search(&mut self, game: &G, root_moves: &[G::Move], with_roll: bool) {
        self.bounds = self.evaluator.equity_bounds(game);
        self.root_seat = game.phase().seat().unwrap_or(0);
        self.nodes.clear();
        self.nodes.push(Node::new(Edge::Root));
        let first = self.nodes.len() as u32;
        if root_moves.is_empty() {
            self.rolls.clear();
            game.chance_outcomes(&mut self.rolls);
            for &(dice, p) in &self.rolls {
                self.nodes.push(Node::new(Edge::Dice(dice, p)));
            }
        } else {
            for mv in root_moves {
                self.nodes.push(Node::new(Edge::Move(mv.clone())));
            }
            if with_roll {
                self.nodes.push(Node::new(Edge::Roll));
            }
        }
        let count = self.nodes.len() as u32 - first;
        let root = &mut self.nodes[0];
        root.first = first;
        root.count = count;
        root.expanded = true;
        for _ in 0..self.playouts {
            if super::stop_requested() {
                break;
            }
            self.playout_from_root(game);
        }
    }

    /// One selection, expansion, playout and back-up.
    fn playout_from_root(&mut self, root: &G) {
        let mut game = root.clone();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(0);
        let mut node = 0usize;
        let value = loop {
            if game.phase() == Phase::Over {
                break self.evaluator.estimate(&game);
            }
            // "Roll now" is a chance node on the position it came from: its first
            // visit goes on to a roll, so that it is never valued as the position
            // before the roll (where a playout could still take an action first).
            let rolls_now = matches!(self.nodes[node].edge, Edge::Roll);
            if node != 0 && self.nodes[node].visits == 0 && !rolls_now {
                break self.rollout(&mut game);
            }
            if !self.nodes[node].expanded {
                self.expand(node, &game);
            }
            if self.nodes[node].count == 0 {
                break self.rollout(&mut game);
            }
            let child = self.select(node, &game);
            match &self.nodes[child].edge {
                Edge::Move(mv) => game.play_unchecked(mv),
                Edge::Dice(dice, _) => {
                    let _ = game.set_dice(*dice);
                }
                Edge::Roll | Edge::Root => {}
            }
            path.push(child as u32);
            node = child;
        };
        for &index in &path {
            let node = &mut self.nodes[index as usize];
            node.visits += 1;
            for seat in 0..MAX_SEATS {
                node.win[seat] += value.win[seat];
                node.equity[seat] += value.equity[seat];
            }
        }
        self.path = path;
        self.stats.playouts += 1;
    }

    /// Creates the children of `node`, whose position is `game`.
    fn expand(&mut self, node: usize, game: &G) {
        let first = self.nodes.len() as u32;
        let rolls_only = matches!(self.nodes[node].edge, Edge::Roll);
        self.moves.clear();
        if !rolls_only {
            game.legal_moves(&mut self.moves);
        }
        match game.phase() {
            Phase::Roll(_) if self.moves.is_empty() => {
                self.rolls.clear();
                game.chance_outcomes(&mut self.rolls);
                for &(dice, p) in &self.rolls {
                    self.nodes.push(Node::new(Edge::Dice(dice, p)));
                }
            }
            Phase::Roll(_) => {
                for mv in &self.moves {
                    self.nodes.push(Node::new(Edge::Move(mv.clone())));
                }
                self.nodes.push(Node::new(Edge::Roll));
            }
            Phase::Move(_) => {
                for mv in &self.moves {
                    self.nodes.push(Node::new(Edge::Move(mv.clone())));
                }
            }
            Phase::Over => {}
        }
        let count = self.nodes.len() as u32 - first;
        self.stats.nodes += u64::from(count);
        let parent = &mut self.nodes[node];
        parent.first = first;
        parent.count = count;
        parent.expanded = true;
    }

    /// The child to descend into: the roll most behind its share of the visits, or the
    /// UCT choice of the seat to act.
    fn select(&mut self, node: usize, game: &G) -> usize {
        let (first, count) = (self.nodes[node].first as usize, self.nodes[node].count as usize);
        if let Edge::Dice(..) = self.nodes[first].edge {
            // Stratified rather than sampled: the roll furthest behind its share of the
            // visits, so that after n visits each roll has had its probability's share
            // of them (to within one) and the average carries no sampling noise from
            // the dice at this node.
            let total = f64::from(self.nodes[node].visits + 1);
            let mut best = first;
            let mut best_gap = f64::NEG_INFINITY;
            for child in first..first + count {
                if let Edge::Dice(_, p) = self.nodes[child].edge {
                    let gap = p * total - f64::from(self.nodes[child].visits);
                    if gap > best_gap + TIE {
                        best_gap = gap;
                        best = child;
                    }
                }
            }
            return best;
        }
        let seat = game.phase().seat().unwrap_or(0);
        let (low, high) = self.bounds;
        let scale = 1.0 / (high - low).max(1e-9);
        let log_visits = f64::from(self.nodes[node].visits.max(1)).ln();
        let mut best = first;
        let mut best_score = f64::NEG_INFINITY;
        for child in first..first + count {
            let stats = &self.nodes[child];
            if stats.visits == 0 {
                return child;
            }
            let n = f64::from(stats.visits);
            let mean = (stats.equity[seat] / n - low) * scale;
            let score = mean + self.exploration * (log_visits / n).sqrt();
            if score > best_score {
                best_score = score;
                best = child;
            }
        }
        best
    }

    /// Plays on from `game` with the fast policy and values where it stops.
    fn rollout(&mut self, game: &mut G) -> Estimate {
        let mut played = 0;
        let horizon = self.horizon.unwrap_or_else(|| game.playout_moves());
        while played < horizon {
            match game.phase() {
                Phase::Over => break,
                Phase::Roll(seat) => {
                    self.moves.clear();
                    game.legal_moves(&mut self.moves);
                    if let Some(index) = self.greedy(game, seat, true) {
                        let mv = self.moves[index].clone();
                        game.play_unchecked(&mv);
                        played += 1;
                        continue;
                    }
                    let dice = game.roll(&mut self.rng);
                    if game.set_dice(dice).is_err() {
                        break;
                    }
                }
                Phase::Move(seat) => {
                    self.moves.clear();
                    game.legal_moves(&mut self.moves);
                    let Some(index) = self.greedy(game, seat, false) else {
                        break;
                    };
                    let mv = self.moves[index].clone();
                    game.play_unchecked(&mv);
                    played += 1;
                }
            }
        }
        self.stats.playout_moves += u64::from(played);
        self.evaluator.estimate(game)
    }

    /// The greedy choice among `self.moves` for `seat`: the first move whose position
    /// [`Strategy::evaluate`] likes best; before a roll, an action only if it beats rolling.
    fn greedy(&self, game: &G, seat: usize, before_roll: bool) -> Option<usize> {
        if self.moves.len() == 1 && !before_roll {
            return Some(0);
        }
        let mut best = None;
        let mut best_score = if before_roll {
            game.evaluate(seat)
        } else {
            f64::NEG_INFINITY
        };
        for (index, mv) in self.moves.iter().enumerate() {
            let mut after = game.clone();
            after.play_unchecked(mv);
            let score = after.evaluate(seat);
            if score > best_score {
                best_score = score;
                best = Some(index);
            }
        }
        best
    }

    /// The root child (among the first `count`) with the most visits; ties go to the
    /// better mean for the seat to act, then to the lower index.
    fn most_visited(&self, count: usize) -> Option<usize> {
        let root = &self.nodes[0];
        let first = root.first as usize;
        let seat = self.root_seat;
        (0..count.min(root.count as usize)).max_by(|&a, &b| {
            let (x, y) = (&self.nodes[first + a], &self.nodes[first + b]);
            x.visits
                .cmp(&y.visits)
                .then(x.mean().equity[seat].total_cmp(&y.mean().equity[seat]))
                .then(b.cmp(&a))
        })
    }

    /// The root's move children as a ranking: most visited first, then the unvisited
    /// ones by the evaluator's estimate.
    fn ranked_children(&self, game: &G, count: usize) -> Vec<RankedMove> {
        let seat = game.phase().seat().unwrap_or(0);
        let root = &self.nodes[0];
        let first = root.first as usize;
        let mut ranked: Vec<(u32, RankedMove)> = (0..count.min(root.count as usize))
            .map(|index| {
                let node = &self.nodes[first + index];
                let estimate = if node.visits > 0 {
                    node.mean()
                } else {
                    let mut after = game.clone();
                    if let Edge::Move(mv) = &node.edge {
                        after.play_unchecked(mv);
                    }
                    self.evaluator.estimate(&after)
                };
                (node.visits, RankedMove { index, estimate })
            })
            .collect();
        ranked.sort_by(|(va, a), (vb, b)| {
            vb.cmp(va)
                .then(b.estimate.equity[seat].total_cmp(&a.estimate.equity[seat]))
                .then(a.index.cmp(&b.index))
        });
        ranked.into_iter().map(|(_, r)| r).collect()
    }
}
