"""Each model's part of a chart's caption (reader.caption_parts: "Llama-70B: H100 FP8 BS 8, H200 FP8 BS 32") is the
setup of that model's results above it, in its section: a line naming the model and the board it ran on takes the
part's entry for that board ("... with Llama-70B on a single H200 is 1.9x more performant than H100" ran at BS 32;
the H100's BS 8 is its baseline's, no setup of it). A line naming the model but no board of the part takes none."""

from __future__ import annotations

import bisect

from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.reader.caption_parts import caption_lines, model_parts
from ledger.parsers.reader.document import Document
from ledger.vocab.canonical import canonical_gpu
from ledger.vocab.models import model_names

_OWN_KEYS = ("gpu", "gpu_count")  # (the line states its own board and count: the part's entry picks by board only)


def caption_model_scopes(doc: Document) -> list[SetupScope]:
    """One line's scope for each result line a caption's model part sets up (see the module)."""
    parts = model_parts(doc.lines) if any("sub>" in line for line in doc.lines) else []
    if not parts:
        return []
    captions = set(caption_lines(doc.lines))
    # (a heading, a table or another caption ends what a caption captions: each line is read for one caption at most)
    heads = {b.start for b in doc.blocks if b.kind == "heading"} | {b.end for b in doc.blocks if b.kind == "table"}
    bounds = sorted(heads | captions)
    out: list[SetupScope] = []
    for part in parts:
        top = part.line
        while top - 1 in captions:
            top -= 1  # (the caption's first line: the results it captions stand above it)
        k = bisect.bisect_left(bounds, top)
        for no in range(bounds[k - 1] + 1 if k else 1, top):
            text = doc.setup_line(no)
            if part.model.lower() not in (m.lower() for m in model_names(text)):
                continue
            board = canonical_gpu(line_setup(text).get("gpu", ""))[0]
            picked = [e for e in part.entries if board and canonical_gpu(e["gpu"])[0] == board]
            if len(picked) == 1:
                out.append(SetupScope(no, no, {k: v for k, v in picked[0].items() if k not in _OWN_KEYS}))
    return out
