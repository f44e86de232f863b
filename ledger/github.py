"""Fetching pull requests from GitHub into the ledger: description and its edit history, comments, heads.

    results = fetch(["NVIDIA/TensorRT-LLM#4821", "vllm-project/vllm"], "ledger.db", state="merged", limit=20)

For each pull request:

- REST `GET /repos/{owner}/{repo}/pulls/{n}`: title, author, state, merge time, labels, and the head and
  base sha GitHub reports now (kept in `github_heads`, next to the revisions the text states);
- GraphQL `pullRequest.userContentEdits`: every edit of the description with its time and full text,
  stored oldest first as successive versions of the document `owner/repo#N` (each parsed for claims);
  anonymous requests cannot use GraphQL, so they store only the current description;
- REST `GET /repos/{owner}/{repo}/issues/{n}/comments` (paginated through `Link` headers): each comment
  is a document of its own (`owner/repo#N/comment/ID`), linked to the PR, with its author and time;
- REST `GET /repos/{owner}/{repo}/pulls/{n}/commits`: the PR's commits (`pr_commits`), so each head the
  text states resolves to "PR commit 2 of 5", "no longer in the PR" or "not a commit of this PR".

Behaving well: `x-ratelimit-remaining`/`x-ratelimit-reset` and `retry-after` are read; 403/429 rate
limits and 5xx answers are retried with a bounded backoff (`sleep` is injectable for tests); after
`max_tries` the fetch of that PR fails with a one-line message. Every GET is conditional
(`If-None-Match` with the ETag stored per URL in `http_cache`): an unchanged PR is answered 304, which
costs no rate limit, and nothing is written. Validators are stored only in the same transaction as
the PR's data, so an interrupted fetch leaves no validator behind and a re-run fetches it again: no
gaps, and no duplicates (a version is identified by its text's sha256).

Authentication: GH_TOKEN, then GITHUB_TOKEN, then `gh auth token` when `gh` is installed; anonymous
otherwise. The token is sent in the Authorization header and nowhere else: it is not stored, not
logged and every message that leaves this module is passed through `Auth.redact`.
"""

from __future__ import annotations

import email.utils
import os
import re
import shutil
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlencode, urlsplit

import httpx

from ledger import __version__
from ledger.errors import EmptyInput, FetchError, InputError, LedgerError, RateLimited, UsageError

if TYPE_CHECKING:
    from sqlite_utils import Database

    from ledger.db.pulls import CacheEntry
    from ledger.db.writes import PreparedVersion

__all__ = [
    "DEFAULT_API",
    "Auth",
    "FetchResult",
    "GitHub",
    "PullRef",
    "fetch",
    "fetch_pull",
    "graphql_url",
    "list_pulls",
    "parse_link",
    "parse_target",
    "resolve_auth",
]

DEFAULT_API = "https://api.github.com"
TOKEN_VARS = ("GH_TOKEN", "GITHUB_TOKEN")
PER_PAGE = 100
MAX_PAGES = 100
"""At most this many pages of one listing (10,000 comments or PRs)."""
RETRY_STATUSES = frozenset((500, 502, 503, 504))
DEADLINE = 120.0
"""Seconds one request may take in all (connect, wait, read every byte); then it counts as a network error."""
MAX_BODY_BYTES = 100 * 2**20
"""The largest answer read (a page of 100 comments of GitHub's 65,536-character maximum is under 30 MB)."""
MAX_REDIRECTS = 5
ANONYMOUS_NOTE = ("no GitHub token (GH_TOKEN, GITHUB_TOKEN or `gh auth token`): anonymous requests are limited "
                  "to 60 an hour, and the description's edit history (GraphQL) needs a token, so only the "
                  "current description is stored")

_REPO = r"[A-Za-z0-9][\w.-]{0,99}/[\w.-]{1,100}"
_REF_RE = re.compile(rf"({_REPO})#(\d{{1,9}})")
_REPO_RE = re.compile(_REPO)
_URL_RE = re.compile(r"https?://[^/\s]{1,200}/([\w.-]{1,100}/[\w.-]{1,100})/pulls?/(\d{1,9})(?:[/?#]\S{0,2000})?")
_LINK_RE = re.compile(r'<([^<>\s]{1,4000})>\s{0,10};\s{0,10}rel="([a-z]{1,20})"')
_SURROGATE_RE = re.compile("[\ud800-\udfff]")
_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?")

Status = Literal["new", "updated", "unchanged", "error"]
State = Literal["open", "closed", "merged", "all"]


# ---- targets ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PullRef:
    """One pull request: `owner/name` and its number."""

    repo: str
    number: int

    @property
    def key(self) -> str:
        return f"{self.repo}#{self.number}"


def parse_target(text: str) -> PullRef | str:
    """`owner/name#N` or a PR URL gives a PullRef; `owner/name` gives the repository (a bulk fetch)."""
    t = text.strip()
    m = _REF_RE.fullmatch(t) or _URL_RE.fullmatch(t)
    if m:
        number = int(m.group(2))
        if number <= 0:
            raise UsageError(f"{text!r}: expected a positive pull-request number")
        if m.group(1).split("/", 1)[1] in (".", ".."):
            raise UsageError(f"{text[:200]!r}: not a repository name")
        return PullRef(m.group(1), number)
    if _REPO_RE.fullmatch(t) and t.split("/", 1)[1] not in (".", ".."):
        return t
    raise UsageError(f"{text[:200]!r}: expected OWNER/REPO#N, a pull-request URL, or OWNER/REPO")


def graphql_url(api_url: str) -> str:
    """api.github.com -> api.github.com/graphql; GitHub Enterprise's /api/v3 -> /api/graphql."""
    base = api_url.rstrip("/")
    if base.endswith("/api/v3"):
        return base[: -len("/v3")] + "/graphql"
    return base + "/graphql"


