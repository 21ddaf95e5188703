//! The few file-system operations the store builds on: reading a campaign
//! file without hanging or exhausting memory, writing and syncing, and a
//! content hash to tell a file that reached the disk from one that did not.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::Path;

use crate::error::Error;

/// No campaign file comes near this; a bigger one is damage (or a device
/// such as `/dev/zero` in its place), refused rather than read into memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

pub fn io(path: &Path) -> impl FnOnce(std::io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Opens for reading without blocking: a FIFO put in a file's place would
/// otherwise wait for a writer forever.
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// A regular file opened for reading, with its identity (to tell later
/// whether the path still names the same file); `None` if it does not exist.
pub struct Opened {
    pub file: File,
    pub id: FileId,
}

/// What tells one file from another that replaced it by rename.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileId {
    dev: u64,
    ino: u64,
    len: u64,
}

impl FileId {
    /// The file's length when it was opened.
    pub fn size(self) -> u64 {
        self.len
    }

    fn of(meta: &fs::Metadata) -> FileId {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            FileId {
                dev: meta.dev(),
                ino: meta.ino(),
                len: meta.len(),
            }
        }
        #[cfg(not(unix))]
        {
            let nanos = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos() as u64);
            FileId {
                dev: nanos,
                ino: 0,
                len: meta.len(),
            }
        }
    }

    /// The identity of what `path` names now (`None`: nothing).
    pub fn at(path: &Path) -> Result<Option<FileId>, Error> {
        match fs::metadata(path) {
            Ok(m) => Ok(Some(FileId::of(&m))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(Error::Io {
                path: path.to_path_buf(),
                source,
            }),
        }
    }
}

/// Opens `path` if it is a regular file (symbolic links followed); anything
/// else in its place — a folder, a FIFO, a device — is refused.
pub fn open_regular(path: &Path) -> Result<Option<Opened>, Error> {
    match fs::metadata(path) {
        Ok(m) if !m.is_file() => return Err(not_regular(path)),
        Ok(m) if m.len() > MAX_FILE_BYTES => return Err(too_large(path)),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(Error::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    }
    let file = match open_nonblocking(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(Error::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    // It may have been swapped between the look and the open.
    let meta = file.metadata().map_err(io(path))?;
    if !meta.is_file() {
        return Err(not_regular(path));
    }
    Ok(Some(Opened {
        id: FileId::of(&meta),
        file,
    }))
}

fn too_large(path: &Path) -> Error {
    Error::FileTooLarge {
        path: path.to_path_buf(),
        limit: MAX_FILE_BYTES,
    }
}

fn not_regular(path: &Path) -> Error {
    Error::NotRegularFile {
        path: path.to_path_buf(),
    }
}

/// Reads an opened file, refusing one over [`MAX_FILE_BYTES`].
pub fn read_opened(path: &Path, opened: &mut Opened) -> Result<Vec<u8>, Error> {
    // Sized as the file was when opened (one read, no regrowing); a file
    // that grew since is still read to its end.
    let mut bytes = Vec::with_capacity(opened.id.len.min(MAX_FILE_BYTES) as usize + 1);
    (&mut opened.file)
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io(path))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(path));
    }
    Ok(bytes)
}

/// A file's length and content hash, as a record of files seen keys them
/// (the parsed copy). Not the manifest's [`hash`]: this one may change with
/// the build of votg. XXH3, which reads many bytes at a time: every reader
/// digests the whole journal, and SipHash took a twentieth of a `votg print`.
pub type Digest = (usize, u64);

/// The [`Digest`] of `bytes`.
pub fn digest(bytes: &[u8]) -> Digest {
    (bytes.len(), xxhash_rust::xxh3::xxh3_64(bytes))
}

