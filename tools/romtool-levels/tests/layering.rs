//! The level compiler's modules are layered: no two modules use each other, directly or
//! through others (issue 25: `art`, the limits, `preview` and the height tiles did), and no
//! module uses an item of the crate root (`lib.rs`, the pipeline, which sits above every
//! module), except [`ABOVE_PIPELINE`], which wraps it and which no module uses. The same holds
//! for the modules of `tiled/` among themselves.
//!
//! The paths are read with `syn` (every `use` tree, nested groups included, and every path in
//! the code), so neither module order nor formatting matters. Test modules
//! (`#[cfg(test)]`) are left out: their `super` is the module itself.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use syn::visit::Visit;

/// Modules above the pipeline: they call it (`build_script::compile_levels` runs `build_outputs`).
const ABOVE_PIPELINE: [&str; 1] = ["build_script"];

/// The first segments after `crate::` / `super::` of every path of a file (not in test modules).
#[derive(Default)]
struct Uses {
    krate: BTreeSet<String>,
    sup: BTreeSet<String>,
}

impl Uses {
    fn add(&mut self, first: &str, second: Option<String>) {
        match (first, second) {
            ("crate", Some(s)) => {
                self.krate.insert(s);
            }
            ("super", Some(s)) => {
                self.sup.insert(s);
            }
            _ => {}
        }
    }

    fn use_tree(&mut self, first: Option<&str>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => match first {
                None => self.use_tree(Some(&p.ident.to_string()), &p.tree),
                Some(f) => self.add(f, Some(p.ident.to_string())),
            },
            syn::UseTree::Name(n) => {
                if let Some(f) = first {
                    self.add(f, Some(n.ident.to_string()));
                }
            }
            syn::UseTree::Rename(r) => {
                if let Some(f) = first {
                    self.add(f, Some(r.ident.to_string()));
                }
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(first, t);
                }
            }
            syn::UseTree::Glob(_) => {}
        }
    }
}

fn is_test_module(m: &syn::ItemMod) -> bool {
    m.attrs.iter().any(|a| a.path().is_ident("cfg") && a.meta.to_token_stream_string().contains("test"))
}

trait MetaText {
    fn to_token_stream_string(&self) -> String;
}

impl MetaText for syn::Meta {
    fn to_token_stream_string(&self) -> String {
        match self {
            syn::Meta::List(l) => l.tokens.to_string(),
            _ => String::new(),
        }
    }
}

impl<'a> Visit<'a> for Uses {
    fn visit_item_use(&mut self, u: &'a syn::ItemUse) {
        self.use_tree(None, &u.tree);
    }
    fn visit_path(&mut self, p: &'a syn::Path) {
        let mut segs = p.segments.iter().map(|s| s.ident.to_string());
        if let Some(first) = segs.next() {
            self.add(&first, segs.next());
        }
        syn::visit::visit_path(self, p);
    }
    fn visit_item_mod(&mut self, m: &'a syn::ItemMod) {
        if !is_test_module(m) {
            syn::visit::visit_item_mod(self, m);
        }
    }
}

fn uses_of(file: &Path) -> Uses {
    let text = std::fs::read_to_string(file).unwrap();
    let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut uses = Uses::default();
    uses.visit_file(&ast);
    uses
}

/// The modules a `mod.rs` / `lib.rs` declares.
fn declared(file: &Path) -> BTreeSet<String> {
    let ast = syn::parse_file(&std::fs::read_to_string(file).unwrap()).unwrap();
    ast.items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Mod(m) if !is_test_module(m) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// A cycle of the graph (module -> modules it uses), if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn walk(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = stack.iter().position(|s| s == m) {
            let mut c = stack[i..].to_vec();
            c.push(m.to_string());
            return Some(c);
        }
        if done.contains(m) {
            return None;
        }
        stack.push(m.to_string());
        for n in graph.get(m).into_iter().flatten() {
            if let Some(c) = walk(n, graph, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|m| walk(m, graph, &mut Vec::new(), &mut done))
}

#[test]
fn level_modules_form_no_cycle_and_never_use_the_pipeline() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = declared(&src.join("lib.rs"));
    let tiled_modules = declared(&src.join("tiled/mod.rs"));
    assert!(modules.len() > 10 && tiled_modules.len() > 10, "no modules found");
    let mut problems = Vec::new();
    let (mut graph, mut tiled_graph) = (BTreeMap::new(), BTreeMap::new());
    for m in &modules {
        let files: Vec<(std::path::PathBuf, Option<String>)> = if src.join(format!("{m}.rs")).exists() {
            vec![(src.join(format!("{m}.rs")), None)]
        } else {
            let mut v = vec![(src.join(m).join("mod.rs"), None)];
            for t in &tiled_modules {
                v.push((src.join(m).join(format!("{t}.rs")), Some(t.clone())));
            }
            v
        };
        for (file, sub) in files {
            let uses = uses_of(&file);
            for used in &uses.krate {
                if ABOVE_PIPELINE.contains(&used.as_str()) {
                    problems.push(format!("{}: uses `crate::{used}`, which sits above the pipeline", file.display()));
                } else if !modules.contains(used) {
                    if ABOVE_PIPELINE.contains(&m.as_str()) {
                        continue;
                    }
                    problems.push(format!("{}: uses `crate::{used}`, an item of the pipeline (lib.rs) above it", file.display()));
                } else if used != m {
                    graph.entry(m.clone()).or_insert_with(BTreeSet::new).insert(used.clone());
                }
            }
            // In a file of tiled/ (not its mod.rs), `super::` names tiled's modules.
            if let Some(sub) = sub {
                for used in &uses.sup {
                    if !tiled_modules.contains(used) {
                        problems.push(format!("{}: uses `super::{used}`, an item of tiled/mod.rs above it", file.display()));
                    } else if *used != sub {
                        tiled_graph.entry(sub.clone()).or_insert_with(BTreeSet::new).insert(used.clone());
                    }
                }
            }
        }
    }
    if let Some(c) = cycle(&graph) {
        problems.push(format!("modules that use each other: {}", c.join(" -> ")));
    }
    if let Some(c) = cycle(&tiled_graph) {
        problems.push(format!("modules of tiled/ that use each other: {}", c.join(" -> ")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_cycle_is_found() {
    let g: BTreeMap<String, BTreeSet<String>> =
        [("a", "b"), ("b", "c"), ("c", "a")].iter().map(|(k, v)| (k.to_string(), [v.to_string()].into_iter().collect())).collect();
    assert_eq!(cycle(&g).unwrap(), ["a", "b", "c", "a"]);
    let dag: BTreeMap<String, BTreeSet<String>> =
        [("a", "b"), ("b", "c")].iter().map(|(k, v)| (k.to_string(), [v.to_string()].into_iter().collect())).collect();
    assert!(cycle(&dag).is_none());
}
