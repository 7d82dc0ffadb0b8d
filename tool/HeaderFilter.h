//===- HeaderFilter.h - keep edits out of headers the user does not own ---===//
//
// With HeaderFilter (.ptrcomp.yaml or --header-filter), only headers whose path
// matches the regular expression may be edited. A structure whose rewrite would
// edit another header is left unchanged, with a located reason, and the plan is
// made again.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_HEADERFILTER_H
#define PTRCOMP_HEADERFILTER_H

#include "EditSet.h"
#include "Output.h"

#include "ptrcomp/analysis/Plan.h"

#include "llvm/Support/Regex.h"

namespace ptrcomp {

/// Vetoes for the pools of \p P whose edits fall in headers of \p Files that \p
/// Filter (spelled \p Spelling) does not match. Edits name what they are for
/// (layouts, clones, pool descriptors, struct tags); an edit that names none of
/// them vetoes every pool. Returns false when no edit falls outside the filter.
bool headerFilterVetoes(llvm::Regex &Filter, llvm::StringRef Spelling,
                        const std::vector<OutputFile> &Files,
                        const EditSet &Edits, dsa::ProgramGraphs &PG,
                        const dsa::Plan &P, dsa::Vetoes &Out);

} // namespace ptrcomp

#endif
