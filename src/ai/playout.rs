//! The one loop that plays a game to its end: [`play_out`]. `tabula match`, `tabula
//! bench`, training, calibration and the invariant tests all play through it.
//!
//! The loop knows the turn cycle's shape (act until the game is over, at most
//! [`MAX_ACTIONS`] actions) and nothing of who plays. That is the [`Table`]'s part: it
//! holds the game and lets the seat to act take one action. [`Seated`] is the table of a
//! bare game, rolling from a dice source and asking its [`Seats`] (bots, a network, a
//! closure) for every decision; the match runner's table is a session whose referee asks
//! bots and external engines, and may end the game with a forfeit ([`Table::Stop`]). An
//! [`Observer`] watches every action and may stop the game: the benchmark's time budget,
//! training's record of positions, calibration's samples.

use std::convert::Infallible;
use std::ops::ControlFlow;

use crate::ai::bots::Bot;
use crate::core::Strategy;
use crate::core::{DiceSource, Game, Phase, Seat};

/// Stops a game that runs away (a rules bug) instead of looping for ever.
pub const MAX_ACTIONS: u64 = 100_000;

/// One action a table took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The seat to roll threw the dice.
    Rolled,
    /// A move (or an action before the roll) was played.
    Moved,
}

/// Why [`play_out`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The game is over.
    Over,
    /// The observer stopped it.
    Stopped,
    /// Nobody could act: no legal move in the move phase, dice the game refused, or a
    /// seat the table cannot play for.
    Stuck,
    /// [`MAX_ACTIONS`] actions were taken and the game is still going.
    RanAway,
}

/// What one played-out game took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Moves played (passes and actions before a roll included).
    pub moves: u64,
    /// Rolls made.
    pub rolls: u64,
    /// True if the game reached [`Phase::Over`] (that is, `end` is [`End::Over`]).
    pub finished: bool,
    /// Why the loop returned.
    pub end: End,
}

/// A game being played and whoever acts in it.
pub trait Table {
    /// The game played.
    type Game: Game;
    /// Why a game can end before its rules end it (a forfeit); [`Infallible`] when
    /// nothing can.
    type Stop;

    /// The game as it stands.
    fn game(&self) -> &Self::Game;

    /// Lets the seat to act take one action: roll, or play what it decides. `Ok(None)`
    /// when the game is over or nobody can act (see [`End::Stuck`]).
    fn act(&mut self) -> Result<Option<Step>, Self::Stop>;
}

/// Watches a game played out at a table of type `T`; both hooks may stop the game
/// where it stands.
pub trait Observer<T: ?Sized> {
    /// Called before every action, and once more when the game is over.
    fn before_action(&mut self, table: &T) -> ControlFlow<()> {
        let _ = table;
        ControlFlow::Continue(())
    }

    /// Called after every action.
    fn after_action(&mut self, table: &T, step: Step) -> ControlFlow<()> {
        let _ = (table, step);
        ControlFlow::Continue(())
    }
}

/// Watches nothing.
impl<T: ?Sized> Observer<T> for () {}

/// Plays the game at `table` until it is over, the observer stops it, nobody can act,
/// or [`MAX_ACTIONS`] actions were taken; `Err` when the table stops it (a forfeit).
pub fn play_out<T: Table>(table: &mut T, observer: &mut impl Observer<T>) -> Result<Playout, T::Stop> {
    let mut moves = 0;
    let mut rolls = 0;
    let over = |table: &T| table.game().phase() == Phase::Over;
    let end = loop {
        if observer.before_action(table).is_break() {
            break End::Stopped;
        }
        if moves + rolls >= MAX_ACTIONS {
            break if over(table) { End::Over } else { End::RanAway };
        }
        // The table finds the game over itself: one look at the phase per action.
        let Some(step) = table.act()? else {
            break if over(table) { End::Over } else { End::Stuck };
        };
        match step {
            Step::Rolled => rolls += 1,
            Step::Moved => moves += 1,
        }
        if observer.after_action(table, step).is_break() {
            break End::Stopped;
        }
    };
    Ok(Playout {
        moves,
        rolls,
        finished: end == End::Over,
        end,
    })
}

