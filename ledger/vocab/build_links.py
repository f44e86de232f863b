"""Words that name a build in a chain of builds and their values ("release build 0.815 -> hotfix image 0.806 ->
today's nightly 0.770"): a link whose words hold one of these, a date or a release tag is a build, not a setting
("TP 2 -> TP 4" walks a setting and names no build)."""

from __future__ import annotations

import re

BUILD_WORD_RE = re.compile(
    r"\b(?:build|image|nightly|release|hotfix|hot-?patch|dev|head|commit|tag|wheel|snapshot|main|master|trunk)\b|"
    # a date ("Jan-11", "07-03", "2026-01-10") or a release tag ("v1.4.2", "v0.5.13.post1")
    r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[- ]\d{1,2}\b|\b\d{2,4}-\d{2}(?:-\d{2})?\b|"
    r"\bv\d{1,3}(?:\.\d{1,4}){1,3}",
    re.IGNORECASE,
)


# a revision named by its place among a pull request's pushes: "the first head", "the final stack", "an earlier
# corrected-head", "the pre-accuracy head" (the words of a stage, at most one word between, then a revision's noun)
STAGE_REVISION = (
    r"(?:first|second|third|final|last|earlier|previous|latest|newest|older|rebased|original|"
    r"pre-[a-z]{2,12}|post-[a-z]{2,12})(?:[ \t-][a-z]{2,12})?[ \t-](?:head|stack|build|commit|push|revision)"
)
# a stage named by the change it came before or after alone, with no revision's noun: "the pre-accuracy `+22.25%`
# result", "post-rebase numbers" (only the changes a push makes: "pre-training" and "post-processing" name no revision),
# where a value or a results noun follows (STAGE_FOLLOWER)
STAGE_BARE = r"(?:pre|post)-(?:fix|fixes|rebase|accuracy|patch|merge|revert|refactor|review|hotfix|squash|cleanup)"
STAGE_FOLLOWER = r"[ \t]{1,2}(?:[`*_]{0,2}[-+~≈]?\d|(?:results?|numbers|figures|runs?|pair|A/B)\b)"


MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# the date a build's label stamps on it: an image tag's "20260623" or "2026-06-23", or a year-less "Jun-25" / "Jun 25"
# (never "06-25" alone: a month-day pair and a year-month pair read alike)
DATE_STAMP_RE = re.compile(
    r"(?<!\d)(?P<y>20\d\d)-?(?P<m>[01]\d)-?(?P<d>[0-3]\d)(?!\d)|"
    r"\b(?P<mon>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[- ](?P<day>[0-3]?\d)(?!\d)",
    re.IGNORECASE,
)
# a bare "07-03" in a build's label: month-day or day-month alike; read as month-day only where the thread's other
# builds stamp dates (every DATE_STAMP_RE form gives the month first: compare.label_times.label_dates)
MONTH_DAY_RE = re.compile(r"(?<![\d.:/-])(?P<m>[01]\d)-(?P<d>[0-3]\d)(?![\d.:/-])")
# a release tag a build's label carries: "v1.4.2", "v0.5.13.post1", "v0.10.0rc1" (at least one dot: "v2" is a round)
RELEASE_TAG_RE = re.compile(
    r"\bv(\d{1,4}(?:\.\d{1,4}){1,3})(?:\.?(?P<stage>rc|a|b|alpha|beta|post|dev)(?P<n>\d{1,3}))?\b", re.IGNORECASE
)

# a stage before the pull request's newest push: "first head", "earlier corrected-head", "pre-accuracy" (a gate it
# failed is no failure of the change as it stands); "final", "latest", "rebased" and "post-fix" stages are the newest
EARLIER_STAGE_RE = re.compile(r"(?:first|second|third|earlier|previous|older|original|pre-)", re.IGNORECASE)
# a build its label calls the one of the present, "current nightly", "today's image", "the latest nightly": after every
# dated build of a bisect it stands beside (compare.label_times.dated_in_place)
NOW_BUILD_RE = re.compile(r"\b(?:current|today's|tonight's|latest|newest)\b", re.IGNORECASE)
# a build of one pull request's own branch, named by its number: "PR #31063", "#29855 dev", "PR 4410 build" (the
# number, then at most these words): a branch off the main line of dated nightlies and releases, however it is named
PR_BUILD_RE = re.compile(r"(?:\bPR[ \t]?#?|(?<![\w#/&])#)(?P<n>\d{2,6})\b", re.IGNORECASE)
PR_BUILD_WORDS = frozenset({"pr", "dev", "build", "branch", "image", "wheel", "the", "a"})
