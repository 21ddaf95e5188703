//! A packet (DESIGN §9, docs/two-machines.md §3): one turn of a campaign
//! played on two machines, as a text file of three lines: a header, the
//! packet as one JSON object, and the SHA-256 of that line, so a packet cut
//! short or altered on its way is refused before anything is read from it.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::model::exchange::sha256_hex;
use crate::model::side::Side;

/// The packet format this votg writes and reads.
pub const FORMAT: u32 = 1;

const HEADER: &str = "votg packet";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Packet {
    pub format: u32,
    /// The sender's votg and the digest of its tables.
    pub votg: String,
    pub tables: String,
    /// The campaign's id: a hash of its creation event.
    pub campaign: String,
    pub from: Side,
    /// The sender's turn this packet ends (1, 2, 3 …).
    pub seq: u64,
    /// How many of the receiver's turns the sender had received.
    pub ack: u64,
    /// The public events carried follow event `base`; the sender's log up
    /// to it hashes (chained) to `base_hash`.
    pub base: u64,
    pub base_hash: String,
    /// The public events of the sender's turn, as written.
    pub events: Vec<String>,
}

/// Writes `packet` to `path` (whole or not at all).
pub fn write(path: &Path, packet: &Packet) -> Result<(), Error> {
    let body = serde_json::to_string(packet).expect("a packet serialises");
    let text = format!("{HEADER} {FORMAT}\n{body}\nsha256:{}\n", sha256_hex(&body));
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(super::file::io(parent))?;
    }
    super::file::write_atomic(path, text.as_bytes())
}

fn refused(path: &Path, why: &str) -> Error {
    Error::Refused(format!(
        "{}: {why}. Nothing was changed. Ask the other player to send it again (`votg send` writes it anew).",
        path.display()
    ))
}

/// Reads the packet at `path`, refusing one that is not a packet, is cut
/// short, or was altered.
pub fn read(path: &Path) -> Result<Packet, Error> {
    let bytes = super::file::read_regular(path)?
        .ok_or_else(|| Error::Refused(format!("{}: no such packet file.", path.display())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| refused(path, "this is not a votg packet (not text)"))?;
    let mut lines = text.split('\n');
    let header = lines.next().unwrap_or("");
    let Some(format) = header.strip_prefix(HEADER) else {
        return Err(refused(path, "this is not a votg packet"));
    };
    if format.trim() != FORMAT.to_string() {
        return Err(Error::Refused(format!(
            "{}: a packet of format {} (this votg reads format {FORMAT}). Nothing was changed. Both players must use the same votg.",
            path.display(),
            format.trim()
        )));
    }
    let (Some(body), Some(check)) = (lines.next(), lines.next()) else {
        return Err(refused(path, "the packet is truncated (it ends too soon)"));
    };
    let Some(hash) = check.strip_prefix("sha256:") else {
        return Err(refused(
            path,
            "the packet is truncated (its last line, the check, is missing or cut)",
        ));
    };
    if hash.len() < 64 {
        return Err(refused(path, "the packet is truncated (its check is cut)"));
    }
    if hash != sha256_hex(body) {
        return Err(refused(
            path,
            "the packet was altered on its way (its contents do not match its check)",
        ));
    }
    serde_json::from_str(body).map_err(|e| refused(path, &format!("the packet does not read: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Packet {
        Packet {
            format: FORMAT,
            votg: "0.1.0".into(),
            tables: "t".into(),
            campaign: "c".into(),
            from: Side::German,
            seq: 1,
            ack: 0,
            base: 0,
            base_hash: "votg".into(),
            events: vec!["{}".into()],
        }
    }

    #[test]
    fn design_9_a_packet_reads_back_and_a_damaged_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.votg");
        write(&path, &sample()).unwrap();
        assert_eq!(read(&path).unwrap(), sample());
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("\"seq\":1", "\"seq\":2")).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("altered"));
        std::fs::write(&path, &text[..text.len() / 2]).unwrap();
        assert!(read(&path).unwrap_err().to_string().contains("truncated"));
    }
}
