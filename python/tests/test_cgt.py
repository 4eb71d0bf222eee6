"""Game values against the CLI: ``cgtk cgt canon | compare | thermograph``."""

import itertools
from fractions import Fraction

import pytest

import cgtk
from conftest import cli, cli_error, cli_json

# Games of the README and ARCHITECTURE.md's examples, and sums of them.
GAMES = [
    "{3|{2*|1*}}",
    "{2|1}",
    "{2|1} + {2|1}",
    "*",
    "^",
    "^*",
    "v",
    "1/2",
    "-3/4",
    "+-1",
    "{1|*} + {2|1}",
    "{{3|1}|{-1|-3}}",
    "0",
    "7",
]


@pytest.mark.parametrize("game", GAMES)
def test_canon_equals_the_cli(game):
    assert cgtk.canon(game).to_dict() == cli_json("cgt", "canon", game)
    assert cgtk.Game(game).canonical == cli_json("cgt", "canon", game)["canonical"]


@pytest.mark.parametrize("game", GAMES)
def test_thermograph_equals_the_cli(game, tmp_path):
    svg = tmp_path / "t.svg"
    expected = cli_json("cgt", "thermograph", game, "--svg", str(svg))
    t = cgtk.thermograph(game)
    assert t.to_dict() == expected
    assert t._repr_svg_() == svg.read_text()
    g = cgtk.Game(game)
    assert g.thermograph().to_dict() == expected
    for name in ["left_stop", "right_stop", "mean", "temperature"]:
        assert getattr(g, name) == Fraction(expected[name])
        assert isinstance(getattr(g, name), Fraction)
    assert [[str(t), str(x)] for t, x in t.left_wall] == expected["left_wall"]
    assert [[str(t), str(x)] for t, x in t.right_wall] == expected["right_wall"]


PAIRS = list(itertools.product(["{2|1}", "*", "^", "0", "1/2", "{1|*}", "+-1", "v*"], repeat=2))


@pytest.mark.parametrize("g,h", PAIRS)
def test_operators_agree_with_cgt_compare(g, h):
    relation = cli_json("cgt", "compare", g, h)["relation"]
    assert cgtk.compare(g, h).to_dict() == {"relation": relation}
    G, H = cgtk.Game(g), cgtk.Game(h)
    assert G.compare(H) == relation
    assert (G == H) == (relation == "=")
    assert (G != H) == (relation != "=")
    assert (G < H) == (relation == "<")
    assert (G <= H) == (relation in ("<", "="))
    assert (G > H) == (relation == ">")
    assert (G >= H) == (relation in (">", "="))
    assert G.fuzzy(H) == (relation == "||")


@pytest.mark.parametrize("g,h", [("{2|1}", "*"), ("^", "1/2"), ("+-1", "{1|*}"), ("3", "^*")])
def test_sums_and_negatives_are_the_cli_canonical_forms(g, h):
    G, H = cgtk.Game(g), cgtk.Game(h)
    canon = lambda text: cli_json("cgt", "canon", text)["canonical"]
    assert (G + H).canonical == canon(f"({g}) + ({h})")
    assert (G - H).canonical == canon(f"({g}) - ({h})")
    assert (-G).canonical == canon(f"-({g})")
    assert (G + 1).canonical == canon(f"({g}) + 1")
    assert (2 - G).canonical == canon(f"2 - ({g})")
    # The algebra the canonical forms satisfy: G - G = 0, sums commute.
    assert G - G == 0
    assert G + H == H + G
    assert hash(G + H) == hash(H + G)


def test_repr_and_str():
    g = cgtk.Game("{2|1} + {2|1}")
    assert str(g) == cli_json("cgt", "canon", "{2|1} + {2|1}")["canonical"]
    assert eval(repr(g), {"Game": cgtk.Game}) == g


@pytest.mark.parametrize("game", ["{1|2", "{1|2}}", "{a|b}", "", "1/3", "{1|2} +"])
def test_bad_games_raise_value_error_with_the_cli_line(game):
    line = cli_error("cgt", "canon", game)
    for call in [cgtk.Game, cgtk.canon, cgtk.thermograph]:
        with pytest.raises(ValueError) as err:
            call(game)
        assert str(err.value) == line
        assert isinstance(err.value, cgtk.CgtkValueError)


def test_a_malformed_game_names_its_column():
    with pytest.raises(ValueError, match="column 5"):
        cgtk.Game("{1|2")


def test_limits_return_what_the_cli_reaches():
    # A sum of hot games whose canonical form takes many sums of games.
    game = " + ".join(["{3|{2|{1|0}}}", "{4|{1|-1}}", "{5|{2*|1}}", "{6|{3|{1|0}}}"] * 2)
    for limit in ["1", "10"]:
        expected = cli_json("cgt", "canon", game, "--node-limit", limit)
        assert expected["canonical"] is None and expected["limit"] == "node"
        assert cgtk.canon(game, node_limit=int(limit)).to_dict() == expected
        expected = cli_json("cgt", "thermograph", game, "--node-limit", limit)
        stopped = cgtk.thermograph(game, node_limit=int(limit))
        assert not stopped and stopped.to_dict() == expected
        expected = cli_json("cgt", "compare", game, "0", "--node-limit", limit)
        assert cgtk.compare(game, "0", node_limit=int(limit)).to_dict() == expected


@pytest.mark.parametrize("kwargs,option", [({"node_limit": 0}, "--node-limit=0"), ({"time_limit": 0}, "--time-limit=0"), ({"time_limit": -1.0}, "--time-limit=-1")])
def test_limits_out_of_range_are_bad_input(kwargs, option):
    assert cli("cgt", "canon", "*", option).returncode == 2
    with pytest.raises(ValueError, match="out of range"):
        cgtk.canon("*", **kwargs)


def test_game_takes_str_int_and_game_only():
    assert cgtk.Game(3) == cgtk.Game("3")
    assert cgtk.Game(cgtk.Game("*")) == cgtk.Game("*")
    with pytest.raises(TypeError):
        cgtk.Game(1.5)
    assert cgtk.Game("*").__eq__(1.5) is NotImplemented
