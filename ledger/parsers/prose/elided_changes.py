"""Changes a sentence lists after the first one names its measure: in "**+4.3%** end-to-end serving throughput at
TP4 and **+3.3%** at TP8, with peaks of +16.5%" the second change leaves its measure unsaid (it is the first's, not
the bare "throughput" the words before it end on), and the peak is that measure's largest change (stat=max), not a
second reading of the mean change's series.

Apart from prose.sentences because it runs over the candidates once they are all read, as the lists passes do."""

from __future__ import annotations

import itertools
import re

from ledger.parsers.prose.metrics import holds_metric, measures_after_words
from ledger.vocab.measure_phases import CHANGE_VERBS, PHASE_WORDS

# "with peaks of", "peaking at", "a peak of up to": the value is the largest of the changes the sentence speaks of
_PEAK_BEFORE_RE = re.compile(
    r"(?<![\w-])(?:peaks?|peaking|peaked)(?:[ \t](?:of|at|reaching|around))?(?:[ \t]up[ \t]to)?[ \t:]{0,2}$",
    re.IGNORECASE,
)
# what may stand between the first change's measure and the next change: its setting, then the join
_GAP_RE = re.compile(r"^[^.;!?\n]{0,80}$")


def _named_after(text: str, c: dict) -> bool:
    """The change's measure is written right after it ("**+4.3%** end-to-end serving throughput")."""
    after = text[c["end"] : c["end"] + len(c["metric"]) + 8].lstrip("*_ \t").lower()
    return bool(c["metric"]) and after.startswith(c["metric"].lower())


# "... decode throughput rises 3.0% and prefill by +2.1%": a clause joined on, named by a phase alone (then its verb)
_PHASE_CLAUSE_RE = re.compile(
    r"(?:^|[\s,])(?:and|while|but|whereas)[ \t](?:the[ \t])?(?P<phase>" + PHASE_WORDS + r")"
    r"(?:[ \t]" + CHANGE_VERBS + r")?(?:[ \t]by)?[ \t]{0,2}[*_`~≈]{0,3}\Z",
    re.IGNORECASE,
)
# a measure named by its phase and its noun ("decode throughput", "Prefill TPOT")
_PHASED_RE = re.compile(PHASE_WORDS + r"[ \t](?P<noun>[A-Za-z][\w/ -]{0,40})", re.IGNORECASE)


def phase_changes(out: list[dict], text: str) -> None:
    """A value whose clause names another phase alone, after one named by a phase and a noun, is that noun's measure
    in its own phase ("decode throughput rises 3.0% and prefill by +2.1%": the prefill throughput's change), not the
    measure it took from the value before it."""
    for prev, c in itertools.pairwise(out):
        named = _PHASED_RE.fullmatch(prev["metric"] or "")
        if named is None or c["metric"] != prev["metric"] or not _GAP_RE.match(text[prev["end"] : c["start"]]):
            continue
        m = _PHASE_CLAUSE_RE.search(text[max(prev["end"], c["start"] - 60) : c["start"]])
        if m is not None and not prev["metric"].lower().startswith(m.group("phase").lower()):
            c["metric"] = f"{m.group('phase').lower()} {named.group('noun')}"


def elided_changes(out: list[dict], text: str) -> None:
    """A change whose measure is the tail of the one the sentence's earlier change is named by after it takes that
    whole name; one written after "peaks of" is that measure's peak."""
    phase_changes(out, text)
    named: dict | None = None
    prev_end = 0
    for c in out:
        if c["unit"] != "%" or not c["metric"]:
            named, prev_end = None, c["end"]
            continue
        lead = text[prev_end : c["start"]] if named is not None else ""
        prev_end = c["end"]
        if named is not None and _GAP_RE.match(lead):
            whole, own = named["metric"], c["metric"]
            if len(own) < len(whole) and whole.lower().endswith(own.lower()) and not _named_after(text, c):
                c["metric"] = whole
        elif named is not None:
            named = None
        if _PEAK_BEFORE_RE.search(text[max(0, c["start"] - 40) : c["start"]].rstrip("*_+~ \t")):
            c["config"] = {**c["config"], "stat": "max"}
        if named is None and _named_after(text, c):
            named = c


def elided_measures(out: list[dict], text: str) -> None:
    """ "TTFT +9.6%, saturated throughput +3.4%; ... saturated +5.0%": a value named by one word that names no measure
    is the measure the text writes after that word ("saturated throughput"); where it writes none, the word stays
    (no measure is guessed)."""
    named: dict[str, str] | None = None
    for c in out:
        word = c["metric"] or ""
        if word.replace("-", "").isalpha() and not holds_metric(word):
            named = measures_after_words(text) if named is None else named
            c["metric"] = named.get(word.lower(), word)
