"""The grammar of "label: value [unit]" pairs on one line of benchmark output, shared by the readers.

A line holds one or more pairs. A pair's label runs back from its colon to the previous pair's
value or to a separator (comma, semicolon, tab, two spaces, " / ", a sentence end); a log prefix
is skipped and a leading "Decode 0." names the group the line's pairs belong to. A value is clean
when a separator, the end of the line or the next label follows it; a comparison after a value
("< 0.72 - 0.08") gives its reference. After a value, more numbers separated by commas belong to the
same label (`continuations`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.memo import short_text_cache
from ledger.parsers.grammar.numbers import Number, find_numbers, normalise_unit, parse_duration, to_float
from ledger.parsers.grammar.replaced_values import baseline_follows
from ledger.parsers.grammar.slash_values import slash_value
from ledger.parsers.grammar.value_lists import list_at
from ledger.vocab.text import without_lead_symbols
from ledger.vocab.units import UNIT_WORDS

# A colon or equals sign that separates a label from a value (not "18:55:20", "a::b", "http://").
_ANCHOR_RE = re.compile(r"--?>|=>?|:")  # ("-{1,2}>|=>|[:=]", each alternative opening with its character)
"""(an arrow is an anchor only after a label without digits: "no cache --> 6.35 second", not "120 -> 95 ms")"""

# Separators that end the previous pair and start a label.
_SEP_RE = re.compile(r",\s+|;\s+|\t|\s{2,}|\|\s*|\.\s+(?=[A-Z])|\s/\s+")

_LABEL_STRIP = " \t*`•->'\"{]"

# Log prefixes before the pairs: "[2025-06-23 18:55:20 TP0] ", "[06/05/2026-03:40:27] [TRT-LLM] [I] [evaluate] ",
# "2026-05-06 20:28:49.707 [Info] (Process) ": a time stamp in brackets or bare, the logger's tags, its source
_LOG_PREFIX_RE = re.compile(
    r"^\s*(?:\S{0,12}\[[^\[\]]{0,60}\d[^\[\]]{0,60}\]\s*|\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?Z?\s+)"
    r"(?:\[[^\[\]]{0,40}\]\s*){0,4}(?:\([A-Za-z][\w.-]{0,30}\)\s+)?"
)

# Where a value ends: a separator, the end, or sentence punctuation at the end.
_END_RE = re.compile(
    r"(?:\s?[)\]}])?[`'\")\]}*]{0,3}\s*(?:$|[,;|]|\t|\s{2,}|\.\s*$|\.\s(?=[*_]{0,2}[A-Z])|/\s|(?<=[\])}*])\s(?=[*_]{0,2}[A-Za-z])|"
    r"(?<=\S)\s(?=[A-Za-z_][\w.-]{0,30}=)|"
    # "draft acceptance rate = 0.57576 (  171 accepted /   297 generated)": a closing aside that
    # counts what the value is a share of ("(ref 91.1)" stays the value's reference)
    r"(?<=\d)\s\((?=[^()/\n]{1,40}(?:/| of )[^()\n]{1,40}\)\s*$)|"
    # "`6.7` RPS (for both the workspace and the hf model)": an aside of words alone closing the line, what the value
    # covers (one with a number, "(ref 91.1)", is the value's reference)
    r"(?<=\S)\s\((?=[A-Za-z][^()\d\n]{0,80}\)\s*$))"
)
# "[METRIC] gpqa_mean_score=0.67", "[INFO] latency: 3 ms": a tool's tag before the label
_TAG_RE = re.compile(r"^\[(?:METRICS?|INFO|WARN(?:ING)?|DEBUG|ERROR|BENCHMARK|RESULTS?|STATS?|LOG|[IWED])\]\s*")

# "Decode 0. Batch size: 128, latency: ...": a group name that the line's metrics share.
_GROUP_RE = re.compile(r"\s*(?P<group>[A-Z][A-Za-z]{1,20}(?:\s[A-Za-z0-9]{1,12})?)\.\s+")

_HM_RE = re.compile(r"\d[hm]")

_LABEL_AHEAD_RE = re.compile(r"\s+[A-Za-z\[#][^:=,;|\t]{0,60}?\s*[:=]")

_NUMBER_AHEAD_RE = re.compile(r"\s*[-+~]?\.?\d")

_COMMA_RE = re.compile(r",\s+")

_QUALIFIER_RE = re.compile(r"[-+~\d.,]+\s+([A-Za-z]{2,12})\s+\S")

MAX_LABEL = 120
"""Characters a label (or a non-numeric value) may span; bounds the work per colon on hostile lines."""

_NON_UNIT_WORDS = {"vs", "and", "or", "on", "at", "with", "the", "of", "in", "for", "to", "from", "ref", "was"}


@dataclass(slots=True)
class Pair:
    """One "label: value [unit]" pair found on a line."""

    label: str
    label_start: int
    value: float | None
    """None when the value is not a number ("inf", "not set", "True")."""
    high: float | None
    approx: bool
    unit: str | None
    printed: str | None
    """The printed form of a converted duration ("1m0.832s")."""
    value_start: int
    end: int
    clean: bool
    """The value ends the pair (a separator, the end of the line or the next label follows)."""
    reference: float | None = None
    """"too low: 0.0114 < 0.7200 - 0.0800 = 0.6400": the value the pair is compared with."""
    spread: float | None = None
    """"3.812 s ± 0.061 s": the ± figure after the value (a standard deviation or error, never a claim)."""
    items: list[tuple[float, int, int]] | None = None
    """"[0.157, 0.165, 0.463]", "['0.767', '0.700']": every value of a bracketed list (value, start, end)."""
    bar: str | None = None
    """"GSM8K: 0.9469 >= 0.90": the bar the value is held to, as printed (no value it was measured against)."""


def _is_anchor(text: str, i: int) -> bool:
    ch = text[i]
    if ch == "-" or (ch == "=" and text[i + 1 : i + 2] == ">"):
        # an arrow: a label of words before it, a number after it
        j = i
        while j > 0 and text[j - 1] not in ",;|\t" and i - j < MAX_LABEL:
            j -= 1
        return not any(c.isdigit() for c in text[j:i]) and bool(_NUMBER_AHEAD_RE.match(text, text.index(">", i) + 1))
    before = text[i - 1] if i else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if ch == ":" and (after in ":/" or before == ":"):
        return False  # "a::b", "http://"
    if ch == ":" and before.isdigit() and after.isdigit():
        return False  # a clock time "18:55:20", "[05:56<00:00" (but "F3=14.49ms" names a side "F3")
    return not (ch == "=" and (after == "=" or before in "=!<>"))


# "np.float64(0.5587)", "tensor(0.91)", "float(3.2)": a number printed inside a constructor call
_WRAPPER_RE = re.compile(r"(?:np\.|numpy\.|torch\.)?(?:float\d{0,2}|int\d{0,2}|tensor|Decimal)\(\s*(?=[-+]?\.?\d)")


def _value_at(text: str, pos: int) -> tuple[Number | None, float | None, str | None, int]:
    """The number that starts at pos (after blanks): (number, duration seconds, printed, end)."""
    j = pos
    while j < len(text) and text[j] in " \t'\"*_`":  # "**31,673 tok/s**", "`0.95`": emphasis around the value
        j += 1
    if j < len(text) and text[j] in "nftiD":
        wm = _WRAPPER_RE.match(text, j)
        if wm:
            j = wm.end()
    tok_end = j
    stop = min(len(text), j + 40)  # a value is short: never walk the rest of a long line per colon
    while tok_end < stop and not text[tok_end].isspace() and text[tok_end] not in ",;|":
        tok_end += 1
    token = text[j:tok_end]
    dur = parse_duration(token)
    if dur is not None and _HM_RE.search(token):
        return None, dur, token, tok_end
    nums = find_numbers(text, j, min(len(text), j + 40), limit=1)
    if not nums or nums[0].start != j:
        return None, None, None, j
    return nums[0], None, None, nums[0].end


def _unit_after(text: str, pos: int) -> tuple[str | None, str, int]:
    """A unit phrase right after a value ("token/s", "total tokens/s"): (unit, qualifier, end)."""
    words: list[str] = []
    for m in _WORD_RE.finditer(text, pos, min(len(text), pos + 60)):
        if m.start() != pos and not text[pos : m.start()].isspace():
            break
        if len(words) == 3 or (m.start() > pos and m.start() - pos > 3):
            break
        word = m.group(0)
        low = word.lower()
        if low in _NON_UNIT_WORDS:
            break
        if "/" in word or low in UNIT_WORDS:
            if m.end() < len(text) and not (text[m.end()].isspace() or text[m.end()] in ",;|.)"):
                break
            return normalise_unit(word), " ".join(words), m.end()
        if not word.isalpha():
            break
        words.append(word)
        pos = m.end()
    return None, "", pos


_WORD_RE = re.compile(r"[A-Za-z%µμ×]{1,12}(?:/[A-Za-z]{1,8}){0,2}")


def line_prefix(text: str) -> tuple[int, str]:
    """Where a line's pairs start (after a log prefix and a "Decode 0." group) and the group name."""
    pos = 0
    lm = _LOG_PREFIX_RE.match(text)
    if lm:
        pos = lm.end()
    gm = _GROUP_RE.match(text, pos)
    if gm:
        return gm.end(), gm.group("group")
    return pos, ""


