//! Helpers for the two-machine tests (DESIGN §9): two half campaigns in two
//! folders that never share a file, and a mailbox through which only packet
//! files pass.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::votg;

/// The two machines: each side's folder, and the packets sent so far.
pub struct Halves {
    pub tmp: tempfile::TempDir,
    /// Packets written, in order: (sender, path).
    pub sent: Vec<(String, PathBuf)>,
    /// Each side's `--seed` (a test campaign's keys).
    pub seeds: (u64, u64),
}

/// The public views both halves must hold byte for byte (DESIGN §9).
pub const PUBLIC: [&str; 3] = ["log.jsonl", "campaign.toml", "journal.csv"];

impl Halves {
    /// The German makes the campaign (`votg new --side german`) with
    /// `german` as his answers for his first steps.
    pub fn new(cg: &str, german: &str) -> Halves {
        Halves::seeded(cg, german, (7, 7))
    }

    /// The same, each side's keys from its own `--seed`.
    pub fn seeded(cg: &str, german: &str, seeds: (u64, u64)) -> Halves {
        Halves::made(cg, Some(german), seeds)
    }

    /// The German makes the campaign, with answers for his first steps or
    /// none (he plays them at a terminal).
    pub fn made(cg: &str, german: Option<&str>, seeds: (u64, u64)) -> Halves {
        let tmp = tempfile::tempdir().unwrap();
        for d in ["german-machine", "russian-machine", "mail"] {
            std::fs::create_dir_all(tmp.path().join(d)).unwrap();
        }
        let mut h = Halves {
            tmp,
            sent: Vec::new(),
            seeds,
        };
        let mut new = votg();
        new.args(["new", h.dir("german").to_str().unwrap(), "--cg", cg])
            .args(["--side", "german", "--seed", &seeds.0.to_string()]);
        if let Some(german) = german {
            new.args(["--answers", &h.answers("german", german)]);
        }
        let out = new.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let p = h.dir("german").join("packets").join("german-1.votg");
        h.post("german", &p);
        h
    }

