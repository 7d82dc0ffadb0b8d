/* A macro argument read in two expansions that need the same text: `LEN(p->data)` with
   `#define LEN(s) ((int)*(s) + (int)strlen(s))` (flex's YY_INPUT subscripts its `buf` in
   one branch and passes it to fread in the other). The legality check compared the
   copies with the conversions their contexts add (`char *` to `const char *` for
   strlen) and left struct buf unchanged; every flex scanner's struct yy_buffer_state
   was lost that way (tests/test_generated.py). */
// EXPECT: {"type": "struct buf", "owner": "main", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf {
    char *data;
    struct buf *next;
};

#define LEN(s) ((int)*(s) + (int)strlen(s))

int main(void)
{
    struct buf *p = malloc(sizeof *p);
    p->next = NULL;
    p->data = malloc(4);
    strcpy(p->data, "abc");
    printf("%d\n", LEN(p->data));
    free(p->data);
    free(p);
    return 0;
}
