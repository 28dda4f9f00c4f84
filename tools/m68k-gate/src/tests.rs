//! Unit tests on hand-written `objdump -t -d` snippets.

use super::*;

/// Wrap instruction lines into a listing with one function `f` at 0x1000 covering them.
fn listing(body: &str) -> String {
    format!(
        "\nt.elf:     file format elf32-m68k\n\nSYMBOL TABLE:\n\
         00001000 g     F .text\t00001000 f\n\
         00002000 g     O .rodata\t00000010 table\n\n\
         Disassembly of section .text:\n\n00001000 <f>:\n{body}\n"
    )
}

fn findings(body: &str) -> Vec<Finding> {
    check_text(&listing(body), &Options::default()).findings
}

fn classes(body: &str) -> Vec<Class> {
    findings(body).iter().map(|f| f.class).collect()
}

#[test]
fn parses_symbols_instructions_and_continuations() {
    let l = parse_objdump(&listing("    1000:\t2f7c 0000 000a \tmovel #10,%sp@(0)\n    1006:\t0000 \n    1008:\t4e75           \trts"));
    assert_eq!(l.funcs, vec![Func { name: "f".into(), addr: 0x1000, size: 0x1000 }]);
    assert_eq!(l.insns.len(), 2);
    assert_eq!(l.insns[0].words, vec![0x2f7c, 0, 0x000a, 0]);
    assert_eq!(l.insns[0].mnemonic, "movel");
    assert_eq!(l.insns[0].operands, "#10,%sp@(0)");
    assert_eq!(l.insns[1].text(), "rts");
}

#[test]
fn parses_hidden_symbols_and_high_addresses() {
    let text = "SYMBOL TABLE:\n80002ea6 l     F .text\t00000084 .hidden helper\n\n\
                80002ea6 <helper>:\n80002ea6:\t4c00 1000      \tmulul %d0,%d1\n";
    let r = check_text(text, &Options::default());
    assert_eq!(r.functions_checked, 1);
    assert_eq!(r.findings.len(), 1);
    assert_eq!(r.findings[0].location, "helper+0x0");
    assert_eq!(r.findings[0].to_string(), "80002ea6 <helper+0x0>: mulul %d0,%d1  [isa] 32-bit multiply/divide (68020+)");
}

#[test]
fn rejects_68010_instructions() {
    for insn in [
        "42c0           \tmovew %ccr,%d0",
        "4e74 0004      \trtd #4",
        "4e7a 0801      \tmovec %vbr,%d0",
        "0e90 0000      \tmovesl %a0@,%d0",
        "4849           \tbkpt 1",
    ] {
        assert_eq!(classes(&format!("    1000:\t{insn}")), vec![Class::Isa], "{insn}");
    }
}

#[test]
fn rejects_68020_instructions() {
    for insn in [
        "4c01 0000      \tmulul %d1,%d0",
        "4c01 0402      \tmulul %d1,%d2,%d0",
        "4c01 0800      \tmulsl %d1,%d0",
        "4c41 0000      \tdivull %d1,%d0,%d0",
        "4c41 0802      \tdivsll %d1,%d2,%d0",
        "4c41 0002      \tdivul %d1,%d2,%d0",
        "4c41 0802      \tdivsl %d1,%d2,%d0",
        "49c0           \textbl %d0",
        "e9c0 1042      \tbfextu %d0,1,2,%d1",
        "e8c0 1042      \tbftst %d0,1,2",
        "0ed0 0040      \tcasl %d0,%d1,%a0@",
        "0efc 8080 90c1 \tcas2l %d0,%d1,%d2,%d3,%a0@,%a1@",
        "04d0 0800      \tchk2l %a0@,%d0",
        "04d0 0000      \tcmp2l %a0@,%d0",
        "8340 0001      \tpack %d0,%d1,#1",
        "8380 0001      \tunpk %d0,%d1,#1",
        "480e fffe 7960 \tlinkl %fp,#-100000",
        "57fc           \ttrapeq",
        "56fa 0001      \ttrapnew #1",
        "50fc           \ttrapt",
        "06d0 0001      \tcallm #1,%a0@",
        "4101           \tchkl %d1,%d0",
        "4a88           \ttstl %a0",
        "0cba 0000 0001 \tcmpil #1,%pc@(ca <f+0x2>)",
        "f200 6000      \tfmovel %fp0,%d0",
        "f200 0422      \tfaddx %fp1,%fp0",
        "f000 2400      \tpflusha",
    ] {
        assert_eq!(classes(&format!("    1000:\t{insn}")), vec![Class::Isa], "{insn}");
    }
}

