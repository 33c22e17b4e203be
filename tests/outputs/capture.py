"""Capture a corpus of real tool outputs for testing failure detection.

Each case creates a small scratch project under a temporary folder, runs one
real command there with ``bash -c``, and saves what the command printed.
Standard output and standard error go to the same pipe (``2>&1``), so the two
streams are interleaved in the order the process wrote them, the way a coding
agent's shell tool shows a run.  Nothing else is added to the saved text: the
exit code is recorded only in cases.json, because the detector under test must
not depend on it.

Written, relative to this file:

    cases/<name>.txt   the command's combined output (paths normalised, see below)
    cases.json         one entry per case: name, command, exit_code, failed,
                       kind, message, source, wrapper

The random temporary folder is replaced by /tmp/proj in every saved text, the
Python environment running this script by /tmp/proj/.venv and the base Python
installation by /usr.  Machine settings that change what tools print (extra
package indexes, forced Rust backtraces, unbuffered Python, a personal .npmrc)
are left out of the environment, so the tools show their defaults.  Outputs over
8,000 bytes are cut in the middle, keeping the head and the tail, with a
"... [N lines truncated] ..." line where the cut is.

A case whose real run does not behave as planned (a failure that exits 0, a
success that exits non-zero, or no line matching the expected error message)
is not written; it is reported as skipped at the end, as are cases whose tool
is missing (go) or whose npm packages cannot be installed.

Run with the project's virtual environment (it provides pytest, mypy, ruff and
pip); it needs gcc, g++, make, cargo, javac/java, node/npm and git on PATH and
reaches the npm registry and PyPI.  A full run takes about a minute:

    .venv/bin/python tests/outputs/capture.py

The recorder is ``capture_corpus.py``; the groups of cases are in ``capture_pytest.py``, ``capture_python.py``,
``capture_shell.py``, ``capture_native.py``, ``capture_node.py`` and ``capture_hand_written.py``.

``capture.py ecosystems`` captures the second corpus instead, one failure and its success twin per ecosystem
(``ecosystems.py``, written to ``ecosystems/``).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from capture_corpus import CASES_DIR, CASES_JSON, Corpus, Skip
from capture_hand_written import hand_written
from capture_native import c_cases, go_cases, java_cases, make_cases, rust_cases
from capture_node import node_cases, node_test_runner
from capture_pytest import python_long_run, python_pytest, python_successes
from capture_python import pip_cases, python_linters, python_scripts, python_unittest
from capture_shell import git_cases, shell_cases


def main() -> int:
    if sys.argv[1:2] == ["ecosystems"]:  # the failure/success-twin corpus of tests/outputs/ecosystems
        from ecosystems import capture

        return capture(Corpus, Skip, sys.argv[2:] or None)
    if CASES_DIR.exists():
        shutil.rmtree(CASES_DIR)
    CASES_DIR.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="proj-") as tmp:
        corpus = Corpus(Path(tmp))
        for title, fn in [
            ("pytest", python_pytest),
            ("pytest, long output", python_long_run),
            ("python successes", python_successes),
            ("unittest", python_unittest),
            ("python scripts", python_scripts),
            ("mypy and ruff", python_linters),
            ("pip", pip_cases),
            ("shell", shell_cases),
            ("git", git_cases),
            ("c and c++", c_cases),
            ("make", make_cases),
            ("rust", rust_cases),
            ("java", java_cases),
            ("node", node_cases),
            ("node --test", node_test_runner),
            ("go", go_cases),
            ("hand-written tool errors", hand_written),
        ]:
            corpus.group(title, fn)
    CASES_JSON.write_text(json.dumps(corpus.cases, indent=2, ensure_ascii=False) + "\n")
    total = sum(p.stat().st_size for p in CASES_DIR.glob("*.txt")) + CASES_JSON.stat().st_size
    failures = sum(1 for case in corpus.cases if case["failed"])
    print(f"\n{len(corpus.cases)} cases ({failures} failures), {total / 1024:.1f} KiB with cases.json")
    if corpus.skipped:
        print("skipped:")
        for name, reason in corpus.skipped:
            print(f"  {name}: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
