//! `tabula train GAME`: the one entry to the TD(lambda) trainer of
//! [`crate::ai::learn::td`] ([`train`]), with the head each game's network has
//! ([`NetGame`]): one output per seat ([`SeatHead`]), or Long Nardy's [`NardyHead`],
//! five outputs, the chances of the scoring outcomes for the side to act
//! ([`Probabilities`]), so that the network learns mars and koks.
//!
//! Every move of self-play is the one whose position the network likes best (one ply,
//! by equity); the positions before each roll are learnt from, their values seen from
//! the side to roll, and turned round ([`Probabilities::flip`]) for the other side as
//! the targets are computed backwards. The learning curve is a paired match scored in
//! points ([`paired_match`]), counted from the start of the run.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use crate::ai::bots::Bot;
use crate::ai::learn::curve::{CurveScore, curve_match};
use crate::ai::learn::load_file;
use crate::ai::learn::nardy::{NetBot, Probabilities, probabilities};
use crate::ai::learn::network::{MAX_OUTPUTS, Network, OUTPUTS};
use crate::ai::learn::seat_head::SeatHead;
use crate::ai::learn::td::{self, CURVE_SEED, Head, Outcomes};
use crate::ai::learn::weights::NetInfo;
use crate::ai::playout::Seats;
use crate::ai::roster::BotKind;
use crate::core::{Game, NewGame, Phase, Seat, Strategy};
use crate::games::aeroplane::Aeroplane;
use crate::games::microbes::Microbes;
use crate::games::mnogoboy::Mnogoboy;
use crate::games::nardy::encode::{ENCODING_VERSION, INPUTS, encode, layout_of_inputs};
use crate::games::nardy::{Nardy, NardyMove};
use crate::games::ur::Ur;
use crate::games::{AnyGame, Cast, ConcreteVisitor};

/// A game whose network can be trained, and the head that network has. The defaults
/// are the head of one output per seat ([`SeatHead`]), for games like the one given.
pub trait NetGame: Strategy {
    /// Whether the positions' targets may be valued by a search on the network
    /// (`--target-plies`).
    const SEARCH_TARGETS: bool = true;

    /// Trains a network for games like `fresh` (see [`td::train_head`]).
    fn train_net(
        fresh: &Self,
        config: &TrainConfig,
        log: &mut dyn Write,
        progress: bool,
    ) -> anyhow::Result<td::Summary> {
        td::train_head(&SeatHead::new(fresh)?, config, log, progress)
    }

    /// The key the network file of games like `fresh` is named by in the data
    /// directory ([`td::file_name`]), or `None` where a run must be told where it goes.
    fn file_key(fresh: &Self) -> Option<String> {
        fresh.encoding().map(|encoding| encoding.key)
    }
}

/// Long Nardy's network has its own head, five outcome chances, valued by the network
/// alone; its file is named by whoever trains it.
impl NetGame for Nardy {
    const SEARCH_TARGETS: bool = false;

    fn train_net(
        _fresh: &Nardy,
        config: &TrainConfig,
        log: &mut dyn Write,
        progress: bool,
    ) -> anyhow::Result<td::Summary> {
        td::train_head(&NardyHead, config, log, progress)
    }

    fn file_key(_fresh: &Nardy) -> Option<String> {
        None
    }
}

impl NetGame for Ur {}

impl NetGame for Aeroplane {}

impl NetGame for Microbes {}

impl NetGame for Mnogoboy {}

/// What a run on a game needs to know before it starts, from the game's [`NetGame`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainPlan {
    /// [`NetGame::SEARCH_TARGETS`].
    pub search_targets: bool,
    /// [`NetGame::file_key`].
    pub file_key: Option<String>,
}

/// The plan of a run on games like `fresh`.
pub fn plan(fresh: &AnyGame) -> TrainPlan {
    struct Plan;
    impl<G: NetGame> ConcreteVisitor<G> for Plan {
        type Output = TrainPlan;
        fn visit(self, fresh: &G, _cast: &Cast<G>) -> TrainPlan {
            TrainPlan {
                search_targets: G::SEARCH_TARGETS,
                file_key: G::file_key(fresh),
            }
        }
    }
    fresh.visit_concrete(Plan)
}