#[test]
fn long_branches_are_their_own_class() {
    for insn in [
        "60ff 0000 004c \tbral 104e <f+0x4e>",
        "61ff 0000 0046 \tbsrl 1048 <f+0x48>",
        "67ff 0000 0040 \tbeql 1042 <f+0x42>",
        "65ff 0000 0040 \tbcsl 1042 <f+0x42>",
    ] {
        assert_eq!(classes(&format!("    1000:\t{insn}")), vec![Class::LongBranch], "{insn}");
    }
    // ... and can be skipped (e.g. on an ELF whose bra.l the packer rewrites).
    let mut opts = Options::default();
    opts.classes.remove(&Class::LongBranch);
    let r = check_text(&listing("    1000:\t60ff 0000 004c \tbral 104e <f+0x4e>"), &opts);
    assert!(r.findings.is_empty());
}

#[test]
fn rejects_68020_addressing_modes() {
    for insn in [
        "2230 0c04      \tmovel %a0@(4,%d0:l:4),%d1",
        "2230 0926 0004 \tmovel %a0@(4)@(8,%d0:l),%d1",
        "2230 0922 0004 \tmovel %a0@(4,%d0:l)@(8),%d1",
        "2230 0b90      \tmovel @(0,%d0:l:2),%d1",
        "41fb 0204      \tlea %pc@(1008 <f+0x8>,%d0:w:2),%a0",
    ] {
        assert_eq!(classes(&format!("    1000:\t{insn}")), vec![Class::AddrMode], "{insn}");
    }
    // Full-format extension word (bit 8 set) with a 32-bit base displacement.
    let f = findings("    1000:\t2230 0930 0001 \tmovel %a0@(12345,%d0:l),%d1\n    1006:\t2345 ");
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].class, Class::AddrMode);
    assert!(f[0].message.contains("full-format"), "{}", f[0].message);
}

#[test]
fn accepts_68000_code() {
    let body = "\
    1000:\t9ffc 0000 0014 \tsubal #20,%sp
    1006:\t48ef 0004 0010 \tmoveml %d2,%sp@(16)
    100c:\t2030 0800      \tmovel %a0@(0,%d0:l),%d0
    1010:\t3030 9800      \tmovew %a0@(0,%a1:l),%d0
    1014:\t41fb 0004      \tlea %pc@(101a <f+0x1a>,%d0:w),%a0
    1018:\tc0c1           \tmuluw %d1,%d0
    101a:\t81c1           \tdivsw %d1,%d0
    101c:\t4880           \textw %d0
    101e:\t48c0           \textl %d0
    1020:\t4e56 fff0      \tlink %fp,#-16
    1024:\t4e5e           \tunlk %fp
    1026:\t6000 0146      \tbraw 116e <f+0x16e>
    102a:\t6506           \tbcss 1032 <f+0x32>
    102c:\t51c8 fffc      \tdbf %d0,102a <f+0x2a>
    1030:\t4e76           \ttrapv
    1032:\t4e41           \ttrap #1
    1034:\t0880 0001      \tbclr #1,%d0
    1038:\t40e7           \tmovew %sr,%sp@-
    103a:\t44df           \tmovew %sp@+,%ccr
    103c:\t4eb9 0000 1000 \tjsr 1000 <f>
    1042:\t4ef9 0000 1000 \tjmp 1000 <f>
    1048:\t4afc           \tillegal
    104a:\t4e75           \trts";
    assert_eq!(findings(body), vec![]);
}

