use std::time::Duration;
use tabula::core::NewGame;
fn main() {
    let g = tabula::games::nardy::Nardy::default_game();
    let r = tabula::bench::random_games(&g, 1, 1_000_000, Duration::from_secs(5));
    println!(
        "{} games {} moves {:?} unfinished {} -> {:.0} games/s {:.0} moves/s",
        r.games,
        r.moves,
        r.elapsed,
        r.unfinished,
        r.games_per_second(),
        r.moves_per_second()
    );
}
