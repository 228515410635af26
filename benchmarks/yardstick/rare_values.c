/* A yardstick for nimcore's record engine (issue 39): the rare-values method for octal games
 * and Grundy's game, in plain C, one thread, every value held in memory.
 *
 *     cc -O2 -o rare_values rare_values.c
 *     ./rare_values 0.167 67108864        # an octal code, the number of heaps
 *     ./rare_values grundy 4194304        # Grundy's game
 *
 * It stands in for M. Rogalski's program (Rust, github.com/rogalski-wmii-uni-lodz-pl/octal),
 * which cannot be built on a machine without a crates registry: the same method, written
 * plainly. For each heap n the options are marked in a table of stamps: the moves that leave
 * one heap, then every split (a, m - a) with a rare part a (the rare heaps are few: under the
 * mask, those whose value has an even number of mask bits), which marks every common value an
 * option can have. The smallest common value missing, c, bounds the mex; the rare values below
 * c not yet marked are looked for among every split, from a = 1 up, until all are found or the
 * splits run out. The mask is chosen by a Walsh-Hadamard transform of the frequency table at
 * 2**14 .. 2**20 heaps (the first 2**14 by the plain mex), and then kept with every bit above
 * the values seen added (as nimcore does).
 *
 * It prints the frequency table of heaps 1 .. 2**k at every 2**k (lines "table 2**k: v:c ..."),
 * a checksum of every value (sum of G(i) * (i + 1) mod 2**64, and the plain sum), the rare
 * heaps' count and the last one, and the seconds of CPU spent. No code is shared with nimcore.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define VALUES 65536
#define MAX_PLACES 64

static uint16_t *g;                /* G(0 .. n - 1) */
static uint32_t seen[VALUES + 1];
static uint32_t stamp;
static int64_t hist[VALUES];
static int n_all, n_leave, n_split, grundy;
static int all_[MAX_PLACES + 1], leave[MAX_PLACES + 1], split[MAX_PLACES + 1];
static uint64_t *rare;
static uint64_t n_rare, rare_cap;
static uint32_t mask = 1, largest;

static int parity(uint32_t x) {
    x ^= x >> 16; x ^= x >> 8; x ^= x >> 4; x ^= x >> 2; x ^= x >> 1;
    return (int)(x & 1);
}

static void push_rare(uint64_t a) {
    if (n_rare == rare_cap) {
        rare_cap = rare_cap ? 2 * rare_cap : 1024;
        rare = realloc(rare, rare_cap * sizeof *rare);
        if (!rare) { fprintf(stderr, "out of memory\n"); exit(1); }
    }
    rare[n_rare++] = a;
}

static uint64_t half_of(uint64_t m) { return grundy ? (m - 1) / 2 : m / 2; }

static void mark_moves(uint64_t n) {
    for (int i = 0; i < n_all; i++)
        if ((uint64_t)all_[i] == n) seen[0] = stamp;
    for (int i = 0; i < n_leave; i++)
        if (n > (uint64_t)leave[i]) seen[g[n - leave[i]]] = stamp;
}

static uint32_t mex(void) {
    uint32_t v = 0;
    while (seen[v] == stamp) v++;
    return v;
}

/* G(n) by the definition: every split. */
static uint32_t plain(uint64_t n) {
    stamp++;
    mark_moves(n);
    for (int i = 0; i < n_split; i++) {
        if (n < (uint64_t)split[i] + 2) continue;
        uint64_t m = n - split[i], half = half_of(m);
        for (uint64_t a = 1; a <= half; a++) seen[g[a] ^ g[m - a]] = stamp;
    }
    return mex();
}

/* G(n) by the rare-values method (see the top). */
static uint32_t rare_values(uint64_t n) {
    stamp++;
    mark_moves(n);
    for (int i = 0; i < n_split; i++) {
        if (n < (uint64_t)split[i] + 2) continue;
        uint64_t m = n - split[i];
        for (uint64_t j = 0; j < n_rare && rare[j] < m; j++) {
            uint64_t a = rare[j];
            if (grundy && 2 * a == m) continue;
            seen[g[a] ^ g[m - a]] = stamp;
        }
    }
    uint32_t cstar = 0;
    while (cstar < VALUES && (parity(cstar & mask) == 0 || seen[cstar] == stamp)) cstar++;
    uint32_t v = 0;
    while (v < cstar && seen[v] == stamp) v++;
    if (v < cstar) {                      /* a rare value below c is missing: scan the splits */
        uint64_t a = 1, block = 64;
        for (;;) {
            uint64_t last = a + block - 1;
            int more = 0;
            for (int i = 0; i < n_split; i++) {
                if (n < (uint64_t)split[i] + 2) continue;
                uint64_t m = n - split[i], half = half_of(m);
                if (a > half) continue;
                more = 1;
                uint64_t upto = last < half ? last : half;
                for (uint64_t b = a; b <= upto; b++) seen[g[b] ^ g[m - b]] = stamp;
            }
            a = last + 1;
            if (block < 1024) block *= 2;
            while (v < cstar && seen[v] == stamp) v++;
            if (v == cstar || !more) break;
        }
    }
    return mex();
}

