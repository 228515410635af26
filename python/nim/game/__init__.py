"""The value types every home shares, below both the solving layer (take rules) and
``nim.takebreak`` (take-and-break games), so that neither copies the other's:

===========  ==================================================================
limits       ``Limits``: what bounds a search, and its one check
solution     ``Solution`` (what a solve returns) and ``SolveOptions``
stops        stop reporting: a stopped search's ``SearchLimitError``, in its engine's words
analysis     ``MoveAnalysis`` and ``Analysis``, what ``analyze`` returns
explanation  ``Explanation``, what ``nim.explain`` returns, and the words both writers share
===========  ==================================================================

Their public names are exported by ``nim`` and ``nim.solving``.
"""
