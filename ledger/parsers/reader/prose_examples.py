"""The examples a sentence gives ("If a grid is provided, e.g. `process_grid: {'ep': 4, 'tp': 2}`, ...", "on
CDNA4 cards (e.g. MI355X)"): an illustration of how a feature is configured or where it applies, no run's setup.
The setup readers read such a span blanked, so its numbers set up nothing (the thread's own runs state theirs).
An example is a code span right after the marker, on its line or opening the next where the marker ends the line
("e.g.:" then the span), or an aside in parentheses that opens with the marker: a marker before plain prose ("For
example, generating on `mt-bench` with `T=0`, ...") may well go on to tell how the run was made."""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Document
from ledger.vocab.prospects import PROSPECT_RE
from ledger.vocab.text import has_digit_char
from ledger.vocab.word_gate import LoweredLines, WordGate

# "e.g.", "e.g,", "eg.", "for example", "for instance", "such as", "like", then at most a comma or colon, blanks,
# and a code span (or the line's end)
_MARKER_RE = re.compile(
    r"(?<![\w.])(?:e\.[ \t]?g\b\.?|eg\.|for[ \t]example|for[ \t]instance|such[ \t]as|(?P<like>like))"
    r"[,:]{0,2}[ \t]{0,3}(?=`|$)",
    re.IGNORECASE,
)
# "looks like `tp=8` is faster", "I'd like `--tp 8`": a verb's "like", no example
_LIKE_VERB_RE = re.compile(r"(?:look|looks|looked|seem|seems|seemed|feel|feels|would|'d|i)[ \t]$", re.IGNORECASE)
# what joins two examples: "`--tp 2` or `--tp 4`", "`a`, `b`"
_JOIN_RE = re.compile(r"[ \t]{0,3}(?:,|/|or\b|and\b)[ \t]{0,3}(?=`)")
_TICKS_RE = re.compile(r"`{1,3}")
# "(e.g. TP=4, EP=2)", "(for example acme/Foo-8B)": an aside that only gives examples, to its closing parenthesis
_ASIDE_RE = re.compile(
    r"\([ \t]{0,2}(?:e\.[ \t]?g\b\.?|eg\.|for[ \t]example|for[ \t]instance|such[ \t]as)[^()]{0,200}\)", re.IGNORECASE
)


def _blank_spans(line: str, at: int) -> str:
    """The line with the code spans from `at` on blanked, while one joins the next ("`a` or `b`")."""
    chars = list(line)
    while at < len(line) and line[at] == "`":
        ticks = _TICKS_RE.match(line, at)
        if ticks is None:
            break
        close = line.find(ticks.group(), ticks.end())
        if close < 0:
            break  # an open span: no example to read off
        end = close + len(ticks.group())
        chars[at:end] = " " * (end - at)
        join = _JOIN_RE.match(line, end)
        if join is None:
            break
        at = join.end()
    return "".join(chars)


def example_blanked(lines: list[str], skip: set[int]) -> dict[int, str]:
    """Line number (from 1) -> the line with its example code spans blanked, for the lines that give one; `skip`:
    the lines read as code, whose comments are no prose."""
    out: dict[int, str] = {}
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) and i + 2 not in skip else ""
        if i + 1 in skip or len(line) > 4000:
            continue
        line = out.get(i + 1, line)  # (the line the marker ending the one before has blanked a span of)
        if "(" in line and _ASIDE_RE.search(line):
            line = out[i + 1] = _ASIDE_RE.sub(lambda a: " " * len(a.group()), line)
        if "`" not in line and "`" not in nxt[:40]:
            continue  # (a marker needs a span after it, or the line's end before the next line's)
        for m in _MARKER_RE.finditer(line):
            if m.group("like") is not None and _LIKE_VERB_RE.search(line, max(0, m.start() - 8), m.start()):
                continue
            if m.end() < len(line.rstrip()):
                out[i + 1] = _blank_spans(out.get(i + 1, line), m.end())
                continue
            lead = len(nxt) - len(nxt.lstrip(" \t"))
            if nxt[lead : lead + 1] == "`":
                out[i + 2] = _blank_spans(nxt, lead)
    return out


# a section that tells what the change does, not how it was measured: its examples illustrate the design
_DESIGN_HEAD_RE = re.compile(
    r"^(?:\W{0,3}\s?)?(?:modifications?|design|main design|motivation|implementation|approach|overview|"
    r"changes?|what this pr does|how it works|background|usage)\b",
    re.IGNORECASE,
)
# "Example:", "- e.g. decode with TP4/DP2 ...", "For example, prefill TP2 ...": a line that opens as an example
_EXAMPLE_OPEN_RE = re.compile(
    r"^\s{0,8}(?:[-*+]\s{1,3})?[*_]{0,2}(?:examples?|e\.[ \t]?g\.?|eg\.|for[ \t]example|for[ \t]instance)\b[*_]{0,2}"
    r"(?P<colon>[ \t]?:)?",
    re.IGNORECASE,
)

