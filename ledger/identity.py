"""Names of things on GitHub and in the ledger, in one grammar: repositories, pull-request references,
document keys. Ingest (`--repo`, `--url`), fetch (its targets) and every `--document` option read them here.

    parse_repo("vllm-project/vllm")                          -> "vllm-project/vllm"
    parse_pull("NVIDIA/TensorRT-LLM#4821")                   -> PullRef("NVIDIA/TensorRT-LLM", 4821)
    parse_pull("#4821", repo="NVIDIA/TensorRT-LLM")          -> the same
    parse_pull("https://github.com/o/n/pull/3/files")        -> PullRef("o/n", 3)
    parse_pull("https://ghe.example.com/api/v3/repos/o/n/pulls/3")  (GitHub Enterprise, API URLs too)
    comment_key(PullRef("o/n", 3), 99)                       -> "o/n#3/comment/99"

A repository is `OWNER/NAME`, each part GitHub's own rule: ASCII letters, digits, `-`, `_` and `.`, 1 to
100 of them, and not `.` or `..` alone (those are paths, not names: `owner/..` would climb out of the
repository in a URL). Depends on nothing of ours but the errors, so every layer may use it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ledger.errors import UsageError

__all__ = [
    "STDIN_NAME",
    "PullRef",
    "comment_key",
    "document_key",
    "is_repo",
    "parse_pull",
    "parse_repo",
    "parse_target",
    "pull_from_url",
    "pull_key",
    "review_comment_key",
    "review_key",
]

STDIN_NAME = "<stdin>"
MAX_NUMBER_DIGITS = 9

_PART = r"[A-Za-z0-9_.-]{1,100}"
_REPO = rf"(?P<repo>{_PART}/{_PART})"
_NUMBER = rf"(?P<number>\d{{1,{MAX_NUMBER_DIGITS}}})"
_REPO_RE = re.compile(_REPO)
_REF_RE = re.compile(rf"{_REPO}?#{_NUMBER}")
_WEB_URL_RE = re.compile(rf"https?://[A-Za-z0-9.:\[\]-]{{1,255}}/{_REPO}/pulls?/{_NUMBER}(?:[/?#][^\s]{{0,4000}})?")
_API_URL_RE = re.compile(
    rf"https?://[A-Za-z0-9.:\[\]-]{{1,255}}(?:/api/v3)?/repos/{_REPO}/pulls/{_NUMBER}"
    r"(?:[/?#][^\s]{0,4000})?"
)
_LONGEST = 10_000
"""Longer text is no name of ours; refused before any pattern runs (they are linear anyway)."""


@dataclass(frozen=True)
class PullRef:
    """One pull request: `owner/name` and its number."""

    repo: str
    number: int

    @property
    def key(self) -> str:
        """The PR's document key, `owner/name#N`."""
        return pull_key(self.repo, self.number)


def is_repo(text: str) -> bool:
    """Whether `text` is exactly a repository name, `OWNER/NAME`."""
    return len(text) <= 201 and _REPO_RE.fullmatch(text) is not None and _parts_ok(text)


def _parts_ok(repo: str) -> bool:
    return all(part not in (".", "..") for part in repo.split("/"))


def parse_repo(text: str, option: str = "--repo") -> str:
    """`text` as a repository name, exactly as given, or a UsageError naming `option`."""
    if not is_repo(text):
        raise UsageError(
            f"{option} {text[:200]!r}: expected OWNER/NAME (letters, digits, '-', '_', '.'; not '.' or '..')"
        )
    return text


def pull_from_url(url: str) -> PullRef | None:
    """The pull request a github.com, GitHub Enterprise or API URL names, or None when it names none."""
    u = url.strip()
    if len(u) > _LONGEST:
        return None
    m = _WEB_URL_RE.fullmatch(u) or _API_URL_RE.fullmatch(u)
    if m is None or not _parts_ok(m.group("repo")):
        return None
    number = int(m.group("number"))
    return PullRef(m.group("repo"), number) if number > 0 else None


def parse_pull(text: str, repo: str | None = None) -> PullRef:
    """`owner/name#N`, `#N` with `repo`, or a pull-request URL, as a PullRef; a UsageError otherwise."""
    t = text.strip()
    if len(t) <= _LONGEST:
        m = _REF_RE.fullmatch(t)
        if m is not None:
            name = m.group("repo") or repo
            if name is None:
                raise UsageError(f"{text[:200]!r}: a bare #N needs the repository (OWNER/NAME#N or --repo)")
            number = int(m.group("number"))
            if number <= 0:
                raise UsageError(f"{text[:200]!r}: expected a positive pull-request number")
            if not is_repo(name):
                raise UsageError(f"{text[:200]!r}: {name[:200]!r} is not a repository name")
            return PullRef(name, number)
        found = pull_from_url(t)
        if found is not None:
            return found
    raise UsageError(f"{text[:200]!r}: expected OWNER/REPO#N or a pull-request URL")


def parse_target(text: str) -> PullRef | str:
    """A fetch target: `owner/name#N` or a PR URL gives a PullRef; `owner/name` the repository (a bulk fetch)."""
    t = text.strip()
    if is_repo(t):
        return t
    try:
        return parse_pull(t)
    except UsageError:
        raise UsageError(f"{text[:200]!r}: expected OWNER/REPO#N, a pull-request URL, or OWNER/REPO") from None


def pull_key(repo: str, number: int) -> str:
    return f"{repo}#{number}"


def comment_key(pull: PullRef, comment_id: int) -> str:
    """An issue comment's document key: `owner/name#N/comment/ID`."""
    return f"{pull.key}/comment/{comment_id}"


def review_key(pull: PullRef, review_id: int) -> str:
    """A review's document key (its body): `owner/name#N/review/ID`."""
    return f"{pull.key}/review/{review_id}"


def review_comment_key(pull: PullRef, comment_id: int) -> str:
    """A review comment's document key (a comment on a line of the diff): `owner/name#N/review-comment/ID`."""
    return f"{pull.key}/review-comment/{comment_id}"


def document_key(path: str, repo: str | None, pr: int | None, url: str | None, repo_path: str | None = None) -> str:
    """An ingested document's key: `owner/name#N` (or `#N`) when it names a PR, else `owner/name:PATH` when the
    user gives the file's path in the repository (--repo-path), else its URL, else its path as given,
    normalised (`-` is stdin). A file of a repository given without its path there is keyed by its own path:
    the repository is an attribute of the document, not a prefix of a local path."""
    if repo and pr is not None:
        return pull_key(repo, pr)
    if pr is not None:
        return f"#{pr}"
    if repo and repo_path:
        return f"{repo}:{repo_path}"
    if url:
        return url.strip()
    return STDIN_NAME if path == "-" else os.path.normpath(path)


_README_RE = re.compile(r"readme(?:\.[a-z]{1,10})?", re.IGNORECASE)
_FILE_KEY_RE = re.compile(r"[\w.-]{1,100}/[\w.-]{1,100}:[^/]")


def names_a_readme(path: str | None) -> bool:
    """The file is a repository's README ("README.md", "docs/readme.rst"): a page of a repository, no pull request."""
    return path is not None and _README_RE.fullmatch(os.path.basename(path)) is not None


def names_a_repository_file(key: str, repo_path: str | None = None) -> bool:
    """The document is a file of a repository (--repo-path, its key `owner/name:path`), not a pull request's thread."""
    return repo_path is not None or _FILE_KEY_RE.match(key) is not None
