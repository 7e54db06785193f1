//! The analysis of a recorded game (`tabula analyse`): the loss of every decision,
//! marks for errors, and luck. Losses are measured as [`crate::app::hints`] values
//! choices: equity in a game that scores points (nardy), win probability elsewhere.
//! The record is walked by [`crate::app::record::Replay`], with the checks of `load`.

use crate::ai::bots::Bot;
use crate::ai::roster::BotKind;
use crate::app::charts::{LineChart, Marker, MarkerKind, Series, sparkline};
use crate::app::hints::{measure, ranked_choices};
use crate::app::record::{Effect, GameRecord, Replay, ReplayError, Replaying};
use crate::app::session::{Action, CommandError, TurnNumbers};
use crate::core::Resignation;
use crate::core::columns::{Align, Columns};
use crate::core::{Game, Phase, Seat, wrap_words};
use crate::core::{Notation, OptionError};
use crate::games::{AnyGame, AnyMove};

/// How bad a decision was, by its loss against the best choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Within the noise of the evaluation.
    None,
    /// A loss of at least 2% win probability (nardy: 0.04 equity).
    Doubtful,
    /// At least 4% (nardy: 0.08).
    Error,
    /// At least 8% (nardy: 0.16).
    Blunder,
}

impl Mark {
    /// The mark of a decision that lost `loss` (win probability, or equity in nardy,
    /// where the thresholds double: one nardy point spans two units of equity).
    pub fn of(loss: f64, equity: bool) -> Mark {
        let unit = if equity { 2.0 } else { 1.0 };
        if loss >= 0.08 * unit {
            Mark::Blunder
        } else if loss >= 0.04 * unit {
            Mark::Error
        } else if loss >= 0.02 * unit {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }

    /// The word printed beside the decision (empty for none).
    pub fn word(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "doubtful",
            Mark::Error => "error",
            Mark::Blunder => "blunder",
        }
    }
}

/// One analysed decision of a recorded game.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The turn the decision belongs to, as `replay` and the REPL's `goto` number them.
    pub turn: u32,
    /// The record's line of the decision.
    pub line: usize,
    /// The position the decision was taken in.
    pub before: AnyGame,
    /// Who decided.
    pub seat: Seat,
    /// The dice being played, as printed (`6-3`), if any.
    pub dice: String,
    /// What was played.
    pub played: String,
    /// What the bot likes best.
    pub best: String,
    /// How much the choice played fell behind the best (0 when it is the best).
    pub loss: f64,
    /// The mark for that loss.
    pub mark: Mark,
}

/// One seat's totals over the analysed decisions and rolls.
#[derive(Clone, Debug, Default)]
pub struct SeatSummary {
    /// Decisions with more than one choice.
    pub decisions: usize,
    /// The sum of their losses.
    pub total_loss: f64,
    /// Decisions marked doubtful.
    pub doubtful: usize,
    /// Decisions marked as errors.
    pub errors: usize,
    /// Decisions marked as blunders.
    pub blunders: usize,
    /// How much the seat's rolls helped it: the sum over its rolls of the value after
    /// the roll minus the average over every roll it could have had.
    pub luck: f64,
    /// Whether the seat was asked for (the others' rows are left out of the report).
    pub analysed: bool,
}

impl SeatSummary {
    /// Adds an analysed decision of the seat's.
    fn count(&mut self, decision: &Decision) {
        self.decisions += 1;
        self.total_loss += decision.loss;
        match decision.mark {
            Mark::None => {}
            Mark::Doubtful => self.doubtful += 1,
            Mark::Error => self.errors += 1,
            Mark::Blunder => self.blunders += 1,
        }
    }

    /// The average loss per decision.
    pub fn average_loss(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.total_loss / self.decisions as f64
        }
    }
}

/// Every seat's chance to win at one point of the game, for the game's graph.
#[derive(Clone, Debug)]
pub struct CoursePoint {
    /// The turn just played (0 for the start).
    pub turn: u32,
    /// Each seat's win chance, as the analysing bot values the position.
    pub win: Vec<f64>,
}

/// One roll's luck: how much it helped the seat that rolled.
#[derive(Clone, Debug)]
pub struct RollLuck {
    /// The turn the roll belongs to.
    pub turn: u32,
    /// Who rolled.
    pub seat: Seat,
    /// Its value after the roll less the average over every roll (win probability, or
    /// equity in nardy).
    pub luck: f64,
}

