"""A core error in the command line's own words: the core names the tools' arguments (``start_line``,
``reset=true``), which a person at a shell spells ``--start-line`` and ``--reset``.

Each command's options say how it spells each argument: ``--start-line`` is ``start_line``. What the options
cannot say is in :data:`SPELLED`. A name with an underscore is an argument wherever it stands; a one-word name
(``model``, ``offset``) only where the message asks for arguments: as an item of a ``give ...`` list, or as
the message's first word; prose such as "the model read from the transcript" stays prose.
"""

from __future__ import annotations

import re

import click

#: Tool arguments a command spells otherwise than ``--name``, by command.
SPELLED: dict[str, dict[str, str]] = {
    "compact": {"messages": "FILE"},
    "summarize": {"messages": "FILE", "summary": "--summary-file"},
    "check-loop": {"messages": "FILE", "events": "--event"},
}

_LEADING = re.compile(r"^(?P<name>[a-z]\w*)(?= |\.\w)")
_GIVE = re.compile(r"\bgive (?P<clause>[^:;.]*)")
_INDEXED = re.compile(r"\b(?:events|event)\[(\d+)\][.:]? ?")


def _spellings(command: click.Command) -> tuple[dict[str, str], set[str]]:
    """Each tool argument's flag on this command, and which of them are switches."""
    flags: dict[str, str] = {}
    switches: set[str] = set()
    for param in command.params:
        if not isinstance(param, click.Option):
            continue
        longest = max(param.opts, key=len)
        if not longest.startswith("--"):
            continue
        name = longest[2:].replace("-", "_")
        flags[name] = longest
        if param.is_flag:
            switches.add(name)
    flags.update(SPELLED.get(command.name or "", {}))
    return flags, switches


def in_flags(message: str, command: click.Command) -> str:
    """``message`` with the tools' argument names replaced by this command's flags."""
    flags, switches = _spellings(command)
    if not flags:
        return message

    def assignment(match: re.Match[str]) -> str:
        name, value = match["name"], match["value"].strip("'\"")
        if name in switches:
            return flags[name] if value.lower() == "true" else f"no {flags[name]}"
        return f"{flags[name]} {value}"

    names = "|".join(sorted(map(re.escape, flags), key=len, reverse=True))
    message = re.sub(rf"(?<![\w.-])(?P<name>{names})=(?P<value>'[^']*'|\"[^\"]*\"|[\w.-]+)", assignment, message)
    underscored = [name for name in flags if "_" in name]
    if underscored:
        pattern = "|".join(sorted(map(re.escape, underscored), key=len, reverse=True))
        message = re.sub(rf"(?<![\w.-])({pattern})(?![\w-])", lambda m: flags[m[1]], message)

    def words(text: str) -> str:
        """One-word names replaced where a list of arguments has its items (first, or after a comma, "or",
        "and" or "either"), outside parentheses; "X or X" said once (``event or events``)."""
        parts = re.split(r"(\([^()]*\))", text)
        for i in range(0, len(parts), 2):
            parts[i] = re.sub(
                r"(?:^|(?<=, )|(?<=\bor )|(?<=\band )|(?<=\beither ))([a-z]\w*)(?![\w'\"-])",
                lambda m: flags.get(m[1], m[1]),
                parts[i],
            )
        done = "".join(parts)
        return re.sub(r"(\S+) or \1(?=\W|$)", r"\1", done)

    message = _GIVE.sub(lambda m: "give " + words(m["clause"]), message)
    leading = _LEADING.match(message)
    if leading and leading["name"] in flags:
        rest = message[leading.end() :]
        message = flags[leading["name"]] + (" " + rest[1:] if rest.startswith(".") else rest)
    return _INDEXED.sub(lambda m: f"event #{int(m[1]) + 1}: ", message)
