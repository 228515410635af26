"""The record engine: nim-sequences far past memory, by the rare-values method (issue 39).

``RecordSequence(takes_all, leaves, splits, grundy_game, head, window)``
computes G(0), G(1), ... of one take-and-break game as ``nimcore.octal`` does,
but keeps only what the rare-values method reads:

- the *head*: G(0 .. head - 1), for good (the small parts of a split);
- the *window*: at least the last ``window`` values behind the frontier (a
  linear buffer of twice that, slid down by half when full: no ring index in
  the hot loops);
- the rare heaps and their values, the histogram (the frequency table), the
  largest value.

Memory is O(head + window + rare heaps), not O(heaps). Per heap n the method
pairs every rare heap a with m - a (m = n - k, k a split place): a rare part is
small (its rest is in the window) or near m (its rest is in the head); then it
looks for the rare values below the common bound among the pairs (a, m - a)
from a = 1 up, the head against the window. When a pair it would need lies in
neither -- a rare value is reached only by two parts in the middle, or a rare
heap lies between the head and the window's reach -- the run stops with
``DEEP`` rather than guess: no value is ever given that was not proven. The
mask is chosen (Walsh-Hadamard, as in ``nimcore.octal``) while every value is
still in the head, and then kept: the method is exact for any mask.

The state is exported and restored whole (``export`` / ``restore``), so a
driver can checkpoint it and resume after a stop or a crash; the export does
not depend on the threads.

While every value is at most 64 a heap's options below 64 are the bits of one word, and once
the mask is kept the heaps are taken 16 at a time, their far pairings in vector
lanes (``_block_small``; AVX-512 or AVX2 when the CPU has them, else one heap at a
time as before; ``NIMCORE_RECORD_VECTORS=avx2`` or ``=plain`` asks for less). Past 63,
with AVX-512, the same blocks carry each value as its index within its class, the
values below 256 in two words a heap (``_block_wide``: Grundy's game, the open octal
games; the lanes set the indices below 96, ``nimrec_top_wide`` the rest for the heaps
that need them), and each heap is finished in those words. Their lanes scan, besides the far rare
pairings, 1,024 parts learned from the heaps just behind (``_learn_hints``: the parts whose
pairs most often reach the rare values the scan would look for longest).

With ``threads=2`` and AVX-512, a mate thread pairs the far rare heaps (and the last
hints) 64 heaps a job, up to three jobs ahead of the 64 heaps this thread is finishing
(``nimrec_mate``, a ring of jobs; ``_mate_settle``). Without AVX-512,
once the mask is kept (or with it, when ``min_far`` asks), a helper thread prepares each
block of heaps (the pairings whose rests lie before the block in hand, into a bitset a
heap) while this thread finishes the block before it in order: see ``_prepare`` and
``_finish_block``; docs/theory.md says why the values are the same.
"""

import time as _time
from cpython.exc cimport PyErr_CheckSignals
from libc.stdlib cimport free, malloc, realloc, calloc
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t, UINT64_MAX
from libc.string cimport memcpy, memmove, memset

from nimcore.rare cimport (SMALL_VALUES, count_below, fewest_rare_mask, lowest_bit, odd_values, rare_parity,
                           read_places, unpaired_half, value_bit, walsh_hadamard)


