"""A list item that is a lead of its own over the paragraphs after it, naming how they decoded ("- without MTP:",
"- with MTP (tp=4):", "- w/ EAGLE3:"): the speculative setting (and the settings beside it) of every result from
the item to its next sibling item, the next heading or the next comment. Sibling items that each name an arm over the
same printed measures are that too, their names the arms' variants:

    GSM8K (of acme/Coder-9B):
    * slow backend:          <- the arm "slow backend"
    Accuracy: 0.700
    * quick backend:         <- the arm "quick backend": two runs of one measure, told apart by their arm
    Accuracy: 0.720

Apart from grammar.setup (its size), and from the item readers there, which give an item's words to the item itself
or to the items nested under it: here the results stand in paragraphs between two sibling items, under neither."""

from __future__ import annotations

import re

from ledger.memo import last_document
from ledger.parsers.grammar.launch_arms import SPEC_KEYS, arm_launch
from ledger.parsers.grammar.lead_ins import lead_in_setup
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import ends_in_colon
from ledger.vocab.setup import qualifiers
from ledger.vocab.sides import side_of

_MAX_LEAD = 80
"""A longer item is a sentence about the results, not the name of their arm."""


def switch_item_scopes(doc: Document) -> list[SetupScope]:
    """The scope of each lead item naming a speculative switch over the paragraphs after it (see the module)."""
    out: list[SetupScope] = []
    for k, values in _arm_leads(doc):
        # the arm's server: the draft settings of the launch command that ran it, the lead's own words first
        launch = arm_launch(doc, values["spec_algo"])
        values = {**launch.spec, **values} if launch is not None else values
        out.append(SetupScope(doc.blocks[k].start, _arm_end(doc, doc.blocks, k), values))
    for k, name in _named_arms(doc, {k for k, _ in _arm_leads(doc)}):
        # ("* Wren-7B FP8:": the model and precision it names, no variant; "* slow backend:" the arm's name alone)
        values = lead_in_setup(name + ":") or {"variant": name, **qualifiers(name)}
        out.append(SetupScope(doc.blocks[k].start, _arm_end(doc, doc.blocks, k), values))
    return out


# an arm's name: one to three words as a backend, a kernel or a path is named ("huggingface", "slow backend",
# "flash-attn v2"), never a sentence (no more words, no stop)
_ARM_NAME_RE = re.compile(r"[A-Za-z][\w.+-]{0,30}(?: [\w.+-]{1,30}){0,2}")
# a printed measure's label at its line's start ("Accuracy: 0.855", "Mean TTFT (ms):  81.5")
_MEASURE_LINE_RE = re.compile(r"\s{0,3}(?P<label>[A-Za-z][\w ()/%.-]{0,60}?)\s{0,3}:\s{0,40}[-+~]?\.?\d")


def _named_arms(doc: Document, taken: set[int]) -> list[tuple[int, str]]:
    """The lead items (by block index) of two or more sibling items in a row, each a short name and a colon over
    paragraphs of printed measures, the same measures under each (two runs of one eval, not a list of topics)."""
    out: list[tuple[int, str]] = []
    blocks = doc.blocks
    run: list[tuple[int, str, frozenset[str]]] = []
    for k, b in enumerate(blocks):
        lead = _arm_lead(doc, blocks, k) if k not in taken else None
        if lead is not None and (not run or blocks[run[-1][0]].level == b.level):
            run.append((k, *lead))
        elif b.kind in ("heading", "comment") or (b.kind == "item" and not b.in_code) or lead is not None:
            out.extend(_alike(run))
            run = [(k, *lead)] if lead is not None else []
    out.extend(_alike(run))
    return out


def _alike(run: list[tuple[int, str, frozenset[str]]]) -> list[tuple[int, str]]:
    """The arms of a run of lead items whose blocks print one measure at least that each of them prints."""
    if len(run) < 2 or not frozenset.intersection(*(labels for _, _, labels in run)):
        return []
    names = [name for _, name, _ in run]
    return list(zip([k for k, _, _ in run], names, strict=True)) if len(set(names)) == len(names) else []


def _arm_lead(doc: Document, blocks: list[Block], k: int) -> tuple[str, frozenset[str]] | None:
    """(name, the measures printed under it) of an item that is a short name and a colon over printed measures."""
    b = blocks[k]
    if b.kind != "item" or b.in_code or len(b.text) > _MAX_LEAD or not ends_in_colon(b.text):
        return None
    name = b.text.rstrip().rstrip("*_").rstrip()[:-1].strip(" *_`")
    if not _ARM_NAME_RE.fullmatch(name) or side_of(name) is not None:
        return None  # ("* main:" over "* this PR:": sides, which the revision readers name)
    labels: set[str] = set()
    for nxt in blocks[k + 1 :]:
        if nxt.kind != "text" or nxt.in_code:
            break
        labels.update(
            m.group("label").lower()
            for no in range(nxt.start, nxt.end + 1)
            if (m := _MEASURE_LINE_RE.match(doc.line(no)))
        )
    return (name, frozenset(labels)) if labels else None


@last_document  # (the document default asks it of every line)
def armed_launches(doc: Document) -> frozenset[int]:
    """The lines of the launch commands whose draft settings an arm's lead takes: those settings are that arm's,
    not the document's (the other arm ran without them)."""
    launches = (arm_launch(doc, values["spec_algo"]) for _, values in _arm_leads(doc))
    return frozenset(no for c in launches if c is not None for no in range(c.line, c.end + 1))


def armed_keys(doc: Document, no: int) -> frozenset[str]:
    """The keys line `no` states as the server of an arm ("with MTP"): for that arm's results alone."""
    return SPEC_KEYS if no in armed_launches(doc) else frozenset()


def _arm_leads(doc: Document) -> list[tuple[int, dict[str, str]]]:
    """The blocks (by index) of the lead items naming a speculative switch, and the settings each names."""
    out: list[tuple[int, dict[str, str]]] = []
    blocks = doc.blocks
    for k, b in enumerate(blocks):
        if b.kind != "item" or b.in_code or len(b.text) > _MAX_LEAD or not ends_in_colon(b.text):
            continue
        nxt = blocks[k + 1] if k + 1 < len(blocks) else None
        if nxt is None or nxt.kind in ("item", "heading", "comment"):
            continue  # (an item over its own sub-items, or over nothing: the item readers' or no one's)
        values = line_setup(b.text)
        if "spec_algo" in values:
            out.append((k, values))
    return out


def _arm_end(doc: Document, blocks: list[Block], k: int) -> int:
    """The last line before the item's next sibling (an item of its level or above), heading or comment."""
    lead = blocks[k]
    for b in blocks[k + 1 :]:
        if b.kind in ("heading", "comment") or (b.kind == "item" and not b.in_code and b.level <= lead.level):
            return b.start - 1
    return len(doc.lines)
