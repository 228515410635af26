# nimcore.negamax has no Python-level names: engines call it from C (negamax.pxd).
