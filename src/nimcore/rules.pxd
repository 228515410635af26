# The rule set and the one move generator every engine shares.
#
# A move takes `take` objects from one pile. From a pile of n the legal takes
# are listed largest first, so the pile is lowered to the smallest size first:
# the CENG 462 child order ([1,3,5] -> [0,3,5], [1,0,5], [1,1,5], ...).
#
#   any     takes n, n-1, ..., 1
#   max K   takes min(K, n), ..., 1
#   half    takes floor(n/2), ..., 1
#   set S   takes the members of S that are <= n, largest first
#
# A pile can move iff it holds at least `min_take` objects (1, 1, 2, min S), so
# engines keep a count of movable piles and know a child is terminal without
# generating its moves.
#
# Engines enumerate a pile's children as
#
#     m = rules_move_count(r, p, &first, tag)
#     for j in range(m):
#         q = rules_child(r, p, m, first, j, tag)     # the pile's new size

from libc.stdint cimport uint64_t

from nimcore._types cimport pile_t, score_t

cdef enum TakeRule:
    TAKE_ANY = 0
    TAKE_MAX = 1
    TAKE_HALF = 2
    TAKE_SET = 3
    TAKE_RULE_COUNT = 4  # how many: every engine's dispatch is checked against it at import

cdef enum:
    # Members of a `set S` rule; larger sets are refused. A Grundy value of S is
    # at most |S| (a pile has at most |S| options), so the theory's 16-bit
    # tables hold every value of every accepted set: keep this below 2**16.
    MAX_SET_SIZE = 10000

cdef struct RuleSet:
    bint misere          # True: the player who cannot move wins
    int take             # a TakeRule
    pile_t k             # K of `max K`
    pile_t min_take      # smallest legal take: a pile below it cannot move
    pile_t leaf_parent_max   # largest movable pile whose every move leaves an immovable pile
    int n_set            # members of S
    # set S only (NULL otherwise), arrays of n_set owned by the CoreRules this
    # struct was copied from: whoever holds a copy keeps that CoreRules alive.
    const pile_t* set_desc       # S sorted largest first, no duplicates
    const uint64_t* set_reduced  # S / gcd(S), in the same order
    uint64_t set_scale           # gcd(S) (1 for the other rules)
    # Distinct for every CoreRules of a `set S` (0 otherwise), never reused, so
    # two copies compare equal by memcmp iff they come from the same CoreRules
    # (or from the same non-set rules) -- without reading the arrays.
    uint64_t set_serial


# Tags for compile-time specialisation. An engine written over the fused type
# TakeTag is compiled once per take rule and called with a dummy tag value, so
# the rule switch disappears from its hot loop (measured: minimax on misere
# [1,3,5,7] goes from 109 to 156 million nodes per second). The four C types
# only need to be distinct; their values are never read.
ctypedef signed char TakeAnyTag
ctypedef short TakeMaxTag
ctypedef int TakeHalfTag
ctypedef long TakeSetTag

ctypedef fused TakeTag:
    TakeAnyTag
    TakeMaxTag
    TakeHalfTag
    TakeSetTag


# The width of a pile the generator works on: the search engines' pile_t, or
# the 64-bit piles of the closed forms (nimcore.batch.child_values). One
# generator serves both; the compiler makes one copy per width and rule.
ctypedef fused pile_w:
    pile_t
    uint64_t


cdef inline pile_w rules_move_count(const RuleSet* r, pile_w n, int* first,
                                    TakeTag tag) noexcept nogil:
    """Number of legal takes from a pile of n; sets *first for `set S` rules."""
    cdef int i
    if TakeTag is TakeAnyTag:
        return n
    elif TakeTag is TakeMaxTag:
        return n if n < r.k else r.k
    elif TakeTag is TakeHalfTag:
        return n >> 1
    else:
        # set S: the members <= n are a suffix of set_desc
        i = 0
        while i < r.n_set and r.set_desc[i] > n:
            i += 1
        first[0] = i
        return <pile_w>(r.n_set - i)


cdef inline pile_w rules_child(const RuleSet* r, pile_w p, pile_w m, int first, pile_w j,
                               TakeTag tag) noexcept nogil:
    """Size of a pile of p after its j-th legal take (0 = the largest) of m."""
    if TakeTag is TakeSetTag:
        return p - r.set_desc[first + <int>j]
    else:
        return p - m + j


cdef inline int rules_movable(const RuleSet* r, const pile_t* piles, int n) noexcept nogil:
    """How many piles have a legal move."""
    cdef int i, movable = 0
    for i in range(n):
        movable += piles[i] >= r.min_take
    return movable


cdef inline score_t rules_terminal_score(const RuleSet* r) noexcept nogil:
    """Value, for the mover, of a position with no legal move."""
    return 1 if r.misere else -1


cdef class CoreRules:
    """A RuleSet owned by a Python object, built once per rule set."""
    cdef RuleSet c_rules
    cdef pile_t* c_set_desc          # owned: c_rules.set_desc
    cdef uint64_t* c_set_reduced     # owned: c_rules.set_reduced


# Every module that switches on the take rule lists the tags it dispatches on, in
# order, and calls this at import: a tag added to TakeRule without a loop in that
# module is an ImportError, never a silent fall-through to another rule's loop.
cpdef check_dispatch(tuple handled, str module)