@short_text_cache(4096)
def pairs_in(text: str) -> list[Pair]:
    """Every "label: value" pair on a line, left to right (remembered: a line is read again as the line
    above or below another; callers must not change the list or its pairs)."""
    out: list[Pair] = []
    floor, _group = line_prefix(text)
    prev_end = floor
    i = floor
    n = len(text)
    while i < n:
        m = _ANCHOR_RE.search(text, i)
        if m is None:
            break
        a = m.start()
        ae = m.end()  # where the value may start: after the colon, the equals sign or the arrow
        i = a + 1
        if a < prev_end or not _is_anchor(text, a):
            continue
        # the label: back from the anchor to the previous pair's end or the last separator inside
        start = max(prev_end, a - MAX_LABEL)  # a label is short: never rescan a long line per colon
        seg = text[start:a]
        if seg.count("(") > seg.count(")"):
            continue  # "generate(max_tokens=1)": an argument inside a call, not a label and its value
        start += _label_cut(seg)
        raw = text[start:a]
        label = without_lead_symbols(raw.strip(_LABEL_STRIP).strip())  # ("- 🚀 Decode throughput: 1520 tok/s")
        if label.startswith("[") and (tm := _TAG_RE.match(label)) and tm.end() < len(label):
            label = label[tm.end() :]
        while label[:1] in ("[", "(") and ("]" if label[0] == "[" else ")") not in label:
            label = label[1:].strip(_LABEL_STRIP)  # "[User: 5.1 s": an opening bracket the label does not close
        if label.count("`") % 2:  # ("Keep `max_num_seqs: 256`": a code span's own key, not the sentence's words)
            label = label[label.rfind("`") + 1 :].strip(_LABEL_STRIP).strip()
        if not label or len(label) > 80 or not any(map(str.isalpha, label)):
            prev_end = a + 1  # not a label, but the colon still ends what came before
            continue
        if label.startswith("# ") and not label[2:].lower().startswith("of "):
            label = label[2:].lstrip()  # "# total time: 26.30s" in a paste: a comment marker ("# of requests" counts)
        lstart = start + raw.find(label)
        pm = _PCT_LEAD_RE.match(text, floor, lstart) if lstart > floor else None
        if pm is not None and pm.end() == lstart:
            label, lstart = f"{pm.group(1)} {label}", pm.start(1)  # "99.9%   KLD:": a percentile names the value
        elif lstart > prev_end and (sm := _STAT_LEAD_RE.fullmatch(text, prev_end, lstart)) is not None:
            label, lstart = f"{sm.group(1)} {label}", sm.start(1)  # "Mean    KLD:": a column-aligned statistic
        elif (
            lstart > prev_end
            and _BRACKET_ONLY_RE.fullmatch(label)
            and (nm := _PADDED_NAME_RE.fullmatch(text, prev_end, lstart))
        ):
            # "Baseline      (Decode):": a name padded to the column of its bracketed measure is one label with it
            label, lstart = f"{nm.group(1)} {label}", nm.start(1)
        items = list_at(text, ae) if "[" in text[ae : a + 4] else None
        if items is not None:
            close = text.find("]", items[-1][2])  # (none: a list an excerpt cut open, value_lists)
            lend = close + 1 if close >= 0 else len(text.rstrip())
            whole = all("." not in text[s:e] and "e" not in text[s:e].lower() for _, s, e in items)  # "[0,0,0]": ids
            out.append(
                Pair(
                    label,
                    lstart,
                    None if whole else items[0][0],
                    None,
                    False,
                    None,
                    None,
                    items[0][1],
                    lend,
                    bool(_END_RE.match(text, lend)),
                    items=None if whole else items,
                )
            )
            prev_end = lend
            i = max(i, lend)
            continue
        num, dur, printed, vend = _value_at(text, ae)
        if num is None and dur is None:
            # a non-numeric value ("sglang", "not set", "GSM8K metric too low: 0.01"): the next label may start
            # right after the colon, or after a separator
            em = _SEP_RE.search(text, ae, min(n, ae + MAX_LABEL))
            vend = em.start() if em else min(n, ae + MAX_LABEL)
            out.append(Pair(label, lstart, None, None, False, None, None, ae, vend, True))
            prev_end = _field_end(text, ae) if text[a] == "=" else a + 1
            continue
        pair = _numeric_pair(text, label, lstart, ae, num, dur, printed, vend)
        out.append(pair)
        prev_end = pair.end
        i = max(i, pair.end)
    return out