# a figure in a unit of measure: "e.g. on H100 we measured 20% more throughput" tells a run's result, no illustration
_RESULT_RE = re.compile(r"\d[ \t]?(?:%|x\b|ms\b|us\b|s\b|tok(?:ens)?/s|t/s|req/s|GB/s)", re.IGNORECASE)


def design_examples(doc: Document) -> dict[int, str]:
    """Line number -> the line blanked whole, for the example lines of a design section ("## Modifications" then
    "Example:" over "+ For Decode: TP4/DP2; Prefill: TP4"): an illustration of the design, no run's setup. A line
    that is the label alone ("Example:") takes the list right under it, its items' wrapped lines too; an example
    stating a result ("e.g. 20% more throughput on H100") is a run's, and keeps its setup."""
    out: dict[int, str] = {}
    blocks = [b for b in doc.blocks if not b.in_code]
    done = 0  # (the last line an example took: a label's list is walked once, whatever labels it holds)
    for k, b in enumerate(blocks):
        if b.start <= done or b.kind not in ("text", "item") or len(b.section) < 2:
            continue
        if not _DESIGN_HEAD_RE.match(b.section[-1]):
            continue
        line = doc.line(b.start)
        m = _EXAMPLE_OPEN_RE.match(line)
        if m is None:
            continue
        end = b.end
        if m.group("colon") and not line[m.end() :].strip():
            # the label alone: the list under it, to the first line that is neither an item nor wrapped under one
            j = k + 1
            while j < len(blocks) and blocks[j].kind in ("item", "text") and blocks[j].start <= end + 1:
                if blocks[j].kind == "text" and not doc.line(blocks[j].start)[:1].isspace():
                    break
                end = blocks[j].end
                j += 1
        done, lines = end, range(b.start, end + 1)
        if not any(_RESULT_RE.search(doc.line(no)[:2000]) for no in lines):
            for no in lines:
                out[no] = " " * len(doc.line(no))
    return out


# a sentence that opens as a supposition ("If the model generates 300 tokens but 200 ...", "Suppose a request decodes
# 1,000 tokens ...", "Imagine a batch of 64"), to its end: its numbers make a case up, they set no run up; not "If we
# / I ..." (how the writer ran it: "If I pin TP=4, throughput drops")
# (searched only in a line holding one of its words, "if", "say", ...: vocab.word_gate; most lines hold none, and the
# look-behind that opens one of its ways was tried at every character)
_SUPPOSE_RE = WordGate(
    re.compile(
        r"(?:^[\s>*+-]{0,6}|(?<=[.!?;:][ \t]))(?:if|suppose|supposing|imagine|say|let'?s[ \t]say)[ \t,]"
        r"(?![ \t]{0,3}(?:we|i)\b)[^.!?\n]{0,400}",
        re.IGNORECASE,
    )
)


def supposed_blanked(lines: list[str], skip: set[int], lowered: LoweredLines | None = None) -> dict[int, str]:
    """Line number (from 1) -> the line with its suppositions blanked ("If the model generates 300 tokens but 200
    of those are accepted, ...": no output length of any run), for the prose lines that hold one; `skip`: the lines
    read as code; `lowered`: the lines lowered already, where the caller has them (one lowering for every gate)."""
    out: dict[int, str] = {}
    # (only the lines holding one of its words, found by one pass over the document: vocab.word_gate)
    for no in sorted(_SUPPOSE_RE.lines_holding(lines if lowered is None else lowered)):
        line = lines[no - 1]
        if no in skip or len(line) > 4000 or not _holds_digit(line):
            continue
        if _SUPPOSE_RE.search(line) is not None:
            out[no] = _SUPPOSE_RE.pattern.sub(lambda a: " " * len(a.group()), line)
    return out


def prospect_blanked(lines: list[str], skip: set[int], lowered: LoweredLines | None = None) -> dict[int, str]:
    """Line number (from 1) -> the line with its prospects blanked ("a strong fit for P/D-disaggregated serving", "it
    would also suit EP-only deployments": where the change would serve, no run's setup; vocab.prospects), for the
    prose lines that hold one; `skip`: the lines read as code; `lowered` as supposed_blanked's."""
    out: dict[int, str] = {}
    # (a search a line cost 1.3% of extracting the shared corpus: one pass of its words over the document finds the
    # few lines that may hold one, vocab.word_gate)
    for no in sorted(PROSPECT_RE.lines_holding(lines if lowered is None else lowered)):
        line = lines[no - 1]
        if no in skip or len(line) > 4000 or PROSPECT_RE.search(line) is None:
            continue
        out[no] = PROSPECT_RE.pattern.sub(lambda a: " " * len(a.group()), line)
    return out


def _holds_digit(line: str) -> bool:
    """any(c.isdigit() for c in line), one search for an ASCII line (where isdigit is 0-9) instead of a generator's
    step a character (90,000 steps over the shared corpus); beyond ASCII isdigit holds more than `\\d` ("²")."""
    return has_digit_char(line)