def check_api_url(api_url: str) -> str:
    """The API root, refused when it is not http(s) or carries credentials (they would be stored)."""
    parts = urlsplit(api_url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(f"--api-url {api_url[:200]!r}: expected an http(s) URL such as {DEFAULT_API}")
    if parts.username or parts.password:
        raise UsageError("--api-url must not carry credentials; give a token in GH_TOKEN or GITHUB_TOKEN")
    if parts.query or parts.fragment:
        raise UsageError(f"--api-url {api_url[:200]!r}: no query or fragment, only the API root")
    return api_url.strip().rstrip("/")


def check_transport_security(api_url: str, auth: Auth) -> None:
    """A token is sent over https, or over plain http only to this machine (a test server)."""
    parts = urlsplit(api_url)
    if auth.token and parts.scheme == "http" and parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        raise UsageError(f"refusing to send the token from {auth.source} over plain http to {parts.hostname}; "
                         "use an https --api-url")


def parse_link(header: str | None) -> dict[str, str]:
    """A `Link` header as {rel: url}: `<https://...&page=2>; rel="next", <...>; rel="last"`."""
    if not header:
        return {}
    return {m.group(2): m.group(1) for m in _LINK_RE.finditer(header[:20_000])}


def parse_since(text: str | None) -> str | None:
    """--since as an ISO 8601 UTC timestamp GitHub's times compare with ('2024-05-01' -> midnight UTC)."""
    if text is None:
        return None
    t = text.strip()
    if not _DATE_RE.fullmatch(t):
        raise UsageError(f"--since {text[:100]!r}: expected a date, YYYY-MM-DD (or an ISO 8601 time)")
    try:
        dt = datetime.fromisoformat(t.replace("Z", "+00:00"))
    except ValueError as exc:
        raise UsageError(f"--since {text[:100]!r}: {exc}") from None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---- authentication -----------------------------------------------------------------------------------


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

    forms = {token, repr(token)[1:-1], _json.dumps(token)[1:-1], _json.dumps(token, ensure_ascii=False)[1:-1],
             repr(token.encode("utf-8", "backslashreplace"))[2:-1], quote(token, safe=""), quote(token),
             quote_plus(token)}
    return sorted((f for f in forms if len(f) >= 4), key=len, reverse=True)


_TOKEN_CHARS = frozenset(chr(c) for c in range(0x21, 0x7F))
"""A token is printable ASCII without whitespace: GitHub's are [A-Za-z0-9_]; anything else was pasted with it."""


def check_token(token: str, source: str) -> str:
    """The token, or a one-line UsageError (naming the variable, never the token) when it holds whitespace or
    characters no token has: a line break pasted inside it would split the Authorization header."""
    if not all(c in _TOKEN_CHARS for c in token):
        what = "whitespace (a line break?)" if any(c.isspace() for c in token) else "characters a token cannot have"
        raise UsageError(f"{source} holds {what} inside the token; refusing to send it: set {source} again "
                         "with the token alone")
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


def resolve_auth(env: Mapping[str, str] | None = None, gh: Callable[[str | None], str | None] | bool | None = True,
                 api_url: str = DEFAULT_API) -> Auth:
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


# ---- the client ---------------------------------------------------------------------------------------


@dataclass
class RateState:
    """What GitHub last said about the rate limit."""

    limit: int | None = None
    remaining: int | None = None
    reset: float | None = None
    """Epoch seconds."""


class GitHub:
    """A small GitHub REST + GraphQL client: conditional GETs, pagination, rate limits, bounded retries.

    `transport` (httpx.MockTransport in tests), `sleep` and `clock` are injectable.
    """

    def __init__(self, api_url: str = DEFAULT_API, auth: Auth | None = None, *,
                 transport: httpx.BaseTransport | None = None, sleep: Callable[[float], None] | None = None,
                 clock: Callable[[], float] = time.time, max_tries: int = 5, max_wait: float = 900.0,
                 timeout: float = 30.0, deadline: float = DEADLINE, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.api_url = check_api_url(api_url)
        self.graphql_url = graphql_url(self.api_url)
        self.origin = origin(self.api_url)
        """(scheme, host, port) of the API: the only place a request, and so the token, is ever sent."""
        self.timeout = timeout
        self.deadline = deadline
        """Seconds one request may take in all, however slowly its answer trickles in."""
        self.max_bytes = max_bytes
        self.auth = auth or Auth()
        self.sleep = sleep or time.sleep
        self.clock = clock
        self.max_tries = max(1, max_tries)
        self.max_wait = max_wait
        self.rate = RateState()
        self.requests = 0
        """Requests sent (retries included)."""
        self.not_modified = 0
        """304 answers (they cost no rate limit)."""
        self.waited = 0.0
        headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28",
                   "User-Agent": f"pr-evidence-ledger/{__version__}"}
        # Redirects are followed here, not by httpx, so that each hop passes the same origin check.
        self._client = httpx.Client(headers=headers, transport=transport, timeout=timeout, follow_redirects=False)

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> GitHub:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def can_graphql(self) -> bool:
        return not self.auth.anonymous

    def url(self, path: str, params: Mapping[str, Any] | None = None) -> str:
        """An API URL; query parameters in a fixed order, so it is a stable cache key."""
        u = self.api_url + "/" + path.lstrip("/")
        return u + ("?" + urlencode(list(params.items())) if params else "")

    # -- requests --

    def get(self, url: str, cached: CacheEntry | None = None) -> httpx.Response:
        """GET with If-None-Match / If-Modified-Since from `cached`; the answer is 200 or 304."""
        headers: dict[str, str] = {}
        if cached is not None and cached.etag:
            headers["If-None-Match"] = cached.etag
        elif cached is not None and cached.last_modified:
            headers["If-Modified-Since"] = cached.last_modified
        resp = self._send("GET", url, headers=headers)
        if resp.status_code == 304:
            self.not_modified += 1
        return resp

    def get_json(self, url: str) -> Any:
        return self._json(self._send("GET", url), url)

    def graphql(self, query: str, variables: Mapping[str, Any]) -> dict[str, Any]:
        """POST a GraphQL query; its `data`. GraphQL errors become a FetchError."""
        if not self.can_graphql:
            raise FetchError("GitHub's GraphQL API needs a token (GH_TOKEN or GITHUB_TOKEN)")
        for attempt in range(1, self.max_tries + 1):
            body = self._json(self._send("POST", self.graphql_url,
                                         json={"query": query, "variables": dict(variables)}), self.graphql_url)
            if not isinstance(body, dict):
                raise FetchError(f"{self.graphql_url}: the GraphQL answer is not a JSON object")
            errors = body.get("errors")
            limited = isinstance(errors, list) and any(
                isinstance(e, dict) and e.get("type") == "RATE_LIMITED" for e in errors)
            if not limited or attempt == self.max_tries:
                break
            # GraphQL answers a spent limit with 200 and an error of type RATE_LIMITED.
            wait = (self.rate.reset - self.clock() + 1) if self.rate.remaining == 0 and self.rate.reset else \
                60.0 * 2 ** (attempt - 1)
            if wait > self.max_wait:
                raise RateLimited(f"GraphQL rate limit: GitHub asks to wait {wait:.0f}s, more than the "
                                  f"{self.max_wait:.0f}s allowed; try again later")
            self._pause(max(1.0, wait), "graphql")
            self.rate.remaining = None
        if errors:
            first = errors[0] if isinstance(errors, list) and errors else errors
            message = first.get("message") if isinstance(first, dict) else str(first)
            raise FetchError(self.auth.redact(f"GraphQL: {neutral(message)[:300]}"))
        data = body.get("data")
        if not isinstance(data, dict):
            raise FetchError(f"{self.graphql_url}: the GraphQL answer has no data")
        return data

    def _json(self, resp: httpx.Response, url: str) -> Any:
        try:
            return resp.json()
        except RecursionError:
            raise FetchError(self.auth.redact(f"{url}: GitHub's answer is nested too deeply to be read")) from None
        except ValueError:
            raise FetchError(self.auth.redact(f"{url}: GitHub answered {resp.status_code} with a body that is "
                                              "not JSON")) from None

    def _headers(self, extra: Mapping[str, str], url: str) -> dict[str, str]:
        headers = dict(extra)
        if self.auth.token and origin(url) == self.origin:
            headers["Authorization"] = f"Bearer {self.auth.token}"
        return headers

    def _check_origin(self, url: str, what: str) -> None:
        """Only the API's own scheme, host and port are ever asked: a next link or redirect elsewhere (a hostile
        Enterprise server or proxy collecting tokens, a downgrade to plain http) is refused in one line."""
        if origin(url) != self.origin:
            raise FetchError(self.auth.redact(
                f"refusing to follow {what} to another origin ({neutral(url)[:200]}): requests and the token go "
                f"only to {self.origin[0]}://{self.origin[1]}:{self.origin[2]}"))

    def _request(self, method: str, url: str, headers: Mapping[str, str], json: Any) -> httpx.Response:
        """One exchange, redirects of the same origin followed, the answer read whole within the deadline
        and the size cap (both checked while it streams, not after)."""
        start = time.monotonic()
        for _ in range(MAX_REDIRECTS + 1):
            self._check_origin(url, "a link")
            left = self.deadline - (time.monotonic() - start)
            if left <= 0:
                break
            per_read = min(self.timeout, left)  # no single read may outwait the request's deadline
            request = self._client.build_request(method, url, headers=self._headers(headers, url), json=json,
                                                 timeout=httpx.Timeout(per_read))
            try:
                resp = self._client.send(request, stream=True)
                try:
                    body = self._read_body(resp, start, url)
                finally:
                    resp.close()
            except httpx.TimeoutException:
                if time.monotonic() - start >= self.deadline * 0.95:
                    raise httpx.ReadTimeout(f"no complete answer within the {self.deadline:g}s deadline") from None
                raise
            if resp.status_code in (301, 302, 303, 307, 308) and resp.headers.get("location"):
                nxt = str(resp.url.join(resp.headers["location"]))
                self._check_origin(nxt, f"a redirect ({resp.status_code})")
                url = nxt
                if resp.status_code == 303:
                    method, json = "GET", None
                continue
            headers_out = [(k, v) for k, v in resp.headers.multi_items()
                           if k.lower() not in ("content-encoding", "content-length", "transfer-encoding")]
            return httpx.Response(resp.status_code, headers=headers_out, content=body, request=resp.request)
        else:
            raise FetchError(self.auth.redact(f"{method} {neutral(url)[:200]}: more than {MAX_REDIRECTS} redirects"))
        raise httpx.ReadTimeout(f"no complete answer within the {self.deadline:g}s deadline")

    def _read_body(self, resp: httpx.Response, start: float, url: str) -> bytes:
        declared = resp.headers.get("content-length", "").strip()
        if declared.isdigit() and len(declared) < 20 and int(declared) > self.max_bytes:
            raise FetchError(self._too_large(url, int(declared)))
        chunks: list[bytes] = []
        size = 0
        for chunk in resp.iter_bytes():
            size += len(chunk)
            if size > self.max_bytes:
                raise FetchError(self._too_large(url, size))
            chunks.append(chunk)
            if time.monotonic() - start > self.deadline:
                raise httpx.ReadTimeout(f"no complete answer within the {self.deadline:g}s deadline")
        return b"".join(chunks)

    def _too_large(self, url: str, size: int) -> str:
        return self.auth.redact(f"{neutral(url)[:200]}: the answer is over the {self.max_bytes:,}-byte limit "
                                f"(at least {size:,} bytes); not read further")

    def _send(self, method: str, url: str, *, headers: Mapping[str, str] | None = None,
              json: Any = None) -> httpx.Response:
        """One request, retried on rate limits, 5xx and network errors up to `max_tries` times."""
        what = f"{method} {url}"
        last = ""
        for attempt in range(1, self.max_tries + 1):
            self._wait_for_reset(what)
            try:
                self.requests += 1
                resp = self._request(method, url, headers or {}, json)
            except httpx.TransportError as exc:
                detail = neutral(self.auth.redact(str(exc)))[:200]
                last = (f"deadline: {detail}" if "deadline" in detail else
                        f"network error ({type(exc).__name__}: {detail})")
                if attempt == self.max_tries:
                    break
                self._pause(min(2.0 ** attempt, 60.0), what)
                continue
            self._read_rate(resp)
            if resp.status_code < 300 or resp.status_code == 304:
                return resp
            wait, reason = self._retry_wait(resp, attempt)
            if wait is None:
                raise self._refusal(resp, url)
            last = reason
            if attempt == self.max_tries:
                break
            if wait > self.max_wait:
                raise RateLimited(f"{what}: {reason}; GitHub asks to wait {wait:.0f}s, more than the "
                                  f"{self.max_wait:.0f}s allowed; try again later")
            self._pause(wait, what)
            self.rate.remaining = None  # the wait covered it; the next answer says anew
        raise FetchError(self.auth.redact(f"{what}: gave up after {self.max_tries} tries ({last})"))

    def _pause(self, seconds: float, what: str) -> None:
        seconds = max(0.0, seconds)
        self.waited += seconds
        self.sleep(seconds)

    def _read_rate(self, resp: httpx.Response) -> None:
        h = resp.headers
        for attr, name in (("limit", "x-ratelimit-limit"), ("remaining", "x-ratelimit-remaining")):
            value = _small_int(h.get(name))
            if value is not None:
                setattr(self.rate, attr, value)
        reset = _small_int(h.get("x-ratelimit-reset"))
        if reset is not None:
            self.rate.reset = float(reset)

    def _wait_for_reset(self, what: str) -> None:
        """Before a request: when the primary limit is spent, wait for its reset (bounded)."""
        if self.rate.remaining != 0 or self.rate.reset is None:
            return
        wait = self.rate.reset - self.clock() + 1
        if wait <= 0:
            self.rate.remaining = None
            return
        if wait > self.max_wait:
            raise RateLimited(f"the rate limit is spent until {_clock_time(self.rate.reset)} ({wait:.0f}s, more "
                              f"than the {self.max_wait:.0f}s allowed); try again later"
                              + ("" if self.auth.token else " or with a token"))
        self._pause(wait, what)
        self.rate.remaining = None

    def _retry_wait(self, resp: httpx.Response, attempt: int) -> tuple[float | None, str]:
        """How long to wait before retrying this answer, with why; (None, "") when it is final."""
        status = resp.status_code
        h = resp.headers
        retry_after = _retry_after(h.get("retry-after"), self.clock())
        if status in (403, 429):
            if retry_after is not None:
                return retry_after, f"{status} with retry-after {h.get('retry-after')}"
            if h.get("x-ratelimit-remaining", "").strip() == "0" and self.rate.reset is not None:
                return max(1.0, self.rate.reset - self.clock() + 1), f"{status}: rate limit spent"
            if status == 429 or "rate limit" in resp.text[:2000].lower():
                # Secondary limit without a hint: GitHub asks for at least a minute, then longer.
                return min(60.0 * 2 ** (attempt - 1), self.max_wait), f"{status}: secondary rate limit"
            return None, ""
        if status in RETRY_STATUSES:
            return (retry_after if retry_after is not None else min(2.0 ** attempt, 60.0)), f"{status} from GitHub"
        return None, ""

    def _refusal(self, resp: httpx.Response, url: str) -> FetchError:
        status = resp.status_code
        message = ""
        try:
            body = resp.json()
            if isinstance(body, dict):
                message = neutral(body.get("message") or "")[:300]
        except (ValueError, RecursionError):
            message = ""
        if status == 401:
            text = f"{url}: 401 {message or 'Bad credentials'}: GitHub refused the token from {self.auth.source}"
        elif status == 404:
            hint = "" if self.auth.token else " (a private repository needs a token)"
            text = f"{url}: 404 not found{hint}"
        elif status == 403:
            text = f"{url}: 403 forbidden" + (f": {message}" if message else "")
        else:
            text = f"{url}: GitHub answered {status}" + (f": {message}" if message else "")
        return FetchError(self.auth.redact(text))


def _retry_after(value: str | None, now: float) -> float | None:
    """retry-after in seconds: a number of seconds or an HTTP date."""
    if value is None:
        return None
    v = value.strip()[:100]
    if v.isdigit():
        n = _small_int(v)
        return float(n) if n is not None else None
    try:
        when = email.utils.parsedate_to_datetime(v)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - now)


