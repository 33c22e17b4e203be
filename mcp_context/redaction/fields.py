"""Secrets set into a field a command or a script names apart from the value, where no assignment joins the two:
a Windows registry value written by ``reg add KEY /v DefaultPassword /d v`` (the name after ``/v``, the data after
``/d``), and a web form's field filled by a browser script (Selenium's ``find_element(By.ID, "password")
.send_keys("v")``, WebdriverIO's ``$("#password").setValue("v")``, Cypress's ``cy.get("#password").type("v")``),
and a user made with a password given by position (Django's ``create_user("name", "email", "v")``). Each is a
pattern, to find the field and its value, and a judgement in Python of the field's name."""

from __future__ import annotations

import re
from typing import Any

from .generic import secret_name
from .rule import _NOT_ASCII
from .values import ascii_of, plausible_value

#: ``reg add`` with a value's name and its data, the type and ``/f`` anywhere between or after.
REG_VALUE = (
    r"(?i:\breg(?:\.exe)?[ \t]{1,4}add)[ \t]{1,4}[^\n]{0,256}?[ \t]/(?i:v)[ \t]{1,4}"
    rf"(?P<name>\\{{0,8}}\"[^\"\n\\{_NOT_ASCII}]{{1,64}}\\{{0,8}}\"|[^\s\"/\\{_NOT_ASCII}]{{1,64}})"
    r"(?:[ \t]{1,4}/(?i:t)[ \t]{1,4}\S{1,24}|[ \t]{1,4}/(?i:f)){0,4}"
    rf"[ \t]{{1,4}}/(?i:d)[ \t]{{1,4}}(?P<q>\\{{0,8}}\"|)(?P<secret>[^\s\"\\{_NOT_ASCII}]{{4,256}})(?P=q)"
    r"(?=[ \t]|\r?\n|\\[rn]|$)"
)
REG_VALUE_ANCHORS = ("reg add", "REG ADD", "Reg add", "reg.exe add", "REG.EXE add", "reg.exe ADD")


def reg_value(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the registry value's name says secret (``DefaultPassword``, ``ApiKey``) and its data is a value,
    not a reference (``%PW%``)."""
    value = ascii_of(match.group("secret"))
    name = ascii_of(match.group("name")).strip('\\"')
    return secret_name(name) and value[0] not in "$%{<" and plausible_value(value, True)


#: A field found by a name, id or selector, then a call that types into it: Selenium's ``send_keys``/``sendKeys``,
#: WebdriverIO's ``setValue``/``addValue``, Cypress's and Puppeteer's ``type``, Playwright's ``fill``, as chained
#: (``.clear()`` between) on the element the locator returned.
FILLED_FIELD = (
    r"\\{0,8}[\"'][#.]?(?:[A-Za-z_][\w\-]{0,40}[=\[\]~*^$\"'\\ ]{1,12}){0,2}(?P<name>[\w\-]{1,48})"
    r"[\]\"'\\]{0,12}(?<=[\"'])[ \t]{0,4}\){1,2}(?:[ \t]{0,4}\.[ \t]{0,4}clear\(\))?[ \t]{0,4}\.[ \t]{0,4}"
    r"(?:send_keys|sendKeys|setValue|addValue|type|fill)\([ \t]{0,4}(?P<q>\\{0,8}[\"'])"
    rf"(?P<secret>[^\"'\n\\{_NOT_ASCII}]{{4,256}})(?P=q)"
)
FILLED_FIELD_ANCHORS = (").send_keys(", ").sendKeys(", ").setValue(", ").addValue(", ").type(", ").fill(", ".clear()")


def filled_field(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the field's name says secret (``password``, ``api-key``) and what is typed is a value, not a
    variable's reference."""
    value = ascii_of(match.group("secret"))
    return secret_name(ascii_of(match.group("name"))) and value[0] not in "$%{<" and plausible_value(value, True)


#: Django's ``create_user``/``create_superuser`` (the manager's, and ``manage.py shell -c`` running one) with the user
#: name, the address and the password by position: the third string is the password, quoted as the first two are.
CREATED_USER = (
    r"\bcreate_(?:super)?user\([ \t]{0,4}(?P<q>\\{0,8}[\"'])[^\"'\n\\]{1,128}(?P=q)[ \t]{0,4},[ \t]{0,4}"
    r"(?P=q)[^\"'\n\\]{0,256}(?P=q)[ \t]{0,4},[ \t]{0,4}"
    rf"(?P=q)(?P<secret>[^\"'\n\\{_NOT_ASCII}]{{4,256}})(?P=q)"
)
CREATED_USER_ANCHORS = ("create_user(", "create_superuser(")


def created_user(match: re.Match[Any], text: str | bytes) -> bool:
    """A password, not a variable's reference."""
    value = ascii_of(match.group("secret"))
    return value[0] not in "$%{<" and plausible_value(value, True)
