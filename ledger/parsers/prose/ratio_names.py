"""The names and bounds of speed-ups stated in prose.

"With this PR (~1.02X):" states a speed-up of the side it names: the side is its revision, not its measure.
"Isolated 1.3–2.55× at M≥1024" holds at a bound of a shape, which is its setting.
"delivers a ~1.4x speedup in prefill", "a 15% throughput improvement": the words after a change name it,
where the words before are only a clause ("With the tuned pattern this PR delivers a").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from ledger.parsers.grammar.numbers import normalise_unit
from ledger.vocab.metrics import MEASURE_NOUN_END_RE
from ledger.vocab.setup import model_names, qualifiers
from ledger.vocab.sides import BASE_SIDE_RE, HEAD_SIDE_RE
from ledger.vocab.speed_names import NAME_MODIFIERS, bench_speed_name, describes_run
from ledger.vocab.units import RATIO_UNITS, unit_row

_FILLER_RE = re.compile(r"\b(?:with|without|on|in|the|this|my|our|using)\b|[\W_]", re.IGNORECASE)
# "at M≥1024", "for N >= 4096", "when K<=16": a bound on a shape the ratio was measured at
_BOUND_RE = re.compile(
    r"\b(?:at|for|when|with)\s{1,3}(?P<key>[A-Za-z]{1,3})\s{0,2}(?P<op>≥|>=|≤|<=|>|<)\s{0,2}"
    r"(?P<value>\d{1,9})\b"
)
_OPS = {"≥": ">=", "≤": "<="}
_CHANGE_UNITS = RATIO_UNITS | {"%"}
# the change a value is, named after it: "speedup in prefill", "faster for long prompts", "throughput improvement"
CHANGE_NOUN = (
    r"speed-?ups?|uplifts?|boosts?|faster|slower|improvements?|gains?|promotes?|reductions?|regressions?|increases?|"
    r"decreases?|overheads?|savings?|"
    r"drops?|higher|lower|better|worse|less|more"
)
_AFTER_RE = re.compile(
    rf"\s{{0,2}}(?:(?P<what>[A-Za-z][\w/-]{{1,30}}(?:\s[A-Za-z][\w/-]{{1,30}}){{0,2}}?)\s)?(?P<noun>{CHANGE_NOUN})\b"
    r"(?:\s(?P<prep>in|for|on|of)\s(?P<where>(?:the\s)?[A-Za-z][\w/-]{1,30}"
    r"(?:\s(?!(?:and|or|with|at|on|in|vs|than|but)\b)[a-z][\w/-]{1,30})?))?",
    re.IGNORECASE,
)
# (a comparative before "than" compares the measure the words before name: "It is 10% lower than without MTP")
_BARE_NOUN_RE = re.compile(rf"\s{{0,2}}({CHANGE_NOUN})\b(?!\s{{1,2}}than\b)", re.IGNORECASE)
# ("19% promote": what a Chinese thread's 提升 becomes, an improvement)
_NOUN_RE = re.compile(
    r"\s{0,2}(speed-?ups?|uplifts?|improvements?|gains?|promotes?|reductions?|regressions?|overheads?)\b", re.IGNORECASE
)
"""A change's own noun after it (not a comparative: in "2.4x faster" the words before say what is faster)."""
# "gives **+2.10% output throughput** and **-1.40% mean TPOT**": a signed change followed by the measure it is of
# (to a word, a mark or a parenthesis: "+2.2% median TTFT (lower is better)")
_MEASURE_AFTER_RE = re.compile(
    r"[ \t]{1,2}(?P<name>[A-Za-z][\w/-]{1,30}(?:[ \t][A-Za-z][\w/-]{1,30}){0,2}?)"
    r"(?=[*_]{1,2}|[ \t](?:and|or|vs|versus|at|on|in|for|with)\b|[ \t]?\(|[,;:.)]|$)",
    re.IGNORECASE,
)
# "1.5x generation speed", "2x decode performance", "2x decode throughput": the speed a ratio multiplies, named
# right after it ("1.5x speed up": a speed-up written in two words); a modifier before its name is still its
# ("1.8x overall output throughput", "1.3x end-to-end request throughput")
_SPEED_AFTER_RE = re.compile(
    rf"[ \t]{{1,2}}((?:{NAME_MODIFIERS}[ \t])?(?:[A-Za-z-]{{2,20}}[ \t])?(?:speed|performance|perf|throughput))"
    r"(?P<up>[ \t]ups?)?\b",
    re.IGNORECASE,
)
# "the decode-path microbenchmark is 11-19% faster": a comparative of speed after a change (its range's high end
# first), whose words before name what got faster, not a measure
_COMPARATIVE_RE = re.compile(
    r"(?:[ \t]?[~-][ \t]?\d{1,4}(?:\.\d{1,4})?[ \t]?[%x×])?[ \t]{1,2}(faster|quicker|slower|more[ \t]performant)\b",
    re.IGNORECASE,
)
_ARTICLE_RE = re.compile(r"^(?:the|a|an|our|this|its)\s", re.IGNORECASE)
# a name that is itself a change ("faster") or stops in a phrase the value cut ("the kernels up" of "up to 1.4x")
_OPEN_TAIL_RE = re.compile(rf"(?:^|\s)(?:{CHANGE_NOUN}|quicker|up|to|by|about|around|than|of|at)$", re.IGNORECASE)
# "faster than the replaced PyTorch implementation for rows 1-128": what a bare speed-up is against, to its setup
_FASTER_THAN_RE = re.compile(
    r"[ \t]{1,2}faster[ \t]{1,2}than[ \t]{1,2}(?:the[ \t]{1,2})?(?P<what>[A-Za-z][\w.+-]{0,30}"
    r"(?:[ \t](?!(?:for|on|at|with|in|and|or|when|by|across|under|over|while|but|from|to)\b)[A-Za-z][\w.+-]{0,30})"
    r"{0,3}?)(?=[ \t](?:for|on|at|with|in|and|or|when|by|across|under|over|while|but|from|to)\b|[,;:()]|\.?$|\.\s)",
    re.IGNORECASE,
)
_NOT_A_NAME_RE = re.compile(r"^(?:a|an|the|and|of|in|with|by|to|is|was|about|over|than|this|that)$", re.IGNORECASE)


