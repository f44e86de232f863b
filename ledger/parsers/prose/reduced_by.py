"""A change stated as what it reduces ("reduces mean TPOT by about 35.4%", "cuts TTFT by 12%"): the measure named
between the verb and "by" went down by the share that follows, so the claim is that measure's change, negative.
("Time spent drops by ~40%" names its measure before the verb: a reduction of 40 %, as the corpora's gold reads it.)"""

from __future__ import annotations

import re
from typing import Any

from ledger.parsers.prose.metrics import holds_metric
from ledger.vocab.change_words import FALL_NOUN_RE, FALL_VERBS, GAIN_RE, LOSS_RE
from ledger.vocab.metrics import MEASURE_NOUN_END_RE, higher_is_better, names_known_measure
from ledger.vocab.sides import names_base_run
from ledger.vocab.speed_names import bench_speed_name
from ledger.vocab.units import RATIO_UNITS, measure_of_unit

# the verb, the measure's words (one to four), "by", an approximation word: right before the number
_REDUCED_BY_RE = re.compile(
    r"\b(?:reduc(?:es|ed|ing|e)|cut(?:s|ting)?|lower(?:s|ed|ing)?|decreas(?:es|ed|ing|e)|shorten(?:s|ed|ing)?)"
    # (emphasis may open after the verb: "reduces **TPOT by 50%**" keeps the verb's direction)
    r"\s[*_]{0,2}(?P<what>[\w/@.-]{1,24}(?:\s[\w/@.-]{1,24}){0,3}?)\sby\s"
    # (a bound or an approximation before the share: "by up to ~37%", "by as much as 22%", "by up to about 30%")
    r"(?:(?:about|around|roughly|approximately|nearly|up\sto|as\smuch\sas)\s){0,2}"
    r"[~≈]?\s?$",
    re.IGNORECASE,
)
_THE_RE = re.compile(r"^(?:the|its|our)\s", re.IGNORECASE)


# "approximately 30% lower ITL", "5X faster PP": a comparative between the value and the measure it changes (not "1.2%
# lower than the official figure", which names what it is against and keeps its words' sign, as the gold reads it)
_COMPARATIVE_MEASURE_RE = re.compile(
    # (a joint after the comparative opens another clause: "2x faster while cutting memory by 3x" names no measure)
    r"[ \t]{1,2}(?P<how>lower|less|shorter|smaller|fewer|faster)[ \t]{1,2}"
    # (nor does a preposition: "1.6X faster for `Foo-20B`", "2x faster on H100" say what or where, no measure)
    r"(?!(?:than|while|whilst|whereas|when|and|or|but|as|so|because|since|thanks|for|on|at|in|with|over|across|"
    r"under|to|from|by|vs|compared)\b)"
    r"(?P<what>[A-Za-z][\w/@.-]{0,24}(?:[ \t](?!(?:at|for|on|in|with|and|or|vs|here|then|now|too)\b)"
    r"[A-Za-z][\w/@.-]{0,24})?)\b",
    re.IGNORECASE,
)
_DOWN_WORDS = ("lower", "less", "shorter", "smaller", "fewer")


def _comparative_measures(out: list[dict[str, Any]], text: str) -> None:
    """A share followed by "lower <measure>" is that measure's change, negative (as "reduces <measure> by"); a ratio
    followed by "faster <measure>" is that measure's speed-up ("PP speedup"), not a measure named "faster"."""
    lowered: tuple[str, int] | None = None  # the measure last read as lowered, and where its words end
    for c in out:
        m = _COMPARATIVE_MEASURE_RE.match(text, c["end"], c["end"] + 60)
        if m is None and lowered is not None and _follows_lowered(c, lowered, text):
            c["value"] = -c["value"]  # ("3.0% lower TTFT at TP4 and 1.1% at TP8": the second is lower too)
            lowered = (lowered[0], c["end"])
            continue
        lowered = None
        if m is None or not isinstance(c.get("value"), float):
            continue
        what, how, metric = m.group("what"), m.group("how").lower(), (c.get("metric") or "").lower()
        if metric and metric != how and not what.lower().startswith(metric):
            continue  # (the value is already another measure's: "2% output throughput, 3x faster" keeps its name)
        if how == "faster" and c.get("unit") in RATIO_UNITS:
            c["metric"] = f"{what.split()[0] if metric != what.lower() else what} speedup"
        elif how in _DOWN_WORDS and c.get("unit") == "%" and c["value"] > 0:
            c["value"] = -c["value"]
            if c.get("high") is not None:
                c["high"] = -c["high"]
            # ("75% less KV memory": the measure ends on its noun; "30% lower ITL overall": its first word alone)
            c["metric"] = c.get("metric") if metric and metric != how else _lowered_name(what)
            lowered = (c["metric"], m.end())


