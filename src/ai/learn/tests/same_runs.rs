//! Short seeded training runs of both heads, pinned to the exact bytes of the networks
//! they write: the trainer may be reorganised, but a run must give the same network.

use std::path::{Path, PathBuf};

use crate::ai::learn::td::TdConfig;
use crate::ai::train::train;
use crate::games::{AnyGame, GameKind};

/// A Long Nardy game, as a run on it starts.
fn nardy() -> AnyGame {
    GameKind::Nardy.default_game()
}

/// FNV-1a (64 bits) of a file's bytes.
fn fnv_of(path: &Path) -> u64 {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-same-runs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A tiny run: 8 games on one thread, a 6-unit network, a curve point halfway (so a
/// checkpoint is written and read back on the way) and at the end.
fn tiny(out: PathBuf) -> TdConfig {
    TdConfig {
        games: 8,
        seed: 3,
        jobs: 1,
        hidden: 6,
        lambda: 0.7,
        rate: 0.1,
        eval_every: 4,
        eval_games: 4,
        from: None,
        against: None,
        keep_checkpoints: true,
        out,
        target_plies: 1,
    }
}

#[test]
fn long_nardy_runs_give_the_same_networks() {
    let dir = scratch("nardy");
    let first = tiny(dir.join("first.net"));
    train(&nardy(), &first, &mut Vec::new(), false).unwrap();
    // From the first network, widened, measured against it, on two threads.
    let second = TdConfig {
        from: Some(first.out.clone()),
        against: Some(first.out.clone()),
        hidden: 8,
        jobs: 2,
        seed: 4,
        ..tiny(dir.join("second.net"))
    };
    train(&nardy(), &second, &mut Vec::new(), false).unwrap();
    let hashes = [
        fnv_of(&first.out),
        fnv_of(&dir.join("first.net.4.net")),
        fnv_of(&second.out),
    ];
    assert_eq!(
        hashes,
        [14104450438746956595, 5565385049969234560, 9492873839628914396],
        "{hashes:#x?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn runs_with_one_output_per_seat_give_the_same_networks() {
    let dir = scratch("seats");
    let fresh = GameKind::Microbes.default_game();
    let first = tiny(dir.join("first.net"));
    train(&fresh, &first, &mut Vec::new(), false).unwrap();
    let second = TdConfig {
        from: Some(first.out.clone()),
        against: Some(first.out.clone()),
        hidden: 8,
        jobs: 2,
        seed: 4,
        ..tiny(dir.join("second.net"))
    };
    train(&fresh, &second, &mut Vec::new(), false).unwrap();
    let searched = TdConfig {
        target_plies: 2,
        ..tiny(dir.join("searched.net"))
    };
    train(&fresh, &searched, &mut Vec::new(), false).unwrap();
    let hashes = [
        fnv_of(&first.out),
        fnv_of(&dir.join("first.net.4.net")),
        fnv_of(&second.out),
        fnv_of(&searched.out),
    ];
    assert_eq!(
        hashes,
        [
            14660020591993410111,
            4111767701663746311,
            15800252729818239482,
            13586893650972282682
        ],
        "{hashes:#x?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
