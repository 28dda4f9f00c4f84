//
// The correctness half of the m68k-fixes plugin (libm68k_fixes.so, see
// plugin.cpp): it neutralises six code-generation bugs of LLVM 22's M68k
// backend when targeting the plain MC68000 (bugs 5 and 6 are described at
// fixLibcalls and M68kDRegPass below). Without these, rustc's output is wrong
// (bugs 1-4, 6) or rustc crashes (bug 5): each fix must stay exactly as
// strong as it is, and every change here is proven by the self-test built
// without the fixes (it must fail) and with them (it must equal the host),
// the disassembly gate and tools/llvm-fixes/check.sh.
//
// RISK: a fix that stops matching a code shape lets the miscompile through
// silently; the self-test and the gate are the guard, and any new code shape
// LLVM gets wrong needs a self-test case and a fix or a gate rule. (The speed
// rewrites are in code_improvements.cpp: they carry the opposite risk.)
//
//  Bug 1  A variable index into a stack object (alloca) reads/writes element 0
//         (LLVM issue #200984): ISel folds (FrameIndex + Xn) into the
//         (d8,An,Xn) addressing mode and frame-index elimination drops Xn.
//         FIX (IR pass): the base pointer of every variably-indexed GEP that is
//         derived from an alloca is routed through an empty inline asm
//         (`asm "", "=r,0"`). ISel then sees an opaque register, never a
//         FrameIndex, so the broken fold cannot happen.
//
//  Bug 2  Register copies (COPY expanded post-RA into `move`, which on the
//         68000 sets N/Z and clears V/C), spills/reloads and rematerialised
//         `moveq`s are placed between a flag-setting compare and the branch
//         that reads the flags. The backend does not model that these
//         late-inserted moves clobber CCR.
//         FIX (machine pass, runs after all pseudo expansion and scheduling):
//         finds every such move (a MOV* opcode, or any instruction whose CCR
//         def is marked dead, that sits where CCR holds a live value) and
//         brackets it with `move.w %sr,-(%sp)` ... `move.w (%sp)+,%ccr`.
//         MOVE from SR is unprivileged on the MC68000 (we also run in
//         supervisor mode); MOVE to CCR is plain 68000. SP-relative
//         displacements of the bracketed instructions are adjusted by +2.
//         (MOVE from CCR would be 68010+, so it is not used.)
//
//  Bug 3  llvm.{u,s}mul.with.overflow.i32 (checked_/overflowing_/saturating_mul
//         and `*` with overflow checks) is selected to the 68020-only
//         `mulu.l`/`muls.l` (and the i64 forms are legalised into those too).
//         FIX (IR pass): the intrinsics are expanded in IR before codegen:
//         i32 unsigned via three 16x16->32 partial products (68000 `mulu.w`),
//         signed via magnitudes + the unsigned check; i64 via a widening i128
//         multiply (libcall); i128 via a wrapping multiply and a division
//         check (libcalls). No 32x32 hardware multiply is ever requested.
//
//  Bug 4  Direct tail calls are emitted as `bra <sym>`, which the integrated
//         assembler relaxes to the 68020-only `bra.l`.
//         FIX (same machine pass): the TAILJMPq pseudo is replaced by the raw
//         encoding of `jmp (xxx).l` (0x4EF9 + absolute 32-bit address, an
//         R_68K_32 relocation) - same 6 bytes, plain 68000. The M68k assembler
//         parser cannot parse `jmp sym`, hence the `.short`/`.long` spelling.
//         `M68K_FIXES_TAILCALL=disable` instead adds "disable-tail-calls" to
//         every function; `=keep` leaves `bra.l` for a post-link patcher.
//
// The machine pass (M68kFixesMachinePass: bugs 2, 4 and the bug-6 check) is
// inserted by plugin.cpp after "Insert XRay ops" (a pass present at every
// optimisation level and placed after ExpandPostRAPseudos, the M68k pseudo
// expansion, post-RA scheduling and block placement, so nothing reorders
// instructions afterwards), right after the code improvements, so the CCR
// guard and the check see the final instructions.
//
//  Bug 5  ISel segfaults on libcall-expanded i32/i64 mul/div/rem (a crash).
//         FIX (IR pass): the libcalls are emitted explicitly in IR.
//
//  Bug 6  Pseudos whose result class includes address registers expand to
//         data-register-only instructions (`and.l #$ffff,%a0` for a zext),
//         which the encoder silently turns into the same op on %d0.
//         FIX (pre-RA machine pass after finalize-isel): constrain those vregs
//         to DR32/DR16. CHECK (end of the post-RA pass): any register operand
//         outside its instruction's class stops compilation.
//
// Settings: environment variables M68K_FIXES_DISABLE, M68K_FIXES_TAILCALL,
// M68K_FIXES_VERBOSE (see struct Settings in m68k_fixes.h).
//===----------------------------------------------------------------------===//

