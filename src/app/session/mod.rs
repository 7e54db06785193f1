//! A game in progress and everything done to it: the one place where commands change a
//! game. The REPL, piped scripts and the engine protocol all go through [`Session`], so
//! they share rules, history, undo, records and error messages.

mod error;
#[cfg(test)]
mod tests;
mod walk;
mod words;

use words::verbs;

pub use error::{CommandError, NotNow};
pub use walk::TurnNumbers;

use std::sync::Mutex;

use crate::ai::bots::Bot;
use crate::ai::learn::Nets;
use crate::ai::roster::{BotKind, KeptBot};
use crate::core::{
    Dice, Game, Notation, Options, Outcome, Phase, PhaseMistake, Resignation, Seat, SeededDice,
};
use crate::games::{AnyGame, AnyMove, GameKind};

/// One thing that happened to the game. The history keeps moves as the game's moves
/// (`Action`, that is `Action<AnyMove>`); a record holds them as written
/// (`Action<String>`), since only the position they are played in can read them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action<M = AnyMove> {
    /// Dice thrown by the session's seeded source.
    Roll(Dice),
    /// Dice typed in by a person (or sent by a controller).
    Dice(Dice),
    /// A move: the legal move played, or its notation as `legal` lists it.
    Move(M),
    /// The position was replaced by this position string.
    SetPos(String),
    /// The seat conceded the game.
    Resign(Seat),
}

impl Action {
    /// The action as a record writes it: a move in notation, as `legal` lists it in
    /// `before` (the game the move was played in).
    pub fn written(&self, before: &AnyGame) -> Action<String> {
        match self {
            Action::Roll(dice) => Action::Roll(*dice),
            Action::Dice(dice) => Action::Dice(*dice),
            Action::Move(mv) => Action::Move(before.format_move(mv)),
            Action::SetPos(text) => Action::SetPos(text.clone()),
            Action::Resign(seat) => Action::Resign(*seat),
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Step {
    before: AnyGame,
    /// The dice stream as it stood before the action, so that undo rewinds it too.
    dice: SeededDice,
    /// A resignation that had ended the game before the action (setpos can follow one).
    conceded: Option<Outcome>,
    pub(crate) action: Action,
    pub(crate) seat: Option<Seat>,
}

/// What a successful play did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Who moved.
    pub seat: Seat,
    /// The move in notation, as `legal` lists it.
    pub text: String,
    /// What the move did, in words, as `legal` describes it after the notation:
    /// ` (-> a8, eats c8)`; empty when the notation says it all.
    pub details: String,
    /// Notable events the game reports (captures, extra rolls, game ends...).
    pub notes: Vec<String>,
}

/// What a roll (or dice typed in) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rolled {
    /// Who rolled.
    pub seat: Seat,
    /// The dice.
    pub dice: Dice,
    /// Notable events the game reports (a roll-off decided, a turn lost...).
    pub notes: Vec<String>,
}

/// An action taken back by `undo`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undone {
    /// Whose action it was.
    pub seat: Option<Seat>,
    /// The action, a move in notation.
    pub action: Action<String>,
}

/// A game with its history, dice source and built-in bot.
pub struct Session {
    pub(crate) game: AnyGame,
    pub(crate) history: Vec<Step>,
    dice: SeededDice,
    /// The bot of `hint` and `genmove`, kept for the whole game (behind a lock because
    /// hints are asked of a shared session).
    bot: Mutex<KeptBot>,
    bot_seed: u64,
    pub(crate) unsaved: bool,
    /// Set when a resignation ended the game (the rules' own phase is then ignored).
    conceded: Option<Outcome>,
    /// What undo took back, the next to redo last; any other action forgets it.
    ahead: Vec<Action>,
}

impl Session {
    /// A session playing a new game of `kind` with `options`, dice from `seed`.
    pub fn new(kind: GameKind, options: &Options, seed: u64) -> Result<Session, CommandError> {
        Session::with_nets(kind, options, seed, Nets::shipped())
    }

