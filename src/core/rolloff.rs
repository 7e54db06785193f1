//! The roll-off that decides who starts: one home for the games that have one.
//!
//! A roll-off is a run of ordinary roll phases with one die each (the game's phase is
//! [`Phase::Roll`](super::Phase::Roll) of [`RollOff::to_roll`]), so a controller rolls
//! through it like any other roll; [`Game::roll_off`](super::Game::roll_off) says that the
//! roll is a roll-off roll. Two rules exist:
//!
//! - [`RollOffRule::Highest`] (nardy, aeroplane, microbes, mnogoboy): the seats in the
//!   round roll one die each, in seat order; the highest roll wins; the seats that tie for
//!   the highest roll again, in a new round of their own.
//! - [`RollOffRule::FirstTo`] (Ur's City rules): the seats roll in turn, round and round,
//!   until one rolls the given value.
//!
//! What the winner does next (a fresh roll, or playing the winning roll) is the game's.

use thiserror::Error;

use super::seat::Seat;

/// The most seats a roll-off can have.
pub const MAX_ROLL_OFF_SEATS: usize = 6;

/// Why a list of standings is no point a roll-off under its rule can reach.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RollOffMistake {
    /// Too few or too many seats.
    #[error("a roll-off needs 2 to {MAX_ROLL_OFF_SEATS} seats, not {seats}")]
    Seats {
        /// How many seats were listed.
        seats: usize,
    },
    /// Every seat has rolled or is out.
    #[error("a roll-off has a seat still to roll")]
    NoneToRoll,
    /// Fewer than two seats still in the round.
    #[error("a roll-off round has two or more seats in it")]
    RoundTooSmall,
    /// A seat has rolled after one still to roll.
    #[error("the seats in a roll-off round roll in seat order")]
    OutOfOrder,
    /// A roll no die shows.
    #[error("a roll-off roll is a die from 1 to 6, not {value}")]
    NotADie {
        /// The roll listed.
        value: u8,
    },
    /// Under the first-to rule: a seat still to roll before one that is out, or the
    /// other way round.
    #[error("in this roll-off the seats roll in turn until one wins")]
    NotInTurn,
}

/// How a roll-off is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RollOffRule {
    /// Everyone in the round rolls once, in seat order; the highest roll wins, and the
    /// seats that tie for it roll again among themselves.
    Highest,
    /// The seats roll in turn until one rolls this value, which wins.
    FirstTo(u8),
}

/// One seat's part in the current round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Standing {
    /// Not in this round: lost an earlier round, or (first-to rule) already missed in it.
    Out,
    /// Still to roll in this round.
    Waiting,
    /// Rolled this value in this round (highest rule).
    Rolled(u8),
}

/// A roll-off in progress. Its state is exactly what decides the rest of it, so two
/// roll-offs at the same point compare equal however they got there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RollOff {
    rule: RollOffRule,
    seats: u8,
    standing: [Standing; MAX_ROLL_OFF_SEATS],
}

/// What one throw did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Throw {
    /// The roll-off goes on; this seat rolls next.
    Next(Seat),
    /// The round is over and these seats tied for the highest roll, `value`: they roll
    /// again (the first of them next). Under the first-to rule, a round where nobody
    /// rolled the value, everyone rolls again.
    Tie {
        /// The seats that roll again, in seat order.
        seats: Vec<Seat>,
        /// The roll they tied with (under the first-to rule, the last roll).
        value: u8,
    },
    /// This seat won with this roll.
    Won {
        /// The winner.
        seat: Seat,
        /// Its winning roll.
        value: u8,
    },
}

impl RollOff {
    /// A new roll-off under `rule` for `seats` seats (2 to [`MAX_ROLL_OFF_SEATS`]); seat 0
    /// rolls first.
    pub fn new(rule: RollOffRule, seats: usize) -> RollOff {
        let seats = seats.clamp(1, MAX_ROLL_OFF_SEATS);
        let mut standing = [Standing::Out; MAX_ROLL_OFF_SEATS];
        standing[..seats].fill(Standing::Waiting);
        RollOff {
            rule,
            seats: seats as u8,
            standing,
        }
    }