#include "m68k_fixes.h"

namespace m68k_fixes {

//===----------------------------------------------------------------------===//
// IR part: bug 1 (stack index), bug 3 (multiply with overflow) and bug 5
// (libcalls); plugin.cpp's IR pass runs them (and the optional
// "disable-tail-calls" mode of bug 4).
//===----------------------------------------------------------------------===//

/// Bug 1. Returns true if something changed.
bool fixStackIndexing(Function &F) {
  bool Changed = false;
  SmallVector<AllocaInst *, 16> Allocas;
  for (Instruction &I : instructions(F))
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      Allocas.push_back(AI);

  for (AllocaInst *AI : Allocas) {
    // Walk pointers derived from the alloca by constant offsets; they still
    // lower to FrameIndex(+const) in the DAG. Any GEP with a variable index
    // (or any int conversion, which lets the DAG re-form FI + x) gets an
    // opaque copy of its base pointer.
    SmallVector<Value *, 8> Work{AI};
    SmallPtrSet<Value *, 8> Seen{AI};
    // One opaque copy per base value, created lazily right after its def.
    DenseMap<Value *, Value *> Opaque;
    auto getOpaque = [&](Value *Base) -> Value * {
      auto It = Opaque.find(Base);
      if (It != Opaque.end())
        return It->second;
      Instruction *Def = cast<Instruction>(Base);
      BasicBlock::iterator IP;
      if (isa<AllocaInst>(Def))
        IP = Def->getParent()->getFirstNonPHIOrDbgOrAlloca();
      else
        IP = std::next(Def->getIterator());
      IRBuilder<> B(Def->getParent(), IP);
      auto *FTy = FunctionType::get(Base->getType(), {Base->getType()}, false);
      // "=r,0": output in a register, tied to the input. No side effects and
      // no memory clobber: only the *identity* of the pointer is hidden.
      auto *IA = InlineAsm::get(FTy, "", "=r,0", /*hasSideEffects=*/false);
      CallInst *C = B.CreateCall(FTy, IA, {Base}, Base->getName() + ".opaque");
      C->setDoesNotThrow();
      C->setDoesNotAccessMemory();
      Opaque[Base] = C;
      return C;
    };

    while (!Work.empty()) {
      Value *V = Work.pop_back_val();
      SmallVector<Use *, 8> Uses;
      for (Use &U : V->uses())
        Uses.push_back(&U);
      for (Use *U : Uses) {
        auto *User = dyn_cast<Instruction>(U->getUser());
        if (!User || User == Opaque.lookup(V))
          continue;
        if (auto *GEP = dyn_cast<GetElementPtrInst>(User)) {
          if (U->getOperandNo() != GetElementPtrInst::getPointerOperandIndex())
            continue;
          if (GEP->hasAllConstantIndices()) {
            if (Seen.insert(GEP).second)
              Work.push_back(GEP);
          } else {
            U->set(getOpaque(V));
            Changed = true;
            if (Verbose)
              errs() << "m68k-fixes: " << F.getName()
                     << ": opaque base for variable index into stack object "
                     << AI->getName() << "\n";
          }
        } else if (isa<BitCastInst>(User) || isa<AddrSpaceCastInst>(User)) {
          if (Seen.insert(User).second)
            Work.push_back(User);
        } else if (isa<PtrToIntInst>(User)) {
          U->set(getOpaque(V));
          Changed = true;
        }
      }
    }
  }
  return Changed;
}

namespace {

/// 32-bit unsigned multiply with overflow, from 16x16->32 partial products.
/// Returns {low 32 bits of the product, overflow flag}.
std::pair<Value *, Value *> umulo32(IRBuilder<> &B, Value *A, Value *Bv) {
  Type *I32 = B.getInt32Ty(), *I16 = B.getInt16Ty();
  // Halves are formed as zext(trunc(..)) so the DAG sees i16 operands and
  // selects the 68000 `mulu.w` (16x16->32) for each partial product.
  auto Lo = [&](Value *X) { return B.CreateZExt(B.CreateTrunc(X, I16), I32); };
  auto Hi = [&](Value *X) {
    return B.CreateZExt(B.CreateTrunc(B.CreateLShr(X, 16), I16), I32);
  };
  Value *AL = Lo(A), *AH = Hi(A), *BL = Lo(Bv), *BH = Hi(Bv);
  Value *LL = B.CreateNUWMul(AL, BL, "mulo.ll");
  Value *HL = B.CreateNUWMul(AH, BL, "mulo.hl");
  Value *LH = B.CreateNUWMul(AL, BH, "mulo.lh");
  // If both high halves are non-zero the product is >= 2^32; otherwise at
  // most one of HL/LH is non-zero, so Cross cannot wrap.
  Value *Cross = B.CreateAdd(HL, LH, "mulo.cross");
  Value *Res = B.CreateAdd(LL, B.CreateShl(Cross, 16), "mulo.res");
  Value *Both = B.CreateAnd(B.CreateICmpNE(AH, ConstantInt::get(I32, 0)),
                            B.CreateICmpNE(BH, ConstantInt::get(I32, 0)));
  Value *CrossHi = B.CreateICmpUGT(Cross, ConstantInt::get(I32, 0xffff));
  Value *Carry = B.CreateICmpULT(Res, LL);
  Value *Ovf = B.CreateOr(B.CreateOr(Both, CrossHi), Carry, "mulo.ovf");
  return {Res, Ovf};
}

/// N-bit (N = 64, 128) unsigned multiply with overflow using libcalls only.
std::pair<Value *, Value *> umuloWide(IRBuilder<> &B, Value *A, Value *Bv) {
  auto *Ty = cast<IntegerType>(A->getType());
  unsigned N = Ty->getBitWidth();
  if (N <= 64) {
    // Widening multiply: i128 mul is the __multi3 libcall.
    Type *W = B.getIntNTy(2 * N);
    Value *P = B.CreateMul(B.CreateZExt(A, W), B.CreateZExt(Bv, W));
    Value *Res = B.CreateTrunc(P, Ty);
    Value *Ovf = B.CreateICmpNE(B.CreateLShr(P, N), ConstantInt::get(W, 0));
    return {Res, Ovf};
  }
  // Wrapping multiply + division check: ovf = b != 0 && res / b != a.
  Value *Res = B.CreateMul(A, Bv);
  Value *Zero = ConstantInt::get(Ty, 0);
  Value *BNZ = B.CreateICmpNE(Bv, Zero);
  // Avoid dividing by zero: divide by (b | (b == 0)).
  Value *Div = B.CreateOr(Bv, B.CreateZExt(B.CreateICmpEQ(Bv, Zero), Ty));
  Value *Ovf = B.CreateAnd(BNZ, B.CreateICmpNE(B.CreateUDiv(Res, Div), A));
  return {Res, Ovf};
}

std::pair<Value *, Value *> umulo(IRBuilder<> &B, Value *A, Value *Bv) {
  if (A->getType()->getIntegerBitWidth() == 32)
    return umulo32(B, A, Bv);
  return umuloWide(B, A, Bv);
}

/// Signed: multiply magnitudes, then check against 2^(N-1)-1 or 2^(N-1).
std::pair<Value *, Value *> smulo(IRBuilder<> &B, Value *A, Value *Bv) {
  auto *Ty = cast<IntegerType>(A->getType());
  unsigned N = Ty->getBitWidth();
  Value *Zero = ConstantInt::get(Ty, 0);
  Value *NA = B.CreateICmpSLT(A, Zero), *NB = B.CreateICmpSLT(Bv, Zero);
  Value *UA = B.CreateSelect(NA, B.CreateSub(Zero, A), A);
  Value *UB = B.CreateSelect(NB, B.CreateSub(Zero, Bv), Bv);
  auto [P, O] = umulo(B, UA, UB);
  Value *Neg = B.CreateXor(NA, NB);
  // Limit = 0x7fff.. + Neg
  Value *Limit = B.CreateAdd(ConstantInt::get(Ty, APInt::getSignedMaxValue(N)),
                             B.CreateZExt(Neg, Ty));
  Value *Ovf = B.CreateOr(O, B.CreateICmpUGT(P, Limit), "smulo.ovf");
  Value *Res = B.CreateSelect(Neg, B.CreateSub(Zero, P), P, "smulo.res");
  return {Res, Ovf};
}

} // namespace

/// Bug 3. Returns true if something changed.
bool fixMulWithOverflow(Function &F) {
  SmallVector<IntrinsicInst *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      Intrinsic::ID ID = II->getIntrinsicID();
      if (ID != Intrinsic::umul_with_overflow &&
          ID != Intrinsic::smul_with_overflow)
        continue;
      auto *Ty = dyn_cast<IntegerType>(II->getArgOperand(0)->getType());
      // i8/i16 are selected to mulu.w/muls.w (fine); vectors don't occur.
      if (!Ty || Ty->getBitWidth() < 32)
        continue;
      Calls.push_back(II);
    }
  for (IntrinsicInst *II : Calls) {
    IRBuilder<> B(II);
    Value *A = II->getArgOperand(0), *Bv = II->getArgOperand(1);
    auto [Res, Ovf] = II->getIntrinsicID() == Intrinsic::umul_with_overflow
                          ? umulo(B, A, Bv)
                          : smulo(B, A, Bv);
    Value *Agg = PoisonValue::get(II->getType());
    Agg = B.CreateInsertValue(Agg, Res, 0);
    Agg = B.CreateInsertValue(Agg, Ovf, 1);
    if (Verbose)
      errs() << "m68k-fixes: " << F.getName() << ": expanded "
             << II->getCalledFunction()->getName() << "\n";
    II->replaceAllUsesWith(Agg);
    II->eraseFromParent();
  }
  return !Calls.empty();
}