def _small_int(value: str | None) -> int | None:
    """A header's whole number, or None when it is absent, not digits, or absurd (12 digits at most: epoch
    seconds until the year 33658; a 400-digit reset must not overflow a float or a date)."""
    v = (value or "").strip()
    return int(v) if v.isdigit() and len(v) <= 12 else None


def _clock_time(epoch: float) -> str:
    try:
        return datetime.fromtimestamp(epoch, timezone.utc).strftime("%H:%M UTC")
    except (OverflowError, OSError, ValueError):
        return "a time too far away to print"


_UNSAFE_RE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
"""Controls (C0, C1: terminal escapes, OSC hyperlinks, line breaks) and bidi/zero-width format characters."""


def neutral(text: object) -> str:
    """Text from GitHub (an error message, a URL) made fit for one line of output: controls and bidi
    overrides replaced with U+FFFD, runs of whitespace as one space. Nothing GitHub says can forge a line,
    hide the next one or reorder it."""
    s = " ".join(str(text).split())
    return _UNSAFE_RE.sub("\ufffd", s)


def origin(url: str) -> tuple[str, str, int]:
    """A URL's (scheme, host, port), the port filled in (443 for https, 80 for http)."""
    try:
        u = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError):
        return ("", "", 0)
    port = u.port or {"https": 443, "http": 80}.get(u.scheme, 0)
    return (u.scheme.lower(), (u.host or "").lower().rstrip("."), port)


