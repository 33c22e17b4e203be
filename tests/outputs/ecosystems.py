"""The ecosystem corpus: one real failure per tool family, its fix, and the same command passing after it.

Run as ``.venv/bin/python tests/outputs/capture.py ecosystems``. Each group below builds a scratch project, runs
the failing command, applies one edit (recorded as ``fix``: the file, the text replaced and its replacement) and
runs the same command again: the success twin. Outputs go to ``ecosystems/cases/<name>.txt`` and the list to
``ecosystems/cases.json``; the line that says why each failure happened is not taken from here but written by hand
in ``ecosystems/truth.json``. A group whose tool is missing is skipped and listed, never faked.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent / "ecosystems"
PG_BIN = Path("/usr/lib/postgresql/15/bin")


class Pair:
    """A failure and its success twin in one project: run, fix, run again."""

    def __init__(self, c: Any, ecosystem: str, proj: Path) -> None:
        self.c, self.ecosystem, self.proj = c, ecosystem, proj

    def run(self, name: str, command: str, check: str, fix: tuple[str, str, str], timeout: int = 600) -> None:
        """``check``: a regex one line of the failure must match (the capture went as planned)."""
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


def _needs(c: Any, tool: str) -> None:
    """Skip the group, never fake it, when its tool is not on this machine."""
    if not shutil.which(tool, path=c.env["PATH"]):
        raise c.skip_error(f"{tool} is not installed")


def _npm(c: Any, name: str, files: dict[str, str], packages: str) -> Path:
    _needs(c, "npm")
    proj = c.project(name, files)
    c.setup(f"npm install --no-audit --no-fund --loglevel=error {packages}", proj)
    return proj


PKG = '{"name": "%s", "version": "1.0.0", "private": true, "scripts": {"test": "%s"}}\n'


def jest(c: Any) -> None:
    proj = _npm(
        c,
        "jestapp",
        {
            "package.json": PKG % ("jestapp", "jest"),
            "users.js": """
            const users = [{ id: 1, profile: { uid: "u-1" } }];
            function getUser(id) {
              const found = users.find((u) => u.id === id);
              return found.account.uid;
            }
            module.exports = { getUser };
        """,
            "users.test.js": """
            const { getUser } = require("./users");
            describe("getUser", () => {
              test("returns the id", () => {
                expect(getUser(1)).toBe("u-1");
              });
            });
        """,
        },
        "jest@29",
    )
    Pair(c, "jest", proj).run(
        "jest_type_error", "npx jest", r"TypeError: Cannot read", ("users.js", "found.account.uid", "found.profile.uid")
    )


def mocha(c: Any) -> None:
    proj = _npm(
        c,
        "mochaapp",
        {
            "package.json": PKG % ("mochaapp", "mocha"),
            "cart.js": """
            function total(items) {
              return items.reduce((sum, item) => sum + item.price, 0);
            }
            module.exports = { total };
        """,
            "test/cart.test.js": """
            const assert = require("node:assert");
            const { total } = require("../cart");
            describe("cart", () => {
              it("multiplies price by quantity", () => {
                assert.strictEqual(total([{ price: 2, qty: 3 }, { price: 1, qty: 1 }]), 7);
              });
            });
        """,
        },
        "mocha@10",
    )
    Pair(c, "mocha", proj).run(
        "mocha_assertion",
        "npx mocha",
        r"AssertionError",
        ("cart.js", "sum + item.price,", "sum + item.price * item.qty,"),
    )


def eslint(c: Any) -> None:
    proj = _npm(
        c,
        "lintapp",
        {
            "package.json": PKG % ("lintapp", "eslint ."),
            "eslint.config.js": """
            module.exports = [{ files: ["**/*.js"], languageOptions: { sourceType: "commonjs",
              globals: { module: "writable", require: "readonly" } }, rules: { "no-undef": "error" } }];
        """,
            "sum.js": """
            function sum(values) {
              let total = 0;
              for (const v of values) total += v;
              return totl;
            }
            module.exports = { sum };
        """,
        },
        "eslint@9",
    )
    Pair(c, "eslint", proj).run(
        "eslint_no_undef", "npx eslint .", r"error", ("sum.js", "return totl;", "return total;")
    )


def tsc(c: Any) -> None:
    proj = _npm(
        c,
        "tsapp",
        {
            "package.json": PKG % ("tsapp", "tsc --noEmit"),
            "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true, "target": "ES2022"},'
            ' "include": ["src"]}\n',
            "src/order.ts": """
            export interface Order { id: string; cents: number }
            export function label(order: Order): string {
              const amount: number = order.id;
              return `${order.id}: ${amount}`;
            }
        """,
        },
        "typescript@5",
    )
    Pair(c, "tsc", proj).run(
        "tsc_type_error",
        "npx tsc --noEmit",
        r"error TS",
        ("src/order.ts", "const amount: number = order.id;", "const amount: number = order.cents;"),
    )


def node(c: Any) -> None:
    proj = c.project(
        "nodeapp",
        {
            "report.js": """
            const rows = [{ name: "a", stats: { hits: 3 } }, { name: "b" }];
            for (const row of rows) {
              console.log(`${row.name}: ${row.stats.hits}`);
            }
        """,
        },
    )
    Pair(c, "node", proj).run(
        "node_type_error", "node report.js", r"TypeError", ("report.js", "${row.stats.hits}", "${row.stats?.hits ?? 0}")
    )


def go(c: Any) -> None:
    _needs(c, "go")
    proj = c.project(
        "gostats",
        {
            "go.mod": "module example.com/gostats\n\ngo 1.19\n",
            "stats.go": """
            package gostats

            func Mean(xs []int) float64 {
                total := 0
                for _, x := range xs {
                    total += x
                }
                var n int = "count"
                return float64(total) / float64(len(xs)+n-n)
            }
        """,
            "stats_test.go": """
            package gostats

            import "testing"

            func TestMean(t *testing.T) {
                if got := Mean([]int{2, 4, 6}); got != 4 {
                    t.Errorf("Mean(2, 4, 6) = %v, want 4", got)
                }
            }
        """,
        },
    )
    pair = Pair(c, "go", proj)
    pair.run("go_build_error", "go build ./...", r"cannot use", ("stats.go", 'var n int = "count"', "var n int = 1"))
    (proj / "stats.go").write_text((proj / "stats.go").read_text().replace("len(xs)+n-n", "len(xs)+n"))
    pair.run("go_test_failure", "go test ./...", r"want 4", ("stats.go", "len(xs)+n)", "len(xs)+n-n)"))


def cargo(c: Any) -> None:
    _needs(c, "cargo")
    proj = c.project(
        "rconf",
        {
            "Cargo.toml": '[package]\nname = "rconf"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
            "src/lib.rs": """
            pub fn port(line: &str) -> u16 {
                let value = line.split('=').nth(1).unwrap();
                value.parse().unwrap()
            }

            #[cfg(test)]
            mod tests {
                use super::*;

                #[test]
                fn parses_port_with_spaces() {
                    assert_eq!(port("port = 8080"), 8080);
                }
            }
        """,
        },
    )
    Pair(c, "cargo", proj).run(
        "cargo_test_panic",
        "cargo test --offline -q",
        r"panicked at",
        ("src/lib.rs", "value.parse().unwrap()", "value.trim().parse().unwrap()"),
    )


MAVEN_POM = """
    <project xmlns="http://maven.apache.org/POM/4.0.0">
      <modelVersion>4.0.0</modelVersion>
      <groupId>com.example</groupId>
      <artifactId>billing</artifactId>
      <version>1.0</version>
      <properties>
        <maven.compiler.source>17</maven.compiler.source>
        <maven.compiler.target>17</maven.compiler.target>
        <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
      </properties>
      <dependencies>
        <dependency>
          <groupId>org.junit.jupiter</groupId>
          <artifactId>junit-jupiter</artifactId>
          <version>5.10.2</version>
          <scope>test</scope>
        </dependency>
      </dependencies>
      <build>
        <plugins>
          <plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
          <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
          <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version></plugin>
        </plugins>
      </build>
    </project>
