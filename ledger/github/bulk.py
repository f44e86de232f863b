"""The bulk GraphQL reader: a repository's pull requests a page at a time, each with everything the ledger
stores, and follow-ups only for what did not fit.

A page (`PAGE_QUERY`) holds N pull requests, newest update first, each with its labels, description
edits, comments, reviews, commits and the head's checks, every connection 100 deep. GitHub charges a
query the requests needed to fill each connection, assuming each is full, divided by 100: one for the
page, then six connections per PR, so a page of 50 costs (1 + 6 * 50) / 100 = 3 points, 0.06 a PR;
it holds at most 50 * 6 * 100 = 30,000 nodes, far under the 500,000 allowed. A review comment sits one
connection deeper (a review's `comments`): inside the page it would multiply by the 100 reviews asked,
so review comments are read after the page, 100 reviews a query, through `nodes(ids:)`: 1 point per
100 reviews. A connection that did not fit in its 100 (a PR's 130th edit, a review's 120 comments) is
continued by `FOLLOW_UP` queries, up to 100 continuations a query, one aliased `node(id:)` each (1
point per query). No request is ever made per PR.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ledger.errors import FetchError
from ledger.github.client import GitHub
from ledger.github.text import neutral

PAGE_CONNECTIONS = 6
"""Connections per pull request in PAGE_QUERY (labels, edits, comments, reviews, commits, checks)."""
MAX_PAGE = 50
"""Pull requests per page: larger pages cost the same per PR and risk GitHub's 10-second query timeout."""
BATCH = 100
"""Reviews (or continuations) per follow-up query: GitHub's limit for `nodes(ids:)`, 1 point each query."""

_PAGE_INFO = "pageInfo { hasNextPage endCursor }"
FRAGMENTS = {
    "edits": f"""fragment EditPage on UserContentEditConnection {{ {_PAGE_INFO}
  nodes {{ editedAt createdAt deletedAt editor {{ login }} diff }} }}""",
    "comments": f"""fragment CommentPage on IssueCommentConnection {{ {_PAGE_INFO}
  nodes {{ databaseId url author {{ login }} createdAt updatedAt body }} }}""",
    "reviews": f"""fragment ReviewPage on PullRequestReviewConnection {{ {_PAGE_INFO}
  nodes {{ id databaseId url author {{ login }} state submittedAt createdAt body }} }}""",
    "commits": f"""fragment CommitPage on PullRequestCommitConnection {{ {_PAGE_INFO}
  nodes {{ commit {{ oid committedDate messageHeadline author {{ name user {{ login }} }} }} }} }}""",
    "checks": f"""fragment CheckPage on StatusCheckRollupContextConnection {{ {_PAGE_INFO}
  nodes {{ __typename ... on CheckRun {{ name status conclusion detailsUrl }}
           ... on StatusContext {{ context state targetUrl }} }} }}""",
    "labels": f"""fragment LabelPage on LabelConnection {{ {_PAGE_INFO} nodes {{ name }} }}""",
    "review_comments": f"""fragment ReviewCommentPage on PullRequestReviewCommentConnection {{ {_PAGE_INFO}
  nodes {{ databaseId url author {{ login }} createdAt updatedAt body path line originalLine }} }}""",
}
_FRAGMENT_OF = {
    "edits": "EditPage",
    "comments": "CommentPage",
    "reviews": "ReviewPage",
    "commits": "CommitPage",
    "checks": "CheckPage",
    "labels": "LabelPage",
    "review_comments": "ReviewCommentPage",
}
_FIELD_OF = {
    "edits": "userContentEdits",
    "comments": "comments",
    "reviews": "reviews",
    "commits": "commits",
    "labels": "labels",
    "review_comments": "comments",
}
RATE = "rateLimit { cost remaining resetAt limit }"

