"""A concurrency written as a label right before its value, as sweep summaries shorten it:

    Output throughput vs main: c1 +6.5%, c4 +2.9%, c16 +0.8%.
    TTFT: C64: -3.1%, C128: -4.0%

Each value is measured at the concurrency its label names, and named by the measure the line states ("TTFT"), not
by the label. Only in a text that speaks of concurrency anywhere: elsewhere "C1", "C2" name configurations.
"""

from __future__ import annotations

import itertools
import re

from ledger.model import Claim
from ledger.parsers.reader.blocks import Document
from ledger.vocab.load_cells import metric_load

# the label, then at most a colon or an equals sign and blanks, then the value where the claim's text starts
_LABEL_BEFORE_RE = re.compile(r"(?<![\w.-])[cC](?P<n>\d{1,4})\s{0,2}[:=]?\s{0,3}$")
_LABEL_OWN_RE = re.compile(r"[cC](?P<n>\d{1,4})\s{0,2}[:=]\s{0,3}(?=[-+~]?\d)")
_LABEL_NAME_RE = re.compile(r"^[cC]\d{1,4}$")
_SPEAKS_RE = re.compile(r"concurren|\bconc\b", re.IGNORECASE)
# the measure a line opens with, before its first label ("TTFT:", "Output throughput vs main:")
_LEAD_RE = re.compile(r"^\s{0,3}(?:[-*+]\s{1,3})?(?P<name>[A-Za-z][\w /().-]{0,60}?)\s{0,2}:\s")
_BASELINE_TAIL_RE = re.compile(r"\s+(?:vs\.?|versus|against|over)\s.*$", re.IGNORECASE)
# a list item or line that opens with the label: every value of it is measured at that load
# (or a comma before the item's other words and its colon: "- C64, 437 matched pairs: TTFT -2.3%, ITL -7.4%")
_ITEM_LABEL_RE = re.compile(r"^\s{0,3}(?:[-*+]\s{1,3})?[cC](?P<n>\d{1,4})\s{0,2}(?:[:=]|,(?=[^:\n]{1,40}:\s))\s")
# "c8 (output tok/s)": a key-value reader's name, the label with the value's words after it in parentheses
_LABEL_UNIT_RE = re.compile(r"^[cC]\d{1,4}\s\((?P<words>[A-Za-z][^()]{0,40})\)$")
# "c8: 3,020.7 total tok/s": the claim's own text, the label, the value, then the words naming its measure
_OWN_WORDS_RE = re.compile(
    r"^(?:[cC]\d{1,4}\s{0,2}[:=]\s{0,3})?[-+~]?\d[\d,]{0,12}(?:\.\d{1,6})?\s{0,2}"
    r"(?P<words>[A-Za-z][\w/%-]{0,20}(?: [\w/%-]{1,20}){0,3})$"
)


def concurrency_labels(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims (sorted by line), each perf value a "cN" label opens with concurrency N (see the module)."""
    claims = [_load_in_metric(c) for c in claims]
    if not any(_SPEAKS_RE.search(line) for line in doc.lines if "onc" in line.lower()):
        return claims
    out: list[Claim] = []
    for no, group in itertools.groupby(claims, key=lambda c: c.source.line):
        text = doc.line(no)
        pos = 0
        for c in group:
            at = _find_token(text, c.source.text, pos) if c.kind == "perf" else -1
            # ("C64: -3.1%" read whole by the key-value reader: the label opens the claim's own text)
            m = _LABEL_OWN_RE.match(c.source.text) if at >= 0 else None
            if m is None and at > 0:
                m = _LABEL_BEFORE_RE.search(text, max(0, at - 12), at)
            if m is None and at >= 0 and "concurrency" not in c.config and "|" not in text:
                # "while C64 crosses over to +0.88%" (a sentence's subject: never a table's row label, "| C2 | 1 |",
                # nor over a concurrency the claim states)
                m = _sentence_label(doc, no, text, at)
            if m is None and at >= 0 and "concurrency" not in c.config and "|" not in text:
                m = _ITEM_LABEL_RE.match(text)  # "- c4: 2,410 total tok/s, 38.2 output tok/s, ...": the item's load
            if m is None:
                out.append(c)
                continue
            pos = at + len(c.source.text)
            metric = c.metric or ""
            if (inner := _LABEL_UNIT_RE.match(metric)) is not None:
                metric = inner.group("words")  # "c8 (output tok/s)": the label and the value's own words
            if _LABEL_NAME_RE.match(metric):  # "C64: -3.1%" was named by a label: the line's measure
                own = _OWN_WORDS_RE.match(c.source.text)  # (unless its own words follow it: "3,020 total tok/s")
                lead = _LEAD_RE.match(text)
                metric = (
                    own.group("words").strip()
                    if own
                    else _BASELINE_TAIL_RE.sub("", lead.group("name")).strip()
                    if lead
                    else "change"
                )
            out.append(c.model_copy(update={"config": {**c.config, "concurrency": m.group("n")}, "metric": metric}))
    return out


def _load_in_metric(c: Claim) -> Claim:
    """ "B200 8-GPU p1 TPS/user: 429.18": a per-user measure's label naming its load (vocab.load_cells.metric_load)
    is measured at that concurrency, whatever the text says of concurrency elsewhere; the metric is the measure."""
    if c.kind != "perf" or not c.metric or "user" not in c.metric.lower():
        return c
    got = metric_load(c.metric, "gpu" in c.config)
    if got is None:
        return c
    load, metric = got
    return c.model_copy(update={"metric": metric or c.metric, "config": {"concurrency": load, **c.config}})


# a label standing in the sentence as its subject, not glued to another ("C1+C2" names configurations)
_LABEL_IN_SENTENCE_RE = re.compile(r"(?<![\w.+&/-])[cC](?P<n>\d{1,4})(?![\w.+&/-])")
_SENTENCE_END_RE = re.compile(r"[.;!?:](?:\s|$)")
_REACH = 300


def _sentence_label(doc: Document, no: int, text: str, at: int) -> re.Match[str] | None:
    """The last label of the sentence that holds the value at `at` of line `no`, before it: "C64 crosses over to
    **+0.88%** and **-0.96% mean TPOT**" (a sentence wrapped from the line before too)."""
    # (within _REACH characters of it: a line of many values stays linear)
    start = max(0, at - _REACH)
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(text, start, at)]
    found = list(_LABEL_IN_SENTENCE_RE.finditer(text, ends[-1] if ends else start, at))
    if not found and not ends and at < _REACH and no > 1 and (prev := doc.line(no - 1)[-_REACH:]).strip():
        prev_ends = [m.end() for m in _SENTENCE_END_RE.finditer(prev)]
        found = [] if "|" in prev else list(_LABEL_IN_SENTENCE_RE.finditer(prev, prev_ends[-1] if prev_ends else 0))
    return found[-1] if found else None


def _find_token(text: str, token: str, pos: int) -> int:
    """Where `token` stands in `text` from `pos` as a whole (the "2" of "| 2 |", never the one of "C12"), else -1."""
    at = text.find(token, pos)
    while at > 0 and (text[at - 1].isalnum() or text[at - 1] == "."):
        at = text.find(token, at + 1)
    return at
