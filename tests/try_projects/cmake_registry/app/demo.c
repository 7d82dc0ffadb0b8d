/* registry_demo N: counts N words (N/2 distinct) and creates N records. */
#include "registry.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100;
  struct word *words = NULL;
  char buf[16];
  for (int i = 0; i < n; i++) {
    snprintf(buf, sizeof buf, "w%d", (i * 7919) % (n / 2 > 0 ? n / 2 : 1));
    words = words_add(words, buf);
  }
  handle first = 0;
  for (int i = 0; i < n; i++) {
    handle h = handle_new(i);
    if (i == 0)
      first = h;
  }
  printf("words %d distinct %d handles %d sum %ld\n", n, words_distinct(words), n,
         handles_sum() + handle_value(first));
  words_free(words);
  handles_free();
  return 0;
}
