"""Secrets a command prints, where no name stands beside the value on its line: a credential a tool generates and
prints under a label that names it (``API key for 'x':`` over the key, indented), the passwords a cracking tool
shows (hashcat's ``hash:password``, john's ``user:password:uid:gid:...``), and Windows' Wi-Fi key shown in the clear
(``netsh wlan show profile ... key=clear``: ``Key Content : v``), and a file named for a secret printed under its
name by ``head`` or ``tail`` of several files. Each is a pattern, to find the place, and a
judgement of the value: the same shapes print names, paths and words far more often."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .columns import Carry, spanning
from .generic import key_name, password_name, secret_name
from .placed import random_value
from .values import ascii_of, plausible_value

#: A label that names a credential, ending its line with a colon, and the value alone on the next line (or the one
#: after a blank line), indented
#: (``API key for 'fw-bouncer':`` over the key: what a tool prints once, when it makes one).
LABELLED = (
    r"(?i:key|token|pass(?:word|phrase)|secret|credential)[^\n:]{0,48}:[ \t]{0,4}(?:\r?\n|\\n)"
    r"(?:[ \t]{0,16}(?:\r?\n|\\n))?"
    r"(?:[ \t]|\\t){1,16}(?P<secret>[^\s\"'`\\]{12,512})[ \t]{0,4}(?=\r?\n|\\[rn]|$)"
)
LABELLED_ANCHORS = ("key", "token", "pass", "secret", "credential")  # whatever their case


def labelled(match: re.Match[Any], text: str | bytes) -> bool:
    """A random value (a word, a path or a command under such a label is no credential)."""
    return random_value(ascii_of(match.group("secret")))


#: A cracking tool's command (hashcat's, john's ``--show``) and the lines it prints under it: each a cracked hash
#: and its password (``<hex>:password``, hashcat's potfile and ``--show``) or a passwd line whose second field is
#: the password in the clear (john's ``user:password:uid:gid:...``, never ``x``, a lock or a hash).
CRACKED_ANCHORS = ("hashcat", "john ", ".potfile", ".pot")
_CRACKED = re.compile(
    r"(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64}|[0-9a-f]{128}):(?P<secret>[^\s:]{4,128})[ \t]*"
    r"|[a-z_][a-z0-9_.\-]{0,31}:(?P<shown>[^\s:$*!][^\s:]{3,127}):\d{1,10}:\d{1,10}:[^:\n]{0,256}:/[^:\n]{0,256}:[^:\n]{0,256}"
)
#: How many lines under the command its output is read for.
_CRACKED_LINES = 64


def cracked_rows(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The password of each line a cracking tool printed, up to the next prompt or a blank line; its lines end as
    the command's does (a line break, or a JSON string's ``\\n``)."""
    decoded = text.decode("latin-1") if isinstance(text, bytes) else text
    for at in sorted({i for places in standing for i in places}):
        real, escaped = decoded.find("\n", at), decoded.find("\\n", at)
        newline = "\\n" if escaped >= 0 and (real < 0 or escaped < real) else "\n"
        pos = decoded.find(newline, at)
        for _ in range(_CRACKED_LINES):
            if pos < 0:
                break
            pos += len(newline)
            end = decoded.find(newline, pos)
            line = decoded[pos : end if end >= 0 else len(decoded)]
            line = line.removesuffix("\\r" if newline == "\\n" else "\r")
            if not line.strip() or line.lstrip().startswith(("$", "#", ">")):
                break
            found = _CRACKED.fullmatch(line)
            if found is not None:
                group = "secret" if found.group("secret") is not None else "shown"
                match = spanning(text, pos, pos + found.start(group), pos + found.end(group))
                if match is not None:
                    yield match
            pos = end


#: Windows' profile of a Wi-Fi network shown with its key (``netsh wlan show profile name=X key=clear``).
KEY_CONTENT = r"\bKey Content[ \t]{1,32}:[ \t](?P<secret>[^\r\n\\]{8,63}?)[ \t]{0,8}(?=\r?\n|\\[rn]|$)"
KEY_CONTENT_ANCHORS = ("Key Content",)


#: The header ``head`` and ``tail`` print over each of several files (``==> /service/app/env/DB_PASSWORD <==``),
#: and the first line under it. A folder of one value a file is how daemontools' envdir, s6's container
#: environment and Docker's and Kubernetes' mounted secrets hand a service its settings, and ``head dir/*`` is how one
#: looks at them all.
FILE_HEADED = (
    r"==> (?:[^\n<>\\]{0,256}/)?(?P<name>[A-Za-z0-9_.\-]{1,64}) <==(?:\r?\n|\\r\\n|\\n)"
    r"[ \t]{0,16}(?P<secret>[^\s\"'`\\]{6,2048})[ \t]{0,16}(?=\r?\n|\\[rn]|$)"
)
FILE_HEADED_ANCHORS = ("==> ",)
#: A file name's ending that says nothing of what it holds.
_EXTENSION = re.compile(r"\.(?:txt|key|secret|env|conf|cfg)\Z", re.IGNORECASE)


def file_headed(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the file's name says secret and its first line is one (a key's name only when the line is random),
    as if the line were given under the name."""
    name = _EXTENSION.sub("", ascii_of(match.group("name")))
    value = ascii_of(match.group("secret"))
    if secret_name(name):
        return plausible_value(value, password_name(name))
    return key_name(name) and random_value(value)
