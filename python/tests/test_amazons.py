"""Amazons against the CLI: ``cgtk amazons eval | value | solve | perft |
moves | check-proof`` and ``cgtk db query``."""

from pathlib import Path

import pytest

import cgtk
from cgtk import amazons
from conftest import REPO, cli, cli_error, cli_json, masked

# Small boards and endgames (the README's, and areas of tests/amazons_cli.rs).
POSITIONS = [
    "4x4",
    "4x5",
    "5x4",
    ".BB./B..B/..../W..W/.WW. w",
    "x.B./...x/W..x/xx.. b",
    "..x/B.x/x.W w",
    "B..x/.x../x..W/..xx w",
]
ENDGAMES = ["..x/B.x/x.W w", "B..x/.x../x..W/..xx w", "B.x./..x./xx.W/x... b"]


@pytest.mark.parametrize("text", POSITIONS)
def test_eval_equals_the_cli(text):
    e = amazons.Position(text).eval()
    assert e.to_dict() == cli_json("amazons", "eval", text)
    assert e.to_dict() != {} and all(a.squares for a in e.areas)
    basic = amazons.Position(text).eval(basic_partition=True)
    assert basic.to_dict() == cli_json("amazons", "eval", text, "--basic-partition")
    # The drawing colours every square of every area but the dead ones.
    for i, area in enumerate(e.areas):
        if "dead" not in area.kind:
            for sq in area.squares:
                assert f'data-area="{i}"' in e._repr_svg_()


@pytest.mark.parametrize("text", ENDGAMES)
def test_value_equals_the_cli(text, tmp_path):
    svg = tmp_path / "v.svg"
    expected = cli_json("amazons", "value", text, "--quiet", "--svg", str(svg))
    v = amazons.Position(text).value()
    assert v.to_dict() == expected
    assert v._repr_svg_() == svg.read_text()
    # The value is a game: its canonical form reads back with the same
    # thermograph.
    assert cgtk.thermograph(v.canonical).to_dict() == expected


def test_value_limit_returns_what_the_cli_reaches():
    text = "x.B./...x/W..x/xx.. b"
    expected = cli_json("amazons", "value", text, "--quiet", "--node-limit", "3")
    stopped = amazons.Position(text).value(node_limit=3)
    assert not stopped and stopped.to_dict() == expected and stopped.limit == "node"


@pytest.mark.parametrize("text", ["4x4", "5x4"] + ENDGAMES)
def test_solve_equals_the_cli(text):
    expected = cli_json("amazons", "solve", text, "--quiet", "--pv")
    r = amazons.Position(text).solve(pv=True)
    assert masked(r.to_dict()) == masked(expected)
    assert r.winner in ("white", "black") and r.status == "proved"


def test_solve_limit_returns_the_unknown_result():
    expected = cli_json("amazons", "solve", "5x5", "--quiet", "--node-limit", "200")
    r = amazons.Position("5x5").solve(node_limit=200)
    assert masked(r.to_dict()) == masked(expected)
    assert r.winner is None and r.limit == "node"


def test_solve_writes_a_proof_that_checks(tmp_path):
    ours, theirs = tmp_path / "py.proof", tmp_path / "cli.proof"
    amazons.Position("5x4").solve(proof=ours)
    cli_json("amazons", "solve", "5x4", "--quiet", "--proof", str(theirs))
    assert ours.read_bytes() == theirs.read_bytes()
    checked = amazons.check_proof(ours, threads=1)
    assert masked(checked.to_dict()) == masked(cli_json("amazons", "check-proof", str(ours), "--threads", "1", "--quiet"))
    assert checked.valid is True


@pytest.mark.parametrize("name", ["4x4.proof.gz", "5x4.proof.gz"])
def test_check_proof_of_the_shipped_proofs(name):
    path = REPO / "proofs" / name
    expected = cli_json("amazons", "check-proof", str(path), "--threads", "1", "--quiet")
    assert masked(amazons.check_proof(path, threads=1).to_dict()) == masked(expected)


