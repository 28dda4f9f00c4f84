//! Finding the emulators and the workspace.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Result};

const CORE_FILE: &str = "genesis_plus_gx_libretro.so";

/// The Cargo workspace root (`/work/main`), derived from this crate's location.
pub fn workspace_root() -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    p.canonicalize().unwrap_or(p)
}

/// Locate the Genesis Plus GX libretro core, in this order:
/// 1. `$GPGX_CORE` (must exist if set);
/// 2. `.deps/genesis_plus_gx_libretro.so` in the workspace root, or in the current
///    directory or any of its ancestors;
/// 3. the core shipped in the `stable-retro` Python wheel
///    (`python3 -c 'import stable_retro'` → `…/stable_retro/cores/`).
pub fn find_gpgx_core() -> Result<PathBuf> {
    if let Some(p) = std::env::var_os("GPGX_CORE") {
        let p = PathBuf::from(p);
        if p.is_file() {
            return Ok(p);
        }
        bail!("GPGX_CORE={} does not exist", p.display());
    }
    let mut tried = Vec::new();
    let mut candidates = vec![workspace_root().join(".deps").join(CORE_FILE)];
    if let Ok(cwd) = std::env::current_dir() {
        candidates.extend(cwd.ancestors().map(|d| d.join(".deps").join(CORE_FILE)));
    }
    for c in candidates {
        if c.is_file() {
            return Ok(c);
        }
        tried.push(c.display().to_string());
    }
    for py in ["python3", "python"] {
        let out = Command::new(py)
            .args([
                "-c",
                "import os, stable_retro; print(os.path.join(os.path.dirname(stable_retro.__file__), 'cores', 'genesis_plus_gx_libretro.so'))",
            ])
            .output();
        if let Ok(out) = out {
            if out.status.success() {
                let p = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
                if p.is_file() {
                    return Ok(p);
                }
                tried.push(p.display().to_string());
            }
        }
    }
    tried.push("python3 -c 'import stable_retro'".into());
    bail!("Genesis Plus GX libretro core not found; set GPGX_CORE or run the Makefile's deps step. Tried: {}", tried.join(", "))
}

/// Locate the BlastEm binary: `$BLASTEM`, `blastem` on `$PATH`, then `/usr/games/blastem`
/// (where Debian installs it; `/usr/games` is often not on `$PATH`).
pub fn find_blastem() -> Result<PathBuf> {
    if let Some(p) = std::env::var_os("BLASTEM") {
        let p = PathBuf::from(p);
        if p.is_file() {
            return Ok(p);
        }
        bail!("BLASTEM={} does not exist", p.display());
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            let c = dir.join("blastem");
            if c.is_file() {
                return Ok(c);
            }
        }
    }
    let c = PathBuf::from("/usr/games/blastem");
    if c.is_file() {
        return Ok(c);
    }
    bail!("blastem not found (apt-get install blastem, or set BLASTEM)")
}
