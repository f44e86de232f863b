"""Read a document once into line-numbered blocks: headings, tables, code, list items, text.

Two inputs share one model. Markdown source is read with markdown-it-py (block rules only, tables
enabled; each token's `.map` gives its lines) for headings, fences and GFM tables. Text copied
from a rendered GitHub page has none of those marks: tables are tab-separated lines, bullets are
`•` with indented sub-bullets, headings are short bare lines between blank lines. Whatever
markdown-it does not claim (paragraphs, HTML blocks, a rendered copy) goes through the same line
scanner, which also finds pipe tables that markdown-it rejects (a table glued to an HTML line, a
table whose delimiter row is malformed or missing after truncation).

This module is the reader's face: `read_document`, and the model and helpers the extractors import from
here. The work is done below it, one job a module: blocks.py (the model: Block, Table, Row, Document),
markdown_regions.py (what markdown-it claims), scanner.py (the line walk), code_blocks.py (the lines
inside a code block), table_dialects.py (pipe, ASCII, tab tables; grid.py the blank-aligned ones),
line_kinds.py (commands and rendered headings told by the line alone), headless.py (names for the
columns of a table printed without its header).
"""

from __future__ import annotations

import re
from typing import Literal

from ledger.parsers.reader.blocks import MAX_LINE, Block, BlockKind, Document, Row, Table
from ledger.parsers.reader.caption_parts import parts_blanked
from ledger.parsers.reader.ci_lines import ci_blanked
from ledger.parsers.reader.config_files import nested_settings
from ledger.parsers.reader.diff_hunks import diff_texts
from ledger.parsers.reader.dispatch_branches import branch_blanked
from ledger.parsers.reader.emphasis import emphasis_blanked
from ledger.parsers.reader.figure_parens import without_figure_parens
from ledger.parsers.reader.front_matter import front_matter
from ledger.parsers.reader.line_facts import PRINTED_LOWERED
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.parsers.reader.linked_values import values_unlinked
from ledger.parsers.reader.markup_tags import holds_markup, markup_blanked
from ledger.parsers.reader.placeholders import named_placeholders, placeholder_keys
from ledger.parsers.reader.prose_examples import design_examples, example_blanked, prospect_blanked, supposed_blanked
from ledger.parsers.reader.quotes import quoted_code_texts, quoted_reply_lines
from ledger.parsers.reader.regions import markdown_regions
from ledger.parsers.reader.scanner import scan
from ledger.parsers.reader.superseded_sides import superseded_blanked
from ledger.parsers.reader.sweep_pairs import SWEPT, sweep_pairs
from ledger.parsers.reader.swept_lists import swept_blanked
from ledger.parsers.reader.test_mentions import passing_tests_blanked
from ledger.parsers.reader.wrapped_lengths import wrapped_lengths
from ledger.parsers.tables.dialects import pipe_cells
from ledger.parsers.tables.header_tree import build_header_tree
from ledger.parsers.tables.headless import name_headless_columns
from ledger.parsers.tables.prompt_heads import prompt_lengths
from ledger.vocab.word_gate import LoweredLines

__all__ = [
    "MAX_LINE",
    "Block",
    "BlockKind",
    "Document",
    "Row",
    "Table",
    "is_command_line",
    "pipe_cells",
    "read_document",
    "sniff_format",
    "split_lines",
]