# ---- what we read of GitHub's answers -------------------------------------------------------------------


def _models() -> Any:
    """The pydantic models of the answers, built on first use (pydantic costs import time a fetch-less
    command should not pay)."""
    global _MODELS
    if _MODELS is None:
        from ledger import github_models

        _MODELS = github_models
    return _MODELS


_MODELS: Any = None


def validated(model: str, data: Any, where: str) -> dict[str, Any]:
    """`data` checked against the model of what we read of it (`github_models.<model>`), as a plain dict of
    exactly those fields; a FetchError of one line naming the fields that are not what GitHub documents."""
    from pydantic import ValidationError

    try:
        return dict(getattr(_models(), model).model_validate(data).model_dump())
    except ValidationError as exc:
        raise FetchError(f"{neutral(where)[:200]}: unexpected answer from GitHub ({_errors_text(exc)})") from None
    except RecursionError:
        raise FetchError(f"{neutral(where)[:200]}: GitHub's answer is nested too deeply to be read") from None


def _errors_text(exc: Any) -> str:
    parts = []
    for e in exc.errors()[:3]:
        loc = ".".join(str(p) for p in e.get("loc", ())) or "answer"
        parts.append(f"{loc}: {e.get('msg', 'invalid')}")
    more = exc.error_count() - len(parts)
    return neutral("; ".join(parts) + (f"; {more} more" if more > 0 else ""))[:300]


