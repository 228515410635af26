"""The compiled search over generic game trees (``nimcore.gametree``), for ``nim.trees``.

Apart from ``nim.solving.kernel`` so that ``import nim`` does not load it.
"""

from nimcore.gametree import flatten_nested, new_search, search

__all__ = ["flatten_nested", "new_search", "search"]