/// Runs a training run for games like `fresh` with the head of its network, printing
/// the learning curve to `log` and a progress bar to the terminal when `progress` is
/// true. Checkpoints go to [`TrainConfig::checkpoint_path`] between rounds; the
/// finished network goes to `config.out`.
pub fn train(
    fresh: &AnyGame,
    config: &TrainConfig,
    log: &mut dyn Write,
    progress: bool,
) -> anyhow::Result<td::Summary> {
    struct Train<'a> {
        config: &'a TrainConfig,
        log: &'a mut dyn Write,
        progress: bool,
    }
    impl<G: NetGame> ConcreteVisitor<G> for Train<'_> {
        type Output = anyhow::Result<td::Summary>;
        fn visit(self, fresh: &G, _cast: &Cast<G>) -> Self::Output {
            G::train_net(fresh, self.config, self.log, self.progress)
        }
    }
    fresh.visit_concrete(Train {
        config,
        log,
        progress,
    })
}

/// What a training run is asked to do: the same settings as any game's TD run.
pub type TrainConfig = td::TdConfig;

/// Who a paired match is played against.
#[derive(Clone, Debug)]
pub enum Opponent {
    /// A built-in bot.
    Bot(BotKind),
    /// `bot:net` (one ply) on another network: the reference a run should beat.
    Net(Arc<Network>),
}

/// Plays `pairs` pairs of games between `net` (`plies` deep) and `opponent`:
/// each dice seed from `first_seed` on is played once with the network as White and once
/// as Black. Spread over `jobs` threads; the result does not depend on `jobs`.
pub fn paired_match(
    net: &Arc<Network>,
    plies: u8,
    opponent: &Opponent,
    pairs: u64,
    first_seed: u64,
    jobs: usize,
) -> CurveScore {
    let seat_bots = |seed: u64, net_seat: Seat| -> Vec<Box<dyn Bot<Nardy>>> {
        let mut bots: Vec<Box<dyn Bot<Nardy>>> = vec![
            Box::new(NetBot::new(Arc::clone(net), plies, seed)),
            match opponent {
                Opponent::Net(reference) => Box::new(NetBot::new(Arc::clone(reference), 1, seed ^ 0x0bb0)),
                Opponent::Bot(kind) => kind.build(seed ^ 0x0bb0),
            },
        ];
        if net_seat == 1 {
            bots.swap(0, 1);
        }
        bots
    };
    curve_match(&Nardy::default_game(), pairs, first_seed, jobs, &seat_bots, true)
}

/// Every seat plays the move whose position `net` likes best (one ply).
pub struct OnePly<'n>(&'n Network);

impl Seats<Nardy> for OnePly<'_> {
    fn before_roll(&mut self, _seat: usize, _game: &Nardy, _actions: &[NardyMove]) -> Option<usize> {
        None
    }

    fn choose(&mut self, seat: usize, game: &Nardy, moves: &[NardyMove]) -> usize {
        let mut best = (f64::NEG_INFINITY, 0usize);
        for (index, mv) in moves.iter().enumerate() {
            let mut after = game.clone();
            after.play_unchecked(mv);
            let value = if after.phase() == Phase::Over {
                Probabilities::finished(true, after.side(1 - seat)).equity(false)
            } else {
                -probabilities(self.0, &after).equity(false)
            };
            if value > best.0 {
                best = (value, index);
            }
        }
        best.1
    }
}

impl Outcomes for Probabilities {
    /// Turned round when the other side sees them.
    fn seen_by(self, from: Seat, to: Seat) -> Probabilities {
        if from == to { self } else { self.flip() }
    }

    fn mix(self, later: Probabilities, lambda: f64) -> Probabilities {
        let mix = |a: f64, b: f64| (1.0 - lambda) * a + lambda * b;
        Probabilities {
            win: mix(self.win, later.win),
            win_mars: mix(self.win_mars, later.win_mars),
            win_koks: mix(self.win_koks, later.win_koks),
            lose_mars: mix(self.lose_mars, later.lose_mars),
            lose_koks: mix(self.lose_koks, later.lose_koks),
        }
    }

    fn write_targets(self, _mover: Seat, out: &mut [f32; MAX_OUTPUTS]) -> usize {
        out[..OUTPUTS].copy_from_slice(&self.to_outputs());
        OUTPUTS
    }
}

/// Long Nardy's head: five outcome chances for the side to act.
pub struct NardyHead;

