//! The level compiler's modules are layered: each module of `src/levels/` (and of
//! `src/levels/tiled/`) uses only the modules declared before it in its parent's `mod.rs`,
//! and none uses an item of its parent (which sits above every module it declares). So no
//! two modules import each other (issue 25: `art`, `budget`, `preview` and `tileset` did).

use std::path::Path;

/// The module names declared in a `mod.rs` (`mod x;` / `pub mod x;`), in order.
fn declared(mod_rs: &str) -> Vec<String> {
    mod_rs
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod ").or_else(|| l.trim().strip_prefix("mod ")))
        .filter_map(|rest| rest.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

/// The first path segments after `prefix` in `code` (`prefix::x`, `prefix::{x, y::z}`).
fn used_after(code: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        rest = &rest[i + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let first = item.trim().split("::").next().unwrap_or("").trim();
                if !first.is_empty() {
                    out.push(first.to_string());
                }
            }
        } else {
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            out.push(name);
        }
    }
    out
}

/// The code of a module file without comments and without its `#[cfg(test)]` module (where
/// `super` is the module itself).
fn code_of(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// Checks the modules of `dir` (declared in `dir/mod.rs`); `prefixes` are the paths that
/// name its modules from inside them.
fn check(dir: &Path, prefixes: &[&str]) -> Vec<String> {
    let order = declared(&std::fs::read_to_string(dir.join("mod.rs")).unwrap());
    assert!(order.len() > 3, "{}: no modules found", dir.display());
    let mut problems = Vec::new();
    for (i, module) in order.iter().enumerate() {
        // A module folder: its `mod.rs` names the parent's modules as `super::`, its other files
        // (checked on their own by the folder's `check`) by the absolute prefix only.
        let files: Vec<(std::path::PathBuf, &[&str])> = if dir.join(format!("{module}.rs")).exists() {
            vec![(dir.join(format!("{module}.rs")), prefixes)]
        } else {
            let sub = dir.join(module);
            let mut files: Vec<(std::path::PathBuf, &[&str])> = vec![(sub.join("mod.rs"), prefixes)];
            for e in std::fs::read_dir(&sub).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("mod.rs") {
                    files.push((p, &prefixes[1..]));
                }
            }
            files
        };
        for (file, prefixes) in files {
            let code = code_of(&std::fs::read_to_string(&file).unwrap());
            for prefix in prefixes {
                for used in used_after(&code, prefix) {
                    match order.iter().position(|m| *m == used) {
                        Some(j) if j <= i => {}
                        Some(_) => problems.push(format!("{}: uses `{used}`, declared after it", file.display())),
                        None if used == "self" || used == "super" => {}
                        None => problems.push(format!("{}: uses `{used}` of its parent (no module), above it", file.display())),
                    }
                }
            }
        }
    }
    problems
}

#[test]
fn level_modules_use_only_the_modules_before_them() {
    let levels = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/levels");
    let mut problems = check(&levels, &["super::", "crate::levels::"]);
    problems.extend(check(&levels.join("tiled"), &["super::"]));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
