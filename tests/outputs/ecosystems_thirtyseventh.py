"""Ecosystem corpus groups of the thirty-seventh held-out part, compilers, query languages and service configuration
checks (see ``ecosystems.py``), from Debian and on ``PATH`` when capturing: Racket's compiler (``raco make``), the
Groovy compiler (``groovyc``), the Kea DHCPv4 server's configuration check (``kea-dhcp4 -t``), Rasqal's SPARQL query
tool (``roqet``), BaseX running XQuery (``basex``) and rsyslog's configuration check (``rsyslogd -N1``). Each group is
two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: raco compiles one module (and what it requires), then racket runs it.
RACKET_RUN = "raco make src/{name}.rkt && racket src/{name}.rkt"
#: groovyc compiles one source into classes in build/.
GROOVY_RUN = "groovyc -d build src/{name}.groovy"
#: kea-dhcp4 checks one configuration file and exits.
KEA_RUN = "kea-dhcp4 -t etc/{name}.conf"
#: roqet runs one SPARQL query over the shop's stock.
ROQET_RUN = "roqet -D data/stock.ttl queries/{name}.rq"
#: basex runs one XQuery file.
BASEX_RUN = "basex queries/{name}.xq"
#: rsyslogd validates one configuration file and exits.
RSYSLOG_RUN = "rsyslogd -N1 -f etc/{name}.conf"

#: The Kea configuration of the shop's tills, with one word or number spelled for each failure.
KEA_CONF = """\
// The shop's DHCP server: one subnet for the {what}.
{{
  "Dhcp4": {{
    "interfaces-config": {{ "interfaces": [ "*" ] }},
    "lease-database": {{ "type": "memfile", "persist": false }},
    "{lifetime}": 4000,
    "subnet4": [
      {{
        "id": 1,
        "subnet": "192.0.2.0/24",
        "pools": [ {{ "pool": "192.0.2.10 - {last}" }} ]
      }}
    ]
  }}
}}
"""


def racket(c: Any) -> None:
    needs(c, "raco")
    proj = c.project(
        "shop-racket",
        {
            "src/total.rkt": """\
            #lang racket/base
            ;; The total of a receipt, in cents.
            (provide total)
            (define (total prices)
              (for/sum ([p prices]) p))
            (displayln (totl '(120 250)))
            """,
            "src/change.rkt": """\
            #lang racket/base
            ;; The change owed for a payment.
            (define (change paid due)
              (- paid due)
            (displayln (change 500 370))
            """,
        },
    )
    pair = Pair(c, "racket", proj)
    pair.run(
        "racket_unbound_identifier",
        RACKET_RUN.format(name="total"),
        r"src/total.rkt:\d+:\d+: totl: unbound identifier",
        ("src/total.rkt", "(displayln (totl ", "(displayln (total "),
        ahead=0,  # raco refuses a source dated after the compiled file it writes
    )
    pair.run(
        "racket_missing_paren",
        RACKET_RUN.format(name="change"),
        r"src/change.rkt:\d+:\d+: read-syntax: expected a `\)` to close `\(`",
        ("src/change.rkt", "(- paid due)\n", "(- paid due))\n"),
        ahead=0,
    )


def groovy(c: Any) -> None:
    needs(c, "groovyc")
    proj = c.project(
        "shop-groovy",
        {
            "src/Receipt.groovy": """\
            // A receipt of the till, dated the day it is printed.
            import java.time.LocalDat

            class Receipt {
                LocalDate printed = LocalDate.now()
                List<Integer> prices = []
            }
            """,
            "src/Total.groovy": """\
            // The total of a receipt, in cents.
            import groovy.transform.CompileStatic

            @CompileStatic
            class Total {
                static int total(List<Integer> prices) {
                    int sum = 0
                    for (p in prices) { sum += p }
                    return sum
                }
                static void main(String[] args) {
                    println totl([120, 250])
                }
            }
            """,
        },
    )
    pair = Pair(c, "groovy", proj)
    pair.run(
        "groovy_unable_to_resolve_class",
        GROOVY_RUN.format(name="Receipt"),
        r"src/Receipt.groovy: \d+: unable to resolve class java.time.LocalDat",
        ("src/Receipt.groovy", "import java.time.LocalDat\n", "import java.time.LocalDate\n"),
    )
    pair.run(
        "groovy_no_matching_method",
        GROOVY_RUN.format(name="Total"),
        r"src/Total.groovy: \d+: \[Static type checking\] - Cannot find matching method Total#totl",
        ("src/Total.groovy", "println totl(", "println total("),
    )


def kea(c: Any) -> None:
    needs(c, "kea-dhcp4")
    proj = c.project(
        "shop-dhcp",
        {
            "etc/tills.conf": KEA_CONF.format(what="tills", lifetime="valid-lifetim", last="192.0.2.200"),
            "etc/printers.conf": KEA_CONF.format(what="printers", lifetime="valid-lifetime", last="192.0.3.200"),
        },
    )
    pair = Pair(c, "kea", proj)
    pair.run(
        "kea_unexpected_keyword",
        KEA_RUN.format(name="tills"),
        r'etc/tills.conf:\d+\.\d+-\d+: got unexpected keyword "valid-lifetim" in Dhcp4 map',
        ("etc/tills.conf", '"valid-lifetim"', '"valid-lifetime"'),
    )
    pair.run(
        "kea_pool_outside_subnet",
        KEA_RUN.format(name="printers"),
        r"address range: 192.0.2.10-192.0.3.200 does not match the prefix of a subnet: 192.0.2.0/24",
        ("etc/printers.conf", "192.0.3.200", "192.0.2.200"),
    )


def roqet(c: Any) -> None:
    needs(c, "roqet")
    proj = c.project(
        "shop-sparql",
        {
            "data/stock.ttl": """\
            @prefix shop: <http://example.org/shop#> .
            shop:apple shop:name "Apple" ; shop:price 120 .
            shop:bread shop:name "Bread" ; shop:price 250 .
            """,
            "queries/prices.rq": """\
            # The items of the shop's stock dearer than a euro, cheapest first.
            PREFIX shop: <http://example.org/shop#>
            SELECT ?name ?price
            WHERE {
              ?item shop:name ?name ;
                    shop:price ?price
              FILTER (?price > 100
            }
            ORDER BY ?price
            """,
            "queries/names.rq": """\
            # The shop's items and their names.
            SELECT ?item ?name
            WHERE {
              ?item shop:name ?name .
            }
            """,
        },
    )
    pair = Pair(c, "roqet", proj)
    pair.run(
        "roqet_syntax_error",
        ROQET_RUN.format(name="prices"),
        r"queries/prices.rq:\d+ - syntax error, unexpected '}', expecting '\)'",
        ("queries/prices.rq", "FILTER (?price > 100\n", "FILTER (?price > 100)\n"),
    )
    pair.run(
        "roqet_undeclared_prefix",
        ROQET_RUN.format(name="names"),
        r'The namespace prefix in "shop:name" was not declared',
        ("queries/names.rq", "SELECT ?item ?name\n", "PREFIX shop: <http://example.org/shop#>\nSELECT ?item ?name\n"),
    )


def basex(c: Any) -> None:
    needs(c, "basex")
    proj = c.project(
        "shop-xquery",
        {
            "data/stock.xml": """\
            <stock>
              <item code="A1"><name>Apple</name><price>120</price></item>
              <item code="B2"><name>Bread</name><price>250</price></item>
            </stock>
            """,
            "queries/names.xq": """\
            (: The names of the shop's items, in upper case. :)
            for $item in doc("../data/stock.xml")//item
            return upper-case($itme/name)
            """,
            "queries/labels.xq": """\
            (: The shelf labels: each item's code and name. :)
            for $item in doc("../data/stock.xml")//item
            return concat($item/@code, " ", lowercase($item/name))
            """,
        },
    )
    pair = Pair(c, "basex", proj)
    pair.run(
        "basex_undeclared_variable",
        BASEX_RUN.format(name="names"),
        r"\[XPST0008\] Undeclared variable: \$itme",
        ("queries/names.xq", "upper-case($itme/name)", "upper-case($item/name)"),
    )
    pair.run(
        "basex_unknown_function",
        BASEX_RUN.format(name="labels"),
        r"\[XPST0017\] Unknown function: fn:lowercase",
        ("queries/labels.xq", "lowercase($item/name)", "lower-case($item/name)"),
    )


def rsyslog(c: Any) -> None:
    needs(c, "rsyslogd")
    proj = c.project(
        "shop-syslog",
        {
            "etc/tills.conf": """\
            # The tills' log: their messages kept in one file.
            module(load="imuxsock")
            template(name="till" type="string" string="%timegenerated% %HOSTNAME% %msg%\\n")
            if $programname == "till" then {
                action(type="omfiel" file="/var/log/till.log" template="till")
                stop
            }
            """,
            "etc/scales.conf": """\
            # The scales' log: their weighings kept in one file.
            module(load="imuxsock")
            template(name="scale" type="string" string="%timegenerated% %msg%\\n")
            if $programname == "scale" then {
                action(type="omfile" file="/var/log/scale.log" template="scales")
                stop
            }
            """,
        },
    )
    pair = Pair(c, "rsyslog", proj)
    pair.run(
        "rsyslog_unknown_module",
        RSYSLOG_RUN.format(name="tills"),
        r"rsyslogd: module name 'omfiel' is unknown",
        ("etc/tills.conf", 'type="omfiel"', 'type="omfile"'),
    )
    pair.run(
        "rsyslog_template_not_found",
        RSYSLOG_RUN.format(name="scales"),
        r"Could not find template \d+ 'scales'",
        ("etc/scales.conf", 'template="scales"', 'template="scale"'),
    )
