"""Reading GitHub's GraphQL API: a description's edit history."""

from __future__ import annotations

from typing import Any

from ledger.errors import FetchError
from ledger.github.client import MAX_PAGES, GitHub
from ledger.github.models import validated
from ledger.github.store import Edit
from ledger.github.text import normalise
from ledger.identity import PullRef

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
            edits.append(Edit(str(at), (node["editor"] or {}).get("login"), normalise(node["diff"])))
        page_info = conn.get("pageInfo")
        info: dict[str, Any] = page_info if isinstance(page_info, dict) else {}
        if not info.get("hasNextPage") or not info.get("endCursor"):
            break
        after = str(info["endCursor"])
    edits.sort(key=lambda e: e.at)  # GitHub lists them newest first
    return edits
