"""Ecosystem corpus groups of the twenty-sixth held-out part, tools people run every day (see ``ecosystems.py``),
from Debian: Unbound's configuration checker, sudo's visudo, lighttpd's configuration test, Jing (the RELAX NG
validator) and GHDL (the VHDL compiler). Each group is two distinct real failures of its tool, each fixed by one edit
and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: unbound-checkconf reads a resolver configuration as the server would.
UNBOUND_RUN = "unbound-checkconf {name}.conf"
#: visudo checks a drop-in sudoers file without installing it; ``-s`` is its strict mode (aliases must be defined).
VISUDO_RUN = "visudo -c -s -f sudoers.d/{name}"
#: lighttpd parses its configuration and loads the modules it names (``-tt``), then exits.
LIGHTTPD_RUN = "lighttpd -tt -f {name}.conf"
#: Jing validates an XML document against a RELAX NG schema in its compact syntax (``-c``).
JING_RUN = "jing -c schema/orders.rnc data/{name}.xml"
#: GHDL analyses one VHDL design file into its work library.
GHDL_RUN = "ghdl -a src/{name}.vhd"


def unbound_checkconf(c: Any) -> None:
    needs(c, "unbound-checkconf")
    proj = c.project(
        "shop-unbound",
        {
            "resolver.conf": """
            server:
                interface: 127.0.0.1
                port: 5353
                acess-control: 127.0.0.0/8 allow
                do-ip6: no
        """,
            "lan.conf": """
            server:
                interface: 127.0.0.1
                num-threads: 2
                access-control: 10.0.0.0/8 alow
        """,
        },
    )
    pair = Pair(c, "unbound_checkconf", proj)
    pair.run(
        "unbound_checkconf_unknown_keyword",
        UNBOUND_RUN.format(name="resolver"),
        r"unknown keyword 'acess-control'",
        ("resolver.conf", "acess-control:", "access-control:"),
    )
    pair.run(
        "unbound_checkconf_bad_action",
        UNBOUND_RUN.format(name="lan"),
        r"as access control action",
        ("lan.conf", "10.0.0.0/8 alow", "10.0.0.0/8 allow"),
    )


def visudo(c: Any) -> None:
    needs(c, "visudo")
    proj = c.project(
        "shop-sudoers",
        {
            "sudoers.d/deploy": """
            Cmnd_Alias SHOP_RESTART = /usr/bin/systemctl restart shop
            deploy ALL=(root) NOPASSWD SHOP_RESTART
        """,
            "sudoers.d/backup": """
            Cmnd_Alias SHOP_DUMP = /usr/bin/pg_dump shop
            backup ALL=(postgres) NOPASSWD: SHOP_DMP
        """,
        },
    )
    pair = Pair(c, "visudo", proj)
    pair.run(
        "visudo_syntax_error",
        VISUDO_RUN.format(name="deploy"),
        r"syntax error",
        ("sudoers.d/deploy", "NOPASSWD SHOP_RESTART", "NOPASSWD: SHOP_RESTART"),
    )
    pair.run(
        "visudo_undefined_alias",
        VISUDO_RUN.format(name="backup"),
        r"referenced but not defined",
        ("sudoers.d/backup", "NOPASSWD: SHOP_DMP", "NOPASSWD: SHOP_DUMP"),
    )


def lighttpd(c: Any) -> None:
    needs(c, "lighttpd")
    proj = c.project(
        "shop-lighttpd",
        {
            "shop.conf": """
            server.document-root = "/srv/shop"
            server.port = 8080
            server.modules += ( "mod_rewrite" )
            url.rewrite-once = ( "^/old-cart$" => "/cart"
        """,
            "api.conf": """
            server.document-root = "/srv/shop"
            server.port = 8081
            server.modules += ( "mod_proxy", "mod_setenv", "mod_acesslog" )
        """,
        },
    )
    pair = Pair(c, "lighttpd", proj)
    pair.run(
        "lighttpd_parse_error",
        LIGHTTPD_RUN.format(name="shop"),
        r"parser failed somehow",
        ("shop.conf", '"/cart"\n', '"/cart" )\n'),
    )
    pair.run(
        "lighttpd_missing_module",
        LIGHTTPD_RUN.format(name="api"),
        r"dlopen\(\) failed for: .*mod_acesslog",
        ("api.conf", '"mod_acesslog"', '"mod_accesslog"'),
    )


def jing(c: Any) -> None:
    needs(c, "jing")
    proj = c.project(
        "shop-jing",
        {
            "schema/orders.rnc": """
            element orders {
              element order {
                attribute id { xsd:integer },
                element sku { text },
                element qty { xsd:positiveInteger }
              }*
            }
        """,
            "data/monday.xml": """
            <orders>
              <order id="1">
                <sku>apple</sku>
                <qty>0</qty>
              </order>
            </orders>
        """,
            "data/tuesday.xml": """
            <orders>
              <order id="2">
                <sku>pear</sku>
                <quantity>3</quantity>
              </order>
            </orders>
        """,
        },
    )
    pair = Pair(c, "jing", proj)
    pair.run(
        "jing_invalid_content",
        JING_RUN.format(name="monday"),
        r'character content of element "qty" invalid',
        ("data/monday.xml", "<qty>0</qty>", "<qty>4</qty>"),
    )
    pair.run(
        "jing_element_not_allowed",
        JING_RUN.format(name="tuesday"),
        r'element "quantity" not allowed anywhere',
        ("data/tuesday.xml", "<quantity>3</quantity>", "<qty>3</qty>"),
    )


def ghdl(c: Any) -> None:
    needs(c, "ghdl")
    proj = c.project(
        "shop-ghdl",
        {
            "src/counter.vhd": """
            library ieee;
            use ieee.std_logic_1164.all;
            use ieee.numeric_std.all;

            entity counter is
              port (clk : in std_logic; count : out unsigned(3 downto 0));
            end entity;

            architecture rtl of counter is
              signal value : unsigned(3 downto 0) := (others => '0');
            begin
              process (clk)
              begin
                if rising_edge(clk) then
                  value <= value + 1
                end if;
              end process;
              count <= value;
            end architecture;
        """,
            "src/gate.vhd": """
            library ieee;
            use ieee.std_logic_1164.all;

            entity gate is
              port (a, b : in std_logic; y : out std_logic);
            end entity;

            architecture rtl of gate is
            begin
              y <= a and bb;
            end architecture;
        """,
        },
    )
    pair = Pair(c, "ghdl", proj)
    pair.run(
        "ghdl_missing_semicolon",
        GHDL_RUN.format(name="counter"),
        r'missing ";" at end of statement',
        ("src/counter.vhd", "value <= value + 1\n", "value <= value + 1;\n"),
    )
    pair.run(
        "ghdl_no_declaration",
        GHDL_RUN.format(name="gate"),
        r'no declaration for "bb"',
        ("src/gate.vhd", "a and bb;", "a and b;"),
    )
