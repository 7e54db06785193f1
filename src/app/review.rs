//! `review` at the table: the game so far analysed as `tabula analyse` analyses a record
//! (the same engine, [`crate::app::analysis`]), for the seats people played, then every
//! mistake with its board, the move played, the best move and what it cost.

use crate::ai::roster::BotKind;
use crate::app::analysis::{AnalysisError, GameAnalysis, Mark, analyse_game_until, report};
use crate::app::record::{parse_records, write_game};
use crate::app::session::Session;
use crate::core::{Game, Notation, Seat};

/// Why there is nothing to review.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The game has no move yet.
    #[error("nothing to review yet: review the game once a move is played")]
    NoMoves,
    /// The bot does not play this game.
    #[error("{0}")]
    Bot(String),
    /// The game could not be read back or analysed.
    #[error("the game cannot be analysed: {0}")]
    Analysis(String),
}

impl From<AnalysisError> for ReviewError {
    fn from(error: AnalysisError) -> Self {
        ReviewError::Analysis(error.to_string())
    }
}

/// A review: the analysis, the bot that made it, and whether it reached the end.
#[derive(Debug)]
pub struct Review {
    /// The analysis of the decisions reviewed.
    pub analysis: GameAnalysis,
    /// The bot that valued them.
    pub bot: BotKind,
    /// False when it was stopped before the end.
    pub complete: bool,
    /// The actions analysed and the game's actions.
    pub reached: (usize, usize),
}

/// Reviews `session` for `seats` (every seat when empty) with `bot`; `go_on` is told
/// how many actions of how many are done after each and stops the review by saying
/// false.
pub fn review(
    session: &Session,
    seats: &[Seat],
    bot: BotKind,
    mut go_on: impl FnMut(usize, usize) -> bool,
) -> Result<Review, ReviewError> {
    let total = session.actions().count();
    if session.game().phase() != crate::core::Phase::Over && total == 0 {
        return Err(ReviewError::NoMoves);
    }
    bot.check_for(session.game())
        .map_err(|e| ReviewError::Bot(e.to_string()))?;
    let text = write_game(session, &[], &[]);
    let records = parse_records(&text).map_err(|e| ReviewError::Analysis(e.to_string()))?;
    let record = records.first().ok_or(ReviewError::NoMoves)?;
    let nets = session.nets();
    let mut valuer = bot.build_with::<crate::games::AnyGame>(session.seed(), &nets);
    let mut luck =
        BotKind::Expectimax { depth: 1 }.build_with::<crate::games::AnyGame>(session.seed(), &nets);
    let mut done = 0;
    let mut stopped = false;
    let analysis = analyse_game_until(record, valuer.as_mut(), luck.as_mut(), seats, || {
        done += 1;
        stopped = !go_on(done, total);
        !stopped
    })?;
    Ok(Review {
        analysis,
        bot,
        complete: !stopped,
        reached: (done, total),
    })
}

/// The review for people: the analysis table and summary, then each mistake (doubtful
/// or worse) with the board before it, the move played, the best and the cost.
pub fn review_text(review: &Review) -> String {
    let (head, mistakes) = review_pages(review);
    let mut out = vec![head];
    for mistake in mistakes {
        out.push(String::new());
        out.push(mistake);
    }
    out.join("\n")
}

/// The review in pages, for a table that steps through it: the analysis table, the
/// summary and the count of mistakes first, then one page for each mistake.
pub fn review_pages(review: &Review) -> (String, Vec<String>) {
    let analysis = &review.analysis;
    let game = &analysis.game;
    let mut head = vec![report(analysis, review.bot, false, false)];
    if !review.complete {
        head.push(format!(
            "stopped after {} of the game's {} actions: the review covers the game up to there",
            review.reached.0, review.reached.1
        ));
    }
    let equity = game.scores_points();
    let cost = |loss: f64| match equity {
        true => format!("{loss:.3} equity"),
        false => format!("{:.1} points of win %", 100.0 * loss),
    };
    let mistakes: Vec<_> = analysis
        .decisions
        .iter()
        .filter(|d| d.mark != Mark::None)
        .collect();
    match mistakes.len() {
        0 => head.push("no mistakes: every decision reviewed was within the doubtful mark".into()),
        count => head.push(format!(
            "the {count} mistake{}, one by one:",
            if count == 1 { "" } else { "s" }
        )),
    }
    let pages = mistakes
        .iter()
        .enumerate()
        .map(|(n, d)| {
            let dice = if d.dice.is_empty() {
                String::new()
            } else {
                format!(" with {}", d.dice)
            };
            [
                format!(
                    "mistake {} of {}: turn {}, {}{dice}",
                    n + 1,
                    mistakes.len(),
                    d.turn,
                    game.seat_name(d.seat)
                ),
                d.before.render().trim_end().to_string(),
                format!(
                    "played {}; best {}: it cost {} ({})",
                    d.played,
                    d.best,
                    cost(d.loss),
                    d.mark.word()
                ),
            ]
            .join("\n")
        })
        .collect();
    (head.join("\n"), pages)
}
