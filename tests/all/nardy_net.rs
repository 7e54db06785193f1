//! Long Nardy's learned network on the command line: `tabula train` writes one that
//! `tabula match` plays, and damaged weight files are refused (training itself is tested
//! inside the crate, in `src/ai/tests/nardy_net.rs`).

use std::process::Command;

fn tabula() -> Command {
    crate::support::tabula_command()
}

fn scratch_dir(name: &str) -> std::path::PathBuf {
    crate::support::temp_dir(&format!("nardy-net-{name}"))
}

#[test]
fn train_writes_a_network_that_match_can_use() {
    let dir = scratch_dir("cli");
    let out = dir.join("tiny.net");
    let trained = tabula()
        .args([
            "train",
            "nardy",
            "--games",
            "16",
            "--hidden",
            "4",
            "--eval-every",
            "8",
            "--eval-games",
            "2",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&trained.stdout);
    assert!(
        trained.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&trained.stderr)
    );
    assert!(text.contains("games        8  vs greedy"), "{text}");
    assert!(text.contains("trained 16 games"), "{text}");
    let played = tabula()
        .args([
            "match",
            "nardy",
            "--games",
            "2",
            "--player",
            "bot:net",
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
    assert!(String::from_utf8_lossy(&played.stdout).contains("bot:net"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn damaged_and_foreign_network_files_are_refused_clearly() {
    let dir = scratch_dir("bad");
    // The shipped network's file, as the binary embeds it.
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/nardy.net");
    let mut bytes = std::fs::read(shipped).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    let damaged = dir.join("damaged.net");
    std::fs::write(&damaged, &bytes).unwrap();
    let foreign = dir.join("notes.txt");
    std::fs::write(&foreign, "just some text").unwrap();
    for (file, message) in [
        (&damaged, "damaged"),
        (&foreign, "not a tabula network file"),
        (&dir.join("missing.net"), "cannot read"),
    ] {
        let output = tabula()
            .args([
                "match",
                "nardy",
                "--games",
                "2",
                "--player",
                "bot:net",
                "--player",
                "bot:random",
            ])
            .arg("--net")
            .arg(file)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(message), "{error}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Long Nardy's network bot goes three plies deep; a deeper level is refused wherever a
/// bot is named for the game, so that no seat plays other than its name says.
#[test]
fn net_levels_deeper_than_nardy_searches_are_refused_with_the_deepest_one() {
    use crate::support::run_tabula;
    for args in [
        &["play", "nardy", "--seat", "black=bot:net:5"][..],
        &[
            "match",
            "nardy",
            "--games",
            "2",
            "--player",
            "bot:net:4",
            "--player",
            "bot:greedy",
        ][..],
        &["rollout", "nardy", "--bot", "reference:4", "--games", "2"][..],
        &[
            "bench",
            "nardy",
            "--bot",
            "bot:net:6",
            "--games",
            "1",
            "--seconds",
            "1",
        ][..],
    ] {
        let (status, out, err) = run_tabula(args, "");
        // A level the game does not have is a bad command line.
        assert_eq!(status, Some(2), "{args:?}: {out}");
        assert!(
            err.contains("goes 3 plies deep at most; e.g. bot:"),
            "{args:?}: {err}"
        );
    }
    // At the table the seat stays as it was.
    let (status, out, err) = run_tabula(&["play", "nardy"], "seat black bot:net:4\nseat black bot:net:3\n");
    assert_eq!(status, Some(0), "{err}");
    assert!(
        err.contains("bot:net:4 in nardy goes 3 plies deep at most"),
        "{err}"
    );
    assert!(out.contains("black is now played by bot:net:3"), "{out}");
    assert!(!out.contains("played by bot:net:4"), "{out}");
    // An engine given the level before any game is chosen refuses to play it in nardy
    // (its first game, or one started later) and plays it in microbes.
    let (status, out, err) = run_tabula(
        &["engine", "--bot", "net:5"],
        "genmove\nnewgame microbes\nroll\ngenmove\nnewgame nardy\nhint\nset bot net:3\nhint\n",
    );
    assert_eq!(status, Some(0), "{err}");
    let replies: Vec<&str> = out.split("\n\n").collect();
    let refusal = "? bad argument: bot:net:5 in nardy goes 3 plies deep at most; e.g. bot:net:3";
    assert!(replies[0].starts_with(refusal), "{out}");
    assert!(replies[3].starts_with("= "), "{out}");
    assert!(replies[5].starts_with(refusal), "{out}");
    assert!(replies[7].starts_with("= "), "{out}");
    // Other games search deeper.
    let (status, _, err) = run_tabula(
        &[
            "match",
            "microbes",
            "--games",
            "2",
            "--player",
            "bot:net:6",
            "--player",
            "bot:greedy",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
}
