//===- plugin.cpp - the m68k-fixes LLVM pass plugin's entry point ----------===//
//
// An LLVM pass plugin for Debian's rustc (which links the shared libLLVM-22),
// loaded with `-Z llvm-plugins=/abs/path/libm68k_fixes.so`, for the plain
// MC68000 (target-cpu=M68000). Two halves with different risks:
//   correctness_fixes.cpp  six LLVM 22 bugs: without these fixes rustc's
//                          output is wrong (or rustc crashes)
//   code_improvements.cpp  faster code for code LLVM gets right but slow
// This file puts their passes into rustc's pipelines:
//   IR (new pass manager, at the end of the optimiser and of full LTO): the
//     IR pass below runs bugs 1, 3, 5 and the IR half of `ipra`;
//   code generation (legacy TargetPassConfig, through
//     RegisterTargetPassConfigCallback, LLVM 20+): bug 6's constraint right
//     after finalize-isel; after "Insert XRay ops" the code improvements, then
//     the bug-2 CCR guard, bug-4 tail calls and the bug-6 check.
// Settings: environment variables M68K_FIXES_DISABLE, M68K_FIXES_TAILCALL,
// M68K_FIXES_VERBOSE (struct Settings in m68k_fixes.h).
//===----------------------------------------------------------------------===//

#include "m68k_fixes.h"

using namespace m68k_fixes;

namespace {

//===----------------------------------------------------------------------===//
// IR part: bugs 1, 3 and 5, the optional "disable-tail-calls" mode of bug 4,
// and the IR half of the code improvement `ipra`.
//===----------------------------------------------------------------------===//

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

// Codegen hook: runs for every TargetPassConfig that is created (rustc creates
// one per codegen unit); only M68k gets the passes.
RegisterTargetPassConfigCallback RegisterCodegenHook(
    [](TargetMachine &TM, legacy::PassManagerBase &, TargetPassConfig *PC) {
      if (!isM68k(TM.getTargetTriple()))
        return;
      // The code improvements, then the CCR guard, tail calls and the bug-6
      // check (both after "Insert XRay ops", in this order).
      PC->insertPass(&XRayInstrumentationID, &M68kCodeImprovementsPassID);
      PC->insertPass(&XRayInstrumentationID, &M68kFixesMachinePassID);
      // Bug 6: constrain operands to data registers before anything allocates
      // registers (finalize-isel runs at every opt-level, right after ISel).
      PC->insertPass(&FinalizeISelID, &M68kDRegPassID);
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