/// Bug 5 (crash, not a miscompile): the M68k instruction selector segfaults on
/// some i32/i64 multiplies, divisions and remainders that the legaliser turns into
/// libcalls (__mulsi3, __udivsi3, ..., __muldi3, ...) -- e.g. two such operations
/// with loaded operands around a call in one block (see README). The plain 68000
/// has no 32-bit multiply or divide, so these operations always end up as exactly
/// those libcalls; emitting the calls here, in IR, gives the same code without
/// going through the crashing path. Left alone: i8/i16 (mulu.w/divu.w), multiplies
/// by constants the backend turns into shifts and adds (|C| = 2^a + 2^b or 2^a - 1),
/// and divisions by powers of two (shifts).
static bool cheapConstMul(const APInt &C) {
  APInt A = C.abs();
  return A.popcount() <= 2 || (A + 1).isPowerOf2();
}

bool fixLibcalls(Function &F) {
  if (F.hasFnAttribute("no-builtins"))
    return false; // compiler_builtins implements these very functions
  Module &M = *F.getParent();
  SmallVector<BinaryOperator *, 8> Ops;
  for (Instruction &I : instructions(F)) {
    auto *BO = dyn_cast<BinaryOperator>(&I);
    if (!BO)
      continue;
    auto *Ty = dyn_cast<IntegerType>(BO->getType());
    if (!Ty || (Ty->getBitWidth() != 32 && Ty->getBitWidth() != 64))
      continue;
    auto *C0 = dyn_cast<ConstantInt>(BO->getOperand(0));
    auto *C1 = dyn_cast<ConstantInt>(BO->getOperand(1));
    switch (BO->getOpcode()) {
    case Instruction::Mul:
      if ((C0 && cheapConstMul(C0->getValue())) || (C1 && cheapConstMul(C1->getValue())))
        continue;
      break;
    case Instruction::UDiv:
    case Instruction::SDiv:
    case Instruction::URem:
    case Instruction::SRem:
      if (C1 && C1->getValue().abs().isPowerOf2())
        continue;
      break;
    default:
      continue;
    }
    if (C0 && C1)
      continue; // folded anyway
    Ops.push_back(BO);
  }
  for (BinaryOperator *BO : Ops) {
    bool Wide = BO->getType()->getIntegerBitWidth() == 64;
    const char *Name = nullptr;
    switch (BO->getOpcode()) {
    case Instruction::Mul: Name = Wide ? "__muldi3" : "__mulsi3"; break;
    case Instruction::UDiv: Name = Wide ? "__udivdi3" : "__udivsi3"; break;
    case Instruction::SDiv: Name = Wide ? "__divdi3" : "__divsi3"; break;
    case Instruction::URem: Name = Wide ? "__umoddi3" : "__umodsi3"; break;
    default: Name = Wide ? "__moddi3" : "__modsi3"; break;
    }
    if (F.getName() == Name)
      continue;
    Type *Ty = BO->getType();
    FunctionCallee Callee = M.getOrInsertFunction(Name, FunctionType::get(Ty, {Ty, Ty}, false));
    IRBuilder<> B(BO);
    CallInst *Call = B.CreateCall(Callee, {BO->getOperand(0), BO->getOperand(1)});
    Call->setDoesNotThrow();
    Call->takeName(BO);
    if (Verbose)
      errs() << "m68k-fixes: " << F.getName() << ": " << BO->getOpcodeName() << " -> " << Name << "\n";
    BO->replaceAllUsesWith(Call);
    BO->eraseFromParent();
  }
  return !Ops.empty();
}

