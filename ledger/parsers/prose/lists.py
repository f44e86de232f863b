"""Lists of values in one sentence: "96.17 / 95.98" share a group; a slash list of setups ("FP8 / NVFP4 KV")
or a parallel list ("at draft 1 / 3") gives each value its own setup; a row's "gsm8k / acceptance length"
names each value's metric; "a : b = 29976 : 16664 (1 : 0.56)" gives one value per name and the ratios.

Apart from prose.py because these run over the candidates once claims_in_text has paired them, each a
pass of its own over the list of candidates.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.grammar.numbers import find_numbers, to_float
from ledger.parsers.prose.arm_contrasts import reference_inside
from ledger.parsers.prose.metrics import MEASURE_MODIFIERS, METRIC_BREAK_RE, METRIC_RE, clause_start
from ledger.vocab.grid_cells import grid_cell
from ledger.vocab.list_settings import setting_list
from ledger.vocab.metrics import named_benchmark, prose_kind
from ledger.vocab.setup import model_names, qualifiers
from ledger.vocab.sides import side_of
from ledger.vocab.speed_names import SPEED_MEASURE_WORDS
from ledger.vocab.test_ids import test_id_setup, test_ids_in
from ledger.vocab.word_gate import WordGate

_SLASH_RE = re.compile(r"\s*/\s*")
# "KV bytes per token, bf16 : FP8 : NVFP4 = 29976 : 16664 : 10840 (1 : 0.56 : 0.36)"
_RATIO_RE = re.compile(
    r"(?P<names>[\w.+-]{1,20}(?:\s?:\s?[\w.+-]{1,20}){1,7})\s?=\s?"
    r"(?P<vals>\d[\d,.]{0,15}(?:\s?:\s?\d[\d,.]{0,15}){1,7})"
    r"(?:\s?\((?P<norm>\d[\d.]{0,10}(?:\s?:\s?\d[\d.]{0,10}){1,7})\))?"
)


def link(out: list[dict], claim: dict, text: str) -> None:
    """Give claims joined by " / " one group id (a list of values of one measurement)."""
    if out and _SLASH_RE.fullmatch(text[out[-1]["end"] : claim["start"]]):
        claim["group"] = out[-1].get("group", id(out[-1]))
        out[-1]["group"] = claim["group"]
    else:
        claim["group"] = id(claim)


def _slash_groups(out: list[dict]) -> Iterator[tuple[int, int]]:
    """(first, last) index of each run of two or more claims in one group (a slash list), in order."""
    i = 0
    while i < len(out):
        j = i
        while j + 1 < len(out) and out[j + 1].get("group") == out[i].get("group"):
            j += 1
        if j > i:
            yield i, j
        i = j + 1


_OWN_PAREN_RE = re.compile(r"\s?[*_]{0,2}\s?\((?P<inner>[^()\n]{1,40})\)")


# "1.66x @ N=8192, b=8": the grid cell a value was timed at, after an at-sign
_AT_CELL_RE = re.compile(r"\s?[*_]{0,2}\s?@\s?(?P<inner>[\w=.]{1,12}(?:\s?[,/]\s?[\w=.]{1,12}){1,3})")


def own_setup(out: list[dict], text: str) -> None:
    """ "120.5 tok/s (Conc 1) to 900.8 tok/s (Conc 32)": the settings in parentheses right after a value are that
    value's, over the ones its sentence states for all; so is a kernel grid's cell ("0.969x (98K/b1)", "1.66x @
    N=8192, b=8")."""
    for c in out:
        m = _OWN_PAREN_RE.match(text, c["end"])
        if m is not None:
            own = grid_cell(m.group("inner")) or qualifiers(m.group("inner")) or _paren_benchmark(m.group("inner"))
        else:  # (an at-sign's words are a cell's or nothing: "peak 512 tok/s @ C=16" is read where its line is)
            at = _AT_CELL_RE.match(text, c["end"])
            own = grid_cell(at.group("inner").rstrip(".")) if at is not None else {}
        if own:
            c["config"] = {**c["config"], **own}


def _paren_benchmark(inner: str) -> dict[str, str]:
    """ "+9% (GSM8K)": a benchmark named alone in a value's brackets is the workload that value was measured on."""
    name = named_benchmark(inner.strip(" *_`"))
    return {"dataset": name} if name is not None and len(inner) <= 24 else {}


# "41.2 ms for Llama-3.1-8B on one L40S and 67.9 ms for Qwen2.5-32B on two L40S": a value's setup after it, to its
# clause's end (a comparative between: "1.31x faster on H100")
# ("**+4.3%** end-to-end throughput at TP4": the measure it names may stand between, and its change's noun: "~1% TG
# improvement at 32k tokens")
_SETUP_AFTER_RE = re.compile(
    r"[*_]{0,2}[ \t]{1,2}(?:(?:faster|slower|lower|higher|better|worse|more|less|gain|improvement|speed-?up|reduction|"
    r"regression|increase|decrease|drop)[ \t]{1,2})?(?:"
    + MEASURE_MODIFIERS
    + r"[ \t]){0,3}(?:"
    + METRIC_RE.pattern
    + r")?(?:[ \t]{0,2}(?:[A-Za-z][\w/-]{0,20}[ \t]{1,2})?(?:improvement|gain|speed-?up|regression))?"
    r"(?:[ \t]\([^()\n]{1,40}\))?"  # ("+4.4% TTFT (positive = faster) on GLM-5.2": a remark on the measure first)
    r"[ \t]{0,2}(?<=[ \t])"
    r"(?P<prep>for|on|with|without|w/o|using|at|—)[ \t]{1,2}"  # ("93.10 — engine B H200 mean": what the value is of)
    r"(?P<words>[^,;:()\n]{1,80}?)"
    r"(?=[ \t](?:and|but|while|whereas|vs\.?|versus|against|compared)[ \t]|[,;:()]|\.(?:\s|$)|$)",
    re.IGNORECASE,
)


_SIZED_MODEL_RE = re.compile(r"(?<![\w.])(\d{1,4}(?:\.\d{1,2})?[BM])[ \t]models?\b")


def trailing_setup(out: list[dict], text: str) -> None:
    """The setup words after a value, to its clause's end, are that value's; in a sentence of several values,
    a value's trailing words are no part of the next one's lead ("on one L40S and to 67.9 ms"), nor of any later
    one's ("+5.5% at TP2 and +1.8% at TP8, with peaks of +11.2%": the peak's TP is not stated)."""
    before: dict[str, set[str]] = {}
    owns: list[dict[str, str]] = []
    trailing: list[str | None] = []  # the model each value's own words after it name
    last_end = -1  # where the words after the value before ended
    for c in out:
        m = _SETUP_AFTER_RE.match(text, c["end"], c["end"] + 120)
        # ("29 t/s without mtp": the value's arm ran without it)
        own = (
            qualifiers(
                m.group("words")
                if m.group("prep")[:2] != "w/" and m.group("prep").lower() not in ("without", "at")
                else m.group(0)  # ("at 32k tokens": the depth a change was measured at; "without mtp": the arm's)
            )
            if m
            else {}
        )
        if m is not None and (listed := setting_list(text, c["end"])) is not None:
            own.pop(listed[0], None)  # ("45/61/98 ms for concurrency 1, 4, 16": one of the list's, parallel_config's)
        if owns and _OPEN_PAREN_RE.fullmatch(text, last_end, c["start"]):
            # "66 tok/s at n_cpu_moe=24 (27.5GiB VRAM)": the same run's other result, at the same setting
            own = {**owns[-1], **own}
        last_end = m.end() if m else c["end"]
        owns.append(dict(own) if m is not None and "/" not in m.group("words") else {})
        if m is not None and (models := model_names(m.group("words"))):
            own["model"] = models[0]
        elif m is not None and (sized := _SIZED_MODEL_RE.search(m.group("words"))):
            own["model"] = sized.group(1)  # "for the 13B model": a model named by its size alone
        trailing.append(own.get("model"))
        kept = {k: v for k, v in c["config"].items() if k in own or v not in before.get(k, ())}
        c["config"] = {**kept, **own}
        for k, v in own.items():
            before.setdefault(k, set()).add(v)
    # "+3.1% decode throughput and +1.2% TTFT on Qwen2.5-14B": values joined by "and", each named by its measure alone,
    # share the model the last one's words after it name (from the end: "A, B and C on M")
    _shared_models(out, trailing, text)
    # "MMLU 84.0 / ARC-C 96.3 / HumanEval 92.1 at Q3_K_M": the words after a slash list's last value are the list's
    # (a list of settings after it gives each its own: parallel_config)
    first = 0
    for at in range(1, len(out) + 1):
        if at < len(out) and _NAMED_SLASH_GAP_RE.fullmatch(text, out[at - 1]["end"], out[at]["start"]):
            continue
        for c in out[first : at - 1]:
            c["config"] = {**owns[at - 1], **c["config"]}
        first = at


def _trailing_model(text: str, end: int) -> str | None:
    """The model the words right after a value name ("... TTFT on Qwen2.5-14B"), else None."""
    m = _SETUP_AFTER_RE.match(text, end, end + 120)
    if m is None:
        return None
    if models := model_names(m.group("words")):
        return models[0]
    sized = _SIZED_MODEL_RE.search(m.group("words"))
    return sized.group(1) if sized else None


_LIST_AFTER = 4
"""How many values of the text after the last one read (a wrapped line's next, read as context) may hand it a model."""


def _shared_models(out: list[dict], trailing: list[str | None], text: str) -> None:
    """Values joined by "and" and named by their measures alone share the model the last one's words name after it,
    from the end ("A, B and C on M"); the chain may run on past the values read, into the context after them (the next
    line of a wrapped sentence)."""
    if not out:
        return
    spans = [(c["start"], c["end"]) for c in out]
    models = list(trailing)
    for n in find_numbers(text, out[-1]["end"], min(len(text), out[-1]["end"] + 400), limit=_LIST_AFTER):
        spans.append((n.start, n.end))
        models.append(_trailing_model(text, n.end))
    for k in range(len(spans) - 2, -1, -1):
        if models[k + 1] and not models[k] and _AND_GAP_RE.fullmatch(text, spans[k][1], spans[k + 1][0]):
            models[k] = models[k + 1]
            if k < len(out):
                out[k]["config"] = {**out[k]["config"], "model": models[k]}


_OPEN_PAREN_RE = re.compile(r"\s?\(\s?")
# " decode throughput and +", " TTFT, ": the gap between two values of one list, each named by its measure's words alone
# (no preposition: "41.2 ms for Llama-3.1-8B and 67.9 ms" names the first value's own setup)
_AND_GAP_RE = re.compile(
    r"[*_]{0,2}(?:[ \t](?!(?:for|on|with|without|using|at|in|vs|than|and|or|but)\b)[A-Za-z][\w/-]{0,30}){0,4}"
    r"[ \t]?,?[ \t](?:and|&)[ \t][*_]{0,2}[~≈+−-]?"
)
# " / ARC-C ", " / ": the gap between two values of a slash list, each perhaps named by its own label
_NAMED_SLASH_GAP_RE = re.compile(
    r"[*_`]{0,2}\s{0,2}/\s{0,2}(?:[A-Za-z][\w.+-]{0,30}(?:\s[\w.+-]{1,30}){0,2}\s{0,2}:?\s{0,2})?"
)


def test_id_setup_before(out: list[dict], text: str) -> None:
    """ "`TestQux70B::test_mtp[fp8_ws8-trtllm]` lands just under the threshold (observed 49.7%)": the pytest id
    before a value is the test that measured it, so its class's model and its world size are the value's too."""
    ids = test_ids_in(text)
    if not ids:
        return
    ends = [end for end, _ in ids]
    for c in out:
        at = bisect_right(ends, c["start"])  # (the last id that ends before the value)
        if at:
            c["config"] = {**test_id_setup(ids[at - 1][1]), **c["config"]}


# "- FP8: 500 -> 550 tok/s/GPU; GSM8K 0.910 -> 0.915": the label an item opens with names its runs' setup
# ("- Q3_K_M (58GB file): 46.0 tok/s ...; Prefill 302 tok/s": a GGUF type's underscores inside the label, no emphasis;
# "- FP4 (`--moe-backend triton`): ...": the flag it ran with, in code, inside the label)
_ITEM_LABEL_RE = re.compile(
    r"^\s{0,8}(?:[-*+]\s{1,3})?[*_`]{0,2}(?P<label>[^:\n*_`](?:[^:\n*_`]|_(?=\w)|(?<=\()`[^`:\n]{1,40}`(?=\))){0,39})"
    r"[*_`]{0,2}\s?:\s"
)


# "- 16k TTFT:", "- 4K prefill:": the context length an item's measure was taken at, opening its label
_LENGTH_LABEL_RE = re.compile(
    r"(?P<n>\d{1,4}(?:\.\d)?)[kK]\s(?:" + SPEED_MEASURE_WORDS + r"|" + METRIC_RE.pattern + ")", re.I
)


def _length_label(label: str) -> dict[str, str]:
    m = _LENGTH_LABEL_RE.match(label.strip())
    return {"isl": f"{m.group('n')}k"} if m is not None else {}


def label_setup(out: list[dict], text: str) -> None:
    """The settings the line's opening label states hold for every value on the line (its own words win)."""
    m = _ITEM_LABEL_RE.match(text) if out else None
    if m is not None and (named := qualifiers(m.group("label")) or _length_label(m.group("label"))):
        for c in out:
            c["config"] = {**named, **c["config"]}


# "MMLU weighted average accuracy: 85.91 (14042)": the questions a score was taken over, in its parenthesis; an
# evaluation script's per-category line goes on to name the category the score is of, to the line's end
# ("Average accuracy 67.71 (576) - health", "... (1008) - other (business, health, misc.)")
_PAREN_COUNT_RE = re.compile(r"\s{0,2}\((\d{2,7})\)(?:[ \t]{1,3}[-–][ \t]{1,3}(?P<category>[A-Za-z][^\n]{0,60})$)?")


def paren_counts(out: list[dict], text: str) -> list[dict]:
    """An accuracy's bare count in brackets right after it is its sample count, not a score of its own; the category
    named after it sets the score apart from the other categories' (and from the benchmark's whole score)."""
    drop: set[int] = set()
    at = {d["start"]: i for i, d in enumerate(out)}  # (by where each starts: a line of many values stays linear)
    for c in out:
        m = _PAREN_COUNT_RE.match(text, c["end"]) if c["kind"] == "accuracy" else None
        if m is None:
            continue
        count = next((at[p] for p in range(m.start(1), m.end(1)) if p in at and out[at[p]] is not c), None)
        if count is not None:
            drop.add(count)
        c["config"] = {**c["config"], "samples": m.group(1)}
        if m.group("category"):
            c["config"]["category"] = m.group("category").strip()
    return [d for i, d in enumerate(out) if i not in drop]


# "0.22 -> 0.64 w/ prefix caching)": the switch a value was measured with, right after it, to its clause's end
_WITH_AFTER_RE = re.compile(
    r"[ \t]{0,2}(?P<w>w/o|w/|without|with)[ \t]{1,2}(?P<what>[a-z][\w-]{1,24}(?: [a-z][\w-]{1,24}){0,2})(?=\)|,|;|\.|$)"
)


def switch_conditions(out: list[dict], text: str) -> None:
    """A value followed by the feature it ran with or without ("w/ prefix caching") takes it as its variant, where
    the words name no side of a comparison ("with the fix") and no setting the vocabulary reads ("with TP4"); after
    a value's reference ("0.80, vs 0.81 with auto") they name the reference's run, not the value's."""
    for c in out:
        m = _WITH_AFTER_RE.match(text, c["end"])
        if m is None or "variant" in c["config"] or (c["reference"] is not None and reference_inside(text, c)):
            continue
        phrase = f"{'without' if m.group('w') in ('w/o', 'without') else 'with'} {m.group('what')}"
        if side_of(phrase) is None and not qualifiers(m.group("what")):
            c["config"] = {**c["config"], "variant": phrase}


def parallel_config(out: list[dict], text: str) -> None:
    """ "1.971 / 3.704 at draft 1 / 3", "TTFT 45/61/98 ms for concurrency 1, 4, 16": each value of a slash list gets
    the value at its position of the setting listed right after it (vocab.list_settings.setting_list)."""
    for i, j in _slash_groups(out):
        listed = setting_list(text, out[j]["end"])
        if listed is not None and len(listed[1]) == j - i + 1:
            key, values, _ = listed
            for c, v in zip(out[i : j + 1], values, strict=True):
                c["config"] = {**c["config"], key: v}


_ALTERNATIVES_RE = re.compile(r"(?<![\w/.+-])[\w.+-]{1,20}(?:\s?/\s?[\w.+-]{1,20}){1,7}(?![\w/])")


def slash_setup(out: list[dict], text: str, subject: str | None) -> None:
    """ "MTP2 over FP8 / NVFP4 KV: 2.950 / 2.910": a slash list of setups before a slash list of as many values
    (in the value's clause, or in the row's name) gives each value its own setup; the words around the list
    are shared (FP8 KV, then NVFP4 KV)."""
    for i, j in _slash_groups(out):
        lead = text[clause_start(text, out[i]["start"], METRIC_BREAK_RE) : out[i]["start"]]
        for name in (lead, subject or ""):
            if "/" in name and _split_setups(out[i : j + 1], name):
                break


def _split_setups(group: list[dict], name: str) -> bool:
    for m in _ALTERNATIVES_RE.finditer(name):
        parts = _SLASH_RE.split(m.group(0))
        if len(parts) != len(group):
            continue
        sides = [qualifiers(name[: m.start()] + p + name[m.end() :]) for p in parts]
        keys = {k for q in sides for k in q if len({q.get(k) for q in sides}) == len(group)}
        if not keys:
            continue
        whole = qualifiers(name)  # (what the list read as one name gave: "FP8" left over as a quant)
        for c, q in zip(group, sides, strict=True):
            kept = {k: v for k, v in c["config"].items() if k not in whole or k in q}
            c["config"] = {**kept, **{k: q[k] for k in keys if k in q}}
        return True
    return False


# "strict and flexible exact match both 0.96", "TTFT and TPOT were each 4% lower", "mean TTFT and mean TPOT both
# drop by ~2-6%", "throughput and latency improve ~3-5%": two names, one value (or range) for each
_STAT = r"(?:(?:mean|median|avg|average|p\d{2}) )?"
_MOVE = r"(?:fall|fell|drop|rise|rose|improve|decrease|increase|shrink|grow|climb|reduce|cut|regress|degrade)[a-z]{0,3}"
# (searched only where one of its words stands: vocab.word_gate)
_BOTH_RE = WordGate(
    re.compile(
        rf"(?<![\w-])(?P<a>{_STAT}[A-Za-z][\w-]{{0,20}}) and (?P<b>{_STAT}[A-Za-z][\w-]{{0,20}})"
        r"(?P<rest>(?: [A-Za-z][\w-]{0,20}){0,3}?)(?: (?:are|were|is|was))?"
        rf"(?P<tail>(?: (?:both|each))?(?: at)?(?: {_MOVE})?(?: by)?)[:=]? ?[~≈]?$",
        re.IGNORECASE,
    )
)


# (searched only where one of its words stands: vocab.word_gate)
_MOVE_RE = WordGate(re.compile(rf"\b{_MOVE}\b", re.IGNORECASE))


def both_metrics(out: list[dict], text: str) -> list[dict]:
    """A value said of two names at once ("strict and flexible exact match both 0.96") is a value of each: one
    claim per name, the words they share after them ("strict exact match", "flexible exact match")."""
    if " both" not in text and " each" not in text and " by " not in text and _MOVE_RE.search(text) is None:
        return out
    done: list[dict] = []
    for c in out:
        start = clause_start(text, c["start"], METRIC_BREAK_RE)
        m = _BOTH_RE.search(text, max(start, c["start"] - 120), c["start"])
        rest = m.group("rest") if m else ""
        names = [f"{m.group(k)}{rest}" for k in "ab"] if m and m.group("tail").strip() else []
        # (without "both" or "each", only two measures share it: "accuracy is unchanged and throughput goes up by 5%")
        shared = any if m and re.search(r"both|each", m.group("tail"), re.IGNORECASE) else all
        if not names or not shared(METRIC_RE.search(n) for n in names):
            done.append(c)
            continue
        done.extend({**c, "metric": name, "kind": prose_kind(name, c["unit"])} for name in names)
    return done


def subject_slash_metrics(out: list[dict], subject: str | None) -> None:
    """ "MTP1 gsm8k / acceptance length | 96.36 / 1.969": the row's slash list names each value's metric."""
    if not subject or " / " not in subject:
        return
    names = [p.strip() for p in subject.split(" / ")]
    metrics = [METRIC_RE.search(p) for p in names]
    if not all(metrics):
        return
    group = [c for c in out if c["metric"] == subject]
    if len(group) != len(names) or len({c.get("group") for c in group}) != 1:
        return
    for c, m in zip(group, metrics, strict=True):
        assert m is not None
        c["metric"] = m.group(0)
        c["kind"] = prose_kind(c["metric"], c["unit"])


def ratio_claims(
    ctx: Context, line: int, text: str, offset: int, subject: str | None, default_metric: str | None
) -> Iterator[Claim]:
    """ "X, a : b : c = 29976 : 16664 : 10840 (1 : 0.56 : 0.36)": one value per name, and the ratios."""
    if "=" not in text or ":" not in text:
        return  # the pattern needs its "=" and a ":" between names
    for m in _RATIO_RE.finditer(text):
        names = [x.strip() for x in m.group("names").split(":")]
        vals = [to_float(x) for x in m.group("vals").split(":")]
        if len(names) != len(vals) or any(v is None for v in vals):
            continue
        if not ctx.is_free(line, offset + m.start(), offset + m.end()):
            continue
        lead = text[clause_start(text, m.start(), METRIC_BREAK_RE) : m.start()].strip(" ,:•-*")
        metric = lead or default_metric or subject
        unit = "bytes" if metric and re.search(r"\bbytes?\b", metric, re.IGNORECASE) else None
        kind = prose_kind(metric or "", unit)
        for name, v in zip(names, vals, strict=True):
            yield ctx.claim(kind, line, m.group(0), metric=metric, value=v, unit=unit, config={"variant": name})
        if m.group("norm"):
            ratios = [to_float(x) for x in m.group("norm").split(":")]
            if len(ratios) == len(names):
                for name, r in zip(names, ratios, strict=True):
                    if r is not None and r != 1.0:
                        yield ctx.claim(
                            "perf",
                            line,
                            f"({m.group('norm')})",
                            metric=f"{metric}, ratio to {names[0]}",
                            value=r,
                            config={"variant": name},
                        )
        ctx.take(line, offset + m.start(), offset + m.end())
