"""Makers of synthetic credential values, one per shape (see formats.py): prefix, length, alphabet and, where a
format has one, its checksum."""

from __future__ import annotations

import base64
import json
import random
import string
import zlib
from collections.abc import Callable

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE62 = DIGITS + UPPER + LOWER


def s(rng: random.Random, n: int, alphabet: str = ALNUM) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def b64(data: bytes, url: bool = False, pad: bool = True) -> str:
    out = (base64.urlsafe_b64encode if url else base64.b64encode)(data).decode()
    return out if pad else out.rstrip("=")


def crc_base62(body: str) -> str:
    """GitHub's and npm's checksum: CRC32 of the random part, in base62, six characters."""
    n, out = zlib.crc32(body.encode()), ""
    while n:
        n, r = divmod(n, 62)
        out = BASE62[r] + out
    return out.rjust(6, "0")


def checksummed(prefix: str) -> Callable[[random.Random], str]:
    def make(rng: random.Random) -> str:
        body = s(rng, 30)
        return prefix + body + crc_base62(body)

    return make


def fixed(prefix: str, n: int, alphabet: str = ALNUM, suffix: str = "") -> Callable[[random.Random], str]:
    return lambda rng: prefix + s(rng, n, alphabet) + suffix


def jwt(rng: random.Random, claims: dict[str, object] | None = None) -> str:
    head = b64(b'{"alg":"RS256","typ":"JWT","kid":"' + s(rng, 8).encode() + b'"}', url=True, pad=False)
    body = claims or {"sub": s(rng, 10, DIGITS), "iss": "https://auth.example.com", "exp": 1893456000}
    claims_part = b64(json.dumps(body).encode(), url=True, pad=False)
    return f"{head}.{claims_part}.{b64(rng.randbytes(256), url=True, pad=False)}"


def pem(kind: str, size: int) -> Callable[[random.Random], str]:
    def make(rng: random.Random) -> str:
        return armored(kind, rng.randbytes(size))

    return make


def armored(kind: str, der: bytes) -> str:
    """DER bytes in PEM's armour: base64, 64 characters a line, between the BEGIN and END lines of ``kind``."""
    body = b64(der)
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"


def openssh(rng: random.Random) -> str:
    body = b64(b"openssh-key-v1\0" + rng.randbytes(380))
    lines = [body[i : i + 70] for i in range(0, len(body), 70)]
    return "-----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END OPENSSH PRIVATE KEY-----"


def uuid4(rng: random.Random) -> str:
    h = s(rng, 32, HEX)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


def password(rng: random.Random) -> str:
    """A password as people pick them: words, digits and a sign, or a generator's output."""
    if rng.random() < 0.5:
        words = ["Summer", "river", "Falcon", "orange", "Tango", "winter", "Delta", "maple", "Quartz", "harbor"]
        return rng.choice(words) + rng.choice(words).lower() + s(rng, rng.randint(2, 4), DIGITS) + rng.choice("!#%*")
    return s(rng, rng.randint(14, 24), ALNUM + "!#%^*_-")


def pypi(rng: random.Random) -> str:
    macaroon = b"\x02\x01\x08pypi.org\x02" + bytes([37]) + uuid4(rng).encode() + b"\x00\x02\x06" + rng.randbytes(120)
    return "pypi-" + b64(macaroon, url=True, pad=False)


def telegram(rng: random.Random) -> str:
    return f"{rng.randint(10**8, 10**10 - 1)}:AA{s(rng, 33, B64URL)}"


def discord_bot(rng: random.Random) -> str:
    user = b64(str(rng.randint(10**17, 10**18 - 1)).encode(), pad=False)
    return f"{user}.{s(rng, 6, B64URL)}.{s(rng, 38, B64URL)}"


def azure_ad_secret(rng: random.Random) -> str:
    return s(rng, 3, ALNUM) + rng.choice(DIGITS) + "Q~" + s(rng, 34, ALNUM + "_~.-")


def basic(rng: random.Random) -> str:
    return b64(f"deploy-bot:{password(rng)}".encode())


def docker_auth(rng: random.Random) -> str:
    return b64(f"ci-user:dckr_pat_{s(rng, 27, B64URL)}".encode())


def vault(prefix: str) -> Callable[[random.Random], str]:
    return lambda rng: prefix + "CAESI" + s(rng, 86, B64URL)


def atlassian(rng: random.Random) -> str:
    return "ATATT3xFfGF0" + s(rng, 171, B64URL) + "=" + s(rng, 8, HEX.upper())


def terraform(rng: random.Random) -> str:
    return s(rng, 14, ALNUM) + ".atlasv1." + s(rng, 67, ALNUM)


def dynatrace(rng: random.Random) -> str:
    return "dt0c01." + s(rng, 24, UPPER + DIGITS) + "." + s(rng, 64, UPPER + DIGITS)


def sendgrid(rng: random.Random) -> str:
    return "SG." + s(rng, 22, B64URL) + "." + s(rng, 43, B64URL)


def square_app(rng: random.Random) -> str:
    return "sq0csp-" + s(rng, 43, B64URL)


def braintree(rng: random.Random) -> str:
    return f"access_token$production${s(rng, 16, LOWER + DIGITS)}${s(rng, 32, HEX)}"


