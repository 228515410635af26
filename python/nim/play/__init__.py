"""Playing Nim: the seeds' game flows in the terminal, the AI players and tournaments.

``console``      questions and answers, and the parsers of an answer
``game``         one game between two seats, shared by every flow and tournament
``flows``        ``run_style``: choosing and running a seed's flow
``session``      what the flows share around a game: options, seats, a series
``machine``      the terminal's renderer of a flow's state machine (``nim.flows``)
``kuet``, ``pins``: the terminal's questions of each (the flow is ``nim.flows``')
``rajalakshmi``, ``lab2``, ``forejune``: the terminal's questions of each (the flow is ``nim.flows``')
``board``        the console board drawings
``strategy``     the interface of every AI player (``Strategy``) and what one move may cost
``players``      the AI players, one per way of choosing a move
``strategies``   choosing a player by name (``make_strategy``)
``tiebreak``     Lab 2's tie-break among equally good moves
``tournament``   AI-vs-AI tournaments on random boards
``selection``    the genetic algorithm's selection step over tournament scores

Its public names are exported here and imported on first use: ``import nim`` stays
light, and each flow loads when it runs.
"""

from typing import Dict

from nim._lazy import lazy_exports


#: This package's public names, each imported from its module on first use
#: (``import nim.play`` loads nothing else).
_EXPORTS: Dict[str, str] = {
    "Strategy": "nim.play.strategy",
    "make_strategy": "nim.play.strategies",
    "Population": "nim.play.selection",
    "select_fittest": "nim.play.selection",
}

__all__ = sorted(_EXPORTS)


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
