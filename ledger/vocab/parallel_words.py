"""The parallelism a setup names by size ("TP8", "tp=8", "2-way TP", "EP4", "PP2", "DCP8", "CP=4") and the fused
shorthands that set two or three sizes at once ("TEP4": tensor and expert parallel of 4; "DEP8": attention data
parallel with the experts over the same 8 ranks). Setup words of vocab.setup's table, apart from it (size rule)."""

from __future__ import annotations

import re

from ledger.vocab.board_counts import NUMBER_WORDS
from ledger.vocab.setup_word import DIGIT_OPENS, SEP, SetupWord
from ledger.vocab.setup_word import make_word as _word

# "TEP4" (SGLang's and TensorRT-LLM's shorthand): tensor parallel 4 with the experts spread over the same 4
_TEP_WORD = _word("tp", "tp", rf"tep{SEP}(\d{{1,3}})", ("tep",), ("tep",))
# "DEP8": TensorRT-LLM's attention data parallel of 8 with the experts spread over the same 8 ranks: kept as stated,
# and read as the dp and ep it is, as TEP8 is tp and ep (a reader asking for ep=8 finds it)
_DEP_WORD = _word("dep", "dep", rf"dep{SEP}(\d{{1,3}})", ("dep",), ("dep",))

# "4xTP=4", "8× TP2": a fleet of that many engine replicas, each of that tensor-parallel size (after the plain tp
# word: "TP=2 ... 4xTP=4" is the run's tp=2)
FLEET_WORD = _word("tp", "tp", rf"(\d{{1,3}}) ?[x×] ?tp{SEP}(\d{{1,3}})", ("tp",), (), DIGIT_OPENS)
"""The replicas (its first group) and each one's tp (its second)."""
# "2x TP4", "8 × TP=2": the replicas counted right before a tp size (FLEET_WORD's, spaced)
_FLEET_BEFORE_RE = re.compile(r"(?<![\w.])(\d{1,3}) ?[x×] ?$")

FUSED: dict[SetupWord, tuple[str, ...]] = {_TEP_WORD: ("tp", "ep"), _DEP_WORD: ("dep", "dp", "ep")}
"""The keys a fused shorthand sets, each to its one size."""
SIZE_KEYS = frozenset(("tp", "ep", "pp", "dp", "dep", "dcp", "pcp", "cp"))
"""The keys of a parallel size: none is ever 0 ("trace_dp0_pp0_tp0_rank0.json.gz", "[TP0]": a rank's index)."""


def fleet_replicas(w: SetupWord, m: re.Match[str], text: str) -> tuple[str, str] | None:
    """The replicas a tp size is counted by and that tp ("4xTP=4", "2x TP4": four or two replicas of tp 4), or None."""
    if w is FLEET_WORD:
        return m.group(1), m.group(2)
    if w.key == "tp" and (fleet := _FLEET_BEFORE_RE.search(text, max(0, m.start() - 6), m.start())) is not None:
        return fleet.group(1), next(filter(None, m.groups()), "")
    return None


def zero_size(key: str, text: str, end: int) -> bool:
    """The parallel size a setup word's match ending at `end` reads is 0: a rank's index, no size (SIZE_KEYS)."""
    return key in SIZE_KEYS and text[end - 1 : end] == "0" and not text[end - 2 : end - 1].isdigit()


PARALLEL_SIZES = (
    _TEP_WORD,
    # (a parallel size's word after "per" is a denominator: "BS per DP = 32" states no dp of 32)
    _word("tp", "tp", rf"(?<!per )tp{SEP}(\d{{1,3}})", ("tp",), ("tp",), glued=True),
    # "Latency of 2-way TP", "16 ways tensor parallelism": the size before its word
    _word("tp", "tp", r"(\d{1,3})[ -]ways? (?:tp|tensor[ -]parallel(?:ism)?)", ("way",), (), DIGIT_OPENS),
    _word("ep", "ep", rf"(?<!per )ep{SEP}(\d{{1,3}})", ("ep",), ("ep",), glued=True),
    FLEET_WORD,
    # "tensor parallel 2", "tensor-parallel size 4", "tensor parallelism of 8": the size after its word, spelled out
    _word(
        "tp",
        "tp",
        rf"tensor[ _-]parallel(?:ism)?(?:[ _-]size)?(?: of |{SEP})(\d{{1,3}})",
        ("tensor",),
        ("tensor",),
    ),
)
"""Read before the switches ("EP enabled", vocab.switch_words). The tp, ep and dp sizes open after another's number
too ("DP4EP4", "EP8TP2"): a chain of sizes, each read once whatever the order its words are read in."""

_WORDS = tuple(NUMBER_WORDS)
_COUNTS = "|".join(_WORDS)
PARALLEL_SPLITS = (
    # (two digits at most: llama-bench's "pp512" is a 512-token prompt test, not a pipeline of 512 stages; glued as
    # tp's is, "TP4PP4" is a chain of two sizes)
    _word("pp", "pp", rf"(?<!per )pp{SEP}(\d{{1,2}})", ("pp",), ("pp",), glued=True),
    # "on the 4 PP ranks", "across 8 pipeline-parallel ranks", "four PP ranks": the stages counted by their ranks
    _word("pp", "pp", rf"(\d{{1,2}}|{_COUNTS}) (?:pp|pipeline[ -]parallel) ranks", ("ranks",), _WORDS, DIGIT_OPENS),
    _word("dp", "dp", rf"(?<!per )dp{SEP}(\d{{1,3}})", ("dp",), ("dp",), glued=True),
    _DEP_WORD,
    # vLLM's decode/prefill context parallel ("TP8/DCP8", "dcp=2", "PCP2"): its KV cache's split, apart from its TP
    _word("dcp", "dcp", rf"dcp{SEP}(\d{{1,3}})", ("dcp",), ("dcp",)),
    _word("pcp", "pcp", rf"pcp{SEP}(\d{{1,3}})", ("pcp",), ("pcp",)),
    # context parallel: "CP=4", "CP 2", "HelixCP=4" (TensorRT-LLM's Helix splits the context); glued, one digit
    # only, so that a wheel's "cp38" (CPython 3.8) is no setting
    _word("cp", "cp", r"(?:helix[ _-]?)?cp(?:(?: ?[=:] ?|[ _-])(\d{1,3})|(\d))", ("cp",), ("cp", "helix")),
)
"""Read after the switches ("with DP attention" first)."""
