// The header in C++: extern "C" linkage, PC_POOL_INIT as an aggregate initializer, the
// inline functions compiled as C++.
#include "ptrcomp_rt.h"

struct node {
  long long v;
  pc_idx32 next;
};

static pc_pool Global = PC_POOL_INIT(sizeof(node), 32, "node (cxx_header.cpp)");

int main() {
  pc_pool Local = PC_POOL_INIT(sizeof(node), 16, "local (cxx_header.cpp)");
  uint64_t i = pc_alloc(&Local, 1);
  static_cast<node *>(pc_base(&Local))[i].v = 1;
  pc_free(&Local, i);
  i = pc_calloc(&Global, 2);
  i = pc_realloc(&Global, i, 4);
  node *n = static_cast<node *>(pc_ptr(&Global, i));
  n->next = 0;
  pc_pool_destroy(&Local);
  pc_pool_destroy(&Global);
  pc_stats_print(stdout);
  return static_cast<int>(pc_stats_total_peak_bytes() == 0);
}