def named_after(text: str, end: int) -> str | None:
    """ "speedup in prefill", "throughput improvement", "faster for long prompts": the change the words after
    a value name, or None."""
    m = _AFTER_RE.match(text, end, end + 90)
    if m is None:
        return None
    what = m.group("what") if m.group("what") and not _NOT_A_NAME_RE.match(m.group("what")) else None
    where = m.group("where")
    # (the setting with its number: "improvement for bs 32" names the batch, "bs" alone no setup word)
    setting = text[m.start("where") : m.end("where") + 12] if where else ""
    if where and (_NOT_A_NAME_RE.match(where) or qualifiers(setting) or model_names(where)):
        # "faster for the 13B model", "faster on H100": the run's setup (lists.trailing_setup), not what is faster
        where = None
    if not (what or where):
        return None  # "is 2.4x faster": the words before say what is faster
    name = " ".join(w for w in (what, m.group("noun").lower()) if w)
    return f"{name} {m.group('prep')} {where}" if where else name


# ("1.30× lower", "1.12x higher"): a comparative right after a ratio, which says which way the measure moved
_COMPARATIVE_AFTER_RE = re.compile(r"[*_]{0,2}\s{0,2}(?:lower|higher|better|worse|less|more|smaller|larger)\b", re.I)


def _own_comparative(text: str, c: dict[str, Any], metric: str) -> bool:
    """ "**P99 TTFT 1.61× lower** (7.36 s vs 11.82 s)": the measure named right before the ratio and a comparative
    right after it: the ratio is of that measure, though the pair after it bears the same name (a change named by its
    noun alone, "13406 -> 13709 tok/s (2.2% speedup)", names no measure before it)."""
    start = c["start"]
    before = text[max(0, start - len(metric) - 8) : start].rstrip(" *_`")
    return before.endswith(metric) and _COMPARATIVE_AFTER_RE.match(text, c["end"], c["end"] + 16) is not None


def _setup_of(c: dict[str, Any]) -> str:
    return repr(sorted((c.get("config") or {}).items()))


# "slower than master": a share against a run, which prose.reduced_by signs as that run stands (and keeps)
_THAN_RE = re.compile(r"[ \t]{1,2}(?:than|compared|relative|vs\b|versus|over|against)\b", re.IGNORECASE)


# "The largest change is Q3_K," before "which is now 25% slower": the relative clause is of the name its copula gives
_COPULA_TAIL_RE = re.compile(r"\s(?:is|are|was|were)\s(?P<what>[^\s,][^,]{0,40}?),?$")


def _antecedent(metric: str) -> str:
    """What a relative clause's change is of: the name after the copula its words before close on ("largest change
    is Q3_K," -> "Q3_K"), or the words as they are."""
    m = _COPULA_TAIL_RE.search(metric[-60:]) if metric.endswith(",") else None
    return m.group("what") if m is not None else metric


def _below_zero(c: dict[str, Any]) -> None:
    """A share its text calls slower ("now 25% slower"): a speed-up below zero, its range's ends too."""
    for key in ("value", "high"):
        if isinstance(c.get(key), float) and c[key] > 0:
            c[key] = -c[key]


