//! The screen of a secret block at one keyboard (DESIGN §5): cleared, with
//! its scrollback, when the block ends, however it ends. A normal end asks
//! the side first ("done?"); an error, Ctrl-C included, clears it as the
//! guard is dropped.
//!
//! Ctrl-C: the terminal library reads it at a prompt and raises SIGINT,
//! which would end votg at once with the block on screen. While a block is
//! open SIGINT is ignored, so the read comes back as an interrupted read
//! (`Error::Interrupted`), the run stops as on any error, and this guard
//! clears the screen on its way out. std has no signal API; `libc`, which
//! votg already uses for the terminal, sets the disposition.

/// An open secret block's screen: cleared when closed or dropped.
#[derive(Debug, Default)]
pub struct SecretScreen {
    open: bool,
    /// The side the keyboard was handed to straight from the other's
    /// block (one confirmation: the other side already looks away).
    handed_to: Option<crate::model::side::Side>,
}

impl SecretScreen {
    /// The block begins: Ctrl-C now stops the run through its error path.
    pub fn open(&mut self) {
        if !self.open {
            set_sigint(true);
            self.open = true;
        }
    }

    /// The block ends: clear the screen and its scrollback.
    pub fn close(&mut self) {
        if self.open {
            clear();
            set_sigint(false);
            self.open = false;
        }
    }

    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The screen was cleared for `side`'s block, which begins at once.
    pub fn hand_to(&mut self, side: crate::model::side::Side) {
        self.handed_to = Some(side);
    }

    /// Whether the keyboard was handed to `side` (asked once).
    pub fn take_handed(&mut self, side: crate::model::side::Side) -> bool {
        self.handed_to.take() == Some(side)
    }
}

impl Drop for SecretScreen {
    fn drop(&mut self) {
        self.close();
    }
}

/// Clears the screen and, where the terminal supports it (ESC[3J), its
/// scrollback, so the other side cannot scroll up to the secrets.
pub fn clear() {
    let term = console::Term::stdout();
    let _ = term.clear_screen();
    let _ = term.write_str("\x1b[3J\x1b[H\x1b[2J");
}

/// SIGINT ignored (`true`) or back to its default.
fn set_sigint(ignore: bool) {
    #[cfg(unix)]
    // SAFETY: only the disposition of SIGINT changes, to one of the two
    // handlers the system provides; no Rust code runs in a handler.
    unsafe {
        libc::signal(
            libc::SIGINT,
            if ignore { libc::SIG_IGN } else { libc::SIG_DFL },
        );
    }
    #[cfg(not(unix))]
    let _ = ignore;
}