cdef extern from *:
    """
    /* The scan for rare values, 16 pairs at a time: which of a few values still missing equal
       low[a] ^ top[-a] for some a in first .. last. GCC/Clang vector extensions: 32-byte vectors
       of 16 lanes, compiled twice on x86-64 Linux with GCC (AVX2 and the plain x86-64 baseline,
       SSE2: two 16-byte halves), the one the CPU runs chosen when the module loads. */
    #include <stdint.h>
    #include <stdlib.h>
    #include <string.h>


    #define NIMREC_CHUNK 32             /* vectors between two looks at the targets found */
    #define NIMREC_FIND_MAX 8           /* targets at most: past that, marking every pair is cheaper */

    /* the bits set in x, by halves of halves (the baseline x86-64 has no popcnt instruction:
       the compiler's builtin is a library call there) */
    static inline unsigned nimrec_popcount(uint64_t x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (unsigned)((x * 0x0101010101010101ULL) >> 56);
    }

    #if (defined(__GNUC__) || defined(__clang__)) && !defined(NIMREC_SCALAR)
    typedef uint16_t nimrec_w16 __attribute__((vector_size(32)));
    typedef int16_t nimrec_m16 __attribute__((vector_size(32)));
    typedef uint64_t nimrec_q4 __attribute__((vector_size(32)));
    #if defined(__clang__)
    #define NIMREC_REV(v) __builtin_shufflevector(v, v, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
    #else
    #define NIMREC_REV(v) __builtin_shuffle(v, (nimrec_w16){15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0})
    #endif
    #if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
    #define NIMREC_CLONES __attribute__((target_clones("avx2", "default")))
    #else
    #define NIMREC_CLONES
    #endif

    /* `vectors` runs of 16 pairs from a: bit i set when some pair's value is t[i] (i < K). K is
       a constant in each caller below: the loops unroll, the K accumulators stay in registers. */
    static inline __attribute__((always_inline)) unsigned nimrec_find_k(
            const uint16_t* low, const uint16_t* top, uint64_t a, uint64_t vectors,
            const uint16_t (*t)[16], const unsigned K) {
        nimrec_w16 want[NIMREC_FIND_MAX], lo, hi, x;
        nimrec_m16 acc[NIMREC_FIND_MAX];
        nimrec_q4 q;
        uint64_t j;
        unsigned i, found = 0;
        for (i = 0; i < K; i++) {
            memcpy(&want[i], t[i], sizeof want[i]);
            acc[i] = (nimrec_m16){0};
        }
        for (j = 0; j < vectors; j++, a += 16) {
            memcpy(&lo, low + a, sizeof lo);
            memcpy(&hi, top - a - 15, sizeof hi);     /* top[-a-15 .. -a]: reversed, lane i is top[-a-i] */
            x = lo ^ NIMREC_REV(hi);
            for (i = 0; i < K; i++)
                acc[i] |= (x == want[i]);
        }
        for (i = 0; i < K; i++) {
            q = (nimrec_q4)acc[i];
            if (q[0] | q[1] | q[2] | q[3])
                found |= 1u << i;
        }
        return found;
    }
    NIMREC_CLONES static unsigned nimrec_find_1(const uint16_t* low, const uint16_t* top, uint64_t a,
                                                uint64_t vectors, const uint16_t (*t)[16]) {
        return nimrec_find_k(low, top, a, vectors, t, 1);
    }
    NIMREC_CLONES static unsigned nimrec_find_2(const uint16_t* low, const uint16_t* top, uint64_t a,
                                                uint64_t vectors, const uint16_t (*t)[16]) {
        return nimrec_find_k(low, top, a, vectors, t, 2);
    }
    NIMREC_CLONES static unsigned nimrec_find_4(const uint16_t* low, const uint16_t* top, uint64_t a,
                                                uint64_t vectors, const uint16_t (*t)[16]) {
        return nimrec_find_k(low, top, a, vectors, t, 4);
    }
    NIMREC_CLONES static unsigned nimrec_find_8(const uint16_t* low, const uint16_t* top, uint64_t a,
                                                uint64_t vectors, const uint16_t (*t)[16]) {
        return nimrec_find_k(low, top, a, vectors, t, 8);
    }
    #define NIMREC_VECTORS 1
    #else
    #define NIMREC_VECTORS 0
    #endif

    /* Which of targets[0 .. k) (k <= NIMREC_FIND_MAX) are the value low[a] ^ top[-a] of some
       pair a = first .. last: a bit mask. The pairs are compared 16 at a time, 256 between two
       looks at what is found (a target found is dropped, the rest compared on); the last few
       one at a time. */
    static unsigned nimrec_find(const uint16_t* low, const uint16_t* top, uint64_t first,
                                uint64_t last, const uint16_t* targets, unsigned k) {
        uint16_t t[NIMREC_FIND_MAX];
        unsigned idx[NIMREC_FIND_MAX], active = k, found = 0, i;
        uint64_t a = first;
        uint16_t x;
    #if NIMREC_VECTORS
        uint16_t lanes[NIMREC_FIND_MAX][16] __attribute__((aligned(32)));
        unsigned hit, kept, j, ready = 0;
        uint64_t vectors;
    #endif
        for (i = 0; i < k; i++) {
            t[i] = targets[i];
            idx[i] = i;
        }
    #if NIMREC_VECTORS
        while (active && a + 16 <= last + 1) {
            vectors = (last + 1 - a) / 16;
            if (vectors > NIMREC_CHUNK)
                vectors = NIMREC_CHUNK;
            if (!ready) {                   /* each target in 16 lanes; past the active ones, t[0] again */
                for (i = 0; i < NIMREC_FIND_MAX; i++)
                    for (j = 0; j < 16; j++)
                        lanes[i][j] = t[i < active ? i : 0];
                ready = 1;
            }
            if (active == 1)
                hit = nimrec_find_1(low, top, a, vectors, (const uint16_t (*)[16])lanes);
            else if (active == 2)
                hit = nimrec_find_2(low, top, a, vectors, (const uint16_t (*)[16])lanes);
            else if (active <= 4)
                hit = nimrec_find_4(low, top, a, vectors, (const uint16_t (*)[16])lanes);
            else
                hit = nimrec_find_8(low, top, a, vectors, (const uint16_t (*)[16])lanes);
            hit &= (1u << active) - 1;
            if (hit) {
                kept = 0;
                for (i = 0; i < active; i++) {
                    if (hit >> i & 1) {
                        found |= 1u << idx[i];
                    } else {
                        t[kept] = t[i];
                        idx[kept] = idx[i];
                        kept++;
                    }
                }
                active = kept;
                ready = 0;
            }
            a += vectors * 16;
        }
    #endif
        for (; active && a <= last; a++) {
            x = (uint16_t)(low[a] ^ top[-(int64_t)a]);
            for (i = 0; i < active; i++) {
                if (x == t[i]) {
                    found |= 1u << idx[i];
                    active--;
                    t[i] = t[active];
                    idx[i] = idx[active];
                    break;
                }
            }
        }
        return found;
    }

    /* The small-values path a block of NIMREC_LANES heaps at a time (every value at most 64): for
       the pairs i = first .. end - 1, part a = at[i] (at NULL: a = i) of value values[i],
       out[h] |= 1 << (values[i] ^ rests[h - a]) (none past 63), h = 0 .. NIMREC_LANES - 1 -- heap n0 + h paired
       with the rest G(m0 + h - a), contiguous in the window across the block. On x86-64 with
       AVX-512F or AVX2 (chosen when the module loads) eight or four 64-bit lanes a vector: the
       rests widened from 16 bits (vpmovzxwq), the bits set by a variable shift (vpsllvq), in
       registers, no store a pair. Without them the blocks are not used (nimrec_vector_level 0:
       in a plain loop they were slower than one heap at a time); the plain loop below only
       defines the same where no vectors are compiled. */
    #define NIMREC_LANES 16
    #define NIMREC_WIDE_LANE_TOP 96     /* the wide lanes' indices: 0 .. 95, three words of 32 bits */
    /* The scan's pairs a = first .. last of one heap, each pair's value x = low[a] ^ top[-a]
       below 256 as the bit code[x] of words[0 .. 1] (code 128: none). Two pairs a step, in
       registers: no store a pair. */
    static void nimrec_scan_codes(const uint16_t* low, const uint16_t* top, uint64_t first,
                                  uint64_t last, const uint8_t* code, uint64_t* words) {
        uint64_t a, x, y, lo0 = 0, hi0 = 0, lo1 = 0, hi1 = 0, bx, by;
        unsigned cx, cy;
        for (a = first; a + 1 <= last; a += 2) {
            x = (uint64_t)(low[a] ^ top[-(int64_t)a]);
            y = (uint64_t)(low[a + 1] ^ top[-(int64_t)a - 1]);
            cx = x < 256 ? code[x] : 128;
            cy = y < 256 ? code[y] : 128;
            bx = (uint64_t)1 << (cx & 63);
            by = (uint64_t)1 << (cy & 63);
            lo0 |= cx < 64 ? bx : 0;
            hi0 |= (cx >> 6) == 1 ? bx : 0;
            lo1 |= cy < 64 ? by : 0;
            hi1 |= (cy >> 6) == 1 ? by : 0;
        }
        for (; a <= last; a++) {
            x = (uint64_t)(low[a] ^ top[-(int64_t)a]);
            cx = x < 256 ? code[x] : 128;
            bx = (uint64_t)1 << (cx & 63);
            lo0 |= cx < 64 ? bx : 0;
            hi0 |= (cx >> 6) == 1 ? bx : 0;
        }
        words[0] |= lo0 | lo1;
        words[1] |= hi0 | hi1;
    }
    #if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(NIMREC_SCALAR)
    #include <immintrin.h>
    __attribute__((target("avx2")))
    static void nimrec_or_pairs_avx2(uint64_t* out, const uint16_t* rests, const uint64_t* at,
                                     const uint16_t* values, uint64_t first, uint64_t end) {
        const __m256i one = _mm256_set1_epi64x(1);
        __m256i acc[NIMREC_LANES / 4], g;
        const uint16_t* r;
        uint64_t i;
        unsigned k;
        for (k = 0; k < NIMREC_LANES / 4; k++)
            acc[k] = _mm256_loadu_si256((const __m256i*)(out + 4 * k));
        for (i = first; i < end; i++) {
            r = rests - (at ? at[i] : i);
            g = _mm256_set1_epi64x((long long)values[i]);
            for (k = 0; k < NIMREC_LANES / 4; k++)
                acc[k] = _mm256_or_si256(acc[k], _mm256_sllv_epi64(one, _mm256_xor_si256(
                    g, _mm256_cvtepu16_epi64(_mm_loadl_epi64((const __m128i*)(r + 4 * k))))));
        }
        for (k = 0; k < NIMREC_LANES / 4; k++)
            _mm256_storeu_si256((__m256i*)(out + 4 * k), acc[k]);
    }
    __attribute__((target("avx512f")))
    static void nimrec_or_pairs_avx512(uint64_t* out, const uint16_t* rests, const uint64_t* at,
                                       const uint16_t* values, uint64_t first, uint64_t end) {
        const __m512i one = _mm512_set1_epi64(1);
        __m512i acc[NIMREC_LANES / 8], g;
        const uint16_t* r;
        uint64_t i;
        unsigned k;
        for (k = 0; k < NIMREC_LANES / 8; k++)
            acc[k] = _mm512_loadu_si512((const void*)(out + 8 * k));
        for (i = first; i < end; i++) {
            r = rests - (at ? at[i] : i);
            g = _mm512_set1_epi64((long long)values[i]);
            for (k = 0; k < NIMREC_LANES / 8; k++)
                acc[k] = _mm512_or_si512(acc[k], _mm512_sllv_epi64(one, _mm512_xor_si512(
                    g, _mm512_cvtepu16_epi64(_mm_loadu_si128((const __m128i*)(r + 8 * k))))));
        }
        for (k = 0; k < NIMREC_LANES / 8; k++)
            _mm512_storeu_si512((void*)(out + 8 * k), acc[k]);
    }
    /* The wide lanes (values past 63; Grundy's game), AVX-512F only (with AVX2's four lanes they
       were slower than one heap at a time): for the pairs i = first .. end - 1, part at[i] of
       value values[i], the index of each pair's value x = values[i] ^ rests[h - at[i]] within
       its class -- x without its bit `kbit` (the mask's lowest: in a class that bit follows
       from the others, so dropping it keeps the order) -- is set in lo[h] (indices 0 .. 63) or
       hi[h] (64 .. 95); past 95 nothing (NIMREC_WIDE_LANE_TOP: a fourth word cost a sixth of
       the lanes' time for the few heaps whose bound passes 95, whose pairs the caller gathers
       again with nimrec_top_wide). The caller knows every pair's class. */
    /* The 16 heaps' words lo[h] (indices 0 .. 63), hi[h] (64 .. 127) as four words of 32 bits
       in 16 lanes, w0 (indices 0 .. 31) .. w3 (96 .. 127), and back. */
    __attribute__((target("avx512f"), always_inline))
    static inline void nimrec_lanes_load(const uint64_t* lo, const uint64_t* hi, __m512i* w0, __m512i* w1,
                                         __m512i* w2, __m512i* w3) {
        __m512i q0 = _mm512_loadu_si512((const void*)lo), q1 = _mm512_loadu_si512((const void*)(lo + 8));
        *w0 = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(q0)), _mm512_cvtepi64_epi32(q1), 1);
        *w1 = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(_mm512_srli_epi64(q0, 32))),
                                 _mm512_cvtepi64_epi32(_mm512_srli_epi64(q1, 32)), 1);
        q0 = _mm512_loadu_si512((const void*)hi);
        q1 = _mm512_loadu_si512((const void*)(hi + 8));
        *w2 = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(q0)), _mm512_cvtepi64_epi32(q1), 1);
        *w3 = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(_mm512_srli_epi64(q0, 32))),
                                 _mm512_cvtepi64_epi32(_mm512_srli_epi64(q1, 32)), 1);
    }
    __attribute__((target("avx512f"), always_inline))
    static inline void nimrec_lanes_store(uint64_t* lo, uint64_t* hi, __m512i w0, __m512i w1, __m512i w2,
                                          __m512i w3) {
        _mm512_storeu_si512((void*)lo, _mm512_or_si512(
            _mm512_cvtepu32_epi64(_mm512_castsi512_si256(w0)),
            _mm512_slli_epi64(_mm512_cvtepu32_epi64(_mm512_castsi512_si256(w1)), 32)));
        _mm512_storeu_si512((void*)(lo + 8), _mm512_or_si512(
            _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(w0, 1)),
            _mm512_slli_epi64(_mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(w1, 1)), 32)));
        _mm512_storeu_si512((void*)hi, _mm512_or_si512(
            _mm512_cvtepu32_epi64(_mm512_castsi512_si256(w2)),
            _mm512_slli_epi64(_mm512_cvtepu32_epi64(_mm512_castsi512_si256(w3)), 32)));
        _mm512_storeu_si512((void*)(hi + 8), _mm512_or_si512(
            _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(w2, 1)),
            _mm512_slli_epi64(_mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(w3, 1)), 32)));
    }
    /* The bits of indices ia and ib set in each of 16 lanes' words w0 (0 .. 31), w1, w2 (64 .. 95):
       a vector shift by 32 or more gives 0, so each index sets its bit in one word, and each word
       takes both bits in one three-way OR (0xFE: A | B | C). */
    __attribute__((target("avx512f"), always_inline))
    static inline void nimrec_lanes_set(__m512i* w0, __m512i* w1, __m512i* w2, __m512i ia, __m512i ib) {
        const __m512i one = _mm512_set1_epi32(1), c32 = _mm512_set1_epi32(32), c64 = _mm512_set1_epi32(64);
        *w0 = _mm512_ternarylogic_epi32(*w0, _mm512_sllv_epi32(one, ia), _mm512_sllv_epi32(one, ib), 0xFE);
        *w1 = _mm512_ternarylogic_epi32(*w1, _mm512_sllv_epi32(one, _mm512_sub_epi32(ia, c32)),
                                        _mm512_sllv_epi32(one, _mm512_sub_epi32(ib, c32)), 0xFE);
        *w2 = _mm512_ternarylogic_epi32(*w2, _mm512_sllv_epi32(one, _mm512_sub_epi32(ia, c64)),
                                        _mm512_sllv_epi32(one, _mm512_sub_epi32(ib, c64)), 0xFE);
    }
    __attribute__((target("avx512f")))
    static void nimrec_or_wide_avx512(uint64_t* lo, uint64_t* hi, const uint16_t* rests,
                                      const uint64_t* at, const uint32_t* values, uint64_t first,
                                      uint64_t end, unsigned kbit) {
        /* the 16 heaps in the 16 lanes of 32 bits, their 96 indices in three words w[0 .. 2]
           (indices 32 j .. 32 j + 31; w3, the bits 96 .. 127 the caller gave, passes through):
           a vector shift by 32 or more gives 0, so each pair sets its bit in one word -- one
           load, one conversion and one index a pair for all the words (with two words of 64
           bits, eight lanes a vector, it was two of each) */
        const __m512i below = _mm512_set1_epi32((int)((1u << kbit) - 1));
        __m512i w0, w1, w2, w3, xa, xb, ia, ib;
        const uint16_t *ra, *rb;
        uint64_t i;
        nimrec_lanes_load(lo, hi, &w0, &w1, &w2, &w3);
        for (i = first; i + 1 < end; i += 2) {       /* two pairs a turn */
            ra = rests - at[i];
            rb = rests - at[i + 1];
            xa = _mm512_xor_si512(_mm512_set1_epi32((int)values[i]),
                                  _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)ra)));
            xb = _mm512_xor_si512(_mm512_set1_epi32((int)values[i + 1]),
                                  _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)rb)));
            /* below ? x : x >> 1, bit by bit (0xCA: A ? B : C) */
            ia = _mm512_ternarylogic_epi32(below, xa, _mm512_srli_epi32(xa, 1), 0xCA);
            ib = _mm512_ternarylogic_epi32(below, xb, _mm512_srli_epi32(xb, 1), 0xCA);
            nimrec_lanes_set(&w0, &w1, &w2, ia, ib);
        }
        if (i < end) {
            ra = rests - at[i];
            xa = _mm512_xor_si512(_mm512_set1_epi32((int)values[i]),
                                  _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)ra)));
            ia = _mm512_ternarylogic_epi32(below, xa, _mm512_srli_epi32(xa, 1), 0xCA);
            nimrec_lanes_set(&w0, &w1, &w2, ia, ia);
        }
        nimrec_lanes_store(lo, hi, w0, w1, w2, w3);
    }
    /* nimrec_or_wide over the window's class codes: codes[x] is the index of G(x) within its
       class (0 .. 127 for a value below 256; 255 past it), index[i] the index of part at[i]'s
       value (below 128). Dropping bit kbit is linear over XOR, so the pair's index is
       index[i] ^ codes[h - at[i]]: one byte a rest, no widening of two bytes, no index
       computed a pair (8.5 vector operations a pair, not 10.5: 1.22 times the lanes' speed).
       A code of 255 gives an index past 127, as the value past 255 did: no bit. */
    __attribute__((target("avx512f")))
    static void nimrec_or_codes_avx512(uint64_t* lo, uint64_t* hi, const uint8_t* codes,
                                       const uint64_t* at, const uint32_t* index, uint64_t first,
                                       uint64_t end) {
        __m512i w0, w1, w2, w3, ia, ib;
        uint64_t i;
        nimrec_lanes_load(lo, hi, &w0, &w1, &w2, &w3);
        for (i = first; i + 1 < end; i += 2) {
            ia = _mm512_xor_si512(_mm512_set1_epi32((int)index[i]),
                                  _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i*)(codes - at[i]))));
            ib = _mm512_xor_si512(_mm512_set1_epi32((int)index[i + 1]),
                                  _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i*)(codes - at[i + 1]))));
            nimrec_lanes_set(&w0, &w1, &w2, ia, ib);
        }
        if (i < end) {
            ia = _mm512_xor_si512(_mm512_set1_epi32((int)index[i]),
                                  _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i*)(codes - at[i]))));
            nimrec_lanes_set(&w0, &w1, &w2, ia, ia);
        }
        nimrec_lanes_store(lo, hi, w0, w1, w2, w3);
    }
    /* nimrec_or_codes for NIMREC_MATE_HEAPS (64) heaps at once, a heap a byte lane
       (AVX512-VBMI): the indices below `top` (64 or 96) as byte words, index 8 j + b the bit b of
       word j, each set by a table lookup -- vpermb: the entry of index x in word j's table is
       1 << (x - 8 j) where x lies in that word, else 0. The 32-bit lanes take 8.5 operations a
       pair for 16 heaps (34 for 64), bound by the two vector ports; the bytes take 14 for 64
       heaps with top 64 (9 of them shuffles, on one port) and 22 with top 96. vpermb reads the
       index's low six bits, so each lookup is masked to the lanes whose index lies in its
       words: x < 64 for words 0 .. 7, 64 <= x < 96 for words 8 .. 11 (the same tables, x - 64
       having the low bits of x). An index past top sets nothing, nor does a code of 255 (its
       index past 127). The words are ORed into lo, hi as nimrec_or_codes leaves them. */
    /* two pairs' lookups (indices xa, xb) into the 8 (top 64) or 12 (top 96) words acc[]: each
       word's table picked out by the lanes whose index lies in it (K1, K2: below 64, then 64 ..
       95), both pairs ORed in at once (0xFE: A | B | C) */
    #define NIMREC_BYTES_SET(J, K1, K2, X1, X2, T) \
        acc##J = _mm512_ternarylogic_epi32(acc##J, _mm512_maskz_permutexvar_epi8(K1, X1, T), \
                                           _mm512_maskz_permutexvar_epi8(K2, X2, T), 0xFE)
    #define NIMREC_BYTES_LOW(X1, X2, K1, K2) do { \
        K1 = _mm512_testn_epi8_mask(X1, c0); K2 = _mm512_testn_epi8_mask(X2, c0); \
        NIMREC_BYTES_SET(0, K1, K2, X1, X2, tab0); NIMREC_BYTES_SET(1, K1, K2, X1, X2, tab1); \
        NIMREC_BYTES_SET(2, K1, K2, X1, X2, tab2); NIMREC_BYTES_SET(3, K1, K2, X1, X2, tab3); \
        NIMREC_BYTES_SET(4, K1, K2, X1, X2, tab4); NIMREC_BYTES_SET(5, K1, K2, X1, X2, tab5); \
        NIMREC_BYTES_SET(6, K1, K2, X1, X2, tab6); NIMREC_BYTES_SET(7, K1, K2, X1, X2, tab7); } while (0)
    #define NIMREC_BYTES_HIGH(X1, X2, K1, K2) do { \
        K1 = _mm512_cmpeq_epi8_mask(_mm512_and_si512(X1, e0), x40); \
        K2 = _mm512_cmpeq_epi8_mask(_mm512_and_si512(X2, e0), x40); \
        NIMREC_BYTES_SET(8, K1, K2, X1, X2, tab0); NIMREC_BYTES_SET(9, K1, K2, X1, X2, tab1); \
        NIMREC_BYTES_SET(10, K1, K2, X1, X2, tab2); NIMREC_BYTES_SET(11, K1, K2, X1, X2, tab3); } while (0)
    /* the pair's index in each byte: its rests' codes XOR the part's index (rep: the index in
       each byte of four, broadcast from memory, a load) */
    #define NIMREC_BYTES_X(I) _mm512_xor_si512(_mm512_set1_epi32((int)rep[I]), \
                                                _mm512_loadu_si512((const void*)(codes - at[I])))
    __attribute__((target("avx512f,avx512bw,avx512vbmi")))
    static void nimrec_or_bytes_avx512(uint64_t* lo, uint64_t* hi, const uint8_t* codes, const uint64_t* at,
                                       const uint32_t* rep, uint64_t first, uint64_t end, unsigned top) {
        /* out of byte words: heap 8 q + r's byte of word j is byte 8 q + r of word j; eight
           heaps' eight words, a qword each, are an 8 x 8 byte matrix turned by one vpermb */
        static const uint8_t turn[64] = {
            0, 8, 16, 24, 32, 40, 48, 56, 1, 9, 17, 25, 33, 41, 49, 57, 2, 10, 18, 26, 34, 42, 50, 58,
            3, 11, 19, 27, 35, 43, 51, 59, 4, 12, 20, 28, 36, 44, 52, 60, 5, 13, 21, 29, 37, 45, 53, 61,
            6, 14, 22, 30, 38, 46, 54, 62, 7, 15, 23, 31, 39, 47, 55, 63};
        const __m512i c0 = _mm512_set1_epi8((char)0xC0), e0 = _mm512_set1_epi8((char)0xE0);
        const __m512i x40 = _mm512_set1_epi8(0x40), bits = _mm512_set1_epi64((long long)0x8040201008040201ULL);
        /* word j's table: entry x (the low six bits of an index) is 1 << (x - 8 j) in 8 j .. 8 j + 7 */
        const __m512i tab0 = _mm512_maskz_mov_epi8((__mmask64)0xFFULL, bits);
        const __m512i tab1 = _mm512_maskz_mov_epi8((__mmask64)0xFFULL << 8, bits);
        const __m512i tab2 = _mm512_maskz_mov_epi8((__mmask64)0xFFULL << 16, bits);
        const __m512i tab3 = _mm512_maskz_mov_epi8((__mmask64)0xFFULL << 24, bits);
        const __m512i tab4 = _mm512_maskz_mov_epi8((__mmask64)0xFFULL << 32, bits);
        const __m512i tab5 = _mm512_maskz_mov_epi8((__mmask64)0xFFULL << 40, bits);
        const __m512i tab6 = _mm512_maskz_mov_epi8((__mmask64)0xFFULL << 48, bits);
        const __m512i tab7 = _mm512_maskz_mov_epi8((__mmask64)0xFFULL << 56, bits);
        __m512i acc0 = _mm512_setzero_si512(), acc1 = acc0, acc2 = acc0, acc3 = acc0, acc4 = acc0;
        __m512i acc5 = acc0, acc6 = acc0, acc7 = acc0, acc8 = acc0, acc9 = acc0, acc10 = acc0, acc11 = acc0;
        __m512i xa, xb, order;
        __mmask64 ka, kb;
        uint64_t words[12][8];
        uint64_t i;
        int q;
        /* two pairs a turn; an odd count's last pair twice (an OR: the same words) */
        if (top > 64) {
            for (i = first; i < end; i += 2) {
                xa = NIMREC_BYTES_X(i);
                xb = NIMREC_BYTES_X(i + 1 < end ? i + 1 : i);
                NIMREC_BYTES_LOW(xa, xb, ka, kb);
                NIMREC_BYTES_HIGH(xa, xb, ka, kb);
            }
        } else {
            for (i = first; i < end; i += 2) {
                xa = NIMREC_BYTES_X(i);
                xb = NIMREC_BYTES_X(i + 1 < end ? i + 1 : i);
                NIMREC_BYTES_LOW(xa, xb, ka, kb);
            }
        }
        _mm512_storeu_si512((void*)words[0], acc0);
        _mm512_storeu_si512((void*)words[1], acc1);
        _mm512_storeu_si512((void*)words[2], acc2);
        _mm512_storeu_si512((void*)words[3], acc3);
        _mm512_storeu_si512((void*)words[4], acc4);
        _mm512_storeu_si512((void*)words[5], acc5);
        _mm512_storeu_si512((void*)words[6], acc6);
        _mm512_storeu_si512((void*)words[7], acc7);
        _mm512_storeu_si512((void*)words[8], acc8);
        _mm512_storeu_si512((void*)words[9], acc9);
        _mm512_storeu_si512((void*)words[10], acc10);
        _mm512_storeu_si512((void*)words[11], acc11);
        order = _mm512_loadu_si512((const void*)turn);
        for (q = 0; q < 8; q++) {
            _mm512_storeu_si512((void*)(lo + 8 * q), _mm512_or_si512(
                _mm512_loadu_si512((const void*)(lo + 8 * q)), _mm512_permutexvar_epi8(order, _mm512_set_epi64(
                    (long long)words[7][q], (long long)words[6][q], (long long)words[5][q], (long long)words[4][q],
                    (long long)words[3][q], (long long)words[2][q], (long long)words[1][q], (long long)words[0][q]))));
            if (top > 64)
                _mm512_storeu_si512((void*)(hi + 8 * q), _mm512_or_si512(
                    _mm512_loadu_si512((const void*)(hi + 8 * q)), _mm512_permutexvar_epi8(order, _mm512_set_epi64(
                        0, 0, 0, 0, (long long)words[11][q], (long long)words[10][q], (long long)words[9][q],
                        (long long)words[8][q]))));
        }
    }
    #undef NIMREC_BYTES_SET
    #undef NIMREC_BYTES_LOW
    #undef NIMREC_BYTES_HIGH
    #undef NIMREC_BYTES_X
    /* The indices top .. top + 31 (96 .. 127 past the 32-bit lanes, 64 .. 95 past the byte
       lanes' top of 64: bits 0 .. 31 of the result) that one heap's
       pairs i = first .. end - 1 reach -- part at[i] (16 or more) of value values[i], the rest
       rests[-at[i]] -- for a heap whose bound passes the lanes' indices: sixteen pairs a
       gather (a fifth of the time of one pair at a time). Each gather reads two bytes past its
       rest, rests[1 - at[i]], which lies before the heap (at[i] > 1). */
    __attribute__((target("avx512f")))
    static uint32_t nimrec_top_wide_avx512(const uint16_t* rests, const uint64_t* at, const uint32_t* values,
                                           uint64_t first, uint64_t end, unsigned kbit, unsigned tops) {
        const __m512i one = _mm512_set1_epi32(1), top = _mm512_set1_epi32((int)tops);
        const __m512i below = _mm512_set1_epi32((int)((1u << kbit) - 1)), low = _mm512_set1_epi32(0xFFFF);
        __m512i w = _mm512_setzero_si512(), x, back;
        __mmask16 k;
        uint64_t i;
        for (i = first; i < end; i += 16) {
            k = end - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (end - i)) - 1);
            back = _mm512_inserti64x4(
                _mm512_castsi256_si512(_mm512_cvtepi64_epi32(_mm512_maskz_loadu_epi64((__mmask8)k, at + i))),
                _mm512_cvtepi64_epi32(_mm512_maskz_loadu_epi64((__mmask8)(k >> 8), at + i + 8)), 1);
            x = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), k, _mm512_sub_epi32(_mm512_setzero_si512(), back),
                                            (const void*)rests, 2);
            x = _mm512_xor_si512(_mm512_and_si512(x, low), _mm512_maskz_loadu_epi32(k, values + i));
            x = _mm512_ternarylogic_epi32(below, x, _mm512_srli_epi32(x, 1), 0xCA);
            w = _mm512_mask_or_epi32(w, k, w, _mm512_sllv_epi32(one, _mm512_sub_epi32(x, top)));
        }
        return (uint32_t)_mm512_reduce_or_epi32(w);
    }
    /* nimrec_scan_codes with AVX-512F, where every rest is a common heap: eight pairs a vector,
       a pair's value x as its index within its class (x without bit kbit), set in the lanes of
       common parts (rare_bits: bit a set for a rare heap a: a rare part's value is common),
       where a common part and a common rest make a rare value. */
    __attribute__((target("avx512f")))
    static void nimrec_scan_wide_avx512(const uint16_t* low, const uint16_t* top, uint64_t first,
                                        uint64_t last, const uint8_t* code, const uint8_t* rare_bits,
                                        unsigned kbit, uint64_t* words) {
        const __m512i one = _mm512_set1_epi64(1), sixty4 = _mm512_set1_epi64(64);
        const __m512i below = _mm512_set1_epi64((long long)((1ULL << kbit) - 1));
        const __m128i reverse = _mm_set_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
        __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512(), x, idx;
        __mmask8 common;
        uint64_t a = first, head = (first + 7) & ~(uint64_t)7;
        if (head > last + 1)
            head = last + 1;
        nimrec_scan_codes(low, top, a, head - 1, code, words);   /* up to a multiple of 8 */
        for (a = head; a + 7 <= last; a += 8) {
            x = _mm512_cvtepu16_epi64(_mm_xor_si128(
                _mm_loadu_si128((const __m128i*)(low + a)),
                _mm_shuffle_epi8(_mm_loadu_si128((const __m128i*)(top - a - 7)), reverse)));
            idx = _mm512_ternarylogic_epi64(below, x, _mm512_srli_epi64(x, 1), 0xCA);
            common = (__mmask8)~rare_bits[a >> 3];
            lo = _mm512_mask_or_epi64(lo, common, lo, _mm512_sllv_epi64(one, idx));
            hi = _mm512_mask_or_epi64(hi, common, hi, _mm512_sllv_epi64(one, _mm512_sub_epi64(idx, sixty4)));
        }
        words[0] |= (uint64_t)_mm512_reduce_or_epi64(lo);
        words[1] |= (uint64_t)_mm512_reduce_or_epi64(hi);
        if (a <= last)
            nimrec_scan_codes(low, top, a, last, code, words);
    }
    /* 2: AVX-512F, 1: AVX2, 0: neither; NIMCORE_RECORD_VECTORS=avx2 or =plain asks for less */
    static int nimrec_vector_level(void) {
        static int known = -1;
        const char* asked;
        if (known < 0) {
            __builtin_cpu_init();
            known = __builtin_cpu_supports("avx512f") ? 2 : __builtin_cpu_supports("avx2") ? 1 : 0;
            asked = getenv("NIMCORE_RECORD_VECTORS");
            if (asked && strcmp(asked, "avx2") == 0 && known > 1)
                known = 1;
            else if (asked && strcmp(asked, "plain") == 0)
                known = 0;
        }
        return known;
    }
    static void nimrec_or_pairs(uint64_t* out, const uint16_t* rests, const uint64_t* at,
                                const uint16_t* values, uint64_t first, uint64_t end) {
        if (nimrec_vector_level() == 2)
            nimrec_or_pairs_avx512(out, rests, at, values, first, end);
        else
            nimrec_or_pairs_avx2(out, rests, at, values, first, end);
    }
    static void nimrec_scan_wide(const uint16_t* low, const uint16_t* top, uint64_t first, uint64_t last,
                                 const uint8_t* code, const uint8_t* rare_bits, unsigned kbit,
                                 uint64_t* words) {
        nimrec_scan_wide_avx512(low, top, first, last, code, rare_bits, kbit, words);
    }
    static void nimrec_or_wide(uint64_t* lo, uint64_t* hi, const uint16_t* rests, const uint64_t* at,
                               const uint32_t* values, uint64_t first, uint64_t end, unsigned kbit) {
        nimrec_or_wide_avx512(lo, hi, rests, at, values, first, end, kbit);
    }
    static void nimrec_or_codes(uint64_t* lo, uint64_t* hi, const uint8_t* codes, const uint64_t* at,
                                const uint32_t* index, uint64_t first, uint64_t end) {
        nimrec_or_codes_avx512(lo, hi, codes, at, index, first, end);
    }
    static uint32_t nimrec_top_wide(const uint16_t* rests, const uint64_t* at, const uint32_t* values,
                                    uint64_t first, uint64_t end, unsigned kbit, unsigned top) {
        return nimrec_top_wide_avx512(rests, at, values, first, end, kbit, top);
    }
    /* whether the byte lanes run here: AVX-512 with BW and VBMI (NIMCORE_RECORD_VECTORS=avx512
       asks for the 32-bit lanes only) */
    static int nimrec_bytes_ok(void) {
        static int known = -1;
        const char* asked;
        if (known < 0) {
            asked = getenv("NIMCORE_RECORD_VECTORS");
            known = nimrec_vector_level() == 2 && __builtin_cpu_supports("avx512bw")
                    && __builtin_cpu_supports("avx512vbmi") && !(asked && strcmp(asked, "avx512") == 0);
        }
        return known;
    }
    static void nimrec_or_bytes(uint64_t* lo, uint64_t* hi, const uint8_t* codes, const uint64_t* at,
                                const uint32_t* index, const uint32_t* rep, uint64_t first, uint64_t end,
                                unsigned top) {
        (void)index;
        nimrec_or_bytes_avx512(lo, hi, codes, at, rep, first, end, top);
    }
    #else
    static int nimrec_vector_level(void) { return 0; }
    static void nimrec_or_pairs(uint64_t* out, const uint16_t* rests, const uint64_t* at,
                                const uint16_t* values, uint64_t first, uint64_t end) {
        uint64_t i;
        unsigned h;
        for (i = first; i < end; i++)
            for (h = 0; h < NIMREC_LANES; h++)
                if ((values[i] ^ rests[(int64_t)h - (int64_t)(at ? at[i] : i)]) < 64)
                    out[h] |= (uint64_t)1 << (values[i] ^ rests[(int64_t)h - (int64_t)(at ? at[i] : i)]);
    }
    static void nimrec_scan_wide(const uint16_t* low, const uint16_t* top, uint64_t first, uint64_t last,
                                 const uint8_t* code, const uint8_t* rare_bits, unsigned kbit,
                                 uint64_t* words) {
        (void)rare_bits;
        (void)kbit;
        nimrec_scan_codes(low, top, first, last, code, words);
    }
    static void nimrec_or_wide(uint64_t* lo, uint64_t* hi, const uint16_t* rests, const uint64_t* at,
                               const uint32_t* values, uint64_t first, uint64_t end, unsigned kbit) {
        uint64_t i, x, idx, below = ((uint64_t)1 << kbit) - 1;
        unsigned h;
        for (i = first; i < end; i++)
            for (h = 0; h < NIMREC_LANES; h++) {
                x = values[i] ^ rests[(int64_t)h - (int64_t)at[i]];
                idx = (x & below) | ((x >> 1) & ~below);
                if (idx < 64)
                    lo[h] |= (uint64_t)1 << idx;
                else if (idx < NIMREC_WIDE_LANE_TOP)
                    hi[h] |= (uint64_t)1 << (idx - 64);
            }
    }
    static void nimrec_or_codes(uint64_t* lo, uint64_t* hi, const uint8_t* codes, const uint64_t* at,
                                const uint32_t* index, uint64_t first, uint64_t end) {
        uint64_t i, idx;
        unsigned h;
        for (i = first; i < end; i++)
            for (h = 0; h < NIMREC_LANES; h++) {
                idx = index[i] ^ codes[(int64_t)h - (int64_t)at[i]];
                if (idx < 64)
                    lo[h] |= (uint64_t)1 << idx;
                else if (idx < NIMREC_WIDE_LANE_TOP)
                    hi[h] |= (uint64_t)1 << (idx - 64);
            }
    }
    static uint32_t nimrec_top_wide(const uint16_t* rests, const uint64_t* at, const uint32_t* values,
                                    uint64_t first, uint64_t end, unsigned kbit, unsigned top) {
        uint64_t i, x, idx, below = ((uint64_t)1 << kbit) - 1;
        uint32_t w = 0;
        for (i = first; i < end; i++) {
            x = values[i] ^ rests[-(int64_t)at[i]];
            idx = (x & below) | ((x >> 1) & ~below);
            if (idx >= top && idx < top + 32)
                w |= (uint32_t)1 << (idx - top);
        }
        return w;
    }
    static int nimrec_bytes_ok(void) { return 0; }
    static void nimrec_or_bytes(uint64_t* lo, uint64_t* hi, const uint8_t* codes, const uint64_t* at,
                                const uint32_t* index, const uint32_t* rep, uint64_t first, uint64_t end,
                                unsigned top) {
        uint64_t b;
        (void)rep;
        (void)top;
        for (b = 0; b < 64; b += NIMREC_LANES)   /* (NIMREC_MATE_HEAPS heaps) */
            nimrec_or_codes(lo + b, hi + b, codes + b, at, index, first, end);
    }
    #endif

    /* The hints' learning (_learn_hints), its two passes over the pairs a = 1 .. reach of one
       sample heap, each pair's value v = low[a] ^ rests[-a]. The first counts the pairs of each
       value below 512: count[v] += 1 from part `lanes` on, 1 << 20 below it (found without the
       hints). Four tallies in turn: two pairs of one value in a row do not wait on each other's
       store (the loop's cost was that chain: 64 samples at 2**30 take 1.09 ms, against 1.91 with
       one tally, /tmp/s25/cnt.c); the sums are the same. */
    static void nimrec_hint_count(const uint16_t* low, const uint16_t* rests, uint64_t lanes, uint64_t reach,
                                  uint32_t* count) {
        uint32_t tally[4][513];         /* [512]: every value past 511 */
        uint64_t a;
        unsigned v, t;
        memset(tally, 0, sizeof tally);
        for (a = 1; a < lanes && a <= reach; a++) {
            v = low[a] ^ rests[-(int64_t)a];
            tally[0][v < 512 ? v : 512] += (uint32_t)1 << 20;
        }
        for (; a + 3 <= reach; a += 4)
            for (t = 0; t < 4; t++) {
                v = low[a + t] ^ rests[-(int64_t)(a + t)];
                tally[t][v < 512 ? v : 512] += 1;
            }
        for (; a <= reach; a++) {
            v = low[a] ^ rests[-(int64_t)a];
            tally[0][v < 512 ? v : 512] += 1;
        }
        for (v = 0; v < 512; v++)
            count[v] += tally[0][v] + tally[1][v] + tally[2][v] + tally[3][v];
    }
    /* The second adds each pair's weight to its part's score: score[a] += weight[v] for a =
       first .. last (weight[512] is 0: every value past 511). The same single-precision sums
       in the same order however it runs, so the same hints. */
    static void nimrec_hint_score_plain(const uint16_t* low, const uint16_t* rests, const float* weight,
                                        float* score, uint64_t first, uint64_t last) {
        uint64_t a;
        unsigned v;
        for (a = first; a <= last; a++) {
            v = low[a] ^ rests[-(int64_t)a];
            score[a] += weight[v < 512 ? v : 512];
        }
    }
    #if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(NIMREC_SCALAR)
    /* 16 parts a vector: the rests loaded reversed (lane i holds rests[-a-i]), the weights
       gathered */
    __attribute__((target("avx512f")))
    static void nimrec_hint_score_avx512(const uint16_t* low, const uint16_t* rests, const float* weight,
                                         float* score, uint64_t first, uint64_t last) {
        const __m512i turn = _mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        const __m512i past = _mm512_set1_epi32(512);
        __m512i x;
        uint64_t a;
        for (a = first; a + 15 <= last; a += 16) {
            x = _mm512_xor_si512(
                _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i*)(low + a))),
                _mm512_permutexvar_epi32(turn, _mm512_cvtepu16_epi32(
                    _mm256_loadu_si256((const __m256i*)(rests - (int64_t)a - 15)))));
            _mm512_storeu_ps(score + a, _mm512_add_ps(_mm512_loadu_ps(score + a),
                                                      _mm512_i32gather_ps(_mm512_min_epu32(x, past), weight, 4)));
        }
        if (a <= last)
            nimrec_hint_score_plain(low, rests, weight, score, a, last);
    }
    static void nimrec_hint_score(const uint16_t* low, const uint16_t* rests, const float* weight,
                                  float* score, uint64_t first, uint64_t last) {
        if (nimrec_vector_level() == 2)
            nimrec_hint_score_avx512(low, rests, weight, score, first, last);
        else
            nimrec_hint_score_plain(low, rests, weight, score, first, last);
    }
    #else
    static void nimrec_hint_score(const uint16_t* low, const uint16_t* rests, const float* weight,
                                  float* score, uint64_t first, uint64_t last) {
        nimrec_hint_score_plain(low, rests, weight, score, first, last);
    }
    #endif

    /* The pairs first .. end - 1 of the parts at[] into a block's words lo, hi: by the class
       codes (their values' indices index[]) up to split, by the values (values[]) from there on
       (first <= split <= end; codes may be NULL when split == first). The mate and this thread
       both pair this way. */
    static void nimrec_or_parts(uint64_t* lo, uint64_t* hi, const uint16_t* rests, const uint8_t* codes,
                                const uint64_t* at, const uint32_t* values, const uint32_t* index,
                                uint64_t first, uint64_t split, uint64_t end, unsigned kbit) {
        if (first < split)
            nimrec_or_codes(lo, hi, codes, at, index, first, split);
        if (split < end)
            nimrec_or_wide(lo, hi, rests, at, values, split, end, kbit);
    }
    /* nimrec_or_parts for 64 heaps (NIMREC_MATE_HEAPS): the codes' part in byte lanes when top
       is 64 or 96 (nimrec_or_bytes: the indices below top), else, and the values' part, 16 heaps
       at a time */
    static void nimrec_or_parts64(uint64_t* lo, uint64_t* hi, const uint16_t* rests, const uint8_t* codes,
                                  const uint64_t* at, const uint32_t* values, const uint32_t* index,
                                  const uint32_t* rep, uint64_t first, uint64_t split, uint64_t end,
                                  unsigned kbit, unsigned top) {
        uint64_t b;
        if (top && first < split) {
            nimrec_or_bytes(lo, hi, codes, at, index, rep, first, split, top);
            first = split;
        }
        for (b = 0; b < 64; b += NIMREC_LANES)
            nimrec_or_parts(lo + b, hi + b, rests + b, codes ? codes + b : NULL, at, values, index, first,
                            split, end, kbit);
    }

    /* The mate: a second thread that pairs the far rare heaps of wide blocks, and the last
       of the scan's learned parts (nimrec_or_parts64, for every split place), a job of
       NIMREC_MATE_HEAPS heaps at a time. Jobs go through a ring of NIMREC_MATE_SLOTS: this
       thread posts the jobs for the spans of heaps after the one it finishes (up to the
       ring's size), and the mate works through them in order, so that a block that is slow
       to finish (its heaps scanning far) lets the mate run ahead, and a slow job is waited
       for only if the mate has fallen behind on the whole. A job's parts are all
       NIMREC_MATE_REACH or more, so every rest it reads lies before the heaps this thread is
       finishing. A job is some 20 to 50 microseconds of work; each thread waits for the other
       by spinning on a counter a while, then -- the other thread descheduled, the cores busy
       with other work -- sleeps on a condition variable (spinning on, each hand-over waited
       for a time slice: 30 times slower on a loaded machine). Nothing a posted job reads is
       written until it is done (see _mate_settle). */
    #include <pthread.h>
    #define NIMREC_MATE_PLACES 65
    #define NIMREC_MATE_BLOCKS 4        /* blocks a job: a hand-over every 64 heaps, not every 16 */
    #define NIMREC_MATE_HEAPS (NIMREC_MATE_BLOCKS * NIMREC_LANES)
    #define NIMREC_MATE_SLOTS 4         /* jobs in the ring: the one in hand and those ahead */
    #define NIMREC_MATE_REACH (NIMREC_MATE_SLOTS * NIMREC_MATE_HEAPS)   /* the mate's parts from */
    #define NIMREC_SPINS 4096           /* pauses before sleeping: some tens of microseconds */
    typedef struct {
        const uint16_t* rests[NIMREC_MATE_PLACES];   /* the window at each place: values, ... */
        const uint8_t* codes[NIMREC_MATE_PLACES];    /* ... and class codes (nimrec_or_codes) */
        int places;
        const uint64_t* at;             /* the parts first .. end - 1: into lo, hi; their values' */
        const uint32_t* values;         /* class indices paired with the codes for the parts first */
        const uint32_t* index;          /* .. split - 1, their values with the values past them */
        uint64_t first, split, end;
        const uint64_t* scan_at;        /* the scan's parts scan_first .. scan_end - 1: into rlo, */
        const uint32_t* scan_values;    /* rhi, by codes when scan_codes */
        const uint32_t* scan_index;
        const uint32_t* rep;            /* index and scan_index, each byte of four (nimrec_or_bytes) */
        const uint32_t* scan_rep;
        int scan_codes;
        uint64_t scan_first, scan_end;
        unsigned kbit;
        unsigned top;                   /* the byte lanes' top (nimrec_or_parts64), 0: none */
        uint64_t start, learned;        /* the poster's own: the first heap, the hints' learnings */
        uint64_t lo[NIMREC_MATE_HEAPS], hi[NIMREC_MATE_HEAPS];      /* the words made (what */
        uint64_t rlo[NIMREC_MATE_HEAPS], rhi[NIMREC_MATE_HEAPS];    /* precedes them: its task) */
        uint64_t seq;                   /* its number among the jobs posted */
        int state;                      /* NIMREC_JOB_DONE, _POSTED or _TAKEN (atomic) */
    } nimrec_job;
    /* The hints' learning as a task (_learn_hints): the score of each part 0 .. reach from the
       pairs of `samples` heaps, sample j's rests `step` * j before the first's. */
    #define NIMREC_LEARN_SAMPLES 64
    typedef struct {
        const uint16_t* low;            /* the head: the parts' values */
        const uint16_t* rests[NIMREC_MATE_PLACES];   /* the first sample's rests at each place */
        int places;
        uint32_t g[NIMREC_LEARN_SAMPLES];   /* sample j's value, a common one; 512: not looked at */
        int samples;
        uint64_t step, lanes, reach;
        uint32_t mask;
        float* score;                   /* out: reach + 1 floats */
        int state;                      /* NIMREC_JOB_DONE, _POSTED or _TAKEN (atomic) */
    } nimrec_learn;
    typedef struct {
        uint64_t posted;                /* jobs posted (this thread writes it): job j is in slot */
        uint64_t next;                  /* j % NIMREC_MATE_SLOTS; the next the mate looks at */
        int stop;
        int sleepers;                   /* threads asleep (or going to sleep) on `wake` */
        int slept;                      /* this thread's sleeps waiting for the mate, and twins */
        uint64_t taken;                 /* jobs this thread made itself (nimrec_mate_take), ... */
        uint64_t twins;                 /* ... and made again, the mate on them too long */
        uint64_t twin_of;               /* 1 + the job whose words `twin` holds (0: none) */
        pthread_mutex_t lock;
        pthread_cond_t wake;
        nimrec_job job[NIMREC_MATE_SLOTS];
        nimrec_job twin;                /* this thread's copy of a job the mate is late with */
        nimrec_learn learn;             /* the hints' learning, posted as jobs are (once at a time) */
        pthread_t thread;
    } nimrec_mate;

    /* A job's state: done (or never posted: a free slot), posted, or taken by the thread making
       its words. Only a compare-and-swap from posted takes a job, so each job posted is made
       once, by the mate or by this thread (nimrec_mate_take), or dropped unmade once passed. */
    #define NIMREC_JOB_DONE 0
    #define NIMREC_JOB_POSTED 1
    #define NIMREC_JOB_TAKEN 2
    static int nimrec_job_state(nimrec_job* job) {
        return __atomic_load_n(&job->state, __ATOMIC_SEQ_CST);
    }
    /* take a job or the learning (its state) if posted: 1 if this thread now makes it */
    static int nimrec_claim(int* state) {
        int posted = NIMREC_JOB_POSTED;
        return __atomic_compare_exchange_n(state, &posted, NIMREC_JOB_TAKEN, 0, __ATOMIC_SEQ_CST,
                                           __ATOMIC_SEQ_CST);
    }
    static int nimrec_job_claim(nimrec_job* job) {
        return nimrec_claim(&job->state);
    }
    /* Wake a sleeper, after a sequentially consistent store of `posted`, a job's state or
       `stop`: the store and the load of `sleepers` are sequentially consistent, as are the
       sleeper's increment and its loads; one of the two sees the other's write, and the sleeper
       looks under the lock the broadcast takes. */
    static void nimrec_mate_wake(nimrec_mate* m) {
        if (__atomic_load_n(&m->sleepers, __ATOMIC_SEQ_CST)) {
            pthread_mutex_lock(&m->lock);
            pthread_cond_broadcast(&m->wake);
            pthread_mutex_unlock(&m->lock);
        }
    }
    /* the mate's wait (state NULL): a job or the learning posted that it has not looked at, or
       a stop; this thread's: a job's or the learning's state done */
    static int nimrec_mate_ready(nimrec_mate* m, int* state) {
        if (state)
            return __atomic_load_n(state, __ATOMIC_SEQ_CST) == NIMREC_JOB_DONE;
        return __atomic_load_n(&m->stop, __ATOMIC_SEQ_CST)
            || __atomic_load_n(&m->posted, __ATOMIC_SEQ_CST) > m->next
            || __atomic_load_n(&m->learn.state, __ATOMIC_SEQ_CST) == NIMREC_JOB_POSTED;
    }
    static void nimrec_mate_await(nimrec_mate* m, int* state) {
        int spins;
        for (spins = 0; spins < NIMREC_SPINS; spins++) {
            if (nimrec_mate_ready(m, state))
                return;
    #if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
            __builtin_ia32_pause();
    #endif
        }
        if (state)
            m->slept++;                 /* (only the posting thread waits for jobs done) */
        pthread_mutex_lock(&m->lock);
        __atomic_add_fetch(&m->sleepers, 1, __ATOMIC_SEQ_CST);
        while (!nimrec_mate_ready(m, state))
            pthread_cond_wait(&m->wake, &m->lock);
        __atomic_sub_fetch(&m->sleepers, 1, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&m->lock);
    }
    /* a job's words: its pairs of the 64 heaps from its start (the mate's jobs, and this
       thread's own words, alike) */
    static void nimrec_job_make(nimrec_job* job) {
        int k;
        memset(job->lo, 0, sizeof job->lo);
        memset(job->hi, 0, sizeof job->hi);
        memset(job->rlo, 0, sizeof job->rlo);
        memset(job->rhi, 0, sizeof job->rhi);
        for (k = 0; k < job->places; k++) {
            nimrec_or_parts64(job->lo, job->hi, job->rests[k], job->codes[k], job->at, job->values,
                              job->index, job->rep, job->first, job->split, job->end, job->kbit, job->top);
            nimrec_or_parts64(job->rlo, job->rhi, job->rests[k], job->codes[k], job->scan_at,
                              job->scan_values, job->scan_index, job->scan_rep, job->scan_first,
                              job->scan_codes ? job->scan_end : job->scan_first, job->scan_end,
                              job->kbit, job->top);
        }
    }
    /* the learning's scores (the same sums in the same order, whichever thread makes them) */
    static void nimrec_learn_make(nimrec_learn* task) {
        float weight[513];
        uint32_t count[512];
        uint64_t a, back;
        uint32_t g, v;
        int i, j, any;
        for (a = 0; a <= task->reach; a++)
            task->score[a] = 0;
        for (j = 0; j < task->samples; j++) {
            g = task->g[j];
            if (g >= 512)
                continue;
            back = (uint64_t)j * task->step;
            memset(count, 0, sizeof count);
            for (i = 0; i < task->places; i++)   /* (a pair found by the parts below the lanes: 1 << 20) */
                nimrec_hint_count(task->low, task->rests[i] - back, task->lanes, task->reach, count);
            any = 0;
            weight[512] = 0;                     /* (the values past 511) */
            for (v = 0; v < 512; v++) {
                weight[v] = 0;
                if (v < g && !__builtin_parity(v & task->mask) && 0 < count[v] && count[v] < (1u << 20)) {
                    weight[v] = (float)(1.0 / ((float)count[v] * (float)count[v]));
                    any = 1;
                }
            }
            if (any)
                for (i = 0; i < task->places; i++)
                    nimrec_hint_score(task->low, task->rests[i] - back, weight, task->score, task->lanes,
                                      task->reach);
        }
    }
    static void* nimrec_mate_loop(void* arg) {
        nimrec_mate* m = (nimrec_mate*)arg;
        nimrec_job* job;
        for (;;) {
            nimrec_mate_await(m, NULL);
            if (__atomic_load_n(&m->stop, __ATOMIC_ACQUIRE))
                return NULL;
            /* the learning first: this thread takes the jobs meanwhile */
            if (nimrec_claim(&m->learn.state)) {
                nimrec_learn_make(&m->learn);
                __atomic_store_n(&m->learn.state, NIMREC_JOB_DONE, __ATOMIC_SEQ_CST);
                nimrec_mate_wake(m);
                continue;
            }
            if (__atomic_load_n(&m->posted, __ATOMIC_SEQ_CST) <= m->next)
                continue;
            /* the slot of job `next` holds it, or (this thread took it, and the slot was used
               again) a later job posted, or one done: whichever it is, taken if still posted */
            job = &m->job[m->next % NIMREC_MATE_SLOTS];
            m->next++;
            if (nimrec_job_claim(job)) {
                nimrec_job_make(job);
                __atomic_store_n(&job->state, NIMREC_JOB_DONE, __ATOMIC_SEQ_CST);
                nimrec_mate_wake(m);
            }
        }
    }
    /* a mate, its thread started; NULL if there is no memory or no thread (then one thread) */
    static nimrec_mate* nimrec_mate_start(void) {
        nimrec_mate* m = (nimrec_mate*)calloc(1, sizeof(nimrec_mate));   /* (every slot free) */
        if (m == NULL)
            return NULL;
        if (pthread_mutex_init(&m->lock, NULL) != 0) {
            free(m);
            return NULL;
        }
        if (pthread_cond_init(&m->wake, NULL) != 0 || pthread_create(&m->thread, NULL, nimrec_mate_loop, m) != 0) {
            pthread_cond_destroy(&m->wake);
            pthread_mutex_destroy(&m->lock);
            free(m);
            return NULL;
        }
        return m;
    }
    /* stop the mate (the job it is on ends first; those after it are dropped) and free it;
       1 if no learning is left posted and not begun (one posted is then made) */
    static int nimrec_mate_stop(nimrec_mate* m) {
        int made;
        if (m == NULL)
            return 0;
        __atomic_store_n(&m->stop, 1, __ATOMIC_SEQ_CST);
        nimrec_mate_wake(m);
        pthread_join(m->thread, NULL);
        made = m->learn.state == NIMREC_JOB_DONE;
        pthread_cond_destroy(&m->wake);
        pthread_mutex_destroy(&m->lock);
        free(m);
        return made;
    }
    /* the slot of the next job, if it is free (the job last in it done), else NULL */
    static nimrec_job* nimrec_mate_slot(nimrec_mate* m) {
        nimrec_job* job = &m->job[m->posted % NIMREC_MATE_SLOTS];
        return nimrec_job_state(job) == NIMREC_JOB_DONE ? job : NULL;
    }
    /* post the job filled in at nimrec_mate_slot */
    static void nimrec_mate_post(nimrec_mate* m) {
        nimrec_job* job = &m->job[m->posted % NIMREC_MATE_SLOTS];
        job->seq = m->posted;
        __atomic_store_n(&job->state, NIMREC_JOB_POSTED, __ATOMIC_SEQ_CST);
        __atomic_store_n(&m->posted, m->posted + 1, __ATOMIC_SEQ_CST);
        nimrec_mate_wake(m);
    }
    /* this thread makes a job it took (nobody waits for it) */
    static void nimrec_mate_own(nimrec_mate* m, nimrec_job* job) {
        nimrec_job_make(job);
        __atomic_store_n(&job->state, NIMREC_JOB_DONE, __ATOMIC_SEQ_CST);
        m->taken++;
    }
    /* pauses (some microseconds, about a job's time) that this thread waits for the mate to end
       the job in hand before it makes the job's words itself */
    #ifndef NIMREC_TWIN_SPINS
    #define NIMREC_TWIN_SPINS 256
    #endif
    /* Job j's words (j the job in hand, posted), made: by this thread if the mate has not taken
       it. While the mate is making it, this thread makes the last job posted that the mate has
       not taken (the mate passes it by), and so on: a mate whose share is the larger is helped,
       not waited for. When none is left, this thread waits a job's time, then -- the mate's
       core taken away by the host, most likely, for a millisecond or more -- makes the job in
       hand again itself, in `twin` (the mate's words, when it ends, are passed by). The words
       are the same whoever makes them. */
    static nimrec_job* nimrec_mate_take(nimrec_mate* m, uint64_t j) {
        nimrec_job* job = &m->job[j % NIMREC_MATE_SLOTS];
        uint64_t k;
        int spins;
        if (m->twin_of == j + 1)
            return &m->twin;
        for (;;) {
            if (nimrec_job_claim(job)) {
                nimrec_mate_own(m, job);
                return job;
            }
            if (nimrec_job_state(job) == NIMREC_JOB_DONE)
                return job;
            for (k = m->posted - 1; k > j; k--)      /* (jobs j .. posted - 1 hold distinct slots) */
                if (nimrec_job_claim(&m->job[k % NIMREC_MATE_SLOTS])) {
                    nimrec_mate_own(m, &m->job[k % NIMREC_MATE_SLOTS]);
                    break;
                }
            if (k == j)
                break;
        }
        for (spins = 0; spins < NIMREC_TWIN_SPINS; spins++) {
            if (nimrec_job_state(job) == NIMREC_JOB_DONE)
                return job;
    #if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
            __builtin_ia32_pause();
    #endif
        }
        memcpy(&m->twin, job, offsetof(nimrec_job, lo));   /* (the task: read alike by the mate) */
        nimrec_job_make(&m->twin);
        m->twin_of = j + 1;
        m->twins++;
        m->slept++;                     /* (a mate often late, the cores busy: left idle a while) */
        return &m->twin;
    }
    /* post the learning filled in at m->learn (its slot done: no learning posted or taken) */
    static void nimrec_mate_learn_post(nimrec_mate* m) {
        __atomic_store_n(&m->learn.state, NIMREC_JOB_POSTED, __ATOMIC_SEQ_CST);
        nimrec_mate_wake(m);
    }
    /* the learning's scores made: by this thread if the mate has not begun, else waited for */
    static void nimrec_mate_learned(nimrec_mate* m) {
        if (nimrec_claim(&m->learn.state)) {
            nimrec_learn_make(&m->learn);
            __atomic_store_n(&m->learn.state, NIMREC_JOB_DONE, __ATOMIC_SEQ_CST);
            return;
        }
        nimrec_mate_await(m, &m->learn.state);
    }
    /* job j passed unused: dropped if the mate has not taken it */
    static void nimrec_mate_pass(nimrec_mate* m, uint64_t j) {
        nimrec_job* job = &m->job[j % NIMREC_MATE_SLOTS];
        if (nimrec_job_claim(job))
            __atomic_store_n(&job->state, NIMREC_JOB_DONE, __ATOMIC_SEQ_CST);
    }
    /* Every job posted done: those from `tail` on made (by this thread where the mate has not
       taken them), those before it dropped if not begun; then the ones the mate is on waited for;
       and a learning posted made. Nothing a job reads may move before this returns. */
    static void nimrec_mate_settle(nimrec_mate* m, uint64_t tail) {
        nimrec_job* job;
        int i;
        for (i = 0; i < NIMREC_MATE_SLOTS; i++) {
            job = &m->job[i];
            if (nimrec_job_claim(job)) {
                if (job->seq >= tail)
                    nimrec_mate_own(m, job);
                else
                    __atomic_store_n(&job->state, NIMREC_JOB_DONE, __ATOMIC_SEQ_CST);
            }
        }
        for (i = 0; i < NIMREC_MATE_SLOTS; i++)
            nimrec_mate_await(m, &m->job[i].state);
        nimrec_mate_learned(m);         /* (it reads the window too) */
    }
    /* the job j (posted by this thread: it reads only what it wrote there, and the words once
       nimrec_mate_take returned) */
    static nimrec_job* nimrec_mate_job(nimrec_mate* m, uint64_t j) {
        return &m->job[j % NIMREC_MATE_SLOTS];
    }
    """
    enum: NIMREC_FIND_MAX
    unsigned int popcount64 "nimrec_popcount" (uint64_t x) nogil
    enum: NIMREC_LANES
    enum: NIMREC_WIDE_LANE_TOP
    enum: NIMREC_MATE_PLACES
    enum: NIMREC_MATE_HEAPS
    int nimrec_vector_level() nogil
    void nimrec_or_pairs(uint64_t* out, const uint16_t* rests, const uint64_t* at, const uint16_t* values,
                         uint64_t first, uint64_t end) nogil
    void nimrec_scan_wide(const uint16_t* low, const uint16_t* top, uint64_t first, uint64_t last,
                          const uint8_t* code, const uint8_t* rare_bits, unsigned int kbit,
                          uint64_t* words) nogil
    void nimrec_or_wide(uint64_t* lo, uint64_t* hi, const uint16_t* rests, const uint64_t* at,
                        const uint32_t* values, uint64_t first, uint64_t end, unsigned int kbit) nogil
    void nimrec_or_parts(uint64_t* lo, uint64_t* hi, const uint16_t* rests, const uint8_t* codes,
                         const uint64_t* at, const uint32_t* values, const uint32_t* index,
                         uint64_t first, uint64_t split, uint64_t end, unsigned int kbit) nogil
    uint32_t nimrec_top_wide(const uint16_t* rests, const uint64_t* at, const uint32_t* values,
                             uint64_t first, uint64_t end, unsigned int kbit, unsigned int top) nogil
    int nimrec_bytes_ok() nogil
    void nimrec_hint_count(const uint16_t* low, const uint16_t* rests, uint64_t lanes, uint64_t reach,
                           uint32_t* count) nogil
    void nimrec_hint_score(const uint16_t* low, const uint16_t* rests, const float* weight, float* score,
                           uint64_t first, uint64_t last) nogil
    void nimrec_or_parts64(uint64_t* lo, uint64_t* hi, const uint16_t* rests, const uint8_t* codes,
                           const uint64_t* at, const uint32_t* values, const uint32_t* index,
                           const uint32_t* rep, uint64_t first, uint64_t split, uint64_t end, unsigned int kbit,
                           unsigned int top) nogil
    unsigned int nimrec_find(const uint16_t* low, const uint16_t* top, uint64_t first,
                             uint64_t last, const uint16_t* targets, unsigned int k) nogil
    enum: NIMREC_MATE_SLOTS
    enum: NIMREC_MATE_REACH
    ctypedef struct nimrec_job:
        const uint16_t* rests[65]
        const uint8_t* codes[65]
        int places
        const uint64_t* at
        const uint32_t* values
        const uint32_t* index
        uint64_t first, split, end
        const uint64_t* scan_at
        const uint32_t* scan_values
        const uint32_t* scan_index
        const uint32_t* rep
        const uint32_t* scan_rep
        int scan_codes
        uint64_t scan_first, scan_end
        unsigned int kbit
        unsigned int top
        uint64_t start, learned
        uint64_t lo[64]                   # [NIMREC_MATE_HEAPS]: the C struct is the one used
        uint64_t hi[64]
        uint64_t rlo[64]
        uint64_t rhi[64]
    ctypedef struct nimrec_learn:
        const uint16_t* low
        const uint16_t* rests[65]
        int places
        uint32_t g[64]
        int samples
        uint64_t step, lanes, reach
        uint32_t mask
        float* score
    ctypedef struct nimrec_mate:
        uint64_t posted, taken, twins
        int slept
        nimrec_learn learn
    nimrec_mate* nimrec_mate_start() nogil
    int nimrec_mate_stop(nimrec_mate* m) nogil
    nimrec_job* nimrec_mate_slot(nimrec_mate* m) nogil
    void nimrec_mate_post(nimrec_mate* m) nogil
    nimrec_job* nimrec_mate_take(nimrec_mate* m, uint64_t j) nogil
    void nimrec_mate_pass(nimrec_mate* m, uint64_t j) nogil
    void nimrec_mate_settle(nimrec_mate* m, uint64_t tail) nogil
    void nimrec_learn_make(nimrec_learn* task) nogil
    void nimrec_mate_learn_post(nimrec_mate* m) nogil
    void nimrec_mate_learned(nimrec_mate* m) nogil
    nimrec_job* nimrec_mate_job(nimrec_mate* m, uint64_t j) nogil
    void nimrec_job_make(nimrec_job* job) nogil

