//! The Royal Game of Ur solved: end layers solved by the layered solver agree with a
//! different method (value iteration over the rules engine itself, keyed by position
//! text) and with hand-solved equations; tables refuse damage; solving resumes; the
//! perfect bot plays the best move.

use std::collections::HashMap;
use std::sync::Arc;

use crate::ai::bots::Bot;
use crate::ai::solve::perfect::Perfect;
use crate::ai::solve::table::{Table, TableError};
use crate::ai::solve::ur::{PerfectTable, UrModel, table_name};
use crate::ai::solve::{Method, Solution, SolveConfig, solve};
use crate::core::Notation;
use crate::core::Strategy;
use crate::core::{Dice, Game, NewGame, Options};
use crate::games::ur::board::RuleSet;
use crate::games::ur::index::UrIndex;
use crate::games::ur::{INFO, LIGHT, Ur, UrMove};

fn game(rules: RuleSet) -> Ur {
    let options = Options::parse(INFO.options, &[format!("rules={}", rules.name())]).unwrap();
    Ur::new_game(&options).unwrap()
}

fn at(rules: RuleSet, position: &str) -> Ur {
    let mut ur = game(rules);
    ur.set_position(position).unwrap();
    ur
}

fn config(layers: usize) -> SolveConfig {
    SolveConfig {
        method: Method::PolicyIteration,
        graph_positions: u64::MAX,
        residual: 2e-7,
        threads: 2,
        layers: Some(layers),
        checkpoint_dir: None,
        progress: false,
    }
}

/// The end layers (at most `left` pieces per side not borne off) by the layered solver.
fn solve_end(rules: RuleSet, left: u8) -> (UrModel, Solution) {
    let model = UrModel::new(rules).unwrap();
    let layers = model.index().end_layers(left);
    let solution = solve(&model, &config(layers)).unwrap();
    (model, solution)
}

/// The other method: every position reachable from `starts`, found and linked through
/// the rules engine's own moves (`legal_moves`, `play`), iterated to 1e-13.
fn solve_by_rules(starts: Vec<Ur>) -> HashMap<String, f64> {
    // The rules engine's own moves, not the solver's numbering: the small solve that
    // serves City's end layers.
    let odds = |ur: &Ur| -> Vec<(Dice, f64)> {
        match ur.rule_set() {
            RuleSet::Masters => vec![(1, 3.0 / 8.0), (2, 3.0 / 8.0), (3, 1.0 / 8.0), (4, 1.0 / 8.0)],
            _ => (0..=4)
                .zip([1.0, 4.0, 6.0, 4.0, 1.0])
                .map(|(r, n)| (r, n / 16.0))
                .collect(),
        }
        .into_iter()
        .map(|(roll, chance)| (Dice::single(roll), chance))
        .collect()
    };
    crate::core::reachable::solve_reachable(&starts, &odds, 1e-13)
}

/// Every position of the solved prefix as a game, light to roll (dark's are mirrors).
fn end_games(model: &UrModel, solved: usize, rules: RuleSet) -> Vec<(u64, Ur)> {
    let base = game(rules);
    let index = model.index();
    (0..solved as u64)
        .map(|i| (i, index.game_at(&base, &index.state(i), LIGHT)))
        .collect()
}

