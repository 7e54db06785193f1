//! Short seeded training runs of both kinds of head (Long Nardy's and one output per
//! seat), pinned to the exact bytes of the networks they write: the trainer may be
//! reorganised, but a run must give the same network.

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

/// Trains a tiny network for games like `fresh`, then from it, widened, measured
/// against it, on two threads; returns the two runs' settings.
fn first_and_second(fresh: &AnyGame, dir: &Path) -> (TdConfig, TdConfig) {
    let first = TdConfig::tiny(dir.join("first.net"));
    train(fresh, &first, &mut Vec::new(), false).unwrap();
    let second = TdConfig {
        from: Some(first.out.clone()),
        against: Some(first.out.clone()),
        hidden: 8,
        jobs: 2,
        seed: 4,
        ..TdConfig::tiny(dir.join("second.net"))
    };
    train(fresh, &second, &mut Vec::new(), false).unwrap();
    (first, second)
}

#[test]
fn long_nardy_runs_give_the_same_networks() {
    let dir = scratch("nardy");
    let (first, second) = first_and_second(&nardy(), &dir);
    let hashes = [
        fnv_of(&first.out),
        fnv_of(&dir.join("first.net.4.net")),
        fnv_of(&second.out),
    ];
    assert_eq!(
        hashes,
        [5585905179622444436, 733948351160927192, 9492873839628914396],
        "{hashes:#x?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn runs_with_one_output_per_seat_give_the_same_networks() {
    let dir = scratch("seats");
    let fresh = GameKind::Microbes.default_game();
    let (first, second) = first_and_second(&fresh, &dir);
    let searched = TdConfig {
        target_plies: 2,
        ..TdConfig::tiny(dir.join("searched.net"))
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