/// The analysis of one recorded game.
#[derive(Clone, Debug)]
pub struct GameAnalysis {
    /// The game as it ended.
    pub game: AnyGame,
    /// Every analysed decision (forced ones left out), in order.
    pub decisions: Vec<Decision>,
    /// Totals per seat.
    pub summaries: Vec<SeatSummary>,
    /// Each seat's win chance at the start and after every move.
    pub course: Vec<CoursePoint>,
    /// The luck of every analysed seat's rolls, in order.
    pub rolls: Vec<RollLuck>,
}

/// Why a recorded game cannot be analysed. The error it comes from is part of the words,
/// so it is not also given as the source (the binary prints every source after the words).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The game refuses the record's rule options.
    #[error("the record's options are refused: {0}")]
    Options(OptionError),
    /// The replay of the record cannot start.
    #[error("{0}")]
    Start(CommandError),
    /// A line of the record does not replay, as `load` would refuse it.
    #[error("line {}: {}", .0.line, .0.fault)]
    Line(ReplayError),
}

/// Analyses `record`: for the seats in `seats` (all when empty), every decision with more
/// than one choice is valued by `bot`, and every roll's luck by `luck_bot`. `progress`
/// is told after each action.
pub fn analyse_game(
    record: &GameRecord,
    bot: &mut dyn Bot<AnyGame>,
    luck_bot: &mut dyn Bot<AnyGame>,
    seats: &[Seat],
    mut progress: impl FnMut(),
) -> Result<GameAnalysis, AnalysisError> {
    analyse_game_until(record, bot, luck_bot, seats, || {
        progress();
        true
    })
}

/// [`analyse_game`] that stops, with what it has, as soon as `go_on` (told after each
/// action) says false: a review at the table that Ctrl-C cut short.
pub fn analyse_game_until(
    record: &GameRecord,
    bot: &mut dyn Bot<AnyGame>,
    luck_bot: &mut dyn Bot<AnyGame>,
    seats: &[Seat],
    mut go_on: impl FnMut() -> bool,
) -> Result<GameAnalysis, AnalysisError> {
    let mut game = record
        .kind
        .new_game(&record.options)
        .map_err(AnalysisError::Options)?;
    let replay = Replay::new(record, 0, Replaying::Saved).map_err(AnalysisError::Start)?;
    let chosen = |seat: Seat| seats.is_empty() || seats.contains(&seat);
    let mut decisions = Vec::new();
    let mut summaries = vec![SeatSummary::default(); game.seat_count()];
    for (seat, summary) in summaries.iter_mut().enumerate() {
        summary.analysed = chosen(seat);
    }
    let mut outcomes = Vec::new();
    let win_chances = |game: &AnyGame, bot: &mut dyn Bot<AnyGame>| -> Vec<f64> {
        let estimate = bot.estimate(game);
        (0..game.seat_count()).map(|seat| estimate.win[seat]).collect()
    };
    // The course is valued by the analysing bot: the one-ply luck bot's values swing
    // with whose turn it is, which hides the course of the game.
    let mut course = vec![CoursePoint {
        turn: 0,
        win: win_chances(&game, bot),
    }];
    let mut rolls = Vec::new();
    // A resignation that ends the game ends the analysis; the rest of the record is still
    // checked, as `load` checks it.
    let mut resigned = false;
    let mut turns = TurnNumbers::default();
    for step in replay {
        let step = step.map_err(AnalysisError::Line)?;
        if resigned {
            continue;
        }
        let turn = turns.of(&step.before, step.seat).unwrap_or(0);
        let seat = step.seat.filter(|&seat| chosen(seat));
        match (&step.action, seat) {
            (Action::Roll(dice) | Action::Dice(dice), Some(seat)) => {
                if let Some(luck) = roll_luck(&step.before, dice, seat, luck_bot, &mut outcomes) {
                    summaries[seat].luck += luck;
                    rolls.push(RollLuck { turn, seat, luck });
                }
            }
            (Action::Move(played), Some(seat)) => {
                if let Some(decision) = analyse_decision(&step.before, played, seat, (turn, step.line), bot) {
                    summaries[seat].count(&decision);
                    decisions.push(decision);
                }
            }
            // A resignation is no choice to value; a Long Nardy match goes on after one.
            _ => {}
        }
        resigned = matches!(step.effect, Effect::Resigned(Resignation::Over(_)));
        if matches!(step.action, Action::Move(_)) || resigned {
            course.push(CoursePoint {
                turn,
                win: win_chances(&step.after, bot),
            });
        }
        game = step.after;
        if !resigned && !go_on() {
            break;
        }
    }
    Ok(GameAnalysis {
        game,
        decisions,
        summaries,
        course,
        rolls,
    })
}

