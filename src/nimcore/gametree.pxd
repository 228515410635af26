# Minimax and alpha-beta over a generic two-player game tree, flattened into
# arrays (CSR): the children of node i are children[offsets[i] .. offsets[i+1]-1],
# node 0 is the root, a node without children is a leaf whose utility for MAX
# is values[i]. The search walks the tree with an explicit stack of frames, one
# per level, in the Search's workspace (nimcore.workspace), so depth costs heap
# memory, never C stack or Python recursion.

from libc.stdint cimport int64_t

from nimcore.search cimport SearchState

cdef struct TreeFrame:
    int64_t node      # the node this frame searches
    int64_t next      # index into `children` of the next child to search
    int64_t end       # one past its last child in `children`
    double best       # best value found so far (for MAX at even depths, MIN at odd)
    double alpha      # window, in MAX's terms
    double beta

cdef struct TreeResult:
    double value        # the root's minimax value for MAX
    int64_t best_index  # position of the first best child among the root's children; -1: root is a leaf
    int64_t best_nodes  # nodes visited below that child (the child itself not counted)


cdef void gametree_search(SearchState* s, const int64_t* offsets, const int64_t* children,
                          const double* values, TreeFrame* frames, int64_t n_frames,
                          bint pruning, TreeResult* out) noexcept nogil
