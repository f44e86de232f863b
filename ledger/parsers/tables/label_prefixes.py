"""A word every row label opens with, "v1. main branch" over "v1. this PR w/o cache", "sglang_original" beside
"sglang_optimized": the rows' common tag (the engine, the stack they ran on), no part of the side each names.

Apart from results.py because it reads the labels of the whole table at once, before any row is read: the rest of
each label names its side (the baseline, "main branch", "original"), as it would with no tag before it."""

from __future__ import annotations

import re

from ledger.vocab.setup import BASELINE_LABEL_RE
from ledger.vocab.sides import side_of

# "v1. ", "sglang_", "eng-", "run: ": a short tag and the mark that ends it (a bare space ends no tag: "main branch")
_TAG_RE = re.compile(r"[A-Za-z0-9]{1,12}(?:\. |_|-|: )")


def shared_tag(labels: list[str]) -> str:
    """The tag every named row opens with, where the rest of some label names the baseline and no whole label does
    ("v1. main branch (no cache)"); "" for labels that name their sides whole ("main", "tuned_v2" beside "tuned")."""
    named = [label for label in labels if label]
    if len(named) < 2 or (m := _TAG_RE.match(named[0])) is None:
        return ""
    tag = m.group(0)
    if side_of(tag.rstrip(" ._:-")) is not None:
        return ""  # ("PR: Baseline" beside "PR: This PR": the author's runs, told from a reviewer's by the tag)
    if not all(label.startswith(tag) and label[len(tag) :].strip() for label in named):
        return ""
    rests = [label[len(tag) :].strip() for label in named]
    if len(set(rests)) < 2 or any(BASELINE_LABEL_RE.match(label) for label in named):
        return ""
    return tag if any(BASELINE_LABEL_RE.match(rest) for rest in rests) else ""


def without_shared_tag(labels: list[str]) -> list[str]:
    """The labels with their shared tag taken off (shared_tag); the labels as they are where there is none."""
    tag = shared_tag(labels)
    return [label[len(tag) :].strip() if label else label for label in labels] if tag else labels
