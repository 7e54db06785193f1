//! The players' agents of a match's games, with engines kept alive from game to game as
//! cutechess-cli keeps them: each of the match's threads keeps one process per engine
//! player, tells it `newgame` before each game, and starts it again only after it
//! crashed, hung, failed a command or forfeited. With `--restart` every game starts its
//! engines afresh. Bots are made afresh for every game, each seat's seeded from the
//! game's dice seed as at `tabula play` ([`seat_seed`]), so that `tabula play GAME
//! --seed S` with the game's players in its seats plays the game again move for move.
//!
//! The thread that starts an engine is the thread that keeps its pool, and it ends the
//! pool's engines before it ends: on Linux an engine dies with the thread that started
//! it (see [`crate::app::protocol::client`]), so no engine may outlive its thread.

use super::{MatchConfig, game_label};
use crate::ai::roster::seat_seed;
use crate::app::players::{Agent, Forfeit, build_agent};
use crate::app::session::Session;
use crate::core::Seat;

/// The engines one thread of a match keeps between games, one slot per player.
pub struct EnginePool<'a> {
    config: &'a MatchConfig,
    kept: Vec<Option<Box<dyn Agent>>>,
}

impl<'a> EnginePool<'a> {
    /// An empty pool for `config`'s players: engines are started as games need them.
    pub fn new(config: &'a MatchConfig) -> EnginePool<'a> {
        EnginePool {
            config,
            kept: (0..config.players.len()).map(|_| None).collect(),
        }
    }

    /// Each seat's agent for game `index`: an engine kept from an earlier game, or one
    /// started now, or a new bot. A seat whose engine cannot start forfeits (the first
    /// such seat is returned).
    pub fn seat_agents(
        &mut self,
        index: u64,
        seat_players: &[usize],
        session: &Session,
    ) -> (Vec<Option<Box<dyn Agent>>>, Option<Forfeit>) {
        let config = self.config;
        let seed = config.dice_seed(index);
        let label = game_label(index);
        let mut forfeit: Option<Forfeit> = None;
        let mut agents: Vec<Option<Box<dyn Agent>>> = Vec::new();
        for (seat, &player) in seat_players.iter().enumerate() {
            let who = format!("{label} {}", session.seat_name(seat));
            if let Some(mut agent) = self.kept.get_mut(player).and_then(Option::take) {
                agent.relabel(&who);
                agents.push(Some(agent));
                continue;
            }
            let settings = config.engine_settings(player);
            match build_agent(
                &config.players[player].spec,
                seat_seed(seed, seat),
                &config.nets,
                settings,
                &who,
            ) {
                Ok(agent) => agents.push(agent),
                Err(failure) => {
                    forfeit.get_or_insert(Forfeit::of(seat, failure));
                    agents.push(None);
                }
            }
        }
        (agents, forfeit)
    }

    /// Takes the agents back after a game: an engine that can play on is kept for its
    /// player's next game, unless its seat `forfeited` or every game restarts its
    /// engines; the rest are stopped.
    pub fn give_back(
        &mut self,
        agents: Vec<Option<Box<dyn Agent>>>,
        seat_players: &[usize],
        forfeited: Option<Seat>,
    ) {
        let restart = self.config.tourney.restart;
        for (seat, agent) in agents.into_iter().enumerate() {
            let Some(mut agent) = agent else { continue };
            let slot = seat_players
                .get(seat)
                .and_then(|&player| self.kept.get_mut(player));
            match slot {
                Some(slot) if slot.is_none() && !restart && forfeited != Some(seat) && agent.reusable() => {
                    *slot = Some(agent);
                }
                _ => agent.shutdown(),
            }
        }
    }

    /// The names the seats' engines gave, told apart: a name that two players of the
    /// match gave (at the check before the games) gets the player's number, as in
    /// `tabula (2)`.
    pub fn shown_names(&self, seat_players: &[usize], reported: Vec<Option<String>>) -> Vec<Option<String>> {
        reported
            .into_iter()
            .zip(seat_players)
            .map(|(name, &player)| name.map(|name| told_apart(self.config, player, name)))
            .collect()
    }
}

impl Drop for EnginePool<'_> {
    fn drop(&mut self) {
        for agent in self.kept.iter_mut().flatten() {
            agent.shutdown();
        }
    }
}

/// `name` as player `player`'s engine gave it, with the player's number after it when
/// another player's engine gave the same name.
pub fn told_apart(config: &MatchConfig, player: usize, name: String) -> String {
    let names = &config.tourney.engine_names;
    let shared = names
        .iter()
        .enumerate()
        .any(|(other, given)| other != player && given.as_deref() == Some(name.as_str()));
    if shared {
        format!("{name} ({})", player + 1)
    } else {
        name
    }
}
