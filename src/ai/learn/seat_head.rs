//! The head of every game's network but Long Nardy's: one output per seat, the chance
//! that the seat `k` places after the one to act finishes first (see [`super::seats`]).
//!
//! Every decision of self-play is made at one ply: the move whose position gives the
//! deciding seat the best chance; before a roll, an optional action only if it beats
//! the mean over the rolls of rolling at once. Every position where a seat acts (the
//! roll-off aside) is learnt from, its chances kept in seat order (so they need no
//! turning between seats) and turned to the mover only as the network's targets. With
//! `--target-plies`, an expectimax search on the network values the positions instead
//! of the network alone.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};

use super::curve::CurveScore;
use super::network::{MAX_OUTPUTS, Network};
use super::seats::{MAX_INPUTS, SeatNet, check_fits, seat_chances};
use super::td::{CURVE_SEED, Head, Outcomes, TdConfig};
use super::weights::{self, NetInfo};
use crate::ai::bots::{Bot, Greedy, SearchBot};
use crate::ai::playout::Seats;
use crate::ai::search::Expectimax;
use crate::core::Strategy;
use crate::core::{Dice, Encoding, Estimate, MAX_SEATS, Seat};

/// Each seat's chance to finish first, in seat order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatChances {
    /// The chances; entries past `seats` are unused.
    pub chances: [f64; MAX_SEATS],
    /// Seats of the game (and outputs of the network).
    pub seats: usize,
}

impl Outcomes for SeatChances {
    /// Chances in seat order look the same from every seat.
    fn seen_by(self, _from: Seat, _to: Seat) -> SeatChances {
        self
    }

    fn mix(self, later: SeatChances, lambda: f64) -> SeatChances {
        let mut chances = later.chances;
        for (seat, chance) in chances.iter_mut().enumerate().take(self.seats) {
            *chance = (1.0 - lambda) * self.chances[seat] + lambda * *chance;
        }
        SeatChances { chances, ..self }
    }

    fn write_targets(self, mover: Seat, out: &mut [f32; MAX_OUTPUTS]) -> usize {
        for (k, slot) in out.iter_mut().enumerate().take(self.seats) {
            *slot = self.chances[(mover + k) % self.seats] as f32;
        }
        self.seats
    }
}

/// `net` at one ply against `bot:greedy` in every other seat (or, given `reference`,
/// against `bot:net` on it): each dice seed from `first_seed` on is played once with
/// the network in each seat, `rounds` seeds in all, over `jobs` threads (the result
/// does not depend on `jobs`).
pub fn curve_match<G: Strategy>(
    fresh: &G,
    net: &Arc<Network>,
    reference: Option<&Arc<Network>>,
    rounds: u64,
    first_seed: u64,
    jobs: usize,
) -> CurveScore {
    let seats = fresh.seat_count();
    let one_ply = |net: &Arc<Network>, seed: u64| -> Box<dyn Bot<G>> {
        Box::new(SearchBot::new(
            Expectimax::new(1, SeatNet::new(Arc::clone(net))),
            seed,
        ))
    };
    let seat_bots = |seed: u64, net_seat: Seat| -> Vec<Box<dyn Bot<G>>> {
        (0..seats)
            .map(|seat| {
                let other_seed = seed ^ (0x0bb0 + seat as u64);
                match reference {
                    _ if seat == net_seat => one_ply(net, seed),
                    Some(reference) => one_ply(reference, other_seed),
                    None => Box::new(Greedy::new(other_seed)),
                }
            })
            .collect()
    };
    super::curve::curve_match(fresh, rounds, first_seed, jobs, &seat_bots, false)
}

/// The chance `seat` finishes first in `game` by `net`, exact once it is over.
fn chance_of<G: Strategy>(net: &Network, game: &G, seat: Seat) -> f64 {
    match game.outcome() {
        Some(outcome) => Estimate::from_outcome(&outcome).win[seat],
        None => seat_chances(net, game)[seat],
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

impl<G: Strategy> Seats<G> for OnePly<'_> {
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
                stay += p * chance_of(self.net, &rolled, seat);
            }
        }
        let (value, best) = best_move(self.net, game, seat, actions);
        (value > stay).then_some(best)
    }

    fn choose(&mut self, seat: Seat, game: &G, moves: &[G::Move]) -> usize {
        best_move(self.net, game, seat, moves).1
    }
}

/// The best of `moves` for `seat` by `net` at one ply, with its chance.
fn best_move<G: Strategy>(net: &Network, game: &G, seat: Seat, moves: &[G::Move]) -> (f64, usize) {
    let mut best = (f64::NEG_INFINITY, 0usize);
    for (index, mv) in moves.iter().enumerate() {
        let mut after = game.clone();
        after.play_unchecked(mv);
        let value = chance_of(net, &after, seat);
        if value > best.0 {
            best = (value, index);
        }
    }
    best
}

/// One output per seat, for games like `fresh` (its rules, options and seat count).
pub struct SeatHead<G> {
    fresh: G,
    encoding: Encoding,
    /// Seats of the game, and outputs of the network.
    seats: usize,
}

