//! The network as Long Nardy's evaluation: outcome probabilities, equity, the match
//! equity table, and the `bot:net` players.
//!
//! The network values a position for the side to act before it rolls (see
//! `games::nardy::encode`). Its five outputs are cumulative probabilities for that side:
//! win, win a mars or better, win a koks, lose a mars or worse, lose to a koks. A koks is
//! a mars, so without `koks=on` it simply scores as one.

use std::sync::{Arc, OnceLock};

use super::network::{Network, OUTPUTS};
use crate::ai::bots::{Bot, RankedMove};
use crate::ai::search::{Evaluator, Expectimax};
use crate::core::{Estimate, Game, Phase, SeededDice};
use crate::games::nardy::encode::{INPUTS, encode};
use crate::games::nardy::{DEEPEST_NET_LEVEL, Nardy, NardyMove};

/// The chances of the scoring outcomes for one side, each cumulative: a koks win is also
/// a mars win, and every mars win is a win.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probabilities {
    /// Winning at all.
    pub win: f64,
    /// Winning a mars or a koks (the loser bore off nothing).
    pub win_mars: f64,
    /// Winning a koks (mars, and a loser's checker still in its first quarter).
    pub win_koks: f64,
    /// Losing a mars or a koks.
    pub lose_mars: f64,
    /// Losing to a koks.
    pub lose_koks: f64,
}

impl Probabilities {
    /// The network's outputs made consistent (each cumulative chance at most the one it
    /// refines).
    pub fn from_outputs(out: [f32; OUTPUTS]) -> Probabilities {
        let win = f64::from(out[0]).clamp(0.0, 1.0);
        let win_mars = f64::from(out[1]).clamp(0.0, win);
        let win_koks = f64::from(out[2]).clamp(0.0, win_mars);
        let lose_mars = f64::from(out[3]).clamp(0.0, 1.0 - win);
        let lose_koks = f64::from(out[4]).clamp(0.0, lose_mars);
        Probabilities {
            win,
            win_mars,
            win_koks,
            lose_mars,
            lose_koks,
        }
    }

    /// The outputs as training targets.
    pub fn to_outputs(self) -> [f32; OUTPUTS] {
        [
            self.win as f32,
            self.win_mars as f32,
            self.win_koks as f32,
            self.lose_mars as f32,
            self.lose_koks as f32,
        ]
    }

    /// The same chances seen from the other side.
    pub fn flip(self) -> Probabilities {
        Probabilities {
            win: 1.0 - self.win,
            win_mars: self.lose_mars,
            win_koks: self.lose_koks,
            lose_mars: self.win_mars,
            lose_koks: self.win_koks,
        }
    }

    /// The exact value of a finished game for the winner (`won`) or the loser, judged
    /// from the loser's checkers: none borne off is a mars, and a checker still in the
    /// first quarter (points 19-24) makes it a koks.
    pub fn finished(won: bool, loser: crate::games::nardy::Side) -> Probabilities {
        let mars = loser.off() == 0;
        let koks = mars && (19..=24).any(|p| loser.count(p) > 0);
        let winner = Probabilities {
            win: 1.0,
            win_mars: f64::from(u8::from(mars)),
            win_koks: f64::from(u8::from(koks)),
            lose_mars: 0.0,
            lose_koks: 0.0,
        };
        if won { winner } else { winner.flip() }
    }

    /// The chance of each result, not cumulative: wins of 1, 2 and 3 points, then losses
    /// of 1, 2 and 3 points. Without koks (`koks == false`) a koks scores as a mars.
    pub fn results(self, koks: bool) -> [f64; 6] {
        let (win_koks, lose_koks) = if koks {
            (self.win_koks, self.lose_koks)
        } else {
            (0.0, 0.0)
        };
        [
            self.win - self.win_mars,
            self.win_mars - win_koks,
            win_koks,
            (1.0 - self.win) - self.lose_mars,
            self.lose_mars - lose_koks,
            lose_koks,
        ]
    }

    /// Expected points won minus points lost in a single game (oin 1, mars 2, koks 3
    /// when `koks` is on).
    pub fn equity(self, koks: bool) -> f64 {
        let r = self.results(koks);
        r[0] + 2.0 * r[1] + 3.0 * r[2] - r[3] - 2.0 * r[4] - 3.0 * r[5]
    }
}

