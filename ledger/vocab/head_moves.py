"""The words by which a turn of a thread says the pull request's head moved: it pushed, rebased, squashed or
amended, merged the main line in, addressed the review (which is a push), names a new, latest or current head or
commit, or ran an older build. After such a turn a head an earlier turn stated no longer names the results
(grammar.turn_heads); a turn that only asks for it ("could you rebase?") ends the carry as well, which costs a head
and never gives a wrong one."""

from __future__ import annotations

import re

HEAD_MOVED_RE = re.compile(
    r"\b(?:(?:force[- ]?)?push(?:ed|es|ing)?|rebas(?:e|ed|es|ing)|squash(?:ed|es|ing)?|amend(?:ed|s|ing)?|"
    r"(?:new|newer|latest|last|another|follow-?up|additional|extra|more)\s(?:commits?|revision|head)|"
    r"(?:current|updated)\s(?:PR\s|branch\s)?head|"
    r"(?:older|earlier|previous|old)\s(?:build|commit|head|revision|version|wheel)s?|"
    r"merg(?:ed?|ing)\s(?:the\s)?(?:latest\s)?(?:main|master|upstream|trunk)|"
    # ("updated the PR description with the sweep": the text edited, no push)
    r"updated?\s(?:the\s)?(?:pr(?!\s(?:description|body|text|title|summary))|branch|patch|diff|code|kernel|"
    r"implementation|results?|numbers|benchmarks?)|"
    r"address(?:ed|ing)?\s(?:the\s|all\s|your\s|most\s)?(?:review|comments?|feedback|suggestions?|nits?))\b",
    re.IGNORECASE,
)
"""Case-blind and opening with a bare word boundary: searched only in the turns after a head is stated."""

# The words of a sentence that states the commit its results ran on in free wording (grammar.head_phrases): a verb
# of moving the head ("moving the head to", "advanced the branch tip to"), of pushing ("after pushing"), of
# rebasing (onto the base), of measuring or testing, and the nouns that name a head ("the latest push", "head").
MOVING_VERBS = r"(?:mov|updat|advanc|reset|bump|fast-?forward|point|set)\w{0,4}"
PUSHING_VERBS = r"(?:force-?)?push(?:ed|es|ing)?"
REBASING_VERBS = r"rebas(?:e|ed|es|ing)"
MEASURING_VERBS = (
    r"(?:re-?)?(?:measur|test|benchmark|evaluat|profil|check|verifi|validat|tim)(?:ed|ing)|re-?ran|ran|re-?run|"
    r"numbers|results|figures|timings|scores|nums|runs?"
)
# "This change re-measures on P150 at X", "The sweep benchmarks ... at X": the present tense a change's description
# tells its own run in (the bare nouns "tests", "checks", "times", "profiles" only after "re-")
PRESENT_MEASURING_VERBS = (
    r"re-?(?:measur|benchmark|test|run|check|validat|profil|evaluat|verifi|tim)(?:es|s)|"
    r"(?:measur|benchmark|evaluat|validat|verifi)(?:es|s)"
)
HEAD_NOUNS = r"(?:(?:PR|branch)\s)?(?:head|tip|commit|revision|sha|push|build)"
# "The pinned [`9c8b7a6d` snapshot](.../commit/9c8b7a6d...) completed the sweep": the verbs by which a sentence whose
# subject is a commit says that commit ran the results under it
COMPLETING_VERBS = (
    r"(?:finish|complet|reach|scor|achiev|deliver|sustain|produc|yield|pass|measur|benchmark)(?:ed|es|s)|"
    r"ran|gave|got|hit"
)
# the words, among a sentence's, that make its hex run no commit of the results: a crash's address or frame, a
# hash of data
NOT_A_HEAD_RE = re.compile(
    r"\b(?:(?:stack\s?)?trace(?:back)?|backtrace|crash\w*|segfault\w*|fault|frame|address|pointer|core\sdump|"
    r"hash(?:es|ed)?|checksum|digest|sha256|md5|fingerprint)(?![\w-])",
    re.IGNORECASE,
)

# The words by which a label names the pull request's state against a rebase: before it ("Pre-rebase numbers",
# "Prior to the rebase", "Before rebasing") or after it ("Rebased onto main", "Post-rebase", "After the rebase"): two
# revisions of the PR itself, the older first (grammar.rebase_states); "main" after "onto" is the base the rebased
# head sits on, never the side the label names.
PRE_REBASE = r"pre-?rebase|(?:before|prior\s{1,3}to)\s{1,3}(?:the\s{1,3})?rebas(?:e|ing)"
POST_REBASE = r"post-?rebase|after\s{1,3}(?:the\s{1,3})?rebas(?:e|ing)|rebased"

# "they have not been rerun on this rebased head", "nothing was re-run after the rebase", "not re-measured since": a
# sentence saying the results it names predate the head the PR now has (grammar.rebase_states.stale_base_scopes)
NOT_RERUN = (
    r"\bnot\s{1,3}(?:been\s{1,3}|yet\s{1,3})?re-?(?:run|ran|measured|tested|benchmarked)\b|"
    r"\bnothing\s{1,3}(?:was|has\s{1,3}been)\s{1,3}re-?(?:run|measured|tested)\b|\bpredate"
)

NOT_MEASURED_COMMIT_RE = re.compile(
    r"\b(?:revert\w{0,4}|cherry-?pick\w{0,4}|introduced|caused|broke|breaks|regress\w{0,4}|depends?|requires?|"
    r"related|follow-?up|see|upstream|landed|merged)\b",
    re.IGNORECASE,
)
"""The words that say a commit a paragraph links is some other commit than the one measured (a revert's, the one that
broke it, one it depends on): a link under such words names no revision of the results after it."""
