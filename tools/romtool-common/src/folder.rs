//! Listing an asset folder (`sound/`, `sound/music/`, `sprites/`, ...): every entry, so the
//! caller can use each one or name it in an error. Nothing under an asset folder is skipped
//! silently; only documentation ([`is_documentation`]) is left alone on purpose.

use std::path::{Path, PathBuf};

/// One entry of a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The entry's path (the folder joined with its name).
    pub path: PathBuf,
    /// Whether it is a folder (anything else is treated as a file).
    pub is_dir: bool,
}

impl Entry {
    /// The extension, lower-cased (empty when there is none).
    pub fn extension(&self) -> String {
        self.path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default()
    }

    /// The file or folder name.
    pub fn name(&self) -> String {
        self.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
    }
}

/// Every entry of `dir`, sorted by name: the one folder lister of the tools (level, sprite
/// and sound folders). The error is the system's; the caller names the folder.
pub fn entries(dir: &Path) -> std::io::Result<Vec<Entry>> {
    let rd = std::fs::read_dir(dir)?;
    let mut v = Vec::new();
    for e in rd {
        let e = e?;
        let path = e.path();
        v.push(Entry { is_dir: path.is_dir(), path });
    }
    v.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(v)
}

/// Whether a file is documentation kept beside the assets (credits, licences): `*.md`,
/// `*.txt`, or a name starting with `README`, `LICENSE`, `LICENCE`, `COPYING` or `CREDITS`.
pub fn is_documentation(e: &Entry) -> bool {
    let upper = e.name().to_ascii_uppercase();
    !e.is_dir
        && (matches!(e.extension().as_str(), "md" | "txt")
            || ["README", "LICENSE", "LICENCE", "COPYING", "CREDITS"].iter().any(|p| upper.starts_with(p)))
}

/// The files of folder `dir` whose extension is `extension` (any case), sorted by name (the
/// order of [`entries`]); none when the folder cannot be read (the caller's own pass over
/// the folder reports that). Folders are not files: a folder named `x.propmap` is not listed.
pub fn files_with_extension(dir: &Path, extension: &str) -> Vec<PathBuf> {
    entries(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|e| e.path.is_file() && e.path.extension().is_some_and(|x| x.eq_ignore_ascii_case(extension)))
        .map(|e| e.path)
        .collect()
}
