//! Benchmarks with known answers: positions whose candidate moves were rolled out, and
//! the error rate of any bot against them, as GNU Backgammon's benchmark sets measure
//! its networks.
//!
//! A benchmark file is text. Its header names the game and how it was built; then each
//! position has its line and one line per candidate, best first:
//!
//! ```text
//! benchmark 1
//! game nardy koks=off match=1
//! sample bot=net:2 seed=1 per-game=3 candidates=4 choosers=greedy,expectimax:2,net,net:2
//! rollout games=324 truncate=8 bot=net variance-reduction=on seed=1
//! position 1 game 0 kind contact w=24x14,19 b=24x14,20 turn=white:6-5 first=- score=0-0
//! candidate +0.36120 0.01100 24/18 18/13
//! candidate +0.29600 0.01200 24/18 19/14
//! ```
//!
//! A candidate line gives the rolled-out equity for the side to move, the half-width of
//! its 95% interval, and the move. Positions come from games the sample bot plays
//! against itself (`per-game` decisions with a choice, drawn from each game); the
//! candidates are the moves the choosers pick (by default the reference bots) and the
//! sample bot's best moves,
//! `candidates` in all at least. Building resumes where the file stops: the file is
//! rewritten whole after every game's positions, so a stopped build loses at most the
//! game it was rolling out.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::bail;

use crate::ai::bots::Bot;
use crate::ai::learn::Nets;
use crate::ai::learn::td::game_seed;
use crate::ai::rollout::{RolloutSettings, rollout};
use crate::ai::roster::{BotGame, BotKind};
use crate::core::Lab;
use crate::core::columns::{Align, Columns};
use crate::core::{Options, SeededDice};
use crate::games::{Cast, ConcreteVisitor, GameKind};

mod file;

/// The format version written on a benchmark file's first line.
const FORMAT: u32 = 1;

/// The benchmark sets built into tabula, by the name a game gives its set
/// ([`Lab::benchmark_set`]); each is the file `benchmarks/NAME.txt`. They are compiled in
/// so that `tabula benchmark` works wherever the binary is installed.
const BUILT_IN_SETS: [(&str, &str); 3] = [
    ("microbes", include_str!("../../benchmarks/microbes.txt")),
    ("mnogoboy-2", include_str!("../../benchmarks/mnogoboy-2.txt")),
    ("nardy", include_str!("../../benchmarks/nardy.txt")),
];

/// The text of the built-in benchmark set of `game` with its options, or `None` where
/// the game names none for them.
pub fn built_in_set(game: &impl Lab) -> Option<&'static str> {
    let name = game.benchmark_set()?;
    BUILT_IN_SETS
        .iter()
        .find(|(set, _)| *set == name)
        .map(|(_, text)| *text)
}

/// The bots whose choices are always among a position's candidates unless the build
/// names others, so that their error rates are measured on rolled-out values only.
pub const REFERENCE_BOTS: &[&str] = &["greedy", "expectimax:2", "net", "net:2"];

/// [`REFERENCE_BOTS`] as bot kinds.
pub fn reference_bots() -> Vec<BotKind> {
    REFERENCE_BOTS
        .iter()
        .map(|name| name.parse().expect("the reference bots are bot names"))
        .collect()
}

/// How a benchmark is built.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildSettings {
    /// Positions wanted in all.
    pub positions: usize,
    /// The bot that plays the games positions are drawn from, and ranks the candidates.
    pub sample_bot: BotKind,
    /// The seed of those games.
    pub sample_seed: u64,
    /// Decisions drawn from each game.
    pub per_game: usize,
    /// Candidates rolled out per position, at least.
    pub candidates: usize,
    /// The bots whose choices are always among the candidates.
    pub choosers: Vec<BotKind>,
    /// The bot that plays the rollouts.
    pub rollout_bot: BotKind,
    /// The rollouts' settings.
    pub rollout: RolloutSettings,
}

/// One candidate move of a benchmark position.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The rolled-out equity for the side to move.
    pub equity: f64,
    /// Half the width of its 95% interval.
    pub half_width: f64,
    /// The move as the game writes it.
    pub text: String,
}

