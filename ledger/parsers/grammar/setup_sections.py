"""The setup sections of a turn ("## Test configuration", "<summary>Environment</summary>", "Setup:" over a list):
their lines and the settings each states for the whole turn. Apart from setup_scopes, which reads the narrower
scopes (sections of results, their workloads), because these hold over a turn wherever they stand."""

from __future__ import annotations

import bisect
import re

from ledger.memo import last_document
from ledger.parsers.grammar.class_conditions import class_groups, shared_settings
from ledger.parsers.grammar.commands import command_setup
from ledger.parsers.grammar.launch_arms import SPEC_KEYS
from ledger.parsers.grammar.section_results import later_sections, section_measures
from ledger.parsers.grammar.setting_rows import serves_gguf, setting_row
from ledger.parsers.grammar.setup_index import CLASS_PREFIX, SetupIndex, SetupScope
from ledger.parsers.grammar.setup_scopes import (
    is_method_title,
    is_setup_title,
    line_setup,
    norm,
    result_measures,
    result_sections,
    section_reach,
    turn_bounds,
    unrestricted,
)
from ledger.parsers.grammar.switch_items import armed_launches
from ledger.parsers.reader.blocks import Block, Document
from ledger.parsers.reader.line_kinds import bold_heading
from ledger.vocab.moe_models import clause_class
from ledger.vocab.setup_labels import settings_table_values
from ledger.vocab.word_gate import WordGate

# "## Test Plan && Test Result (Qwen3-32B TP4)": the heading of a PR template's testing names in parentheses the setup
# every test of the turn ran on, so its summary stated first ("TPOT halves ..." under "## Purpose") ran on it too
_TESTED_TITLE_RE = re.compile(
    r"^[#\s*_]{0,8}test(?:ing)?\s{0,3}(?:plans?|results?)\b[^()\n]{0,40}\([^()\n]{2,80}\)[\s*_:.]{0,4}$", re.IGNORECASE
)
_SUMMARY_RE = re.compile(r"<summary>\s{0,4}(?P<title>[^<]{1,60}?)\s{0,4}</summary>", re.IGNORECASE)
_SUMMARY = WordGate(_SUMMARY_RE)  # (asked of every paragraph: most hold no "<summary>")


# a table's row that explains a command's placeholder ("| `$tp_size` | Tensor parallel degree |", "| <model> | ... |"):
# a method's variables, each any run's
_PLACEHOLDER_ROW_RE = re.compile(r"^\s{0,4}\|\s{0,4}`?(?:\$\{?[A-Za-z_]|<[A-Za-z_])")


def setup_sections(doc: Document) -> list[tuple[int, int, dict[str, str]]]:
    """The setup each turn's setup section ("## Test configuration", "<summary>Environment</summary>", "**Setup:**")
    states, as (first line, turn end, values): it holds over the whole turn, but where it stands in a later section
    of results ("## E2E check / Environment: ... Model: X" under the kernel table's section): from that section on,
    not over the results printed before it."""
    return _section_setups(doc)[0]


def class_setups(doc: Document) -> list[tuple[int, int, str, dict[str, str]]]:
    """The settings a setup section states for one class of models alone ("For MoE models: ... --ep $ep_size"), as
    (first line, last line, class, values): the results of a model of that class (vocab.moe_models) take them, under
    what their own scopes state; a class clause naming no class ("For the Qwen3 model,") lends nothing."""
    return _section_setups(doc)[1]


def class_indexes(doc: Document, nlines: int) -> dict[str, SetupIndex]:
    """The class settings (class_setups) as setup_index.SetupIndex.tasks holds them: "class:moe" -> their index."""
    scopes: dict[str, list[SetupScope]] = {}
    for a, z, cls, values in class_setups(doc):
        scopes.setdefault(f"{CLASS_PREFIX}{cls}", []).append(SetupScope(a, z, dict(values)))
    return {name: SetupIndex.build(held, nlines) for name, held in scopes.items()}


