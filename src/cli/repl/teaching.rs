//! The table teaches: `review` analyses the game so far for the seats people play (a
//! progress bar in a terminal, Ctrl-C stops it with what it has), and the tutor warns
//! before a person's move that analysis would class at its level or worse.

use std::io::Write;

use super::{Step, Table};
use crate::ai::roster::BotKind;
use crate::app::analysis::Mark;
use crate::app::review::{review, review_pages, review_text};
use crate::app::session::CommandError;
use crate::app::tutor::{Warning, warn};
use crate::core::{Game, Phase, Seat};

/// The mistakes of a review still to show in a terminal, one at a time.
#[derive(Default)]
pub(super) struct ReviewSteps {
    /// The pages not shown yet, the next first.
    left: std::collections::VecDeque<String>,
    /// How many mistakes the review had.
    total: usize,
}

impl Table {
    /// `review [--bot NAME]`: the analysis of the game so far, then its mistakes.
    pub(super) fn review(&mut self, bot: Option<BotKind>, out: &mut dyn Write) -> Step {
        let game = self.session.game();
        let people: Vec<Seat> = (0..game.seat_count())
            .filter(|&seat| self.seats.referee.is_human(seat))
            .collect();
        let bot = bot.unwrap_or(BotKind::Best);
        let total = self.session.actions().count() as u64;
        let bar = crate::cli::args::progress_bar(
            total,
            "reviewing {bar:30} {pos}/{len} actions, ETA {eta} (Ctrl-C stops)",
        );
        let flag = crate::ai::search::StopFlag::new();
        let session = &self.session;
        let work = || {
            review(session, &people, bot, |done, _| {
                bar.set_position(done as u64);
                !flag.is_requested()
            })
        };
        let reviewed = match self.interactive {
            true => crate::app::interrupt::watching(&flag, work),
            false => work(),
        };
        bar.finish_and_clear();
        let mut reviewed = reviewed.map_err(|e| CommandError::Refused(e.to_string()))?;
        if !reviewed.complete {
            // The decision being valued when Ctrl-C came was cut short: not to be trusted.
            reviewed.analysis.decisions.pop();
        }
        if !self.interactive {
            writeln!(out, "{}", review_text(&reviewed))?;
            return Ok(());
        }
        // In a terminal the mistakes come one at a time, each when asked for.
        let (head, pages) = review_pages(&reviewed);
        writeln!(out, "{head}")?;
        self.review_steps = ReviewSteps {
            total: pages.len(),
            left: pages.into(),
        };
        if let Some(page) = self.next_review_page() {
            writeln!(out, "\n{page}")?;
        }
        Ok(())
    }

    /// The next page of the review being stepped through, if any is left.
    pub fn next_review_page(&mut self) -> Option<String> {
        self.review_steps.left.pop_front()
    }

    /// The question that offers the next mistake of a review, while one is left.
    pub fn review_question(&self) -> Option<String> {
        let (left, total) = (self.review_steps.left.len(), self.review_steps.total);
        (left > 0).then(|| {
            format!(
                "[Enter: mistake {} of {total}, q: back to the table] ",
                total - left + 1
            )
        })
    }

    /// Leaves the review's remaining pages unshown.
    pub fn end_review(&mut self) {
        self.review_steps.left.clear();
    }

    /// `set tutor LEVEL`.
    pub(super) fn set_tutor(&mut self, level: Option<Mark>, out: &mut dyn Write) -> Step {
        self.tutor = level;
        let said = match level {
            Some(mark) => format!(
                "the tutor warns before a move of the seats played here that is {} or worse",
                mark.word()
            ),
            None => "the tutor is off".to_string(),
        };
        self.say(out, &said)?;
        Ok(())
    }

    /// What the tutor says before a person plays `text` here, if it speaks.
    pub(super) fn tutor_warning(&self, text: &str) -> Option<Warning> {
        let level = self.tutor?;
        let seat = self.seats.human_turn(&self.session).ok()?;
        let people_move = matches!(self.session.phase(), Phase::Move(_)) && self.seats.referee.is_human(seat);
        people_move.then(|| warn(&self.session, text, level)).flatten()
    }
}
