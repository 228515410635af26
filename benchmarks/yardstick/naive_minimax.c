/* The yardstick of the minimax benchmark: the plainest C minimax -- recursive
   negamax over `take any` misere Nim, every child generated and counted, no
   shortcut. nimcore's minimax visits the same tree (the same node count) and
   must run at least as many nodes per second as this loop.

   usage: naive_minimax PILE...   prints: value nodes seconds */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t nodes;
static int n;
static unsigned piles[64];

static int negamax(void) {
    int best = -2, any = 0;
    for (int i = 0; i < n; i++) {
        unsigned p = piles[i];
        for (unsigned t = p; t >= 1; t--) {
            any = 1;
            nodes++;
            piles[i] = p - t;
            int v = -negamax();
            piles[i] = p;
            if (v > best) best = v;
        }
    }
    return any ? best : 1;   /* misere: the mover with no move wins */
}

int main(int argc, char** argv) {
    struct timespec a, b;
    n = argc - 1 < 64 ? argc - 1 : 64;
    for (int i = 0; i < n; i++) piles[i] = (unsigned)atoi(argv[i + 1]);
    clock_gettime(CLOCK_MONOTONIC, &a);
    int v = negamax();
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%d %llu %.6f\n", v, (unsigned long long)nodes,
           (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9);
    return 0;
}
