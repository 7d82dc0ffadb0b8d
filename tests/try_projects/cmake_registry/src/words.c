#include "registry.h"

#include <stdlib.h>
#include <string.h>

struct word *words_add(struct word *root, const char *text) {
  if (!root) {
    root = malloc(sizeof *root);
    if (!root)
      abort();
    strncpy(root->text, text, WORD_LEN - 1);
    root->text[WORD_LEN - 1] = '\0';
    root->count = 1;
    root->left = root->right = NULL;
    return root;
  }
  int c = strncmp(text, root->text, WORD_LEN - 1);
  if (c < 0)
    root->left = words_add(root->left, text);
  else if (c > 0)
    root->right = words_add(root->right, text);
  else
    root->count++;
  return root;
}

int words_count(const struct word *root, const char *text) {
  while (root) {
    int c = strncmp(text, root->text, WORD_LEN - 1);
    if (c == 0)
      return root->count;
    root = c < 0 ? root->left : root->right;
  }
  return 0;
}

int words_distinct(const struct word *root) {
  return root ? 1 + words_distinct(root->left) + words_distinct(root->right) : 0;
}

void words_free(struct word *root) {
  if (!root)
    return;
  words_free(root->left);
  words_free(root->right);
  free(root);
}
