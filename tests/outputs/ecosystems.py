"""The ecosystem corpus: one real failure per tool family, its fix, and the same command passing after it.

Run as ``.venv/bin/python tests/outputs/capture.py ecosystems``. Each group below builds a scratch project, runs
the failing command, applies one edit (recorded as ``fix``: the file, the text replaced and its replacement) and
runs the same command again: the success twin. Outputs go to ``ecosystems/cases/<name>.txt`` and the list to
``ecosystems/cases.json``; the line that says why each failure happened is not taken from here but written by hand
in ``ecosystems/truth.json``. A group whose tool is missing is skipped and listed, never faked. The groups are in
``ecosystems_js.py`` (Node's tools and npm), ``ecosystems_built.py`` (Go, Rust, Maven, CMake) and
``ecosystems_scripts.py`` (Ruby, PHP, PostgreSQL, Python, pip, git, curl, the shell); the second held-out part's
in ``ecosystems_langs.py`` (Perl, Lua, Elixir, Erlang, Haskell, R, Bun) and ``ecosystems_checkers.py`` (mypy, ruff,
ShellCheck, Terraform, SQLite, a C link under make); the third's, two failures per tool, in ``ecosystems_native.py``
(gfortran, Nim, gdc, dune, sanitizers, valgrind, CTest) and ``ecosystems_tools.py`` (tcltest, Guile, yamllint,
RuboCop, Clippy, go vet, Pyright); the fourth's, two failures per tool, in ``ecosystems_fourth.py`` (javac and
java, Free Pascal, GNAT, SBCL, SWI-Prolog's plunit, PHP, gawk) and ``ecosystems_fourth_checks.py`` (cppcheck,
xmllint, jq, Pylint, Bandit, Jasmine); the fifth's, two failures per tool, in ``ecosystems_fifth.py`` (Bats,
luacheck, dot, protoc, Meson, NASM, Ledger) and ``ecosystems_fifth_checks.py`` (flake8, SQLFluff, Black,
markdownlint, HTMLHint, Ajv, AVA, Stylelint); the sixth's, two failures per tool, in ``ecosystems_sixth.py``
(podchecker, shfmt, Icarus Verilog, ChkTeX, Gforth, HTML Tidy) and ``ecosystems_sixth_checks.py`` (pydocstyle,
Vulture, codespell, Prettier, esbuild); the seventh's, two failures per tool, in ``ecosystems_seventh.py`` (Bison,
m4, gnuplot, dash, checkbashisms, desktop-file-validate, mandoc, CLISP, GNU Prolog) and
``ecosystems_seventh_checks.py`` (rstcheck, cpplint, doc8, JSHint, Sass, jsonlint, Less); the eighth's, two
failures per tool, in ``ecosystems_eighth.py`` (tcc, Yosys, zsh, XMLStarlet, puppet-lint) and
``ecosystems_eighth_checks.py`` (Pyflakes, cfn-lint, gitlint, proselint, Standard, Rollup, Terser); the ninth's,
two failures per tool, in ``ecosystems_ninth.py`` (ocamlc, msgfmt, Ninja, CHICKEN's csc, Perl::Critic, Mono's mcs,
nginx) and ``ecosystems_ninth_checks.py`` (YAPF, check-jsonschema, CoffeeScript, Solhint, CSSLint, html-validate);
the tenth's, two failures per tool, in ``ecosystems_tenth.py`` (clang, gofmt, rustfmt, py_compile, Django, Alembic,
Ansible) and ``ecosystems_tenth_checks.py`` (isort, Poetry, Sphinx, MkDocs, Vitest, webpack, Biome); the eleventh's,
two failures per tool, in ``ecosystems_eleventh.py`` (g++, gdb, Perl, Rake, ERB, yq, OpenSSL, ``node --test``) and
``ecosystems_eleventh_checks.py`` (coverage.py, nox, Invoke); the twelfth's, two failures per tool, in
``ecosystems_twelfth.py`` (Zig, Lua, Redis, pnpm, Yarn, tsx, commitlint, Deno) and ``ecosystems_twelfth_checks.py``
(tox, pre-commit, uv, hadolint, clang-tidy, behave, Robot Framework); the thirteenth's, two failures per tool, in
``ecosystems_thirteenth.py`` (sed, tar, Clojure, oxlint, Vite, Babel, lint-staged, Turborepo) and
``ecosystems_thirteenth_checks.py`` (Hypothesis, pytest-xdist, ty, nbconvert, DuckDB, ansible-lint); the
fourteenth's, two failures per tool, in ``ecosystems_fourteenth.py`` (clang-format, GNU patch, rsync, Ant, Autoconf,
ts-node, CSpell, Parcel) and ``ecosystems_fourteenth_checks.py`` (Flask, dbt, Cython, SCons); the fifteenth's, two
failures per tool, in ``ecosystems_fifteenth.py`` (GnuPG, sha256sum, diff, pkg-config, HAProxy, Spectral, tape, Knip,
TypeDoc) and ``ecosystems_fifteenth_checks.py`` (deptry, djLint, Snakemake); the sixteenth's, two failures per
tool, in ``ecosystems_sixteenth.py`` (Composer, PHP_CodeSniffer, Caddy, promtool, docker-compose, Apache httpd) and
``ecosystems_sixteenth_checks.py`` (buf, uvu, Playwright Test, c8, Import Linter, zizmor); the seventeenth's, two
failures per tool, in ``ecosystems_seventeenth.py`` (Bundler, sshd, systemd-analyze, depcheck, dependency-cruiser,
markdown-link-check, license-checker) and ``ecosystems_seventeenth_checks.py`` (pytest-cov, pytest-timeout, Semgrep,
Twine); the eighteenth's, two failures per tool, in ``ecosystems_eighteenth.py`` (staticcheck, Doxygen, nyc, jscpd) and
``ecosystems_eighteenth_checks.py`` (typos, interrogate, stubtest, xenon, validate-pyproject); the nineteenth's, two
failures per tool, in ``ecosystems_nineteenth.py`` (Automake, pandoc, Verilator, madge, publint, tsd) and
``ecosystems_nineteenth_checks.py`` (doctest, build, REUSE, Gunicorn, pydoclint, Taplo); the twentieth's, two
failures per tool, in ``ecosystems_twentieth.py`` (GoogleTest, Hugo, Jsonnet, Pyrefly, Checkstyle) and
``ecosystems_twentieth_web.py`` (svelte-check, Tailwind CSS, Cucumber.js, Eleventy, SWC, GraphQL Code Generator); the
twenty-first's, two failures per tool, in ``ecosystems_twentyfirst.py`` (Catch2, valac, Cookiecutter, yoyo-migrations,
Asciidoctor) and ``ecosystems_twentyfirst_web.py`` (QUnit, tsup, Redocly CLI, remark-lint); the twenty-second's, two
failures per tool, in ``ecosystems_twentysecond.py`` (HLint, shUnit2, Sqitch, cmocka, the Erlang compiler, Jekyll) and
``ecosystems_twentysecond_checks.py`` (Checkov, Flow, textlint); the twenty-third's, two failures per tool, in
``ecosystems_twentythird.py`` (the Kotlin compiler, testthat, JUnit 4, Packer, PHPMD) and
``ecosystems_twentythird_checks.py`` (dbmate, vue-tsc, PDM, solcjs); the twenty-fourth's, two failures per tool, in
``ecosystems_twentyfourth.py`` (GnuCOBOL, Raku's Test, the Scala compiler, Haxe, Crystal's spec runner, BIND's
named-checkzone) and ``ecosystems_twentyfourth_checks.py`` (Squawk, kubernetes-validate); the twenty-fifth's, two
failures per tool, in ``ecosystems_twentyfifth.py`` (makeinfo, Check, Varnish, amtool, Puppet's parser, gem build) and
``ecosystems_twentyfifth_checks.py`` (nose2, quick-lint-js); the twenty-sixth's, two failures per tool, in
``ecosystems_twentysixth.py`` (unbound-checkconf, visudo, lighttpd, Jing, GHDL) and ``ecosystems_twentysixth_checks.py``
(pycodestyle, Yamale, Stylus); the twenty-seventh's, two failures per tool, in ``ecosystems_twentyseventh.py``
(xsltproc, glslangValidator, wat2wasm, Thrift) and ``ecosystems_twentyseventh_checks.py`` (jinja2-cli, papermill,
Next.js, Handlebars); the twenty-eighth's, two failures per tool, in ``ecosystems_twentyeighth.py`` (LuaRocks, Miller,
cmake-format) and ``ecosystems_twentyeighth_checks.py`` (sqlfmt, Frictionless, JSDoc, DCLint, dockerfile-utils);
the twenty-ninth's, two failures per tool, in ``ecosystems_twentyninth.py`` (openapi-spec-validator, dennis,
dotenv-linter) and ``ecosystems_twentyninth_checks.py`` (graphql-schema-linter, Rspack, Size Limit, lockfile-lint,
npm-package-json-lint); the thirtieth's, two failures per tool, in ``ecosystems_thirtieth.py`` (capnp, flatc, as, ld,
mako-render, PyMarkdown) and ``ecosystems_thirtieth_checks.py`` (EJS, Mustache); the thirty-first's, two failures per
tool, in ``ecosystems_thirtyfirst.py`` (flex, Yasm, autoflake, bashate, cmakelint, pre-commit-hooks, rst-lint) and
``ecosystems_thirtyfirst_checks.py`` (XO); the thirty-second's, two failures per tool, in ``ecosystems_thirtysecond.py``
(Poly/ML, dtc, SDCC, fish, Beancount, pykwalify) and ``ecosystems_thirtysecond_checks.py`` (alex, ReScript); the
thirty-third's, two failures per tool, in ``ecosystems_thirtythird.py`` (Z3, SWIG, re2c, SPIN, miniwdl, Vyper) and
``ecosystems_thirtythird_checks.py`` (MJML, Peggy); the thirty-fourth's, two failures per tool, in
``ecosystems_thirtyfourth.py`` (gringo, glpsol, Ragel, ca65, lemon) and ``ecosystems_thirtyfourth_checks.py`` (Hy,
textX, AssemblyScript); the thirty-fifth's, two failures per tool, in ``ecosystems_thirtyfifth.py`` (iasl, gperf,
Regina REXX, gpasm, Algol 68 Genie) and ``ecosystems_thirtyfifth_checks.py`` (cwltool, pyang, nearley); the
thirty-sixth's, two failures per tool, in ``ecosystems_thirtysixth.py`` (byacc, AVRA, xa, Splint, asn1c, rpcgen) and
``ecosystems_thirtysixth_checks.py`` (Kconfiglib, Coconut); the thirty-seventh's, two failures per tool, in
``ecosystems_thirtyseventh.py`` (Racket, Groovy, Kea, roqet, BaseX, rsyslog) and ``ecosystems_thirtyseventh_checks.py``
(just, xmlschema); the thirty-eighth's, two failures per tool, in ``ecosystems_thirtyeighth.py`` (LaTeX, JUnit 5, Nix,
dnsmasq, dpkg-deb, logrotate) and ``ecosystems_thirtyeighth_checks.py`` (Pyre, Wrangler); the thirty-ninth's, two
failures per tool, in ``ecosystems_thirtyninth.py`` (rpmbuild, Criterion, doveconf, Monit, cloud-init, NSD) and
``ecosystems_thirtyninth_checks.py`` (pytype, Hatch); the fortieth's, two failures per tool, in
``ecosystems_fortieth.py`` (PHP-FPM, PlantUML, fail2ban, chrony, Emacs, AppArmor) and ``ecosystems_fortieth_checks.py``
(Flit, refurb).
``capture.py ecosystems NAME ...`` captures only the named groups and keeps every other group's cases as they are.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent / "ecosystems"


class Pair:
    """A failure and its success twin in one project: run, fix, run again."""

    def __init__(self, c: Any, ecosystem: str, proj: Path) -> None:
        self.c, self.ecosystem, self.proj = c, ecosystem, proj

    def run(
        self, name: str, command: str, check: str, fix: tuple[str, str, str], timeout: int = 600, ahead: int = 2
    ) -> None:
        """``check``: a regex one line of the failure must match (the capture went as planned). ``ahead``: seconds
        the fixed file's time is set forward (0 for a tool that refuses a file dated in the future, as Meson does)."""
        c = self.c
        failed = c.case(
            name, command, self.proj, kind=f"{self.ecosystem}_failure", failed=True, message=check, timeout=timeout
        )
        if failed is None:
            return
        path, old, new = fix
        where = self.proj / path
        text = where.read_text()
        assert old in text, (name, path)
        where.write_text(text.replace(old, new, 1))
        if ahead:  # tools that rebuild by mtime (mix) must see the edit in the same second
            stamp = where.stat().st_mtime + ahead
            os.utime(where, (stamp, stamp))
        c.cases[-1].update(
            ecosystem=self.ecosystem,
            project=self.proj.name,
            twin=f"{name}_fixed",
            fix={"path": path, "old": old, "new": new, "before": text},
        )
        if c.case(f"{name}_fixed", command, self.proj, kind=f"{self.ecosystem}_pass", failed=False, timeout=timeout):
            c.cases[-1].update(ecosystem=self.ecosystem, twin=name)
        else:
            c.cases[-1].pop("ecosystem")  # a failure without its twin is not kept


