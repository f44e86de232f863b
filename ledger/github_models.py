"""What the ledger reads of GitHub's answers, as pydantic models: exactly the fields it uses, each of the
type GitHub documents, everything else ignored.

An answer that is not in this shape (a list where a string belongs, an object for a sha) fails its
validation, which costs that pull request, comment or edit one line, not the run. Strings are kept as
GitHub sent them except for lone surrogates (JSON can carry `\\ud800`; no database or terminal can):
they become U+FFFD in every field but the texts we parse, where the caller replaces them with a warning.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

_SURROGATE_RE = re.compile("[\ud800-\udfff]")


def _no_surrogates(value: str) -> str:
    return _SURROGATE_RE.sub("\ufffd", value)


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
