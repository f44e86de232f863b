"""What a column header says: the side it names ("base" / "new") and the metric without the side words, the
sides of a slash header ("Req/s branch / main"), its unit ("TTFT (ms)", "latency_ms", "PR GFLOPS"), and the
metric a value under it is named by, with the row's label.

Apart from tables.py because column roles, baseline pairing and row claims all ask these of a header, and
they depend on the header's words alone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.memo import short_text_cache
from ledger.model import Revision
from ledger.parsers.grammar.numbers import UNIT_PATTERN, normalise_unit
from ledger.parsers.grammar.unit_labels import header_unit, slash_time_unit
from ledger.vocab.gguf_types import ends_in_gguf_type
from ledger.vocab.perplexity_corpora import MEASURE_BRACKET_RE
from ledger.vocab.sides import POST_SIDE, PRE_SIDE, side_alone, side_of
from ledger.vocab.text import ARROW, holds_arrow
from ledger.vocab.unit_table import unit_row
from ledger.vocab.units import STAT_WORD_RE, UNITS, ends_in_rate, is_measure_unit, rate_alone
from ledger.vocab.word_gate import WordGate

# A baseline word anywhere in the header ("master GFLOPS", "JSD (master)", "TTFT w/o cache"), not a new-side word
_BASE_WORD_RE = re.compile(
    r"(?<![\w-])(?:baseline|base|before|main|master|original|ref|reference|w/o|without|old|previous|prior|earlier|upstream|"
    r"default|vanilla|stock|eager|" + PRE_SIDE + r")(?![\w-])"
    # "TPS off | TPS on": a feature switched off, then on, as a header's last word
    r"|(?<=\w )off\s*$",
    re.IGNORECASE,
)
_NEW_WORD_RE = re.compile(
    r"(?<![\w-])(?:this pr|pr|after|new|ours|patched|fixed|branch|optimi[sz]ed|opt|with|candidate|proposed|"
    + POST_SIDE
    + r")(?![\w-])"
    r"|(?<=\w )on\s*$",
    re.IGNORECASE,
)
# one side's name in a slash header: a word, or the PR's own ("this PR", "`main`")
_SLASH_PART = r"`?(?P<{}>(?:(?:this|the|our)[ \t])?[\w.-]{{1,20}})`?"
# "Req/s branch / main": the cells are "new / baseline" pairs in the header's order
# ("TTFT (new / old)", "TTFT (FA3 / FlashInfer)": the two sides in brackets after the measure; "acceptance length:
# greedy / `main` / this PR": a third run first, neither side, before the pair)
SLASH_SIDES_RE = re.compile(
    r"(?P<open>\(\s?)?(?:"
    + _SLASH_PART.format("c")
    + r"\s*/\s*)?"
    + _SLASH_PART.format("a")
    + r"\s*/\s*"
    + _SLASH_PART.format("b")
    + r"(?(open)\s?\))\s*(?:\([^()]{0,20}\))?\s*$"
)


def side_core(head: str) -> tuple[str | None, str]:
    """Which side a header names ("base", "new" or None) and the metric left without the side words."""
    low = head.lower()
    side = "base" if _BASE_WORD_RE.search(low) else "new" if _NEW_WORD_RE.search(low) else None
    core = _NEW_WORD_RE.sub(" ", _BASE_WORD_RE.sub(" ", low))
    core = " ".join(re.sub(r"[()\[\]:,]", " ", core).split())
    return side, core


def slash_sides(head: str) -> tuple[int, int] | None:
    """For "Req/s branch / main": (index of the new side, index of the baseline side) in "a / b" cells; of a header
    naming a third run first ("greedy / main / this PR"), the indices of the pair after it, only where the pair is
    a base and the PR's side by their words and the third neither (slash_third)."""
    m = SLASH_SIDES_RE.search(head)
    if not m:
        return None
    if any(len(m.group(g)) < 2 or m.group(g).lower() in UNIT_WORDS for g in "abc" if m.group(g) is not None):
        return None  # "base/B", "gap/M", "Req/s": a unit after the slash, not a second side
    a_base = bool(_BASE_WORD_RE.fullmatch(m.group("a")))
    b_base = bool(_BASE_WORD_RE.fullmatch(m.group("b")))
    if a_base == b_base:
        return None
    if m.group("c") is not None:
        new, third = m.group("a" if b_base else "b"), m.group("c")
        if not _NEW_WORD_RE.fullmatch(new) or _BASE_WORD_RE.fullmatch(third) or _NEW_WORD_RE.fullmatch(third):
            return None  # ("bf16 / fp8 / int4", "main / v1 / v2": runs of no one PR against its base)
    return (1, 0) if a_base else (0, 1)


