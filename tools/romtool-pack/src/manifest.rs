//! A game's cartridge settings from its `Cargo.toml` (`romtool pack --manifest`): the table
//! `[package.metadata.megacollide]`, which cargo itself ignores.
//!
//! ```toml
//! [package.metadata.megacollide]
//! sram = 8192            # bytes of battery-backed save RAM (0: none, the default)
//!
//! # A crate of several cartridges (src/bin/*.rs) sets one by its name (`--bin NAME`):
//! [package.metadata.megacollide.bin.save]
//! sram = 8192
//! ```
//!
//! `sram` is the size of the save RAM in bytes: 0 for none, or a power of two from 256 to
//! 32768 (8 KiB, 8192, is what most games had). The RAM is on the odd bytes from 0x200001
//! (`megadrive::save`), so 8192 bytes end at 0x203FFF. A binary's table overrides the
//! package's keys for that binary. Any other key, or a value of the wrong kind or size, is an
//! error naming the file, its line and column.

use std::path::Path;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// Keys of `[package.metadata.megacollide]` (and of its `bin.NAME` tables, but `bin`).
const KEYS: &[&str] = &["sram", "bin"];

/// The smallest and largest save RAM (bytes).
pub const SRAM_MIN_BYTES: u32 = 256;
/// The largest save RAM (bytes): 32 KiB on the odd bytes of 64 KiB of addresses.
pub const SRAM_MAX_BYTES: u32 = 32768;

/// What a game's manifest asks of its cartridge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSettings {
    /// Bytes of battery-backed save RAM, `None` for none.
    pub sram_bytes: Option<u16>,
}

/// Reads the settings of the game whose manifest is `path`, for its binary `bin` (whose
/// `bin.NAME` table, if any, overrides the package's keys). Errors are sentences that begin
/// with the file name (and `:line:column` where there is one).
pub fn read(path: &Path, bin: Option<&str>) -> Result<GameSettings, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    parse(&text, bin).map_err(|(at, msg)| match at {
        Some(at) => {
            let (line, column) = line_column(&text, at);
            format!("{}:{line}:{column}: {msg}", path.display())
        }
        None => format!("{}: {msg}", path.display()),
    })
}

/// 1-based line and column of byte `at` of `text`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// An error at a byte offset of the manifest (or of no place in it).
type Error = (Option<usize>, String);

/// [`read`] of a manifest's text.
pub fn parse(text: &str, bin: Option<&str>) -> Result<GameSettings, Error> {
    let doc = DeTable::parse(text).map_err(|e| (e.span().map(|s| s.start), e.message().to_string()))?;
    let Some(package) = get(doc.get_ref(), "package") else {
        return Err((None, "no [package] table: give the game's own Cargo.toml (not a workspace's)".into()));
    };
    let package = table(package, "package")?;
    let Some(metadata) = get(package, "metadata") else { return Ok(GameSettings::default()) };
    let Some(ours) = get(table(metadata, "package.metadata")?, "megacollide") else { return Ok(GameSettings::default()) };
    let name = "[package.metadata.megacollide]";
    let ours = table(ours, name)?;
    let mut settings = GameSettings::default();
    apply(ours, name, &mut settings, true)?;
    if let Some(bins) = get(ours, "bin") {
        let bins = table(bins, "[package.metadata.megacollide.bin]")?;
        for (key, value) in bins.iter() {
            let bin_name = format!("[package.metadata.megacollide.bin.{}]", key.get_ref());
            let t = table(value, &bin_name)?;
            let mut own = settings.clone();
            apply(t, &bin_name, &mut own, false)?;
            if Some(key.get_ref().as_ref()) == bin {
                settings = own;
            }
        }
    }
    Ok(settings)
}

/// The value of `key` in `t`.
fn get<'a, 'i>(t: &'a DeTable<'i>, key: &str) -> Option<&'a Spanned<DeValue<'i>>> {
    t.iter().find(|(k, _)| k.get_ref() == key).map(|(_, v)| v)
}

/// `v` as a table, or an error saying that `what` must be one.
fn table<'a, 'i>(v: &'a Spanned<DeValue<'i>>, what: &str) -> Result<&'a DeTable<'i>, Error> {
    match v.get_ref() {
        DeValue::Table(t) => Ok(t),
        _ => Err((Some(v.span().start), format!("{what} must be a table"))),
    }
}

/// Takes the keys of `t` (the table `name`) into `settings`; `bin` is allowed at the top only.
fn apply(t: &DeTable<'_>, name: &str, settings: &mut GameSettings, top: bool) -> Result<(), Error> {
    for (key, value) in t.iter() {
        match key.get_ref().as_ref() {
            "sram" => settings.sram_bytes = sram(value)?,
            "bin" if top => {}
            other => {
                let known = if top { KEYS.join(", ") } else { "sram".to_string() };
                return Err((Some(key.span().start), format!("unknown key `{other}` in {name} (known: {known})")));
            }
        }
    }
    Ok(())
}