/// One benchmark position.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchmarkPosition {
    /// Its number in the file, from 1.
    pub number: usize,
    /// The sample game it was drawn from.
    pub game_index: u64,
    /// Its kind ([`Lab::position_kind`]).
    pub kind: String,
    /// The position as [`Notation::position_string`] writes it (the move phase, dice thrown).
    pub position: String,
    /// Its candidates, best first.
    pub candidates: Vec<Candidate>,
}

/// A benchmark: the game, how it was built, and its positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Benchmark {
    /// The game.
    pub kind: GameKind,
    /// Its options.
    pub options: Options,
    /// How it was built.
    pub settings: BuildSettings,
    /// The positions, in file order.
    pub positions: Vec<BenchmarkPosition>,
}

impl Benchmark {
    /// The file's text.
    pub fn to_text(&self) -> String {
        let s = &self.settings;
        let mut text = String::new();
        let _ = writeln!(
            text,
            "# Positions with their candidate moves rolled out; see 'tabula benchmark --help'."
        );
        let _ = writeln!(text, "benchmark {FORMAT}");
        let _ = writeln!(text, "game {} {}", self.kind.info().id, self.options);
        let choosers: Vec<String> = s.choosers.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            text,
            "sample bot={} seed={} per-game={} candidates={} choosers={}",
            s.sample_bot,
            s.sample_seed,
            s.per_game,
            s.candidates,
            choosers.join(",")
        );
        let _ = writeln!(
            text,
            "rollout games={} truncate={} bot={} variance-reduction={} seed={}",
            s.rollout.games,
            s.rollout.truncate.map_or("none".to_string(), |t| t.to_string()),
            s.rollout_bot,
            if s.rollout.variance_reduction { "on" } else { "off" },
            s.rollout.seed
        );
        for p in &self.positions {
            let _ = writeln!(
                text,
                "position {} game {} kind {} {}",
                p.number, p.game_index, p.kind, p.position
            );
            for c in &p.candidates {
                let _ = writeln!(text, "candidate {:+.5} {:.5} {}", c.equity, c.half_width, c.text);
            }
        }
        text
    }
}

/// Builds or extends the benchmark in `path` to `settings.positions` positions (a new
/// file takes `kind`, `options` and `settings`; an existing one keeps its own and is
/// resumed). `progress` hears the positions there are so far. Stops early, keeping
/// every finished game's positions, when Ctrl-C is pressed.
pub fn build(
    path: &Path,
    kind: GameKind,
    options: &Options,
    settings: &BuildSettings,
    nets: &Nets,
    progress: &dyn Fn(usize),
) -> anyhow::Result<Benchmark> {
    let mut benchmark = if path.exists() {
        let mut old = Benchmark::read(path, settings.rollout.jobs)?;
        old.settings.positions = settings.positions;
        old
    } else {
        Benchmark {
            kind,
            options: options.clone(),
            settings: settings.clone(),
            positions: Vec::new(),
        }
    };
    let game = benchmark.kind.new_game(&benchmark.options)?;
    game.visit_concrete(Build {
        benchmark: &mut benchmark,
        path,
        nets,
        progress,
    })?;
    Ok(benchmark)
}

struct Build<'a> {
    benchmark: &'a mut Benchmark,
    path: &'a Path,
    nets: &'a Nets,
    progress: &'a dyn Fn(usize),
}

impl<G: BotGame> ConcreteVisitor<G> for Build<'_> {
    type Output = anyhow::Result<()>;

    fn visit(self, fresh: &G, _cast: &Cast<G>) -> Self::Output {
        let settings = self.benchmark.settings.clone();
        let mut next_game = self.benchmark.positions.last().map_or(0, |p| p.game_index + 1);
        (self.progress)(self.benchmark.positions.len());
        while self.benchmark.positions.len() < settings.positions {
            if crate::ai::search::stop_requested() {
                break;
            }
            let drawn = sample_game(fresh, &settings, self.nets, next_game);
            let mut found = Vec::new();
            for position in drawn {
                let Some(entry) =
                    roll_out_position(&position, &settings, self.nets, &settings.choosers, next_game)?
                else {
                    // Stopped by Ctrl-C: this game's positions are dropped whole.
                    return Ok(());
                };
                found.push(entry);
            }
            for mut entry in found {
                if self.benchmark.positions.len() >= settings.positions {
                    break;
                }
                entry.number = self.benchmark.positions.len() + 1;
                self.benchmark.positions.push(entry);
            }
            next_game += 1;
            crate::ai::output::write_atomically(self.path, self.benchmark.to_text().as_bytes())?;
            (self.progress)(self.benchmark.positions.len());
        }
        Ok(())
    }
}