"""


def maven(c: Any) -> None:
    _needs(c, "mvn")
    proj = c.project(
        "billing",
        {
            "pom.xml": MAVEN_POM,
            "src/main/java/com/example/Invoice.java": """
            package com.example;

            public class Invoice {
                public static int total(int[] lines) {
                    int sum = 0;
                    for (int i = 1; i < lines.length; i++) {
                        sum += lines[i];
                    }
                    return sum;
                }
            }
        """,
            "src/test/java/com/example/InvoiceTest.java": """
            package com.example;

            import static org.junit.jupiter.api.Assertions.assertEquals;
            import org.junit.jupiter.api.Test;

            class InvoiceTest {
                @Test
                void totalAddsEveryLine() {
                    assertEquals(6, Invoice.total(new int[] {1, 2, 3}));
                }
            }
        """,
        },
    )
    Pair(c, "maven", proj).run(
        "maven_junit_failure",
        "mvn -B -o -Dstyle.color=never test",
        r"expected: <6> but was: <5>",
        ("src/main/java/com/example/Invoice.java", "int i = 1;", "int i = 0;"),
    )


def rspec(c: Any) -> None:
    _needs(c, "rspec")
    proj = c.project(
        "greeter",
        {
            "lib/greeter.rb": """
            class Greeter
              def initialize(names)
                @names = names
              end

              def shout(key)
                @names[key].upcase
              end
            end
        """,
            "spec/greeter_spec.rb": """
            require_relative "../lib/greeter"

            RSpec.describe Greeter do
              it "shouts a name given as a string key" do
                expect(Greeter.new({ ada: "Ada" }).shout("ada")).to eq("ADA")
              end
            end
        """,
        },
    )
    Pair(c, "rspec", proj).run(
        "rspec_no_method",
        "rspec --no-color",
        r"NoMethodError",
        ("lib/greeter.rb", "@names[key].upcase", "@names[key.to_sym].upcase"),
    )


def minitest(c: Any) -> None:
    _needs(c, "ruby")
    proj = c.project(
        "temps",
        {
            "temps.rb": "def to_f(celsius)\n  celsius * 9 / 5 + 23\nend\n",
            "test_temps.rb": """
            require "minitest/autorun"
            require_relative "temps"

            class TempsTest < Minitest::Test
              def test_boiling
                assert_equal 212, to_f(100)
              end
            end
        """,
        },
    )
    Pair(c, "minitest", proj).run(
        "minitest_failure", "ruby test_temps.rb", r"Expected: 212", ("temps.rb", "+ 23", "+ 32")
    )


def phpunit(c: Any) -> None:
    _needs(c, "phpunit")
    proj = c.project(
        "phpcart",
        {
            "src/Discount.php": """
            <?php
            final class Discount
            {
                public static function apply(int $cents, int $percent): int
                {
                    return $cents - intdiv($cents * $percent, 10);
                }
            }
        """,
            "tests/DiscountTest.php": """
            <?php
            use PHPUnit\\Framework\\TestCase;

            require_once __DIR__ . '/../src/Discount.php';

            final class DiscountTest extends TestCase
            {
                public function testTenPercentOff(): void
                {
                    $this->assertSame(900, Discount::apply(1000, 10));
                }
            }
        """,
        },
    )
    Pair(c, "phpunit", proj).run(
        "phpunit_failure",
        "phpunit --colors=never tests",
        r"Failed asserting",
        ("src/Discount.php", "$percent, 10)", "$percent, 100)"),
    )


def cmake(c: Any) -> None:
    _needs(c, "cmake")
    proj = c.project(
        "wordcount",
        {
            "CMakeLists.txt": "cmake_minimum_required(VERSION 3.13)\nproject(wc C)\nadd_executable(wc main.c)\n",
            "main.c": """
            #include <stdio.h>

            int main(void) {
                int words = 0;
                int c;
                while ((c = getchar()) != EOF) {
                    if (c == ' ') wrods++;
                }
                printf("%d\\n", words);
                return 0;
            }
        """,
        },
    )
    c.setup("cmake -S . -B build > /dev/null", proj)
    Pair(c, "cmake", proj).run("cmake_build_error", "cmake --build build", r"error:", ("main.c", "wrods++", "words++"))


def psql(c: Any) -> None:
    if not (PG_BIN / "initdb").exists() or not shutil.which("psql", path=c.env["PATH"]):
        raise c.skip_error("PostgreSQL 15 is not installed")
    data = c.root / "pgdata"
    sock = c.root / "pgsock"
    sock.mkdir()
    user = "" if subprocess.run(["id", "-u"], capture_output=True, text=True).stdout.strip() != "0" else "postgres"
    prefix = f"runuser -u {user} -- " if user else ""
    if user:
        shutil.chown(c.root, user)
        for p in (c.root, sock):
            p.chmod(0o777)
    secret = c.root / "pwfile"
    secret.write_text("s3cret\n")
    secret.chmod(0o644)
    c.setup(
        f"{prefix}{PG_BIN}/initdb -D {data} -U app --auth-host=scram-sha-256 --auth-local=trust "
        f"--pwfile={secret} > /dev/null",
        c.root,
    )
    c.setup(
        f"{prefix}{PG_BIN}/pg_ctl -D {data} -o '-k {sock} -p 55433 -c listen_addresses=127.0.0.1' -w start > /dev/null",
        c.root,
    )
    try:
        proj = c.project(
            "pgapp",
            {
                "db.env": "PGPASSWORD=secret\n",
                "check.sh": "set -a; . ./db.env; set +a\n"
                "psql -h 127.0.0.1 -p 55433 -U app -d postgres -c 'select 1 as ok'\n",
            },
        )
        Pair(c, "psql", proj).run("psql_auth_failure", "bash check.sh", r"FATAL", ("db.env", "secret", "s3cret"))
        proj = c.project("pgschema", {"q.sql": "select count(*) from accounts;\n"})
        c.env["PGPASSWORD"] = "s3cret"
        c.setup("psql -h 127.0.0.1 -p 55433 -U app -d postgres -c 'create table account (id int)' > /dev/null", proj)
        Pair(c, "psql", proj).run(
            "psql_missing_relation",
            "psql -h 127.0.0.1 -p 55433 -U app -d postgres -v ON_ERROR_STOP=1 -f q.sql",
            r"ERROR:",
            ("q.sql", "from accounts", "from account"),
        )
    finally:
        c.env.pop("PGPASSWORD", None)
        subprocess.run(
            f"{prefix}{PG_BIN}/pg_ctl -D {data} -m immediate stop",
            shell=True,
            capture_output=True,
            executable="/bin/bash",
        )


def pip(c: Any) -> None:
    proj = c.project("pipapp", {"requirements.txt": "reqeusts-nonexistent-pkg==2.31.0\n"})
    Pair(c, "pip", proj).run(
        "pip_no_distribution",
        "pip install --dry-run -q -r requirements.txt",
        r"No matching distribution",
        ("requirements.txt", "reqeusts-nonexistent-pkg==2.31.0", "idna"),
    )


def npm(c: Any) -> None:
    proj = c.project(
        "npmapp",
        {
            "package.json": """
        {"name": "npmapp", "version": "1.0.0", "private": true,
         "dependencies": {"lefpad-does-not-exist-xq": "^1.0.0"}}
    """
        },
    )
    Pair(c, "npm", proj).run(
        "npm_install_404",
        "npm install --no-audit --no-fund",
        r"404",
        ("package.json", '"lefpad-does-not-exist-xq": "^1.0.0"', '"left-pad": "^1.3.0"'),
    )


def git(c: Any) -> None:
    proj = c.project(
        "gitrepo", {"notes.txt": "one\n", "sync.sh": "set -e\ngit checkout -q relase\ngit log --oneline -1\n"}
    )
    c.setup("git init -q -b main && git add notes.txt && git commit -qm init && git branch release", proj)
    Pair(c, "git", proj).run("git_bad_branch", "bash sync.sh", r"pathspec", ("sync.sh", "relase", "release"))


def curl(c: Any) -> None:
    proj = c.project(
        "fetch",
        {
            "data/prices.json": '{"eur": 1}\n',
            "fetch.sh": ("curl -fsS file://$PWD/data/price.json -o prices.json && echo saved prices.json\n"),
        },
    )
    Pair(c, "curl", proj).run(
        "curl_missing_file", "bash fetch.sh", r"curl: \(37\)", ("fetch.sh", "data/price.json", "data/prices.json")
    )


def shell(c: Any) -> None:
    proj = c.project(
        "deploy",
        {
            "deploy.sh": """
        #!/usr/bin/env bash
        set -euo pipefail
        echo "checking config"
        cofnig_check release.env
        echo "deployed"
    """,
            "release.env": "MODE=release\n",
            "bin/config_check": '#!/bin/sh\necho "config ok: $1"\n',
        },
    )
    (proj / "bin/config_check").chmod(0o755)
    Pair(c, "shell", proj).run(
        "shell_command_not_found",
        "PATH=$PWD/bin:$PATH bash deploy.sh",
        r"command not found",
        ("deploy.sh", "cofnig_check", "config_check"),
    )


def pytest(c: Any) -> None:
    proj = c.project(
        "shipping",
        {
            "shipping.py": "def fee(weight_kg):\n    rates = {1: 4.5, 5: 9.0}\n    return rates[round(weight_kg)]\n",
            "test_shipping.py": """
            from shipping import fee


            def test_fee_for_light_parcel():
                assert fee(0.4) == 4.5
        """,
        },
    )
    Pair(c, "pytest", proj).run(
        "pytest_key_error",
        "python -m pytest -q -p no:cacheprovider",
        r"KeyError",
        ("shipping.py", "rates[round(weight_kg)]", "rates[max(1, round(weight_kg))]"),
    )


def unittest(c: Any) -> None:
    proj = c.project(
        "slugs",
        {
            "slug.py": "def slugify(title):\n    return title.lower().replace(' ', '_')\n",
            "test_slug.py": """
            import unittest

            from slug import slugify


            class SlugTest(unittest.TestCase):
                def test_spaces_become_dashes(self):
                    self.assertEqual(slugify("Hello World"), "hello-world")


            if __name__ == "__main__":
                unittest.main()
        """,
        },
    )
    Pair(c, "unittest", proj).run(
        "unittest_assert_equal",
        "python -m unittest -v",
        r"AssertionError",
        ("slug.py", "replace(' ', '_')", "replace(' ', '-')"),
    )


GROUPS: list[tuple[str, Callable[[Any], None]]] = [
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
]


def capture(corpus_type: Any, skip_type: type[Exception]) -> int:
    cases = HERE / "cases"
    if cases.exists():
        shutil.rmtree(cases)
    cases.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="proj-") as tmp:
        c = corpus_type(Path(tmp), cases)
        c.skip_error = skip_type
        for title, fn in GROUPS:
            c.group(title, fn)
    kept = [case for case in c.cases if "ecosystem" in case]
    for case in c.cases:
        if "ecosystem" not in case:
            (cases / f"{case['name']}.txt").unlink(missing_ok=True)
    (HERE / "cases.json").write_text(json.dumps(kept, indent=2, ensure_ascii=False) + "\n")
    print(f"\n{len(kept)} cases in {len({k['ecosystem'] for k in kept})} ecosystems")
    for name, reason in c.skipped:
        print(f"  skipped {name}: {reason}")
    return 0
