//! A built cartridge and the ELF it was packed from: what a test boots and where its
//! symbols are.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::{find_gpgx_core, Gpgx, Symbols};

/// A packed ROM image (`NAME.md`) and the symbols of the ELF beside it (`NAME.elf`).
pub struct Rom {
    /// The packed image.
    pub image: Vec<u8>,
    /// Path of the packed image.
    pub path: PathBuf,
    /// Symbols of the ELF the image was packed from.
    pub symbols: Symbols,
}

impl Rom {
    /// Loads the image at `path` and the symbols of the ELF of the same name beside it
    /// (`out/game.md` and `out/game.elf`); a missing or unreadable file is an error naming
    /// it and saying how to build it.
    pub fn open(path: impl AsRef<Path>) -> Result<Rom> {
        let path = path.as_ref().to_path_buf();
        let image = std::fs::read(&path).with_context(|| format!("{}: missing; build it with `make` (or `make test`)", path.display()))?;
        let elf = path.with_extension("elf");
        let symbols = Symbols::load(&elf).with_context(|| format!("{}: cannot read symbols", elf.display()))?;
        Ok(Rom { image, path, symbols })
    }

    /// Address of a symbol that must exist (panics naming the ROM otherwise: for tests).
    pub fn sym(&self, name: &str) -> u32 {
        self.symbols.require(name).unwrap_or_else(|e| panic!("{}: {e:#}", self.path.display()))
    }

    /// Genesis Plus GX (the core [`find_gpgx_core`] finds) with this ROM loaded, with core
    /// option overrides, e.g. `("genesis_plus_gx_region_detect", "pal")` for a 50 Hz PAL
    /// console. Blocks while another `Gpgx` of this process is open.
    pub fn boot(&self, options: &[(&str, &str)]) -> Result<Gpgx> {
        let core = find_gpgx_core()?;
        let mut gx = Gpgx::open_with_options(core, options)?;
        gx.load_rom(&self.image).with_context(|| format!("{}: cannot load the ROM", self.path.display()))?;
        Ok(gx)
    }
}
