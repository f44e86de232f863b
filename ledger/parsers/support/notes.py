"""What a document says about its support matrices outside them: footnote definitions and its legend of marks.

`[^2]: text`, vLLM's `<sup>^</sup> text`, an escaped star opening a line (`\\* text`) define the notes that
marked cells carry; a line such as "- 🚧 means planned, not yet supported" gives a mark its meaning on this
page, and one such as `"-" means not verified yet` makes a placeholder a cell (of the table just above it and
of every table after it: a key under a table is that table's caption). Read once per document
(ledger/parsers/support/names.py's Facts) and resolved per matrix.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from ledger.parsers.reader.document import Block, Document
from ledger.parsers.support.cells import MARK_VALUES, is_mark, plain
from ledger.vocab.support import PLACEHOLDERS, value_of_meaning

_FOOTNOTE_DEF_RE = re.compile(r"^ {0,3}\[\^([\w.-]{1,24})\]:[ \t]*(.*)$")
_SUP_DEF_RE = re.compile(
    r"^[ \t]{0,3}(?:[-*][ \t]+)?<sup>[ \t]{0,3}([^<>\s]{1,12})[ \t]{0,3}</sup>[ \t]*(.*)$", re.IGNORECASE
)
"""vLLM's footnotes: `<sup>^</sup> You need to set ...</br>` under the tables that carry the mark."""
_STAR_DEF_RE = re.compile(r"^\\(\*)[ \t]+(.*)$")
"""An escaped star opening a line (`\\* Only for causal pooling.`) explains the cells marked `🟠\\*`."""


def footnotes(doc: Document, after: int = 0) -> dict[str, str]:
    """The document's footnote definitions, `[^id]: text` -> {id: text}.

    When an id is defined twice (pages pasted together), the first definition after line `after`
    wins, else the last one before it.
    """
    return pick_footnotes(footnote_defs(doc), after)


def footnote_defs(doc: Document) -> dict[str, list[tuple[int, str]]]:
    """Every footnote definition of the document: {id: [(line, text), ...]} in line order."""
    found: dict[str, list[tuple[int, str]]] = {}
    for no, line in enumerate(doc.lines, 1):
        head = line[:12]
        if "[^" in head:
            m = _FOOTNOTE_DEF_RE.match(line[:20_000])
        elif "<sup>" in head.lower():
            m = _SUP_DEF_RE.match(line[:20_000])
        elif head.startswith("\\*"):
            m = _STAR_DEF_RE.match(line[:20_000])
        else:
            continue
        text = _without_breaks(m.group(2)) if m else ""
        if m and text:
            found.setdefault(m.group(1), []).append((no, plain(text)))
    return found


def _without_breaks(text: str) -> str:
    """The text without the `</br>` tags it ends with (stripped from the end by hand: a pattern anchored at the
    end would be tried from every blank of a long run)."""
    t = text.rstrip()
    while True:
        low = t[-6:].lower()
        cut = next((len(tag) for tag in ("</br>", "<br>", "<br/>", "<br />") if low.endswith(tag)), 0)
        if not cut:
            return t
        t = t[:-cut].rstrip()


def pick_footnotes(found: dict[str, list[tuple[int, str]]], after: int) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, defs in found.items():
        later = [text for no, text in defs if no > after]
        out[key] = later[0] if later else defs[-1][1]
    return out


_LEGEND_RE = re.compile(
    r"^[ \t]{0,8}(?:[-*+•][ \t]+)?(?:\*\*)?([" + "".join(MARK_VALUES) + r"])"
    r"[\ufe0e\ufe0f]?(?:\*\*)?[ \t]*(?:[=:–—-][ \t]*)?(\S.{1,200})$"
)
_LEAD_RE = re.compile(r"^[ \t]{0,8}(?:[-*+•][ \t]+)?(?:\*\*)?")
_LABEL_RE = re.compile(r"^[A-Za-z][A-Za-z ]{0,30}(?:\*\*)?:(?:\*\*)?[ \t]+")
"""A legend's own label before its marks on one line ("Legend: ✅ = works, 🔵 = experimental")."""
_PAIR_SEP_RE = re.compile(
    r"[\ufe0e\ufe0f]?(?:\*\*)?[ \t]*(?:[=:–—-]|(?=(?:means|indicates|denotes|stands for)\b))[ \t]*", re.IGNORECASE
)
"""What parts a mark from its words: a sign, or a word that says it explains the mark."""
_MARK_LABEL_RE = re.compile(r"[\ufe0e\ufe0f]?(?:\*\*)?[ \t]*([A-Za-z][\w /-]{0,30}?)(?:\*\*)?[ \t]*:[ \t]*(?=\S)")
"""A mark's label, then a colon before its meaning ("🔵 Experimental: may change"): the label is the words' head."""


def legend(doc: Document) -> dict[str, tuple[str, str | None]]:
    """The page's own key to its marks ("- 🚧 = planned, not yet supported", "Legend: ✅ = works, 🔵 = experimental"),
    mark -> (value, note); the first line that explains a mark wins. A mark of the page's own (a coloured circle)
    counts where a sign or word parts it from its meaning, or a label and a colon ("🔵 Experimental: may change").
    Table rows are no legend."""
    out: dict[str, tuple[str, str | None]] = {}
    for line in doc.lines:
        head = line.lstrip(" \t-*+•")[:1]
        if not (is_mark(head) or (head.isalpha() and ":" in line[:45])):
            continue  # (a table row, prose: no legend)
        for mark, words in legend_pairs(line[:300]):
            if mark in out:
                continue
            meaning = value_of_meaning(plain(words))
            if meaning is not None:
                out[mark] = meaning
    return out


