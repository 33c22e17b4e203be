"""What a read tool answered as the file's text, whatever its envelope: the text under a content-like key of a JSON
answer (also inside an envelope such as ``{"success": ..., "data": {"content": ...}}``), after a ``field: value``
header, as a field of a data object's printed form (``file_path='a.py' block_content='001|...'``), or the output
inside a host's wrapper. Read so that a whole file written after it is told by what changed."""

from __future__ import annotations

import json
import re

from ..conversation import failures
from ..conversation.wrappers import literal_text

__all__ = ["file_text"]


#: Keys a read tool's JSON answer gives the file's text under.
_TEXT_KEYS = ("content", "contents", "text", "file_content", "fileContent", "data", "body")


_ENVELOPES = 2  # how deep an answer's envelopes are looked into for the text


#: A host's label in brackets alone on the answer's first line, over the tool's own answer.
_LABEL_OVER = re.compile(r"\A\s*\[[A-Z][\w ]{0,40}\][ \t]*\n(?=\s*[{\[\"])")


def file_text(result: str) -> str:
    """What a read tool answered as the file: the text under a content-like key of a JSON answer (``{"path": ...,
    "content": ...}``) or of a data object printed as ``field='value'`` pairs, the text a JSON string holds (a tool
    that answers with its return value serialised), else the output inside a host's wrapper. A host's label in
    brackets over the answer (Efrit's ``[Read File Result]``) is left out first."""
    result = _LABEL_OVER.sub("", result, count=1)
    if result.startswith('"') and result.rstrip().endswith('"'):  # the text as a JSON string (``json.dumps(text)``)
        try:
            said = json.loads(result)
        except ValueError:
            said = None
        if isinstance(said, str):
            return said
    if result.lstrip()[:1] in ("{", "["):
        try:
            value = json.loads(result)
        except ValueError:
            value = None
        if isinstance(value, list) and len(value) == 1:  # one file's entry in a list of files read
            value = value[0]
        for _ in range(_ENVELOPES + 1):  # the text may sit in an envelope (``{"success": ..., "data": {...}}``)
            if not isinstance(value, dict):
                break
            key = next((k for k in _TEXT_KEYS if isinstance(value.get(k), str)), None)
            if key is not None:
                return _files_listed(value[key]) if key == "data" else str(value[key])
            value = next((v for v in value.values() if isinstance(v, dict)), None)
    tagged = _CONTENT_TAG.search(result) if "</" in result else None
    if tagged is not None:  # ``<content>the text</content>`` inside a host's tagged answer
        return tagged["text"]
    printed = _PRINTED_FIELD.search(result) if "='" in result or '="' in result else None
    if printed is not None:  # ``file_path='a.py' block_content='001|x\n002|y'``: the field's string literal
        value = literal_text(printed["literal"])
        if value is not None:
            return value
    fields = _FIELDS.match(result)
    if fields is not None:  # ``path: /w/a.py`` then ``content: <the text>`` then ``lines_read: 3``
        lines = result[fields.end() :].split("\n")
        while len(lines) > 1 and _FIELD_AFTER.match(lines[-1]):
            lines.pop()
        return "\n".join(lines)
    return failures.unwrapped(result)[0]


def _files_listed(text: str) -> str:
    """An envelope's ``data`` that is itself JSON of the files read (``[{"path": ..., "content": ...}]``, as a host
    that serialises a tool's return value gives it): the one file's text; else the data as it is."""
    if text.lstrip()[:1] not in ("[", "{"):
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return text
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if isinstance(value, dict) and any(k in value for k in ("path", "file", "file_path")):
        found = next((v for k in _TEXT_KEYS if isinstance(v := value.get(k), str)), None)
        return found if found is not None else text
    return text


#: A read answered as ``field: value`` lines: a few short fields, then the file's text under a content-like field.
_FIELDS = re.compile(r"(?:[a-z_]{1,24}: [^\n]{0,300}\n){1,3}(?:content|contents|text|file_content): ?")
#: A field the answer gives after the text: a key of words joined by ``_`` and a short value (``was_truncated:
#: False``); a file's own last line seldom reads so.
_FIELD_AFTER = re.compile(r"^[a-z]+(?:_[a-z]+)+: \S{1,20}$")
#: A content-like field of a data object printed with its string literal (``block_content='001|x\n'``), as Python's
#: and pydantic's reprs print one.
_PRINTED_FIELD = re.compile(
    r"""\b(?:\w+_)?(?:content|contents|text)=(?P<literal>'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")"""
)
#: The file's text in a tag of a tagged answer (``<content>...</content>``, ``<content lines="1-8">``,
#: ``<file_content>``).
_CONTENT_TAG = re.compile(r"<(?P<tag>(?:file_)?content)(?:\s[^<>]*)?>\n?(?P<text>.*?)</(?P=tag)>", re.S)
