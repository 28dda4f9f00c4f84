//===- m68k_fixes.cpp - work around LLVM 22 MC68000 miscompiles -----------===//
//
// An LLVM pass plugin for Debian's rustc (which links the shared libLLVM-22),
// loaded with `-Z llvm-plugins=/abs/path/libm68k_fixes.so`. It neutralises six
// code-generation bugs of the M68k backend when targeting the plain MC68000
// (bugs 5 and 6 are described at fixLibcalls and M68kDRegPass below):
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
// The machine pass is registered through RegisterTargetPassConfigCallback
// (LLVM 20+), which lets a plugin insertPass() into the legacy codegen
// pipeline that rustc still uses; it is inserted after "Insert XRay ops",
// a pass present at every optimisation level and placed after
// ExpandPostRAPseudos, the M68k pseudo expansion, post-RA scheduling and block
// placement, so nothing reorders instructions afterwards.
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
// M68K_FIXES_VERBOSE (see struct Settings below).
//===----------------------------------------------------------------------===//

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

namespace {

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
const Settings &settings() {
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

bool isM68k(const Triple &T) { return T.getArch() == Triple::m68k; }

//===----------------------------------------------------------------------===//
// IR part: bug 1 (stack index) and bug 3 (multiply with overflow), plus the
// optional "disable-tail-calls" mode of bug 4.
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
bool cheapConstMul(const APInt &C) {
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

struct M68kFixesIRPass : PassInfoMixin<M68kFixesIRPass> {
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (!isM68k(Triple(M.getTargetTriple())))
      return PreservedAnalyses::all();
    bool Changed = false;
    for (Function &F : M) {
      if (F.isDeclaration())
        continue;
      if (FixStackIndex)
        Changed |= fixStackIndexing(F);
      if (FixMulo)
        Changed |= fixMulWithOverflow(F);
      if (FixLibcalls)
        Changed |= fixLibcalls(F);
      if (TailCalls == TailCallMode::Disable) {
        F.addFnAttr("disable-tail-calls", "true");
        Changed = true;
      }
    }
    if (FixIPRA)
      Changed |= clearTailMarkers(M);
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
  static bool isRequired() { return true; } // run at opt-level 0 too
};

//===----------------------------------------------------------------------===//
// Machine part: bug 2 (CCR clobbered by late moves) and bug 4 (tail calls).
//===----------------------------------------------------------------------===//

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

struct M68kFixesMachinePass : MachineFunctionPass {
  static char ID;
  M68kFixesMachinePass() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override {
    return "m68k-fixes: CCR guard and tail-call jmp";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }

  const TargetInstrInfo *TII = nullptr;
  const TargetRegisterInfo *TRI = nullptr;
  MCRegister CCR, SP;
  unsigned TailJmpQ = ~0u; // TAILJMPq: `bra sym` tail call

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
    TII = MF.getSubtarget().getInstrInfo();
    TRI = MF.getSubtarget().getRegisterInfo();
    CCR = regByName("CCR");
    SP = regByName("SP");
    if (!CCR || !SP)
      report_fatal_error("m68k-fixes: cannot find CCR/SP registers");
    if (TailJmpQ == ~0u)
      for (unsigned Op = 0, E = TII->getNumOpcodes(); Op != E; ++Op)
        if (TII->getName(Op) == "TAILJMPq")
          TailJmpQ = Op;
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

// Codegen hook: runs for every TargetPassConfig that is created (rustc creates
// one per codegen unit); only M68k gets the pass.
RegisterTargetPassConfigCallback RegisterCodegenHook(
    [](TargetMachine &TM, legacy::PassManagerBase &, TargetPassConfig *PC) {
      if (!isM68k(TM.getTargetTriple()))
        return;
      PC->insertPass(&XRayInstrumentationID, &M68kFixesMachinePass::ID);
      // Bug 6: constrain operands to data registers before anything allocates
      // registers (finalize-isel runs at every opt-level, right after ISel).
      PC->insertPass(&FinalizeISelID, &M68kDRegPass::ID);
    });

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  PassPluginLibraryInfo Info{};
  Info.APIVersion = LLVM_PLUGIN_API_VERSION;
  Info.PluginName = "m68k-fixes";
  Info.PluginVersion = "1";
  Info.RegisterPassBuilderCallbacks = [](PassBuilder &PB) {
    PB.registerOptimizerLastEPCallback(
        [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
          MPM.addPass(M68kFixesIRPass());
        });
    PB.registerFullLinkTimeOptimizationLastEPCallback(
        [](ModulePassManager &MPM, OptimizationLevel) {
          MPM.addPass(M68kFixesIRPass());
        });
    // Also usable explicitly: opt -passes=m68k-fixes
    PB.registerPipelineParsingCallback(
        [](StringRef Name, ModulePassManager &MPM,
           ArrayRef<PassBuilder::PipelineElement>) {
          if (Name != "m68k-fixes")
            return false;
          MPM.addPass(M68kFixesIRPass());
          return true;
        });
  };
  return Info;
}
