//! The net bots' pruned search, for a game whose head declares move filters
//! ([`NetHead::move_filter`], Long Nardy's): one ply on the network, two on a pruned
//! list of candidates, or three with the candidates and the replies pruned again, as
//! gnubg's move filters do.

use super::eval::{NetEval, outputs};
use crate::ai::bots::{Bot, RankedMove};
use crate::ai::search::{Evaluator, Expectimax};
use crate::core::{Estimate, MoveFilter, NetHead, Phase, Seat, SeededDice};

/// The deepest level the pruned search has.
const DEEPEST: u8 = 3;

/// The best move by the network at one ply, at two (the opponent's rolls and best
/// replies, on a pruned list of candidates), or at three (the opponent's replies valued
/// by our rolls and best answers, with the candidates and the replies pruned again).
pub struct PrunedNetBot<G: NetHead> {
    evaluator: NetEval<G>,
    filter: MoveFilter,
    plies: u8,
    reply_search: Expectimax<G, NetEval<G>>,
    rng: SeededDice,
}

impl<G: NetHead> PrunedNetBot<G> {
    /// A bot looking `plies` (1 to 3) ahead on `evaluator`, pruning by `filter`, its
    /// tie-breaks following `seed`.
    pub fn new(evaluator: NetEval<G>, filter: MoveFilter, plies: u8, seed: u64) -> PrunedNetBot<G> {
        PrunedNetBot {
            reply_search: Expectimax::new(1, evaluator.clone()),
            evaluator,
            filter,
            plies: plies.clamp(1, DEEPEST),
            rng: SeededDice::new(seed),
        }
    }

    /// The value of `position` (a side to roll) two plies deep: the average over that
    /// side's rolls of its best reply, each of its best few replies at one ply
    /// ([`MoveFilter::deep_replies`]) valued by the other side's rolls and best answers.
    fn deep_value(&mut self, position: &G) -> Estimate {
        let Phase::Roll(mover) = position.phase() else {
            return self.reply_search.evaluate(position);
        };
        let mut outcomes = Vec::new();
        position.chance_outcomes(&mut outcomes);
        let mut legal = Vec::new();
        let mut total = Estimate::ZERO;
        for (dice, p) in outcomes {
            let mut rolled = position.clone();
            if rolled.set_dice(dice).is_err() {
                return self.reply_search.evaluate(position);
            }
            legal.clear();
            rolled.legal_moves(&mut legal);
            let replies = self.reply_search.rank(&rolled, &legal);
            let mut best: Option<Estimate> = None;
            for reply in replies.iter().take(self.filter.deep_replies) {
                let mut after = rolled.clone();
                after.play_unchecked(&legal[reply.index]);
                let value = self.reply_search.evaluate(&after);
                if best.is_none_or(|b| value.equity[mover] > b.equity[mover]) {
                    best = Some(value);
                }
            }
            let value = best.unwrap_or_else(|| self.reply_search.evaluate(&rolled));
            total.add_weighted(&value, p);
        }
        total
    }
}

impl<G: NetHead> PrunedNetBot<G> {
    /// Values again the best of `ranked` (sorted, best first, for `seat`): at most `most`
    /// of them within `margin` of the best, each by the opponent's rolls and best
    /// replies at one ply (or the exact value when the move ends the game), or two plies
    /// deep when `deep`; sorts them again and returns how many.
    #[allow(clippy::too_many_arguments)]
    fn value_again(
        &mut self,
        game: &G,
        legal: &[G::Move],
        seat: Seat,
        ranked: &mut [RankedMove],
        most: usize,
        margin: f64,
        deep: bool,
    ) -> usize {
        let best = ranked[0].estimate.equity[seat];
        let kept = ranked
            .iter()
            .take(most)
            .take_while(|r| r.estimate.equity[seat] >= best - margin)
            .count();
        for candidate in &mut ranked[..kept] {
            let mut position = game.clone();
            position.play_unchecked(&legal[candidate.index]);
            candidate.estimate = if deep {
                self.deep_value(&position)
            } else {
                self.reply_search.evaluate(&position)
            };
        }
        ranked[..kept].sort_by(|a, b| b.estimate.equity[seat].total_cmp(&a.estimate.equity[seat]));
        kept
    }
}