def slash_third(head: str) -> str | None:
    """The third run a slash header names before its pair ("greedy" of "greedy / main / this PR"), where slash_sides
    reads the pair; its value in the cell is that run's own, neither side's."""
    m = SLASH_SIDES_RE.search(head)
    return m.group("c") if m is not None and m.group("c") is not None and slash_sides(head) is not None else None


# "mean ITL (ms), baseline -> candidate", "p50 (ms), before → after", "TPOT (main → PR)": cells "a -> b" hold
# both sides
ARROW_SIDES_RE = re.compile(r"\(?(?P<a>[\w.-]{1,20})[ \t]?" + ARROW + r"[ \t]?(?P<b>[\w.-]{1,20})\)?[ \t]*$")


def arrow_sides(head: str) -> tuple[str, str] | None:
    """The two sides a header names around an arrow, the reference first ("baseline -> candidate")."""
    m = ARROW_SIDES_RE.search(head) if holds_arrow(head) else None
    return (m.group("a"), m.group("b")) if m else None


# "11 → 14", "0.61 -> 0.62": a cell of the old value, an arrow and the new one
_ARROW_PAIR_CELL_RE = re.compile(r"[-+]?\d[\d.,]{0,15}\s?%?\s?" + ARROW + r"\s?[-+]?\d[\d.,]{0,15}\s?%?")


def sided_arrow_column(head: str, cells: list[str]) -> bool:
    """ "Output-limit hits, base → head" over "11 → 14": a header naming the base side before its arrow, over cells
    that are each an old and a new number, measures both sides, whatever setting its words may name."""
    sides = arrow_sides(head)
    return sides is not None and side_of(sides[0]) == "base" and arrow_pair_cells(cells)


def arrow_pair_cells(cells: list[str]) -> bool:
    """Every cell is an old and a new number ("27,409 → 29,237"): the column holds both sides of its measure."""
    return bool(cells) and all(_ARROW_PAIR_CELL_RE.fullmatch(c.strip(" *_`")) for c in cells)


_SIDE_TOKEN_RE = re.compile(r"[a-z0-9][\w.-]{0,39}")
_SHA_RE = re.compile(r"[0-9a-f]{7,40}")
_BRANCH_RE = re.compile(r"[A-Za-z][\w.]{0,30}[-/][\w./-]{1,40}")


def _is_short_sha(word: str) -> bool:
    return bool(_SHA_RE.fullmatch(word)) and any(c.isdigit() for c in word) and any(c.isalpha() for c in word)


_BASE_BRANCHES = frozenset(("master", "main", "trunk", "upstream", "baseline"))
# llama.cpp's release builds ("b4120"); four digits at least, so a B200 stays a GPU
_BUILD_RE = re.compile(r"[bB]\d{4,5}")


def _revision_word(word: str) -> bool:
    """A header's last word that names a code state: a short sha ("4b3c2a1"), a build ("b4120") or a branch
    ("my-branch")."""
    return (
        _is_short_sha(word)
        or bool(_BUILD_RE.fullmatch(word))
        # (a branch is spelt in lower case: "AWQ-MO", "RTN-MO" beside it are a method's names, no branches)
        or (bool(_BRANCH_RE.fullmatch(word)) and word.lower() not in UNIT_WORDS and word != word.upper())
    )


