#include "registry.h"

#include <stdlib.h>

/* Every record, newest first, so that handles_free can release them all. */
static struct record *all_records;

handle handle_new(long value) {
  struct record *r = malloc(sizeof *r);
  if (!r)
    abort();
  r->value = value;
  r->next = all_records;
  all_records = r;
  return (handle)r;
}

long handle_value(handle h) { return ((struct record *)h)->value; }

long handles_sum(void) {
  long s = 0;
  for (struct record *r = all_records; r; r = r->next)
    s += r->value;
  return s;
}

void handles_free(void) {
  while (all_records) {
    struct record *next = all_records->next;
    free(all_records);
    all_records = next;
  }
}