/// The decisions drawn from sample game `index`: positions in the move phase with more
/// than one legal move, `per_game` of them at most, in the order played.
fn sample_game<G: BotGame>(fresh: &G, settings: &BuildSettings, nets: &Nets, index: u64) -> Vec<G> {
    let seed = game_seed(settings.sample_seed, index);
    let mut dice = SeededDice::new(seed);
    let bots: Vec<Box<dyn Bot<G>>> = (0..fresh.seat_count())
        .map(|seat| settings.sample_bot.build_with(seed ^ (0xA11 + seat as u64), nets))
        .collect();
    let mut game = fresh.clone();
    let mut choices = Vec::new();
    // Both deciders ask the same bots; a single legal move is played without asking.
    let bots = std::cell::RefCell::new(bots);
    let seat_of = |game: &G| game.phase().seat().unwrap_or(0);
    crate::ai::playout::playout(
        &mut game,
        &mut dice,
        |game, legal| {
            if legal.len() == 1 {
                return 0;
            }
            if game.roll_off().is_none() {
                choices.push(game.clone());
            }
            bots.borrow_mut()[seat_of(game)].choose_move(game, legal)
        },
        |game, actions| bots.borrow_mut()[seat_of(game)].choose_before_roll(game, actions),
    );
    let mut draw = SeededDice::new(seed ^ 0xD2A5);
    let mut picked: Vec<usize> = Vec::new();
    while picked.len() < settings.per_game.min(choices.len()) {
        let i = draw.below(choices.len() as u32) as usize;
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    picked.sort_unstable();
    picked.into_iter().map(|i| choices[i].clone()).collect()
}

/// The seed of every bot's choice at the positions of sample game `game_index`: the
/// reference bots choose with it when the set is built and every bot when it is scored,
/// so that a bot breaking ties at random breaks them alike both times.
fn choice_seed(settings: &BuildSettings, game_index: u64) -> u64 {
    game_seed(settings.sample_seed ^ 0xCA4D, game_index)
}

/// Picks `position`'s candidates and rolls them out; `None` when Ctrl-C stopped it.
fn roll_out_position<G: BotGame>(
    position: &G,
    settings: &BuildSettings,
    nets: &Nets,
    references: &[BotKind],
    game_index: u64,
) -> anyhow::Result<Option<BenchmarkPosition>> {
    let mut legal = Vec::new();
    position.legal_moves(&mut legal);
    let seed = choice_seed(settings, game_index);
    let mut chosen: Vec<usize> = Vec::new();
    for bot in references {
        let mut bot = bot.build_with::<G>(seed, nets);
        let pick = bot.choose_move(position, &legal);
        if !chosen.contains(&pick) {
            chosen.push(pick);
        }
    }
    let mut ranker = settings.sample_bot.build_with::<G>(seed, nets);
    for ranked in ranker.rank_moves(position, &legal) {
        if chosen.len() >= settings.candidates.max(1) {
            break;
        }
        if !chosen.contains(&ranked.index) {
            chosen.push(ranked.index);
        }
    }
    if position.phase().seat().is_none() {
        bail!("a benchmark position must have a side to move");
    }
    let moves: Vec<G::Move> = chosen.iter().map(|&i| legal[i].clone()).collect();
    let Some(rolled) = roll_out_moves(position, &moves, settings, nets, game_index) else {
        return Ok(None);
    };
    let mut candidates: Vec<Candidate> = chosen
        .iter()
        .zip(&rolled)
        .map(|(&i, &(equity, half_width))| Candidate {
            equity,
            half_width,
            text: position.format_move(&legal[i]),
        })
        .collect();
    candidates.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    Ok(Some(BenchmarkPosition {
        number: 0,
        game_index,
        kind: position.position_kind().to_string(),
        position: position.position_string(),
        candidates,
    }))
}

/// Rolls out `moves` from `position` as the build does for the positions of sample game
/// `game_index`: the same dice streams whatever moves are asked, so a move rolled out
/// later (a choice that is no candidate) is valued on the same dice as the candidates.
/// Gives each move's equity for the side to move and its interval's half-width; `None`
/// when Ctrl-C stopped it.
fn roll_out_moves<G: BotGame>(
    position: &G,
    moves: &[G::Move],
    settings: &BuildSettings,
    nets: &Nets,
    game_index: u64,
) -> Option<Vec<(f64, f64)>> {
    let seat = position.phase().seat()?;
    let after: Vec<G> = moves
        .iter()
        .map(|mv| {
            let mut next = position.clone();
            next.play_unchecked(mv);
            next
        })
        .collect();
    let bot = settings.rollout_bot;
    let make =
        move |s: usize, seed: u64| -> Box<dyn Bot<G>> { bot.build_with(seed ^ ((s as u64) << 32), nets) };
    let mut rollout_settings = settings.rollout.clone();
    rollout_settings.seed = game_seed(settings.rollout.seed, game_index);
    let rolled = rollout(&after, &make, &rollout_settings, &|_, _| {});
    if rolled.results.iter().any(|r| r.games() < settings.rollout.games) {
        return None;
    }
    Some(
        rolled
            .results
            .iter()
            .map(|r| (r.equity[seat].mean(), r.equity[seat].half_width()))
            .collect(),
    )
}

/// One bot's errors over a benchmark, per kind of position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ErrorRates {
    /// Per kind (and `all` first): decisions, the tally of equity lost, best choices,
    /// choices not among the candidates.
    pub kinds: Vec<(String, KindErrors)>,
    /// The equity lost at each position, in file order, so that two bots can be
    /// compared position by position.
    pub losses: Vec<f64>,
}

