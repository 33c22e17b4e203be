"""Ecosystem corpus groups of the twenty-seventh held-out part, tools people run every day (see ``ecosystems.py``),
from Debian: xsltproc (libxslt's XSLT processor), glslangValidator (the Khronos GLSL shader compiler), wat2wasm
(WABT's WebAssembly text assembler) and the Apache Thrift compiler. Each group is two distinct real failures of its
tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: xsltproc applies a stylesheet to a document and prints the result.
XSLTPROC_RUN = "xsltproc xsl/{name}.xsl data/orders.xml"
#: glslangValidator compiles one shader to SPIR-V for Vulkan (``-V``).
GLSLANG_RUN = "glslangValidator -V shaders/{name} -o build/{name}.spv"
#: wat2wasm assembles and validates one module of the WebAssembly text format.
WAT2WASM_RUN = "wat2wasm src/{name}.wat -o build/{name}.wasm"
#: The Thrift compiler generates Python code for one IDL file and the files it includes.
THRIFT_RUN = "thrift -r --gen py -out gen idl/{name}.thrift"


def xsltproc(c: Any) -> None:
    needs(c, "xsltproc")
    proj = c.project(
        "shop-xslt",
        {
            "data/orders.xml": """
            <orders>
              <order id="1"><sku>apple</sku><qty>3</qty><price>2.50</price></order>
              <order id="2"><sku>pear</sku><qty>1</qty><price>4.00</price></order>
            </orders>
        """,
            "xsl/report.xsl": """
            <xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
              <xsl:output method="text"/>
              <xsl:template match="/orders">
                <xsl:for-each select="order">
                  <xsl:value-of select="sku"/>: <xsl:value-of select="qty * price"/>
                </xsl:for-each>
              </xsl:templat>
            </xsl:stylesheet>
        """,
            "xsl/count.xsl": """
            <xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
              <xsl:output method="text"/>
              <xsl:template match="/orders">
                <xsl:variable name="total" select="sum(order/qty)"/>
                <xsl:text>Items: </xsl:text>
                <xsl:value-of select="$totl"/>
              </xsl:template>
            </xsl:stylesheet>
        """,
        },
    )
    pair = Pair(c, "xsltproc", proj)
    pair.run(
        "xsltproc_tag_mismatch",
        XSLTPROC_RUN.format(name="report"),
        r"Opening and ending tag mismatch",
        ("xsl/report.xsl", "</xsl:templat>", "</xsl:template>"),
    )
    pair.run(
        "xsltproc_undeclared_variable",
        XSLTPROC_RUN.format(name="count"),
        r"Variable 'totl' has not been declared",
        ("xsl/count.xsl", '"$totl"', '"$total"'),
    )


def glslang(c: Any) -> None:
    needs(c, "glslangValidator")
    proj = c.project(
        "shop-shaders",
        {
            "build/.keep": "",
            "shaders/tint.frag": """
            #version 450

            layout(location = 0) in vec2 uv;
            layout(location = 0) out vec4 color;
            layout(binding = 0) uniform sampler2D albedo;

            void main() {
                vec4 tint = vec4(1.0, 0.9, 0.8, 1.0);
                vec4 base = texture(albedo, uv);
                color = base * tnt;
            }
        """,
            "shaders/wave.vert": """
            #version 450

            layout(location = 0) in vec3 position;
            layout(location = 0) out float height;

            void main() {
                float h = sin(position.x) * 0.5
                height = h;
                gl_Position = vec4(position.x, h, position.z, 1.0);
            }
        """,
        },
    )
    pair = Pair(c, "glslang", proj)
    pair.run(
        "glslang_undeclared_identifier",
        GLSLANG_RUN.format(name="tint.frag"),
        r"'tnt' : undeclared identifier",
        ("shaders/tint.frag", "base * tnt;", "base * tint;"),
    )
    pair.run(
        "glslang_missing_semicolon",
        GLSLANG_RUN.format(name="wave.vert"),
        r"syntax error, unexpected IDENTIFIER",
        ("shaders/wave.vert", "* 0.5\n", "* 0.5;\n"),
    )


def wat2wasm(c: Any) -> None:
    needs(c, "wat2wasm")
    proj = c.project(
        "shop-wasm",
        {
            "build/.keep": "",
            "src/cart.wat": """
            (module
              (func $total (export "total") (param $price i32) (param $qty i32) (result i32)
                local.get $price
                local.get $qty
                i32.mull)
            )
        """,
            "src/stock.wat": """
            (module
              (func $needs_reorder (export "needs_reorder") (param $on_hand i32) (result i32)
                local.get $on_hand
                i64.const 10
                i32.le_s)
            )
        """,
        },
    )
    pair = Pair(c, "wat2wasm", proj)
    pair.run(
        "wat2wasm_unexpected_token",
        WAT2WASM_RUN.format(name="cart"),
        r"unexpected token i32\.mull",
        ("src/cart.wat", "i32.mull)", "i32.mul)"),
    )
    pair.run(
        "wat2wasm_type_mismatch",
        WAT2WASM_RUN.format(name="stock"),
        r"type mismatch in i32\.le_s",
        ("src/stock.wat", "i64.const 10", "i32.const 10"),
    )


def thrift(c: Any) -> None:
    needs(c, "thrift")
    proj = c.project(
        "shop-thrift",
        {
            "gen/.keep": "",
            "idl/cart.thrift": """
            namespace py shop.cart

            struct Item {
              1: string sku,
              2: i32 qty,
              2: double price
            }

            service Cart {
              double total(1: list<Item> items)
            }
        """,
            "idl/stock.thrift": """
            namespace py shop.stock

            struct Level {
              1: string sku,
              2: i32 on_hand
            }

            service Stock {
              Levl level(1: string sku)
            }
        """,
        },
    )
    pair = Pair(c, "thrift", proj)
    pair.run(
        "thrift_duplicate_field",
        THRIFT_RUN.format(name="cart"),
        r"field identifier/name has already been used",
        ("idl/cart.thrift", "2: double price", "3: double price"),
    )
    pair.run(
        "thrift_undefined_type",
        THRIFT_RUN.format(name="stock"),
        r'Type "Levl" not defined',
        ("idl/stock.thrift", "Levl level(", "Level level("),
    )
