# Shared C type names of the core. One place, so every engine agrees on widths.

from libc.stdint cimport int8_t, int32_t, int64_t, uint32_t, uint64_t

# Pile sizes in the search engines. 32 bits: no search can finish on a pile of
# 2**32 stones, it keeps the piles array small and cache-friendly, and it is a
# different type from count_t, so the C compiler knows writes to piles never
# touch the node counter (strict aliasing) and can keep it in a register.
# The closed forms (nim.solving.closed_forms) take Python integers of any size.
ctypedef uint32_t pile_t

# Node counters: a full minimax tree passes 2**32 nodes in seconds.
ctypedef uint64_t count_t

# Game values from the mover's side: +1 win, -1 loss (and small scaled values
# for heuristic evaluations). A C int: cheapest to negate and compare.
ctypedef int score_t
