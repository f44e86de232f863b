"""Verdict lines in tool output: a named check and the word a tool prints for its outcome.

    test_block_scale_roundtrip: PASSED                  a name, a colon, an upper-case verdict
    ✓ Correctness test PASSED                           a name ending in an upper-case verdict
    ✅ (pass mxfp8 - Triton and cuBLAS)                 a check mark opening a verdict
    pr:   FAILED tests/test_x.py::test_y[a] - assert 2210.41 >= ((2 - 1.05) * 2405.1)
                                                        pytest's line under a side ("pr", "main"), and
                                                        the value its assertion measured

Only the verdict words tools print in capitals (PASSED, FAILED, OK, ERROR, ...) or after a check mark
count: "pass" and "fail" in a sentence are prose, read by `gates`. The threshold of an assertion is
kept in the claim's note, never as its reference.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import to_float
from ledger.parsers.reader.document import Block
from ledger.vocab.metrics import kind_for_metric
from ledger.vocab.setup import qualifiers

NAME = "verdicts"
VERSION = "1"
BLOCKS = frozenset({"code", "text", "item", "heading"})
NEEDS_DIGIT = False

_WORDS = {
    "PASSED": "pass",
    "PASS": "pass",
    "OK": "pass",
    "SUCCESS": "pass",
    "SUCCEEDED": "pass",
    "FAILED": "fail",
    "FAIL": "fail",
    "FAILURE": "fail",
    "ERROR": "fail",
    "TIMEOUT": "fail",
    "SKIPPED": "skipped",
    "XFAIL": "pass",
    "XPASS": "pass",
}
_WORD = "|".join(sorted(_WORDS, key=len, reverse=True))
_MARKS = {"✅": "pass", "✔": "pass", "✓": "pass", "☑": "pass", "❌": "fail", "✗": "fail", "✘": "fail"}
_MARK = "[" + "".join(_MARKS) + "]"

# "pr:   FAILED tests/test_x.py::test_y[a] - ...": pytest's summary line, maybe under a side label
_SIDE_PYTEST_RE = re.compile(
    r"^\s*(?P<side>[A-Za-z][\w.-]{0,15}):\s+(?P<word>PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS)\s+(?P<id>\S+::\S+)"
)
# "test_x: PASSED", "TestLlama::test_fp8 : ✅ PASSED"
_ID_VERDICT_RE = re.compile(
    rf"^\s*(?P<id>[A-Za-z_][\w./:\[\]@+-]{{2,200}}?)\s*:\s+(?:{_MARK}\s*)?(?P<word>{_WORD})\b(?P<rest>.{{0,120}})$"
)
# "✓ Correctness test PASSED", "Numerics check: OK" is the line above
_NAME_VERDICT_RE = re.compile(rf"^\s*(?:{_MARK}\s*)?(?P<name>[A-Za-z][\w ./()-]{{2,80}}?)\s+(?P<word>{_WORD})[.!]?\s*$")
# "✅ (pass mxfp8 - Triton and cuBLAS)", "❌ fail: the fp8 path"
_MARK_VERDICT_RE = re.compile(
    rf"^\s*(?P<mark>{_MARK})\s*\(?\s*(?P<word>pass(?:ed)?|fail(?:ed)?)\b\s*[:-]?\s*(?P<name>[^()]{{0,80}}?)\)?\s*$",
    re.IGNORECASE,
)
# "... - assert 2210.41 >= ((2 - 1.05) * 2405.1)": the measured value of a failed assertion
_ASSERT_RE = re.compile(
    r"\bassert\s+(?:[\w.]{1,40}\()?(?P<v>[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d{1,3})?)\)?\s*"
    r"(?P<op>>=|<=|==|>|<|≥|≤)\s*(?P<expr>[\d\s.+\-*/()eE]{1,80})"
)
# the words every pattern here needs, as they are written: the verdicts in capitals ("SUCCE" for SUCCESS and
# SUCCEEDED, "PASS" for PASSED and XPASS, "FAIL" for FAILED, FAILURE and XFAIL), "pass" of a flag ("pass= True") and
# the marks; none of the patterns ignores case but the marks' (a "token" holds "ok", a sentence "error": not read)
_HINT_WORDS = ("PASS", "FAIL", "OK", "SUCCE", "ERROR", "TIMEOUT", "SKIPPED", "pass", *_MARKS)
LINE_MARKS = _HINT_WORDS  # (the pipeline gives a document holding none of them to no line of this reader)


def _has_hint(text: str) -> bool:
    return any(map(text.__contains__, _HINT_WORDS))


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    for no in range(block.start, block.end + 1) if block.kind == "code" else (block.start,):
        if no in ctx.taken:
            continue
        text = block.text if block.kind == "item" else ctx.doc.line(no)  # an item's text has no bullet
        if text.lstrip().startswith(">"):
            text = _QUOTE_RE.sub(lambda m: " " * len(m.group(0)), text, count=1)  # a quoted paste, same columns
        if len(text) > 2_000 or not _has_hint(text):
            continue
        yield from _line(ctx, no, text, block)


def _line(ctx: Context, no: int, text: str, block: Block) -> Iterator[Claim]:
    m = _SIDE_PYTEST_RE.match(text)
    if m:
        test_id = m.group("id")
        name = test_id.split("::")[-1]
        side = m.group("side")
        yield _gate(
            ctx,
            no,
            text.strip()[:160],
            name,
            _WORDS[m.group("word")],
            m.group("word"),
            {"side": side, "test": test_id[:200]},
        )
        am = _ASSERT_RE.search(text, m.end())
        if am:
            value = to_float(am.group("v"))
            if value is not None:
                ctx.take(no, am.start("v"), am.end("v"))
                context = " ".join([*block.section[-1:], ctx.lead_in(block)])
                yield ctx.claim(
                    kind_for_metric(f"{name} {context}"),
                    no,
                    am.group(0).strip(),
                    metric=f"{name} (asserted)",
                    value=value,
                    note=f"asserted {am.group('op')} {am.group('expr').strip()}",
                    config={"side": side, "test": test_id[:200]},
                )
        ctx.taken.add(no)
        return
    if block.kind == "code" and text.lstrip().startswith(("$", "#", ">>>", "+ ")):
        return  # a command or a comment
    fm = _FLAG_OUTCOME_RE.search(text) if (block.kind == "code" or block.in_code) else None
    if fm:
        # "dtype=fp16 M=8  max_abs= 2.7e-03 pass= False": the check of the settings the line opens with; its
        # errors stay for the readers of values (the line is not taken)
        lead = _LEADING_SETTINGS_RE.match(text) or _BEFORE_ERRORS_RE.match(text)
        name = " ".join(lead.group(0).split()) if lead else (ctx.lead_in(block) or "check")
        ctx.take(no, fm.start(), fm.end())
        yield _gate(
            ctx,
            no,
            text.strip()[:160],
            name,
            "pass" if fm.group("v").lower() in ("true", "yes") else "fail",
            fm.group(0).strip(),
            {},
        )
        return
    km = _KV_VERDICT_RE.match(text)
    if km:
        # "accuracy=0.866 threshold=0.93 FAIL": a check named by the line above ("gsm8k acc test:"), its bar kept
        # as a note; the measured value stays for the readers of values
        above = ctx.doc.line(no - 1).strip()
        led = ctx.lead_in(block) or (above if above.endswith(":") and len(above) <= 120 else "")
        name = _line_key(km) or led.rstrip(":").strip() or km.group("first")
        tm = _THRESHOLD_RE.search(text)
        ctx.take(no, km.start("word"), km.end("word"))
        yield ctx.claim(
            "gate",
            no,
            text.strip()[:160],
            metric=name[:120],
            outcome=_WORDS[km.group("word")],
            outcome_text=km.group("word"),
            note=f"threshold {tm.group(1)}" if tm else None,
        )
        return
    m = _ID_VERDICT_RE.match(text)
    if m and (m.group("word") != "OK" or "_" in m.group("id") or "::" in m.group("id")):
        yield _gate(ctx, no, text.strip()[:160], m.group("id"), _WORDS[m.group("word")], m.group("word"), {})
        ctx.taken.add(no)
        return
    m = _MARK_VERDICT_RE.match(text)
    if m:
        word = m.group("word").lower()
        name = m.group("name").strip(" -:") or ctx.lead_in(block) or "check"
        outcome = "pass" if word.startswith("pass") else "fail"
        yield _gate(ctx, no, text.strip()[:160], name, outcome, m.group(0).strip(), {})
        ctx.taken.add(no)
        return
    m = _NAME_VERDICT_RE.match(text)
    if m and (block.kind == "code" or block.in_code or _MARK_RE.match(text)):
        yield _gate(ctx, no, text.strip()[:160], m.group("name").strip(), _WORDS[m.group("word")], m.group("word"), {})
        ctx.taken.add(no)
        return
    m = _MARK_AGREE_RE.match(text)
    if m:  # "✅ Ours and Triton implementations match": a comparison the check mark says held
        outcome = _MARKS[m.group("mark")]
        yield _gate(ctx, no, text.strip()[:160], m.group("name").strip(), outcome, m.group("mark"), {})
        ctx.taken.add(no)
        return
    # (a heading's: the gate readers read the lines of text, a heading none)
    listed = list(_LISTED_VERDICT_RE.finditer(text)) if block.kind == "heading" and "," in text else []
    if len(listed) >= 2:  # "## final build: accuracy PASS, performance FAIL": each check with the verdict after it
        for lm in listed:
            yield _gate(ctx, no, text.strip()[:160], lm.group("name"), _WORDS[lm.group("word")], lm.group("word"), {})
        ctx.taken.add(no)


_MARK_RE = re.compile(rf"^\s*{_MARK}")
# "accuracy PASS, performance FAIL": checks listed with the verdict in capitals after each (two at least)
_LISTED_VERDICT_RE = re.compile(
    r"(?:^|[:,;]\s?|\s-\s)[\s#*_]{0,8}(?P<name>[A-Za-z][\w./-]{1,30}(?: [\w./-]{1,30}){0,2})\s"
    r"(?P<word>PASSED|PASS|FAILED|FAIL)(?=\s{0,3}(?:[,;.]|$))"
)
# "✅ Ours and Triton implementations match", "❌ fp8 and bf16 outputs differ": the check a mark opens, by its words
_MARK_AGREE_RE = re.compile(
    rf"^\s*(?P<mark>{_MARK})\s*(?P<name>[A-Za-z][\w ./()+-]{{2,100}}?\s(?:match(?:es)?|agree|are identical|differ|"
    rf"mismatch(?:es)?|are consistent))[.!]?\s*$"
)
# "accuracy=0.866 threshold=0.93 FAIL": key=value pairs a tool prints, then its verdict in capitals
_KV_VERDICT_RE = re.compile(
    # ("default        accuracy=0.951  PASS": a bare key in a column of its own opens the line)
    rf"^\s{{0,8}}(?:(?P<label>[A-Za-z_][\w.-]{{0,30}})\s{{2,8}})?"
    rf"(?P<first>[A-Za-z_][\w.-]{{0,30}})\s?=\s?(?P<v>[^\s=]{{1,40}})"
    rf"(?:\s{{1,8}}[A-Za-z_][\w.-]{{0,30}}\s?=\s?[^\s=]{{1,40}}){{0,7}}\s{{1,8}}(?P<word>{_WORD})\s*$"
)


def _line_key(km: re.Match[str]) -> str | None:
    """The key a verdict line opens with in a column of its own, the run the line's check was made on: a bare word
    ("default        accuracy=0.951  PASS") or a setting ("page_size=64   accuracy=0.913  FAIL"); never a measured
    pair ("accuracy=0.884 threshold=0.90 FAIL": the check the line above names)."""
    if km.group("label"):
        return km.group("label")
    first = f"{km.group('first')}={km.group('v')}"
    return first if km.string.startswith("  ", km.end("v")) and qualifiers(first) else None


_THRESHOLD_RE = re.compile(r"\bthreshold\s?=\s?([\d.]{1,20})", re.IGNORECASE)
# "pass= True", "passed: false" at a check line's end, and the settings the line opens with
_FLAG_OUTCOME_RE = re.compile(r"\bpass(?:ed)?\s{0,2}[=:]\s{0,2}(?P<v>True|False|true|false|yes|no)\s*$")
# "torch.bfloat16 M=8    max_abs=...": what the line opens with before its first error
_BEFORE_ERRORS_RE = re.compile(
    r"^\s{0,8}[\w.=-]{1,40}(?:\s{1,8}[\w.=-]{1,40}){0,5}?"
    r"(?=\s{1,8}(?:max|mean|avg)_(?:abs|rel)\b)"
)
_LEADING_SETTINGS_RE = re.compile(r"^\s{0,8}(?:[A-Za-z_][\w.-]{0,30}=[^\s=]{1,40}\s{1,8}){1,8}")
_QUOTE_RE = re.compile(r"^\s*(?:>\s?)+")


def _gate(ctx: Context, line: int, text: str, name: str, outcome: str, word: str, config: dict[str, str]) -> Claim:
    return ctx.claim("gate", line, text, metric=name, outcome=outcome, outcome_text=word, config=config or None)
