"""The credential formats redaction finds (see the package): each a pattern and the anchors it is tried at."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: No match of a rule is longer than this many characters, except a PEM block's (which a stream holds whole; see
#: Redactor.stream): a rule's repeats are bounded so, and a stream cut this far before its end cuts no match.
LONGEST = 4096
#: The most characters one run of a token's alphabet is read for.
_MOST = 2048
#: The longest a PEM block is read for (a 16384-bit RSA key is 13 KB).
_PEM_MOST = 65536

_B64URL = r"[A-Za-z0-9_\-]"
_PEM = r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
#: A value assigned to a name that says it is secret: 8 or more characters with a letter and a digit in them, so
#: ``password = getpass()`` or ``token = self.token`` stay as they are.
_VALUE = (
    r"""(?=[^\s"'`,;{}()\[\]<>\\]{0,512}\d)(?=[^\s"'`,;{}()\[\]<>\\]{0,512}[A-Za-z])[^\s"'`,;{}()\[\]<>\\]{8,512}"""
)


@dataclass(frozen=True)
class Rule:
    """One credential format. Its pattern is tried only where one of its anchors occurs (found by plain substring
    search, far faster than any pattern scanning the text), starting at most ``back`` characters before it: text
    without credentials costs a few substring scans, and a common word ("secret") costs one try where it stands,
    never a case-insensitive scan of a whole 60 MB result."""

    kind: str
    anchors: tuple[str, ...]
    pattern: re.Pattern[str]
    #: Whether the anchors are to be found in the lower-cased text.
    folded: bool = False
    #: How far before an anchor a match may start.
    back: int = 0


def _rule(kind: str, anchors: str, pattern: str, folded: bool = False, back: int = 0) -> Rule:
    return Rule(kind, tuple(anchors.split()), re.compile(pattern), folded, back)


#: In order: a rule sees the text with the rules before it applied (a JWT sent as a bearer token is a JWT). Where
#: a pattern has a group named ``secret``, only that part is replaced.
RULES: tuple[Rule, ...] = (
    # a whole block, or what there is of one cut off before its END line
    _rule(
        "private_key",
        "PRIVATE",
        rf"{_PEM}(?:[\s\S]{{0,{_PEM_MOST}}}?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?:\r?\n[A-Za-z0-9+/=]+)+)",
        back=40,
    ),
    _rule("anthropic_key", "sk-ant-", rf"\bsk-ant-(?:api|admin|sid)\d\d-{_B64URL}{{32,{_MOST}}}"),
    _rule(
        "openai_key",
        "sk-",
        rf"\bsk-(?:proj|svcacct|admin)-{_B64URL}{{20,{_MOST}}}|\bsk-[A-Za-z0-9]{{20}}T3BlbkFJ[A-Za-z0-9]{{20}}",
    ),
    _rule(
        "github_token",
        "ghp_ gho_ ghu_ ghs_ ghr_ github_pat_",
        r"\bgh[pousr]_[A-Za-z0-9]{36,255}\b|\bgithub_pat_[A-Za-z0-9_]{60,255}\b",
    ),
    _rule("gitlab_token", "glpat-", rf"\bglpat-{_B64URL}{{20,{_MOST}}}"),
    _rule("aws_access_key", "AKIA ASIA ABIA ACCA", r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b"),
    _rule(
        "aws_secret_key",
        "aws_secret awssecret",
        r"(?i:aws_?secret_?(?:access_?)?key)[\"']?\s{0,16}[:=]\s{0,16}[\"']?(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])",
        folded=True,
    ),
    _rule("slack_token", "xox", r"\bxox[abposr]-[A-Za-z0-9-]{10,2048}"),
    _rule(
        "slack_webhook",
        "hooks.slack.com",
        r"https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_]{20,2048}",
        back=8,
    ),
    _rule("google_api_key", "AIza", rf"\bAIza{_B64URL}{{35}}(?!{_B64URL})"),
    _rule("google_oauth_token", "ya29.", rf"\bya29\.{_B64URL}{{20,{_MOST}}}"),
    _rule("stripe_key", "_live_ _test_", r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,2048}", back=2),
    _rule("npm_token", "npm_", r"\bnpm_[A-Za-z0-9]{36}\b"),
    _rule("huggingface_token", "hf_", r"\bhf_[A-Za-z0-9]{34,2048}\b"),
    # ours (storage/keys.py makes them): mcx_, a 12-hex id, 43 url-safe characters of secret
    _rule("mcp_context_key", "mcx_", r"\bmcx_[0-9a-f]{12}_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])"),
    _rule("jwt", "eyJ", rf"\beyJ{_B64URL}{{8,1024}}\.eyJ{_B64URL}{{8,1024}}\.{_B64URL}{{16,1024}}"),
    _rule("url_password", "://", r"://[^\s:/?#@\"'<>\[\]]{1,256}:(?P<secret>[^\s/?#@\"'<>]{1,256})@"),
    _rule(
        "bearer_token",
        "bearer",
        r"(?i:\bauthorization\s{0,16}:\s{0,16}bearer)\s{1,16}(?P<secret>[A-Za-z0-9._~+/\-]{20,2048}={0,2})",
        True,
        40,
    ),
    _rule(
        "password",
        "passw secret apikey api_key token",  # each name the pattern allows holds one (not "api": rapid, capital)
        # the quotes may be escaped: JSON text held in a string of a JSON document
        r"(?<!\[)(?i:(?:passw(?:or)?d|secret|api_?key|token)(?:\\{0,8}[\"'])?\s{0,16}[:=]\s{0,16})"
        rf"(?P<q>(?:\\{{0,8}}[\"'])?)(?P<secret>{_VALUE})(?P=q)",
        folded=True,
    ),
)