def column_revisions(
    named: Mapping[str | int, Revision], heads: dict[int, str], listed: Mapping[str, Revision] | None = None
) -> dict[int, Revision]:
    """The revision each value column's header names: a side the text defines ("candidate" under a
    "**Candidate**: ... `9c63e7b`" bullet; the side after an arrow; "This PR" under a list of the two sides by other
    names, `listed`: named_revisions.listed_sides), or, for columns of one stem that each end in a word of their own,
    a short sha or a branch ("t/s 4b3c2a1" beside "t/s my-branch")."""
    out: dict[int, Revision] = {}
    for ci, head in heads.items():
        arrow = arrow_sides(head)
        # (the whole header first: "Nightly kernels", "This PR" are names of two words)
        words = [arrow[1].lower()] if arrow else [head.strip(" *_`").lower(), *_SIDE_TOKEN_RE.findall(head.lower())]
        rev = next((named[w] for w in words if w in named), None)
        if rev is None and listed and side_alone(head):
            rev = listed.get(side_of(head) or "")
        if rev is not None:
            out[ci] = rev
    stems: dict[str, list[int]] = {}
    for ci, head in heads.items():
        parts = head.split()
        if len(parts) >= 2 and ci not in out:
            stems.setdefault(" ".join(parts[:-1]).lower(), []).append(ci)
    for cols in stems.values():
        tails = [heads[ci].split()[-1] for ci in cols]
        # ("t/s master | t/s ab/q4k-matvec": the base by its branch name beside a branch of the PR's)
        if (
            len(cols) >= 2
            and len(set(tails)) == len(tails)
            and any(_revision_word(t) for t in tails)
            and all(_revision_word(t) or t.lower() in _BASE_BRANCHES for t in tails)
        ):
            for ci, tail in zip(cols, tails, strict=True):
                out[ci] = Revision(label=tail, head=tail.lower() if _is_short_sha(tail) else None)
    for ci, head in heads.items():
        # (a side's name beside it, "PR 8a9b0c1d2", is read with that name where sides are)
        tail = head.split()[-1].strip("`()") if ci not in out and " " in head.strip() and not side_of(head) else ""
        if tail and _is_short_sha(tail):
            out[ci] = Revision(label=tail, head=tail.lower())  # "tok/s 4f2e9a1c07" beside "tok/s main": measured there
    return out


_SHA_WORD_RE = re.compile(r"[(@`]{0,2}([0-9a-f]{7,40})[)`]{0,2}")


def side_with_sha(head: str) -> Revision | None:
    """ "PR de97e22f6", "baseline 3f08ef2c5", "this PR (4b3c2a1)": a side named with its commit in the header."""
    words = head.split()
    if len(words) < 2 or len(words) > 5 or side_of(head) is None:
        return None
    shas = [m.group(1) for w in words if (m := _SHA_WORD_RE.fullmatch(w)) and _is_short_sha(m.group(1))]
    if len(shas) != 1:
        return None
    label = " ".join(w for w in words if not _SHA_WORD_RE.fullmatch(w)).strip(" :@-")
    return Revision(label=label or shas[0], head=shas[0].lower())


def base_commit(head: str) -> str | None:
    """The commit a base side's column names beside its word ("main (e467261e)", "upstream @ 9f3c2a1b"), else None."""
    rev = side_with_sha(head) if side_of(head) == "base" else None
    return rev.head if rev is not None else None


def on_base_commit(head: str, rev: Revision | None, base: str) -> Revision | None:
    """The revision of a head side's column `head` measured on top of the commit `base` its base column names: its
    own revision with that base, else one the side's words label ("this PR"); None for a column of no head side."""
    if rev is None and side_of(head) == "head":
        # (no head yet: side_columns reads the side's words and its own sha, keeping this base)
        rev = Revision(label=head_without_unit(head).strip(" *_`") or head)
    return rev.model_copy(update={"base": base}) if rev is not None and rev.base is None else rev


GENERIC_HEAD_RE = re.compile(r"^(?:scores?|acc(?:uracy)?|mean|avg|average|results?|values?)$", re.IGNORECASE)


_SUFFIX_UNIT_RE = re.compile(
    r"(?:^|[_ ])(ms|us|µs|ns|s|sec|secs|seconds|gbps|tflops|gflops|tok_s|tokens_s|pct)$", re.IGNORECASE
)
_MEAN_LENGTH_RE = re.compile(r"(?:avg|mean|median)_(?:(?:output|gen|generated|completion|answer)_)?tokens$", re.I)
_SUFFIX_UNITS = {
    "secs": "s",
    "seconds": "s",  # (nemo-skills' "gen_seconds": how long generation took, a time whatever the table scores)
    "pct": "%",
    "gbps": "GB/s",
    "tflops": "TFLOPS",
    "gflops": "GFLOPS",
    "tok_s": "tok/s",
    "tokens_s": "tokens/s",
}