/* The mask that makes the fewest of heaps 1 .. n - 1 rare; the rare heaps listed again. */
static void review(uint64_t n, int freeze) {
    uint32_t size = 1;
    while (size <= largest) size <<= 1;
    int64_t *w = calloc(size, sizeof *w);
    for (uint32_t i = 0; i < size; i++) w[i] = hist[i];
    for (uint32_t h = 1; h < size; h <<= 1)
        for (uint32_t i = 0; i < size; i += 2 * h)
            for (uint32_t j = i; j < i + h; j++) {
                int64_t x = w[j], y = w[j + h];
                w[j] = x + y; w[j + h] = x - y;
            }
    uint32_t best = mask & (size - 1);
    for (uint32_t m = 1; m < size; m++)
        if (w[m] < w[best]) best = m;
    free(w);
    mask = best;
    if (freeze) mask |= (VALUES - 1) & ~(size - 1);
    n_rare = 0;
    for (uint64_t a = 1; a < n; a++)
        if (parity(g[a] & mask) == 0) push_rare(a);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s CODE|grundy HEAPS   (CODE an octal code such as 0.167)\n", argv[0]);
        return 2;
    }
    uint64_t heaps = strtoull(argv[2], NULL, 10);
    if (heaps < 2 || heaps > ((uint64_t)1 << 36)) { fprintf(stderr, "HEAPS: 2 .. 2**36\n"); return 2; }
    if (strcmp(argv[1], "grundy") == 0) {
        grundy = 1;
        split[n_split++] = 0;
    } else {
        const char *code = argv[1];
        if (code[0] != '0' || code[1] != '.') { fprintf(stderr, "CODE: 0.d1d2...\n"); return 2; }
        for (int k = 1; code[k + 1]; k++) {
            int d = code[k + 1] - '0';
            if (d < 0 || d > 7 || k > MAX_PLACES) { fprintf(stderr, "CODE: octal digits, 64 places\n"); return 2; }
            if (d & 1) all_[n_all++] = k;
            if (d & 2) leave[n_leave++] = k;
            if (d & 4) split[n_split++] = k;
        }
        if (!n_split) { fprintf(stderr, "CODE: a game that splits heaps\n"); return 2; }
    }
    g = malloc(heaps * sizeof *g);
    if (!g) { fprintf(stderr, "out of memory for %llu heaps\n", (unsigned long long)heaps); return 1; }
    clock_t started = clock();
    uint64_t plain_upto = (uint64_t)1 << 14, review_at = plain_upto, freeze_at = (uint64_t)1 << 20;
    uint64_t next_table = 1;
    for (uint64_t n = 0; n < heaps; n++) {
        if (n == review_at) {
            review(n, n >= freeze_at);
            if (n < freeze_at) review_at *= 2;
        }
        uint32_t v = n < plain_upto ? plain(n) : rare_values(n);
        if (v >= VALUES) { fprintf(stderr, "a value past 65,535 at heap %llu\n", (unsigned long long)n); return 1; }
        g[n] = (uint16_t)v;
        if (n) {
            hist[v]++;
            if (v > largest) largest = v;
            if (n >= plain_upto && parity(v & mask) == 0) push_rare(n);
        }
        if (n == next_table) {            /* heaps 1 .. 2**k */
            printf("table %llu:", (unsigned long long)n);
            for (uint32_t x = 0; x <= largest; x++)
                if (hist[x]) printf(" %u:%lld", x, (long long)hist[x]);
            printf("\n");
            next_table *= 2;
        }
    }
    double seconds = (double)(clock() - started) / CLOCKS_PER_SEC;
    uint64_t weighted = 0, sum = 0;
    for (uint64_t i = 0; i < heaps; i++) {
        weighted += (uint64_t)g[i] * (i + 1);
        sum += g[i];
    }
    printf("heaps %llu mask %u rare %llu last %llu largest %u\n", (unsigned long long)heaps, mask,
           (unsigned long long)n_rare, (unsigned long long)(n_rare ? rare[n_rare - 1] : 0), largest);
    printf("checksum %llu sum %llu\n", (unsigned long long)weighted, (unsigned long long)sum);
    printf("cpu_seconds %.3f\n", seconds);
    free(g);
    free(rare);
    return 0;
}
