"""cgtk: combinatorial game theory in Python.

Game values and thermographs of short partizan games (``cgtk.Game``,
``cgtk.canon``, ``cgtk.compare``, ``cgtk.thermograph``; cooling, heating,
atomic weights, reduced forms, incentives and Norton products as methods
of ``Game`` and as ``cgtk.cool``, ``cgtk.heat``, ...), Dots-and-Boxes
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
from typing import List, Optional, Tuple, Union

from . import _cgtk
from ._cgtk import CgtkValueError, Game
from ._report import Report, Stopped, field, fraction, wall

__all__ = [
    "CanonResult",
    "CgtkValueError",
    "CompareResult",
    "Game",
    "IncentivesResult",
    "Report",
    "Stopped",
    "Thermograph",
    "amazons",
    "atomic_weight",
    "canon",
    "compare",
    "cool",
    "dots",
    "freeze",
    "heat",
    "incentives",
    "norton",
    "overheat",
    "reduced",
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
class IncentivesResult(Report):
    """``cgtk cgt incentives --json``: Left's undominated incentives
    ``G^L - G`` and Right's ``G - G^R``, as canonical forms (``None`` when a
    limit stopped them, with ``limit`` and ``steps``, or when their texts
    pass 1 MiB together, with ``too_large``)."""

    left: Optional[Tuple[str, ...]] = field(convert=tuple)
    right: Optional[Tuple[str, ...]] = field(convert=tuple)
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


def _made(
    op: str,
    game: GameLike,
    operands: List[GameLike],
    time_limit: Optional[float],
    node_limit: Optional[int],
    full: bool,
) -> CanonResult:
    """``cgtk cgt OP GAME OPERANDS``: what the command prints with ``--json``."""
    return CanonResult._from_json(
        _cgtk.transform_json(
            _text(game),
            op,
            [_text(o) for o in operands],
            time_limit=time_limit,
            node_limit=node_limit,
            full=full,
        )
    )


def cool(
    game: GameLike,
    t: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> CanonResult:
    """``cgtk cgt cool GAME T``: ``game`` cooled by the number ``t`` (more
    than -1)."""
    return _made("cool", game, [t], time_limit, node_limit, full)


def heat(
    game: GameLike,
    t: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> CanonResult:
    """``cgtk cgt heat GAME T``: ``game`` heated by the game ``t``."""
    return _made("heat", game, [t], time_limit, node_limit, full)


def overheat(
    game: GameLike,
    s: GameLike,
    t: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> CanonResult:
    """``cgtk cgt overheat GAME S T``: ``game`` overheated from ``s`` to ``t``."""
    return _made("overheat", game, [s, t], time_limit, node_limit, full)


def freeze(
    game: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> CanonResult:
    """``cgtk cgt freeze GAME``: ``game`` cooled by its temperature."""
    return _made("freeze", game, [], time_limit, node_limit, full)


def atomic_weight(
    game: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> CanonResult:
    """``cgtk cgt atomic-weight GAME``: the atomic weight of an infinitesimal
    (``ValueError`` with the reason where there is none)."""
    return _made("atomic-weight", game, [], time_limit, node_limit, full)


def reduced(
    game: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> CanonResult:
    """``cgtk cgt reduced GAME``: the reduced canonical form."""
    return _made("reduced", game, [], time_limit, node_limit, full)


def norton(
    game: GameLike,
    u: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> CanonResult:
    """``cgtk cgt norton GAME U``: the Norton product by a positive ``u``."""
    return _made("norton", game, [u], time_limit, node_limit, full)


def incentives(
    game: GameLike,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    full: bool = False,
) -> IncentivesResult:
    """``cgtk cgt incentives GAME``: each player's undominated incentives."""
    return IncentivesResult._from_json(
        _cgtk.incentives_json(_text(game), time_limit=time_limit, node_limit=node_limit, full=full)
    )


# The submodules use the types above.
from . import amazons, dots  # noqa: E402