def _numeric_pair(
    text: str, label: str, lstart: int, ae: int, num: Number | None, dur: float | None, printed: str | None, vend: int
) -> Pair:
    """The pair whose value starts at `ae` (read as `num` or the duration `dur`, ending at `vend`): its unit, its
    range's high end, its spread, a progress mark after it, and a reference it is compared with."""
    n = len(text)
    unit: str | None
    if dur is not None:
        value, high, approx, unit = dur, None, False, "s"
    else:
        assert num is not None
        value, high, approx, unit = num.value, num.high, num.approx, num.unit
        if unit is not None and text[vend : vend + 1] == "=" and (gap := text.rfind(" ", num.num_start, vend)) > 0:
            unit, vend = None, gap  # "rate=0.817 tok/s=61.3": the word before "=" is the next field's key
        if unit is None:
            # ("`5.9` RPS": the number alone in a code span, its unit after the span)
            ticked = text[vend : vend + 1] == "`" and "`" in text[ae:vend]
            u, _q, uend = _unit_after(text, vend + 1 if ticked else vend)
            if u is not None:
                unit, vend = u, uend
    vstart = ae
    while vstart < n and text[vstart] in " \t":
        vstart += 1
    spread = None
    if high is None and ("…" in text[vend : vend + 6] or "..." in text[vend : vend + 6]):
        em2 = _ELLIPSIS_RE.match(text, vend)
        if em2 and (em2.group("u") is None or unit is None or normalise_unit(em2.group("u")) == unit):
            high, vend = to_float(em2.group("v")), em2.end()
    if (
        "±" in text[vend : vend + 3]
        or "+/-" in text[vend : vend + 4]
        or "+-" in text[vend : vend + 3]
        or " _ " in text[vend : vend + 6]
    ):
        sm2 = _SPREAD_RE.match(text, vend)
        if sm2:
            spread, vend = to_float(sm2.group("v")), sm2.end()
            if unit is None and sm2.group("u"):
                unit = normalise_unit(sm2.group("u"))  # "-0.979 ± 0.015 %": the unit after the spread
    if "[" in text[vend : vend + 3]:
        pm = _PROGRESS_AFTER_RE.match(text, vend)
        if pm:
            vend = pm.end()  # "perplexity: 6.5949 [655/655]": the value, then how far the run had got
    # ("150.5 TPS, while the old path gives 140 TPS": the clause after the comma names the value's baseline; "GSM8K:
    # 611 / 700 correct (87.3%)": a count of the questions the score after it was taken over)
    clean = (
        (bool(_END_RE.match(text, vend)) or _next_label_follows(text, vend))
        and not baseline_follows(text, vend, unit)
        and not (
            "/" in text[vend : vend + 2]
            and unit is None
            and value == int(value)
            and _FRACTION_AFTER_RE.match(text, vend)
        )
    )
    ref, bar = None, None
    if not clean:
        cm = _CMP_RE.match(text, vend)
        if cm:
            # "0.0114 < 0.7200 - 0.0800": the expected value and its tolerance, the first the reference; a bare bar
            # ("GSM8K: 0.9469 >= 0.90", a CI gate's floor) is no value the result was measured against
            expected = any(op in text[cm.end("ref") : cm.end()] for op in "+-*/")
            clean, ref, vend = True, to_float(cm.group("ref")) if expected else None, cm.end()
            bar = None if expected else cm.group("ref")  # (the claim's threshold, an extra key: claims contract)
    return Pair(label, lstart, value, high, approx, unit, printed, vstart, vend, clean, ref, spread, bar=bar)