/// The probabilities `net` gives the side to act in `game`, which must not be over.
pub fn probabilities(net: &Network, game: &Nardy) -> Probabilities {
    let mut x = [0.0f32; INPUTS];
    encode(game, &mut x);
    Probabilities::from_outputs(net.evaluate(&x))
}

/// The match equity table: the chance of winning a match from every score, assuming
/// each game is played like the start position the network sees.
#[derive(Clone, Debug)]
pub struct MatchTable {
    /// `wins[koks][a][b][starter]`: the chance that the side needing `a` points wins
    /// against one needing `b`, when `starter` (0: that side, 1: the other) starts the
    /// next game.
    wins: [Vec<[f64; 2]>; 2],
}

/// The longest match (option `match=` goes up to 99).
const MAX_MATCH: usize = 99;

impl MatchTable {
    /// Builds the table from the chances of the start position for the side to open.
    pub fn new(start: Probabilities) -> MatchTable {
        MatchTable {
            wins: [
                Self::build(start.results(false)),
                Self::build(start.results(true)),
            ],
        }
    }

    fn index(a: usize, b: usize) -> usize {
        a * (MAX_MATCH + 1) + b
    }

    fn build(opening: [f64; 6]) -> Vec<[f64; 2]> {
        let size = MAX_MATCH + 1;
        let mut table = vec![[0.0; 2]; size * size];
        let value = |table: &[[f64; 2]], a: isize, b: isize, starter: usize| -> f64 {
            if a <= 0 {
                1.0
            } else if b <= 0 {
                0.0
            } else {
                table[Self::index(a as usize, b as usize)][starter]
            }
        };
        for a in 1..size {
            for b in 1..size {
                let (ai, bi) = (a as isize, b as isize);
                let mut me_first = 0.0;
                let mut them_first = 0.0;
                for points in 1..=3 {
                    let k = points as isize;
                    let win = opening[points - 1];
                    let lose = opening[points + 2];
                    // I open: I win `points` (and open the next game) or lose them.
                    me_first += win * value(&table, ai - k, bi, 0) + lose * value(&table, ai, bi - k, 1);
                    // They open: their win is my loss.
                    them_first += win * value(&table, ai, bi - k, 1) + lose * value(&table, ai - k, bi, 0);
                }
                table[Self::index(a, b)] = [me_first, them_first];
            }
        }
        table
    }

    /// The chance of winning the match for a side needing `need` points against one
    /// needing `other`, the side to open the next game being `starter` (0: this side).
    pub fn value(&self, koks: bool, need: i64, other: i64, starter: usize) -> f64 {
        if need <= 0 {
            return 1.0;
        }
        if other <= 0 {
            return 0.0;
        }
        let a = (need as usize).min(MAX_MATCH);
        let b = (other as usize).min(MAX_MATCH);
        self.wins[usize::from(koks)][Self::index(a, b)][starter.min(1)]
    }

    /// The match-winning chance of a side whose current game has these `chances`, when
    /// it needs `need` points and the opponent `other` (the winner opens the next game).
    pub fn winning_chance(&self, koks: bool, chances: Probabilities, need: i64, other: i64) -> f64 {
        let r = chances.results(koks);
        let mut total = 0.0;
        for points in 1..=3i64 {
            total += r[points as usize - 1] * self.value(koks, need - points, other, 0);
            total += r[points as usize + 2] * self.value(koks, need, other - points, 1);
        }
        total
    }
}

/// Long Nardy valued by a network: the [`Evaluator`] behind `bot:net`. In a single game
/// it maximises expected points; under `match=N`, the chance of winning the match.
#[derive(Clone, Debug)]
pub struct NetEvaluator {
    net: Arc<Network>,
    table: Arc<OnceLock<MatchTable>>,
}

impl NetEvaluator {
    /// An evaluator on `net`.
    pub fn new(net: Arc<Network>) -> NetEvaluator {
        NetEvaluator {
            net,
            table: Arc::new(OnceLock::new()),
        }
    }

    /// The network.
    pub fn network(&self) -> &Network {
        &self.net
    }

    /// The match equity table, built from the network on first use.
    pub fn match_table(&self) -> &MatchTable {
        self.table.get_or_init(|| {
            let start = crate::core::NewGame::default_game();
            MatchTable::new(probabilities(&self.net, &start))
        })
    }
}

