/* An integer cast to a pointer gives a node of unknown origin: U, with a reason. */
#include <stdint.h>
#include <stdlib.h>

struct dev {
    int status;
    int ctrl;
};

int main(int argc, char **argv) {
    (void)argv;
    uintptr_t addr = (uintptr_t)argc * 4096u;
    struct dev *regs = (struct dev *)addr; // @i2p
    struct dev *ok = malloc(sizeof *ok); // @ok
    ok->status = 0;
    ok->ctrl = 1;
    if (argc > 100)
        return regs->status;
    return ok->status;
}