impl ErrorRates {
    /// How much more this bot loses per decision than `other` did on the same positions:
    /// the tally of the differences, whose interval is narrower than either bot's own
    /// since both face the same positions.
    pub fn paired_difference(&self, other: &ErrorRates) -> crate::ai::rollout::Tally {
        let mut tally = crate::ai::rollout::Tally::default();
        for (mine, theirs) in self.losses.iter().zip(&other.losses) {
            tally.add(mine - theirs);
        }
        tally
    }
}

/// The errors of one bot on one kind of position.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct KindErrors {
    /// Equity lost per decision against the best rolled-out candidate.
    pub loss: crate::ai::rollout::Tally,
    /// Decisions where the bot chose the best candidate.
    pub best: u64,
    /// Decisions where the bot chose a move that is no candidate; it is rolled out when
    /// met, on the candidates' dice, and charged what it loses against the best.
    pub unlisted: u64,
}

/// Scores `bot` on every position of `benchmark`: its choice's rolled-out equity
/// against the best candidate's (a choice that is no candidate is rolled out then, on
/// the same dice). `progress` hears the positions done.
pub fn score(
    benchmark: &Benchmark,
    bot: BotKind,
    nets: &Nets,
    progress: &dyn Fn(usize),
) -> anyhow::Result<ErrorRates> {
    let game = benchmark.kind.new_game(&benchmark.options)?;
    game.visit_concrete(Score {
        benchmark,
        bot,
        nets,
        progress,
    })
}

struct Score<'a> {
    benchmark: &'a Benchmark,
    bot: BotKind,
    nets: &'a Nets,
    progress: &'a dyn Fn(usize),
}

