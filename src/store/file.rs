//! Reading a campaign's files safely (DESIGN §6): only plain files, none
//! larger than any campaign makes, so a FIFO or a device put in a file's
//! place never hangs or floods votg; and writing a view atomically.

use std::io::Read;
use std::path::Path;

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

/// Refuses what is not a plain file of at most [`MAX_FILE_BYTES`]; `Ok(false)`
/// when nothing is there.
pub fn check_regular(path: &Path) -> Result<bool, Error> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(io(path)(e)),
    };
    if !meta.is_file() {
        return Err(Error::NotRegularFile {
            path: path.to_path_buf(),
        });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(Error::FileTooLarge {
            path: path.to_path_buf(),
            limit: MAX_FILE_BYTES,
        });
    }
    Ok(true)
}

/// A plain file's bytes, or `None` when it does not exist.
pub fn read_regular(path: &Path) -> Result<Option<Vec<u8>>, Error> {
    if !check_regular(path)? {
        return Ok(None);
    }
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(path)(e)),
    };
    let mut bytes = Vec::new();
    // It may have grown since it was looked at: never past the limit.
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io(path))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::FileTooLarge {
            path: path.to_path_buf(),
            limit: MAX_FILE_BYTES,
        });
    }
    Ok(Some(bytes))
}

/// The suffix of the temporary file a write goes through (`.force.toml` +
/// this): one name per file, so a write interrupted by a crash leaves at
/// most one, which the next write of that file (or writer) removes.
pub const TMP_SUFFIX: &str = ".votg-tmp";

/// Writes `bytes` to `path` atomically: a temporary file in the same
/// folder, synced, renamed over the old one. A full disk leaves the old file
/// as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let _ = std::fs::remove_file(dir.join(format!(".{name}{TMP_SUFFIX}")));
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}"))
        .suffix(TMP_SUFFIX)
        .rand_bytes(0)
        .tempfile_in(dir)
        .map_err(io(path))?;
    full_disk_here(path)
        .and_then(|()| tmp.write_all(bytes))
        .map_err(io(path))?;
    tmp.as_file().sync_data().map_err(io(path))?;
    tmp.persist(path).map_err(|e| io(path)(e.error))?;
    Ok(())
}

/// Removes the temporary files interrupted writes left in `dir` (not in its
/// subfolders).
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