def split_lines(text: str) -> list[str]:
    """Split on LF, CRLF or a lone CR, as editors count lines."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def sniff_format(text: str, path: str | None = None) -> Literal["markdown", "rendered"]:
    """Markdown source or a rendered-page copy, by extension first, then by its marks."""
    if path:
        low = path.lower()
        if low.endswith((".md", ".markdown")):
            return "markdown"
    head = text[:50_000]
    fences = len(re.findall(r"(?m)^ {0,3}(?:```|~~~)", head))
    if path and path.lower().endswith(".txt") and not fences and len(re.findall(r"(?m)^#{2,6} \S", head)) < 2:
        # a copied page has no fences: its pipe lines are pasted tool output, its "# x" lines code comments
        return "rendered"
    md_marks = len(re.findall(r"(?m)^ {0,3}(?:#{1,6} |```|~~~|\|.*\|[ \t]*$)", head))
    rendered_marks = head.count("•") + len(re.findall(r"(?m)^[^\t\n]*\t[^\n]*$", head))
    return "markdown" if md_marks >= max(1, rendered_marks // 2) else "rendered"


def blank_html_comments(text: str) -> str:
    """The text with each closed HTML comment's characters blanked, its line breaks kept: a PR template's
    `<!-- e.g. "speeds up decode on H100 with TP=8 by 5%" -->` is hidden on the page, so states nothing, and
    every line keeps its number. An unclosed `<!--` shows as text on the page, and stays."""
    out: list[str] = []
    at = 0
    while (a := text.find("<!--", at)) >= 0 and (b := text.find("-->", a + 4)) >= 0:
        out.append(text[at:a])
        out.append(re.sub(r"[^\n]", " ", text[a : b + 3]))
        at = b + 3
    out.append(text[at:])
    return "".join(out)


def _prose_blanked(doc: Document, lines: list[str], code: set[int]) -> None:
    """Into doc.setup_texts, the prose lines blanked of suppositions, prospects and dispatch rules' branches, each
    reader reading the lines as the one before left them: lowered once for the three gates, a line one rewrote asked
    of the next ones' patterns (LoweredLines.with_unknown), not the whole document lowered anew for each."""
    texts = [doc.setup_texts.get(n, t) for n, t in enumerate(lines, 1)]
    lowered = LoweredLines(texts)
    # (the printed lines' lowering too, for LineFacts: a line read otherwise so far is one no word test tells there)
    doc.derived[PRINTED_LOWERED] = lowered.with_unknown(n for n, t in enumerate(texts, 1) if t is not lines[n - 1])
    # ("Suppose a request decodes 1,000 tokens": a made-up case, no run's length; "a strong fit for P/D-disaggregated
    # serving": where it would serve, no run; "falls back to X for FP8 KV cache": a rule's branch, no run's precision)
    for reader in (supposed_blanked, prospect_blanked, branch_blanked):
        changed = reader(texts, code, lowered)
        for no, blanked in changed.items():
            doc.setup_texts[no] = texts[no - 1] = blanked
        if changed:
            lowered = lowered.with_unknown(changed)


