//! The tutor: before a person's move, the analysis of that one decision (as `analyse`
//! and `review` class it); a move at the chosen mark or worse is named with what it
//! costs and what the bot would play instead.

use crate::app::analysis::{Mark, judge};
use crate::app::session::Session;
use crate::core::{Game, Notation, Phase};

/// How bad a move must be for the tutor to speak: `set tutor doubtful|error|blunder|off`.
pub const TUTOR_WORDS: [&str; 4] = ["doubtful", "error", "blunder", "off"];

/// The mark a tutor word names (`off`: `None`), or `Err` for any other word.
pub fn tutor_level(word: &str) -> Result<Option<Mark>, String> {
    match word {
        "doubtful" => Ok(Some(Mark::Doubtful)),
        "error" => Ok(Some(Mark::Error)),
        "blunder" => Ok(Some(Mark::Blunder)),
        "off" => Ok(None),
        other => Err(format!(
            "'{other}' is no tutor level: write 'set tutor {}'",
            TUTOR_WORDS.join("|")
        )),
    }
}

/// What the tutor says of a move.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    /// The move as the game writes it.
    pub played: String,
    /// The bot's best move.
    pub best: String,
    /// What the move loses against the best (win probability, or equity).
    pub loss: f64,
    /// Its mark.
    pub mark: Mark,
    /// Whether the loss is equity (Long Nardy) rather than win probability.
    pub equity: bool,
    /// The bot that valued it, as shown.
    pub bot: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cost = match self.equity {
            true => format!("{:.3} equity", self.loss),
            false => format!("{:.1} points of win %", 100.0 * self.loss),
        };
        write!(
            f,
            "tutor: {} is {}: it costs {cost}; bot:{} would play {}",
            self.played,
            crate::core::with_article(self.mark.word()),
            self.bot,
            self.best
        )
    }
}

/// The tutor's warning for playing `text` now, when analysis would mark it `level` or
/// worse; `None` for a better move, a move that is not legal (play refuses it as ever)
/// or a position without a choice.
pub fn warn(session: &Session, text: &str, level: Mark) -> Option<Warning> {
    let game = session.game();
    if !matches!(game.phase(), Phase::Move(_)) {
        return None;
    }
    let played = game.parse_move(text.trim()).ok()?;
    let kind = session.bot();
    let mut bot = kind.build_with::<crate::games::AnyGame>(session.seed(), &session.nets());
    let decision = judge(game, &played, bot.as_mut())?;
    (decision.mark >= level && decision.mark != Mark::None).then(|| Warning {
        played: decision.played,
        best: decision.best,
        loss: decision.loss,
        mark: decision.mark,
        equity: game.scores_points(),
        bot: kind.shown_for(game),
    })
}
