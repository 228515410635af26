"""The core's rule set: built once from Python, read by every engine."""

import math

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport uint64_t

from nimcore.rules cimport (
    MAX_SET_SIZE, TAKE_ANY, TAKE_HALF, TAKE_MAX, TAKE_RULE_COUNT, TAKE_SET,
    TakeAnyTag, TakeHalfTag, TakeMaxTag, TakeSetTag,
)

#: The compiled take rules' tags, indexed by their TakeRule code: the rule families of
#: ``nim.families`` name one of these as their ``core_tag`` (checked when registered).
TAKE_TAGS = ("any", "max", "half", "set")
_TAKE_CODES = {"any": TAKE_ANY, "max": TAKE_MAX, "half": TAKE_HALF, "set": TAKE_SET}
_TAKE_NAMES = {code: name for name, code in _TAKE_CODES.items()}


cpdef check_dispatch(tuple handled, str module):
    """Raise ImportError unless ``handled`` is every TakeRule code once, in order."""
    if handled != tuple(range(TAKE_RULE_COUNT)):
        raise ImportError(f"nimcore.{module} dispatches on take rules {handled}, but the core has "
                          f"{TAKE_RULE_COUNT} ({', '.join(TAKE_TAGS)}): a rule without a compiled loop")


if tuple(_TAKE_CODES[tag] for tag in TAKE_TAGS) != tuple(range(TAKE_RULE_COUNT)):
    raise ImportError("nimcore.rules: TAKE_TAGS does not list every TakeRule code in order")

#: Largest pile size the search engines accept (their piles are 32-bit).
MAX_PILE = 0xFFFFFFFF
#: Most members a `set S` rule may have.
MAX_SET = MAX_SET_SIZE

cdef uint64_t _last_serial = 0     # RuleSet.set_serial of the latest `set S` rules built


cdef class CoreRules:
    """C view of a rule set. ``nim.Rules`` validates; this only copies.

    Parameters
    ----------
    misere : bool
    take : {"any", "max", "half", "set"}
    k : int
        The K of ``max K`` (ignored otherwise), 1 .. MAX_PILE.
    subtract : iterable of int
        The set S of ``set S`` (ignored otherwise), members 1 .. MAX_PILE.
    """

    def __cinit__(self, bint misere, str take, k=0, subtract=()):
        global _last_serial
        self.c_set_desc = NULL
        self.c_set_reduced = NULL
        if take not in _TAKE_CODES:
            raise ValueError(f"unknown take rule: {take!r}")
        self.c_rules.misere = misere
        self.c_rules.take = _TAKE_CODES[take]
        self.c_rules.k = k if take == "max" else 0
        self.c_rules.min_take = 2 if take == "half" else 1
        members = sorted(set(subtract), reverse=True) if take == "set" else []
        if len(members) > MAX_SET_SIZE:
            raise ValueError(f"a subtraction set may have at most {MAX_SET_SIZE:,} members")
        if take == "set" and not members:
            raise ValueError("a subtraction set needs at least one member")
        self.c_rules.set_scale = 1
        if members:
            self.c_set_desc = <pile_t*>PyMem_Malloc(len(members) * sizeof(pile_t))
            self.c_set_reduced = <uint64_t*>PyMem_Malloc(len(members) * sizeof(uint64_t))
            if self.c_set_desc == NULL or self.c_set_reduced == NULL:
                raise MemoryError(f"no memory for a subtraction set of {len(members):,} members")
            for i, s in enumerate(members):
                self.c_set_desc[i] = s
            scale = math.gcd(*members)
            for i, s in enumerate(members):
                self.c_set_reduced[i] = s // scale
            self.c_rules.set_scale = scale
            _last_serial += 1
            self.c_rules.set_serial = _last_serial
            self.c_rules.min_take = min(members)   # no [-1]: wraparound is off
        self.c_rules.n_set = len(members)
        self.c_rules.set_desc = self.c_set_desc
        self.c_rules.set_reduced = self.c_set_reduced
        # every child of a pile q is immovable iff q - (its smallest take) < min_take:
        # any/max: q = 1; half: q = 2 (its smallest take is 1); set S: q < 2 min S
        if take == "half":
            self.c_rules.leaf_parent_max = 2
        elif take == "set":
            self.c_rules.leaf_parent_max = 2 * self.c_rules.min_take - 1
        else:
            self.c_rules.leaf_parent_max = 1

    def __dealloc__(self):
        PyMem_Free(self.c_set_desc)
        PyMem_Free(self.c_set_reduced)

    def __reduce__(self):
        # pickle and deepcopy rebuild the C struct from the constructor's arguments
        cdef RuleSet* r = &self.c_rules
        members = tuple(r.set_desc[i] for i in range(r.n_set))
        return (CoreRules, (bool(r.misere), _TAKE_NAMES[r.take], r.k, members))

    @property
    def misere(self):
        return bool(self.c_rules.misere)

    @property
    def min_take(self):
        """Smallest legal take: a pile smaller than this cannot move."""
        return self.c_rules.min_take

    def children(self, pile_t p):
        """Sizes a pile of p can be lowered to, in the engines' order (smallest first)."""
        cdef RuleSet* r = &self.c_rules
        cdef int first = 0
        cdef pile_t m, j
        if r.take == TAKE_ANY:
            m = rules_move_count(r, p, &first, <TakeAnyTag>0)
            return [rules_child(r, p, m, first, j, <TakeAnyTag>0) for j in range(m)]
        if r.take == TAKE_MAX:
            m = rules_move_count(r, p, &first, <TakeMaxTag>0)
            return [rules_child(r, p, m, first, j, <TakeMaxTag>0) for j in range(m)]
        if r.take == TAKE_HALF:
            m = rules_move_count(r, p, &first, <TakeHalfTag>0)
            return [rules_child(r, p, m, first, j, <TakeHalfTag>0) for j in range(m)]
        if r.take == TAKE_SET:
            m = rules_move_count(r, p, &first, <TakeSetTag>0)
            return [rules_child(r, p, m, first, j, <TakeSetTag>0) for j in range(m)]
        raise ValueError(f"no compiled move generator for take rule code {r.take}")


check_dispatch((TAKE_ANY, TAKE_MAX, TAKE_HALF, TAKE_SET), "rules")
