"""Ecosystem corpus groups of the fifteenth held-out part, tools people run every day (see ``ecosystems.py``): GnuPG,
sha256sum, diff, pkg-config and HAProxy from Debian; its npm tools (Spectral, tape, Knip and TypeDoc) are in
``ecosystems_fifteenth_npm.py``, named here too since the registry lists every group of the part from this module.
Each group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool
prints."""

from __future__ import annotations

import hashlib
from typing import Any

from ecosystems import Pair, needs
from ecosystems_fifteenth_npm import knip as knip
from ecosystems_fifteenth_npm import spectral as spectral
from ecosystems_fifteenth_npm import tape as tape
from ecosystems_fifteenth_npm import typedoc as typedoc

GPG_KEY = "--batch --passphrase '' --quick-gen-key"


def gpg(c: Any) -> None:
    needs(c, "gpg")
    notes = "Release 2.3.0\n\n- faster sync\n- fixed the retry loop\n"
    installer = "#!/bin/sh\necho installing tool 2.3.0\n"
    proj = c.project(
        "release-check",
        {
            "dist/NOTES.txt": notes,
            "dist/install.sh": installer,
            "verify-installer.sh": """
            #!/bin/sh
            set -e
            export GNUPGHOME="$PWD/.gnupg-installer"
            mkdir -p "$GNUPGHOME" && chmod 700 "$GNUPGHOME"
            gpg --batch --quiet --import keys/ci-bot.asc
            gpg --verify dist/install.sh.asc dist/install.sh
            echo "installer verified"
        """,
        },
    )
    # Two signing keys (release and CI) and a verifier's keyring that holds only the release key's public half,
    # imported but not certified: what a user who downloads a release has.
    c.setup(
        "mkdir -p .signer .ci .gnupg keys && chmod 700 .signer .ci .gnupg"
        f" && GNUPGHOME=$PWD/.signer gpg {GPG_KEY} 'Release Bot <release@example.com>' ed25519 sign never"
        f" && GNUPGHOME=$PWD/.ci gpg {GPG_KEY} 'CI Bot <ci@example.com>' ed25519 sign never"
        " && GNUPGHOME=$PWD/.signer gpg --batch --armor --export release@example.com > keys/release.asc"
        " && GNUPGHOME=$PWD/.ci gpg --batch --armor --export ci@example.com > keys/ci-bot.asc"
        " && GNUPGHOME=$PWD/.signer gpg --batch --armor --detach-sign dist/NOTES.txt"
        " && GNUPGHOME=$PWD/.signer gpg --batch --armor --detach-sign dist/install.sh"
        " && GNUPGHOME=$PWD/.gnupg gpg --batch --quiet --import keys/release.asc",
        proj,
    )
    # The notes were edited after they were signed: a line the release tool appended by hand.
    (proj / "dist/NOTES.txt").write_text(notes + "- hotfix: smaller binary\n")
    pair = Pair(c, "gpg", proj)
    pair.run(
        "gpg_bad_signature",
        "GNUPGHOME=$PWD/.gnupg gpg --verify dist/NOTES.txt.asc dist/NOTES.txt",
        r"BAD signature",
        ("dist/NOTES.txt", "- hotfix: smaller binary\n", ""),
    )
    pair.run(
        "gpg_no_public_key",
        "sh verify-installer.sh",
        r"No public key",
        ("verify-installer.sh", "keys/ci-bot.asc", "keys/release.asc"),
    )


def sha256sum(c: Any) -> None:
    needs(c, "sha256sum")
    tarball = "app 1.4.0 release tarball contents\n" * 40
    wheel = "app 1.4.0 wheel contents\n" * 30
    vendor = "/*! chartlib 2.0.1 */\nexport function chart(){return 1}\n"
    good = hashlib.sha256(tarball.encode()).hexdigest()
    stale = hashlib.sha256(("app 1.3.9 release tarball contents\n" * 40).encode()).hexdigest()
    proj = c.project(
        "app-release",
        {
            "dist/app-1.4.0.tar.gz": tarball,
            "dist/app-1.4.0-py3-none-any.whl": wheel,
            "SHA256SUMS": f"{stale}  dist/app-1.4.0.tar.gz\n"
            f"{hashlib.sha256(wheel.encode()).hexdigest()}  dist/app-1.4.0-py3-none-any.whl\n",
            "vendor/chartlib-2.0.1.min.js": vendor,
            "vendor.sha256": f"{hashlib.sha256(vendor.encode()).hexdigest()}  vendor/chartlib-2.0.1.js\n",
        },
    )
    pair = Pair(c, "sha256sum", proj)
    pair.run(
        "sha256sum_checksum_mismatch",
        "sha256sum -c SHA256SUMS",
        r"FAILED",
        ("SHA256SUMS", stale, good),
    )
    pair.run(
        "sha256sum_listed_file_missing",
        "sha256sum -c vendor.sha256",
        r"No such file|FAILED open or read",
        ("vendor.sha256", "vendor/chartlib-2.0.1.js", "vendor/chartlib-2.0.1.min.js"),
    )


