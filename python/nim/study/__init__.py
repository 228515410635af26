"""Studying games: replays of played games, and game trees searched and drawn.

``replay``       annotated replays of Lab 2 test files (``nimcore replay``)
``drawn_tree``   a small position's game tree, searched and kept node by node
``tree_svg``     that tree drawn as SVG, an HTML page or text (``nimcore tree``)

The single-pile tables and every-move analysis are part of the API
(``nim.tables``, ``nim.analysis``). Nothing is imported here: ``import nim`` stays light.
"""