impl Evaluator<Nardy> for NetEvaluator {
    fn estimate(&self, game: &Nardy) -> Estimate {
        let (Phase::Roll(mover) | Phase::Move(mover)) = game.phase() else {
            let Some(outcome) = game.outcome() else {
                return Estimate::two_seats(0.5);
            };
            if game.match_to() == 1 {
                return Estimate::from_outcome(&outcome);
            }
            let winner_is_white = outcome.winner_seat() == Some(0);
            return Estimate::two_seats_with_equity(
                f64::from(u8::from(winner_is_white)),
                if winner_is_white { 1.0 } else { -1.0 },
            );
        };
        if game.roll_off().is_some() {
            // The fair roll-off for the first game: either side starts, so even.
            return Estimate::two_seats(0.5);
        }
        let chances = probabilities(&self.net, game);
        let koks = game.koks_scores();
        let (win, equity) = if game.match_to() == 1 {
            (chances.win, chances.equity(koks))
        } else {
            let score = game.score();
            let need = i64::from(game.match_to()) - i64::from(score[mover]);
            let other = i64::from(game.match_to()) - i64::from(score[1 - mover]);
            let chance = self.match_table().winning_chance(koks, chances, need, other);
            (chance, 2.0 * chance - 1.0)
        };
        if mover == 0 {
            Estimate::two_seats_with_equity(win, equity)
        } else {
            Estimate::two_seats_with_equity(1.0 - win, -equity)
        }
    }
}

/// Moves kept for the second ply: at most this many...
const CANDIDATES: usize = 8;
/// ...and only those within this much equity of the best one at one ply (gnubg's
/// default move filter keeps 8 within 0.16).
const CANDIDATE_MARGIN: f64 = 0.16;

/// Moves kept for the third ply (`bot:net:3`): at most this many of the two-ply
/// candidates...
const DEEP_CANDIDATES: usize = 4;
/// ...within this much equity of the best at two plies...
const DEEP_MARGIN: f64 = 0.10;
/// ...and, for each of the opponent's rolls, its replies searched one ply further: the
/// best this many at one ply. One, as gnubg's two-ply does: on the benchmark three
/// replies lost 6.2 ±1.3 thousandths a decision and one 6.0 ±1.2, in half the time.
const DEEP_REPLIES: usize = 1;

/// `bot:net`, `bot:net:2` and `bot:net:3`: the best move by the network at one ply, at
/// two (the opponent's 21 rolls and best replies, on a pruned list of candidates), or at
/// three (the opponent's replies valued by our 21 rolls and best answers, with the
/// candidates and the replies pruned again, as gnubg's move filters do).
pub struct NetBot {
    evaluator: NetEvaluator,
    plies: u8,
    reply_search: Expectimax<Nardy, NetEvaluator>,
    rng: SeededDice,
}

impl NetBot {
    /// A bot looking `plies` (1 to [`DEEPEST_NET_LEVEL`]) ahead on `net`, its tie-breaks
    /// following `seed`.
    pub fn new(net: Arc<Network>, plies: u8, seed: u64) -> NetBot {
        let evaluator = NetEvaluator::new(net);
        NetBot {
            reply_search: Expectimax::new(1, evaluator.clone()),
            evaluator,
            plies: plies.clamp(1, DEEPEST_NET_LEVEL),
            rng: SeededDice::new(seed),
        }
    }
}

