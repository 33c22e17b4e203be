"""Ecosystem corpus groups of the twenty-eighth held-out part, tools people run every day (see ``ecosystems.py``),
from Debian: LuaRocks (Lua's package manager) building a rock from its rockspec, Miller (``mlr``, the CSV and JSON
tool) and cmake-format (cmakelang's CMake formatter) in check mode. Each group is two distinct real failures of its
tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: LuaRocks builds and installs the rock a rockspec describes into a tree inside the project.
LUAROCKS_RUN = "luarocks make --tree=lua_modules {name}-1.0-1.rockspec"
#: Miller reads CSV, adds a computed column and prints the records as aligned columns.
MILLER_RUN = "mlr --icsv --opprint {verbs} data/{name}.csv"
#: cmake-format checks that a CMake file is formatted as it would format it, and changes nothing.
CMAKE_FORMAT_RUN = "cmake-format --check {name}"

ROCKSPEC = """
package = "{name}"
version = "1.0-1"
source = {{
   url = "git+https://example.com/shop/{name}.git"
}}
description = {{
   summary = "{summary}",
   license = "MIT"
}}
dependencies = {{
   "lua >= 5.1"
}}
build = {{
   type = "builtin",
   modules = {{
{modules}
   }}
}}
"""


def luarocks(c: Any) -> None:
    needs(c, "luarocks")
    proj = c.project(
        "shop-lua",
        {
            "cart-1.0-1.rockspec": ROCKSPEC.format(
                name="cart",
                summary="Cart totals for the shop",
                modules='      ["cart.total"] = "src/cart/total.lua",\n      ["cart.tax"] = "src/cart/taxes.lua"',
            ),
            "stock-1.0-1.rockspec": ROCKSPEC.format(
                name="stock",
                summary="Stock levels for the shop",
                modules='      ["stock.levels"] = "src/stock/levels.lua"',
            ).replace('summary = "Stock levels for the shop",', 'summary = "Stock levels for the shop"'),
            "src/cart/total.lua": """
            local M = {}

            function M.total(items)
              local sum = 0
              for _, item in ipairs(items) do
                sum = sum + item.price * item.qty
              end
              return sum
            end

            return M
        """,
            "src/cart/tax.lua": """
            local M = {}

            function M.with_tax(amount, rate)
              return amount * (1 + rate)
            end

            return M
        """,
            "src/stock/levels.lua": """
            local M = {}

            function M.needs_reorder(on_hand)
              return on_hand < 10
            end

            return M
        """,
        },
    )
    pair = Pair(c, "luarocks", proj)
    pair.run(
        "luarocks_missing_module",
        LUAROCKS_RUN.format(name="cart"),
        r"Build error: Failed installing src/cart/taxes\.lua",
        ("cart-1.0-1.rockspec", '"src/cart/taxes.lua"', '"src/cart/tax.lua"'),
    )
    pair.run(
        "luarocks_rockspec_syntax",
        LUAROCKS_RUN.format(name="stock"),
        r"'}' expected",
        ("stock-1.0-1.rockspec", '"Stock levels for the shop"\n', '"Stock levels for the shop",\n'),
    )


def miller(c: Any) -> None:
    needs(c, "mlr")
    proj = c.project(
        "shop-mlr",
        {
            "data/orders.csv": """
            sku,qty,price
            apple,3,2.50
            pear,1,4.00,gift
            plum,6,0.75
            fig,2,3.10
        """,
            "data/stock.csv": """
            sku,on_hand,reorder_at
            apple,40,25
            pear,8,10
            plum,0,15
        """,
            "scripts/reorder.mlr": """
            if ($on_hand < $reorder_at {
              $order = $reorder_at * 2 - $on_hand;
            } else {
              $order = 0;
            }
        """,
        },
    )
    pair = Pair(c, "miller", proj)
    pair.run(
        "miller_header_data_length",
        MILLER_RUN.format(verbs="put '$total = $qty * $price' then sort -nr total", name="orders"),
        r"CSV header/data length mismatch",
        ("data/orders.csv", "pear,1,4.00,gift\n", "pear,1,4.00\n"),
    )
    pair.run(
        "miller_dsl_parse_error",
        MILLER_RUN.format(verbs="put -f scripts/reorder.mlr", name="stock"),
        r"cannot parse DSL expression",
        ("scripts/reorder.mlr", "if ($on_hand < $reorder_at {", "if ($on_hand < $reorder_at) {"),
    )


def cmake_format(c: Any) -> None:
    needs(c, "cmake-format")
    proj = c.project(
        "shop-cmake",
        {
            "CMakeLists.txt": """
            cmake_minimum_required(VERSION 3.20)
            project(shop C)

            include(cmake/platform.cmake)

            add_executable(shop  src/main.c src/cart.c)
            target_link_libraries(shop PRIVATE m)
        """,
            "cmake/platform.cmake": """
            if(WIN32
              add_compile_definitions(SHOP_WINDOWS)
            else()
              add_compile_definitions(SHOP_POSIX)
            endif()
        """,
        },
    )
    pair = Pair(c, "cmake_format", proj)
    pair.run(
        "cmake_format_check_failed",
        CMAKE_FORMAT_RUN.format(name="CMakeLists.txt"),
        r"Check failed: CMakeLists\.txt",
        ("CMakeLists.txt", "add_executable(shop  src/main.c", "add_executable(shop src/main.c"),
    )
    pair.run(
        "cmake_format_parse_error",
        CMAKE_FORMAT_RUN.format(name="cmake/platform.cmake"),
        r"Unexpected end of token stream",
        ("cmake/platform.cmake", "if(WIN32\n", "if(WIN32)\n"),
    )
