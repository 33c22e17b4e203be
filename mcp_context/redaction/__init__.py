"""Credentials taken out of text before anything is stored: tool output often carries an API key, a token, a
private key or a password inside a URL, and a result, an archive or a loop's state would otherwise keep it on disk
verbatim. Each secret becomes a typed placeholder, ``[secret:github_token:3f9a]``, whose tag is a keyed hash of the
secret: the same secret gives the same placeholder within a session (an agent can still tell two tokens apart and
see that a call repeats one), and nothing of the value can be read back from it.

Vendors' formats with a recognisable shape are matched (a known prefix, a JWT's three parts, a PEM block, the
password of a ``user:pass@host`` URL), and so, by general rules (generic.py), is what no rule names: a value given
a name that says it is secret, in any syntax, a token of a short prefix and a random tail, any Authorization
scheme. Each judges what it finds (is the value random, is it a placeholder or a reference), so hashes, UUIDs,
identifiers and base64 data stay as they are. Redaction never changes how many lines a text has: a multi-line
key keeps its line breaks, so line numbers into an archive mean the same before and after."""

from .memo import MEMO_ENTRIES, SPELLINGS_BYTES, RedactionMemo
from .redactor import CLEAN_MIN_CHARS, ENV_REDACT, OFF_WORDS, Redactor, enabled

__all__ = [
    "CLEAN_MIN_CHARS",
    "ENV_REDACT",
    "MEMO_ENTRIES",
    "OFF_WORDS",
    "SPELLINGS_BYTES",
    "RedactionMemo",
    "Redactor",
    "enabled",
]
