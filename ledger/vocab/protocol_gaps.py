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


def gap_cause(sentence: str) -> str | None:
    """The setup difference a sentence gives as its gap's cause ("skips the chat template" of "... vs ~75.5 because
    it skips the chat template"), or None; a sentence naming the change's own base ("vs 0.82 on main") gives none,
    that gap being the change's."""
    cause = CAUSE_RE.search(sentence)
    if cause is None or OWN_BASE_RE.search(sentence, 0, cause.start()):
        return None
    m = SETUP_DIFFERENCE_RE.search(sentence, cause.end())
    return m.group(0) if m else None
