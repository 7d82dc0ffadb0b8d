/* registry_tests words|handles: exit status 0 when the named test passes. */
#include "registry.h"

#include <stdio.h>
#include <string.h>

static int test_words(void) {
  const char *text[] = {"pear", "apple", "fig", "apple", "kiwi", "fig", "apple"};
  struct word *root = NULL;
  for (unsigned i = 0; i < sizeof text / sizeof *text; i++)
    root = words_add(root, text[i]);
  int ok = words_count(root, "apple") == 3 && words_count(root, "fig") == 2 &&
           words_count(root, "plum") == 0 && words_distinct(root) == 4;
  words_free(root);
  return ok;
}

static int test_handles(void) {
  handle a = handle_new(40), b = handle_new(2);
  int ok = handle_value(a) == 40 && handle_value(b) == 2 && handles_sum() == 42;
  handles_free();
  return ok && handles_sum() == 0;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  int ok = !strcmp(argv[1], "words") ? test_words()
           : !strcmp(argv[1], "handles") ? test_handles()
                                         : 0;
  printf("%s %s\n", argv[1], ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