def legend_pairs(line: str) -> list[tuple[str, str]]:
    """The (mark, words) pairs one legend line gives: one mark opening it, or several after a label."""
    if line.lstrip(" \t-*+•")[:1] in MARK_VALUES and (m := _LEGEND_RE.match(line)) and not _more_pairs(m.group(2)):
        return [(m.group(1), m.group(2))]  # ("- 🚧 planned": one of ours needs no sign)
    s = line[_LEAD_RE.match(line).end() :]  # type: ignore[union-attr]  # (it matches the empty string)
    if s[:1].isalpha():
        label = _LABEL_RE.match(s)
        if label is None:
            return []
        s = s[label.end() :]
    starts: list[tuple[int, int]] = []  # (the mark's place, where its words begin)
    for i, ch in enumerate(s):
        if is_mark(ch) and (i == 0 or s[i - 1] in " \t,;|·(*"):
            sep = _PAIR_SEP_RE.match(s, i + 1)
            if sep is not None and sep.end() > i + 1 and sep.end() < len(s):
                starts.append((i, sep.end()))
            elif label := _MARK_LABEL_RE.match(s, i + 1):
                starts.append((i, label.start(1)))  # ("🔵 Experimental: may change": its words keep the label)
    if not starts or starts[0][0] != 0:
        return []
    ends = [i for i, _ in starts[1:]] + [len(s)]
    return [(s[i], s[w:end].strip(" \t,;|·*")) for (i, w), end in zip(starts, ends, strict=True)]


def _more_pairs(words: str) -> bool:
    """Whether a legend line's words hold another mark with its own sign ("works, 🔵 = experimental")."""
    return any(is_mark(ch) and _PAIR_SEP_RE.match(words, i + 1) for i, ch in enumerate(words) if ch > "\u2000")


_HOLDER = "(" + "|".join(re.escape(p) for p in PLACEHOLDERS) + ")"
# `"-" means not verified yet`, "- `?`: unknown", "**-** = not tested": a quoted placeholder opening a line
_QUOTED_HOLDER_RE = re.compile(
    r"^[ \t]{0,8}(?:[-*+•][ \t]+)?(?:\*\*" + _HOLDER + r"\*\*|(?:\*\*)?[\"'`“‘]" + _HOLDER + r"[\"'`”’](?:\*\*)?)"
    r"[ \t]*(?:[=:–—-][ \t]*)?(\S.{1,200})$"
)
# "- means not verified yet", "? = unknown": a bare one, then only with a word or sign that it is explained
_BARE_HOLDER_RE = re.compile(
    r"^[ \t]{0,8}" + _HOLDER + r"[ \t]+(?=means\b|indicates\b|denotes\b|stands for\b|=)(\S.{1,200})$", re.IGNORECASE
)

Meaning = tuple[str, str | None]
Placeholders = list[tuple[int, str, Meaning]]
"""(line, placeholder, (value, note)) for each legend line that explains a placeholder."""


class PlaceholderKey:
    """A page's placeholder legend lines, laid out once so that each table finds its own in logarithmic time (a
    page of many tables and many legend lines is not read tables x lines times)."""

    __slots__ = ("bounds", "found", "lines", "upto")

    def __init__(self, doc: Document) -> None:
        self.found = placeholder_legend(doc)
        self.lines = [no for no, _, _ in self.found]
        self.upto: list[dict[str, Meaning]] = []
        """After each legend line, every placeholder's meaning so far (the latest line wins)."""
        acc: dict[str, Meaning] = {}
        for _, holder, meaning in self.found:
            acc = {**acc, holder: meaning}  # (a handful of placeholders: a small copy per line)
            self.upto.append(acc)
        self.bounds = sorted(b.start for b in doc.blocks if b.kind in ("heading", "table")) if self.found else []

    def of(self, table: Block) -> dict[str, Meaning]:
        """What each placeholder means in `table`: the last legend line before it, else a line right under it
        (before the next heading or table)."""
        if not self.found:
            return {}
        i = bisect_left(self.lines, table.start)
        out = dict(self.upto[i - 1]) if i else {}
        k = bisect_right(self.bounds, table.end)
        stop = self.bounds[k] if k < len(self.bounds) else self.lines[-1] + 1
        for j in range(bisect_right(self.lines, table.end), len(self.lines)):
            no, holder, meaning = self.found[j]
            if no >= stop:
                break
            out.setdefault(holder, meaning)
        return out


def placeholder_legend(doc: Document) -> Placeholders:
    """The lines that say what a placeholder cell stands for, in line order."""
    out: Placeholders = []
    for no, line in enumerate(doc.lines, 1):
        if not any(p in line[:16] for p in PLACEHOLDERS):
            continue
        m = _QUOTED_HOLDER_RE.match(line[:300])
        holder, words = (m.group(1) or m.group(2), m.group(3)) if m else (None, None)
        if m is None and (m := _BARE_HOLDER_RE.match(line[:300])):
            holder, words = m.group(1), m.group(2)
        meaning = value_of_meaning(plain(words)) if words else None
        if holder and meaning is not None:
            out.append((no, holder, meaning))
    return out
