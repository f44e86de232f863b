"""Settings a sentence changes or bounds "from A to B", never results measured against a baseline: an option
tuned ("Tune `--decode-steps` from 4 to 8"), a code name of no measure ("lowered `max_batch_tokens` from 32 to 8"),
a size ("chunk size from 2048 to 4096"), a MoE's count of experts ("the active experts from 8 to 6"), or a limit or
range ("the accepted range is restricted from 1 to 32"). prose.pairing asks, for a number right after "from" in no
measure's unit.
"""

from __future__ import annotations

import re

from ledger.parsers.prose.metrics import holds_metric
from ledger.vocab.bound_keys import names_a_bound, says_moved

# (a digit inside a word may stand between, "of Qwen2", a number alone not; the key in code marks is a setting only
# where it names no measure: "`mean_tpot_ms` fell from 14.2 to 12.9" is
# a result, _key_measured)
_SETTING_CHANGE_RE = re.compile(
    r"(?:--[a-z][\w-]{0,40}`?|`(?P<key>[A-Za-z_][\w.]{0,60})`|"
    r"\b(?:set|sets|tune[sd]?|tuning|bump(?:s|ed)?|switch(?:es|ed|ing)?|limit(?:s|ed)?|restrict(?:s|ed)?|"
    r"clamp(?:s|ed)?|capped|range)\b)(?:[^.;:,\d`]|(?<=[\w-])\d){0,60}"
    r"\bfrom\s*$|\b(?:chunk|batch|block|page|bucket|tile|split|warmup)[ _-]?(?:size|len(?:gth)?|count)s?\s+from\s*$|"
    # ("the active experts of Qwen2 from 8 to 6": how many experts a MoE routes each token to, a setting)
    r"\bexperts\b(?:[^.;:,\d`]|(?<=[\w-])\d){0,40}\bfrom\s*$",
    re.IGNORECASE,
)
_MEASURE_WORD_RE = re.compile(r"throughput|latency|speed|ttft|tpot|accuracy|score|time\b|tok/s|tflops", re.IGNORECASE)
# a key named for its unit ("decode_ms", "output_tps", "mem_gb"): a measure's
_UNIT_KEY_RE = re.compile(r"_(?:ms|us|ns|s|sec|secs|tps|qps|pct|percent|gb|gib|mb|mib)$", re.IGNORECASE)


def setting_changed(text: str, start: int, measure_unit: bool = False) -> bool:
    """The words before `start` (a number after "from") name a setting that the sentence changes or bounds, and no
    measure. A number in a measure's unit (`measure_unit`) is a setting's only where a code name of a bound is changed,
    "raises `max_wait_ms` from 20 ms" (vocab.bound_keys), not measured to move ("`max_tpot_ms` fell from 31.4 ms")."""
    sc = _SETTING_CHANGE_RE.search(text, max(0, start - 100), start)
    if sc is None or _MEASURE_WORD_RE.search(sc.group(0)):
        return False
    key = sc.group("key")
    if measure_unit:
        return key is not None and names_a_bound(key) and not says_moved(text[sc.end("key") : start])
    return key is None or not (holds_metric(key) or _UNIT_KEY_RE.search(key))
