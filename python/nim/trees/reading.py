"""Reading a tree file's JSON, including nested lists deeper than Python's JSON
reader goes."""

from __future__ import annotations

import json
import re
from typing import Any, List

from nim.errors import InputFileError
from nim.inputs import MAX_DIGITS

__all__ = ["decode_json"]


def decode_json(text: str, shown: str) -> Any:
    """Decoded JSON; nested lists too deep for ``json.loads`` are read by ``_deep_lists``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputFileError(
            f"{shown} is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        pass
    except ValueError:            # int() of a run of more than 4,300 digits
        raise InputFileError(f"{shown}: a number has more than {MAX_DIGITS:,} digits") from None
    match = _TREE_OBJECT.fullmatch(text)
    body = match.group(1) if match else text
    data = _deep_lists(body, shown)
    return {"tree": data} if match else data


#: ``{"tree": ...}`` around a deep nested list.
_TREE_OBJECT = re.compile(r'\s*\{\s*"tree"\s*:(.*)\}\s*', re.DOTALL)
_TOKEN = re.compile(
    r'\s*(?:(\[)|(\])|(,)|(-?(?:0|[1-9][0-9]*))(?![0-9.eE])|'
    r'(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|-?Infinity|NaN))'
)


def _deep_lists(text: str, shown: str) -> Any:
    """A JSON value made of lists and numbers only, read without recursion.

    Raises
    ------
    InputFileError
        For anything else, naming the offset.
    """
    stack: List[List[Any]] = []
    result: Any = None
    done = False
    expect_value = True          # after '[' or ',': a value (or ']' right after '[')
    position = 0
    end = len(text.rstrip())
    while position < end:
        match = _TOKEN.match(text, position)
        if match is None or done:
            raise InputFileError(f"{shown} is not valid JSON at character {position + 1:,}: "
                                 "a deep tree may hold only lists and numbers")
        position = match.end()
        opening, closing, comma, whole, real = match.groups()
        if comma is not None:
            if expect_value or not stack:
                raise InputFileError(f"{shown} is not valid JSON: ',' at character {position:,}")
            expect_value = True
            continue
        if closing is not None:
            if not stack or (expect_value and stack[-1]):
                raise InputFileError(f"{shown} is not valid JSON: ']' at character {position:,}")
            value: Any = stack.pop()
        elif not expect_value:
            raise InputFileError(f"{shown} is not valid JSON: ',' missing at character {position:,}")
        elif opening is not None:
            stack.append([])
            continue
        elif whole is not None:
            if len(whole.lstrip("-")) > MAX_DIGITS:
                raise InputFileError(f"{shown}: a number has more than {MAX_DIGITS:,} digits")
            value = int(whole)
        else:
            value = float(real)
        expect_value = False
        if stack:
            stack[-1].append(value)
        else:
            result, done = value, True
    if stack or not done:
        raise InputFileError(f"{shown} is not valid JSON: it ends before its lists close")
    return result
