"""Ecosystem corpus groups of the thirty-ninth held-out part, packaging, a C test runner and infrastructure
configuration checks (see ``ecosystems.py``), from Debian and on ``PATH`` when capturing: rpmbuild building an RPM
package from its spec (``rpmbuild -bb``), the Criterion test framework of C (tests built with ``gcc`` and run),
Dovecot's configuration check (``doveconf -n``), Monit's control file check (``monit -t``), cloud-init's schema check
of a cloud-config (``cloud-init schema``) and NSD's configuration check (``nsd-checkconf``). Each group is two distinct
real failures of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: rpmbuild builds the binary package of one spec, its work folders under rpm/.
RPMBUILD_RUN = 'rpmbuild -bb --define "_topdir $PWD/rpm" {name}.spec'
#: gcc builds one Criterion test program with the code it tests, then runs it.
CRITERION_RUN = "mkdir -p build && gcc -o build/{name} src/{name}.c tests/test_{name}.c -lcriterion && ./build/{name}"
#: doveconf reads one configuration and prints the settings that differ from the defaults.
DOVECONF_RUN = "doveconf -n -c etc/{name}.conf"
#: monit checks the syntax of one control file (it must be readable by its owner only).
MONIT_RUN = "monit -t -c etc/{name}rc"
#: cloud-init checks one cloud-config against its schema.
CLOUD_INIT_RUN = "cloud-init schema --config-file {name}.yaml"
#: nsd-checkconf reads one configuration of NSD and says nothing when it holds.
NSD_RUN = "nsd-checkconf etc/{name}.conf"
#: The spec of one of the shop's packages; ``{files}`` is the path its %files lists.
RPM_SPEC = """\
Name: shop-{what}
{version_tag}: 1.0
Release: 1
Summary: The shop's {what}
License: MIT
BuildArch: noarch

%description
Starts the shop's {what}.

%install
mkdir -p %{{buildroot}}/usr/bin
printf '#!/bin/sh\\necho {what} ready\\n' > %{{buildroot}}/usr/bin/shop-{what}
chmod 755 %{{buildroot}}/usr/bin/shop-{what}