def unit_of_header(head: str) -> str | None:
    u = header_unit(head)
    if u:
        return u
    if "_" in head or head.lower() in _SUFFIX_UNITS:  # "latency_ms", "tflops": a unit spelled into the name
        m = _SUFFIX_UNIT_RE.search(head.strip())
        # ("Q4_K_S", "plain RTN / q2_k_s": a GGUF type's last letter is its size, not seconds)
        if m and m.group(1) != "S" and not ends_in_gguf_type(head):
            return _SUFFIX_UNITS.get(m.group(1).lower(), m.group(1).lower())
        if _MEAN_LENGTH_RE.match(head.strip()):
            return "tokens"  # "avg_tokens" beside a score: the answers' mean length, counted in tokens
    words = head.split()
    if len(words) > 1 and STAT_WORD_RE.fullmatch(words[-1]):
        words = words[:-1]  # "Output Tokens/s Mean": the statistic of a measure named by its unit
    last = words[-1] if words else ""
    # ("Second" beside "First" is an ordinal; a lone "Seconds" is a unit)
    # ("PP" alone in capitals heads llama.cpp's and whisper.cpp's prompt-processing column: a measure, no points)
    if last.lower() in UNIT_WORDS and last.lower() not in ("tokens", "tok", "b", "h", "min", "points", "second"):
        return None if words == ["PP"] else last  # "PR GFLOPS", "TTFT ms"
    run = _RUN_PAREN_RE.search(head)
    if run is not None and run.start() > 0:
        return unit_of_header(head[: run.start()])  # "Req/s (F3=0)": the run's setting follows the unit
    first = words[0].lower() if len(words) > 1 else ""
    if first in _OPENING_TIME_UNITS:
        return first  # "Seconds total", "Milliseconds per step": a time named by the unit it is counted in
    return _spelled_unit(head)


_OPENING_TIME_UNITS = frozenset(("seconds", "secs", "milliseconds", "microseconds", "minutes"))
"""The time units a measure's name may open with; not "Second" (an ordinal: "Second pass") nor a count's unit."""


# "Tokens / sec / GPU", "Model TFLOP / sec / GPU", "TFLOPS / GPU": a rate written with spaced slashes at the end
# (searched only where one of its words stands: vocab.word_gate)
_SPACED_RATE_RE = WordGate(re.compile(r"(?<![A-Za-z])([A-Za-z]{1,12}(?:\s?/\s?[A-Za-z]{1,10}){1,3})\s*$"))
# "Est. days to train", "Est. time to finetune in mins (10M tokens)": a duration a header counts in its words
_DURATION_RE = re.compile(
    r"(?<![\w-])(?:in\s(days?|hours?|hrs|minutes|mins)(?![\w-])|(days|hours|hrs|minutes|mins)\sto\s)", re.IGNORECASE
)


def without_spelled_rate(head: str) -> str:
    """ "With CP TFLOPS / GPU" -> "With CP": the header without the rate of spaced slashes that ends it (a column
    group's name, then its measure's unit, as a two-row header folds them)."""
    m = _SPACED_RATE_RE.search(head)
    row = unit_row(re.sub(r"\s", "", m.group(1))) if m is not None and " " in m.group(1) else None
    return head[: m.start()].rstrip() if m is not None and row is not None and row.role == "measure" else head


def _spelled_unit(head: str) -> str | None:
    """The unit a header spells in its words rather than a parenthesis: a rate of spaced slashes ("Samples / sec /
    GPU" -> samples/s/gpu, as its cells are), or the duration it counts ("days to train", "time ... in mins")."""
    tail = head[-60:]
    m = _SPACED_RATE_RE.search(tail)
    if m is not None and (row := unit_row(re.sub(r"\s", "", m.group(1)))) is not None and row.role == "measure":
        return row.canonical
    d = _DURATION_RE.search(tail)
    return (row.canonical if (row := unit_row((d.group(1) or d.group(2)).lower())) else None) if d else None


# a trailing parenthesis that names the run a column measured, a setting or a side: "(F3=0)", "(fused)"
_RUN_PAREN_RE = re.compile(r"\s?\((?:[\w.-]{1,20}\s?=\s?[\w.-]{1,20}|[A-Za-z][\w -]{0,20})\)$")


