"""Ecosystem corpus groups of the second held-out part: Perl, Lua, Elixir, Erlang, Haskell, R and Bun (see
``ecosystems.py``). Each is one real failure of its own runner or compiler, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def prove(c: Any) -> None:
    needs(c, "prove")
    proj = c.project(
        "unitprice",
        {
            "lib/Price.pm": """
            package Price;
            use strict;
            use warnings;

            sub per_unit {
                my ($total, $count) = @_;
                return $total / $count;
            }

            1;
        """,
            "t/price.t": """
            use strict;
            use warnings;
            use Test::More tests => 1;
            use lib 'lib';
            use Price;

            is(Price::per_unit(100, 0), 0, 'an empty order costs nothing per unit');
        """,
        },
    )
    Pair(c, "prove", proj).run(
        "prove_division_by_zero",
        "prove -l t",
        r"Illegal division by zero",
        ("lib/Price.pm", "return $total / $count;", "return $count ? $total / $count : 0;"),
    )


def busted(c: Any) -> None:
    needs(c, "busted")
    proj = c.project(
        "words",
        {
            "src/words.lua": """
            local M = {}

            function M.count(text)
              local n = 0
              for _ in text:gmatch("%a+") do
                n = n + 1
              end
              return n
            end

            return M
        """,
            "spec/words_spec.lua": """
            package.path = "src/?.lua;" .. package.path
            local words = require("words")

            describe("words", function()
              it("counts a contraction as one word", function()
                assert.are.equal(3, words.count("it's a test"))
              end)
            end)
        """,
        },
    )
    Pair(c, "busted", proj).run(
        "busted_assertion",
        "busted -o plainTerminal spec",
        r"Expected objects to be equal",
        ("src/words.lua", 'text:gmatch("%a+")', 'text:gmatch("[%a\']+")'),
    )


def exunit(c: Any) -> None:
    needs(c, "mix")
    proj = c.project(
        "settings",
        {
            "mix.exs": """
            defmodule Settings.MixProject do
              use Mix.Project

              def project, do: [app: :settings, version: "0.1.0", elixir: "~> 1.14", deps: []]
            end
        """,
            "lib/settings.ex": """
            defmodule Settings do
              def port(conf) do
                conf |> Map.fetch!("port") |> String.to_integer()
              end
            end
        """,
            "test/test_helper.exs": "ExUnit.start()\n",
            "test/settings_test.exs": """
            defmodule SettingsTest do
              use ExUnit.Case

              test "reads the port of a parsed config" do
                assert Settings.port(%{"host" => "db", "Port" => "5432"}) == 5432
              end
            end
        """,
        },
    )
    c.env["MIX_HOME"] = str(c.root / "mix-home")
    Pair(c, "exunit", proj).run(
        "exunit_key_error",
        "mix test --no-color",
        r"KeyError",
        ("lib/settings.ex", 'Map.fetch!("port")', 'Map.fetch!("Port")'),
    )


def eunit(c: Any) -> None:
    needs(c, "erlc")
    proj = c.project(
        "ledger",
        {
            "ledger.erl": """
            -module(ledger).
            -export([balance/1]).
            -include_lib("eunit/include/eunit.hrl").

            balance(Entries) ->
                lists:foldl(fun({credit, N}, Acc) -> Acc + N; ({debit, N}, Acc) -> Acc + N end, 0, Entries).

            balance_test() ->
                ?assertEqual(70, balance([{credit, 100}, {debit, 30}])).
        """,
        },
    )
    Pair(c, "eunit", proj).run(
        "eunit_assert_equal",
        "erlc ledger.erl && erl -noshell -eval 'case eunit:test(ledger, [verbose]) of ok -> halt(0); _ -> halt(1) end'",
        r"\{expected,70\}",
        ("ledger.erl", "({debit, N}, Acc) -> Acc + N", "({debit, N}, Acc) -> Acc - N"),
    )


def ghc(c: Any) -> None:
    needs(c, "ghc")
    proj = c.project(
        "greet",
        {
            "Main.hs": """
            module Main where

            greeting :: String -> Int -> String
            greeting name times = concat (replicate times ("hello " ++ name ++ "\\n"))

            main :: IO ()
            main = putStr (greeting 2 "world")
        """,
        },
    )
    Pair(c, "ghc", proj).run(
        "ghc_type_error",
        "ghc -fno-code Main.hs",
        r"error",
        ("Main.hs", 'greeting 2 "world"', 'greeting "world" 2'),
    )


def rscript(c: Any) -> None:
    needs(c, "Rscript")
    proj = c.project(
        "sales",
        {
            "report.R": """
            sales <- data.frame(region = c("north", "south"), amount = c(120, 80))
            average <- function(df) {
              sum(df$amount) / nrow(df)
            }
            cat("average:", average(sales), "\\n")
            cat("best region:", best_region(sales), "\\n")
        """,
            "helpers.R": """
            best_region <- function(df) {
              df$region[which.max(df$amount)]
            }
        """,
        },
    )
    Pair(c, "rscript", proj).run(
        "rscript_missing_function",
        "Rscript report.R",
        r"could not find function",
        ("report.R", "sales <- data.frame", 'source("helpers.R")\nsales <- data.frame'),
    )


def bun(c: Any) -> None:
    needs(c, "npm")
    proj = c.project(
        "bunapp",
        {
            "package.json": '{"name": "bunapp", "version": "1.0.0", "private": true}\n',
            "profile.ts": """
            export interface User { id: number; profile?: { name: string } }
            export function displayName(user: User): string {
              return user.profile.name.trim();
            }
        """,
            "profile.test.ts": """
            import { expect, test } from "bun:test";
            import { displayName } from "./profile";

            test("a user without a profile shows its id", () => {
              expect(displayName({ id: 7 })).toBe("user 7");
            });
        """,
        },
    )
    c.setup("npm install --no-audit --no-fund --loglevel=error bun@1", proj)
    Pair(c, "bun", proj).run(
        "bun_type_error",
        "npx bun test",
        r"TypeError",
        ("profile.ts", "return user.profile.name.trim();", "return user.profile?.name.trim() ?? `user ${user.id}`;"),
    )
