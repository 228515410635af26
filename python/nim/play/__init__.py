"""Playing Nim: the seeds' game flows in the terminal, the AI players and tournaments.

``console``      questions and answers, and the parsers of an answer
``game``         one game between two seats, shared by every flow and tournament
``flows``        ``run_style``: choosing and running a seed's flow
``session``      what the flows share around a game: options, seats, a series
``kuet``, ``rajalakshmi``, ``lab2``, ``forejune``
                 one module per seed's flow, with its own board, prompts and rules
``board``        the console board drawings
``strategy``     the interface of every AI player (``Strategy``) and what one move may cost
``players``      the AI players, one per way of choosing a move
``strategies``   choosing a player by name (``make_strategy``)
``tiebreak``     Lab 2's tie-break among equally good moves
``tournament``   AI-vs-AI tournaments on random boards
``selection``    the genetic algorithm's selection step over tournament scores

Nothing is imported here: ``import nim`` stays light, and each flow loads when it runs.
"""