@last_document  # (the setup scopes and the default's reruns both ask it; its dicts are shared: the scopes copy theirs)
def _section_setups(
    doc: Document,
) -> tuple[list[tuple[int, int, dict[str, str]]], list[tuple[int, int, str, dict[str, str]]]]:
    out: list[tuple[int, int, dict[str, str]]] = []
    classes: list[tuple[int, int, str, dict[str, str]]] = []
    starts = [b.start for b in doc.blocks]  # (each turn's blocks by position: a long thread stays linear)
    pastes = _result_pastes(doc)
    sections = result_sections(doc)
    later = later_sections(doc, sections, result_measures(doc))
    armed = armed_launches(doc)
    owned = owned_setup_sections(doc)
    heads = section_reach(doc)
    for start, end in turn_bounds(doc):
        values: dict[int, dict[str, str]] = {}  # the line each holds from -> its values
        several: dict[int, set[str]] = {}
        reach: dict[int, int] = {}  # the line each holds from -> the last it holds over
        llama = serves_gguf("\n".join(doc.lines[start - 1 : end]))  # (a GGUF run's short flags are llama.cpp's)
        for first, last, paragraph in _sections_in(doc, start, end, starts):
            # a "Setup: ..." paragraph inside one of several sections of results ("## First box / Hardware: ..."):
            # that section's runs' setup, to its end past its bold heads, not the later sections'
            # (its sub-sections included: "## Quality / **Setup:** ... / ### Model-X" over its table, runs it set up)
            own = next((heads.get(a, z) for a, z in sections if a < first <= z), None) if paragraph else None
            at = first if own is not None else max((a for a, z in later if start < a < first <= z), default=start)
            if (release := owned.get(first)) is not None:
                at, own = release  # ("## Release 1.1 / ### Settings": that release's results, no other's)
            held = values.setdefault(at, {})
            reach[at] = own or end
            classed = class_groups(
                doc.blocks[bisect.bisect_left(starts, first) : bisect.bisect_right(starts, last)], first, last
            )
            groups: dict[int, dict[str, str]] = {}  # (a class of models' own lines: "For MoE models: ...")
            for no in range(first, last + 1):
                text = doc.setup_line(no)
                if len(text) > 2000 or no in pastes:
                    continue
                got = {
                    k: v
                    for k, v in _row_setup(unrestricted(text), llama).items()
                    if k not in SPEC_KEYS or no not in armed
                }
                if no in classed:
                    groups.setdefault(classed[no], {}).update(got)  # (a "with MTP" arm's server is the arm's, above)
                else:
                    _hold(held, got, several.setdefault(at, set()))
            _hold(held, shared := shared_settings(groups), several.setdefault(at, set()))
            for clause, got in groups.items():
                own_values = {k: v for k, v in got.items() if shared.get(k) != v}
                if own_values and (cls := clause_class(doc.line(clause))) is not None:
                    classes.append((at, reach[at], cls, own_values))
        for at, held in values.items():
            kept = {k: v for k, v in held.items() if k not in several.get(at, ())}
            if kept:
                out.append((at, reach[at], kept))
    return out, classes


@last_document  # (the setup sections, the document default and the section workloads ask it)
def owned_setup_sections(doc: Document) -> dict[int, tuple[int, int]]:
    """First line of a setup section's body -> (its parent heading's line, the parent section's last line), where a
    turn holds several setup headings each under a parent of its own that holds results ("## Release 1.0 / ###
    Settings / ### Results", then "## Release 1.1 / ### Settings / ..."): each states its own release's setup, never
    the page's nor a sibling release's. A lone setup heading frames the whole turn, as before."""
    reach = section_reach(doc)
    out: dict[int, tuple[int, int]] = {}
    for start, end in turn_bounds(doc):
        heads = [b for b in doc.blocks if b.kind == "heading" and not b.in_code and start <= b.start <= end]
        found: dict[int, tuple[int, int]] = {}
        for k, h in enumerate(heads):
            if not is_setup_title(h.text):
                continue
            parent = next((p for p in reversed(heads[:k]) if p.level < h.level), None)
            last = reach.get(parent.start, end) if parent is not None else end
            if parent is not None and section_measures(doc, [(parent.start, last)]):
                found[h.start + 1] = (parent.start, last)
        if len({p for p, _ in found.values()}) > 1:
            out.update(found)
    return out