#[test]
fn only_function_bodies_are_checked() {
    // Garbage outside any function symbol (e.g. a literal pool) is ignored by default...
    let text = "SYMBOL TABLE:\n00001000 g     F .text\t00000002 f\n\n\
                00001000 <f>:\n    1000:\t4e75           \trts\n\
                00001002 <pool>:\n    1002:\t4c00 1000      \tmulul %d0,%d1\n\
                    1006:\tffff           \t.short 0xffff\n";
    let r = check_text(text, &Options::default());
    assert!(r.findings.is_empty());
    assert_eq!(r.insns_checked, 1);
    // ...but not with --all-code.
    let opts = Options { all_code: true, ..Options::default() };
    let r = check_text(text, &opts);
    let got: Vec<Class> = r.findings.iter().map(|f| f.class).collect();
    assert_eq!(got, vec![Class::Isa, Class::Undecodable]);
    assert_eq!(r.findings[0].location, "pool+0x0");
}

#[test]
fn undecodable_inside_function() {
    assert_eq!(classes("    1000:\tffff           \t.short 0xffff"), vec![Class::Undecodable]);
}

// ---- flag clobbers ------------------------------------------------------------------------

#[test]
fn flags_copy_between_compare_and_branch() {
    // From __udivsi3 without the plugin: the copy clobbers C that bcc reads.
    let f = findings(
        "    1000:\tb480           \tcmpl %d0,%d2
    1002:\t2601           \tmovel %d1,%d3
    1004:\t6406           \tbccs 100c <f+0xc>",
    );
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].class, Class::FlagClobber);
    assert_eq!(f[0].addr, 0x1002);
    assert_eq!(f[0].insn, "movel %d1,%d3");
    assert!(f[0].message.contains("cmpl %d0,%d2"), "{}", f[0].message);
    assert!(f[0].message.contains("bccs"), "{}", f[0].message);
}

#[test]
fn flags_copy_after_arithmetic_setter() {
    // memset without the plugin: `subl` sets C for `bcsw`, a byte copy lands in between.
    for mv in [
        "1800           \tmoveb %d0,%d4",
        "2208           \tmovel %a0,%d1",
        "7000           \tmoveq #0,%d0",
        "2f40 0004      \tmovel %d0,%sp@(4)",
    ] {
        let body = format!("    1000:\t92bc 0000 0010 \tsubl #16,%d1\n    1006:\t{mv}\n    1008:\t6500 00a2      \tbcsw 10ac <f+0xac>");
        assert_eq!(classes(&body), vec![Class::FlagClobber], "{mv}");
    }
}

#[test]
fn flags_copy_before_scc_and_dbcc() {
    assert_eq!(
        classes("    1000:\t4a80           \ttstl %d0\n    1002:\t2200           \tmovel %d0,%d1\n    1004:\t57c0           \tseq %d0"),
        vec![Class::FlagClobber]
    );
    assert_eq!(
        classes("    1000:\tb081           \tcmpl %d1,%d0\n    1002:\t2400           \tmovel %d0,%d2\n    1004:\t57c9 fffa      \tdbeq %d1,1000 <f>"),
        vec![Class::FlagClobber]
    );
}

#[test]
fn second_branch_on_same_flags_is_checked() {
    // cmp; bhi; (fallthrough) copy; beq -- the beq still wants the cmp's Z.
    let f = findings(
        "    1000:\tb081           \tcmpl %d1,%d0
    1002:\t6208           \tbhis 100c <f+0xc>
    1004:\t2400           \tmovel %d0,%d2
    1006:\t6704           \tbeqs 100c <f+0xc>",
    );
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].addr, 0x1004);
}

