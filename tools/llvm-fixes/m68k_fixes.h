//===- m68k_fixes.h - shared parts of the m68k-fixes plugin ----------------===//
//
// What the plugin's files share: the settings (environment variables), and
// MachineInfo, the view of the M68k target that both machine passes use
// (registers and opcodes by name, which instructions read or write the flags,
// the backward liveness of CCR).
//
// The plugin's files:
//   correctness_fixes.cpp  the fixes of the six LLVM 22 bugs (wrong code or a
//                          crash without them); documented at its top
//   code_improvements.cpp  rewrites of correct but slow code, and LLVM
//                          code-generator settings; documented at its top
//   plugin.cpp             the plugin's entry point: where each pass goes in
//                          rustc's pipelines
//===----------------------------------------------------------------------===//
#ifndef M68K_FIXES_H
#define M68K_FIXES_H

#include <cstdio>
#include <optional>

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Pass.h"
#include "llvm/PassRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace m68k_fixes {

enum class TailCallMode { Jmp, Disable, Keep };

// Settings come from the environment, not cl::opt: rustc parses
// `-C llvm-args` before it loads `-Z llvm-plugins`, so plugin options would be
// rejected as unknown. (Cargo does not track these variables: after changing
// them, rebuild from clean.)
//   M68K_FIXES_DISABLE=stack-index,mulo,ccr,libcalls,dreg,movem,zext,quick,tst,cmp,hoist,
//                      ipra,lsr,placement
//                                              turn individual fixes
//                                              off ("all" = all of them;
//                                              "improvements" = every code
//                                              improvement, no bug fix);
//                                              "verify" turns the final bug-6
//                                              check off (for evidence only)
//   M68K_FIXES_TAILCALL=jmp|disable|keep       bug 4 strategy (default jmp)
//   M68K_FIXES_VERBOSE=1                       log every rewrite to stderr
struct Settings {
  bool StackIndex = true, Mulo = true, CCR = true, Libcalls = true, DReg = true,
       Movem = true, Zext = true, Quick = true, Tst = true, Cmp = true, Hoist = true,
       IPRA = true, LSR = true, Placement = true, Verify = true,
       Verbose = false;
  TailCallMode TailCalls = TailCallMode::Jmp;
  Settings() {
    if (const char *D = getenv("M68K_FIXES_DISABLE")) {
      SmallVector<StringRef, 4> Parts;
      StringRef(D).split(Parts, ',', -1, false);
      for (StringRef P : Parts) {
        P = P.trim();
        if (P == "stack-index") StackIndex = false;
        else if (P == "mulo") Mulo = false;
        else if (P == "ccr") CCR = false;
        else if (P == "libcalls") Libcalls = false;
        else if (P == "dreg") DReg = false;
        else if (P == "movem") Movem = false;
        else if (P == "zext") Zext = false;
        else if (P == "quick") Quick = false;
        else if (P == "tst") Tst = false;
        else if (P == "cmp") Cmp = false;
        else if (P == "hoist") Hoist = false;
        else if (P == "ipra") IPRA = false;
        else if (P == "lsr") LSR = false;
        else if (P == "placement") Placement = false;
        else if (P == "verify") Verify = false;
        else if (P == "improvements")
          Movem = Zext = Quick = Tst = Cmp = Hoist = IPRA = LSR = Placement = false;
        else if (P == "all")
          StackIndex = Mulo = CCR = Libcalls = DReg = Movem = Zext = Quick =
              Tst = Cmp = Hoist = IPRA = LSR = Placement = false;
        else report_fatal_error(Twine("m68k-fixes: unknown M68K_FIXES_DISABLE item '") + P + "'");
      }
    }
    if (const char *T = getenv("M68K_FIXES_TAILCALL")) {
      StringRef V(T);
      if (V == "jmp") TailCalls = TailCallMode::Jmp;
      else if (V == "disable") TailCalls = TailCallMode::Disable;
      else if (V == "keep") TailCalls = TailCallMode::Keep;
      else report_fatal_error(Twine("m68k-fixes: M68K_FIXES_TAILCALL must be jmp, disable or keep, not '") + V + "'");
    }
    if (const char *V = getenv("M68K_FIXES_VERBOSE"))
      Verbose = *V && StringRef(V) != "0";
  }
};
inline const Settings &settings() {
  static Settings S;
  return S;
}
#define FixStackIndex (settings().StackIndex)
#define FixMulo (settings().Mulo)
#define FixCCR (settings().CCR)
#define FixLibcalls (settings().Libcalls)
#define FixDReg (settings().DReg)
#define FixMovem (settings().Movem)
#define FixZext (settings().Zext)
#define FixQuick (settings().Quick)
#define FixTst (settings().Tst)
#define FixCmp (settings().Cmp)
#define FixHoist (settings().Hoist)
#define FixIPRA (settings().IPRA)
#define FixLSR (settings().LSR)
#define FixPlacement (settings().Placement)
#define VerifyDReg (settings().Verify)
#define TailCalls (settings().TailCalls)
#define Verbose (settings().Verbose)

