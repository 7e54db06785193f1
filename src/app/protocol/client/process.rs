//! An engine's process: the one part of the client that differs by platform.
//!
//! Where the platform has process groups (Unix), each engine runs in a group of its own,
//! so that ending it ends whatever it started too, and so that the terminal's signals no
//! longer reach it with tabula's: on SIGINT, SIGTERM or SIGHUP tabula ends every engine's
//! group itself before it exits. Whether an engine has ended is asked without reaping
//! it, so that its id (which is its group's) cannot be reused while tabula may still
//! signal it.
//!
//! On Linux each engine is also told by the kernel to die with tabula
//! (`PR_SET_PDEATHSIG`), so that even a tabula killed with SIGKILL, which runs no
//! cleanup, leaves no engine behind. The kernel sends that signal when the *thread* that
//! started the engine ends, not the process; so engines are started only by threads that
//! outlive them: the main thread, or a match's worker thread, which ends its engines
//! before it returns.
//!
//! Elsewhere an engine is a plain child process: it shares tabula's console, so a Ctrl+C
//! reaches it as it reaches tabula, and ending it ends only the engine itself.

pub(super) use platform::{end, exit_status, spawn, stopping};

/// Process groups, reaping and signals through libc.
#[cfg(unix)]
mod platform {
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};
    use std::sync::Mutex;
    use std::time::Duration;

    /// The process groups of the engines running now, for the signal handler.
    static LIVE_GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

    /// Runs `f` on the live groups, even after a thread panicked while holding them.
    fn live_groups<T>(f: impl FnOnce(&mut Vec<i32>) -> T) -> T {
        match LIVE_GROUPS.lock() {
            Ok(mut groups) => f(&mut groups),
            Err(poisoned) => f(&mut poisoned.into_inner()),
        }
    }

    /// The engine's group: the leader's pid, as `process_group(0)` made it.
    fn group(child: &Child) -> i32 {
        child.id() as i32
    }

    /// Starts `command` as the leader of a new process group, and has the group ended on
    /// SIGINT, SIGTERM or SIGHUP.
    pub(crate) fn spawn(command: &mut Command) -> std::io::Result<Child> {
        install_signal_cleanup();
        die_with_parent(command);
        let child = command.process_group(0).spawn()?;
        live_groups(|groups| groups.push(group(&child)));
        Ok(child)
    }

    /// Has the kernel kill the engine when the thread that starts it ends: with tabula,
    /// however tabula ends.
    #[cfg(target_os = "linux")]
    fn die_with_parent(command: &mut Command) {
        // SAFETY: getpid is async-signal-safe and touches no memory.
        let parent = unsafe { libc::getpid() };
        // SAFETY: between fork and exec only async-signal-safe calls are made (prctl,
        // getppid), and nothing is allocated.
        unsafe {
            command.pre_exec(move || {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                // tabula died before the request took hold: nobody would kill us later.
                if libc::getppid() != parent {
                    libc::_exit(1);
                }
                Ok(())
            });
        }
    }

    /// Without the Linux request, engines still end with tabula on a signal it hears.
    #[cfg(not(target_os = "linux"))]
    fn die_with_parent(_command: &mut Command) {}

    /// How the engine ended, if it has, without reaping it (so its id stays ours).
    pub(crate) fn exit_status(child: &mut Child) -> Option<String> {
        let pid = group(child);
        // SAFETY: waitid only writes into the zeroed siginfo we own.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            if libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) != 0 || info.si_pid() == 0 {
                return None;
            }
            let code = info.si_status();
            Some(match info.si_code {
                libc::CLD_EXITED => format!("exited (exit status: {code})"),
                _ => format!("was killed (signal {code})"),
            })
        }
    }

    /// Kills the engine's whole group and reaps the engine.
    pub(crate) fn end(child: &mut Child) {
        let group = group(child);
        // The leader is not reaped yet, so the group id cannot have been reused.
        kill_group(group, libc::SIGKILL);
        let _ = child.wait();
        live_groups(|groups| groups.retain(|&g| g != group));
    }

    /// Whether tabula is ending the engines on a signal (it exits in a moment).
    pub(crate) fn stopping() -> bool {
        crate::app::interrupt::exiting()
    }

    /// Sends `signal` to every process of `group`.
    fn kill_group(group: i32, signal: i32) {
        if group > 0 {
            // SAFETY: killpg has no memory effects; a group already gone is ESRCH.
            unsafe {
                libc::killpg(group, signal);
            }
        }
    }

    /// Installed when the first engine starts, so that tabula without engines keeps the
    /// default behaviour on signals (unless its front end asked for more).
    fn install_signal_cleanup() {
        crate::app::interrupt::install();
        crate::app::interrupt::on_exit(end_all_groups);
    }

    /// Ends every engine's group, politely first: what tabula does before it exits on a
    /// signal.
    fn end_all_groups() {
        let groups = live_groups(|groups| groups.clone());
        for &group in &groups {
            kill_group(group, libc::SIGTERM);
        }
        std::thread::sleep(Duration::from_millis(100));
        for &group in &groups {
            kill_group(group, libc::SIGKILL);
        }
    }
}

/// Plain child processes through the standard library alone.
#[cfg(not(unix))]
mod platform {
    use std::process::{Child, Command};

    /// Starts `command` as a plain child process.
    pub(crate) fn spawn(command: &mut Command) -> std::io::Result<Child> {
        command.spawn()
    }

    /// How the engine ended, if it has. The `Child` keeps its handle open, so its id is
    /// not reused before it is dropped.
    pub(crate) fn exit_status(child: &mut Child) -> Option<String> {
        let status = child.try_wait().ok().flatten()?;
        Some(match status.code() {
            Some(code) => format!("exited (exit status: {code})"),
            None => format!("ended ({status})"),
        })
    }

    /// Kills the engine and reaps it.
    pub(crate) fn end(child: &mut Child) {
        let _ = child.kill();
        let _ = child.wait();
    }

    /// No signal handler ends engines here: tabula exits with its console's Ctrl+C.
    pub(crate) fn stopping() -> bool {
        false
    }
}
