"""A case-blind pattern searched only in texts holding one of the words every match of it holds (ledger.vocab.
word_gate): the words are read from the pattern itself, and the gated search finds what the pattern finds."""

from __future__ import annotations

import re

import pytest
from _fixture_lines import fixture_lines

from ledger.vocab import metrics
from ledger.vocab.word_gate import WordGate, required_words


@pytest.mark.parametrize(
    ("pattern", "words"),
    [
        (r"throughput|latency|\bms\b", ("latency", "ms", "throughput")),
        (r"acc(?:uracy)?|exact[_ ]match", ("acc", "exact")),  # the longest run every way through holds
        (r"(?<![\w-])(?:train[ _-])?loss(?:es)?(?![\w-])", ("loss",)),  # an optional part and look-arounds hold none
        (r"pass@\d|\bf1\b", ("f1", "pass@")),
        (r"ab{2,}c", ("ab",)),  # a repeat of one or more holds its first copy
        (r"µs|gib", None),  # "µ" also takes "μ" case-blind: "µs" holds only "s", too little to gate on
        (r"δp\b|kld", ("kld", "δp")),  # "Δ" lowers to "δ", and nothing else is "δ" case-blind
        (r"x?y*|abc", None),  # a way through that holds nothing: no gate
        (r"[ab]cd|efg", ("cd", "efg")),
        (r"floor|>=|≥|=", ("=", ">=", "floor", "≥")),  # a mark alone is word enough: few lines hold one
        (r"floor|x\b", None),  # a letter alone is in every line
    ],
)
def test_the_words_every_match_holds_are_read_from_the_pattern(pattern: str, words: tuple[str, ...] | None) -> None:
    assert required_words(re.compile(pattern, re.IGNORECASE)) == words


def _texts() -> list[str]:
    lines = fixture_lines()
    made = ["Mean TTFT (ms)", "GSM8K Acc", "accept rate", "[AR] P50", "mean AR", "a.len", "ref_al: 2.73", "p99 AR"]
    made += [
        "ACCURACY",
        "Exact Match",
        "KL-div",
        "\u212aLD",
        "mmlu_pro",
        "\u0130FEval",
        "\u017fcore",
        "Train Loss",
        "Δp",
        "5 μs",
        "5 µs",
    ]
    return lines + made + [t.upper() for t in made]


@pytest.mark.parametrize("name", ["_ACCURACY_RE", "_ACCEPTANCE_RE"])
def test_a_gated_search_finds_what_the_pattern_finds(name: str) -> None:
    gate = getattr(metrics, name)
    assert isinstance(gate, WordGate)
    assert gate.words  # each has words to gate on
    for text in _texts():
        full = gate.pattern.search(text)
        fast = gate.search(text)
        assert (full and full.span()) == (fast and fast.span()), (name, text)