    /// The Russian joins from the German's first packet.
    pub fn join(&mut self, russian: &str) -> String {
        let answers = self.answers("russian", russian);
        let packet = self.sent.last().unwrap().1.clone();
        let out = votg()
            .args(["join", self.dir("russian").to_str().unwrap()])
            .arg(&packet)
            .args(["--side", "russian", "--seed", &self.seeds.1.to_string()])
            .args(["--answers", &answers])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let p = self.dir("russian").join("packets").join("russian-1.votg");
        self.post("russian", &p);
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    /// A side's folder on its own machine.
    pub fn dir(&self, side: &str) -> PathBuf {
        self.tmp
            .path()
            .join(format!("{side}-machine"))
            .join("campaign")
    }

    pub fn path(&self, side: &str) -> String {
        self.dir(side).to_str().unwrap().to_string()
    }

    /// An answers file on `side`'s machine.
    pub fn answers(&self, side: &str, text: &str) -> String {
        let p = self
            .tmp
            .path()
            .join(format!("{side}-machine"))
            .join("answers.toml");
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    }

    /// Copies a packet into the mailbox (the only thing that travels).
    fn post(&mut self, from: &str, packet: &Path) {
        let to = self
            .tmp
            .path()
            .join("mail")
            .join(format!("{}-{from}.votg", self.sent.len() + 1));
        std::fs::copy(packet, &to).unwrap();
        self.sent.push((from.to_string(), to));
    }

    /// `votg refit` on `side`'s half with `answers`; its standard output.
    pub fn refit(&self, side: &str, answers: &str) -> String {
        let a = self.answers(side, answers);
        let out = votg()
            .args(["refit", &self.path(side), "--answers", &a])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{side} refit: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    /// `votg send` on `side`'s half: the packet goes to the mailbox.
    pub fn send(&mut self, side: &str) -> PathBuf {
        let out_file = self
            .tmp
            .path()
            .join(format!("{side}-machine"))
            .join("out.votg");
        votg()
            .args([
                "send",
                &self.path(side),
                "--out",
                out_file.to_str().unwrap(),
            ])
            .assert()
            .success();
        self.post(side, &out_file);
        self.sent.last().unwrap().1.clone()
    }

    /// `votg receive` of the last packet on the other side's half.
    pub fn receive(&self, side: &str) -> std::process::Output {
        let packet = &self.sent.last().unwrap().1;
        votg()
            .args(["receive", &self.path(side)])
            .arg(packet)
            .output()
            .unwrap()
    }

    /// The last packet received by `side`, and the public views of both
    /// halves compared byte for byte.
    pub fn deliver(&self, side: &str) {
        let out = self.receive(side);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        self.agree();
    }

    /// The public log and views of both halves, byte for byte (a view
    /// but for its first line).
    pub fn agree(&self) {
        for f in PUBLIC {
            let g = std::fs::read(self.dir("german").join(f)).unwrap();
            let r = std::fs::read(self.dir("russian").join(f)).unwrap();
            // A view's first line names the event each half wrote it for.
            let (g, r) = (crate::common::unmarked(&g), crate::common::unmarked(&r));
            assert!(
                g == r,
                "{f} differs between the halves after packet {}",
                self.sent.len()
            );
        }
    }

    /// Every file of `side`'s folder.
    pub fn files(&self, side: &str) -> BTreeMap<String, Vec<u8>> {
        crate::common::snapshot(&self.dir(side))
    }

    /// `votg <args>` on `side`'s half.
    pub fn run(&self, side: &str, args: &[&str]) -> std::process::Output {
        votg()
            .arg(args[0])
            .arg(self.path(side))
            .args(&args[1..])
            .output()
            .unwrap()
    }
}

/// The German's answers for the Initial Scenario's RePh of CG I.
pub const GERMAN_INITIAL: &str = "[german]\nbuy = [\"I1\"]\nfortify = []\nrecon = 1\n";

/// The Russian's.
pub const RUSSIAN_INITIAL: &str = "[russian]\nbuy = [\"I5\"]\nfortify = []\nrecon = 2\n";

/// The other side.
pub fn other(side: &str) -> &'static str {
    if side == "german" {
        "russian"
    } else {
        "german"
    }
}

/// Plays the Initial Scenario's RePh on both halves until each has said
/// the scenario is ready (the views compared after every exchange); the
/// halves, with every packet sent until then.
pub fn initial(cg: &str, german: &str, russian: &str) -> Halves {
    play_initial(Halves::new(cg, german), german, russian)
}

/// The same on halves already made (`Halves::seeded`).
pub fn play_initial(mut h: Halves, german: &str, russian: &str) -> Halves {
    h.join(russian);
    h.deliver("german");
    let mut turn = "german";
    let mut ready = None;
    for _ in 0..20 {
        let answers = if turn == "german" { german } else { russian };
        let out = h.refit(turn, answers);
        if out.contains("the scenario is ready to play") {
            if ready.is_some_and(|r| r != turn) {
                return h;
            }
            ready = Some(turn);
        }
        h.send(turn);
        h.deliver(other(turn));
        turn = other(turn);
    }
    panic!("the Initial RePh did not end in 10 round trips");
}

impl Halves {
    /// Plays turns from the record of a scenario until both halves have
    /// said the next one is ready, the public views compared after every
    /// exchange: each turn `side` answers `answers(side, ready_before)`
    /// (`ready_before`: the other side has said it, so no `[scenario]`
    /// belongs in it), and `cheat` is called on its half before it sends.
    /// What each turn said, in order.
    pub fn play_reph(
        &mut self,
        answers: impl Fn(&str, bool) -> String,
        mut cheat: impl FnMut(&Halves, &str),
    ) -> Vec<(String, String)> {
        const READY: &str = "the scenario is ready to play";
        let mut turn = self.sent.last().map(|(s, _)| other(s)).unwrap();
        let mut said: Vec<(String, String)> = Vec::new();
        for _ in 0..14 {
            let ready_before = said.last().is_some_and(|(_, o)| o.contains(READY));
            let out = self.refit(turn, &answers(turn, ready_before));
            let ready = out.contains(READY);
            said.push((turn.to_string(), out));
            if ready && ready_before {
                return said;
            }
            cheat(self, turn);
            self.send(turn);
            self.deliver(other(turn));
            self.agree();
            turn = other(turn);
        }
        panic!("the RePh did not end: {said:#?}");
    }

    /// `side`'s Force Organizer view (force.toml).
    pub fn force(&self, side: &str) -> String {
        std::fs::read_to_string(self.dir(side).join(side).join("force.toml")).unwrap()
    }

