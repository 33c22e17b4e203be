"""Ecosystem corpus groups of the fortieth held-out part, service configuration checks, a diagram tool and an editor's
compiler (see ``ecosystems.py``), from Debian and on ``PATH`` when capturing: PHP-FPM's configuration test
(``php-fpm8.2 -t``), PlantUML drawing a diagram (``plantuml``), fail2ban's configuration test (``fail2ban-client -t``),
chrony's configuration parse (``chronyd -p``), Emacs byte-compiling a Lisp file in batch (``batch-byte-compile``) and
AppArmor's profile parser (``apparmor_parser -Q``). Each group is two distinct real failures of its tool, each fixed by
one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: PHP-FPM tests one configuration of its pools and says whether it holds.
PHP_FPM_RUN = "php-fpm8.2 -t -y etc/{name}.conf"
#: PlantUML draws the diagram of one file into a PNG beside it.
PLANTUML_RUN = "plantuml {name}.puml"
#: fail2ban-client tests the configuration of one folder (its jails, filters and actions).
FAIL2BAN_RUN = "fail2ban-client -c {name} -t"
#: chronyd parses one configuration, prints it and stops.
CHRONY_RUN = "chronyd -p -f etc/{name}.conf"
#: Emacs byte-compiles one Lisp file in batch, a warning failing the run as it does in CI.
EMACS_RUN = "emacs -Q --batch --eval '(setq byte-compile-error-on-warn t)' -f batch-byte-compile {name}.el"
#: apparmor_parser parses one profile without loading it into the kernel.
APPARMOR_RUN = "apparmor_parser -Q -K profiles/{name}"
#: One pool of the shop's PHP-FPM; ``{children}`` and ``{start}`` are its process settings' lines.
FPM_POOL = """\
[global]
error_log = /dev/null

[{what}]
user = www-data
listen = 127.0.0.1:{port}
pm = dynamic
{children}
{start}
pm.min_spare_servers = 1
pm.max_spare_servers = 3
"""
#: What fail2ban's test reads besides the shop's own files, copied from the installed configuration.
FAIL2BAN_BASE = (
    "for d in till scale; do mkdir -p $d/filter.d && "
    "cp -r /etc/fail2ban/fail2ban.conf /etc/fail2ban/jail.conf /etc/fail2ban/paths-common.conf "
    "/etc/fail2ban/paths-debian.conf /etc/fail2ban/action.d $d/ && cp /etc/fail2ban/filter.d/common.conf $d/filter.d/ "
    '&& sed -i "s#@LOGS@#$PWD/logs#" $d/jail.local; done'
)
#: One jail of the shop's fail2ban, watching one log of its logins.
FAIL2BAN_JAIL = """\
[shop-{what}]
enabled = true
filter = {filter}
logpath = @LOGS@/{log}
backend = polling
"""
#: The filter of failed logins the shop's jails use.
FAIL2BAN_FILTER = """\
[Definition]
failregex = ^login failed for .* from <HOST>$
"""
#: One profile of the shop's AppArmor; ``{base}`` is the abstraction it includes, ``{rules}`` its rules.
APPARMOR_PROFILE = """\
abi <abi/3.0>,
include <tunables/global>

