"""The Python examples of README.md are real output: every ```python block
is run by doctest, in order, in one namespace."""

import doctest
import re

from conftest import REPO


def test_readme_python_examples():
    text = (REPO / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, "README.md has no Python examples"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", str(REPO / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} README example(s) failed (see above)"


def test_package_docstrings():
    import cgtk
    from cgtk import amazons, dots

    for module in [cgtk, dots, amazons]:
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0, module.__name__


def test_the_example_runs(tmp_path):
    import runpy
    import sys

    argv = sys.argv
    sys.argv = ["tour.py", str(tmp_path)]
    try:
        runpy.run_path(str(REPO / "python" / "examples" / "tour.py"), run_name="__main__")
    finally:
        sys.argv = argv
    for name in ["area-thermograph.svg", "area-board.svg", "dots-analysis.svg"]:
        assert (tmp_path / name).read_text().startswith("<svg"), name
