"""The words the planted histories are written from: requests, corrections, findings, decisions, open work.

Each planted phrase is distinctive (it appears nowhere else in a history), so finding it in a summary means the
summary kept that fact. The ways of saying a thing vary on purpose: decisions and open work come in phrasings
with and without the usual cue words ("decided", "TODO", "instead of"), because real agents use both, and a
summariser tuned to the cue words would otherwise look better than it is. ``{x}`` marks the planted phrase."""

from __future__ import annotations


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines() if line.strip()]


def _rows(text: str) -> list[tuple[str, ...]]:
    return [tuple(cell.strip() for cell in line.split("|")) for line in _lines(text)]


#: First requests: (the ask, which is planted, and the module it is about).
ASKS = _rows("""
add retries with exponential backoff to webhook delivery | hooks/delivery.py
make the invoice CSV export stream rows instead of building the file in memory | billing/export.py
add per-tenant rate limits to the public API | api/limits.py
record every admin action in an append-only audit log | admin/audit.py
let users download their reports through signed, expiring links | storage/links.py
cache the exchange-rate lookups for ten minutes | pricing/rates.py
move the nightly cleanup job from cron to the task queue | jobs/cleanup.py
add a dry-run mode to the database migration runner | db/migrate.py
""")
REQUEST_FORMS = [
    "Please {x}, with tests, and keep the public API unchanged.",
    "Hi! Could you {x}? Tests too, please.",
    "I need you to {x}. Don't touch the public API.",
    "Task for today: {x}. Keep the diff small and add tests.",
]
#: Later requests in the same session, planted whole.
LATER = _lines("""
add a metrics counter for every retry that gives up
write a short section about the new setting in the README
make the log lines for this feature structured key=value pairs
add a feature flag so ops can switch the new path off
cover the timeout path with a regression test
expose the new limit in the admin settings page
rename the config key to snake_case everywhere it is read
backport the change to the 2.x maintenance branch
""")
LATER_FORMS = ["Next, {x}.", "Thanks. Now {x}, please.", "Good. Can you also {x}?", "One more: {x}."]
#: Corrections: swap the first for the second, in the user's words.
SWAPS = _rows("""
JSON Lines | a plain CSV table
UTC timestamps | local time
Redis | an in-process dict
pathlib | os.path
httpx | urllib
a dataclass | a plain dict
SQLite in tests | the Postgres test container
seconds | milliseconds
""")
CORRECTION_FORMS = [
    "Actually, {x}; the ops team already monitors that.",
    "Change of plan: {x}. Keep the old behaviour behind a flag.",
    "Wait, {x} before you write more tests.",
    "Hmm, on second thought {x}, so it matches the other services.",
]
CORRECTION_CLAUSES = [
    "use {a} instead of {b}",
    "switch from {b} to {a}",
    "go with {a}, not {b}",
    "replace {b} with {a}",
]
#: Findings reported in a turn's final answer (the key finding is planted; the others are context).
FINDINGS = _lines("""
the retry counter is never reset after a successful delivery
the export holds every invoice row in a list before writing the first byte
the limiter keys its buckets by IP address, so tenants behind one proxy share a bucket
admin actions done through the bulk endpoint bypass the audit hook entirely
the signed links never expire because the expiry is compared in local time
the rate cache is keyed by currency only, so a stale rate survives a provider switch
the cleanup job deletes sessions of users who are still logged in on a second device
the migration runner commits after each statement, so a failed run leaves half a schema
two code paths build the same query with different ordering
the settings loader silently ignores unknown keys
the background worker swallows exceptions raised inside callbacks
the test suite never exercises the empty-input branch
the old helper module is imported only by a deleted script
the timeout default differs between the client and the server by a factor of ten
the fixture database is shared across test modules and leaks rows between them
the logging call formats the message eagerly even when debug logging is off
""")
ANSWER_FORMS = [
    "Findings:\n{items}",
    "Here is what I found.\n\n{items}\n\nNothing else stood out.",
    "Done. Summary of the investigation:\n{items}\nAll tests pass.",
    "{prose}",
]
#: Decisions: (the choice, the alternative, the reason); choice and reason are planted.
CHOICES = _rows("""
a token bucket | a fixed window | bursts at the window edge would double the allowed rate
orjson | the json module | serialisation dominates the export time
an append-only table | a log file | admins need to query it from the dashboard
HMAC-SHA256 signatures | random tokens in the database | links must be verifiable without a lookup
a jittered backoff | a constant delay | synchronised retries would hammer the receiver
a streaming writer | a temporary file | the container's disk is only two gigabytes
advisory locks | a lock table | the lock must vanish when the worker dies
a read-through cache | cache warming at startup | cold starts must stay under one second
""")
DECISION_FORMS = [
    "Decision: {a}, not {b}, because {why}.",
    "I'll go with {a} rather than {b}: {why}.",
    "{A} it is; {b} would be simpler, but {why}.",
    "Picking {a} here since {why}. {B} was the other option.",
    "After comparing the two, {a} wins: {why}.",
    "Settled: {a}. With {b}, {why} would bite us.",
]
#: Open work stated by the agent: the task is planted.
TASKS = _lines("""
backfill the audit table for last month's admin actions
document the new environment variable in the deployment guide
add a Grafana panel for the retry counter
ask the security team to review the signing key rotation
drop the compatibility shim once all clients are on 3.2
profile the export with the two-gigabyte customer file
add an index on the tenant column before the next release
write the upgrade note for self-hosted installs
""")
PENDING_FORMS = [
    "TODO: {x}.",
    "Still need to {x}.",
    "Not done yet: {x}.",
    "Before this ships, someone has to {x}.",
    "One thing remains: {x}.",
    "Left for later: {x}.",
    "I have not had time to {x}; that should come next.",
]
#: What the agent is doing when the history ends: planted.
STEPS = _lines("""
running the integration suite against the staging database
checking the migration on a copy of last week's production dump
measuring the export on the two-gigabyte invoice sample
wiring the new setting into the admin dashboard
replaying yesterday's failed webhooks through the new retry path
comparing the cache hit rate before and after the change
""")
CURRENT_FORMS = ["Now {x}.", "Next I'm {x}.", "Currently {x}; results in a minute.", "{X} now, then I'll report back."]
#: How the agent introduces the fix after a failure (``{why}`` from the fix table).
EXPLAIN_FORMS = [
    "The failure is clear: {why}. Fixing it.",
    "Found it: {why}.",
    "So {why}; changing that and running it again.",
    "{Why}. Let me fix that.",
]
#: Narration before ordinary calls; often there is none.
NARRATION = _lines("""
Reading {name} to see how it is organised.
Let me look at {name}.
Checking how {name} handles this.
Searching for `{word}`.
Running the tests.
Checking the diff.
Looking at the git history.
""")
SUFFIXES = ("checked", "limit", "raw", "safe", "cached", "total", "count", "items", "value", "next")