# "A vs B", "B versus A", "PR over main": a change column's header that names its baseline, the side after the word
VS_RE = re.compile(r"\b(?:vs\.?|versus|against|over)\s", re.IGNORECASE)
UNIT_WORDS = frozenset(UNITS)


def change_word(head: str) -> str:
    """A change column's header without the base it names: "Δ vs PR #901" -> "Δ", "diff vs main" -> "diff"."""
    m = VS_RE.search(head)
    return head[: m.start()].strip() or head if m is not None else head


HEAD_UNIT_RE = re.compile(r"\s*[(\[][^()\[\]]{1,24}[)\]][\s:]*$")  # (and a label's colon after it: "X (ms):")


@short_text_cache(2048)
def head_without_unit(head: str) -> str:
    """A column header without its trailing unit: "TTFT (ms)" -> "TTFT"; a side named before a bracketed unit
    goes too ("p50 ttft (PR) [ms]" -> "p50 ttft"); a measure's name in brackets stays ("c4(ppl)": a perplexity)."""
    bare = HEAD_UNIT_RE.sub("", head).strip() if not MEASURE_BRACKET_RE.search(head[-40:]) else head.strip()
    if holds_arrow(bare) and (am := ARROW_SIDES_RE.search(bare)) is not None and am.start() > 0:
        bare = bare[: am.start()].strip(" ,;:-")  # "Throughput, Base → PR": the measure, its sides aside
    if bare == head.strip() and (sm := slash_time_unit(bare)):
        bare = bare[: len(bare) - len(sm.group(2)) - 1].strip()  # "latency/ms": the measure before its unit
    if bare == head.strip() and (cm := _COMMA_UNIT_RE.search(bare)) and cm.group(1) == unit_of_header(bare):
        bare = bare[: cm.start()]  # "Model size, Gb": the measure, then its unit after a comma
    side = _SIDE_PAREN_RE.search(bare) if bare != head.strip() else None
    return bare[: side.start()].strip() if side and side.start() > 0 else bare


_COMMA_UNIT_RE = re.compile(r"(?<=\w),\s?([A-Za-z/]{1,8})$")
_SIDE_PAREN_RE = re.compile(
    r"\s?\(\s?(?:" + _BASE_WORD_RE.pattern + "|" + _NEW_WORD_RE.pattern + r")\s?\)$", re.IGNORECASE
)


def metric_name(label: str, head: str, role: str) -> str:
    if not head:
        return label
    if not label or label.isdigit():  # a frame's index ("0", "1") names no metric
        return head
    # ("| Mode | Output tok/s | Req/s |": a rate's unit alone names that rate, as "Output tok/s" does, whatever the
    # row's label reads like: "Native lengths")
    rate = rate_alone(head)
    if role == "delta" or (looks_metric(label) and not looks_metric(head) and not rate):
        return f"{label} {head}"
    return f"{head} ({label})" if looks_metric(head) or ends_in_rate(head) or rate else f"{label} {head}"


# (asked of every header, through its case-sensitive copy in the lowered header: vocab.word_gate)
_METRICISH = WordGate(
    re.compile(
        r"throughput|latency|ttft|tpot|itl|e2e|time|(?<!per-)tok|acc|score|gsm|mmlu|length|rate|"
        r"speed|mean|median|(?<![a-z])p\d\d|avg|memory|duration|exact|match|flexible[-_ ]extract|capacity|goodput|"
        r"(?<!ou)tput|thpt|(?<![a-z])otps(?![a-z])|saving|"
        r"(?<![a-z])(?:r?mse|mae)(?![a-z])",  # an error statistic ("After MAE", "FP32 RMSE")
        re.IGNORECASE,
    )
)


@short_text_cache(4096)  # (each header and measure word, again for each row and pairing)
def looks_metric(text: str) -> bool:
    return _METRICISH.holds(text)


# a bracketed qualifier glued to a row's name, "pass@1[avg-of-4]": how the score was taken (the mean of 4 samples),
# no unit and no measure of its own; "TTFT [ms]" closes on a unit, read as one
_QUALIFIER_TAIL_RE = re.compile(r"(?<=\S)\[[^\[\]]{1,40}\]$")