/// How much `dice` helped `seat`, rolled in `before`: its value after them less the
/// average over every roll, as `luck_bot` values them; `None` when the dice are none of
/// the rolls the game accepts there. `outcomes` is room for the rolls.
fn roll_luck(
    before: &AnyGame,
    dice: &crate::core::Dice,
    seat: Seat,
    luck_bot: &mut dyn Bot<AnyGame>,
    outcomes: &mut Vec<(crate::core::Dice, f64)>,
) -> Option<f64> {
    outcomes.clear();
    before.chance_outcomes(outcomes);
    let mut average = 0.0;
    let mut actual = None;
    for (outcome, probability) in outcomes.iter() {
        let mut after = before.clone();
        if after.set_dice(*outcome).is_ok() {
            let value = measure(&after, &luck_bot.estimate(&after), seat);
            average += probability * value;
            if same_roll(outcome, dice) {
                actual = Some(value);
            }
        }
    }
    actual.map(|actual| actual - average)
}

/// The same roll, whatever the order of the dice.
fn same_roll(a: &crate::core::Dice, b: &crate::core::Dice) -> bool {
    let mut x = a.values().to_vec();
    let mut y = b.values().to_vec();
    x.sort_unstable();
    y.sort_unstable();
    x == y
}

/// The decision of playing `played` in `game`, valued by `bot` as the analysis values
/// it (its turn and line left 0); `None` when there is no choice or `played` is not legal.
pub fn judge(game: &AnyGame, played: &AnyMove, bot: &mut dyn Bot<AnyGame>) -> Option<Decision> {
    let seat = game.phase().seat()?;
    analyse_decision(game, played, seat, (0, 0), bot)
}

/// Values the choice `played` against the others; `None` when there was no choice.
fn analyse_decision(
    game: &AnyGame,
    played: &AnyMove,
    seat: Seat,
    (turn, line): (u32, usize),
    bot: &mut dyn Bot<AnyGame>,
) -> Option<Decision> {
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let in_roll_phase = matches!(game.phase(), Phase::Roll(_));
    if legal.len() + usize::from(in_roll_phase) < 2 {
        return None;
    }
    let choices = ranked_choices(game, bot);
    let best = choices.first()?;
    let played_value = choices
        .iter()
        .find(|c| c.mv.as_ref() == Some(played))
        .map(|c| measure(game, &c.estimate, seat))?;
    let best_value = measure(game, &best.estimate, seat);
    let loss = (best_value - played_value).max(0.0);
    Some(Decision {
        turn,
        line,
        before: game.clone(),
        seat,
        dice: game.dice().map(|d| d.to_string()).unwrap_or_default(),
        played: game.format_move(played),
        best: best.text.clone(),
        loss,
        mark: Mark::of(loss, game.scores_points()),
    })
}

/// The analysis as text for people: every decision that lost something, then a summary
/// per seat.
pub fn report(analysis: &GameAnalysis, bot: BotKind, show_all: bool, boards: bool) -> String {
    let game = &analysis.game;
    let equity = game.scores_points();
    let unit = if equity { "equity" } else { "win%" };
    let scale = |x: f64| if equity { x } else { 100.0 * x };
    let mut out = Vec::new();
    let title = format!(
        "{} analysed by bot:{}; loss in {}{}",
        game.info().title,
        bot.shown_for(game),
        if equity {
            "equity"
        } else {
            "win probability (points of %)"
        },
        if show_all {
            ""
        } else {
            "; decisions that lost less than the doubtful mark are left out"
        }
    );
    out.extend(wrap_words(&title, TABLE_WIDTH));
    let shown: Vec<&Decision> = analysis
        .decisions
        .iter()
        .filter(|d| show_all || d.mark != Mark::None)
        .collect();
    if boards {
        // A board between rows breaks the columns: each decision is its own table.
        for d in shown {
            out.push(String::new());
            out.push(format!("turn {} (line {} of the record):", d.turn, d.line));
            out.push(d.before.render());
            out.extend(decision_table(game, &[d], scale));
        }
    } else {
        out.extend(decision_table(game, &shown, scale));
    }
    out.push(String::new());
    out.push(format!(
        "{:<8} {:>9} {:>9} {:>8} {:>6} {:>8} {:>8}",
        "seat", "decisions", "avg loss", "doubtful", "errors", "blunders", "luck"
    ));
    for (seat, s) in analysis.summaries.iter().enumerate().filter(|(_, s)| s.analysed) {
        out.push(format!(
            "{:<8} {:>9} {:>9.3} {:>8} {:>6} {:>8} {:>+8.3}",
            game.seat_name(seat),
            s.decisions,
            scale(s.average_loss()),
            s.doubtful,
            s.errors,
            s.blunders,
            scale(s.luck)
        ));
    }
    out.extend(wrap_words(
        &format!(
            "loss and luck in {unit}; marks: doubtful >= {}, error >= {}, blunder >= {}",
            if equity { "0.04" } else { "2" },
            if equity { "0.08" } else { "4" },
            if equity { "0.16" } else { "8" },
        ),
        TABLE_WIDTH,
    ));
    if let Some(outcome) = game.outcome() {
        out.extend(wrap_words(&format!("result: {}", outcome.summary), TABLE_WIDTH));
    }
    out.join("\n")
}