/// The [`Digest`] of an opened file's content, read through a small buffer
/// instead of into memory whole (the same digest: the hasher takes its
/// input as one stream however it is cut).
pub fn digest_opened(path: &Path, opened: &mut Opened) -> Result<Digest, Error> {
    let mut h = xxhash_rust::xxh3::Xxh3Default::new();
    let mut buffer = vec![0; 64 * 1024];
    let mut len = 0usize;
    loop {
        match opened.file.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => {
                h.update(&buffer[..n]);
                len += n;
                if len as u64 > MAX_FILE_BYTES {
                    return Err(too_large(path));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(source) => {
                return Err(Error::Io {
                    path: path.to_path_buf(),
                    source,
                });
            }
        }
    }
    Ok((len, h.digest()))
}

/// Reads a regular file (`None` if absent), capped at [`MAX_FILE_BYTES`].
pub fn read_regular(path: &Path) -> Result<Option<Vec<u8>>, Error> {
    match open_regular(path)? {
        Some(mut o) => Ok(Some(read_opened(path, &mut o)?)),
        None => Ok(None),
    }
}

/// Writes `bytes` to a new file at `path` (its folders made) and syncs it.
pub fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let mut f = create(path)?;
    f.write_all(bytes).map_err(io(path))?;
    f.sync_all().map_err(io(path))?;
    Ok(())
}

/// Writes `bytes` to a new file at `path` (its folders made), not yet
/// synced: the caller syncs it with others ([`sync_files_and_dirs`]).
pub fn write_unsynced(path: &Path, bytes: &[u8]) -> Result<(File, std::path::PathBuf), Error> {
    let mut f = create(path)?;
    f.write_all(bytes).map_err(io(path))?;
    Ok((f, path.to_path_buf()))
}

/// Syncs files and then folders. On Linux one `syncfs` of their file
/// system writes them all: a batch of steps is some eighty files, and one
/// `fsync` each cost the disk as many waits. The campaign folder is one
/// file system, so this does at least what the `fsync`s did. Elsewhere, or
/// if `syncfs` fails, each file is synced on its own thread so the file
/// system can commit them together (a thread that cannot be started syncs
/// its file here instead), then each folder.
pub fn sync_files_and_dirs<'a>(
    files: &[(File, std::path::PathBuf)],
    dirs: impl Iterator<Item = &'a std::path::PathBuf>,
) -> Result<(), Error> {
    if let Some((f, _)) = files.first()
        && sync_file_system(f)
    {
        return Ok(());
    }
    in_parallel(files, |(f, path)| f.sync_all().map_err(io(path)))?;
    sync_dirs(dirs);
    Ok(())
}

/// [`sync_dir`] for several folders at once (one `syncfs` on Linux, as in
/// [`sync_files_and_dirs`]).
pub fn sync_dirs<'a>(dirs: impl Iterator<Item = &'a std::path::PathBuf>) {
    let dirs: Vec<&std::path::PathBuf> = dirs.collect();
    if let Some(d) = dirs.iter().find_map(|d| File::open(d).ok())
        && sync_file_system(&d)
    {
        return;
    }
    let _ = in_parallel(&dirs, |d| {
        sync_dir(d);
        Ok(())
    });
}

/// Writes everything of `f`'s file system that is not on the disk yet;
/// false where that cannot be done in one call (the caller syncs file by
/// file). Since Linux 5.8 `syncfs` reports a write error as `fsync` does.
#[cfg(target_os = "linux")]
fn sync_file_system(f: &File) -> bool {
    use std::os::fd::AsRawFd;
    // SAFETY: `syncfs` only reads the descriptor, which `f` keeps open for
    // the length of the call.
    unsafe { libc::syncfs(f.as_raw_fd()) == 0 }
}

#[cfg(not(target_os = "linux"))]
fn sync_file_system(_: &File) -> bool {
    false
}

fn in_parallel<T: Sync>(
    items: &[T],
    f: impl Fn(&T) -> Result<(), Error> + Sync,
) -> Result<(), Error> {
    let f = &f;
    std::thread::scope(|s| {
        let mut inline = Ok(());
        let mut handles = Vec::new();
        for item in items {
            match std::thread::Builder::new().spawn_scoped(s, move || f(item)) {
                Ok(h) => handles.push(h),
                Err(_) => inline = inline.and_then(|()| f(item)),
            }
        }
        for h in handles {
            let r = h.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            inline = inline.and(r);
        }
        inline
    })
}

/// Makes a folder's entries (new files, renames, removals) durable. On
/// Linux this is what makes a rename survive a power cut; elsewhere a folder
/// may not open for syncing, which is no reason to fail the command.
pub fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Removes a file if it is there.
pub fn remove_file(path: &Path) -> Result<(), Error> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Error::Io {
            path: path.to_path_buf(),
            source: e,
        }),
        _ => Ok(()),
    }
}

