"""Bracketed lists of values on a line ("Scores: ['0.889', '0.879']", "latency(s)(min, max, ave): [1.2, 3.4, 2.1]")
and the names a label gives to each of them."""

from __future__ import annotations

import re

from ledger.parsers.grammar.numbers import to_float

# "latency(s)(min, max, ave)", "percentile(50, 75, 95, 99)", "quantiles(10, 50, 90)": the names of a list's values
_NAMES_RE = re.compile(r"\((?P<names>[A-Za-z][\w.]{0,12}(?:\s?,\s?[A-Za-z][\w.]{0,12}){1,15})\)\s*$")
_PCT_NAMES_RE = re.compile(
    r"(?:percentiles?|quantiles?|pcts?)\s?\((?P<nums>\d{1,2}(?:\.\d{1,2})?(?:\s?,\s?\d{1,2}(?:\.\d{1,2})?){1,15})\)\s*$",
    re.IGNORECASE,
)


def list_names(label: str) -> tuple[str, list[str]]:
    """A label that names the values of its list: ("first token latency(s)", ["min", "max", "ave"]); percentiles
    become "p50", ...; (label, []) when it names none."""
    m = _PCT_NAMES_RE.search(label)
    if m:
        nums = [x.strip() for x in m.group("nums").split(",")]
        return label[: m.start()].strip(), [f"p{x}" for x in nums]
    m = _NAMES_RE.search(label)
    if m:
        return label[: m.start()].strip(), [x.strip() for x in m.group("names").split(",")]
    return label, []


# "[0.157, 0.165, 0.463]", "['0.767', '0.700']": a bracketed list of numbers (quoted or not)
_ITEM = r"'?[-+]?\d[\d.]*(?:[eE][-+]?\d{1,3})?'?"
_LIST_RE = re.compile(rf"\[\s*(?:{_ITEM}\s*,\s*){{1,63}}{_ITEM}\s*\]")
_ITEM_RE = re.compile(r"[-+]?\d[\d.]*(?:[eE][-+]?\d{1,3})?")
# "Scores: ['0.690', '0.712', '0.705', '0." at a line's end: a list of quoted values an excerpt cut short; its whole
# items (each closed by its quote) are read as the closed list's would be, the one cut inside its quotes is not
_NUM = r"[-+]?\d[\d.]{0,30}(?:[eE][-+]?\d{1,3})?"
_OPEN_LIST_RE = re.compile(rf"\[\s*(?:'{_NUM}'\s*,\s*){{1,63}}'[-+]?[\d.]{{0,30}}\s*$")
_QUOTED_RE = re.compile(rf"'(?P<v>{_NUM})'")


def list_at(text: str, pos: int) -> list[tuple[float, int, int]] | None:
    """The values of a bracketed list of numbers starting at pos (after blanks), with their spans."""
    j = pos
    while j < len(text) and text[j] in " \t":
        j += 1
    if j >= len(text) or text[j] != "[":
        return None
    m = _LIST_RE.match(text, j)
    if m is None:
        return _open_list(text, j)
    out = []
    for im in _ITEM_RE.finditer(text, m.start(), m.end()):
        v = to_float(im.group(0))
        if v is not None:
            out.append((v, im.start(), im.end()))
    return out or None


def _open_list(text: str, j: int) -> list[tuple[float, int, int]] | None:
    """The whole items of a quoted list cut open at the line's end (_OPEN_LIST_RE), else None."""
    m = _OPEN_LIST_RE.match(text, j)
    if m is None:
        return None
    out = []
    for qm in _QUOTED_RE.finditer(text, m.start(), m.end()):
        v = to_float(qm.group("v"))
        if v is not None:
            out.append((v, qm.start("v"), qm.end("v")))
    return out or None