/// Whoever decides at a [`Seated`] table, asked for the seat to act.
pub trait Seats<G: Game> {
    /// Before every roll, with the optional actions `actions` (often none): `Some(i)`
    /// plays `actions[i]` first, `None` rolls.
    fn before_roll(&mut self, seat: Seat, game: &G, actions: &[G::Move]) -> Option<usize>;

    /// In the move phase: the index of the move of `moves` (never empty) to play.
    fn choose(&mut self, seat: Seat, game: &G, moves: &[G::Move]) -> usize;
}

impl<G: Game, S: Seats<G> + ?Sized> Seats<G> for &mut S {
    fn before_roll(&mut self, seat: Seat, game: &G, actions: &[G::Move]) -> Option<usize> {
        (**self).before_roll(seat, game, actions)
    }

    fn choose(&mut self, seat: Seat, game: &G, moves: &[G::Move]) -> usize {
        (**self).choose(seat, game, moves)
    }
}

/// One bot per seat (seat `s` asks bot `s` modulo their number), each asked at every
/// decision, a single legal move or no action before a roll included.
impl<G: Strategy> Seats<G> for [Box<dyn Bot<G>>] {
    fn before_roll(&mut self, seat: Seat, game: &G, actions: &[G::Move]) -> Option<usize> {
        let count = self.len();
        self[seat % count].choose_before_roll(game, actions)
    }

    fn choose(&mut self, seat: Seat, game: &G, moves: &[G::Move]) -> usize {
        let count = self.len();
        self[seat % count].choose_move(game, moves)
    }
}

/// The table of a bare game: it rolls from a dice source of type `D` and plays what its
/// seats choose, unchecked (they choose among the legal moves).
pub struct Seated<'a, G: Game, S, D: DiceSource + ?Sized = dyn DiceSource> {
    game: &'a mut G,
    dice: &'a mut D,
    /// Whoever decides.
    pub seats: S,
    moves: Vec<G::Move>,
}

impl<'a, G: Game, S: Seats<G>, D: DiceSource + ?Sized> Seated<'a, G, S, D> {
    /// `game` played by `seats`, with dice from `dice`.
    pub fn new(game: &'a mut G, dice: &'a mut D, seats: S) -> Seated<'a, G, S, D> {
        Seated {
            game,
            dice,
            seats,
            moves: Vec::new(),
        }
    }
}

impl<G: Game, S: Seats<G>, D: DiceSource + ?Sized> Table for Seated<'_, G, S, D> {
    type Game = G;
    type Stop = Infallible;

    fn game(&self) -> &G {
        self.game
    }

    fn act(&mut self) -> Result<Option<Step>, Infallible> {
        let game = &mut *self.game;
        self.moves.clear();
        let step = match game.phase() {
            Phase::Over => None,
            Phase::Roll(seat) => {
                game.legal_moves(&mut self.moves);
                let action = self.seats.before_roll(seat, game, &self.moves);
                if let Some(mv) = action.and_then(|index| self.moves.get(index)) {
                    game.play_unchecked(mv);
                    Some(Step::Moved)
                } else {
                    let roll = roll_from(game, self.dice);
                    game.set_dice(roll).is_ok().then_some(Step::Rolled)
                }
            }
            Phase::Move(seat) => {
                game.legal_moves(&mut self.moves);
                if self.moves.is_empty() {
                    None
                } else {
                    let index = self.seats.choose(seat, game, &self.moves);
                    game.play_unchecked(&self.moves[index.min(self.moves.len() - 1)]);
                    Some(Step::Moved)
                }
            }
        };
        Ok(step)
    }
}

/// Rolls for `game` from `dice`.
fn roll_from<G: Game, D: DiceSource + ?Sized>(game: &G, dice: &mut D) -> crate::core::Dice {
    // A sized source is handed over as itself, so that the roll sees its type.
    struct Source<'d, D: ?Sized>(&'d mut D);
    impl<D: DiceSource + ?Sized> DiceSource for Source<'_, D> {
        fn throw(&mut self, faces: u8) -> u8 {
            self.0.throw(faces)
        }
    }
    game.roll(&mut Source(dice))
}