    /// `side` resigns in its turn; the other side receives it, sends its
    /// own reveal, and `side` receives that.
    pub fn concede(&mut self, side: &str) {
        let out = self.run(side, &["concede"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let p = std::fs::read_dir(self.dir(side).join("packets"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .max_by_key(|p| std::fs::metadata(p).unwrap().modified().unwrap())
            .unwrap();
        self.post(side, &p);
    }

    /// `side`'s `refit` with the answers `text`, which must be refused
    /// with every file of his half as it was; what it said.
    pub fn refused(&self, side: &str, text: &str) -> String {
        let before = self.files(side);
        let a = self.answers(side, text);
        let o = votg()
            .args(["refit", &self.path(side), "--answers", &a])
            .output()
            .unwrap();
        let e = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(!o.status.success(), "{e}");
        assert_eq!(self.files(side), before, "{e}");
        e
    }

    /// `side` resigns in its turn, and both halves reveal.
    pub fn reveal_both(&mut self, side: &str) {
        self.concede(side);
        self.deliver(other(side));
        self.send(other(side));
        self.deliver(side);
    }

    /// Both audits pass, saying "all honest".
    pub fn audits_honest(&self) {
        for side in ["german", "russian"] {
            let o = self.audit(side);
            let out = String::from_utf8_lossy(&o.stdout);
            assert!(
                o.status.success() && out.contains("all honest"),
                "{side}: {out}{}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }

    /// `side`'s audit, which must fail; all it said.
    pub fn audit_fails(&self, side: &str) -> String {
        let o = self.audit(side);
        let out = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(!o.status.success(), "{out}");
        out
    }

    /// `votg audit` on `side`'s half.
    pub fn audit(&self, side: &str) -> std::process::Output {
        self.run(side, &["audit"])
    }
}

/// Rewrites the public events a packet carries, its check made again (as
/// a cheater's own votg would write it).
pub fn tamper_packet(packet: &Path, f: impl FnOnce(&mut Vec<String>)) {
    tamper_body(packet, |body| {
        let lines: Vec<String> = body["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e.as_str().unwrap().to_string())
            .collect();
        // `f` edits the events themselves; his votg chains them anew, on
        // from where the packet's first event followed.
        let mut events: Vec<String> = lines
            .iter()
            .map(|l| votg::model::chain::open(l).1.into_owned())
            .collect();
        f(&mut events);
        let first = lines
            .first()
            .and_then(|l| votg::model::chain::open(l).0.map(|e| e.prev.to_string()));
        let events = crate::reseal::chained(&events, first);
        body["events"] = serde_json::json!(events);
    });
}

/// Rewrites a packet's body, its check made again.
pub fn tamper_body(packet: &Path, f: impl FnOnce(&mut serde_json::Value)) {
    let text = std::fs::read_to_string(packet).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut body: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    f(&mut body);
    let body = serde_json::to_string(&body).unwrap();
    let hash = votg::model::exchange::sha256_hex(&body);
    std::fs::write(packet, format!("{}\n{body}\nsha256:{hash}\n", lines[0])).unwrap();
}

/// Rewrites the private line of `side`'s part of its step `step`, and the
/// commitment to it in the public log (as a cheater's own votg would,
/// before sending it).
pub fn tamper_part(dir: &Path, side: &str, step: &str, f: impl FnOnce(&mut serde_json::Value)) {
    tamper_part_of(
        dir,
        side,
        |e| e["step"]["side"] == side && e["step"]["step"] == step,
        f,
    );
}

/// The same, for `side`'s part of the first step event `which` picks (a
/// joint step, a scenario record, a side's half of one).
pub fn tamper_part_of(
    dir: &Path,
    side: &str,
    which: impl Fn(&serde_json::Value) -> bool,
    f: impl FnOnce(&mut serde_json::Value),
) {
    let public_path = dir.join("log.jsonl");
    let mut public: Vec<String> = std::fs::read_to_string(&public_path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let at = public
        .iter()
        .position(|l| {
            let e = crate::reseal::body(l);
            e["event"] == "step" && which(&e)
        })
        .unwrap_or_else(|| panic!("no such step of the {side} in the public log"));
    let n = at as u64 + 1;
    let private_path = dir.join(side).join("log.jsonl");
    let mut private: Vec<String> = std::fs::read_to_string(&private_path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let i = private
        .iter()
        .position(|l| crate::reseal::body(l)["for"] == n)
        .unwrap();
    let mut part = crate::reseal::body(&private[i]);
    f(&mut part);
    private[i] = crate::reseal::to_body(&part);
    let mut e = crate::reseal::body(&public[at]);
    e["commit"][side] = serde_json::json!(votg::model::exchange::sha256_hex(&private[i]));
    public[at] = crate::reseal::to_body(&e);
    std::fs::write(&private_path, private.join("\n") + "\n").unwrap();
    std::fs::write(&public_path, public.join("\n") + "\n").unwrap();
    crate::reseal::reseal(dir);
}

/// The part of a force.toml about counter `id`: its fields and its
/// conditions.
pub fn counter(force: &str, id: &str) -> String {
    let at = force
        .find(&format!("id = \"{id}\""))
        .unwrap_or_else(|| panic!("no {id}"));
    let end = force[at..]
        .find("\n[[counters]]")
        .map_or(force.len(), |e| at + e);
    force[at..end].to_string()
}
