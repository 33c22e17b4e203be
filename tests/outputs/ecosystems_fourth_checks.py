"""Ecosystem corpus groups of the fourth held-out part, checkers and data tools (see ``ecosystems.py``): cppcheck,
xmllint, jq, Pylint, Bandit and Jasmine. Each group is two distinct real failures of its tool, each fixed by one
edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project


def cppcheck(c: Any) -> None:
    needs(c, "cppcheck")
    proj = c.project(
        "sensors",
        {
            "src/window.c": """
            int last_reading(void) {
                int window[4] = {3, 5, 7, 9};
                int sum = 0;
                for (int i = 0; i <= 4; i++) {
                    sum += window[i];
                }
                return sum;
            }
        """,
            "src/calib.c": """
            #include <stdlib.h>

            int calibrate(int raw) {
                int *offsets = malloc(4 * sizeof(int));
                if (raw < 0) {
                    return -1;
                }
                offsets[0] = raw;
                int result = offsets[0] * 2;
                free(offsets);
                return result;
            }
        """,
        },
    )
    pair = Pair(c, "cppcheck", proj)
    pair.run(
        "cppcheck_out_of_bounds",
        "cppcheck --error-exitcode=1 -q src/window.c",
        r"out of bounds",
        ("src/window.c", "i <= 4", "i < 4"),
    )
    pair.run(
        "cppcheck_memory_leak",
        "cppcheck --error-exitcode=1 -q src/calib.c",
        r"[Mm]emory leak",
        (
            "src/calib.c",
            "    if (raw < 0) {\n        return -1;\n    }\n",
            "    if (raw < 0) {\n        free(offsets);\n        return -1;\n    }\n",
        ),
    )


def xmllint(c: Any) -> None:
    needs(c, "xmllint")
    proj = c.project(
        "feeds",
        {
            "server.xml": """
            <?xml version="1.0"?>
            <server>
              <host>api.local</host>
              <port>8080</prt>
            </server>
        """,
            "order.xsd": """
            <?xml version="1.0"?>
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="order">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="sku" type="xs:string"/>
                    <xs:element name="qty" type="xs:integer"/>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
            </xs:schema>
        """,
            "order.xml": """
            <?xml version="1.0"?>
            <order>
              <sku>A-100</sku>
              <qty>two</qty>
            </order>
        """,
        },
    )
    pair = Pair(c, "xmllint", proj)
    pair.run(
        "xmllint_tag_mismatch",
        "xmllint --noout server.xml",
        r"tag mismatch",
        ("server.xml", "8080</prt>", "8080</port>"),
    )
    pair.run(
        "xmllint_schema_invalid",
        "xmllint --noout --schema order.xsd order.xml",
        r"not a valid value",
        ("order.xml", "<qty>two</qty>", "<qty>2</qty>"),
    )


def jq(c: Any) -> None:
    needs(c, "jq")
    proj = c.project(
        "inventory",
        {
            "users.json": '{"users": {"ann": {"name": "Ann"}, "bob": {"name": "Bob"}}}\n',
            "names.jq": ".users[] | .name\n",
            "stock.json": '{\n  "items": [\n    {"sku": "A-100", "qty": 4}\n    {"sku": "B-200", "qty": 0}\n  ]\n}\n',
            "low.jq": ".items[] | select(.qty < 5) | .sku\n",
            "tags.json": '{"tags": "red,green"}\n',
            "first_tag.jq": ".tags[0]\n",
        },
    )
    pair = Pair(c, "jq", proj)
    pair.run(
        "jq_parse_error",
        "jq -r -f low.jq stock.json",
        r"parse error",
        ("stock.json", '"qty": 4}\n', '"qty": 4},\n'),
    )
    pair.run(
        "jq_cannot_index",
        "jq -r -f first_tag.jq tags.json",
        r"Cannot index",
        ("first_tag.jq", ".tags[0]", '.tags | split(",")[0]'),
    )


def pylint(c: Any) -> None:
    needs(c, "pylint")
    proj = c.project(
        "payroll",
        {
            "payroll/__init__.py": "",
            "payroll/slips.py": '''
            """Pay slips."""


            class Slip:
                """One month's pay."""

                def __init__(self, gross: float) -> None:
                    self.gross = gross

                def net(self, rate: float) -> float:
                    """Pay after tax."""
                    return self.gros * (1 - rate)
        ''',
            "payroll/bonus.py": '''
            """Bonuses."""


            def bonus(gross: float) -> float:
                """A tenth of the gross, at most 500."""
                return min(gross * 0.1, CAP)
        ''',
        },
    )
    pair = Pair(c, "pylint", proj)
    pair.run(
        "pylint_no_member",
        "pylint --disable=C,R --score=n payroll/slips.py",
        r"no-member",
        ("payroll/slips.py", "self.gros *", "self.gross *"),
    )
    pair.run(
        "pylint_undefined_variable",
        "pylint --disable=C,R --score=n payroll/bonus.py",
        r"undefined-variable",
        ("payroll/bonus.py", '"""Bonuses."""\n', '"""Bonuses."""\n\nCAP = 500.0\n'),
    )


def bandit(c: Any) -> None:
    needs(c, "bandit")
    proj = c.project(
        "backup",
        {
            "backup/run.py": """
            import subprocess


            def archive(folder: str) -> int:
                return subprocess.call("tar czf backup.tgz " + folder, shell=True)
        """,
            "backup/rules.py": """
            def keep(expression: str, age: int) -> bool:
                return bool(eval(expression, {"age": age}))
        """,
        },
    )
    pair = Pair(c, "bandit", proj)
    pair.run(
        "bandit_shell_true",
        "bandit -q -ll backup/run.py",
        r"shell=True",
        (
            "backup/run.py",
            'subprocess.call("tar czf backup.tgz " + folder, shell=True)',
            'subprocess.call(["tar", "czf", "backup.tgz", folder])',
        ),
    )
    pair.run(
        "bandit_eval",
        "bandit -q -ll backup/rules.py",
        r"eval",
        (
            "backup/rules.py",
            'return bool(eval(expression, {"age": age}))',
            'limit = int(expression.removeprefix("age < "))\n    return age < limit',
        ),
    )


def jasmine(c: Any) -> None:
    proj = npm_project(
        c,
        "checkout",
        {
            "package.json": '{"name": "checkout", "version": "1.0.0", "private": true}\n',
            "lib/cart.js": """
            function subtotal(lines) {
              return lines.reduce((sum, l) => sum + l.qty * l.price, 0);
            }
            function withVat(amount, region) {
              return amount * (1 + region.tax.rate);
            }
            module.exports = { subtotal, withVat };
        """,
            "spec/subtotalSpec.js": """
            const { subtotal } = require("../lib/cart");
            describe("subtotal", () => {
              it("adds every line", () => {
                expect(subtotal([{ qty: 2, price: 5 }, { qty: 1, price: 7 }])).toEqual(18);
              });
            });
        """,
            "spec/vatSpec.js": """
            const { withVat } = require("../lib/cart");
            describe("withVat", () => {
              it("adds the region's rate", () => {
                expect(withVat(100, { vat: { rate: 0.2 } })).toBeCloseTo(120);
              });
            });
        """,
        },
        "jasmine@5",
    )
    pair = Pair(c, "jasmine", proj)
    pair.run(
        "jasmine_expectation",
        "npx jasmine spec/subtotalSpec.js",
        r"Expected",
        ("spec/subtotalSpec.js", "toEqual(18)", "toEqual(17)"),
    )
    pair.run(
        "jasmine_type_error",
        "npx jasmine spec/vatSpec.js",
        r"TypeError",
        ("lib/cart.js", "region.tax.rate", "region.vat.rate"),
    )