cdef enum:
    _MAX_PLACES = 64
    _VALUES = 65536           # values 0 .. 65535 (two bytes a heap)
    _FIRST_REVIEW = 64
    _FIRST_BLOCK = 16         # pairs scanned between two checks of the values still missing,
    _LAST_BLOCK = 512         # doubling from the first to the last
    _PIPE_BLOCK = 4096        # heaps a block when two threads share the work (with the horizon,
    _PIPE_HORIZON = 512       # splits the helper scans a heap at most: the two threads' CPU
                              # time about equal on Grundy's game past 2**20 and at 2**34.2;
                              # 2,048 left the helper the slower at record depth)
    _PIPE_MIN_FAR = 256       # rare heaps past the first block, at least, for two threads
    _SHORT_RUN = 48           # pairs below which the scan marks rather than compares in vectors
    _BLOCK_SCAN = 128         # the scan's pairs found for a block of small-values heaps at once
    _WIDE_INDICES = 128       # the wide lanes' indices within a class: two words a heap (the
                              # lanes themselves set those below NIMREC_WIDE_LANE_TOP)
    _WIDE_SCAN = 1024         # the scan's pairs found for a block of wide-values heaps at once
                              # (512, 1,024, 2,048 measured at 2**31: 1,024 and 2,048 best)
    _HINTS_MAX = 2048         # learned parts the wide lanes scan in place of those up to
    _HINTS = 1024             # _WIDE_SCAN, at most and by default (768, 1,024, 1,536 measured
                              # at 2**31: 1,024 best)
    _HINT_REACH = 16384       # the largest part a hint may be
    _HINT_SAMPLES = 64        # heaps a learning looks at, ...
    _HINT_STEP = 512          # ... this far apart, the last just behind the block
    _HINT_POSTED = 1          # (hint_made: the learning posted to this run's mate, ...
    _HINT_SCORED = 2          # ... or its scores made, in hint_score)
    _HINT_DELAY = 1 << 16     # heaps from a learning's samples to its hints' use (the mate's time)
    _HINT_EVERY = 1 << 19     # heaps between two learnings (the mate idled while this thread
                              # learned: 128 samples every 2**18 were 8% of the wall time at 2**30;
                              # these, a quarter of the work, scan as few pairs a heap -- 1,226
                              # against 1,217 at 2**30, 1,218 against 1,218 at 2**31 -- where 32
                              # samples, or 64 1,024 apart, scan 1,265 and 1,560)
    _FREEZE_AT = 1 << 20      # the mask is kept from here on at the latest (a larger head holds
                              # the scan's parts, not the values the mask is chosen from)
    _SUMS_BITS = 1 << 31      # the bitmap of sums of two rare heaps at most (256 MiB)
    _MATE_SLEEPS = 16         # waits that slept before the mate is left idle ...
    _MATE_RETRY = 4096        # ... for the rest of this many blocks (some 25 ms)
    _MATE_KEEP = 0            # rare heaps past NIMREC_MATE_REACH this thread pairs, not the
                              # mate (0, 64, 128, 256 measured at 2**31 with jobs of 16 heaps:
                              # 64 best; 0 and 64 alike with jobs of 64, and with the ring)
    _MATE_HINTS = 768         # the last hints the mate pairs, not this thread (with the far
                              # rare heaps, its share: this thread also finishes every heap, and
                              # takes the mate's jobs it has not begun when it would wait for it;
                              # at 2**30, medians of ten: 512 0.714 s, 768 0.683 s, 1,024 0.750 s)
    _BYTES4 = 0x01010101      # a byte times this: in each byte of four
    _BYTE_CHOICE = 1 << 16    # wide heaps between two choices of the byte lanes' top ...
    _BYTE_PAST = 256          # ... 96 where more than one in this many had a bound past 63
                              # (each such heap gathers its rare pairings again), else 64

