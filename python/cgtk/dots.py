"""Dots-and-Boxes: positions, their values and every move's (the exact
solver of Barker & Korf 2012), Nimstring values, players and tournaments,
whole-board tables. The operations of ``cgtk dots ...``.

Positions are ``WxH`` (boxes) or ``WxH:e,e,...`` (drawn edges, numbered as
``cgtk dots show --edges`` draws them: the horizontal edges row by row from
the top, then the vertical ones). A value is the boxes the player to move
takes minus the opponent's, over the boxes not yet completed.

>>> from cgtk import dots
>>> dots.Position("2x1").solve().value
0
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _cgtk
from ._report import Report, Text, field

__all__ = [
    "Analysis",
    "MoveValue",
    "NimberMove",
    "NimberResult",
    "Position",
    "SolveResult",
    "Table",
    "Tournament",
    "tournament",
]


@dataclasses.dataclass(frozen=True)
class SolveResult(Report):
    """``cgtk dots solve --json``: the value and every optimal move; when a
    limit ended the search, ``value`` is ``None``, ``best_moves`` empty and
    ``limit``, ``lower``, ``upper`` say which limit and the bounds reached."""

    value: Optional[int] = field()
    best_moves: Tuple[int, ...] = field(convert=tuple)
    nodes: int = field()
    seconds: float = field()
    limit: Optional[str] = field()
    lower: Optional[int] = field()
    upper: Optional[int] = field()


@dataclasses.dataclass(frozen=True)
class MoveValue(Report):
    """One move of an analysis: its value for the player who draws it, and
    whether it offers a loony position."""

    edge: int = field()
    value: int = field()
    loony: bool = field()


def _moves(items: Any) -> Tuple[MoveValue, ...]:
    return tuple(MoveValue._from_dict(m) for m in items)


@dataclasses.dataclass(frozen=True)
class Analysis(Report):
    """``cgtk dots analyze --json``: the value of every legal move (in
    increasing edge order) and of the position; on a limit as
    ``SolveResult``. In a notebook it shows as the board with the values."""

    value: Optional[int] = field()
    moves: Tuple[MoveValue, ...] = field(convert=_moves)
    nodes: int = field()
    seconds: float = field()
    limit: Optional[str] = field()
    lower: Optional[int] = field()
    upper: Optional[int] = field()
    svg: str = dataclasses.field(default="", repr=False, compare=False)

    @property
    def best_moves(self) -> List[int]:
        """The moves whose value is the position's."""
        return [m.edge for m in self.moves if m.value == self.value]

    def _repr_svg_(self) -> str:
        return self.svg


@dataclasses.dataclass(frozen=True)
class NimberMove(Report):
    """One move of a Nimstring analysis."""

    edge: int = field()
    nimber: Optional[int] = field()
    loony: bool = field()
    captures: Optional[int] = field()
    winning: Optional[bool] = field()


def _nimber_moves(items: Any) -> Tuple[NimberMove, ...]:
    return tuple(NimberMove._from_dict(m) for m in items)


@dataclasses.dataclass(frozen=True)
class NimberResult(Report):
    """``cgtk dots nimber --json``: the Nimstring value (``None`` when
    loony or unknown) and each move's; ``positions`` counts the component
    positions valued, the unit of ``node_limit``."""

    nimber: Optional[int] = field()
    loony: bool = field()
    moves: Tuple[NimberMove, ...] = field(convert=_nimber_moves)
    limit: Optional[str] = field()
    positions: int = field()


@dataclasses.dataclass(frozen=True)
class Pair(Report):
    """One pair of a tournament: wins of each, ties, and the mean boxes of
    ``a`` minus ``b`` (``None`` when no game was played)."""

    a: str = field()
    b: str = field()
    a_wins: int = field()
    b_wins: int = field()
    ties: int = field()
    a_margin: Optional[float] = field()
    games: int = field()


@dataclasses.dataclass(frozen=True)
class Rating(Report):
    """A player's rating with its interval (``None`` when unrated)."""

    player: str = field()
    rating: Optional[float] = field()
    low: Optional[float] = field()
    high: Optional[float] = field()


@dataclasses.dataclass(frozen=True)
class Tournament(Report):
    """``cgtk dots tournament --json``: every pair's results and the
    players' ratings; ``limit`` names what stopped it early."""

    board: str = field()
    games_per_pair: int = field()
    seed: int = field()
    pairs: Tuple[Pair, ...] = field(convert=lambda v: tuple(Pair._from_dict(p) for p in v))
    ratings: Tuple[Rating, ...] = field(
        convert=lambda v: tuple(Rating._from_dict(r) for r in v)
    )
    players: Tuple[str, ...] = field(convert=tuple)
    limit: Optional[str] = field()

    def rows(self) -> List[Dict[str, Any]]:
        """The pairs as a list of plain rows (dicts), for printing or a
        data frame."""
        return [p.to_dict() for p in self.pairs]


