"""Row labels a list defines with their setup, as a legend does:

    - `single`: client concurrency 1, 8 requests per round
    - `batch`: client concurrency 4, 16 requests per round

    | Path | Backend | TTFT main (ms) | TTFT pr (ms) |
    | single | shm | 2280 | 2047 |

A row that says only `single` was run at what the list says `single` means (concurrency 1). The label is one short
word, written as code, in bold or bare before a colon; an item whose text states no setup (`- warm: the cache filled
first`) defines nothing, and a label the text defines twice with different setups is left alone (which one a row
meant is not said). One pass after all readers serves every table shape whose row name lands in the claim's config.
"""

from __future__ import annotations

import re

from ledger.model import Claim
from ledger.parsers.reader.blocks import Document
from ledger.vocab.length_pairs import natural_lengths_beside
from ledger.vocab.setup import qualifiers

# "- `single`: …", "* **batch** = …", "- solo: …": the label, its separator, the text that defines it
_ITEM_RE = re.compile(
    r"^\s{0,3}[-*+]\s{1,3}(?:`(?P<code>[\w.+-]{1,24})`|\*\*(?P<bold>[\w.+-]{1,24})\*\*|(?P<bare>[\w.+-]{1,24}))"
    r"\s{0,2}(?:[:=]|\s[-–—])\s{1,3}(?P<text>\S.{0,300})$"
)
_PART_SPLIT_RE = re.compile(r"\s/\s")
# "* **C1** & **C2** – **low concurrency**: `reqs = 8`", "**L1** with `reqs = 16`, `con = 4`; **L2** with ...": one or
# more labels in bold or code, joined, then what defines them, up to the clause's end (a list's item or a sentence)
_LABEL = r"(?:\*\*[\w.+-]{1,24}\*\*|`[\w.+-]{1,24}`)"
_GROUP_RE = re.compile(
    rf"(?P<labels>{_LABEL}(?:\s{{0,2}}(?:&|and|,|/)\s{{0,2}}{_LABEL}){{0,7}})"
    r"\s{0,2}(?:[:=]|[-–—]|with\b)\s{1,3}(?P<text>[^;\n]{1,300})"
)
_GROUP_LABEL_RE = re.compile(r"[\w.+-]{1,24}")


def _legends(doc: Document) -> dict[str, dict[str, str]]:
    """Each label the document's list items define with setup, lower case, and that setup."""
    found: dict[str, dict[str, str]] = {}
    clashes: set[str] = set()
    for line in doc.lines:
        if not any(map(line.__contains__, (":", "=", " -", " –", " —", " with "))):
            continue
        for label, text in _defined(line):
            setup = qualifiers(text)
            if natural_lengths_beside(text):  # ("at natural lengths and forced 512-token output": two runs)
                setup = {k: v for k, v in setup.items() if k not in ("isl", "osl")}
            # (no setup stated; a number, a column's value; or a label that names a setup itself, "fp8", read where
            # it is written)
            if not setup or not any(map(str.isalpha, label)) or qualifiers(label):
                continue
            if label in found and found[label] != setup:
                clashes.add(label)
            found[label] = setup
    return {k: v for k, v in found.items() if k not in clashes}


def _defined(line: str) -> list[tuple[str, str]]:
    """(label, defining text) for each label `line` defines: a list item's one label (_ITEM_RE), else each group of
    bold or code labels a clause defines together (_GROUP_RE), every label of a group with its clause's text."""
    m = _ITEM_RE.match(line)
    if m is not None:
        return [((m.group("code") or m.group("bold") or m.group("bare")).lower(), m.group("text"))]
    if "**" not in line and "`" not in line:
        return []
    return [
        (label.lower(), g.group("text"))
        for g in _GROUP_RE.finditer(line[:2000])
        for label in _GROUP_LABEL_RE.findall(g.group("labels"))
    ]


def _row_in_name(metric: str) -> str:
    """The row a metric's name carries at its end, "Median TPOT (ms) (1 / single / shm)": where a reader named the
    claim by its row instead of writing the row in its config."""
    if not metric.endswith(")") or " / " not in metric:
        return ""
    return metric[metric.rfind("(") + 1 : -1]


def on_row_legends(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims with the setup a list defines for a label one of their config's values holds (see the module);
    what the claim states already is kept."""
    if not claims:
        return claims
    legends = _legends(doc)
    if not legends:
        return claims
    out = []
    for c in claims:
        add: dict[str, str] = {}
        for v in (*c.config.values(), _row_in_name(getattr(c, "metric", None) or "")):
            for part in _PART_SPLIT_RE.split(str(v)):
                setup = legends.get(part.strip(" *_`").lower())
                if setup is not None:
                    add.update((k, x) for k, x in setup.items() if k not in c.config)
        if add:
            c = c.model_copy(update={"config": {**c.config, **add}})
        out.append(c)
    return out
