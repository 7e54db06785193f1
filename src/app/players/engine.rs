//! An external engine playing a seat: the agent that keeps an [`EngineClient`] informed
//! with `newgame`, `dice` and `play`, and asks it with `genmove`. tabula stays the
//! referee: it rolls, and checks every reply.

use crate::app::players::{Agent, Observation};
use crate::app::protocol::client::{EngineClient, EngineFailure, EngineSettings, Reply, Traffic};
use crate::app::protocol::forfeit::ForfeitKind;
use crate::core::Game;
use crate::core::Notation;
use crate::games::AnyGame;

/// An external engine as an agent.
pub struct EngineAgent {
    client: EngineClient,
    /// A move the engine already played on its own board by answering `genmove`.
    own_move: bool,
}

impl EngineAgent {
    /// Starts the engine (see [`EngineClient::start`]).
    pub fn start(
        command: &str,
        label: &str,
        settings: &EngineSettings,
    ) -> Result<EngineAgent, EngineFailure> {
        Ok(EngineAgent {
            client: EngineClient::start(command, label, settings)?,
            own_move: false,
        })
    }

    fn start_game(&mut self, game: &AnyGame) -> Result<(), EngineFailure> {
        let mut newgame = format!("newgame {}", game.info().id);
        for option in game.options().non_default(game.info().options) {
            newgame.push(' ');
            newgame.push_str(&option);
        }
        self.client.tell(&newgame)?;
        self.client.after_newgame()?;
        self.own_move = false;
        let fresh = game.kind().new_game(game.options()).map(|g| g.position_string());
        if fresh.as_deref().ok() != Some(game.position_string().as_str()) {
            self.client.tell(&format!("setpos {}", game.position_string()))?;
        }
        Ok(())
    }
}

impl Agent for EngineAgent {
    fn observe(&mut self, observation: &Observation<'_>) -> Result<(), EngineFailure> {
        match observation {
            Observation::NewGame(game) | Observation::Position(game) => self.start_game(game),
            Observation::Dice(dice) => self.client.tell(&format!("dice {}", dice.to_args())),
            Observation::Move(text) => {
                if std::mem::take(&mut self.own_move) {
                    return Ok(());
                }
                self.client.tell(&format!("play {text}"))
            }
        }
    }

    fn decide(&mut self, game: &AnyGame) -> Result<Option<String>, EngineFailure> {
        let seat = match game.phase() {
            crate::core::Phase::Roll(seat) | crate::core::Phase::Move(seat) => game.seat_name(seat),
            crate::core::Phase::Over => "",
        };
        match self.client.genmove(seat)? {
            Reply::Success(text) => {
                let text = text.trim().to_string();
                if text.is_empty() {
                    return Err(self
                        .client
                        .failure(ForfeitKind::IllegalMove, "answered genmove with no move"));
                }
                if text != "roll" {
                    self.own_move = true;
                }
                Ok(Some(text))
            }
            Reply::Refusal(message) => Err(self.client.failure(
                ForfeitKind::Refused,
                format!(
                    "refused genmove: {}",
                    crate::app::protocol::client::quote(&message)
                ),
            )),
        }
    }

    fn name(&self) -> Option<&str> {
        Some(self.client.name())
    }

    fn take_traffic(&mut self) -> Option<Traffic> {
        Some(self.client.take_traffic())
    }

    fn relabel(&mut self, label: &str) {
        self.client.relabel(label);
    }

    fn reusable(&mut self) -> bool {
        self.client.healthy()
    }

    fn shutdown(&mut self) {
        self.client.shutdown();
    }
}
