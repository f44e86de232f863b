"""A commit's check runs and statuses as gates: what CI recorded, next to what the text states.

The checks GitHub reports for a PR's head commit become one document, `owner/name#N/checks/SHA`
(kind `checks`, linked to the PR), whose text is one line per check and whose claims are gates tied
to that commit: `metric` the check's name, `sha` and `revision.head` the commit, `config.source`
"GitHub checks", `outcome` from GitHub's words (SUCCESS is pass; FAILURE, TIMED_OUT, ERROR and
STARTUP_FAILURE fail; SKIPPED, NEUTRAL, STALE and ACTION_REQUIRED are not_verified, since CI did not
verify anything; CANCELLED and anything not finished is not_run). A re-run that changes an outcome is
a new version of the document, so the history of a head's checks is kept like any text's.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from ledger.github.models import validated
from ledger.github.text import neutral
from ledger.identity import PullRef

if TYPE_CHECKING:
    from ledger.db.writes import PreparedVersion

SOURCE = "GitHub checks"
PARSER = "github-checks/1"
_OUTCOMES = {
    "SUCCESS": "pass",
    "FAILURE": "fail",
    "TIMED_OUT": "fail",
    "ERROR": "fail",
    "STARTUP_FAILURE": "fail",
    "SKIPPED": "not_verified",
    "NEUTRAL": "not_verified",
    "STALE": "not_verified",
    "ACTION_REQUIRED": "not_verified",
    "CANCELLED": "not_run",
}


def checks_key(pull: PullRef, sha: str) -> str:
    return f"{pull.key}/checks/{sha}"


def outcome(word: str | None) -> str:
    """GitHub's conclusion (a check run) or state (a status) as a gate outcome."""
    return _OUTCOMES.get((word or "").upper(), "not_run")


def checks_version(
    pull: PullRef, sha: str, contexts: list[Any], parser_version: str, warnings: list[str]
) -> PreparedVersion | None:
    """The checks document's text and gates for `sha`; None when there are no checks. A context not in
    GitHub's documented shape is skipped with a warning."""
    from ledger.db.writes import DocumentIdentity, PreparedVersion
    from ledger.model import Claim, Revision, Source

    lines = [f"# {SOURCE} of {pull.key} at {sha}"]
    claims = []
    for raw in contexts:
        try:
            c = validated("CheckContext", raw, f"{pull.key}: a check of {sha[:12]}")
        except Exception as exc:
            warnings.append(f"{exc}; that check is skipped")
            continue
        run = c["__typename"] == "CheckRun"
        name = neutral(c["name"] if run else c["context"]) or "(unnamed)"
        word = (c["conclusion"] or c["status"]) if run else c["state"]
        shown = f"{c['status']}, {c['conclusion']}" if run and c["conclusion"] else str(word)
        line = f"{'check run' if run else 'commit status'}: {name}: {neutral(shown)}"
        lines.append(line)
        n = len(lines)
        claims.append(
            Claim(
                kind="gate",
                metric=name,
                outcome=outcome(word),  # type: ignore[arg-type]
                outcome_text=neutral(shown),
                sha=sha,
                revision=Revision(label=SOURCE, head=sha),
                config={"source": SOURCE, "check": "check run" if run else "commit status"},
                source=Source(path=SOURCE, line=n, line_end=n, text=line, section=[SOURCE]),
                parser=PARSER,
            ).to_json_dict()
        )
    if not claims:
        return None
    text = "\n".join(lines) + "\n"
    key = checks_key(pull, sha)
    identity = DocumentIdentity(key=key, repo=pull.repo, pr=pull.number, title=f"{SOURCE} at {sha[:10]}")
    return PreparedVersion(
        identity=identity,
        sha256=hashlib.sha256(text.encode()).hexdigest(),
        text=text,
        parser_version=f"{PARSER};{parser_version}",
        claims=claims,
        format="markdown",
        source_path=SOURCE,
        sections=[(1, "heading", 1, lines[0][2:], [lines[0][2:]])],
        revisions=[(SOURCE, sha, None, 1, len(lines))],
    )