PAGE_QUERY = (
    """query($owner: String!, $name: String!, $first: Int!, $after: String, $states: [PullRequestState!]) {
  RATE
  repository(owner: $owner, name: $name) {
    pullRequests(first: $first, after: $after, states: $states, orderBy: {field: UPDATED_AT, direction: DESC}) {
      totalCount
      PAGE_INFO
      nodes {
        id number title url state createdAt updatedAt mergedAt body
        author { login }
        headRefName headRefOid baseRefName baseRefOid
        labels(first: 100) { ...LabelPage }
        userContentEdits(first: 100) { ...EditPage }
        comments(first: 100) { ...CommentPage }
        reviews(first: 100) { ...ReviewPage }
        commits(first: 100) { ...CommitPage }
        statusCheckRollup { state commit { oid } contexts(first: 100) { ...CheckPage } }
      }
    }
  }
}
""".replace("RATE", RATE).replace("PAGE_INFO", _PAGE_INFO)
    + "\n".join(FRAGMENTS[k] for k in ("labels", "edits", "comments", "reviews", "commits", "checks"))
)

REVIEW_COMMENTS_QUERY = (
    """query($ids: [ID!]!) {
  RATE
  nodes(ids: $ids) { ... on PullRequestReview { id comments(first: 100) { ...ReviewCommentPage } } }
}
""".replace("RATE", RATE)
    + FRAGMENTS["review_comments"]
)


def page_cost(first: int) -> int:
    """What GitHub charges for PAGE_QUERY with `first` pull requests (the documented formula)."""
    return max(1, int((1 + PAGE_CONNECTIONS * first) / 100 + 0.5))


@dataclass(frozen=True)
class Continuation:
    """A connection of a node (a PR or a review) to read on from `after`."""

    node_id: str
    what: str
    """edits, comments, reviews, commits, checks, labels (of a PR) or review_comments (of a review)."""
    after: str | None


@dataclass
class Answer:
    """What one GraphQL answer said about the budget."""

    cost: int = 0
    remaining: int | None = None
    reset_at: str | None = None


def rate_of(data: dict[str, Any]) -> Answer:
    r = data.get("rateLimit")
    if not isinstance(r, dict):
        return Answer()
    cost, remaining = r.get("cost"), r.get("remaining")
    return Answer(
        cost if isinstance(cost, int) else 0,
        remaining if isinstance(remaining, int) else None,
        r.get("resetAt") if isinstance(r.get("resetAt"), str) else None,
    )


def connection_nodes(conn: Any) -> tuple[list[Any], str | None]:
    """A connection's nodes, and the cursor to continue from when it has more (None when complete)."""
    if not isinstance(conn, dict):
        return [], None
    nodes = conn.get("nodes")
    page_info = conn.get("pageInfo")
    info: dict[str, Any] = page_info if isinstance(page_info, dict) else {}
    more = info.get("hasNextPage") is True and isinstance(info.get("endCursor"), str)
    return (nodes if isinstance(nodes, list) else []), (info["endCursor"] if more else None)


@dataclass
class Gathered:
    """Every node of the connections of one PR (and its reviews), as they arrive over several queries."""

    pull: dict[str, Any]
    lists: dict[str, list[Any]] = field(default_factory=dict)
    review_comments: dict[str, list[Any]] = field(default_factory=dict)
    """Review node id -> its comments."""
    checks_sha: str | None = None
    checks_state: str | None = None


def gather_page_pull(node: dict[str, Any]) -> tuple[Gathered, list[Continuation]]:
    """One PR node of a page: its connections' nodes, and what is left to read of each."""
    g = Gathered(node)
    todo: list[Continuation] = []
    pid = str(node.get("id") or "")
    for what, name in (
        ("labels", "labels"),
        ("edits", "userContentEdits"),
        ("comments", "comments"),
        ("reviews", "reviews"),
        ("commits", "commits"),
    ):
        nodes, after = connection_nodes(node.get(name))
        g.lists[what] = list(nodes)
        if after:
            todo.append(Continuation(pid, what, after))
    rollup = node.get("statusCheckRollup")
    g.lists["checks"] = []
    if isinstance(rollup, dict):
        found = rollup.get("commit")
        commit: dict[str, Any] = found if isinstance(found, dict) else {}
        g.checks_sha = commit.get("oid") if isinstance(commit.get("oid"), str) else node.get("headRefOid")
        g.checks_state = rollup.get("state") if isinstance(rollup.get("state"), str) else None
        nodes, after = connection_nodes(rollup.get("contexts"))
        g.lists["checks"] = list(nodes)
        if after:
            todo.append(Continuation(pid, "checks", after))
    return g, todo