def age(rng: random.Random) -> str:
    return "AGE-SECRET-KEY-1" + s(rng, 58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")


def fcm(rng: random.Random) -> str:
    return "AAAA" + s(rng, 7, B64URL) + ":APA91b" + s(rng, 134, B64URL)


def mapbox(rng: random.Random) -> str:
    user = b64(json.dumps({"u": "acme-maps", "a": s(rng, 10, LOWER + DIGITS)}).encode(), url=True, pad=False)
    return f"sk.{user}.{s(rng, 22, B64URL)}"


def sentry_org(rng: random.Random) -> str:
    claims = {"iat": 1730000000, "url": "https://sentry.io", "region_url": "https://us.sentry.io", "org": "acme"}
    return "sntrys_" + b64(json.dumps(claims).encode(), pad=False) + "_" + s(rng, 43, B64URL)


def grafana_cloud(rng: random.Random) -> str:
    claims = {"o": str(rng.randint(10**5, 10**6)), "n": "stack-deploy", "k": s(rng, 24, ALNUM), "m": {"r": "us"}}
    return "glc_" + b64(json.dumps(claims).encode(), pad=False)


def one_password(rng: random.Random) -> str:
    claims = {"signInAddress": "acme.1password.com", "userAuth": {"method": "SRPg-4096"}, "email": "sa@acme.dev",
              "srpX": s(rng, 64, HEX), "muk": {"alg": "A256GCM", "k": s(rng, 43, B64URL)}}  # fmt: skip
    return "ops_" + b64(json.dumps(claims).encode(), pad=False)


def twitter_bearer(rng: random.Random) -> str:
    return "A" * 22 + s(rng, 90, ALNUM + "%")


def facebook(rng: random.Random) -> str:
    return "EAACEdEose0cBA" + s(rng, 150, ALNUM)


def teams_webhook(rng: random.Random) -> str:
    return (f"https://acme.webhook.office.com/webhookb2/{uuid4(rng)}@{uuid4(rng)}/IncomingWebhook/"
            f"{s(rng, 32, HEX)}/{uuid4(rng)}")  # fmt: skip


def discord_webhook(rng: random.Random) -> str:
    return f"https://discord.com/api/webhooks/{rng.randint(10**17, 10**18)}/{s(rng, 68, B64URL)}"


def slack_webhook(rng: random.Random) -> str:
    return f"https://hooks.slack.com/services/T{s(rng, 10, UPPER + DIGITS)}/B{s(rng, 10, UPPER + DIGITS)}/{s(rng, 24)}"


def slack(prefix: str) -> Callable[[random.Random], str]:
    return lambda rng: f"{prefix}{s(rng, 13, DIGITS)}-{s(rng, 13, DIGITS)}-{s(rng, 24)}"


def slack_app(rng: random.Random) -> str:
    return f"xapp-1-A{s(rng, 10, UPPER + DIGITS)}-{s(rng, 13, DIGITS)}-{s(rng, 64, HEX)}"


def sas_sig(rng: random.Random) -> str:
    return b64(rng.randbytes(32))


def django(rng: random.Random) -> str:
    return "django-insecure-" + s(rng, 50, LOWER + DIGITS + "!@#%^&*(-_=+)")


def kube_client_key(rng: random.Random) -> str:
    return b64(pem("RSA PRIVATE KEY", 600)(rng).encode())


def heroku(rng: random.Random) -> str:
    return "HRKU-AA" + s(rng, 58, B64URL)


def langsmith(rng: random.Random) -> str:
    return f"lsv2_pt_{s(rng, 32, HEX)}_{s(rng, 10, HEX)}"


def tailscale(rng: random.Random) -> str:
    return f"tskey-auth-k{s(rng, 16, ALNUM)}-{s(rng, 33, ALNUM)}"


def pinecone(rng: random.Random) -> str:
    return f"pcsk_{s(rng, 6, ALNUM)}_{s(rng, 64, ALNUM)}"


def postman(rng: random.Random) -> str:
    return f"PMAK-{s(rng, 24, HEX)}-{s(rng, 34, HEX)}"


def grafana_sa(rng: random.Random) -> str:
    return f"glsa_{s(rng, 32, ALNUM)}_{s(rng, 8, HEX)}"


def airtable(rng: random.Random) -> str:
    return f"pat{s(rng, 14, ALNUM)}.{s(rng, 64, HEX)}"


def notion(rng: random.Random) -> str:
    return f"ntn_{s(rng, 11, DIGITS)}{s(rng, 35, ALNUM)}"


def mailchimp(rng: random.Random) -> str:
    return f"{s(rng, 32, HEX)}-us{rng.randint(1, 21)}"


def alibaba_secret(rng: random.Random) -> str:
    return s(rng, 30, ALNUM)


def github_fine(rng: random.Random) -> str:
    return f"github_pat_11{s(rng, 20, UPPER + DIGITS)}_{s(rng, 59, ALNUM)}"


def openai_legacy(rng: random.Random) -> str:
    return f"sk-{s(rng, 20)}T3BlbkFJ{s(rng, 20)}"


def aws_session(rng: random.Random) -> str:
    return "IQoJb3JpZ2luX2VjE" + s(rng, 600, B64)
