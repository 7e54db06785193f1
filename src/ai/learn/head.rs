//! The trainer's head for any game: what its network's outputs mean, as the game
//! declares it ([`NetHead`]): one chance per seat by default, Long Nardy's five outcome
//! chances for the side to act.
//!
//! Every decision of self-play is made at one ply: the move whose position is worth
//! most to the deciding seat by the head's values ([`Outcomes::worth`]); before a roll,
//! an optional action only if it beats the mean over the rolls of rolling at once. The
//! positions the game's head learns from ([`NetHead::learns_here`]) are kept with their
//! values, turned between seats as the head says ([`Outcomes::seen_by`]). With
//! `--target-plies`, where the head allows it, an expectimax search on the network
//! values the positions instead of the network alone.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};

use super::curve::{CurveScore, Opponent};
use super::eval::{MAX_INPUTS, NetEval, outputs};
use super::nets::check_fits;
use super::network::{MAX_OUTPUTS, Network};
use super::td::{CURVE_SEED, Head, TdConfig};
use super::weights::{self, NetInfo};
use crate::ai::playout::Seats;
use crate::ai::search::Expectimax;
use crate::core::{Dice, Encoding, MAX_SEATS, NetHead, Outcomes, Seat};

/// What `game` is worth to `seat` by `net`, exact once it is over.
fn worth<G: NetHead>(net: &Network, game: &G, seat: Seat) -> f64 {
    match game.head_result() {
        Some((value, from)) => value.worth(from, seat),
        None => game
            .head_value(&outputs(net, game))
            .worth(game.phase().seat().unwrap_or(seat), seat),
    }
}

/// Every seat plays the move whose position `net` likes best for it (one ply).
pub struct OnePly<'n> {
    net: &'n Network,
    rolls: Vec<(Dice, f64)>,
}

impl<'n> OnePly<'n> {
    /// The chooser on `net`.
    pub fn new(net: &'n Network) -> OnePly<'n> {
        OnePly {
            net,
            rolls: Vec::new(),
        }
    }
}

impl<G: NetHead> Seats<G> for OnePly<'_> {
    fn before_roll(&mut self, seat: Seat, game: &G, actions: &[G::Move]) -> Option<usize> {
        if actions.is_empty() {
            return None;
        }
        // Rolling at once is worth the mean over the rolls of the position it gives.
        self.rolls.clear();
        game.chance_outcomes(&mut self.rolls);
        let mut stay = 0.0;
        for &(dice, p) in &self.rolls {
            let mut rolled = game.clone();
            if rolled.set_dice(dice).is_ok() {
                stay += p * worth(self.net, &rolled, seat);
            }
        }
        let (value, best) = best_move(self.net, game, seat, actions);
        (value > stay).then_some(best)
    }

    fn choose(&mut self, seat: Seat, game: &G, moves: &[G::Move]) -> usize {
        best_move(self.net, game, seat, moves).1
    }
}

/// The best of `moves` for `seat` by `net` at one ply, with its worth.
fn best_move<G: NetHead>(net: &Network, game: &G, seat: Seat, moves: &[G::Move]) -> (f64, usize) {
    let mut best = (f64::NEG_INFINITY, 0usize);
    for (index, mv) in moves.iter().enumerate() {
        let mut after = game.clone();
        after.play_unchecked(mv);
        let value = worth(net, &after, seat);
        if value > best.0 {
            best = (value, index);
        }
    }
    best
}

/// The head of games like `fresh` (its rules, options and seat count).
pub struct GameHead<G> {
    fresh: G,
    encoding: Encoding,
    /// Outputs of the network.
    outputs: usize,
}

impl<G: NetHead> GameHead<G> {
    /// The head for games like `fresh`, if it has an encoder that fits a network.
    pub fn new(fresh: &G) -> anyhow::Result<GameHead<G>> {
        let Some(encoding) = fresh.encoding() else {
            bail!("{} has no encoder for a network to read", fresh.info().id);
        };
        let seats = fresh.seat_count();
        let outputs = fresh.head_outputs();
        if encoding.inputs > MAX_INPUTS || outputs > MAX_OUTPUTS || !(2..=MAX_SEATS).contains(&seats) {
            bail!("'{}' is too large for tabula's networks", encoding.key);
        }
        Ok(GameHead {
            fresh: fresh.clone(),
            encoding,
            outputs,
        })
    }
}

