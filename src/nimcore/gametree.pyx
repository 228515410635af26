"""Minimax and alpha-beta over a flattened game tree (CSR arrays), without recursion.

Conventions (the CENG 462 ones, generalised to any utilities): the root is MAX
and levels alternate; leaves hold utilities for MAX; children are searched in
the given order; the first best child wins ties. Every node visited below the
root is counted once per visit (the root is not). Alpha-beta starts from the
window (-inf, +inf), keeps alpha across the root's children and cuts off on
v >= beta at MAX and v <= alpha at MIN -- the root included, which matters
only when a child reaches +inf.

A shared node (a DAG built from a dictionary) is searched once per path that
reaches it, exactly as in the tree it unfolds to.
"""

from cpython cimport array
from cpython.exc cimport PyErr_CheckSignals
from cpython.ref cimport PyObject
from libc.math cimport INFINITY
from libc.stdint cimport int64_t

from nimcore.rules cimport CoreRules
from nimcore.search cimport STOP_DEPTH, Search, SearchState, search_count_node
from nimcore.workspace cimport WS_FRAMES, ws_reserve


cdef extern from "Python.h":
    long long PyLong_AsLongLongAndOverflow(object obj, int* overflow) except? -1
    double PyFloat_AS_DOUBLE(object obj)

#: Integer utilities beyond 2**53 are not exact as doubles (nim.trees refuses them).
cdef long long MAX_EXACT_INT = 9007199254740992


cdef inline void _push(TreeFrame* f, int64_t node, const int64_t* offsets, double alpha,
                       double beta, bint is_max) noexcept nogil:
    f.node = node
    f.next = offsets[node]
    f.end = offsets[node + 1]
    f.best = -INFINITY if is_max else INFINITY
    f.alpha = alpha
    f.beta = beta


cdef void gametree_search(SearchState* s, const int64_t* offsets, const int64_t* children,
                          const double* values, TreeFrame* frames, int64_t n_frames,
                          bint pruning, TreeResult* out) noexcept nogil:
    """Search the tree below node 0 with `n_frames` frames (one per level)."""
    cdef int64_t depth = 0, child, root_seen = 0, before = 0
    cdef TreeFrame* f
    cdef double v
    cdef bint is_max
    out.best_index = -1
    out.best_nodes = 0
    if offsets[0] == offsets[1]:          # the root is a leaf
        out.value = values[0]
        return
    _push(&frames[0], 0, offsets, -INFINITY, INFINITY, True)
    while True:
        f = &frames[depth]
        is_max = (depth & 1) == 0
        if f.next < f.end:
            child = children[f.next]
            f.next += 1
            if search_count_node(s):
                return
            if depth == 0:
                before = s.nodes
            if offsets[child] != offsets[child + 1]:
                # an inner child: search it with this frame's window
                if depth + 1 >= n_frames:     # deeper than the caller said: stop, never overflow
                    s.stop = STOP_DEPTH
                    return
                depth += 1
                _push(&frames[depth], child, offsets, f.alpha, f.beta, not is_max)
                continue
            v = values[child]
        else:
            # every child searched (or cut off): hand the value to the parent
            v = f.best
            if depth == 0:
                break
            depth -= 1
            f = &frames[depth]
            is_max = not is_max
        # `v` is the value of the child just finished, `f` its parent's frame
        if depth == 0:
            if root_seen == 0 or v > f.best:
                out.best_index = root_seen
                out.best_nodes = s.nodes - before
            root_seen += 1
        if is_max:
            if v > f.best:
                f.best = v
            if pruning:
                if f.best >= f.beta:
                    f.next = f.end
                elif f.best > f.alpha:
                    f.alpha = f.best
        else:
            if v < f.best:
                f.best = v
            if pruning:
                if f.best <= f.alpha:
                    f.next = f.end
                elif f.best < f.beta:
                    f.beta = f.best
    out.value = frames[0].best


def new_search(node_limit=None, time_limit=None, progress=None):
    """A Search for a tree: the limits and the node counter (its rules are unused)."""
    return Search(CoreRules(False, "any"), (), node_limit=node_limit, time_limit=time_limit,
                  progress=progress)


