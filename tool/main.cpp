//===- main.cpp - the ptrcomp command --------------------------------------===//
#include "Driver.h"
#include "Options.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Signals.h"

int main(int argc, const char **argv) {
  llvm::InitLLVM X(argc, argv);
  ptrcomp::ToolOptions Opts;
  bool ExitNow = false;
  if (!ptrcomp::parseCommandLine(argc, argv, Opts, ExitNow))
    return 1;
  if (ExitNow)
    return 0;
  return ptrcomp::runDriver(Opts);
}