namespace {

//===----------------------------------------------------------------------===//
// Bug 6: data-register-only instructions on address registers.
//
// Some M68k pseudos accept any register (XR32 = D0-D7 + A0-A7) for their
// result although their post-RA expansion is a data-register-only instruction:
//   MOVZXd32d16 -> move.l src,dst ; and.l #$ffff,dst   (AND: Dn only)
//   MOVSXd32d16 -> move.l src,dst ; ext.l dst          (EXT: Dn only)
//   SETCS_C32d  -> subx.l dst,dst                      (SUBX: Dn only)
// and the register-source forms of AND/OR take XR (An) as the source, which
// the 68000 does not have (AND/OR <ea>,Dn: "data addressing modes" only).
// When the register allocator picks an address register, the MC encoder does
// not complain: it writes the register number into a data-register field, so
// `and.l #$ffff,%a0` is emitted as `and.l #$ffff,%d0` (a valid instruction that
// clobbers d0 and leaves a0 unmasked) and `and.l %a0,%d1` as an illegal opcode.
// FIX (pre-RA machine pass, inserted right after finalize-isel): the virtual
// register of each such operand is constrained to the data-register class, so
// the allocator never picks An (a COPY is inserted if the value must also live
// in An, e.g. when it is used as a base address). CHECK (end of the post-RA
// machine pass): every real instruction's register operands are checked against
// the operand classes of its MCInstrDesc and against the rules below; a
// violation stops the compiler (report_fatal_error) instead of reaching the
// binary.
//===----------------------------------------------------------------------===//

struct DRegRule {
  const char *Opcode;
  unsigned OpIdx;
  const char *Class;
};
const DRegRule DRegRules[] = {
    {"MOVZXd32d16", 0, "DR32"}, {"MOVSXd32d16", 0, "DR32"},
    {"SETCS_C32d", 0, "DR32"},  {"AND16dr", 2, "DR16"},
    {"AND32dr", 2, "DR32"},     {"OR16dr", 2, "DR16"},
    {"OR32dr", 2, "DR32"},
};

/// Opcode -> (operand index, required class), resolved by name at run time
/// (the M68k .td files and opcode enums are not installed).
using DRegRuleMap =
    DenseMap<unsigned, SmallVector<std::pair<unsigned, const TargetRegisterClass *>, 1>>;
DRegRuleMap buildDRegRules(const TargetInstrInfo &TII,
                           const TargetRegisterInfo &TRI) {
  StringMap<unsigned> Opcodes;
  for (unsigned Op = 0, E = TII.getNumOpcodes(); Op != E; ++Op)
    Opcodes[TII.getName(Op)] = Op;
  DRegRuleMap Map;
  for (const DRegRule &R : DRegRules) {
    auto It = Opcodes.find(R.Opcode);
    if (It == Opcodes.end())
      report_fatal_error(Twine("m68k-fixes: unknown M68k opcode ") + R.Opcode);
    const TargetRegisterClass *RC = nullptr;
    for (const TargetRegisterClass *C : TRI.regclasses())
      if (TRI.getRegClassName(C) == StringRef(R.Class))
        RC = C;
    if (!RC)
      report_fatal_error(Twine("m68k-fixes: unknown M68k register class ") + R.Class);
    Map[It->second].push_back({R.OpIdx, RC});
  }
  return Map;
}

struct M68kDRegPass : MachineFunctionPass {
  static char ID;
  M68kDRegPass() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "m68k-fixes: data-register operands";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  DRegRuleMap Rules;
  bool RulesBuilt = false;