impl<G: NetHead> Bot<G> for PrunedNetBot<G> {
    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize {
        let Some(seat) = game.phase().seat() else {
            return 0;
        };
        let ranked = self.rank_moves(game, legal);
        let Some(top) = ranked.first() else {
            return 0;
        };
        let best = top.estimate.equity[seat];
        let tied = ranked
            .iter()
            .take_while(|r| r.estimate.equity[seat] >= best - 1e-9)
            .count();
        ranked[self.rng.below(tied as u32) as usize].index
    }

    /// Pruning is for games with nothing to do before the roll.
    fn choose_before_roll(&mut self, _game: &G, _actions: &[G::Move]) -> Option<usize> {
        None
    }

    fn rank_moves(&mut self, game: &G, legal: &[G::Move]) -> Vec<RankedMove> {
        let Some(seat) = game.phase().seat() else {
            return Vec::new();
        };
        // One ply on the network is the depth-1 search the replies use.
        let mut ranked = self.reply_search.rank(game, legal);
        if self.plies < 2 || ranked.len() < 2 {
            return ranked;
        }
        let filter = self.filter;
        let keep = self.value_again(
            game,
            legal,
            seat,
            &mut ranked,
            filter.candidates,
            filter.margin,
            false,
        );
        if self.plies < 3 || keep < 2 {
            return ranked;
        }
        self.value_again(
            game,
            legal,
            seat,
            &mut ranked[..keep],
            filter.deep_candidates,
            filter.deep_margin,
            true,
        );
        ranked
    }

    fn estimate_rolling(&mut self, game: &G) -> Estimate {
        if self.plies >= 3 {
            self.deep_value(game)
        } else if self.plies >= 2 {
            self.reply_search.evaluate_rolling(game)
        } else {
            self.evaluator.estimate(game)
        }
    }

    fn estimate(&mut self, game: &G) -> Estimate {
        match game.phase() {
            Phase::Roll(_) if self.plies >= 3 => self.deep_value(game),
            Phase::Roll(_) if self.plies >= 2 => self.reply_search.evaluate(game),
            Phase::Move(_) => {
                let mut legal = Vec::new();
                game.legal_moves(&mut legal);
                let ranked = self.rank_moves(game, &legal);
                ranked
                    .first()
                    .map_or_else(|| self.evaluator.estimate(game), |r| r.estimate)
            }
            _ => self.evaluator.estimate(game),
        }
    }

    fn big_win_chances(&mut self, game: &G) -> Option<crate::core::BigWinChances> {
        let net = self.evaluator.network();
        game.head_big_wins(&|g: &G| outputs(net, g))
    }

