"""Ecosystem corpus groups of the thirty-fifth held-out part from PyPI and npm (see ``ecosystems.py``): cwltool's check
of Common Workflow Language tools (``cwltool --validate``, from PyPI and on ``PATH`` when capturing), pyang's reading
of YANG data models (``pyang -f tree``, from PyPI likewise) and nearley's grammar compiler (``nearleyc``, grammars to
JavaScript parsers, installed into the project from npm). Each group is two distinct real failures of its tool, each
fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

#: nearleyc compiles one grammar to a JavaScript parser in build/.
NEARLEY_RUN = "mkdir -p build && npx nearleyc grammar/{name}.ne -o build/{name}.js"


def cwltool(c: Any) -> None:
    needs(c, "cwltool")
    proj = c.project(
        "shop-workflows",
        {
            "tools/join.cwl": """\
            #!/usr/bin/env cwl-runner
            # Joins the shop's price list and stock list on the item's code.
            cwlVersion: v1.2
            class: CommandLineTool
            baseCommand: join
            inputs:
              prices:
                type: Fil
                inputBinding:
                  position: 1
              stock:
                type: File
                inputBinding:
                  position: 2
            outputs:
              joined:
                type: stdout
            """,
            "tools/count.cwl": """\
            #!/usr/bin/env cwl-runner
            # Counts the lines of the day's sales file.
            cwlVersion: v1.2
            class: CommandLineTool
            baseCommand: wc
            arguments: ["-l"]
            inputs:
              sales:
                type: File
                inputBinding:
                  position: 1
            outputs:
              counted:
                typ: stdout
            """,
        },
    )
    pair = Pair(c, "cwltool", proj)
    pair.run(
        "cwltool_unknown_identifier",
        "cwltool --validate tools/join.cwl",
        r"tools/join.cwl:\d+:\d+:\s+Field 'type' references unknown identifier 'Fil'",
        ("tools/join.cwl", "type: Fil\n", "type: File\n"),
    )
    pair.run(
        "cwltool_invalid_field",
        "cwltool --validate tools/count.cwl",
        r"\* invalid field 'typ', expected one of",
        ("tools/count.cwl", "typ: stdout", "type: stdout"),
    )


def pyang(c: Any) -> None:
    needs(c, "pyang")
    proj = c.project(
        "shop-models",
        {
            "models/shop-till.yang": """\
            module shop-till {
              yang-version 1.1;
              namespace "urn:example:shop-till";
              prefix till;

              description "The shop's tills and what each one has taken.";

              container tills {
                list till {
                  key "id";
                  leaf id { type uint8; }
                  leaf taken { type unit32; }
                }
              }
            }
            """,
            "models/shop-stock.yang": """\
            module shop-stock {
              yang-version 1.1;
              namespace "urn:example:shop-stock";
              prefix stock;

              description "What the shop has on its shelves.";

              container shelves {
                list shelf {
                  key "name";
                  leaf name { type string; }
                  leaf count { type uint16 }
                }
              }
            }
            """,
        },
    )
    pair = Pair(c, "pyang", proj)
    pair.run(
        "pyang_type_not_found",
        "pyang -f tree models/shop-till.yang",
        r'models/shop-till.yang:\d+: error: type "unit32" not found',
        ("models/shop-till.yang", "type unit32;", "type uint32;"),
    )
    pair.run(
        "pyang_unterminated_statement",
        "pyang -f tree models/shop-stock.yang",
        r"models/shop-stock.yang:\d+: error: unterminated statement",
        ("models/shop-stock.yang", "type uint16 }", "type uint16; }"),
    )


def nearley(c: Any) -> None:
    proj = npm_project(
        c,
        "shop-grammars",
        {
            "package.json": '{"name": "shop-grammars", "version": "1.0.0", "private": true}\n',
            "grammar/price.ne": """\
            # A price: whole units, a dot and two digits of cents.
            main -> units "." cents
            units -> digit:+
            cents -> digit digit
            digit -> [0-9
            """,
            "grammar/quantity.ne": """\
            # A quantity and its unit, with white space between them.
            @builtin "whitespce.ne"
            main -> number _ unit
            number -> [0-9]:+
            unit -> "kg" | "g" | "pcs"
            """,
        },
        "nearley@2",
    )
    pair = Pair(c, "nearley", proj)
    pair.run(
        "nearley_invalid_syntax",
        NEARLEY_RUN.format(name="price"),
        r"Error: invalid syntax at line \d+ col \d+",
        ("grammar/price.ne", "digit -> [0-9\n", "digit -> [0-9]\n"),
    )
    pair.run(
        "nearley_missing_builtin",
        NEARLEY_RUN.format(name="quantity"),
        r"Error: ENOENT: no such file or directory, open .*whitespce.ne",
        ("grammar/quantity.ne", '"whitespce.ne"', '"whitespace.ne"'),
    )