# ---- reading GitHub -----------------------------------------------------------------------------------


@dataclass
class Pages:
    """A paginated listing read with conditional requests."""

    items: list[Any] = field(default_factory=list)
    entries: list[CacheEntry] = field(default_factory=list)
    changed: bool = False
    """Some page was answered 200 (not 304)."""


def get_pages(gh: GitHub, url: str, cache: Callable[[str], CacheEntry | None] | None = None) -> Pages:
    """Every page from `url`, following `Link: rel="next"`. With `cache`, each page is conditional: a 304
    page's items are already stored, and its next page comes from the 304's Link header or the cache."""
    from ledger.db.pulls import CacheEntry

    out = Pages()
    seen: set[str] = set()
    next_url: str | None = url
    while next_url and next_url not in seen and len(seen) < MAX_PAGES:
        page_url = next_url
        seen.add(page_url)
        cached = cache(page_url) if cache is not None else None
        resp = gh.get(page_url, cached)
        links = parse_link(resp.headers.get("link"))
        if resp.status_code == 304 and cached is not None:
            next_url = links.get("next") or cached.next_url or _next_if_full(page_url, cached.note)
            out.entries.append(CacheEntry(page_url, cached.etag, cached.last_modified,
                                          links.get("next") or cached.next_url, cached.note))
            continue
        body = gh._json(resp, page_url)
        if not isinstance(body, list):
            raise FetchError(gh.auth.redact(f"{page_url}: expected a JSON list"))
        out.items.extend(body)
        out.changed = True
        next_url = links.get("next")
        out.entries.append(CacheEntry(page_url, resp.headers.get("etag"), resp.headers.get("last-modified"),
                                      next_url, f"{len(body)} items"))
    return out


def _next_if_full(url: str, note: str | None) -> str | None:
    """A full page stored without a next link may have grown one: ask for the page after it."""
    if note != f"{PER_PAGE} items":
        return None
    m = re.search(r"([?&])page=(\d{1,6})(?=&|$)", url)
    if m:
        return url[: m.start(2)] + str(int(m.group(2)) + 1) + url[m.end(2):]
    return url + ("&" if "?" in url else "?") + "page=2"


EDITS_QUERY = """
query($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      createdAt
      lastEditedAt
      author { login }
      userContentEdits(first: 100, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { editedAt createdAt deletedAt editor { login } diff }
      }
    }
  }
}
"""


@dataclass(frozen=True)
class Edit:
    """One text of the description: when it was written, by whom, and the full text after the edit."""

    at: str
    editor: str | None
    text: str


def description_edits(gh: GitHub, ref: PullRef, warnings: list[str] | None = None) -> list[Edit]:
    """The description's edit history, oldest first (each edit's `diff` is the full text after it). An edit
    not in GitHub's documented shape is skipped, with a line in `warnings`."""
    owner, name = ref.repo.split("/", 1)
    edits: list[Edit] = []
    after: str | None = None
    for _ in range(MAX_PAGES):
        data = gh.graphql(EDITS_QUERY, {"owner": owner, "name": name, "number": ref.number, "after": after})
        pr = ((data.get("repository") or {}).get("pullRequest")) or None
        if pr is None:
            raise FetchError(f"{ref.key}: GraphQL knows no such pull request")
        conn = pr.get("userContentEdits") if isinstance(pr, dict) else None
        conn = conn if isinstance(conn, dict) else {}
        nodes = conn.get("nodes")
        for i, raw in enumerate(nodes if isinstance(nodes, list) else []):
            try:
                node = validated("Edit", raw, f"{ref.key}: edit {i + 1}")
            except FetchError as exc:
                if warnings is not None:
                    warnings.append(f"{exc}; that edit is skipped")
                continue
            if node["deletedAt"] or node["diff"] is None:
                continue
            at = node["editedAt"] or node["createdAt"] or ""
            edits.append(Edit(str(at), (node["editor"] or {}).get("login"), _normalise(node["diff"])))
        page_info = conn.get("pageInfo")
        info: dict[str, Any] = page_info if isinstance(page_info, dict) else {}
        if not info.get("hasNextPage") or not info.get("endCursor"):
            break
        after = str(info["endCursor"])
    edits.sort(key=lambda e: e.at)  # GitHub lists them newest first
    return edits


def list_pulls(gh: GitHub, repo: str, state: State = "open", since: str | None = None,
               limit: int | None = None) -> list[PullRef]:
    """A repository's pull requests, most recently updated first: `state` open, closed, merged or all;
    `since` an ISO time (updated at or after it); at most `limit` of them."""
    api_state = "closed" if state == "merged" else state
    url = gh.url(f"repos/{repo}/pulls", {"state": api_state, "sort": "updated", "direction": "desc",
                                         "per_page": PER_PAGE})
    found: list[PullRef] = []
    seen: set[str] = set()
    next_url: str | None = url
    while next_url and next_url not in seen and len(seen) < MAX_PAGES:
        seen.add(next_url)
        resp = gh.get(next_url)
        body = gh._json(resp, next_url)
        if not isinstance(body, list):
            raise FetchError(f"{next_url}: expected a JSON list of pull requests")
        for pr in body:
            if not isinstance(pr, dict) or not isinstance(pr.get("number"), int):
                continue
            if since and str(pr.get("updated_at") or "") < since:
                return found
            if state == "merged" and not pr.get("merged_at"):
                continue
            found.append(PullRef(repo, pr["number"]))
            if limit is not None and len(found) >= limit:
                return found
        next_url = parse_link(resp.headers.get("link")).get("next")
    return found


