//! `tabula verify`: throws every roll of a remote game's record again from the reveals
//! it carries, and says whether each is the roll written.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::app::lines::read_text_file;
use crate::app::record::RecordStream;
use crate::app::remote::proof::{Verdict, verify};

/// The exit status of a record that holds no remote game.
pub(super) const NOTHING_TO_VERIFY: u8 = 2;

/// `tabula verify`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct VerifyArgs {
    /// The record, as 'save' or '--save' wrote it
    file: std::path::PathBuf,
}

/// Checks every remote game of the record, printing a line per game: 0 when all check,
/// 1 at the first roll (or record) that does not, [`NOTHING_TO_VERIFY`] when no game of
/// the file was played remotely.
pub(super) fn verify_command(args: VerifyArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    // `last` or a history number names a kept game, as for every record file.
    let file = crate::app::history::record_path(&args.file.to_string_lossy())?;
    Ok(ExitCode::from(verify_file(Path::new(&file), out)?))
}

fn verify_file(file: &Path, out: &mut dyn Write) -> anyhow::Result<u8> {
    let text = read_text_file(file)?;
    let mut stream = RecordStream::new(text.as_bytes());
    let games = stream.by_ref().collect::<Result<Vec<_>, _>>()?;
    let several = games.len() > 1;
    let mut remote = 0;
    for game in &games {
        let name = if several {
            format!("game {}: ", game.number)
        } else {
            String::new()
        };
        match verify(game) {
            Ok(Verdict::NotRemote) => {}
            Ok(verdict) => {
                remote += 1;
                writeln!(out, "{name}{verdict}")?;
            }
            Err(error) => {
                writeln!(out, "{name}{error}")?;
                return Ok(1);
            }
        }
    }
    if remote == 0 {
        writeln!(
            out,
            "nothing to verify: {} holds no remote game (only a game played with 'tabula host' and 'tabula join' carries its dice's proof)",
            file.display()
        )?;
        return Ok(NOTHING_TO_VERIFY);
    }
    if let Some(damage) = stream.broken() {
        writeln!(out, "the file is damaged after its games: {damage}")?;
        return Ok(1);
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::remote::proof::tests::remote_record;

    fn run(text: &str) -> (u8, String) {
        static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("tabula-verify-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{run}.txt"));
        std::fs::write(&path, text).unwrap();
        let mut out = Vec::new();
        let code = verify_file(&path, &mut out).unwrap();
        std::fs::remove_file(&path).unwrap();
        (code, String::from_utf8(out).unwrap())
    }

    #[test]
    fn verify_accepts_the_untouched_record_and_names_a_changed_roll() {
        let text = remote_record("aeroplane", &["players=2"], 120);
        let (code, out) = run(&text);
        assert_eq!(code, 0, "{out}");
        assert!(out.starts_with("all ") && out.contains(" rolls check"), "{out}");

        let first = text.lines().position(|l| l.starts_with("dice ")).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let value: u8 = lines[first][5..].parse().unwrap();
        lines[first] = format!("dice {}", value % 6 + 1);
        let (code, out) = run(&(lines.join("\n") + "\n"));
        assert_eq!(code, 1, "{out}");
        assert!(
            out.starts_with(&format!("roll 1 (line {}, 'dice {}')", first + 1, value % 6 + 1)),
            "{out}"
        );
    }

    #[test]
    fn verify_has_nothing_to_say_of_a_game_at_one_keyboard() {
        let (code, out) = run("game ur\nroll 2\n");
        assert_eq!(code, NOTHING_TO_VERIFY, "{out}");
        assert!(out.starts_with("nothing to verify: "), "{out}");
    }
}