  bool runOnMachineFunction(MachineFunction &MF) override {
    if (!isM68k(MF.getTarget().getTargetTriple()) || !FixDReg)
      return false;
    const TargetInstrInfo *TII = MF.getSubtarget().getInstrInfo();
    const TargetRegisterInfo *TRI = MF.getSubtarget().getRegisterInfo();
    MachineRegisterInfo &MRI = MF.getRegInfo();
    if (!RulesBuilt) {
      Rules = buildDRegRules(*TII, *TRI);
      RulesBuilt = true;
    }
    bool Changed = false;
    for (MachineBasicBlock &MBB : MF) {
      for (MachineInstr &MI : llvm::make_early_inc_range(MBB)) {
        auto It = Rules.find(MI.getOpcode());
        if (It == Rules.end())
          continue;
        for (auto [Idx, RC] : It->second) {
          if (Idx >= MI.getNumOperands())
            continue;
          MachineOperand &MO = MI.getOperand(Idx);
          if (!MO.isReg() || !MO.getReg().isVirtual() || MO.getSubReg())
            continue; // physical/subreg operands: left to the final check
          Register Reg = MO.getReg();
          if (RC->hasSubClassEq(MRI.getRegClass(Reg)))
            continue; // already a data register class
          const char *How = "constrained";
          if (!MRI.constrainRegClass(Reg, RC)) {
            // The value must (also) be in an address register: compute it in
            // a data register and copy it.
            Register New = MRI.createVirtualRegister(RC);
            if (MO.isDef()) {
              BuildMI(MBB, std::next(MI.getIterator()), MI.getDebugLoc(),
                      TII->get(TargetOpcode::COPY), Reg)
                  .addReg(New);
            } else {
              BuildMI(MBB, MI.getIterator(), MI.getDebugLoc(),
                      TII->get(TargetOpcode::COPY), New)
                  .addReg(Reg);
              MRI.clearKillFlags(Reg);
            }
            MO.setReg(New);
            How = "copied via a data register";
          }
          if (Verbose) {
            errs() << "m68k-fixes: " << MF.getName() << ": operand " << Idx
                   << " " << How << " to " << TRI->getRegClassName(RC) << ": ";
            MI.print(errs());
          }
          Changed = true;
        }
      }
    }
    return Changed;
  }
};
char M68kDRegPass::ID = 0;

//===----------------------------------------------------------------------===//
// Machine part: bug 2 (CCR clobbered by late moves), bug 4 (tail calls) and
// the bug-6 operand check.
//===----------------------------------------------------------------------===//

struct M68kFixesMachinePass : MachineFunctionPass, MachineInfo {
  static char ID;
  M68kFixesMachinePass() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "m68k-fixes: CCR guard and tail-call jmp";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  unsigned TailJmpQ = ~0u; // TAILJMPq: `bra sym` tail call