def test_a_gated_window_finds_every_device_name_the_pattern_finds() -> None:
    """HARDWARE_NAME_RE is searched in windows around each number ("on an RTX 4090", "MI300X (192 GB)"): gated on
    the window's own words, it finds the same names."""
    from ledger.vocab.setup import HARDWARE_NAME_RE

    assert isinstance(HARDWARE_NAME_RE, WordGate) and HARDWARE_NAME_RE.words
    texts = [*_texts(), "on an RTX 4090 and a MI300X (192 GB)", "8x H100 SXM 80GB, L40S (48 GB)", "cuda0 : A10G"]
    for text in texts:
        for a in range(0, max(1, len(text)), 7):
            for b in (a + 12, a + 30, None):
                full = [m.span() for m in HARDWARE_NAME_RE.pattern.finditer(text, a, len(text) if b is None else b)]
                fast = [m.span() for m in HARDWARE_NAME_RE.finditer(text, a, b)]
                assert full == fast, (text, a, b)


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("ledger.vocab.metrics", "_BENCHMARK_IN_RE"),
        ("ledger.parsers.prose.guards", "_CHOSEN_BEFORE_RE"),
        ("ledger.parsers.prose.hardware_specs", "_CAPABILITY_BEFORE_RE"),
        ("ledger.parsers.prose.guards", "NAMED_THRESHOLD_RE"),
        ("ledger.vocab.models", "_MEMBER_WORD_RE"),
        ("ledger.vocab.passing_names", "_HEDGE_RE"),
        ("ledger.vocab.setup_labels", "UNCAPPED_LOAD_RE"),
        ("ledger.vocab.not_measured", "NOISE_SAID_RE"),
        ("ledger.vocab.other_runs", "_FAILED_RE"),
        ("ledger.vocab.other_runs", "_EARLIER_RE"),
        ("ledger.parsers.reader.prose_examples", "_SUPPOSE_RE"),
        ("ledger.vocab.prospects", "PROSPECT_RE"),
        ("ledger.parsers.grammar.setup_sections", "_SUMMARY"),
        ("ledger.parsers.grammar.table_wide", "_METHOD"),
        ("ledger.vocab.remedies", "_FIX_BY"),
    ],
)
def test_a_gated_window_search_finds_what_the_pattern_finds(module: str, name: str) -> None:
    import importlib

    gate = getattr(importlib.import_module(module), name)
    assert isinstance(gate, WordGate) and gate.words
    made = [
        "the GSM8K run",
        "test_mmlu_pro_full",
        "set it to 8",
        "Defaults to 64",
        "we waited for 30 s",
        "cap them at 4",
        "the M2 Max can sustain 340",
        "a peak memory bandwidth of ~",
        "pass threshold: 0.70",
        "(tolerance of ~",
        "Mistral-Small and DeepSeek Lite",
        "whether Kimi2-1T behaves the same I cannot tell; not sure, no idea, can't say",
        "c=64, then without any concurrency cap: 912 tok/s; Unbounded Concurrency",
        "the gap is run-to-run noise, not within noise; it varies across runs and wobbles",
        "it failed CI on #4821, then REVERTED; the nightly crashes; Broken, red",
        "the Original table's runs; the previous two sweeps were older numbers",
        "If the model generates 300 tokens; Suppose a request decodes 1,000. IMAGINE a batch of 64, let's say 8",
        "a strong fit for PD serving; it would also suit EP8; Well Suited to FP4, could be useful for TP2",
        "<details><summary>Server setup</summary>, <SUMMARY> Env </SUMMARY>",
        "EAGLE3 and n-gram drafts; MTP",
        "fixes the fp4 crash by setting max_batch_size=16; works around it by lowering the fraction",
    ]
    for text in [*_texts(), *made, *(t.upper() for t in made)]:
        # every 7th place of a short line, about 24 places of a long one (a window searched from each place to the
        # line's end costs the square of its length; the places differ from line to line)
        for a in range(0, max(1, len(text)), max(7, len(text) // 24)):
            for b in (a + 20, a + 45, None):
                end = len(text) if b is None else min(b, len(text))
                full = gate.pattern.search(text, a, end)
                fast = gate.search(text, a, b)
                assert (full and full.span()) == (fast and fast.span()), (name, text, a, b)
                assert [m.span() for m in gate.pattern.finditer(text, a, end)] == [
                    m.span() for m in gate.finditer(text, a, b)
                ]


@pytest.mark.parametrize("name", ["_ACCURACY_RE", "_ACCEPTANCE_RE", "_BENCHMARK_IN_RE"])
def test_whether_a_text_holds_a_match_is_asked_as_the_pattern_answers(name: str) -> None:
    """`holds` answers whether the pattern matches anywhere in a text; where the pattern is all lower case and
    ASCII but for letters with one case-blind equal ("δ"), it searches a case-sensitive copy of it in the lowered
    text (a case-blind engine compares every character in both cases): the same answer on every text."""
    gate = getattr(metrics, name)
    extra = ["ΔP 0.3", "Same Top-P", "STRICT-MATCH", "the Score", "ſcore", "\u212aLD", "ARC-C", "Loss", "İtem mmlu"]
    for text in [*_texts(), *extra, *(t.upper() for t in extra)]:
        assert gate.holds(text) == (gate.pattern.search(text) is not None), (name, text)


def test_a_case_blind_name_list_is_searched_case_sensitively_in_the_lowered_text() -> None:
    assert metrics._ACCURACY_RE.plain is not None and not metrics._ACCURACY_RE.plain.flags & re.IGNORECASE
    assert metrics._ACCEPTANCE_RE.plain is None  # it writes "AR" and "AL" in capitals, "(?-i:AR)" among them
    assert WordGate(re.compile(r"\W?acc|loss", re.IGNORECASE)).plain is None  # "\W" is no "\w"
    assert WordGate(re.compile(r"(?-i:ar)|loss", re.IGNORECASE)).plain is None
    assert WordGate(re.compile(r"µs\b|loss", re.IGNORECASE)).plain is None  # "µ" also takes "μ"
    assert WordGate(re.compile(r"\x41cc|loss", re.IGNORECASE)).plain is None  # "\x41" is "A", lowered away


@pytest.mark.parametrize("name", ["_ACCURACY_RE", "_BENCHMARK_IN_RE", "_GAUGE_RE"])
def test_the_matches_found_through_the_case_sensitive_copy_are_the_patterns_own(name: str) -> None:
    """A gate with a case-sensitive copy finds its matches in the lowered text and matches the pattern itself where
    each opens: the same matches, with the same groups in the text's own letters ("GSM8K", not "gsm8k")."""
    gate = getattr(metrics, name)
    assert gate.plain is not None  # ("(?P<b2>gsm8k)": a group's name is no part of what it matches)
    extra = ["GSM8K and MMLU-Pro, then HumanEval", "Δp 0.3 / ΔP 0.4", "ſcore and \u212aLD", "İfeval gsm8k"]
    for text in [*_texts(), *extra, *(t.upper() for t in extra)]:
        for pos, end in ((0, None), (2, 40)):
            stop = len(text) if end is None else min(end, len(text))
            full = [(m.span(), m.groupdict(), m.group(0)) for m in gate.pattern.finditer(text, pos, stop)]
            fast = [(m.span(), m.groupdict(), m.group(0)) for m in gate.finditer(text, pos, end)]
            assert full == fast, (name, text)


@pytest.mark.parametrize("name", ["_PROSE_RE", "_PASSED_RE", "_ALL_PASSED_RE"])
def test_the_gate_phrases_are_found_through_their_case_sensitive_copies(name: str) -> None:
    """The prose gate phrases ("the lint check passed", "ran the unit tests; all passed", "is not measured") are
    searched through their case-sensitive copies in the lowered line: the same matches, with the same groups in
    the line's own letters, as the case-blind patterns."""
    import importlib

    gate = getattr(importlib.import_module("ledger.parsers.gates.prose"), name)
    assert isinstance(gate, WordGate) and gate.plain is not None
    made = ["After the rebase the lint check passed", "I reran the pre-commit checks; all passed.", "CI passes"]
    made += ["ran the unit Tests, and all of them pass", "FP8 is NOT measured on H100"]
    made += ["bitwise-identical, it Hangs in"]
    for text in [*_texts(), *made, *(t.upper() for t in made), "ſtep tests passed", "\u212aernel Checks PASSED"]:
        full = [(m.span(), m.groupdict()) for m in gate.pattern.finditer(text)]
        assert [(m.span(), m.groupdict()) for m in gate.finditer(text)] == full, (name, text)


def test_whether_a_header_looks_like_a_measure_is_asked_of_the_lowered_header() -> None:
    """looks_metric ("Output tok/s", "P99 TTFT", "GSM8K") asks its case-sensitive copy in the lowered header (a
    case-blind engine compares every character in both cases): the same answer as the pattern on every header."""
    from ledger.parsers.tables import headers

    assert isinstance(headers._METRICISH, WordGate) and headers._METRICISH.plain is not None
    made = ["Output TOK/s", "P99 TTFT (ms)", "per-token cost", "OUTPUT", "Thpt", "xp99", "Mem Saving", "ſcore"]
    for text in [*_texts(), *made, *(t.upper() for t in made), "\u212aV cache", "İtem rate"]:
        assert headers.looks_metric(text) == (headers._METRICISH.pattern.search(text) is not None), text


def test_the_side_a_label_names_is_found_through_the_lowered_label() -> None:
    """side_of ("main branch" is the base, "before this PR" the base, "with the fix" the candidate) finds each side's
    first word through the patterns' case-sensitive copies in the lowered label: the same side as the case-blind
    patterns searched in the label, on every fixture line and made labels."""
    from ledger.vocab import sides

    assert sides._BASE_WORDS.plain is not None and sides._HEAD_WORDS.plain is not None

    def searched(label: str) -> str | None:
        # ("rebased onto main": the PR where it now sits; "after the rebase": a state of the PR, a revision: no side)
        if sides._REBASED_ONTO_RE.search(label) or sides.rebase_state(label) is not None:
            return None
        if sides.BASE_RUN_RE.search(label):  # ("with the fix reverted": the base, whatever "with the fix" says)
            return "base"
        b, h = sides.BASE_SIDE_RE.search(label), sides.HEAD_SIDE_RE.search(label)
        if not (b or h):  # (a Chinese side word, searched without a gate: "未开启 X 时" is a base)
            b, h = sides._CJK_BASE_RE.search(label), sides._CJK_HEAD_RE.search(label)
        if b and h:
            return "base" if b.start() <= h.start() else "head"
        return "base" if b else "head" if h else None

    made = ["Main branch", "Before this PR", "WITH THE FIX", "w/o #123", "PR (new)", "baseline vs candidate", "ſtock"]
    for label in [*_texts(), *made, *(m.upper() for m in made), "\u212aernel after", "İtem main"]:
        assert sides._side_of.__self__.fn(label) == searched(label), label


def test_whether_a_text_holds_a_digit_is_what_the_digit_class_finds() -> None:
    """has_digit (remembered, an ASCII text scanned for ASCII digits) answers as `\\d` does: on every fixture line and
    on digits beyond ASCII ("٣", "３") and digit-like characters that are no decimal digit ("²", "Ⅻ")."""
    from ledger.vocab.text import has_digit

    made = ["no digit here", "", "x\u0663y", "\uff13", "e\u00b2", "\u216b", "a1", "é 5", "★"]
    for text in [*fixture_lines(), *made]:
        assert has_digit(text) == (re.search(r"\d", text) is not None), text


def test_an_acceptance_name_is_found_through_the_case_blind_words_copy_and_the_capitals() -> None:
    """is_acceptance_name asks the acceptance words' case-sensitive copy in the lowered text, then the capital "AR"
    where one stands: the same answer as the whole case-blind pattern (its "(?-i:AR)" left it no copy)."""
    assert metrics._ACCEPTANCE_WORDS_RE.plain is not None
    extra = ["AR", "ar", "Ar 0.5", "[Ar] P50", "AL: 2.1", "x-AR", "AR-1", "AR_x", "mean Ar", "P50 AR", "DAR", "AR."]
    extra += ["Mean Accepted", "ACCEPT", "  accept", "REF_AL: 2", "min_al", "a.LEN", "Positional Accept", "İAR", "ſAR"]
    extra += ["mean accept τ", "τ-bench", "Tau", "tau-bench score"]
    for text in [*_texts(), *extra, *(t.lower() for t in extra), *(t.upper() for t in extra)]:
        whole = metrics._ACCEPTANCE_RE.pattern.search(text) or metrics.TAU_RE.search(text)
        assert metrics.is_acceptance_name(text) == (whole is not None), text


def _every_gate() -> list[tuple[str, WordGate]]:
    import sys

    import ledger.parsers.registry  # noqa: F401  (every reader's module, and the gates they build)

    found: dict[int, tuple[str, WordGate]] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("ledger."):
            for attr, value in vars(module).items():
                if isinstance(value, WordGate):
                    found.setdefault(id(value), (f"{name}.{attr}", value))
    return list(found.values())


def test_a_copys_alternatives_open_with_their_first_character_and_find_the_same_matches() -> None:
    """A gate's case-sensitive copy opens each alternative with its first character, grouped by it in their order
    (vocab.first_chars.dispatched), or stands behind a look-ahead on its first characters: on every fixture line and
    made ones, lowered, the same matches one after the other as the copy written as the pattern is."""
    from ledger.vocab.text import lower_for_words

    gates = [(name, g) for name, g in _every_gate() if g.plain is not None]
    assert len(gates) >= 20
    grouped = [name for name, g in gates if not g.plain.pattern.startswith("(?=")]
    assert any(name.endswith("_BENCHMARK_IN_RE") for name in grouped)
    # (the metric table's anchored "^(?:acc|accuracy)" row opens with its letter too: "a(?<=^a)cc")
    assert any(name.endswith("_ACCURACY_RE") for name in grouped)
    made = ["GSM8K and MMLU-Pro, then HumanEval; mean error 0.3, max_error 2, layer-error", "ACC_NORM acc 0.5"]
    made += ["per-tok tok/s, [AR] a.len, AL 2, ruler pope ppl, arc-c arc_challenge, quantization error", "Δp 3"]
    texts = [low for t in [*_texts(), *made, *(m.upper() for m in made)] if (low := lower_for_words(t)) is not None]
    for name, gate in gates:
        written = re.compile(gate.pattern.pattern, gate.pattern.flags & ~re.IGNORECASE)
        for low in texts:
            for pos in (0, 3):
                assert [m.span() for m in gate.plain.finditer(low, pos)] == [
                    m.span() for m in written.finditer(low, pos)
                ], (name, low)


@pytest.mark.parametrize(
    ("pattern", "grouped"),
    [
        (r"gsm8k|\bmmlu|gpqa|mmmu|(?<!per-)tok|\[ar\]|a\.len|ab|(?:ac|ad)|x", True),
        (r"(?<![\w-])(?:(?:abs|rel|max)[ _-])?error(?![\w-])|loss|score|em\b|f1|bleu|rouge|exact", True),
        (r"a|ab|abc|b|bc|c|cab|ba|(?:a|b)?c", True),  # the same alternative wins at each place, as written
        (r"a?b|c|d|e|f|g|h|i", False),  # an optional first character: behind the look-ahead only
        (r"^\s*x|a|b|c|d|e|f|g", False),
        (r"^(?:acc|ab)\.?$|\bab|a|b|c|d|e|f|g", True),  # an anchor is asserted after the first character
        (r"(?P<a>x)(?P=a)|b|c|d|e|f|g|h", False),  # a back-reference keeps its groups
    ],
)
def test_an_alternation_is_grouped_by_first_character_where_each_alternative_opens_with_one(
    pattern: str, grouped: bool
) -> None:
    from ledger.vocab.first_chars import dispatched

    got = dispatched(pattern)
    assert got is not None and got.startswith("(?=") != grouped
    fast, written = re.compile(got), re.compile(pattern)
    texts = ["gsm8k mmlu xmmlu per-tok tok [ar] a.len ab ac ad x", "abc cab bab a b c abab", "rel-error, error, -error"]
    texts += ["max error loss em f1 bleu", "xx aab ba cc", "h g f e d c b a"]
    for text in texts:
        for pos in range(len(text)):
            assert [m.span() for m in fast.finditer(text, pos)] == [m.span() for m in written.finditer(text, pos)]


def test_a_pattern_of_classes_is_read_in_the_class_signature_as_in_the_text() -> None:
    """An ASCII text's class signature (vocab.text.class_signature: each character as its class) read with the
    patterns' literal forms answers as the patterns do in the text: a parameter count (models._holds_size) and a
    release's digits (releases' "d.d"), on every fixture line and made ones; beyond ASCII the text itself is read."""
    from ledger.vocab import models, releases
    from ledger.vocab.text import class_signature

    made = ["Llama-3.1-8B, 1.5b, 8x7B, 12ms, 70M params, 2T tokens, 3.25B, 1.123B, 4xb, 8X22B", "v0.9.0 x.1 1. .5"]
    made += ["١٢B", "7B\u00e9", "MiB 5MiB 5 B 5Bx 5b_ 5T. 9x1234b 9x123b"]
    for text in [*fixture_lines(), *made, *(m.lower() for m in made)]:
        assert models._holds_size(text) == (models._SIZE_IN_RE.search(text) is not None), text
        sig = class_signature(text)
        if sig is not None:
            assert (releases._RELEASE_DIGITS_SIG in sig) == (releases._RELEASE_DIGITS_RE.search(text) is not None)


def test_a_disaggregated_layout_is_looked_for_only_in_text_holding_both_roles_short_words() -> None:
    """vocab.disagg_layout reads LAYOUT_RE only where the lowered text holds "ctx" and "gen" (every match names both,
    and no other character is either's case-blind equal): on every fixture line the guard keeps every match."""
    from ledger.vocab.disagg_layout import LAYOUT_RE, without_layouts

    made = ["CTX1_GEN1_DEP8", "ctx2_tep4_gen1_dep16 at 8k/1k", "Ctx1-Gen4-TP8", "decode gen1 only"]
    found = 0
    for text in [*fixture_lines(), *made]:
        if LAYOUT_RE.search(text) is not None:
            found += 1
            low = text.lower()
            assert "ctx" in low and "gen" in low, text
            assert without_layouts(text)[0], text
    assert found >= 3


@pytest.mark.parametrize(
    ("pattern", "kept"),
    [
        (r"[ -](?:lite|mini|nano)\b", True),  # a class first: the engine skips to it as written
        (r"(?P<m>mmlu|gsm8k)", True),  # alternatives each opening with a character, in a group or not
        (r"ab|cd", True),
        (r"\bmmlu|mmlu|gpqa|a|b|c|d|e", False),
        (r"(?<!x)ab", False),
    ],
)
def test_a_copy_the_engine_skips_through_as_written_is_kept_as_written(pattern: str, kept: bool) -> None:
    """A look-ahead on the first characters before a pattern that opens with a character or a class would only cost:
    the engine finds those places by itself there (vocab.first_chars.skips)."""
    from ledger.vocab.first_chars import dispatched

    assert (dispatched(pattern) is None) == kept


def test_a_family_and_its_version_are_looked_for_only_in_text_holding_a_family_word() -> None:
    """vocab.models.family_versions reads its pattern only where the lowered text holds a family word's first letters
    (every match opens with a family word): on every fourth fixture line, and on spellings case-blind matching finds
    ("LLAMA 3"; a Kelvin sign for "k"), it finds what the pattern finds."""
    from ledger.vocab import models

    made = ["GLM 4.6 and mimo 2.5", "LLAMA 3 over step 2.5", "\u212aimi 2 at 40 tok/s", "İlama 3", "filler line 12"]
    found = 0
    for text in [*fixture_lines()[::4], *made]:  # (every 4th: the full search is what makes reading them slow)
        full = [
            m.group(0)
            for m in models._SPACED_VERSION_RE.finditer(text[:2000])
            if m.group("family").lower() not in models._NOT_TITLE_FAMILY and models.has_digit(text[:2000])
        ]
        found += bool(full)
        assert models.family_versions(text) == full, text
    assert found >= 3


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("ledger.vocab.requirements", "_REQUIRES"),
        ("ledger.vocab.requirements", "_ADVISES"),
        ("ledger.parsers.reader.dispatch_branches", "_PRECISION"),
    ],
)
def test_the_line_questions_of_every_prose_line_are_asked_through_their_gates(module: str, name: str) -> None:
    """What a page requires or advises ("needs at least 40 GB", "best for short prompts") and the precision a
    dispatch rule names ("falls back to the old kernel for FP8 KV") are asked of every prose line: through the gate
    of the words every match holds and the case-sensitive copy in the lowered line, the same answer as the
    case-blind pattern searched whole."""
    import importlib

    gate = getattr(importlib.import_module(module), name)
    assert isinstance(gate, WordGate) and gate.words and gate.plain is not None
    made = ["- Requires a board of compute capability 9.0", "CUDA 12.4 or newer; needs at least 40 GB", "NVFP4 w8"]
    made += ["Best for short prompts; we Suggest the packed path", "use fused only at batch 1", "avoid for long runs"]
    made += ["falls back to the old kernel for BF16 and fp8 KV", "mxfp4-moe", "xfp8", "ſuggest", "\u212aeep FP8"]
    for text in [*_texts(), *made, *(t.upper() for t in made)]:
        assert gate.holds(text) == (gate.pattern.search(text) is not None), (name, text)


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("ledger.vocab.requirements", "GATES"),
        ("ledger.vocab.not_measured", "RETRACTION_GATES"),
    ],
)
def test_the_lines_a_gate_may_match_are_found_by_one_pass_over_a_documents_lines(module: str, name: str) -> None:
    """WordGate.lines_holding names, of a document's lines, every one the pattern matches (one pass of the words over
    the lowered lines joined, where a reader asked the pattern of each line): the fixture lines read as one document,
    each line with odd case characters among them, and lines whose words stand at either end or straddle nothing."""
    import importlib

    made = [
        "Requires CUDA 12.1",
        "",
        "best for short prompts",
        "ſome case \u212a",
        "I messed up the `13B` number",
        "please disregard the numbers above",
        "x" * 50 + " and later",
    ]
    lines = [*fixture_lines(), *made, *(m.upper() for m in made)]
    for gate in getattr(importlib.import_module(module), name):
        held = gate.lines_holding(lines)
        assert held <= set(range(1, len(lines) + 1))
        for no, line in enumerate(lines, 1):
            if gate.pattern.search(line):
                assert no in held, line
            if no not in held:
                assert gate._holds_none(line), line
        assert gate.lines_holding([]) == frozenset()