#[test]
fn one_piece_each_matches_the_equations_of_the_position_and_its_mirror() {
    // Finkel (and blitz alike): light's last cells are h1 then g1, dark's h3 then g3, and
    // four binary dice roll 1 with chance 1/4 and 2 with chance 3/8.
    // g1 against g3, light to roll: p = 1/4 + 3/4 (1 - q), and the mirror q = p: p = 4/7.
    // h1 against g3: a 1 lands on the rosette g1 (roll again, value 4/7), a 2 bears off,
    // 0, 3 and 4 pass: p = 1/4 * 4/7 + 3/8 + 3/8 (1 - q), with the mirror (dark to roll
    // on g3 against h1) q = 1/4 + 3/4 (1 - p): p = 116/161.
    let p_g1: f64 = 4.0 / 7.0;
    assert!((p_g1 - (0.25 + 0.75 * (1.0 - p_g1))).abs() < 1e-15);
    let q = |p: f64| 0.25 + 0.75 * (1.0 - p);
    let p_h1: f64 = 116.0 / 161.0;
    assert!((p_h1 - (0.25 * p_g1 + 0.375 + 0.375 * (1.0 - q(p_h1)))).abs() < 1e-15);

    for rules in [RuleSet::Finkel, RuleSet::Blitz] {
        let (model, solution) = solve_end(rules, 1);
        let n = game(rules).army(LIGHT).reserve;
        let g1 = format!("light=g1,offx{} dark=g3,offx{} turn=light:roll", n - 1, n - 1);
        let h1 = format!("light=h1,offx{} dark=g3,offx{} turn=light:roll", n - 1, n - 1);
        for (position, expected) in [(g1, p_g1), (h1, p_h1)] {
            let ur = at(rules, &position);
            let index = model.index();
            let (state, _) = index.state_of(&ur).unwrap();
            let solved = f64::from(solution.values[index.index(&state) as usize]);
            assert!(
                (solved - expected).abs() < 1e-6,
                "{rules:?} {position}: {solved} vs {expected}"
            );
            let by_rules = solve_by_rules(vec![ur.clone()])[&ur.position_string()];
            assert!(
                (by_rules - expected).abs() < 1e-11,
                "{position}: rules engine {by_rules}"
            );
        }
    }
}

/// Both methods agree on every position with at most two pieces left per side (finkel)
/// and one (the other rule sets).
#[test]
fn end_layers_agree_with_the_rules_engine() {
    for (rules, left) in [
        (RuleSet::Finkel, 2),
        (RuleSet::Masters, 1),
        (RuleSet::Blitz, 1),
        (RuleSet::Aseb, 1),
    ] {
        let (model, solution) = solve_end(rules, left);
        let games = end_games(&model, solution.values.len(), rules);
        let by_rules = solve_by_rules(games.iter().map(|(_, g)| g.clone()).collect());
        assert!(by_rules.len() >= games.len());
        for (i, ur) in &games {
            let exact = by_rules[&ur.position_string()];
            let solved = f64::from(solution.values[*i as usize]);
            assert!(
                (exact - solved).abs() < 1e-6,
                "{rules:?} {}: solver {solved}, rules engine {exact}",
                ur.position_string()
            );
        }
    }
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    super::support::temp_dir(&format!("ur-solver-{name}"))
}

/// A table of end layers as the perfect bot reads it: solved, written to a file and
/// loaded back, with the model and solution it was written from.
struct EndTable {
    model: UrModel,
    solution: Solution,
    dir: std::path::PathBuf,
    path: std::path::PathBuf,
    table: PerfectTable,
}

impl EndTable {
    /// The end layers of `rules` (at most `left` pieces a side not borne off), written as
    /// the table file `file` in a fresh directory named by `dir`.
    fn solved(rules: RuleSet, left: u8, dir: &str, file: &str) -> EndTable {
        let (model, solution) = solve_end(rules, left);
        let dir = temp_dir(dir);
        let path = dir.join(file);
        Table::write(
            &path,
            &table_name(rules),
            model.index().size(),
            solution.residual,
            &solution.values,
        )
        .unwrap();
        let table = PerfectTable::load(&path, rules).unwrap();
        EndTable {
            model,
            solution,
            dir,
            path,
            table,
        }
    }
}