def diff(c: Any) -> None:
    needs(c, "diff")
    proj = c.project(
        "invoice-render",
        {
            "render.py": """
            LINES = [("Tea, 250 g", 2, 4.5), ("Mugs", 4, 7.25), ("Filter papers", 1, 3.0)]


            def main():
                total = 0.0
                for name, qty, price in LINES:
                    print(f"{name:<16}{qty:>4} x {price:>6.2f}")
                    total += qty * price
                print(f"{'TOTAL':<16}{total:>15.1f}")


            main()
        """,
            "expected/invoice.txt": """
            Tea, 250 g         2 x   4.50
            Mugs               4 x   7.25
            Filter papers      1 x   3.00
            TOTAL                     41.00
        """,
            "public/robots.txt": "User-agent: *\nDisallow: /admin\nDisallow: /drafts\n",
            "public/index.html": "<h1>Shop</h1>\n",
            "golden/robots.txt": "User-agent: *\nDisallow: /admin\n",
            "golden/index.html": "<h1>Shop</h1>\n",
        },
    )
    pair = Pair(c, "diff", proj)
    pair.run(
        "diff_golden_output",
        "python3 render.py | diff -u expected/invoice.txt -",
        r"^[-+]TOTAL",
        ("render.py", "{total:>15.1f}", "{total:>15.2f}"),
    )
    pair.run(
        "diff_tree_differs",
        "diff -rq public golden",
        r"differ",
        ("public/robots.txt", "Disallow: /drafts\n", ""),
    )


def pkg_config(c: Any) -> None:
    needs(c, "pkg-config")
    proj = c.project(
        "thumbnailer",
        {
            "pc/jsonx.pc": """
            prefix=/opt/jsonx
            libdir=${prefix}/lib
            includedir=${prefix}/include

            Name: jsonx
            Description: A small JSON parser
            Version: 1.4.2
            Cflags: -I${includedir}
            Libs: -L${libdir} -ljsonx
        """,
            "pc/imgscale.pc": """
            prefix=/opt/imgscale
            libdir=${prefix}/lib
            includedir=${prefix}/include

            Name: imgscale
            Description: Image scaling routines
            Version: 0.9.1
            Requires: jsonx >= 1.2
            Cflags: -I${includedir}
            Libs: -L${libdir} -limgscale
        """,
            "build.sh": """
            #!/bin/sh
            set -e
            export PKG_CONFIG_PATH="$PWD/pc"
            FLAGS=$(pkg-config --cflags --libs libjsonx)
            echo "cc -o thumbnailer main.c $FLAGS"
        """,
            "check-deps.sh": """
            #!/bin/sh
            set -e
            export PKG_CONFIG_PATH="$PWD/pc"
            pkg-config --print-errors 'imgscale >= 1.0'
            echo "imgscale $(pkg-config --modversion imgscale) found"
        """,
        },
    )
    pair = Pair(c, "pkg_config", proj)
    pair.run(
        "pkg_config_package_not_found",
        "sh build.sh",
        r"was not found",
        ("build.sh", "--libs libjsonx", "--libs jsonx"),
    )
    pair.run(
        "pkg_config_version_too_old",
        "sh check-deps.sh",
        r"could not be satisfied|required version",
        ("check-deps.sh", "'imgscale >= 1.0'", "'imgscale >= 0.9'"),
    )


def haproxy(c: Any) -> None:
    needs(c, "haproxy")
    proj = c.project(
        "edge-proxy",
        {
            "haproxy.cfg": """
            global
                log stdout format raw local0

            defaults
                mode http
                log global

            frontend www
                bind 127.0.0.1:8480
                default_backend web

            backend web
                balance roundrobin
                servr web1 127.0.0.1:8081 check
                server web2 127.0.0.1:8082 check
        """,
            "api.cfg": """
            defaults
                mode http
                timeout connect 5s
                timeout client 30s
                timeout server 30s

            frontend api
                bind 127.0.0.1:8490
                acl is_v2 path_beg /v2
                use_backend api_v2_servers if is_v2
                default_backend api_v1

            backend api_v1
                server v1 127.0.0.1:9001

            backend api_v2
                server v2 127.0.0.1:9002
        """,
        },
    )
    pair = Pair(c, "haproxy", proj)
    pair.run(
        "haproxy_unknown_keyword",
        "haproxy -c -f haproxy.cfg",
        r"unknown keyword",
        ("haproxy.cfg", "    servr web1", "    server web1"),
    )
    pair.run(
        "haproxy_missing_backend",
        "haproxy -c -f api.cfg",
        r"unable to find|use_backend",
        ("api.cfg", "use_backend api_v2_servers", "use_backend api_v2"),
    )
