"""Capture groups of Node (see ``capture.py``): npm, tsc, vitest and ``node --test``."""

from __future__ import annotations

import shutil

from capture_corpus import Corpus, Skip, dedent

# ================================================================================================
# Node: npm, tsc, vitest, node --test
# ================================================================================================

TS_FORMAT_BAD = """
    export interface Invoice {
      id: string;
      totalCents: number;
      paid: boolean;
    }

    export function formatTotal(inv: Invoice): string {
      const total: number = (inv.totalCents / 100).toFixed(2);
      return `$${total}`;
    }
"""


TS_STATUS_BAD = """
    import { Invoice } from "./format";

    export function status(inv: Invoice): string {
      return inv.paid ? "paid" : `due ${inv.dueDate}`;
    }
"""


TS_STATS = """
    export function sum(xs: number[]): number {
      return xs.reduce((a, b) => a + b, 0);
    }

    export function mean(xs: number[]): number {
      if (xs.length === 0) throw new Error("mean of empty list");
      return sum(xs) / (xs.length - 1);
    }
"""


TS_STATS_TEST = """
    import { describe, expect, it } from "vitest";
    import { mean, sum } from "./stats";

    describe("stats", () => {
      it("sums numbers", () => {
        expect(sum([1, 2, 3])).toBe(6);
      });

      it("computes the mean", () => {
        expect(mean([2, 4, 6])).toBe(4);
      });

      it("throws an error for an empty list", () => {
        expect(() => mean([])).toThrow("mean of empty list");
      });
    });
"""


def node_cases(c: Corpus) -> None:
    if not shutil.which("npm", path=c.env["PATH"]):
        raise Skip("npm is not installed")
    proj = c.project(
        "webapp",
        {
            "package.json": """
                {
                  "name": "webapp",
                  "version": "1.0.0",
                  "private": true,
                  "type": "module",
                  "scripts": {
                    "build": "node scripts/build.js",
                    "test": "vitest run",
                    "typecheck": "tsc --noEmit"
                  }
                }
            """,
            "tsconfig.json": """
                {
                  "compilerOptions": {
                    "target": "ES2022",
                    "module": "ESNext",
                    "moduleResolution": "Bundler",
                    "strict": true,
                    "noEmit": true,
                    "skipLibCheck": true
                  },
                  "include": ["src"]
                }
            """,
            "scripts/build.js": """
                import { readFileSync } from "node:fs";

                const pages = JSON.parse(readFileSync("pages.json", "utf8"));
                console.log(`building ${pages.length} pages...`);
                for (const page of pages) {
                  const title = page.meta.title.trim();
                  console.log(`  wrote dist/${page.slug}.html (${title})`);
                }
            """,
            "pages.json": """
                [
                  {"slug": "index", "meta": {"title": "Home"}},
                  {"slug": "pricing", "meta": {"title": "Pricing"}},
                  {"slug": "about"}
                ]
            """,
            "vendor/legacy-utils/package.json": """
                {
                  "name": "legacy-utils",
                  "version": "1.0.0",
                  "main": "index.js",
                  "engines": { "node": ">=22" }
                }
            """,
            "vendor/legacy-utils/index.js": "export const pad = (s, n) => String(s).padStart(n);\n",
            "src/format.ts": TS_FORMAT_BAD,
            "src/status.ts": TS_STATUS_BAD,
            "src/stats.ts": TS_STATS,
            "src/stats.test.ts": TS_STATS_TEST,
        },
    )
    c.case(
        "npm_install_nonexistent",
        "npm install mcp-context-fixture-no-such-package",
        proj,
        kind="npm_error",
        failed=True,
        message=r"404 Not Found",
        timeout=300,
    )
    c.case(
        "npm_run_build_failure",
        "npm run build",
        proj,
        kind="npm_script_failure",
        failed=True,
        message=r"^TypeError:",
    )
    dev = c.case(
        "npm_install_dev_deps",
        "npm install --save-dev typescript vitest",
        proj,
        kind="npm_install",
        failed=False,
        timeout=600,
    )
    c.case(
        "npm_install_engine_warning",
        "npm install ./vendor/legacy-utils",
        proj,
        kind="npm_install",
        failed=False,
        timeout=300,
    )
    if dev is None:
        raise Skip("typescript and vitest could not be installed; tsc and vitest cases not captured")
    c.case(
        "tsc_error",
        "npx tsc --noEmit",
        proj,
        kind="type_check_error",
        failed=True,
        message=r"error TS2322",
    )
    c.case(
        "vitest_failure",
        "npx vitest run",
        proj,
        kind="test_failure",
        failed=True,
        message=r"AssertionError",
    )
    c.case(
        "npm_test_failure",
        "npm test",
        proj,
        kind="npm_script_failure",
        failed=True,
        message=r"AssertionError",
    )
    (proj / "src/format.ts").write_text(dedent(TS_FORMAT_BAD).replace("const total: number", "const total: string"))
    (proj / "src/status.ts").write_text(dedent(TS_STATUS_BAD).replace("`due ${inv.dueDate}`", '"due"'))
    c.case("tsc_error_fixed", "npx tsc --noEmit", proj, kind="type_check_pass", failed=False)
    (proj / "src/stats.ts").write_text(dedent(TS_STATS).replace("(xs.length - 1)", "xs.length"))
    c.case("vitest_failure_fixed", "npx vitest run", proj, kind="test_pass", failed=False)


def node_test_runner(c: Corpus) -> None:
    proj = c.project(
        "nodeerr",
        {
            "package.json": '{"name": "nodeerr", "version": "1.0.0", "private": true, "type": "module"}\n',
            "src/parse.js": """
                export class ParseError extends Error {}

                export function parsePort(text) {
                  const n = Number(text);
                  if (!Number.isInteger(n) || n < 1 || n > 65535) {
                    throw new ParseError(`invalid port: ${text}`);
                  }
                  return n;
                }
            """,
            "test/parse.test.js": """
                import { test } from "node:test";
                import assert from "node:assert/strict";
                import { ParseError, parsePort } from "../src/parse.js";

                test("parses a valid port", () => {
                  assert.equal(parsePort("8080"), 8080);
                });

                test("throws ParseError for text", () => {
                  assert.throws(() => parsePort("http"), ParseError);
                });

                test("error message names the input", () => {
                  assert.throws(() => parsePort("70000"), /invalid port: 70000/);
                });
            """,
        },
    )
    c.case("node_test_pass", "node --test", proj, kind="test_pass", failed=False)