impl<G: Strategy> SeatHead<G> {
    /// The head for games like `fresh`, if it has an encoder that fits a network.
    pub fn new(fresh: &G) -> anyhow::Result<SeatHead<G>> {
        let Some(encoding) = fresh.encoding() else {
            bail!("{} has no encoder for a network to read", fresh.info().id);
        };
        let seats = fresh.seat_count();
        if encoding.inputs > MAX_INPUTS || seats > MAX_OUTPUTS.min(MAX_SEATS) || seats < 2 {
            bail!("'{}' is too large for tabula's networks", encoding.key);
        }
        Ok(SeatHead {
            fresh: fresh.clone(),
            encoding,
            seats,
        })
    }
}

impl<G: Strategy> Head for SeatHead<G> {
    type Game = G;
    type Value = SeatChances;
    type Valuer = Option<Expectimax<G, SeatNet>>;
    type Chooser<'n>
        = OnePly<'n>
    where
        Self: 'n;

    const CURVE_FROM_BIRTH: bool = true;

    fn fresh(&self) -> G {
        self.fresh.clone()
    }

    fn shape(&self) -> (usize, usize) {
        (self.encoding.inputs, self.seats)
    }

    fn key_of(&self, _network: &Network) -> (String, u32) {
        (self.encoding.key.clone(), self.encoding.version)
    }

    fn load(&self, path: &Path) -> anyhow::Result<(Network, NetInfo)> {
        let bytes = crate::ai::files::read_file(path, crate::ai::files::Limit::NETWORK)?;
        let (network, info) = weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))?;
        check_fits(&network, &info, &self.encoding, self.seats)
            .with_context(|| format!("{}", path.display()))?;
        Ok((network, info))
    }

    fn adapt(&self, network: Network, _info: &NetInfo, _log: &mut dyn Write) -> anyhow::Result<Network> {
        Ok(network)
    }

    fn announce(&self, config: &TdConfig, hidden: usize) -> String {
        format!(
            "training '{}' for {} games: seed {}, {} inputs, {} hidden units, {} outputs, lambda {}, rate {}, jobs {}{}",
            self.encoding.key,
            config.games,
            config.seed,
            self.encoding.inputs,
            hidden,
            self.seats,
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
        (plies > 1).then(|| Expectimax::new(plies, SeatNet::new(Arc::new(net.clone()))))
    }

    fn learns_from(&self, game: &G) -> Option<Seat> {
        // The roll-off only decides who starts: nothing to learn there.
        game.phase().seat().filter(|_| game.roll_off().is_none())
    }

    fn encode(&self, game: &G, x: &mut [f32]) {
        game.encode(x);
    }

    fn value(&self, valuer: &mut Self::Valuer, net: &Network, game: &G, _x: &[f32]) -> SeatChances {
        let chances = match valuer {
            None => seat_chances(net, game),
            Some(search) => {
                let mut chances = [0.0; MAX_SEATS];
                let estimate = search.evaluate(game);
                let seats = game.seat_count().min(MAX_SEATS);
                chances[..seats].copy_from_slice(&estimate.win[..seats]);
                chances
            }
        };
        SeatChances {
            chances,
            seats: self.seats,
        }
    }

    fn result(&self, game: &G) -> Option<(SeatChances, Seat)> {
        let outcome = game.outcome()?;
        let chances = Estimate::from_outcome(&outcome).win;
        Some((
            SeatChances {
                chances,
                seats: self.seats,
            },
            0,
        ))
    }

    fn curve_match(
        &self,
        net: &Arc<Network>,
        reference: Option<&Arc<Network>>,
        games: u64,
        jobs: usize,
    ) -> CurveScore {
        let rounds = games.div_ceil(self.seats as u64);
        curve_match(&self.fresh, net, reference, rounds, CURVE_SEED, jobs)
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

    /// With lambda 1 every target is the result, so one game's learning steps bring the
    /// network's values of its positions closer to it.
    #[test]
    fn a_self_play_game_moves_its_positions_towards_the_result() {
        let fresh = Microbes::default_game();
        let head = SeatHead::new(&fresh).unwrap();
        let inputs = head.shape().0;
        let net = Network::random_with_outputs(inputs, 12, 2, 1);
        let mut learned = net.clone();
        let mut worker = Worker::new(inputs);
        let targets = Targets {
            lambda: 1.0,
            plies: 0,
        };
        let moves = self_play(&head, &mut learned, 5, targets, 0.1, &mut worker);
        assert!(moves > 20);
        let positions = worker.movers.len();
        assert!(positions > 20);
        let mut game = fresh.clone();
        let mut dice = SeededDice::new(5);
        let Ok(_) = play_out(&mut Seated::new(&mut game, &mut dice, OnePly::new(&net)), &mut ());
        let winner = game.outcome().unwrap().winner_seat().unwrap();
        let loss = |n: &Network| -> f32 {
            (0..positions)
                .map(|t| {
                    let mine = f32::from(u8::from(worker.movers[t] == winner));
                    n.loss(worker.position(t), &[mine, 1.0 - mine])
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

    /// With lambda 0 every target is the next position's value; with search targets that
    /// value is the two-ply search's on the network, not the network's own, while the
    /// games played stay the same.
    #[test]
    fn search_targets_value_positions_by_the_search() {
        let fresh = Microbes::default_game();
        let head = SeatHead::new(&fresh).unwrap();
        let inputs = head.shape().0;
        let net = Network::random_with_outputs(inputs, 12, 2, 3);
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
        let mut search = Expectimax::new(2, SeatNet::new(Arc::new(net.clone())));
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
