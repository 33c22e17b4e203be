"""The ecosystem corpus's groups captured later (from the fifteenth held-out part's on), in the order captured;
``ecosystems.groups`` lists them after ``ecosystems_first_groups``'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ecosystems_eighteenth import doxygen, jscpd, nyc, staticcheck
from ecosystems_eighteenth_checks import interrogate, stubtest, typos, validate_pyproject, xenon
from ecosystems_fifteenth import diff, haproxy, knip, pkg_config, spectral, tape, typedoc
from ecosystems_fifteenth_checks import deptry, djlint, snakemake
from ecosystems_fortieth import apparmor, chrony, emacs, fail2ban, php_fpm, plantuml
from ecosystems_fortieth_checks import flit, refurb
from ecosystems_nineteenth import automake, madge, pandoc, publint, tsd, verilator
from ecosystems_nineteenth_checks import build, doctest, gunicorn, pydoclint, reuse, taplo
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
from ecosystems_sixteenth import apache, caddy, composer, docker_compose, phpcs, promtool
from ecosystems_sixteenth_checks import buf, c8, import_linter, playwright, uvu, zizmor
from ecosystems_thirtieth import capnp, flatc, gas, ld, mako, pymarkdown
from ecosystems_thirtieth_checks import ejs, mustache
from ecosystems_thirtyeighth import dnsmasq, dpkg_deb, junit5, latex, logrotate, nix
from ecosystems_thirtyeighth_checks import pyre, wrangler
from ecosystems_thirtyfifth import a68g, gpasm, gperf, iasl, rexx
from ecosystems_thirtyfifth_checks import cwltool, nearley, pyang
from ecosystems_thirtyfirst import autoflake, bashate, cmakelint, flex, pre_commit_hooks, rst_lint, yasm
from ecosystems_thirtyfirst_checks import xo
from ecosystems_thirtyfourth import ca65, glpsol, gringo, lemon, ragel
from ecosystems_thirtyfourth_checks import assemblyscript, hy, textx
from ecosystems_thirtyninth import cloud_init, criterion, doveconf, monit, nsd, rpmbuild
from ecosystems_thirtyninth_checks import hatch, pytype
from ecosystems_thirtysecond import beancount, dtc, fish, polyml, pykwalify, sdcc
from ecosystems_thirtysecond_checks import alex, rescript
from ecosystems_thirtyseventh import basex, groovy, kea, racket, roqet, rsyslog
from ecosystems_thirtyseventh_checks import just, xmlschema
from ecosystems_thirtysixth import asn1c, avra, byacc, rpcgen, splint, xa
from ecosystems_thirtysixth_checks import coconut, kconfiglib
from ecosystems_thirtythird import miniwdl, re2c, spin, swig, vyper, z3
from ecosystems_thirtythird_checks import mjml, peggy
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


def later_groups() -> list[tuple[str, Callable[[Any], None]]]:
    """The groups, in the order captured."""
    return [
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
        ("racket", racket),
        ("groovy", groovy),
        ("kea", kea),
        ("roqet", roqet),
        ("basex", basex),
        ("rsyslog", rsyslog),
        ("just", just),
        ("xmlschema", xmlschema),
        ("latex", latex),
        ("junit5", junit5),
        ("nix", nix),
        ("dnsmasq", dnsmasq),
        ("dpkg_deb", dpkg_deb),
        ("logrotate", logrotate),
        ("pyre", pyre),
        ("wrangler", wrangler),
        ("rpmbuild", rpmbuild),
        ("criterion", criterion),
        ("doveconf", doveconf),
        ("monit", monit),
        ("cloud_init", cloud_init),
        ("nsd", nsd),
        ("pytype", pytype),
        ("hatch", hatch),
        ("php_fpm", php_fpm),
        ("plantuml", plantuml),
        ("fail2ban", fail2ban),
        ("chrony", chrony),
        ("emacs", emacs),
        ("apparmor", apparmor),
        ("flit", flit),
        ("refurb", refurb),
    ]
