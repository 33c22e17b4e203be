"""Secrets in a column under a header that names it: separated values (CSV, semicolons, tabs) and tables drawn with
bars, every row and not only the first, also where a stream's window is cut between the header and the row."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from mcp_context.redaction import Redactor
from mcp_context.redaction import redactor as redaction
from mcp_context.redaction.rules import LONGEST

_EXPORT = (
    "id;email;api_token;created\n"
    "1;ops@example.org;;2024-03-01\n"
    "2;ci@example.org;Rq7vK2mXp9LwT4zB8nYc;2024-03-02\n"
    "3;dev@example.org;Hn3pW8qZr5TxV2kL9mBd;2024-03-03\n"
)
_TSV = "user\thost\tdb_passwd\nreports\tdb1\tTq4#zLm8vR2!\nbatch\tdb2\tWp7$kNx3cQ9&\n"
_PSQL = (
    " id | service | client_secret \n"
    "----+---------+----------------------\n"
    "  1 | billing | aB3dE5fG7hJ9kL2mN4pQ\n"
    "  2 | search  | Zx8Cv6Bn4Mq2Wr9Ty7Ui\n"
    "(2 rows)\n"
)
_QUOTED = (
    '"site","login","password","changed"\n'
    '"https://a.example","ana","kX9#mVq2!pLr",""\n'
    '"https://b.example","bo, jr","Pz4&wQ8@tNc3","2024"\n'
)


@pytest.mark.parametrize(
    ("text", "secrets"),
    [
        (_EXPORT, ["Rq7vK2mXp9LwT4zB8nYc", "Hn3pW8qZr5TxV2kL9mBd"]),
        (_TSV, ["Tq4#zLm8vR2!", "Wp7$kNx3cQ9&"]),
        (_PSQL, ["aB3dE5fG7hJ9kL2mN4pQ", "Zx8Cv6Bn4Mq2Wr9Ty7Ui"]),
        (_QUOTED, ["kX9#mVq2!pLr", "Pz4&wQ8@tNc3"]),
    ],
)
def test_every_row_under_a_secrets_column_is_redacted(text: str, secrets: list[str]) -> None:
    redactor = Redactor("t")
    once = redactor.text(text)
    assert not any(s in once for s in secrets), once
    assert redactor.text(once) == once
    assert once.count("\n") == text.count("\n")
    assert json.loads(redactor.text(json.dumps({"out": text})))["out"] == once  # the table inside a JSON string


@pytest.mark.parametrize(
    "text",
    [
        "model;prompt_tokens;completion_tokens\ngpt;Rq7vK2mXp9LwT4zB8nYc;12\n",  # a count's column, not a token's
        "user,password_hint,role\nana,Favourite colour then year,admin\nbo,kX9mVq2pLrT4zB8n,dev\n",  # a hint
        "user,password\nana,(hidden)\nbo,\ncy,********\n",  # no values
        "name,token\nalpha,first-release-notes\nbeta,second-draft\n",  # words, not secrets
        "a,b\nx = password, token\nfoo(bar, baz)\n",  # no header of names
    ],
)
def test_columns_without_secrets_stay(text: str) -> None:
    assert Redactor("t").text(text) == text


def test_a_table_ends_where_its_rows_do() -> None:
    text = _PSQL + "later: Zq8mW3vT9pL2xR7kB4nC | noted\n"
    out = Redactor("t").text(text)
    assert "Zq8mW3vT9pL2xR7kB4nC" in out and "aB3dE5fG7hJ9kL2mN4pQ" not in out


def _streamed(text: str, chunk: int) -> str:
    data = text.encode()
    return b"".join(Redactor("s1").stream(data[i : i + chunk] for i in range(0, len(data), chunk))).decode()


_CSV_HEADER = "id,user,note,password\n"
_BAR_HEADER = "| id | user | note | password |\n|---|---|---|---|\n"


@pytest.mark.parametrize(
    ("header", "chunk"),
    [
        (_CSV_HEADER, 5000),
        pytest.param(_CSV_HEADER, 4096, marks=pytest.mark.slow),
        pytest.param(_BAR_HEADER, 5000, marks=pytest.mark.slow),
        pytest.param(_BAR_HEADER, 4096, marks=pytest.mark.slow),
        pytest.param(
            _CSV_HEADER.replace("\n", "\r\n"), 5000, marks=pytest.mark.slow
        ),  # lines ended as Windows ends them
    ],
)
def test_a_row_windows_after_its_header_is_redacted_in_a_stream(header: str, chunk: int) -> None:
    """Windows of 8 KiB: the secret's row laid at every offset around the first window's cut (the header at the
    stream's start, rows of no secret between) and 16 KiB later: the stream is redacted as the whole is. Laid every
    second offset: a row's value is longer than two, so every place of the cut relative to the row's start and its
    value is tried."""
    bar, end = header.startswith("|"), "\r\n" if header.endswith("\r\n") else "\n"
    secret = "Kq7#vLm2Xp9!Rw4z"

    def row(i: int, value: str, note: str = "n") -> str:
        return f"| {i} | u{i} | {note} | {value} |{end}" if bar else f"{i},u{i},{note},{value}{end}"

    _lay_across_cuts(header, row, lambda i: row(i, secret), secret, chunk, "")


def _lay_across_cuts(
    head: str, row: Callable[..., str], holding: Callable[[int], str], secret: str, chunk: int, end: str
) -> None:
    """Rows of no secret after ``head``, then the one ``holding`` the secret, laid at every second offset around
    the first window's cut (windows of 8 KiB) and 16 KiB later: the stream is redacted as the whole is."""
    empty = "NULL" if end else ""
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_STEP", 8 * 1024)
        # the first window is cut LONGEST before what it holds when it reaches _STEP: 10,000 - 4,096 in pieces of
        # 5,000, 8,192 - 4,096 in pieces of 4,096; and 16 KiB on, windows later
        cut = 2 * chunk - LONGEST
        for at in [*range(cut - 40, cut + 40, 2), *range(cut + 16 * 1024 - 40, cut + 16 * 1024 + 40, 5)]:
            body, i = head, 1
            while len(body) + len(row(i, empty)) < at - 30:
                body, i = body + row(i, empty), i + 1
            body += row(i, empty, "x" * (at - len(body) - len(row(i, empty, ""))))
            text = body + holding(i + 1) + "".join(row(j, empty) for j in range(i + 2, i + 900)) + end
            whole = Redactor("s1").text(text)
            assert secret not in whole and len(body) == at
            assert _streamed(text, chunk) == whole, (chunk, at)


_INSERTS = [
    (
        "INSERT INTO public.oauth_clients (client_id, client_secret, redirect_uri) VALUES\n"
        "\t('web', 'Rk8mPq2vXz5Lt9Wn3Bc7', 'https://app.example.org/cb'),\n"
        "\t('cli', 'Hd4Jf6Gs1Ya0Ue2Io5Py', 'http://localhost:8400/');\n",
        ["Rk8mPq2vXz5Lt9Wn3Bc7", "Hd4Jf6Gs1Ya0Ue2Io5Py"],
    ),
    (
        "INSERT INTO `mail_users` (`id`,`login`,`pass`,`quota`) VALUES (1,'ana','Tq4#zLm8vR2!',100),"
        "(2,'bo''s','Wp7$kNx3cQ9&',NULL),(3,'cy',NULL,0);\n",
        ["Tq4#zLm8vR2!", "Wp7$kNx3cQ9&"],
    ),
]


@pytest.mark.parametrize(("text", "secrets"), _INSERTS)
def test_every_row_of_an_insert_naming_a_secrets_column_is_redacted(text: str, secrets: list[str]) -> None:
    test_every_row_under_a_secrets_column_is_redacted(text, secrets)


@pytest.mark.parametrize(
    "text",
    [
        "INSERT INTO users (id, password_hash) VALUES (1, '$2b$12$Zk3Lm9Qp2Wx7Rt5Vn8Bc4Hd6Jf1Gs0Ya2Ue5Io8Py3Tr7Ew');\n",
        "INSERT INTO usage (model, prompt_tokens) VALUES ('gpt', 'Rq7vK2mXp9LwT4zB8nYc');\n",
        "INSERT INTO users (name, password) SELECT name, 'Kq7#vLm2Xp9!' FROM staff;\n",  # no rows to walk
        "INSERT INTO users (login, password) VALUES ('ana', 'changeme');\n",
    ],
)
def test_inserts_without_secrets_stay(text: str) -> None:
    assert Redactor("t").text(text) == text


@pytest.mark.parametrize("chunk", [5000, pytest.param(4096, marks=pytest.mark.slow)])
def test_an_insert_row_windows_after_its_column_list_is_redacted_in_a_stream(chunk: int) -> None:
    """Windows of 8 KiB: the row holding the secret laid at every second offset around the first window's cut, the
    column list at the stream's start: the stream is redacted as the whole is."""
    secret = "Kq7#vLm2Xp9!Rw4z"
    head = "INSERT INTO accounts (id, login, note, password) VALUES\n"

    def row(i: int, value: str, note: str = "n") -> str:
        return f"({i}, 'u{i}', '{note}', {value}),\n"

    _lay_across_cuts(head, row, lambda i: row(i, f"'{secret}'"), secret, chunk, "(0, 'last', 'n', NULL);\n")
