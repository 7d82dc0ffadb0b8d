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

/* ptrcomp: struct list with pointers into pools stored as indices */
struct list_pc32 {
    int X;
    pc_idx32 Next;
};

/* ptrcomp: struct list with pointers stored as 64-bit indices (same layout) */
struct list_pc64 {
    int X;
    pc_idx64 Next;
};

#line 11
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
static pc_idx32 MakeList_pc32(pc_pool *P_Result, int N) {
    struct list_pc32 *const P_Result_base = pc_base(P_Result);
#line 12
    pc_idx32 Result = 0;
    for (int i = 0; i != N; ++i) {
        pc_idx32 Node = (pc_idx32)pc_alloc(P_Result, 1);
        P_Result_base[Node].Next = Result;
        P_Result_base[Node].X = i + 'A';
        Result = Node;
    }
    return Result;
}

#line 11
static pc_idx64 MakeList_pc64(pc_pool *P_Result, int N) {
    struct list_pc64 *const P_Result_base = pc_base(P_Result);
#line 12
    pc_idx64 Result = 0;
    for (int i = 0; i != N; ++i) {
        pc_idx64 Node = (pc_idx64)pc_alloc(P_Result, 1);
        P_Result_base[Node].Next = Result;
        P_Result_base[Node].X = i + 'A';
        Result = Node;
    }
    return Result;
}

int Length(struct list *L) {
    if (L == NULL) return 0;
    return Length(L->Next) + 1;
}

#line 22
static int Length_pc32(const struct list_pc32 *P_L_base, pc_idx32 L) {
    if (L == 0) return 0;
    return Length_pc32(P_L_base, P_L_base[L].Next) + 1;
}

#line 22
static int Length_pc64(const struct list_pc64 *P_L_base, pc_idx64 L) {
    if (L == 0) return 0;
    return Length_pc64(P_L_base, P_L_base[L].Next) + 1;
}

int Testlists(int n) {
    pc_pool P_A = PC_POOL_INIT(sizeof(struct list_pc32), 32, "struct list (input.c:28 A)");
    pc_pool P_B = PC_POOL_INIT(sizeof(struct list_pc64), 64, "struct list (input.c:29 B)");
    struct list_pc32 *const P_A_base = pc_base(&P_A);
    struct list_pc64 *const P_B_base = pc_base(&P_B);
#line 28
    pc_idx32 A = MakeList_pc32(&P_A, n);
    pc_idx64 B = MakeList_pc64(&P_B, n / 5);
    int Sum = Length_pc32(P_A_base, A) + Length_pc64(P_B_base, B);
    ((char *)pc_addr(&P_B, B))[5] = 'c';
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
