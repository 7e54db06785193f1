//! Adjudicating Long Nardy: a game that has become a pure race (no checker can meet an
//! opposing one again) is scored from the sides' one-sided bear-off distributions
//! ([`super::eval::race_odds`]) instead of being played to the end.
//!
//! The rule, as a careful tournament director would apply it: the side more likely to
//! bear off first wins (on an exact tie, the side to roll, which has the tempo); it wins
//! a mars when, given that it wins, a mars is more likely than not (its mars chance is
//! over half its win chance), an oin otherwise; the chance given with it is that of this
//! very result (the win and its kind). A koks cannot happen in a race (the
//! loser's checkers are all in its own half), so none is given. In a match (`match=N`)
//! only the game that the adjudicated result would win the match with is adjudicated;
//! earlier games of the match are played out, since the next game starts from a new
//! board. Once every checker of both sides is on points 1-6 the chances are exact for
//! play that minimises the expected turns, and the adjudication says so (`exact`);
//! before that they are the table's estimate, which a match never adjudicates on.

use super::board::HOME_MASK;
use super::eval::{is_race, race_odds};
use super::{Nardy, SEAT_NAMES, WinKind};
use crate::core::{Adjudication, Game, Phase};

/// The adjudicated result of `game` if it is a pure race before a roll, else `None`.
pub fn adjudicate(game: &Nardy) -> Option<Adjudication> {
    let Phase::Roll(mover) = game.phase() else {
        return None;
    };
    if !is_race(game) {
        return None;
    }
    let other = 1 - mover;
    let odds = race_odds(game.sides[mover], game.sides[other]);
    let mut win = [0.0; 2];
    let mut mars = [0.0; 2];
    win[mover] = odds.win;
    win[other] = 1.0 - odds.win;
    mars[mover] = odds.win_mars;
    mars[other] = odds.lose_mars;
    let winner = if win[mover] >= win[other] { mover } else { other };
    // The likelier way to win; its chance is that of the result given, points included.
    let (kind, chance) = if 2.0 * mars[winner] > win[winner] {
        (WinKind::Mars, mars[winner])
    } else {
        (WinKind::Oin, win[winner] - mars[winner])
    };
    let (score, match_won) = game.score_after(winner, kind);
    if !match_won {
        return None;
    }
    let exact = game.sides.iter().all(|side| side.occupancy() & !HOME_MASK == 0);
    let name = SEAT_NAMES[winner];
    let reason = format!(
        "race: {name} bears off first {:.1}%, wins {} {:.1}% ({})",
        100.0 * win[winner],
        kind.describe(),
        100.0 * chance,
        if exact { "exact" } else { "estimated" },
    );
    Some(Adjudication {
        outcome: game.match_won(
            winner,
            score,
            kind,
            &format!("{name} is given"),
            " by adjudication",
        ),
        chance,
        exact,
        reason,
    })
}
