"""Ecosystem corpus groups of the thirty-eighth held-out part from PyPI and npm (see ``ecosystems.py``): the Pyre
type checker of Python (``pyre check``, from PyPI's ``pyre-check`` and on ``PATH`` when capturing) and Cloudflare's
Wrangler bundling a Worker without deploying it (``wrangler deploy --dry-run``, from npm, installed in the project).
Each group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that tool
prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs, npm_project

#: pyre checks the sources of one folder, named by the .pyre_configuration in it.
PYRE_RUN = "cd {name} && pyre check"
#: wrangler bundles the Worker as it would deploy it, writes it to dist/ and stops there.
WRANGLER_RUN = "cd {name} && npx wrangler deploy --dry-run --outdir dist"
#: Pyre's configuration of one folder: its sources are in src/.
PYRE_CONFIGURATION = '{\n  "source_directories": ["src"]\n}\n'
#: A Worker's configuration; the date's key is spelled for each failure.
WRANGLER_TOML = """\
# The shop's {what} API on Cloudflare Workers.
name = "shop-{what}"
main = "src/index.js"
{date_key} = "2025-01-01"
"""


def pyre(c: Any) -> None:
    needs(c, "pyre")
    proj = c.project(
        "shop-pyre",
        {
            "till/.pyre_configuration": PYRE_CONFIGURATION,
            "till/src/till.py": '''\
            """The till's receipt: its total and its printed label."""


            def total(prices: list[int]) -> int:
                return sum(prices)


            def label(prices: list[int]) -> str:
                return total(prices)
            ''',
            "scale/.pyre_configuration": PYRE_CONFIGURATION,
            "scale/src/scale.py": '''\
            """The weight the scale shows, in grams."""

            from typing import Optional


            def grams(reading: Optional[str]) -> int:
                return int(reading.strip())
            ''',
        },
    )
    pair = Pair(c, "pyre", proj)
    pair.run(
        "pyre_incompatible_return_type",
        PYRE_RUN.format(name="till"),
        r"src/till.py:\d+:\d+ Incompatible return type \[7\]: Expected `str` but got `int`",
        ("till/src/till.py", "return total(prices)\n", 'return f"{total(prices)} cents"\n'),
    )
    pair.run(
        "pyre_undefined_attribute",
        PYRE_RUN.format(name="scale"),
        r"src/scale.py:\d+:\d+ Undefined attribute \[16\]: `Optional` has no attribute `strip`",
        ("scale/src/scale.py", "return int(reading.strip())", 'return int((reading or "0").strip())'),
    )


def wrangler(c: Any) -> None:
    worker = """\
    // Answers the {what} of an item.
    import {{ {fn} }} from "./{module}";

    export default {{
      async fetch(request) {{
        const item = new URL(request.url).searchParams.get("item");
        return Response.json({{ item, {what}: {fn}(item) }});
      }},
    }};
    """
    proj = npm_project(
        c,
        "shop-workers",
        {
            "package.json": '{"name": "shop-workers", "version": "1.0.0", "private": true}\n',
            "prices/wrangler.toml": WRANGLER_TOML.format(what="prices", date_key="compatibility_date"),
            "prices/src/index.js": worker.format(what="price", fn="priceOf", module="pricing"),
            "prices/src/prices.js": """\
            // The prices of the shop's items, in cents.
            export function priceOf(item) {
              return { apple: 120, bread: 250 }[item] ?? 0;
            }
            """,
            "stock/wrangler.toml": WRANGLER_TOML.format(what="stock", date_key="compatibility_dat"),
            "stock/src/index.js": worker.format(what="stock", fn="stockOf", module="stock"),
            "stock/src/stock.js": """\
            // How many of each item the shop has.
            export function stockOf(item) {
              return { apple: 40, bread: 12 }[item] ?? 0;
            }
            """,
        },
        "wrangler@4",
    )
    pair = Pair(c, "wrangler", proj)
    pair.run(
        "wrangler_could_not_resolve",
        WRANGLER_RUN.format(name="prices"),
        r'Could not resolve "./pricing"',
        ("prices/src/index.js", 'from "./pricing"', 'from "./prices"'),
    )
    pair.run(
        "wrangler_compatibility_date_required",
        WRANGLER_RUN.format(name="stock"),
        r"A compatibility_date is required when publishing",
        ("stock/wrangler.toml", "compatibility_dat ", "compatibility_date "),
    )
