//===- code_improvements.cpp - faster 68000 code from LLVM 22 ---------------===//
//
// The speed half of the m68k-fixes plugin (libm68k_fixes.so, see plugin.cpp):
// rewrites of code that LLVM's M68k backend gets right but slow, and LLVM
// code-generator settings chosen by measurement (`make bench`, codegen_* keys;
// what each is worth: tools/llvm-fixes/README.md and pass-effects.sh).
//
// RISK: the code these rewrite is correct; a mistake here is a new miscompile
// of correct code. So each rewrite is made only where it is exact (same
// values, and the flags either the same or dead: see each function's comment
// and README "Code improvements"), has its own test (test/*-test.sh), and the
// whole set is proven in `make test` by the self-test built with them (release
// and dev) and without them (selftest-nopass: every bug fix, no improvement),
// both equal to the host, by the disassembly gate, the differential checks and
// the on-target tests. Each one can be turned off alone, or all together with
// M68K_FIXES_DISABLE=improvements (the bug fixes of correctness_fixes.cpp stay
// on).
//
// Machine rewrites (M68kCodeImprovementsPass, after all pseudo expansion,
// scheduling and block placement, right before correctness_fixes.cpp's CCR
// guard, which therefore sees their output), in this order:
//   hoist   copies, spills and rematerialised constants that sit between a
//           flag producer and the branch reading the flags move to before the
//           producer when they are independent of it (saves the bug-2 guard)
//   movem   single-register MOVEM spills/reloads -> MOVE where the flags are
//           dead after them (MOVEA always)
//   zext    zero extensions (`and.l #$ffff`) removed where the upper bits are
//           known zero, or made cheaper (moveq before the move, and.w,
//           swap/clr.w/swap)
//   cmp     subtractions whose difference is dead and whose flags only feed
//           branches -> CMP (and the copy before them goes)
//   quick   add/sub of 1..8 -> ADDQ/SUBQ; adda/suba of an immediate -> ADDQ,
//           SUBQ or LEA
//   tst     compares with 0 -> TST
// Instructions the backend lacks (TST, ADDQ, SUBQ, CLR) are emitted as raw
// encodings in an INLINEASM that carries their register and CCR effects as
// implicit operands (emitRaw), so the guard and the bug-6 check see them.
//
// Code-generator settings (set when the plugin is loaded):
//   ipra       -enable-ipra, and (IR half, clearTailMarkers) the `tail`
//              marker cleared on calls of module-local functions
//   lsr        -disable-lsr
//   placement  -disable-block-placement
//===----------------------------------------------------------------------===//

#include "m68k_fixes.h"

namespace m68k_fixes {

/// Code improvement `ipra` (IR half): LLVM's interprocedural register
/// allocation (turned on by applyCodegenOptions) lets a function that only
/// this module calls skip saving callee-saved registers (the "no-CSR"
/// optimisation: its callers learn from its register mask exactly what it
/// clobbers). LLVM refuses that for any function with a call site marked
/// `tail` (TargetFrameLowering::isSafeForNoCSROpt), and the optimiser marks
/// almost every call `tail`. The marker only permits a sibling call (`jmp`
/// instead of `jsr`+`rts`); clearing it changes no value. It is cleared on
/// every call of a function that qualifies otherwise: local linkage, address
/// never taken, `norecurse` (musttail calls are left alone, and so is then
/// their callee).
bool clearTailMarkers(Module &M) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !F.hasLocalLinkage() || F.hasAddressTaken() ||
        !F.hasFnAttribute(Attribute::NoRecurse))
      continue;
    bool MustTail = false;
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallInst>(U))
        MustTail |= CB->isMustTailCall();
    if (MustTail)
      continue;
    unsigned N = 0;
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallInst>(U))
        if (CB->isTailCall()) {
          CB->setTailCall(false);
          ++N;
        }
    if (N && Verbose)
      errs() << "m68k-fixes: ipra: " << F.getName() << ": " << N
             << " call(s) no longer marked tail\n";
    Changed |= N != 0;
  }
  return Changed;
}

