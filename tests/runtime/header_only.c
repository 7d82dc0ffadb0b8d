/* Including the header and using nothing from it must not warn, whatever the flags: the
   inline functions are unused here. */
#include "ptrcomp_rt.h"

int main(void) { return 0; }
