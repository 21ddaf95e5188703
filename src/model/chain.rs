//! The hash chain of a log (DESIGN §6, docs/files.md "The chain"): every
//! line a votg of log schema 3 writes begins with the chain value of the
//! log before it (`prev`), and a private line also with the public log's
//! chain value when it was written (`pub`), so a line removed, reordered,
//! changed or taken from another campaign is caught by every reader.
//!
//! A line is its **envelope** (the chain fields, first) and its **body**
//! (the event as JSON, what a side's commitment is the hash of). The chain
//! value after a line is the BLAKE3 hash of the value before it and the
//! body with its `"at"` time left out: a chain value holds no timestamp, so
//! the same events give the same chain whenever they were written. Lines of
//! a campaign written before the chain (no envelope) are chained all the
//! same when read, so the first chained line vouches for everything before
//! it. (BLAKE3, not SHA-256: every command hashes every log, and BLAKE3 is
//! many times faster where the processor has no SHA instructions.)

/// The chain value of an empty log.
pub const START: &str = "0000000000000000000000000000000000000000000000000000000000000000";

const PREV: &str = "{\"prev\":\"";
const PUB: &str = "\",\"pub\":\"";
const HASH_LEN: usize = 64;

/// The chain fields of one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Envelope<'a> {
    /// The chain value of the log before this line.
    pub prev: &'a str,
    /// A private line: the public log's chain value when it was written.
    pub public: Option<&'a str>,
}

/// The chain value after `body` follows `prev`.
pub fn link(prev: &str, body: &str) -> String {
    let mut h = blake3::Hasher::new();
    h.update(prev.as_bytes());
    h.update(b"\n");
    let (before, after) = without_time(body);
    h.update(before.as_bytes());
    h.update(after.as_bytes());
    hex(h.finalize().as_bytes())
}

/// The chain value of `bodies` one after the other from `START`.
pub fn of<'a>(bodies: impl IntoIterator<Item = &'a str>) -> String {
    bodies
        .into_iter()
        .fold(START.to_string(), |c, b| link(&c, b))
}

/// `body` (a JSON object) with its envelope: `prev`, and for a private
/// line `public`, put first.
pub fn seal(prev: &str, public: Option<&str>, body: &str) -> String {
    let rest = body.strip_prefix('{').unwrap_or(body);
    let mut line = String::with_capacity(body.len() + 2 * HASH_LEN + 24);
    line.push_str(PREV);
    line.push_str(prev);
    if let Some(p) = public {
        line.push_str(PUB);
        line.push_str(p);
    }
    line.push_str("\",");
    line.push_str(rest);
    line
}

/// A line split into its envelope (none for a line written before the
/// chain) and its body.
pub fn open(line: &str) -> (Option<Envelope<'_>>, std::borrow::Cow<'_, str>) {
    let Some(rest) = line.strip_prefix(PREV) else {
        return (None, line.into());
    };
    let Some((prev, rest)) = hash_then(rest) else {
        return (None, line.into());
    };
    let (public, rest) = match rest.strip_prefix(PUB).and_then(hash_then) {
        Some((p, rest)) => (Some(p), rest),
        None => (None, rest),
    };
    let Some(rest) = rest.strip_prefix("\",") else {
        return (None, line.into());
    };
    let envelope = Envelope { prev, public };
    (Some(envelope), format!("{{{rest}").into())
}

/// 64 hex digits at the start of `text`, and what follows.
fn hash_then(text: &str) -> Option<(&str, &str)> {
    let hash = text.get(..HASH_LEN)?;
    hash.bytes()
        .all(|b| b.is_ascii_hexdigit())
        .then(|| (hash, &text[HASH_LEN..]))
}

/// `body` in two pieces around its event's time (`"at":"…"`, one of its
/// first two members as votg writes them), which the chain leaves out.
fn without_time(body: &str) -> (&str, &str) {
    const AT: &str = "\"at\":\"";
    // Only where votg puts it: before any nested value.
    let head_end = body[1.min(body.len())..]
        .find(['{', '['])
        .map_or(body.len(), |i| i + 1);
    let Some(start) = body[..head_end].find(AT) else {
        return (body, "");
    };
    let value = start + AT.len();
    let Some(len) = body[value..].find('"') else {
        return (body, "");
    };
    let mut end = value + len + 1;
    if body[end..].starts_with(',') {
        end += 1;
    }
    (&body[..start], &body[end..])
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * bytes.len());
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = r#"{"n":2,"at":"2026-01-01T00:00:00Z","event":"undone","target":1}"#;

    #[test]
    fn design_6_a_sealed_line_opens_to_its_envelope_and_body() {
        let prev = of([BODY]);
        let line = seal(&prev, None, BODY);
        assert!(line.starts_with("{\"prev\":\""));
        let (env, body) = open(&line);
        assert_eq!(env.unwrap().prev, prev);
        assert_eq!(env.unwrap().public, None);
        assert_eq!(body, BODY);
        let private = r#"{"event":"part","for":3,"salt":"00"}"#;
        let line = seal(&prev, Some(&prev), private);
        let (env, body) = open(&line);
        assert_eq!(env.unwrap().public, Some(prev.as_str()));
        assert_eq!(body, private);
        // A line of before the chain has no envelope.
        assert_eq!(open(BODY), (None, BODY.into()));
    }

    #[test]
    fn design_6_the_chain_holds_no_timestamp_but_every_other_byte() {
        let later = BODY.replace("2026-01-01T00:00:00Z", "2027-05-05T10:00:00Z");
        assert_eq!(link(START, BODY), link(START, &later));
        let other = BODY.replace("\"target\":1", "\"target\":2");
        assert_ne!(link(START, BODY), link(START, &other));
        assert_ne!(link(START, BODY), link(&link(START, BODY), BODY));
        // A nested "at" is no event time: it counts.
        let nested = r#"{"event":"part","rows":[{"at":"x"}]}"#;
        let moved = r#"{"event":"part","rows":[{"at":"y"}]}"#;
        assert_ne!(link(START, nested), link(START, moved));
        let draft = r#"{"event":"draft","at":"t1","after":3,"step":"s","id":"i","value":1}"#;
        assert_eq!(link(START, draft), link(START, &draft.replace("t1", "t2")));
    }
}
