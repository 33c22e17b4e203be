"""Names and values learnt from the twelfth part's misses, by kind: a directive aligned in columns (its value of
random letters, a comment after it), a secret id, a pre-shared key, a generated password of joined random letters,
an Authorization scheme with a dot in its name, a prefixed key that runs on past a dash, an application's salt."""

from __future__ import annotations

import pytest

from mcp_context.redaction import Redactor


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("# pgbouncer userlist\nDB_PASSWORD        QmWtzRvXpLkHsNbYc\nDB_PORT            6432\n", "QmWtzRvXpLkHsNbYc"),
        ("[proxy]\nhost example\nrootpw     Xh7Lq2Vm9Kc4Rz8N   ; set by the installer\n", "Xh7Lq2Vm9Kc4Rz8N"),
        ("smtp_pass      Wq8Zr3Xn5Lp7Kv2B     # rotated monthly\n", "Wq8Zr3Xn5Lp7Kv2B"),
        ('vault write auth/approle/login role_id=ci secret_id="9d3f1c2a-7b4e-4e1f-9a6c-2f8b7d5e3c1a"\n',
         "9d3f1c2a-7b4e-4e1f-9a6c-2f8b7d5e3c1a"),
        ("  SecretID:      5a7c9e1f-3b5d-4f7a-9c1e-3b5d7f9a1c3e\n", "5a7c9e1f-3b5d-4f7a-9c1e-3b5d7f9a1c3e"),
        ("[wifi-security]\nkey-mgmt=wpa-psk\npreshared_key = Rk8mPq2vXz5Lt9Wn3Bc7Hd4Jf6Gs1Ya0Ue2Io5Py8=\n",
         "Rk8mPq2vXz5Lt9Wn3Bc7Hd4Jf6Gs1Ya0Ue2Io5Py8="),
        ("spring:\n  datasource:\n    password: 'qWxPzRtYvLkMnBh.HgFdSaQwErTy'\n", "qWxPzRtYvLkMnBh.HgFdSaQwErTy"),
        ('GET /v1/files HTTP/1.1\nAuthorization: Acme.Signed k2j4h6g8f0d2s4a6:p9o7i5u3y1t9r7e5w3q1\n',
         "k2j4h6g8f0d2s4a6:p9o7i5u3y1t9r7e5w3q1"),
        ("export PAYMENTS_KEY=sk_live_Zk3Lm9Qp2Wx7Rt5Vn8Bc4Hd6-Jf1Gs0Ya2Ue5Io8Py3Tr7Ew\n",
         "Jf1Gs0Ya2Ue5Io8Py3Tr7Ew"),
        # an application's salt, a key by another name (WordPress's, Drupal's)
        ("define( 'LOGGED_IN_SALT',   'q]7Zk@L#m2|vX/9{Rt!4>pW_c%Hn8&~dJ^eB+3s;Y(uF)' );\n",
         "q]7Zk@L#m2|vX/9{Rt!4>pW_c%Hn8&~dJ^eB+3s;Y(uF)"),
        ("$settings['hash_salt'] = 'xM4pQ8vZr2LwT6kB9nYc3HdJf7Gs1Ya5';\n", "xM4pQ8vZr2LwT6kB9nYc3HdJf7Gs1Ya5"),
    ],
)  # fmt: skip
def test_the_value_is_redacted(text: str, secret: str) -> None:
    redactor = Redactor("t")
    once = redactor.text(text)
    assert secret not in once, once
    assert redactor.text(once) == once


@pytest.mark.parametrize(
    "text",
    [
        "Accessor ID     = 09069f21-251f-4a98-a2fa-90f66c10a297\n",  # names the token, is none
        "aws secretsmanager get-secret-value --secret-id prod/db/Password1\n",  # a secret's name
        "token       expired at 12:00, renewing\n",  # a word after padding
        "password_policy      RequireUppercase\n",  # not a password's value
        'password = "get_User_By_Id_For_Admin"\n',  # words joined, not random letters
        "Authorization: Acme.Signed {{signature}}\n",  # a template
        "user.password_salt = 'Zk3Lm9Qp2Wx7Rt5Vn8Bc'\n",  # a hash's salt, stored beside it
        "SALT_ROUNDS = 12\nsalt = bcrypt.gensalt(rounds=SALT_ROUNDS)\n",
    ],
)
def test_the_near_miss_stays(text: str) -> None:
    assert Redactor("t").text(text) == text