impl NetBot {
    /// The value of `position` (a side to roll) two plies deep: the average over that
    /// side's rolls of its best reply, each of its best [`DEEP_REPLIES`] replies at one
    /// ply valued by the other side's 21 rolls and best answers.
    fn deep_value(&mut self, position: &Nardy) -> Estimate {
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
            for reply in replies.iter().take(DEEP_REPLIES) {
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

impl Bot<Nardy> for NetBot {
    fn choose_move(&mut self, game: &Nardy, legal: &[NardyMove]) -> usize {
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

    fn choose_before_roll(&mut self, _game: &Nardy, _actions: &[NardyMove]) -> Option<usize> {
        // Long Nardy has nothing to do before the roll.
        None
    }

    fn rank_moves(&mut self, game: &Nardy, legal: &[NardyMove]) -> Vec<RankedMove> {
        let Some(seat) = game.phase().seat() else {
            return Vec::new();
        };
        // One ply on the network is the depth-1 search the replies use.
        let mut ranked = self.reply_search.rank(game, legal);
        if self.plies < 2 || ranked.len() < 2 {
            return ranked;
        }
        let best = ranked[0].estimate.equity[seat];
        let keep = ranked
            .iter()
            .take(CANDIDATES)
            .take_while(|r| r.estimate.equity[seat] >= best - CANDIDATE_MARGIN)
            .count();
        for candidate in &mut ranked[..keep] {
            let mut position = game.clone();
            position.play_unchecked(&legal[candidate.index]);
            // The opponent's rolls and best replies (one ply each), or the exact value
            // when the move ends the game.
            candidate.estimate = self.reply_search.evaluate(&position);
        }
        ranked[..keep].sort_by(|a, b| b.estimate.equity[seat].total_cmp(&a.estimate.equity[seat]));
        if self.plies < 3 || keep < 2 {
            return ranked;
        }
        let best = ranked[0].estimate.equity[seat];
        let deep = ranked[..keep]
            .iter()
            .take(DEEP_CANDIDATES)
            .take_while(|r| r.estimate.equity[seat] >= best - DEEP_MARGIN)
            .count();
        for candidate in &mut ranked[..deep] {
            let mut position = game.clone();
            position.play_unchecked(&legal[candidate.index]);
            candidate.estimate = self.deep_value(&position);
        }
        ranked[..deep].sort_by(|a, b| b.estimate.equity[seat].total_cmp(&a.estimate.equity[seat]));
        ranked
    }

    fn estimate_rolling(&mut self, game: &Nardy) -> Estimate {
        if self.plies >= 3 {
            self.deep_value(game)
        } else if self.plies >= 2 {
            self.reply_search.evaluate_rolling(game)
        } else {
            self.evaluator.estimate(game)
        }
    }

    fn estimate(&mut self, game: &Nardy) -> Estimate {
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

    fn big_win_chances(&mut self, game: &Nardy) -> Option<crate::core::BigWinChances> {
        let mover = game.phase().seat()?;
        if game.roll_off().is_some() || game.match_to() > 1 {
            return None;
        }
        let chances = probabilities(self.evaluator.network(), game);
        let mut big = [[0.0; crate::core::MAX_BIG_WINS]; crate::core::MAX_SEATS];
        big[mover] = [chances.win_mars, chances.win_koks];
        big[1 - mover] = [chances.lose_mars, chances.lose_koks];
        Some(big)
    }

    /// The reply search's table stays: it holds the network's values, which do not
    /// depend on the stream.
    fn reseed(&mut self, seed: u64) {
        self.rng = SeededDice::new(seed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{NewGame, Notation, Options};
    use crate::games::nardy::Side;

    fn chances(win: f64, win_mars: f64, win_koks: f64, lose_mars: f64, lose_koks: f64) -> Probabilities {
        Probabilities {
            win,
            win_mars,
            win_koks,
            lose_mars,
            lose_koks,
        }
    }

    #[test]
    fn equity_counts_mars_and_koks() {
        let p = chances(0.6, 0.2, 0.05, 0.1, 0.02);
        // Without koks: 0.4 * 1 + 0.2 * 2 - 0.3 * 1 - 0.1 * 2.
        assert!((p.equity(false) - 0.3).abs() < 1e-12);
        // With koks the koks shares score 3 instead of 2.
        assert!((p.equity(true) - (0.3 + 0.05 - 0.02)).abs() < 1e-12);
        assert!((p.flip().equity(true) + p.equity(true)).abs() < 1e-12);
        assert_eq!(p.flip().flip(), p);
        let sum: f64 = p.results(true).iter().sum();
        assert!((sum - 1.0).abs() < 1e-12);
    }

    #[test]
    fn outputs_are_made_consistent() {
        let p = Probabilities::from_outputs([0.3, 0.5, 0.6, 0.9, 0.1]);
        assert_eq!(p.win_mars, 0.3f32 as f64);
        assert_eq!(p.win_koks, 0.3f32 as f64);
        assert!((p.lose_mars - 0.7).abs() < 1e-6);
        assert_eq!(p.lose_koks, 0.1f32 as f64);
    }

    #[test]
    fn finished_games_score_by_the_losers_checkers() {
        let oin = Probabilities::finished(true, Side::START.with_count(24, 14).with_count(0, 1));
        assert_eq!(oin.equity(true), 1.0);
        let koks = Probabilities::finished(true, Side::START);
        assert_eq!(koks.equity(false), 2.0);
        assert_eq!(koks.equity(true), 3.0);
        let mars = Probabilities::finished(false, Side::START.with_count(24, 0).with_count(5, 15));
        assert_eq!(mars.equity(true), -2.0);
    }

    #[test]
    fn match_table_of_a_fair_coin() {
        // Single points only, even chances: the classic table of a fair coin.
        let table = MatchTable::new(chances(0.5, 0.0, 0.0, 0.0, 0.0));
        assert!((table.value(false, 1, 1, 0) - 0.5).abs() < 1e-12);
        assert!((table.value(false, 2, 1, 0) - 0.25).abs() < 1e-12);
        assert!((table.value(false, 1, 2, 1) - 0.75).abs() < 1e-12);
        assert!((table.value(false, 3, 3, 0) - 0.5).abs() < 1e-12);
        assert_eq!(table.value(false, 0, 5, 1), 1.0);
        assert_eq!(table.value(false, 5, 0, 0), 0.0);
    }

    #[test]
    fn match_table_rewards_the_opener_and_the_big_wins() {
        // The side to open wins 60%, a third of its wins are mars.
        let table = MatchTable::new(chances(0.6, 0.2, 0.0, 0.1, 0.0));
        assert!(table.value(false, 3, 3, 0) > table.value(false, 3, 3, 1));
        // Needing 2 against 2: a mars win ends the match at once.
        let even = chances(0.5, 0.0, 0.0, 0.0, 0.0);
        let gammonish = chances(0.5, 0.25, 0.0, 0.0, 0.0);
        assert!(table.winning_chance(false, gammonish, 2, 2) > table.winning_chance(false, even, 2, 2));
        // Both needing one point: only winning matters.
        let p = chances(0.7, 0.3, 0.1, 0.2, 0.1);
        assert!((table.winning_chance(true, p, 1, 1) - 0.7).abs() < 1e-12);
    }

    #[test]
    fn under_a_match_the_estimate_is_the_chance_of_winning_it() {
        let net = Arc::new(Network::random(INPUTS, 8, 3));
        let evaluator = NetEvaluator::new(Arc::clone(&net));
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
    /// random network (returned with the position and its moves); every move must be
    /// listed exactly once.
    fn ranked_opening(
        plies: u8,
        seed: u64,
    ) -> (Arc<Network>, NetBot, Nardy, Vec<NardyMove>, Vec<RankedMove>) {
        let net = Arc::new(Network::random(INPUTS, 8, seed));
        let mut bot = NetBot::new(Arc::clone(&net), plies, 1);
        let mut game = Nardy::default_game();
        game.set_position("w=24x13,18,15 b=24x14,20 turn=white:5-2 first=- score=0-0")
            .unwrap();
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let ranked = bot.rank_moves(&game, &legal);
        let mut indices: Vec<usize> = ranked.iter().map(|r| r.index).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..legal.len()).collect::<Vec<_>>());
        (net, bot, game, legal, ranked)
    }

    #[test]
    fn two_plies_rank_every_move_with_the_candidates_first() {
        let (net, mut bot, game, legal, ranked) = ranked_opening(2, 4);
        // The best move's value is the average over Black's 21 rolls of Black's best reply.
        let mut after = game.clone();
        after.play_unchecked(&legal[ranked[0].index]);
        let mut search = Expectimax::new(1, NetEvaluator::new(net));
        let expected = search.evaluate(&after);
        assert!((ranked[0].estimate.equity[0] - expected.equity[0]).abs() < 1e-12);
        let chosen = bot.choose_move(&game, &legal);
        assert_eq!(chosen, ranked[0].index);
    }

    #[test]
    fn three_plies_value_the_best_candidates_by_the_opponents_rolls_and_our_answers() {
        // Given a bot looking three plies ahead on a small network, when it ranks
        // White's moves (every one listed once),
        let (net, mut bot, game, legal, ranked) = ranked_opening(3, 6);
        // then the best one's value is, over Black's 21 rolls, Black's best of its
        // best replies at one ply, each valued by White's 21 rolls and best answers.
        let mut after = game.clone();
        after.play_unchecked(&legal[ranked[0].index]);
        let mut one_ply = Expectimax::new(1, NetEvaluator::new(net));
        let mut outcomes = Vec::new();
        after.chance_outcomes(&mut outcomes);
        let mut expected = 0.0;
        for (dice, p) in outcomes {
            let mut rolled = after.clone();
            rolled.set_dice(dice).unwrap();
            let mut replies = Vec::new();
            rolled.legal_moves(&mut replies);
            let best_for_black = one_ply
                .rank(&rolled, &replies)
                .iter()
                .take(DEEP_REPLIES)
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
