"""A shell tool's own output, taken out of the wrapper Gemini CLI puts around it for the model.

Gemini CLI 0.61 hands AfterTool its shell tool's ``llmContent`` as ``<untrusted_context>\\nOutput: <output>\\n
[Error: …\\n][Exit Code: N\\n][Signal: …\\n][Background PIDs: …\\n]Process Group PGID: N\\n</untrusted_context>``.
Storing that whole would give the model a handle whose text is not what the command printed, with every line
number one off. The output is what lies between ``Output: `` and the first field line; ``returnDisplay``, when it
is the bare output as a string, settles where that is even when the output itself holds a line such as
``Error: …``. The fields become the stored result's metadata (its source)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_OPEN, _CLOSE = "<untrusted_context>\n", "\n</untrusted_context>"
_LEAD = "Output: "
#: The fields Gemini CLI writes after the output, in the order it writes them (each on one line but Error).
FIELDS = ("Error", "Exit Code", "Signal", "Background PIDs", "Process Group PGID")
_FIELD_LINE = re.compile(rf"^({'|'.join(re.escape(f) for f in FIELDS)}): (.*)$")
EMPTY = "(empty)"


@dataclass(frozen=True)
class ShellOutput:
    output: str
    #: The wrapper's fields, by name (``Exit Code``, ``Process Group PGID``, …), as written.
    fields: dict[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        """The fields as one short line for the stored result's source, e.g. ``exit code 2, PGID 4242``."""
        names = {"Exit Code": "exit code", "Process Group PGID": "PGID", "Background PIDs": "background PIDs"}
        parts = [f"{names.get(k, k.lower())} {' '.join(v.split())[:80]}" for k, v in self.fields.items()]
        return ", ".join(parts)


def unwrap(llm_content: str, return_display: object = None) -> ShellOutput | None:
    """The command's output and the wrapper's fields; None when the text is not in the shell tool's wrapper."""
    body = llm_content
    if body.startswith(_OPEN) and body.endswith(_CLOSE):
        body = body[len(_OPEN) : -len(_CLOSE)]
    if not body.startswith(_LEAD):
        return None
    body = body[len(_LEAD) :]
    if isinstance(return_display, str) and return_display:
        known = _after_display(body, return_display)
        if known is not None:
            return known
    return _from_the_end(body)


def _after_display(body: str, display: str) -> ShellOutput | None:
    """When the text starts with the bare output the host displayed, everything after it must be fields."""
    if not body.startswith(display):
        return None
    rest = body[len(display) :]
    if rest and not rest.startswith("\n"):
        return None
    fields = _fields(rest[1:].split("\n")) if rest else {}
    return None if fields is None else ShellOutput(display, fields)


def _from_the_end(body: str) -> ShellOutput | None:
    """Peel the one-line fields off the end, in the host's order; what is left is the output (and an Error
    field, which may span lines, when a line of it begins with ``Error: `` after the output)."""
    lines = body.split("\n")
    fields: dict[str, str] = {}
    order = list(FIELDS[1:])
    while len(lines) > 1 and order:
        found = _FIELD_LINE.match(lines[-1])
        if found is None or found[1] not in order:
            break
        order = order[: order.index(found[1])]
        fields = {found[1]: found[2], **fields}
        lines.pop()
    if not fields:
        return None  # the shell tool always writes its PGID or exit code: this is some other text
    errors = [i for i in range(1, len(lines)) if lines[i].startswith("Error: ")]
    if errors:
        i = errors[-1]
        fields = {"Error": "\n".join(lines[i:])[len("Error: ") :], **fields}
        lines = lines[:i]
    output = "\n".join(lines)
    return ShellOutput("" if output == EMPTY else output, fields)


def _fields(lines: list[str]) -> dict[str, str] | None:
    fields: dict[str, str] = {}
    for line in lines:
        found = _FIELD_LINE.match(line)
        if found is not None:
            fields[found[1]] = found[2]
        elif "Error" in fields and list(fields)[-1] == "Error":
            fields["Error"] += f"\n{line}"  # an error message of several lines
        else:
            return None
    return fields
