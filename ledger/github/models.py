"""What the ledger reads of GitHub's answers, as pydantic models: exactly the fields it uses, each of the
type GitHub documents, everything else ignored.

An answer that is not in this shape (a list where a string belongs, an object for a sha) fails its
validation, which costs that pull request, comment or edit one line, not the run. Strings are kept as
GitHub sent them except for lone surrogates (JSON can carry `\\ud800`; no database or terminal can):
they become U+FFFD in every field but the texts we parse, where the caller replaces them with a warning.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from ledger.errors import FetchError
from ledger.github.text import neutral, replace_surrogates


def _no_surrogates(value: str) -> str:
    return replace_surrogates(value)[0]


Text = Annotated[str, AfterValidator(_no_surrogates)]
"""A short string (a login, a title, a time): lone surrogates replaced."""
Sha = Annotated[str, Field(pattern=r"^[0-9a-fA-F]{7,64}$")]


class _Model(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class User(_Model):
    login: Text | None = None


class Label(_Model):
    name: Text | None = None


class Ref(_Model):
    sha: Sha | None = None
    ref: Text | None = None


class Pull(_Model):
    """REST `GET /repos/{owner}/{repo}/pulls/{n}`."""

    number: int
    title: Text | None = None
    state: Text | None = None
    html_url: Text | None = None
    user: User | None = None
    body: str | None = None
    labels: list[Label] = Field(default_factory=list)
    created_at: Text | None = None
    updated_at: Text | None = None
    merged_at: Text | None = None
    head: Ref | None = None
    base: Ref | None = None


class Comment(_Model):
    """REST `GET /repos/{owner}/{repo}/issues/{n}/comments`, one item."""

    id: int
    body: str | None = None
    user: User | None = None
    html_url: Text | None = None
    created_at: Text | None = None
    updated_at: Text | None = None


class CommitPerson(_Model):
    name: Text | None = None
    date: Text | None = None


class CommitDetail(_Model):
    message: Text | None = None
    author: CommitPerson | None = None
    committer: CommitPerson | None = None


class Commit(_Model):
    """REST `GET /repos/{owner}/{repo}/pulls/{n}/commits`, one item."""

    sha: Sha
    commit: CommitDetail | None = None
    author: User | None = None


class CommitSha(_Model):
    """A commit of which only the sha is usable."""

    sha: Sha


class Edit(_Model):
    """GraphQL `UserContentEdit`: `diff` is the full text after the edit."""

    editedAt: Text | None = None
    createdAt: Text | None = None
    deletedAt: Text | None = None
    editor: User | None = None
    diff: str | None = None


class Review(_Model):
    """GraphQL `PullRequestReview` (a review's body and verdict)."""

    id: Text
    databaseId: int | None = None
    url: Text | None = None
    author: User | None = None
    state: Text | None = None
    submittedAt: Text | None = None
    createdAt: Text | None = None
    body: str | None = None


class ReviewComment(_Model):
    """GraphQL `PullRequestReviewComment` (a comment on a line of the diff)."""

    databaseId: int
    url: Text | None = None
    author: User | None = None
    createdAt: Text | None = None
    updatedAt: Text | None = None
    body: str | None = None
    path: Text | None = None
    line: int | None = None
    originalLine: int | None = None


class CheckContext(_Model):
    """One entry of a commit's `statusCheckRollup.contexts`: a check run or a commit status."""

    typename: Text = Field(alias="__typename")
    name: Text | None = None
    status: Text | None = None
    conclusion: Text | None = None
    detailsUrl: Text | None = None
    context: Text | None = None
    state: Text | None = None
    targetUrl: Text | None = None


MODELS: dict[str, type[_Model]] = {
    m.__name__: m for m in (Pull, Comment, Commit, CommitSha, Edit, Review, ReviewComment, CheckContext)
}


def validated(model: str, data: object, where: str) -> dict[str, Any]:
    """`data` checked against the model of what we read of it (one of MODELS), as a plain dict of
    exactly those fields; a FetchError of one line naming the fields that are not what GitHub documents."""
    try:
        return dict(MODELS[model].model_validate(data).model_dump(by_alias=True))
    except ValidationError as exc:
        # the same words whether GitHub sent it now or a file (gh JSON, github-to-sqlite) holds what it sent
        raise FetchError(
            f"{neutral(where)[:200]}: not a {model.lower()} as GitHub writes one ({_errors_text(exc)})"
        ) from None
    except RecursionError:
        raise FetchError(f"{neutral(where)[:200]}: nested too deeply to be read") from None


def _errors_text(exc: ValidationError) -> str:
    parts = []
    for e in exc.errors()[:3]:
        loc = ".".join(str(p) for p in e.get("loc", ())) or "answer"
        parts.append(f"{loc}: {e.get('msg', 'invalid')}")
    more = exc.error_count() - len(parts)
    return neutral("; ".join(parts) + (f"; {more} more" if more > 0 else ""))[:300]
