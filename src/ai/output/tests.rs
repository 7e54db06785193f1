use super::*;

/// A fresh directory of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-output-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_regular_file_is_replaced_whole_and_no_temporary_file_is_left() {
    let dir = scratch("regular");
    let path = dir.join("game.txt");
    std::fs::write(&path, "old and longer text").unwrap();
    write_atomically(&path, b"new").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"new");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("game.txt")]);
    write_atomically(&dir.join("fresh.txt"), b"made").unwrap();
    assert_eq!(std::fs::read(dir.join("fresh.txt")).unwrap(), b"made");
}

#[test]
fn a_directory_is_refused_and_left_as_it_was() {
    let dir = scratch("directory");
    let error = write_atomically(&dir, b"x").unwrap_err();
    assert!(
        matches!(
            error,
            OutputError::NotRegular {
                kind: NotRegular::Directory,
                ..
            }
        ),
        "{error}"
    );
    assert!(error.is_refusal());
    assert!(
        error.to_string().contains("is a directory, not a regular file"),
        "{error}"
    );
    assert!(dir.is_dir());
    assert!(open_update(&dir).is_err());
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_is_written_through_and_kept() {
    let dir = scratch("link");
    let real = dir.join("real.txt");
    std::fs::write(&real, "before").unwrap();
    let link = dir.join("lnk");
    std::os::unix::fs::symlink("real.txt", &link).unwrap();
    write_atomically(&link, b"after").unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read_link(&link).unwrap(), PathBuf::from("real.txt"));
    assert_eq!(std::fs::read(&real).unwrap(), b"after");
    let mut file = open_update(&link).unwrap();
    std::io::Seek::seek(&mut file, std::io::SeekFrom::End(0)).unwrap();
    file.write_all(b" and more").unwrap();
    assert_eq!(std::fs::read(&real).unwrap(), b"after and more");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
}

#[cfg(unix)]
#[test]
fn a_dangling_link_and_a_link_to_a_directory_are_refused() {
    let dir = scratch("dangling");
    let link = dir.join("lnk");
    std::os::unix::fs::symlink("nowhere.txt", &link).unwrap();
    let error = write_atomically(&link, b"x").unwrap_err();
    assert!(matches!(error, OutputError::DanglingLink { .. }), "{error}");
    assert!(error.to_string().contains("which does not exist"), "{error}");
    assert!(!dir.join("nowhere.txt").exists());
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    let to_dir = dir.join("to-dir");
    std::os::unix::fs::symlink(&dir, &to_dir).unwrap();
    let error = open_update(&to_dir).unwrap_err();
    assert!(
        matches!(
            error,
            OutputError::LinkToNotRegular {
                kind: NotRegular::Directory,
                ..
            }
        ),
        "{error}"
    );
}

#[cfg(unix)]
#[test]
fn a_device_is_refused_before_it_is_opened() {
    let error = target_of(Path::new("/dev/null")).unwrap_err();
    assert!(
        matches!(
            error,
            OutputError::NotRegular {
                kind: NotRegular::CharDevice,
                ..
            }
        ),
        "{error}"
    );
    assert!(
        error.to_string().starts_with("/dev/null is a character device"),
        "{error}"
    );
}

#[test]
fn a_path_without_a_file_name_is_refused() {
    let error = target_of(Path::new("/")).unwrap_err();
    assert!(error.is_refusal(), "{error}");
}

#[test]
fn a_temporary_file_names_the_file_it_was_to_become() {
    assert_eq!(
        left_behind_target(".game-000012.txt.4242.tmp"),
        Some("game-000012.txt")
    );
    assert_eq!(left_behind_target("game-000012.txt"), None);
    assert_eq!(left_behind_target(".game-000012.txt.tmp"), None);
    assert_eq!(left_behind_target(".notes.tmp"), None);
}