/// The seats whose chance the course shows: in a two-seat game one, the first seat
/// analysed (the other's chance is its mirror, so a second curve says nothing new);
/// otherwise every seat.
fn course_seats(analysis: &GameAnalysis) -> Vec<Seat> {
    let seats = analysis.game.seat_count();
    if seats == 2 {
        let reviewing = analysis.summaries.iter().position(|s| s.analysed).unwrap_or(0);
        vec![reviewing]
    } else {
        (0..seats).collect()
    }
}

/// The game's course as a chart: the chance to win of each seat of [`course_seats`]
/// after every move, over the turn numbers of the analysis table (the axis ends at the
/// game's last turn), with the errors and blunders of the analysed decisions and the
/// luckiest and unluckiest rolls (those that moved the value as much as a blunder)
/// marked at their turn: on the seat's line, or on the one line of a two-seat game.
pub fn course_chart(analysis: &GameAnalysis, bot: BotKind) -> LineChart {
    let game = &analysis.game;
    let equity = game.scores_points();
    let seats = course_seats(analysis);
    let series = seats
        .iter()
        .map(|&seat| Series {
            name: game.seat_name(seat).to_string(),
            points: analysis
                .course
                .iter()
                .map(|p| (f64::from(p.turn), 100.0 * p.win[seat]))
                .collect(),
            faint: false,
        })
        .collect();
    // A mark sits at its turn, on the line of the seat it belongs to (or the one line),
    // at the value the line has after that turn's last move.
    let at = |turn: u32, seat: Seat| {
        let line = if seats.contains(&seat) { seat } else { seats[0] };
        analysis
            .course
            .iter()
            .rfind(|p| p.turn <= turn)
            .map(|p| (f64::from(turn), 100.0 * p.win[line]))
    };
    let mut markers = Vec::new();
    for d in &analysis.decisions {
        let kind = match d.mark {
            Mark::Error => MarkerKind::Error,
            Mark::Blunder => MarkerKind::Blunder,
            _ => continue,
        };
        markers.extend(at(d.turn, d.seat).map(|at| Marker { at, kind }));
    }
    for roll in &analysis.rolls {
        if Mark::of(roll.luck.abs(), equity) == Mark::Blunder {
            let kind = if roll.luck > 0.0 {
                MarkerKind::Lucky
            } else {
                MarkerKind::Unlucky
            };
            markers.extend(at(roll.turn, roll.seat).map(|at| Marker { at, kind }));
        }
    }
    let last_turn = analysis.course.last().map_or(0, |p| p.turn);
    let whose = match seats.as_slice() {
        [seat] => format!("{}'s", game.seat_name(*seat)),
        _ => "each seat's".to_string(),
    };
    LineChart {
        title: format!("{}: {whose} chance to win, turn by turn", game.info().title),
        x_label: format!("turn, as the table numbers them (valued by bot:{bot})"),
        y_label: "chance to win (%)".into(),
        series,
        markers,
        x_range: Some((0.0, f64::from(last_turn.max(1)))),
        y_range: Some((0.0, 100.0)),
        log_x: false,
    }
}

/// The game's course in one line per seat of [`course_seats`] (in a two-seat game the
/// seat the chart shows; the other's is its mirror), within [`TABLE_WIDTH`].
pub fn course_sparklines(analysis: &GameAnalysis) -> Vec<String> {
    let game = &analysis.game;
    let seats = course_seats(analysis);
    let width = seats.iter().map(|&s| game.seat_name(s).len()).max().unwrap_or(0);
    let mut lines = vec![format!(
        "chance to win after every move ({} moves{}):",
        analysis.course.len().saturating_sub(1),
        if seats.len() == 1 {
            ", low for the other seat"
        } else {
            ""
        }
    )];
    for seat in seats {
        let values: Vec<f64> = analysis.course.iter().map(|p| p.win[seat]).collect();
        lines.push(format!(
            "{:<width$} {}",
            game.seat_name(seat),
            sparkline(&values, TABLE_WIDTH - width - 1)
        ));
    }
    lines
}