def name_ratios(out: list[dict[str, Any]], text: str, known: Callable[[str], bool]) -> None:
    """Rename a ratio whose name is only a side ("With this PR") "speedup"; name a change by the words after it
    when the words before name no measure (`known`); give a ratio the shape bound that follows it in its clause
    ("at M≥1024") as config."""
    names_before: set[str] = set()
    # (two values of one name under two setups, "~25% faster for the 70B model and ~9% faster for the 8B model",
    # are that measure twice; under one setup, the second is a change of the first)
    named_twice = Counter((c.get("metric") or "", _setup_of(c)) for c in out)
    for c in out:
        if c.get("unit") in _CHANGE_UNITS:
            after = named_after(text, c["end"])
            metric = c.get("metric") or ""
            # (a name the measure already has stays, unless the words after say more of it: "speedup in decode",
            # or it is a word of the value before's own name: "2% output throughput gain and a 3% e2e speedup")
            low = metric.lower()
            # (the distinct names before it, not every value before it: a line of 8,000 values stays linear)
            borrowed = bool(after and low) and any(low in name != low for name in names_before)
            if after and (not known(metric) or borrowed or after.lower().startswith(metric.lower() + " ")):
                c["metric"] = after
            elif (
                after is None
                and text[c["start"] : c["start"] + 1] in ("+", "-", "−")
                and (mm := _MEASURE_AFTER_RE.match(text, c["end"], c["end"] + 100)) is not None
                and known(mm.group("name"))
            ):
                c["metric"] = mm.group("name")
            elif (
                after is None
                and not bench_speed_name(metric)  # ("PP is 1.6X faster": prompt processing, no unit's name)
                and (
                    not metric
                    or unit_row(normalise_unit(metric)) is not None
                    or (named_twice[(metric, _setup_of(c))] > 1 and not _own_comparative(text, c, metric))
                )
            ):
                # "13406 -> 13709 tok/s (2.2% speedup)": a change named by its noun alone, not by the pair's unit
                # or measure
                nm = _BARE_NOUN_RE.match(text, c["end"], c["end"] + 24)
                if nm is not None:
                    c["metric"] = nm.group(1).lower()
                    # ("4.2x lower total time": the comparative of the measure its words name right after it)
                    # (a share's "60% less KV memory" is a fall of that memory, which stated_moves signs)
                    mm = _MEASURE_AFTER_RE.match(text, nm.end(), nm.end() + 100) if c["unit"] in RATIO_UNITS else None
                    if mm is not None and (known(mm.group("name")) or MEASURE_NOUN_END_RE.search(mm.group("name"))):
                        c["metric"] += " " + mm.group("name")
            elif after is None and not known(metric) and (nm := _NOUN_RE.match(text, c["end"], c["end"] + 24)):
                # "the new kernels reach up to 1.58x speedups": the noun names it, not the clause before
                c["metric"] = nm.group(1).lower().rstrip("s")
            elif (
                after is None
                and metric
                and not known(metric)
                and _OPEN_TAIL_RE.search(metric[-40:]) is None
                and (cm := _COMPARATIVE_RE.match(text, c["end"]))
            ):
                # (the speed-up of what the words before name: "decode-path microbenchmark speedup"; "2% slower"
                # is a share the value's sign turns to -2, a speed-up below zero; "2x slower" a slowdown of 2)
                slower = cm.group(1).lower() == "slower"
                down = "slowdown" if slower and c.get("unit") in RATIO_UNITS else "speedup"
                told = _ARTICLE_RE.sub("", _antecedent(metric))
                # ("a chat scenario with Foo-70B on one H200 is 1.9x more performant": a run told by its setup)
                c["metric"] = (
                    down if describes_run(told) and (qualifiers(told) or model_names(told)) else f"{told} {down}"
                )
                if slower and c.get("unit") == "%" and not _THAN_RE.match(text, cm.end()):
                    _below_zero(c)
            elif after is None and not known(metric) and (sm := _SPEED_AFTER_RE.match(text, c["end"], c["end"] + 40)):
                # "x1.5 generation speed": the speed it is a ratio of
                name = sm.group(1).lower()
                c["metric"] = f"{name}up" if sm.group("up") and name.endswith("speed") else name
        names_before.add((c.get("metric") or "").lower())
        if c.get("unit") not in RATIO_UNITS:
            continue
        metric = c.get("metric") or ""
        if metric and (HEAD_SIDE_RE.search(metric) or BASE_SIDE_RE.search(metric)):
            rest = HEAD_SIDE_RE.sub(" ", BASE_SIDE_RE.sub(" ", metric))
            if not _FILLER_RE.sub("", rest):
                c["metric"] = "speedup"
        elif not metric and (fm := _FASTER_THAN_RE.match(text, c["end"], c["end"] + 120)) is not None:
            # "- 3.31x-9.97x faster than the replaced PyTorch implementation": a speed-up against what it names
            what = fm.group("what")
            c["metric"] = "speedup" if BASE_SIDE_RE.fullmatch(what) else f"speedup vs {what}"
        tail = text[c["end"] : c["end"] + 60]
        bm = _BOUND_RE.match(tail.lstrip())
        if bm is not None:
            op = _OPS.get(bm.group("op"), bm.group("op"))
            c["config"] = {**c["config"], bm.group("key"): f"{op}{bm.group('value')}"}
