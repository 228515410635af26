"""The solving layer: everything between the API and the compiled core.

It runs the compiled core, which it reaches through ``nim.kernel``, the one
door to ``nimcore`` (at the bottom of the house, so that the value types below
this layer, ``nim.rules`` and ``nim.position``, use it without a climb). Its
modules, by what they own:

=============  =================================================================
limits         ``Limits``: what bounds a search, and its one check
solution       ``Solution`` (what a solve returns) and ``SolveOptions``
engines        the tuple ``ENGINES`` of engine objects; the theory's dispatch
solver         ``Solver``: one rule set's compiled session (theory, table)
defaults       ``solve`` and ``analyze`` over cached Solvers
analysis       every move of a position scored
heuristics     IDA* and depth-limited search (the playing engines)
batch          values and best moves of many positions in one call
parallel       ``solve_many`` over any ``concurrent.futures.Executor``
explain        the theory's answer in words
theory         Grundy values and tables of a rule set
tables         the single-pile table (values and best takes by pile size)
reference      pure-Python twins of the engines (the oracles' references)
=============  =================================================================

Nothing is imported here: ``import nim.solving.limits`` loads limits alone.
"""