    /// A roll-off at a given point, as a position string describes it: each seat's
    /// standing in seat order. The error says what does not fit the rule.
    pub fn from_standings(rule: RollOffRule, standings: &[Standing]) -> Result<RollOff, RollOffMistake> {
        if !(2..=MAX_ROLL_OFF_SEATS).contains(&standings.len()) {
            return Err(RollOffMistake::Seats {
                seats: standings.len(),
            });
        }
        let first_waiting = standings
            .iter()
            .position(|s| *s == Standing::Waiting)
            .ok_or(RollOffMistake::NoneToRoll)?;
        match rule {
            RollOffRule::Highest => {
                if standings.iter().filter(|s| **s != Standing::Out).count() < 2 {
                    return Err(RollOffMistake::RoundTooSmall);
                }
                if standings[first_waiting..]
                    .iter()
                    .any(|s| matches!(s, Standing::Rolled(_)))
                {
                    return Err(RollOffMistake::OutOfOrder);
                }
                if let Some(Standing::Rolled(value)) = standings
                    .iter()
                    .find(|s| matches!(s, Standing::Rolled(v) if !(1..=6).contains(v)))
                {
                    return Err(RollOffMistake::NotADie { value: *value });
                }
            }
            RollOffRule::FirstTo(_) => {
                let (missed, waiting) = standings.split_at(first_waiting);
                if missed.iter().any(|s| *s != Standing::Out)
                    || waiting.iter().any(|s| *s != Standing::Waiting)
                {
                    return Err(RollOffMistake::NotInTurn);
                }
            }
        }
        let mut standing = [Standing::Out; MAX_ROLL_OFF_SEATS];
        standing[..standings.len()].copy_from_slice(standings);
        Ok(RollOff {
            rule,
            seats: standings.len() as u8,
            standing,
        })
    }

    /// The rule that decides it.
    pub fn rule(&self) -> RollOffRule {
        self.rule
    }

    /// How many seats take part.
    pub fn seat_count(&self) -> usize {
        usize::from(self.seats)
    }

    /// `seat`'s part in the current round ([`Standing::Out`] for a seat beyond the count).
    pub fn standing(&self, seat: Seat) -> Standing {
        self.standing
            .get(seat)
            .filter(|_| seat < self.seat_count())
            .copied()
            .unwrap_or(Standing::Out)
    }

    /// The seat to roll next.
    pub fn to_roll(&self) -> Seat {
        self.standing[..self.seat_count()]
            .iter()
            .position(|s| *s == Standing::Waiting)
            .unwrap_or(0)
    }

