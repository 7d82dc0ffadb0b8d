/* A unit that #includes a file of code (a "unity build": mawk's regexp.c includes
   rexp0.c and the others), whose static function keeps a table of nodes in a static
   local: a global pool, first used by a function of the included file. The main file
   declares the pool before the #include and defines it at its end, after the struct's
   definition (which is in the included file). Before, the pool was placed at the
   function's offset in the included file, taken as an offset in the main file: inside
   an #include line, or after its uses. */
// EXPECT: {"type": "CLS", "owner": "(global)", "indexed": true, "compressed": true}
#include <stdio.h>
#include <stdlib.h>

#include "unity_build_pool.inc"

int main(void)
{
    int i, s = 0;
    for (i = 0; i < 20; i++)
        s += lookup(i % 4)->hi + lookup(i % 4)->name[1];
    printf("%d\n", s);
    lookup(-1);
    return 0;
}
