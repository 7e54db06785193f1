//! What a Long Nardy position string may not say: checkers missing, a point held by both
//! sides, a block with none ahead, a finished game whose score does not fit the match.

use super::board::{self, HOME_MASK, Side};
use super::movegen::TurnRules;
use super::{BLACK, Nardy, PositionError, PositionFault, Stage, WHITE};
use crate::core::{Dice, Seat};

impl Nardy {
    /// Validates a position's invariants; used after parsing a position string.
    pub(super) fn validate(&self) -> Result<(), PositionError> {
        for seat in [WHITE, BLACK] {
            let side = self.sides[seat];
            let total = side.on_board() + side.off();
            if total != 15 {
                return Err(PositionFault::CheckerCount { seat, total }.into());
            }
            if side.off() > 0 && side.off() < 15 && side.occupancy() & !HOME_MASK != 0 {
                return Err(PositionFault::BorneOffWithCheckersOutside { seat }.into());
            }
            if self.first_turn[seat] && side.count(24) != 15 {
                return Err(PositionFault::FirstTurnOffHead { seat }.into());
            }
            // A block is judged against opponent checkers on the board; once they are all
            // borne off (game over) there is nobody left to block.
            let opponent = self.sides[1 - seat];
            let rules = TurnRules::new(side, opponent, false, Dice::new(&[1, 2]));
            if opponent.on_board() > 0 && rules.has_illegal_block(side.occupancy()) {
                return Err(PositionFault::BlockWithNoneAhead { seat }.into());
            }
        }
        let white = self.sides[WHITE].occupancy();
        let black_in_white = board::rotate12(self.sides[BLACK].occupancy());
        if white & black_in_white != 0 {
            let point = (white & black_in_white).trailing_zeros() + 1;
            return Err(PositionFault::PointHeldByBoth { point }.into());
        }
        let finished: Vec<Seat> = [WHITE, BLACK]
            .into_iter()
            .filter(|&s| self.sides[s].off() == 15)
            .collect();
        match (finished.len(), self.stage) {
            (2, _) => Err(PositionFault::BothBorneOff.into()),
            (1, Stage::Over) => {
                // The game is over only when it won the match, and the score must say so:
                // the winner reached the match length with this game and not before it.
                let winner = finished[0];
                let (won, lost) = (self.score[winner], self.score[1 - winner]);
                let win = self.win_kind(winner);
                let (score, match_to) = (self.score, self.rules.match_to);
                if lost >= match_to {
                    return Err(PositionFault::ScoreGivesOtherTheMatch {
                        winner,
                        score,
                        match_to,
                    }
                    .into());
                }
                if won < win.points() || won < match_to {
                    return Err(PositionFault::ScoreLeavesOutWin {
                        winner,
                        win,
                        score,
                        match_to,
                    }
                    .into());
                }
                if won - win.points() >= match_to {
                    return Err(PositionFault::MatchWonBefore {
                        winner,
                        score,
                        match_to,
                    }
                    .into());
                }
                Ok(())
            }
            (1, _) => Err(PositionFault::NotMarkedOver { winner: finished[0] }.into()),
            (_, Stage::Over) => Err(PositionFault::OverWithoutWinner.into()),
            (_, Stage::RollOff(_))
                if self.sides != [Side::START; 2] || self.first_turn != [true; 2] || self.score != [0; 2] =>
            {
                Err(PositionFault::RollOffNeedsStart.into())
            }
            _ => Ok(()),
        }
    }
}