def search(Search search, const int64_t[::1] offsets, const int64_t[::1] children,
           const double[::1] values, Py_ssize_t height, bint pruning):
    """Minimax (``pruning=False``) or alpha-beta over a flattened tree.

    Parameters
    ----------
    search : Search
        Supplies the node counter and the limits (its rules and piles are unused).
    offsets : int64 array of n + 1
        Node i's children are ``children[offsets[i]:offsets[i + 1]]``;
        ``offsets[0] == 0``.
    children : int64 array
        Node indices in 1 .. n - 1, no cycle (checked by the caller).
    values : double array of n
        Utilities for MAX (read at leaves only).
    height : int
        Edges on the longest path from the root: the stack gets height + 1 frames.

    Returns
    -------
    (value, best_index, best_nodes) : (float, int, int)
        The root's value for MAX, the position of the first best root child
        (-1 when the root is a leaf) and the nodes visited below that child.
        The total is ``search.nodes``. Meaningless when ``search.stop_reason``
        is not None.
    """
    cdef Py_ssize_t n = values.shape[0]
    if n < 1 or offsets.shape[0] != n + 1 or offsets[0] != 0 or offsets[n] != children.shape[0]:
        raise ValueError("inconsistent tree arrays")
    cdef TreeResult r
    cdef SearchState* s = &search.c_state
    if height < 0:
        raise ValueError(f"height must be non-negative, not {height}")
    # the frames, one per level, live in the Search's workspace (freed with it)
    if ws_reserve(&s.ws, WS_FRAMES, <size_t>(height + 1) * sizeof(TreeFrame)) != 0:
        raise MemoryError()
    with nogil:
        gametree_search(s, &offsets[0], &children[0] if children.shape[0] else NULL,
                        &values[0], <TreeFrame*>s.ws.buf[WS_FRAMES], height + 1, pruning, &r)
    return r.value, r.best_index, r.best_nodes


def flatten_nested(object tree):
    """Flatten plain nested lists breadth-first at C speed.

    Handles exactly the common case: inner nodes that are non-empty ``list`` or
    ``tuple`` objects (not subclasses), each met once, leaves that are ``int``
    (|v| <= 2**53) or ``float`` (not NaN). Anything else -- other numbers,
    subclasses, a list met twice (shared, or containing itself) and every
    error -- returns None, and the
    caller takes its node-by-node path, which also names the bad node.

    A list that contains itself unfolds into an infinite tree: each inner node
    is compared by identity with one ancestor, its checkpoint -- the nearest
    one at a depth 2**j - 1 (Brent's cycle finding along every path) -- so a
    cycle of length L entered at depth D is found by depth about 2 * (D + L).
    Ctrl-C is checked every 65,536 nodes.

    Returns
    -------
    (offsets, children, values, height, integral) or None
        offsets, children: array('q'); values: array('d'); height: edges on the
        longest path; integral: True when every leaf is an int.
    """
    cdef list nodes = [tree]             # breadth-first: node i is nodes[i]
    cdef set seen = set()                # ids of the lists met
    cdef array.array offsets = array.array("q", [0])
    cdef array.array values = array.array("d")
    cdef array.array children
    # checkpoint[i]: node i's checkpoint ancestor (-1 for the root), see above
    cdef array.array checkpoint = array.array("q", [-1])
    cdef Py_ssize_t i = 0, n, m, j, end = 0, level_end = 1, height = 0, below
    cdef long long whole
    cdef int overflow = 0
    cdef double v
    cdef bint integral = True
    cdef object node
    cdef type kind
    while i < len(nodes):
        if i == level_end:
            height += 1
            level_end = len(nodes)
        node = nodes[i]
        kind = type(node)
        if (i & 0xFFFF) == 0xFFFF:
            PyErr_CheckSignals()
        if kind is list or kind is tuple:
            m = len(node)
            if m == 0:
                return None
            # a list reached twice is shared (or its own ancestor): unfolding it could
            # take 2**31 nodes (t = [t, t] thirty times); the caller keeps it shared
            if id(node) in seen:
                return None
            seen.add(id(node))
            if i > 0 and <PyObject*>node is <PyObject*>nodes[checkpoint.data.as_longlongs[i]]:
                return None                   # the node is its own ancestor: a cycle
            # children check against this node when its depth is 2**j - 1, else inherit
            below = i if (height & (height + 1)) == 0 else checkpoint.data.as_longlongs[i]
            nodes.extend(node)
            array.resize_smart(checkpoint, len(nodes))
            for j in range(end + 1, end + 1 + m):
                checkpoint.data.as_longlongs[j] = below
            end += m
            v = 0.0
        elif kind is float:
            v = PyFloat_AS_DOUBLE(node)
            if v != v:
                return None
            integral = False
        elif kind is int:
            whole = PyLong_AsLongLongAndOverflow(node, &overflow)
            if overflow or whole > MAX_EXACT_INT or whole < -MAX_EXACT_INT:
                return None
            v = <double>whole
        else:
            return None
        array.resize_smart(values, i + 1)
        values.data.as_doubles[i] = v
        array.resize_smart(offsets, i + 2)
        offsets.data.as_longlongs[i + 1] = end
        i += 1
    n = len(nodes)
    children = array.clone(offsets, n - 1, zero=False)
    for i in range(n - 1):
        children.data.as_longlongs[i] = i + 1
    return offsets, children, values, height, integral
