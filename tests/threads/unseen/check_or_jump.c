/* A library that ptrcomp does not see: reports a bad value by a longjmp to the
   program's global jmp_buf, as old error handlers do. */
#include <setjmp.h>

extern jmp_buf on_error;

void check_sum(long sum)
{
    if (sum % 3 == 0)
        longjmp(on_error, 1);
}