/// Removes a folder and everything in it if it is there.
pub fn remove_dir(path: &Path) -> Result<(), Error> {
    match fs::remove_dir_all(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Error::Io {
            path: path.to_path_buf(),
            source: e,
        }),
        _ => Ok(()),
    }
}

/// Removes a file, or a folder and everything in it, if it is there.
pub fn remove_any(path: &Path) -> Result<(), Error> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => remove_dir(path),
        Ok(_) => remove_file(path),
        Err(_) => Ok(()),
    }
}

pub fn rename(from: &Path, to: &Path) -> Result<(), Error> {
    with_parent(to, || fs::rename(from, to))
}

/// A new file at `path` (its folders made if need be).
fn create(path: &Path) -> Result<File, Error> {
    with_parent(path, || File::create(path))
}

/// Does `op`, which puts something at `path`; if `path`'s folder is
/// missing, makes it and tries again. (Tried first: the folders of a commit
/// are there nearly always, and making sure of them first cost two system
/// calls a file, some hundreds a commit.)
fn with_parent<T>(path: &Path, mut op: impl FnMut() -> std::io::Result<T>) -> Result<T, Error> {
    match op() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(io(parent))?;
            }
            op().map_err(io(path))
        }
        other => other.map_err(io(path)),
    }
}

/// Whether anything (a file, a folder, a dangling link) is at `path`.
pub fn exists(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// A content hash (64-bit FNV-1a): enough to tell a whole file from a cut
/// or damaged one, which is all the store asks of it.
pub fn hash(bytes: &[u8]) -> String {
    Fnv::default().update(bytes).hex()
}

/// [`hash`] taken a part at a time: FNV's state after a prefix is that
/// prefix's hash, so a file that only grows (the journal, through the steps
/// of a run) is hashed on from where it was rather than whole again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    #[must_use]
    pub fn update(self, bytes: &[u8]) -> Fnv {
        let mut h = self.0;
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Fnv(h)
    }

    /// The hash as [`hash`] writes it.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }

    /// The state whose [`Fnv::hex`] is `hex`, if that is a hash as
    /// [`hash`] writes it (sixteen lower-case hexadecimal digits).
    pub fn from_hex(hex: &str) -> Option<Fnv> {
        let digits = hex.len() == 16
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        digits
            .then(|| u64::from_str_radix(hex, 16).ok())
            .flatten()
            .map(Fnv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_taken_a_part_at_a_time_is_the_hash_of_the_whole() {
        let journal: Vec<u8> = (0..40_000u32).map(|i| (i % 251) as u8).collect();
        for cut in [0, 1, 20_000, journal.len()] {
            let (a, b) = journal.split_at(cut);
            assert_eq!(Fnv::default().update(a).update(b).hex(), hash(&journal));
        }
        assert_eq!(hash(b""), "cbf29ce484222325");
        // FNV-1a's published value for "a".
        assert_eq!(hash(b"a"), "af63dc4c8601ec8c");
        assert_ne!(hash(b"ab"), hash(b"ba"));
    }

    #[test]
    fn a_hash_read_back_from_its_hex_goes_on_as_the_hash_of_the_whole() {
        let (a, b) = (b"first rows\n".as_slice(), b"then more\n".as_slice());
        let read = Fnv::from_hex(&hash(a)).unwrap();
        assert_eq!(
            read.update(b).hex(),
            Fnv::default().update(a).update(b).hex()
        );
        for bad in [
            "",
            "cbf29ce48422232",
            "CBF29CE484222325",
            "+bf29ce48422232",
            "cbf29ce48422232g",
        ] {
            assert!(Fnv::from_hex(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn a_file_read_for_its_digest_has_the_digest_of_its_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("journal.csv");
        // Longer than the digest's buffer, and not a multiple of it.
        let bytes: Vec<u8> = (0..200_001u32).map(|i| (i % 253) as u8).collect();
        for len in [0, 1, 65_536, 65_537, bytes.len()] {
            fs::write(&path, &bytes[..len]).unwrap();
            let mut opened = open_regular(&path).unwrap().unwrap();
            assert_eq!(
                digest_opened(&path, &mut opened).unwrap(),
                digest(&bytes[..len]),
                "{len} bytes"
            );
        }
        assert_ne!(digest(b"ab"), digest(b"ba"));
    }
}
