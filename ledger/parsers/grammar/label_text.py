"""A revision label's text as a reader shows it: the side's words, without the commit's own words, the sha the label
was read around, or a link's brackets and address ("Current `main` ([b1c2d3e](https://.../tree/b1c2...))" is
"Current main")."""

from __future__ import annotations

import re

_SHA_RE = re.compile(r"[0-9a-f]{7,40}")


# "ours** commit: [abc1234]", "Ours, at commit abc1234", "slowrun measured on": a commit's own word, the verb and
# the sha (or link text) after the name, which the label does not need (quantifiers bounded: re.sub tries every start)
_COMMIT_TAIL_RE = re.compile(
    r"[\s*,]{0,8}(?:(?<![\w-])(?:measured|tested|benchmarked|ran|run)\s{1,3})?(?:(?:(?<!\w)(?:at|on)(?!\w)|@)\s{0,3})?"
    r"(?:the\s{1,3})?(?:(?<!\w)(?:commit|sha|revision)\s{0,3}:?\s{0,3})?(?:\[?[0-9a-f]{7,40}\]?)?\s{0,8}$",
    re.IGNORECASE,
)
_SHA_TAIL_RE = re.compile(r"[\s*,]{0,8}(?:\[?[0-9a-f]{7,40}\]?)?\s{0,8}$", re.IGNORECASE)


# a markdown link in a label ("Current main ([b1c2d3e](https://.../tree/b1c2...))"), its target perhaps cut with the sha
# the label was read around ("([](https://.../tree/"): its words, or nothing (a sha's); a bare address, no side's word
_LABEL_LINK_RE = re.compile(r"\[([^\[\]]{0,200})\](?:\([^()\s]{0,400}\)?)?|https?://[^\s()]{0,400}")
_EMPTY_PARENS_RE = re.compile(r"\(\s{0,3}\)|\(\s{0,3}$")


def _link_words(m: re.Match[str]) -> str:
    words = m.group(1) or ""
    return "" if _SHA_RE.fullmatch(words.strip()) else words  # (the sha is the revision's head, not its label)


def clean_label(label: str) -> str:
    """The label as a reader is shown it: its side's words, no commit word, sha or link debris."""
    text = label.replace("`", "")
    if "](" in text or "://" in text:
        text = _EMPTY_PARENS_RE.sub("", _LABEL_LINK_RE.sub(_link_words, text))
    out = " ".join(_COMMIT_TAIL_RE.sub("", text).replace("**", "").strip(" *_#:,;-").split())
    # "Tested at": the verb names no side, but it is all the line has to name its revision by
    return out or " ".join(_SHA_TAIL_RE.sub("", text).replace("**", "").strip(" *_#:,;-").split())
