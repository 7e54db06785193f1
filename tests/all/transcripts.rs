//! Recorded sessions in `transcripts/`: each `NAME.toml` gives the arguments, `NAME.stdin`
//! the input, and `NAME.stdout` / `NAME.stderr` the exact expected output (refresh them
//! with `TRYCMD=overwrite cargo test transcripts` and read the diff before committing).

#[test]
fn transcripts() {
    trycmd::TestCases::new()
        .env(
            crate::support::DATA_DIR_VAR,
            crate::support::test_data_dir().display().to_string(),
        )
        .case("transcripts/*.toml");
}