def test_a_gate_of_few_words_finds_each_line_holding_one() -> None:
    """A gate of a few words (a substring test each) finds the lines holding one the same way: each line once, however
    many of its words it holds."""
    gate = WordGate(re.compile(r"\bmessed up\b|\bwrong\b", re.IGNORECASE))
    assert gate._any_word is None
    lines = ["all fine", "Messed up, WRONG, wrong", "", "wrong", "messed", "still wrong here"]
    assert gate.lines_holding(lines) == {2, 4, 6}


def test_whether_a_text_holds_a_digit_character_is_what_isdigit_finds() -> None:
    """has_digit_char answers any(c.isdigit() for c in text): `\\d` in ASCII, isdigit's wider set beyond it ("²")."""
    from ledger.vocab.text import has_digit_char

    for text in [*fixture_lines(), "x²", "٣ items", "no digits here", "", "ＦＰ８", "Ⅻ"]:
        assert has_digit_char(text) == any(c.isdigit() for c in text), text


@pytest.mark.parametrize(
    ("module", "name"),
    [
        ("ledger.parsers.prose.declared_floors", "_HINT_GATE"),
        ("ledger.parsers.support.limitations", "ONLY_HINT_RE"),
        ("ledger.parsers.grammar.llama_flags", "LLAMA_TOOL_RE"),
    ],
)
def test_a_line_question_asked_behind_its_words_finds_what_the_pattern_finds(module: str, name: str) -> None:
    """A bar's words ("floor", ">=", "≥"), a support hint ("only supports") and llama.cpp's tools, asked of every prose
    line, command or table: searched only in a line holding one of the pattern's words, the same match as the
    pattern searched whole, in any case and beside the odd case characters."""
    import importlib

    gate = getattr(importlib.import_module(module), name)
    assert isinstance(gate, WordGate) and gate.words
    made = ["AL \u2265 2.4 for EAGLE3", "accuracy >= 71%", "AL => 3", "Cut-off: 0.5", "a PASSING BAR of 60"]
    made += ["It only supports FP8", "isn't supported only", "does NOT SUPPORT fp4", "n\u2019t support"]
    made += ["./llama-server -m x.gguf", "`llama-bench` -p 512", "/opt/llama-cli", "xllama-server", "\u212aeep \u017f"]
    for text in [*_texts(), *made, *(t.upper() for t in made)]:
        full = gate.pattern.search(text)
        fast = gate.search(text)
        assert (full and full.span()) == (fast and fast.span()), (name, text)


