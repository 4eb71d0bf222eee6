#!/bin/sh
# The training runs behind docs/figures/nn-fig3.svg, nn-fig4.svg and
# nn-fig5.svg (Weaver & Bossomaier 1998, Figures 3-5, redrawn from our own
# runs): 3x3 boxes, population 100, mutation 0.00072, 2,000,000 training
# games per population, 20 snapshots of 300 games per member and opponent.
# Usage: docs/figures/nn-runs.sh DIR (writes DIR/*.csv), then
# python3 docs/figures/nn-figures.py DIR docs/figures
set -e
out=${1:?usage: nn-runs.sh DIR}
mkdir -p "$out"
cgtk=${CGTK:-target/release/cgtk}
common="--board 3x3 --seed 1 --snapshots 20 --eval-games 300 --threads ${THREADS:-1} --quiet"
$cgtk dots train --method direct --opponent random --games 2000000 $common --out "$out/direct-level0.net" --log "$out/direct-level0.csv"
$cgtk dots train --method direct --opponent level1 --games 2000000 $common --out "$out/direct-level1.net" --log "$out/direct-level1.csv"
$cgtk dots train --method antibody --games 2000000 $common --out "$out/antibody.net" --log "$out/antibody.csv"
$cgtk dots train --method round-robin --games 2000000 $common --out "$out/round-robin.net" --log "$out/round-robin.csv"
# Figure 5: 30 back-propagation runs on 10 training sets of 800 games.
$cgtk dots train --method backprop --epochs 200 --runs 30 --training-sets 10 --training-games 800 $common --out "$out/backprop.net" --log "$out/backprop.csv"
# The same from the random networks a random genome encodes (weights in +-64).
$cgtk dots train --method backprop --epochs 200 --runs 30 --training-sets 10 --training-games 800 --init-range 64 $common --out "$out/backprop-64.net" --log "$out/backprop-64.csv"
