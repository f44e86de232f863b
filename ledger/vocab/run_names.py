"""The words that name another run of a measure in the sentence that states it, right before that run's value: a run
on the base side ("the base run gave 95.8", "main: 95.8", "and the untouched baseline run 95.8") or an earlier run of
the change itself ("this PR's previous run gave 97.1", "the prior PR583 run was 97.1"), as CI summaries set a result
beside the runs it is judged with (`run_named`)."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.sides import side_of

# the words of a clause's lead: a name's words, an id ("PR582", "#583"), a colon or an equals sign
_WORD_RE = re.compile(r"[\w'#.-]{1,30}|[:=]")
_JOINTS = frozenset(("and", "while", "whereas", "but", "with", "the", "its"))
# what a run's clause says of its value: the verb, and the words a verb takes before it ("came in at", "sat at only")
_VERBS = frozenset(
    ("gave", "gives", "was", "is", "were", "got", "gets", "reached", "reaches", "hit", "hits", "showed", "shows",
     "measured", "scored", "did", "does", "had", "has", "at", "of", ":", "=", "only", "just", "about", "around",
     "came", "in", "sat", "sits", "stayed", "stays", "ran", "runs")
)  # fmt: skip
_RUN_NOUNS = frozenset(("run", "runs", "build", "branch", "job", "pipeline"))
# whose run it was, said after the noun ("the previous run of this PR")
_OWNERS = frozenset(("of", "on", "for", "from"))
_OWNED = frozenset(("pr", "pr's", "change", "branch", "patch"))
_EARLIER = frozenset(("previous", "prior", "earlier", "last"))
# a base side named by its one word ("main gave 95.8", "baseline: 95.8"), no run noun after it
_BARE_BASE = frozenset(("main", "base", "baseline", "master", "upstream", "mainline", "reference"))
_MAX_WORDS = 7


@short_text_cache(1024)
def run_named(lead: str) -> str | None:
    """ "base" when `lead`, the words of a clause up to a value, names a base-side run of the measure stated before
    ("; the base run gave", ", and main was"); "earlier" when it names an earlier run of the change itself ("; this
    PR's previous run gave"); None for any other words (a run of another measure, a setting, a side of no run)."""
    words = _WORD_RE.findall(lead.lower())
    while words and words[0] in _JOINTS:
        words.pop(0)
    while words and words[-1] in _VERBS:
        words.pop()
    if len(words) > 3 and words[-3] in _OWNERS and words[-2] in ("this", "the") and words[-1] in _OWNED:
        owner, words = " ".join(words[-2:]), words[:-3]
    else:
        owner = ""
    if not words or len(words) > _MAX_WORDS:
        return None
    if len(words) == 1 and words[0] in _BARE_BASE:
        return "base"
    if words[-1] not in _RUN_NOUNS:
        return None  # (the run's value follows its name: "the base run used 8 GPUs" says what it ran on)
    # (an earlier run on the base side is the base's: "the previous main run"; "this PR's previous run" is the change's)
    earlier = "earlier" if _EARLIER.intersection(words) else None
    if owner:
        return earlier  # ("the prior nightly run of this PR": the change's, whatever run it was)
    return "base" if side_of(" ".join(w for w in words if w not in _EARLIER)) == "base" else earlier