    /// Records a throw of `value` by [`RollOff::to_roll`] and says what it did. After
    /// [`Throw::Won`] the roll-off is over and this value should be dropped.
    pub fn throw(&mut self, value: u8) -> Throw {
        let seat = self.to_roll();
        let seats = self.seat_count();
        match self.rule {
            RollOffRule::FirstTo(target) => {
                if value == target {
                    return Throw::Won { seat, value };
                }
                self.standing[seat] = Standing::Out;
                if let Some(next) = (seat + 1..seats).find(|&s| self.standing[s] == Standing::Waiting) {
                    return Throw::Next(next);
                }
                self.standing[..seats].fill(Standing::Waiting);
                Throw::Tie {
                    seats: (0..seats).collect(),
                    value,
                }
            }
            RollOffRule::Highest => {
                self.standing[seat] = Standing::Rolled(value);
                if let Some(next) = (seat + 1..seats).find(|&s| self.standing[s] == Standing::Waiting) {
                    return Throw::Next(next);
                }
                let best = self.standing[..seats]
                    .iter()
                    .filter_map(|s| match s {
                        Standing::Rolled(v) => Some(*v),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(value);
                let tied: Vec<Seat> = (0..seats)
                    .filter(|&s| self.standing[s] == Standing::Rolled(best))
                    .collect();
                if let [winner] = tied[..] {
                    return Throw::Won {
                        seat: winner,
                        value: best,
                    };
                }
                for (s, standing) in self.standing[..seats].iter_mut().enumerate() {
                    *standing = if tied.contains(&s) {
                        Standing::Waiting
                    } else {
                        Standing::Out
                    };
                }
                Throw::Tie {
                    seats: tied,
                    value: best,
                }
            }
        }
    }

    /// What a throw of `value` now would do, without doing it.
    pub fn outcome_of(&self, value: u8) -> Throw {
        let mut copy = *self;
        copy.throw(value)
    }

    /// The lines that tell people what a throw of `value` did, from this roll-off as it
    /// stood before the throw, naming seats with `name`. A throw in the middle of a round
    /// needs none (the roll itself is shown); the end of a round lists every roll in it,
    /// the loser's too, and says who starts or who rolls again.
    pub fn narrate(&self, value: u8, name: &dyn Fn(Seat) -> String) -> Vec<String> {
        let seat = self.to_roll();
        let outcome = self.outcome_of(value);
        if let RollOffRule::FirstTo(target) = self.rule {
            let next = match &outcome {
                Throw::Next(next) => Some(*next),
                Throw::Tie { seats, .. } => seats.first().copied(),
                Throw::Won { .. } => None,
            };
            if let Some(next) = next {
                return vec![format!(
                    "roll-off: {} did not roll a {target}; {} rolls next",
                    name(seat),
                    name(next)
                )];
            }
        }
        match outcome {
            Throw::Next(_) => Vec::new(),
            Throw::Tie { seats, value: tied } => match self.rule {
                RollOffRule::FirstTo(_) => Vec::new(),
                RollOffRule::Highest => vec![format!(
                    "roll-off: {}; {} tie with {tied} and roll again",
                    self.round_rolls(seat, value, name),
                    join_names(&seats, name)
                )],
            },
            Throw::Won { seat: winner, .. } => match self.rule {
                RollOffRule::FirstTo(target) => vec![format!(
                    "roll-off: {} rolls a {target} and starts with it",
                    name(winner)
                )],
                RollOffRule::Highest => vec![format!(
                    "roll-off: {}; {} starts",
                    self.round_rolls(seat, value, name),
                    name(winner)
                )],
            },
        }
    }

    /// Every roll of the round that `seat`'s throw of `value` completes: `white 5, black 3`.
    fn round_rolls(&self, seat: Seat, value: u8, name: &dyn Fn(Seat) -> String) -> String {
        let rolls: Vec<String> = (0..self.seat_count())
            .filter_map(|s| match self.standing[s] {
                Standing::Rolled(v) => Some(format!("{} {v}", name(s))),
                Standing::Waiting if s == seat => Some(format!("{} {value}", name(s))),
                _ => None,
            })
            .collect();
        rolls.join(", ")
    }

    /// One line for a board: where the roll-off stands.
    pub fn describe(&self, name: &dyn Fn(Seat) -> String) -> String {
        let next = name(self.to_roll());
        match self.rule {
            RollOffRule::FirstTo(target) => {
                format!("roll-off: {next} to roll; the first to roll a {target} starts with it")
            }
            RollOffRule::Highest => {
                let rolled: Vec<String> = (0..self.seat_count())
                    .filter_map(|s| match self.standing[s] {
                        Standing::Rolled(v) => Some(format!("{} rolled {v}", name(s))),
                        _ => None,
                    })
                    .collect();
                let in_round: Vec<Seat> = (0..self.seat_count())
                    .filter(|&s| self.standing[s] != Standing::Out)
                    .collect();
                let mut parts = Vec::new();
                if in_round.len() < self.seat_count() {
                    parts.push(format!("{} tied", join_names(&in_round, name)));
                }
                parts.extend(rolled);
                parts.push(format!("{next} to roll"));
                format!("roll-off to decide who starts: {}", parts.join(", "))
            }
        }
    }
}

fn join_names(seats: &[Seat], name: &dyn Fn(Seat) -> String) -> String {
    let names: Vec<String> = seats.iter().map(|&s| name(s)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(seat: Seat) -> String {
        ["red", "yellow", "blue", "green"][seat].to_string()
    }

    #[test]
    fn the_highest_roll_wins_and_ties_roll_again_among_themselves() {
        let mut roll_off = RollOff::new(RollOffRule::Highest, 4);
        assert_eq!(roll_off.throw(3), Throw::Next(1));
        assert_eq!(roll_off.throw(6), Throw::Next(2));
        assert_eq!(roll_off.throw(6), Throw::Next(3));
        let before = roll_off;
        assert_eq!(
            roll_off.throw(2),
            Throw::Tie {
                seats: vec![1, 2],
                value: 6
            }
        );
        assert_eq!(
            before.narrate(2, &names),
            vec!["roll-off: red 3, yellow 6, blue 6, green 2; yellow and blue tie with 6 and roll again"]
        );
        assert_eq!(roll_off.to_roll(), 1);
        assert_eq!(roll_off.standing(0), Standing::Out);
        assert_eq!(roll_off.throw(4), Throw::Next(2));
        let before = roll_off;
        assert_eq!(roll_off.throw(5), Throw::Won { seat: 2, value: 5 });
        assert_eq!(
            before.narrate(5, &names),
            vec!["roll-off: yellow 4, blue 5; blue starts"]
        );
    }

    #[test]
    fn first_to_rule_goes_round_until_the_value_comes() {
        let mut roll_off = RollOff::new(RollOffRule::FirstTo(1), 2);
        assert_eq!(roll_off.throw(3), Throw::Next(1));
        assert_eq!(
            roll_off.narrate(2, &names),
            vec!["roll-off: yellow did not roll a 1; red rolls next"]
        );
        assert_eq!(
            roll_off.throw(2),
            Throw::Tie {
                seats: vec![0, 1],
                value: 2
            }
        );
        assert_eq!(roll_off, RollOff::new(RollOffRule::FirstTo(1), 2));
        assert_eq!(roll_off.throw(4), Throw::Next(1));
        assert_eq!(
            roll_off.narrate(1, &names),
            vec!["roll-off: yellow rolls a 1 and starts with it"]
        );
        assert_eq!(roll_off.throw(1), Throw::Won { seat: 1, value: 1 });
    }

    #[test]
    fn standings_from_position_strings_are_checked() {
        use Standing::*;
        assert!(RollOff::from_standings(RollOffRule::Highest, &[Rolled(5), Waiting]).is_ok());
        assert!(RollOff::from_standings(RollOffRule::Highest, &[Waiting, Rolled(5)]).is_err());
        assert!(RollOff::from_standings(RollOffRule::Highest, &[Rolled(5), Rolled(4)]).is_err());
        assert!(RollOff::from_standings(RollOffRule::Highest, &[Out, Waiting, Out]).is_err());
        assert!(RollOff::from_standings(RollOffRule::Highest, &[Rolled(9), Waiting]).is_err());
        assert!(RollOff::from_standings(RollOffRule::Highest, &[Waiting]).is_err());
        assert!(RollOff::from_standings(RollOffRule::FirstTo(1), &[Out, Waiting]).is_ok());
        assert!(RollOff::from_standings(RollOffRule::FirstTo(1), &[Waiting, Out]).is_err());
        let rebuilt = RollOff::from_standings(RollOffRule::Highest, &[Out, Waiting, Waiting, Out]).unwrap();
        let mut played = RollOff::new(RollOffRule::Highest, 4);
        for value in [2, 5, 5, 1] {
            played.throw(value);
        }
        assert_eq!(rebuilt, played);
    }

    #[test]
    fn boards_say_where_it_stands() {
        let mut roll_off = RollOff::new(RollOffRule::Highest, 2);
        assert_eq!(
            roll_off.describe(&names),
            "roll-off to decide who starts: red to roll"
        );
        roll_off.throw(5);
        assert_eq!(
            roll_off.describe(&names),
            "roll-off to decide who starts: red rolled 5, yellow to roll"
        );
        let mut four = RollOff::new(RollOffRule::Highest, 4);
        for value in [6, 2, 6, 1, 3] {
            four.throw(value);
        }
        assert_eq!(
            four.describe(&names),
            "roll-off to decide who starts: red and blue tied, red rolled 3, blue to roll"
        );
    }
}
