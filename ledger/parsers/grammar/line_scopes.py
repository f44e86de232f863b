"""The settings a line states beside its results, for that line alone: the innermost scope of all.

    Decode 0. Batch size: 1, latency: 0.009 s          <- batch_size=1 for this line's latency only

Apart from grammar.setup, which gathers the wider scopes, because it reads every line once on its own."""

from __future__ import annotations

from ledger.parsers.grammar.bullet_leads import bullet_lead_setup, draft_over
from ledger.parsers.grammar.heading_setup import opening_lead_settings
from ledger.parsers.grammar.later_runs import later_runs
from ledger.parsers.grammar.line_setup import own_words
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.setup_scopes import inline_settings, label_settings, line_setup
from ledger.parsers.reader.document import Document
from ledger.vocab.context_words import lead_length
from ledger.vocab.flags import dtype_not_quant
from ledger.vocab.setup_keys import overlay
from ledger.vocab.test_ids import names_one_test, spelled_tests
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
        # ('with `<kvdt>="auto"`:  `Throughput: 6.85 requests/s`': the lead-in opening the line, its results' own, in
        # its own spelling: the "fp8" the setup words read in `kv_cache_dtype="fp8"` is the same key's)
        said = {**own, **label_settings(text), **inline_settings(text)}
        values = dtype_not_quant(overlay(said, opening_lead_settings(text)))
        # ("- FP8 Qwen3 235B + Eagle3: acceptance **2.40 / 3**, speedup **1.41x**": the item's subject and draft
        # length, every value's of its line)
        values = {**bullet_lead_setup(text), **draft_over(text), **values}
        if "isl" not in values and (length := lead_length(text)) is not None:
            values["isl"] = length  # "* 256K: TTFT -7.3%": the input length of the item's results, theirs alone
        if no in later:
            values = {k: v for k, v in values.items() if k not in later[no]}
        if ids := _listed_ids(doc, no):
            values = {**_shared(ids), **values}
        if values:
            out.append(SetupScope(no, no, values))
    return out


def one_test_item(doc: Document, no: int) -> bool:
    """Whether line `no` is a list item naming one test alone (vocab.test_ids.names_one_test): its settings are
    that test's, no section's and no later line's."""
    return names_one_test(doc.line(no))


def _listed_ids(doc: Document, no: int) -> list[str]:
    """The test ids of the list right under line `no` whose every item is one test's id alone (a blank line between
    them and the line at most): "fails 3 perf-sanity tests on GB200:" over its three ids; [] where none stands."""
    if one_test_item(doc, no):
        return []  # (an id of the list: its own settings, none of the next id's)
    k = no + 1
    if k <= len(doc.lines) and not doc.line(k).strip():
        k += 1
    ids: list[str] = []
    while k <= len(doc.lines) and names_one_test(line := doc.line(k)):
        ids.extend(spelled_tests(line))
        k += 1
    return ids if k > no + 1 and (k > len(doc.lines) or not doc.line(k).strip()) else []


def _shared(ids: list[str]) -> dict[str, str]:
    """The settings every one of the test ids spells alike: all of one id's, the common part of a mixed list's
    ("..._tep4_mtp3_1k1k" beside "..._dep4_8k1k": fp4 and EP4, not the lengths or the draft)."""
    setups = [line_setup(name) for name in ids]
    return {k: v for k, v in setups[0].items() if all(s.get(k) == v for s in setups[1:])}
