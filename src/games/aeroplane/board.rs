//! The board's geometry: where a plane can be, measured as its progress along its own
//! colour's path, and what happens when it lands (colour jump, shortcut flight, captures).
//!
//! A plane's place is one `i8`: [`HANGAR`], [`LAUNCH`], a progress `d` of 0..=49 on the
//! shared track (0 = its entry square, 49 = its turn-in square), 50..=54 in its own home
//! column, or [`CENTRE`]. Track squares are numbered 0..=51 clockwise; square `i` has
//! colour `i % 4` and colour `k` enters the track on square `13k + 3`.

/// In the hangar (off the board; captured planes come back here).
pub const HANGAR: i8 = -2;
/// In the launch area, one pip before the entry square.
pub const LAUNCH: i8 = -1;
/// The turn-in square: own colour, but a plane landing there does not jump.
pub const TURN_IN: i8 = 49;
/// The first square of the home column.
pub const HOME_FIRST: i8 = 50;
/// The home-column square crossed by the opposite colour's shortcut flight (the third of
/// five, where the flight line cuts the column).
pub const CROSSED: i8 = 52;
/// The centre: the plane has finished.
pub const CENTRE: i8 = 55;
/// The own shortcut square: a plane landing there flies.
pub const SHORTCUT: i8 = 17;
/// Where the shortcut flight ends.
pub const SHORTCUT_END: i8 = 29;
/// Squares a colour jump covers.
pub const JUMP: i8 = 4;
/// Squares on the shared track.
pub const TRACK_SQUARES: usize = 52;

/// The track square of progress `d` (0..=49) for `colour`.
#[inline]
pub fn square(colour: usize, d: i8) -> usize {
    (13 * colour + 3 + d as usize) % TRACK_SQUARES
}

/// The progress of `colour` on track square `square`: 0..=49 when the square is on its
/// path, 50 or 51 for the two squares behind its entry that it never reaches.
pub fn progress_on_square(colour: usize, square: usize) -> i8 {
    ((square + 2 * TRACK_SQUARES - 13 * colour - 3) % TRACK_SQUARES) as i8
}

/// The colour (0..=3) of track square `square`.
#[inline]
pub fn square_colour(square: usize) -> usize {
    square % 4
}

/// True if a plane at progress `d` stands on the shared track.
#[inline]
pub fn on_track(d: i8) -> bool {
    (0..=TURN_IN).contains(&d)
}

/// True if a plane landing at progress `d` by a plain move jumps on to the next square of
/// its colour (own colour, not the turn-in square, not the shortcut square).
#[inline]
pub fn jumps_from(d: i8) -> bool {
    on_track(d) && d % 4 == 1 && d != TURN_IN && d != SHORTCUT
}

/// True if a plane can never come to rest at progress `d`: it landed on its own colour
/// and always moves on (the first own square, and the shortcut square).
pub fn never_rests_at(d: i8) -> bool {
    d == 1 || d == SHORTCUT
}

/// The colour opposite `colour` (whose home column its shortcut flight crosses).
#[inline]
pub fn opposite(colour: usize) -> usize {
    (colour + 2) % 4
}

/// How the rules set up a move's landing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// Option `fly-then-jump=on`: a direct landing on the shortcut square also jumps
    /// after the flight.
    pub fly_then_jump: bool,
    /// Option `overshoot=bounce`: a roll past the centre moves back by the excess.
    pub bounce: bool,
}

/// Where a piece's move goes and what it passes through. Progress values are the mover's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trace {
    /// Where the piece started.
    pub from: i8,
    /// Where the roll itself took it (after a bounce, if any).
    pub landed: i8,
    /// The roll went past the centre and came back (option `overshoot=bounce`).
    pub bounced: bool,
    /// The colour jump's target, if it jumped before any flight.
    pub jump: Option<i8>,
    /// True if it flew the shortcut.
    pub flew: bool,
    /// The jump after the flight (option `fly-then-jump=on`), if any.
    pub jump_after_flight: Option<i8>,
    /// Where the piece ends.
    pub end: i8,
}

impl Trace {
    /// Every progress at which the piece touches down on the track (landing, jump target,
    /// flight end, jump after the flight), in order; opponents there are captured.
    pub fn touchdowns(&self) -> impl Iterator<Item = i8> {
        let landed = on_track(self.landed).then_some(self.landed);
        let flight = self.flew.then_some(SHORTCUT_END);
        [landed, self.jump, flight, self.jump_after_flight]
            .into_iter()
            .flatten()
    }
}

/// The path of a piece at progress `from` (the launch area or beyond) moved by `roll`, or
/// `None` when the roll would overshoot the centre and bouncing is off.
pub fn trace(from: i8, roll: u8, landing: Landing) -> Option<Trace> {
    let mut to = from + roll as i8;
    let mut bounced = false;
    if to > CENTRE {
        if !landing.bounce {
            return None;
        }
        to = 2 * CENTRE - to;
        bounced = true;
    }
    let mut trace = Trace {
        from,
        landed: to,
        bounced,
        jump: None,
        flew: false,
        jump_after_flight: None,
        end: to,
    };
    if jumps_from(to) {
        to += JUMP;
        trace.jump = Some(to);
    }
    if to == SHORTCUT {
        to = SHORTCUT_END;
        trace.flew = true;
        if landing.fly_then_jump && trace.jump.is_none() {
            to += JUMP;
            trace.jump_after_flight = Some(to);
        }
    }
    trace.end = to;
    Some(trace)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Landing = Landing {
        fly_then_jump: false,
        bounce: false,
    };

    #[test]
    fn squares_follow_the_colour_pattern() {
        for colour in 0..4 {
            assert_eq!(square(colour, 0), 13 * colour + 3);
            for d in (1..=TURN_IN).step_by(4) {
                assert_eq!(square_colour(square(colour, d)), colour, "colour {colour} d {d}");
            }
            assert_eq!(square(colour, TURN_IN), 13 * colour);
            for d in 0..=TURN_IN {
                assert_eq!(progress_on_square(colour, square(colour, d)), d);
            }
        }
        assert_eq!(progress_on_square(0, 1), 50);
        assert_eq!(progress_on_square(0, 2), 51);
    }

    #[test]
    fn jumps_and_flights() {
        let t = trace(LAUNCH, 2, PLAIN).unwrap();
        assert_eq!((t.landed, t.jump, t.end), (1, Some(5), 5));
        let t = trace(10, 3, PLAIN).unwrap();
        assert_eq!((t.jump, t.flew, t.end), (Some(17), true, SHORTCUT_END));
        let t = trace(14, 3, PLAIN).unwrap();
        assert_eq!((t.jump, t.flew, t.end), (None, true, SHORTCUT_END));
        let fly_jump = Landing {
            fly_then_jump: true,
            bounce: false,
        };
        assert_eq!(trace(14, 3, fly_jump).unwrap().end, 33);
        assert_eq!(trace(10, 3, fly_jump).unwrap().end, SHORTCUT_END);
        assert_eq!(trace(44, 5, PLAIN).unwrap().end, TURN_IN);
        assert_eq!(trace(42, 3, PLAIN).unwrap().end, TURN_IN);
        assert_eq!(trace(52, 4, PLAIN), None);
        let bounce = Landing {
            fly_then_jump: false,
            bounce: true,
        };
        let t = trace(52, 6, bounce).unwrap();
        assert_eq!((t.end, t.bounced), (52, true));
    }
}
