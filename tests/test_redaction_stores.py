"""Secrets in shapes the rules had not read: what data stores print (DynamoDB's typed attributes, a numbered reply's
field and value lines), a password set with an authentication plugin named (``IDENTIFIED WITH plugin BY``), a user
created by a tool whose subcommands are a noun and a verb, an SDK client of a vendor's name given its key, a
credential's type naming what a pair's value is, a password named after a service whose other tokens are cursors
(``sync``), a key issued as hex in dashed groups, a name and a value in a table's cells whose tags have attributes,
a password a banner reports after a few words, a value that holds its quotes in markup (``&quot;v&quot;``), a
query's rows printed under no header but its select list.
Invented tools and values; each redacted as text and inside a JSON string alike, and redacting again changes
nothing; look-alikes stay."""

from __future__ import annotations

import pytest
from redaction_checks import assert_caught_alike, assert_stays


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # an item as a program logs it, its key a secret's under DynamoDB's type
        ('item = {"webhookToken": {"S": "Yq7RmT2vKx9LpW4nBz8cHd3F"}, "n": {"N": "3"}}\n', "Yq7RmT2vKx9LpW4nBz8cHd3F"),
        ('{"Item": {"signing_key": {"B": "c2VjcmV0LWtleS1ieXRlczAxMjM0"}}}', "c2VjcmV0LWtleS1ieXRlczAxMjM0"),
        # a numbered reply (a cache's CLI), the values padded under their numbers
        ('> HGETALL zorb:tenant:7\n 9) "api_secret"\n10) "Tz8mQ2vLk9wXp4Rb7Nc3"\n', "Tz8mQ2vLk9wXp4Rb7Nc3"),
        ("mysql> ALTER USER 'app'@'%' IDENTIFIED WITH caching_sha2_password BY 'Tq7#vLm2Rz9w';\n", "Tq7#vLm2Rz9w"),
        ("$ zorbctl users add deploy 'Vk3%pQ8zTm2L'\n", "Vk3%pQ8zTm2L"),
        ('const zorb = new ZorbPayClient("Yq7RmT2vKx9LpW4nBz8cHd3F");\n', "Yq7RmT2vKx9LpW4nBz8cHd3F"),
        ('c = zorb_client("proj-17", "Yq7RmT2vKx9LpW4nBz8cHd3F", region="eu")\n', "Yq7RmT2vKx9LpW4nBz8cHd3F"),
        ('{"id": "c1", "kind": "password", "value": "Tq7#vLm2Rz9w"}\n', "Tq7#vLm2Rz9w"),
        ('{"name": "DB_PASSWORD", "type": "String", "value": "Tq7#vLm2Rz9w"}\n', "Tq7#vLm2Rz9w"),
        ('{"syncDbPassword": "xK-QmTvRbLpWzNcHyD"}\n', "xK-QmTvRbLpWzNcHyD"),
        ("ZORB_API_KEY: a1b2-c3d4e5-f60718-293a4b5c-6d7e\n", "a1b2-c3d4e5-f60718-293a4b5c-6d7e"),
        # a report's table, its cells with attributes and padded (a debug page's environment)
        (
            '<tr>\n  <th scope="row" class="k">ZORB_SECRET_KEY </th>\n  <td class="v">Rw9#kT3mQz7vLx2 </td>\n</tr>\n',
            "Rw9#kT3mQz7vLx2",
        ),
        # a tool's banner, words (one hyphenated, one bracketed) between the password's word and the colon
        ("The initial password for the [zorb] read-only operator is : Tq7#vLm2Rz9w\n", "Tq7#vLm2Rz9w"),
        # a value holding its quotes, as XML writes them (an app's saved settings)
        (
            '<map>\n  <string name="zorb_api_token">&quot;Yq7RmT2vKx9LpW4nBz8cHd3F&quot;</string>\n</map>\n',
            "Yq7RmT2vKx9LpW4nBz8cHd3F",
        ),
        ('<entry key="zorb.password">&#39;Tq7#vLm2Rz9w&#39;</entry>\n', "Tq7#vLm2Rz9w"),
        # a query's rows printed without a header, its select list naming the columns (an alias, a table's prefix)
        (
            '$ psql -At -c "SELECT u.name, u.api_token AS token FROM users u"\nops|Yq7RmT2vKx9LpW4nBz8cHd3F\n',
            "Yq7RmT2vKx9LpW4nBz8cHd3F",
        ),
        ('mysql -NB -e "select login, password from accounts"\nops\tTq7#vLm2Rz9w\n', "Tq7#vLm2Rz9w"),
    ],
)
def test_a_secret_in_these_shapes_is_redacted(text: str, secret: str) -> None:
    assert_caught_alike(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        '{"title": {"S": "Quarterly report 2026"}, "views": {"N": "1204"}}\n',  # no secret's name
        '{"api_secret": {"S": "${ZORB_SECRET}"}}\n',  # a reference
        'print(x) "user_token"\n',  # no reply's number
        ' 1) "api_secret"\n 2) "(nil)"\n',  # nothing kept
        ' 1) "username"\n 2) "Tz8mQ2vLk9wXp4Rb7Nc3"\n',  # a name, no secret's
        "CREATE USER app IDENTIFIED WITH auth_socket;\n",  # no password
        'c = HttpClient("https://api.zorb.dev/v1")\n',  # a URL
        'r = redis_client("localhost", 6379)\n',  # a host
        '{"syncPasswordPolicy": "Min8Upper1Digit1"}\n',  # what a password must be
        '{"requestId": {"S": "Yq7RmT2vKx9LpW4nBz8cHd3F"}}\n',  # an id
        '{"name": "replicas", "type": "String", "value": "three-of-them"}\n',  # no secret's name
        "ZORB_BUILD_KEY: 2026-1128-0931-4411-0000\n",  # a date's digits, no hex letter
        "ZORB_API_KEY_VERSION: a1b2-c3d4\n",  # too short
        '<td class="e">ZORB_HOME </td><td class="v">/srv/zorb-2026 </td>\n',  # no secret's name
        '<td class="e">ZORB_PASSWORD_FILE </td><td class="v">/run/secrets/zorb </td>\n',  # a path
        "The password for the [zorb] operator is : required\n",  # a word
        '<string name="zorb_api_token">&quot;@string/token_hint&quot;</string>\n',  # a reference
        '<string name="zorb_title">&quot;Yq7RmT2vKx9LpW4nBz8cHd3F&quot;</string>\n',  # no secret's name
        'cur.execute("SELECT token FROM sessions")\nrows = cur.fetchall()\n',  # code, no row
        "$ sqlite3 app.db 'select id, name, digest from files'\n1|zorb.tar|Yq7RmT2vKx9LpW4nBz8cHd3F\n",  # no secret
    ],
)
def test_what_only_looks_like_them_is_left(text: str) -> None:
    assert_stays(text)
