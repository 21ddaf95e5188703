//! The process's own output: what `main` writes, and what it says when
//! standard output is closed, its reader gone, or its disk full (DESIGN §6).

/// Whether standard output was closed when votg started (`votg … >&-`).
/// Rust's runtime puts `/dev/null`, opened read-write, in the place of a
/// closed standard output, where writes then vanish without an error; a
/// shell's `> /dev/null` opens it write-only. It is an error whatever
/// standard error is (`2<>/dev/null` too): the exit status still says it.
#[cfg(unix)]
pub(super) fn stdout_closed() -> bool {
    fn runtime_null(fd: i32) -> bool {
        // SAFETY: fcntl and fstat only read the state of the descriptor.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags == -1 {
                return true;
            }
            if flags & libc::O_ACCMODE != libc::O_RDWR {
                return false;
            }
            let mut st: libc::stat = std::mem::zeroed();
            if libc::fstat(fd, &mut st) != 0 {
                return false;
            }
            let Ok(null) = std::fs::metadata("/dev/null") else {
                return false;
            };
            use std::os::unix::fs::MetadataExt;
            (st.st_mode & libc::S_IFMT) == libc::S_IFCHR && st.st_rdev == null.rdev()
        }
    }
    runtime_null(1)
}

#[cfg(not(unix))]
pub(super) fn stdout_closed() -> bool {
    false
}

/// Writes the command's output. `print!` would panic on a closed or full
/// standard output; this returns the error instead.
pub(super) fn write_out(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// A reader that went away (`votg log | head`) is no failure: exit quietly,
/// as a pipe expects. Anything else (a full disk) is reported, with what
/// it means for the campaign: a read command changed nothing; a command
/// that `writes` was carried out, only what it said is lost.
pub(super) fn output_failed(e: &std::io::Error, writes: bool) -> i32 {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return 0;
    }
    let meaning = if writes {
        "The command itself was carried out; only what it had to say is lost (`votg status` shows where the campaign stands)."
    } else {
        "Nothing was changed: write the output somewhere with room, or to the terminal."
    };
    report(&format!(
        "error: the output could not be written ({}). {meaning}",
        crate::error::output_trouble(e)
    ));
    1
}

/// Writes a message to standard error; if even that fails there is no one
/// left to tell, and the exit status says it.
pub(super) fn report(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}
