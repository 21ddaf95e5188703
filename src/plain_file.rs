//! The one bounded reader of every file votg reads (DESIGN §6): logs,
//! views, keys, answers and dice files, packets, tables. Only a plain file
//! is read, and only up to a limit, so a FIFO, a device, a folder or a
//! huge (or sparse) file in a file's place is refused at once: never a hang,
//! never gigabytes read. At the bottom of the layers, so the rules' tables
//! are read through it too. It knows no campaign: its callers say what the
//! refusal means for the file they asked for.

use std::io::Read;
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum Refused {
    /// Not a plain file: what is there instead ("a folder", "a FIFO" …).
    NotPlain(&'static str),
    /// Larger than the limit the caller gave.
    TooLarge(u64),
    Io(std::io::Error),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::NotPlain(kind) => write!(f, "it is {kind}, not a plain file"),
            Refused::TooLarge(limit) => write!(f, "it is larger than {limit} bytes"),
            Refused::Io(e) => write!(f, "{e}"),
        }
    }
}

/// What is at `meta`'s place, in words, when it is no plain file.
fn kind_of(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a plain file")
}

/// Whether a plain file of at most `limit` bytes is at `path` (`Ok(false)`:
/// nothing is there), looking without opening it.
pub fn check(path: &Path, limit: u64) -> Result<bool, Refused> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(Refused::Io(e)),
    };
    if let Some(kind) = kind_of(&meta) {
        return Err(Refused::NotPlain(kind));
    }
    if meta.len() > limit {
        return Err(Refused::TooLarge(limit));
    }
    Ok(true)
}

/// Opens `path` to read without ever blocking (a FIFO put in its place
/// after it was looked at opens at once, and is then refused).
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The plain file `path` of at most `limit` bytes, opened to read, with
/// its length; `None` when nothing is there.
pub fn open_plain(path: &Path, limit: u64) -> Result<Option<(std::fs::File, u64)>, Refused> {
    if !check(path, limit)? {
        return Ok(None);
    }
    let file = match open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Refused::Io(e)),
    };
    // What was opened is what is read: looked at again.
    let meta = file.metadata().map_err(Refused::Io)?;
    if let Some(kind) = kind_of(&meta) {
        return Err(Refused::NotPlain(kind));
    }
    if meta.len() > limit {
        return Err(Refused::TooLarge(limit));
    }
    Ok(Some((file, meta.len())))
}

/// The bytes of the plain file `path`, at most `limit` of them; `None`
/// when nothing is there.
pub fn read(path: &Path, limit: u64) -> Result<Option<Vec<u8>>, Refused> {
    let Some((file, len)) = open_plain(path, limit)? else {
        return Ok(None);
    };
    let mut bytes = Vec::with_capacity(len as usize);
    // It may grow while it is read: never past the limit.
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(Refused::Io)?;
    if bytes.len() as u64 > limit {
        return Err(Refused::TooLarge(limit));
    }
    Ok(Some(bytes))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn design_6_a_fifo_a_device_a_folder_or_a_large_file_is_refused_unread() {
        let tmp = tempfile::tempdir().unwrap();
        let fifo = tmp.path().join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(matches!(read(&fifo, 10), Err(Refused::NotPlain("a FIFO"))));
        assert!(matches!(
            read(Path::new("/dev/zero"), 10),
            Err(Refused::NotPlain("a device"))
        ));
        assert!(matches!(
            read(tmp.path(), 10),
            Err(Refused::NotPlain("a folder"))
        ));
        let sparse = tmp.path().join("sparse");
        let f = std::fs::File::create(&sparse).unwrap();
        f.set_len(100 * 1024 * 1024).unwrap();
        assert!(matches!(read(&sparse, 1 << 20), Err(Refused::TooLarge(_))));
        std::fs::write(&sparse, b"ok").unwrap();
        assert_eq!(read(&sparse, 2).unwrap().unwrap(), b"ok");
        assert!(read(&tmp.path().join("none"), 2).unwrap().is_none());
    }
}
