//! Disassembly gates over the final ELFs (the code that runs, after the packer's rewrites):
//! no instruction or addressing mode the plain 68000 lacks, no long branch, no flag-clobbering
//! copy between a compare and its branch. The build already refuses such a ROM; these tests
//! also prove the gate sees the bugs when the LLVM fixes are off.

use m68k_gate::{check_text, disassemble_elf, Class, Options, Report};
use romtests::{built, out_dir};

fn gate(file: &str) -> Report {
    let path = out_dir().join(file);
    assert!(path.exists(), "{}: missing; build it with `make test`", path.display());
    let text = disassemble_elf("m68k-linux-gnu-objdump", &path).unwrap();
    check_text(&text, &Options::default())
}

fn count(report: &Report, class: Class) -> usize {
    report.findings.iter().filter(|f| f.class == class).count()
}

#[test]
fn shipped_roms_pass_every_gate() {
    if !built(&[
        "megacollide.packed.elf",
        "panic-test.packed.elf",
        "selftest-release.packed.elf",
        "selftest-dev.packed.elf",
        "selftest-nopass.packed.elf",
    ]) {
        return;
    }
    for rom in ["megacollide", "panic-test", "selftest-release", "selftest-dev", "selftest-nopass"] {
        let report = gate(&format!("{rom}.packed.elf"));
        assert!(report.functions_checked > 50, "{rom}: only {} functions checked", report.functions_checked);
        let shown: Vec<String> = report.findings.iter().take(10).map(|f| f.to_string()).collect();
        assert!(report.findings.is_empty(), "{rom}: {} finding(s):\n{}", report.findings.len(), shown.join("\n"));
    }
}

#[test]
fn engine_object_code_passes_every_gate() {
    if !built(&["engine-m68k.elf"]) {
        return;
    }
    // The whole engine compiled for the 68000 (the ROM links only what it uses).
    let report = gate("engine-m68k.elf");
    assert!(report.functions_checked >= 10, "only {} engine functions checked", report.functions_checked);
    let shown: Vec<String> = report.findings.iter().take(10).map(|f| f.to_string()).collect();
    assert!(report.findings.is_empty(), "engine: {} finding(s):\n{}", report.findings.len(), shown.join("\n"));
}

#[test]
fn without_the_fixes_the_gate_reports_flag_clobbers() {
    if !built(&["selftest-nofix.packed.elf"]) {
        return;
    }
    let report = gate("selftest-nofix.packed.elf");
    assert!(count(&report, Class::FlagClobber) > 0, "no flag-clobber finding in the unfixed build");
}

#[test]
fn the_packer_removes_every_long_branch() {
    if !built(&["selftest-nofix.elf", "selftest-nofix.packed.elf"]) {
        return;
    }
    // Built with tail calls left as LLVM emits them: the linked ELF has `bra.l`s...
    let linked = gate("selftest-nofix.elf");
    assert!(count(&linked, Class::LongBranch) > 0, "the unfixed ELF has no bra.l: the packer test proves nothing");
    // ...and the packed one has none.
    let packed = gate("selftest-nofix.packed.elf");
    assert_eq!(count(&packed, Class::LongBranch), 0, "long branches left after packing");
}