#: Status of ``run``: reached the end, or spent the budget.
OK = 0
#: A value past 65,535.
OVERFLOW = 2
#: A heap needs values neither in the head nor in the window (raise them, or keep the values).
DEEP = 3
#: Out of memory for the rare heaps.
NOMEM = -1

cdef enum:
    _OK = 0
    _OVERFLOW = 2
    _DEEP = 3
    _NOMEM = -1
    _FALLBACK = 4             # _heap_small: nothing changed, the heap is _heap's


cdef struct RecState:
    int n_all, n_leave, n_split
    uint32_t all_[_MAX_PLACES + 1]
    uint32_t leave[_MAX_PLACES + 1]
    uint32_t split[_MAX_PLACES + 1]
    bint grundy_game
    uint64_t n                 # heaps computed: G(0) .. G(n - 1)
    uint64_t head              # headv holds G(0 .. head - 1) once computed
    uint64_t window            # at least this many values behind the frontier are in buf
    uint64_t base              # buf[i] = G(base + i) for base <= heap < n
    uint16_t* headv
    uint16_t* buf              # 2 * window values
    uint64_t* seen             # seen[v] == stamp: v is an option of the heap in hand
    uint64_t stamp
    int64_t* hist              # hist[v]: heaps 1 .. n - 1 of value v
    int64_t* wht
    uint32_t largest
    uint64_t largest_at
    uint32_t mask
    bint frozen                # the mask is kept from now on (values left the head) ...
    uint64_t freeze_at         # ... from heap min(head, freeze_at) on
    uint64_t next_review, review_rare
    uint64_t* rare             # the rare heaps under `mask`, ascending, and their values
    uint16_t* rare_v
    uint64_t n_rare, rare_cap
    uint64_t pairings          # option values looked at
    uint64_t scanned           # of them, pairs scanned for rare values
    uint64_t deepest           # the largest smaller part a scan reached
    uint64_t deep_heap         # the heap a DEEP stop could not prove
    uint64_t deeps             # heaps proven from values read back
    bint in_deep               # a DEEP stop waits for deep_mark and deep_finish
    bint deep_scan             # ... and came from the scan: every other option is marked ...
    bint deep_whole            # ... and the scan's pairs from 1 to its limit, every place (_heap)
    uint32_t wide_mask         # the mask wide_common was listed for (0: none yet)
    uint16_t wide_common[_WIDE_INDICES]   # the common value of each index of the wide lanes
    uint16_t wide_rare[_WIDE_INDICES]     # ... and the rare value
    uint16_t wide_below[_WIDE_INDICES]    # the rare values below each common one, counted
    uint8_t wide_code[2 * _WIDE_INDICES]  # each value below 256: its rare index, or _WIDE_INDICES
    uint8_t* wide_rare_bits    # bit a: heap a < head is rare (the scan's parts; fixed once the
                               # mask is kept: later rare heaps lie past the head) ...
    uint64_t wide_bits_rare    # ... listed with this many rare heaps below the head
    uint32_t* wide_rare_v      # the rare heaps' values, four bytes each ...
    uint64_t wide_rare_n       # ... this many (listed again where it differs from n_rare)
    uint64_t wide_scan_at[_WIDE_SCAN + _HINTS_MAX]   # the scan's common parts NIMREC_LANES ..
    uint32_t wide_scan_v[_WIDE_SCAN + _HINTS_MAX]    # _WIDE_SCAN, then the hints; their values
                               # (four bytes each, as the rare heaps' below: the lanes XOR them in
                               # from memory, with no broadcast of their own)
    uint64_t wide_scan_n                  # ... how many, the hints too
    uint64_t wide_scan_base               # ... of them up to _WIDE_SCAN (the hints follow)
    uint64_t wide_scan_rare               # ... listed with this many rare heaps below _WIDE_SCAN + 1
    uint64_t hint_want                    # hints to learn (0: none)
    uint64_t hint_next                    # the heap at which they are learned again (0: now)
    uint64_t hint_from                    # the last learning's samples lie just behind this heap ...
    uint64_t hint_due                     # ... and its hints are used from this one on (0: none due)
    int hint_made                         # ... its scores: _HINT_POSTED to this run's mate,
                                          # _HINT_SCORED in hint_score, or 0 (made when due)
    uint64_t hint_top                     # the largest hint part
    uint64_t hints_learned                # learnings so far
    float* hint_score                     # scratch: a score for each part up to _HINT_REACH
    nimrec_mate* mate                     # a second thread for the wide lanes (run with two threads)
    uint32_t near_n                       # the common parts 1 .. NIMREC_LANES - 1 (their rests read
    uint64_t near_at[NIMREC_LANES]        # as class codes): how many, which, their values' class
    uint8_t near_i[NIMREC_LANES]          # indices (listed with the rare heaps for the lanes), ...
    uint32_t near_big                     # ... and how many of those values are past 255
    uint64_t job_tail                     # the mate's first job not passed yet (its heaps are
                                          # in hand, or ahead); those after it, to mate.posted,
                                          # follow it span after span
    uint64_t mate_blocks                  # blocks whose far rare pairings the mate made
    uint64_t mate_ring                    # the most jobs in the ring at once (the one in hand too)
    uint64_t mate_taken                   # the mate's jobs this thread made itself (nimrec_mate_take)
    uint64_t mate_twins                   # ... and made again, the mate late with them
    uint64_t mate_tried                   # blocks since the mate's sleeps were last forgotten
    uint64_t mate_keep                    # rare heaps past NIMREC_MATE_REACH this thread pairs itself
    uint64_t mate_hints                   # the last hints the mate pairs, not this thread
    uint64_t past_lanes                   # wide heaps whose bound passed the lanes' indices
    uint64_t* wide_rare_at                # the rare heaps as the lanes read them (the mate too: a
                                          # copy, as _push_rare may move s.rare while it works)
    uint32_t* wide_rare_i                 # the rare heaps' values as class indices (_class_code) ...
    uint64_t wide_rare_big                # ... the lanes pair codes up to the first of value 256 or
                                          # more (Grundy's game: its last 13, all at 47.4 .. 48.4
                                          # million), and values from there on
    uint32_t wide_scan_i[_WIDE_SCAN + _HINTS_MAX]   # the scan's parts' values as class indices
    uint32_t* wide_rare_r                 # wide_rare_i and wide_scan_i in each byte of four (the
    uint32_t wide_scan_r[_WIDE_SCAN + _HINTS_MAX]   # byte lanes broadcast four bytes from memory:
                                          # a load, where one byte takes a shuffle too)
    bint wide_base_big                    # a value past 255 among the scan's parts to _WIDE_SCAN ...
    bint wide_hints_big                   # ... or among the hints (then the lanes read values)
    uint8_t* codes                        # codes[i] = _class_code(buf[i]): beside the window, for
    bint codes_ok                         # the wide lanes (one byte a rest); kept by _store while
    uint32_t codes_kbit                   # codes_ok, made again after anything else moves buf
    bint codes_off                        # the lanes read values, not codes (class_codes = False)
    uint64_t* sums                        # bit x: x = a rare heap from rare[sums_far] on plus any
    uint64_t sums_words                   # rare heap, for x below 64 * sums_words (past every
    uint64_t sums_rare, sums_far          # such sum), with the first sums_rare rare heaps
    uint32_t sums_mask
    int byte_lanes                        # the byte lanes' top asked: 64, 96, 0 (none), -1 (chosen)
    uint32_t byte_top                     # ... in use (0: the 32-bit lanes only)
    uint64_t past64, wide_heaps           # wide heaps whose bound passed index 63, of so many
    uint64_t byte_groups                  # 64 heaps' far pairings made in byte lanes (this thread)
    uint64_t past_bytes                   # wide heaps gathered again past the byte lanes' top 64
    nimrec_job own                        # this thread's far pairings of the 64 heaps from own.start
                                          # in byte lanes (own.start 0: none), as a mate's job is
    uint64_t own_rare                     # ... made with this many rare heaps listed


cdef inline uint64_t _half(const RecState* s, uint64_t m) noexcept nogil:
    """Largest smaller part of a split of m (a <= b; a < b in Grundy's game)."""
    return (m - 1) // 2 if s.grundy_game else m // 2


cdef inline uint64_t _scan_limit(const RecState* s, uint64_t half, uint64_t w_hi,
                                 uint64_t base) noexcept nogil:
    """The largest smaller part a <= half of a split of m whose pair is held: a in the head,
    and, once values between the head and the window (from ``base``) have left memory, its
    rest m - a in the window (a <= w_hi = m - base)."""
    cdef uint64_t limit = half if half < s.head else s.head - 1
    if w_hi < limit and base > s.head:
        limit = w_hi                    # rests in head .. base - 1 are held nowhere
    return limit


cdef inline uint16_t _g(const RecState* s, uint64_t x) noexcept nogil:
    """G(x) for a heap in the head or the window (the caller knows it is in one)."""
    if x >= s.base:
        return s.buf[x - s.base]
    return s.headv[x]


cdef inline bint _held(const RecState* s, uint64_t x) noexcept nogil:
    return x < s.head or (x >= s.base and x < s.n)


cdef int _push_rare(RecState* s, uint64_t heap, uint16_t v) noexcept nogil:
    if s.n_rare == s.rare_cap and _reserve_rare(s, s.n_rare + 1) != _OK:
        return _NOMEM
    s.rare[s.n_rare] = heap
    s.rare_v[s.n_rare] = v
    s.n_rare += 1
    return _OK


cdef int _reserve_rare(RecState* s, uint64_t count) noexcept nogil:
    """Room for ``count`` rare heaps."""
    cdef uint64_t cap = s.rare_cap if s.rare_cap else 256
    cdef uint64_t* grown
    cdef uint16_t* grown_v
    while cap < count:
        cap *= 2
    if cap == s.rare_cap:
        return _OK
    grown = <uint64_t*>realloc(s.rare, cap * sizeof(uint64_t))
    if grown == NULL:
        return _NOMEM
    s.rare = grown
    grown_v = <uint16_t*>realloc(s.rare_v, cap * sizeof(uint16_t))
    if grown_v == NULL:
        return _NOMEM
    s.rare_v = grown_v
    s.rare_cap = cap
    return _OK


cdef int _review(RecState* s) noexcept nogil:
    """Choose the value-type mask that makes the fewest heaps rare (every value is in the
    head: s.n <= s.head), and list the rare heaps again if it changed."""
    cdef uint64_t size = 1, i, a
    cdef int64_t best
    cdef uint32_t mask = s.mask
    while size <= s.largest:
        size <<= 1
    for i in range(size):
        s.wht[i] = s.hist[i]
    walsh_hadamard(s.wht, size)
    mask = fewest_rare_mask(s.wht, size, s.mask, &best)
    s.next_review = 2 * s.n
    if mask != s.mask or s.n_rare == 0:
        s.mask = mask
        s.n_rare = 0
        for a in range(1, s.n):
            if rare_parity(s.headv[a] & mask) == 0 and _push_rare(s, a, s.headv[a]) != _OK:
                return _NOMEM
    s.review_rare = 2 * s.n_rare + 64
    return _OK


cdef void _mark_near(const uint64_t* rare, const uint16_t* rare_v, uint64_t first, uint64_t end,
                     const uint16_t* top, uint64_t* seen, uint64_t stamp) noexcept nogil:
    """Mark G(a) ^ G(m - a) for the rare heaps a = rare[first .. end) whose rest m - a is in
    the window: ``top`` points at G(m) in the buffer. Four a step."""
    cdef uint64_t j = first
    while j + 4 <= end:
        seen[rare_v[j] ^ top[-<int64_t>rare[j]]] = stamp
        seen[rare_v[j + 1] ^ top[-<int64_t>rare[j + 1]]] = stamp
        seen[rare_v[j + 2] ^ top[-<int64_t>rare[j + 2]]] = stamp
        seen[rare_v[j + 3] ^ top[-<int64_t>rare[j + 3]]] = stamp
        j += 4
    while j < end:
        seen[rare_v[j] ^ top[-<int64_t>rare[j]]] = stamp
        j += 1


cdef inline void _mark_near_all(const RecState* s, uint64_t first, uint64_t end, uint64_t m,
                                const uint16_t* top, uint64_t* seen, uint64_t stamp) noexcept nogil:
    """_mark_near for the rare heaps rare[first .. end) (their rests m - a in the window),
    but not a == m - a in Grundy's game (a heap may not be split in equal halves there)."""
    cdef uint64_t twin = unpaired_half(s.rare, end, m, s.grundy_game)
    if twin >= first and twin < end:
        _mark_near(s.rare, s.rare_v, first, twin, top, seen, stamp)
        _mark_near(s.rare, s.rare_v, twin + 1, end, top, seen, stamp)
    else:
        _mark_near(s.rare, s.rare_v, first, end, top, seen, stamp)


cdef void _mark_scan(const uint16_t* low, const uint16_t* top, uint64_t first, uint64_t last,
                     uint64_t* seen, uint64_t stamp) noexcept nogil:
    """Mark low[a] ^ top[-a] for a = first .. last (the head against the window)."""
    cdef uint64_t a = first
    while a + 4 <= last + 1:
        seen[low[a] ^ top[-<int64_t>a]] = stamp
        seen[low[a + 1] ^ top[-<int64_t>(a + 1)]] = stamp
        seen[low[a + 2] ^ top[-<int64_t>(a + 2)]] = stamp
        seen[low[a + 3] ^ top[-<int64_t>(a + 3)]] = stamp
        a += 4
    while a <= last:
        seen[low[a] ^ top[-<int64_t>a]] = stamp
        a += 1


cdef int _rare_pairs(RecState* s, uint64_t m, uint64_t stamp, uint64_t* spent) noexcept nogil:
    """Mark every pairing of a rare heap a < m with m - a (not a == m - a in Grundy's game).
    _DEEP when a rest lies in neither the head nor the window."""
    cdef uint64_t j, near, a, b
    cdef uint64_t* seen = s.seen
    cdef const uint16_t* top
    j = count_below(s.rare, s.n_rare, m)
    # rests in the window: a <= m - base
    near = count_below(s.rare, j, m - s.base + 1) if m >= s.base else 0
    top = s.buf + (m - s.base)
    if near:
        _mark_near_all(s, 0, near, m, top, seen, stamp)
    # rests below the window: in the head, or nowhere (stop)
    for a in range(near, j):
        b = m - s.rare[a]
        if s.grundy_game and b == s.rare[a]:
            continue
        if b >= s.head:
            s.deep_heap = s.n
            return _DEEP
        seen[s.rare_v[a] ^ s.headv[b]] = stamp
    spent[0] += j + 1
    return _OK


cdef void _mate_settle(RecState* s) noexcept nogil:
    """Every job posted to the mate made (by this thread where the mate has not begun it), and
    a learning posted. Called before anything the mate reads moves or changes (the window slid,
    the rare heaps or the hints listed again, the class codes made again)."""
    if s.mate != NULL:
        nimrec_mate_settle(s.mate, s.job_tail)


cdef void _mate_drop(RecState* s) noexcept nogil:
    """_mate_settle, and none of the jobs posted is used: they paired a list that changes."""
    if s.mate != NULL:
        nimrec_mate_settle(s.mate, s.mate.posted)     # (every job before the tail: dropped)
        s.job_tail = s.mate.posted


cdef int _store(RecState* s, uint32_t v) noexcept nogil:
    """G(s.n) = v: into the window (and the head), the histogram, the rare heaps; s.n += 1."""
    cdef uint64_t n = s.n
    if v >= _VALUES:
        return _OVERFLOW
    # the window: slide the buffer down by half when it is full
    if n - s.base == 2 * s.window:
        _mate_settle(s)                  # (the mate reads the window)
        memmove(s.buf, s.buf + s.window, s.window * sizeof(uint16_t))
        if s.codes_ok:
            memmove(s.codes, s.codes + s.window, s.window)
        s.base += s.window
    s.buf[n - s.base] = <uint16_t>v
    if s.codes_ok:
        s.codes[n - s.base] = _class_code(v, s.codes_kbit)
    if n < s.head:
        s.headv[n] = <uint16_t>v
    if n:
        s.hist[v] += 1
        if v > s.largest:
            if (v ^ s.largest) > s.largest and not s.frozen and n + n // 8 + 1 < s.next_review:
                s.next_review = n + n // 8 + 1     # a new top bit: review the mask soon
            s.largest = v
            s.largest_at = n
        if rare_parity(v & s.mask) == 0 and _push_rare(s, n, <uint16_t>v) != _OK:
            return _NOMEM
    s.n += 1
    return _OK


cdef void _freeze(RecState* s) noexcept nogil:
    """Keep the mask from now on (the values before the window leave memory), with every bit
    above the values seen so far added: no heap changes class (their values have none of
    those bits), and a first value past them (Grundy's game: 256 at heap 7,250,049) is then
    common, its proof the cheap one, not a scan of every split."""
    cdef uint32_t size = 1
    while size <= s.largest:
        size <<= 1
    s.mask |= (_VALUES - 1) & ~(size - 1)
    s.frozen = True


cdef inline uint32_t _list_missing(const uint64_t* seen, uint32_t first, uint32_t cstar,
                                   uint64_t stamp, uint16_t* targets) noexcept nogil:
    """The values first .. cstar - 1 not marked: how many (counted up to NIMREC_FIND_MAX + 1),
    and the first NIMREC_FIND_MAX of them in ``targets``."""
    cdef uint32_t v, k = 0
    for v in range(first, cstar):
        if seen[v] != stamp:
            if k == NIMREC_FIND_MAX:
                return k + 1
            targets[k] = <uint16_t>v
            k += 1
    return k


cdef inline uint32_t _scan_range(const uint16_t* low, const uint16_t* top, uint64_t first,
                                 uint64_t last, uint64_t* seen, uint64_t stamp,
                                 uint16_t* targets, uint32_t k) noexcept nogil:
    """The pairs a = first .. last of the scan: with k <= NIMREC_FIND_MAX values missing (all
    of them listed in ``targets``), compare the pairs with them, 16 at a time (nimrec_find),
    and mark the ones found (dropped from the list: the new count is returned); with more,
    mark every pair's value (_mark_scan). Either way every value below the bound that the
    pairs reach is marked: the mex is the same."""
    cdef uint32_t found = 0, i, kept = 0
    if k > NIMREC_FIND_MAX:
        _mark_scan(low, top, first, last, seen, stamp)
        return k
    if k == 0:
        return 0
    if last - first < _SHORT_RUN:
        # a short run (octal games scan a few dozen pairs a place): marking costs less than
        # setting up the vectors; the listed values are then looked up
        _mark_scan(low, top, first, last, seen, stamp)
        for i in range(k):
            if seen[targets[i]] == stamp:
                found |= 1u << i
    else:
        found = nimrec_find(low, top, first, last, targets, k)
    if not found:
        return k
    for i in range(k):
        if (found >> i) & 1:
            seen[targets[i]] = stamp
        else:
            targets[kept] = targets[i]
            kept += 1
    return kept


cdef int _scan_more(RecState* s, uint64_t n, uint64_t a, uint32_t cstar, uint64_t stamp,
                    uint64_t* spent, uint64_t far, uint16_t* targets, uint32_t* missing,
                    uint64_t block=_FIRST_BLOCK) noexcept nogil:
    """Scan the pairs (a, m - a) from ``a`` up, every split place side by side, a block at a
    time, until every rare value below ``cstar`` is marked or the pairs run out; a is in the
    head, and m - a in the window (a <= m - base) or in the head. _DEEP when a value may hide
    in pairs held nowhere. With ``far`` > 0 only the near pairs (m - a >= far) are scanned,
    and running out of them is not a stop. Once few values are missing the pairs are compared
    with them in vector lanes rather than marked one by one (_scan_range): the blocks, and so
    the pairs counted, are the same either way. ``missing`` / ``targets``: the values missing
    below cstar as _list_missing gives them, on entry and on return. ``block``: the first
    block's pairs."""
    cdef uint64_t* seen = s.seen
    cdef uint64_t m, half, limit, last, upto, w_hi
    cdef uint32_t k = missing[0]
    cdef int i
    cdef bint short = False, keep
    if k == 0:
        return _OK
    while True:
        last = a + block - 1
        keep = False                    # some place still has pairs to scan
        for i in range(s.n_split):
            if n < s.split[i] + 2:
                continue
            m = n - s.split[i]
            half = _half(s, m)
            w_hi = m - s.base           # rests in the window: a <= w_hi (m >= base)
            limit = _scan_limit(s, half, w_hi, s.base)
            if limit < half:
                short = True
            if far and limit > m - far:
                limit = m - far if m > far else 0
            if a > limit:
                continue
            keep = True
            upto = last if last < limit else limit
            if a <= w_hi:
                k = _scan_range(s.headv, s.buf + w_hi, a, upto if upto <= w_hi else w_hi, seen,
                                stamp, targets, k)
            if upto > w_hi:
                k = _scan_range(s.headv, s.headv + m, a if a > w_hi else w_hi + 1, upto, seen,
                                stamp, targets, k)
            spent[0] += upto - a + 1
            s.scanned += upto - a + 1
            if upto > s.deepest:
                s.deepest = upto
        a = last + 1
        if block < _LAST_BLOCK:
            block *= 2
        if k > NIMREC_FIND_MAX:         # marked one by one: list what is still missing (from the
            k = _list_missing(seen, targets[0], cstar, stamp, targets)   # first missing before)
        missing[0] = k
        if k == 0:
            return _OK
        if not keep:
            if short and not far:       # a value may hide in pairs not held: stop
                s.deep_heap = n
                return _DEEP
            return _OK