#[test]
fn accepts_flag_preserving_code() {
    let ok = [
        // The plugin's fix: SR saved and CCR restored around the copy.
        "    1000:\t92bc 0000 0010 \tsubl #16,%d1
    1006:\t40e7           \tmovew %sr,%sp@-
    1008:\t1800           \tmoveb %d0,%d4
    100a:\t44df           \tmovew %sp@+,%ccr
    100c:\t6500 00a2      \tbcsw 10b0 <f+0xb0>",
        // movea / movem / lea / adda / addq to An / exg / move from SR do not touch flags.
        "    1000:\tb081           \tcmpl %d1,%d0
    1002:\t2041           \tmoveal %d1,%a0
    1004:\t48e7 3000      \tmoveml %d2-%d3,%sp@-
    1008:\t41ef 0004      \tlea %sp@(4),%a0
    100c:\td1fc 0000 0004 \taddal #4,%a0
    1012:\t5288           \taddql #1,%a0
    1014:\tc340           \texg %d0,%d1
    1016:\t40c2           \tmovew %sr,%d2
    1018:\t6504           \tbcss 101e <f+0x1e>",
        // A load whose own flags are tested (hand-written idiom) after arithmetic.
        "    1000:\t5381           \tsubql #1,%d1
    1002:\t2018           \tmovel %a0@+,%d0
    1004:\t67fa           \tbeqs 1000 <f>",
        // A move with no setter before it: its flags are the ones tested.
        "    1000:\t2001           \tmovel %d1,%d0
    1002:\t6702           \tbeqs 1006 <f+0x6>",
        // Copy after the branch, not before it.
        "    1000:\tb081           \tcmpl %d1,%d0
    1002:\t6502           \tbcss 1006 <f+0x6>
    1004:\t2400           \tmovel %d0,%d2
    1006:\t4e75           \trts",
        // A branch target (label) between setter and copy breaks straight-line code.
        "    1000:\tb081           \tcmpl %d1,%d0
    1002:\t6502           \tbcss 1006 <f+0x6>
    1004:\t4e71           \tnop
    1006:\t2400           \tmovel %d0,%d2
    1008:\t6702           \tbeqs 100c <f+0xc>",
        // A call in between: flags after it are the callee's business.
        "    1000:\tb081           \tcmpl %d1,%d0
    1002:\t4eb9 0000 1000 \tjsr 1000 <f>
    1008:\t2400           \tmovel %d0,%d2
    100a:\t6702           \tbeqs 100e <f+0xe>",
        // Branches that read no flags: bra, dbf/dbra, st/sf.
        "    1000:\tb081           \tcmpl %d1,%d0
    1002:\t2400           \tmovel %d0,%d2
    1004:\t51c8 fffa      \tdbf %d0,1000 <f>
    1008:\t50c1           \tst %d1",
        // A new compare after the copy.
        "    1000:\tb081           \tcmpl %d1,%d0
    1002:\t2400           \tmovel %d0,%d2
    1004:\tb480           \tcmpl %d0,%d2
    1006:\t6702           \tbeqs 100a <f+0xa>",
        // X-flag users (addx) are not N/Z/V/C consumers.
        "    1000:\td081           \taddl %d1,%d0
    1002:\t2400           \tmovel %d0,%d2
    1004:\td983           \taddxl %d3,%d4",
    ];
    for body in ok {
        assert_eq!(findings(body), vec![], "{body}");
    }
}