impl<G: BotGame> ConcreteVisitor<G> for Score<'_> {
    type Output = anyhow::Result<ErrorRates>;

    fn visit(self, fresh: &G, _cast: &Cast<G>) -> Self::Output {
        let mut kinds: Vec<(String, KindErrors)> = vec![("all".to_string(), KindErrors::default())];
        let mut losses = Vec::with_capacity(self.benchmark.positions.len());
        let mut bot = self
            .bot
            .build_with::<G>(self.benchmark.settings.sample_seed, self.nets);
        let mut legal = Vec::new();
        let stopped = |done: usize| {
            anyhow::anyhow!(
                "stopped by Ctrl-C after {done} of {} positions",
                self.benchmark.positions.len()
            )
        };
        for (done, entry) in self.benchmark.positions.iter().enumerate() {
            if crate::ai::search::stop_requested() {
                return Err(stopped(done));
            }
            let mut game = fresh.clone();
            game.set_position(&entry.position)
                .map_err(|e| anyhow::anyhow!("position {}: {e}", entry.number))?;
            legal.clear();
            game.legal_moves(&mut legal);
            if legal.is_empty() {
                bail!("position {} has no legal move", entry.number);
            }
            let after = |text: &str| -> Option<String> {
                let mv = game.parse_move(text).ok()?;
                let mut next = game.clone();
                next.play(&mv).ok()?;
                Some(next.position_string())
            };
            bot.reseed(choice_seed(&self.benchmark.settings, entry.game_index));
            let pick = bot.choose_move(&game, &legal);
            let mut chosen = game.clone();
            chosen.play_unchecked(&legal[pick]);
            let chosen = chosen.position_string();
            let best = entry.candidates[0].equity;
            let found = entry
                .candidates
                .iter()
                .find(|c| after(&c.text).as_deref() == Some(chosen.as_str()));
            let (loss, unlisted) = match found {
                Some(c) => (best - c.equity, false),
                None => {
                    let rolled = roll_out_moves(
                        &game,
                        &legal[pick..=pick],
                        &self.benchmark.settings,
                        self.nets,
                        entry.game_index,
                    )
                    .ok_or_else(|| stopped(done))?;
                    (best - rolled[0].0, true)
                }
            };
            let at = match kinds.iter().position(|(k, _)| *k == entry.kind) {
                Some(at) => at,
                None => {
                    kinds.push((entry.kind.clone(), KindErrors::default()));
                    kinds.len() - 1
                }
            };
            // Rolled-out noise can put a choice a hair above the best candidate.
            let loss = loss.max(0.0);
            losses.push(loss);
            for index in [0, at] {
                let errors = &mut kinds[index].1;
                errors.loss.add(loss);
                errors.best += u64::from(loss <= 1e-12);
                errors.unlisted += u64::from(unlisted);
            }
            (self.progress)(done + 1);
        }
        // The kinds after `all`, in the order the game's positions name them first.
        Ok(ErrorRates { kinds, losses })
    }
}