    /// Like [`Session::new`], with the built-in bot playing on `nets`.
    pub fn with_nets(
        kind: GameKind,
        options: &Options,
        seed: u64,
        nets: Nets,
    ) -> Result<Session, CommandError> {
        Ok(Session {
            game: kind.new_game(options)?,
            history: Vec::new(),
            dice: SeededDice::new(seed),
            bot: Mutex::new(KeptBot::with_nets(BotKind::Best, nets)),
            bot_seed: seed ^ 0xB07,
            unsaved: false,
            conceded: None,
            ahead: Vec::new(),
        })
    }

    /// The game as it stands.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The seed of the dice source.
    pub fn seed(&self) -> u64 {
        self.dice.seed()
    }

    /// Where the dice stream stands (for records that resume it).
    pub fn dice_position(&self) -> u128 {
        self.dice.position()
    }

    /// True if something happened since the game started, was saved or was loaded.
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// Marks the game as saved.
    pub fn mark_saved(&mut self) {
        self.unsaved = false;
    }

    /// True while the game has started and is not over.
    pub fn in_progress(&self) -> bool {
        !self.history.is_empty() && self.phase() != Phase::Over
    }

    /// Where the turn cycle stands: the game's own phase, or over after a resignation.
    pub fn phase(&self) -> Phase {
        if self.conceded.is_some() {
            Phase::Over
        } else {
            self.game.phase()
        }
    }

    /// Every action since the game started, in order, with the seat that took it.
    pub fn actions(&self) -> impl Iterator<Item = (Option<Seat>, &Action)> {
        self.history.iter().map(|step| (step.seat, &step.action))
    }

    /// Every action since the game started with the game before it and the dice stream
    /// as it stood then: what a record needs to say which rolls the stream threw.
    pub(crate) fn steps(&self) -> impl Iterator<Item = (&AnyGame, &SeededDice, &Action)> {
        self.history
            .iter()
            .map(|step| (&step.before, &step.dice, &step.action))
    }

    /// The dice stream as it stands.
    pub(crate) fn dice(&self) -> &SeededDice {
        &self.dice
    }