_PROGRESS_AFTER_RE = re.compile(r"\s?\[\d{1,7}/\d{1,7}\]")
_FRACTION_AFTER_RE = re.compile(
    r"[ \t]?/[ \t]?\d{1,3}(?:,\d{3}){0,2}\d{0,4}(?:[ \t]{1,2}(?:correct|right|solved|passed|answered))?[ \t]{0,2}"
    r"(?:=|->|→|\()",
    re.IGNORECASE,
)
# "0.0114 < 0.7200 - 0.0800 = 0.6400": a value compared with its expected value (and tolerance) to the end; "429.18
# < 522; the base run ...": with a bar alone, to the end of its clause
# (an optional '(' carries its own blanks: a run of blanks is never split two ways)
_CMP_RE = re.compile(
    r"\s*(?:<=|>=|<|>|≤|≥)\s*(?:\(\s*)?(?P<ref>[-+]?\d[\d,]*(?:\.\d+)?)(?:[\s\d.+\-*/=()]{0,60}$|(?=[;,]\s))"
)


_PCT_LEAD_RE = re.compile(r"\s*(\d{1,2}(?:\.\d{1,2})?%)\s+")


_STAT_LEAD_RE = re.compile(r"[ \t]*(mean|median|avg|average|min(?:imum)?|max(?:imum)?|rms|std)[ \t]{2,}", re.IGNORECASE)
# a label that is a bracket alone ("(Decode)", "(TTFT)"), and the words before its padding: a row's name, a few words
# (one blank between words: a run of blanks only ends the name)
_BRACKET_ONLY_RE = re.compile(r"\([^()]{1,30}\)")
_PADDED_NAME_RE = re.compile(r"[ \t]*([A-Za-z][^\s:=,;|()]{0,30}(?: [^\s:=,;|()]{1,30}){0,4})[ \t]{2,}")


