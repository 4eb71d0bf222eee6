"""cgtk: combinatorial game theory in Python.

Game values and thermographs of short partizan games (``cgtk.Game``,
``cgtk.canon``, ``cgtk.compare``, ``cgtk.thermograph``), Dots-and-Boxes
(``cgtk.dots``) and Amazons (``cgtk.amazons``): the operations of the
``cgtk`` command line, computed by the same library. Every result's
``to_dict()`` is the JSON the CLI prints with ``--json`` for the same call.

Long calls release the GIL and stop within a second on Ctrl-C
(``KeyboardInterrupt``); limits are keyword arguments (``time_limit=``
seconds, ``node_limit=``, ``tt_mb=``) and a limit reached returns what was
reached, as the CLI does. Bad input raises ``ValueError`` (its subclass
``cgtk.CgtkValueError``) with the line the CLI prints.

>>> import cgtk
>>> g = cgtk.Game("{3|{2*|1*}}")
>>> g
Game('{3||2*|1*}')
>>> g.mean, g.temperature
(Fraction(9, 4), Fraction(3, 4))
>>> cgtk.Game("{2|1}") + cgtk.Game("{2|1}") == 3
True
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Optional, Tuple, Union

from . import _cgtk
from ._cgtk import CgtkValueError, Game
from ._report import Report, Stopped, field, fraction, wall

__all__ = [
    "CanonResult",
    "CgtkValueError",
    "CompareResult",
    "Game",
    "Report",
    "Stopped",
    "Thermograph",
    "amazons",
    "canon",
    "compare",
    "dots",
    "thermograph",
]


@dataclasses.dataclass(frozen=True)
class TooLarge(Report):
    """The size of a canonical form longer than 1 MiB of text (not printed)."""

    birthday: int = field()
    bytes: int = field()


@dataclasses.dataclass(frozen=True)
class CanonResult(Report):
    """``cgtk cgt canon --json``: the canonical form (``None`` when a limit
    stopped it, then ``limit`` and ``steps`` say which and how far, or when
    it is longer than 1 MiB, then ``too_large`` gives its size)."""

    canonical: Optional[str] = field()
    limit: Optional[str] = field()
    steps: Optional[int] = field()
    too_large: Optional[TooLarge] = field(convert=TooLarge._from_dict)


@dataclasses.dataclass(frozen=True)
class CompareResult(Report):
    """``cgtk cgt compare --json``: ``relation`` is ``"="``, ``"<"``,
    ``">"`` or ``"||"`` (confused), ``None`` when a limit stopped it."""

    relation: Optional[str] = field()
    limit: Optional[str] = field()
    steps: Optional[int] = field()


@dataclasses.dataclass(frozen=True)
class Thermograph(Report):
    """A subzero thermograph (``cgtk cgt thermograph --json``): stops, mean
    and temperature as ``Fraction``; each wall as its breakpoints ``(t, x)``
    from t = -1 up to the mast. In a notebook it shows as the drawing of
    ``--svg``."""

    canonical: Optional[str] = field()
    left_stop: Fraction = field(convert=fraction)
    right_stop: Fraction = field(convert=fraction)
    mean: Fraction = field(convert=fraction)
    temperature: Fraction = field(convert=fraction)
    left_wall: Tuple[Tuple[Fraction, Fraction], ...] = field(convert=wall)
    right_wall: Tuple[Tuple[Fraction, Fraction], ...] = field(convert=wall)
    too_large: Optional[TooLarge] = field(convert=TooLarge._from_dict)
    svg: str = dataclasses.field(default="", repr=False, compare=False)

    def _repr_svg_(self) -> str:
        return self.svg


def _thermograph_result(text: str, svg: Optional[str]) -> Union[Thermograph, Stopped]:
    """The thermograph of a report's JSON and drawing, or what stopped it."""
    if svg is None:
        return Stopped._from_json(text)
    return Thermograph._from_json(text, svg=svg)


GameLike = Union[Game, str, int]


def _text(game: GameLike) -> str:
    return str(game)


def canon(
    game: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> CanonResult:
    """``cgtk cgt canon GAME``: the canonical form of ``game``, within the
    limits (seconds; sums and comparisons of games); ``full=True`` gives a
    form longer than 1 MiB whole, as ``--full``."""
    return CanonResult._from_json(
        _cgtk.canon_json(_text(game), time_limit=time_limit, node_limit=node_limit, full=full)
    )


def compare(
    g: GameLike,
    h: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> CompareResult:
    """``cgtk cgt compare G H``: how ``g`` compares with ``h``."""
    return CompareResult._from_json(
        _cgtk.compare_json(_text(g), _text(h), time_limit=time_limit, node_limit=node_limit)
    )


def thermograph(
    game: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> Union[Thermograph, Stopped]:
    """``cgtk cgt thermograph GAME``: the subzero thermograph, or a
    ``Stopped`` naming the limit that ended it."""
    text, svg = _cgtk.thermograph_json_svg(
        _text(game), time_limit=time_limit, node_limit=node_limit, full=full
    )
    return _thermograph_result(text, svg)


# The submodules use the types above.
from . import amazons, dots  # noqa: E402