    /// Every action since the game started as a record writes it (moves in notation).
    #[cfg(test)]
    pub fn written_actions(&self) -> impl Iterator<Item = Action<String>> + '_ {
        self.history.iter().map(|step| step.action.written(&step.before))
    }

    /// The last action as a record writes it, if any.
    pub fn last_written(&self) -> Option<Action<String>> {
        self.history.last().map(|step| step.action.written(&step.before))
    }

    /// The built-in bot used by `hint` and `genmove`.
    pub fn bot(&self) -> BotKind {
        self.kept_bot().kind()
    }

    /// Chooses the built-in bot used by `hint` and `genmove` (the one kept stays if it
    /// is of the same kind).
    pub fn set_bot(&mut self, bot: BotKind) {
        let kept = self.kept_bot_mut();
        if kept.kind() != bot {
            *kept = KeptBot::with_nets(bot, kept.nets().clone());
        }
    }

    /// The networks the built-in bot plays on.
    pub fn nets(&self) -> Nets {
        self.kept_bot().nets().clone()
    }

    /// Makes the built-in bot play on `nets` (it starts afresh).
    pub fn set_nets(&mut self, nets: Nets) {
        let kept = self.kept_bot_mut();
        *kept = KeptBot::with_nets(kept.kind(), nets);
    }

    /// The kept bot (a panic while it was held left nothing half-done that matters: it
    /// is rebuilt or reseeded before each use).
    fn kept_bot(&self) -> std::sync::MutexGuard<'_, KeptBot> {
        self.bot.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The kept bot, when the session is not shared.
    fn kept_bot_mut(&mut self) -> &mut KeptBot {
        self.bot
            .get_mut()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs `ask` with the built-in bot, its own choices following the session seed and
    /// how far the game has gone, so that a hint replays exactly (after an undo too).
    /// A search stopped by Ctrl-C gives [`CommandError::Stopped`], and the bot is built
    /// anew: its tables may hold values of the cut search. A bot chosen for another game
    /// that cannot play this one as named (`bot:net:5` taken before `newgame nardy`) is
    /// refused here rather than played at another level.
    fn with_bot<T>(
        &self,
        ask: impl FnOnce(&mut dyn Bot<AnyGame>) -> Result<T, CommandError>,
    ) -> Result<T, CommandError> {
        let mut kept = self.kept_bot();
        kept.kind()
            .check_for(&self.game)
            .map_err(|why| CommandError::Argument(format!("{why}; choose it with 'set bot NAME'")))?;
        let answer = ask(kept.for_decision(&self.game, self.bot_seed ^ self.history.len() as u64));
        if crate::ai::search::stop_requested() {
            kept.forget();
            return Err(CommandError::Stopped);
        }
        answer
    }

    /// Chooses the bot like [`Session::set_bot`], but refuses one that cannot play this
    /// game (bot:perfect without its solved table: the error gives the command that
    /// builds it), leaving the session as it was.
    pub fn choose_bot(&mut self, bot: BotKind) -> Result<(), CommandError> {
        bot.check_for(&self.game)?;
        self.set_bot(bot);
        Ok(())
    }

    /// Replaces the dice source with one seeded by `seed`.
    pub fn reseed(&mut self, seed: u64) {
        self.dice = SeededDice::new(seed);
        self.bot_seed = seed ^ 0xB07;
    }

    /// Continues the dice stream of `seed` from `position`.
    pub fn resume_dice(&mut self, seed: u64, position: u128) {
        self.dice = SeededDice::resume(seed, position);
        self.bot_seed = seed ^ 0xB07;
    }

    /// Starts a new game of `kind` (keeps the bot's kind; the bot itself starts afresh
    /// with the game). The dice keep their seed if nothing was thrown from it yet;
    /// otherwise the stream draws the next game's seed, so that every game's dice start a
    /// stream of their own, which `tabula play GAME --seed S` throws again.
    pub fn new_game(&mut self, kind: GameKind, options: &Options) -> Result<(), CommandError> {
        let game = kind.new_game(options)?;
        if self.dice.position() != 0 {
            let next = u64::from(self.dice.below(1_000_000_000));
            self.reseed(next);
        }
        self.game = game;
        self.kept_bot_mut().forget();
        self.history.clear();
        self.unsaved = false;
        self.conceded = None;
        Ok(())
    }

    /// Name of `seat` in this game.
    pub fn seat_name(&self, seat: Seat) -> &'static str {
        self.game.seat_name(seat)
    }

    /// Records an action; `dice` is the dice stream as it stood before it.
    fn push(&mut self, before: AnyGame, dice: SeededDice, action: Action, seat: Option<Seat>) {
        // The action undo took back, played again, keeps the rest ahead (a forced pass
        // the table plays by itself, a person repeating the game); any other forgets it.
        if self.ahead.last() == Some(&action) {
            self.ahead.pop();
        } else {
            self.ahead.clear();
        }
        self.history.push(Step {
            before,
            dice,
            conceded: self.conceded.clone(),
            action,
            seat,
        });
        self.unsaved = true;
    }

    fn roll_phase_seat(&self) -> Result<Seat, CommandError> {
        match self.phase() {
            Phase::Roll(seat) => Ok(seat),
            Phase::Move(_) => Err(self.not_now().into()),
            Phase::Over => Err(PhaseMistake::Over.into()),
        }
    }

    /// What the seat to act can type now, in words: what a wrong-phase error says, so
    /// that it never names a step that is already done (`p2 must choose: 'swap ...' or
    /// 'pass'`, `white must roll: type 'roll' ...`).
    pub fn what_now(&self) -> String {
        self.not_now().to_string()
    }

    /// What the seat to act must do first, as facts: the error of a command that does
    /// not fit this point.
    pub fn not_now(&self) -> NotNow {
        let legal = self.legal_texts();
        match self.phase() {
            Phase::Over => NotNow::Over,
            Phase::Roll(seat) => {
                let seat = self.seat_name(seat).to_string();
                let choices: Vec<String> = legal.into_iter().filter(|m| m != "roll").collect();
                if choices.is_empty() {
                    NotNow::RollFirst { seat }
                } else {
                    NotNow::RollOrChoose { seat, choices }
                }
            }
            Phase::Move(seat) => {
                let seat = self.seat_name(seat).to_string();
                match self.game.dice() {
                    Some(dice) => NotNow::MoveFirst {
                        seat,
                        dice: dice.to_string(),
                        legal,
                    },
                    None => NotNow::ChooseFirst { seat, legal },
                }
            }
        }
    }

    /// The kinds of move the seat to act may type now, by their first word when they
    /// are words (`swap/pass`); `None` when the moves are not words (points, squares).
    pub fn move_verbs(&self) -> Option<String> {
        verbs(&self.legal_texts()).map(|verbs| verbs.join("/"))
    }

    /// Rolls the dice from the seeded source for the seat to roll.
    pub fn roll(&mut self) -> Result<Rolled, CommandError> {
        let seat = self.roll_phase_seat()?;
        let stream = self.dice.clone();
        let dice = self.game.roll(&mut self.dice);
        let before = self.game.clone();
        if let Err(error) = self.game.set_dice(dice) {
            self.dice = stream;
            return Err(error.into());
        }
        let notes = roll_notes(&before, &self.game, dice);
        self.push(before, stream, Action::Roll(dice), Some(seat));
        Ok(Rolled { seat, dice, notes })
    }

    /// Replays a roll from a record: throws from the stream and keeps the throw if it
    /// shows `expected` (the record was rolled from this stream); otherwise the stream is
    /// left as it was and the dice it would have thrown are given back.
    pub(crate) fn replay_roll(&mut self, expected: Dice) -> Result<Result<Rolled, Dice>, CommandError> {
        let seat = self.roll_phase_seat()?;
        let mut stream = self.dice.clone();
        let thrown = self.game.roll(&mut stream);
        if thrown != expected {
            return Ok(Err(thrown));
        }
        let before = self.game.clone();
        self.game.set_dice(expected)?;
        let notes = roll_notes(&before, &self.game, expected);
        let previous = std::mem::replace(&mut self.dice, stream);
        self.push(before, previous, Action::Roll(expected), Some(seat));
        Ok(Ok(Rolled {
            seat,
            dice: expected,
            notes,
        }))
    }

    /// Sets dice given by a person for the seat to roll.
    pub fn set_dice(&mut self, values: &[u8]) -> Result<Rolled, CommandError> {
        let seat = self.roll_phase_seat()?;
        let dice = self.game.parse_dice(values)?;
        let before = self.game.clone();
        self.game.set_dice(dice)?;
        let notes = roll_notes(&before, &self.game, dice);
        self.push(before, self.dice.clone(), Action::Dice(dice), Some(seat));
        Ok(Rolled { seat, dice, notes })
    }

    /// The legal moves in notation: in the move phase the moves, in the roll phase
    /// `roll` followed by the optional actions allowed before rolling, nothing when over.
    pub fn legal_texts(&self) -> Vec<String> {
        self.legal_listed(|game, mv| game.format_move(mv))
    }

    /// The legal moves with a description each (`c1 (eats f1)`).
    pub fn legal_descriptions(&self) -> Vec<String> {
        self.legal_listed(|game, mv| game.describe_move(mv))
    }

    fn legal_listed(&self, write: impl Fn(&AnyGame, &AnyMove) -> String) -> Vec<String> {
        let mut texts = Vec::new();
        match self.phase() {
            Phase::Roll(_) => texts.push("roll".to_string()),
            Phase::Over => return texts,
            Phase::Move(_) => {}
        }
        texts.extend(self.legal_moves().iter().map(|m| write(&self.game, m)));
        texts
    }

    /// The game's legal moves (see [`Game::legal_moves`]).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        let mut moves = Vec::new();
        self.game.legal_moves(&mut moves);
        moves
    }

    /// True when the seat in the move phase can only pass.
    pub fn only_pass(&self) -> bool {
        forced_pass(&self.game)
    }

    /// Plays a move written in the game's notation (`play roll` rolls).
    pub fn play_text(&mut self, text: &str) -> Result<Played, CommandError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(CommandError::Syntax("play needs a move, e.g. 'play pass'".into()));
        }
        let mv = self.game.parse_move(text)?;
        self.play(&mv)
    }

    /// Checks a typed move as [`Session::play_text`] would, without playing it: the
    /// error is the one playing it would give.
    pub fn check_text(&self, text: &str) -> Result<(), CommandError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(CommandError::Syntax("play needs a move, e.g. 'play pass'".into()));
        }
        self.tried(&self.game.parse_move(text)?).map(|_| ())
    }

    /// The seat to act, the legal moves and the game after `mv`, if the rules allow it now.
    fn tried(&self, mv: &AnyMove) -> Result<(Seat, Vec<AnyMove>, AnyGame), CommandError> {
        let seat = match self.phase() {
            Phase::Over => return Err(PhaseMistake::Over.into()),
            Phase::Roll(seat) | Phase::Move(seat) => seat,
        };
        let legal = self.legal_moves();
        if matches!(self.game.phase(), Phase::Roll(_)) && legal.is_empty() {
            return Err(self.not_now().into());
        }
        let mut after = self.game.clone();
        if let Err(error) = after.play(mv) {
            let mut error = CommandError::from(error);
            if let CommandError::Illegal { legal: listed, .. } = &mut error {
                *listed = self.legal_texts();
            }
            return Err(error);
        }
        Ok((seat, legal, after))
    }

    /// Plays a parsed move after checking it.
    pub fn play(&mut self, mv: &AnyMove) -> Result<Played, CommandError> {
        let (seat, legal, after) = self.tried(mv)?;
        let before = self.game.clone();
        // The history keeps the move as `legal` lists it, so that records and engines see
        // that notation: a move typed otherwise (`24/15` for `24/18 18/15`) is kept as the
        // legal move that leads to the same position.
        let kept = if legal.contains(mv) {
            mv.clone()
        } else {
            same_position(&before, &legal, &after).unwrap_or_else(|| mv.clone())
        };
        let text = before.format_move(&kept);
        let details = legal
            .contains(&kept)
            .then(|| before.describe_move(&kept))
            .and_then(|described| described.strip_prefix(text.as_str()).map(str::to_string))
            .unwrap_or_default();
        let notes = after.narrate(&before);
        self.game = after;
        self.push(before, self.dice.clone(), Action::Move(kept), Some(seat));
        Ok(Played {
            seat,
            text,
            details,
            notes,
        })
    }

    /// Plays a move read from a record, which must be written in full as `legal` writes
    /// moves: a cut or abbreviated word (`swap g` for `swap grey`) is refused, so that a
    /// damaged record never replays as a different game.
    pub fn play_recorded(&mut self, text: &str) -> Result<Played, CommandError> {
        let mv = self.game.parse_move(text)?;
        let written = self.game.format_move(&mv);
        let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        if words(&written) != words(text) {
            return Err(CommandError::Syntax(format!(
                "records spell moves in full: '{}' is not written as tabula writes it ('{written}')",
                text.trim()
            )));
        }
        self.play(&mv)
    }

    /// Concedes the game for `seat`: the game is over, or (a Long
    /// Nardy match not yet won) the conceded game is scored and the next one starts.
    pub fn resign(&mut self, seat: Seat) -> Result<Resignation, CommandError> {
        if self.phase() == Phase::Over {
            return Err(PhaseMistake::Over.into());
        }
        if seat >= self.game.seat_count() {
            return Err(CommandError::Argument(format!(
                "this game has no seat {}",
                seat + 1
            )));
        }
        let before = self.game.clone();
        let result = self.game.resign(seat);
        self.push(before, self.dice.clone(), Action::Resign(seat), Some(seat));
        if let Resignation::Over(outcome) = &result {
            self.conceded = Some(outcome.clone());
        }
        Ok(result)
    }

    /// Every choice of the seat to act with its value, best first (see
    /// [`crate::app::hints::ranked_choices`]).
    pub fn choices(&self) -> Result<Vec<crate::app::hints::Choice>, CommandError> {
        let name = self.bot().shown_for(&self.game);
        self.with_bot(|bot| {
            crate::app::hints::check_preference(&self.game, bot, &name)
                .map_err(|why| CommandError::Argument(why.to_string()))?;
            self.choices_with(bot)
        })
    }

    /// Every choice of the seat to act with its value as `bot` sees it, best first.
    pub fn choices_with(
        &self,
        bot: &mut dyn Bot<AnyGame>,
    ) -> Result<Vec<crate::app::hints::Choice>, CommandError> {
        if self.phase() == Phase::Over {
            return Err(PhaseMistake::Over.into());
        }
        let choices = crate::app::hints::ranked_choices(&self.game, bot);
        not_stopped(choices)
    }

    /// The position's value for every seat, as the built-in bot sees it.
    pub fn evaluation(&self) -> Result<crate::core::Estimate, CommandError> {
        self.with_bot(|bot| self.evaluation_with(bot))
    }

    /// The position's value for every seat, as `bot` sees it.
    pub fn evaluation_with(&self, bot: &mut dyn Bot<AnyGame>) -> Result<crate::core::Estimate, CommandError> {
        not_stopped(bot.estimate(&self.game))
    }

    /// What the built-in bot would do now: a move or a pre-roll action, or `None` to roll.
    pub fn bot_choice(&self) -> Result<Option<AnyMove>, CommandError> {
        self.with_bot(|bot| self.bot_choice_with(bot))
    }

    /// What `bot` would do now: a move or a pre-roll action, or `None` to roll.
    pub fn bot_choice_with(&self, bot: &mut dyn Bot<AnyGame>) -> Result<Option<AnyMove>, CommandError> {
        let choice = match self.phase() {
            Phase::Over => Err(CommandError::from(PhaseMistake::Over)),
            Phase::Roll(_) => {
                let actions = self.legal_moves();
                Ok(bot
                    .choose_before_roll(&self.game, &actions)
                    .and_then(|index| actions.get(index).cloned()))
            }
            Phase::Move(_) => {
                let legal = self.legal_moves();
                if legal.is_empty() {
                    return Err(NotNow::NothingToChoose.into());
                }
                let index = bot.choose_move(&self.game, &legal).min(legal.len() - 1);
                Ok(Some(legal[index].clone()))
            }
        };
        not_stopped(choice?)
    }

    /// A choice as people and the protocol write it: the move, or `roll`.
    pub fn choice_text(&self, choice: Option<&AnyMove>) -> String {
        choice.map_or_else(|| "roll".to_string(), |mv| self.game.format_move(mv))
    }

    /// Replaces the position with one read from a position string.
    pub fn set_position(&mut self, text: &str) -> Result<(), CommandError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(CommandError::NoPosition {
                example: self.game.position_string(),
            });
        }
        let before = self.game.clone();
        self.game.set_position(text)?;
        let canonical = self.game.position_string();
        self.push(before, self.dice.clone(), Action::SetPos(canonical), None);
        // A new position is a game that goes on (or ended by its own rules).
        self.conceded = None;
        Ok(())
    }

    /// The protocol's one-line status: `turn SEAT roll`, `turn SEAT roll rolloff` (a roll
    /// of the roll-off that decides who starts), `turn SEAT move DICE`, or `over PLACES`
    /// (see [`over_text`]).
    pub fn status(&self) -> String {
        match self.phase() {
            Phase::Roll(seat) if self.game.roll_off().is_some() => {
                format!("turn {} roll rolloff", self.seat_name(seat))
            }
            Phase::Roll(seat) => format!("turn {} roll", self.seat_name(seat)),
            Phase::Move(seat) => match self.game.dice() {
                Some(dice) => format!("turn {} move {}", self.seat_name(seat), dice.to_args()),
                None => format!("turn {} move", self.seat_name(seat)),
            },
            Phase::Over => match self.outcome() {
                Ok(outcome) => over_text(&outcome, &|seat| self.seat_name(seat).to_string()),
                Err(_) => "over".to_string(),
            },
        }
    }

    /// How the game ended, or a wrong-phase error while it goes on.
    pub fn outcome(&self) -> Result<Outcome, CommandError> {
        self.conceded
            .clone()
            .or_else(|| self.game.outcome())
            .ok_or(CommandError::NotNow(NotNow::NotOver))
    }

    /// The `result` reply: one line per seat, `SEAT PLACE POINTS`, then the summary.
    pub fn result_lines(&self) -> Result<String, CommandError> {
        let outcome = self.outcome()?;
        let mut lines: Vec<String> = (0..outcome.places.len())
            .map(|seat| {
                format!(
                    "{} {} {}",
                    self.seat_name(seat),
                    outcome.places[seat],
                    outcome.points[seat]
                )
            })
            .collect();
        lines.push(outcome.summary);
        Ok(lines.join("\n"))
    }
}

