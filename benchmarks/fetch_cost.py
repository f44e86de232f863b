"""What `ledger fetch OWNER/REPO` costs in GitHub's rate limit, measured against the stand-in GitHub of the
tests (tests/_standin_github.py: GitHub's schema, limits and documented cost), never the network.

    python benchmarks/fetch_cost.py             # 300 PRs: backfill, unchanged re-sync, 5 edited, and REST
    python benchmarks/fetch_cost.py --prs 40    # a quick look

Prints requests and points per PR for each, and the budget arithmetic for a 25,000-PR repository at
5,000 points an hour. Points are GraphQL points; the REST reader's requests each cost one point of the
(separate) REST limit, and it also spends GraphQL points on the edit histories.
"""

from __future__ import annotations

import argparse
import copy
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

TOKEN = "ghp_BENCH0123456789abcdefABCDEF0123456789"
REPO = "acme/engine"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--prs", type=int, default=300, help="pull requests in the stand-in repository")
    ap.add_argument("--no-rest", action="store_true", help="skip the REST reader (slower)")
    args = ap.parse_args()

    from _standin_github import SCHEMA_PATH, StandIn, make_repo

    from ledger.github import connect, fetch

    if not SCHEMA_PATH.is_file():
        sys.exit(f"{SCHEMA_PATH}: GitHub's schema is needed (../shared/github/schema.json)")
    pulls = make_repo(args.prs)
    n = len(pulls)
    rows: list[tuple[str, int, int, int, int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "l.db"
        s = StandIn(REPO, copy.deepcopy(pulls))

        def run(label: str, counted: int, **kw: Any) -> None:
            s.reset_counts()
            target = db if not kw.pop("fresh", False) else Path(tmp) / f"{label}.db"
            with connect(
                api_url=s.base_url, env={"GH_TOKEN": TOKEN}, transport=s.transport(), sleep=lambda _: None
            ) as gh:
                fetch([REPO], target, client=gh, state="all", **kw)
            assert all(not c.errors for c in s.charges), "a query the stand-in (GitHub) would refuse"
            rows.append((label, counted, s.requests, s.points, s.rest_points))

        run(f"backfill, {n} PRs (GraphQL)", n)
        run("re-sync, nothing changed", n)
        edited = sorted(pulls)[:: max(1, n // 5)][:5]
        for i, number in enumerate(edited):
            s.touch(number, 1000 + i, s.pulls[number].body + f"\nRe-measured: gsm8k 7{i}.5\n")
        run(f"re-sync, {len(edited)} PRs edited", len(edited))
        if not args.no_rest:
            run(f"the REST reader, {n} PRs (--rest)", n, rest=True, fresh=True)
    print(f"{'run':<36} {'PRs':>5} {'requests':>9} {'GraphQL pts':>12} {'REST pts':>9} {'pts/PR':>8} {'req/PR':>8}")
    for label, count, requests, points, rest in rows:
        print(
            f"{label:<36} {count:>5} {requests:>9} {points:>12} {rest:>9} {points / count:>8.3f} "
            f"{requests / count:>8.2f}"
        )
    per_pr = rows[0][3] / rows[0][1]
    hours = 25_000 * per_pr / 5000
    print(
        f"\nbudget: a 25,000-PR repository at {per_pr:.3f} points a PR is {25_000 * per_pr:,.0f} points, "
        f"{hours:.2f} token-hours of GraphQL's 5,000 points an hour; a re-sync of it costs "
        f"{rows[1][3]} point(s) unchanged, about N/50 + 2 requests for N changed PRs"
    )
    if not args.no_rest:
        rest_row = rows[-1]
        print(
            f"the REST reader on the same PRs: {rest_row[2]:,} requests, {rest_row[4] / rest_row[1]:.2f} REST "
            f"points and {rest_row[3] / rest_row[1]:.2f} GraphQL points a PR"
        )


if __name__ == "__main__":
    main()