/// Seats that decide by two closures: `choose` in the move phase, `before_roll` before
/// every roll.
struct ByClosures<C, B> {
    choose: C,
    before_roll: B,
}

impl<G: Game, C, B> Seats<G> for ByClosures<C, B>
where
    C: FnMut(&G, &[G::Move]) -> usize,
    B: FnMut(&G, &[G::Move]) -> Option<usize>,
{
    fn before_roll(&mut self, _seat: Seat, game: &G, actions: &[G::Move]) -> Option<usize> {
        (self.before_roll)(game, actions)
    }

    fn choose(&mut self, _seat: Seat, game: &G, moves: &[G::Move]) -> usize {
        (self.choose)(game, moves)
    }
}

/// Plays `game` to the end: rolls from `dice`, and `choose` picks among the legal moves
/// (and, before every roll, `before_roll` among the optional actions: `None` rolls).
pub fn playout<G: Game>(
    game: &mut G,
    dice: &mut (impl DiceSource + ?Sized),
    choose: impl FnMut(&G, &[G::Move]) -> usize,
    before_roll: impl FnMut(&G, &[G::Move]) -> Option<usize>,
) -> Playout {
    let seats = ByClosures { choose, before_roll };
    let Ok(played) = play_out(&mut Seated::new(game, dice, seats), &mut ());
    played
}

/// Plays with one bot per seat.
pub fn playout_with_bots<G: Strategy>(
    game: &mut G,
    dice: &mut dyn DiceSource,
    bots: &mut [Box<dyn Bot<G>>],
) -> Playout {
    let Ok(played) = play_out(&mut Seated::new(game, dice, bots), &mut ());
    played
}

