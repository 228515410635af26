"""How a graded agent is asked for a move: a callable, a Q-table, or a policy with
``predict`` (the tutorial's and Stable-Baselines3's forms) or ``act``. The heap grader
(``nim.study.grade``) and the component grader (``nim.study.grade_components``) both ask
agents this one way."""

from __future__ import annotations

from typing import Any, Callable, Tuple

from nim.errors import NimError


def agent_call(agent: Any) -> Tuple[Callable[[Any], Any], str]:
    """How an agent is asked for a move, and those words (for a failure's message): a
    callable on the piles; a policy's ``predict(observation)`` (the tutorial's form) or
    ``predict(observation, deterministic=True)`` (Stable-Baselines3's, where its
    signature takes ``deterministic``), whose ``(action, state)`` answer is read as the
    action; ``act(observation)``. A Q-table is not called (the identity and "").

    Raises
    ------
    NimError
        For an object that is none of these.
    """
    if isinstance(agent, dict):
        return (lambda answer: answer), ""
    if hasattr(agent, "predict"):
        predict = agent.predict
        if _takes_keyword(predict, "deterministic"):
            return (lambda observation: _action_of(predict(observation, deterministic=True)),
                    "predict(observation, deterministic=True)")
        return (lambda observation: _action_of(predict(observation))), "predict(observation)"
    if hasattr(agent, "act"):
        act = agent.act
        return (lambda observation: _action_of(act(observation))), "act(observation)"
    if callable(agent):
        name = getattr(agent, "__name__", "")
        return agent, (f"{name}(piles)" if name.isidentifier() else "the agent's call agent(piles)")
    raise NimError(f"an agent is a callable, a Q-table (dict) or a policy with predict() or act(), "
                   f"not {type(agent).__name__}")


def _takes_keyword(function: Any, name: str) -> bool:
    """Whether ``function`` accepts the keyword ``name`` (True when its signature cannot be read)."""
    import inspect

    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.kind is p.VAR_KEYWORD or (p.name == name and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
               for p in parameters)


def _action_of(answer: Any) -> Any:
    """A policy's action: Stable-Baselines3's ``predict`` answers ``(action, state)``, the
    action a NumPy array and the state None (or a recurrent policy's arrays); a move
    ``(pile, count)`` is left as it is."""
    if isinstance(answer, tuple) and len(answer) == 2 and (
            answer[1] is None or type(answer[0]).__name__ == "ndarray"):
        return answer[0]
    return answer