inline bool isM68k(const Triple &T) { return T.getArch() == Triple::m68k; }

//===----------------------------------------------------------------------===//
// The IR-level parts (run by plugin.cpp's IR pass, in this order).
//===----------------------------------------------------------------------===//

/// Bug 1 (correctness_fixes.cpp). Returns true if something changed.
bool fixStackIndexing(Function &F);
/// Bug 3 (correctness_fixes.cpp). Returns true if something changed.
bool fixMulWithOverflow(Function &F);
/// Bug 5 (correctness_fixes.cpp). Returns true if something changed.
bool fixLibcalls(Function &F);
/// Code improvement `ipra`, IR half (code_improvements.cpp).
bool clearTailMarkers(Module &M);

/// The machine passes (plugin.cpp inserts them into the code generator):
/// bug 6's operand constraint, right after instruction selection
/// (correctness_fixes.cpp) ...
extern char &M68kDRegPassID;
/// ... the code improvements, after all pseudo expansion, scheduling and
/// block placement (code_improvements.cpp) ...
extern char &M68kCodeImprovementsPassID;
/// ... and right after them the bug-2 CCR guard, the bug-4 tail-call jmp and
/// the bug-6 operand check (correctness_fixes.cpp), which therefore see the
/// final instructions.
extern char &M68kFixesMachinePassID;

//===----------------------------------------------------------------------===//
// MachineInfo: what the machine passes share.
//===----------------------------------------------------------------------===//
struct MachineInfo {
  const TargetInstrInfo *TII = nullptr;
  const TargetRegisterInfo *TRI = nullptr;
  MCRegister CCR, SP;

  /// Reads the target of MF (once per function: TII, TRI, CCR, SP).
  void initMachineInfo(MachineFunction &MF) {
    TII = MF.getSubtarget().getInstrInfo();
    TRI = MF.getSubtarget().getRegisterInfo();
    CCR = regByName("CCR");
    SP = regByName("SP");
    if (!CCR || !SP)
      report_fatal_error("m68k-fixes: cannot find CCR/SP registers");
  }

  MCRegister regByName(StringRef Name) {
    for (unsigned R = 1, E = TRI->getNumRegs(); R < E; ++R)
      if (Name.equals_insensitive(TRI->getName(R)))
        return MCRegister(R);
    return MCRegister();
  }

  /// Does MI write CCR at all (explicitly, implicitly or via a regmask)?
  bool defsCCR(const MachineInstr &MI) const {
    for (const MachineOperand &MO : MI.operands()) {
      if (MO.isReg() && MO.isDef() && MO.getReg().isPhysical() &&
          TRI->regsOverlap(MO.getReg(), CCR))
        return true;
      if (MO.isRegMask() && MO.clobbersPhysReg(CCR))
        return true;
    }
    return false;
  }
  bool readsCCR(const MachineInstr &MI) const {
    for (const MachineOperand &MO : MI.operands())
      if (MO.isReg() && MO.readsReg() && MO.getReg().isPhysical() &&
          TRI->regsOverlap(MO.getReg(), CCR))
        return true;
    // Inline asm that reads the flags says so with an explicit CCR operand.
    return false;
  }