    /// The reply search's table stays: it holds the network's values, which do not
    /// depend on the stream.
    fn reseed(&mut self, seed: u64) {
        self.rng = SeededDice::new(seed);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::ai::learn::Network;
    use crate::core::{Game, NewGame, Notation, Options};
    use crate::games::nardy::encode::INPUTS;
    use crate::games::nardy::net::Probabilities;
    use crate::games::nardy::{Nardy, NardyMove};

    /// Long Nardy's filter.
    fn filter() -> MoveFilter {
        Nardy::default_game().move_filter().unwrap()
    }

    fn probabilities(net: &Network, game: &Nardy) -> Probabilities {
        Probabilities::from_outputs(&outputs(net, game))
    }

    #[test]
    fn under_a_match_the_estimate_is_the_chance_of_winning_it() {
        let net = Arc::new(Network::random(INPUTS, 8, 3));
        let evaluator = NetEval::<Nardy>::new(Arc::clone(&net));
        let options = Options::parse(crate::games::nardy::INFO.options, &["match=3"]).unwrap();
        let mut game = Nardy::new_game(&options).unwrap();
        game.set_position("w=24x14,20 b=24x15 turn=black:roll first=b score=2-2")
            .unwrap();
        let chances = probabilities(&net, &game);
        let estimate = evaluator.estimate(&game);
        // Both need one point: the match is this game.
        assert!((estimate.win[1] - chances.win).abs() < 1e-9);
        assert!((estimate.equity[1] - (2.0 * chances.win - 1.0)).abs() < 1e-9);
        // A single game values points instead.
        let mut single = Nardy::default_game();
        single
            .set_position("w=24x14,20 b=24x15 turn=black:roll first=b score=0-0")
            .unwrap();
        let estimate = evaluator.estimate(&single);
        assert!((estimate.equity[1] - chances.equity(false)).abs() < 1e-9);
        assert!((estimate.equity[0] + chances.equity(false)).abs() < 1e-9);
    }

    /// White's moves after 5-2 early in a game, ranked by a bot `plies` deep on a small
    /// random network; every move must be listed exactly once.
    struct Opening {
        bot: PrunedNetBot<Nardy>,
        game: Nardy,
        legal: Vec<NardyMove>,
        ranked: Vec<RankedMove>,
        /// The position after the best move.
        after: Nardy,
        /// A one-ply search on the same network.
        one_ply: Expectimax<Nardy, NetEval<Nardy>>,
    }

    fn ranked_opening(plies: u8, seed: u64) -> Opening {
        let net = Arc::new(Network::random(INPUTS, 8, seed));
        let mut bot = PrunedNetBot::new(NetEval::new(Arc::clone(&net)), filter(), plies, 1);
        let mut game = Nardy::default_game();
        game.set_position("w=24x13,18,15 b=24x14,20 turn=white:5-2 first=- score=0-0")
            .unwrap();
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let ranked = bot.rank_moves(&game, &legal);
        let mut indices: Vec<usize> = ranked.iter().map(|r| r.index).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..legal.len()).collect::<Vec<_>>());
        let mut after = game.clone();
        after.play_unchecked(&legal[ranked[0].index]);
        Opening {
            bot,
            game,
            legal,
            ranked,
            after,
            one_ply: Expectimax::new(1, NetEval::new(net)),
        }
    }

    #[test]
    fn two_plies_rank_every_move_with_the_candidates_first() {
        let mut opening = ranked_opening(2, 4);
        // The best move's value is the average over Black's 21 rolls of Black's best reply.
        let expected = opening.one_ply.evaluate(&opening.after);
        let best = &opening.ranked[0];
        assert!((best.estimate.equity[0] - expected.equity[0]).abs() < 1e-12);
        assert_eq!(opening.bot.choose_move(&opening.game, &opening.legal), best.index);
    }

    #[test]
    fn three_plies_value_the_best_candidates_by_the_opponents_rolls_and_our_answers() {
        // Given a bot looking three plies ahead on a small network, when it ranks
        // White's moves (every one listed once),
        let Opening {
            mut bot,
            game,
            legal,
            ranked,
            after,
            mut one_ply,
        } = ranked_opening(3, 6);
        // then the best one's value is, over Black's 21 rolls, Black's best of its
        // best replies at one ply, each valued by White's 21 rolls and best answers.
        let mut expected = 0.0;
        for (p, rolled, replies) in crate::ai::tests::support::each_roll(&after) {
            let best_for_black = one_ply
                .rank(&rolled, &replies)
                .iter()
                .take(filter().deep_replies)
                .map(|reply| {
                    let mut answered = rolled.clone();
                    answered.play_unchecked(&replies[reply.index]);
                    one_ply.evaluate(&answered).equity[0]
                })
                .fold(f64::INFINITY, f64::min);
            expected += p * best_for_black;
        }
        assert!((ranked[0].estimate.equity[0] - expected).abs() < 1e-9);
        assert_eq!(bot.choose_move(&game, &legal), ranked[0].index);
    }
}
