"""Playing Nim in the terminal (SPEC section 4): choosing and running a seed's game flow.

The flows read and write through a ``Console`` (input and output streams are
injected), so tests drive them exactly as a user would, through stdin. This
module holds ``run_style``; what the flows share around a game (options,
seats, series) is ``nim.play.session``, the console ``nim.play.console``, one
game ``nim.play.game``;
each seed's flow is its own module, imported when it runs, and keeps its
seed's conventions and says them on the board:

``nim.play.kuet``         NimX: the report's lines verbatim, piles numbered from 1,
                          random 2-3 piles of 1-6, at most 3 per move, the human
                          first; Easy 3 games against IDA*, Hard 6 alternating
                          Minimax and Alpha-Beta, then the selection step.
``nim.play.rajalakshmi``  its transcript's prompts and board (``Piles: [0]:3``),
                          piles numbered from 0; Human vs AI, Human vs Human, AI vs
                          AI; the report's nim-sum AI.
``nim.play.lab2``         misère (asked) and difficulty levels 1-3: depth-limited
                          alpha-beta with the nim-sum evaluation, Lab 2's tie-break;
                          piles numbered from 0, as in its test files.
``nim.play.forejune``     one pile of at least 2, take 1 to half of it, the AI
                          first; the player left with 1 loses; the AI plays at
                          random when it is losing; the DP table on request.
``nim.play.pins``         take-and-break games (Kayles, Dawson's Kayles, an octal
                          code, Grundy's game): rows of pins ``| | |`` numbered
                          from 1, ``HEAP TAKE [PART]`` moves, against NimX (exact).

A flag a style cannot honour is refused in one line (``NimError``), never
dropped. Every AI answers with a legal move (see ``nim.play.strategies``). Bad
input is answered with the reason and the question again; end of input
raises ``EndOfInput`` (the command ends cleanly).
"""

from __future__ import annotations

import random
from typing import Optional

from nim.flows import flow_info, load, menu_choices, menu_prompt, terminal_styles
from nim.play.console import Console, choice_parser
from nim.play.session import PlayOptions

__all__ = ["STYLES", "run_style"]

#: The flows the terminal plays (``--style``): the registry's (``nim.flows.FLOWS``).
STYLES = terminal_styles()


def run_style(options: PlayOptions, console: Optional[Console] = None) -> int:
    """Run the flow ``options.style`` (asked when None) and return the exit status.

    Raises
    ------
    EndOfInput, QuitGame
        From a prompt (the command turns them into a clean exit).
    """
    console = console or Console()
    if options.seed is None:      # a seed of its own, so that a saved game names it
        options.seed = random.SystemRandom().randrange(2**63)
    rng = random.Random(options.seed)
    style = options.style
    if style is None:
        style = console.ask(menu_prompt(), choice_parser(menu_choices(), "the game"))
        options.style = style     # a saved game says its flow
    info = flow_info(style)
    # one module per flow, imported when it runs; a machine without a runner of its own is
    # rendered by the generic one
    runner = info.runner or "nim.play.machine:run_machine"
    status: int = load(runner)(options, console, rng)
    return status
