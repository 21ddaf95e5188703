//! A terminal the tests can look at: votg run in a tmux window of a given
//! width, keys typed into it, and the screen read back as a player sees it
//! (not the stream of bytes: what a clear or a wrap left on the glass).
#![cfg(unix)]

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// One tmux server of its own (its own socket), with one window.
pub struct Screen {
    socket: String,
}

impl Screen {
    /// `votg ARGS` in a window `width` columns wide and 60 rows high, run
    /// from the project folder with the tests' clock; `None` (said on
    /// stderr) where tmux is not installed.
    pub fn votg(args: &[&str], width: u16) -> Option<Screen> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!(
                "tmux is not installed: this terminal test is not run (apt-get install tmux)"
            );
            return None;
        }
        let socket = format!(
            "votg-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        );
        let bin = assert_cmd::cargo::cargo_bin!("votg");
        let mut line = format!("{} ", shell_word(bin.to_str().unwrap()));
        for a in args {
            line.push_str(&shell_word(a));
            line.push(' ');
        }
        // The window stays after votg ends, so its last screen can be read.
        line.push_str("; echo votg-ended; sleep 600");
        let status = Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &width.to_string(), "-y", "60"])
            .args(["-e", "VOTG_NOW=2026-01-01T00:00:00Z", "-e", "TERM=xterm"])
            .args(["-e", "COLUMNS=", "-e", "VOTG_CRASH_AT="])
            .arg(format!("unset COLUMNS VOTG_CRASH_AT; {line}"))
            .status()
            .expect("tmux runs the terminal tests");
        assert!(status.success(), "tmux could not start");
        Some(Screen { socket })
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types `text` and Enter.
    pub fn line(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "0", "-l", text]);
        self.tmux(&["send-keys", "-t", "0", "Enter"]);
    }

    /// What the window shows now, and its scrollback.
    pub fn shown(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "0", "-S", "-2000"])
    }

    /// Waits until the screen holds `text` (30 s at most); the screen.
    pub fn wait_for(&self, text: &str) -> String {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let shown = self.shown();
            if shown.contains(text) {
                return self.settled(shown);
            }
            assert!(Instant::now() < end, "never shown: {text}\n{shown}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Screen {
    /// Waits until the screen holds `text` `n` times or more (30 s at
    /// most); the screen.
    pub fn wait_for_count(&self, text: &str, n: usize) -> String {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let shown = self.shown();
            if shown.matches(text).count() >= n {
                return self.settled(shown);
            }
            assert!(
                Instant::now() < end,
                "never shown {n} times: {text}\n{shown}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types `text` and Enter, and waits until the screen shows what came
    /// of it (it changed, then stopped changing); the screen.
    pub fn answer(&self, text: &str) -> String {
        let before = self.shown();
        self.line(text);
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let shown = self.shown();
            if shown != before {
                return self.settled(shown);
            }
            assert!(Instant::now() < end, "nothing came of `{text}`\n{shown}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The screen once it has stopped changing for a moment (what comes
    /// with a text is drawn with it, but a busy machine may draw it in
    /// pieces); 10 s at most.
    fn settled(&self, mut shown: String) -> String {
        let end = Instant::now() + Duration::from_secs(10);
        loop {
            std::thread::sleep(Duration::from_millis(250));
            let now = self.shown();
            if now == shown || Instant::now() > end {
                return now;
            }
            shown = now;
        }
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

fn shell_word(w: &str) -> String {
    format!("'{}'", w.replace('\'', "'\\''"))
}
