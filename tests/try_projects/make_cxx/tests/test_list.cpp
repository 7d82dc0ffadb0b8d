// The list of lib/ tested from C++: the library's public header, included as C++.
#include <cstdio>
#include <vector>

#include "list.h"

static int failures = 0;

static void check(bool ok, const char *name) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
  if (!ok)
    failures++;
}

int main() {
  std::vector<int> values = {4, 8, 15, 16, 23, 42};
  node *head = nullptr;
  for (int v : values)
    head = list_push(head, v);
  check(list_length(head) == values.size(), "list-length");
  check(list_sum(head) == 108, "list-sum");
  head = list_reverse(head);
  bool in_order = true;
  size_t i = 0;
  for (const node *n = head; n; n = n->next, i++)
    in_order = in_order && n->value == values[i];
  check(in_order && i == values.size(), "list-reverse");
  list_free(head);
  return failures != 0;
}
