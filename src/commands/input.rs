//! Files a player hands votg on the command line (`--answers FILE`,
//! `--dice-file FILE`): read here, in the commands layer, and passed on as
//! text, so the rules layer does no I/O it need not. A FIFO, a device (such
//! as `/dev/zero`) or a folder in a file's place, or a file far larger than
//! any answers or dice file, is refused before a byte of it is read.

use std::path::Path;

use crate::error::Error;

/// No answers file or dice file comes near this (a whole CG's answers are a
/// few KiB; a million die faces fit in 2 MiB).
pub const MAX_INPUT_BYTES: u64 = 4 * 1024 * 1024;

/// The text of the plain file `path`, given as `what` (`--answers`,
/// `--dice-file`).
pub fn read_input(path: &Path, what: &str) -> Result<String, Error> {
    let refused = |why: String| Error::BadInputFile {
        path: path.to_path_buf(),
        what: what.to_string(),
        why,
    };
    let bytes = crate::plain_file::read(path, MAX_INPUT_BYTES)
        .map_err(|r| match r {
            crate::plain_file::Refused::Io(e) => crate::store::file::io(path)(e),
            r => refused(r.to_string()),
        })?
        .ok_or_else(|| {
            crate::store::file::io(path)(std::io::Error::from(std::io::ErrorKind::NotFound))
        })?;
    String::from_utf8(bytes).map_err(|e| {
        refused(format!(
            "it is not text (byte {} is not UTF-8)",
            e.utf8_error().valid_up_to() + 1
        ))
    })
}
