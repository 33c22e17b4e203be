"""Passwords given on command lines and in configuration lines in shapes the rules had not read: a short ``-k`` (a key
or pass phrase), a Windows switch (``/p``, ``/RP``, ``/pass:``; quoted as an XML attribute quotes it, ``&quot;``), a
user and a password joined by a comma or a colon after ``-u``/``--user``, ``net user name pw``, an INI's or a .env's
password whose name is in mixed case (its value to the line's end), a Redis ACL's ``>password``, a CI runner's
command that sets a secret variable or masks a value. Invented tools and values; each redacted as text and inside a
JSON string alike, and redacting again changes nothing; look-alikes stay."""

from __future__ import annotations

import pytest
from redaction_checks import assert_caught_alike, assert_stays


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("$ mcrypt -a rijndael-256 -k 'Vr8#pLm2QxZ7wT4n' backup.tar\n", "Vr8#pLm2QxZ7wT4n"),
        ("C:\\> cmdkey /generic:git:https://git.zorb.dev /user:ci /pass:Nv4!qT8zLm2W\n", "Nv4!qT8zLm2W"),
        ('schtasks /Create /TN "Sync" /TR sync.cmd /SC HOURLY /RU ZORB\\svc-sync /RP Tq7#mW2zXk9R\n', "Tq7#mW2zXk9R"),
        (
            '<Exec Command="zorbsign sign /f $(KeyFile) /p &quot;Gm5=#Ql8v!Rz2kXw&quot; $(TargetPath)" />\n',
            "Gm5=#Ql8v!Rz2kXw",
        ),
        ("$ zorbsync -u mirror,Xv8#kQ2mLp7T sftp://files.zorb.dev\n", "Xv8#kQ2mLp7T"),
        ("$ zorbctl --endpoints=https://10.0.0.4:2379 --user root:Tq9!mW4zXk2R get /cfg\n", "Tq9!mW4zXk2R"),
        ("C:\\> net user svc-sql Kp3#vT8qLm2! /add /domain\n", "Kp3#vT8qLm2!"),
        ("[smtp]\nHost=mx.zorb.dev\nMailPassword=Gx7]qP2!zR9#mW\n", "Gx7]qP2!zR9#mW"),
        ("[oauth]\nClientSecret=Rt8}kL3#vQ9m>w\n", "Rt8}kL3#vQ9m>w"),
        ("127.0.0.1:6380> ACL SETUSER reporter on >Fq7!vR2#kLm9 ~report:* +@read\n", "Fq7!vR2#kLm9"),
        ("# users.acl\nuser ingest on >Wm4$zT8qLp3N ~ingest:* +@write\n", "Wm4$zT8qLp3N"),
        ("##vso[task.setvariable variable=StorageKey;issecret=true]Zq8mW3vT9pL2xR7k\n", "Zq8mW3vT9pL2xR7k"),
        ("##vso[task.setvariable variable=ZorbAdminPassword]Pz4#kV9qLm2!\n", "Pz4#kV9qLm2!"),
        ('echo "::add-mask::Zk8mQ3vT9pL2"\n', "Zk8mQ3vT9pL2"),
        # a password with = in it is no assignment unless its letters before it are a name's
        ("C:\\> zorbexec \\\\SRV01 -u ops -p Qm=+r+KEL!WzXq -c run.bat\n", "Qm=+r+KEL!WzXq"),
        # the flag inside quotes with its value
        ("$ zorbzip a '-pKx7#mQ2vTz9L' out.zip dir/\n", "Kx7#mQ2vTz9L"),
        # two signs before a directive's value
        ("# replica.conf\nmasterauth !#Kq8vT2mZx9\n", "!#Kq8vT2mZx9"),
    ],
)
def test_a_password_given_in_these_shapes_is_redacted(text: str, secret: str) -> None:
    assert_caught_alike(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "$ sort -k 2,2n -t, data.csv\n",  # a key field, not a key
        "C:\\> dir /p C:\\Windows\\System32\n",  # a switch with no value
        "$ docker run -u 1000:1000 --rm zorb/app\n",  # a user and a group
        "$ zorbsync -u mirror,backup sftp://files.zorb.dev\n",  # two names
        "user default on nopass ~* +@all\n",  # no password
        "ACL SETUSER alice on #4e1a0b7c9d2f3a6e ~* +@all\n",  # a hash, not a password
        "##vso[task.setvariable variable=BuildNumber]20261129.3\n",  # no secret's name
        'echo "::add-mask::$API_TOKEN"\n',  # a reference
        "    password=get_password()\n",  # code
        "C:\\> net user svc-sql /delete\n",  # a switch, not a password
        "$ zorbctl -p name=zorb-api run\n",  # an assignment
    ],
)
def test_what_only_looks_like_them_is_left(text: str) -> None:
    assert_stays(text)
