//! Fits the coefficients of a game's estimate on seeded self-play and prints them as the
//! Rust constants of that game's `eval.rs`, with the fit quality on fresh games.
//!
//! ```sh
//! cargo run --release --features internals --example calibrate -- nardy
//! cargo run --release --features internals --example calibrate -- ur rules=finkel --games 4000
//! cargo run --release --features internals --example calibrate -- aeroplane players=4
//! ```
//!
//! Positions come from `tabula::ai::calibration::self_play` (greedy players with 5% random
//! moves, one position in three); the fit is a softmax (conditional logit) model of who
//! wins. Training games use seeds from `--seed` (default 1), the test games seeds from
//! `--seed + 1000000`. Brier scores are printed for the fitted model, for the estimate
//! now in the code, for the softmax of `evaluate` that stood in before, and for a
//! constant `1 / seats`.

use std::process::ExitCode;

use tabula::ai::calibration::{
    Row, Sample, SelfPlay, brier, buckets, fit, probabilities, self_play, stand_in,
};
use tabula::core::Strategy;
use tabula::core::{Game, NewGame, Options, Seat};
use tabula::games::{aeroplane, microbes, mnogoboy, nardy, ur};

struct Args {
    game: String,
    options: Vec<String>,
    games: usize,
    test_games: usize,
    seed: u64,
    rounds: usize,
    /// Features left out of the fit (their weights stay 0).
    drop: Vec<usize>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = std::env::args().skip(1);
    let game = args
        .next()
        .ok_or("usage: calibrate GAME [key=value...] [--games N] [--test-games N] [--seed S] [--rounds R] [--drop I,J]")?;
    let mut parsed = Args {
        game,
        options: Vec::new(),
        games: 3000,
        test_games: 1000,
        seed: 1,
        rounds: 2,
        drop: Vec::new(),
    };
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--games" => parsed.games = number("--games")? as usize,
            "--test-games" => parsed.test_games = number("--test-games")? as usize,
            "--seed" => parsed.seed = number("--seed")?,
            "--rounds" => parsed.rounds = number("--rounds")? as usize,
            "--drop" => {
                let list = args.next().ok_or("--drop needs feature numbers like 3,4")?;
                parsed.drop = list
                    .split(',')
                    .map(|n| {
                        n.parse()
                            .map_err(|_| format!("--drop: '{n}' is not a feature number"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            option if option.contains('=') => parsed.options.push(option.to_string()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(parsed)
}

fn new_game<G: NewGame>(options: &[String]) -> Result<G, String> {
    let words: Vec<&str> = options.iter().map(String::as_str).collect();
    let options = Options::parse(G::game_info().options, &words).map_err(|e| e.to_string())?;
    G::new_game(&options).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("calibrate: {message}");
            return ExitCode::from(2);
        }
    };
    let result = match args.game.as_str() {
        "nardy" => new_game::<nardy::Nardy>(&args.options).map(|g| calibrate_nardy(&g, &args)),
        "ur" => new_game::<ur::Ur>(&args.options).map(|g| {
            calibrate_linear(
                &g,
                &args,
                "WEIGHTS",
                ur::eval::features,
                ur::eval::estimate_with,
                |_| true,
            )
        }),
        "microbes" => new_game::<microbes::Microbes>(&args.options).map(|g| {
            calibrate_linear(
                &g,
                &args,
                "WEIGHTS",
                microbes::eval::features,
                microbes::eval::estimate_with,
                |_| true,
            )
        }),
        "aeroplane" => new_game::<aeroplane::Aeroplane>(&args.options).map(|g| {
            calibrate_linear(
                &g,
                &args,
                "WEIGHTS",
                aeroplane::eval::features,
                aeroplane::eval::estimate_with,
                aeroplane::eval::undecided,
            )
        }),
        "mnogoboy" => new_game::<mnogoboy::Mnogoboy>(&args.options).map(|g| {
            calibrate_linear(
                &g,
                &args,
                "WEIGHTS",
                mnogoboy::eval::features,
                mnogoboy::eval::estimate_with,
                |_| true,
            )
        }),
        other => Err(format!("unknown game '{other}'")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("calibrate: {message}");
            ExitCode::from(2)
        }
    }
}

/// The greedy players' training and test positions.
fn samples<G: Strategy>(start: &G, args: &Args) -> (Vec<Sample<G>>, Vec<Sample<G>>) {
    let train = self_play(start, &SelfPlay::new(args.games, args.seed));
    let test = self_play(start, &SelfPlay::new(args.test_games, args.seed + 1_000_000));
    (train, test)
}

/// The positions of round `round` (from 1) of the fit: self-play by one ply on the
/// estimate fitted so far, so that what that player steers into gets judged too.
fn round_samples<G: Strategy>(
    start: &G,
    args: &Args,
    round: usize,
    value: &dyn Fn(&G, Seat) -> f64,
) -> Vec<Sample<G>> {
    let seed = args.seed + 2_000_000 * round as u64;
    tabula::ai::calibration::self_play_by(start, &SelfPlay::new(args.games, seed), value)
}

/// One row per position: every seat's features, and the winner.
fn rows<G: Game, const N: usize>(
    samples: &[Sample<G>],
    features: &impl Fn(&G, Seat) -> [f64; N],
    keep: impl Fn(&Sample<G>) -> bool,
) -> Vec<Row> {
    samples
        .iter()
        .filter(|s| keep(s))
        .filter_map(|s| {
            let chosen = s.winner()?;
            let seats = s.position.seat_count();
            Some(Row {
                features: (0..seats)
                    .map(|seat| features(&s.position, seat).to_vec())
                    .collect(),
                chosen,
            })
        })
        .collect()
}

/// Brier scores on `test` of the estimate in the code, the stand-in and a constant.
fn report_baselines<G: Strategy>(test: &[Sample<G>], keep: impl Fn(&Sample<G>) -> bool) {
    let kept: Vec<&Sample<G>> = test.iter().filter(|s| keep(s) && s.winner().is_some()).collect();
    let seats = kept.first().map_or(2, |s| s.position.seat_count());
    let current: Vec<(Vec<f64>, Seat)> = kept
        .iter()
        .map(|s| {
            (
                s.position.estimate().win[..seats].to_vec(),
                s.winner().unwrap_or(0),
            )
        })
        .collect();
    let old: Vec<(Vec<f64>, Seat)> = kept
        .iter()
        .map(|s| (stand_in(&s.position), s.winner().unwrap_or(0)))
        .collect();
    let constant: Vec<(Vec<f64>, Seat)> = kept
        .iter()
        .map(|s| (vec![1.0 / seats as f64; seats], s.winner().unwrap_or(0)))
        .collect();
    println!(
        "//   test positions {}: Brier estimate in the code {:.4}, softmax stand-in {:.4}, constant {:.4}",
        kept.len(),
        brier(&current),
        brier(&old),
        brier(&constant)
    );
    let pairs: Vec<(f64, bool)> = current
        .iter()
        .flat_map(|(p, w)| p.iter().enumerate().map(move |(seat, &pi)| (pi, seat == *w)))
        .collect();
    print_buckets(&pairs);
}

fn print_buckets(pairs: &[(f64, bool)]) {
    let table = buckets(pairs, 10);
    let cells: Vec<String> = table
        .iter()
        .filter(|b| b.count > 0)
        .map(|b| format!("{:.2}->{:.2} ({})", b.predicted, b.observed, b.count))
        .collect();
    println!(
        "//   calibration (predicted -> observed (count)): {}",
        cells.join(", ")
    );
}

/// Fits `rows`, prints the constant and the fitted model's Brier score on `test_rows`.
fn fit_and_print(name: &str, train_rows: &[Row], test_rows: &[Row]) -> Vec<f64> {
    let weights = fit(train_rows, 1e-6);
    let predictions: Vec<(Vec<f64>, Seat)> = test_rows
        .iter()
        .map(|r| (probabilities(&weights, r), r.chosen))
        .collect();
    println!(
        "// {name}: fitted on {} positions; Brier on {} test positions {:.4}",
        train_rows.len(),
        test_rows.len(),
        brier(&predictions)
    );
    let numbers: Vec<String> = weights.iter().map(|w| format!("{w:.4}")).collect();
    println!(
        "pub const {name}: [f64; {}] = [{}];",
        weights.len(),
        numbers.join(", ")
    );
    weights
}

fn header(args: &Args, train: usize, test: usize) {
    println!(
        "// {} rounds: greedy self-play, then {} of one ply on the estimate fitted so far",
        args.rounds + 1,
        args.rounds
    );
    let options = if args.options.is_empty() {
        String::new()
    } else {
        format!(" {}", args.options.join(" "))
    };
    println!(
        "// cargo run --release --features internals --example calibrate -- {}{} --games {} --test-games {} --seed {} --rounds {}{}",
        args.game,
        options,
        args.games,
        args.test_games,
        args.seed,
        args.rounds,
        if args.drop.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = args.drop.iter().map(usize::to_string).collect();
            format!(" --drop {}", list.join(","))
        }
    );
    println!("//   self-play positions: {train} for the fit, {test} to test");
}

/// Games whose estimate is one softmax over per-seat features.
fn calibrate_linear<G: Strategy, const N: usize>(
    start: &G,
    args: &Args,
    name: &str,
    features: fn(&G, Seat) -> [f64; N],
    estimate_with: fn(&G, &[f64]) -> tabula::core::Estimate,
    undecided: fn(&G) -> bool,
) {
    let (mut train, test) = samples(start, args);
    let keep = |s: &Sample<G>| undecided(&s.position);
    let dropped = args.drop.clone();
    let features = move |g: &G, seat: Seat| -> [f64; N] {
        let mut f = features(g, seat);
        for &i in &dropped {
            if i < N {
                f[i] = 0.0;
            }
        }
        f
    };
    let features = &features;
    let test_rows = rows(&test, features, keep);
    let mut weights = fit(&rows(&train, features, keep), 1e-6);
    for round in 1..=args.rounds {
        let current = weights.clone();
        let value = move |g: &G, seat: Seat| estimate_with(g, &current).equity[seat];
        train.extend(round_samples(start, args, round, &value));
        weights = fit(&rows(&train, features, keep), 1e-6);
    }
    header(args, train.len(), test.len());
    fit_and_print(name, &rows(&train, features, keep), &test_rows);
    report_baselines(&test, keep);
}

/// Long Nardy: the contact win model, the mars and koks models, and the race
/// evaluation's quality.
fn calibrate_nardy(start: &nardy::Nardy, args: &Args) {
    use nardy::eval;
    let (mut train, test) = samples(start, args);
    let contact = |s: &Sample<nardy::Nardy>| !eval::is_race(&s.position);
    let race = |s: &Sample<nardy::Nardy>| eval::is_race(&s.position);
    // A mars (or koks) for `seat`: it won and the loser had borne off none (and still
    // had a checker in its first quarter); koks is judged on the final position whether
    // or not the option is on, since the play does not depend on it.
    let gammon_rows = |samples: &[Sample<nardy::Nardy>], koks: bool| -> Vec<Row> {
        let mut out = Vec::new();
        for s in samples.iter().filter(|s| contact(s)) {
            let Some(winner) = s.winner() else { continue };
            for seat in 0..2 {
                let other = s.position.side(1 - seat);
                if other.off() > 0 || (koks && !(19..=24).any(|p| other.count(p) > 0)) {
                    continue;
                }
                let loser = s.end.side(1 - seat);
                let happened =
                    winner == seat && loser.off() == 0 && (!koks || (19..=24).any(|p| loser.count(p) > 0));
                let features = if koks {
                    eval::koks_features(&s.position, seat)
                } else {
                    eval::mars_features(&s.position, seat)
                };
                out.push(Row::binary(features.to_vec(), happened));
            }
        }
        out
    };
    let fit_all = |train: &[Sample<nardy::Nardy>]| -> eval::Weights {
        let mut weights = eval::WEIGHTS;
        weights
            .win
            .copy_from_slice(&fit(&rows(train, &eval::features, contact), 1e-6));
        weights
            .mars
            .copy_from_slice(&fit(&gammon_rows(train, false), 1e-6));
        weights
            .koks
            .copy_from_slice(&fit(&gammon_rows(train, true), 1e-6));
        weights
    };
    let mut weights = fit_all(&train);
    for round in 1..=args.rounds {
        let current = weights;
        let value = move |g: &nardy::Nardy, seat: Seat| eval::estimate_with(g, &current).equity[seat];
        train.extend(round_samples(start, args, round, &value));
        weights = fit_all(&train);
    }
    header(args, train.len(), test.len());
    fit_and_print(
        "WIN_WEIGHTS",
        &rows(&train, &eval::features, contact),
        &rows(&test, &eval::features, contact),
    );
    fit_and_print(
        "MARS_WEIGHTS",
        &gammon_rows(&train, false),
        &gammon_rows(&test, false),
    );
    fit_and_print(
        "KOKS_WEIGHTS",
        &gammon_rows(&train, true),
        &gammon_rows(&test, true),
    );
    println!("// contact positions:");
    report_baselines(&test, contact);
    println!("// race positions (the race evaluation, nothing fitted):");
    report_baselines(&test, race);
    println!("// all positions:");
    report_baselines(&test, |_| true);
    // Equity: the mean points predicted against the points scored.
    let mut predicted = 0.0;
    let mut scored = 0.0;
    let mut count = 0.0;
    for s in &test {
        let points = &s.outcome.points;
        let last = f64::from(points[0]) - f64::from(points[1]);
        predicted += s.position.estimate().equity[0];
        scored += last;
        count += 1.0;
    }
    println!(
        "//   mean equity for white: predicted {:.4}, scored {:.4}",
        predicted / count,
        scored / count
    );
}
