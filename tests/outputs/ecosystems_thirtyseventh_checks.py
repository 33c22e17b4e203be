"""Ecosystem corpus groups of the thirty-seventh held-out part from PyPI (see ``ecosystems.py``): the just command
runner reading a justfile (``just``, from PyPI's ``rust-just`` and on ``PATH`` when capturing) and xmlschema's
validation of XML documents against an XSD schema (``xmlschema-validate -v``, from PyPI likewise). Each group is two
distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: just runs one recipe of the justfile in the named folder.
JUST_RUN = "just --justfile {name}/justfile {recipe}"
#: xmlschema-validate checks one document against the till's schema, saying why when it is not valid.
XMLSCHEMA_RUN = "xmlschema-validate -v --schema schema/receipt.xsd data/{name}.xml"

#: The schema of a receipt: items with a code and a price in whole cents.
RECEIPT_XSD = """\
<?xml version="1.0"?>
<!-- A receipt of the shop's till: its items, each with a code and a price in cents. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="receipt">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="item" maxOccurs="unbounded">
          <xs:complexType>
            <xs:attribute name="code" type="xs:string" use="required"/>
            <xs:attribute name="price" type="xs:integer" use="required"/>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>
</xs:schema>
"""


def just(c: Any) -> None:
    needs(c, "just")
    proj = c.project(
        "shop-tasks",
        {
            "till/justfile": """\
            # The till's tasks: build it, then test it.
            build:
                echo building the till

            test: build
                echo testing {{ tills }}
            """,
            "scale/justfile": """\
            # The scale's tasks: build it, then release it.
            build:
                echo building the scale

            release: biuld
                echo releasing the scale
            """,
        },
    )
    pair = Pair(c, "just", proj)
    pair.run(
        "just_variable_not_defined",
        JUST_RUN.format(name="till", recipe="test"),
        r"error: variable `tills` not defined",
        ("till/justfile", "build:\n", 'tills := "till-1 till-2"\n\nbuild:\n'),
    )
    pair.run(
        "just_unknown_dependency",
        JUST_RUN.format(name="scale", recipe="release"),
        r"error: recipe `release` has unknown dependency `biuld`",
        ("scale/justfile", "release: biuld", "release: build"),
    )


def xmlschema(c: Any) -> None:
    needs(c, "xmlschema-validate")
    proj = c.project(
        "shop-receipts",
        {
            "schema/receipt.xsd": RECEIPT_XSD,
            "data/monday.xml": """\
            <?xml version="1.0"?>
            <receipt>
              <item code="A1" price="120"/>
              <item code="B2" price="2.50"/>
            </receipt>
            """,
            "data/tuesday.xml": """\
            <?xml version="1.0"?>
            <receipt>
              <item code="A1" price="120"/>
              <itme code="C3" price="90"/>
            </receipt>
            """,
        },
    )
    pair = Pair(c, "xmlschema", proj)
    pair.run(
        "xmlschema_invalid_integer",
        XMLSCHEMA_RUN.format(name="monday"),
        r"Reason: attribute price='2.50': invalid literal for int\(\) with base 10",
        ("data/monday.xml", 'price="2.50"', 'price="250"'),
    )
    pair.run(
        "xmlschema_unexpected_child",
        XMLSCHEMA_RUN.format(name="tuesday"),
        r"Reason: Unexpected child with tag 'itme' at position 2",
        ("data/tuesday.xml", "<itme ", "<item "),
    )
