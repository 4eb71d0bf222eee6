#!/usr/bin/env python3
"""Draws Weaver & Bossomaier 1998, Figures 3-5, from the CSV logs of
`cgtk dots train --log` (see nn-runs.sh) as SVG, with nothing but the
standard library.

Usage: python3 docs/figures/nn-figures.py CSV_DIR OUT_DIR
"""
import csv
import os
import sys

W, H = 640, 420
LEFT, RIGHT, TOP, BOTTOM = 70, 180, 50, 60
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def nice_step(span):
    raw = span / 6
    mag = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag


def plot(title, xlabel, ylabel, series, ymax, out):
    """series: [(label, [(x, y)], dashed)]"""
    xmax = max(x for _, pts, _ in series for x, _ in pts) or 1
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    sx = lambda x: LEFT + pw * x / xmax
    sy = lambda y: TOP + ph * (1 - y / ymax)
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
         f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W / 2}" y="24" text-anchor="middle" font-size="15">{title}</text>']
    step = nice_step(xmax)
    x = 0
    while x <= xmax * 1.0001:
        label = f"{x / 1e6:g}M" if xmax >= 1e6 else (f"{x / 1e3:g}k" if xmax >= 1e4 else f"{x:g}")
        s.append(f'<line x1="{sx(x):.1f}" y1="{TOP}" x2="{sx(x):.1f}" y2="{TOP + ph}" stroke="#eee"/>')
        s.append(f'<text x="{sx(x):.1f}" y="{TOP + ph + 18}" text-anchor="middle">{label}</text>')
        x += step
    ystep = 0.05 if ymax <= 0.5 else 0.1
    y = 0.0
    while y <= ymax + 1e-9:
        s.append(f'<line x1="{LEFT}" y1="{sy(y):.1f}" x2="{LEFT + pw}" y2="{sy(y):.1f}" stroke="#eee"/>')
        s.append(f'<text x="{LEFT - 8}" y="{sy(y) + 4:.1f}" text-anchor="end">{y:.2f}</text>')
        y += ystep
    s.append(f'<rect x="{LEFT}" y="{TOP}" width="{pw}" height="{ph}" fill="none" stroke="black"/>')
    s.append(f'<text x="{LEFT + pw / 2}" y="{H - 15}" text-anchor="middle">{xlabel}</text>')
    s.append(f'<text transform="translate(20,{TOP + ph / 2}) rotate(-90)" text-anchor="middle">{ylabel}</text>')
    for i, (label, pts, dashed) in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts)
        dash = ' stroke-dasharray="6,4"' if dashed else ""
        s.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        ly = TOP + 14 + 20 * i
        s.append(f'<line x1="{LEFT + pw + 10}" y1="{ly}" x2="{LEFT + pw + 34}" y2="{ly}" stroke="{colour}" stroke-width="2"{dash}/>')
        s.append(f'<text x="{LEFT + pw + 40}" y="{ly + 4}">{label}</text>')
    s.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(s) + "\n")


def main():
    src, dst = sys.argv[1], sys.argv[2]
    runs = [("direct vs level 0", "direct-level0"), ("direct vs level 1", "direct-level1"),
            ("antibody/antigen", "antibody"), ("round-robin", "round-robin")]
    for fig, col, opp in (("nn-fig3.svg", "best_level0", "level 0 (random)"),
                          ("nn-fig4.svg", "best_level1", "level 1 (box completion)")):
        series = []
        for label, name in runs:
            rows = read(os.path.join(src, name + ".csv"))
            series.append((label, [(int(r["games"]), float(r[col])) for r in rows], False))
        ymax = 1.0 if col == "best_level0" else 0.2
        plot(f"Best of each population against {opp}, 3x3", "games played",
             "share of games won", series, ymax, os.path.join(dst, fig))
    series = []
    for label, name in (("init ±0.5", "backprop"), ("init ±64", "backprop-64")):
        rows = read(os.path.join(src, name + ".csv"))
        for stat in ("best", "mean"):
            series.append((f"{stat} L0, {label}",
                           [(int(r["generation"]), float(r[f"{stat}_level0"])) for r in rows],
                           stat == "mean"))
    plot("Back-propagation, 30 runs, against level 0, 3x3", "epochs",
         "share of games won", series, 1.0, os.path.join(dst, "nn-fig5.svg"))


if __name__ == "__main__":
    main()
