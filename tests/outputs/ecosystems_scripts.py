"""Ecosystem corpus groups: Ruby, PHP, PostgreSQL, Python, pip, git, curl and the shell (see ``ecosystems.py``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

from ecosystems import Pair, needs

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def rspec(c: Any) -> None:
    needs(c, "rspec")
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
    needs(c, "ruby")
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
    needs(c, "phpunit")
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