/// The `sram` value: 0 (none) or a power of two in [`SRAM_MIN_BYTES`] ..= [`SRAM_MAX_BYTES`].
fn sram(v: &Spanned<DeValue<'_>>) -> Result<Option<u16>, Error> {
    let at = Some(v.span().start);
    let rule = format!(
        "the save RAM's size in bytes must be 0 (none) or a power of two from {SRAM_MIN_BYTES} to {SRAM_MAX_BYTES} (8192 is the usual 8 KiB chip)"
    );
    let DeValue::Integer(i) = v.get_ref() else {
        return Err((at, format!("sram must be a whole number of bytes: {rule}")));
    };
    let digits = i.as_str().replace('_', "");
    let n = i64::from_str_radix(&digits, i.radix()).map_err(|_| (at, format!("sram = {}: {rule}", i.as_str())))?;
    match n {
        0 => Ok(None),
        n if (SRAM_MIN_BYTES as i64..=SRAM_MAX_BYTES as i64).contains(&n) && (n as u32).is_power_of_two() => Ok(Some(n as u16)),
        n => Err((at, format!("sram = {n}: {rule}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(text: &str, bin: Option<&str>) -> GameSettings {
        parse(text, bin).unwrap_or_else(|e| panic!("{e:?}"))
    }

    fn error(text: &str) -> String {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("Cargo.toml");
        std::fs::write(&path, text).unwrap();
        read(&path, Some("save")).unwrap_err().replace(&path.display().to_string(), "Cargo.toml")
    }

    const PACKAGE: &str = "[package]\nname = \"game\"\nversion = \"0.1.0\"\n";

    #[test]
    fn no_metadata_no_sram() {
        assert_eq!(settings(PACKAGE, None), GameSettings::default());
        assert_eq!(settings(&format!("{PACKAGE}[package.metadata.other]\nx = 1\n"), None), GameSettings::default());
    }

    #[test]
    fn package_sram() {
        let text = format!("{PACKAGE}[package.metadata.megacollide]\nsram = 8192\n");
        assert_eq!(settings(&text, None).sram_bytes, Some(8192));
        assert_eq!(settings(&text, Some("any")).sram_bytes, Some(8192));
        let hex = format!("{PACKAGE}[package.metadata.megacollide]\nsram = 0x8000\n");
        assert_eq!(settings(&hex, None).sram_bytes, Some(32768));
        let dotted = "[package]\nname = \"g\"\nmetadata.megacollide.sram = 256\n";
        assert_eq!(settings(dotted, None).sram_bytes, Some(256));
    }

    #[test]
    fn a_binary_overrides_the_package() {
        let text = format!("{PACKAGE}[package.metadata.megacollide]\nsram = 256\n[package.metadata.megacollide.bin.save]\nsram = 8192\n[package.metadata.megacollide.bin.plain]\nsram = 0\n");
        assert_eq!(settings(&text, Some("save")).sram_bytes, Some(8192));
        assert_eq!(settings(&text, Some("plain")).sram_bytes, None);
        assert_eq!(settings(&text, Some("other")).sram_bytes, Some(256));
        assert_eq!(settings(&text, None).sram_bytes, Some(256));
    }

    #[test]
    fn bad_values_are_errors_with_their_line() {
        let rule = "the save RAM's size in bytes must be 0 (none) or a power of two from 256 to 32768 (8192 is the usual 8 KiB chip)";
        assert_eq!(
            error(&format!("{PACKAGE}[package.metadata.megacollide]\nsram = 8129\n")),
            format!("Cargo.toml:5:8: sram = 8129: {rule}")
        );
        assert_eq!(
            error(&format!("{PACKAGE}[package.metadata.megacollide]\nsram = 65536\n")),
            format!("Cargo.toml:5:8: sram = 65536: {rule}")
        );
        assert_eq!(error(&format!("{PACKAGE}[package.metadata.megacollide]\nsram = 128\n")), format!("Cargo.toml:5:8: sram = 128: {rule}"));
        assert_eq!(
            error(&format!("{PACKAGE}[package.metadata.megacollide]\nsram = -8192\n")),
            format!("Cargo.toml:5:8: sram = -8192: {rule}")
        );
        assert_eq!(
            error(&format!("{PACKAGE}[package.metadata.megacollide]\nsram = \"8K\"\n")),
            format!("Cargo.toml:5:8: sram must be a whole number of bytes: {rule}")
        );
        assert_eq!(
            error(&format!("{PACKAGE}[package.metadata.megacollide.bin.save]\nsram = 1.5\n")),
            format!("Cargo.toml:5:8: sram must be a whole number of bytes: {rule}")
        );
    }

    #[test]
    fn unknown_keys_and_shapes_are_errors() {
        assert_eq!(
            error(&format!("{PACKAGE}[package.metadata.megacollide]\nsaveram = 8192\n")),
            "Cargo.toml:5:1: unknown key `saveram` in [package.metadata.megacollide] (known: sram, bin)"
        );
        assert_eq!(
            error(&format!("{PACKAGE}[package.metadata.megacollide.bin.save]\nbin = 1\n")),
            "Cargo.toml:5:1: unknown key `bin` in [package.metadata.megacollide.bin.save] (known: sram)"
        );
        assert_eq!(
            error(&format!("{PACKAGE}[package.metadata]\nmegacollide = 3\n")),
            "Cargo.toml:5:15: [package.metadata.megacollide] must be a table"
        );
        assert_eq!(
            error("[workspace]\nmembers = []\n"),
            "Cargo.toml: no [package] table: give the game's own Cargo.toml (not a workspace's)"
        );
        let syntax = error(&format!("{PACKAGE}[package.metadata.megacollide\n"));
        assert!(syntax.starts_with("Cargo.toml:4:"), "{syntax}");
    }

    #[test]
    fn a_missing_file_is_an_error() {
        let e = read(Path::new("/nonexistent/Cargo.toml"), None).unwrap_err();
        assert!(e.starts_with("/nonexistent/Cargo.toml: cannot read: "), "{e}");
    }
}
