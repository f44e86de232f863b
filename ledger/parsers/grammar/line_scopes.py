"""The settings a line states beside its results, for that line alone: the innermost scope of all.

    Decode 0. Batch size: 1, latency: 0.009 s          <- batch_size=1 for this line's latency only

Apart from grammar.setup, which gathers the wider scopes, because it reads every line once on its own."""

from __future__ import annotations

from ledger.parsers.grammar.bullet_leads import bullet_lead_setup, draft_over
from ledger.parsers.grammar.later_runs import later_runs
from ledger.parsers.grammar.line_setup import own_words
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import inline_settings, label_settings
from ledger.parsers.reader.document import Document
from ledger.vocab.context_words import lead_length
from ledger.vocab.flags import dtype_not_quant
from ledger.vocab.text import has_digit


def line_scopes(doc: Document) -> list[SetupScope]:
    """The settings a line states beside its results ("Decode 0. Batch size: 1, latency: 0.009 s"): for that
    line only, the innermost scope. A table's cells are its columns' business."""
    in_table = {no for b in doc.blocks if b.kind == "table" for no in range(b.start, b.end + 1)}
    later = later_runs(doc).behind  # ("... before 61.0 / after 64.2. The rerun with TP=4 gives 79.1.": 79.1's TP only)
    out: list[SetupScope] = []
    for no in range(1, len(doc.lines) + 1):
        text = doc.setup_line(no)
        if no in in_table or (":" not in text and "=" not in text and not has_digit(text)):
            continue  # (own_words needs a digit, label_settings an "=", inline_settings a ":" or an "=")
        # the setup words of the line too ("torch.float16 M=8  max_abs=2.2e-03"), unless it names two values of
        # a key ("FP8: 96.1, BF16: 96.3": each value's own words decide)
        own = own_words(text)
        values = dtype_not_quant({**own, **label_settings(text), **inline_settings(text)})
        # ("- FP8 Qwen3 235B + Eagle3: acceptance **2.40 / 3**, speedup **1.41x**": the item's subject and draft
        # length, every value's of its line)
        values = {**bullet_lead_setup(text), **draft_over(text), **values}
        if "isl" not in values and (length := lead_length(text)) is not None:
            values["isl"] = length  # "* 256K: TTFT -7.3%": the input length of the item's results, theirs alone
        if no in later:
            values = {k: v for k, v in values.items() if k not in later[no]}
        if values:
            out.append(SetupScope(no, no, values))
    return out
