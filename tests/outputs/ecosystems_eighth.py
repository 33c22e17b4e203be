"""Ecosystem corpus groups of the eighth held-out part, tools installed from Debian (see ``ecosystems.py``): the
Tiny C Compiler, Yosys, zsh, XMLStarlet and puppet-lint. Each group is two distinct real failures of its tool, each
fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def tcc(c: Any) -> None:
    needs(c, "tcc")
    proj = c.project(
        "abacus",
        {
            "src/tally.c": """
            #include <stdio.h>

            int main(void) {
                int total = 0;
                for (int i = 1; i <= 4; i++)
                    totl += i;
                printf("total %d\\n", total);
                return 0;
            }
        """,
            "src/banner.c": """
            #include <stdio.h>
            #include "versoin.h"

            int main(void) {
                printf("tally %s\\n", VERSION);
                return 0;
            }
        """,
            "src/version.h": """
            #define VERSION "1.4.2"
        """,
        },
    )
    pair = Pair(c, "tcc", proj)
    pair.run(
        "tcc_undeclared",
        "tcc -run src/tally.c",
        r"undeclared",
        ("src/tally.c", "totl += i;", "total += i;"),
    )
    pair.run(
        "tcc_missing_header",
        "tcc -Wall -o banner src/banner.c && ./banner",
        r"not found",
        ("src/banner.c", '#include "versoin.h"', '#include "version.h"'),
    )


def yosys(c: Any) -> None:
    needs(c, "yosys")
    proj = c.project(
        "ledbar",
        {
            "rtl/counter.v": """
            module counter(input clk, input rst, output reg [3:0] q);
              always @(posedge clk)
                if (rst) q <= 4'd0;
                else q <= q + 4'd1
            endmodule
        """,
            "rtl/top.v": """
            module top(input clk, input rst, output [3:0] leds);
              countr u_count(.clk(clk), .rst(rst), .q(leds));
            endmodule

            module counter(input clk, input rst, output reg [3:0] q);
              always @(posedge clk)
                if (rst) q <= 4'd0;
                else q <= q + 4'd1;
            endmodule
        """,
        },
    )
    pair = Pair(c, "yosys", proj)
    pair.run(
        "yosys_syntax_error",
        "yosys -p 'read_verilog rtl/counter.v; synth -top counter'",
        r"ERROR: syntax error",
        ("rtl/counter.v", "else q <= q + 4'd1\n", "else q <= q + 4'd1;\n"),
    )
    pair.run(
        "yosys_missing_module",
        "yosys -p 'read_verilog rtl/top.v; synth -top top'",
        r"is not part of the design",
        ("rtl/top.v", "  countr u_count", "  counter u_count"),
    )


def zsh(c: Any) -> None:
    needs(c, "zsh")
    proj = c.project(
        "logrotate",
        {
            "logs/app.log": "started\n",
            "logs/worker.log": "idle\n",
            "scripts/rename.zsh": """
            # Print each log's name without its extension.
            for f in logs/*.log; do
              print -- ${f:r
            done
        """,
            "scripts/prune.zsh": """
            setopt err_exit
            # Drop old rotated logs, then report.
            rm -f -- logs/*.log.old
            print -- "pruned"
        """,
        },
    )
    pair = Pair(c, "zsh", proj)
    pair.run(
        "zsh_closing_brace",
        "zsh scripts/rename.zsh",
        r"closing brace expected",
        ("scripts/rename.zsh", "${f:r\n", "${f:r}\n"),
    )
    pair.run(
        "zsh_no_matches",
        "zsh scripts/prune.zsh",
        r"no matches found",
        ("scripts/prune.zsh", "logs/*.log.old\n", "logs/*.log.old(N)\n"),
    )


def xmlstarlet(c: Any) -> None:
    needs(c, "xmlstarlet")
    proj = c.project(
        "bookstore",
        {
            "data/catalog.xml": """
            <catalog>
              <book id="b1"><title>Dune</title><price>9.99</price></book>
              <book id="b2"><title>Emma</title><price>cheap</price></book>
            </catalog>
        """,
            "data/catalog.xsd": """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="catalog">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="book" maxOccurs="unbounded">
                      <xs:complexType>
                        <xs:sequence>
                          <xs:element name="title" type="xs:string"/>
                          <xs:element name="price" type="xs:decimal"/>
                        </xs:sequence>
                        <xs:attribute name="id" type="xs:ID" use="required"/>
                      </xs:complexType>
                    </xs:element>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
            </xs:schema>
        """,
            "bin/titles.sh": """
            xmlstarlet sel -t -v '//book[@id="b1"/title' -n data/catalog.xml
        """,
        },
    )
    pair = Pair(c, "xmlstarlet", proj)
    pair.run(
        "xmlstarlet_schema_invalid",
        "xmlstarlet val -e -s data/catalog.xsd data/catalog.xml",
        r"not a valid value",
        ("data/catalog.xml", "<price>cheap</price>", "<price>4.50</price>"),
    )
    pair.run(
        "xmlstarlet_bad_xpath",
        "sh bin/titles.sh",
        r"Invalid predicate",
        ("bin/titles.sh", """'//book[@id="b1"/title'""", """'//book[@id="b1"]/title'"""),
    )


def puppet_lint(c: Any) -> None:
    needs(c, "puppet-lint")
    proj = c.project(
        "timesync",
        {
            "manifests/init.pp": """
            # Keeps the clock in sync.
            class timesync {
              file { '/etc/ntp.conf':
                ensure  => file,
                mode    => 644,
                content => "server pool.ntp.org iburst\\n",
              }
            }
        """,
            "manifests/service.pp": """
            # Runs the ntp daemon.
            class timesync::service {
              service { 'ntp':
                enable => true,
                ensure => running,
              }
            }
        """,
        },
    )
    pair = Pair(c, "puppet_lint", proj)
    pair.run(
        "puppet_lint_file_mode",
        "puppet-lint --fail-on-warnings manifests/init.pp",
        r"file mode",
        ("manifests/init.pp", "mode    => 644,", "mode    => '0644',"),
    )
    pair.run(
        "puppet_lint_ensure_first",
        "puppet-lint --fail-on-warnings manifests/service.pp",
        r"ensure found on line",
        (
            "manifests/service.pp",
            "    enable => true,\n    ensure => running,\n",
            "    ensure => running,\n    enable => true,\n",
        ),
    )