impl Head for NardyHead {
    type Game = Nardy;
    type Value = Probabilities;
    type Valuer = ();
    type Chooser<'n> = OnePly<'n>;

    const CURVE_FROM_BIRTH: bool = false;

    fn fresh(&self) -> Nardy {
        Nardy::default_game()
    }

    fn shape(&self) -> (usize, usize) {
        (INPUTS, OUTPUTS)
    }

    /// A run resumed from a checkpoint of an earlier layout stays on it.
    fn key_of(&self, network: &Network) -> (String, u32) {
        (Nardy::game_info().id.into(), layout_of_inputs(network.inputs()))
    }

    fn load(&self, path: &Path) -> anyhow::Result<(Network, NetInfo)> {
        load_file(path)
    }

    fn adapt(&self, network: Network, info: &NetInfo, log: &mut dyn Write) -> anyhow::Result<Network> {
        if network.inputs() >= INPUTS {
            return Ok(network);
        }
        writeln!(
            log,
            "input layout {} read as layout {ENCODING_VERSION}: {} inputs, the {} new ones start with no weight",
            info.encoding,
            INPUTS,
            INPUTS - network.inputs()
        )?;
        Ok(network.with_inputs(INPUTS))
    }

    fn announce(&self, config: &TrainConfig, hidden: usize) -> String {
        format!(
            "training {} games: seed {}, {} hidden units, lambda {}, rate {}, jobs {}",
            config.games, config.seed, hidden, config.lambda, config.rate, config.jobs
        )
    }

    fn chooser<'n>(&'n self, net: &'n Network) -> OnePly<'n> {
        OnePly(net)
    }

    fn valuer(&self, _net: &Network, _plies: u8) {}

    fn learns_from(&self, game: &Nardy) -> Option<Seat> {
        // The roll-off only decides who starts: nothing to learn there.
        match game.phase() {
            Phase::Roll(seat) if game.roll_off().is_none() => Some(seat),
            _ => None,
        }
    }

    fn encode(&self, game: &Nardy, x: &mut [f32]) {
        if let Ok(x) = <&mut [f32; INPUTS]>::try_from(x) {
            encode(game, x);
        }
    }

    fn value(&self, _valuer: &mut (), net: &Network, _game: &Nardy, x: &[f32]) -> Probabilities {
        Probabilities::from_outputs(net.evaluate(x))
    }

    /// The side that moved last won.
    fn result(&self, game: &Nardy) -> Option<(Probabilities, Seat)> {
        if game.phase() != Phase::Over {
            return None;
        }
        let winner = game.turn();
        Some((Probabilities::finished(true, game.side(1 - winner)), winner))
    }

    fn curve_match(
        &self,
        net: &Arc<Network>,
        reference: Option<&Arc<Network>>,
        games: u64,
        jobs: usize,
    ) -> CurveScore {
        let opponent = match reference {
            Some(reference) => Opponent::Net(Arc::clone(reference)),
            None => Opponent::Bot(BotKind::Greedy),
        };
        paired_match(net, 1, &opponent, games.div_ceil(2), CURVE_SEED, jobs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::learn::td::{Head, Targets, Worker, self_play};
    use crate::ai::playout::{Seated, play_out};
    use crate::core::SeededDice;

    #[test]
    fn a_self_play_game_moves_its_positions_towards_the_result() {
        let net = Network::random(INPUTS, 16, 1);
        let mut learned = net.clone();
        let mut worker = Worker::new(INPUTS);
        let targets = Targets {
            lambda: 1.0,
            plies: 0,
        };
        let moves = self_play(&NardyHead, &mut learned, 5, targets, 0.01, &mut worker);
        assert!(moves > 20);
        let positions = worker.movers.len();
        assert!(positions > 10);
        // With lambda 1 every target is the result itself, seen from the side to act.
        // The same seed on the same network plays the same game again: its result.
        let mut game = NardyHead.fresh();
        let Ok(_) = play_out(
            &mut Seated::new(&mut game, &mut SeededDice::new(5), NardyHead.chooser(&net)),
            &mut (),
        );
        let (winner_won, winner) = NardyHead.result(&game).unwrap();
        let loss = |n: &Network| -> f32 {
            (0..positions)
                .map(|t| {
                    let result = winner_won.seen_by(winner, worker.movers[t]);
                    n.loss(worker.position(t), &result.to_outputs())
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
}
