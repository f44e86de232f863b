"""Value columns tagged by a side the text's legend defines:

    | Concurrency | TTFT (ms) [B] | TTFT (ms) [P] |      B = baseline (main @ 3c5e7a9), P = this PR (8d0f2b4).
    | Batch | Output tok/s (A) | Output tok/s (B) |     under "... (A: main, B: with this PR):"
    | Metric | N | P |                                 N is the nightly wheel (main at 3c5e7a9); P is this branch ...
    | Shape | base (us) | opt (us) |                     base = main at 3c5e7a9, opt = this PR at 8d0f2b4.

A tag is a short word standing at a header's end in brackets, or as the header's first or last word, or as the whole
header. Where the lines right above or below the table define two tags, one as the base side (main, baseline,
nightly) and the other as the candidate (this PR, this branch), and the value columns carry them in pairs of one
measure, the tags are those sides: the base column is the baseline, the other column its candidate, measured on the
revision the legend gives it (its head, and the base's head as its base). A legend that names no side ("S = strict")
is tables.side_marks' reading; tags no legend defines are left as they are."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.model import Revision
from ledger.parsers.grammar.revision_labels import line_label, parse_label
from ledger.parsers.reader.document import Table
from ledger.parsers.tables.cells import clean
from ledger.vocab.sides import side_of

# "TTFT (ms) [B]", "Output tok/s (A)": a tag in brackets closing the header
_BRACKET_TAG_RE = re.compile(r"^(?P<rest>.{0,80}?)\s?[(\[](?P<tag>[A-Za-z]{1,7}\d?)[)\]]$")
# "base (us)", "TTFT opt", "N": a short word opening or closing the header, or the header alone
_WORD_TAG_RE = re.compile(r"[A-Za-z]{1,7}\d?")
_UNIT_PAREN_RE = re.compile(r"\s?[(\[][^()\[\]]{1,24}[)\]]$")
# a tag and what stands between it and its definition: "B = ...", "A: ...", "N is the ..."
_DEFINES_RE = re.compile(r"(?<![\w-])(?P<tag>[A-Za-z]{1,7}\d?)\s{0,2}(?:=|:|\bis(?:\s{1,2}the)?\b)\s{0,2}(?=\S)")
_WITH_SIDES = {"with": "head", "without": "base", "w": "head", "wo": "base"}
_LEGEND_LINES = 3
_MAX_LINE = 400


@dataclass(frozen=True)
class LegendSides:
    """The table's headers rewritten as a baseline's and a candidate's, each with its header as printed, and the
    revision the candidate was measured on."""

    header: list[str]
    printed: dict[str, str]
    candidate: Revision


def legend_sides(table: Table, lines: list[str]) -> LegendSides | None:
    """The tagged side columns of the table (see the module), where a legend next to it defines both tags."""
    # (as printed: cleaning drops "[P]" as a footnote's mark)
    heads = [h.strip(" *_`") for h in table.header]
    options = [_tag_options(h) for h in heads]
    tags = {tag for opts in options for tag, _rest in opts}
    if len(tags) < 2:
        return None
    defined = {tag: side for tag, side in _definitions(_legend_text(table, lines)).items() if tag in tags}
    bases = [t for t, (side, _r) in defined.items() if side == "base"]
    news = [t for t, (side, _r) in defined.items() if side == "head"]
    if len(bases) != 1 or len(news) != 1:
        return None
    base, new = bases[0], news[0]
    pairs = _pairs(options, base, new)
    if not pairs:
        return None
    out, printed = [clean(h) for h in heads], {}
    for b, v, rest in pairs:
        if _UNIT_PAREN_RE.sub("", rest).strip():
            out[b], out[v] = f"{rest} (baseline)", rest
        else:  # ("N", "base (us)": no measure of its own, the row's or the unit's)
            out[b], out[v] = f"baseline {rest}".strip(), f"this PR {rest}".strip()
        printed[out[b]], printed[out[v]] = heads[b], heads[v]
    base_rev, new_rev = defined[base][1], defined[new][1]
    candidate = new_rev.model_copy(update={"base": new_rev.base or base_rev.head})
    return LegendSides(out, printed, candidate)


def _tag_options(head: str) -> list[tuple[str, str]]:
    """The (tag, the rest of the header) readings a header allows: a bracketed tag closing it, its first or last
    word, or the header alone."""
    out: list[tuple[str, str]] = []
    if (m := _BRACKET_TAG_RE.match(head)) is not None:
        out.append((m.group("tag"), clean(m.group("rest"))))
    head = clean(head)
    bare = _UNIT_PAREN_RE.sub("", head).strip()  # ("base (us)": the word before its unit)
    words = bare.split()
    if len(words) == 1 and _WORD_TAG_RE.fullmatch(words[0]):
        out.append((words[0], head[len(bare) :].strip() if bare != head else ""))
    elif len(words) > 1:
        if _WORD_TAG_RE.fullmatch(words[0]):
            out.append((words[0], head.split(None, 1)[1]))
        if _WORD_TAG_RE.fullmatch(words[-1]):
            out.append((words[-1], " ".join(words[:-1]) + head[len(bare) :]))
    return out


def _pairs(options: list[list[tuple[str, str]]], base: str, new: str) -> list[tuple[int, int, str]]:
    """(base column, candidate column, their shared words) for each measure the two tags pair; [] unless every
    column either tag heads is in one such pair."""
    by_rest: dict[tuple[str, str], int] = {}
    tagged: set[int] = set()
    for i, opts in enumerate(options):
        for tag, rest in opts:
            if tag in (base, new):
                by_rest.setdefault((tag, rest.lower()), i)
                tagged.add(i)
    pairs = [
        (i, by_rest[(new, rest)], _rest_text(options[i], base))
        for (tag, rest), i in by_rest.items()
        if tag == base and (new, rest) in by_rest
    ]
    paired = {i for b, v, _r in pairs for i in (b, v)}
    return pairs if pairs and paired == tagged and len(paired) == 2 * len(pairs) else []


def _rest_text(opts: list[tuple[str, str]], tag: str) -> str:
    return next(rest for t, rest in opts if t == tag)


def _legend_text(table: Table, lines: list[str]) -> str:
    """The paragraph right above the table (its lead-in) and the one right below it, a few lines each."""
    above: list[str] = []
    no = table.header_line - 2  # (0-based: the line above the header)
    if 0 <= no < len(lines) and not lines[no].strip():
        no -= 1
    while 0 <= no < len(lines) and lines[no].strip() and len(above) < _LEGEND_LINES:
        above.append(lines[no][:_MAX_LINE])
        no -= 1
    below: list[str] = []
    no = table.rows[-1].line if table.rows else table.header_line  # (0-based: the line after the last row)
    if no < len(lines) and not lines[no].strip():
        no += 1
    while no < len(lines) and lines[no].strip() and not lines[no].lstrip().startswith("|") and len(below) < 3:
        below.append(lines[no][:_MAX_LINE])
        no += 1
    return "\n".join([*reversed(above), *below])


def _definitions(legend: str) -> dict[str, tuple[str, Revision]]:
    """The tags the legend defines as sides, each with its side and revision ("B = baseline (main @ 3c5e7a9)": base,
    "baseline" at 3c5e7a9), from each tag's first definition; a tag defined as no side is left out."""
    out: dict[str, tuple[str, Revision]] = {}
    for m in _DEFINES_RE.finditer(legend):
        if m.group("tag") in out:
            continue
        words = _clause(legend, m.end()).rstrip(" .:")
        # ("WITH = JIT forced on, WITHOUT = cuBLAS forced on": the tags' own words say which run has the change)
        side = side_of(words) or _WITH_SIDES.get(m.group("tag").lower())
        if side is not None:
            out[m.group("tag")] = (side, parse_label(words) or line_label(words, False) or Revision(label=words))
    return out


def _clause(text: str, start: int) -> str:
    """The text from `start` to the first comma, semicolon or line end outside parentheses, or to the parenthesis
    that closes the one it stands in ("A: main, B: ..." inside "(...)")."""
    depth = 0
    for at in range(start, min(len(text), start + 120)):
        ch = text[at]
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return text[start:at]
            depth -= 1
        elif ch in ",;\n" and depth == 0:
            return text[start:at]
    return text[start : start + 120]
