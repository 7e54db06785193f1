//! How close a learned network comes to perfect play where the truth is known: Ur with
//! a standard rule set, whose solved table (`tabula solve ur rules=finkel`) gives the
//! exact chance of winning after every move.
//!
//! Games are played between `bot:perfect` and the bot under test (seats alternating, the
//! dice from seeds 1, 2, ...). At every decision of either side with two or more legal
//! moves, the tested bot's choice is compared with the table's: it is perfect when its
//! exact chance is the best one (within one 16-bit step of the table), and its loss is
//! the best chance minus its own. Prints the share of perfect choices and the mean loss.
//!
//! ```sh
//! cargo run --release --example net_vs_perfect -- [--rules finkel] [--bot net] \
//!     [--decisions 10000] [--net FILE]
//! ```

use tabula::ai::bots::Bot;
use tabula::ai::roster::BotKind;
use tabula::core::{Game, NewGame, Options, Phase, SeededDice};
use tabula::games::ur::Ur;

/// Two exact chances this close are the same move's worth (the table stores 16 bits).
const SAME: f64 = 2.0 / 65535.0;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let rules = value("--rules").unwrap_or_else(|| "finkel".into());
    let tested: BotKind = value("--bot")
        .unwrap_or_else(|| "net".into())
        .parse()
        .map_err(anyhow::Error::msg)?;
    let wanted: u64 = value("--decisions").map_or(Ok(10_000), |d| d.parse())?;
    if let Some(path) = value("--net") {
        tabula::ai::learn::use_net_file(std::path::Path::new(&path))?;
    }
    let options =
        Options::parse(Ur::game_info().options, &[&format!("rules={rules}")]).map_err(anyhow::Error::msg)?;
    let fresh = Ur::new_game(&options).map_err(anyhow::Error::msg)?;
    tabula::ai::solve::perfect::check(&fresh).map_err(anyhow::Error::msg)?;
    let mut perfect: Box<dyn Bot<Ur>> = BotKind::Perfect.build(7);
    let mut bot: Box<dyn Bot<Ur>> = tested.build(7);
    let (mut decisions, mut perfect_choices, mut loss, mut worst) = (0u64, 0u64, 0.0f64, 0.0f64);
    let mut games = 0u64;
    let mut legal = Vec::new();
    while decisions < wanted {
        games += 1;
        let tested_seat = (games % 2) as usize;
        let mut game = fresh.clone();
        let mut dice = SeededDice::new(games);
        while game.phase() != Phase::Over {
            match game.phase() {
                Phase::Move(seat) => {
                    legal.clear();
                    game.legal_moves(&mut legal);
                    let choice = bot.choose_move(&game, &legal);
                    let play = if legal.len() >= 2 {
                        let ranked = perfect.rank_moves(&game, &legal);
                        let best = ranked[0].estimate.win[seat];
                        let mine = ranked
                            .iter()
                            .find(|r| r.index == choice)
                            .map_or(best, |r| r.estimate.win[seat]);
                        decisions += 1;
                        perfect_choices += u64::from(best - mine <= SAME);
                        loss += best - mine;
                        worst = worst.max(best - mine);
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
                _ => {
                    let roll = game.roll(&mut dice);
                    game.set_dice(roll).map_err(|e| anyhow::anyhow!("{e}"))?;
                }
            }
        }
    }
    println!(
        "{tested} on ur rules={rules}: {decisions} decisions in {games} games against bot:perfect; perfect choices {:.2}%, mean loss {:.5} in win probability, worst {:.4}",
        100.0 * perfect_choices as f64 / decisions as f64,
        loss / decisions as f64,
        worst
    );
    Ok(())
}