_LINE_GATES = [
    ("ledger.vocab.setup_negation", "_BASE_BEFORE_RE"),
    ("ledger.vocab.setup_negation", "OFF_BEFORE_RE"),
    ("ledger.vocab.metrics", "_ANY_METRIC_GATE"),
    ("ledger.vocab.disagg_layout", "_ROLE_GATE"),
    ("ledger.vocab.rerun_words", "_NOT_RERUN_RE"),
    ("ledger.vocab.not_measured", "BROKEN_STATE_RE"),
    ("ledger.vocab.workload", "_WORKLOAD_PARENS_RE"),
    ("ledger.parsers.grammar.revision_labels", "_MEASURED_SHA_RE"),
    ("ledger.parsers.grammar.section_results", "_CHECKED_RE"),
    ("ledger.parsers.grammar.scope_lines", "_REQUIRES_GATE"),
    ("ledger.parsers.prose.bars", "_BAR_LIST_HEAD_RE"),
    ("ledger.parsers.prose.lists", "_MOVE_RE"),
    ("ledger.parsers.prose.sentence_setup", "_SIDE_WORD_RE"),
    ("ledger.parsers.prose.grid_leads", "_LEAD_CELL_RE"),
    ("ledger.parsers.kv.arms", "_ARM_LEAD_RE"),
    ("ledger.parsers.formats.pass_lists", "_LIST_PASSED_RE"),
    ("ledger.parsers.formats.pass_counts", "_VERB_FIRST_RE"),
    ("ledger.parsers.formats.pass_counts", "_ALL_SAME_RE"),
    ("ledger.parsers.formats.pass_counts", "_SUITE_IS_RE"),
    ("ledger.parsers.formats.pass_counts", "_PASSES_OF_RE"),
    ("ledger.parsers.formats.pass_counts", "_AGREE_GATE"),
    ("ledger.parsers.gates.ci_prose", "_COUNTED_JOBS_RE"),
    ("ledger.parsers.gates.prose", "_TOOL_PASSES_RE"),
    ("ledger.parsers.support.examples", "_NOT_OURS_RE"),
    ("ledger.parsers.formats.pass_lists", "_ALL_CLEAN_RE"),
    ("ledger.parsers.formats.pass_counts", "_RAN_RE"),
    ("ledger.parsers.formats.commits", "_CI_COMMIT_RE"),
    ("ledger.parsers.tables.stated_measure", "_UNIT_ONLY_RE"),
    ("ledger.parsers.tables.declared_pairs", "_DECLARED_RE"),
    ("ledger.parsers.tables.headers", "_SPACED_RATE_RE"),
    ("ledger.parsers.grammar.rebase_states", "_STALE_RE"),
    ("ledger.parsers.grammar.head_phrases", "_REBASED_ONTO_RE"),
    ("ledger.parsers.grammar.head_phrases", "_HEAD_NOUN_RE"),
    ("ledger.parsers.grammar.head_phrases", "_PUSHED_RE"),
    ("ledger.parsers.grammar.revision_labels", "SHA_AFTER_WORD_RE"),
    ("ledger.parsers.grammar.revision_labels", "_VERB_HEAD_RE"),
    ("ledger.parsers.prose.lists", "_BOTH_RE"),
    ("ledger.parsers.reader.dispatch_branches", "_VERB_RE"),
    ("ledger.vocab.passing_names", "_UNCHANGED_RE"),
    ("ledger.vocab.passing_names", "_COMPARED_BEFORE_RE"),
    ("ledger.vocab.not_measured", "TOOL_TITLE_RE"),
    ("ledger.vocab.not_measured", "ONE_VALUE_RETRACTION_RE"),
    ("ledger.vocab.not_measured", "FIX_TITLE_RE"),
    ("ledger.vocab.explaining_numbers", "_NAME_BEFORE_RE"),
    ("ledger.vocab.setup_negation", "_COMPONENT_BEFORE_RE"),
    ("ledger.vocab.checkpoint_labels", "_DTYPE_BEFORE_RE"),
    ("ledger.vocab.gate_setup", "STATIC_CHECK_RE"),
    ("ledger.vocab.input_labels", "_MEASURED_PART_RE"),
    ("ledger.vocab.other_runs", "_ANOTHER_CHANGE_GATE"),
]


