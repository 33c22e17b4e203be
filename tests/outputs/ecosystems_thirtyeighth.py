"""Ecosystem corpus groups of the thirty-eighth held-out part, a typesetter, a test runner, infrastructure
configuration checks and packaging (see ``ecosystems.py``), from Debian and on ``PATH`` when capturing: LaTeX
(``pdflatex``), the JUnit Platform's console launcher running JUnit 5 tests (``junit-platform-console-standalone``),
Nix evaluating an expression (``nix-instantiate --eval``), dnsmasq's configuration check (``dnsmasq --test``),
dpkg-deb building a Debian package (``dpkg-deb --build``) and logrotate's configuration check (``logrotate -d``). Each
group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool
prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: pdflatex typesets one document and stops at its first error.
LATEX_RUN = "pdflatex -interaction=nonstopmode -halt-on-error {name}.tex"
#: The JUnit Platform's console launcher as Debian installs it.
JUNIT5_JAR = "/usr/share/java/junit-platform-console-standalone.jar"
#: javac compiles the sources and the tests, then the console launcher runs one test class.
JUNIT5_RUN = (
    f"javac -cp {JUNIT5_JAR} -d out src/*.java && "
    f"java -jar {JUNIT5_JAR} --disable-ansi-colors --class-path out --select-class {{name}}"
)
#: nix-instantiate evaluates one expression in full and prints its value.
NIX_RUN = "nix-instantiate --eval --strict {name}.nix"
#: dnsmasq checks one configuration file and exits.
DNSMASQ_RUN = "dnsmasq --test -C etc/{name}.conf"
#: dpkg-deb builds one package from its folder into build/.
DPKG_RUN = "mkdir -p build && dpkg-deb --build --root-owner-group {name} build/"
#: logrotate reads one configuration and says what it would do, doing nothing.
LOGROTATE_RUN = "logrotate -d etc/{name}.conf"


def latex(c: Any) -> None:
    needs(c, "pdflatex")
    proj = c.project(
        "shop-latex",
        {
            "receipt.tex": """\
            % The till's receipt, printed for the customer.
            \\documentclass{article}
            \\begin{document}
            \\section*{Receipt}
            Apple \\dotfill 1.20\\\\
            Bread \\dotfill 2.50\\\\
            \\texbf{Total} \\dotfill 3.70
            \\end{document}
            """,
            "labels.tex": """\
            % The shelf labels of the shop, each with the item's picture.
            \\documentclass{article}
            \\usepackage{graphicz}
            \\begin{document}
            Apple \\hfill 1.20 EUR
            \\end{document}
            """,
        },
    )
    pair = Pair(c, "latex", proj)
    pair.run(
        "latex_undefined_control_sequence",
        LATEX_RUN.format(name="receipt"),
        r"^! Undefined control sequence\.",
        ("receipt.tex", "\\texbf{Total}", "\\textbf{Total}"),
    )
    pair.run(
        "latex_file_not_found",
        LATEX_RUN.format(name="labels"),
        r"! LaTeX Error: File `graphicz.sty' not found\.",
        ("labels.tex", "\\usepackage{graphicz}", "\\usepackage{graphicx}"),
    )


def junit5(c: Any) -> None:
    needs(c, "javac")
    proj = c.project(
        "shop-junit5",
        {
            "src/Till.java": """\
            /** The till's sums, in cents. */
            public class Till {
                public static int total(int[] prices) {
                    int sum = 0;
                    for (int i = 1; i < prices.length; i++) {
                        sum += prices[i];
                    }
                    return sum;
                }

                public static int average(int[] prices) {
                    return total(prices) / prices.length;
                }
            }
            """,
            "src/TillTest.java": """\
            import static org.junit.jupiter.api.Assertions.assertEquals;

            import org.junit.jupiter.api.Test;

            class TillTest {
                @Test
                void totalAddsEveryPrice() {
                    assertEquals(370, Till.total(new int[] {120, 250}));
                }
            }
            """,
            "src/AverageTest.java": """\
            import static org.junit.jupiter.api.Assertions.assertEquals;

            import org.junit.jupiter.api.Test;

            class AverageTest {
                @Test
                void averageOfAnEmptyReceiptIsZero() {
                    assertEquals(0, Till.average(new int[] {}));
                }
            }
            """,
        },
    )
    pair = Pair(c, "junit5", proj)
    pair.run(
        "junit5_assertion_failed",
        JUNIT5_RUN.format(name="TillTest"),
        r"org.opentest4j.AssertionFailedError: expected: <370> but was: <250>",
        ("src/Till.java", "for (int i = 1;", "for (int i = 0;"),
    )
    pair.run(
        "junit5_division_by_zero",
        JUNIT5_RUN.format(name="AverageTest"),
        r"java.lang.ArithmeticException: / by zero",
        (
            "src/Till.java",
            "return total(prices) / prices.length;",
            "return prices.length == 0 ? 0 : total(prices) / prices.length;",
        ),
    )


def nix(c: Any) -> None:
    needs(c, "nix-instantiate")
    proj = c.project(
        "shop-nix",
        {
            "till.nix": """\
            # The till's settings, as the shop's machines are configured.
            let
              prices = { apple = 120; bread = 250; };
              currency = "EUR";
            in {
              name = "till-1";
              total = prices.apple + prices.bread;
              currency = curency;
            }
            """,
            "scale.nix": """\
            # The scale's settings.
            let
              units = [ "g" "kg" ];
            in {
              name = "scale-1";
              unit = builtins.elemAt units 1;
              maximum = 15 * 1000
            }
            """,
        },
    )
    pair = Pair(c, "nix", proj)
    pair.run(
        "nix_undefined_variable",
        NIX_RUN.format(name="till"),
        r"error: undefined variable 'curency'",
        ("till.nix", "currency = curency;", "inherit currency;"),
    )
    pair.run(
        "nix_syntax_error",
        NIX_RUN.format(name="scale"),
        r"error: syntax error, unexpected '}', expecting ';'",
        ("scale.nix", "maximum = 15 * 1000\n", "maximum = 15 * 1000;\n"),
    )


def dnsmasq(c: Any) -> None:
    needs(c, "dnsmasq")
    proj = c.project(
        "shop-dnsmasq",
        {
            "etc/tills.conf": """\
            # The shop's DHCP and DNS for the tills.
            domain-needed
            bogus-priv
            dhcp-range=192.168.10.50,192.168.10.150,12h
            dhcp-host=aa:bb:cc:dd:ee:01,till-1,192.168.10.51
            adress=/printer.shop/192.168.10.5
            """,
            "etc/scales.conf": """\
            # The shop's DHCP for the scales, with their gateway.
            dhcp-range=192.168.20.50,192.168.20.150,12h
            dhcp-host=aa:bb:cc:dd:ee:21,scale-1,192.168.20.30
            dhcp-option=option:routr,192.168.20.1
            """,
        },
    )
    pair = Pair(c, "dnsmasq", proj)
    pair.run(
        "dnsmasq_bad_option",
        DNSMASQ_RUN.format(name="tills"),
        r"dnsmasq: bad option at line \d+ of etc/tills.conf",
        ("etc/tills.conf", "adress=/printer.shop/", "address=/printer.shop/"),
    )
    pair.run(
        "dnsmasq_bad_dhcp_option",
        DNSMASQ_RUN.format(name="scales"),
        r"dnsmasq: bad dhcp-option at line \d+ of etc/scales.conf",
        ("etc/scales.conf", "option:routr,", "option:router,"),
    )


def dpkg_deb(c: Any) -> None:
    needs(c, "dpkg-deb")
    script = "#!/bin/sh\n# Starts the shop's {what}.\necho {what} ready\n"
    proj = c.project(
        "shop-debs",
        {
            "till/DEBIAN/control": """\
            Package: shop-till
            Version: 1.0-1
            Architecture: all
            Maintainer: Shop <shop@example.com>
            Depends: python3 (>= 3.9
            Description: the shop's till
             Prints the total of a receipt.
            """,
            "till/usr/bin/shop-till": script.format(what="till"),
            "scale/DEBIAN/control": """\
            Package: shop-scale
            Version: 1.0-1
            Architecture: all
            Maintainer: Shop <shop@example.com>
            Description: the shop's scale
             Weighs the goods.
            """,
            "scale/DEBIAN/conffiles": "/etc/shop/scales.conf\n",
            "scale/etc/shop/scale.conf": "unit=g\n",
            "scale/usr/bin/shop-scale": script.format(what="scale"),
        },
    )
    c.setup("chmod 755 till/usr/bin/shop-till scale/usr/bin/shop-scale", proj)
    pair = Pair(c, "dpkg_deb", proj)
    pair.run(
        "dpkg_deb_version_unterminated",
        DPKG_RUN.format(name="till"),
        r"'Depends' field, reference to 'python3': version unterminated",
        ("till/DEBIAN/control", "(>= 3.9\n", "(>= 3.9)\n"),
    )
    pair.run(
        "dpkg_deb_conffile_missing",
        DPKG_RUN.format(name="scale"),
        r"dpkg-deb: error: conffile '/etc/shop/scales.conf' does not appear in package",
        ("scale/DEBIAN/conffiles", "/etc/shop/scales.conf", "/etc/shop/scale.conf"),
    )


def logrotate(c: Any) -> None:
    needs(c, "logrotate")
    proj = c.project(
        "shop-logrotate",
        {
            "etc/tills.conf": """\
            # The tills' logs: kept a week, compressed.
            /var/log/shop/till*.log {
                daily
                rotate 7d
                compress
                missingok
            }
            """,
            "etc/scales.conf": """\
            # The scales' logs: kept a month, the service told to reopen them.
            /var/log/shop/scale*.log {
                weekly
                rotate 4
                missingok
                postrotate
                    systemctl reload shop-scale
            }
            """,
        },
    )
    pair = Pair(c, "logrotate", proj)
    pair.run(
        "logrotate_bad_rotation_count",
        LOGROTATE_RUN.format(name="tills"),
        r"error: etc/tills.conf:\d+ bad rotation count '7d'",
        ("etc/tills.conf", "rotate 7d", "rotate 7"),
    )
    pair.run(
        "logrotate_missing_endscript",
        LOGROTATE_RUN.format(name="scales"),
        r"error: etc/scales.conf:prerotate, postrotate or preremove without endscript",
        ("etc/scales.conf", "reload shop-scale\n", "reload shop-scale\n    endscript\n"),
    )
