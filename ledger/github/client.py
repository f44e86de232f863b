"""The HTTP client: authentication headers, retries, rate limits, deadlines, size caps, redirects,
conditional requests and pagination. Every request goes to the API's own origin or not at all.

Exceptions (ledger.errors): FetchError for anything GitHub could not answer (network, refusal, a body
over the cap, a missed deadline, a link to another origin), RateLimited (a FetchError) when the limit
resets later than `max_wait`. Messages are one line, redacted and neutralised.
"""

from __future__ import annotations

import email.utils
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import httpx

from ledger.errors import FetchError, RateLimited
from ledger.github.auth import Auth
from ledger.github.text import neutral
from ledger.github.urls import DEFAULT_API, check_api_url, graphql_url, origin
from ledger.version import __version__

if TYPE_CHECKING:
    from ledger.db.pulls import CacheEntry

PER_PAGE = 100
MAX_PAGES = 100
"""At most this many pages of one listing (10,000 comments or PRs)."""
RETRY_STATUSES = frozenset((500, 502, 503, 504))
DEADLINE = 120.0
"""Seconds one request may take in all (connect, wait, read every byte); then it counts as a network error."""
MAX_BODY_BYTES = 100 * 2**20
"""The largest answer read (a page of 100 comments of GitHub's 65,536-character maximum is under 30 MB)."""
MAX_REDIRECTS = 5


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

    def __init__(
        self,
        api_url: str = DEFAULT_API,
        auth: Auth | None = None,
        *,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] | None = None,
        clock: Callable[[], float] = time.time,
        max_tries: int = 5,
        max_wait: float = 900.0,
        timeout: float = 30.0,
        deadline: float = DEADLINE,
        max_bytes: int = MAX_BODY_BYTES,
    ) -> None:
        self.api_url = check_api_url(api_url)
        self.graphql_url = graphql_url(self.api_url)
        self.origin = origin(self.api_url)
        """(scheme, host, port) of the API: the only place a request, and so the token, is ever sent."""
        self.timeout = timeout
        self.deadline = deadline
        """Seconds one request may take in all, its tries together, however slowly its answer trickles in."""
        self._budget_end: float | None = None
        """When set (`budget`), the monotonic time by which every request must be done (one PR's requests)."""
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
        headers = {
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": f"pr-evidence-ledger/{__version__}",
        }
        # Redirects are followed here, not by httpx, so that each hop passes the same origin check.
        self._client = httpx.Client(headers=headers, transport=transport, timeout=timeout, follow_redirects=False)

    def close(self) -> None:
        self._client.close()

    @contextmanager
    def budget(self, seconds: float) -> Iterator[None]:
        """Every request inside shares one deadline of `seconds` (a pull request's description, comment pages,
        commits and checks): a server that answers each one slowly holds the PR that long, not that long a
        request. Waits for a rate limit's reset are not counted (they have a bound of their own)."""
        outer = self._budget_end
        end = time.monotonic() + seconds
        self._budget_end = end if outer is None else min(outer, end)
        try:
            yield
        finally:
            self._budget_end = outer

    def _time_left(self, end: float) -> float:
        limit = end if self._budget_end is None else min(end, self._budget_end)
        return limit - time.monotonic()

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
        return self.decode_json(self._send("GET", url), url)

    def send_json(self, method: str, url: str, body: Any) -> Any:
        """POST or PATCH a JSON body (a comment), with the same origin check, retries and limits; the answer."""
        return self.decode_json(self._send(method, url, json=body), url)

    def graphql(self, query: str, variables: Mapping[str, Any]) -> dict[str, Any]:
        """POST a GraphQL query; its `data`. GraphQL errors become a FetchError."""
        data, errors = self.graphql_partial(query, variables)
        if errors:
            raise FetchError(errors[0][1])
        return data

    def graphql_partial(
        self, query: str, variables: Mapping[str, Any]
    ) -> tuple[dict[str, Any], list[tuple[tuple[Any, ...], str]]]:
        """POST a GraphQL query; its `data` and the errors GitHub placed in it, each as (path, one-line
        message): GitHub answers what it could and nulls what failed. Errors without a path, or an answer
        without data, are a FetchError."""
        if not self.can_graphql:
            raise FetchError("GitHub's GraphQL API needs a token (GH_TOKEN or GITHUB_TOKEN)")
        for attempt in range(1, self.max_tries + 1):
            body = self.decode_json(
                self._send("POST", self.graphql_url, json={"query": query, "variables": dict(variables)}),
                self.graphql_url,
            )
            if not isinstance(body, dict):
                raise FetchError(f"{self.graphql_url}: the GraphQL answer is not a JSON object")
            errors = body.get("errors")
            limited = isinstance(errors, list) and any(
                isinstance(e, dict) and e.get("type") == "RATE_LIMITED" for e in errors
            )
            if not limited or attempt == self.max_tries:
                break
            # GraphQL answers a spent limit with 200 and an error of type RATE_LIMITED.
            wait = (
                (self.rate.reset - self.clock() + 1)
                if self.rate.remaining == 0 and self.rate.reset
                else 60.0 * 2 ** (attempt - 1)
            )
            if wait > self.max_wait:
                raise RateLimited(
                    f"GraphQL rate limit: GitHub asks to wait {wait:.0f}s, more than the "
                    f"{self.max_wait:.0f}s allowed; try again later"
                )
            self._pause(max(1.0, wait), "graphql")
            self.rate.remaining = None
        data = body.get("data")
        placed: list[tuple[tuple[Any, ...], str]] = []
        for e in errors if isinstance(errors, list) else [errors] if errors else []:
            message = e.get("message") if isinstance(e, dict) else e
            text = self.auth.redact(f"GraphQL: {neutral(message)[:300]}")
            path = e.get("path") if isinstance(e, dict) else None
            if not isinstance(data, dict) or not isinstance(path, list) or not path:
                raise FetchError(text)
            placed.append((tuple(p for p in path if isinstance(p, str | int)), text))
        if not isinstance(data, dict):
            raise FetchError(f"{self.graphql_url}: the GraphQL answer has no data")
        return data, placed

    def decode_json(self, resp: httpx.Response, url: str) -> Any:
        try:
            return resp.json()
        except RecursionError:
            raise FetchError(self.auth.redact(f"{url}: GitHub's answer is nested too deeply to be read")) from None
        except ValueError:
            raise FetchError(
                self.auth.redact(f"{url}: GitHub answered {resp.status_code} with a body that is not JSON")
            ) from None

    def _headers(self, extra: Mapping[str, str], url: str) -> dict[str, str]:
        headers = dict(extra)
        if self.auth.token and origin(url) == self.origin:
            headers["Authorization"] = f"Bearer {self.auth.token}"
        return headers

    def _check_origin(self, url: str, what: str) -> None:
        """Only the API's own scheme, host and port are ever asked: a next link or redirect elsewhere (a hostile
        Enterprise server or proxy collecting tokens, a downgrade to plain http) is refused in one line."""
        if origin(url) != self.origin:
            raise FetchError(
                self.auth.redact(
                    f"refusing to follow {what} to another origin ({neutral(url)[:200]}): requests and the token go "
                    f"only to {self.origin[0]}://{self.origin[1]}:{self.origin[2]}"
                )
            )

    def _request(self, method: str, url: str, headers: Mapping[str, str], json: Any, end: float) -> httpx.Response:
        """One exchange, redirects of the same origin followed, the answer read whole by `end` (monotonic) and
        within the size cap (both checked while it streams, not after)."""
        for _ in range(MAX_REDIRECTS + 1):
            self._check_origin(url, "a link")
            left = self._time_left(end)
            if left <= 0:
                break
            per_read = min(self.timeout, left)  # no single read may outwait the request's deadline
            request = self._client.build_request(
                method, url, headers=self._headers(headers, url), json=json, timeout=httpx.Timeout(per_read)
            )
            try:
                resp = self._client.send(request, stream=True)
                try:
                    body = self._read_body(resp, end, url)
                finally:
                    resp.close()
            except httpx.TimeoutException:
                if self._time_left(end) <= self.deadline * 0.05:
                    raise httpx.ReadTimeout(f"no complete answer within the {self.deadline:g}s deadline") from None
                raise
            if resp.status_code in (301, 302, 303, 307, 308) and resp.headers.get("location"):
                nxt = str(resp.url.join(resp.headers["location"]))
                self._check_origin(nxt, f"a redirect ({resp.status_code})")
                url = nxt
                if resp.status_code == 303:
                    method, json = "GET", None
                continue
            headers_out = [
                (k, v)
                for k, v in resp.headers.multi_items()
                if k.lower() not in ("content-encoding", "content-length", "transfer-encoding")
            ]
            return httpx.Response(resp.status_code, headers=headers_out, content=body, request=resp.request)
        else:
            raise FetchError(self.auth.redact(f"{method} {neutral(url)[:200]}: more than {MAX_REDIRECTS} redirects"))
        raise httpx.ReadTimeout(f"no complete answer within the {self.deadline:g}s deadline")

    def _read_body(self, resp: httpx.Response, end: float, url: str) -> bytes:
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
            if self._time_left(end) < 0:
                raise httpx.ReadTimeout(f"no complete answer within the {self.deadline:g}s deadline")
        return b"".join(chunks)

    def _too_large(self, url: str, size: int) -> str:
        return self.auth.redact(
            f"{neutral(url)[:200]}: the answer is over the {self.max_bytes:,}-byte limit "
            f"(at least {size:,} bytes); not read further"
        )

    def _send(
        self, method: str, url: str, *, headers: Mapping[str, str] | None = None, json: Any = None
    ) -> httpx.Response:
        """One request, retried on rate limits, 5xx and network errors up to `max_tries` times."""
        what = f"{method} {url}"
        last = ""
        end = time.monotonic() + self.deadline  # for every try together; a rate limit's wait extends it
        tried = 0
        for attempt in range(1, self.max_tries + 1):
            waited = time.monotonic()
            self._wait_for_reset(what)
            end += time.monotonic() - waited
            if self._time_left(end) <= 0:
                last = last or f"deadline: no complete answer within the {self.deadline:g}s deadline"
                break
            try:
                self.requests += 1
                tried += 1
                resp = self._request(method, url, headers or {}, json, end)
            except httpx.TransportError as exc:
                detail = neutral(self.auth.redact(str(exc)))[:200]
                last = (
                    f"deadline: {detail}" if "deadline" in detail else f"network error ({type(exc).__name__}: {detail})"
                )
                if attempt == self.max_tries or self._time_left(end) <= 0:
                    break
                self._pause(min(2.0**attempt, 60.0, max(0.0, self._time_left(end))), what)
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
                raise RateLimited(
                    f"{what}: {reason}; GitHub asks to wait {wait:.0f}s, more than the "
                    f"{self.max_wait:.0f}s allowed; try again later"
                )
            paused = time.monotonic()
            self._pause(wait, what)
            end += time.monotonic() - paused  # GitHub asked for this wait: it is not the server being slow
            self.rate.remaining = None  # the wait covered it; the next answer says anew
        tries = f"{tried} tr{'y' if tried == 1 else 'ies'}"
        raise FetchError(self.auth.redact(f"{what}: gave up after {tries} ({last})"))

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
            raise RateLimited(
                f"the rate limit is spent until {_clock_time(self.rate.reset)} ({wait:.0f}s, more "
                f"than the {self.max_wait:.0f}s allowed); try again later"
                + ("" if self.auth.token else " or with a token")
            )
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
            return (retry_after if retry_after is not None else min(2.0**attempt, 60.0)), f"{status} from GitHub"
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
