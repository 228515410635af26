/* An independent oracle for Grundy's game (issue 39): every value by the definition, the plain
 * mex over every split, with nothing of the rare-values method (no mask, no parity lemma).
 *
 *     cc -O3 -march=native -o plain_mex plain_mex.c
 *     ./plain_mex 4194304        # the number of heaps
 *
 * G(n) = mex { G(a) xor G(n - a) : 1 <= a < n - a }. For each heap the values of the first
 * 1,024 splits are marked; then the values v = 0, 1, 2, ... not marked are looked for, one at a
 * time, among all the other splits, and the first one that no split has is G(n). Every split is
 * read for that last value, so the work is n / 2 pairs a heap at least: about 4.4 * 10**12
 * pairs to 2**22 heaps. The search is a plain loop over 64 pairs at a time that the compiler
 * turns into vector compares, which is what brings the definition within reach.
 *
 * It prints the frequency table of heaps 1 .. 2**k at every 2**k (lines "table 2**k: v:c ...",
 * as benchmarks/yardstick/rare_values.c does), a checksum of every value (sum of G(i) * (i + 1)
 * mod 2**64, and the plain sum), and the seconds of CPU spent. No code is shared with nimcore.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define VALUES 65536
#define PREFIX 1024
#define CHUNK 64

static uint16_t *g;
static uint32_t seen[VALUES];
static int64_t hist[VALUES];

/* Whether some split (a, n - a) with lo <= a <= hi has the value v. */
static int has_value(uint64_t n, uint64_t lo, uint64_t hi, uint16_t v)
{
    uint64_t a = lo;
    for (; a + CHUNK - 1 <= hi; a += CHUNK) {
        const uint16_t *left = g + a;
        const uint16_t *right = g + (n - a - (CHUNK - 1));
        int hit = 0;
        for (int k = 0; k < CHUNK; k++)
            hit |= (uint16_t)(left[k] ^ right[CHUNK - 1 - k]) == v;
        if (hit)
            return 1;
    }
    for (; a <= hi; a++)
        if ((uint16_t)(g[a] ^ g[n - a]) == v)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s HEAPS\n", argv[0]);
        return 2;
    }
    uint64_t heaps = strtoull(argv[1], NULL, 10);
    if (heaps < 2 || heaps > ((uint64_t)1 << 32)) {
        fprintf(stderr, "HEAPS: 2 .. 2**32\n");
        return 2;
    }
    g = malloc(heaps * sizeof *g);
    if (!g) {
        fprintf(stderr, "out of memory for %llu heaps\n", (unsigned long long)heaps);
        return 1;
    }
    clock_t started = clock();
    uint32_t stamp = 0;
    uint64_t weighted = 0, sum = 0;
    for (uint64_t n = 0; n < heaps; n++) {
        uint64_t half = n ? (n - 1) / 2 : 0;     /* a = 1 .. half: the splits into unequal heaps */
        uint64_t marked = half < PREFIX ? half : PREFIX;
        stamp++;
        for (uint64_t a = 1; a <= marked; a++)
            seen[(uint16_t)(g[a] ^ g[n - a])] = stamp;
        uint32_t v = 0;
        while (seen[v] == stamp || has_value(n, marked + 1, half, (uint16_t)v)) {
            if (++v >= VALUES) {
                fprintf(stderr, "a value past 65,535 at heap %llu\n", (unsigned long long)n);
                return 1;
            }
        }
        g[n] = (uint16_t)v;
        weighted += (uint64_t)v * (n + 1);
        sum += v;
        if (n >= 1)
            hist[v]++;
        if (n >= 2 && (n & (n - 1)) == 0) {
            printf("table %llu:", (unsigned long long)n);
            for (uint32_t x = 0; x < VALUES; x++)
                if (hist[x])
                    printf(" %u:%lld", x, (long long)hist[x]);
            printf("\n");
            fflush(stdout);
        }
    }
    double seconds = (double)(clock() - started) / CLOCKS_PER_SEC;
    printf("heaps %llu\n", (unsigned long long)heaps);
    printf("checksum %llu sum %llu\n", (unsigned long long)weighted, (unsigned long long)sum);
    printf("cpu_seconds %.3f\n", seconds);
    free(g);
    return 0;
}
