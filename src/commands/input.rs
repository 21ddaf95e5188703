//! Files a player hands votg on the command line (`--answers FILE`,
//! `--dice-file FILE`): read here, in the commands layer, and passed on as
//! text, so the rules layer does no I/O it need not. A FIFO, a device (such
//! as `/dev/zero`) or a folder in a file's place, or a file far larger than
//! any answers or dice file, is refused before a byte of it is read.

use std::io::Read;
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
    let meta = std::fs::metadata(path).map_err(crate::store::file::io(path))?;
    if !meta.is_file() {
        let kind = if meta.is_dir() {
            "a folder"
        } else {
            "not a plain file (a FIFO, a device or a socket)"
        };
        return Err(refused(format!("it is {kind}")));
    }
    let too_large = || refused(format!("it is larger than {MAX_INPUT_BYTES} bytes"));
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(crate::store::file::io(path))?;
    let mut bytes = Vec::new();
    // It may have grown since it was looked at: never read past the limit.
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(crate::store::file::io(path))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        refused(format!(
            "it is not text (byte {} is not UTF-8)",
            e.utf8_error().valid_up_to() + 1
        ))
    })
}
