//! `genbindings`: regenerates `src/megadrive-sys/src/bindings.rs` (used by `make bindings`).

fn main() {
    let out = genbindings::bindings_path();
    match genbindings::generate() {
        Ok(text) => {
            // Write to a temporary file first so a failure never leaves a half-written file.
            let tmp = out.with_extension("rs.tmp");
            if let Err(e) = std::fs::write(&tmp, text).and_then(|_| std::fs::rename(&tmp, &out)) {
                eprintln!("{}: cannot write: {e}", out.display());
                std::process::exit(1);
            }
            println!("wrote {}", out.display());
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
