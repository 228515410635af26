"""nimcore: the compiled search core behind the public ``nim`` package (internal API)."""
