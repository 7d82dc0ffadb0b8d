/* The paper's Figure 4(a) program, with a main. Two lists are built and measured by the same
   functions; list B is also written to as bytes, so its objects are not type-safe. */
#include <stdio.h>
#include <stdlib.h>

#include "ptrcomp_rt.h"

#line 6
struct list {
    int X;
    struct list *Next;
};

struct list *MakeList(int N) {
    struct list *Result = NULL;
    for (int i = 0; i != N; ++i) {
        struct list *Node = (struct list *)malloc(sizeof(struct list));
        Node->Next = Result;
        Node->X = i + 'A';
        Result = Node;
    }
    return Result;
}

#line 11
static struct list *MakeList_pa(pc_pool *P_Result, int N) {
    struct list *Result = NULL;
    for (int i = 0; i != N; ++i) {
        struct list *Node = (struct list *)pc_addr(P_Result, pc_alloc(P_Result, 1));
        Node->Next = Result;
        Node->X = i + 'A';
        Result = Node;
    }
    return Result;
}

int Length(struct list *L) {
    if (L == NULL) return 0;
    return Length(L->Next) + 1;
}

#line 22
static int Length_pa(pc_pool *P_L, struct list *L) {
    if (L == NULL) return 0;
    return Length_pa(P_L, L->Next) + 1;
}

int Testlists(int n) {
    pc_pool P_A = PC_POOL_INIT(sizeof(struct list), 64, "struct list (input.c:28 A)");
    pc_pool P_B = PC_POOL_INIT(sizeof(struct list), 64, "struct list (input.c:29 B)");
#line 28
    struct list *A = MakeList_pa(&P_A, n);
    struct list *B = MakeList_pa(&P_B, n / 5);
    int Sum = Length_pa(&P_A, A) + Length_pa(&P_B, B);
    ((char *)B)[5] = 'c';
    pc_pool_destroy(&P_B);
    pc_pool_destroy(&P_A);
#line 32
    return Sum;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 100;
    printf("%d\n", Testlists(n));
    return 0;
}