def _normalise(text: str) -> str:
    """GitHub keeps descriptions with CRLF line ends; store LF so equal texts hash alike."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


# ---- storing ------------------------------------------------------------------------------------------


@dataclass
class FetchResult:
    """What happened to one pull request."""

    ref: str
    status: Status
    versions: int = 0
    new_versions: int = 0
    claims: int = 0
    """Claims of the newest description version."""
    comments: int = 0
    new_comments: int = 0
    github_head: str | None = None
    github_base: str | None = None
    stated_heads: list[str] = field(default_factory=list)
    stated_notes: dict[str, str] = field(default_factory=dict)
    """What each stated head is among the PR's commits ('PR commit 2 of 5', 'not a commit of this PR')."""
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    rate_limited: bool = False
    """The rate limit is spent: the batch stops asking GitHub."""

    @property
    def ok(self) -> bool:
        return self.status != "error"

    def heads(self) -> str:
        """`stated head 13c21f460b, GitHub head 257d5f0` (or what of it is known)."""
        parts = []
        if self.stated_heads:
            parts.append("stated head " + ", ".join(
                h + (f" ({self.stated_notes[h]})" if h in self.stated_notes else "") for h in self.stated_heads))
        if self.github_head:
            g = self.github_head[:10]
            same = any(self.github_head.startswith(s) or s.startswith(g) for s in self.stated_heads)
            parts.append(f"GitHub head {g}" + (" (the same)" if same else "")
                         + (f" base {self.github_base[:10]}" if self.github_base else ""))
        return ", ".join(parts)

    def summary(self) -> str:
        if self.status == "error":
            return f"error       {self.ref}: {self.error}"
        label = {"new": "new", "updated": "updated", "unchanged": "unchanged"}[self.status]
        new_v = f" (+{self.new_versions})" if self.new_versions else ""
        new_c = f" (+{self.new_comments})" if self.new_comments else ""
        heads = self.heads()
        return (f"{label:<12}{self.ref}  {self.versions} version{'s' if self.versions != 1 else ''}{new_v}, "
                f"{self.claims} claims, {self.comments} comment{'s' if self.comments != 1 else ''}{new_c}"
                + (f"  {heads}" if heads else ""))


def _prepare(text: str, key: str, identity_kw: dict[str, Any], parser_version: str, edited_at: str | None,
             editor: str | None, warnings: list[str] | None = None) -> PreparedVersion | None:
    """Parse one GitHub text into a PreparedVersion; None for an empty text."""
    from ledger.db.writes import DocumentIdentity
    from ledger.ingest import prepare_version
    from ledger.sources import decode

    text = _normalise(text)
    replaced = _SURROGATE_RE.subn("\ufffd", text)
    text = replaced[0]
    try:
        src = decode(text.encode("utf-8"), key)
    except EmptyInput:
        return None
    if replaced[1]:
        note = f"{key}: {replaced[1]} lone surrogate{'s' if replaced[1] != 1 else ''} (not text) replaced with U+FFFD"
        src.warnings.append(note)
        if warnings is not None:
            warnings.append(note)
    try:
        prep = prepare_version(src, DocumentIdentity(key=key, **identity_kw), parser_version, fmt="markdown",
                               name=key, source_path=identity_kw.get("url") or key)
    except LedgerError:
        raise
    except Exception as exc:  # a parser bug costs this text (a warning), never the PR or the batch
        raise InputError(key, f"could not be parsed ({type(exc).__name__}: {str(exc)[:200]})") from None
    prep.edited_at = edited_at
    prep.editor = editor
    return prep


