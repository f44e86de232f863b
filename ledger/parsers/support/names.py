"""The names a support matrix's row gives beside its subject: its architecture class and its models.

A table's name columns (Architecture, Models, Example) are found from its headers; a table of supported
architectures lists models per class, and what the whole document lists this way (Facts, read once per
document with its footnotes and legend) fills in a row of another matrix that names only one of the two.
"""

from __future__ import annotations

from ledger.memo import short_text_cache
from ledger.parsers.reader.document import Document, Table
from ledger.parsers.support.cells import FOOTNOTE_MARK_RE, SUP_MARK_RE, clean_name, plain
from ledger.parsers.support.notes import footnote_defs, legend
from ledger.vocab.hub_ids import is_hub_id
from ledger.vocab.support import (
    ARCHITECTURE_HEADER_RE,
    EXAMPLE_HEADER_RE,
    MODEL_HEADER_RE,
    is_class_name,
    name_key,
)


class Roles:
    """Which columns of a table hold the architecture class, the model names and checkpoint examples."""

    __slots__ = ("architecture", "examples", "listing", "models")

    def __init__(self, architecture: int | None, models: int | None, examples: int | None, by_id: bool = False) -> None:
        self.architecture = architecture
        self.models = models
        self.examples = examples
        self.listing = (
            architecture if architecture is not None and (models is not None or examples is not None) else None
        )
        """The architecture column of a table of supported architectures (or, `by_id`, the first column of a table
        that lists its models by their hub ids alone), else None."""
        if by_id:
            self.listing = examples


_NO_ROLES = Roles(None, None, None)


def name_columns(table: Table, support_cols: list[int]) -> Roles:
    """The name columns of `table` (none of them a support column), read from the headers; the architecture
    column counts only when most of its cells are class names."""
    taken = set(support_cols)
    arch = models = examples = None
    for ci, raw in enumerate(table.header[:40]):
        if ci in taken or not raw:
            continue
        head = clean_name(raw)
        if arch is None and ARCHITECTURE_HEADER_RE.match(head):
            arch = ci
        elif models is None and MODEL_HEADER_RE.match(head):
            models = ci
        elif examples is None and EXAMPLE_HEADER_RE.match(head):
            examples = ci
    if arch is None and models is None:
        # "| HuggingFace Model ID | Tasks |" over "`Wan-AI/Wan2.2-I2V-A14B-Diffusers` | Image-to-Video": models
        # supported, named by their hub ids alone
        return Roles(None, None, 0, by_id=True) if examples == 0 and _hub_id_rows(table) else _NO_ROLES
    if arch is not None:
        cells = [clean_name(r.cells[arch]) for r in table.rows[:200] if arch < len(r.cells)]
        cells = [c for c in cells if c]
        named = sum(1 for c in cells if names_classes(c))
        if not cells or named * 2 < len(cells):
            arch = None  # "Model Architecture/Feature" over feature names: a combination matrix
    return Roles(arch, models, examples)


def _hub_id_rows(table: Table) -> bool:
    """Most rows' first cell is one hub id and nothing else ("`org/name`")."""
    cells = [clean_name(r.cells[0]) for r in table.rows[:200] if r.cells]
    ids = sum(1 for c in cells if is_hub_id(c))
    return bool(cells) and ids * 2 > len(cells)


@short_text_cache(2048)  # (each subject cell is asked by every row naming it)
def names_classes(cell: str) -> bool:
    """The cell names one or more classes ("`A`, `B`", "Qwen2For{Reward,ProcessReward}Model")."""
    head = cell.split(" (", 1)[0]
    return any(
        is_class_name(p.strip().replace("{", "").replace("}", "").replace(",", "")) for p in head.split(", ")[:8]
    )


def models_text(cells: list[str], roles: Roles) -> str:
    if roles.models is None or roles.models >= len(cells):
        return ""
    return plain(FOOTNOTE_MARK_RE.sub("", SUP_MARK_RE.sub(" ", cells[roles.models]))).strip()


def row_names(cells: list[str], roles: Roles, subject: str, facts: Facts) -> tuple[str | None, str | None]:
    """(architecture, models) for the claims of a row: its own columns first, then the document's listings."""
    architecture = None
    if roles.architecture is not None and roles.architecture != 0 and roles.architecture < len(cells):
        architecture = clean_name(cells[roles.architecture]) or None
    models = models_text(cells, roles) if roles.models not in (None, 0) else ""
    if roles.models is None:  # the table gives no model names: the document's listings may
        if names_classes(subject):
            models = facts.models_of.get(subject, "")
        elif architecture is None:
            architecture = facts.class_of.get(name_key(subject))
    return architecture, models or None


class Facts:
    """What a document says once for all its matrices: footnotes, its legend of marks, its listings."""

    __slots__ = ("class_of", "footnotes", "legend", "models_of")

    def __init__(self, doc: Document) -> None:
        self.footnotes = footnote_defs(doc)
        self.legend = legend(doc)
        self.models_of: dict[str, str] = {}
        """Class name -> its Models cell, from the document's tables of supported architectures."""
        self.class_of: dict[str, str] = {}
        """A model name (as name_key) -> its class, from the same tables."""
        for b in doc.blocks:
            t = b.table
            if t is None or not t.rows:
                continue
            roles = name_columns(t, [])
            if roles.architecture is None or roles.models is None:
                continue
            for r in t.rows:
                if max(roles.architecture, roles.models) >= len(r.cells):
                    continue
                cls = clean_name(r.cells[roles.architecture])
                text = models_text(r.cells, roles)
                if not cls or not text or not names_classes(cls):
                    continue
                self.models_of.setdefault(cls, text)
                for m in text.split(","):
                    k = name_key(m)
                    if k:
                        self.class_of.setdefault(k, cls)
