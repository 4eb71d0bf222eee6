"""Amazons: positions (text, a size ``WxH`` for its standard start, or an
SGF record), the full-board evaluation (Song & Müller 2015), values as
games, the df-pn solver with proofs, proof checking, perft and endgame
databases. The operations of ``cgtk amazons ...`` and ``cgtk db query``.

Position text: ranks from the top down separated by ``/`` (``.`` empty,
``W``/``B`` queens, ``x`` burnt), a space and the side to move (``w`` or
``b``). Left = Black = positive, Right = White = negative.

>>> from cgtk import amazons
>>> amazons.Position("4x4").perft(1).sequences
88
"""

from __future__ import annotations

import dataclasses
import json
import os
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _cgtk
from ._cgtk import Databases
from ._report import Report, Text, Stopped, field

__all__ = [
    "Area",
    "CheckProofResult",
    "Databases",
    "Evaluation",
    "PerftResult",
    "Position",
    "QueryResult",
    "SolveResult",
    "check_proof",
    "query",
]

PathLike = Union[str, "os.PathLike[str]"]


@dataclasses.dataclass(frozen=True)
class Area(Report):
    """One area of an evaluation: its kind (``dead``, ``simple territory
    (black)``, ``active``, ...), empty squares, bounds (``[1, 2+e]``) and
    where the bounds come from."""

    kind: str = field()
    squares: Tuple[str, ...] = field(convert=tuple)
    bounds: str = field()
    source: str = field()


@dataclasses.dataclass(frozen=True)
class Evaluation(Report):
    """``cgtk amazons eval --json``: the areas, the bounds of their sum and
    the verdict (``"white"``, ``"black"`` or ``"unknown"``: who wins with
    ``to_move`` to move). In a notebook it shows as the board with the
    areas coloured."""

    verdict: str = field()
    to_move: str = field()
    bounds: str = field()
    areas: Tuple[Area, ...] = field(convert=lambda v: tuple(Area._from_dict(a) for a in v))
    svg: str = dataclasses.field(default="", repr=False, compare=False)

    def _repr_svg_(self) -> str:
        return self.svg


@dataclasses.dataclass(frozen=True)
class SolveResult(Report):
    """``cgtk amazons solve --json``: the winner (``None`` when a limit
    ended the search: ``status`` is then ``"unknown"`` and ``limit`` names
    it), a winning move, nodes, time and the root's proof numbers; ``pv``
    the principal variation when asked for."""

    winner: Optional[str] = field()
    to_move: str = field()
    best_move: Optional[str] = field()
    status: str = field()
    limit: Optional[str] = field()
    nodes: int = field()
    seconds: float = field()
    root_pn: Optional[int] = field()
    root_dn: Optional[int] = field()
    pv: Optional[Tuple[str, ...]] = field(convert=tuple)


@dataclasses.dataclass(frozen=True)
class PerftResult(Report):
    """``cgtk amazons perft --json``: the move sequences of ``depth`` moves
    (those counted so far when ``limit`` stopped the count)."""

    depth: int = field()
    sequences: int = field()
    limit: Optional[str] = field()


@dataclasses.dataclass(frozen=True)
class CheckProofResult(Report):
    """``cgtk amazons check-proof --json``: ``valid`` is ``True`` for a
    checked proof (an invalid one raises ``ValueError``), ``None`` when a
    limit stopped the check (``limit``, ``node``)."""

    valid: Optional[bool] = field()
    seconds: float = field()
    limit: Optional[str] = field()
    node: Optional[int] = field()


@dataclasses.dataclass(frozen=True)
class QueryResult(Report):
    """``cgtk db query --json``: what the databases answer for an area."""

    found: bool = field()
    kind: Optional[str] = field()
    moves: Optional[int] = field()
    best_move: Optional[str] = field()
    thermograph: Optional[Dict[str, Any]] = field()


def _db(db: Optional[Databases]) -> Optional[Databases]:
    if db is None or isinstance(db, Databases):
        return db
    return Databases(os.fspath(db))


