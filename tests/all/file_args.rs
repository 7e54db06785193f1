//! Every file tabula reads goes through one reader that refuses what is not a regular file
//! before reading, and bounds what it reads. Given `/dev/zero`, a FIFO that no one writes
//! to, and a 2 GB sparse file (no disk used), every command that takes a file refuses it
//! with a message that says why, and its peak memory stays under 100 MB.
//!
//! [`FILE_ARGS`] lists every argument of the command line that names a file; a unit test
//! of the command line (`src/cli/tests/file_args.rs`) reads this list and checks it
//! against clap's definition, so an argument added there without a line here fails.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::support::{tabula_command, temp_dir};

/// One argument that names a file: the command it belongs to (subcommands joined by
/// spaces), the argument's id in clap, and the command line that reads it (`{}` for the
/// file, words split at spaces), or `None` for a file that is only written.
struct FileArg {
    command: &'static str,
    arg: &'static str,
    reads: Option<&'static str>,
}

const MATCH: &str = "match nardy --games 2 --player bot:random --player bot:random";

/// Every file argument of the command line (one a line: the unit test reads them).
const FILE_ARGS: &[FileArg] = &[
    FileArg {
        command: "play",
        arg: "net_file",
        reads: Some("play nardy --net {}"),
    },
    FileArg {
        command: "play",
        arg: "log",
        reads: None,
    },
    FileArg {
        command: "engine",
        arg: "net_file",
        reads: Some("engine --net {}"),
    },
    FileArg {
        command: "match",
        arg: "engines_file",
        reads: Some("MATCH --engines {}"),
    },
    FileArg {
        command: "match",
        arg: "records",
        reads: Some("MATCH --records {}"),
    },
    FileArg {
        command: "match",
        arg: "positions",
        reads: Some("MATCH --positions {}"),
    },
    FileArg {
        command: "match",
        arg: "jsonl",
        reads: Some("MATCH --jsonl {}"),
    },
    FileArg {
        command: "match",
        arg: "net_file",
        reads: Some("MATCH --net {}"),
    },
    FileArg {
        command: "match",
        arg: "log",
        reads: None,
    },
    FileArg {
        command: "match report",
        arg: "files",
        reads: Some("match report {}"),
    },
    FileArg {
        command: "replay",
        arg: "file",
        reads: Some("replay {}"),
    },
    FileArg {
        command: "solve",
        arg: "out",
        reads: None,
    },
    FileArg {
        command: "train",
        arg: "from",
        reads: Some("train ur --games 10 --from {} --out OUT"),
    },
    FileArg {
        command: "train",
        arg: "out",
        reads: None,
    },
    FileArg {
        command: "train",
        arg: "against",
        reads: Some("train ur --games 10 --against {} --out OUT"),
    },
    FileArg {
        command: "analyse",
        arg: "file",
        reads: Some("analyse {}"),
    },
    FileArg {
        command: "analyse",
        arg: "plot",
        reads: None,
    },
    FileArg {
        command: "analyse",
        arg: "net_file",
        reads: Some("analyse {} --net {}"),
    },
    FileArg {
        command: "rollout",
        arg: "net_file",
        reads: Some("rollout ur --games 2 --net {}"),
    },
    FileArg {
        command: "accuracy",
        arg: "file",
        reads: Some("accuracy ur --bot greedy --file {}"),
    },
    FileArg {
        command: "accuracy",
        arg: "net_file",
        reads: Some("accuracy ur --bot greedy --net {}"),
    },
    FileArg {
        command: "plot",
        arg: "data",
        reads: Some("plot {} --out OUT"),
    },
    FileArg {
        command: "plot",
        arg: "out",
        reads: None,
    },
    FileArg {
        command: "host",
        arg: "log",
        reads: None,
    },
    FileArg {
        command: "host",
        arg: "save",
        reads: None,
    },
    FileArg {
        command: "join",
        arg: "log",
        reads: None,
    },
    FileArg {
        command: "join",
        arg: "save",
        reads: None,
    },
    FileArg {
        command: "verify",
        arg: "file",
        reads: Some("verify {}"),
    },
];

/// The commands typed at the table and in `tabula engine` that read a file.
const TYPED: &[(&str, &str)] = &[
    ("engine --seed 1", "load {}\n"),
    ("play nardy --seed 1", "load {}\n"),
];

/// The most memory a refusal may take, in KiB.
const MOST_KIB: i64 = 100 * 1024;

/// How long a child may run before it is called hung.
const WATCHDOG: Duration = Duration::from_secs(30);

/// What a child did: its exit status, its output and error, and its peak memory in KiB.
struct Ran {
    status: i32,
    out: String,
    peak_kib: i64,
    /// The most it may have: [`MOST_KIB`], or this process's peak when higher.
    bound_kib: i64,
}

/// Runs tabula with `args` and `input` on stdin under the watchdog, measuring the peak
/// memory of that child alone (`wait4`).
// The child is reaped by `wait4`, which also gives its own peak memory.
#[allow(clippy::zombie_processes)]
fn run(args: &[String], input: &str, dir: &Path) -> Ran {
    let stdin = dir.join("stdin");
    std::fs::write(&stdin, input).unwrap();
    let (out, err) = (dir.join("stdout"), dir.join("stderr"));
    let mut child = tabula_command()
        .args(args)
        .stdin(std::fs::File::open(&stdin).unwrap())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    // A child's peak counts the pages it shares with this process between fork and exec,
    // so its bound is this process's own peak when that is higher.
    // SAFETY: all-zero bytes are a valid `rusage`, which `getrusage` fills in.
    let mut own: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pointer is live.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut own) };
    let pid = child.id() as libc::pid_t;
    let started = Instant::now();
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: all-zero bytes are a valid `rusage`, which `wait4` fills in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: `pid` is this test's own child, not yet reaped; the pointers are live.
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        assert!(reaped >= 0, "wait4 failed for tabula {args:?}");
        if reaped == pid {
            break (status, usage);
        }
        if started.elapsed() > WATCHDOG {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("tabula {args:?} still ran after {WATCHDOG:?}: it blocked or read without bound");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -libc::WTERMSIG(status)
    };
    let text = |path: &Path| String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    Ran {
        status: code,
        out: format!("{}{}", text(&out), text(&err)),
        peak_kib: usage.ru_maxrss,
        bound_kib: MOST_KIB.max(own.ru_maxrss + 1024),
    }
}