/// `answer`, unless Ctrl-C stopped the search that gave it (then it means nothing).
fn not_stopped<T>(answer: T) -> Result<T, CommandError> {
    if crate::ai::search::stop_requested() {
        return Err(CommandError::Stopped);
    }
    Ok(answer)
}

/// True if the only legal move in `game` is `pass` (every game writes a pass so, see
/// [`Game::legal_moves`]): the table plays it by itself, so it is no decision to take back.
fn forced_pass(game: &AnyGame) -> bool {
    if !matches!(game.phase(), Phase::Move(_)) {
        return false;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.len() == 1 && game.format_move(&moves[0]) == "pass"
}

/// The `over` status of a finished game: `over`, then the seats of each finishing place,
/// first place first, separated by spaces; seats that share a place are joined by commas
/// in seat order. The last place is left out: it holds every seat not listed. So a game
/// won outright (any two-seat game, or one that stops at its winner) prints `over WINNER`,
/// and a full ranking of four prints its first three places, `over blue red green`.
/// Nothing is ever ordered that the outcome does not order. A game every seat ends in the
/// same place prints `over draw`.
pub fn over_text(outcome: &Outcome, name: &dyn Fn(Seat) -> String) -> String {
    let mut places: Vec<u8> = outcome.places.clone();
    places.sort_unstable();
    places.dedup();
    let Some((_, listed)) = places.split_last() else {
        return "over".to_string();
    };
    if listed.is_empty() {
        return "over draw".to_string();
    }
    let mut text = String::from("over");
    for &place in listed {
        let seats: Vec<String> = (0..outcome.places.len())
            .filter(|&seat| outcome.places[seat] == place)
            .map(name)
            .collect();
        text.push(' ');
        text.push_str(&seats.join(","));
    }
    text
}

/// What a roll did, for people: the roll-off's news when it was a roll-off roll (see
/// [`crate::core::RollOff::narrate`]), then whatever the game tells of it.
fn roll_notes(before: &AnyGame, after: &AnyGame, dice: Dice) -> Vec<String> {
    let mut notes = Vec::new();
    if let (Some(roll_off), Some(&value)) = (before.roll_off(), dice.values().first()) {
        notes.extend(roll_off.narrate(value, &|seat| before.seat_name(seat).to_string()));
    }
    notes.extend(after.narrate(before));
    notes
}

/// The legal move that turns `before` into `after` (compared by position string).
fn same_position(before: &AnyGame, legal: &[AnyMove], after: &AnyGame) -> Option<AnyMove> {
    let target = after.position_string();
    legal.iter().find_map(|mv| {
        let mut trial = before.clone();
        trial.play_unchecked(mv);
        (trial.position_string() == target).then(|| mv.clone())
    })
}

/// Picks a seed from the operating system's entropy.
pub fn random_seed() -> u64 {
    rand::random::<u64>() % 1_000_000_000
}
