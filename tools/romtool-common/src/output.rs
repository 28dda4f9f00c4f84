//! Writing output files atomically: a failed run never leaves a partial file behind.

use anyhow::{Context, Result};
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create folder", dir.display()))?;
    let name = path.file_name().context("output path has no file name")?.to_string_lossy();
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes).with_context(|| format!("{}: cannot write", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: cannot write", path.display())
    })
}

/// Writes several files so that either all are updated or (on an error before the renames)
/// none: every file is first written to a temporary file beside it, then all are renamed.
pub fn write_all_atomically(files: &[(std::path::PathBuf, Vec<u8>)]) -> Result<()> {
    let mut temps: Vec<(std::path::PathBuf, &Path)> = Vec::new();
    let cleanup = |temps: &[(std::path::PathBuf, &Path)]| {
        for (t, _) in temps {
            let _ = std::fs::remove_file(t);
        }
    };
    for (path, bytes) in files {
        let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = match path.file_name() {
            Some(n) => n.to_string_lossy().into_owned(),
            None => {
                cleanup(&temps);
                anyhow::bail!("{}: output path has no file name", path.display());
            }
        };
        let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
        let res = std::fs::create_dir_all(dir)
            .with_context(|| format!("{}: cannot create folder", dir.display()))
            .and_then(|()| std::fs::write(&tmp, bytes).with_context(|| format!("{}: cannot write", tmp.display())));
        if let Err(e) = res {
            let _ = std::fs::remove_file(&tmp);
            cleanup(&temps);
            return Err(e);
        }
        temps.push((tmp, path));
    }
    for (i, (tmp, path)) in temps.iter().enumerate() {
        if let Err(e) = std::fs::rename(tmp, path) {
            cleanup(&temps[i..]);
            return Err(e).with_context(|| format!("{}: cannot write", path.display()));
        }
    }
    Ok(())
}