/// The three files no command may read: a device, a FIFO, a 2 GB file of zero bytes.
fn hostile_files(dir: &Path) -> Vec<PathBuf> {
    let fifo = dir.join("fifo");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: `name` is a NUL-terminated path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
    let sparse = dir.join("sparse");
    // A hole: no disk is used.
    std::fs::File::create(&sparse).unwrap().set_len(2 << 30).unwrap();
    vec![PathBuf::from("/dev/zero"), fifo, sparse]
}

/// `template` with the file put in and the words split.
fn words(template: &str, file: &Path, dir: &Path) -> Vec<String> {
    template
        .replace("MATCH", MATCH)
        .split(' ')
        .map(|word| match word {
            "{}" => file.display().to_string(),
            "OUT" => dir.join("out").display().to_string(),
            word => word.to_string(),
        })
        .collect()
}

/// Whether `out` refuses `file` for what it is.
fn refuses(out: &str, file: &Path) -> bool {
    let name = file.display().to_string();
    // A match refuses a file it did not write before it asks what the file is.
    let said = [
        "not a regular file",
        "larger than",
        "longer than",
        "does not begin as tabula's",
    ]
    .iter()
    .any(|why| out.contains(why));
    said && (out.contains(&name) || out.contains("line 1"))
}

#[test]
fn every_file_argument_refuses_devices_fifos_and_huge_files() {
    let dir = temp_dir("file-args");
    let files = hostile_files(&dir);
    // What is tested, the command line and what is typed.
    let mut cases: Vec<(String, Vec<String>, String)> = Vec::new();
    for file in &files {
        for arg in FILE_ARGS {
            if let Some(template) = arg.reads {
                let what = format!("{} ({})", arg.command, arg.arg);
                cases.push((what, words(template, file, &dir), String::new()));
            }
        }
        for (command, typed) in TYPED {
            let input = typed.replace("{}", &file.display().to_string());
            cases.push((format!("{command}: load"), words(command, file, &dir), input));
        }
    }
    let mut wrong = Vec::new();
    for (what, args, input) in &cases {
        let ran = run(args, input, &dir);
        let file = files.iter().find(|f| {
            args.iter()
                .chain([input])
                .any(|a| a.contains(&*f.display().to_string()))
        });
        let refused = refuses(&ran.out, file.unwrap());
        // Typed commands are refused and the session goes on; a command line fails.
        let failed = if input.is_empty() {
            ran.status != 0 && ran.status != 101
        } else {
            ran.status == 0
        };
        if !refused || !failed || ran.peak_kib > ran.bound_kib {
            wrong.push(format!(
                "{what}: tabula {} <<< {input:?}: exit {}, {} KiB at most\n{}",
                args.join(" "),
                ran.status,
                ran.peak_kib,
                ran.out.lines().take(4).collect::<Vec<_>>().join("\n")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "not refused as they should be:\n{}",
        wrong.join("\n\n")
    );
    assert!(!dir.join("out").exists(), "a refused command wrote its output");
}

/// An unsealed fragment (`game nardy koks=on`, `roll 2`) pasted before a sealed game:
/// `load` at the table, `load` in `tabula engine` and `tabula replay` all refuse it as
/// game 1, and all show the sealed game 2 with a note about the damaged one.
#[test]
fn load_and_replay_agree_on_a_fragment_before_a_sealed_game() {
    use crate::support::run_tabula;
    let dir = temp_dir("file-args-fragment");
    let saved = dir.join("ur.txt");
    let (status, _, _) = run_tabula(
        &["play", "ur", "--seed", "3"],
        &format!("roll\nroll\nsave {}\nquit\n", saved.display()),
    );
    assert_eq!(status, Some(0));
    let fragment = dir.join("fragment.txt");
    let sealed = std::fs::read_to_string(&saved).unwrap();
    std::fs::write(&fragment, format!("game nardy koks=on\nroll 2\n{sealed}")).unwrap();
    let file = fragment.display().to_string();
    let damage = "line 1: the game of line 1 has no seal";
    let (status, _, err) = run_tabula(&["replay", &file], "");
    assert!(status != Some(0) && err.contains(damage), "{err}");
    let (_, out, _) = run_tabula(&["engine"], &format!("load {file}\nload {file} 2\n"));
    let replies: Vec<&str> = out.split("\n\n").collect();
    assert!(
        replies[0].starts_with('?') && replies[0].contains(damage),
        "{out}"
    );
    assert!(
        replies[1].starts_with('=') && replies[1].contains("line 1 is damaged"),
        "{out}"
    );
    let (_, out, err) = run_tabula(&["play", "nardy"], &format!("load {file}\nload {file} 2\nquit\n"));
    assert!(
        err.contains(damage) && out.contains("loaded game 2 of the 2"),
        "{out}{err}"
    );
    let (status, out, _) = run_tabula(&["replay", &file, "--game", "2"], "");
    assert_eq!(status, Some(0), "{out}");
    assert!(
        out.contains("game 2 of the 2") && out.contains("line 1 is damaged"),
        "{out}"
    );
}
