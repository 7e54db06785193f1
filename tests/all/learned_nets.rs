//! The learner names no game, and `tabula train` writes a network for any game that
//! `tabula match` can use (the learning itself is tested inside the crate, in
//! `src/ai/tests/learned_nets.rs`).

use tabula::games::GameKind;

/// The learner and the net bots know games only through their traits (the game's
/// network head among them): their sources name no game module.
#[test]
fn the_learner_sees_only_the_game_trait() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in [
        "src/ai/learn/td.rs",
        "src/ai/learn/head.rs",
        "src/ai/learn/curve.rs",
        "src/ai/learn/eval.rs",
        "src/ai/learn/bot.rs",
        "src/ai/learn/pruned.rs",
        "src/ai/learn/network.rs",
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap();
        assert!(!code.contains("crate::games"), "{file} reaches into the games");
        for &kind in GameKind::ALL {
            let id = kind.info().id;
            assert!(!code.contains(&format!("{id}::")), "{file} names {id}");
        }
    }
}

/// `tabula train` trains any game with its options, into the data directory by default,
/// and `match --net` plays the file it wrote; nonsense is refused with what to type.
#[test]
fn train_writes_a_network_for_any_game_that_match_can_use() {
    let dir = std::env::temp_dir().join(format!("tabula-td-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let trained = crate::support::tabula_command()
        .env("TABULA_DATA_DIR", &dir)
        .args(["train", "mnogoboy", "players=3", "--games", "16", "--hidden", "4"])
        .args(["--eval-every", "8", "--eval-games", "3", "--jobs", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&trained.stdout);
    assert!(
        trained.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&trained.stderr)
    );
    assert!(text.contains("games        8  vs greedy"), "{text}");
    assert!(text.contains("fair share 33%"), "{text}");
    let out = dir.join("nets").join("mnogoboy_players-3.net");
    assert!(out.exists(), "{text}");
    let played = crate::support::tabula_command()
        .args(["match", "mnogoboy", "players=3", "--games", "3"])
        .args([
            "--player",
            "bot:net",
            "--player",
            "bot:random",
            "--player",
            "bot:random",
        ])
        .arg("--net")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    for (words, message) in [
        (&["train", "ur", "rules=nonsense", "--games", "10"][..], "rules"),
        (
            &["train", "ur", "--games", "10", "--lambda", "2"][..],
            "--lambda is between 0 and 1",
        ),
        (&["train", "nardy", "--games", "10"][..], "e.g. --out nardy.net"),
        (
            &["train", "microbes", "--games", "10", "--target-plies", "9"][..],
            "--target-plies is 1 to 4",
        ),
        (
            &[
                "train",
                "nardy",
                "--games",
                "10",
                "--target-plies",
                "2",
                "--out",
                "n.net",
            ][..],
            "--target-plies is for the other games",
        ),
    ] {
        let output = crate::support::tabula_command()
            .env("TABULA_DATA_DIR", &dir)
            .args(words)
            .output()
            .unwrap();
        assert_ne!(output.status.code(), Some(0), "{words:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(message), "{words:?}: {error}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Given a finished training run, when the same command is typed again, then the network
/// it wrote is kept, byte for byte, and the error says how to train it further.
#[test]
fn train_again_keeps_the_finished_network() {
    use crate::support::{run_tabula, temp_dir};
    let dir = temp_dir("train-again");
    let out = dir.join("ur.net");
    let out = out.to_str().unwrap();
    let train = [
        "train",
        "ur",
        "--games",
        "8",
        "--hidden",
        "4",
        "--eval-every",
        "8",
    ];
    let small = ["--eval-games", "2", "--jobs", "1", "--out", out];
    let command = [&train[..], &small[..]].concat();
    let (code, _, error) = run_tabula(&command, "");
    assert_eq!(code, Some(0), "{error}");
    let first = std::fs::read(out).unwrap();

    let (code, _, error) = run_tabula(&command, "");
    assert_eq!(code, Some(1));
    assert!(error.contains("already holds a trained network"), "{error}");
    assert!(error.contains("--from"), "{error}");
    assert_eq!(std::fs::read(out).unwrap(), first);

    let further = [&command[..], &["--from", out][..]].concat();
    let (code, _, error) = run_tabula(&further, "");
    assert_eq!(code, Some(0), "{error}");
    assert_ne!(std::fs::read(out).unwrap(), first);
}

/// The first line of each `hint` answer in `out`.
fn hint_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.trim_start().starts_with("1. "))
        .collect()
}

#[test]
fn a_loaded_game_keeps_the_network_given_with_net() {
    // Given the reference network chosen with --net, when a game is saved and loaded and
    // asked for a hint before and after, then both hints come from that network, which
    // judges the position otherwise than the shipped one.
    let dir = crate::support::temp_dir("load_keeps_net");
    let record = dir.join("game.txt").display().to_string();
    let net = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/nardy-reference.net");
    let script = format!("roll\nhint 2\nsave {record}\nload {record}\nhint 2\nquit\n");
    let (status, out, err) =
        crate::support::run_tabula(&["play", "nardy", "--seed", "1", "--net", net], &script);
    assert_eq!(status, Some(0), "{err}");
    let chosen = hint_lines(&out);
    assert_eq!(chosen.len(), 2, "{out}");
    assert_eq!(chosen[0], chosen[1], "{out}");
    let (_, shipped, _) =
        crate::support::run_tabula(&["play", "nardy", "--seed", "1"], "roll\nhint 2\nquit\n");
    assert_ne!(hint_lines(&shipped), vec![chosen[0]], "{shipped}");
}