// Code improvements that are LLVM code-generator settings (measured on the
// bench ELF's Rust path; see README "Code generator settings"). They are set
// when the plugin is loaded -- rustc loads it after parsing `-C llvm-args` and
// before it creates any TargetPassConfig, which reads them -- and only where
// the user has not given the option already.
//   ipra       -enable-ipra: interprocedural register allocation (callers
//              know which registers a callee really clobbers; with the tail
//              markers cleared, module-local callees save no registers)
//   lsr        -disable-lsr: no loop strength reduction (on the 68000 it
//              turns 16-bit indexed loops into extra 32-bit pointer
//              induction variables, which cost registers and spills)
//   placement  -disable-block-placement: keep the source block order
namespace {

void applyCodegenOptions() {
  struct Opt {
    bool On;
    const char *Name, *Value;
  } Opts[] = {{FixIPRA, "enable-ipra", "true"},
              {FixLSR, "disable-lsr", "true"},
              {FixPlacement, "disable-block-placement", "true"}};
  auto &&Registered = cl::getRegisteredOptions();
  for (const Opt &O : Opts) {
    if (!O.On)
      continue;
    auto It = Registered.find(O.Name);
    if (It == Registered.end())
      report_fatal_error(Twine("m68k-fixes: LLVM has no option -") + O.Name);
    if (It->second->getNumOccurrences())
      continue; // given by the user: theirs wins
    if (It->second->addOccurrence(0, O.Name, O.Value))
      report_fatal_error(Twine("m68k-fixes: cannot set -") + O.Name);
    if (Verbose)
      errs() << "m68k-fixes: -" << O.Name << "=" << O.Value << "\n";
  }
}
struct ApplyCodegenOptions {
  ApplyCodegenOptions() { applyCodegenOptions(); }
} ApplyCodegenOptionsAtLoad;

//===----------------------------------------------------------------------===//
// The machine rewrites.
//===----------------------------------------------------------------------===//

struct M68kCodeImprovementsPass : MachineFunctionPass, MachineInfo {
  static char ID;
  M68kCodeImprovementsPass() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "m68k-fixes: code improvements";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  /// Spills and reloads of one register: the backend saves and restores single
  /// registers with MOVEM (`movem.l %d3,(16,%sp)`: 20 cycles, 24 to load;
  /// `movem.w`: 16 and 20), because MOVEM leaves the flags alone. Where the
  /// flags are dead after it, MOVE does the same in 16 / 16 (`.w`: 12 / 12)
  /// cycles and 2 bytes less. A reload into an address register is MOVEA,
  /// which never touches the flags. MOVEM.W and MOVE(A).W load the same low
  /// word; MOVEM.W into a data register also sign-extends into its upper word,
  /// which the code generator never relies on (it models the reload as a
  /// 16-bit value: every wider use extends it explicitly).
  bool spillMoves(MachineFunction &MF) {
    bool Changed = false;
    for (MachineBasicBlock &MBB : MF) {
      DenseMap<MachineInstr *, bool> NeedAfter = ccrNeededAfter(MBB);
      for (MachineInstr &MI : llvm::make_early_inc_range(MBB)) {
        if (MI.isDebugInstr() || MI.getFlag(MachineInstr::FrameSetup) ||
            MI.getFlag(MachineInstr::FrameDestroy))
          continue;
        StringRef Name = TII->getName(MI.getOpcode());
        bool Store = Name == "MOVM32pm" || Name == "MOVM16pm";
        bool Load = Name == "MOVM32mp" || Name == "MOVM16mp";
        if (!Store && !Load)
          continue;
        bool Long = Name.starts_with("MOVM32");
        // Store: disp, base, mask; load: mask, disp, base.
        unsigned MaskIdx = Store ? 2 : 0, DispIdx = Store ? 0 : 1,
                 BaseIdx = Store ? 1 : 2;
        if (MI.getNumOperands() < 3 || !MI.getOperand(MaskIdx).isImm() ||
            !MI.getOperand(DispIdx).isImm() || !MI.getOperand(BaseIdx).isReg())
          continue;
        uint64_t Mask = MI.getOperand(MaskIdx).getImm() & 0xFFFF;
        if (Mask == 0 || (Mask & (Mask - 1)) != 0)
          continue; // more than one register: MOVEM is the right instruction
        unsigned Bit = countr_zero(Mask);
        bool Addr = Bit >= 8;
        std::string RegName = (Addr ? "A" : "D") + std::to_string(Bit & 7);
        if (Bit == 15)
          RegName = "SP";
        if (!Long)
          RegName = "W" + RegName;
        MCRegister Reg = regByName(RegName);
        if (!Reg)
          continue;
        // A MOVE that sets the flags only where nothing reads them.
        bool SetsFlags = Store || !Addr;
        if (SetsFlags && NeedAfter.lookup(&MI))
          continue;
        std::string New = std::string(Long ? "MOV32" : "MOV16") +
                          (Store ? (Addr ? "pa" : "pd") : (Addr ? "ap" : "dp"));
        // Kill state of the stored register, from MOVEM's implicit use.
        bool Kill = false;
        for (const MachineOperand &MO : MI.implicit_operands())
          if (MO.isReg() && MO.isUse() && MO.isKill() &&
              TRI->regsOverlap(MO.getReg(), Reg))
            Kill = true;
        MachineInstrBuilder B =
            Store ? BuildMI(MBB, MI.getIterator(), MI.getDebugLoc(),
                            TII->get(opcode(New)))
                        .addImm(MI.getOperand(DispIdx).getImm())
                        .addReg(MI.getOperand(BaseIdx).getReg())
                        .addReg(Reg, getKillRegState(Kill))
                  : BuildMI(MBB, MI.getIterator(), MI.getDebugLoc(),
                            TII->get(opcode(New)), Reg)
                        .addImm(MI.getOperand(DispIdx).getImm())
                        .addReg(MI.getOperand(BaseIdx).getReg());
        B.cloneMemRefs(MI);
        for (MachineOperand &MO : B->implicit_operands())
          if (MO.isReg() && MO.isDef() && TRI->regsOverlap(MO.getReg(), CCR))
            MO.setIsDead();
        if (Verbose) {
          errs() << "m68k-fixes: " << MF.getName() << ": single-register MOVEM -> ";
          B->print(errs());
        }
        MI.eraseFromParent();
        Changed = true;
      }
    }
    return Changed;
  }

  // ---- Code improvements: helpers ------------------------------------------

