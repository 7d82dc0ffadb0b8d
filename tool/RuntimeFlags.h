//===- RuntimeFlags.h - where the pool runtime is, for users' builds ------===//
#ifndef PTRCOMP_RUNTIMEFLAGS_H
#define PTRCOMP_RUNTIMEFLAGS_H

#include <string>

namespace ptrcomp {
/// "-I<dir> <dir>/libptrcomp_rt.a": the flags that build transformed output, for an
/// installed ptrcomp (<prefix>/bin, <prefix>/include, <prefix>/lib) or the build tree.
std::string runtimeFlags(const char *Argv0);
/// The directory holding ptrcomp_rt.h (installed or in the source tree).
std::string runtimeIncludeDir(const char *Argv0);
} // namespace ptrcomp

#endif