@last_document  # (the document default asks it)
def release_sections(doc: Document) -> list[tuple[int, int]]:
    """(first, last line) of each release section of a page whose releases state their own settings
    (owned_setup_sections): the parents of those setup sections, and their sibling sections (a heading of the same
    level under the same parent) that hold results, "### V0.2.1" listing its machine in its own bullets beside "###
    V0.2 / #### Settings". What each states is that release's, never the page's."""
    parents = set(owned_setup_sections(doc).values())
    if not parents:
        return []
    reach = section_reach(doc)
    heads = [b for b in doc.blocks if b.kind == "heading" and not b.in_code]
    starts = {a for a, _ in parents}
    levels = {h.level for h in heads if h.start in starts}
    out = sorted(parents)
    for k, h in enumerate(heads):
        if h.start in starts or h.level not in levels:
            continue
        above = next((p.start for p in reversed(heads[:k]) if p.level < h.level), None)
        sibling = any(
            next((p.start for p in reversed(heads[:i]) if p.level < h.level), None) == above
            for i, x in enumerate(heads)
            if x.start in starts and x.level == h.level
        )
        last = reach.get(h.start, len(doc.lines))
        if sibling and section_measures(doc, [(h.start, last)]):
            out.append((h.start, last))
    return sorted(out)


def under_release_settings(
    doc: Document, workloads: list[tuple[int, int, dict[str, str]]]
) -> list[tuple[int, int, dict[str, str]]]:
    """The section workloads less the keys the release's own setup section states over them (owned_setup_sections):
    "### Settings / - Model: X" is what that release's results ran, and a line after its table naming another model
    ("Our earlier work on Y showed the same trend") is no setup of theirs."""
    parents = {a for a, _ in owned_setup_sections(doc).values()}
    if not parents:
        return workloads
    stated = [(a, z, values) for a, z, values in setup_sections(doc) if a in parents]
    out: list[tuple[int, int, dict[str, str]]] = []
    for lo, hi, values in workloads:
        said = {k for a, z, v in stated if a <= lo <= z for k in v}
        kept = {k: v for k, v in values.items() if k not in said}
        if kept:
            out.append((lo, hi, kept))
    return out


def _hold(held: dict[str, str], got: dict[str, str], several: set[str]) -> None:
    """Add a line's settings to what its section holds; a key stated twice apart is `several`'s ("Hardware: - H100 -
    L40S - A10G": none holds for all)."""
    for k, v in got.items():
        was, now = norm(held.setdefault(k, v)), norm(v)
        if was not in now and now not in was:
            several.add(k)


def _row_setup(text: str, llama: bool) -> dict[str, str]:
    """The setup of a setup section's line; a table's row of two cells, a name and its value (`| TP | 8 |`), read
    as the line "TP: 8" it stands for too (what the cells say as they are is kept: `| Geometry | experts=128 |`),
    or by its value's flags and a label only a settings row names a key by (grammar.setting_rows); `llama`: the
    turn served a GGUF file."""
    if _PLACEHOLDER_ROW_RE.match(text):
        return {}  # ("| `$model_name` | HuggingFace model name eg. org/Model-7B |": what a variable holds, no run's)
    got = line_setup(text)
    if "--" in text:  # a command or its flags under "Steps to reproduce" ("--tensor-parallel-size 2")
        got = {**command_setup(text), **got}
    cells = text.strip().strip("|").split("|")
    if len(cells) != 2 or not text.lstrip().startswith("|"):
        return got
    name, value = cells[0].strip(), cells[1].strip()
    if not name or not value or name.endswith(":"):
        return got
    if (row := setting_row(name, value, llama)) is not None:
        return {**got, **row}  # ("| Draft | `--draft-max 3` |": draft_len 3, no draft model of the flags' text)
    # ("| backend | pytorch |", "| GPUs | 2 |": a key by its own name, a count of boards, as a settings table's row)
    return {**settings_table_values([[name, value]]), **line_setup(f"{name}: {value}"), **got}


def _result_pastes(doc: Document) -> set[int]:
    """The lines of the code blocks that print a table of results (an eval's output under its header line): a run
    of its own, whose header's model and filter set up its table, not the setup section it stands in."""
    tables = [b.start for b in doc.blocks if b.kind == "table" and b.in_code]
    out: set[int] = set()
    for b in doc.blocks if tables else ():
        if b.kind == "code" and (k := bisect.bisect_left(tables, b.start)) < len(tables) and tables[k] <= b.end:
            out.update(range(b.start, b.end + 1))
    return out


