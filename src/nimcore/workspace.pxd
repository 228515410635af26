# The search memory of one Search: the engines' frame stacks live in one
# buffer, grown by one realloc helper and freed in one place
# (Search.__dealloc__), so an engine never mallocs per call or per node.
#
# An engine that keeps pointers into its frames (nimcore.negamax keeps a frame's
# one-pile view there) reserves the depth it needs before the loop, or fixes
# its pointers after a grow: ws_reserve may move the buffer.

from libc.stdlib cimport free, realloc


cdef struct Workspace:
    char* buf          # the frame stack of the engine running now (its own Frame type)
    size_t nbytes      # bytes allocated at buf


cdef inline int ws_reserve(Workspace* w, size_t nbytes) noexcept nogil:
    """Make w.buf hold at least nbytes; -1 when out of memory.

    It grows to exactly nbytes (the engines double their request, and the tt
    engine caps it by its memory budget). The contents are kept; the buffer
    may move.
    """
    cdef char* grown
    if nbytes <= w.nbytes:
        return 0
    grown = <char*>realloc(w.buf, nbytes)
    if grown == NULL:
        return -1
    w.buf = grown
    w.nbytes = nbytes
    return 0


cdef inline void ws_free(Workspace* w) noexcept nogil:
    """Release the buffer (the one place search memory is freed)."""
    free(w.buf)
    w.buf = NULL
    w.nbytes = 0