@short_text_cache(2048)  # (a line's label text is cut again by each reader of its pairs)
def _label_cut(seg: str) -> int:
    """Where a label starts in `seg` (the text before its colon): after the last separator that does not stand
    inside brackets that close before the colon, so "latency(s)(min, max, ave)" stays one label while an
    unclosed "[" (a progress bar's "[01:34<00:00, 1.2s/it, est. speed input") does not hold the label open."""
    inner = len(seg.rstrip())
    depth = 0
    inside = bytearray(len(seg))  # 1 where a bracket that closes to the right is open
    for k in range(len(seg) - 1, -1, -1):
        ch = seg[k]
        if ch in ")]":
            depth += 1
        elif ch in "([" and depth:
            depth -= 1
        inside[k] = depth > 0
    cut = 0
    for sm in _SEP_RE.finditer(seg):
        if sm.end() < inner and not inside[sm.start()]:
            cut = sm.end()
    return cut


# "± 0.061 s", "+/- 0.019": a spread after a value
# (" _ " stands for a "±" that a copy lost: "10.910139 _   0.080259")
_SPREAD_RE = re.compile(
    r"\s{0,4}(?:±|\+/-|\+-|_(?=\s))\s*(?P<v>\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d{1,3})?)(?:\s?(?P<u>[A-Za-zµμ%]{1,6}))?"
)
# "3.744 s …  3.930 s": the high end of a range printed with an ellipsis, each side with its unit
_ELLIPSIS_RE = re.compile(r"\s*(?:…|\.\.\.)\s*(?P<v>[-+]?\d[\d,]*(?:\.\d+)?)(?:\s?(?P<u>[A-Za-zµμ%/]{1,8}))?")
_FIELD_RE = re.compile(r"[ \t]*[^\s=,;|]{1,40}(?=[ \t]+[A-Za-z_][\w/.%-]{0,30}=)")