  /// Make MI correct when 2 extra bytes sit on top of the stack: bump the
  /// displacement of every (d16,SP)/(d8,SP,Xn) operand. Returns false if MI
  /// uses SP in a way that cannot be adjusted.
  bool adjustForPushedWord(MachineInstr &MI) {
    // Anything that moves SP itself (push/pop, ADDA to SP) cannot be bracketed.
    if (MI.modifiesRegister(SP, TRI))
      return false;
    for (unsigned I = 0, E = MI.getNumOperands(); I != E; ++I) {
      MachineOperand &MO = MI.getOperand(I);
      if (!MO.isReg() || MO.isImplicit() || !MO.getReg().isPhysical() ||
          !TRI->regsOverlap(MO.getReg(), SP))
        continue;
      // Memory operands are (disp, base[, index]): disp precedes SP.
      if (I > 0 && MI.mayLoadOrStore() && MI.getOperand(I - 1).isImm()) {
        MachineOperand &Disp = MI.getOperand(I - 1);
        Disp.setImm(Disp.getImm() + 2);
        continue;
      }
      return false;
    }
    return true;
  }
  bool guardCCR(MachineFunction &MF) {
    bool Changed = false;
    for (MachineBasicBlock &MBB : MF) {
      DenseMap<MachineInstr *, bool> NeedAfter = ccrNeededAfter(MBB);
      // Forward: does CCR hold an intended value before each instruction?
      bool Avail = MBB.isLiveIn(CCR);
      SmallVector<SmallVector<MachineInstr *, 4>, 4> Runs;
      MachineInstr *Prev = nullptr;
      for (MachineInstr &MI : MBB) {
        if (MI.isDebugInstr())
          continue;
        if (isUnintendedCCRDef(MI)) {
          if (Avail && NeedAfter[&MI]) {
            if (!Runs.empty() && Prev == Runs.back().back())
              Runs.back().push_back(&MI);
            else
              Runs.push_back({&MI});
            Prev = &MI;
          }
          continue;
        }
        if (defsCCR(MI) && !isCCRTransparent(MI))
          Avail = !MI.isCall();
        Prev = &MI;
      }
      for (auto &Run : Runs) {
        for (MachineInstr *MI : Run) {
          if (!adjustForPushedWord(*MI)) {
            std::string S;
            raw_string_ostream OS(S);
            OS << "m68k-fixes: cannot preserve CCR around an SP-relative "
                  "instruction in "
               << MF.getName() << ": ";
            MI->print(OS);
            report_fatal_error(Twine(OS.str()));
          }
        }
        MachineInstr *First = Run.front(), *Last = Run.back();
        DebugLoc DL = First->getDebugLoc();
        BuildMI(MBB, First->getIterator(), DL,
                TII->get(TargetOpcode::INLINEASM))
            .addExternalSymbol("move.w %sr, -(%sp)")
            .addImm(InlineAsm::Extra_HasSideEffects);
        BuildMI(MBB, std::next(Last->getIterator()), DL,
                TII->get(TargetOpcode::INLINEASM))
            .addExternalSymbol("move.w (%sp)+, %ccr")
            .addImm(InlineAsm::Extra_HasSideEffects);
        if (Verbose) {
          errs() << "m68k-fixes: " << MF.getName() << ": preserved CCR around "
                 << Run.size() << " instruction(s): ";
          First->print(errs());
        }
        Changed = true;
      }
    }
    return Changed;
  }

