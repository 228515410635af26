"""Take-and-break heap games: octal codes, Grundy's game, their nim-sequences and periods.

``nim.octal.codes`` reads octal codes and game names (the rules module uses it, so
it stays light); ``nim.octal.sequence`` computes nim-sequences in the compiled core
(``nim.nim_sequence``, ``nim.octal_period``); ``nim.octal.plot`` draws one.
"""
