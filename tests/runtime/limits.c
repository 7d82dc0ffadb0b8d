/* The limit paths, one per run (argv[1]); each must end in one clear line and abort. Each
   request would fit a reservation of the configured size on its own (a request that could
   not returns 0, like malloc: nomem.c):
     reserve   a 32-bit pool outgrows its reservation (run with PTRCOMP_RESERVE_MB=1)
     reserve64 the same for a pool with 64-bit indices, through an array growing beside
               another block
     index32   a byte pool passes 2^32 - 1 bytes over two allocations (needs the default
               mmap reservation: 4 GiB of address space, none of it touched)
     huge32    one allocation of 2^32 objects in a 32-bit pool (run with PTRCOMP_RESERVE_MB
               =131072, which could hold them; nothing is reserved before the abort)
     array16   one array too large for 16-bit indices
     realloc16 an array grown by pc_realloc past the 16-bit limit
     badenv    PTRCOMP_RESERVE_MB is not a number
     badfree   pc_free of an index the pool never handed out */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t a, b;
};

static void progress(const char *what) {
  printf("%s\n", what);
  fflush(stdout);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  pc_pool P32 = PC_POOL_INIT(sizeof(struct node), 32, "struct node (limits.c:32)");
  pc_pool P64 = PC_POOL_INIT(sizeof(struct node), 64, "struct node (limits.c:64)");
  pc_pool P16 = PC_POOL_INIT(sizeof(struct node), 16, "struct node (limits.c:16)");
  pc_pool B32 = PC_POOL_INIT(1, 32, "bytes (limits.c)");
  long k;

  if (strcmp(mode, "reserve") == 0) {
    for (k = 1; k <= 70000; k++) {
      CHECK(pc_alloc(&P32, 1) != 0);
      if (k % 10000 == 0) {
        printf("%ld\n", k);
        fflush(stdout);
      }
    }
  } else if (strcmp(mode, "reserve64") == 0) {
    uint64_t v = 0;
    size_t n;
    CHECK(pc_alloc(&P64, 40000) != 0); /* v, allocated next, is the last block: grows in place */
    for (n = 1024; n <= ((size_t)1 << 24); n *= 2) {
      v = pc_realloc(&P64, v, n);
      CHECK(v != 0);
      printf("%zu\n", n);
      fflush(stdout);
    }
  } else if (strcmp(mode, "index32") == 0) {
    CHECK(pc_alloc(&B32, (size_t)3 << 30) != 0);
    progress("3 GiB allocated");
    pc_alloc(&B32, (size_t)2 << 30);
  } else if (strcmp(mode, "huge32") == 0) {
    pc_alloc(&P32, (size_t)1 << 32);
  } else if (strcmp(mode, "array16") == 0) {
    CHECK(pc_alloc(&P16, 65000) != 0);
    progress("65000 allocated");
    pc_alloc(&P16, 536); /* would end at index 1 + 65000 + 536 - 1 = 65536 */
  } else if (strcmp(mode, "realloc16") == 0) {
    uint64_t v = pc_alloc(&P16, 1000);
    CHECK(pc_realloc(&P16, v, 65534) == v);
    progress("65534 allocated");
    pc_realloc(&P16, v, 65536);
  } else if (strcmp(mode, "badenv") == 0) {
    pc_alloc(&P32, 1);
  } else if (strcmp(mode, "badfree") == 0) {
    uint64_t a = pc_alloc(&P32, 1);
    pc_free(&P32, a + 5);
  } else {
    fprintf(stderr, "unknown mode '%s'\n", mode);
    return 2;
  }
  printf("not reached\n");
  return 0;
}
