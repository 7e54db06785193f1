//! How fast Long Nardy's network is: the cost of one evaluation, and the time each net
//! level (and, to compare, greedy and expectimax:2) takes per decision, median and mean,
//! on positions from games the network plays against itself.
//!
//! ```sh
//! cargo run --release --features internals --example net_speed [-- --net FILE] [-- --seconds S]
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use tabula::ai::bots::Bot;

use tabula::ai::learn::Network;
use tabula::ai::learn::bot::net_bot_on;
use tabula::ai::roster::BotKind;
use tabula::core::{Game, NewGame, Phase, SeededDice};
use tabula::games::nardy::encode::{INPUTS, encode};
use tabula::games::nardy::{Nardy, NardyMove};

/// Positions (to move, with dice) from games the network plays against itself.
fn sample_positions(net: &Arc<Network>, games: u64) -> Vec<Nardy> {
    let mut bot = net_bot_on(&Nardy::default_game(), Arc::clone(net), 1, 1);
    let mut positions = Vec::new();
    let mut legal: Vec<NardyMove> = Vec::new();
    for seed in 0..games {
        let mut game = Nardy::default_game();
        let mut dice = SeededDice::new(seed);
        while game.phase() != Phase::Over {
            if let Phase::Move(_) = game.phase() {
                legal.clear();
                game.legal_moves(&mut legal);
                positions.push(game.clone());
                let index = bot.choose_move(&game, &legal);
                game.play_unchecked(&legal[index]);
            } else {
                let roll = game.roll(&mut dice);
                let _ = game.set_dice(roll);
            }
        }
    }
    positions
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value_of = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1));
    let nets = match tabula::ai::learn::Nets::with_file(value_of("--net").map(std::path::Path::new)) {
        Ok(nets) => nets,
        Err(error) => {
            eprintln!("net_speed: {error:#}");
            std::process::exit(1);
        }
    };
    let seconds: f64 = value_of("--seconds").and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let Some(net) = nets.for_game(&Nardy::default_game()) else {
        eprintln!("net_speed: no network for nardy");
        std::process::exit(1);
    };
    let positions = sample_positions(&net, 20);
    let mut encoded = vec![[0.0f32; INPUTS]; positions.len()];
    for (game, x) in positions.iter().zip(encoded.iter_mut()) {
        encode(game, x);
    }

    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let mut evaluations = 0u64;
    let mut checksum = 0.0f32;
    while start.elapsed() < budget {
        for x in &encoded {
            checksum += net.evaluate(x)[0];
        }
        evaluations += encoded.len() as u64;
    }
    let forward = start.elapsed().as_secs_f64() / evaluations as f64;

    let start = Instant::now();
    let mut with_encoding = 0u64;
    let mut x = [0.0f32; INPUTS];
    while start.elapsed() < budget {
        for game in &positions {
            encode(game, &mut x);
            checksum += net.evaluate(&x)[0];
        }
        with_encoding += positions.len() as u64;
    }
    let encoded_cost = start.elapsed().as_secs_f64() / with_encoding as f64;
    println!(
        "network {} inputs, {} hidden: {:.2} us per evaluation ({:.2} us with encoding), {} positions (checksum {:.1})",
        net.inputs(),
        net.hidden(),
        forward * 1e6,
        encoded_cost * 1e6,
        positions.len(),
        checksum % 1000.0
    );

    let mut legal = Vec::new();
    let levels: Vec<(&str, Box<dyn Bot<Nardy>>)> = vec![
        (
            "bot:net",
            net_bot_on(&Nardy::default_game(), Arc::clone(&net), 1, 1),
        ),
        (
            "bot:net:2",
            net_bot_on(&Nardy::default_game(), Arc::clone(&net), 2, 1),
        ),
        (
            "bot:net:3",
            net_bot_on(&Nardy::default_game(), Arc::clone(&net), 3, 1),
        ),
        ("bot:greedy", BotKind::Greedy.build(1)),
        ("bot:expectimax:2", BotKind::Expectimax { depth: 2 }.build(1)),
    ];
    for (name, mut bot) in levels {
        let mut times = Vec::new();
        let start = Instant::now();
        // Every position once, or as many as the time allows (at least 50).
        for game in &positions {
            if start.elapsed() >= budget && times.len() >= 50 {
                break;
            }
            legal.clear();
            game.legal_moves(&mut legal);
            let t = Instant::now();
            std::hint::black_box(bot.choose_move(game, &legal));
            times.push(t.elapsed().as_secs_f64());
        }
        let total: f64 = times.iter().sum();
        times.sort_by(f64::total_cmp);
        println!(
            "{name:<17} {} decisions: median {:.2} ms, mean {:.2} ms, slowest {:.1} ms, {:.0} decisions/s",
            times.len(),
            times[times.len() / 2] * 1e3,
            total / times.len() as f64 * 1e3,
            times[times.len() - 1] * 1e3,
            times.len() as f64 / total
        );
    }
}
