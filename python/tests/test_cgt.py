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


# Games made from a game: each function and ``Game`` method against ``cgtk
# cgt OP GAME OPERANDS --json`` (the games and operands of CGSuite's
# GameTest.scala cases, checked in cgt/tests/cgt_cooling.rs).
MADE = [
    ("cool", "{3||2+*|1+*}", ["1/2"]),
    ("cool", "1/4", ["-1/4"]),
    ("heat", "{3||2+*|1+*}", ["*"]),
    ("heat", "^", ["2"]),
    ("overheat", "{3||2+*|1+*}", ["*", "1+*"]),
    ("freeze", "{3||2+*|1+*}", []),
    ("atomic-weight", "{^^^|vv}", []),
    ("reduced", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", []),
    ("norton", "1/2", ["^"]),
]


@pytest.mark.parametrize("op,game,operands", MADE)
def test_games_made_from_a_game_equal_the_cli(op, game, operands):
    expected = cli_json("cgt", op, game, *operands)
    name = op.replace("-", "_")
    assert getattr(cgtk, name)(game, *operands).to_dict() == expected
    made = getattr(cgtk.Game(game), name)(*[cgtk.Game(o) for o in operands])
    assert isinstance(made, cgtk.Game)
    assert made.canonical == expected["canonical"]


@pytest.mark.parametrize("game", ["v*", "{3||2*|1*}", "*8", "5"])
def test_incentives_equal_the_cli(game):
    expected = cli_json("cgt", "incentives", game)
    assert cgtk.incentives(game).to_dict() == expected
    left, right = cgtk.Game(game).incentives()
    assert [g.canonical for g in left] == expected["left"]
    assert [g.canonical for g in right] == expected["right"]


def test_undefined_operations_raise_the_cli_line():
    for op, game, operands in [
        ("atomic-weight", "9/8*", []),
        ("cool", "{1|0}", ["-1"]),
        ("norton", "1/2", ["*"]),
    ]:
        line = cli_error("cgt", op, game, *operands)
        with pytest.raises(ValueError) as err:
            getattr(cgtk, op.replace("-", "_"))(game, *operands)
        assert str(err.value) == line
        with pytest.raises(cgtk.CgtkValueError):
            getattr(cgtk.Game(game), op.replace("-", "_"))(*operands)


def test_limits_stop_games_made_from_a_game():
    hot = "{2|-2}+{3|-3}+{4|-4}+{5|-5}+{6|-6}+{7|-7}+{8|-8}+{9|-9}"
    expected = cli_json("cgt", "heat", hot, "1", "--node-limit", "5")
    assert cgtk.heat(hot, 1, node_limit=5).to_dict() == expected
    assert expected["canonical"] is None and expected["limit"] == "node"
