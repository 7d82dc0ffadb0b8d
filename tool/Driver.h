//===- Driver.h - one run of ptrcomp, from parsing to output --------------===//
#ifndef PTRCOMP_DRIVER_H
#define PTRCOMP_DRIVER_H

#include "Options.h"

namespace ptrcomp {
/// Runs the whole pipeline; returns the process exit status.
int runDriver(ToolOptions &Opts);
} // namespace ptrcomp

#endif