def _field_end(text: str, pos: int) -> int:
    """Where a word value after "=" ends when another "key=" field follows it ("rate=n/a tok/s=39.9": "n/a"), so
    that the next key is not read with it; `pos` itself otherwise (the value may be words: "mode=not set")."""
    m = _FIELD_RE.match(text, pos)
    return m.end() if m else pos - 1


def _next_label_follows(text: str, pos: int) -> bool:
    """After a value: "  Invalid: 0.000" (another label and its colon) follows."""
    m = _LABEL_AHEAD_RE.match(text[pos : pos + 80])
    if m is None:
        return False
    return bool(_NUMBER_AHEAD_RE.match(text[pos + m.end() : pos + m.end() + 12]))


def continuations(text: str, pair: Pair) -> list[tuple[float, str | None, str, int, int]]:
    """ "…: 89.27 requests/s, 22853.37 total tokens/s": further (value, unit, qualifier, start, end)."""
    out: list[tuple[float, str | None, str, int, int]] = []
    pos = pair.end
    while True:
        m = _COMMA_RE.match(text[pos : pos + 4])
        if not m:
            if pair.unit is None and pair.value is not None and text[pos : pos + 3] == " / ":
                got = slash_value(text, pos + 3)
                if got is not None:  # "medians over 3 runs: 132.29 / 132.70 / 132.20": runs of one measure
                    out.append(got)
                    pos = got[4]
                    if not got[1]:  # (a unit printed once closes the list: "61.2 / 350.7 / 1,212.9 tok/s")
                        continue
            break
        start = pos + m.end()
        nums = find_numbers(text, start, min(len(text), start + 40), limit=1)
        if not nums or nums[0].start != start:
            break
        num = nums[0]
        unit, qual, end = num.unit, "", num.end
        if unit is None and pair.unit is None and _END_RE.match(text, end) and not _next_label_follows(text, end):
            out.append((num.value, "", "", start, end))  # "acceptance rate: 0.812, 0.623, 0.451": per position
            pos = end
            continue
        qm = _QUALIFIER_RE.match(num.text)
        if unit is not None and qm:
            qual = qm.group(1)  # "22853.37 total tokens/s"
        if unit is None:
            u, qual, end = _unit_after(text, num.end)
            if u is None:
                break
            unit = u
        if not _END_RE.match(text, end):
            break
        out.append((num.value, unit, qual, start, end))
        pos = end
    return out
