"""The main line as a baseline: a pull request's values against the values merged pull requests stated for
the same canonical setup within a window of days.

    history = main_line_history(report.comparison, "acme/engine#40", book=book, days=30)

A PR's values are its latest stated ones (the newest revision that states each series). Those of every PR of
the same repository merged in the window (`ledger fetch OWNER/REPO --state merged` keeps them) are read the
same way, and a PR's value is judged against the merged values whose comparability key is its own (compare's
key: metric, unit and every hard setup key) with compare's noise model: against the one merged last while
there are fewer than four, then against their mean with the larger of the noise threshold and their own
spread (`judge.latest_against_history`). Only setups that name their model are matched across PRs, as
`ledger trend` joins series across documents: two PRs' bare "gsm8k" may be two models. The merged PRs are read
through the open ledger's one connection.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from ledger.compare.judge import REGRESSION, Pair, center, implausible, latest_against_history
from ledger.compare.keys import Key, claim_key
from ledger.compare.noise import NoiseModel
from ledger.compare.render import fmt_claim
from ledger.errors import LedgerError
from ledger.model import Claim
from ledger.neutral import markdown, terminal

if TYPE_CHECKING:
    from ledger.compare.run import Comparison
    from ledger.db.opened import OpenLedger

HISTORY_DAYS = 30
"""The window `ledger report --history` and the Action look back over, in days."""
JUDGED_KINDS = ("accuracy", "acceptance", "perf")


@dataclass
class Stated:
    """One value a merged pull request stated."""

    document: str
    merged_at: str
    claim: Claim


@dataclass
class HistoryEntry:
    """One value of the pull request and what the main line stated for its setup."""

    key: Key
    claim: Claim
    merged: list[Stated]
    """Oldest merge first."""
    pair: Pair | None

    @property
    def verdict(self) -> str:
        return self.pair.verdict if self.pair is not None else "insufficient data"

    def span(self) -> str:
        values = [v for v in (center(s.claim) for s in self.merged) if v is not None]
        if not values:
            return "?"
        lo, hi = min(values), max(values)
        return f"{lo:g}" if lo == hi else f"{lo:g}-{hi:g}"

    def line(self) -> str:
        docs = len({s.document for s in self.merged})
        thr = (
            f" ({self.pair.threshold.display} {self.pair.threshold.basis})"
            if self.pair is not None and self.pair.threshold is not None
            else ""
        )
        return (
            f"{self.key.label()}: {fmt_claim(self.claim)} against {self.span()} stated by {docs} merged "
            f"PR{'s' if docs != 1 else ''} (n={len(self.merged)}): {self.verdict}{thr}"
        )


@dataclass
class History:
    """What the main line says about a pull request's values (a section appended to `ledger report`)."""

    repo: str
    days: int
    since: str
    """The window's start, ISO 8601 UTC."""
    merged: int
    """Merged pull requests found in the window (the PR itself left out)."""
    entries: list[HistoryEntry] = field(default_factory=list)
    unmatched: int = 0
    """Values of the PR whose setup no merged PR in the window stated."""
    name: str = "history"

    @property
    def regressions(self) -> list[HistoryEntry]:
        return [e for e in self.entries if e.verdict == REGRESSION]

    @property
    def alerts(self) -> int:
        return len(self.regressions)

    @property
    def judged(self) -> int:
        return len(self.entries)

    @property
    def moved(self) -> int:
        return sum(e.verdict in ("regression", "improvement") for e in self.entries)

    def lines(self, md: bool) -> list[str]:
        esc = markdown if md else terminal
        bullet = "- " if md else "  "
        out = ["", f"{'#### ' if md else ''}The main line: merged PRs of the last {self.days} days", ""]
        regs = len(self.regressions)
        out.append(
            bullet
            + esc(
                f"{self.merged} merged PR{'s' if self.merged != 1 else ''} of {self.repo} since {self.since[:10]}; "
                f"{len(self.entries)} value(s) of this PR have a setup they stated, {self.unmatched} have none"
                + (f"; {regs} regression{'s' if regs != 1 else ''} against them" if regs else "")
            )
        )
        if not self.merged:
            out.append(
                bullet
                + esc(
                    f"(the ledger holds no PR of {self.repo} merged in the window: `ledger fetch "
                    f"{self.repo} --state merged --window {self.days}` brings them)"
                )
            )
        # regressions first, then the rest in the PR's order
        for e in sorted(self.entries, key=lambda e: e.verdict != REGRESSION):
            out.append(bullet + esc(e.line()))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "repo": self.repo,
            "days": self.days,
            "since": self.since,
            "merged_prs": self.merged,
            "unmatched": self.unmatched,
            "entries": [
                {
                    "metric": e.key.metric,
                    "kind": e.key.kind,
                    "config": dict(e.key.config),
                    "value": e.claim.value,
                    "line": e.claim.source.line,
                    "verdict": e.verdict,
                    "merged": [
                        {"document": s.document, "merged_at": s.merged_at, "value": s.claim.value} for s in e.merged
                    ],
                    "pair": e.pair.to_dict() if e.pair is not None else None,
                }
                for e in self.entries
            ],
        }


def latest_values(comparison: Comparison) -> list[Claim]:
    """Each series' latest stated value (the newest revision that states it); one revision's claims as they are."""
    if comparison.rows:
        cells = (next((c for c in reversed(row.cells) if c is not None), None) for row in comparison.rows)
        return [c for c in cells if c is not None]
    return list(comparison.newest)


def _judged(claims: list[Claim]) -> list[tuple[Key, Claim]]:
    out = []
    for c in claims:
        if c.kind not in JUDGED_KINDS or center(c) is None:
            continue
        key = claim_key(c)[0]
        if "model" in dict(key.config) and not implausible(c, key):  # a mis-read value is no one's baseline
            out.append((key, c))
    return out


def window_start(days: int, now: datetime | None = None) -> str:
    """The ISO 8601 UTC time `days` days before `now`."""
    at = (now or datetime.now(timezone.utc)) - timedelta(days=days)
    return at.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main_line_history(
    comparison: Comparison,
    pr: str,
    *,
    book: OpenLedger,
    days: int = HISTORY_DAYS,
    noise: NoiseModel | None = None,
    now: datetime | None = None,
) -> History:
    """The pull request `pr` (its document key, owner/repo#N) judged against the merged PRs of its repository
    within `days`: one entry per value whose setup they stated."""
    from ledger.db.targets import merged_pulls
    from ledger.identity import parse_pull
    from ledger.targets import run_compare

    noise = noise or NoiseModel()
    ref = parse_pull(pr)
    since = window_start(days, now)
    pulls = merged_pulls(book.reader, ref.repo, since) if book.exists() else []
    merged = [(k, at) for k, at in pulls if k != ref.key]
    stated: dict[Key, list[Stated]] = {}
    for key_name, at in merged:
        try:
            theirs = latest_values(run_compare([key_name], book=book, noise=noise, stored_only=True))
        except LedgerError:  # a merged PR the ledger cannot read whole is left out, not the report
            continue
        for key, c in _judged(theirs):
            stated.setdefault(key, []).append(Stated(key_name, at, c))
    history = History(ref.repo, days, since, len(merged))
    for key, c in _judged(latest_values(comparison)):
        earlier = stated.get(key)
        if not earlier:
            history.unmatched += 1
            continue
        pair = latest_against_history(key, [*(s.claim for s in earlier), c], noise)
        history.entries.append(HistoryEntry(key, c, earlier, pair))
    return history