class Position(Text):
    """An Amazons position: ``Position("4x5")`` (the standard start of that
    size), ``Position(".BB./B..B/W..W/.WW. w")``, or
    ``Position.from_sgf(text)``. In a notebook it shows as the board."""

    __slots__ = ("text", "width", "height", "to_move")

    text: str
    width: int
    height: int
    to_move: str

    def __init__(self, position: Union[str, "Position"]) -> None:
        self.text, self.width, self.height, self.to_move = _cgtk.amazons_position(str(position))

    @classmethod
    def from_sgf(cls, text: str) -> "Position":
        """The position after the main line of an SGF game record."""
        return cls(_cgtk.amazons_from_sgf(text))

    def eval(
        self, *, basic_partition: bool = False, db: Optional[Union[Databases, PathLike]] = None
    ) -> Evaluation:
        """``cgtk amazons eval``: the areas, their kinds and bounds, and
        the verdict (``db``: endgame databases to ask)."""
        text, svg = _cgtk.amazons_eval(self.text, basic_partition=basic_partition, db=_db(db))
        return Evaluation._from_json(text, svg=svg)

    def value(
        self,
        *,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        tt_mb: int = 1024,
        full: bool = False,
    ) -> Union["Thermograph", Stopped]:
        """``cgtk amazons value``: the canonical form and thermograph of the
        position as a sum of its areas, or a ``Stopped`` naming the limit
        (``tt_mb``: the memory bound, MiB)."""
        from . import _thermograph_result

        text, svg = _cgtk.amazons_value(
            self.text, time_limit=time_limit, node_limit=node_limit, tt_mb=tt_mb, full=full
        )
        return _thermograph_result(text, svg)

    def solve(
        self,
        *,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        tt_mb: int = 256,
        threads: int = 1,
        proof: Optional[PathLike] = None,
        pv: bool = False,
        db: Optional[Union[Databases, PathLike]] = None,
    ) -> SolveResult:
        """``cgtk amazons solve``: who wins and a winning move (df-pn);
        ``proof=path`` writes the proof (gzip-compressed for ``.gz``)."""
        return SolveResult._from_json(
            _cgtk.amazons_solve(
                self.text,
                time_limit=time_limit,
                node_limit=node_limit,
                tt_mb=tt_mb,
                threads=threads,
                proof=None if proof is None else os.fspath(proof),
                pv=pv,
                db=_db(db),
            )
        )

    def moves(self) -> List[str]:
        """``cgtk amazons moves``: the legal moves of the side to move
        (``B1-B4xD4``: queen from, to, arrow), queen by queen from the
        lowest square, then by destination, then by arrow."""
        return list(json.loads(_cgtk.amazons_moves(self.text))["moves"])

    def play(self, *moves: str) -> "Position":
        """The position after ``moves``, played in turn (an illegal one
        raises ``ValueError`` naming it)."""
        return Position(json.loads(_cgtk.amazons_moves(self.text, list(moves)))["position"])

    def perft(self, depth: int, *, time_limit: Optional[float] = None) -> PerftResult:
        """``cgtk amazons perft``: the number of move sequences of ``depth``
        moves (0 to 20)."""
        return PerftResult._from_json(_cgtk.amazons_perft(self.text, depth, time_limit=time_limit))

    def _repr_svg_(self) -> str:
        return _cgtk.amazons_svg(self.text)


def check_proof(
    path: PathLike,
    *,
    threads: Optional[int] = None,
    leaf_limit: Optional[int] = None,
    time_limit: Optional[float] = None,
) -> CheckProofResult:
    """``cgtk amazons check-proof``: checks the proof file (or solve plan)
    at ``path``; an invalid proof raises ``ValueError``. ``leaf_limit``:
    the most positions the exact search may visit to decide one leaf (the
    CLI's default when ``None``)."""
    extra = {} if leaf_limit is None else {"leaf_limit": leaf_limit}
    return CheckProofResult._from_json(
        _cgtk.amazons_check_proof(
            os.fspath(path), threads=threads, time_limit=time_limit, **extra
        )
    )


def query(
    db: Union[Databases, PathLike], position: Union[str, Position], blockers: Sequence[str] = ()
) -> QueryResult:
    """``cgtk db query``: what the databases answer for the area of
    ``position`` (every square outside the box burnt), with ``blockers``
    the queens that are blockers."""
    dbs = _db(db)
    assert dbs is not None
    return QueryResult._from_json(dbs._query(str(position), list(blockers)))


if TYPE_CHECKING:
    from . import Thermograph
