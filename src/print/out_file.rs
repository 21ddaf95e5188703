//! Writing the sheets to `--out`.
//!
//! A sheet printed again replaces last time's file. Written over in place
//! (truncated, then rewritten), ext4 writes the file out to disk when it is
//! closed, its guard against files left empty by a crash: about 0.3 ms of a
//! 2.4 ms print, waiting on the disk for a file that printing again makes
//! anew. So a file only this user owns and may write, under one name, is
//! removed and made afresh with its permissions; anything else (a symlink,
//! a file with other names, someone else's or a read-only file) is written
//! through as before, so that what it points to, shares or refuses stays so.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path`, as `std::fs::write` would.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    #[cfg(unix)]
    if let Some(permissions) = replaceable(path) {
        std::fs::remove_file(path)?;
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)?;
        file.set_permissions(permissions)?;
        return file.write_all(bytes);
    }
    std::fs::File::create(path)?.write_all(bytes)
}

/// The permissions of the file at `path` when it may be removed and made
/// again without anyone seeing a difference but its inode.
#[cfg(unix)]
fn replaceable(path: &Path) -> Option<std::fs::Permissions> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::symlink_metadata(path).ok()?;
    // SAFETY: geteuid(2) takes no arguments and cannot fail.
    let me = unsafe { libc::geteuid() };
    let mine = m.file_type().is_file() && m.nlink() == 1 && m.uid() == me;
    (mine && m.mode() & 0o200 != 0).then(|| m.permissions())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_sheet_written_again_replaces_the_old_and_keeps_its_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sheets.html");
        write(&path, b"a longer first sheet").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }

    #[test]
    fn a_symlink_is_written_through_and_a_second_name_shares_the_new_sheet() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.html");
        let link = dir.path().join("link.html");
        let other = dir.path().join("other-name.html");
        std::fs::write(&target, b"old").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        std::fs::hard_link(&target, &other).unwrap();
        write(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        assert_eq!(std::fs::read(&other).unwrap(), b"new");
        write(&other, b"newer").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"newer");
    }

    #[test]
    fn a_read_only_sheet_is_refused_as_before() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sheets.html");
        std::fs::write(&path, b"kept").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        // root may write anything: then the write goes through in place.
        // SAFETY: geteuid(2) takes no arguments and cannot fail.
        if unsafe { libc::geteuid() } == 0 {
            write(&path, b"new").unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), b"new");
            return;
        }
        assert!(write(&path, b"new").is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"kept");
    }
}