@pytest.mark.parametrize(("module", "name"), _LINE_GATES)
def test_every_pattern_asked_behind_its_words_finds_what_it_finds_searched_whole(module: str, name: str) -> None:
    """Patterns that a bare `\\b`, a look-behind or an alternation with no first character in common had the engine
    try at every character of every line, label or window they are asked of (a baseline's words before a precision,
    "-- 12 passed", "requires", a role's layout, ...): each behind its words finds, in every fixture line and in a
    window of it, the match the pattern finds searched whole, and the same matches one after the other."""
    import importlib

    gate = getattr(importlib.import_module(module), name)
    assert isinstance(gate, WordGate) and gate.words
    for text in _texts():
        for pos, end in ((0, len(text)), (len(text) // 3, len(text)), (0, max(0, len(text) - 7))):
            full = gate.pattern.search(text, pos, end)
            fast = gate.search(text, pos, end)
            assert (full and full.span()) == (fast and fast.span()), (name, text, pos, end)
            spans = [m.span() for m in gate.pattern.finditer(text, pos, end)]
            assert [m.span() for m in gate.finditer(text, pos, end)] == spans, (name, text, pos, end)


def test_a_look_ahead_requires_what_it_sees() -> None:
    """A name known only by the word after it ("M5 laptop"): the look-ahead's words gate the pattern, and the gated
    search finds what the whole one finds (a look-behind or a negative look-ahead requires nothing)."""
    pattern = re.compile(r"\b(?:apple m[1-5]|m[1-5](?= (?:laptop|macbook)))\b", re.IGNORECASE)
    assert required_words(pattern) == ("apple m", "laptop", "macbook")
    assert required_words(re.compile(r"(?<=abc)de")) == ("de",) and required_words(re.compile(r"xy(?!zz)")) == ("xy",)
    gate = WordGate(pattern)
    for text in ("ran on an M5 laptop today", "M5 and an M4 MacBook", "an M5 alone", "apple m3 ultra"):
        assert [m.span() for m in gate.finditer(text)] == [m.span() for m in pattern.finditer(text)], text