def read_document(text: str, path: str | None = None, fmt: str | None = None) -> Document:
    """Read text into a Document; never raises on odd input."""
    kind: Literal["markdown", "rendered"] = (
        "markdown" if fmt == "markdown" else "rendered" if fmt == "rendered" else sniff_format(text, path)
    )
    if kind == "markdown" and "<!--" in text:
        text = blank_html_comments(text)
    if kind == "markdown" and "](" in text:
        text = values_unlinked(text)  # ("New: [0.76](https://...)": the value 0.76, its link markup blanked)
    lines = split_lines(text)
    doc = Document(lines=lines, format=kind, setup_texts=nested_settings(lines) if "_config:" in text else {})
    markup: dict[int, tuple[str, int, int, str]] = {}
    head = front_matter(lines) if kind == "markdown" and text[:3] in ("---", "+++") else None
    if head is not None:  # (metadata, no text: read by no reader, its lines blank to markdown-it and the setup)
        doc.setup_texts.update(dict.fromkeys(range(1, head[0] + 1), ""))
        shown = [""] * head[0] + lines[head[0] :]
        markup = markdown_regions("\n".join(shown), shown)
    elif kind == "markdown":
        markup = markdown_regions(text, lines)
    scan(doc, markup, *((head[0], (head[1], head[2])) if head is not None else ()))
    if "sub>" in text:  # ("<sub>... | Llama-70B: H200 FP8 BS 32 | ...</sub>": each model's runs', no page's setup)
        doc.setup_texts.update(parts_blanked(lines))
    if ">" in text:
        replies = quoted_reply_lines(doc)  # (a reply's quote repeats another message: it sets up no run of this one)
        doc.setup_texts.update({no: t for no, t in quoted_code_texts(doc).items() if no not in replies})  # ("> vllm")
        # ("> I ran it on GPU (L40S)" above "I also ran it on TPU": the quoted turn's board is none of this turn's runs)
        doc.setup_texts.update(dict.fromkeys(replies, ""))
    if "diff" in text or "patch" in text:  # ("+#### Qwen/Qwen3-8B (bf16)" in a README's diff: its heading, unmarked)
        doc.setup_texts.update(diff_texts(doc))
    # the examples prose gives ("e.g. `grid: {'ep': 4}`") are read blanked by the setup readers: no run's setup
    code = {no for b in doc.blocks if b.kind == "code" for no in range(b.start, b.end + 1)}
    for no, blanked in example_blanked(lines, code).items():
        doc.setup_texts.setdefault(no, blanked)
    _prose_blanked(doc, lines, code)
    if "→" in text or "->" in text:  # ("- **Hardware:** A100 → L40S": the runs' board is the new side's)
        for no, moved in superseded_blanked([doc.setup_texts.get(n, t) for n, t in enumerate(lines, 1)], code).items():
            doc.setup_texts[no] = moved
    for no, blanked in design_examples(doc).items():  # ("## Modifications" ... "Example: decode TP4/DP2")
        doc.setup_texts[no] = blanked
    if "<" in text and (holders := placeholder_keys(lines)):  # ("with `<dtype>="fp8"`:": the --kv-cache-dtype's fp8)
        for b in doc.blocks:
            if b.kind in ("text", "item", "heading") and not b.in_code and b.start == b.end:
                own = doc.setup_line(b.start)
                if own != (named := named_placeholders(own, holders)):
                    doc.setup_texts[b.start] = named
    if holds_markup(text):  # ("<a id="Next_Model"></a>", "[§3](#3-...-nvfp4)": a link's target, no setup)
        for b in doc.blocks:
            if b.kind in ("text", "item", "heading") and not b.in_code:
                for no in range(b.start, b.end + 1):
                    if (own := doc.setup_line(no)) is not (blanked := markup_blanked(own)):
                        doc.setup_texts[no] = blanked
    if kind == "markdown" and ("*" in text or "_" in text):  # ("an input length of **2048** tokens": the value)
        for b in doc.blocks:
            if b.kind in ("text", "item", "heading") and not b.in_code:
                for no in range(b.start, b.end + 1):
                    if (own := doc.setup_line(no)) is not (blanked := emphasis_blanked(own)):
                        doc.setup_texts[no] = blanked
    turns = [b.start for b in doc.blocks if b.kind == "comment"]
    prose = {no for b in doc.blocks if b.kind in ("text", "item") and not b.in_code for no in range(b.start, b.end + 1)}
    for no, blanked in ci_blanked(len(lines), doc.setup_line, turns, prose).items():  # ("/bot run ... "A10-...")
        doc.setup_texts[no] = blanked
    for no, joined in wrapped_lengths(len(lines), doc.setup_line, prose).items():
        doc.setup_texts[no] = joined  # ("64 random" ending a line, "input tokens" opening the next: one length)
    if swept := sweep_pairs(len(lines), doc.setup_line, prose):  # ("at 4K/8K" where "1K/2K/4K/8K/16K" is swept)
        doc.setup_texts.update({no: blanked for no, (blanked, _) in swept.items()})
        doc.derived[SWEPT] = {no: pairs for no, (_, pairs) in swept.items()}  # (two points, no isl/osl: base.claim)
    in_table = {no for b in doc.blocks if b.kind == "table" for no in range(b.start, b.end + 1)}
    for no, blanked in swept_blanked([doc.setup_line(n) for n in range(1, len(lines) + 1)], in_table).items():
        doc.setup_texts[no] = blanked  # ("for dtype in [torch.float16, torch.bfloat16]:": a test's points, no setup)
    for no, blanked in passing_tests_blanked(doc).items():
        doc.setup_texts[no] = blanked  # ("see test_fp8_block_scale in CI": that test's case, no run's precision)
    for no, line in enumerate(lines, 1):
        # ("5% (empty cache) to 12% (a 32k context)": each bracket its figure's condition, none the line's setup)
        if "(" in line and no not in code and no not in in_table:
            own = doc.setup_texts.get(no, line)
            if (blanked := without_figure_parens(own)) is not own:
                doc.setup_texts[no] = blanked
    tables = [b.table for b in doc.blocks if b.table is not None]
    for t in tables:
        build_header_tree(
            t, [doc.line(k) for k in range(t.header_line - 1, max(0, t.header_line - 6), -1)], doc.line(t.header_line)
        )
        prompt_lengths(t)  # ("| Prompt | hi (2) | 1K (969) |": each column's prompt length)
    for t in name_headless_columns(tables, doc.warn):
        t.rows = []
    return doc