def setup_section_lines(doc: Document) -> set[int]:
    """The lines of every turn's setup sections (_sections_in)."""
    starts = [b.start for b in doc.blocks]
    return {
        no
        for a, z in turn_bounds(doc)
        for first, last, _ in _sections_in(doc, a, z, starts)
        for no in range(first, last + 1)
    }


def _sections_in(doc: Document, start: int, end: int, starts: list[int]) -> list[tuple[int, int, bool]]:
    """The line ranges of a turn's setup sections: a heading's section, a <details> block, a lead line's list, a
    paragraph a setup title opens (flagged: inside a section of results it is that section's alone)."""
    out: list[tuple[int, int, bool]] = []
    # (the turn's blocks found by position, not by a scan of the document's: a long thread stays linear)
    lo, hi = bisect.bisect_left(starts, start), bisect.bisect_right(starts, end)
    blocks = [b for b in doc.blocks[lo:hi] if not b.in_code]
    for k, b in enumerate(blocks):
        if b.kind == "heading" and is_setup_title(b.text):
            out.append((b.start + 1, _setup_section_end(doc, blocks, k, end), False))
        elif b.kind == "heading" and _TESTED_TITLE_RE.match(b.text):
            out.append((b.start, b.start, False))  # (its line alone: the results under it are no setup of the turn's)
        elif b.kind == "text":
            sm = _SUMMARY.search(b.text)
            if sm and is_setup_title(sm.group("title")):
                stop = next((x.end for x in blocks[k + 1 :] if "</details>" in x.text.lower()), end)
                out.append((b.end + 1, stop, False))
            elif len(b.text) <= 40 and b.text.rstrip().endswith(":") and is_setup_title(b.text):
                out.append((b.end + 1, _list_end(blocks, k + 1, b.end), False))
            elif _setup_paragraph(b.text):
                # "**Setup** - dataset `x` - N=100 - one H200": its own lines, and the lines it wraps onto
                out.append((b.start, _paragraph_end(blocks, k), True))
    return out


def _setup_paragraph(text: str) -> bool:
    """A paragraph that a setup title opens as its label and that states the settings after it ("**Setup**: dataset
    `x`, N=200, one L4", "Config: TP4, 2x H100"): a turn's setup written in one place, as a "## Setup" section is."""
    label = bold_heading(text)
    if label is None:
        head, colon, _ = text[:40].partition(":")
        label = head if colon else None
    return label is not None and len(label) <= 30 and is_setup_title(label.strip(" :*_")) and len(text) > len(label) + 8


def _paragraph_end(blocks: list[Block], k: int) -> int:
    """The last line of the paragraph blocks[k] opens: the text lines right under it, up to a blank (six at most)."""
    end = blocks[k].end
    for b in blocks[k + 1 : k + 7]:
        if b.kind != "text" or b.start != end + 1:
            break
        end = b.end
    return end


def _setup_section_end(doc: Document, blocks: list[Block], k: int, end: int) -> int:
    """The last line of the setup section headed by blocks[k]: up to the next heading of its level or above, or
    to a sub-section of results ("### Hardware" over "#### Llama 3.3 70B" and its table), whose header cells set up
    its own rows, not the turn."""
    level, method = blocks[k].level, is_method_title(blocks[k].text)
    heads = [h for h in blocks[k + 1 :] if h.kind == "heading"]
    for i, h in enumerate(heads):
        if h.level <= level:
            return h.start - 1
        if method:
            continue  # ("### Running the Benchmark" under "## Reproducing Results": a step, its output a sample)
        last = heads[i + 1].start - 1 if i + 1 < len(heads) else end
        if not is_setup_title(h.text) and section_measures(doc, [(h.start, last)]):
            return h.start - 1
    return end


def _list_end(blocks: list[Block], k: int, fallback: int) -> int:
    """The last line of the list or code block right after a lead line."""
    stop = fallback
    for b in blocks[k:]:
        if b.kind not in ("item", "code") or b.start > stop + 2:
            break
        stop = b.end
    return stop
