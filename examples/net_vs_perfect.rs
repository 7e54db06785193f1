//! How close a learned network comes to perfect play where the truth is known: Ur with
//! a standard rule set, whose solved table (`tabula solve ur rules=finkel`) gives the
//! exact chance of winning after every move, and two-seat Mnogoboy, whose table is built
//! in.
//!
//! Games are played between `bot:perfect` and the bot under test (seats alternating, the
//! dice from seeds 1, 2, ...). At every decision of either side with two or more choices
//! (in Mnogoboy also the exchange before the roll, against rolling at once), the tested
//! bot's choice is compared with the table's: it is perfect when its exact chance is the
//! best one (within one 16-bit step of the table), and its loss is the best chance minus
//! its own. Prints the share of perfect choices and the mean loss.
//!
//! ```sh
//! cargo run --release --features internals --example net_vs_perfect -- [--game ur] [--rules finkel] [--bot net] \
//!     [--decisions 10000] [--net FILE]
//! cargo run --release --features internals --example net_vs_perfect -- --game mnogoboy --bot net:4
//! ```

use tabula::ai::bots::Bot;
use tabula::ai::learn::Nets;
use tabula::ai::roster::{BotGame, BotKind};
use tabula::core::{NewGame, Options, Phase, SeededDice};
use tabula::games::mnogoboy::Mnogoboy;
use tabula::games::ur::Ur;

/// Two exact chances this close are the same move's worth (the table stores 16 bits).
const SAME: f64 = 2.0 / 65535.0;

/// What the tested bot's choices were worth against the table's.
#[derive(Default)]
struct Tally {
    decisions: u64,
    perfect_choices: u64,
    loss: f64,
    worst: f64,
}

impl Tally {
    /// Counts one decision whose best choice is worth `best` and the tested bot's `mine`.
    fn count(&mut self, best: f64, mine: f64) {
        self.decisions += 1;
        self.perfect_choices += u64::from(best - mine <= SAME);
        self.loss += best - mine;
        self.worst = self.worst.max(best - mine);
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let game = value("--game").unwrap_or_else(|| "ur".into());
    let tested: BotKind = value("--bot")
        .unwrap_or_else(|| "net".into())
        .parse()
        .map_err(anyhow::Error::msg)?;
    let wanted: u64 = value("--decisions").map_or(Ok(10_000), |d| d.parse())?;
    let nets = Nets::with_file(value("--net").as_deref().map(std::path::Path::new))?;
    match game.as_str() {
        "ur" => {
            let rules = format!("rules={}", value("--rules").unwrap_or_else(|| "finkel".into()));
            measure::<Ur>(&rules, tested, wanted, &nets)
        }
        "mnogoboy" => measure::<Mnogoboy>("players=2", tested, wanted, &nets),
        other => anyhow::bail!("--game must be ur or mnogoboy, not {other}"),
    }
}

/// Plays the tested bot against bot:perfect in game `G` with `option` until `wanted`
/// decisions have been compared, and prints the tally.
fn measure<G: NewGame + BotGame>(
    option: &str,
    tested: BotKind,
    wanted: u64,
    nets: &Nets,
) -> anyhow::Result<()> {
    let options = Options::parse(G::game_info().options, &[option]).map_err(anyhow::Error::msg)?;
    let fresh = G::new_game(&options).map_err(anyhow::Error::msg)?;
    tabula::ai::solve::perfect::check(&fresh).map_err(anyhow::Error::msg)?;
    let mut perfect: Box<dyn Bot<G>> = BotKind::Perfect.build(7);
    let mut bot: Box<dyn Bot<G>> = tested.build_with(7, nets);
    let mut tally = Tally::default();
    let mut games = 0u64;
    let mut legal = Vec::new();
    while tally.decisions < wanted {
        games += 1;
        let tested_seat = (games % 2) as usize;
        let mut game = fresh.clone();
        let mut dice = SeededDice::new(games);
        while game.phase() != Phase::Over {
            legal.clear();
            game.legal_moves(&mut legal);
            match game.phase() {
                Phase::Move(seat) => {
                    let choice = bot.choose_move(&game, &legal);
                    let play = if legal.len() >= 2 {
                        let ranked = perfect.rank_moves(&game, &legal);
                        let best = ranked[0].estimate.win[seat];
                        let mine = ranked
                            .iter()
                            .find(|r| r.index == choice)
                            .map_or(best, |r| r.estimate.win[seat]);
                        tally.count(best, mine);
                        if seat == tested_seat {
                            choice
                        } else {
                            ranked[0].index
                        }
                    } else {
                        0
                    };
                    game.play_unchecked(&legal[play.min(legal.len().saturating_sub(1))]);
                }
                Phase::Roll(seat) if !legal.is_empty() && game.roll_off().is_none() => {
                    // Acting before the roll, or rolling at once (`None`).
                    let worth = |perfect: &mut Box<dyn Bot<G>>, choice: Option<usize>| match choice {
                        Some(index) => {
                            let mut after = game.clone();
                            after.play_unchecked(&legal[index]);
                            perfect.estimate(&after).win[seat]
                        }
                        None => perfect.estimate_rolling(&game).win[seat],
                    };
                    let mine = bot.choose_before_roll(&game, &legal);
                    let best_choice = perfect.choose_before_roll(&game, &legal);
                    let best = worth(&mut perfect, best_choice);
                    tally.count(best, worth(&mut perfect, mine));
                    let play = if seat == tested_seat { mine } else { best_choice };
                    match play {
                        Some(index) => game.play_unchecked(&legal[index]),
                        None => {
                            let roll = game.roll(&mut dice);
                            game.set_dice(roll).map_err(|e| anyhow::anyhow!("{e}"))?;
                        }
                    }
                }
                _ => {
                    let roll = game.roll(&mut dice);
                    game.set_dice(roll).map_err(|e| anyhow::anyhow!("{e}"))?;
                }
            }
        }
    }
    println!(
        "{tested} on {} {option}: {} decisions in {games} games against bot:perfect; perfect choices {:.2}%, mean loss {:.5} in win probability, worst {:.4}",
        G::game_info().id,
        tally.decisions,
        100.0 * tally.perfect_choices as f64 / tally.decisions as f64,
        tally.loss / tally.decisions as f64,
        tally.worst
    );
    Ok(())
}
