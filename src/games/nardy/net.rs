//! Long Nardy's network head: its five outputs are cumulative chances for the side to
//! act before it rolls (see [`super::encode`]): win, win a mars or better, win a koks,
//! lose a mars or worse, lose to a koks. A koks is a mars, so without `koks=on` it
//! simply scores as one. In a single game the net bots maximise the expected points;
//! under `match=N`, the chance of winning the match, by a match equity table built from
//! the network's own chances at the start.

use std::sync::OnceLock;

use super::encode::{ENCODING_VERSION, INPUTS, encode, inputs_of_layout};
use super::{Nardy, Side};
use crate::core::{
    BigWinChances, Encoding, Estimate, Game, MAX_BIG_WINS, MAX_SEATS, MoveFilter, NetHead, NetOutputs,
    NewGame, Outcomes, Phase, Seat,
};

/// The network's outputs.
pub const OUTPUTS: usize = 5;

/// How the net bots prune their search (gnubg's default move filter keeps 8 within
/// 0.16). One reply at the third ply, as gnubg's two-ply does: on the benchmark three
/// replies lost 6.2 ±1.3 thousandths a decision and one 6.0 ±1.2, in half the time.
const FILTER: MoveFilter = MoveFilter {
    candidates: 8,
    margin: 0.16,
    deep_candidates: 4,
    deep_margin: 0.10,
    deep_replies: 1,
};

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
    pub fn from_outputs(out: &NetOutputs) -> Probabilities {
        let win = f64::from(out[0]).clamp(0.0, 1.0);
        let win_mars = f64::from(out[1]).clamp(0.0, win);
        let win_koks = f64::from(out[2]).clamp(0.0, win_mars);
        let lose_mars = f64::from(out[3]).clamp(0.0, 1.0 - win);
        let lose_koks = f64::from(out[4]).clamp(0.0, lose_mars);
        Probabilities::new(win, win_mars, win_koks, lose_mars, lose_koks)
    }

    /// The chances as given, in the order of the fields.
    pub const fn new(
        win: f64,
        win_mars: f64,
        win_koks: f64,
        lose_mars: f64,
        lose_koks: f64,
    ) -> Probabilities {
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
    pub fn finished(won: bool, loser: Side) -> Probabilities {
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

    fn write_targets(self, _mover: Seat, out: &mut NetOutputs) -> usize {
        out[..OUTPUTS].copy_from_slice(&self.to_outputs());
        OUTPUTS
    }

    /// The expected points of a single game (self-play plays single games).
    fn worth(self, from: Seat, to: Seat) -> f64 {
        if from == to {
            self.equity(false)
        } else {
            -self.equity(false)
        }
    }
}

/// Five outcome chances for the side to act, learnt before each roll and valued by the
/// network alone; the estimate is the expected points, or the chance of winning the
/// match under `match=N`.
impl NetHead for Nardy {
    type Value = Probabilities;
    type Memo = OnceLock<MatchTable>;

    const SEARCH_TARGETS: bool = false;
    const CURVE_FROM_BIRTH: bool = false;
    const FILE_BY_KEY: bool = false;

    /// The network of input layout 2 (docs/internals.md has how it was trained).
    fn built_in_networks(&self) -> &'static [&'static [u8]] {
        &[include_bytes!("../../../assets/nardy.net")]
    }

    /// The network shipped before input layout 2 (220,000 games, 80 hidden units): the
    /// one that rolled out the built-in benchmark.
    fn reference_networks(&self) -> &'static [&'static [u8]] {
        &[include_bytes!("../../../assets/nardy-reference.net")]
    }

    fn head_outputs(&self) -> usize {
        OUTPUTS
    }

    fn layout_inputs(&self, version: u32) -> Option<usize> {
        inputs_of_layout(version)
    }

    /// Positions before a roll, as the network values them.
    fn learns_here(&self) -> Option<Seat> {
        match self.phase() {
            Phase::Roll(seat) if self.roll_off().is_none() => Some(seat),
            _ => None,
        }
    }

    fn head_value(&self, out: &NetOutputs) -> Probabilities {
        Probabilities::from_outputs(out)
    }

    /// Search targets are not for this head: an estimate has no mars or koks chances.
    fn head_value_of(&self, _estimate: &Estimate) -> Option<Probabilities> {
        None
    }

    /// The side that moved last won.
    fn head_result(&self) -> Option<(Probabilities, Seat)> {
        if self.phase() != Phase::Over {
            return None;
        }
        let winner = self.turn();
        Some((Probabilities::finished(true, self.side(1 - winner)), winner))
    }

    fn head_estimate(&self, outputs: &dyn Fn(&Nardy) -> NetOutputs, memo: &OnceLock<MatchTable>) -> Estimate {
        let (Phase::Roll(mover) | Phase::Move(mover)) = self.phase() else {
            let Some(outcome) = self.outcome() else {
                return Estimate::two_seats(0.5);
            };
            if self.match_to() == 1 {
                return Estimate::from_outcome(&outcome);
            }
            let winner_is_white = outcome.winner_seat() == Some(0);
            return Estimate::two_seats_with_equity(
                f64::from(u8::from(winner_is_white)),
                if winner_is_white { 1.0 } else { -1.0 },
            );
        };
        if self.roll_off().is_some() {
            // The fair roll-off for the first game: either side starts, so even.
            return Estimate::two_seats(0.5);
        }
        let chances = Probabilities::from_outputs(&outputs(self));
        let koks = self.koks_scores();
        let (win, equity) = if self.match_to() == 1 {
            (chances.win, chances.equity(koks))
        } else {
            let score = self.score();
            let need = i64::from(self.match_to()) - i64::from(score[mover]);
            let other = i64::from(self.match_to()) - i64::from(score[1 - mover]);
            let table = memo.get_or_init(|| {
                MatchTable::new(Probabilities::from_outputs(&outputs(&Nardy::default_game())))
            });
            let chance = table.winning_chance(koks, chances, need, other);
            (chance, 2.0 * chance - 1.0)
        };
        if mover == 0 {
            Estimate::two_seats_with_equity(win, equity)
        } else {
            Estimate::two_seats_with_equity(1.0 - win, -equity)
        }
    }

    /// In a single game past the roll-off, the mars and koks chances of both sides.
    fn head_big_wins(&self, outputs: &dyn Fn(&Nardy) -> NetOutputs) -> Option<BigWinChances> {
        let mover = self.phase().seat()?;
        if self.roll_off().is_some() || self.match_to() > 1 {
            return None;
        }
        let chances = Probabilities::from_outputs(&outputs(self));
        let mut big = [[0.0; MAX_BIG_WINS]; MAX_SEATS];
        big[mover] = [chances.win_mars, chances.win_koks];
        big[1 - mover] = [chances.lose_mars, chances.lose_koks];
        Some(big)
    }

    fn move_filter(&self) -> Option<MoveFilter> {
        Some(FILTER)
    }
}

/// The network's inputs: today's layout, of which an earlier one reads a prefix.
pub(super) fn encoding() -> Encoding {
    Encoding {
        key: Nardy::game_info().id.into(),
        version: ENCODING_VERSION,
        inputs: INPUTS,
    }
}

/// Writes the first `x.len()` inputs of today's layout (all of them, or an earlier
/// layout's prefix).
pub(super) fn encode_into(game: &Nardy, x: &mut [f32]) {
    if let Ok(x) = <&mut [f32; INPUTS]>::try_from(&mut *x) {
        encode(game, x);
        return;
    }
    let mut all = [0.0f32; INPUTS];
    encode(game, &mut all);
    let n = x.len().min(INPUTS);
    x[..n].copy_from_slice(&all[..n]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chances(win: f64, win_mars: f64, win_koks: f64, lose_mars: f64, lose_koks: f64) -> Probabilities {
        Probabilities::new(win, win_mars, win_koks, lose_mars, lose_koks)
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
        let p = Probabilities::from_outputs(&[0.3, 0.5, 0.6, 0.9, 0.1, 0.0, 0.0, 0.0]);
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
}