/// Plays `rounds` dice seeds from `first_seed` on, each once with the player under test
/// in every seat, spread over `jobs` threads (the result does not depend on `jobs`):
/// `seat_bots(seed, seat)` gives every seat's bot with the tested one in `seat`, and
/// `tally` adds each finished game's outcome, seen from that seat, to a thread's score.
/// Returns the scores of the threads.
pub fn every_seat_rounds<G, S>(
    fresh: &G,
    rounds: u64,
    first_seed: u64,
    jobs: usize,
    seat_bots: &(dyn Fn(u64, Seat) -> Vec<Box<dyn Bot<G>>> + Sync),
    tally: &(dyn Fn(&mut S, Seat, &crate::core::Outcome) + Sync),
) -> Vec<S>
where
    G: Strategy + Sync,
    S: Default + Send,
{
    let jobs = jobs.clamp(1, 64) as u64;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|thread| {
                scope.spawn(move || {
                    let mut score = S::default();
                    for round in (thread..rounds).step_by(jobs as usize) {
                        let seed = first_seed + round;
                        for seat in 0..fresh.seat_count() {
                            let mut game = fresh.clone();
                            let mut bots = seat_bots(seed, seat);
                            playout_with_bots(&mut game, &mut crate::core::SeededDice::new(seed), &mut bots);
                            if let Some(outcome) = game.outcome() {
                                tally(&mut score, seat, &outcome);
                            }
                        }
                    }
                    score
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::bots::RandomBot;
    use crate::core::{Game, NewGame, Notation, SeededDice};
    use crate::games::ur::Ur;

    /// Counts the hooks' calls, and stops the game after `stop_after` actions.
    struct Counter {
        before: u64,
        after: u64,
        stop_after: u64,
    }

    impl<T> Observer<T> for Counter {
        fn before_action(&mut self, _table: &T) -> ControlFlow<()> {
            self.before += 1;
            ControlFlow::Continue(())
        }

        fn after_action(&mut self, _table: &T, _step: Step) -> ControlFlow<()> {
            self.after += 1;
            if self.after == self.stop_after {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }

    fn random_bots() -> Vec<Box<dyn Bot<Ur>>> {
        vec![Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))]
    }

    /// Every round is played once from every seat, and how the rounds are spread over
    /// threads changes no game.
    #[test]
    fn every_seat_rounds_plays_each_seed_from_every_seat_whatever_the_threads() {
        let fresh = Ur::default_game();
        let seat_bots = |seed: u64, tested: Seat| -> Vec<Box<dyn Bot<Ur>>> {
            (0..2)
                .map(|seat| Box::new(RandomBot::new(seed ^ (seat == tested) as u64)) as Box<dyn Bot<Ur>>)
                .collect()
        };
        let tally = |wins: &mut Vec<(u64, Seat, bool)>, seat: Seat, outcome: &crate::core::Outcome| {
            wins.push((
                outcome.points.iter().map(|&p| u64::from(p)).sum(),
                seat,
                outcome.winner_seat() == Some(seat),
            ));
        };
        let sorted = |jobs| {
            let mut all: Vec<_> = every_seat_rounds(&fresh, 7, 40, jobs, &seat_bots, &tally).concat();
            all.sort();
            all
        };
        let one = sorted(1);
        assert_eq!(one.len(), 14);
        assert_eq!(one.iter().filter(|g| g.1 == 0).count(), 7);
        assert_eq!(one, sorted(3));
        // Each seed is played twice, once by the tested bot in each seat, and the seats win
        // some each: the seeds are not all one game.
        let won = one.iter().filter(|g| g.2).count();
        assert!(won > 0 && won < 14, "{one:?}");
    }

    #[test]
    fn the_observer_sees_every_action_and_the_end() {
        let mut game = Ur::default_game();
        let mut dice = SeededDice::new(3);
        let mut bots = random_bots();
        let mut counter = Counter {
            before: 0,
            after: 0,
            stop_after: 0,
        };
        let Ok(played) = play_out(
            &mut Seated::new(&mut game, &mut dice, &mut bots[..]),
            &mut counter,
        );
        assert_eq!(played.end, End::Over);
        assert!(played.finished && game.outcome().is_some());
        assert!(played.moves > 10 && played.rolls > 10, "{played:?}");
        assert_eq!(counter.after, played.moves + played.rolls);
        assert_eq!(counter.before, counter.after + 1);
        // The same seeds give the same game through the shorthand.
        let mut again = Ur::default_game();
        let replayed = playout_with_bots(&mut again, &mut SeededDice::new(3), &mut random_bots());
        assert_eq!(replayed, played);
        assert_eq!(again.position_string(), game.position_string());
    }

    #[test]
    fn an_observer_stops_the_game_where_it_stands() {
        let mut game = Ur::default_game();
        let mut dice = SeededDice::new(3);
        let mut counter = Counter {
            before: 0,
            after: 0,
            stop_after: 7,
        };
        let mut bots = random_bots();
        let Ok(played) = play_out(
            &mut Seated::new(&mut game, &mut dice, &mut bots[..]),
            &mut counter,
        );
        assert_eq!(played.end, End::Stopped);
        assert!(!played.finished);
        assert_eq!(played.moves + played.rolls, 7);
        assert_ne!(game.phase(), Phase::Over);
    }

    /// A table whose seat gives up at its third action.
    struct GivesUp {
        game: Ur,
        acted: u32,
    }

    impl Table for GivesUp {
        type Game = Ur;
        type Stop = &'static str;

        fn game(&self) -> &Ur {
            &self.game
        }

        fn act(&mut self) -> Result<Option<Step>, &'static str> {
            self.acted += 1;
            if self.acted == 3 {
                return Err("gives up");
            }
            let roll = self.game.roll(&mut SeededDice::new(1));
            match self.game.set_dice(roll) {
                Ok(()) => Ok(Some(Step::Rolled)),
                Err(_) => Ok(None),
            }
        }
    }

    #[test]
    fn a_table_that_stops_ends_the_game_with_its_reason_and_one_that_is_stuck_says_so() {
        let mut table = GivesUp {
            game: Ur::default_game(),
            acted: 0,
        };
        // The second roll comes in the move phase, where the game refuses dice.
        assert_eq!(play_out(&mut table, &mut ()).map(|p| p.end), Ok(End::Stuck));
        table.acted = 2;
        assert_eq!(play_out(&mut table, &mut ()), Err("gives up"));
    }
}
