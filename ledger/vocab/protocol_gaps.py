"""The words that say a value and its reference were measured two ways: a gap its sentence puts down to how the
runs differ ("because it skips the chat template", "since the board runs another harness"), the author's word that
the pair is "not directly comparable" ("apples to oranges"), and a reference named as a figure from outside the
change's own runs (a leaderboard's, a model card's, a paper's). Such a pair states the gap; it judges no change."""

from __future__ import annotations

import re

# "not directly comparable", "apples to oranges", "not an apples-to-apples comparison": the author's word on the pair
INCOMPARABLE_RE = re.compile(
    r"\bnot\s(?:directly\s|strictly\s|really\s|quite\s|fully\s)?comparable\b|\bincomparable\b|"
    r"\bapples[\s-]to[\s-]oranges\b|\bnot\s(?:an?\s)?apples[\s-]to[\s-]apples\b",
    re.IGNORECASE,
)
# the word that gives a gap's cause ("~71 vs ~75.5 because ...", "due to", "since")
CAUSE_RE = re.compile(r"\b(?:because|since|due\sto|owing\sto|as)\s", re.IGNORECASE)
# how two runs of one measure differ: a step of the protocol one of them leaves out or does otherwise ("skips the
# chat template", "runs no thinking", "another harness", "a different engine", "thinking off"), never what the change
# itself did to the code ("the new stop tokens cut long answers")
SETUP_DIFFERENCE_RE = re.compile(
    r"\b(?:no|without|skips?|skipping|skipped|lacks?|lacking|omits?|omitting|different|differing|another|"
    r"(?:an|the)\sother|a\sseparate)(?:\s(?!(?:and|or|but|so|while|whereas|with|on|in|at|for|to|of|by)\b)[\w'-]{1,15}){0,2}\s"
    r"(?:chat[\s_-]?templates?|harness(?:es)?|protocols?|engines?|frameworks?|prompt(?:s|ing|\sformats?)|"
    r"sampling|decoding\s(?:settings|params|parameters)|eval(?:uation)?\s(?:settings|setups?|configs?|modes?)|"
    r"few[\s-]shot|tokenizers?|thinking|reasoning\smode)\b|"
    r"\b(?:thinking|reasoning)(?:\smode)?\s(?:off|disabled|turned\soff)\b",
    re.IGNORECASE,
)
# a reference that is a figure from outside the change's runs: a leaderboard's, a model card's, a paper's
OUTSIDE_FIGURE_RE = re.compile(
    r"\b(?:leaderboards?|(?:public|official)\s(?:board|scores?|numbers?|figures?|results?)|model[\s-]cards?|"
    r"published|the\spaper|tech(?:nical)?\sreport|board's)\b",
    re.IGNORECASE,
)
# the change's own base named in the sentence ("vs 0.82 on main"): a gap to it is the change's, whatever its cause
OWN_BASE_RE = re.compile(
    r"\b(?:main|master|baseline|base|before|upstream|nightly|trunk|previous|without\s(?:this|the)\s(?:pr|change|patch))\b",
    re.IGNORECASE,
)
# a sentence that goes on about the pair the one before it states ("That figure comes from another harness", "The
# two are not comparable")
ABOUT_THE_PAIR_RE = re.compile(
    r"\s{0,3}(?:that|this|these|those|both|it|they|their|its|the\s(?:two|gap|difference|figures?|numbers?|scores?|"
    r"references?|board|leaderboard))\b",
    re.IGNORECASE,
)


# "only because the base predates the verify kernels the control carries": what the base lacks that its comparand has
_BASE_LACKS_RE = re.compile(
    r"\b(?:base|main|master|upstream|trunk|nightly)\s(?:predates|lacks|misses|is\smissing|has\sno|"
    r"does\s(?:not|n't)\s(?:have|include|carry|contain))\b[^.;]{0,80}",
    re.IGNORECASE,
)
_COMPARING_RE = re.compile(r"\b(?:than|vs\.?|versus|compared|against)\s", re.IGNORECASE)
# the change itself named as what the base lacks ("main lacks this PR's fused kernel"): the gap is the change's
_THE_CHANGE_RE = re.compile(r"\b(?:this|the)\s(?:PR|pull\srequest|change|patch|fix|branch)\b", re.IGNORECASE)


def gap_cause(sentence: str) -> str | None:
    """The setup difference a sentence gives as its gap's cause ("skips the chat template" of "... vs ~75.5 because
    it skips the chat template"), or None; a sentence naming the change's own base ("vs 0.82 on main") gives none,
    that gap being the change's, unless the base is the value's own side, set against another build, and the gap is
    put down to what the base lacks ("Decode on main is lower than the control's (40.1 vs 44.0) only because main
    predates the kernels the control carries"): no value of the change stands in that pair."""
    cause = CAUSE_RE.search(sentence)
    if cause is None:
        return None
    if OWN_BASE_RE.search(sentence, 0, cause.start()):
        compared = _COMPARING_RE.search(sentence, 0, cause.start())
        lacks = _BASE_LACKS_RE.search(sentence, cause.end()) if compared is not None else None
        own = compared is not None and OWN_BASE_RE.search(sentence, 0, compared.start()) is not None
        return lacks.group(0) if own and lacks and not _THE_CHANGE_RE.search(lacks.group(0)) else None
    m = SETUP_DIFFERENCE_RE.search(sentence, cause.end())
    return m.group(0) if m else None