class Position(Text):
    """A Dots-and-Boxes position: ``Position("3x3:0,5")``, ``Position("5x5")``
    or an ASCII diagram. ``moves`` are its legal moves (undrawn edges);
    ``play(edge)`` gives the position after one. In a notebook it shows as
    the board."""

    __slots__ = ("text", "width", "height", "drawn", "moves")

    text: str
    width: int
    height: int
    drawn: Tuple[int, ...]
    moves: Tuple[int, ...]

    def __init__(self, position: Union[str, "Position"]) -> None:
        import json

        show = json.loads(_cgtk.dots_show(str(position)))
        self.text = show["position"]
        self.width = show["width"]
        self.height = show["height"]
        self.drawn = tuple(show["drawn"])
        self.moves = tuple(show["undrawn"])

    def __iter__(self) -> Any:
        """The legal moves."""
        return iter(self.moves)

    def play(self, edge: int) -> "Position":
        """The position after ``edge`` is drawn (``ValueError`` if it is not
        a legal move)."""
        return Position(_cgtk.dots_play(self.text, edge)[0])

    def completes(self, edge: int) -> int:
        """How many boxes drawing ``edge`` completes (0, 1 or 2)."""
        return _cgtk.dots_play(self.text, edge)[1]

    def solve(
        self,
        *,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        tt_mb: int = 256,
        threads: int = 1,
    ) -> SolveResult:
        """``cgtk dots solve``: the value and the optimal moves."""
        return SolveResult._from_json(
            _cgtk.dots_solve(
                self.text,
                time_limit=time_limit,
                node_limit=node_limit,
                tt_mb=tt_mb,
                threads=threads,
            )
        )

    def analyze(
        self,
        *,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        tt_mb: int = 256,
        threads: int = 1,
    ) -> Analysis:
        """``cgtk dots analyze``: the value of every legal move."""
        text, svg = _cgtk.dots_analyze(
            self.text, time_limit=time_limit, node_limit=node_limit, tt_mb=tt_mb, threads=threads
        )
        return Analysis._from_json(text, svg=svg)

    def nimber(
        self, *, time_limit: Optional[float] = None, node_limit: int = 1_000_000
    ) -> NimberResult:
        """``cgtk dots nimber``: the Nimstring value and every move's
        (``node_limit``: component positions valued, 1 to 10^9)."""
        return NimberResult._from_json(
            _cgtk.dots_nimber(self.text, time_limit=time_limit, node_limit=node_limit)
        )

    def best_move(self, player: str, *, seed: int = 0, move_ms: int = 1000) -> int:
        """``cgtk dots move``: the edge ``player`` (any name
        ``tournament`` takes: ``level2``, ``perfect``, ``mcts:nodes=2000``,
        ...) draws here, its edges taken as drawn in increasing order."""
        import json

        report = json.loads(_cgtk.dots_move(self.text, player, seed=seed, move_ms=move_ms))
        return int(report["edge"])

    def _repr_svg_(self) -> str:
        return _cgtk.dots_svg(self.text)


def tournament(
    board: str,
    players: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    move_ms: int = 100,
    threads: int = 1,
    time_limit: Optional[float] = None,
) -> Tournament:
    """``cgtk dots tournament``: every pair of ``players`` plays ``games``
    games on ``board`` (``WxH`` boxes); ``time_limit`` (and Ctrl-C) stop it
    with the results of the games played."""
    return Tournament._from_json(
        _cgtk.dots_tournament(
            board,
            list(players),
            games,
            seed=seed,
            move_ms=move_ms,
            threads=threads,
            time_limit=time_limit,
        )
    )


class Table:
    """A whole-board retrograde table in a directory (``cgtk dots table
    build WxH --out DIR``): ``Table(dir).query(position)``."""

    __slots__ = ("dir",)

    def __init__(self, dir: Union[str, "os.PathLike[str]"]) -> None:
        self.dir = os.fspath(dir)

    def __repr__(self) -> str:
        return f"Table({self.dir!r})"

    def query(self, position: Union[str, Position]) -> Analysis:
        """``cgtk dots table query``: the analysis of ``position`` from the
        table (``ValueError`` if the table does not cover it)."""
        text, svg = _cgtk.dots_table_query(self.dir, str(position))
        return Analysis._from_json(text, svg=svg)

    def info(self) -> Dict[str, Any]:
        """``cgtk dots table info --json``: the tables in the directory."""
        import json

        return json.loads(_cgtk.dots_table_info(self.dir))