%files
{files}
"""


def rpmbuild(c: Any) -> None:
    needs(c, "rpmbuild")
    proj = c.project(
        "shop-rpms",
        {
            "till.spec": RPM_SPEC.format(what="till", version_tag="Verison", files="/usr/bin/shop-till"),
            "scale.spec": RPM_SPEC.format(what="scale", version_tag="Version", files="/usr/bin/shop-scales"),
        },
    )
    pair = Pair(c, "rpmbuild", proj)
    pair.run(
        "rpmbuild_unknown_tag",
        RPMBUILD_RUN.format(name="till"),
        r"error: line 2: Unknown tag: Verison: 1.0",
        ("till.spec", "Verison: 1.0", "Version: 1.0"),
    )
    pair.run(
        "rpmbuild_file_not_found",
        RPMBUILD_RUN.format(name="scale"),
        r"error: File not found: .*/usr/bin/shop-scales",
        ("scale.spec", "/usr/bin/shop-scales", "/usr/bin/shop-scale"),
    )


def criterion(c: Any) -> None:
    needs(c, "gcc")
    proj = c.project(
        "shop-criterion",
        {
            "src/till.c": """\
            /* The till's total of a receipt, in cents. */
            int total(const int *prices, int n) {
                int sum = 0;
                for (int i = 1; i < n; i++) {
                    sum += prices[i];
                }
                return sum;
            }
            """,
            "tests/test_till.c": """\
            #include <criterion/criterion.h>

            int total(const int *prices, int n);

            Test(till, total_adds_every_price) {
                int prices[] = {120, 250};
                cr_assert_eq(total(prices, 2), 370, "the total of an apple and a bread");
            }
            """,
            "src/average.c": """\
            /* The average price of a receipt, in cents. */
            int average(const int *prices, int n) {
                int sum = 0;
                for (int i = 0; i < n; i++) {
                    sum += prices[i];
                }
                return sum / n;
            }
            """,
            "tests/test_average.c": """\
            #include <criterion/criterion.h>

            int average(const int *prices, int n);

            Test(average, of_an_empty_receipt_is_zero) {
                cr_assert_eq(average(0, 0), 0);
            }
            """,
        },
    )
    pair = Pair(c, "criterion", proj)
    pair.run(
        "criterion_assertion_failed",
        CRITERION_RUN.format(name="till"),
        r"\[FAIL\] till::total_adds_every_price",
        ("src/till.c", "for (int i = 1;", "for (int i = 0;"),
    )
    pair.run(
        "criterion_crash",
        CRITERION_RUN.format(name="average"),
        r"\[FAIL\] average::of_an_empty_receipt_is_zero: CRASH!",
        ("src/average.c", "return sum / n;", "return n == 0 ? 0 : sum / n;"),
    )


def doveconf(c: Any) -> None:
    needs(c, "doveconf")
    proj = c.project(
        "shop-dovecot",
        {
            "etc/receipts.conf": """\
            # The shop's mail server, keeping the tills' receipts.
            protocols = imap
            listen = 127.0.0.1
            mail_location = maildir:~/Maildir
            ssl = no
            auth_mechanisms = plain
            mail_privileged_grup = mail
            """,
            "etc/orders.conf": """\
            # The shop's mail server, taking the orders' mail from the web shop.
            protocols = lmtp
            ssl = no
            mail_location = maildir:~/Maildir
            service lmtp {
              unix_listener lmtp {
                mode = 0600
            }
            """,
        },
    )
    pair = Pair(c, "doveconf", proj)
    pair.run(
        "doveconf_unknown_setting",
        DOVECONF_RUN.format(name="receipts"),
        r"Error in configuration file etc/receipts.conf line \d+: Unknown setting: mail_privileged_grup",
        ("etc/receipts.conf", "mail_privileged_grup", "mail_privileged_group"),
    )
    pair.run(
        "doveconf_missing_brace",
        DOVECONF_RUN.format(name="orders"),
        r"doveconf: Fatal: Error in configuration file etc/orders.conf: Missing '}'",
        ("etc/orders.conf", "    mode = 0600\n}\n", "    mode = 0600\n  }\n}\n"),
    )


def monit(c: Any) -> None:
    needs(c, "monit")
    proj = c.project(
        "shop-monit",
        {
            "etc/tillsrc": """\
            # Watches the tills' service on the shop's server.
            set daemon 60
            check process till matching "shop-till"
              if cpu > 80% for 3 cyles then alert
            """,
            "etc/scalesrc": """\
            # Watches the scales' disk and mails the shop when it fills.
            set daemon 60
            set mailserver localhost
            set alert shop.example.com
            check filesystem scales with path /
              if space usage > 90% then alert
            """,
        },
    )
    c.setup("chmod 600 etc/tillsrc etc/scalesrc", proj)
    pair = Pair(c, "monit", proj)
    pair.run(
        "monit_syntax_error",
        MONIT_RUN.format(name="tills"),
        r"etc/tillsrc:\d+: syntax error 'cyles'",
        ("etc/tillsrc", "for 3 cyles", "for 3 cycles"),
    )
    pair.run(
        "monit_bad_alert_address",
        MONIT_RUN.format(name="scales"),
        r"etc/scalesrc:\d+: syntax error 'shop.example.com'",
        ("etc/scalesrc", "set alert shop.example.com", "set alert shop@example.com"),
    )


def cloud_init(c: Any) -> None:
    needs(c, "cloud-init")
    proj = c.project(
        "shop-cloud-init",
        {
            "till.yaml": """\
            #cloud-config
            # The till's server: its name, its packages and the shop's user.
            hostname: till-1
            packages: nginx
            users:
              - name: shop
                shell: /bin/bash
            """,
            "scale.yaml": """\
            #cloud-config
            # The scale's server: its name and what it runs once started.
            hostname: scale-1
            runcmd:
              - echo scale ready
             final_message: scale ready
            """,
        },
    )
    pair = Pair(c, "cloud_init", proj)
    pair.run(
        "cloud_init_not_of_type",
        CLOUD_INIT_RUN.format(name="till"),
        r"Cloud config schema errors: packages: 'nginx' is not of type 'array'",
        ("till.yaml", "packages: nginx", "packages: [nginx]"),
    )
    pair.run(
        "cloud_init_invalid_yaml",
        CLOUD_INIT_RUN.format(name="scale"),
        r"File scale.yaml is not valid yaml",
        ("scale.yaml", "\n final_message:", "\nfinal_message:"),
    )


def nsd(c: Any) -> None:
    needs(c, "nsd-checkconf")
    proj = c.project(
        "shop-nsd",
        {
            "etc/shop.conf": """\
            # The shop's authoritative name server.
            server:
                port: 5353
                ip-adress: 127.0.0.1
            zone:
                name: shop.example
                zonefile: shop.example.zone
            """,
            "etc/branch.conf": """\
            # The branch's server, handing its zone to the shop's secondary.
            server:
                port: 5353
            zone:
                name: branch.shop.example
                zonefile: branch.shop.example.zone
                provide-xfr: 192.0.2.1 tsig.shop
            """,
        },
    )
    pair = Pair(c, "nsd", proj)
    pair.run(
        "nsd_syntax_error",
        NSD_RUN.format(name="shop"),
        r"etc/shop.conf:\d+: at 'ip-adress:': error: syntax error",
        ("etc/shop.conf", "ip-adress:", "ip-address:"),
    )
    pair.run(
        "nsd_key_not_found",
        NSD_RUN.format(name="branch"),
        r"error: key tsig.shop in pattern _implicit_branch.shop.example could not be found",
        ("etc/branch.conf", "192.0.2.1 tsig.shop", "192.0.2.1 NOKEY"),
    )