/// The width every table of the analysis keeps to.
pub const TABLE_WIDTH: usize = 80;
/// The widest a move may print on one line of the decision table; longer moves (four
/// steps of a nardy double) go on under themselves.
const MOVE_WIDTH: usize = 17;

/// The rows of `decisions` under their header, within [`TABLE_WIDTH`].
fn decision_table(game: &AnyGame, decisions: &[&Decision], scale: impl Fn(f64) -> f64) -> Vec<String> {
    let mut table = Columns::new(&[
        ("turn", Align::Right),
        ("seat", Align::Left),
        ("dice", Align::Left),
        ("played", Align::Left),
        ("best", Align::Left),
        ("loss", Align::Right),
        ("mark", Align::Left),
    ])
    .gaps_from(3, 2)
    .gap(1, 2);
    for d in decisions {
        let best = if d.played == d.best { "=" } else { d.best.as_str() };
        table.row_lines(vec![
            vec![format!("{}.", d.turn)],
            vec![game.seat_name(d.seat).to_string()],
            vec![d.dice.clone()],
            wrap_words(&d.played, MOVE_WIDTH),
            wrap_words(best, MOVE_WIDTH),
            vec![format!("{:.3}", scale(d.loss))],
            vec![d.mark.word().to_string()],
        ]);
    }
    table.render(TABLE_WIDTH)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::record::{Fault, GameRecord, parse_records, save_text};
    use crate::app::session::Session;
    use crate::app::testing::roll_or_play_first;
    use crate::core::{OptionKind, OptionMistake, OptionSpec, Options};
    use crate::games::GameKind;

    /// A record of a game of Mnogoboy a few moves in, and the first move it plays.
    fn record() -> (String, String) {
        let mut session = Session::new(GameKind::Mnogoboy, &Options::default(), 1).unwrap();
        let first = loop {
            if let Some(first) = roll_or_play_first(&mut session) {
                break first;
            }
        };
        (save_text(&session, &[]), first)
    }

    /// The record's game with an option no game knows (`speed=slow`).
    fn with_unknown_option(text: &str) -> GameRecord {
        let mut strange = parse_records(text).unwrap().remove(0);
        let speed = OptionSpec {
            key: "speed",
            kind: OptionKind::Choice(&["slow"]),
            help: "how fast",
        };
        strange.options = Options::parse(&[speed], &["speed=slow"]).unwrap();
        strange
    }

    /// The words `analyse_game` refuses `record` with.
    fn refusal(record: &GameRecord) -> String {
        let mut bot = BotKind::Greedy.build_any(1);
        let mut luck = BotKind::Greedy.build_any(2);
        analyse_game(record, bot.as_mut(), luck.as_mut(), &[], || {})
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn an_analysis_refusal_says_what_in_the_record_was_refused() {
        let (text, first) = record();
        let strange = with_unknown_option(&text);
        let refused = GameKind::Mnogoboy.new_game(&strange.options).unwrap_err();
        assert_eq!(
            refusal(&strange),
            format!("the record's options are refused: {refused}")
        );
        assert_eq!(
            refusal(&strange),
            "the record's options are refused: bad option: unknown option 'speed'; options are players=2..6"
        );
        let torn =
            crate::app::record::seal::reseal(&text.replace(&format!("play {first}\n"), "play nonsense\n"));
        assert_eq!(
            refusal(&parse_records(&torn).unwrap()[0]),
            "line 12: syntax error: 'nonsense' is not a mnogoboy move; write take COLOUR, swap COLOUR, move, move long, move short, move FIELD or pass"
        );
    }

    #[test]
    fn an_analysis_refusal_keeps_the_options_error_and_the_record_line() {
        let (text, first) = record();
        let strange = with_unknown_option(&text);
        let mut bot = BotKind::Greedy.build_any(1);
        let mut luck = BotKind::Greedy.build_any(2);
        let mut analyse = |record: &GameRecord| analyse_game(record, bot.as_mut(), luck.as_mut(), &[], || {});
        assert!(matches!(
            analyse(&strange),
            Err(AnalysisError::Options(OptionError(OptionMistake::Unknown { key, .. }))) if key == "speed"
        ));
        let torn =
            crate::app::record::seal::reseal(&text.replace(&format!("play {first}\n"), "play nonsense\n"));
        let Err(AnalysisError::Line(refused)) = analyse(&parse_records(&torn).unwrap()[0]) else {
            panic!("the torn line was not refused");
        };
        assert_eq!((refused.line, refused.written.as_str()), (12, "play nonsense"));
        assert!(matches!(refused.fault, Fault::Refused(CommandError::Move(_))));
    }
}
