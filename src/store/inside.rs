//! A campaign lives in its one folder (DESIGN §6, issue "At the table"
//! item 16): a link inside it (`german -> /tmp/elsewhere`, a log linked to
//! another file) that leads outside it is refused before anything is read
//! or written, so no side's secrets or log are read from, or written to, a
//! place the players did not choose as the campaign.

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::store::file::io;

/// The folders whose entries are checked: the campaign's own, each side's,
/// and the writers' `.votg`.
const FOLDERS: [&str; 4] = ["", "german", "russian", ".votg"];

/// Refuses the first link under `dir` (its entries, and those of its side
/// folders) whose target is not inside `dir`; a link that leads nowhere is
/// refused too. `dir` itself may be a link (a campaign kept on another
/// disk): what counts is the folder it leads to.
pub fn check(dir: &Path) -> Result<(), Error> {
    let Ok(root) = dir.canonicalize() else {
        // No folder there: the caller says it is no campaign.
        return Ok(());
    };
    for folder in FOLDERS {
        let path = dir.join(folder);
        let Ok(entries) = std::fs::read_dir(&path) else {
            continue;
        };
        for entry in entries {
            let entry = entry.map_err(io(&path))?;
            let link = entry.path();
            let is_link = entry.file_type().map_err(io(&link))?.is_symlink();
            if is_link && !leads_inside(&link, &root) {
                return Err(Error::LinkOutside {
                    target: target_of(&link),
                    link,
                    dir: dir.to_path_buf(),
                });
            }
        }
    }
    Ok(())
}

fn leads_inside(link: &Path, root: &Path) -> bool {
    link.canonicalize().is_ok_and(|t| t.starts_with(root))
}

/// Where the link leads, as far as it can be told.
fn target_of(link: &Path) -> PathBuf {
    link.canonicalize()
        .or_else(|_| std::fs::read_link(link))
        .unwrap_or_else(|_| PathBuf::from("a missing place"))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_that_stays_inside_the_campaign_is_allowed() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("cg");
        std::fs::create_dir_all(dir.join("real-german")).unwrap();
        std::os::unix::fs::symlink(dir.join("real-german"), dir.join("german")).unwrap();
        assert!(check(&dir).is_ok());
        std::os::unix::fs::symlink(tmp.path(), dir.join("russian")).unwrap();
        assert!(matches!(check(&dir), Err(Error::LinkOutside { .. })));
    }

    #[test]
    fn a_link_leading_nowhere_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("/nonexistent/elsewhere", tmp.path().join("log.jsonl")).unwrap();
        assert!(matches!(check(tmp.path()), Err(Error::LinkOutside { .. })));
    }
}