  bool fixTailCalls(MachineFunction &MF) {
    bool Changed = false;
    for (MachineBasicBlock &MBB : MF) {
      for (MachineInstr &MI : llvm::make_early_inc_range(MBB)) {
        if (MI.getOpcode() != TailJmpQ)
          continue;
        const MachineOperand &Target = MI.getOperand(0);
        if (!Target.isGlobal() && !Target.isSymbol())
          report_fatal_error("m68k-fixes: unexpected TAILJMPq operand");
        // jmp (xxx).l = 0x4EF9 followed by the 32-bit absolute address.
        MachineInstrBuilder MIB =
            BuildMI(MBB, MI.getIterator(), MI.getDebugLoc(),
                    TII->get(TargetOpcode::INLINEASM))
                .addExternalSymbol(".short 0x4ef9\n\t.long $0")
                .addImm(InlineAsm::Extra_HasSideEffects);
        MIB.addImm(InlineAsm::Flag(InlineAsm::Kind::Imm, 1));
        if (Target.isGlobal())
          MIB.addGlobalAddress(Target.getGlobal(), Target.getOffset());
        else
          MIB.addExternalSymbol(Target.getSymbolName());
        if (Verbose)
          errs() << "m68k-fixes: " << MF.getName()
                 << ": tail call -> jmp (xxx).l\n";
        MI.eraseFromParent();
        Changed = true;
      }
    }
    return Changed;
  }