cdef inline uint32_t _common_missing(const RecState* s, uint64_t stamp) noexcept nogil:
    """The smallest common value not marked: it bounds the mex (every common option is a
    rare heap paired with a common one, and those are all marked)."""
    cdef uint32_t cstar = 0
    while cstar < _VALUES and (rare_parity(cstar & s.mask) == 0 or s.seen[cstar] == stamp):
        cstar += 1
    return cstar


cdef inline uint32_t _bound_and_missing(const RecState* s, uint64_t stamp, uint16_t* targets,
                                        uint32_t* missing) noexcept nogil:
    """_common_missing and _list_missing below it in one pass over the values: the bound
    is returned, the values missing below it in ``missing`` / ``targets``."""
    cdef uint32_t v = 0, k = 0
    while v < _VALUES:
        if s.seen[v] != stamp:
            if rare_parity(v & s.mask):
                break                   # common and not marked: the bound
            if k < NIMREC_FIND_MAX:
                targets[k] = <uint16_t>v
            if k <= NIMREC_FIND_MAX:
                k += 1
        v += 1
    missing[0] = k
    return v


cdef inline void _mark_moves(RecState* s, uint64_t n, uint64_t stamp) noexcept nogil:
    """Mark the options that split no heap: take all, take and leave one heap."""
    cdef int i
    for i in range(s.n_all):
        if s.all_[i] == n:
            s.seen[0] = stamp
    for i in range(s.n_leave):
        if n > s.leave[i]:
            s.seen[_g(s, n - s.leave[i])] = stamp


cdef inline bint _missing(const RecState* s, uint32_t cstar, uint64_t stamp) noexcept nogil:
    """Some value below cstar is not marked."""
    cdef uint32_t v
    for v in range(cstar):
        if s.seen[v] != stamp:
            return True
    return False


cdef int _finish(RecState* s, uint64_t n, uint64_t a, uint64_t stamp, uint64_t* spent,
                 uint64_t far) noexcept nogil:
    """Every option of heap n but the scan is marked, and the scan's pairs (m - far, a - 1]
    (none when far is 0): scan for the rare values still missing below the common bound --
    the near pairs a <= m - far first, then from ``a`` on -- and store the mex: the bound
    when nothing below it is missing (it is common and not marked)."""
    cdef uint16_t targets[NIMREC_FIND_MAX]
    cdef uint32_t k, cstar = _bound_and_missing(s, stamp, targets, &k), v
    cdef int status
    if far and k:
        _scan_more(s, n, 1, cstar, stamp, spent, far, targets, &k)
    if k:
        status = _scan_more(s, n, a, cstar, stamp, spent, 0, targets, &k)
        if status != _OK:
            s.in_deep = True
            s.deep_scan = True
            return status
    v = 0
    if k == 0:
        v = cstar
    else:
        while s.seen[v] == stamp:
            v += 1
    spent[0] += 1
    return _store(s, v)


cdef int _heap(RecState* s, uint64_t* spent) noexcept nogil:
    """Compute G(s.n) whole, on this thread."""
    cdef uint64_t n = s.n, stamp
    cdef int i, status
    s.stamp += 1
    stamp = s.stamp
    _mark_moves(s, n, stamp)
    for i in range(s.n_split):
        if n < s.split[i] + 2:
            continue
        status = _rare_pairs(s, n - s.split[i], stamp, spent)
        if status != _OK:
            s.in_deep = status == _DEEP
            s.deep_whole = False
            return status
    status = _finish(s, n, 1, stamp, spent, 0)
    s.deep_whole = status == _DEEP       # (the scan went from a = 1 to its limit, every place)
    return status


# ---------------------------------------------------------------------------------------------
# Small values (issue 39): while every value so far is at most 64 (0.167 to 2**40 stays at or
# below 64), a heap's options below 64 are kept as the bits of one 64-bit word in a register, not as
# stamps stored in memory: the same options are looked at and the same pairs counted as in
# _heap, which does any heap the word cannot (a bound of 64 or more, a DEEP stop).

cdef inline uint64_t _option_bit(uint32_t v) noexcept nogil:
    """The bit of an option's value v, none past 63: once a value of 64 is in (0.167 reaches 64
    and no more, to 2**40), a pair's value may pass 63; it cannot be the mex of a heap whose
    bound is below 64, and a heap whose bound is not falls back to the stamps."""
    return (<uint64_t>1) << v if v < SMALL_VALUES else 0


cdef inline uint64_t _near_bits(const uint64_t* rare, const uint16_t* rare_v, uint64_t first,
                                uint64_t end, const uint16_t* top) noexcept nogil:
    """_mark_near as bits: G(a) ^ G(m - a) for a = rare[first .. end). Four words, so that
    the ors do not wait for each other."""
    cdef uint64_t j = first, b0 = 0, b1 = 0, b2 = 0, b3 = 0
    while j + 4 <= end:
        b0 |= _option_bit(rare_v[j] ^ top[-<int64_t>rare[j]])
        b1 |= _option_bit(rare_v[j + 1] ^ top[-<int64_t>rare[j + 1]])
        b2 |= _option_bit(rare_v[j + 2] ^ top[-<int64_t>rare[j + 2]])
        b3 |= _option_bit(rare_v[j + 3] ^ top[-<int64_t>rare[j + 3]])
        j += 4
    while j < end:
        b0 |= _option_bit(rare_v[j] ^ top[-<int64_t>rare[j]])
        j += 1
    return b0 | b1 | b2 | b3


cdef inline uint64_t _scan_bits(const uint16_t* low, const uint16_t* top, uint64_t first,
                                uint64_t last) noexcept nogil:
    """_mark_scan as bits: low[a] ^ top[-a] for a = first .. last."""
    cdef uint64_t a = first, b0 = 0, b1 = 0, b2 = 0, b3 = 0
    while a + 4 <= last + 1:
        b0 |= _option_bit(low[a] ^ top[-<int64_t>a])
        b1 |= _option_bit(low[a + 1] ^ top[-<int64_t>(a + 1)])
        b2 |= _option_bit(low[a + 2] ^ top[-<int64_t>(a + 2)])
        b3 |= _option_bit(low[a + 3] ^ top[-<int64_t>(a + 3)])
        a += 4
    while a <= last:
        b0 |= _option_bit(low[a] ^ top[-<int64_t>a])
        a += 1
    return b0 | b1 | b2 | b3


cdef int _heap_small(RecState* s, uint64_t* spent, uint64_t common) noexcept nogil:
    """_heap when every value so far is at most 64 (s.largest <= 64): the options are the bits
    of ``bits``, ``common`` the common values below 64. The pairings and the scan are
    _rare_pairs' and _scan_more's (far 0), block for block; _FALLBACK, with nothing changed,
    where a rest is held nowhere, the bound is 64 or more, or the scan runs short."""
    cdef uint64_t n = s.n, bits = 0, used = 0, scanned = 0, deepest = s.deepest
    cdef uint64_t m, j, near, k, b, twin, need
    cdef const uint16_t* top
    cdef uint32_t cstar
    cdef int i
    for i in range(s.n_all):
        if s.all_[i] == n:
            bits |= 1
    for i in range(s.n_leave):
        if n > s.leave[i]:
            bits |= _option_bit(_g(s, n - s.leave[i]))
    for i in range(s.n_split):
        if n < s.split[i] + 2:
            continue
        m = n - s.split[i]
        j = count_below(s.rare, s.n_rare, m)
        near = count_below(s.rare, j, m - s.base + 1) if m >= s.base else 0
        if near:
            top = s.buf + (m - s.base)
            twin = unpaired_half(s.rare, near, m, s.grundy_game)
            bits |= _near_bits(s.rare, s.rare_v, 0, twin, top)
            if twin < near:
                bits |= _near_bits(s.rare, s.rare_v, twin + 1, near, top)
        for k in range(near, j):
            b = m - s.rare[k]
            if s.grundy_game and b == s.rare[k]:
                continue
            if b >= s.head:
                return _FALLBACK         # _heap stops there (DEEP)
            bits |= _option_bit(s.rare_v[k] ^ s.headv[b])
        used += j + 1
    if not (common & ~bits):
        return _FALLBACK                 # the bound is 64 or more
    cstar = lowest_bit(common & ~bits)
    need = (value_bit(cstar) - 1) & ~bits     # the rare values below the bound not marked
    if _scan_small(s, n, 1, _FIRST_BLOCK, UINT64_MAX, &bits, &need, &scanned, &deepest) != _OK:
        return _FALLBACK                 # a value may hide in pairs not held: _heap's DEEP
    s.scanned += scanned
    s.deepest = deepest
    spent[0] += used + scanned + 1
    return _store(s, lowest_bit(need) if need else cstar)


cdef inline uint64_t _scan_need(const uint16_t* low, const uint16_t* top, uint64_t first, uint64_t last,
                               uint64_t need) noexcept nogil:
    """_scan_bits for the values ``need``: the bits of those some pair a = first .. last reaches
    (low[a] ^ top[-a]), compared 16 pairs at a time (nimrec_find) when few are missing and the
    run is long; else every pair's bit (the ones in ``need`` among them)."""
    cdef uint16_t targets[NIMREC_FIND_MAX]
    cdef uint32_t k = 0, i, found
    cdef uint64_t rest = need, bits = 0
    if last < first + _SHORT_RUN:
        return _scan_bits(low, top, first, last)
    while rest:
        if k == NIMREC_FIND_MAX:
            return _scan_bits(low, top, first, last)
        targets[k] = <uint16_t>lowest_bit(rest)
        rest &= rest - 1
        k += 1
    found = nimrec_find(low, top, first, last, targets, k)
    for i in range(k):
        if (found >> i) & 1:
            bits |= value_bit(targets[i])
    return bits


cdef int _scan_small(const RecState* s, uint64_t n, uint64_t a, uint64_t block, uint64_t stop,
                     uint64_t* bits, uint64_t* need, uint64_t* scanned, uint64_t* deepest) noexcept nogil:
    """_scan_more as bits: the pairs (a, m - a) of every split place of heap n from ``a`` up to
    ``stop`` at most, a block at a time (doubling from ``block``), until the rare values ``need``
    are all found (each found is dropped from it) or the pairs run out; _FALLBACK, where a value
    may hide in pairs held nowhere (_heap stops there with DEEP)."""
    cdef uint64_t m, last, half, w_hi, limit, upto
    cdef int i
    cdef bint short = False, keep
    while need[0] and a <= stop:
        last = a + block - 1
        if last > stop:
            last = stop
        keep = False
        for i in range(s.n_split):
            if n < s.split[i] + 2:
                continue
            m = n - s.split[i]
            half = _half(s, m)
            w_hi = m - s.base
            limit = _scan_limit(s, half, w_hi, s.base)
            if limit < half:
                short = True
            if a > limit:
                continue
            keep = True
            upto = last if last < limit else limit
            if a <= w_hi:
                bits[0] |= _scan_need(s.headv, s.buf + w_hi, a, upto if upto <= w_hi else w_hi,
                                      need[0] & ~bits[0])
            if upto > w_hi:
                bits[0] |= _scan_need(s.headv, s.headv + m, a if a > w_hi else w_hi + 1, upto,
                                      need[0] & ~bits[0])
            scanned[0] += upto - a + 1
            if upto > deepest[0]:
                deepest[0] = upto
        a = last + 1
        if block < _LAST_BLOCK:
            block *= 2
        need[0] &= ~bits[0]
        if need[0] and not keep:
            return _FALLBACK if short else _OK
    return _OK


cdef int _block_small(RecState* s, uint64_t* spent, uint64_t common, uint64_t end) noexcept nogil:
    """_heap_small for the NIMREC_LANES heaps from s.n on, once the mask is kept: the pairings
    whose rests lie before the block -- the rare heaps from NIMREC_LANES up and the scan's pairs
    NIMREC_LANES .. _BLOCK_SCAN -- are found for all of them at once, in vector lanes
    (nimrec_or_pairs: no store a pair); each heap is then finished in order with the
    rest (its moves, the rare heaps below NIMREC_LANES, and the scan's other pairs while a rare
    value below the bound is missing: 1 .. NIMREC_LANES - 1, then past _BLOCK_SCAN, compared with
    the values missing). The same options either way, so the same values; only the order of the
    pairs, and so how many are looked at, changes. _OK once some heaps are stored: it stops
    before a heap that _heap_small or _heap must do (a bound of 64 or more, pairs held nowhere)
    and after a heap found rare (the heaps after it pair with it too); _FALLBACK, with nothing
    done, where the block does not apply (near the start, the end, or the window's edge)."""
    cdef uint64_t acc[NIMREC_LANES]
    cdef uint64_t n0 = s.n, n, m, k, bits, need, used, scanned, deepest
    cdef uint64_t widest = _BLOCK_SCAN, far, rare0 = s.n_rare, place, ahead
    cdef uint32_t cstar
    cdef int i, h, status
    if s.n_split == 0 or n0 + NIMREC_LANES > end or _BLOCK_SCAN >= s.head or nimrec_vector_level() == 0:
        return _FALLBACK
    place = 0
    for i in range(s.n_split):
        if s.split[i] > place:
            place = s.split[i]
    if rare0 and s.rare[rare0 - 1] > widest:
        widest = s.rare[rare0 - 1]
    # every part in the lanes is below half of every heap's m, and every rest in the window
    if n0 < place + 2 * widest + 2 or n0 - place - widest < s.base:
        return _FALLBACK
    memset(acc, 0, sizeof(acc))
    far = count_below(s.rare, rare0, NIMREC_LANES)
    for i in range(s.n_split):
        # lane h, part a: the rest G(n0 + h - split - a), at rests[h - a]
        ahead = n0 - s.split[i] - s.base
        nimrec_or_pairs(acc, s.buf + ahead, s.rare, s.rare_v, far, rare0)             # rare heaps
        nimrec_or_pairs(acc, s.buf + ahead, NULL, s.headv, NIMREC_LANES, _BLOCK_SCAN + 1)   # the scan
    for h in range(NIMREC_LANES):
        n = n0 + h
        bits = acc[h]
        used = 0
        scanned = (_BLOCK_SCAN - NIMREC_LANES + 1) * <uint64_t>s.n_split
        deepest = s.deepest if s.deepest > _BLOCK_SCAN else _BLOCK_SCAN
        for i in range(s.n_all):
            if s.all_[i] == n:
                bits |= 1
        for i in range(s.n_leave):
            if n > s.leave[i]:
                bits |= _option_bit(_g(s, n - s.leave[i]))
        for i in range(s.n_split):
            m = n - s.split[i]
            for k in range(far):                       # the rare heaps below the lanes' reach
                bits |= _option_bit(s.rare_v[k] ^ _g(s, m - s.rare[k]))
            used += rare0 + 1                          # every rare heap is below m
        if not (common & ~bits):
            return _OK if h else _FALLBACK             # the bound is 64 or more: the stamps
        cstar = lowest_bit(common & ~bits)
        need = (value_bit(cstar) - 1) & ~bits
        if need:
            # the scan's pairs below the lanes' (1 .. NIMREC_LANES - 1), then past _BLOCK_SCAN
            status = _scan_small(s, n, 1, NIMREC_LANES - 1, NIMREC_LANES - 1, &bits, &need, &scanned,
                                 &deepest)
            if status == _OK and need:
                status = _scan_small(s, n, _BLOCK_SCAN + 1, _BLOCK_SCAN, UINT64_MAX, &bits, &need, &scanned,
                                     &deepest)
            if status != _OK:
                return _OK if h else _FALLBACK
        s.scanned += scanned
        s.deepest = deepest
        spent[0] += used + scanned + 1
        status = _store(s, lowest_bit(need) if need else cstar)
        if status != _OK or s.n_rare != rare0:
            return status                  # a rare heap found: the next heaps pair with it too
    return _OK


# ---------------------------------------------------------------------------------------------
# Wide values (issue 39): past 63 (Grundy's game, and octal games past 63) a heap's far rare
# pairings are still found 16 heaps at a time in vector lanes, into two words a heap. Their
# rests are common heaps, so every such pairing's value is common; a common value is then
# named by its index among the common values (its bit at the mask's lowest dropped), and the
# first 128 of them -- Grundy's game's values below 256, 99.99% of its heaps at 2**30 -- fit
# two words. A heap is then finished with the stamps as _heap does: the bits as marks, the
# near rare heaps, the scan.

cdef inline uint32_t _class_index(uint32_t v, uint32_t kbit) noexcept nogil:
    """The index of v within its class: v without bit ``kbit`` (the mask's lowest: in a class
    that bit follows from the others, so dropping it keeps the order)."""
    cdef uint32_t below = (1u << kbit) - 1
    return (v & below) | ((v >> 1) & ~below)


cdef inline uint8_t _class_code(uint32_t v, uint32_t kbit) noexcept nogil:
    """_class_index(v) (below 128 for kbit < 7) when v is below 256, else 255: an index past 127
    whatever index below 128 is XORed in, as v XOR a value below 256 lies past 255. The lanes
    pair codes: dropping a bit is linear, so the index of a XOR b is the XOR of theirs."""
    return 255 if v >= 256 else <uint8_t>_class_index(v, kbit)


cdef inline uint64_t _codes_end(uint64_t first, uint64_t end, uint64_t big) noexcept nogil:
    """Of the rare heaps first .. end - 1, the lanes pair codes up to this one, values from it
    on (``big``: the first rare heap of value 256 or more)."""
    return first if big < first else (end if big > end else big)


cdef inline uint32_t _class_value(uint32_t index, uint32_t kbit, uint32_t mask, uint32_t odd) noexcept nogil:
    """The value of the class of parity ``odd`` under ``mask`` whose index in the wide lanes is
    ``index``: its bit ``kbit`` (the mask's lowest) put back as the class wants it."""
    cdef uint32_t below = (1u << kbit) - 1
    cdef uint32_t v = (index & below) | ((index & ~below) << 1)
    if rare_parity(v & mask) != odd:
        v |= 1u << kbit
    return v


cdef bint _sums_ready(RecState* s, uint64_t far) noexcept nogil:
    """Make s.sums hold every sum of a rare heap from rare[far] on and any rare heap: extended
    by the rare heaps found since (each adds its sums with every rare heap), made again for
    another list or when a sum passes its end. False where it would pass _SUMS_BITS bits, or
    there is no memory (then the caller walks the list)."""
    cdef uint64_t bits, k, j, x, top
    if s.n_rare <= far:
        return False
    top = 2 * s.rare[s.n_rare - 1]
    if (s.sums == NULL or s.sums_far != far or s.sums_mask != s.mask or s.sums_rare > s.n_rare
            or top >= 64 * s.sums_words):
        bits = 2 * top + 128             # (room for the rare heaps to come)
        if bits > _SUMS_BITS:
            return False
        free(s.sums)
        s.sums_words = bits // 64 + 1
        s.sums = <uint64_t*>calloc(s.sums_words, sizeof(uint64_t))
        if s.sums == NULL:
            s.sums_words = 0
            return False
        s.sums_far = far
        s.sums_mask = s.mask
        s.sums_rare = 0
    # each pair once, from its larger rare heap (from far on: a rare heap below rare[far]
    # comes with the list made again, far moving)
    for k in range(far if s.sums_rare < far else s.sums_rare, s.n_rare):
        for j in range(k + 1):
            x = s.rare[k] + s.rare[j]
            s.sums[x >> 6] |= (<uint64_t>1) << (x & 63)
    s.sums_rare = s.n_rare
    return True


cdef uint64_t _common_rests(RecState* s, uint64_t far, uint64_t lo) noexcept nogil:
    """How many of m = lo, lo + 1, ... (up to NIMREC_LANES) come before the first that is the
    sum of a rare heap from rare[far] on and any rare heap (itself too): up to there every rest
    m - r of those rare heaps is a common heap. Read off the bitmap of those sums (_sums_ready:
    a walk of every rare heap a block was a third of Grundy's game's time from 47 to 97
    million); or two pointers over the ascending list; each rare heap is below lo."""
    cdef uint64_t i, j, gap, first = NIMREC_LANES, word, at
    if _sums_ready(s, far):
        at = lo >> 6
        if at >= s.sums_words:
            return NIMREC_LANES
        word = s.sums[at] >> (lo & 63)
        if (lo & 63) and at + 1 < s.sums_words:
            word |= s.sums[at + 1] << (64 - (lo & 63))
        word &= (<uint64_t>1 << NIMREC_LANES) - 1
        return lowest_bit(word) if word else NIMREC_LANES
    j = count_below(s.rare, s.n_rare, lo - s.rare[far])
    for i in range(far, s.n_rare):
        gap = lo - s.rare[i]             # the rests of rare[i] are gap, gap + 1, ...
        while j > 0 and s.rare[j - 1] >= gap:
            j -= 1
        if j < s.n_rare and s.rare[j] - gap < first:
            first = s.rare[j] - gap
            if first == 0:
                break
    return first


cdef inline void _wide_mark(const RecState* s, uint32_t v, uint32_t kbit, uint64_t* common,
                            uint64_t* rare) noexcept nogil:
    """Value v as its index in its class: into the two words ``common`` or ``rare``, if below
    _WIDE_INDICES."""
    cdef uint32_t index = _class_index(v, kbit)
    if index < _WIDE_INDICES:
        if rare_parity(v & s.mask):
            common[index >> 6] |= (<uint64_t>1) << (index & 63)
        else:
            rare[index >> 6] |= (<uint64_t>1) << (index & 63)


cdef uint64_t _scan_wide(RecState* s, uint64_t n, uint64_t a, uint64_t* rare, uint64_t* need) noexcept nogil:
    """The scan's pairs from ``a`` up, a block at a time (64 doubling to _LAST_BLOCK), each pair's
    rare value into ``rare`` (not a common one, which only a rare part reaches and its pairing
    has marked: nimrec_scan_wide tells them apart by the parts, the rests all common), while
    more than NIMREC_FIND_MAX of ``need`` are missing and every pair of the next block is a part
    in the head against a rest in the window: returns where it stopped, ``need`` updated."""
    cdef uint64_t block = 64, last, m
    cdef uint64_t words[2]
    cdef int i
    words[0] = rare[0]
    words[1] = rare[1]
    while popcount64(need[0]) + popcount64(need[1]) > NIMREC_FIND_MAX:
        last = a + block - 1
        for i in range(s.n_split):
            m = n - s.split[i]
            # every pair held (the part in the head, the rest in the window), every rest common
            if (last > _scan_limit(s, _half(s, m), m - s.base, s.base) or last > m - s.base
                    or s.rare[s.n_rare - 1] >= m - last):
                rare[0] = words[0]
                rare[1] = words[1]
                return a
        for i in range(s.n_split):
            m = n - s.split[i]
            nimrec_scan_wide(s.headv, s.buf + (m - s.base), a, last, s.wide_code, s.wide_rare_bits,
                             lowest_bit(s.mask), words)
        s.scanned += (last - a + 1) * <uint64_t>s.n_split
        if last > s.deepest:
            s.deepest = last
        a = last + 1
        if block < _LAST_BLOCK:
            block *= 2
        need[0] &= ~words[0]
        need[1] &= ~words[1]
    rare[0] = words[0]
    rare[1] = words[1]
    return a


