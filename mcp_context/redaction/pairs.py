"""Credentials given as a pair of a name and a value that stand apart, each in a field of its own: the value
found from its field (``"value": "v"``, ``<value>v</value>``, ``.value := 'v'``, ``set value "v"``) and its name
read back from the field before it (``"name": "DB_PASSWORD"``, ``<entry name="X-Api-Key">``, ``set key
"Authorization"``) or from the object the value opens; and a header given as a name and a value together, in a HAR
file's, Postman's or a gRPC call's shape. The value is judged as if it were given under the name: the same fields
carry settings of every other kind far more often."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from . import generic
from .columns import Carry, spanning
from .compiled import pattern, spelled_for
from .generic import secret_name
from .placed import random_value
from .shapes import PAIR_BACK, credential_name, text_of
from .values import ascii_of, plausible_value

#: A value given in a pair of a name and a value (``{"name": "DB_PASSWORD", "value": "..."}`` in an ECS task,
#: a HAR file's headers and cookies, ``- name: API_TOKEN`` / ``value: ...`` in a Kubernetes env list, a Postman
#: ``{"key": "token", "value": ...}``): found from ``value``, the name read back (see pair_value).
PAIR_VALUE = (
    # given by ``:``, ``=``, ``:=`` (PL/SQL's), as an element's text (``<value>v</value>``) or after a space before
    # its quote (a firewall's ``set value "v"``); quoted, an Authorization header's scheme may lead it
    r"(?i:value)(?:\\{0,8}[\"']?[ \t]{0,4}(?::=|[:=])|>|[ \t]{1,4}(?=\\{0,8}[\"']))[ \t]{0,4}\\{0,8}(?P<q>[\"'])?"
    r"(?(q)(?P<scheme>[A-Za-z][A-Za-z\-]{1,24} (?=[^\s\"']{6}))?)"
    r"(?P<secret>(?(q)[^\s\"'`\[\]\\\x80-\U0010ffff]{6,2048}|[^\s\"'`,;{}()\[\]<>\\\x80-\U0010ffff]{6,2048}))"
    r"(?=\\{0,8}[\"']|[\s,;}\]<]|\\|$)"
)
PAIR_VALUE_ANCHORS = ("value",)
#: The name field of a pair (``"name": "x-api-key"``, ``- name: DB_PASSWORD``, ``"key": "token"``, an SSM
#: parameter's ``"Name": "/prod/api/API_TOKEN"``, whose last part names it; a credential's type, ``"type": "secret"``,
#: as identity servers print one).
_NAME_FIELD = re.compile(
    r"(?i:name|key|type|kind)(?:\\{0,8}[\"']?[ \t]{0,4}(?::=|[:=])|[ \t]{1,4}(?=\\{0,8}[\"']))[ \t]{0,4}\\{0,8}[\"']?"
    r"(?:[A-Za-z0-9_.\-]{0,64}/){0,8}(?P<name>[A-Za-z0-9_.\-]{1,64})\\{0,8}[\"']?[ \t]{0,4}(?=[,;>\r\n]|\\n|[ \t]*\Z)"
)
_NAME_FIELD_BYTES = re.compile(_NAME_FIELD.pattern.encode())
#: Between a pair's name and its value: at most a few other fields of the same object (``"Type": "SecureString"``),
#: no bracket (another object's name is not this value's).
_BETWEEN = re.compile(r"[^{}\[\]]{0,200}")
#: Headers that carry a credential after a scheme's word.
_SCHEMED = frozenset({"authorization", "proxy-authorization"})


#: An object given a name whose first field is the value (an ARM template's parameters: ``"adminPassword":
#: {"value": "..."}``), or whose value follows a few fields that describe it.
_OBJECT_NAME = re.compile(
    r"(?P<name>[A-Za-z0-9_.\-]{1,64})\\{0,8}[\"']?[ \t]{0,4}:[ \t]{0,4}\{(?:[ \t\r\n]|\\[nrt]){0,64}"
    # the value's field first, or after a description's (Heroku's app.json: ``"X_TOKEN": {"description": ...,``),
    # whether it is sensitive and its type (``terraform output -json``: ``"sensitive": true, "type": "string",``)
    r"(?:\\{0,8}[\"'](?:description|required|generator|sensitive|type)\\{0,8}[\"'][ \t]{0,4}:[ \t]{0,4}"
    r"[^{}\[\]\n]{0,160}?,(?:[ \t\r\n]|\\[nrt]){0,64}){0,3}\\{0,8}[\"']?\Z"
)
_OBJECT_NAME_BYTES = re.compile(_OBJECT_NAME.pattern.encode())


def object_name(before: str | bytes) -> str | None:
    """The name of the object whose first fields ``before`` ends in (``"adminPassword": {``), if it does."""
    pattern: Any = _OBJECT_NAME_BYTES if isinstance(before, bytes) else _OBJECT_NAME
    owner = pattern.search(before)
    return None if owner is None else ascii_of(owner.group("name"))


def pair_value(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the name of the pair (its nearest name field before the value, in the same object, with no more
    than three fields between; or the name of the object the value opens) says the value is a credential."""
    if not plausible_value(ascii_of(match.group("secret")), True):  # no credential whatever its name
        return False
    before = text[max(0, match.start() - PAIR_BACK) : match.start()]
    fields: Any = _NAME_FIELD_BYTES if isinstance(before, bytes) else _NAME_FIELD
    names = list(fields.finditer(before))
    if match.group("scheme") is not None:  # ``"Basic v"``: only an Authorization header's value has a scheme
        return (
            bool(names)
            and ascii_of(names[-1].group("name")).lower() in _SCHEMED
            and _BETWEEN.fullmatch(text_of(before[names[-1].end() :])) is not None
        )
    owner = object_name(before)
    if owner is not None:
        return credential_name(owner, ascii_of(match.group("secret")))
    if not names:
        return False
    value = ascii_of(match.group("secret"))
    # the nearest the value first; a type's field may stand between the name's and the value's (``"type":
    # "String"``), or be what names it (``"type": "secret"``)
    for found in reversed(names[-3:]):
        gap = text_of(before[found.end() :])
        if not _BETWEEN.fullmatch(gap) or gap.count(",") > 3:
            return False
        if credential_name(ascii_of(found.group("name")), value):
            return True
    return False


#: A header or a field given as a name and a value (a HAR file's and a proxy's export, ``{"name": "authorization",
#: "value": "Token v"}``; Postman's ``{"key": "X-Api-Key", "value": "v"}``, a managed app's ``"valueString"``; in
#: code, Swift's ``URLQueryItem(name: "key", value: "v")``), over lines as exports indent them, and inside a JSON
#: string: the value judged as if given under the name; an Authorization header's scheme stays.
NAME_VALUE = (
    r"\\?[\"']?(?:name|key)\\?[\"']?[ \t]{0,4}[:=][ \t]{0,4}(?P<q>\\?)(?P<nq>[\"'])(?P<name>[A-Za-z0-9_.:\-]{1,64})"
    r"(?P=q)(?P=nq)[ \t]{0,4},(?:[ \t\r\n]|\\[nrt]){0,64}(?:(?P=q)[\"'])?value(?:String)?(?:(?P=q)[\"'])?"
    r"[ \t]{0,4}[:=][ \t]{0,4}(?P=q)"
    r"(?P<vq>[\"'])(?:(?P<scheme>[A-Za-z][A-Za-z\-]{1,24}) )?(?P<secret>[^\"'\\\s]{6,2048})(?P=q)(?P=vq)"
)
NAME_VALUE_ANCHORS = ('"name"', '"key"', "'name'", "'key'", "name:", "name=", '\\"name\\"', '\\"key\\"')
#: A header given as a pair of strings (gRPC's metadata, ``(('authorization', 'Key v'),)``; a list's ``["X-Api-Key",
#: "v"]``; a Lisp's dotted pair in an association list, ``("API_TOKEN" . "v")``), judged as a name and a value are.
PAIR = (
    r"[(\[][ \t]{0,4}(?P<nq>\\{0,8}[\"'])(?P<name>[A-Za-z0-9_.:\-]{1,64})(?P=nq)"
    r"[ \t]{0,4}(?:,|(?<=[ \t])\.(?=[ \t]))[ \t]{0,4}"
    r"(?P<vq>\\{0,8}[\"'])(?:(?P<scheme>[A-Za-z][A-Za-z\-]{1,24}) )?(?P<secret>[^\"'\\\s]{6,2048})(?P=vq)"
    r"[ \t]{0,4}[)\]]"
)
PAIR_ANCHORS = ("('", '("', "['", '["', '(\\"', '[\\"')  # escaped too: the code inside a JSON string
#: A header set by a call that takes the value first and the name after it (Swift's and Objective-C's
#: ``setValue("v", forHTTPHeaderField: "x-access-token")``), judged as a name and a value are.
HEADER_SET = (
    r"\bsetValue\([ \t]{0,4}(?P<vq>\\?\")(?:(?P<scheme>[A-Za-z][A-Za-z\-]{1,24}) )?(?P<secret>[^\"\\\s]{6,2048})(?P=vq)"
    r"[ \t]{0,4},[ \t]{0,4}forHTTPHeaderField:[ \t]{0,4}\\?\"(?P<name>[A-Za-z0-9_.:\-]{1,64})\\?\""
)
HEADER_SET_ANCHORS = ("setValue(",)


def name_value(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the name says secret (or is an Authorization header's) and the value is made as one would be; a
    name that is only a key's (``key``, ``api-key`` says more) when the value is random."""
    name = ascii_of(match.group("name"))
    value = ascii_of(match.group("secret"))
    schemed = name.lower() in _SCHEMED
    if match.group("scheme") is not None and not schemed:
        return False
    if schemed or secret_name(name):
        return plausible_value(value, generic.password_name(name))
    return generic.key_name(name) and random_value(value)


#: A settings table's row set by SQL, its value first and its name in the ``WHERE`` clause (ProxySQL's ``UPDATE
#: global_variables SET variable_value='admin:pw' WHERE variable_name='admin-admin_credentials'``, WordPress'
#: ``option_value`` and ``option_name``), judged as a value given under the name.
SQL_SETTING = (
    r"(?i:value)[ \t]{0,4}=[ \t]{0,4}(?P<q>\\{0,8}['\"])(?P<secret>[^'\"\\\n]{6,2048})(?P=q)(?:[ \t\r\n]|\\n){1,8}"
    r"(?i:where)[ \t]{1,4}[A-Za-z0-9_.`]{0,48}?(?i:name|key)`?[ \t]{0,4}=[ \t]{0,4}(?P<nq>\\{0,8}['\"])"
    r"(?P<name>[A-Za-z0-9_.:\-]{1,64})(?P=nq)"
)
SQL_SETTING_ANCHORS = tuple(f"value{sep}{q}" for sep in ("=", " = ") for q in ("'", '"', '\\"'))


def sql_setting(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the setting's name says secret and its value is one (a key's name: when random)."""
    name = ascii_of(match.group("name"))
    value = ascii_of(match.group("secret"))
    if secret_name(name):
        return plausible_value(value, generic.password_name(name))
    return generic.key_name(name) and random_value(value)


#: A list of values under a name that says they are secrets (``passkeys = ["v1", "v2"]`` in TOML, ``"api_keys":
#: ["v"]`` in JSON, ``tokens: ['v']`` in YAML's flow style): each quoted item judged as if given under the name's
#: singular, the name read back from the list's opening.
_LISTED_WORDS = ("keys", "tokens", "secrets", "passwords", "passkeys", "passphrases", "credentials")
#: Found where such a name meets its list's opening (the names spelled in any case: the rule is case-blind).
LISTED_ANCHORS = tuple(
    f"{w}{sep}" for w in _LISTED_WORDS for sep in ('": [', '":[', "': [", "':[", '\\": [', " = [", "=[", ": [", ":[")
)
_LIST_NAME = r"(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,63})\\{0,8}[\"']?[ \t]{0,4}\Z"
_ITEM = r"[ \t\r\n]{0,16}(?P<q>\\{0,8}[\"'])(?P<value>[^\"'\\\s]{1,512})(?P=q)[ \t\r\n]{0,16}(?P<end>[,\]])"
#: A name that says its list holds secrets: its last word, plural.
_PLURAL = re.compile(r"(?i)(?:keys|tokens|secrets|passwords|passkeys|passphrases|credentials)\Z")
#: The most items of one list read.
_ITEMS = 16


def listed(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The items of each list whose name says secret that are made as one (see LISTED_ANCHORS)."""
    name_at, item_at = pattern(_LIST_NAME), pattern(spelled_for(_ITEM, text))
    opening: Any = spelled_for("[", text)
    for at in sorted({i for places in standing for i in places}):
        pos = text.index(opening, at) + 1
        head = text_of(text[max(0, pos - 96) : pos - 1]).rstrip(" \t:=")  # a cut may fall inside a character
        named = name_at.search(head)
        name = named["name"] if named else ""
        if _PLURAL.search(name) is None:  # the list's name ends in what it lists (not ``token_variants``)
            continue
        singular = name[:-1]
        if not (generic.secret_name(singular) or generic.key_name(singular)):
            continue
        for _ in range(_ITEMS):
            item = item_at.match(text, pos)
            if item is None:
                break
            value = ascii_of(item["value"])
            if _listed_secret(singular, value):
                found = spanning(text, item.start(), item.start("value"), item.end("value"))
                if found is not None:
                    yield found
            if item["end"] in ("]", b"]"):
                break
            pos = item.end()


def _listed_secret(name: str, value: str) -> bool:
    """An item given under a secret's name when it is one (a key's name: when random)."""
    if generic.secret_name(name):
        return plausible_value(value, generic.password_name(name))
    return random_value(value)