profile shop-{what} /usr/bin/shop-{what} {{
  include <abstractions/{base}>
{rules}
}}
"""


def php_fpm(c: Any) -> None:
    needs(c, "php-fpm8.2")
    proj = c.project(
        "shop-php-fpm",
        {
            "etc/till.conf": FPM_POOL.format(
                what="till", port=9000, children="pm.max_childs = 5", start="pm.start_servers = 2"
            ),
            "etc/scale.conf": FPM_POOL.format(
                what="scale", port=9001, children="pm.max_children = 5", start="pm.start_servers = 8"
            ),
        },
    )
    pair = Pair(c, "php_fpm", proj)
    pair.run(
        "php_fpm_unknown_entry",
        PHP_FPM_RUN.format(name="till"),
        r"ERROR: \[etc/till.conf:\d+\] unknown entry 'pm.max_childs'",
        ("etc/till.conf", "pm.max_childs = 5", "pm.max_children = 5"),
    )
    pair.run(
        "php_fpm_start_servers",
        PHP_FPM_RUN.format(name="scale"),
        r"ALERT: \[pool scale\] pm.start_servers\(8\) must not be less than pm.min_spare_servers",
        ("etc/scale.conf", "pm.start_servers = 8", "pm.start_servers = 2"),
    )


def plantuml(c: Any) -> None:
    needs(c, "plantuml")
    proj = c.project(
        "shop-plantuml",
        {
            "till.puml": """\
            @startuml
            ' The till's classes: a receipt and its lines.
            class Receipt {
              +total(): int
            }
            Receipt "1" *-- "many" Line :
            class Line {
              +price: int
            }
            @enduml
            """,
            "scale.puml": """\
            @startuml
            ' How the scale hands a weight to the till.
            actor Cashier
            Cashier -> Scale : weigh(item)
            Scale -> Till : weight(grams)
            Till --> Cashier : price
            """,
        },
    )
    pair = Pair(c, "plantuml", proj)
    pair.run(
        "plantuml_syntax_error",
        PLANTUML_RUN.format(name="till"),
        r"Error line \d+ in file: .*till.puml",
        ("till.puml", '"many" Line :\n', '"many" Line : lines\n'),
    )
    pair.run(
        "plantuml_no_diagram",
        PLANTUML_RUN.format(name="scale"),
        r"No diagram found",
        ("scale.puml", "Till --> Cashier : price\n", "Till --> Cashier : price\n@enduml\n"),
    )


def fail2ban(c: Any) -> None:
    needs(c, "fail2ban-client")
    proj = c.project(
        "shop-fail2ban",
        {
            "till/jail.local": FAIL2BAN_JAIL.format(what="till", filter="shop-tills", log="till.log"),
            "till/filter.d/shop-till.conf": FAIL2BAN_FILTER,
            "scale/jail.local": FAIL2BAN_JAIL.format(what="scale", filter="shop-scale", log="scales.log"),
            "scale/filter.d/shop-scale.conf": FAIL2BAN_FILTER,
            "logs/till.log": "",
            "logs/scale.log": "",
        },
    )
    c.setup(FAIL2BAN_BASE, proj)
    pair = Pair(c, "fail2ban", proj)
    pair.run(
        "fail2ban_filter_not_found",
        FAIL2BAN_RUN.format(name="till"),
        r"Found no accessible config files for 'filter.d/shop-tills'",
        ("till/jail.local", "filter = shop-tills", "filter = shop-till"),
    )
    pair.run(
        "fail2ban_no_log_file",
        FAIL2BAN_RUN.format(name="scale"),
        r"Have not found any log file for shop-scale jail",
        ("scale/jail.local", "/scales.log", "/scale.log"),
    )


def chrony(c: Any) -> None:
    needs(c, "chronyd")
    proj = c.project(
        "shop-chrony",
        {
            "etc/till.conf": """\
            # The till's clock, kept to the pool's time.
            pool 2.debian.pool.ntp.org iburst
            makestep 1.0 3
            rtcsyncc
            """,
            "etc/scale.conf": """\
            # The scale's clock, kept to the shop's own server.
            server ntp.shop.example iburst maxpoll
            makestep 1.0 3
            """,
        },
    )
    pair = Pair(c, "chrony", proj)
    pair.run(
        "chrony_invalid_directive",
        CHRONY_RUN.format(name="till"),
        r"Fatal error : Invalid directive at line \d+ in file etc/till.conf",
        ("etc/till.conf", "rtcsyncc", "rtcsync"),
    )
    pair.run(
        "chrony_server_directive",
        CHRONY_RUN.format(name="scale"),
        r"Fatal error : Could not parse server directive at line \d+ in file etc/scale.conf",
        ("etc/scale.conf", "iburst maxpoll", "iburst maxpoll 10"),
    )


def emacs(c: Any) -> None:
    needs(c, "emacs")
    proj = c.project(
        "shop-emacs",
        {
            "shop-till.el": """\
            ;;; shop-till.el --- The till's totals  -*- lexical-binding: t; -*-

            ;;; Code:

            (defun shop-till-total (prices)
              "The total of PRICES, in cents."
              (apply #'+ prices)

            (provide 'shop-till)
            ;;; shop-till.el ends here
            """,
            "shop-scale.el": """\
            ;;; shop-scale.el --- The scale's weights  -*- lexical-binding: t; -*-

            ;;; Code:

            (defun shop-scale-grams (reading)
              "The weight READING shows, in grams."
              (string-to-number (string-trim reading)))

            (defun shop-scale-label (reading)
              "The label of READING."
              (format "%d g" (shop-scale-gram reading)))

            (provide 'shop-scale)
            ;;; shop-scale.el ends here
            """,
        },
    )
    pair = Pair(c, "emacs", proj)
    pair.run(
        "emacs_end_of_file",
        EMACS_RUN.format(name="shop-till"),
        r"shop-till.el:\d+:\d+: Error: End of file during parsing",
        ("shop-till.el", "(apply #'+ prices)\n", "(apply #'+ prices))\n"),
    )
    pair.run(
        "emacs_function_not_known",
        EMACS_RUN.format(name="shop-scale"),
        r"shop-scale.el:\d+:\d+: Error: the function .shop-scale-gram. is not known to be defined",
        ("shop-scale.el", "(shop-scale-gram reading)", "(shop-scale-grams reading)"),
    )


def apparmor(c: Any) -> None:
    needs(c, "apparmor_parser")
    proj = c.project(
        "shop-apparmor",
        {
            "profiles/shop-till": APPARMOR_PROFILE.format(
                what="till", base="base", rules="  /srv/shop/** r,\n  /srv/shop/receipts/ rw"
            ),
            "profiles/shop-scale": APPARMOR_PROFILE.format(
                what="scale", base="bsae", rules="  /srv/shop/scales/** rw,\n  /dev/ttyUSB0 rw,"
            ),
        },
    )
    pair = Pair(c, "apparmor", proj)
    pair.run(
        "apparmor_syntax_error",
        APPARMOR_RUN.format(name="shop-till"),
        r"AppArmor parser error for profiles/shop-till in profile .* at line \d+: syntax error",
        ("profiles/shop-till", "/srv/shop/receipts/ rw\n", "/srv/shop/receipts/ rw,\n"),
    )
    pair.run(
        "apparmor_include_not_found",
        APPARMOR_RUN.format(name="shop-scale"),
        r"Could not open 'abstractions/bsae'",
        ("profiles/shop-scale", "abstractions/bsae", "abstractions/base"),
    )
