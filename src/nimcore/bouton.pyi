from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

def plain_nim_first(solution_type: type, move_type: type, normal: object,
                    misere: object) -> Callable[[F], F]: ...