  /// Address registers: a MOVE into one is MOVEA, which leaves CCR alone.
  bool isAddrReg(Register R) const {
    StringRef N = TRI->getName(R);
    N.consume_front_insensitive("W");
    return N.equals_insensitive("SP") ||
           (N.size() == 2 && (N[0] == 'A' || N[0] == 'a') && isDigit(N[1]));
  }

  /// MOVEA/ADDA/SUBA/LEA: the backend models a CCR def for some of them, but
  /// the 68000 leaves CCR alone when the destination is an address register.
  bool isCCRTransparent(const MachineInstr &MI) const {
    StringRef Name = TII->getName(MI.getOpcode());
    if (!Name.starts_with("MOV") && !Name.starts_with("ADD") &&
        !Name.starts_with("SUB") && !Name.starts_with("LEA"))
      return false;
    if (Name.starts_with("MOVM"))
      return false;
    bool AnyDef = false;
    for (const MachineOperand &MO : MI.operands()) {
      if (!MO.isReg() || !MO.isDef() || MO.isImplicit())
        continue;
      if (!isAddrReg(MO.getReg()))
        return false;
      AnyDef = true;
    }
    return AnyDef;
  }

  /// An instruction that writes CCR although nothing intends to read the
  /// result: expansions of COPY (MOV*rr), spills/reloads (MOV* to/from the
  /// stack) and rematerialised constants (MOVI/MOVQ), or anything whose CCR
  /// def is explicitly marked dead. MOVEM (MOVM*) does not touch CCR.
  bool isUnintendedCCRDef(const MachineInstr &MI) const {
    if (MI.isCall() || MI.isInlineAsm() || !defsCCR(MI) || isCCRTransparent(MI))
      return false;
    for (const MachineOperand &MO : MI.operands())
      if (MO.isReg() && MO.isDef() && MO.isDead() &&
          MO.getReg().isPhysical() && TRI->regsOverlap(MO.getReg(), CCR))
        return true;
    StringRef Name = TII->getName(MI.getOpcode());
    if (!Name.starts_with("MOV") || Name.starts_with("MOVM"))
      return false;
    // A move *to* CCR/SR is an intended flag write; a move to an address
    // register is MOVEA and does not touch CCR at all.
    for (const MachineOperand &MO : MI.operands())
      if (MO.isReg() && MO.isDef() && !MO.isImplicit() &&
          (TRI->regsOverlap(MO.getReg(), CCR) || isAddrReg(MO.getReg())))
        return false;
    return true;
  }

  /// Backward over MBB: is CCR needed after each instruction, treating
  /// unintended defs as transparent (that is what the code generator assumed)?
  DenseMap<MachineInstr *, bool> ccrNeededAfter(MachineBasicBlock &MBB) const {
    bool Need = false;
    for (MachineBasicBlock *S : MBB.successors())
      if (S->isLiveIn(CCR))
        Need = true;
    DenseMap<MachineInstr *, bool> NeedAfter;
    for (MachineInstr &MI : llvm::reverse(MBB)) {
      if (MI.isDebugInstr())
        continue;
      NeedAfter[&MI] = Need;
      if (isUnintendedCCRDef(MI) || isCCRTransparent(MI))
        continue;
      if (defsCCR(MI))
        Need = false;
      if (readsCCR(MI))
        Need = true;
    }
    return NeedAfter;
  }

  /// Opcode numbers by name (resolved once per pass object).
  StringMap<unsigned> OpcodeByName;
  unsigned opcode(StringRef Name) {
    if (OpcodeByName.empty())
      for (unsigned Op = 0, E = TII->getNumOpcodes(); Op != E; ++Op)
        OpcodeByName[TII->getName(Op)] = Op;
    auto It = OpcodeByName.find(Name);
    if (It == OpcodeByName.end())
      report_fatal_error(Twine("m68k-fixes: unknown M68k opcode ") + Name);
    return It->second;
  }
};

} // namespace m68k_fixes

#endif // M68K_FIXES_H
