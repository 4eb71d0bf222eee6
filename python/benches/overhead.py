"""The cost of a Python call of a trivial operation: the canonical form of
``*`` (``cgtk.Game("*")``, which computes it, and ``cgtk.canon("*")``, which
also reads its report), beside the same computation without Python (the
``ops::cgt::canon`` figure of ``cargo bench --bench cgt_canon``, if wanted)
and a call of an empty Python function. Each checks its answer first.

    python python/benches/overhead.py

Issue 35 asks for under 5 µs per call; this prints the figures, it is not a
timed test.
"""

import timeit

import cgtk


def per_call(stmt, number=200_000, repeat=5):
    best = min(timeit.repeat(stmt, number=number, repeat=repeat, globals=globals()))
    return best / number * 1e6


STAR = cgtk.Game("*")


def empty():
    return None


def main():
    assert cgtk.Game("*").canonical == "*"
    assert cgtk.canon("*").canonical == "*"
    assert cgtk.Game("*") == cgtk.Game("{0|0}")
    rows = [
        ("an empty Python function", per_call("empty()")),
        ('cgtk.Game("*")', per_call('cgtk.Game("*")')),
        ('cgtk.Game("*").canonical', per_call('cgtk.Game("*").canonical')),
        ('cgtk.canon("*") (with its report)', per_call('cgtk.canon("*")')),
        ("STAR == STAR (a comparison)", per_call("STAR == STAR")),
    ]
    for name, us in rows:
        print(f"{name:40} {us:8.2f} µs per call")


if __name__ == "__main__":
    main()