/// The error-rate table for people: per bot, the equity lost per decision in thousandths
/// (GNU Backgammon's millipoints) overall with its 95% interval and per kind, the share
/// of best choices, and how many choices were not among the candidates; then each other
/// bot's paired difference from the first one.
pub fn error_table(benchmark: &Benchmark, rows: &[(String, ErrorRates)]) -> String {
    let mut kinds: Vec<String> = vec!["all".into()];
    for p in &benchmark.positions {
        if !kinds.contains(&p.kind) {
            kinds.push(p.kind.clone());
        }
    }
    let count = |kind: &str| {
        benchmark
            .positions
            .iter()
            .filter(|p| kind == "all" || p.kind == kind)
            .count()
    };
    // A game whose positions are all of one kind names none.
    let per_kind = kinds[1..]
        .iter()
        .map(|k| format!("{k} {}", count(k)))
        .collect::<Vec<_>>()
        .join(", ");
    let per_kind = if per_kind.is_empty() {
        per_kind
    } else {
        format!(" ({per_kind})")
    };
    let s = &benchmark.settings;
    let mut lines = vec![format!("{} positions{per_kind};", benchmark.positions.len())];
    lines.extend(crate::core::wrap_words(
        &format!(
            "candidates rolled out {} games each by bot:{}{}{}",
            s.rollout.games,
            s.rollout_bot,
            if s.rollout.variance_reduction {
                ", variance-reduced"
            } else {
                ""
            },
            s.rollout
                .truncate
                .map_or(String::new(), |t| format!(", truncated after {t} moves"))
        ),
        80,
    ));
    lines.push("equity lost per decision, in thousandths (lower is better):".into());
    let mut headers = vec![("bot", Align::Left), ("all", Align::Right)];
    headers.extend(kinds[1..].iter().map(|k| (k.as_str(), Align::Right)));
    headers.extend([("best move", Align::Right), ("unlisted", Align::Right)]);
    let mut table = Columns::new(&headers);
    for column in 1..headers.len() {
        table = table.gap(column, 2);
    }
    for (name, rates) in rows {
        let of = |kind: &str| {
            rates
                .kinds
                .iter()
                .find(|(k, _)| k == kind)
                .map(|(_, e)| *e)
                .unwrap_or_default()
        };
        let all = of("all");
        let mut cells = vec![
            name.clone(),
            format!(
                "{:.1} ±{:.1}",
                1000.0 * all.loss.mean(),
                1000.0 * all.loss.half_width()
            ),
        ];
        for kind in &kinds[1..] {
            cells.push(format!("{:.1}", 1000.0 * of(kind).loss.mean()));
        }
        let decisions = all.loss.count.max(1) as f64;
        cells.push(format!("{:.1}%", 100.0 * all.best as f64 / decisions));
        cells.push(all.unlisted.to_string());
        table.row(cells);
    }
    lines.extend(table.render(80));
    if let Some((first, first_rates)) = rows.first() {
        for (name, rates) in &rows[1..] {
            let difference = rates.paired_difference(first_rates);
            lines.extend(crate::core::wrap_words(
                &format!(
                    "{name} against {first} on the same positions: {:+.1} ±{:.1}",
                    1000.0 * difference.mean(),
                    1000.0 * difference.half_width()
                ),
                80,
            ));
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, Notation};

    /// Every set kept in `benchmarks/` reads, holds the 1000 positions docs/analysis.md reports,
    /// and each candidate is a legal move of its position, best first.
    #[test]
    fn the_kept_benchmark_sets_read_and_their_candidates_are_legal() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benchmarks");
        let mut sets = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let set = Benchmark::read(&path, 1).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
            sets += 1;
            assert_eq!(set.positions.len(), 1000, "{}", path.display());
            let fresh = set.kind.new_game(&set.options).unwrap();
            for position in &set.positions {
                let mut game = fresh.clone();
                game.set_position(&position.position)
                    .unwrap_or_else(|e| panic!("{} position {}: {e}", path.display(), position.number));
                assert!(!position.candidates.is_empty());
                for pair in position.candidates.windows(2) {
                    assert!(pair[0].equity >= pair[1].equity, "position {}", position.number);
                }
                for candidate in &position.candidates {
                    let mv = game
                        .parse_move(&candidate.text)
                        .unwrap_or_else(|e| panic!("position {} '{}': {e}", position.number, candidate.text));
                    game.clone()
                        .play(&mv)
                        .unwrap_or_else(|e| panic!("position {} '{}': {e}", position.number, candidate.text));
                }
            }
        }
        assert!(sets >= 2, "{}", dir.display());
    }

    /// Every set a game names with its default options is built in, is of that game
    /// and options, and is the file of that name in `benchmarks/`.
    #[test]
    fn every_named_set_is_built_in_and_is_its_file() {
        let mut found = 0;
        for kind in GameKind::ALL {
            let options = Options::parse(kind.info().options, &[] as &[&str]).unwrap();
            let game = kind.new_game(&options).unwrap();
            let Some(name) = game.benchmark_set() else {
                continue;
            };
            let text = built_in_set(&game).unwrap_or_else(|| panic!("{name} is not built in"));
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("benchmarks/{name}.txt"));
            assert_eq!(
                text,
                std::fs::read_to_string(&path).unwrap(),
                "{}",
                path.display()
            );
            let set = Benchmark::parse(text, 1).unwrap();
            assert_eq!(set.kind.info().id, kind.info().id, "{name}");
            assert_eq!(set.options.to_string(), options.to_string(), "{name}");
            found += 1;
        }
        assert_eq!(found, BUILT_IN_SETS.len());
    }
}
