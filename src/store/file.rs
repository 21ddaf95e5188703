//! Reading a campaign's files safely (DESIGN §6): only plain files, none
//! larger than any campaign makes, so a FIFO or a device put in a file's
//! place never hangs or floods votg; and writing a view atomically.

use std::path::Path;

use super::fault::{self, Op};

use crate::error::Error;

/// No campaign file comes near this; a bigger one is damage (or a device
/// such as `/dev/zero` in its place), refused rather than read into memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// An I/O error on `path`; a full disk (or quota) is its own error, which
/// says what was kept and what to do (DESIGN §6).
pub fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |source| {
        if crate::error::is_disk_full(&source) {
            Error::DiskFull {
                path: path.to_path_buf(),
                source,
                kept: None,
            }
        } else {
            Error::Io {
                path: path.to_path_buf(),
                source,
            }
        }
    }
}

/// Debug builds only, for tests: `VOTG_DISK_FULL=NAME` makes every atomic
/// write of a file named NAME fail as a full disk would, after its
/// temporary file was begun (a view, a printed sheet). Never in a release
/// build.
fn full_disk_here(path: &Path) -> Result<(), std::io::Error> {
    if cfg!(debug_assertions)
        && let Ok(name) = std::env::var("VOTG_DISK_FULL")
        && path.file_name().is_some_and(|n| n == name.as_str())
    {
        return Err(std::io::Error::from(std::io::ErrorKind::StorageFull));
    }
    Ok(())
}

/// Refuses what is not a plain file of at most [`MAX_FILE_BYTES`] (without
/// opening it); `Ok(false)` when nothing is there.
pub fn check_regular(path: &Path) -> Result<bool, Error> {
    crate::plain_file::check(path, MAX_FILE_BYTES).map_err(|r| refused(path, r))
}

/// A plain file's bytes, or `None` when it does not exist: through the one
/// bounded reader (a FIFO never blocks it, a device is never read).
pub fn read_regular(path: &Path) -> Result<Option<Vec<u8>>, Error> {
    crate::plain_file::read(path, MAX_FILE_BYTES).map_err(|r| refused(path, r))
}

/// The plain file `path`, opened to read without blocking, and its length.
pub fn open_regular(path: &Path) -> Result<Option<(std::fs::File, u64)>, Error> {
    crate::plain_file::open_plain(path, MAX_FILE_BYTES).map_err(|r| refused(path, r))
}

fn refused(path: &Path, r: crate::plain_file::Refused) -> Error {
    use crate::plain_file::Refused;
    match r {
        Refused::NotPlain(_) => Error::NotRegularFile {
            path: path.to_path_buf(),
        },
        Refused::TooLarge(limit) => Error::FileTooLarge {
            path: path.to_path_buf(),
            limit,
        },
        Refused::Io(e) => io(path)(e),
    }
}

/// The suffix of the temporary files writes go through (`.force.toml…` +
/// this): a write interrupted by a crash leaves one, which the next writer
/// removes.
pub const TMP_SUFFIX: &str = ".votg-tmp";

/// Writes `bytes` to `path` atomically: a temporary file of its own (a
/// name no other writer uses) in the same folder, synced, renamed over the
/// old one. A full disk leaves the old file as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(TMP_SUFFIX)
        .tempfile_in(dir)
        .map_err(io(path))?;
    full_disk_here(path)
        .and_then(|()| fault::write(tmp.as_file_mut(), path, bytes))
        .map_err(io(path))?;
    fault::point(Op::Sync, path).map_err(io(path))?;
    tmp.as_file().sync_data().map_err(io(path))?;
    fault::point(Op::Rename, path).map_err(io(path))?;
    tmp.persist(path).map_err(|e| io(path)(e.error))?;
    Ok(())
}

/// Removes the temporary files interrupted writes left in `dir` (not in its
/// subfolders): only a writer holding the campaign's logs does, so none is
/// another live writer's.
pub fn remove_leftovers(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') && name.ends_with(TMP_SUFFIX) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}
