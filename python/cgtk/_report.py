"""Result types: each is a frozen dataclass read from the JSON the CLI prints
with ``--json`` for the same call, whose ``to_dict()`` gives that JSON back
as a dict."""

from __future__ import annotations

import copy
import dataclasses
import json
from fractions import Fraction
from typing import Any, Callable, Dict, Optional, Tuple, Type, TypeVar

R = TypeVar("R", bound="Report")


def field(key: Optional[str] = None, convert: Optional[Callable[[Any], Any]] = None) -> Any:
    """A field read from the report's key ``key`` (the field's name by
    default) through ``convert`` (not applied to ``null``)."""
    return dataclasses.field(metadata={"key": key, "convert": convert})


def fraction(text: str) -> Fraction:
    """An exact rational of the JSON (``"-3/4"``) as a ``Fraction``."""
    return Fraction(text)


def wall(points: Any) -> Tuple[Tuple[Fraction, Fraction], ...]:
    """A wall's breakpoints ``[[t, x], ...]`` as ``((t, x), ...)`` of
    ``Fraction``."""
    return tuple((Fraction(t), Fraction(x)) for t, x in points)


@dataclasses.dataclass(frozen=True)
class Report:
    """A result: attributes for its fields, ``to_dict()`` for the CLI's JSON."""

    _data: Dict[str, Any] = dataclasses.field(repr=False, compare=False)

    def to_dict(self) -> Dict[str, Any]:
        """The JSON the CLI prints with ``--json`` for the same call, as a
        dict (a copy)."""
        return copy.deepcopy(self._data)

    @classmethod
    def _from_dict(cls: Type[R], data: Dict[str, Any], **extra: Any) -> R:
        values: Dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name == "_data" or f.name in extra:
                continue
            key = f.metadata.get("key") or f.name
            value = data.get(key)
            convert = f.metadata.get("convert")
            if convert is not None and value is not None:
                value = convert(value)
            values[f.name] = value
        return cls(_data=data, **values, **extra)

    @classmethod
    def _from_json(cls: Type[R], text: str, **extra: Any) -> R:
        return cls._from_dict(json.loads(text), **extra)


@dataclasses.dataclass(frozen=True)
class Stopped(Report):
    """What a calculation reached when a limit (``time_limit``,
    ``node_limit``, the memory bound ``tt_mb``) stopped it: the CLI's
    ``unknown (...)`` line. ``limit`` is ``"time"``, ``"node"``,
    ``"memory"`` or ``"interrupt"``; ``steps`` the sums and comparisons of
    games made (game calculations), ``positions`` the positions valued (an
    Amazons value)."""

    limit: str = field()
    steps: Optional[int] = field()
    positions: Optional[int] = field()

    def __bool__(self) -> bool:
        return False


class Text:
    """A value given by its text (a position): ``str()`` is the text, equal
    texts are equal values of the same type."""

    __slots__ = ()
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and getattr(other, "text") == self.text

    def __hash__(self) -> int:
        return hash(self.text)