cdef int _finish_wide(RecState* s, uint64_t* common, uint64_t* rare, uint64_t far, uint64_t scan_to,
                      uint32_t kbit, uint32_t lane_top, bint near, uint64_t* spent) noexcept nogil:
    """Heap s.n of a wide block, its far pairings and the scan's pairs NIMREC_LANES .. scan_to
    in ``common`` / ``rare`` (two words each, the indices of the values in their class): the
    rest as _heap does, in those words -- its moves, the rare heaps below NIMREC_LANES, the
    bound (the first common value not reached), the rare values missing below it, the scan's
    pairs below NIMREC_LANES, then past scan_to compared with the few still missing (_scan_more)
    -- and store the mex. Where the words cannot say it (the bound past their indices, many
    values still missing, a DEEP stop) the heap is done by _heap, whole. The lanes set the
    indices below ``lane_top`` (64 or 96) at least; past it the words may hold some of the
    values reached (never one that is not), which is why a bound or a rare value past lane_top
    is looked for again here. With ``near`` every rest of a part below NIMREC_LANES is a common
    heap whose class code is kept: those pairs are read as codes (their class known)."""
    cdef uint16_t targets[NIMREC_FIND_MAX]
    cdef uint64_t n = s.n, m, k, a, limit, stamp, x
    cdef const uint8_t* rests
    cdef uint64_t need[2]
    cdef uint32_t ci, cstar, t, missing = 0, index
    cdef int i, status
    for i in range(s.n_all):
        if s.all_[i] == n:
            _wide_mark(s, 0, kbit, common, rare)
    for i in range(s.n_leave):
        if n > s.leave[i]:
            _wide_mark(s, _g(s, n - s.leave[i]), kbit, common, rare)
    for i in range(s.n_split):
        m = n - s.split[i]
        if near:
            # the rare heaps below the lanes' reach, each paired with a common heap: a common
            # value, its index the part's XOR the rest's code (past 127 for a value past 255)
            rests = s.codes + (m - s.base)
            for k in range(far):
                index = s.wide_rare_i[k] ^ rests[-<int64_t>s.rare[k]]
                if index < _WIDE_INDICES:
                    common[index >> 6] |= (<uint64_t>1) << (index & 63)
        else:
            for k in range(far):         # the rare heaps below the lanes' reach
                _wide_mark(s, s.rare_v[k] ^ _g(s, m - s.rare[k]), kbit, common, rare)
    s.wide_heaps += 1
    if common[0] == UINT64_MAX:
        s.past64 += 1
        if lane_top <= 64:
            # the byte lanes' bound passes their indices: the indices 64 .. 95 gathered as below
            s.past_bytes += 1
            for i in range(s.n_split):
                m = n - s.split[i]
                common[1] |= nimrec_top_wide(s.buf + (m - s.base), s.wide_rare_at, s.wide_rare_v,
                                             far, s.wide_rare_n, kbit, 64)
                spent[0] += s.wide_rare_n - far
    if common[0] == UINT64_MAX and (common[1] | (UINT64_MAX << (NIMREC_WIDE_LANE_TOP - 64))) == UINT64_MAX:
        # every common value the lanes index is reached: the bound passes them, and the lanes'
        # rare pairings are paired again here for the indices past NIMREC_WIDE_LANE_TOP (a
        # heap in 10,000 at 2**31, 3 in 100 at 2**34: Grundy's game's values from 192 on), a
        # gather of 16 at a time (their rests common heaps in the window, as in the lanes)
        for i in range(s.n_split):
            m = n - s.split[i]
            common[1] |= (<uint64_t>nimrec_top_wide(s.buf + (m - s.base), s.wide_rare_at, s.wide_rare_v,
                                                    far, s.wide_rare_n, kbit, NIMREC_WIDE_LANE_TOP)
                          ) << (NIMREC_WIDE_LANE_TOP - 64)
            spent[0] += s.wide_rare_n - far
        s.past_lanes += 1
    if ~common[0]:
        ci = lowest_bit(~common[0])
    elif ~common[1]:
        ci = 64 + lowest_bit(~common[1])
    else:
        return _heap(s, spent)           # the bound lies past the indices
    cstar = s.wide_common[ci]
    t = s.wide_below[ci]                 # the rare values below the bound: indices 0 .. t - 1
    need[0] = ~rare[0] & (UINT64_MAX if t >= 64 else ((<uint64_t>1) << t) - 1)
    need[1] = ~rare[1] & (UINT64_MAX if t >= 128 else ((<uint64_t>1) << (t - 64)) - 1 if t > 64 else 0)
    if need[0] | need[1]:
        # the scan's pairs below the lanes (each part a < NIMREC_LANES: a rare part's pairing is
        # marked above, so only the rare values matter)
        for i in range(s.n_split):
            m = n - s.split[i]
            limit = _half(s, m)
            if limit > NIMREC_LANES - 1:
                limit = NIMREC_LANES - 1
            if near:
                # the common parts' pairs, each a rare value (the rare parts' are marked above)
                rests = s.codes + (m - s.base)
                for k in range(s.near_n):
                    if s.near_at[k] > limit:
                        break
                    index = s.near_i[k] ^ rests[-<int64_t>s.near_at[k]]
                    if index < _WIDE_INDICES:
                        rare[index >> 6] |= (<uint64_t>1) << (index & 63)
            else:
                for a in range(1, limit + 1):
                    _wide_mark(s, s.headv[a] ^ _g(s, m - a), kbit, common, rare)
            s.scanned += limit
            spent[0] += limit
        need[0] &= ~rare[0]
        need[1] &= ~rare[1]
    a = (scan_to if scan_to >= NIMREC_LANES else NIMREC_LANES - 1) + 1
    if t > lane_top:
        a = NIMREC_LANES                 # the lanes' parts, scanned again: they kept no index past
    if (need[0] | need[1]) and popcount64(need[0]) + popcount64(need[1]) > NIMREC_FIND_MAX:
        a = _scan_wide(s, n, a, rare, need)
    if need[0] | need[1]:
        s.stamp += 1
        stamp = s.stamp
        if popcount64(need[0]) + popcount64(need[1]) <= NIMREC_FIND_MAX:
            for k in range(2):           # the few missing, ascending
                while need[k]:
                    targets[missing] = s.wide_rare[64 * k + lowest_bit(need[k])]
                    missing += 1
                    need[k] &= need[k] - 1
        else:
            # many missing: the scan marks every pair's value, so the stamps hold the values
            # reached below the bound -- the common ones all, the rare ones found
            for index in range(ci):
                s.seen[s.wide_common[index]] = stamp
            for k in range(2):
                x = rare[k]
                while x:
                    s.seen[s.wide_rare[64 * k + lowest_bit(x)]] = stamp
                    x &= x - 1
            missing = _list_missing(s.seen, 0, cstar, stamp, targets)
        # past the lanes' pairs 16 .. 1,024 a heap still missing values needs many more: full
        # blocks (after the hints the scan starts again at 16, in small ones)
        status = _scan_more(s, n, a, cstar, stamp, spent, 0, targets, &missing,
                            _LAST_BLOCK if a > _WIDE_SCAN else _FIRST_BLOCK)
        if status != _OK:
            return _heap(s, spent)       # a value may hide in pairs held nowhere: _heap's DEEP
        if missing:
            cstar = targets[0]           # the pairs ran out: the least value never reached
    spent[0] += 1
    return _store(s, cstar)


cdef bint _hint_scratch(RecState* s) noexcept nogil:
    """The learning's scratch (a score for each part up to _HINT_REACH): False if no memory."""
    if s.hint_score == NULL:
        s.hint_score = <float*>malloc((_HINT_REACH + 1) * sizeof(float))
    return s.hint_score != NULL


cdef void _hint_task(const RecState* s, uint64_t n0, nimrec_learn* task) noexcept nogil:
    """The learning of the samples just behind n0 as a task (nimrec_learn_make): their values
    and where their rests are now (the window does not move until the task is done: see
    _mate_settle). The caller has checked that every part and rest it reads is held."""
    cdef uint64_t x
    cdef uint32_t g
    cdef int i, j
    task.low = s.headv
    task.places = s.n_split
    for i in range(s.n_split):
        task.rests[i] = s.buf + (n0 - 1 - s.split[i] - s.base)
    task.samples = _HINT_SAMPLES
    for j in range(_HINT_SAMPLES):
        x = n0 - 1 - j * _HINT_STEP
        g = _g(s, x)
        # (a rare heap, or a value past the lookup: no rare values wanted)
        task.g[j] = g if g < 512 and rare_parity(g & s.mask) else 512
    task.step = _HINT_STEP
    task.lanes = NIMREC_LANES
    task.reach = _HINT_REACH
    task.mask = s.mask
    task.score = s.hint_score


cdef void _learn_hints(RecState* s, uint64_t n0) noexcept nogil:
    """_hint_task and _hint_install at once: the hints learned from the samples just behind n0,
    used from now on."""
    cdef nimrec_learn task
    if _hint_scratch(s):
        _hint_task(s, n0, &task)
        nimrec_learn_make(&task)
    _hint_install(s)


cdef void _hint_install(RecState* s) noexcept nogil:
    """The hints, from the last learning's scores: the ``hint_want`` common parts NIMREC_LANES ..
    _HINT_REACH whose pairs found, in _HINT_SAMPLES heaps just behind its heap, the most of the
    rare values below each heap's own value, each value weighed by 1 / c**2 where c parts reach
    it in that heap: a hard value (reached by few parts, sending the scan far) weighs most. The
    wide blocks scan the hints' pairs in their lanes in place of the parts up to _WIDE_SCAN.
    The pairs are far from random: in Grundy's game at 2**31 the best parts reach a value the
    first 1,024 missed for one heap in six, a part at random for one in 130, and the parts that
    were best stay good for some 10**5 heaps. The hints only speed the scan: a hint's pair is
    marked like any other, and the scan past the lanes still covers every pair from NIMREC_LANES
    up. The caller has checked that every part and rest read here is held (head, window)."""
    cdef float* score = s.hint_score
    cdef uint32_t tally[4096]
    cdef uint64_t a, top = 0, kept, at_t, want = s.hint_want
    cdef uint32_t t, bucket, bits
    s.hints_learned += 1
    s.wide_scan_n = s.wide_scan_base
    s.wide_hints_big = False
    s.hint_top = 0
    if score == NULL:
        return                           # no hints: the parts up to _WIDE_SCAN, only slower
    # the ``want`` best common parts with a score: a float's bits order as the float does (all
    # >= 0), so the top 12 bits bucket them; every bucket above the last one kept is kept whole
    memset(tally, 0, sizeof(tally))
    for a in range(NIMREC_LANES, _HINT_REACH + 1):
        if (s.wide_rare_bits[a >> 3] >> (a & 7)) & 1:
            score[a] = 0                 # a rare part: paired in the rare heaps' lanes already
        memcpy(&bits, &score[a], sizeof(bits))
        tally[bits >> 20] += 1
    kept = 0
    t = 4095
    while t > 0 and kept + tally[t] < want:
        kept += tally[t]
        t -= 1
    at_t = want - kept if t > 0 else 0   # of the bucket t, the first ones (ascending)
    kept = s.wide_scan_base
    for a in range(NIMREC_LANES, _HINT_REACH + 1):
        memcpy(&bits, &score[a], sizeof(bits))
        bucket = bits >> 20
        if bucket > t or (bucket == t and at_t > 0):
            if bucket == t:
                at_t -= 1
            s.wide_scan_at[kept] = a
            s.wide_scan_v[kept] = s.headv[a]
            s.wide_scan_i[kept] = _class_code(s.headv[a], lowest_bit(s.mask))
            s.wide_scan_r[kept] = s.wide_scan_i[kept] * _BYTES4
            if s.headv[a] >= 256:
                s.wide_hints_big = True
            kept += 1
            top = a
    s.hint_top = top
    s.wide_scan_n = kept


cdef void _job_set(const RecState* s, nimrec_job* job, uint64_t start, uint64_t first, uint64_t end,
                   uint64_t scan_first, uint64_t scan_end, bint use_codes, bint scan_codes, uint32_t kbit,
                   uint32_t top) noexcept nogil:
    """The job of the 64 heaps from ``start``: the rare heaps first .. end - 1 and the scan's
    parts scan_first .. scan_end - 1 (read as codes where use_codes, scan_codes say), in byte
    lanes below ``top`` (0: the 32-bit lanes), for every split place; the hints learned so far.
    Their words are made by nimrec_job_make (the mate, or this thread for its own)."""
    cdef int i
    for i in range(s.n_split):
        job.rests[i] = s.buf + (start - s.split[i] - s.base)
        job.codes[i] = s.codes + (start - s.split[i] - s.base) if use_codes else NULL
    job.places = s.n_split
    job.at = s.wide_rare_at
    job.values = s.wide_rare_v
    job.index = s.wide_rare_i
    job.rep = s.wide_rare_r
    job.first = first
    job.split = _codes_end(first, end, s.wide_rare_big) if use_codes else first
    job.end = end
    job.scan_at = s.wide_scan_at
    job.scan_values = s.wide_scan_v
    job.scan_index = s.wide_scan_i
    job.scan_rep = s.wide_scan_r
    job.scan_codes = scan_codes
    job.scan_first = scan_first
    job.scan_end = scan_end
    job.kbit = kbit
    job.top = top
    job.start = start
    job.learned = s.hints_learned


