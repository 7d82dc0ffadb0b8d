//===- main.cpp - the ptrcomp command
//--------------------------------------===//
#include "Driver.h"
#include "Options.h"
#include "StepHeap.h"
#include "ptrcomp/Compat.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/thread.h"

int main(int argc, const char **argv) {
  llvm::InitLLVM X(argc, argv);
  ptrcomp::ToolOptions Opts;
  bool ExitNow = false;
  if (!ptrcomp::parseCommandLine(argc, argv, Opts, ExitNow))
    return 1;
  if (ExitNow)
    return 0;
  if (Opts.Step == ptrcomp::StepKind::Summarize ||
      Opts.Step == ptrcomp::StepKind::Apply)
    ptrcomp::tuneHeapForOneFileStep();
  // The AST walks recurse once per nested expression; valid C can nest tens of thousands
  // deep (long operator chains). Run the pipeline on a thread with a large stack.
  int Status = 1;
  llvm::thread Worker(ptrcomp::compat::ThreadStackSize(512u << 20), [&] { Status = ptrcomp::runDriver(Opts); });
  Worker.join();
  return Status;
}