def fetch_pull(gh: GitHub, db: Database, ref: PullRef, *, comments: bool = True,
               parser_version: str | None = None) -> FetchResult:
    """Fetch one pull request and store what changed, all of it in one transaction (or nothing)."""
    from ledger.db.pulls import (
        CacheEntry,
        cache_get,
        cache_put,
        ensure_document,
        github_state,
        immediate,
        known_document,
        order_versions_by_time,
        record_head,
        sync_commits,
    )
    from ledger.db.writes import DocumentIdentity, write_version
    from ledger.ingest import parser_version as current_parser_version

    pv = parser_version or current_parser_version()
    key = ref.key
    known = known_document(db, key)
    wanted_note = "history" if gh.can_graphql else "body"
    pull_url = gh.url(f"repos/{ref.repo}/pulls/{ref.number}")
    cached = cache_get(db, pull_url) if known is not None else None
    if cached is not None and cached.note != wanted_note and wanted_note == "history":
        cached = None  # stored without its edit history: fetch it in full now that a token allows
    resp = gh.get(pull_url, cached)
    entries: list[CacheEntry] = []
    warnings: list[str] = []
    data: dict[str, Any] | None = None
    versions: list[PreparedVersion] = []
    if resp.status_code == 304 and cached is not None:
        entries.append(cached)
    else:
        body = gh._json(resp, pull_url)
        if not isinstance(body, dict) or not isinstance(body.get("number"), int):
            raise FetchError(f"{pull_url}: not a pull request")
        data = validated("Pull", body, pull_url)
        versions, history = _description_versions(gh, ref, data, pv, warnings)
        entries.append(CacheEntry(pull_url, resp.headers.get("etag"), resp.headers.get("last-modified"), None,
                                  "history" if history else "body"))

    comment_preps: list[tuple[dict[str, Any], PreparedVersion | None]] = []
    comments_changed = False
    if comments:
        url = gh.url(f"repos/{ref.repo}/issues/{ref.number}/comments", {"per_page": PER_PAGE})
        pages = get_pages(gh, url, cache=(lambda u: cache_get(db, u)) if known is not None else None)
        entries.extend(pages.entries)
        comments_changed = pages.changed
        for i, raw in enumerate(pages.items):
            cid = raw.get("id") if isinstance(raw, dict) else None
            try:
                c = validated("Comment", raw, f"{key}/comment/{cid if isinstance(cid, int) else f'#{i + 1}'}")
            except FetchError as exc:
                warnings.append(f"{exc}; that comment is skipped")
                continue
            ckey = f"{key}/comment/{c['id']}"
            try:
                prep = _prepare(c.get("body") or "", ckey, _comment_identity(ref, c), pv,
                                c.get("updated_at") or c.get("created_at"), _login(c.get("user")), warnings)
            except InputError as exc:
                warnings.append(str(exc))
                prep = None
            comment_preps.append((c, prep))

    commits: list[tuple[str, str | None, str | None, str | None]] | None = None
    commit_pages = get_pages(gh, gh.url(f"repos/{ref.repo}/pulls/{ref.number}/commits", {"per_page": PER_PAGE}),
                             cache=(lambda u: cache_get(db, u)) if known is not None else None)
    entries.extend(commit_pages.entries)
    if commit_pages.changed:
        commits = []
        for raw in commit_pages.items:
            valid = _valid_commit(raw, key, warnings)
            if valid is not None:
                commits.append(_commit(valid))

    if data is None and not comments_changed and commits is None:
        doc = known or {}
        return _result(db, key, "unchanged", int(doc.get("id") or 0), 0, 0, warnings, github_state)

    new_versions = new_comments = 0
    wrote = False
    with immediate(db):
        if data is not None:
            doc_id, w = ensure_document(db, DocumentIdentity(key=key, repo=ref.repo, pr=ref.number,
                                                             url=data.get("html_url"), title=data.get("title")),
                                        _pull_meta(data))
            wrote |= w
            for prep in versions:
                written = write_version(db, prep)
                if written.status != "unchanged":
                    new_versions += 1
            current = next((p.sha256 for p in reversed(versions) if p.text == _normalise(str(data.get("body") or ""))),
                           None)
            wrote |= order_versions_by_time(db, doc_id, latest_sha=current)
            head, base = data.get("head") or {}, data.get("base") or {}
            if head.get("sha"):
                wrote |= record_head(db, doc_id, str(head["sha"]), base.get("sha"), head.get("ref"), base.get("ref"))
        else:
            doc_id = int((known or {})["id"])
        for c, prep in comment_preps:
            ckey = f"{key}/comment/{c['id']}"
            meta = {"author": _login(c.get("user")), "authored_at": c.get("created_at"), "kind": "comment",
                    "parent_id": doc_id}
            _, w = ensure_document(db, DocumentIdentity(key=ckey, **_comment_identity(ref, c)), meta)
            wrote |= w
            if prep is not None:
                written = write_version(db, prep)
                if written.status != "unchanged" and written.version == 1:
                    new_comments += 1
                wrote |= written.status != "unchanged"
        if commits is not None:
            wrote |= sync_commits(db, doc_id, commits)
        wrote |= cache_put(db, entries) > 0
    status: Status = "new" if known is None else ("updated" if wrote or new_versions else "unchanged")
    return _result(db, key, status, doc_id, new_versions, new_comments, warnings, github_state)


def _description_versions(gh: GitHub, ref: PullRef, data: dict[str, Any], pv: str,
                          warnings: list[str]) -> tuple[list[PreparedVersion], bool]:
    """The description's texts oldest first: its edit history when a token allows, then the current body;
    and whether the history was read (when GraphQL refuses, the current body alone, with a warning)."""
    identity = {"repo": ref.repo, "pr": ref.number, "url": data.get("html_url"), "title": data.get("title")}
    author = _login(data.get("user"))
    edits: list[Edit] = []
    history = False
    if gh.can_graphql:
        try:
            edits = description_edits(gh, ref, warnings)
            history = True
        except RateLimited:
            raise
        except FetchError as exc:
            warnings.append(f"edit history unavailable ({exc}); stored the current description only")
    body = _normalise(str(data.get("body") or ""))
    if body.strip() and (not edits or edits[-1].text != body):
        # Never edited: written when the PR was opened. Otherwise (or without a token to ask) the text is
        # at least as new as the last edit and no newer than the PR's last update.
        exact = gh.can_graphql and not edits
        at = str((data.get("created_at") if exact else data.get("updated_at")) or data.get("created_at") or "")
        edits.append(Edit(at, author if exact else None, body))
    preps = []
    for e in edits:
        try:
            prep = _prepare(e.text, ref.key, identity, pv, e.at or None, e.editor, warnings)
        except InputError as exc:
            warnings.append(str(exc))
            continue
        if prep is not None:
            preps.append(prep)
    return preps, history


def _pull_meta(data: dict[str, Any]) -> dict[str, Any]:
    state = "merged" if data.get("merged_at") else str(data.get("state") or "") or None
    labels = [str(lb.get("name")) for lb in data.get("labels") or [] if isinstance(lb, dict) and lb.get("name")]
    head, base = data.get("head") or {}, data.get("base") or {}
    return {"title": data.get("title"), "url": data.get("html_url"), "author": _login(data.get("user")),
            "state": state, "merged_at": data.get("merged_at"), "labels": labels,
            "authored_at": data.get("created_at"), "head_sha": head.get("sha"), "base_sha": base.get("sha"),
            "kind": "pr"}


def _comment_identity(ref: PullRef, c: dict[str, Any]) -> dict[str, Any]:
    return {"repo": ref.repo, "pr": ref.number, "url": c.get("html_url"),
            "title": f"comment by {_login(c.get('user')) or 'unknown'}"}


def _login(user: Any) -> str | None:
    return str(user["login"]) if isinstance(user, dict) and user.get("login") else None


def _result(db: Database, key: str, status: Status, doc_id: int, new_versions: int, new_comments: int,
            warnings: list[str], github_state: Callable[[Database, int], dict[str, Any]]) -> FetchResult:
    from ledger.db.pulls import comments_of, known_document

    doc = known_document(db, key) or {}
    doc_id = int(doc.get("id") or doc_id or 0)
    claims = int(doc.get("latest_claims") or 0)
    state = github_state(db, doc_id) if doc_id else {}
    stated: list[str] = []
    for r in state.get("stated", []):
        if r.get("head") and r["head"] not in stated:
            stated.append(str(r["head"]))
    notes = _commit_notes(db, doc_id, stated) if doc_id else {}
    return FetchResult(key, status, versions=int(doc.get("n_versions") or 0), new_versions=new_versions,
                       claims=claims, comments=len(comments_of(db, doc_id)) if doc_id else 0,
                       new_comments=new_comments, github_head=state.get("github_head"),
                       github_base=state.get("github_base"), stated_heads=stated, stated_notes=notes,
                       warnings=warnings)