def _lowered_name(what: str) -> str:
    words = what.split()
    return what if len(words) == 2 and MEASURE_NOUN_END_RE.search(what) else words[0]


# what may stand between a lowered measure and a share it elides: its setting, "and"
_ELIDED_GAP_RE = re.compile(
    r"[ \t]{1,2}(?:(?:at|for|on|with)[ \t]{1,2}[\w.-]{1,20}[ \t]{1,2})?(?:and|,)[ \t]{1,2}[~≈]?"
)


def _follows_lowered(c: dict[str, Any], lowered: tuple[str, int], text: str) -> bool:
    """Whether a positive share of the lowered measure's name follows it with only a setting and "and" between."""
    value, (name, end) = c.get("value"), lowered
    return (
        c.get("unit") == "%"
        and isinstance(value, float)
        and value > 0
        and c.get("metric") == name
        and _ELIDED_GAP_RE.fullmatch(text, end, c["start"]) is not None
    )


def reduced_by(out: list[dict[str, Any]], text: str) -> None:
    """Each share the words before it say a measure was reduced by: that measure's change, negative, named as the
    text names it ("mean TPOT", not "TPOT": the statistic is part of the measure); a comparative between a value and
    its measure ("30% lower ITL", "5X faster PP") says the same."""
    _comparative_measures(out, text)
    for c in out:
        if c.get("unit") != "%" or not isinstance(c.get("value"), float) or c["value"] <= 0:
            continue
        m = _REDUCED_BY_RE.search(text, max(0, c["start"] - 120), c["start"])
        metric = (c.get("metric") or "").lower()
        # (a name that runs on over the verb, "the pool lowers peak memory by as much as", holds the measure)
        if (
            m is None
            or not metric
            or (metric not in m.group("what").lower() and not metric.endswith(m.group(0).lower().rstrip(" ~≈")))
        ):
            continue  # ("reduces the gap by 3%" where the value is named otherwise: not this measure's change)
        c["value"] = -c["value"]
        if c.get("high") is not None:
            c["high"] = -c["high"]
        c["metric"] = _THE_RE.sub("", m.group("what"))


def reduced_by_factors(out: list[dict[str, Any]], text: str) -> None:
    """ "speeds up models by 2x and reduces memory needs by 3x": a factor its own verb says a measure was reduced by
    is that measure's reduction, whatever the sentence's subject named the ratio before it ("reducing" and "reduces"
    name one series, so a page restating it in other words still pairs). Before the ratios' names are read
    (ratio_names): two factors of one sentence are two measures, not one named twice."""
    for c in out:
        if c.get("unit") not in RATIO_UNITS or not isinstance(c.get("value"), float) or c["value"] <= 0:
            continue
        m = _REDUCED_BY_RE.search(text, max(0, c["start"] - 120), c["start"])
        if m is not None:
            c["metric"] = f"{_THE_RE.sub('', m.group('what'))} reduction"


# "low concurrency regresses throughput/TPOT by about 1%-1.6%": one or two measures a change made worse, by the share
# that follows
_REGRESSED_BY_RE = re.compile(
    r"\bregress(?:es|ed|ing)?\s(?:the\s)?(?P<a>[A-Za-z][\w-]{0,24})(?:\s?(?:/|and|&)\s?(?P<b>[A-Za-z][\w-]{0,24}))?"
    r"\sby\s(?:(?:about|around|roughly|approximately|nearly|up\sto)\s)?[~≈]?\s?$",
    re.IGNORECASE,
)


