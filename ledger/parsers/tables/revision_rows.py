"""Rows of a results table that are revisions of the change, measured against an outside reference row or the
change's earlier head:

    | Configuration | Output tokens/s |
    | Engine X TP8 reference | 5100.0 |          <- the reference: the base row of every other row
    | Prior PR head, TP8 / EP8 | 5200.0 |        <- revision "Prior PR head", reference 5100.0
    | This update, same TP8 / EP8 | 5600.0 |     <- revision "This update", reference 5100.0

    | Prior PR head | 4100.0 |                    <- the earlier head: the base row (vocab.input_labels)
    | Updated code | 4400.0 |                     <- revision "Updated code", reference 4100.0

Read as setups, the earlier head ("Prior ...") was the base of every row, the other engine's reference included
(its values set against the PR's own head, an inverted pair), and the two heads' values carried no revision, so that
compare found nothing to pair across them. The words are vocab.revision_rows'."""

from __future__ import annotations

from collections.abc import Iterator

from ledger.model import Claim, Revision
from ledger.vocab.revision_rows import earlier_revision, reference_row, revision_row


def reference_label(labels: list[str]) -> str | None:
    """The one row closing on "reference" beside rows naming revisions of the change: the base of them all."""
    refs = [label for label in labels if reference_row(label)]
    if len(refs) != 1 or not any(revision_row(label) for label in labels if label != refs[0]):
        return None
    return refs[0]


def revision_names(labels: list[str], base_labels: list[str]) -> dict[str, str]:
    """Each result row's revision (by its label) where the rows are revisions measured against `base_labels`' one
    row: an outside reference, or the change's earlier head; {} otherwise."""
    if len(base_labels) != 1:
        return {}
    base = base_labels[0]
    named = {label: name for label in labels if label != base and (name := revision_row(label))}
    if not named:
        return {}
    if reference_row(base):
        return named
    base_name = revision_row(base)
    others = [label for label in labels if label and label != base]
    if base_name and earlier_revision(base_name) and len(named) == len(others):
        return named
    return {}


def on_revision_row(claims: Iterator[Claim], label: str, rev: Revision) -> Iterator[Claim]:
    """The row's values on the revision its label names; the label, the row's name, is no setting of theirs (its
    setup words stay read: "TP8 / EP8"), so that the two revisions' values pair in compare."""
    for c in claims:
        config = {k: v for k, v in c.config.items() if not (k in _LABEL_KEYS and v == label)}
        yield c.model_copy(update={"revision": c.revision if c.revision and c.revision.head else rev, "config": config})


_LABEL_KEYS = frozenset({"row", "variant", "workload"})
"""The keys a row's label is read into, as a whole (tables.row_info)."""
