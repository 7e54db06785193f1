//! Where tabula keeps what outlives a session: the REPL history and the solved Ur tables.

use std::path::PathBuf;

/// The environment variable that moves tabula's data directory elsewhere (a sandbox, a
/// test run, a second set of tables).
pub const DATA_DIR_VAR: &str = "TABULA_DATA_DIR";

/// tabula's data directory: `$TABULA_DATA_DIR` when it is set and not empty, otherwise
/// `tabula` in the user's data directory (`~/.local/share/tabula` on Linux); `None` when
/// there is neither.
pub fn data_dir() -> Option<PathBuf> {
    match std::env::var_os(DATA_DIR_VAR) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::data_dir().map(|dir| dir.join("tabula")),
    }
}

#[cfg(test)]
mod tests {
    use super::DATA_DIR_VAR;

    /// The integration tests, outside the crate, name the variable themselves: given
    /// their support file, then it spells the same name.
    #[test]
    fn the_integration_tests_name_the_same_variable() {
        let support = include_str!("../../tests/all/support.rs");
        let line = format!("pub const DATA_DIR_VAR: &str = \"{DATA_DIR_VAR}\";");
        assert!(support.contains(&line), "tests/all/support.rs lacks {line}");
    }
}
