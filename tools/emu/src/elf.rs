//! ELF symbol lookup: tests take RAM addresses from the ROM's ELF, never hard-coded.

use std::collections::HashMap;
use std::path::Path;

use anyhow::{anyhow, Context, Result};
use object::{Object, ObjectSymbol};

/// One symbol: 68000 address and size in bytes (0 when the ELF does not say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symbol {
    pub address: u32,
    pub size: u32,
}

/// All named symbols of an ELF file, looked up by raw name or by Rust path.
#[derive(Debug, Clone, Default)]
pub struct Symbols {
    by_name: HashMap<String, Symbol>,
    /// Demangled Rust path without the hash (`megacollide::FRAME_COUNTER`) → raw name.
    by_path: HashMap<String, Vec<String>>,
}

impl Symbols {
    pub fn load(elf_path: impl AsRef<Path>) -> Result<Symbols> {
        let path = elf_path.as_ref();
        let data = std::fs::read(path).with_context(|| format!("reading ELF {}", path.display()))?;
        Self::parse(&data).with_context(|| format!("parsing ELF {}", path.display()))
    }

    pub fn parse(data: &[u8]) -> Result<Symbols> {
        let file = object::File::parse(data)?;
        let mut syms = Symbols::default();
        for s in file.symbols() {
            let Ok(name) = s.name() else { continue };
            if name.is_empty() || s.is_undefined() {
                continue;
            }
            let sym = Symbol { address: s.address() as u32, size: s.size() as u32 };
            // Prefer global definitions over local ones of the same name.
            if s.is_global() || !syms.by_name.contains_key(name) {
                syms.by_name.insert(name.to_owned(), sym);
            }
            if let Ok(d) = rustc_demangle::try_demangle(name) {
                let path = format!("{d:#}");
                if path != name {
                    syms.by_path.entry(path).or_default().push(name.to_owned());
                }
            }
        }
        Ok(syms)
    }

    /// Look a symbol up by its exact (mangled or `#[no_mangle]`) name, else by its
    /// demangled Rust path without hash (e.g. `megacollide::state::FRAME`), else by
    /// a unique demangled path ending in `::name`.
    pub fn get(&self, name: &str) -> Option<Symbol> {
        if let Some(s) = self.by_name.get(name) {
            return Some(*s);
        }
        if let Some(raw) = self.by_path.get(name) {
            if raw.len() == 1 {
                return self.by_name.get(&raw[0]).copied();
            }
        }
        let suffix = format!("::{name}");
        let mut hits = self.by_path.iter().filter(|(p, _)| p.ends_with(&suffix));
        match (hits.next(), hits.next()) {
            (Some((_, raw)), None) if raw.len() == 1 => self.by_name.get(&raw[0]).copied(),
            _ => None,
        }
    }

    /// Address of `name` (see [`get`](Self::get)).
    pub fn address(&self, name: &str) -> Option<u32> {
        self.get(name).map(|s| s.address)
    }

    /// Like [`address`](Self::address) but an error naming similar symbols when missing.
    pub fn require(&self, name: &str) -> Result<u32> {
        self.address(name).ok_or_else(|| {
            let lname = name.to_lowercase();
            let mut similar: Vec<&str> = self
                .by_name
                .keys()
                .map(String::as_str)
                .chain(self.by_path.keys().map(String::as_str))
                .filter(|n| n.to_lowercase().contains(&lname))
                .collect();
            similar.sort();
            similar.truncate(10);
            anyhow!("symbol {name:?} not found in ELF (similar: {similar:?})")
        })
    }

    /// Iterate over (raw name, symbol).
    pub fn iter(&self) -> impl Iterator<Item = (&str, Symbol)> {
        self.by_name.iter().map(|(n, s)| (n.as_str(), *s))
    }
}

/// Address of symbol `name` in the ELF at `elf_path` (see [`Symbols::get`] for the
/// name forms accepted). `Ok(None)` if the file parses but has no such symbol.
pub fn symbol_address(elf_path: impl AsRef<Path>, name: &str) -> Result<Option<u32>> {
    Ok(Symbols::load(elf_path)?.address(name))
}
