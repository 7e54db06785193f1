//! Helpers shared by the test modules: the game set-ups of [`games`], and the tabula
//! binary run with a data directory of the test run's own.

mod games;

pub use games::*;

/// The environment variable that moves tabula's data directory elsewhere: the binary's
/// `ai::data_dir::DATA_DIR_VAR`, which stays inside the crate (a unit test there checks
/// that this line names the same variable).
pub const DATA_DIR_VAR: &str = "TABULA_DATA_DIR";

/// A data directory of this test run's own (empty, under cargo's temporary folder for
/// tests, which `cargo clean` removes), so that a table or history the user has cannot
/// change what a test sees.
pub fn test_data_dir() -> std::path::PathBuf {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir =
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("data-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary data directory");
        dir
    })
    .clone()
}

/// The tabula binary, run with the test run's own data directory.
pub fn tabula_command() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"));
    command.env(DATA_DIR_VAR, test_data_dir());
    command
}

/// A fresh, empty directory for one test's files (named by `name`, under this run's
/// temporary directory).
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = test_data_dir().join("tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Runs `tabula ARGS` with `input` on stdin; returns (status, stdout, stderr).
pub fn run_tabula(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    run_piped(tabula_command(), args, input)
}

/// Runs `command` with `args` and `input` on stdin; returns (status, stdout, stderr).
pub fn run_piped(
    mut command: std::process::Command,
    args: &[&str],
    input: &str,
) -> (Option<i32>, String, String) {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
