"""A notebook-style tour of cgtk in Python: run it cell by cell in Jupyter
(each result shows itself: thermographs and boards as drawings), or as a
script, which prints the results and writes the drawings as SVG files
into the directory given (default: the current one).

    python python/examples/tour.py [OUT_DIR]
"""

# %% The thermograph of an Amazons area: an endgame of one area, its value
# as a game (Black = Left) and the thermograph drawn.
import sys
from pathlib import Path

import cgtk
from cgtk import amazons, dots

out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
area = amazons.Position("B..x/.x../x..W/..xx w")
evaluation = area.eval()
print("areas:", [(a.kind, a.bounds) for a in evaluation.areas], "verdict:", evaluation.verdict)
value = area.value()
print("canonical form:", value.canonical)
print("mean", value.mean, "temperature", value.temperature)
print("left wall (t, x):", [(str(t), str(x)) for t, x in value.left_wall])
(out / "area-thermograph.svg").write_text(value._repr_svg_())
(out / "area-board.svg").write_text(evaluation._repr_svg_())

# %% A Dots-and-Boxes position analysed: every move's value for the player
# who makes it (the drawing puts them on the edges).
position = dots.Position("3x3:0,1,2,3,4,5,12,13,14")
analysis = position.analyze()
print("value", analysis.value, "best moves", analysis.best_moves)
print("loony moves", [m.edge for m in analysis.moves if m.loony])
(out / "dots-analysis.svg").write_text(analysis._repr_svg_())

# %% A small tournament, as a list of rows (no pandas needed; a
# pandas.DataFrame(rows) would take them as they are).
table = dots.tournament("3x3", ["random", "level1", "level2"], 10, seed=1)
rows = table.rows()
print(f"{'a':8} {'b':8} {'a wins':>6} {'b wins':>6} {'ties':>4} {'margin':>7}")
for r in rows:
    print(f"{r['a']:8} {r['b']:8} {r['a_wins']:6} {r['b_wins']:6} {r['ties']:4} {r['a_margin']:7.2f}")
for rating in table.ratings:
    print(f"{rating.player:8} rating {rating.rating:7.1f}")

# %% Games of the calculator: sums, comparisons, thermographs.
g = cgtk.Game("{3|{2*|1*}}")
print(g, "+", g, "=", g + g, "; compared with 4:", (g + g).compare(4))
