"""Ecosystem corpus groups of the twelfth held-out part, runtimes and tools people run every day (see
``ecosystems.py``): Zig (the ``ziglang`` wheel's compiler), Lua 5.4, Redis (a server started for the group,
``redis-cli -e``), pnpm, Yarn 1, tsx, commitlint and Deno (from npm). Each group is two distinct real failures of its
tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

REDIS_PORT = 6391


def zig(c: Any) -> None:
    needs(c, "zig")
    proj = c.project(
        "ringbuf",
        {
            "src/main.zig": """
            const std = @import("std");

            pub fn main() void {
                const readings = [_]u32{ 12, 15, 11 };
                var sum: u32 = 0;
                for (readings) |r| sum += r;
                std.debug.print("average: {d}\\n", .{sum / reading.len});
            }
        """,
            "src/stats.zig": """
            const std = @import("std");

            pub fn median(sorted: []const i32) i32 {
                return sorted[sorted.len / 2 - 1];
            }

            test "median of an odd count" {
                const xs = [_]i32{ 1, 4, 9 };
                try std.testing.expectEqual(@as(i32, 4), median(&xs));
            }
        """,
        },
    )
    pair = Pair(c, "zig", proj)
    pair.run(
        "zig_undeclared_identifier",
        "zig run src/main.zig",
        r"use of undeclared identifier",
        ("src/main.zig", "sum / reading.len", "sum / readings.len"),
    )
    pair.run(
        "zig_test_failure",
        "zig test src/stats.zig",
        r"expected 4, found 1",
        ("src/stats.zig", "sorted[sorted.len / 2 - 1]", "sorted[sorted.len / 2]"),
    )


def lua(c: Any) -> None:
    needs(c, "lua5.4")
    proj = c.project(
        "luaconf",
        {
            "config.lua": """
            local M = {}

            local defaults = {
              server = { host = "127.0.0.1", port = 8080 },
              log = { level = "info" },
            }

            function M.get(section)
              return defaults[section]
            end

            return M
        """,
            "serve.lua": """
            package.path = "./?.lua;" .. package.path
            local config = require("config")

            local server = config.get("sever")
            print(string.format("listening on %s:%d", server.host, server.port))
        """,
            "report.lua": """
            package.path = "./?.lua;" .. package.path
            local fmt = require("fmt")

            print(fmt.money(1234.5))
        """,
            "fmt.lua": """
            local M = {}

            function M.money(amount)
              local whole = math.floor(amount)
              local cents = math.floor((amount - whole) * 100 + 0.5)
              if cents == 100 then
                whole, cents = whole + 1, 0
              return string.format("$%d.%02d", whole, cents)
            end

            return M
        """,
        },
    )
    pair = Pair(c, "lua", proj)
    pair.run(
        "lua_index_nil",
        "lua5.4 serve.lua",
        r"attempt to index a nil value",
        ("serve.lua", 'config.get("sever")', 'config.get("server")'),
    )
    pair.run(
        "lua_syntax_error",
        "lua5.4 report.lua",
        r"'end' expected",
        ("fmt.lua", "whole, cents = whole + 1, 0\n", "whole, cents = whole + 1, 0\n  end\n"),
    )


def redis(c: Any) -> None:
    needs(c, "redis-server")
    needs(c, "redis-cli")
    proj = c.project(
        "sessions",
        {
            "seed.sh": """
            #!/bin/sh
            set -e
            r() { redis-cli -e -p "${REDIS_PORT:-6379}" "$@"; }

            r DEL user:7 user:7:roles
            r HSET user:7 name Ada plan pro
            r SADD user:7 admin beta
            r SMEMBERS user:7:roles
        """,
            "reserve.lua": """
            local stock = tonumber(redis.call('GET', KEYS[1]))
            if stock >= tonumber(ARGV[1]) then
              return redis.call('DECRBY', KEYS[1], ARGV[1])
            end
            return -1
        """,
        },
    )
    port = f"--port {REDIS_PORT} --bind 127.0.0.1"
    c.setup(
        f"redis-server {port} --daemonize yes --save '' --appendonly no --pidfile {proj}/redis.pid"
        f" --logfile {proj}/redis.log && sleep 1 && redis-cli -p {REDIS_PORT} ping",
        proj,
    )
    try:
        pair = Pair(c, "redis", proj)
        pair.run(
            "redis_wrong_type",
            f"REDIS_PORT={REDIS_PORT} sh seed.sh",
            r"WRONGTYPE",
            ("seed.sh", "r SADD user:7 admin", "r SADD user:7:roles admin"),
        )
        pair.run(
            "redis_script_error",
            f"redis-cli -e -p {REDIS_PORT} --eval reserve.lua stock:pen , 2",
            r"attempt to compare",
            (
                "reserve.lua",
                "tonumber(redis.call('GET', KEYS[1]))",
                "tonumber(redis.call('GET', KEYS[1]) or '0')",
            ),
        )
    finally:
        c.setup(f"redis-cli -p {REDIS_PORT} shutdown nosave || true", proj)


def pnpm(c: Any) -> None:
    needs(c, "pnpm")
    proj = c.project(
        "dashboard",
        {
            "package.json": """
            {
              "name": "dashboard",
              "version": "1.0.0",
              "private": true,
              "type": "module",
              "scripts": {
                "build": "node scripts/build.js"
              }
            }
        """,
            "scripts/build.js": """
            import { readFileSync, mkdirSync, writeFileSync } from "node:fs";

            const widgets = JSON.parse(readFileSync("widgets.json", "utf8"));
            mkdirSync("dist", { recursive: true });
            for (const w of widgets) {
              if (!w.query) throw new Error(`widget "${w.id}" has no query`);
              writeFileSync(`dist/${w.id}.json`, JSON.stringify(w));
            }
            console.log(`built ${widgets.length} widgets`);
        """,
            "widgets.json": """
            [
              {"id": "signups", "query": "select count(*) from users"},
              {"id": "revenue", "querry": "select sum(total) from orders"}
            ]
        """,
        },
    )
    pair = Pair(c, "pnpm", proj)
    pair.run(
        "pnpm_script_failed",
        "pnpm run build",
        r"has no query",
        ("widgets.json", '"querry"', '"query"'),
    )
    pair.run(
        "pnpm_missing_script",
        "pnpm run build && pnpm run check",
        r"(?i)missing script|NO_SCRIPT",
        (
            "package.json",
            '"build": "node scripts/build.js"',
            '"build": "node scripts/build.js",\n    "check": "node --check scripts/build.js"',
        ),
    )


def yarn(c: Any) -> None:
    needs(c, "yarn")
    proj = c.project(
        "mailer",
        {
            "package.json": """
            {
              "name": "mailer",
              "version": "1.0.0",
              "private": true,
              "license": "MIT",
              "scripts": {
                "render": "node render.js welcome"
              }
            }
        """,
            "render.js": """
            const fs = require("fs");

            const name = process.argv[2];
            const template = fs.readFileSync(`templates/${name}.txt`, "utf8");
            console.log(template.replace("{{user}}", "Ada"));
        """,
            "templates/welcom.txt": "Welcome aboard, {{user}}!\n",
        },
    )
    pair = Pair(c, "yarn", proj)
    pair.run(
        "yarn_script_failed",
        "yarn render",
        r"ENOENT",
        ("package.json", '"render": "node render.js welcome"', '"render": "node render.js welcom"'),
    )
    pair.run(
        "yarn_command_not_found",
        "yarn preview",
        r"(?i)command .preview. not found",
        (
            "package.json",
            '"render": "node render.js welcom"',
            '"render": "node render.js welcom",\n    "preview": "node render.js welcom"',
        ),
    )


def tsx(c: Any) -> None:
    proj = npm_project(
        c,
        "invoices-ts",
        {
            "package.json": '{"name": "invoices-ts", "version": "1.0.0", "private": true, "type": "module"}\n',
            "src/total.ts": """
            interface Line {
              sku: string;
              cents: number;
              discount?: { percent: number };
            }

            const lines: Line[] = [
              { sku: "A-1", cents: 1200, discount: { percent: 10 } },
              { sku: "B-2", cents: 800 },
            ];

            let total = 0;
            for (const line of lines) {
              total += line.cents * (1 - line.discount!.percent / 100);
            }
            console.log(`total: ${(total / 100).toFixed(2)}`);
        """,
            "src/tax.ts": """
            export function withTax(cents: number, rate: number): number {
              return Math.round(cents * (1 + rate);
            }

            console.log(withTax(1000, 0.2));
        """,
        },
        "tsx@4",
    )
    pair = Pair(c, "tsx", proj)
    pair.run(
        "tsx_type_error",
        "npx tsx src/total.ts",
        r"TypeError",
        ("src/total.ts", "line.discount!.percent", "(line.discount?.percent ?? 0)"),
    )
    pair.run(
        "tsx_transform_error",
        "npx tsx src/tax.ts",
        r"Expected|Transform failed|ERROR",
        ("src/tax.ts", "(1 + rate);", "(1 + rate));"),
    )


def commitlint(c: Any) -> None:
    proj = npm_project(
        c,
        "release-notes",
        {
            "package.json": '{"name": "release-notes", "version": "1.0.0", "private": true}\n',
            "commitlint.config.js": "module.exports = { extends: ['@commitlint/config-conventional'] };\n",
            "msg/type.txt": "feature: add CSV export to the orders page\n",
            "msg/header.txt": (
                "fix(orders): Handle the case where the export of the orders page times out on very large shops.\n"
            ),
        },
        "@commitlint/cli@21 @commitlint/config-conventional@21",
    )
    c.setup("git init -q -b main", proj)
    pair = Pair(c, "commitlint", proj)
    pair.run(
        "commitlint_type_enum",
        "npx commitlint --edit msg/type.txt",
        r"type must be one of",
        ("msg/type.txt", "feature: add", "feat: add"),
    )
    pair.run(
        "commitlint_header_rules",
        "npx commitlint --edit msg/header.txt",
        r"header must not be longer|subject must not be",
        (
            "msg/header.txt",
            "fix(orders): Handle the case where the export of the orders page times out on very large shops.",
            "fix(orders): stop the orders export timing out on large shops",
        ),
    )


def deno(c: Any) -> None:
    needs(c, "deno")
    # Deno colours its output whenever FORCE_COLOR is set, even to 0; unset, it follows NO_COLOR like the others.
    forced = c.env.pop("FORCE_COLOR", None)
    try:
        _deno(c)
    finally:
        if forced is not None:
            c.env["FORCE_COLOR"] = forced


def _deno(c: Any) -> None:
    proj = c.project(
        "deno-rates",
        {
            "rates.ts": """
            export function convert(amount: number, rate: number): number {
              return Math.round(amount * rate * 100) / 100;
            }

            export function parseRate(text: string): number {
              const value = Number(text.replace(",", "."));
              return value;
            }
        """,
            "rates_test.ts": """
            import assert from "node:assert/strict";
            import { convert, parseRate } from "./rates.ts";

            Deno.test("converts with a decimal rate", () => {
              assert.equal(convert(10, 1.1), 11);
            });

            Deno.test("rejects text that is not a number", () => {
              assert.throws(() => parseRate("abc"), RangeError);
            });
        """,
            "main.ts": """
            import { convert } from "./rates.ts";

            const amount: string = Deno.args[0] ?? "10";
            console.log(convert(amount, 1.1));
        """,
        },
    )
    pair = Pair(c, "deno", proj)
    pair.run(
        "deno_test_failure",
        "deno test rates_test.ts",
        r"Missing expected exception|AssertionError",
        (
            "rates.ts",
            "  return value;",
            "  if (Number.isNaN(value)) throw new RangeError(`not a rate: ${text}`);\n  return value;",
        ),
    )
    pair.run(
        "deno_check_error",
        "deno check main.ts",
        r"TS2345",
        ("main.ts", "convert(amount, 1.1)", "convert(Number(amount), 1.1)"),
    )