  /// Data register number 0-7 of R (D0-D7 or their word/byte parts WDn/BDn),
  /// -1 for any other register; *Full: R is the whole 32-bit register.
  int dataReg(Register R, bool *Full = nullptr) const {
    if (!R.isPhysical())
      return -1;
    StringRef N = TRI->getName(R);
    bool Part = N.consume_front_insensitive("W") || N.consume_front_insensitive("B");
    if (N.size() != 2 || (N[0] != 'D' && N[0] != 'd') || N[1] < '0' || N[1] > '7')
      return -1;
    if (Full)
      *Full = !Part;
    return N[1] - '0';
  }
  /// Address register number 0-7 of a 32-bit address register (SP = 7), or -1.
  int addrReg(Register R) const {
    if (!R.isPhysical())
      return -1;
    StringRef N = TRI->getName(R);
    if (N.equals_insensitive("SP"))
      return 7;
    if (N.size() != 2 || (N[0] != 'A' && N[0] != 'a') || N[1] < '0' || N[1] > '7')
      return -1;
    return N[1] - '0';
  }
  /// Is the CCR def of MI marked dead (nothing was meant to read its flags)?
  bool ccrDefDead(const MachineInstr &MI) const {
    for (const MachineOperand &MO : MI.operands())
      if (MO.isReg() && MO.isDef() && MO.getReg().isPhysical() &&
          TRI->regsOverlap(MO.getReg(), CCR))
        return MO.isDead();
    return false;
  }
  /// Is CCR needed right before MI (NeedAfter from ccrNeededAfter)?
  bool ccrNeededBefore(MachineInstr &MI,
                       const DenseMap<MachineInstr *, bool> &NeedAfter) const {
    if (readsCCR(MI))
      return true;
    bool RealDef = defsCCR(MI) && !isUnintendedCCRDef(MI) && !isCCRTransparent(MI);
    return !RealDef && NeedAfter.lookup(&MI);
  }
  /// An instruction the LLVM M68k backend does not have (TST, ADDQ, SUBQ),
  /// emitted before At as its raw encoding (`.short 0x....`, like the bug-4
  /// jmp), with its register effects as implicit operands so that the CCR
  /// guard and the liveness of later passes see them. CCRDef: -1 no CCR
  /// write, 0 a live one, 1 a dead one.
  MachineInstr *emitRaw(MachineInstr &At, uint16_t Word, StringRef What,
                        ArrayRef<Register> Uses, ArrayRef<Register> Defs,
                        int CCRDef, ArrayRef<uint16_t> More = {}) {
    MachineFunction &MF = *At.getMF();
    std::string Buf;
    char W[16];
    snprintf(W, sizeof W, "0x%04x", Word);
    Buf = std::string(".short ") + W;
    for (uint16_t X : More) {
      snprintf(W, sizeof W, ", 0x%04x", X);
      Buf += W;
    }
    Buf += " ; " + What.str();
    // `;` starts a comment for the M68k assembler: the mnemonic is shown in
    // -S listings (objdump decodes the word itself).
    MachineInstrBuilder B =
        BuildMI(*At.getParent(), At.getIterator(), At.getDebugLoc(),
                TII->get(TargetOpcode::INLINEASM))
            .addExternalSymbol(MF.createExternalSymbolName(Buf))
            .addImm(InlineAsm::Extra_HasSideEffects);
    for (Register R : Defs)
      B.addReg(R, RegState::ImplicitDefine);
    for (Register R : Uses)
      B.addReg(R, RegState::Implicit);
    if (CCRDef >= 0)
      B.addReg(CCR, RegState::ImplicitDefine | getDeadRegState(CCRDef == 1));
    B->setFlags(At.getFlags());
    return B;
  }
  void logRewrite(MachineFunction &MF, StringRef Pass, MachineInstr &Old,
                  StringRef New) const {
    if (!Verbose)
      return;
    errs() << "m68k-fixes: " << MF.getName() << ": " << Pass << ": ";
    Old.print(errs(), /*IsStandalone=*/true, /*SkipOpers=*/false,
              /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
    errs() << " -> " << New << "\n";
  }

  // ---- Code improvement `tst`: compares with zero --------------------------

  /// `cmpi.{b,w,l} #0,%dN` -> `tst.{b,w,l} %dN`: the same flags (N and Z
  /// from the operand, V and C cleared, X untouched), 8/8/14 -> 4 cycles,
  /// 4/4/6 -> 2 bytes; `cmpi.{b,w,l} #0,(d16,%aN)` -> `tst.{b,w,l}
  /// (d16,%aN)`: 16/16/24 -> 12/12/16 cycles, 6/6/8 -> 4 bytes. The backend
  /// has no TST; it is emitted raw.
  bool compareZero(MachineFunction &MF) {
    bool Changed = false;
    for (MachineBasicBlock &MBB : MF)
      for (MachineInstr &MI : llvm::make_early_inc_range(MBB)) {
        StringRef Name = TII->getName(MI.getOpcode());
        unsigned Size;
        if (Name.consume_front("CMP8"))
          Size = 0;
        else if (Name.consume_front("CMP16"))
          Size = 1;
        else if (Name.consume_front("CMP32"))
          Size = 2;
        else
          continue;
        bool Reg = Name == "di", Mem = Name == "pi";
        if ((!Reg && !Mem) || MI.getNumOperands() < (Mem ? 3u : 2u) ||
            !MI.getOperand(0).isImm() || MI.getOperand(0).getImm() != 0 ||
            ccrDefDead(MI))
          continue;
        const char *Sz[] = {"b", "w", "l"};
        std::string What;
        if (Reg) {
          if (!MI.getOperand(1).isReg())
            continue;
          Register R = MI.getOperand(1).getReg();
          int N = dataReg(R);
          if (N < 0)
            continue;
          What = std::string("tst.") + Sz[Size] + " %d" + char('0' + N);
          emitRaw(MI, 0x4A00 | Size << 6 | N, What, {R}, {}, 0);
        } else {
          // CMP*pi: immediate, displacement, base.
          if (!MI.getOperand(1).isImm() || !MI.getOperand(2).isReg())
            continue;
          Register R = MI.getOperand(2).getReg();
          int N = addrReg(R);
          int64_t D = MI.getOperand(1).getImm();
          if (N < 0 || D < -32768 || D > 32767)
            continue;
          What = std::string("tst.") + Sz[Size] + " (" + std::to_string(D) +
                 ",%a" + char('0' + N) + ")";
          emitRaw(MI, 0x4A00 | Size << 6 | 0x28 | N, What, {R}, {}, 0,
                  {(uint16_t)D});
        }
        logRewrite(MF, "tst", MI, What);
        MI.eraseFromParent();
        Changed = true;
      }
    return Changed;
  }

  // ---- Code improvement `quick`: small immediates --------------------------

  /// Additions of an immediate: `add/sub.{b,w,l} #1..8,%dN` -> `addq/subq`
  /// (8 -> 4 cycles for .b/.w, 16 -> 8 for .l; 4/6 -> 2 bytes; the same
  /// flags, X included; a negative immediate turns ADD into SUBQ and back,
  /// which sets C and X the other way, so only where CCR is dead after it);
  /// `adda/suba.l #n,%aN` (also the frame's `suba.l #n,%sp`, 16 cycles,
  /// 6 bytes) -> `addq/subq.l #n,%aN` for 1..8 (8 cycles, 2 bytes) or
  /// `lea (n,%aN),%aN` for 16-bit n (8 cycles, 4 bytes); neither touches the
  /// flags, like ADDA/SUBA.
  bool quickImmediates(MachineFunction &MF) {
    bool Changed = false;
    for (MachineBasicBlock &MBB : MF) {
      DenseMap<MachineInstr *, bool> NeedAfter = ccrNeededAfter(MBB);
      for (MachineInstr &MI : llvm::make_early_inc_range(MBB)) {
        StringRef Name = TII->getName(MI.getOpcode());
        bool Sub = Name.starts_with("SUB");
        if (!Sub && !Name.starts_with("ADD"))
          continue;
        StringRef Rest = Name.drop_front(3);
        unsigned Bits;
        if (Rest.consume_front("32"))
          Bits = 32;
        else if (Rest.consume_front("16"))
          Bits = 16;
        else if (Rest.consume_front("8"))
          Bits = 8;
        else
          continue;
        bool Data = Rest == "di", Addr = Rest == "ai" && Bits == 32;
        if ((!Data && !Addr) || MI.getNumOperands() < 3 ||
            !MI.getOperand(0).isReg() || !MI.getOperand(1).isReg() ||
            !MI.getOperand(2).isImm() ||
            MI.getOperand(0).getReg() != MI.getOperand(1).getReg())
          continue;
        Register R = MI.getOperand(0).getReg();
        // The net amount added, as the instruction sees its immediate.
        int64_t V = SignExtend64(MI.getOperand(2).getImm(), Bits);
        if (Sub)
          V = -V;
        if (V == 0)
          continue;
        uint64_t Mag = V < 0 ? -(uint64_t)V : V;
        if (Data) {
          int N = dataReg(R);
          if (N < 0 || Mag > 8)
            continue;
          bool Needed = NeedAfter.lookup(&MI);
          bool Dead = ccrDefDead(MI);
          // A dead flag write where flags are live is what the bug-2 guard
          // brackets: leave it to the guard.
          if (Dead && Needed)
            continue;
          // ADD #-n -> SUBQ #n (and SUB #-n -> ADDQ): C and X differ.
          bool SameFlags = (V > 0) != Sub;
          if (!SameFlags && Needed)
            continue;
          unsigned Sz = Bits == 8 ? 0 : Bits == 16 ? 1 : 2;
          uint16_t Word = 0x5000 | (Mag & 7) << 9 | (V > 0 ? 0 : 0x100) | Sz << 6 | N;
          std::string What = std::string(V > 0 ? "addq." : "subq.") +
                             (Sz == 0 ? "b" : Sz == 1 ? "w" : "l") + " #" +
                             std::to_string(Mag) + ",%d" + char('0' + N);
          emitRaw(MI, Word, What, {R}, {R}, (Dead || !SameFlags) ? 1 : 0);
          logRewrite(MF, "quick", MI, What);
        } else {
          int N = addrReg(R);
          if (N < 0 || V < -32768 || V > 32767)
            continue;
          std::string What;
          if (Mag <= 8) {
            uint16_t Word = 0x5000 | (Mag & 7) << 9 | (V > 0 ? 0 : 0x100) |
                            2 << 6 | 0x08 | N;
            What = std::string(V > 0 ? "addq.l #" : "subq.l #") +
                   std::to_string(Mag) + ",%a" + char('0' + N);
            emitRaw(MI, Word, What, {R}, {R}, -1);
          } else {
            BuildMI(MBB, MI.getIterator(), MI.getDebugLoc(),
                    TII->get(opcode("LEA32p")), R)
                .addImm(V)
                .addReg(R)
                ->setFlags(MI.getFlags());
            What = "lea (" + std::to_string(V) + ",%a" + char('0' + N) + "),%a" +
                   char('0' + N);
          }
          logRewrite(MF, "quick", MI, What);
        }
        MI.eraseFromParent();
        Changed = true;
      }
    }
    return Changed;
  }

  // ---- Code improvement `hoist`: moves out of compare/branch pairs ---------

  /// May S be moved from just after Y to just before it? Neither has side
  /// effects, they share no register that either writes (CCR aside), and
  /// they do not both touch memory when one of them writes it.
  bool canSwap(const MachineInstr &S, const MachineInstr &Y) const {
    // (Not hasUnmodeledSideEffects(): the M68k backend sets it on ordinary
    // ALU instructions. The few instructions with real side effects besides
    // memory are named here.)
    for (const MachineInstr *X : {&S, &Y}) {
      StringRef N = TII->getName(X->getOpcode());
      if (X->isCall() || X->isTerminator() || X->isInlineAsm() ||
          X->isBranch() || X->isReturn() ||
          N.starts_with("TRAP") || N.starts_with("STOP") ||
          N.starts_with("RESET") || N.starts_with("ILLEGAL") || N.ends_with("sr"))
        return false;
    }
    // Two memory accesses stay in order if either writes or either is
    // ordered (volatile: hardware registers). One access moves freely past
    // an instruction without any (spill MOVEMs carry no memory operands, so
    // hasOrderedMemoryRef() is true for them: only asked when both access).
    if (S.mayLoadOrStore() && Y.mayLoadOrStore() &&
        (S.mayStore() || Y.mayStore() || S.hasOrderedMemoryRef() ||
         Y.hasOrderedMemoryRef()))
      return false;
    for (const MachineOperand &A : S.operands()) {
      if (A.isRegMask())
        return false;
      if (!A.isReg() || !A.getReg().isPhysical() || TRI->regsOverlap(A.getReg(), CCR))
        continue;
      for (const MachineOperand &B : Y.operands()) {
        if (B.isRegMask())
          return false;
        if (!B.isReg() || !B.getReg().isPhysical() ||
            TRI->regsOverlap(B.getReg(), CCR) ||
            !TRI->regsOverlap(A.getReg(), B.getReg()))
          continue;
        if (A.isDef() || B.isDef())
          return false;
      }
    }
    return true;
  }
  /// A single-register MOVEM spill or reload (not the prologue/epilogue).
  bool isSpillMovem(const MachineInstr &MI) const {
    StringRef Name = TII->getName(MI.getOpcode());
    if (Name != "MOVM32pm" && Name != "MOVM16pm" && Name != "MOVM32mp" &&
        Name != "MOVM16mp")
      return false;
    if (MI.getFlag(MachineInstr::FrameSetup) || MI.getFlag(MachineInstr::FrameDestroy))
      return false;
    unsigned MaskIdx = Name.ends_with("pm") ? 2 : 0;
    if (MI.getNumOperands() <= MaskIdx || !MI.getOperand(MaskIdx).isImm())
      return false;
    uint64_t Mask = MI.getOperand(MaskIdx).getImm() & 0xFFFF;
    return Mask != 0 && (Mask & (Mask - 1)) == 0;
  }

  /// Copies, spills, reloads and rematerialised constants that the register
  /// allocator put between the instruction that sets the flags and the one
  /// that reads them cost a CCR guard (`move.w %sr,-(%sp)` ...
  /// `move.w (%sp)+,%ccr`, 24 cycles, 4 bytes) or must stay MOVEM (4-8
  /// cycles more than MOVE). Where such an instruction is independent of the
  /// flag producer and of everything in between (no register one writes and
  /// the other uses, not both touching memory with a write, no calls or side
  /// effects), it is moved to just before the producer: the same
  /// instructions, in an order where nothing clobbers live flags.
  bool hoistOverFlags(MachineFunction &MF) {
    bool Changed = false;
    for (MachineBasicBlock &MBB : MF) {
      DenseMap<MachineInstr *, bool> NeedAfter = ccrNeededAfter(MBB);
      MachineInstr *P = nullptr; // the flag producer the flags now come from
      for (MachineInstr &MI : llvm::make_early_inc_range(MBB)) {
        if (MI.isDebugInstr())
          continue;
        bool Suspect = isUnintendedCCRDef(MI) || isSpillMovem(MI);
        if (Suspect && P && NeedAfter.lookup(&MI) && !readsCCR(*P) &&
            !readsCCR(MI)) {
          bool OK = true;
          for (auto It = P->getIterator(); OK && &*It != &MI; ++It)
            if (!It->isDebugInstr())
              OK = canSwap(MI, *It);
          if (OK) {
            if (Verbose) {
              errs() << "m68k-fixes: " << MF.getName() << ": hoist: ";
              MI.print(errs(), true, false, true, false);
              errs() << " moved above ";
              P->print(errs(), true, false, true, false);
              errs() << "\n";
            }
            MBB.splice(P->getIterator(), &MBB, MI.getIterator());
            Changed = true;
            continue;
          }
        }
        if (defsCCR(MI) && !isUnintendedCCRDef(MI) && !isCCRTransparent(MI))
          P = MI.isCall() ? nullptr : &MI;
      }
    }
    return Changed;
  }

  // ---- Code improvement `cmp`: subtractions used only as compares ----------

  /// Are the flags MI sets read only by conditional branches and Scc (which
  /// read N, Z, V and C but never X)? CMP sets the same N, Z, V and C as SUB
  /// but leaves X alone.
  bool flagsOnlyForBranches(MachineInstr &MI) const {
    MachineBasicBlock &MBB = *MI.getParent();
    for (auto It = std::next(MI.getIterator()); It != MBB.end(); ++It) {
      if (It->isDebugInstr())
        continue;
      if (readsCCR(*It) && !It->isConditionalBranch() &&
          !TII->getName(It->getOpcode()).starts_with("SET"))
        return false;
      if (defsCCR(*It) && !isUnintendedCCRDef(*It) && !isCCRTransparent(*It))
        return true;
    }
    for (MachineBasicBlock *S : MBB.successors())
      if (S->isLiveIn(CCR))
        return false;
    return true;
  }
  /// Is the value R holds after MI never read (its def is marked dead by
  /// LLVM, and no later instruction of the block nor a successor reads it)?
  bool deadAfter(MachineInstr &MI, Register R) const {
    MachineBasicBlock &MBB = *MI.getParent();
    for (auto It = std::next(MI.getIterator()); It != MBB.end(); ++It) {
      bool Def = false;
      for (const MachineOperand &MO : It->operands()) {
        if (MO.isRegMask() && MO.clobbersPhysReg(R))
          Def = true;
        if (!MO.isReg() || !MO.getReg().isPhysical() ||
            !TRI->regsOverlap(MO.getReg(), R))
          continue;
        if (MO.readsReg())
          return false;
        // A def covers R only if it is R or a register containing it.
        if (MO.isDef() && (MO.getReg() == R || TRI->isSubRegister(MO.getReg(), R)))
          Def = true;
      }
      if (Def)
        return true;
    }
    for (MachineBasicBlock *S : MBB.successors())
      for (const auto &LI : S->liveins())
        if (TRI->regsOverlap(LI.PhysReg, R))
          return false;
    return true;
  }

  /// `sub.{w,l} %dX,%dT` / `sub.{w,l} #n,%dT` whose difference is dead and
  /// whose flags only feed branches -> `cmp.{w,l} %dX,%dT` / `cmpi.{w,l}
  /// #n,%dT`; when %dT was just copied from %dS (`move %dS,%dT`), the copy
  /// goes too and the compare reads %dS. Saves the copy (4 cycles, 2 bytes)
  /// and, for .l, 2 cycles (sub.l 8/16 -> cmp.l 6/14). Immediates 1..8
  /// without a copy are left to `quick` (SUBQ, 8 cycles).
  bool subtractCompares(MachineFunction &MF) {
    bool Changed = false;
    for (MachineBasicBlock &MBB : MF)
      for (MachineInstr &MI : llvm::make_early_inc_range(MBB)) {
        StringRef Name = TII->getName(MI.getOpcode());
        bool W = Name == "SUB16dd" || Name == "SUB16di";
        bool L = Name == "SUB32dd" || Name == "SUB32di";
        if ((!W && !L) || MI.getNumOperands() < 3)
          continue;
        bool Imm = Name.ends_with("di");
        MachineOperand &Dst = MI.getOperand(0), &Src = MI.getOperand(2);
        if (!Dst.isReg() || !Dst.isDead() || !MI.getOperand(1).isReg() ||
            MI.getOperand(1).getReg() != Dst.getReg() ||
            (Imm ? !Src.isImm() : !Src.isReg()))
          continue;
        Register T = Dst.getReg();
        if (dataReg(T) < 0 || ccrDefDead(MI) || !deadAfter(MI, T) ||
            !flagsOnlyForBranches(MI))
          continue;
        if (!Imm && TRI->regsOverlap(Src.getReg(), T))
          continue;
        // The copy right before it, if any.
        MachineInstr *Copy = nullptr;
        Register S = T;
        if (MI.getIterator() != MBB.begin()) {
          MachineInstr &P = *std::prev(MI.getIterator());
          StringRef PN = TII->getName(P.getOpcode());
          if ((PN == "MOV16rr" || PN == "MOV32rr") && P.getNumOperands() >= 2 &&
              P.getOperand(0).isReg() && P.getOperand(1).isReg() &&
              TRI->regsOverlap(P.getOperand(0).getReg(), T)) {
            bool FullT = false, FullS = false;
            int NT = dataReg(P.getOperand(0).getReg(), &FullT);
            int NS = dataReg(P.getOperand(1).getReg(), &FullS);
            // The copy must write all of T (a .l copy, or a .w copy for a
            // .w subtraction) from a data register that the subtraction
            // does not read.
            if (NT >= 0 && NS >= 0 && NT != NS && (FullT || W) &&
                (Imm || !TRI->regsOverlap(Src.getReg(), P.getOperand(0).getReg())) &&
                !ccrNeededBefore(P, ccrNeededAfter(MBB))) {
              Copy = &P;
              S = W ? regByName(std::string("WD") + char('0' + NS))
                    : regByName(std::string("D") + char('0' + NS));
            }
          }
        }
        if (!Copy && Imm && Src.getImm() >= 1 && Src.getImm() <= 8)
          continue; // SUBQ (quick) is cheaper than CMPI
        if (!S)
          continue;
        MachineInstrBuilder B =
            BuildMI(MBB, MI.getIterator(), MI.getDebugLoc(),
                    TII->get(opcode(std::string(W ? "CMP16" : "CMP32") +
                                    (Imm ? "di" : "dr"))));
        if (Imm)
          B.addImm(Src.getImm());
        else
          B.addReg(Src.getReg());
        B.addReg(S);
        std::string What = std::string(W ? "cmp.w" : "cmp.l") +
                           (Copy ? " (copy removed)" : "");
        logRewrite(MF, "cmp", MI, What);
        if (Copy)
          Copy->eraseFromParent();
        MI.eraseFromParent();
        Changed = true;
      }
    return Changed;
  }

  // ---- Code improvement `zext`: zero extensions ----------------------------

  /// Per data register: are bits 16-31 (Z16) / bits 8-31 (Z8) known zero?
  struct ZFacts {
    uint8_t Z16 = 0, Z8 = 0;
    bool operator==(const ZFacts &O) const { return Z16 == O.Z16 && Z8 == O.Z8; }
    bool operator!=(const ZFacts &O) const { return !(*this == O); }
    void set(int N, bool B16, bool B8) {
      Z16 = (Z16 & ~(1u << N)) | (B16 || B8 ? 1u << N : 0);
      Z8 = (Z8 & ~(1u << N)) | (B8 ? 1u << N : 0);
    }
    bool z16(int N) const { return Z16 >> N & 1; }
    bool z8(int N) const { return Z8 >> N & 1; }
  };
  /// Opcodes that write only the low word/byte of a data register when
  /// their result is a WDn/BDn part (the upper bits stay as they were).
  /// Anything else that writes a part (MOVEM.W sign-extends into all 32
  /// bits, for one) counts as writing the whole register.
  static bool writesOnlyPart(StringRef Name) {
    static const char *const Prefixes[] = {
        "MOV16", "MOV8",  "ADD16", "ADD8",  "SUB16", "SUB8",  "AND16",
        "AND8",  "OR16",  "OR8",   "EOR16", "EOR8",  "NEG16", "NEG8",
        "NOT16", "NOT8",  "LSL16", "LSL8",  "LSR16", "LSR8",  "ASL16",
        "ASL8",  "ASR16", "ASR8",  "ROL16", "ROL8",  "ROR16", "ROR8",
        "EXT16", "SETd8"};
    for (const char *P : Prefixes)
      if (Name.starts_with(P))
        return true;
    return false;
  }
  MCRegister DRegs[8];
  /// What MI does to the facts.
  void zTransfer(const MachineInstr &MI, ZFacts &F) const {
    ZFacts Old = F;
    StringRef Name = TII->getName(MI.getOpcode());
    for (const MachineOperand &MO : MI.operands())
      if (MO.isRegMask())
        for (int N = 0; N < 8; ++N)
          if (MO.clobbersPhysReg(DRegs[N]))
            F.set(N, false, false);
    for (unsigned I = 0, E = MI.getNumOperands(); I != E; ++I) {
      const MachineOperand &MO = MI.getOperand(I);
      if (!MO.isReg() || !MO.isDef() || !MO.getReg().isPhysical())
        continue;
      bool Full = false;
      int N = dataReg(MO.getReg(), &Full);
      if (N < 0) {
        // Anything else overlapping a data register: unknown.
        for (int K = 0; K < 8; ++K)
          if (TRI->regsOverlap(MO.getReg(), DRegs[K]))
            F.set(K, false, false);
        continue;
      }
      auto Imm = [&](unsigned J) -> std::optional<int64_t> {
        if (J < E && MI.getOperand(J).isImm())
          return MI.getOperand(J).getImm();
        return std::nullopt;
      };
      if (Full && I == 0 && Name == "AND32di" && Imm(2)) {
        uint32_t M = (uint32_t)*Imm(2);
        F.set(N, Old.z16(N) || (M >> 16) == 0, Old.z8(N) || (M >> 8) == 0);
      } else if (Full && I == 0 && Name == "MOVQ" && Imm(1)) {
        F.set(N, *Imm(1) >= 0, *Imm(1) >= 0);
      } else if (Full && I == 0 && Name == "LSR32di" && Imm(2)) {
        F.set(N, Old.z16(N) || *Imm(2) >= 16, Old.z8(N) || *Imm(2) >= 24);
      } else if (Full && I == 0 && Name == "MOV32rr" && MI.getOperand(1).isReg()) {
        bool SF = false;
        int S = dataReg(MI.getOperand(1).getReg(), &SF);
        if (S >= 0 && SF)
          F.set(N, Old.z16(S), Old.z8(S));
        else
          F.set(N, false, false);
      } else if (!Full && writesOnlyPart(Name)) {
        bool Byte = TRI->getName(MO.getReg())[0] == 'B' ||
                    TRI->getName(MO.getReg())[0] == 'b';
        bool Z8 = Byte ? Old.z8(N) : false;
        if (Name == "AND16di" && Imm(2))
          Z8 = Old.z8(N) || (Old.z16(N) && ((uint64_t)*Imm(2) & 0xFF00) == 0);
        F.set(N, Old.z16(N), Z8);
      } else {
        F.set(N, false, false);
      }
    }
  }

  /// Zero extensions (`and.l #$ffff,%dN`, 16 cycles, 6 bytes, the expansion
  /// of every u16 -> u32/usize widening): removed where the upper bits are
  /// already known zero (forward data flow over the function: `moveq` of a
  /// non-negative value, an earlier mask, `lsr.l #16+`, copies, and word or
  /// byte operations, which leave the upper word alone); otherwise, where
  /// the low word was last written by a `move.w` whose source does not
  /// involve the register, `moveq #0,%dN` (4 cycles, 2 bytes) is put before
  /// that `move.w` and the mask goes. The same for `and.l #$ff` and
  /// `and.w #$ff` after byte values. Only where the mask's flags are not
  /// read (AND sets N and Z from its result).
  bool zeroExtends(MachineFunction &MF) {
    for (int N = 0; N < 8; ++N)
      DRegs[N] = regByName(std::string("D") + char('0' + N));
    ReversePostOrderTraversal<MachineFunction *> RPOT(&MF);
    DenseMap<MachineBasicBlock *, ZFacts> Out;
    ZFacts Top;
    Top.Z16 = Top.Z8 = 0xFF;
    for (MachineBasicBlock *B : RPOT)
      Out[B] = Top;
    auto In = [&](MachineBasicBlock *B) {
      if (B == &MF.front() || B->pred_empty())
        return ZFacts();
      ZFacts F = Top;
      for (MachineBasicBlock *P : B->predecessors()) {
        auto It = Out.find(P);
        ZFacts PF = It == Out.end() ? ZFacts() : It->second;
        F.Z16 &= PF.Z16;
        F.Z8 &= PF.Z8;
      }
      return F;
    };
    for (bool Again = true; Again;) {
      Again = false;
      for (MachineBasicBlock *B : RPOT) {
        ZFacts F = In(B);
        for (MachineInstr &MI : *B)
          if (!MI.isDebugInstr())
            zTransfer(MI, F);
        if (F != Out[B]) {
          Out[B] = F;
          Again = true;
        }
      }
    }
    bool Changed = false;
    for (MachineBasicBlock *B : RPOT) {
      DenseMap<MachineInstr *, bool> NeedAfter = ccrNeededAfter(*B);
      ZFacts F = In(B);
      for (MachineInstr &MI : llvm::make_early_inc_range(*B)) {
        if (MI.isDebugInstr())
          continue;
        ZFacts Before = F;
        zTransfer(MI, F);
        StringRef Name = TII->getName(MI.getOpcode());
        bool Long = Name == "AND32di", Word = Name == "AND16di";
        if ((!Long && !Word) || MI.getNumOperands() < 3 ||
            !MI.getOperand(0).isReg() || !MI.getOperand(2).isImm() ||
            !MI.getOperand(1).isReg() ||
            MI.getOperand(1).getReg() != MI.getOperand(0).getReg())
          continue;
        bool Full = false;
        int N = dataReg(MI.getOperand(0).getReg(), &Full);
        if (N < 0 || Full != Long)
          continue;
        if (NeedAfter.lookup(&MI) && !ccrDefDead(MI))
          continue; // its flags are read
        uint32_t M = (uint32_t)MI.getOperand(2).getImm();
        if (Word)
          M |= 0xFFFF0000u;
        // Bits that may be set before the mask.
        uint32_t May = Before.z8(N) ? 0xFFu : Before.z16(N) ? 0xFFFFu : ~0u;
        if ((May & ~M) == 0) {
          logRewrite(MF, "zext", MI, "(removed: upper bits already zero)");
          MI.eraseFromParent();
          Changed = true;
          continue;
        }
        if (Long && (May & ~M) <= 0xFFFFu && Before.z16(N)) {
          // The upper word is zero and stays zero: and.w does the same
          // (16 -> 8 cycles, 6 -> 4 bytes; its N flag is unread here).
          BuildMI(*B, MI.getIterator(), MI.getDebugLoc(), TII->get(opcode("AND16di")),
                  regByName(std::string("WD") + char('0' + N)))
              .addReg(regByName(std::string("WD") + char('0' + N)))
              .addImm((int16_t)(M & 0xFFFF))
              ->getOperand(3)
              .setIsDead();
          logRewrite(MF, "zext", MI, "and.w (upper word already zero)");
          MI.eraseFromParent();
          Changed = true;
          continue;
        }
        if (!Long || (M != 0xFFFFu && M != 0xFFu))
          continue;
        // Find the move.w / move.b that last wrote the low part, or the
        // move.l from another data register that wrote all of it.
        bool Byte = M == 0xFFu;
        MachineInstr *Mov = nullptr, *Copy = nullptr;
        for (auto It = MachineBasicBlock::reverse_iterator(MI); ++It != B->rend();) {
          MachineInstr &J = *It;
          if (J.isDebugInstr())
            continue;
          if (!Byte && TII->getName(J.getOpcode()) == "MOV32rr" &&
              J.getOperand(0).isReg() && J.getOperand(0).getReg() == DRegs[N] &&
              J.getOperand(1).isReg()) {
            bool SF = false;
            int S = dataReg(J.getOperand(1).getReg(), &SF);
            if (S >= 0 && SF && S != N)
              Copy = &J;
            break;
          }
          bool Bad = false, PartDef = false, UsesN = false;
          for (const MachineOperand &MO : J.operands()) {
            if (MO.isRegMask() && MO.clobbersPhysReg(DRegs[N]))
              Bad = true;
            if (!MO.isReg() || !MO.getReg().isPhysical() ||
                !TRI->regsOverlap(MO.getReg(), DRegs[N]))
              continue;
            bool F2 = false;
            int K = dataReg(MO.getReg(), &F2);
            if (K != N || F2)
              Bad = true; // the whole register (or something wider)
            else if (MO.isDef())
              PartDef = true;
            else
              UsesN = true;
          }
          if (Bad)
            break;
          StringRef JN = TII->getName(J.getOpcode());
          if (PartDef && JN.starts_with(Byte ? "MOV8" : "MOV16") && !UsesN &&
              J.getOperand(0).isReg() && dataReg(J.getOperand(0).getReg()) == N) {
            Mov = &J;
            break;
          }
          if (PartDef && (Byte || !writesOnlyPart(JN)))
            break; // (for a byte: bits 8-15 may be written here)
        }
        if (Copy) {
          // move.l %dS,%dN; ...; and.l #$ffff,%dN -> moveq #0,%dN;
          // move.w %dS,%dN; ... (the same value; 20 -> 8 cycles, 8 -> 4 bytes).
          if (ccrNeededBefore(*Copy, NeedAfter) || NeedAfter.lookup(Copy))
            continue;
          int S = dataReg(Copy->getOperand(1).getReg());
          MachineInstr *Q = BuildMI(*B, Copy->getIterator(), Copy->getDebugLoc(),
                                    TII->get(opcode("MOVQ")), DRegs[N])
                                .addImm(0);
          MachineInstr *W =
              BuildMI(*B, Copy->getIterator(), Copy->getDebugLoc(),
                      TII->get(opcode("MOV16rr")),
                      regByName(std::string("WD") + char('0' + N)))
                  .addReg(regByName(std::string("WD") + char('0' + S)));
          for (MachineInstr *X : {Q, W})
            for (MachineOperand &MO : X->implicit_operands())
              if (MO.isReg() && MO.isDef() && TRI->regsOverlap(MO.getReg(), CCR))
                MO.setIsDead();
          logRewrite(MF, "zext", MI,
                     std::string("moveq #0,%d") + char('0' + N) + "; move.w %d" +
                         char('0' + S) + ",%d" + char('0' + N) + " for the move.l");
          Copy->eraseFromParent();
          MI.eraseFromParent();
          Changed = true;
          continue;
        }
        if (!Mov || ccrNeededBefore(*Mov, NeedAfter)) {
          if (M == 0xFFFFu) {
            // Nothing to build on: `swap; clr.w; swap` (12 cycles instead
            // of 16, same 6 bytes; the same N and Z as the mask, V and C
            // cleared, X untouched, so exact even where the flags are read).
            Register D = DRegs[N];
            emitRaw(MI, 0x4840 | N, "swap; clr.w; swap", {D}, {D},
                    ccrDefDead(MI) ? 1 : 0,
                    {(uint16_t)(0x4240 | N), (uint16_t)(0x4840 | N)});
            logRewrite(MF, "zext", MI, "swap; clr.w; swap");
            MI.eraseFromParent();
            Changed = true;
          }
          continue;
        }
        BuildMI(*B, Mov->getIterator(), Mov->getDebugLoc(),
                TII->get(opcode("MOVQ")), DRegs[N])
            .addImm(0);
        for (MachineOperand &MO : std::prev(Mov->getIterator())->implicit_operands())
          if (MO.isReg() && MO.isDef() && TRI->regsOverlap(MO.getReg(), CCR))
            MO.setIsDead();
        logRewrite(MF, "zext", MI,
                   std::string("moveq #0,%d") + char('0' + N) + " before the move");
        MI.eraseFromParent();
        Changed = true;
      }
    }
    return Changed;
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    if (!isM68k(MF.getTarget().getTargetTriple()))
      return false;
    initMachineInfo(MF);
    bool Changed = false;
    if (FixHoist)
      Changed |= hoistOverFlags(MF);
    if (FixMovem)
      Changed |= spillMoves(MF);
    if (FixZext)
      Changed |= zeroExtends(MF);
    if (FixCmp)
      Changed |= subtractCompares(MF);
    if (FixQuick)
      Changed |= quickImmediates(MF);
    if (FixTst)
      Changed |= compareZero(MF);
    return Changed;
  }
};
char M68kCodeImprovementsPass::ID = 0;

RegisterPass<M68kCodeImprovementsPass> RegisterImprovementsPass(
    "m68k-fixes-improvements", "m68k-fixes: code improvements",
    /*CFGOnly=*/false, /*is_analysis=*/false);

} // namespace

char &M68kCodeImprovementsPassID = M68kCodeImprovementsPass::ID;

} // namespace m68k_fixes