# "(49% hit rate)", "(2 replicas)": a level the row's run was taken at, its number then the words of what it counts
_LEVEL_PAREN_RE = re.compile(r"\s?\(\d{1,6}(?:\.\d{1,4})?\s?%?\s[A-Za-z][\w -]{0,30}\)")


def label_names_measure(label: str) -> bool:
    """A row's label names a measure of its own, apart from a bracketed qualifier of how it was taken
    ("pass@1[avg-of-4]" names none: its "avg" says how the pass@1 was sampled; each column names the measure), nor
    apart from a parenthesis stating the run's own level ("this PR w. cache (49% hit rate)": the run, measured in
    every column)."""
    label = bare if (bare := _LEVEL_PAREN_RE.sub("", label).strip()) else label
    if "]" not in label or unit_of_header(label):
        return looks_metric(label)
    return looks_metric(_QUALIFIER_TAIL_RE.sub("", label))


# ("... (microseconds; lower is better):": a caption's unit beside the direction it reads in)
_STATED_UNIT_RE = re.compile(
    rf"\b(?:in|as|unit:)\s{{1,3}}(?P<unit>{UNIT_PATTERN})(?![\w/])|"
    rf"\((?P<unit2>{UNIT_PATTERN})\s?[;,]\s?(?:lower|higher|smaller|larger) is better\)",
    re.IGNORECASE,
)


# a heading closing on its unit in words: "decode speed in tokens per second", "TTFT, in milliseconds"
_WORDED_UNIT_RE = re.compile(rf",?\s(?:measured\s)?in\s(?P<unit>{UNIT_PATTERN})[\s:.]*$", re.IGNORECASE)


def worded_unit(heading: str) -> tuple[str, str] | None:
    """The measure a heading names and the unit it closes on in words ("token generation speed in tokens per
    second" -> ("token generation speed", "tokens per second")); None where it closes on no unit of measure."""
    tail = max(0, len(heading) - 60)  # (the unit is the heading's last words: a long heading is read at its end)
    m = _WORDED_UNIT_RE.search(heading, tail)
    if m is None or not is_measure_unit(unit := normalise_unit(m.group("unit"))):
        return None
    return heading[: m.start()].strip(" *_`:"), unit


def heading_unit_in_words(section: tuple[str, ...]) -> str | None:
    """The unit the innermost heading of `section` closes on in words (worded_unit), None at the top."""
    return worded[1] if section and (worded := worded_unit(section[-1])) is not None else None


def stated_unit(sentence: str) -> str | None:
    """The unit a sentence says its figures are in: "Figures are decode latency in ms per token on an H100:"."""
    units = {normalise_unit(m.group("unit") or m.group("unit2")) for m in _STATED_UNIT_RE.finditer(sentence[:300])}
    # "sizes in bytes, differences in MiB": each column has its own, which the sentence does not say
    return units.pop() if len(units) == 1 and is_measure_unit(next(iter(units))) else None


_NAMES_IN_BRACKETS_RE = re.compile(r"\((?P<names>[^()/]{1,20}(?:\s?/\s?[^()/]{1,20}){1,9})\)")


# "Rerun three times, run1 / run2 / run3 for reference:": a lead-in that ends naming each position of the cells
_NAMES_LEAD_RE = re.compile(r"(?P<names>[\w.-]{1,20}(?: ?/ ?[\w.-]{1,20}){1,9})(?: [a-z][a-z ]{0,24})?\s?:\s*$")


def packed_names(texts: list[str], k: int) -> list[str] | None:
    """The names of a packed cell's k values: a "(a / b / c)" in the first of `texts` that has one: the column's
    header, then the title lines above the table ("FWD (ms / TFLOPS / MFU% / TBs / BW%)"), or a title line that
    ends naming them ("run1 / run2 / run3:")."""
    for i, text in enumerate(texts):
        found = [m.group("names") for m in _NAMES_IN_BRACKETS_RE.finditer(text[:400])]
        if i > 0 and "/" in text and (lm := _NAMES_LEAD_RE.search(text[-120:])) is not None:
            found.append(lm.group("names"))
        for group in found:
            if is_measure_unit(group.strip()):
                continue  # "Rate (req/s)", "(tok/s)": a unit's own slash, not two names
            names = [n.strip() for n in group.split("/")]
            if len(names) == k and all(names):
                return names
    return None
