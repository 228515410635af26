"""The genetic algorithm's selection step, read here as before 0.3.0: it lives in
``nim.selection`` since KUET's flow (``nim.flows.kuet``) runs it, below the players' room."""

from __future__ import annotations

from nim.selection import (Chromosome, Population, Selection, fitness, roulette_wheel_selection,
                           select_fittest, select_with_intervals, tournament_selection, wilson_interval)

__all__ = ["Chromosome", "Population", "fitness", "select_fittest", "roulette_wheel_selection",
           "tournament_selection", "wilson_interval", "Selection", "select_with_intervals"]
