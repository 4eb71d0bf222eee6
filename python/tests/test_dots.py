"""Dots-and-Boxes against the CLI: ``cgtk dots show | solve | analyze |
nimber | move | tournament | table query``."""

import pytest

from cgtk import dots
from conftest import cli, cli_error, cli_json, masked

# Positions of the README and tests/ (2x2 to 3x3, opening to endgame).
POSITIONS = ["2x1", "2x2", "2x2:0,5", "3x3:0,5", "3x2:0,1,2,3,7,8", "3x3:0,1,2,3,4,5,12,13,14", "1x3"]


@pytest.mark.parametrize("text", POSITIONS)
def test_position_equals_dots_show(text):
    show = cli_json("dots", "show", text)
    p = dots.Position(text)
    assert (p.text, p.width, p.height) == (show["position"], show["width"], show["height"])
    assert list(p.drawn) == show["drawn"]
    assert list(p.moves) == show["undrawn"] == list(p)


@pytest.mark.parametrize("text", POSITIONS)
def test_solve_equals_the_cli(text):
    expected = cli_json("dots", "solve", text, "--quiet")
    assert masked(dots.Position(text).solve().to_dict()) == masked(expected)


@pytest.mark.parametrize("text", POSITIONS)
def test_analyze_equals_the_cli(text):
    expected = cli_json("dots", "analyze", text, "--quiet")
    a = dots.Position(text).analyze()
    assert masked(a.to_dict()) == masked(expected)
    assert [(m.edge, m.value, m.loony) for m in a.moves] == [
        (m["edge"], m["value"], m["loony"]) for m in expected["moves"]
    ]
    # The drawing shows every move's value at its edge.
    for m in expected["moves"]:
        assert f'data-edge="{m["edge"]}" data-value="{m["value"]}"' in a._repr_svg_()


@pytest.mark.parametrize("text", POSITIONS)
def test_nimber_equals_the_cli(text):
    assert dots.Position(text).nimber().to_dict() == cli_json("dots", "nimber", text)


def test_limits_return_the_bounds_the_cli_reaches():
    for args, kwargs in [(["--node-limit", "1000"], {"node_limit": 1000})]:
        expected = cli_json("dots", "solve", "3x3", "--quiet", *args)
        r = dots.Position("3x3").solve(**kwargs)
        assert masked(r.to_dict()) == masked(expected)
        assert r.value is None and r.limit == "node" and r.lower <= r.upper
        expected = cli_json("dots", "analyze", "3x3", "--quiet", *args)
        assert masked(dots.Position("3x3").analyze(**kwargs).to_dict()) == masked(expected)
    expected = cli_json("dots", "nimber", "3x3", "--node-limit", "50")
    assert dots.Position("3x3").nimber(node_limit=50).to_dict() == expected


def test_play_follows_the_edge_numbering():
    p = dots.Position("2x2")
    for e in [0, 5, 2]:
        p = p.play(e)
    assert p == dots.Position("2x2:0,2,5")
    assert p.text == cli_json("dots", "show", "2x2:5,2,0")["position"]
    # Box 0 of 1x1 has the edges 0 (top), 1 (bottom), 2 (left), 3 (right).
    assert dots.Position("1x1:0,1,2").completes(3) == 1
    with pytest.raises(ValueError):
        p.play(0)


@pytest.mark.parametrize("player", ["level1", "level2", "greedy", "perfect"])
def test_best_move_equals_dots_move(player):
    expected = cli_json("dots", "move", "3x3:0,5", "--player", player)
    assert dots.Position("3x3:0,5").best_move(player) == expected["edge"]


def test_tournament_equals_the_cli():
    args = ["--board", "2x2", "--players", "random,level1,level2", "--games", "6", "--seed", "7", "--quiet"]
    expected = cli_json("dots", "tournament", *args)
    t = dots.tournament("2x2", ["random", "level1", "level2"], 6, seed=7)
    assert t.to_dict() == expected
    assert t.rows() == expected["pairs"]
    assert [r.player for r in t.ratings] == [r["player"] for r in expected["ratings"]]


@pytest.mark.parametrize(
    "text", ["3x3:99", "0x3", "3x3:1,1", "9x9", "3x3:a"]
)
def test_bad_positions_raise_value_error_with_the_cli_line(text):
    line = cli_error("dots", "solve", text, "--quiet")
    with pytest.raises(ValueError) as err:
        dots.Position(text)
    assert str(err.value) == line


def test_bad_options_raise_value_error():
    line = cli_error("dots", "tournament", "--board", "2x2", "--players", "random,nobody", "--games", "1")
    with pytest.raises(ValueError) as err:
        dots.tournament("2x2", ["random", "nobody"], 1)
    assert str(err.value) == line
    with pytest.raises(ValueError, match="--threads: 65 out of range"):
        dots.Position("2x2").solve(threads=65)


def test_table_query_equals_the_cli(tmp_path):
    built = cli("dots", "table", "build", "2x2", "--out", str(tmp_path))
    assert built.returncode == 0, built.stderr
    table = dots.Table(tmp_path)
    for text in ["2x2", "2x2:0,5", "2x2:0,1,2,3"]:
        expected = cli_json("dots", "table", "query", text, "--table", str(tmp_path))
        assert masked(table.query(text).to_dict()) == masked(expected)
    assert table.info() == cli_json("dots", "table", "info", str(tmp_path))
    line = cli_error("dots", "table", "query", "3x3", "--table", str(tmp_path))
    with pytest.raises(ValueError) as err:
        table.query("3x3")
    assert str(err.value) == line


def test_position_draws_its_board():
    svg = dots.Position("2x2:0,5")._repr_svg_()
    assert svg.startswith("<svg") and 'data-position="2x2:0,5"' in svg
    assert svg.count('class="edge drawn"') == 2 and svg.count('class="edge"') == 10