cdef int _block_wide(RecState* s, uint64_t* spent, uint64_t end) noexcept nogil:
    """_heap for the NIMREC_LANES heaps from s.n on, once the mask is kept, when values pass 63.
    The pairings whose rests lie before the block and are common heaps are found for all of
    them at once in vector lanes (nimrec_or_wide), as the indices of their values in their
    class, the first _WIDE_INDICES: the rare heaps from NIMREC_LANES up (a common value each),
    and the scan's pairs of a common part NIMREC_LANES .. _WIDE_SCAN (a rare value each; the
    rare parts are the rare heaps' pairings) when no rare heap lies among their rests. Each
    heap is then finished in order as _heap does: those values marked, its moves and the rare
    heaps below NIMREC_LANES marked, the scan's other pairs. The same options, so the same
    values. A heap whose common values fill all the indices is done by _heap (its bound lies
    past them). _OK once some heaps are stored: it stops after a heap found rare (the heaps
    after it pair with it too) and before a heap where a rest of a rare heap is a rare heap;
    _FALLBACK, with nothing done, where the block does not apply (near the start, the end, or
    the window's edge)."""
    cdef uint64_t lo[NIMREC_LANES]
    cdef uint64_t hi[NIMREC_LANES]
    cdef uint64_t rlo[NIMREC_LANES]
    cdef uint64_t rhi[NIMREC_LANES]
    cdef uint64_t n0 = s.n, k, far, rare0 = s.n_rare, place = 0, widest, count, used
    cdef uint64_t a, j, n_scan = 0, scan_first = 0, scan_to = 0, in_head, lane_pairs = 0
    cdef uint8_t* bits
    cdef uint32_t* values
    cdef uint64_t* heaps
    cdef nimrec_mate* mate = s.mate
    cdef nimrec_job* hand
    cdef nimrec_job* job
    cdef uint64_t far2, mine, hints2, scan_mine, post, at, far64, scan64
    cdef uint32_t lane_top = NIMREC_WIDE_LANE_TOP, top
    cdef bint held, own, near
    cdef uint64_t common[2]
    cdef uint64_t rare[2]
    cdef uint32_t kbit, index
    cdef bint use_codes, scan_codes
    cdef const uint16_t* rests
    cdef const uint8_t* codes
    cdef nimrec_learn task
    cdef int i, h, status
    # (the mask's lowest bit below 7: then the indices below 128 are the values below 256 in
    # both classes, and every rare value past the indices lies past every common one in them)
    if (s.n_split == 0 or n0 + NIMREC_LANES > end or rare0 == 0 or s.mask == 0
            or lowest_bit(s.mask) > 6 or nimrec_vector_level() < 2):
        return _FALLBACK
    far = count_below(s.rare, rare0, NIMREC_LANES)
    if rare0 - far < NIMREC_LANES:
        return _FALLBACK                 # (0.167: its rare heaps lie below the block)
    for i in range(s.n_split):
        if s.split[i] > place:
            place = s.split[i]
    widest = s.rare[rare0 - 1]
    # every rare heap below every heap's m, and every rest in the window
    if n0 < place + widest + 1 or n0 - place - widest < s.base:
        return _FALLBACK
    count = NIMREC_LANES
    if n0 - place <= 2 * widest + NIMREC_LANES:
        for i in range(s.n_split):       # a rest may be a rare heap: stop before it
            k = _common_rests(s, far, n0 - s.split[i])
            if k < count:
                count = k
        if count == 0:
            return _FALLBACK
    kbit = lowest_bit(s.mask)
    if s.wide_mask != s.mask:
        for index in range(_WIDE_INDICES):
            s.wide_common[index] = <uint16_t>_class_value(index, kbit, s.mask, 1)
            s.wide_rare[index] = <uint16_t>_class_value(index, kbit, s.mask, 0)
        k = 0
        for index in range(_WIDE_INDICES):
            while k < _WIDE_INDICES and s.wide_rare[k] < s.wide_common[index]:
                k += 1
            s.wide_below[index] = <uint16_t>k
        for index in range(2 * _WIDE_INDICES):
            s.wide_code[index] = _WIDE_INDICES
        for index in range(_WIDE_INDICES):
            s.wide_code[s.wide_rare[index]] = <uint8_t>index
        s.wide_mask = s.mask
        s.wide_rare_n = 0                # (a new mask: a new list of rare heaps)
    in_head = count_below(s.rare, rare0, s.head)
    if s.wide_rare_bits == NULL or s.wide_bits_rare != in_head:
        bits = <uint8_t*>realloc(s.wide_rare_bits, s.head // 8 + 16)
        if bits == NULL:
            return _FALLBACK
        memset(bits, 0, s.head // 8 + 16)
        for j in range(in_head):
            bits[s.rare[j] >> 3] |= <uint8_t>(1 << (s.rare[j] & 7))
        s.wide_rare_bits = bits
        s.wide_bits_rare = in_head
    if s.wide_rare_n != rare0:
        _mate_drop(s)                    # (the mate reads the list; its words paired the list
                                         # before, maybe in another class)
        s.own.start = 0
        values = <uint32_t*>realloc(s.wide_rare_v, rare0 * sizeof(uint32_t))
        if values == NULL:
            return _FALLBACK
        s.wide_rare_v = values
        heaps = <uint64_t*>realloc(s.wide_rare_at, rare0 * sizeof(uint64_t))
        if heaps == NULL:
            return _FALLBACK
        s.wide_rare_at = heaps
        values = <uint32_t*>realloc(s.wide_rare_i, rare0 * sizeof(uint32_t))
        if values == NULL:
            return _FALLBACK
        s.wide_rare_i = values
        values = <uint32_t*>realloc(s.wide_rare_r, rare0 * sizeof(uint32_t))
        if values == NULL:
            return _FALLBACK
        s.wide_rare_r = values
        s.wide_rare_big = rare0
        for j in range(rare0):
            s.wide_rare_v[j] = s.rare_v[j]
            heaps[j] = s.rare[j]
            s.wide_rare_i[j] = _class_code(s.rare_v[j], kbit)
            values[j] = s.wide_rare_i[j] * _BYTES4
            if s.rare_v[j] >= 256 and s.wide_rare_big == rare0:
                s.wide_rare_big = j
        s.wide_rare_n = rare0
        s.near_n = 0
        s.near_big = 0
        j = 0
        for a in range(1, NIMREC_LANES):
            while j < rare0 and s.rare[j] < a:
                j += 1
            if j < rare0 and s.rare[j] == a:
                continue
            s.near_at[s.near_n] = a
            s.near_i[s.near_n] = _class_code(s.headv[a], kbit)
            s.near_n += 1
            if s.headv[a] >= 256:
                s.near_big += 1
    # the scan's common parts: their rests common heaps (no rare heap among them), every part
    # below half of every m, held in the head, and the rests in the window
    if (widest + _WIDE_SCAN < n0 - place and 2 * _WIDE_SCAN + 2 < n0 - place and _WIDE_SCAN < s.head
            and n0 - place - _WIDE_SCAN >= s.base):
        k = count_below(s.rare, rare0, _WIDE_SCAN + 1)
        if s.wide_scan_rare != k or s.wide_scan_base == 0:
            _mate_drop(s)                # (the mate reads the list)
            s.wide_scan_n = 0
            s.wide_base_big = False
            s.hint_next = 0              # learned again on the new list (the mate settled)
            s.hint_due = 0
            s.hint_made = 0
            j = far
            for a in range(NIMREC_LANES, _WIDE_SCAN + 1):
                while j < rare0 and s.rare[j] < a:
                    j += 1
                if j < rare0 and s.rare[j] == a:
                    continue
                s.wide_scan_at[s.wide_scan_n] = a
                s.wide_scan_v[s.wide_scan_n] = s.headv[a]
                s.wide_scan_i[s.wide_scan_n] = _class_code(s.headv[a], kbit)
                s.wide_scan_r[s.wide_scan_n] = s.wide_scan_i[s.wide_scan_n] * _BYTES4
                if s.headv[a] >= 256:
                    s.wide_base_big = True
                s.wide_scan_n += 1
            s.wide_scan_rare = k
            s.wide_scan_base = s.wide_scan_n
        n_scan = s.wide_scan_base
        scan_to = _WIDE_SCAN
        lane_pairs = _WIDE_SCAN - NIMREC_LANES + 1
        # the hints in place of those parts, where their parts and rests are held and every
        # rest is a common heap, as above, and the samples' rests lie in the window (written
        # without a subtraction that could wrap: early in a run n0 is below the samples' reach)
        if (s.hint_want and _HINT_REACH < s.head and widest + _HINT_REACH < n0 - place
                and 2 * _HINT_REACH + 2 < n0 - place
                and n0 > s.base + place + _HINT_REACH + _HINT_SAMPLES * _HINT_STEP):
            # The first learning on a list of parts is made at once. The later ones are posted
            # to the mate, which makes them while this thread makes the jobs, and are used from
            # _HINT_DELAY heaps on; with one thread they are made there: the same hints.
            if s.hint_next == 0:
                _mate_settle(s)          # (the mate reads the hints)
                s.hint_next = n0 + _HINT_EVERY
                s.hint_due = 0
                _learn_hints(s, n0)
            elif n0 >= s.hint_next:
                s.hint_next = n0 + _HINT_EVERY
                s.hint_from = n0
                s.hint_due = n0 + _HINT_DELAY
                s.hint_made = 0
                if mate != NULL and _hint_scratch(s):
                    _hint_task(s, n0, &mate.learn)
                    nimrec_mate_learn_post(mate)
                    s.hint_made = _HINT_POSTED
            elif s.hint_due and n0 >= s.hint_due:
                if s.hint_made == _HINT_POSTED:
                    nimrec_mate_learned(mate)
                elif s.hint_made != _HINT_SCORED and _hint_scratch(s):
                    _hint_task(s, s.hint_from, &task)
                    nimrec_learn_make(&task)
                _mate_settle(s)          # (the mate reads the hints)
                _hint_install(s)
                s.hint_due = 0
                s.hint_made = 0
            if s.wide_scan_n > s.wide_scan_base:
                scan_first = s.wide_scan_base
                n_scan = s.wide_scan_n
                scan_to = NIMREC_LANES - 1   # the scan past the lanes goes on from NIMREC_LANES
                lane_pairs = n_scan - scan_first
                if s.hint_top > s.deepest:
                    s.deepest = s.hint_top
        if scan_to > s.deepest:
            s.deepest = scan_to
    # With two threads the mate pairs, for the spans of NIMREC_MATE_HEAPS heaps from the one
    # in hand on while this thread finishes them, the rare heaps from NIMREC_MATE_REACH up but
    # the first mate_keep, and the last mate_hints hints where their parts are as far: their
    # rests lie before this block. A job's words are a block's when its span covers the block
    # and they were made with the same split places, rare heaps and hints, and the scan's parts
    # are the hints (for the mate's sake only: they need the scan past the lanes to go on from
    # NIMREC_LANES, so a block whose words it made does not depend on which parts it was);
    # then this thread pairs only the others.
    far2 = count_below(s.rare, rare0, NIMREC_MATE_REACH) + s.mate_keep
    if far2 > rare0:
        far2 = rare0
    hints2 = n_scan
    if scan_first:
        hints2 = n_scan - s.mate_hints if n_scan - scan_first > s.mate_hints else scan_first
        while hints2 < n_scan and s.wide_scan_at[hints2] < NIMREC_MATE_REACH:
            hints2 += 1
    # the lanes read the window's class codes, one byte a rest, where every part's value is
    # below 256: made here the first time, and after the window moved other than by _store
    if (not s.codes_ok or s.codes_kbit != kbit) and not s.codes_off:
        _mate_settle(s)                  # (the mate may read them)
        if s.codes == NULL:
            s.codes = <uint8_t*>malloc(2 * s.window)
        if s.codes != NULL:
            for j in range(s.n - s.base):
                s.codes[j] = _class_code(s.buf[j], kbit)
            s.codes_kbit = kbit
            s.codes_ok = True
    use_codes = s.codes_ok and not s.codes_off
    scan_codes = use_codes and not (s.wide_hints_big if scan_first else s.wide_base_big)
    mine = rare0
    scan_mine = n_scan
    memset(lo, 0, sizeof(lo))
    memset(hi, 0, sizeof(hi))
    memset(rlo, 0, sizeof(rlo))
    memset(rhi, 0, sizeof(rhi))
    # the mate's jobs this block has passed are dropped; the next one is in hand if its span
    # covers the block
    held = False
    hand = NULL
    if mate != NULL:
        while (s.job_tail < mate.posted
               and nimrec_mate_job(mate, s.job_tail).start + NIMREC_MATE_HEAPS < n0 + NIMREC_LANES):
            nimrec_mate_pass(mate, s.job_tail)
            s.job_tail += 1
        if s.job_tail < mate.posted and nimrec_mate_job(mate, s.job_tail).start <= n0:
            held = True
            hand = nimrec_mate_job(mate, s.job_tail)
    if (held and scan_first and hand.first == far2 and hand.end == rare0
            and hand.places == s.n_split):
        hand = nimrec_mate_take(mate, s.job_tail)   # (its words: made by the mate, or here)
        at = n0 - hand.start
        for h in range(NIMREC_LANES):
            lo[h] = hand.lo[at + h]
            hi[h] = hand.hi[at + h]
        mine = far2
        if hand.scan_first == hints2 and hand.scan_end == n_scan and hand.learned == s.hints_learned:
            for h in range(NIMREC_LANES):
                rlo[h] = hand.rlo[at + h]
                rhi[h] = hand.rhi[at + h]
            scan_mine = hints2
        if hand.top and hand.top < lane_top:
            lane_top = hand.top
        s.mate_blocks += 1
    # the byte lanes' top: chosen every _BYTE_CHOICE wide heaps where the run chooses it (64
    # unless the bounds often pass 63), for this thread's words and the mate's jobs alike
    if s.byte_lanes < 0 and s.wide_heaps >= _BYTE_CHOICE:
        s.byte_top = 96 if s.past64 * _BYTE_PAST > s.wide_heaps else 64
        s.past64 = 0
        s.wide_heaps = 0
    # the byte lanes take 64 heaps at once: every rest of the 64 a common heap, read as codes
    top = s.byte_top if (use_codes and nimrec_bytes_ok() and count == NIMREC_LANES
                         and n0 - place > 2 * widest + NIMREC_MATE_HEAPS) else 0
    # the next jobs, while the ring has room: the spans after the last one posted, or after
    # this block; each ends at most NIMREC_MATE_REACH heaps past this block's start (its rests
    # lie before it) and inside the window's buffer; with the hints (see above), and while the
    # mate keeps up: once this thread has slept _MATE_SLEEPS times waiting for it, or made a
    # job again that it was late with (the cores busy with other work), one thread's until
    # _MATE_RETRY blocks have passed. Whatever would move what they read waits for them first
    # (_mate_settle).
    if mate != NULL:
        s.mate_tried += 1
        if s.mate_tried >= _MATE_RETRY:
            s.mate_tried = 0
            mate.slept = 0
    if (mate != NULL and scan_first and count == NIMREC_LANES and s.n_split <= NIMREC_MATE_PLACES
            and far2 < rare0 and mate.slept < _MATE_SLEEPS):
        post = n0 + NIMREC_LANES
        if mate.posted > s.job_tail:
            post = nimrec_mate_job(mate, mate.posted - 1).start + NIMREC_MATE_HEAPS
        while (mate.posted - s.job_tail < NIMREC_MATE_SLOTS and post + NIMREC_MATE_HEAPS <= n0 + NIMREC_MATE_REACH
               and post + NIMREC_MATE_HEAPS <= s.base + 2 * s.window):
            job = nimrec_mate_slot(mate)
            if job == NULL:
                break                    # (its slot's last job, passed, is not done yet)
            _job_set(s, job, post, far2, rare0, hints2, n_scan, use_codes, scan_codes, kbit, top)
            nimrec_mate_post(mate)
            post += NIMREC_MATE_HEAPS
            if mate.posted - s.job_tail > s.mate_ring:
                s.mate_ring = mate.posted - s.job_tail
    # This thread's parts from 64 on (their rests before the 64 heaps from here) in byte lanes,
    # 64 heaps at a time: made for the heaps from this block on, and used by the blocks after
    # it while they pair the same parts. The parts below 64 are paired a block at a time.
    far64 = mine
    scan64 = scan_mine
    if top:
        far64 = count_below(s.rare, rare0, NIMREC_MATE_HEAPS)   # (at least far, the count below 16)
        if far64 > mine:
            far64 = mine
        scan64 = scan_first
        while scan64 < scan_mine and s.wide_scan_at[scan64] < NIMREC_MATE_HEAPS:
            scan64 += 1
        own = (s.own.start != 0 and s.own.start <= n0 and n0 + NIMREC_LANES <= s.own.start + NIMREC_MATE_HEAPS
               and s.own.first == far64 and s.own.end == mine and s.own.scan_first == scan64
               and s.own.scan_end == scan_mine and s.own.learned == s.hints_learned and s.own_rare == rare0
               and s.own.places == s.n_split)
        if not own:
            # (the byte lanes read codes: use_codes holds wherever top is set)
            _job_set(s, &s.own, n0, far64, mine, scan64, scan_mine, True, scan_codes, kbit, top)
            nimrec_job_make(&s.own)
            s.own_rare = rare0
            s.byte_groups += 1
        at = n0 - s.own.start
        for h in range(NIMREC_LANES):
            lo[h] |= s.own.lo[at + h]
            hi[h] |= s.own.hi[at + h]
            rlo[h] |= s.own.rlo[at + h]
            rhi[h] |= s.own.rhi[at + h]
        if s.own.top < lane_top:
            lane_top = s.own.top
    for i in range(s.n_split):
        # lane h, part a: the rest G(n0 + h - split - a), at rests[h - a]
        rests = s.buf + (n0 - s.split[i] - s.base)
        codes = s.codes + (n0 - s.split[i] - s.base) if use_codes else NULL
        nimrec_or_parts(lo, hi, rests, codes, s.wide_rare_at, s.wide_rare_v, s.wide_rare_i, far,
                        _codes_end(far, far64, s.wide_rare_big) if use_codes else far, far64, kbit)
        nimrec_or_parts(rlo, rhi, rests, codes, s.wide_scan_at, s.wide_scan_v, s.wide_scan_i, scan_first,
                        scan64 if scan_codes else scan_first, scan64, kbit)
    # the pairs of the parts below NIMREC_LANES read as codes where every rest of them is a
    # common heap: no rare heap among the heaps from n0 - place - NIMREC_LANES + 1 on (a heap
    # found rare ends the block), every part's value below 256
    near = (use_codes and far <= s.wide_rare_big and s.near_big == 0
            and s.rare[rare0 - 1] + place + NIMREC_LANES <= n0)
    for h in range(<int>count):
        used = (rare0 + 1 + lane_pairs) * <uint64_t>s.n_split
        s.scanned += lane_pairs * <uint64_t>s.n_split
        spent[0] += used
        common[0] = lo[h]
        common[1] = hi[h]
        rare[0] = rlo[h]
        rare[1] = rhi[h]
        status = _finish_wide(s, common, rare, far, scan_to, kbit, lane_top, near, spent)
        if status != _OK or s.n_rare != rare0:
            return status                # a rare heap found: the next heaps pair with it too
    return _OK


cdef int _rec_run(RecState* s, uint64_t end, uint64_t budget) noexcept nogil:
    """Compute G(s.n) .. G(end - 1), or until about ``budget`` pairings are spent."""
    cdef uint64_t spent = 0, common = 0
    cdef uint32_t common_mask = _VALUES          # no mask yet: masks are below _VALUES
    cdef int status
    while s.n < end and spent < budget:
        if not s.frozen and (s.n >= s.head or s.n >= s.freeze_at):
            _freeze(s)                 # the values before the window leave memory: keep the mask
                                       # (or the head is larger than needed for the mask's choice:
                                       # past freeze_at it holds the scan's parts, a DEEP stop rarer)
        elif not s.frozen and (s.n >= s.next_review or s.n_rare > s.review_rare):
            if _review(s) != _OK:
                s.pairings += spent
                return _NOMEM
        status = _FALLBACK
        if s.largest <= SMALL_VALUES:   # (64 too: _option_bit drops a pair's value past 63)
            if s.mask != common_mask:
                common_mask = s.mask
                common = odd_values(common_mask)
            if s.frozen:
                status = _block_small(s, &spent, common, end)
            if status == _FALLBACK:
                status = _heap_small(s, &spent, common)
        elif s.frozen:
            status = _block_wide(s, &spent, end)
        if status == _FALLBACK:
            status = _heap(s, &spent)
        if status != _OK:
            s.pairings += spent
            return status
    s.pairings += spent
    return _OK


# ---------------------------------------------------------------------------------------------
# Two threads (issue 39): the heaps are taken a block at a time. While this thread finishes
# block j in order, a second thread prepares block j + 1: for each of its heaps, every pairing
# whose rest lies before block j (the rare heaps far behind the frontier, and the scan for rare
# values past the first ~B splits), into a bitset of the values it found and the last split it
# scanned. Finishing a heap then needs only the near pairings (rests in blocks j, j + 1), the
# bitset, and -- when the prepared scan stopped short of what the heap turns out to need -- the
# scan on from where it stopped. Nothing is guessed: a heap the helper could not prepare (a rest
# held nowhere) is computed whole, in order. No memory the helper reads is written during a
# step: the window slides and the rare-heap list grows only between steps.

cdef struct Prep:
    uint64_t start, count       # the block: heaps start .. start + count - 1
    uint64_t far                # the helper's rests are below far; the near ones at or past it
    uint64_t n_rare             # the helper used the rare heaps rare[0 .. n_rare)
    uint64_t base               # the window's start during the step
    uint32_t words              # bitset words a heap
    uint64_t cap                # words allocated in bits
    uint64_t upto_cap           # heaps allocated in upto
    uint64_t horizon            # the helper scans at most this many splits a heap
    uint64_t* bits              # count * words: the values the helper found, a heap's a row
    uint64_t* upto              # per heap: the scan covered (m - far, upto]; 0: not prepared
    uint64_t* seen              # the helper's own marks
    uint64_t stamp
    uint64_t pairings, scanned, deepest


cdef int _prep_alloc(Prep* p) noexcept nogil:
    p.upto = NULL
    p.upto_cap = 0
    p.seen = <uint64_t*>calloc(_VALUES + 8, sizeof(uint64_t))
    p.bits = NULL
    p.cap = 0
    p.stamp = 0
    return _OK if p.seen != NULL else _NOMEM


cdef void _prep_free(Prep* p) noexcept nogil:
    free(p.upto)
    free(p.seen)
    free(p.bits)
    p.upto = NULL
    p.seen = NULL
    p.bits = NULL


cdef int _prep_setup(const RecState* s, Prep* p, uint64_t start, uint64_t count,
                     uint64_t far, uint64_t horizon) noexcept nogil:
    """Describe the block the helper prepares next (between steps: nothing runs)."""
    cdef uint32_t size = 64
    cdef uint64_t* grown
    if count > p.upto_cap:
        grown = <uint64_t*>realloc(p.upto, count * sizeof(uint64_t))
        if grown == NULL:
            return _NOMEM
        p.upto = grown
        p.upto_cap = count
    while size <= s.largest:
        size <<= 1
    p.start = start
    p.count = count
    p.far = far
    p.horizon = horizon
    p.n_rare = s.n_rare
    p.base = s.base
    p.words = size // 64
    if count * p.words > p.cap:
        grown = <uint64_t*>realloc(p.bits, count * p.words * sizeof(uint64_t))
        if grown == NULL:
            return _NOMEM
        p.bits = grown
        p.cap = count * p.words
    return _OK


cdef void _prepare(const RecState* s, Prep* p) noexcept nogil:
    """The helper's part of a block (see above). Reads the engine's state, writes only ``p``."""
    cdef uint64_t h, n, m, j, lo_j, hi_j, in_win, a, b, a0, last, block, first, upto
    cdef uint64_t half, limit, w_hi, stamp
    cdef uint64_t* seen = p.seen
    cdef uint64_t* row
    cdef const uint16_t* top
    cdef uint32_t v, cstar, size = p.words * 64
    cdef int i
    cdef bint ok, keep
    p.pairings = 0
    p.scanned = 0
    p.deepest = 0
    for h in range(p.count):
        n = p.start + h
        p.stamp += 1
        stamp = p.stamp
        ok = True
        a0 = 0
        # the rare heaps a with m - a < far (a > m - far), their rests in the window or the head
        for i in range(s.n_split):
            if n < s.split[i] + 2:
                continue
            m = n - s.split[i]
            lo_j = count_below(s.rare, p.n_rare, m - p.far + 1) if m >= p.far else 0
            hi_j = count_below(s.rare, p.n_rare, m)
            in_win = count_below(s.rare, hi_j, m - p.base + 1) if m >= p.base else 0
            if in_win < lo_j:
                in_win = lo_j
            top = s.buf + (m - p.base)
            _mark_near_all(s, lo_j, in_win, m, top, seen, stamp)
            for j in range(in_win, hi_j):
                a = s.rare[j]
                b = m - a
                if s.grundy_game and a == b:
                    continue
                if b >= s.head:
                    ok = False
                    break
                seen[s.rare_v[j] ^ s.headv[b]] = stamp
            p.pairings += hi_j - lo_j
            if not ok:
                break
            first = m - p.far + 1 if m >= p.far else 1
            if a0 == 0 or first < a0:
                a0 = first
        if not ok:
            p.upto[h] = 0
            continue
        # the scan for rare values, from the first far split up, until every rare value below
        # the smallest common value still missing is found (the near pairings may raise that
        # bound: the finishing thread scans on from where this stopped)
        a = a0
        block = _FIRST_BLOCK * 4
        while True:
            cstar = 0
            while cstar < size and (rare_parity(cstar & s.mask) == 0 or seen[cstar] == stamp):
                cstar += 1
            v = 0
            while v < cstar and seen[v] == stamp:
                v += 1
            if v == cstar:
                break
            last = a + block - 1
            keep = False
            for i in range(s.n_split):
                if n < s.split[i] + 2:
                    continue
                m = n - s.split[i]
                half = _half(s, m)
                w_hi = m - p.base
                limit = _scan_limit(s, half, w_hi, p.base)
                if a > limit:
                    continue
                keep = True
                first = m - p.far + 1 if m >= p.far else 1
                if first < a:
                    first = a
                upto = last if last < limit else limit
                if first > upto:
                    continue
                if first <= w_hi:
                    _mark_scan(s.headv, s.buf + w_hi, first, upto if upto <= w_hi else w_hi, seen, stamp)
                if upto > w_hi:
                    _mark_scan(s.headv, s.headv + m, first if first > w_hi else w_hi + 1, upto,
                               seen, stamp)
                p.scanned += upto - first + 1
                if upto > p.deepest:
                    p.deepest = upto
            a = last + 1
            if not keep or a - a0 >= p.horizon:
                break
            if block < _LAST_BLOCK:
                block *= 2
        p.upto[h] = a - 1
        row = p.bits + h * p.words
        memset(row, 0, p.words * sizeof(uint64_t))
        for v in range(size):
            row[v >> 6] |= (<uint64_t>(seen[v] == stamp)) << (v & 63)


cdef int _finish_block(RecState* s, const Prep* p, uint64_t* spent) noexcept nogil:
    """This thread's part of a prepared block: every heap in order, from its bitset and the
    near pairings (rests at or past p.far), the scan on where the helper's stopped short."""
    cdef uint64_t h, n, m, j, lo_j, hi_j, a, b, stamp, x, w, near, w_hi
    cdef uint64_t* seen = s.seen
    cdef const uint64_t* row
    cdef const uint16_t* top
    cdef int i, status
    for h in range(p.count):
        n = p.start + h
        if p.upto[h] == 0:
            status = _heap(s, spent)            # the helper could not: whole, in order
            if status != _OK:
                return status
            continue
        s.stamp += 1
        stamp = s.stamp
        _mark_moves(s, n, stamp)
        row = p.bits + h * p.words
        for w in range(p.words):
            x = row[w]
            while x:
                seen[w * 64 + lowest_bit(x)] = stamp
                x &= x - 1
        for i in range(s.n_split):
            if n < s.split[i] + 2:
                continue
            m = n - s.split[i]
            # the rare heaps a <= m - far (their rests in the window, at or past far)
            lo_j = count_below(s.rare, p.n_rare, m - p.far + 1) if m >= p.far else p.n_rare
            top = s.buf + (m - s.base)
            _mark_near_all(s, 0, lo_j, m, top, seen, stamp)
            # the rare heaps found since the helper began (past its list)
            hi_j = count_below(s.rare, s.n_rare, m)
            for j in range(p.n_rare, hi_j):
                a = s.rare[j]
                b = m - a
                if s.grundy_game and a == b:
                    continue
                if _held(s, b):
                    seen[s.rare_v[j] ^ _g(s, b)] = stamp
                else:
                    s.deep_heap = n
                    s.in_deep = True
                    return _DEEP
            spent[0] += lo_j + 1 + (hi_j - p.n_rare if hi_j > p.n_rare else 0)
        status = _finish(s, n, p.upto[h] + 1, stamp, spent, p.far)
        if status != _OK:
            return status
    return _OK


def vector_lanes():
    """The vector instructions the small-values blocks use in this process: ``"avx512"``,
    ``"avx2"``, or ``""`` (neither, or ``NIMCORE_RECORD_VECTORS=plain``: one heap at a time)."""
    return ("", "avx2", "avx512")[nimrec_vector_level()]


def _find_in_pairs(const unsigned short[:] low, const unsigned short[:] high, uint64_t first,
                   uint64_t last, targets):
    """The scan's comparison in vector lanes, for the tests: which of ``targets`` (at most
    NIMREC_FIND_MAX distinct values) are low[a] ^ high[len(high) - 1 - a] for some a in
    first .. last (``high`` read backwards from its end, as the scan reads the window), as a
    bit mask over ``targets``."""
    cdef uint16_t t[NIMREC_FIND_MAX]
    cdef unsigned int k = len(targets), i, found
    if not 1 <= k <= NIMREC_FIND_MAX or len(set(targets)) != k:
        raise ValueError(f"1 .. {NIMREC_FIND_MAX} distinct targets")
    if first > last or last >= <uint64_t>low.shape[0] or last >= <uint64_t>high.shape[0]:
        raise ValueError("first .. last must lie in both runs")
    for i in range(k):
        t[i] = <uint16_t>targets[i]
    with nogil:
        found = nimrec_find(&low[0], &high[high.shape[0] - 1], first, last, t, k)
    return found


cdef class _Helper:
    """The second thread: prepares the block it is given, the GIL released."""

    cdef RecState* s
    cdef Prep* job
    cdef bint quit, busy
    cdef public double t_help
    cdef object go, done, thread

    def __init__(self):
        import threading
        self.go = threading.Event()
        self.done = threading.Event()
        self.quit = False
        self.busy = False
        self.thread = threading.Thread(target=self._loop, name="nimcore-record-helper", daemon=True)

    def _loop(self):
        while True:
            self.go.wait()
            self.go.clear()
            if self.quit:
                return
            t0 = _time.thread_time()
            with nogil:
                _prepare(self.s, self.job)
            self.t_help += _time.thread_time() - t0
            self.done.set()

    def start(self):
        self.thread.start()

    def give(self):
        self.busy = True
        self.done.clear()
        self.go.set()

    def wait(self):
        self.done.wait()
        self.busy = False

    def stop(self):
        if self.busy:
            self.done.wait()    # a block in hand is finished first: it reads the engine
            self.busy = False
        self.quit = True
        self.go.set()
        self.thread.join()


cdef class RecordSequence:
    """One game's nim-sequence computed with O(head + window + rare heaps) memory.

    Parameters
    ----------
    takes_all, leaves, splits : sequences of int
        The places k (0 .. 64) whose digit has bit 1, bit 2, bit 4 (at least one split place).
    grundy_game : bool
        Grundy's game: the split place 0 only, into two unequal parts.
    head : int
        G(0 .. head - 1) are kept for good; the mask is chosen while every value is among them.
    window : int
        At least this many values behind the frontier are kept (at most twice as many).
    threads : int
        1: one thread. 2 (or more): a second thread prepares the pairings far behind the
        frontier a block ahead (once the mask is kept, and when 256 rare heaps or more lie past
        the first block; see ``_prepare``); the values are the same.
    """

    cdef RecState c_s
    cdef int c_threads
    cdef uint64_t c_block, c_horizon, c_min_far
    cdef Prep c_prep[2]
    cdef bint c_prep_ok
    cdef double c_t_finish, c_t_help

    def __cinit__(self, takes_all, leaves, splits, bint grundy_game=False, uint64_t head=1 << 20,
                  uint64_t window=1 << 22, int threads=1):
        if head < 1024 or window < 1024:
            raise ValueError(f"head and window must be at least 1,024 heaps, not {head:,} and {window:,}")
        if window > (1 << 40) or head > (1 << 40):
            raise ValueError("head and window must be at most 2**40 heaps")
        self.c_s.n_all = read_places(takes_all, self.c_s.all_, 1, _MAX_PLACES)
        self.c_s.n_leave = read_places(leaves, self.c_s.leave, 1, _MAX_PLACES)
        self.c_s.n_split = read_places(splits, self.c_s.split, 0, _MAX_PLACES)
        if self.c_s.n_split == 0:
            raise ValueError("the record engine needs a game that splits heaps")
        self.c_s.grundy_game = grundy_game
        if grundy_game and (self.c_s.n_split != 1 or self.c_s.split[0] != 0):
            raise ValueError("Grundy's game splits at place 0 only")
        self.c_s.head = head
        self.c_s.window = window
        self.c_s.headv = <uint16_t*>malloc(head * sizeof(uint16_t))
        self.c_s.buf = <uint16_t*>malloc(2 * window * sizeof(uint16_t))
        self.c_s.seen = <uint64_t*>calloc(_VALUES + 8, sizeof(uint64_t))
        self.c_s.hist = <int64_t*>calloc(_VALUES, sizeof(int64_t))
        self.c_s.wht = <int64_t*>calloc(_VALUES, sizeof(int64_t))
        if (self.c_s.headv == NULL or self.c_s.buf == NULL or self.c_s.seen == NULL
                or self.c_s.hist == NULL or self.c_s.wht == NULL):
            raise MemoryError("no memory for the record engine's head and window")
        self.threads = threads
        self.c_block = _PIPE_BLOCK
        self.c_horizon = _PIPE_HORIZON
        # with AVX-512 the blocks in vector lanes on one thread beat the two (Grundy's game at
        # 2**31: 1.25 against 2.1-2.6 µs a heap of wall time): no helper unless asked for
        self.c_min_far = UINT64_MAX if nimrec_vector_level() == 2 else _PIPE_MIN_FAR
        self.c_s.mask = 1
        self.c_s.hint_want = _HINTS
        self.c_s.mate_keep = _MATE_KEEP
        self.c_s.mate_hints = _MATE_HINTS
        self.c_s.byte_lanes = -1
        self.c_s.byte_top = 64
        self.c_s.freeze_at = _FREEZE_AT
        self.c_s.next_review = _FIRST_REVIEW
        self.c_s.review_rare = _FIRST_REVIEW

    def __dealloc__(self):
        if self.c_prep_ok:
            _prep_free(&self.c_prep[0])
            _prep_free(&self.c_prep[1])
        free(self.c_s.headv)
        free(self.c_s.buf)
        free(self.c_s.seen)
        free(self.c_s.hist)
        free(self.c_s.wht)
        free(self.c_s.rare)
        free(self.c_s.rare_v)
        free(self.c_s.wide_rare_bits)
        free(self.c_s.wide_rare_v)
        free(self.c_s.wide_rare_at)
        free(self.c_s.wide_rare_i)
        free(self.c_s.wide_rare_r)
        free(self.c_s.codes)
        free(self.c_s.sums)
        free(self.c_s.hint_score)

    @property
    def threads(self):
        """Threads ``run`` uses: 1, or 2 (a helper prepares the far pairings a block ahead)."""
        return self.c_threads

    @threads.setter
    def threads(self, int threads):
        if threads < 1:
            raise ValueError(f"threads must be at least 1, not {threads}")
        self.c_threads = 2 if threads > 1 else 1

    @property
    def block(self):
        """Heaps a block of the two-thread pipeline."""
        return self.c_block

    @block.setter
    def block(self, uint64_t block):
        if not 128 <= block <= (1 << 20):
            raise ValueError(f"block must be in 128 .. 1,048,576 heaps, not {block:,}")
        self.c_block = block

    @property
    def horizon(self):
        """Splits the helper thread scans a heap at most (past them, the finishing thread)."""
        return self.c_horizon

    @horizon.setter
    def horizon(self, uint64_t horizon):
        if horizon > (1 << 30):
            raise ValueError(f"horizon must be at most 2**30 splits, not {horizon:,}")
        self.c_horizon = horizon

    @property
    def thread_seconds(self):
        """``(finishing, helper)``: CPU seconds each of the two threads spent in their blocks
        (0.0 when one thread ran). On a machine whose other core is busy the wall time is
        their sum; on an idle one, about the larger."""
        return self.c_t_finish, self.c_t_help

    @property
    def hints(self):
        """Learned parts (16 .. 16,384) that the wide blocks scan for every heap in their vector
        lanes, in place of the parts 16 .. 1,024 (``_learn_hints``): 1,024, or 0 for none. The
        values are the same either way; only the count of pairs scanned, and the time, differ.
        Learned again every 524,288 heaps, and where a run resumes."""
        return self.c_s.hint_want

    @hints.setter
    def hints(self, uint64_t count):
        if count > _HINTS_MAX:
            raise ValueError(f"hints must be at most {_HINTS_MAX:,}, not {count:,}")
        self.c_s.hint_want = count
        self.c_s.hint_next = 0
        self.c_s.hint_due = 0
        self.c_s.wide_scan_n = self.c_s.wide_scan_base

    @property
    def hint_parts(self):
        """The hints in use now: the learned parts, ascending."""
        cdef uint64_t j
        return [self.c_s.wide_scan_at[j] for j in range(self.c_s.wide_scan_base, self.c_s.wide_scan_n)]

    @property
    def mate_keep(self):
        """With two threads and AVX-512 the second thread pairs the far rare heaps of wide
        blocks, 64 heaps a job and up to three jobs ahead of the heaps in hand: those from 256 on
        but the first ``mate_keep`` of them (default 0), which this thread pairs with the hints
        while it finishes the heaps in hand."""
        return self.c_s.mate_keep

    @mate_keep.setter
    def mate_keep(self, uint64_t count):
        self.c_s.mate_keep = count

    @property
    def freeze_at(self):
        """The heap from which the mask is kept, at the latest (default 2**20; the head's end if
        that comes first). A head past it holds the scan's small parts: a heap whose rare values
        are found only past 2**20 parts is then proven here, not stopped as DEEP. Set before
        the mask is kept (later it changes nothing)."""
        return self.c_s.freeze_at

    @freeze_at.setter
    def freeze_at(self, uint64_t heap):
        if heap < 1024:
            raise ValueError(f"the mask is kept from heap 1,024 at the earliest, not {heap:,}")
        self.c_s.freeze_at = heap

    @property
    def class_codes(self):
        """Whether the wide lanes pair the window's class codes (one byte a rest: the index of
        its value within its class; the default) rather than its values (two bytes, and an
        index computed a pair). The same options either way, so the same values."""
        return not self.c_s.codes_off

    @class_codes.setter
    def class_codes(self, bint on):
        self.c_s.codes_off = not on

    @property
    def byte_lanes(self):
        """The byte lanes' top: with AVX512-VBMI the wide blocks' far pairings are made 64 heaps
        at a time, a heap a byte lane, for the indices below 64 or 96 (a table lookup a word);
        64, 96, 0 (the 32-bit lanes only, 16 heaps at a time), or -1 (the default: 64, or 96
        where more than one wide heap in 32 has a bound past 63, chosen every 65,536 of them).
        The same options either way, so the same values."""
        return self.c_s.byte_lanes

    @byte_lanes.setter
    def byte_lanes(self, int top):
        if top not in (-1, 0, 64, 96):
            raise ValueError(f"the byte lanes' top is 64, 96, 0 (none) or -1 (chosen), not {top}")
        self.c_s.byte_lanes = top
        self.c_s.byte_top = 64 if top < 0 else top

    @property
    def byte_groups(self):
        """Groups of 64 heaps whose far pairings this thread made in byte lanes (``byte_lanes``)."""
        return self.c_s.byte_groups

    @property
    def past_bytes(self):
        """Wide heaps whose bound passed the byte lanes' top of 64, so that their far rare
        pairings were gathered again for the indices 64 .. 95."""
        return self.c_s.past_bytes

    @property
    def byte_top(self):
        """The byte lanes' top in use (``byte_lanes``; 0 where the CPU has no AVX512-VBMI or
        NIMCORE_RECORD_VECTORS asks for less)."""
        return self.c_s.byte_top if nimrec_bytes_ok() else 0

    @property
    def past_lanes(self):
        """Heaps of the wide blocks whose common values reached every index the vector lanes
        keep (0 .. 95: Grundy's game's values from 192 on), so that their far rare pairings
        were made again (gathered 16 at a time) for the indices past them."""
        return self.c_s.past_lanes

    @property
    def mate_hints(self):
        """With two threads, how many of the last hints the mate pairs with the far rare heaps
        (default 512), those of them whose parts are 256 or more; this thread pairs the others
        and finishes every heap. The values are the same for any count."""
        return self.c_s.mate_hints

    @mate_hints.setter
    def mate_hints(self, uint64_t count):
        self.c_s.mate_hints = count

    @property
    def mate_blocks(self):
        """Wide blocks whose far rare pairings the second thread made (0 with one thread, or
        without AVX-512)."""
        return self.c_s.mate_blocks

    @property
    def mate_ring(self):
        """The most jobs of 64 heaps the second thread had at once, the one whose heaps this
        thread was finishing included (at most 4: it works up to three spans ahead)."""
        return self.c_s.mate_ring

    @property
    def mate_taken(self):
        """The second thread's jobs this thread made itself: the job in hand when the second
        thread had not begun it, or, while it was on that one, the last job it had not begun
        (a thread whose core was taken away a while is caught up, not waited for)."""
        return self.c_s.mate_taken

    @property
    def mate_twins(self):
        """Jobs of the second thread that this thread made again itself, the second thread
        still on them a job's time after they were wanted (its core taken away a while)."""
        return self.c_s.mate_twins

    @property
    def hints_learned(self):
        """How many times the hints were learned (0: the wide blocks' hints never ran)."""
        return self.c_s.hints_learned

    @property
    def min_far(self):
        """Rare heaps past the first block, at least, for ``run`` to use two threads: 256, or
        with AVX-512 never (2**64 - 1; one thread in vector lanes is faster)."""
        return self.c_min_far

    @min_far.setter
    def min_far(self, uint64_t count):
        self.c_min_far = count

    def run(self, uint64_t end, uint64_t budget=1 << 23):
        """Compute up to heap ``end - 1`` or about ``budget`` pairings, the GIL released.

        Returns a status: OK (see ``len``: the end is reached or the budget spent),
        OVERFLOW, DEEP (``deep_heap`` could not be proven from the head and the window)
        or NOMEM. Ctrl-C is raised (KeyboardInterrupt) after the call.
        """
        cdef int status, learned
        cdef uint64_t b = self.c_block
        self.c_s.in_deep = False        # a heap left by a DEEP stop is computed afresh
        self.c_s.deep_scan = False
        self.c_s.own.start = 0          # (this thread's byte-lane words: made afresh in each run)
        # two threads once the mask is kept (then no heap changes class), one before; and only
        # when the helper's share is worth a hand-over a block: the pairings with rare heaps far
        # behind (0.167's 59 rare heaps all lie in the first block: one thread)
        if (self.c_threads > 1 and self.c_s.frozen and end > self.c_s.n + 4 * b
                and 4 * b <= self.c_s.window and 4 * b <= self.c_s.head
                and self.c_s.n_rare - count_below(self.c_s.rare, self.c_s.n_rare, b) >= self.c_min_far):
            return self._run_two(end, budget)
        with nogil:
            # with AVX-512, a mate thread pairs the wide blocks' far rare heaps 64 heaps ahead
            if self.c_threads > 1 and nimrec_vector_level() == 2:
                self.c_s.mate = nimrec_mate_start()
            status = _rec_run(&self.c_s, end, budget)
            if self.c_s.mate != NULL:
                self.c_s.mate_taken += self.c_s.mate.taken
                self.c_s.mate_twins += self.c_s.mate.twins
            # (the job it is on ends first; a learning posted and made is kept for when it is
            # due, one not begun is made then)
            learned = nimrec_mate_stop(self.c_s.mate)
            if self.c_s.hint_made == _HINT_POSTED:
                self.c_s.hint_made = _HINT_SCORED if learned else 0
            self.c_s.mate = NULL
            self.c_s.job_tail = 0              # (its words went with it)
        PyErr_CheckSignals()
        return status

    cdef int _step_setup(self, uint64_t frontier) except -1:
        """Between two steps (nothing runs): slide the window now if the block from
        ``frontier`` would fill it (a slide inside a step would move what the helper reads),
        and make room for every rare heap the block may add (no realloc inside a step)."""
        cdef RecState* s = &self.c_s
        cdef uint64_t new_base
        if frontier + self.c_block - s.base > 2 * s.window:
            new_base = frontier - s.window
            memmove(s.buf, s.buf + (new_base - s.base), (s.n - new_base) * sizeof(uint16_t))
            s.base = new_base
            s.codes_ok = False           # (made again by the next wide block)
        if _reserve_rare(s, s.n_rare + self.c_block + 1) != _OK:
            raise MemoryError("no memory for the rare heaps")
        return 0

    def _run_two(self, uint64_t end, uint64_t budget):
        """run() with the helper thread: block j finished here while block j + 1 is prepared."""
        cdef RecState* s = &self.c_s
        cdef uint64_t spent = 0, b = self.c_block, start, count, nxt
        cdef int status = _OK, cur = 0
        cdef bint more
        cdef _Helper helper
        if not self.c_prep_ok:
            if _prep_alloc(&self.c_prep[0]) != _OK or _prep_alloc(&self.c_prep[1]) != _OK:
                raise MemoryError("no memory for the record engine's second thread")
            self.c_prep_ok = True
        start = s.n
        count = min(b, end - start)
        self._step_setup(start)
        if _prep_setup(s, &self.c_prep[0], start, count, start - b, self.c_horizon) != _OK:
            raise MemoryError("no memory for the record engine's second thread")
        t0 = _time.thread_time()
        with nogil:
            _prepare(s, &self.c_prep[0])
        self.c_t_finish += _time.thread_time() - t0
        helper = _Helper()
        helper.s = s
        helper.start()
        try:
            while True:
                start = self.c_prep[cur].start
                nxt = start + self.c_prep[cur].count
                more = nxt < end and spent < budget
                self._step_setup(start)
                if more:
                    if _prep_setup(s, &self.c_prep[1 - cur], nxt, min(b, end - nxt), start,
                                   self.c_horizon) != _OK:
                        raise MemoryError("no memory for the record engine's second thread")
                    helper.job = &self.c_prep[1 - cur]
                    helper.give()
                t0 = _time.thread_time()
                with nogil:
                    status = _finish_block(s, &self.c_prep[cur], &spent)
                self.c_t_finish += _time.thread_time() - t0
                self._absorb(&self.c_prep[cur], &spent)
                if more:
                    helper.wait()
                PyErr_CheckSignals()
                if status != _OK or not more:
                    break
                cur = 1 - cur
        finally:
            helper.stop()
            self.c_t_help += helper.t_help
        s.pairings += spent
        return status

    cdef void _absorb(self, const Prep* p, uint64_t* spent):
        """The helper's counts into the engine's (and the budget)."""
        spent[0] += p.pairings + p.scanned
        self.c_s.scanned += p.scanned
        if p.deepest > self.c_s.deepest:
            self.c_s.deepest = p.deepest

    def __len__(self):
        return self.c_s.n

    def grow_window(self, uint64_t window, const unsigned char[:] older):
        """Hold at least ``window`` values behind the frontier from now on (a rare heap a is
        paired with m - a in the window while a <= window - 64). ``older`` = G(start .. s - 1),
        two bytes a heap in host order, with start = max(0, n - window) and s the current
        window's start: the values the larger window holds that the smaller one had let go
        (read back from kept values)."""
        cdef uint64_t n = self.c_s.n, start, count
        cdef uint16_t* grown
        if window <= self.c_s.window or window > (1 << 40):
            raise ValueError(f"a window grows: {window:,} is not past {self.c_s.window:,}")
        start = n - window if n > window else 0
        if start > self.c_s.base:
            start = self.c_s.base
        count = self.c_s.base - start
        if <uint64_t>older.shape[0] != 2 * count:
            raise ValueError(f"older must hold heaps {start:,} .. {self.c_s.base - 1:,}: "
                             f"{2 * count:,} bytes, not {older.shape[0]:,}")
        grown = <uint16_t*>malloc(2 * window * sizeof(uint16_t))
        if grown == NULL:
            raise MemoryError(f"no memory for a window of {window:,} heaps")
        if count:
            memcpy(grown, &older[0], 2 * count)
        memcpy(grown + count, self.c_s.buf, (n - self.c_s.base) * sizeof(uint16_t))
        free(self.c_s.buf)
        self.c_s.buf = grown
        self.c_s.base = start
        self.c_s.window = window
        free(self.c_s.codes)             # (the next wide block makes them, the window's size)
        self.c_s.codes = NULL
        self.c_s.codes_ok = False

    @property
    def rare_last(self):
        """The last rare heap (0 when none)."""
        return self.c_s.rare[self.c_s.n_rare - 1] if self.c_s.n_rare else 0

    def deep_mark(self, uint64_t m, const unsigned char[:] low, const unsigned char[:] high):
        """After a DEEP stop at heap n: mark G(a) ^ G(m - a) for a run of splits of m, given
        ``low`` = G(a0 .. a0 + c - 1) and ``high`` = G(m - a0 - c + 1 .. m - a0), two bytes a
        heap in host order (read back from kept values). The caller covers every split of every
        m = n - k (k a split place), then calls ``deep_finish``."""
        cdef const uint16_t* lo
        cdef const uint16_t* hi
        cdef uint64_t c = low.shape[0] // 2, i
        cdef uint16_t targets[NIMREC_FIND_MAX]
        cdef uint32_t k = NIMREC_FIND_MAX + 1, found
        if not self.c_s.in_deep or c * 2 != <uint64_t>high.shape[0] or m > self.c_s.n:
            raise ValueError("deep_mark follows a DEEP stop, with two runs of equal length")
        if c == 0:
            return
        lo = <const uint16_t*>&low[0]
        hi = <const uint16_t*>&high[0]
        with nogil:
            # After a stop of the scan only the rare values missing below the common bound can
            # change the mex (every rare pairing was made: no split read here reaches the bound,
            # and every other value below it is marked), so, while they are few, the pairs are
            # compared with them 16 at a time (a fifth of the time of marking every pair)
            if self.c_s.deep_scan:
                _bound_and_missing(&self.c_s, self.c_s.stamp, targets, &k)
            if 0 < k <= NIMREC_FIND_MAX:
                found = nimrec_find(lo, hi + (c - 1), 0, c - 1, targets, k)
                for i in range(k):
                    if (found >> i) & 1:
                        self.c_s.seen[targets[i]] = self.c_s.stamp
            elif k:
                for i in range(c):
                    self.c_s.seen[lo[i] ^ hi[c - 1 - i]] = self.c_s.stamp
            self.c_s.pairings += c

    @property
    def deep_scan(self):
        """True when the DEEP stop came from the scan for rare values: every option but the
        splits past the scan's reach is marked, and ``deep_missing`` may end ``deep_mark`` early."""
        return bool(self.c_s.in_deep and self.c_s.deep_scan)

    def deep_from(self, uint64_t m):
        """After a DEEP stop: the first split (a, m - a) of m the engine did not mark. When the
        stop came from the scan of a heap computed whole, the scan marked a = 1 .. its limit
        (the head's end, or the window's reach) before it stopped; otherwise 1."""
        cdef RecState* s = &self.c_s
        if not s.in_deep:
            raise ValueError("deep_from follows a DEEP stop")
        if not (s.deep_scan and s.deep_whole) or m > s.n or m < s.base:
            return 1
        return _scan_limit(s, _half(s, m), m - s.base, s.base) + 1

    def deep_missing(self):
        """After a DEEP stop from the scan: is some value below the heap's common bound still
        unmarked? False: the mex is known, ``deep_finish`` may follow without the other splits
        (they cannot lower it: every common option is marked, and no rare one below is missing)."""
        cdef uint32_t cstar
        if not (self.c_s.in_deep and self.c_s.deep_scan):
            raise ValueError("deep_missing follows a DEEP stop of the scan")
        cstar = _common_missing(&self.c_s, self.c_s.stamp)
        return _missing(&self.c_s, cstar, self.c_s.stamp)

    def deep_finish(self):
        """G(n) of the heap a DEEP stop left, as the mex of what was marked (``deep_mark`` must
        have covered every split). Returns a status, as ``run``."""
        cdef uint32_t v = 0
        if not self.c_s.in_deep:
            raise ValueError("deep_finish follows a DEEP stop")
        while self.c_s.seen[v] == self.c_s.stamp:
            v += 1
        self.c_s.in_deep = False
        self.c_s.deep_scan = False
        self.c_s.deep_whole = False
        self.c_s.deeps += 1
        return _store(&self.c_s, v)

    @property
    def deeps(self):
        """Heaps proven from values read back (``deep_mark``) rather than held."""
        return self.c_s.deeps

    def histogram(self):
        """``{value: heaps}`` of heaps 1 .. n - 1 (the frequency table)."""
        cdef uint32_t v
        return {v: self.c_s.hist[v] for v in range(self.c_s.largest + 1) if self.c_s.hist[v]}

    def rare_heaps(self):
        """``[(heap, value), ...]`` of the rare heaps under the mask, ascending."""
        cdef uint64_t j
        return [(self.c_s.rare[j], self.c_s.rare_v[j]) for j in range(self.c_s.n_rare)]

    def values(self, uint64_t first, uint64_t end):
        """G(first .. end - 1) as bytes, two a heap, little-endian host order (all must be held:
        in the head, or in the window)."""
        cdef uint64_t x
        if end > self.c_s.n or first > end:
            raise IndexError(f"heaps {first:,} .. {end - 1:,} are not all computed")
        if not (end <= self.c_s.head or first >= self.c_s.base):
            raise IndexError(f"heaps {first:,} .. {end - 1:,} are not all held (the window starts "
                             f"at {self.c_s.base:,})")
        if first >= self.c_s.base:
            return (<char*>(self.c_s.buf + (first - self.c_s.base)))[:2 * (end - first)]
        return (<char*>(self.c_s.headv + first))[:2 * (end - first)]

    @property
    def window_start(self):
        """The first heap of the window (values from here to the frontier are held)."""
        return self.c_s.base

    @property
    def mask(self):
        return self.c_s.mask

    @property
    def largest(self):
        """``(value, first heap with it)`` over heaps 1 .. n - 1."""
        return self.c_s.largest, self.c_s.largest_at

    @property
    def pairings(self):
        return self.c_s.pairings

    @property
    def scanned(self):
        """Pairs scanned for rare values (of ``pairings``)."""
        return self.c_s.scanned

    @property
    def deepest(self):
        """The largest smaller part a scan for rare values reached."""
        return self.c_s.deepest

    @property
    def deep_heap(self):
        return self.c_s.deep_heap

    @property
    def frozen(self):
        """True once the mask is kept for good."""
        return bool(self.c_s.frozen)

    @property
    def head(self):
        return self.c_s.head

    @property
    def window(self):
        return self.c_s.window

    @property
    def memory(self):
        """Bytes the engine holds (head, window buffer, rare heaps, tables)."""
        return (2 * self.c_s.head + 4 * self.c_s.window + 10 * self.c_s.rare_cap
                + 3 * 8 * _VALUES + (2 * self.c_s.window if self.c_s.codes != NULL else 0)
                + 8 * self.c_s.sums_words)

    def export(self):
        """The whole state as a dict of ints and bytes (``restore`` reads it back)."""
        cdef uint64_t held = self.c_s.n - self.c_s.base
        cdef uint64_t in_head = self.c_s.n if self.c_s.n < self.c_s.head else self.c_s.head
        return {
            "n": self.c_s.n, "head": self.c_s.head, "window": self.c_s.window, "base": self.c_s.base,
            "mask": self.c_s.mask, "frozen": int(self.c_s.frozen), "largest": self.c_s.largest,
            "largest_at": self.c_s.largest_at, "next_review": self.c_s.next_review,
            "review_rare": self.c_s.review_rare, "pairings": self.c_s.pairings,
            "scanned": self.c_s.scanned, "deepest": self.c_s.deepest, "deeps": self.c_s.deeps,
            "head_values": (<char*>self.c_s.headv)[:2 * in_head],
            "window_values": (<char*>self.c_s.buf)[:2 * held] if held else b"",
            "rare": (<char*>self.c_s.rare)[:8 * self.c_s.n_rare] if self.c_s.n_rare else b"",
            "rare_values": (<char*>self.c_s.rare_v)[:2 * self.c_s.n_rare] if self.c_s.n_rare else b"",
            "hist": (<char*>self.c_s.hist)[:8 * _VALUES],
        }

    def restore(self, dict state):
        """Take back a state from ``export`` (of the same game, head and window).

        Raises ValueError when it does not fit this engine."""
        cdef bytes head_values = state["head_values"], window_values = state["window_values"]
        cdef bytes rare = state["rare"], rare_values = state["rare_values"], hist = state["hist"]
        cdef uint64_t n = state["n"], base = state["base"], count = len(rare) // 8
        if state["head"] != self.c_s.head or state["window"] != self.c_s.window:
            raise ValueError("the state is of another head or window")
        if (len(head_values) != 2 * min(n, self.c_s.head) or len(window_values) != 2 * (n - base)
                or n - base > 2 * self.c_s.window or len(rare_values) != 2 * count
                or len(hist) != 8 * _VALUES or len(rare) != 8 * count):
            raise ValueError("the state's sizes do not fit")
        while self.c_s.rare_cap < count:
            if _push_rare(&self.c_s, 0, 0) != _OK:
                raise MemoryError("no memory for the rare heaps")
        self.c_s.n_rare = count
        if count:
            memcpy(self.c_s.rare, <char*>rare, 8 * count)
            memcpy(self.c_s.rare_v, <char*>rare_values, 2 * count)
        memcpy(self.c_s.headv, <char*>head_values, len(head_values))
        if n - base:
            memcpy(self.c_s.buf, <char*>window_values, len(window_values))
        memcpy(self.c_s.hist, <char*>hist, 8 * _VALUES)
        self.c_s.n = n
        self.c_s.base = base
        self.c_s.hint_next = 0             # the hints are learned again where it resumes
        self.c_s.hint_due = 0
        self.c_s.wide_rare_n = 0           # ... and the rare heaps' values listed again
        self.c_s.codes_ok = False          # ... and the window's class codes made again
        self.c_s.sums_rare = UINT64_MAX    # ... and the sums of two rare heaps
        self.c_s.mask = state["mask"]
        self.c_s.frozen = state["frozen"]
        self.c_s.largest = state["largest"]
        self.c_s.largest_at = state["largest_at"]
        self.c_s.next_review = state["next_review"]
        self.c_s.review_rare = state["review_rare"]
        self.c_s.pairings = state["pairings"]
        self.c_s.scanned = state["scanned"]
        self.c_s.deepest = state["deepest"]
        self.c_s.deeps = state["deeps"]
