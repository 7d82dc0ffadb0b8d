#include <stdio.h>

#include "node.h"

void banner(const char *title) { printf("== %s (node of %zu bytes) ==\n", title, sizeof(struct node)); }
