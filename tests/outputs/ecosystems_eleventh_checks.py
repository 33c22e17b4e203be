"""Ecosystem corpus groups of the eleventh held-out part, Python tools people run every day (see ``ecosystems.py``):
coverage.py, nox and Invoke (from PyPI, on PATH when capturing). Each group is two distinct real failures of its
tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def coverage(c: Any) -> None:
    needs(c, "coverage")
    proj = c.project(
        "units",
        {
            "units/__init__.py": "",
            "units/length.py": """
            def to_metres(value: float, unit: str) -> float:
                if unit == "m":
                    return value
                if unit == "km":
                    return value * 1000
                if unit == "ft":
                    return value * 0.3048
                raise ValueError(f"unknown unit: {unit}")
        """,
            "tests/__init__.py": "",
            "tests/test_length.py": """
            import unittest

            from units.length import to_metres


            class LengthTest(unittest.TestCase):
                def test_km(self) -> None:
                    self.assertEqual(to_metres(2, "km"), 2000)
        """,
            ".coveragerc": """
            [run]
            source = units
            omit = units/legacy.py

            [report]
            fail_under = 90
            show_missing = true
        """,
            "run_tests.sh": """
            coverage run tests/run_all.py
        """,
        },
    )
    pair = Pair(c, "coverage", proj)
    pair.run(
        "coverage_fail_under",
        "coverage run -m unittest discover -s tests -t . && coverage report",
        r"Coverage failure: total of",
        (
            "tests/test_length.py",
            '        self.assertEqual(to_metres(2, "km"), 2000)\n',
            '        self.assertEqual(to_metres(2, "km"), 2000)\n\n'
            "    def test_others(self) -> None:\n"
            '        self.assertEqual(to_metres(3, "m"), 3)\n'
            '        self.assertAlmostEqual(to_metres(10, "ft"), 3.048)\n'
            "        with self.assertRaises(ValueError):\n"
            '            to_metres(1, "mi")\n',
        ),
    )
    pair.run(
        "coverage_no_source",
        "bash run_tests.sh && coverage report",
        r"No file to run",
        ("run_tests.sh", "coverage run tests/run_all.py", "coverage run -m unittest discover -s tests -t ."),
    )


def nox(c: Any) -> None:
    needs(c, "nox")
    proj = c.project(
        "temps",
        {
            "temps.py": """
            def c_to_f(celsius: float) -> float:
                return celsius * 9 / 5 + 23
        """,
            "test_temps.py": """
            import unittest

            from temps import c_to_f


            class TempsTest(unittest.TestCase):
                def test_boiling(self) -> None:
                    self.assertEqual(c_to_f(100), 212)
        """,
            "noxfile.py": """
            import nox


            @nox.session(python=False)
            def tests(session: nox.Session) -> None:
                session.run("python", "-m", "unittest", "-v")


            @nox.session(python=False)
            def lint(session: nox.Session) -> None:
                session.run("python", "-m", "py_compile", "temps.py", "test_temps.py")
        """,
        },
    )
    pair = Pair(c, "nox", proj)
    pair.run(
        "nox_session_failed",
        "nox -s tests",
        r"Session tests failed",
        ("temps.py", "* 9 / 5 + 23", "* 9 / 5 + 32"),
    )
    pair.run(
        "nox_session_not_found",
        "nox -s typecheck lint",
        r"(?i)sessions not found|not found",
        (
            "noxfile.py",
            "def lint(",
            "def typecheck(session: nox.Session) -> None:\n"
            '    session.run("python", "-c", "import temps")\n\n\n'
            "@nox.session(python=False)\ndef lint(",
        ),
    )


def invoke(c: Any) -> None:
    needs(c, "invoke")
    proj = c.project(
        "release",
        {
            "tasks.py": """
            from invoke import task


            @task
            def check(c):
                c.run("python -m py_compile app.py")


            @task(pre=[check])
            def package(c):
                c.run("mkdir -p dist && cp app.py dist/")
                print("packaged dist/app.py")
        """,
            "app.py": """
            def main() -> None:
                print("release tool"

            if __name__ == "__main__":
                main()
        """,
        },
    )
    pair = Pair(c, "invoke", proj)
    pair.run(
        "invoke_bad_exit",
        "invoke package",
        r"SyntaxError|never closed",
        ("app.py", 'print("release tool"\n', 'print("release tool")\n'),
    )
    pair.run(
        "invoke_unknown_task",
        "invoke publish",
        r"No idea what",
        ("tasks.py", "def package(c):", "def publish(c):"),
    )