impl<G: NetHead> Head for GameHead<G> {
    type Game = G;
    type Value = G::Value;
    type Valuer = Option<Expectimax<G, NetEval<G>>>;
    type Chooser<'n>
        = OnePly<'n>
    where
        Self: 'n;

    const CURVE_FROM_BIRTH: bool = G::CURVE_FROM_BIRTH;

    fn fresh(&self) -> G {
        self.fresh.clone()
    }

    fn shape(&self) -> (usize, usize) {
        (self.encoding.inputs, self.outputs)
    }

    /// A run resumed from a checkpoint of an earlier layout stays on it.
    fn key_of(&self, network: &Network) -> (String, u32) {
        let version = (1..self.encoding.version)
            .find(|&v| self.fresh.layout_inputs(v) == Some(network.inputs()))
            .unwrap_or(self.encoding.version);
        (self.encoding.key.clone(), version)
    }

    fn load(&self, path: &Path) -> anyhow::Result<(Network, NetInfo)> {
        let bytes = crate::ai::files::read_file(path, crate::ai::files::Limit::NETWORK)?;
        let (network, info) = weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))?;
        check_fits(&network, &info, &self.fresh, &self.encoding)
            .with_context(|| format!("{}", path.display()))?;
        Ok((network, info))
    }

    /// A network of an earlier layout grows today's inputs.
    fn adapt(&self, network: Network, info: &NetInfo, log: &mut dyn Write) -> anyhow::Result<Network> {
        let inputs = self.encoding.inputs;
        if network.inputs() >= inputs {
            return Ok(network);
        }
        writeln!(
            log,
            "input layout {} read as layout {}: {inputs} inputs, the {} new ones start with no weight",
            info.encoding,
            self.encoding.version,
            inputs - network.inputs()
        )?;
        Ok(network.with_inputs(inputs))
    }

    fn announce(&self, config: &TdConfig, hidden: usize) -> String {
        format!(
            "training '{}' for {} games: seed {}, {} inputs, {} hidden units, {} outputs, lambda {}, rate {}, jobs {}{}",
            self.encoding.key,
            config.games,
            config.seed,
            self.encoding.inputs,
            hidden,
            self.outputs,
            config.lambda,
            config.rate,
            config.jobs,
            if config.target_plies > 1 {
                format!(", targets from {}-ply searches", config.target_plies)
            } else {
                String::new()
            }
        )
    }

    fn chooser<'n>(&'n self, net: &'n Network) -> OnePly<'n> {
        OnePly::new(net)
    }

    fn valuer(&self, net: &Network, plies: u8) -> Self::Valuer {
        (plies > 1 && G::SEARCH_TARGETS).then(|| Expectimax::new(plies, NetEval::new(Arc::new(net.clone()))))
    }

    fn learns_from(&self, game: &G) -> Option<Seat> {
        game.learns_here()
    }

    fn encode(&self, game: &G, x: &mut [f32]) {
        game.encode(x);
    }

    fn value(&self, valuer: &mut Self::Valuer, net: &Network, game: &G, x: &[f32]) -> G::Value {
        let searched = valuer
            .as_mut()
            .and_then(|search| game.head_value_of(&search.evaluate(game)));
        searched.unwrap_or_else(|| game.head_value(&net.evaluate_all(x)))
    }

    fn result(&self, game: &G) -> Option<(G::Value, Seat)> {
        game.head_result()
    }

    fn curve_match(&self, net: &Arc<Network>, opponent: &Opponent, games: u64, jobs: usize) -> CurveScore {
        let rounds = games.div_ceil(self.fresh.seat_count() as u64);
        super::curve::curve_match(&self.fresh, net, opponent, rounds, CURVE_SEED, jobs)
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::ai::learn::td::{Targets, Worker, self_play};
    use crate::ai::playout::{Observer, Seated, Table, play_out};
    use crate::core::{Game, NewGame, SeededDice};
    use crate::games::microbes::Microbes;
    use crate::games::nardy::Nardy;

    /// A fresh head for games like `fresh` and a random network for it.
    fn head_and_net<G: NetHead>(fresh: &G, hidden: usize, seed: u64) -> (GameHead<G>, Network) {
        let head = GameHead::new(fresh).unwrap();
        let (inputs, outputs) = head.shape();
        (head, Network::random_with_outputs(inputs, hidden, outputs, seed))
    }

    /// With lambda 1 every target is the result, so one game's learning steps (at
    /// `rate`) bring the network's values of its positions closer to it.
    fn self_play_moves_positions_towards_the_result<G: NetHead>(fresh: &G, hidden: usize, rate: f32) {
        let (head, net) = head_and_net(fresh, hidden, 1);
        let mut learned = net.clone();
        let mut worker = Worker::new(head.shape().0);
        let targets = Targets {
            lambda: 1.0,
            plies: 0,
        };
        let moves = self_play(&head, &mut learned, 5, targets, rate, &mut worker);
        assert!(moves > 20);
        let positions = worker.movers.len();
        assert!(positions > 10);
        // The same seed on the same network plays the same game again: its result.
        let mut game = fresh.clone();
        let mut dice = SeededDice::new(5);
        let Ok(_) = play_out(&mut Seated::new(&mut game, &mut dice, OnePly::new(&net)), &mut ());
        let (result, seen_by) = game.head_result().unwrap();
        let loss = |n: &Network| -> f32 {
            (0..positions)
                .map(|t| {
                    let mut target = [0.0; MAX_OUTPUTS];
                    let mover = worker.movers[t];
                    let count = result.seen_by(seen_by, mover).write_targets(mover, &mut target);
                    n.loss(worker.position(t), &target[..count])
                })
                .sum()
        };
        assert!(
            loss(&learned) < 0.9 * loss(&net),
            "{} vs {}",
            loss(&learned),
            loss(&net)
        );
    }

    #[test]
    fn a_self_play_game_moves_its_positions_towards_the_result() {
        self_play_moves_positions_towards_the_result(&Microbes::default_game(), 12, 0.1);
        // Long Nardy's five outcome chances, seen from the side to act.
        self_play_moves_positions_towards_the_result(&Nardy::default_game(), 16, 0.01);
    }

    /// With lambda 0 every target is the next position's value; with search targets that
    /// value is the two-ply search's on the network, not the network's own, while the
    /// games played stay the same.
    #[test]
    fn search_targets_value_positions_by_the_search() {
        let fresh = Microbes::default_game();
        let (head, net) = head_and_net(&fresh, 12, 3);
        let inputs = head.shape().0;
        let plain = Targets {
            lambda: 0.0,
            plies: 0,
        };
        let searched = Targets {
            lambda: 0.0,
            plies: 2,
        };
        let mut by_net = Worker::new(inputs);
        let mut by_search = Worker::new(inputs);
        self_play(&head, &mut net.clone(), 7, plain, 0.1, &mut by_net);
        self_play(&head, &mut net.clone(), 7, searched, 0.1, &mut by_search);
        // The same game is played (one-ply choices on the same network and dice),
        assert_eq!(by_net.positions, by_search.positions);
        assert_eq!(by_net.movers, by_search.movers);
        // its positions are valued otherwise,
        let differing = by_net
            .values
            .iter()
            .zip(&by_search.values)
            .filter(|(a, b)| (a.chances[0] - b.chances[0]).abs() > 1e-9)
            .count();
        assert!(
            differing > by_net.values.len() / 2,
            "{differing} of {}",
            by_net.values.len()
        );
        // each the value a two-ply search on the network gives it.
        let mut search = Expectimax::new(2, NetEval::new(Arc::new(net.clone())));
        let mut game = fresh.clone();
        let mut dice = SeededDice::new(7);
        let mut seen = Vec::new();
        struct Collect<'c>(&'c mut Vec<Microbes>);
        impl<T: Table<Game = Microbes>> Observer<T> for Collect<'_> {
            fn before_action(&mut self, table: &T) -> ControlFlow<()> {
                let game = table.game();
                if game.phase().seat().is_some() && game.roll_off().is_none() {
                    self.0.push(game.clone());
                }
                ControlFlow::Continue(())
            }
        }
        let Ok(_) = play_out(
            &mut Seated::new(&mut game, &mut dice, OnePly::new(&net)),
            &mut Collect(&mut seen),
        );
        assert_eq!(seen.len(), by_search.values.len());
        for (position, value) in seen.iter().zip(&by_search.values) {
            let expected = search.evaluate(position).win[0];
            let got = value.chances[0];
            assert!((expected - got).abs() < 1e-9, "{expected} vs {got}");
        }
    }
}
