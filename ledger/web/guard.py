"""What the served ledger answers, and to whom: its own Host names only, and responses a browser must not sniff.

A page on any web site the user visits can reach a server on loopback through DNS rebinding: the attacker's
name resolves to 127.0.0.1, the browser sends `Host: attacker.example`, and a server that answers any Host
hands its pages to that site's scripts. So `ledger serve` answers only the names it was asked to serve on
(loopback's names when it serves on loopback) and the ones given with `--allow-host`; every other request gets
421 Misdirected Request before the ledger is read. Every response says `nosniff` and a CSP that allows
nothing from elsewhere, so no text of a document is ever run as a script or a style from another origin.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline';"
        b" img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    ),
    (b"referrer-policy", b"no-referrer"),
)
"""datasette's own pages carry inline scripts and styles; what the CSP refuses is every other origin."""

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> frozenset[str]:
    """The Host header values the server answers: the address it serves on (loopback's names too, when it is
    loopback), with and without the port, and each `extra` name as given (with or without a port)."""
    names = {_bracketed(host)}
    if _is_loopback(host):
        names.update(LOOPBACK_NAMES)
    out = {n.lower() for n in names} | {f"{n}:{port}".lower() for n in names}
    out.update(e.strip().lower() for e in extra if e.strip())
    return frozenset(out)


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def with_headers(app: App) -> App:
    """`app` with SECURITY_HEADERS on every response it starts (headers it set itself are kept)."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "http":
            await app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message.get("type") == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [
                    *message.get("headers", []),
                    *((k, v) for k, v in SECURITY_HEADERS if k not in have),
                ]
            await send(message)

        await app(scope, receive, send_with_headers)

    return wrapped


def host_guard(app: App, hosts: frozenset[str] | None) -> App:
    """`app` answering only requests whose Host header is one of `hosts` (None: any, the caller's choice)."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") == "http" and hosts is not None:
            host = next(
                (v.decode("latin-1").strip().lower() for k, v in scope.get("headers", []) if k.lower() == b"host"), ""
            )
            if host not in hosts:
                body = b"this server answers only its own host names (ledger serve --allow-host NAME adds one)\n"
                await send(
                    {
                        "type": "http.response.start",
                        "status": 421,
                        "headers": [
                            (b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()),
                            *SECURITY_HEADERS,
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return wrapped
