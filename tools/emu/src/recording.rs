//! Pad recordings: what a player's pad did, frame by frame, in a text file a person can
//! write and read, for tests that play a ROM.
//!
//! One run a line: a frame count and the buttons held for those frames (the names of
//! [`Pad::parse`]: `up`, `down`, `left`, `right`, `a`, `b`, `c`, `start`, `x`, `y`, `z`,
//! `mode`, joined with `+`; `none` or nothing for no button). `#` starts a comment.
//!
//! ```text
//! # walk right for two seconds, then jump
//! 120 right
//! 10  a
//! 60  none
//! ```

use std::path::Path;

use anyhow::{bail, Context, Result};

use crate::{Gpgx, Pad};

/// A pad recording: runs of frames with the same buttons held.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recording {
    /// (frames, buttons held), in order.
    pub runs: Vec<(u32, Pad)>,
}

impl Recording {
    /// Reads the recording in the file at `path`; errors name the file and the line.
    pub fn load(path: impl AsRef<Path>) -> Result<Recording> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).with_context(|| format!("{}: cannot read the recording", path.display()))?;
        Recording::parse(&text).with_context(|| format!("{}", path.display()))
    }

    /// The recording in `text` (see the module docs); an error names the line.
    pub fn parse(text: &str) -> Result<Recording> {
        let mut runs = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let (count, buttons) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let frames: u32 = match count.parse() {
                Ok(n) if n > 0 => n,
                _ => bail!("line {}: {count:?} is not a frame count (a whole number above 0 first, then the buttons)", i + 1),
            };
            let pad = Pad::parse(buttons.trim()).map_err(|e| anyhow::anyhow!("line {}: {e}", i + 1))?;
            runs.push((frames, pad));
        }
        Ok(Recording { runs })
    }

    /// Frames the recording lasts.
    pub fn frames(&self) -> u32 {
        self.runs.iter().map(|&(n, _)| n).sum()
    }

    /// Plays the recording on pad 1 of `gx`, one emulated frame at a time; `each` sees the
    /// emulator after every frame (to read the game's state while it plays).
    pub fn play(&self, gx: &mut Gpgx, mut each: impl FnMut(&Gpgx)) {
        for &(frames, pad) in &self.runs {
            for _ in 0..frames {
                gx.run_frame(pad);
                each(gx);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_comments_and_blank_lines() {
        let r = Recording::parse("# a walk\n120 right\n\n10 a+right # jump\n60\n5 none\n").unwrap();
        assert_eq!(r.runs, [(120, Pad::RIGHT), (10, Pad::A | Pad::RIGHT), (60, Pad::NONE), (5, Pad::NONE)]);
        assert_eq!(r.frames(), 195);
    }

    #[test]
    fn errors_name_the_line() {
        let e = Recording::parse("10 right\nright 10\n").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("frame count"), "{e}");
        let e = Recording::parse("10 jump\n").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("unknown pad button"), "{e}");
        let e = Recording::parse("0 a\n").unwrap_err().to_string();
        assert!(e.contains("line 1"), "{e}");
    }
}