def regressed_by(out: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """Each share the words before it say one or two measures regressed by: a change of each, signed the way that
    measure gets worse (a throughput down, a TPOT up)."""
    if "regress" not in text.lower():
        return out
    done: list[dict[str, Any]] = []
    for c in out:
        m = (
            _REGRESSED_BY_RE.search(text, max(0, c["start"] - 120), c["start"])
            if c.get("unit") == "%" and isinstance(c.get("value"), float) and c["value"] > 0
            else None
        )
        if m is None:
            done.append(c)
            continue
        for name in filter(None, (m.group("a"), m.group("b"))):
            sign = -1.0 if higher_is_better(name, None, "perf") else 1.0
            high = c.get("high")
            done.append(
                {**c, "metric": name, "value": sign * c["value"], "high": None if high is None else sign * high}
            )
    return done


# "Throughput improved ~ +6.4%", "TTFT regressed by 3%", "prefill got worse by 8%": a verb that judges the move, right
# before the share, whatever the measure's name (a typo, a word no table holds)
_JUDGED_RE = re.compile(
    r"(?:^|\s)(?P<verb>(?P<good>improved|improves|got\sbetter|became\sbetter)|regressed|regresses|worsened|degraded|"
    r"got\sworse|became\sworse)(?:\sby)?\s(?:(?:about|around|roughly|approximately|nearly)\s)?[~≈]?\s?$",
    re.IGNORECASE,
)
# between two shares of one run: "30% and 40%", "12%, 18% and 25%", "12% / 18%"
_RUN_JOINT_RE = re.compile(r"\s?(?:,|/|,?\s(?:and|&))\s?~?")
_JUDGED_NAME_RE = re.compile(r"\bchange\b|\bdelta\b|Δ", re.IGNORECASE)


def judged_by(out: list[dict[str, Any]], text: str) -> None:
    """Each share the measure's sentence says it improved or regressed by ("Throughput improved ~ +6.4%", "TTFT
    regressed 3%"): that measure's improvement or regression, its value as written (the author's sign: "TTFT improved
    -5.4%" fell), so that the verb's word on it survives whatever the measure is named (a typo, a word no table
    holds: which way it is better is then unknown, the verb's word is not). The shares joined to a judged one ("improved
    by 30% and 40%") are judged by its verb too."""
    judged: tuple[str, str, int] | None = None  # the last judged share's name before and after, and where it ends
    for c in out:
        value, name = c.get("value"), (c.get("metric") or "").strip()
        if c.get("unit") != "%" or not isinstance(value, float) or c.get("reference") is not None or not name:
            judged = None
            continue
        if judged is not None and name == judged[0] and _RUN_JOINT_RE.fullmatch(text, judged[2], c["start"]):
            c["metric"], judged = judged[1], (judged[0], judged[1], c["end"])
            continue
        judged = None
        m = _JUDGED_RE.search(text, max(0, c["start"] - 40), c["start"])
        if m is None:
            continue
        if name.lower().endswith(m.group("verb").lower()):
            name = name[: -len(m.group("verb"))].rstrip()  # ("Prefill speed regressed": the verb closes no name)
        if not name or GAIN_RE.search(name) or LOSS_RE.search(name) or _JUDGED_NAME_RE.search(name):
            continue  # ("6% improvement", "TTFT change -8%": the words on it are already its name's)
        c["metric"] = f"{name} {'improvement' if m.group('good') else 'regression'}"
        judged = (name, c["metric"], c["end"])


# "speed has improved by 6 t/s", "TTFT dropped by 12 ms": the amount a measure moved by, in the measure's own unit
_MOVED_BY_RE = re.compile(
    r"\b(?:(?P<up>improved|increased|rose|grew|climbed|(?:went|gone|goes)\sup)|(?P<down>decreased|dropped|fell|"
    r"declined|reduced|lowered|(?:went|gone|goes)\sdown))\sby\s(?:(?:about|around|roughly|approximately|nearly)\s)?"
    r"[~≈]?\s?$",
    re.IGNORECASE,
)
_MEASURE_TAIL_RE = re.compile(r"(?:^|\s)(?P<name>[A-Za-z][\w/-]{0,24})\s?$")


def moved_by(out: list[dict[str, Any]], text: str) -> None:
    """Each value in a unit of measure (not a share nor a ratio, which reduced_by reads) the words before it say a
    measure moved by: that measure's change, not a level of it ("speed has improved by 6 t/s" is no speed of 6 t/s),
    named by the measure the words end in, else the one its unit says; signed the way it moved (an improvement the
    way the measure gets better)."""
    for c in out:
        unit, value = c.get("unit"), c.get("value")
        if unit in (None, "%", *RATIO_UNITS) or not isinstance(value, float) or c.get("reference") is not None:
            continue
        m = _MOVED_BY_RE.search(text, max(0, c["start"] - 40), c["start"])
        if m is None or (measure := measure_of_unit(unit)) is None:
            continue
        tail = _MEASURE_TAIL_RE.search(c.get("metric") or "")
        name = c.get("metric") or ""
        if not names_known_measure(name):
            name = tail.group("name") if tail and MEASURE_NOUN_END_RE.search(tail.group("name")) else measure
        up = m.group("up") is not None
        if m.group("up") and m.group("up").lower() == "improved":
            up = higher_is_better(name, unit, "perf")
        c["metric"], c["value"] = f"{name} change", abs(value) if up else -abs(value)


# "7% lower than without the draft model", "4% below the no-draft run", "~9% faster TG compared to master", "+2% versus
# master", "1.2x over the baseline": a share or a ratio that stands against a named run, to the clause's end or a place
# or time word; a comparative may name its measure before the run ("faster TG compared to master")
_AGAINST_RUN_RE = re.compile(
    r"[ \t]{1,2}(?:(?P<how>lower|less|smaller|slower|worse|higher|greater|more|faster|quicker|better)"
    # ("up to **2.3x faster** than L4": the emphasis closes before "than")
    r"(?:[ \t][A-Za-z][\w/-]{0,24})?[*_]{0,2}[ \t]{1,2}"
    r"(?:than|compared[ \t](?:to|with)|relative[ \t]to|vs\.?|versus|over)|"
    # ("0.8% under its 2064.1 baseline": under a run it names, not "under load")
    r"(?P<under>below|behind|under(?=[ \t]{1,2}(?:its|the|our)[ \t]))|above|ahead[ \t]of|"
    r"(?P<bare>compared[ \t](?:to|with)|relative[ \t]to|vs\.?|versus|over|against))[ \t]{1,2}"
    # (a dot inside a name, "torch.compile", "v0.6.3", does not end it)
    r"(?P<what>(?:[^,;:.()\n]|\.(?=\w)){2,60}?)"
    r"(?=[ \t]?(?:[,;:()\n]|\.(?!\w)|$)|[ \t](?:on|at|in|for|with|but|and)[ \t])",
    re.IGNORECASE,
)
# "up to **1.9x** performance on LLMs compared to H100": a ratio, the measure it multiplies (one word, an "on"
# phrase of up to three words after it), then the run it is stated against (ratios only: a share's words before
# "compared" say more)
_MEASURE_AGAINST_RE = re.compile(
    r"(?P<how>)(?P<under>)[*_]{0,2}[ \t]{1,2}[A-Za-z][\w/-]{0,24}"
    r"(?:[ \t](?:on|for|in)(?:[ \t][A-Za-z][\w/.-]{0,24}){1,3})?"
    r"[ \t]{1,2}(?P<bare>compared[ \t](?:to|with)|relative[ \t]to|vs\.?|versus)[ \t]{1,2}"
    r"(?P<what>(?:[^,;:.()\n]|\.(?=\w)){2,60}?)"
    r"(?=[ \t]?(?:[,;:()\n]|\.(?!\w)|$)|[ \t](?:on|at|in|for|with|but|and)[ \t])",
    re.IGNORECASE,
)
_DOWN_HOW = ("lower", "less", "smaller")
_POSSESSIVE_END_RE = re.compile(r"['’]s$")
# "beats eager by ", "outperforms the Triton baseline by ~": what a gain is over, named before its number
_BEATS_BY_RE = re.compile(
    r"\b(?P<verb>beats?|beating|outperform(?:s|ed|ing)?|improves?[ \t](?:on|over)|leads?)[ \t]{1,2}"
    r"(?P<what>(?:(?![ \t]by[ \t])[^,;:.()\n]|\.(?=\w)){2,50}?)[ \t]by[ \t](?:(?:about|around|roughly|nearly)[ \t])?"
    r"[~≈]?$",
    re.IGNORECASE,
)

_AND_BY_RE = re.compile(
    r"\band[ \t](?:over[ \t])?(?P<what>(?:(?![ \t]by[ \t])[^,;:.()\n\d]|\.(?=\w)){2,40}?)[ \t]by[ \t][~≈]?$",
    re.IGNORECASE,
)


# what joins two ratios of one comparison: "by 2x while lowering memory by 3x", "2x faster and 3x smaller"
_RATIO_JOINT_RE = re.compile(r"[^.;:\n]{0,80}?\b(?:while|whilst|and|as\swell\sas)\b[^.;:\n]{0,80}")


def _same_baseline_before(out: list[dict[str, Any]], c: dict[str, Any], text: str, what: str) -> None:
    """ "speeds up models by 2x while reducing memory by 3x compared to FP16": the baseline closing the sentence is
    the one of each ratio its clauses join before it, not of the last ratio only."""
    later = c
    for prev in reversed(out[: out.index(c)]):
        if prev.get("unit") not in RATIO_UNITS or prev.get("reference") is not None or "against" in prev["config"]:
            return
        if _RATIO_JOINT_RE.fullmatch(text, prev["end"], later["start"]) is None:
            return
        prev["config"] = {**prev["config"], "against": what}
        later = prev


def _before_verb(metric: str, verb: str) -> str:
    """The metric a sentence names before its gain's verb ("The new path outperforms cuBLASLt" -> "The new path"),
    or the metric as it was where the verb is not in it."""
    at = metric.lower().rfind(verb.lower())
    return _ADVERB_END_RE.sub("", metric[:at]).strip(" ,") or metric if at > 0 else metric


_ADVERB_END_RE = re.compile(r"(?:\s(?:still|also|now|easily|clearly|consistently))+\s*$", re.IGNORECASE)


# "2.1x slower than main", "1.3x worse": a ratio its text judges a slowdown, whatever it is stated against
_RATIO_LOSS_RE = re.compile(r"[ \t]{1,2}(?P<word>slower|worse)\b", re.IGNORECASE)
_JUDGED_HOW = {"faster": True, "quicker": True, "better": True, "slower": False, "worse": False}
# a number of its own ("vs main's 80%"), not a digit inside a name ("compared to FP16", "vs H100", "v0.6.3")
_DIGIT_RE = re.compile(r"(?<![\w.])\d")


def _signed_against(c: dict[str, Any], m: re.Match[str]) -> float:
    """The share's sign as its measure moved: down below or lower than the run; a judgement word ("3% better vs the
    base build", "5% slower than main") moved it the way the measure gets better or worse (prefill time down, PP up)."""
    value, how = float(c["value"]), (m.group("how") or "").lower()
    if how in _JUDGED_HOW:
        up = higher_is_better(c.get("metric") or how, None, "perf")
        return value if _JUDGED_HOW[how] == up else -value
    return -value if how in _DOWN_HOW or m.group("under") else value


_POINT_UNITS = ("pp", "point", "points", "pt", "pts")


def _point_gap(c: dict[str, Any], m: re.Match[str], what: str) -> None:
    """ "INT4 lands 0.7 points below BF16": a gap in points is a score's difference from the arm it names, whichever
    arm that is (a share of another figure may be a ratio of it; a point is always a step of the score), so the words
    that put it under that arm sign it down, and the arm is what it is against."""
    if m.group("under") or (m.group("how") or "").lower() in (*_DOWN_HOW, "worse"):
        c["value"] = -c["value"]
        if c.get("high") is not None:
            c["high"] = -c["high"]
    c["config"] = {**c["config"], "against": _POSSESSIVE_END_RE.sub("", what)}


_QUALIFIER_RE = re.compile(r"[A-Za-z][a-z-]{1,24}")
_SPEEDUP_STAT_RE = re.compile(r"\b(?:geo-?mean|mean|average|median|overall)\b", re.IGNORECASE)


def _speedup_name(words: str) -> str:
    """ "1.8–2.6× over the default kernel": a ratio stated over a run is a speed-up, whatever clause the words before
    it are ("Add tuned configs for two shapes", "We see"); one word qualifies it ("isolated" -> "isolated
    speedup", the kernel timed alone), and so does the statistic the words name ("the geomean over the sweep")."""
    if (stat := _SPEEDUP_STAT_RE.search(words[-80:])) is not None:
        return f"{stat.group(0).lower()} speedup"
    if bench_speed_name(words):
        return f"{words} speedup"  # ("PP", "TG": llama.cpp's prompt and generation speeds keep their capitals)
    return f"{words.lower()} speedup" if _QUALIFIER_RE.fullmatch(words) else "speedup"


def against_base_run(out: list[dict[str, Any]], text: str) -> None:
    """Each share followed by how it stands against a run on the base side ("7% lower than without the draft model",
    "~9% faster TG compared to master") is its measure's change against that run, signed the way the measure moved,
    with the run as its `against` key (its words, kept out of the metric's name, which is read for setup: "without
    MTP" is the other run's), so a gap to the feature off is never read as a gain nor compared with a change against
    main. A share against another kind of figure ("1.2% lower than the official figure") keeps its words' sign, as the
    gold reads it. A ratio keeps the run or the thing it is stated against ("1.4x faster than the split path"): a
    speed-up of two other things is no change of the PR's (compare.references); one its text calls slower ("2.1x
    slower than main") has that word as its printed verdict."""
    beaten: str | None = None  # the metric of the last gain read over a run it beats, for "and over Y by M"
    for c in out:
        value, unit = c.get("value"), c.get("unit")
        if unit not in ("%", *RATIO_UNITS, *_POINT_UNITS) or not isinstance(value, float) or value < 0:
            continue
        if c.get("reference"):
            continue
        if unit in RATIO_UNITS and (loss := _RATIO_LOSS_RE.match(text, c["end"])) is not None:
            c["outcome_text"] = loss.group("word")  # (its verdict as the text words it: compare.references)
        m = _AGAINST_RUN_RE.match(text, c["end"], c["end"] + 90)
        if m is None and unit in RATIO_UNITS:
            m = _MEASURE_AGAINST_RE.match(text, c["end"], c["end"] + 120)
        if m is None and (beats := _BEATS_BY_RE.search(text, max(0, c["start"] - 90), c["start"])) is not None:
            # "beats eager by 2.9x", "outperforms cuBLASLt by 7%": the run named before the number, a gain over it
            c["config"] = {**c["config"], "against": beats.group("what").strip(" `*_")}
            c["metric"] = beaten = _before_verb(c.get("metric") or "", beats.group("verb"))
            continue
        if m is None and beaten and (more := _AND_BY_RE.search(text, max(0, c["start"] - 60), c["start"])):
            # "... by 4-15x and the compiled graph by 1.2-6.3x": the same gain over the next run it names
            c["config"], c["metric"] = {**c["config"], "against": more.group("what").strip(" `*_")}, beaten
            continue
        beaten = None
        if m is None or (m.group("bare") and _DIGIT_RE.search(m.group("what"))):
            continue  # ("85% vs main's 80%": two levels, no change stated against a run)
        what = m.group("what").strip(" \t`*_")  # ("**28x faster than llama.cpp**": the run, not its bold)
        if unit in _POINT_UNITS:
            _point_gap(c, m, what)
            continue
        if unit in RATIO_UNITS:
            c["config"] = {**c["config"], "against": what}
            if m.group("bare"):
                _same_baseline_before(out, c, text, what)
            reduction = (c.get("metric") or "").endswith(" reduction")  # (_reduced_by_factor's: a measure named)
            if m.group("bare") and not holds_metric(c.get("metric") or "") and not reduction:
                c["metric"] = _speedup_name(c.get("metric") or "")
            continue
        if not names_base_run(what):
            if m.group("how"):  # ("20% faster than GEMM": two other things compared, the other named, its sign kept)
                c["config"] = {**c["config"], "against": _POSSESSIVE_END_RE.sub("", what)}  # ("than CUTLASS's")
            continue
        signed = _signed_against(c, m)
        if signed < 0:
            c["value"] = signed
            if c.get("high") is not None:
                c["high"] = -c["high"]
        c["config"] = {**c["config"], "against": what}


# a fall verb right before the share ("drops by **24.5%", "has been reduced **31.81%"), its auxiliary with it
_FELL_BY_RE = re.compile(
    r"(?:^|\s)(?:(?:has|have|had|was|were|is|are)\s(?:been\s)?)?(?:"
    + "|".join(v.replace(" ", r"\s") for v in FALL_VERBS)
    + r")(?:\sby)?\s(?:(?:about|around|roughly|approximately|nearly|up\sto)\s)?[*_]{0,2}[~≈]?\s?$",
    re.IGNORECASE,
)
# between the measure's name and its verb: emphasis, a unit in brackets, a colon ("**TTFT (ms):** has been reduced")
_NAME_TO_VERB_RE = re.compile(r"[\s*_`:]{0,8}(?:\([^()\n]{1,12}\))?[\s*_`:]{0,8}")


def fell_by(out: list[dict[str, Any]], text: str) -> None:
    """Each share a fall verb right after its measure's name says the measure fell by ("Mean TTFT drops by 24.5%",
    "- **TTFT (ms):** has been reduced **31.81%**"): that measure's reduction, the size of the fall as printed ("Mean
    TTFT reduction" 24.5 %, as the corpora's gold reads "Time spent drops by ~40%"), never a level of 24.5 %."""
    for c in out:
        value, name = c.get("value"), (c.get("metric") or "").strip()
        if c.get("unit") != "%" or not isinstance(value, float) or value <= 0 or c.get("reference") is not None:
            continue
        if not name or GAIN_RE.search(name) or LOSS_RE.search(name) or FALL_NOUN_RE.search(name):
            continue  # ("6% improvement", "TTFT reduction 3%": the words on it already say which way)
        m = _FELL_BY_RE.search(text, max(0, c["start"] - 40), c["start"])
        at = text.lower().rfind(name.lower(), max(0, c["start"] - 100), m.start() + 1) if m else -1
        if m is not None and at >= 0 and _NAME_TO_VERB_RE.fullmatch(text, at + len(name), m.start()) is not None:
            c["metric"] = f"{name} reduction"


def stated_moves(out: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """The values the sentence's verbs say a measure moved by, each read as that move, in turn."""
    reduced_by(out, text)  # ("reduces mean TPOT by 35.4%": that measure's change, negative)
    out = regressed_by(out, text)  # ("regresses throughput/TPOT by 1%": each measure's change, the worse way)
    moved_by(out, text)  # ("speed has improved by 6 t/s": the measure's change, in its unit)
    judged_by(out, text)  # ("Throughput improved ~ +6.4%": its improvement, whatever the measure is called)
    fell_by(out, text)  # ("Mean TTFT drops by 24.5%": its reduction, the size of its fall)
    against_base_run(out, text)  # ("7% lower than without the draft model": a change against that run, negative)
    return out
