"""Frozen record classes without importing ``dataclasses``.

``dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``):
about 6 ms of a fresh process, more than loading a cached misère quotient
takes. The classes of that path use ``record`` instead: the class body of a
``@dataclass(frozen=True)`` (annotated fields in order, defaults,
``field(default=..., repr=False, compare=False)``) and the same behaviour:
``__init__`` by position or keyword, ``__eq__`` and ``__hash__`` over the
compared fields, ``__repr__``, and no assignment after construction
(``object.__setattr__`` still caches derived values in the instance).

>>> @record
... class Point:
...     x: int
...     y: int = 0
...     note: str = field(default="", repr=False, compare=False)
>>> Point(1, y=2), Point(1) == Point(1, note="n"), hash(Point(1)) == hash(Point(1, 0))
(Point(x=1, y=2), True, True)
>>> Point(1).x = 3
Traceback (most recent call last):
...
nim._record.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Tuple, TypeVar

__all__ = ["FrozenInstanceError", "field", "record"]

_T = TypeVar("_T", bound=type)


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen record."""


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


_MISSING: Any = _Missing()


class _Field:
    __slots__ = ("default", "repr", "compare")

    def __init__(self, default: Any, repr: bool, compare: bool) -> None:
        self.default = default
        self.repr = repr
        self.compare = compare


def field(*, default: Any = _MISSING, repr: bool = True, compare: bool = True) -> Any:
    """A field's options, as ``dataclasses.field`` takes them (default, repr, compare)."""
    return _Field(default, repr, compare)


if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def record(cls: _T) -> _T:
    """Make ``cls`` a frozen record of its annotated fields (see the module)."""
    names: List[str] = []
    defaults: Dict[str, Any] = {}
    shown: List[str] = []
    compared: List[str] = []
    for name, annotation in vars(cls).get("__annotations__", {}).items():
        if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
            continue
        spec = vars(cls).get(name, _MISSING)
        if not isinstance(spec, _Field):
            spec = _Field(spec, True, True)
        names.append(name)
        if spec.default is not _MISSING:
            defaults[name] = spec.default
            setattr(cls, name, spec.default)
        elif defaults:
            raise TypeError(f"non-default field {name!r} follows a default field")
        if spec.repr:
            shown.append(name)
        if spec.compare:
            compared.append(name)
    count = len(names)
    title = cls.__qualname__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > count:
            raise TypeError(f"{title}() takes {count} arguments, {len(args)} given")
        values = dict(zip(names, args))
        for name, value in kwargs.items():
            if name not in names or name in values:
                raise TypeError(f"{title}() got an unexpected or repeated argument {name!r}")
            values[name] = value
        for name in names:
            if name not in values:
                if name not in defaults:
                    raise TypeError(f"{title}() missing argument {name!r}")
                values[name] = defaults[name]
            object.__setattr__(self, name, values[name])

    def key(self: Any) -> Tuple[Any, ...]:
        return tuple(getattr(self, name) for name in compared)

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return key(self) == key(other)

    def __hash__(self: Any) -> int:
        return hash(key(self))

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{title}({inner})"

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self: Any, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    for method in (__init__, __eq__, __hash__, __repr__, __setattr__, __delattr__):
        method.__qualname__ = f"{title}.{method.__name__}"
        setattr(cls, method.__name__, method)
    return cls
