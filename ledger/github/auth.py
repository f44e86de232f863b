"""Authentication: where the token comes from, how it is checked, and how every form of it is kept out
of messages. The token is sent in the Authorization header to the API's own origin and nowhere else
(`client.GitHub`); it is never stored or logged."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from ledger.errors import UsageError
from ledger.github.urls import DEFAULT_API

TOKEN_VARS = ("GH_TOKEN", "GITHUB_TOKEN")


@dataclass(frozen=True)
class Auth:
    """Where the token came from; the token itself is never shown (not in repr, not in messages)."""

    token: str | None = field(default=None, repr=False)
    source: str = "anonymous"

    @property
    def anonymous(self) -> bool:
        return not self.token

    def redact(self, text: str) -> str:
        """`text` with every form of the token replaced: raw, repr- and JSON-escaped, URL-encoded, as bytes."""
        if self.token and len(self.token) >= 4:
            for form in token_forms(self.token):
                text = text.replace(form, "[token]")
        return text


def token_forms(token: str) -> list[str]:
    """The ways a token can appear in a message, longest first: as written, escaped by repr(), json.dumps()
    or a bytes repr, and URL-encoded (a redirect or an echoed query string)."""
    import json as _json
    from urllib.parse import quote, quote_plus

    forms = {
        token,
        repr(token)[1:-1],
        _json.dumps(token)[1:-1],
        _json.dumps(token, ensure_ascii=False)[1:-1],
        repr(token.encode("utf-8", "backslashreplace"))[2:-1],
        quote(token, safe=""),
        quote(token),
        quote_plus(token),
    }
    return sorted((f for f in forms if len(f) >= 4), key=len, reverse=True)


_TOKEN_CHARS = frozenset(chr(c) for c in range(0x21, 0x7F))
"""A token is printable ASCII without whitespace: GitHub's are [A-Za-z0-9_]; anything else was pasted with it."""


def check_token(token: str, source: str) -> str:
    """The token, or a one-line UsageError (naming the variable, never the token) when it holds whitespace or
    characters no token has: a line break pasted inside it would split the Authorization header."""
    if not all(c in _TOKEN_CHARS for c in token):
        what = "whitespace (a line break?)" if any(c.isspace() for c in token) else "characters a token cannot have"
        raise UsageError(
            f"{source} holds {what} inside the token; refusing to send it: set {source} again with the token alone"
        )
    return token


def _gh_token(hostname: str | None) -> str | None:
    """`gh auth token` (for `hostname` when not github.com), or None when gh is missing or logged out."""
    gh = shutil.which("gh")
    if not gh:
        return None
    cmd = [gh, "auth", "token"]
    if hostname and hostname not in ("api.github.com", "github.com"):
        cmd += ["--hostname", hostname]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    token = out.stdout.strip() if out.returncode == 0 else ""
    return token if token and len(token) < 1000 else None


def resolve_auth(
    env: Mapping[str, str] | None = None,
    gh: Callable[[str | None], str | None] | bool | None = True,
    api_url: str = DEFAULT_API,
) -> Auth:
    """GH_TOKEN, then GITHUB_TOKEN, then `gh auth token` (`gh=None`: never asked); anonymous when none gives
    one. A token with whitespace inside is refused (UsageError), outer whitespace (a trailing newline) dropped."""
    env = os.environ if env is None else env
    for name in TOKEN_VARS:
        value = (env.get(name) or "").strip()
        if value:
            return Auth(check_token(value, name), name)
    ask = _gh_token if gh is True else (gh or None)
    if callable(ask):
        token = ask(urlsplit(api_url).hostname)
        if token:
            return Auth(check_token(token, "gh auth token"), "gh auth token")
    return Auth(None, "anonymous")


def check_transport_security(api_url: str, auth: Auth) -> None:
    """A token is sent over https, or over plain http only to this machine (a test server)."""
    parts = urlsplit(api_url)
    if auth.token and parts.scheme == "http" and parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise UsageError(
            f"refusing to send the token from {auth.source} over plain http to {parts.hostname}; use an https --api-url"
        )
