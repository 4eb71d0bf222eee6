"""Long calls: a KeyboardInterrupt stops them within a second, limits
return what was reached, and the GIL is free while they compute."""

import _thread
import signal
import threading
import time

import pytest

import cgtk
from cgtk import amazons, dots


def interrupted_after(seconds, call):
    """Runs ``call`` with a KeyboardInterrupt delivered to this thread after
    ``seconds``; returns how long after the interrupt control came back.

    Python's own SIGINT handler is installed for the call: a process started
    in the background by a shell without job control inherits SIGINT
    ignored, and then ``_thread.interrupt_main`` delivers nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(seconds, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    return time.monotonic() - start - seconds


def test_keyboard_interrupt_stops_a_5x5_solve_within_a_second():
    # The empty 5x5 board takes days; the solve must give control back
    # within a second of the interrupt (bound here 5 s, for a loaded machine;
    # the time limit only ends the test should the interrupt be lost).
    late = interrupted_after(1.0, lambda: dots.Position("5x5").solve(time_limit=300))
    assert late < 5.0, f"control came back {late:.2f} s after the interrupt"


@pytest.mark.parametrize(
    "call",
    [
        # Time limits far beyond the interrupt, so that a failure ends.
        lambda: dots.Position("5x5").analyze(time_limit=300),
        lambda: dots.Position("5x5").nimber(node_limit=10**9, time_limit=300),
        lambda: amazons.Position("6x6").solve(time_limit=300),
        lambda: amazons.Position("8x8").perft(6, time_limit=300),
        lambda: cgtk.Game(" + ".join(["{%d|{%d|-%d}}" % (i + 2, i, i) for i in range(30)])),
    ],
    ids=["dots-analyze", "dots-nimber", "amazons-solve", "amazons-perft", "game-sum"],
)
def test_keyboard_interrupt_stops_every_long_call(call):
    late = interrupted_after(0.5, call)
    assert late < 5.0, f"control came back {late:.2f} s after the interrupt"


def test_the_gil_is_released_while_computing():
    # Another Python thread keeps running while a solve computes.
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    try:
        r = dots.Position("5x5").solve(time_limit=1.0)
    finally:
        done.set()
        t.join()
    assert r.limit == "time" and r.value is None
    assert len(ticks) > 20, len(ticks)


def test_a_time_limit_returns_the_partial_result():
    r = dots.Position("5x5").solve(time_limit=0.5)
    assert (r.value, r.limit, r.best_moves) == (None, "time", ())
    assert r.lower <= r.upper
