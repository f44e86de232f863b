"""A list of settings between a section's lead-in and its results: the setup of the results after it in its section,
its sub-sections too.

    End-to-end numbers from the eval tool on one 8x H100 box.
    - GSM8K: 1319 examples, `--num-threads 32`.                the GSM8K sub-section's runs: samples 1319, conc. 32
    - GPQA: 198 examples x 8 repeats, `--temperature 0.6`.      the GPQA sub-section's runs: temperature 0.6
    ### GSM8K
    | Metric | base | pr | ...

An item of such a list states no result of its own (its quoted flags' values set a run up: "`--temperature 1.0`"),
and results follow the list in its section. Where two items or more each lead with a benchmark, each sets up the
sub-sections headed by its benchmark alone; otherwise each item holds over the whole rest of its section (a key two
items give two values holds nowhere).

Linear: each item is read once (its first 400 characters), and the headings after a list once for each of its items.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.section_results import measures
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.metrics import named_benchmark
from ledger.vocab.setup import setup_label_key

# a quoted flag with its value ("`--temperature 1.0`", "`--top-p 1.0`"): a run's setting, never a result
_FLAG_VALUE_RE = re.compile(r"--?[A-Za-z][\w-]{0,40}(?:[ =][^\s`,;]{1,40})?")
_LEAD_RE = re.compile(r"^\s{0,3}[*_]{0,2}(?P<lead>[^:\n]{1,60}?)[*_]{0,2}\s?:\s")
_WORD_RE = re.compile(r"[^a-z0-9]")

Flags = Callable[[str], dict[str, str]]


def setting_item_scopes(doc: Document, flags: Flags) -> list[SetupScope]:
    """The scopes of the setting lists of `doc` standing before results in their sections (see the module);
    `flags` reads the flags a line quotes."""
    blocks, out, k = doc.blocks, [], 0
    ends = _reach_ends(doc)
    while k < len(blocks):
        if blocks[k].kind != "item" or blocks[k].in_code or blocks[k].level > 0:
            k += 1
            continue
        z = k
        while z + 1 < len(blocks) and blocks[z + 1].kind == "item" and blocks[z + 1].start <= blocks[z].end + 1:
            z += 1
        out.extend(_list_scopes(doc, k, z, flags, ends[k]))
        k = z + 1
    return out


def _list_scopes(doc: Document, k: int, z: int, flags: Flags, end: int) -> list[SetupScope]:
    """The scopes of the list blocks[k..z] (its section's reach to line `end`), where each item states settings and
    no result and results follow."""
    blocks = doc.blocks
    items = [(b, _item_setup(b.text, flags)) for b in blocks[k : z + 1] if not b.in_code]
    if not items or any(not values for _, values in items):
        return []
    nxt = next((b for b in blocks[z + 1 :] if not b.in_code), None)
    if nxt is None or nxt.start > end or nxt.kind not in ("table", "code", "heading") or nxt.start - blocks[z].end > 2:
        return []  # (a list closing its section, or prose after it: no lead of the results)
    if nxt.kind != "heading":
        end = nxt.end  # (a list right over a table or a paste leads that one: "* V0 ... fp8" over its own output)
    named = [m.group("lead") if (m := _LEAD_RE.match(b.text)) else None for b, _ in items]
    leads = [named_benchmark(n) if n else None for n in named]
    if len(items) > 1 and any(n and not b and setup_label_key(n) is None for n, b in zip(named, leads, strict=True)):
        return []  # "- low-latency: TP8 + EAGLE3", "- high-throughput: ...": arms, each its own rows' setup
    if len(items) > 1 and all(leads) and len(set(leads)) == len(leads):
        heads = _heads_until(blocks, z + 1, end)
        return [
            SetupScope(a, e, dict(values or {}))
            for (_, values), lead in zip(items, leads, strict=True)
            for a, e in _task_sections(heads, str(lead), end)
        ]
    seen: dict[str, set[str]] = {}
    for _, values in items:
        for key, value in (values or {}).items():
            seen.setdefault(key, set()).add(value)
    return [
        SetupScope(b.start, end, {key: v for key, v in (values or {}).items() if len(seen[key]) == 1})
        for b, values in items
    ]


def _item_setup(text: str, flags: Flags) -> dict[str, str] | None:
    """The settings an item states (its words and its quoted flags), or None where it prints a result."""
    head = text[:400]
    quoted = flags(head) if "--" in head else {}
    bare = _FLAG_VALUE_RE.sub(" ", head) if quoted else head
    if measures(bare):
        return None
    return {**line_setup(bare), **quoted}


def _reach_ends(doc: Document) -> list[int]:
    """For each block, the last line of the section holding it with its sub-sections: to the next heading of its
    section's level or above, or the next comment of the thread (one pass back, one forth: seven levels)."""
    blocks, last = doc.blocks, len(doc.lines)
    levels, level = [], 7
    for b in blocks:
        levels.append(level)  # (the level of the heading over b; a heading's own section is its parent's)
        level = b.level if b.kind == "heading" else 7 if b.kind == "comment" else level
    ends, nxt = [last] * len(blocks), [last] * 8  # nxt[n]: the line before the next heading of level n or above
    for i in range(len(blocks) - 1, -1, -1):
        ends[i] = nxt[levels[i]]
        b = blocks[i]
        if b.kind == "comment":
            nxt = [b.start - 1] * 8
        elif b.kind == "heading":
            for n in range(b.level, 8):
                nxt[n] = b.start - 1
    return ends


def _heads_until(blocks: list[Block], k: int, end: int) -> list[Block]:
    """The headings from blocks[k] to line `end`."""
    out = []
    for b in blocks[k:]:
        if b.start > end:
            break
        if b.kind == "heading" and not b.in_code:
            out.append(b)
    return out


def _task_sections(heads: list[Block], lead: str, end: int) -> list[tuple[int, int]]:
    """The sub-sections under `heads` (to line `end`) whose heading names the benchmark `lead` names."""
    stops, nxt = [end] * len(heads), [end] * 8  # (each heading's section's last line, found in one pass back)
    for i in range(len(heads) - 1, -1, -1):
        stops[i] = nxt[min(heads[i].level, 7)]
        for n in range(min(heads[i].level, 7), 8):
            nxt[n] = heads[i].start - 1
    want = _WORD_RE.sub("", lead.lower())
    out: list[tuple[int, int]] = []
    for h, stop in zip(heads, stops, strict=True):
        named = _WORD_RE.sub("", (named_benchmark(h.text) or "").lower())
        if named and (named.startswith(want) or want.startswith(named)):
            out.append((h.start, stop))
    return out
