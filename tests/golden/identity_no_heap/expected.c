/* A program without heap data structures comes out byte for byte as it went in:
   comments, macros, odd spacing and all. */
#include <stdio.h>
#include <stddef.h>
#include <stdarg.h>

#define SQUARE(x) ((x) * (x))

static int sum(int n, ...) {
    va_list ap;
    int total = 0;
    va_start(ap, n);
    for (int i = 0; i < n; ++i) total += va_arg(ap, int);
    va_end(ap);
    return total;
}

int   main( void )
{
    size_t s = sizeof(int);   /* trailing comment */
    printf("%d %zu\n", sum(3, SQUARE(2), 5, 6), s);
    return 0;
}
