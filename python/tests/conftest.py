"""Shared helpers: the ``cgtk`` binary the Python results are compared with
(``CGTK_BIN``, set by ``.ci/test``; else ``target/debug/cgtk`` of this
repository), run with ``--json``."""

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List

import pytest

REPO = Path(__file__).resolve().parents[2]


def binary() -> str:
    path = os.environ.get("CGTK_BIN") or str(REPO / "target" / "debug" / "cgtk")
    if not Path(path).is_file():
        pytest.fail(f"no cgtk binary at {path}: build it (cargo build) or set CGTK_BIN")
    return path


def cli(*args: str) -> subprocess.CompletedProcess:
    """Runs ``cgtk ARGS`` and returns the finished process."""
    return subprocess.run(
        [binary(), *args], capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL
    )


def cli_json(*args: str) -> Dict[str, Any]:
    """The JSON ``cgtk ARGS --json`` prints (exit code 0)."""
    done = cli(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def cli_error(*args: str) -> str:
    """The one line ``cgtk ARGS`` prints for bad input (exit code 2), without
    its ``error: ``."""
    done = cli(*args)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    line = done.stderr.strip()
    assert line.startswith("error: ") and "\n" not in line, line
    return line[len("error: ") :]


def masked(report: Any, keys: List[str] = ["seconds"]) -> Any:
    """The report with the times (different in every run) left out."""
    if isinstance(report, dict):
        return {k: masked(v, keys) for k, v in report.items() if k not in keys}
    if isinstance(report, list):
        return [masked(v, keys) for v in report]
    return report