#[test]
fn a_table_loads_and_answers_for_the_seat_to_act() {
    let EndTable { dir, path, table, .. } = EndTable::solved(RuleSet::Finkel, 1, "load", "finkel-end.table");
    assert!(!table.is_complete());
    let light = at(RuleSet::Finkel, "light=g1,offx6 dark=g3,offx6 turn=light:roll");
    let p = table.win_probability(&light).unwrap();
    assert!((p - 4.0 / 7.0).abs() < 2e-5, "{p}");
    // After rolling: a 1 wins outright, a 2 passes to dark (who then wins 4/7).
    let rolled = at(RuleSet::Finkel, "light=g1,offx6 dark=g3,offx6 turn=light:1");
    assert_eq!(table.win_probability(&rolled), Some(1.0));
    let passed = at(RuleSet::Finkel, "light=g1,offx6 dark=g3,offx6 turn=light:2");
    assert!((table.win_probability(&passed).unwrap() - 3.0 / 7.0).abs() < 2e-5);
    // Dark to roll sees its own chance: the mirror.
    let dark = at(RuleSet::Finkel, "light=g1,offx6 dark=g3,offx6 turn=dark:roll");
    assert!((table.win_probability(&dark).unwrap() - 4.0 / 7.0).abs() < 2e-5);
    // Outside the end layers the table does not answer, nor for finished games.
    assert_eq!(table.win_probability(&game(RuleSet::Finkel)), None);
    let over = at(RuleSet::Finkel, "light=offx7 dark=g3,offx6 turn=over");
    assert_eq!(table.win_probability(&over), None);
    // A table of one rule set is refused for another.
    let err = PerfectTable::load(&path, RuleSet::Blitz).unwrap_err();
    assert!(matches!(err, TableError::WrongGame { .. }), "{err}");
    assert!(err.to_string().contains("ur rules=finkel"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_tables_are_refused_with_the_reason() {
    let dir = temp_dir("damage");
    let path = dir.join("t.table");
    let values = [0.0f32, 0.25, 0.5, 1.0];
    Table::write(&path, "ur rules=finkel", 10, 1e-6, &values).unwrap();
    let table = Table::read(&path, "ur rules=finkel", 10).unwrap();
    assert_eq!(table.value(1), Some(f64::from(16384u16) / 65535.0));
    assert_eq!(table.value(3), Some(1.0));
    assert_eq!(table.value(4), None);
    let good = std::fs::read(&path).unwrap();
    let write = |bytes: &[u8]| std::fs::write(&path, bytes).unwrap();

    let mut flipped = good.clone();
    *flipped.last_mut().unwrap() ^= 1;
    write(&flipped);
    let err = Table::read(&path, "ur rules=finkel", 10).unwrap_err();
    assert!(matches!(err, TableError::Checksum { .. }), "{err}");
    assert!(err.to_string().contains("checksum"), "{err}");

    let mut version = good.clone();
    version[8] = 9;
    write(&version);
    let err = Table::read(&path, "ur rules=finkel", 10).unwrap_err();
    assert!(
        matches!(
            err,
            TableError::Version {
                found: 9,
                expected: 1,
                ..
            }
        ),
        "{err}"
    );

    write(&good[..good.len() - 2]);
    let err = Table::read(&path, "ur rules=finkel", 10).unwrap_err();
    assert!(matches!(err, TableError::WrongSize { .. }), "{err}");

    write(b"hello, not a table at all, but long enough to hold a header of eighty bytes......");
    let err = Table::read(&path, "ur rules=finkel", 10).unwrap_err();
    assert!(matches!(err, TableError::NotATable { .. }), "{err}");

    write(&good);
    let err = Table::read(&path, "ur rules=finkel", 11).unwrap_err();
    assert!(matches!(err, TableError::WrongSize { .. }), "{err}");
    let err = Table::read(&path, "ur rules=masters", 10).unwrap_err();
    assert!(matches!(err, TableError::WrongGame { .. }), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_solve_resumes_from_its_finished_layers() {
    let dir = temp_dir("resume");
    let model = UrModel::new(RuleSet::Finkel).unwrap();
    let layers = model.index().end_layers(2);
    let with_checkpoints = SolveConfig {
        checkpoint_dir: Some(dir.join("layers")),
        ..config(layers)
    };
    let first = solve(&model, &with_checkpoints).unwrap();
    assert!(first.layers.iter().all(|l| l.sweeps > 0));
    // A run that stopped after these layers: the next one reads them instead of sweeping.
    let again = solve(&model, &with_checkpoints).unwrap();
    assert!(again.layers.iter().all(|l| l.sweeps == 0));
    assert_eq!(again.values, first.values);
    // A damaged checkpoint is solved again, not trusted.
    let damaged = dir.join("layers").join("layer-001.f32");
    let mut bytes = std::fs::read(&damaged).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&damaged, bytes).unwrap();
    let third = solve(&model, &with_checkpoints).unwrap();
    assert!(third.layers[1].sweeps > 0);
    assert_eq!(third.layers[0].sweeps, 0);
    for (a, b) in third.values.iter().zip(&first.values) {
        assert!((a - b).abs() < 1e-7);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// With a table, bot:perfect plays a move of the highest exact chance (by the rules
/// engine's own solve) in every end position and roll tried.
#[test]
fn the_perfect_bot_plays_a_best_move() {
    let rules = RuleSet::Finkel;
    let EndTable {
        model,
        solution,
        dir,
        table,
        ..
    } = EndTable::solved(rules, 2, "bot", "finkel-end.table");
    let table = Arc::new(table);
    let games = end_games(&model, solution.values.len(), rules);
    let exact = solve_by_rules(games.iter().map(|(_, g)| g.clone()).collect());
    let mut bot: Perfect<Ur> = Perfect::with_table(table, 1);
    let mut choices = 0;
    for (_, ur) in games.iter().step_by(7) {
        for roll in 1..=4 {
            let mut rolled = ur.clone();
            rolled.set_dice(Dice::single(roll)).unwrap();
            let mut legal = Vec::new();
            rolled.legal_moves(&mut legal);
            if legal.len() < 2 {
                continue;
            }
            let worth = |mv: &UrMove| {
                let mut after = rolled.clone();
                after.play(mv).unwrap();
                match after.phase().seat() {
                    None => 1.0,
                    Some(s) if s == LIGHT => exact[&after.position_string()],
                    Some(_) => 1.0 - exact[&after.position_string()],
                }
            };
            let best = legal.iter().map(worth).fold(0.0, f64::max);
            let chosen = bot.choose_move(&rolled, &legal);
            let ranked = bot.rank_moves(&rolled, &legal);
            assert_eq!(ranked.len(), legal.len());
            assert!(worth(&legal[ranked[0].index]) > best - 5e-5);
            assert!((bot.estimate(&rolled).win[LIGHT] - best).abs() < 5e-5);
            assert!(
                worth(&legal[chosen]) > best - 5e-5,
                "{} roll {roll}: chose {:?}",
                ur.position_string(),
                legal[chosen]
            );
            choices += 1;
        }
    }
    assert!(choices > 100, "{choices}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_numbering_counts_the_published_finkel_positions() {
    // The published 137,913,936 counts light-to-move positions with every borne-off pair,
    // finished ones included; tabula numbers only unfinished ones (a finished game needs
    // no table): take away those where one side has all seven off.
    // With light finished, dark's pieces stand on its 6 private and 8 shared cells.
    let index = UrIndex::new(RuleSet::Finkel).unwrap();
    let choose = |n: u64, k: u64| (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
    let mut one_finished = 0;
    for dark_off in 0..7 {
        for private in 0..=6 {
            for shared in 0..=8 {
                if private + shared + dark_off <= 7 {
                    one_finished += choose(6, private) * choose(8, shared);
                }
            }
        }
    }
    // Either side finished, and the one impossible position where both are.
    assert_eq!(index.size() + 2 * one_finished + 1, 137_913_936);
}

/// City of Ur's end, solved through its own rules: a last piece each on d1 and d3 (the
/// last cell of each way back) needs an exact 1 of the tetrahedral die (chance 1/4), so
/// p = 1/4 + 3/4 (1 - p) = 4/7 as in finkel.
#[test]
fn city_end_layers_are_solved_through_the_rules() {
    let dir = temp_dir("city");
    let path = dir.join("city-end.txt");
    let report = crate::ai::solve::ur::solve_city_end(1, "stay", Some(&path)).unwrap();
    assert!(report.contains("1057 end positions"), "{report}");
    let text = std::fs::read_to_string(&path).unwrap();
    let value = |position: &str| -> f64 {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{position}\t")))
            .unwrap();
        line.split('\t').nth(1).unwrap().parse().unwrap()
    };
    assert!((value("light=d1m,offx4 dark=d3m,offx4 turn=light:roll") - 4.0 / 7.0).abs() < 1e-9);
    // Every value is a chance, and the mirror (dark to roll) has the same chance.
    assert!(text.lines().all(|l| {
        let v: f64 = l.split('\t').nth(1).unwrap().parse().unwrap();
        (0.0..=1.0).contains(&v)
    }));
    assert!(
        (value("light=d1m,offx4 dark=d3m,offx4 turn=light:roll")
            - value("light=d1m,offx4 dark=d3m,offx4 turn=dark:roll"))
        .abs()
            < 1e-9
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The policy-locked solve (with every move kept in memory, and with moves generated in
/// each full sweep) reaches the values of plain value iteration on end layers.
#[test]
fn policy_iteration_agrees_with_value_iteration() {
    for (rules, left) in [(RuleSet::Blitz, 2), (RuleSet::Finkel, 2), (RuleSet::Masters, 1)] {
        let model = UrModel::new(rules).unwrap();
        let layers = model.index().end_layers(left);
        let run = |method: Method, graph_positions: u64| {
            let config = SolveConfig {
                method,
                graph_positions,
                residual: 1e-7,
                ..config(layers)
            };
            solve(&model, &config).unwrap()
        };
        let plain = run(Method::ValueIteration, 0);
        assert!(plain.layers.iter().all(|l| l.sweeps == l.full_sweeps));
        for graph_positions in [u64::MAX, 0] {
            let locked = run(Method::PolicyIteration, graph_positions);
            assert_eq!(locked.values.len(), plain.values.len());
            // Cheap sweeps did part of the work, and each layer ended on a full backup.
            assert!(
                locked.layers.iter().any(|l| l.sweeps > l.full_sweeps),
                "{rules:?}"
            );
            assert!(locked.residual <= 1e-7);
            let worst = locked
                .values
                .iter()
                .zip(&plain.values)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0f32, f32::max);
            assert!(
                worst < 1e-6,
                "{rules:?} graph {graph_positions}: differs by {worst}"
            );
        }
    }
}

/// City of Ur has no table, but its last layer (one piece left a side) is exact in the
/// estimate, so searches and hints are exact there: d1 against d3 with light to roll is
/// p = 1/4 + 3/4 (1 - p) = 4/7 for the tetrahedral die (a 1 bears off, the rest pass).
#[test]
fn city_estimates_are_exact_with_one_piece_left_a_side() {
    let light = at(RuleSet::City, "light=d1m,offx4 dark=d3m,offx4 turn=light:roll");
    let estimate = light.estimate();
    assert!((estimate.win[0] - 4.0 / 7.0).abs() < 1e-9, "{estimate:?}");
    assert!((estimate.win[0] + estimate.win[1] - 1.0).abs() < 1e-12);
    let dark = at(RuleSet::City, "light=d1m,offx4 dark=d3m,offx4 turn=dark:roll");
    assert!(
        (dark.estimate().win[1] - 4.0 / 7.0).abs() < 1e-9,
        "{:?}",
        dark.estimate()
    );
    // Every value of the last layer is the one 'tabula solve ur rules=city --layers 1'
    // writes (by position text; the estimate looks positions up by hash).
    let dir = temp_dir("city-estimate");
    let path = dir.join("city-end.txt");
    crate::ai::solve::ur::solve_city_end(1, "stay", Some(&path)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let mut checked = 0;
    for line in text.lines() {
        let (position, value) = line.split_once('\t').unwrap();
        let game = at(RuleSet::City, position);
        let win = crate::games::ur::eval::city_end_value(&game).expect("a last-layer position");
        let solved: f64 = value.parse().unwrap();
        assert!((win - solved).abs() < 1e-8, "{position}: {win} vs {solved}");
        checked += 1;
    }
    assert_eq!(checked, 1870);
    let _ = std::fs::remove_dir_all(&dir);
    // With two pieces left the fitted estimate takes over.
    let two = at(RuleSet::City, "light=d1m,a1,offx3 dark=d3m,offx4 turn=light:roll");
    assert_eq!(crate::games::ur::eval::city_end_value(&two), None);
}

/// End layers of blitz, as `tabula solve ur rules=blitz --layers 1` writes them into the
/// data directory: the table answers exactly inside its layers and not outside them, and
/// its chance at the position `tests/all/ur_solver.rs` asks bot:best about (through the
/// engine, with that data directory) is the one that test expects.
#[test]
fn blitz_end_layers_answer_inside_their_layers_only() {
    let EndTable { dir, table, .. } = EndTable::solved(RuleSet::Blitz, 1, "partial", "ur-blitz.table");
    assert!(!table.is_complete());

    // Inside the stored layers the table answers exactly; outside it does not.
    let start = game(RuleSet::Blitz);
    assert_eq!(table.win_probability(&start), None);
    let index = UrIndex::new(RuleSet::Blitz).unwrap();
    let end = index.game_at(&start, &index.state(5), LIGHT);
    let exact = table.win_probability(&end).unwrap();
    let expected = format!("\"light win={exact:.4}\"");
    let command_line_test = include_str!("../../../tests/all/ur_solver.rs");
    assert!(command_line_test.contains(&expected), "{expected}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A table that no solver builds, and City of Ur's (too large to solve whole), are
/// refused in words that name them.
#[test]
fn a_table_that_cannot_be_found_says_why() {
    let chess = crate::core::SolvedTable {
        game: "chess",
        option: "rules",
        value: "fide",
        whole: true,
    };
    assert_eq!(
        PerfectTable::find_table(&chess).unwrap_err().to_string(),
        "no solver of tabula builds the table 'chess rules=fide'"
    );
    let city = crate::games::ur::solved_table(RuleSet::City);
    assert_eq!(
        PerfectTable::find_table(&city).unwrap_err().to_string(),
        "ur rules=city has no perfect-play table: only finkel, masters, blitz and aseb are solved"
    );
}

/// City of Ur's end refuses layers it does not solve, a back-star rule it does not know
/// and a file it cannot write, each in its own words.
#[test]
fn city_end_layers_refuse_what_they_cannot_do() {
    use crate::ai::solve::ur::solve_city_end;
    for left in [0, 3] {
        assert_eq!(
            solve_city_end(left, "stay", None).unwrap_err().to_string(),
            "City of Ur's end layers can be solved with --layers 1 or 2"
        );
    }
    assert_eq!(
        solve_city_end(1, "sideways", None).unwrap_err().to_string(),
        "bad option: back-star=sideways is not allowed; back-star takes stay|retreat"
    );
    let dir = temp_dir("city-unwritable");
    let refused = solve_city_end(1, "stay", Some(&dir)).unwrap_err().to_string();
    assert!(
        refused.starts_with(&format!("{} is a directory, not a regular file", dir.display())),
        "{refused}"
    );
}

/// The errors keep their facts: the table no solver builds, the layers asked for, the
/// file that could not be written.
#[test]
fn table_and_city_end_errors_keep_their_facts() {
    use crate::ai::solve::MissingTable;
    use crate::ai::solve::ur::{CityEndError, solve_city_end};
    let chess = crate::core::SolvedTable {
        game: "chess",
        option: "rules",
        value: "fide",
        whole: true,
    };
    assert!(matches!(
        PerfectTable::find_table(&chess),
        Err(MissingTable::NoSolver { table }) if table == chess
    ));
    assert!(matches!(
        PerfectTable::find_table(&crate::games::ur::solved_table(RuleSet::City)),
        Err(MissingTable::NotSolvable("city"))
    ));
    assert!(matches!(
        solve_city_end(3, "stay", None),
        Err(CityEndError::Layers { left: 3 })
    ));
    assert!(matches!(
        solve_city_end(1, "sideways", None),
        Err(CityEndError::Options(_))
    ));
    let dir = temp_dir("city-unwritable-facts");
    match solve_city_end(1, "stay", Some(&dir)) {
        Err(CityEndError::Refused(crate::ai::output::OutputError::NotRegular { path, kind })) => {
            assert_eq!(path, dir);
            assert_eq!(kind, crate::ai::output::NotRegular::Directory);
        }
        other => panic!("{other:?}"),
    }
}