def test_check_proof_of_a_bad_file(tmp_path):
    bad = tmp_path / "bad.proof"
    bad.write_text("not a proof\n")
    line = cli_error("amazons", "check-proof", str(bad), "--quiet")
    with pytest.raises(ValueError) as err:
        amazons.check_proof(bad)
    assert str(err.value) == line


@pytest.mark.parametrize("text,depth", [("4x4", 1), ("4x4", 2), ("4x5", 2), ("5x4", 1)])
def test_perft_equals_the_cli(text, depth):
    assert amazons.Position(text).perft(depth).to_dict() == cli_json("amazons", "perft", text, str(depth))


@pytest.mark.parametrize("text", POSITIONS)
def test_moves_and_play_equal_the_cli(text):
    p = amazons.Position(text)
    moves = p.moves()
    assert moves == cli_json("amazons", "moves", text)["moves"]
    # As many moves as sequences of one move, each listed once.
    assert len(moves) == len(set(moves)) == p.perft(1).sequences
    for m in moves[:: max(1, len(moves) // 5)]:
        after = p.play(m)
        assert after.text == cli_json("amazons", "moves", text, "--then", m)["position"]
        assert after.to_move != p.to_move


def test_an_illegal_move_raises_value_error_with_the_cli_line():
    line = cli_error("amazons", "moves", "4x4", "--then", "B1-B2xB3,A1-A2xA3")
    with pytest.raises(ValueError) as err:
        amazons.Position("4x4").play("B1-B2xB3", "A1-A2xA3")
    assert str(err.value) == line
    assert "move 2" in line


def test_from_sgf_equals_the_cli(tmp_path):
    # The record plays B1-B4xD4 from the 5x6 start (tests/amazons_solve_cli.rs).
    record = "(;FF[4]GM[18]SZ[5:6];W[bfbcdc])"
    path = tmp_path / "game.sgf"
    path.write_text(record)
    p = amazons.Position.from_sgf(record)
    assert p.eval().to_dict() == cli_json("amazons", "eval", "--sgf", str(path))
    line = cli_error("amazons", "eval", "--sgf", str(path.with_name("none.sgf")))
    assert line  # the CLI names the file; the text form names the record
    with pytest.raises(ValueError, match="SGF"):
        amazons.Position.from_sgf("(;FF[4]GM[18]SZ[5:6];W[zzzzzz])")


@pytest.mark.parametrize("text", ["3x3", "11x11", "..x/B.x/x.W q", "..x/B.y/x.W w", ""])
def test_bad_positions_raise_value_error_with_the_cli_line(text):
    line = cli_error("amazons", "eval", text)
    with pytest.raises(ValueError) as err:
        amazons.Position(text)
    assert str(err.value) == line


def test_databases_answer_as_db_query(tmp_path):
    built = cli("db", "build", "--kind", "simple", "--size", "2x2", "--out", str(tmp_path), "--quiet")
    assert built.returncode == 0, built.stderr
    dbs = amazons.Databases(tmp_path)
    assert dbs.left_out == []
    for text in ["B./.. b", "B./x. w", "W./.. w"]:
        expected = cli_json("db", "query", text, "--db", str(tmp_path))
        assert amazons.query(dbs, text).to_dict() == expected
    text = "B..x/.x../x..W/..xx w"
    assert amazons.Position(text).eval(db=dbs).to_dict() == cli_json("amazons", "eval", text, "--db", str(tmp_path))
    expected = cli_json("amazons", "solve", text, "--quiet", "--db", str(tmp_path))
    assert masked(amazons.Position(text).solve(db=tmp_path).to_dict()) == masked(expected)
    with pytest.raises(ValueError):
        amazons.Databases(tmp_path / "missing")


def test_position_draws_its_board():
    svg = amazons.Position("4x5")._repr_svg_()
    assert svg.startswith("<svg") and svg.count("&#x265B;") == 8
    assert svg.count('class="sq ') == 20