  /// Bug 6 check: no real instruction may carry a register its encoding
  /// cannot express (the MC encoder would silently encode a different one).
  DRegRuleMap DRules;
  bool DRulesBuilt = false;
  void verifyOperandRegs(MachineFunction &MF) {
    if (!DRulesBuilt) {
      DRules = buildDRegRules(*TII, *TRI);
      DRulesBuilt = true;
    }
    for (MachineBasicBlock &MBB : MF)
      for (MachineInstr &MI : MBB) {
        const MCInstrDesc &D = MI.getDesc();
        if (D.isPseudo() || MI.isInlineAsm() || MI.isDebugInstr())
          continue;
        auto Fail = [&](unsigned Idx, const TargetRegisterClass *RC) {
          std::string S;
          raw_string_ostream OS(S);
          OS << "m68k-fixes: " << MF.getName() << ": operand " << Idx << " of "
             << TII->getName(MI.getOpcode()) << " is "
             << printReg(MI.getOperand(Idx).getReg(), TRI)
             << ", but the instruction only takes " << TRI->getRegClassName(RC)
             << " (bug 6: would be mis-encoded): ";
          MI.print(OS);
          report_fatal_error(Twine(OS.str()));
        };
        unsigned N = std::min(D.getNumOperands(), MI.getNumOperands());
        for (unsigned I = 0; I != N; ++I) {
          const MachineOperand &MO = MI.getOperand(I);
          if (!MO.isReg() || !MO.getReg().isPhysical())
            continue;
          if (const TargetRegisterClass *RC = TII->getRegClass(D, I))
            if (!RC->contains(MO.getReg()))
              Fail(I, RC);
        }
        auto It = DRules.find(MI.getOpcode());
        if (It != DRules.end())
          for (auto [Idx, RC] : It->second)
            if (Idx < MI.getNumOperands() && MI.getOperand(Idx).isReg() &&
                MI.getOperand(Idx).getReg().isPhysical() &&
                !RC->contains(MI.getOperand(Idx).getReg()))
              Fail(Idx, RC);
      }
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    if (!isM68k(MF.getTarget().getTargetTriple()))
      return false;
    initMachineInfo(MF);
    if (TailJmpQ == ~0u)
      for (unsigned Op = 0, E = TII->getNumOpcodes(); Op != E; ++Op)
        if (TII->getName(Op) == "TAILJMPq")
          TailJmpQ = Op;
    bool Changed = false;
    if (FixCCR)
      Changed |= guardCCR(MF);
    if (TailCalls == TailCallMode::Jmp)
      Changed |= fixTailCalls(MF);
    if (VerifyDReg)
      verifyOperandRegs(MF);
    return Changed;
  }
};
char M68kFixesMachinePass::ID = 0;

RegisterPass<M68kDRegPass> RegisterDRegPass(
    "m68k-fixes-dreg", "m68k-fixes: data-register operands",
    /*CFGOnly=*/false, /*is_analysis=*/false);

RegisterPass<M68kFixesMachinePass> RegisterMachinePass(
    "m68k-fixes-machine", "m68k-fixes: CCR guard and tail-call jmp",
    /*CFGOnly=*/false, /*is_analysis=*/false);

} // namespace

char &M68kDRegPassID = M68kDRegPass::ID;
char &M68kFixesMachinePassID = M68kFixesMachinePass::ID;

} // namespace m68k_fixes
