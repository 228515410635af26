"""Studying games: replays of played games, and game trees searched and drawn.

``replay``       annotated replays of Lab 2 test files (``nimcore replay``)
``tree_search``  a small position's game tree, searched and kept node by node
``tree_drawing`` that tree (``DrawnTree``) and its SVG drawing (``nimcore tree``)
``tree_page``    the drawing in an HTML page, or the tree as text

The single-pile tables and every-move analysis are part of the API
(``nim.solving.tables``, ``nim.solving.analysis``). Nothing is imported here: ``import nim`` stays light.
"""