def review_ids(g: Gathered) -> Iterator[str]:
    for r in g.lists.get("reviews", []):
        if isinstance(r, dict) and isinstance(r.get("id"), str):
            yield r["id"]


def read_review_comments(
    gh: GitHub,
    ids: list[str],
    found: dict[str, list[Any]],
    todo: list[Continuation],
    on_answer: Callable[[Answer], None],
) -> None:
    """The first 100 comments of each review in `ids`, BATCH reviews a query; the rest as continuations."""
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        data = gh.graphql(REVIEW_COMMENTS_QUERY, {"ids": chunk})
        on_answer(rate_of(data))
        answers = data.get("nodes")
        for rid, node in zip(chunk, answers if isinstance(answers, list) else [], strict=False):
            nodes, after = connection_nodes(node.get("comments") if isinstance(node, dict) else None)
            found.setdefault(rid, []).extend(nodes)
            if after:
                todo.append(Continuation(rid, "review_comments", after))


def follow_up_query(items: list[Continuation]) -> tuple[str, dict[str, Any]]:
    """One query continuing up to BATCH connections: an aliased `node(id:)` per continuation."""
    used: set[str] = set()
    parts: list[str] = []
    decls: list[str] = []
    variables: dict[str, Any] = {}
    for i, c in enumerate(items):
        used.add(c.what)
        variables[f"n{i}"], variables[f"c{i}"] = c.node_id, c.after
        decls += [f"$n{i}: ID!", f"$c{i}: String"]
        if c.what == "checks":
            inner = (
                f"... on PullRequest {{ statusCheckRollup {{ contexts(first: 100, after: $c{i}) "
                f"{{ ...CheckPage }} }} }}"
            )
        elif c.what == "review_comments":
            inner = f"... on PullRequestReview {{ comments(first: 100, after: $c{i}) {{ ...ReviewCommentPage }} }}"
        else:
            page = f"{_FIELD_OF[c.what]}(first: 100, after: $c{i}) {{ ...{_FRAGMENT_OF[c.what]} }}"
            inner = f"... on PullRequest {{ {page} }}"
        parts.append(f"  f{i}: node(id: $n{i}) {{ {inner} }}")
    query = (
        f"query({', '.join(decls)}) {{\n  {RATE}\n"
        + "\n".join(parts)
        + "\n}\n"
        + "\n".join(FRAGMENTS[w] for w in sorted(used))
    )
    return query, variables


def continue_all(
    gh: GitHub,
    todo: list[Continuation],
    gathered: dict[str, Gathered],
    reviews: dict[str, list[Any]],
    on_answer: Callable[[Answer], None],
) -> None:
    """Read every continuation to its end, BATCH a query; a new review found this way has its comments read."""
    while todo:
        batch, todo[:] = todo[:BATCH], todo[BATCH:]
        query, variables = follow_up_query(batch)
        data = gh.graphql(query, variables)
        on_answer(rate_of(data))
        new_reviews: list[str] = []
        for i, c in enumerate(batch):
            node = data.get(f"f{i}")
            if not isinstance(node, dict):
                raise FetchError(f"GraphQL gave nothing for {neutral(c.node_id)[:60]} ({c.what})")
            if c.what == "checks":
                rollup = node.get("statusCheckRollup")
                conn = rollup.get("contexts") if isinstance(rollup, dict) else None
            else:
                conn = node.get(_FIELD_OF[c.what])
            nodes, after = connection_nodes(conn)
            if c.what == "review_comments":
                reviews.setdefault(c.node_id, []).extend(nodes)
            else:
                g = gathered[c.node_id]
                g.lists.setdefault(c.what, []).extend(nodes)
                if c.what == "reviews":
                    for r in nodes:
                        if isinstance(r, dict) and isinstance(r.get("id"), str):
                            new_reviews.append(r["id"])
            if after:
                todo.append(Continuation(c.node_id, c.what, after))
        if new_reviews:
            read_review_comments(gh, new_reviews, reviews, todo, on_answer)