def needs(c: Any, tool: str) -> None:
    """Skip the group, never fake it, when its tool is not on this machine."""
    if not shutil.which(tool, path=c.env["PATH"]):
        raise c.skip_error(f"{tool} is not installed")


def npm_project(c: Any, name: str, files: dict[str, str], packages: str) -> Path:
    needs(c, "npm")
    proj = c.project(name, files)
    c.setup(f"npm install --no-audit --no-fund --loglevel=error {packages}", proj)
    return proj


def groups() -> list[tuple[str, Callable[[Any], None]]]:
    """Every group, in the order captured (each module holds a family of tools; two modules list them)."""
    from ecosystems_first_groups import first_groups
    from ecosystems_later_groups import later_groups

    return first_groups() + later_groups()


def capture(corpus_type: Any, skip_type: type[Exception], only: list[str] | None = None) -> int:
    """Capture every group, or only the groups named in ``only`` (the others' cases are kept as they are)."""
    cases = HERE / "cases"
    chosen = [(title, fn) for title, fn in groups() if not only or title in only]
    unknown = sorted(set(only or ()) - {title for title, _ in chosen})
    if unknown:
        print(f"no such group: {', '.join(unknown)}")
        return 2
    kept: list[dict[str, Any]] = []
    if only and (HERE / "cases.json").exists():
        kept = [k for k in json.loads((HERE / "cases.json").read_text()) if k["ecosystem"] not in only]
    elif cases.exists():
        shutil.rmtree(cases)
    cases.mkdir(parents=True, exist_ok=True)
    for title in only or ():
        for old in cases.glob(f"{title}_*.txt"):
            old.unlink()
    with tempfile.TemporaryDirectory(prefix="proj-") as tmp:
        c = corpus_type(Path(tmp), cases)
        c.skip_error = skip_type
        for title, fn in chosen:
            c.group(title, fn)
    new = [case for case in c.cases if "ecosystem" in case]
    for case in c.cases:
        if "ecosystem" not in case:
            (cases / f"{case['name']}.txt").unlink(missing_ok=True)
    order = [title for title, _ in groups()]
    kept = sorted(kept + new, key=lambda k: order.index(k["ecosystem"]) if k["ecosystem"] in order else len(order))
    (HERE / "cases.json").write_text(json.dumps(kept, indent=2, ensure_ascii=False) + "\n")
    print(f"\n{len(kept)} cases in {len({k['ecosystem'] for k in kept})} ecosystems")
    for name, reason in c.skipped:
        print(f"  skipped {name}: {reason}")
    return 0
