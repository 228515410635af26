"""Nim in the browser (``nimcore serve``, the ``web`` extra): every seed flow as a
page, two browsers per game, games kept in SQLite.

``store``   the SQLite store of game states
``games``   a game's state, the seed flows that set it up and the moves that change it
``study``   hint, "why", analysis, the record, replays, trees and tables as JSON
``app``     the Starlette app: pages, the JSON API under /api/, live updates
``static``  the page's HTML, CSS, JavaScript and SVG (no build step, no internet)

Nothing is imported here: ``import nim`` stays light, and Starlette loads only
when the app is made (``nim.web.app.create_app``).
"""