#[test]
fn flag_effects() {
    let i = |mn: &str, ops: &str| Insn { addr: 0, words: vec![], mnemonic: mn.into(), operands: ops.into() };
    assert_eq!(flag_effect(&i("swap", "%d0")), FlagEffect::Arith);
    assert_eq!(flag_effect(&i("subql", "#1,%sp")), FlagEffect::Neutral);
    assert_eq!(flag_effect(&i("subql", "#1,%d0")), FlagEffect::Arith);
    assert_eq!(flag_effect(&i("sbcd", "%d0,%d1")), FlagEffect::Arith);
    assert_eq!(flag_effect(&i("stop", "#9984")), FlagEffect::End);
    assert_eq!(flag_effect(&i("sf", "%d0")), FlagEffect::Neutral);
    assert_eq!(flag_effect(&i("shi", "%d0")), FlagEffect::Consumer);
    assert_eq!(flag_effect(&i("dbra", "%d0,1000")), FlagEffect::Neutral);
    assert_eq!(flag_effect(&i("movew", "%d0,%ccr")), FlagEffect::Compare);
    assert_eq!(flag_effect(&i("movel", "%d0,%usp")), FlagEffect::Neutral);
    assert_eq!(flag_effect(&i("moveq", "#0,%d0")), FlagEffect::Move { reg_src: true });
    assert_eq!(flag_effect(&i("movel", "%a0@,%d0")), FlagEffect::Move { reg_src: false });
    assert_eq!(flag_effect(&i("bclr", "#1,%d0")), FlagEffect::Arith);
    assert_eq!(flag_effect(&i("btst", "#1,%d0")), FlagEffect::Compare);
    assert_eq!(flag_effect(&i("bsrw", "1000")), FlagEffect::Call);
}

#[test]
fn operand_splitting() {
    assert_eq!(split_operands("%a0@(4,%d0:l:4),%d1"), vec!["%a0@(4,%d0:l:4)", "%d1"]);
    assert_eq!(split_operands(""), Vec::<&str>::new());
    assert_eq!(split_operands("%d0,1,2,%d1"), vec!["%d0", "1", "2", "%d1"]);
}

/// A listing with an engine function `e`, a game function `g` and another function `f`,
/// each made of `body` (the same instructions at their own addresses).
fn crates_listing(body: impl Fn(u64) -> String) -> String {
    let e = "_RNvNtCsab12_18megacollide_engine3map5query";
    let g = "_RNvMs1_NtCscd34_16megacollide_demo5worldNtB5_5World12move_enemies";
    format!(
        "SYMBOL TABLE:\n00001000 g     F .text\t00000100 {e}\n00001100 g     F .text\t00000100 {g}\n\
         00001200 g     F .text\t00000100 f\n\n\
         00001000 <{e}>:\n{}\n00001100 <{g}>:\n{}\n00001200 <f>:\n{}\n",
        body(0x1000),
        body(0x1100),
        body(0x1200)
    )
}

#[test]
fn rejects_division_calls_from_the_engine_and_the_game_only() {
    let text = crates_listing(|a| {
        format!(
            "    {:x}:\t4eb9 0000 e1e8 \tjsr e1e8 <__udivsi3>\n    {:x}:\t6100 0010      \tbsrw 2000 <__umodsi3>\n    {:x}:\t4ef9 0000 e300 \tjmp e300 <__divdi3>\n    {:x}:\t4eb9 0000 e1ec \tjsr e1ec <__udivsi3+0x4>\n    {:x}:\t4eb9 0000 e4f2 \tjsr e4f2 <__mulsi3>",
            a,
            a + 6,
            a + 10,
            a + 16,
            a + 22
        )
    });
    let r = check_text(&text, &Options::default());
    let got: Vec<(u64, Class)> = r.findings.iter().map(|f| (f.addr, f.class)).collect();
    // Three division calls in each of the engine's and the game's functions; none in `f`,
    // none for a multiply or a jump into the middle of a routine.
    assert_eq!(
        got,
        vec![
            (0x1000, Class::Division),
            (0x1006, Class::Division),
            (0x100a, Class::Division),
            (0x1100, Class::Division),
            (0x1106, Class::Division),
            (0x110a, Class::Division),
        ]
    );
    assert!(r.findings[0].message.contains("__udivsi3"), "{}", r.findings[0]);
    let skip = Options { classes: Class::ALL.iter().copied().filter(|c| *c != Class::Division).collect(), all_code: false };
    assert!(check_text(&text, &skip).findings.is_empty());
}