def _valid_commit(raw: Any, key: str, warnings: list[str]) -> dict[str, Any] | None:
    """A PR commit as we read it; one whose details are malformed keeps its sha (what resolves a stated
    head), with a warning; one without a sha is skipped."""
    try:
        return validated("Commit", raw, f"{key}: commit")
    except FetchError as exc:
        try:
            bare = validated("CommitSha", raw, f"{key}: commit")
        except FetchError:
            warnings.append(f"{exc}; that commit is skipped")
            return None
        warnings.append(f"{exc}; kept its sha {bare['sha'][:12]} only")
        return {"sha": bare["sha"], "commit": None, "author": None}


def _commit(c: dict[str, Any]) -> tuple[str, str | None, str | None, str | None]:
    """A PR commit from `GET /pulls/{n}/commits`: sha, commit time, author login (or name), first line."""
    inner = c.get("commit") or {}
    committer = inner.get("committer") or {}
    author = _login(c.get("author")) or (inner.get("author") or {}).get("name")
    message = str(inner.get("message") or "").split("\n", 1)[0][:300] or None
    return str(c["sha"]).lower(), committer.get("date"), author, message


def _commit_notes(db: Database, doc_id: int, stated: list[str]) -> dict[str, str]:
    """Each stated head among the PR's commits (only when its commits were fetched)."""
    from ledger.db.pulls import has_commits, resolve_commit

    if not has_commits(db, doc_id):
        return {}
    notes: dict[str, str] = {}
    for sha in stated:
        found = resolve_commit(db, doc_id, sha)
        if found is None:
            notes[sha] = "not a commit of this PR"
        elif not found["current"]:
            notes[sha] = "a PR commit no longer in the PR"
        else:
            notes[sha] = f"PR commit {found['position']} of {found['n_current']}"
    return notes


# ---- the library call behind `ledger fetch` -----------------------------------------------------------


def fetch(
    targets: Sequence[str],
    db: str | os.PathLike[str],
    *,
    api_url: str | None = None,
    state: State = "open",
    since: str | None = None,
    limit: int | None = None,
    comments: bool = True,
    env: Mapping[str, str] | None = None,
    transport: httpx.BaseTransport | None = None,
    sleep: Callable[[float], None] | None = None,
    max_tries: int = 5,
    max_wait: float = 900.0,
    on_note: Callable[[str], None] | None = None,
    on_start: Callable[[int], None] | None = None,
    on_result: Callable[[FetchResult], None] | None = None,
) -> list[FetchResult]:
    """Fetch pull requests (`owner/repo#N`, PR URLs, or `owner/repo` for a listing) into the ledger at `db`.

    One result per pull request; a PR that fails is an "error" result and the rest still go in. Raises
    only for what stops everything: bad arguments (UsageError), a bad ledger file, or a listing that
    cannot be read. `api_url` defaults to LEDGER_GITHUB_API, then https://api.github.com.
    """
    from ledger.db import open_ledger
    from ledger.ingest import parser_version

    env = os.environ if env is None else env
    if not targets:
        raise UsageError("nothing to fetch: give OWNER/REPO#N, a pull-request URL, or OWNER/REPO")
    if state not in ("open", "closed", "merged", "all"):
        raise UsageError(f"--state {state!r}: expected open, closed, merged or all")
    if limit is not None and limit <= 0:
        raise UsageError(f"--limit {limit}: expected a positive number")
    since_iso = parse_since(since)
    parsed = [parse_target(t) for t in targets]
    api = check_api_url(api_url or env.get("LEDGER_GITHUB_API") or DEFAULT_API)
    auth = resolve_auth(env, api_url=api)
    check_transport_security(api, auth)
    if auth.anonymous and on_note is not None:
        on_note(ANONYMOUS_NOTE)
    results: list[FetchResult] = []
    ledger_db = open_ledger(db)
    try:
        with GitHub(api, auth, transport=transport, sleep=sleep, max_tries=max_tries, max_wait=max_wait) as gh:
            refs: list[PullRef] = []
            for t in parsed:
                try:
                    found = [t] if isinstance(t, PullRef) else list_pulls(gh, t, state, since_iso, limit)
                except LedgerError as exc:
                    raise FetchError(auth.redact(f"listing {t}: {exc}")) from None
                refs.extend(found)
            refs = list(dict.fromkeys(refs))  # each PR once, in the order first named
            if on_start is not None:
                on_start(len(refs))
            version = parser_version()
            stopped = False
            for ref in refs:
                if stopped:
                    result = FetchResult(ref.key, "error", error="not fetched: the rate limit is spent",
                                         rate_limited=True)
                else:
                    result = _fetch_one(gh, ledger_db, ref, comments, version)
                    stopped = result.rate_limited
                results.append(result)
                if on_result is not None:
                    on_result(result)
    finally:
        ledger_db.close()
    return results


def _fetch_one(gh: GitHub, db: Database, ref: PullRef, comments: bool, version: str) -> FetchResult:
    """One PR's fetch; whatever goes wrong costs this PR one line (redacted, neutralised), never the run."""
    rate_limited = False
    try:
        return fetch_pull(gh, db, ref, comments=comments, parser_version=version)
    except RateLimited as exc:
        message, rate_limited = str(exc), True
    except LedgerError as exc:
        message = str(exc)
    except httpx.HTTPError as exc:
        message = f"{type(exc).__name__}: {exc}"
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:  # not GitHub's documented shape
        message = f"unexpected answer from GitHub ({type(exc).__name__}: {exc})"
    return FetchResult(ref.key, "error", error=neutral(gh.auth.redact(message))[:500], rate_limited=rate_limited)
