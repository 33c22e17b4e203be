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
``ecosystems_thirtysixth_checks.py`` (Kconfiglib, Coconut).
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
    """Every group, in the order captured (each module holds a family of tools)."""
    from ecosystems_built import cargo, cmake, go, maven
    from ecosystems_checkers import make_link, mypy, ruff, shellcheck, sqlite, terraform
    from ecosystems_eighteenth import doxygen, jscpd, nyc, staticcheck
    from ecosystems_eighteenth_checks import interrogate, stubtest, typos, validate_pyproject, xenon
    from ecosystems_eighth import puppet_lint, tcc, xmlstarlet, yosys, zsh
    from ecosystems_eighth_checks import cfn_lint, gitlint, proselint, pyflakes, rollup, standard, terser
    from ecosystems_eleventh import erb, gdb, gpp, node_test, openssl, perl, rake, yq
    from ecosystems_eleventh_checks import coverage, invoke, nox
    from ecosystems_fifteenth import diff, gpg, haproxy, knip, pkg_config, sha256sum, spectral, tape, typedoc
    from ecosystems_fifteenth_checks import deptry, djlint, snakemake
    from ecosystems_fifth import bats, dot, ledger, luacheck, meson, nasm, protoc
    from ecosystems_fifth_checks import ajv, ava, black, flake8, htmlhint, markdownlint, sqlfluff, stylelint
    from ecosystems_fourteenth import ant, autoconf, clang_format, cspell, parcel, patch, rsync, ts_node
    from ecosystems_fourteenth_checks import cython, dbt, flask, scons
    from ecosystems_fourth import fpc, gawk, gnat, javac, php, plunit, sbcl
    from ecosystems_fourth_checks import bandit, cppcheck, jasmine, jq, pylint, xmllint
    from ecosystems_js import eslint, jest, mocha, node, npm, tsc
    from ecosystems_langs import bun, busted, eunit, exunit, ghc, prove, rscript
    from ecosystems_native import ctest, dune, gdc, gfortran, nim, sanitizers, valgrind
    from ecosystems_nineteenth import automake, madge, pandoc, publint, tsd, verilator
    from ecosystems_nineteenth_checks import build, doctest, gunicorn, pydoclint, reuse, taplo
    from ecosystems_ninth import chicken, mcs, msgfmt, nginx, ninja, ocamlc, perlcritic
    from ecosystems_ninth_checks import check_jsonschema, coffee, csslint, html_validate, solhint, yapf
    from ecosystems_scripts import curl, git, minitest, phpunit, pip, psql, pytest, rspec, shell, unittest
    from ecosystems_seventeenth import (
        bundler,
        depcheck,
        dependency_cruiser,
        license_checker,
        markdown_link_check,
        sshd,
        systemd_analyze,
    )
    from ecosystems_seventeenth_checks import pytest_cov, pytest_timeout, semgrep, twine
    from ecosystems_seventh import (
        bison,
        checkbashisms,
        clisp,
        dash,
        desktop_file_validate,
        gnuplot,
        gprolog,
        m4,
        mandoc,
    )
    from ecosystems_seventh_checks import cpplint, doc8, jshint, jsonlint, lessc, rstcheck, sass
    from ecosystems_sixteenth import apache, caddy, composer, docker_compose, phpcs, promtool
    from ecosystems_sixteenth_checks import buf, c8, import_linter, playwright, uvu, zizmor
    from ecosystems_sixth import chktex, gforth, iverilog, podchecker, shfmt, tidy
    from ecosystems_sixth_checks import codespell, esbuild, prettier, pydocstyle, vulture
    from ecosystems_tenth import alembic, ansible, clang, django, gofmt, py_compile, rustfmt
    from ecosystems_tenth_checks import biome, isort, mkdocs, poetry, sphinx, vitest, webpack
    from ecosystems_thirteenth import babel, clojure, lint_staged, oxlint, sed, tar, turbo, vite
    from ecosystems_thirteenth_checks import ansible_lint, duckdb, hypothesis, nbconvert, ty, xdist
    from ecosystems_thirtieth import capnp, flatc, gas, ld, mako, pymarkdown
    from ecosystems_thirtieth_checks import ejs, mustache
    from ecosystems_thirtyfifth import a68g, gpasm, gperf, iasl, rexx
    from ecosystems_thirtyfifth_checks import cwltool, nearley, pyang
    from ecosystems_thirtyfirst import autoflake, bashate, cmakelint, flex, pre_commit_hooks, rst_lint, yasm
    from ecosystems_thirtyfirst_checks import xo
    from ecosystems_thirtyfourth import ca65, glpsol, gringo, lemon, ragel
    from ecosystems_thirtyfourth_checks import assemblyscript, hy, textx
    from ecosystems_thirtysecond import beancount, dtc, fish, polyml, pykwalify, sdcc
    from ecosystems_thirtysecond_checks import alex, rescript
    from ecosystems_thirtysixth import asn1c, avra, byacc, rpcgen, splint, xa
    from ecosystems_thirtysixth_checks import coconut, kconfiglib
    from ecosystems_thirtythird import miniwdl, re2c, spin, swig, vyper, z3
    from ecosystems_thirtythird_checks import mjml, peggy
    from ecosystems_tools import clippy, govet, guile, pyright, rubocop, tcltest, yamllint
    from ecosystems_twelfth import commitlint, deno, lua, pnpm, redis, tsx, yarn, zig
    from ecosystems_twelfth_checks import behave, clang_tidy, hadolint, pre_commit, robot, tox, uv
    from ecosystems_twentieth import checkstyle, gtest, hugo, jsonnet, pyrefly
    from ecosystems_twentieth_web import cucumber, eleventy, graphql_codegen, svelte_check, swc, tailwindcss
    from ecosystems_twentyeighth import cmake_format, luarocks, miller
    from ecosystems_twentyeighth_checks import dclint, dockerfile_utils, frictionless, jsdoc, sqlfmt
    from ecosystems_twentyfifth import amtool, gem, libcheck, makeinfo, puppet_parser, varnish
    from ecosystems_twentyfifth_checks import nose2, quick_lint_js
    from ecosystems_twentyfirst import asciidoctor, catch2, cookiecutter, valac, yoyo
    from ecosystems_twentyfirst_web import qunit, redocly, remark, tsup
    from ecosystems_twentyfourth import cobc, crystal, haxe, named_checkzone, raku, scalac
    from ecosystems_twentyfourth_checks import kubernetes_validate, squawk
    from ecosystems_twentyninth import dennis, dotenv_linter, openapi_spec_validator
    from ecosystems_twentyninth_checks import (
        graphql_schema_linter,
        lockfile_lint,
        npm_package_json_lint,
        rspack,
        size_limit,
    )
    from ecosystems_twentysecond import cmocka, erlc, hlint, jekyll, shunit2, sqitch
    from ecosystems_twentysecond_checks import checkov, flow, textlint
    from ecosystems_twentyseventh import glslang, thrift, wat2wasm, xsltproc
    from ecosystems_twentyseventh_checks import handlebars, jinja2, next_build, papermill
    from ecosystems_twentysixth import ghdl, jing, lighttpd, unbound_checkconf, visudo
    from ecosystems_twentysixth_checks import pycodestyle, stylus, yamale
    from ecosystems_twentythird import junit4, kotlinc, packer, phpmd, testthat
    from ecosystems_twentythird_checks import dbmate, pdm, solcjs, vue_tsc

    return [
        ("jest", jest),
        ("mocha", mocha),
        ("eslint", eslint),
        ("tsc", tsc),
        ("node", node),
        ("go", go),
        ("cargo", cargo),
        ("maven", maven),
        ("rspec", rspec),
        ("minitest", minitest),
        ("phpunit", phpunit),
        ("cmake", cmake),
        ("psql", psql),
        ("pip", pip),
        ("npm", npm),
        ("git", git),
        ("curl", curl),
        ("shell", shell),
        ("pytest", pytest),
        ("unittest", unittest),
        ("prove", prove),
        ("busted", busted),
        ("exunit", exunit),
        ("eunit", eunit),
        ("ghc", ghc),
        ("rscript", rscript),
        ("bun", bun),
        ("mypy", mypy),
        ("ruff", ruff),
        ("shellcheck", shellcheck),
        ("terraform", terraform),
        ("sqlite", sqlite),
        ("make", make_link),
        ("gfortran", gfortran),
        ("nim", nim),
        ("gdc", gdc),
        ("dune", dune),
        ("sanitizers", sanitizers),
        ("valgrind", valgrind),
        ("ctest", ctest),
        ("tcltest", tcltest),
        ("guile", guile),
        ("yamllint", yamllint),
        ("rubocop", rubocop),
        ("clippy", clippy),
        ("govet", govet),
        ("pyright", pyright),
        ("javac", javac),
        ("fpc", fpc),
        ("gnat", gnat),
        ("sbcl", sbcl),
        ("plunit", plunit),
        ("php", php),
        ("gawk", gawk),
        ("cppcheck", cppcheck),
        ("xmllint", xmllint),
        ("jq", jq),
        ("pylint", pylint),
        ("bandit", bandit),
        ("jasmine", jasmine),
        ("bats", bats),
        ("luacheck", luacheck),
        ("dot", dot),
        ("protoc", protoc),
        ("meson", meson),
        ("nasm", nasm),
        ("ledger", ledger),
        ("flake8", flake8),
        ("sqlfluff", sqlfluff),
        ("black", black),
        ("markdownlint", markdownlint),
        ("htmlhint", htmlhint),
        ("ajv", ajv),
        ("ava", ava),
        ("stylelint", stylelint),
        ("podchecker", podchecker),
        ("shfmt", shfmt),
        ("iverilog", iverilog),
        ("chktex", chktex),
        ("gforth", gforth),
        ("tidy", tidy),
        ("pydocstyle", pydocstyle),
        ("vulture", vulture),
        ("codespell", codespell),
        ("prettier", prettier),
        ("esbuild", esbuild),
        ("bison", bison),
        ("m4", m4),
        ("gnuplot", gnuplot),
        ("dash", dash),
        ("checkbashisms", checkbashisms),
        ("desktop_file_validate", desktop_file_validate),
        ("mandoc", mandoc),
        ("clisp", clisp),
        ("gprolog", gprolog),
        ("rstcheck", rstcheck),
        ("cpplint", cpplint),
        ("doc8", doc8),
        ("jshint", jshint),
        ("sass", sass),
        ("jsonlint", jsonlint),
        ("lessc", lessc),
        ("tcc", tcc),
        ("yosys", yosys),
        ("zsh", zsh),
        ("xmlstarlet", xmlstarlet),
        ("puppet_lint", puppet_lint),
        ("pyflakes", pyflakes),
        ("cfn_lint", cfn_lint),
        ("gitlint", gitlint),
        ("proselint", proselint),
        ("standard", standard),
        ("rollup", rollup),
        ("terser", terser),
        ("ocamlc", ocamlc),
        ("msgfmt", msgfmt),
        ("ninja", ninja),
        ("chicken", chicken),
        ("perlcritic", perlcritic),
        ("mcs", mcs),
        ("nginx", nginx),
        ("yapf", yapf),
        ("check_jsonschema", check_jsonschema),
        ("coffee", coffee),
        ("solhint", solhint),
        ("csslint", csslint),
        ("html_validate", html_validate),
        ("clang", clang),
        ("gofmt", gofmt),
        ("rustfmt", rustfmt),
        ("py_compile", py_compile),
        ("django", django),
        ("alembic", alembic),
        ("ansible", ansible),
        ("isort", isort),
        ("poetry", poetry),
        ("sphinx", sphinx),
        ("mkdocs", mkdocs),
        ("vitest", vitest),
        ("webpack", webpack),
        ("biome", biome),
        ("gpp", gpp),
        ("gdb", gdb),
        ("perl", perl),
        ("rake", rake),
        ("erb", erb),
        ("yq", yq),
        ("openssl", openssl),
        ("node_test", node_test),
        ("coverage", coverage),
        ("nox", nox),
        ("invoke", invoke),
        ("zig", zig),
        ("lua", lua),
        ("redis", redis),
        ("pnpm", pnpm),
        ("yarn", yarn),
        ("tsx", tsx),
        ("commitlint", commitlint),
        ("deno", deno),
        ("tox", tox),
        ("pre_commit", pre_commit),
        ("uv", uv),
        ("hadolint", hadolint),
        ("clang_tidy", clang_tidy),
        ("behave", behave),
        ("robot", robot),
        ("sed", sed),
        ("tar", tar),
        ("clojure", clojure),
        ("oxlint", oxlint),
        ("vite", vite),
        ("babel", babel),
        ("lint_staged", lint_staged),
        ("turbo", turbo),
        ("hypothesis", hypothesis),
        ("xdist", xdist),
        ("ty", ty),
        ("nbconvert", nbconvert),
        ("duckdb", duckdb),
        ("ansible_lint", ansible_lint),
        ("clang_format", clang_format),
        ("patch", patch),
        ("rsync", rsync),
        ("ant", ant),
        ("autoconf", autoconf),
        ("ts_node", ts_node),
        ("cspell", cspell),
        ("parcel", parcel),
        ("flask", flask),
        ("dbt", dbt),
        ("cython", cython),
        ("scons", scons),
        ("gpg", gpg),
        ("sha256sum", sha256sum),
        ("diff", diff),
        ("pkg_config", pkg_config),
        ("haproxy", haproxy),
        ("spectral", spectral),
        ("tape", tape),
        ("knip", knip),
        ("typedoc", typedoc),
        ("deptry", deptry),
        ("djlint", djlint),
        ("snakemake", snakemake),
        ("composer", composer),
        ("phpcs", phpcs),
        ("caddy", caddy),
        ("promtool", promtool),
        ("docker_compose", docker_compose),
        ("apache", apache),
        ("buf", buf),
        ("uvu", uvu),
        ("playwright", playwright),
        ("c8", c8),
        ("import_linter", import_linter),
        ("zizmor", zizmor),
        ("bundler", bundler),
        ("sshd", sshd),
        ("systemd_analyze", systemd_analyze),
        ("depcheck", depcheck),
        ("dependency_cruiser", dependency_cruiser),
        ("markdown_link_check", markdown_link_check),
        ("license_checker", license_checker),
        ("pytest_cov", pytest_cov),
        ("pytest_timeout", pytest_timeout),
        ("semgrep", semgrep),
        ("twine", twine),
        ("staticcheck", staticcheck),
        ("doxygen", doxygen),
        ("nyc", nyc),
        ("jscpd", jscpd),
        ("typos", typos),
        ("interrogate", interrogate),
        ("stubtest", stubtest),
        ("xenon", xenon),
        ("validate_pyproject", validate_pyproject),
        ("automake", automake),
        ("pandoc", pandoc),
        ("verilator", verilator),
        ("madge", madge),
        ("publint", publint),
        ("tsd", tsd),
        ("doctest", doctest),
        ("build", build),
        ("reuse", reuse),
        ("gunicorn", gunicorn),
        ("pydoclint", pydoclint),
        ("taplo", taplo),
        ("gtest", gtest),
        ("hugo", hugo),
        ("jsonnet", jsonnet),
        ("pyrefly", pyrefly),
        ("svelte_check", svelte_check),
        ("tailwindcss", tailwindcss),
        ("cucumber", cucumber),
        ("eleventy", eleventy),
        ("checkstyle", checkstyle),
        ("swc", swc),
        ("graphql_codegen", graphql_codegen),
        ("catch2", catch2),
        ("valac", valac),
        ("cookiecutter", cookiecutter),
        ("yoyo", yoyo),
        ("qunit", qunit),
        ("tsup", tsup),
        ("redocly", redocly),
        ("asciidoctor", asciidoctor),
        ("remark", remark),
        ("hlint", hlint),
        ("shunit2", shunit2),
        ("sqitch", sqitch),
        ("cmocka", cmocka),
        ("erlc", erlc),
        ("jekyll", jekyll),
        ("checkov", checkov),
        ("flow", flow),
        ("textlint", textlint),
        ("kotlinc", kotlinc),
        ("testthat", testthat),
        ("junit4", junit4),
        ("packer", packer),
        ("phpmd", phpmd),
        ("dbmate", dbmate),
        ("vue_tsc", vue_tsc),
        ("pdm", pdm),
        ("solcjs", solcjs),
        ("cobc", cobc),
        ("raku", raku),
        ("scalac", scalac),
        ("haxe", haxe),
        ("crystal", crystal),
        ("named_checkzone", named_checkzone),
        ("squawk", squawk),
        ("kubernetes_validate", kubernetes_validate),
        ("makeinfo", makeinfo),
        ("libcheck", libcheck),
        ("varnish", varnish),
        ("amtool", amtool),
        ("puppet_parser", puppet_parser),
        ("gem", gem),
        ("nose2", nose2),
        ("quick_lint_js", quick_lint_js),
        ("unbound_checkconf", unbound_checkconf),
        ("visudo", visudo),
        ("lighttpd", lighttpd),
        ("jing", jing),
        ("ghdl", ghdl),
        ("pycodestyle", pycodestyle),
        ("yamale", yamale),
        ("stylus", stylus),
        ("xsltproc", xsltproc),
        ("glslang", glslang),
        ("wat2wasm", wat2wasm),
        ("thrift", thrift),
        ("jinja2", jinja2),
        ("papermill", papermill),
        ("next", next_build),
        ("handlebars", handlebars),
        ("luarocks", luarocks),
        ("miller", miller),
        ("cmake_format", cmake_format),
        ("sqlfmt", sqlfmt),
        ("frictionless", frictionless),
        ("jsdoc", jsdoc),
        ("dclint", dclint),
        ("dockerfile_utils", dockerfile_utils),
        ("openapi_spec_validator", openapi_spec_validator),
        ("dennis", dennis),
        ("dotenv_linter", dotenv_linter),
        ("graphql_schema_linter", graphql_schema_linter),
        ("rspack", rspack),
        ("size_limit", size_limit),
        ("lockfile_lint", lockfile_lint),
        ("npm_package_json_lint", npm_package_json_lint),
        ("capnp", capnp),
        ("flatc", flatc),
        ("gas", gas),
        ("ld", ld),
        ("mako", mako),
        ("pymarkdown", pymarkdown),
        ("ejs", ejs),
        ("mustache", mustache),
        ("flex", flex),
        ("yasm", yasm),
        ("autoflake", autoflake),
        ("bashate", bashate),
        ("cmakelint", cmakelint),
        ("pre_commit_hooks", pre_commit_hooks),
        ("rst_lint", rst_lint),
        ("xo", xo),
        ("polyml", polyml),
        ("dtc", dtc),
        ("sdcc", sdcc),
        ("fish", fish),
        ("beancount", beancount),
        ("pykwalify", pykwalify),
        ("alex", alex),
        ("rescript", rescript),
        ("z3", z3),
        ("swig", swig),
        ("re2c", re2c),
        ("spin", spin),
        ("miniwdl", miniwdl),
        ("vyper", vyper),
        ("mjml", mjml),
        ("peggy", peggy),
        ("gringo", gringo),
        ("glpsol", glpsol),
        ("ragel", ragel),
        ("ca65", ca65),
        ("lemon", lemon),
        ("hy", hy),
        ("textx", textx),
        ("assemblyscript", assemblyscript),
        ("iasl", iasl),
        ("gperf", gperf),
        ("rexx", rexx),
        ("gpasm", gpasm),
        ("a68g", a68g),
        ("cwltool", cwltool),
        ("pyang", pyang),
        ("nearley", nearley),
        ("byacc", byacc),
        ("avra", avra),
        ("xa", xa),
        ("splint", splint),
        ("asn1c", asn1c),
        ("rpcgen", rpcgen),
        ("kconfiglib", kconfiglib),
        ("coconut", coconut),
    ]


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
