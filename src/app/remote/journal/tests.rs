use super::*;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn header() -> Header {
    Header {
        side: 1,
        chain: ([7; 32], 2048),
        token: [9; 32],
        game: "nardy koks=on".into(),
        clock: None,
        sides: vec![0, 1],
        players: vec!["bot:best".into(), "human".into()],
        mine: vec![String::new(), "engine:./my bot --fast".into()],
        commitments: vec![Digest::of(&[b"a"]), Digest::of(&[b"b"])],
        resumes: vec![None, Some(Digest::of(&[b"t"]))],
        code: "7-crossover-clockwork".into(),
        meeting: "listen - 4717".into(),
    }
}

fn entries() -> Vec<Entry> {
    vec![
        Entry::Read {
            link: 0,
            bytes: b"move 0 roll".to_vec(),
        },
        Entry::Decided("move 13-7 8-5".into()),
        Entry::Decided(String::new()),
        Entry::Allowed(true),
        Entry::Allowed(false),
        Entry::Spent(Duration::from_millis(1234)),
        Entry::Returned { link: 2 },
        Entry::Kept(12),
    ]
}

fn written(dir: &Path) -> PathBuf {
    let path = dir.join("game.journal");
    let mut journal = Journal::create(&path, &header()).unwrap();
    for entry in entries() {
        journal.push(&entry).unwrap();
    }
    path
}

#[test]
fn a_journal_reads_back_its_header_and_every_entry() {
    let dir = temp_dir("journal-round-trip");
    let path = written(&dir);
    let (read_header, read_entries) = read(&path).unwrap();
    assert_eq!(read_header, header());
    assert_eq!(read_entries, entries());
    // A program taking the game up again appends to the same journal.
    Journal::append_to(&path).unwrap().push(&Entry::Kept(13)).unwrap();
    assert_eq!(read(&path).unwrap().1.last(), Some(&Entry::Kept(13)));
}

#[cfg(unix)]
#[test]
fn a_journal_is_readable_by_its_user_alone_and_goes_when_removed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("journal-private");
    let path = written(&dir);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600);
    let journal = Journal::append_to(&path).unwrap();
    let error = Journal::append_to(&path).err().unwrap();
    assert!(error.to_string().contains("another tabula program"), "{error}");
    journal.remove().unwrap();
    assert!(!path.exists());
}

#[test]
fn a_last_line_cut_short_is_not_an_entry() {
    let dir = temp_dir("journal-cut");
    let path = written(&dir);
    let mut file = OpenOptions::new().append(true).open(&path).unwrap();
    file.write_all(b"decided 6d6f76").unwrap();
    assert_eq!(read(&path).unwrap().1, entries());
}

#[test]
fn a_damaged_journal_is_refused_naming_the_line() {
    let dir = temp_dir("journal-damaged");
    let path = written(&dir);
    let text = std::fs::read_to_string(&path).unwrap();
    let cases = [
        (text.replace("allowed yes", "allowed maybe"), "line 18 "),
        (text.replace("side 1\n", ""), "header is not whole"),
        (text.replace("tabula remote journal 1", "hello"), "line 1 "),
        (text.replace("read 0 ", "read 0 zz"), "line 15 "),
        (text.replace("begin\n", ""), "does not end"),
    ];
    for (damaged, says) in cases {
        std::fs::write(&path, damaged).unwrap();
        let error = read(&path).unwrap_err().to_string();
        assert!(error.contains(says), "{error}");
    }
    std::fs::write(&path, b"tabula remote journal 1\n\xff\n").unwrap();
    assert!(read(&path).unwrap_err().to_string().contains("line 2 "));
}

#[test]
fn each_game_has_its_own_journal_whose_name_does_not_show_the_code() {
    let dir = Path::new("/somewhere");
    let one = path_for(dir, "HOST:4717", false, "7-crossover-clockwork");
    assert_ne!(one, path_for(dir, "HOST:4717", false, "8-crossover-clockwork"));
    assert_ne!(one, path_for(dir, "HOST:4717", true, "7-crossover-clockwork"));
    assert_ne!(one, path_for(dir, "HOST:4718", false, "7-crossover-clockwork"));
    assert_eq!(one, path_for(dir, "HOST:4717", false, "7-crossover-clockwork"));
    assert!(!one.to_string_lossy().contains("crossover"));
}

#[test]
fn a_new_journal_removes_the_journals_of_games_given_up_long_ago() {
    let dir = temp_dir("journal-forget");
    let (old, recent, other) = (dir.join("a.journal"), dir.join("b.journal"), dir.join("c.txt"));
    for path in [&old, &recent, &other] {
        std::fs::write(path, "x").unwrap();
    }
    let long_ago = std::time::SystemTime::now() - FORGOTTEN - Duration::from_secs(60);
    for path in [&old, &other] {
        File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
    }
    Journal::create(&dir.join("new.journal"), &header()).unwrap();
    assert!(!old.exists());
    assert!(recent.exists() && other.exists());
}
