/* Words counted in a binary search tree; records addressed by integer handles. */
#ifndef REGISTRY_H
#define REGISTRY_H
#include <stdint.h>

#define WORD_LEN 16

struct word {
  char text[WORD_LEN];
  int count;
  struct word *left, *right;
};

struct word *words_add(struct word *root, const char *text);
int words_count(const struct word *root, const char *text);
int words_distinct(const struct word *root);
void words_free(struct word *root);

/* A handle is the record's address as an integer: callers never see a pointer. */
typedef uintptr_t handle;

struct record {
  long value;
  struct record *next;
};

handle handle_new(long value);
long handle_value(handle h);
long handles_sum(void);
void handles_free(void);

#endif
