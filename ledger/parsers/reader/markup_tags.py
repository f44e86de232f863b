"""Inline HTML tags in prose are markup, not setup text: a generated docs page puts `<a id="Next_Model_rtx"></a>` at
the end of a section as the link target of the NEXT section's heading, breaks lines with `<br/>` and wraps blocks in
`<div align="center">`. The page shows none of those tags' attributes; a setup reader that reads them finds a model
("Next_Model_rtx") or a size where the reader of the page sees nothing, so the setup readers read them blanked.

Blanked (each character a space, so every column stays): an empty anchor (`<a id=..></a>`, `<a name=..>`, the target
of a link, whose name is a slug of what follows it), and the opening and closing tags of the layout elements (br, hr,
div, span, p, center, sup, sub, img), whose text between the tags stays. A link's own tag (`<a href=..>`) and its text
are kept: the target a link names (a pull request, a commit) is read by the revision readers. A link to a place on
the page (`[§3](#3-mixtral-8x7b-nvfp4)`) is blanked to its text: its target is a heading's slug, no run's setup."""

from __future__ import annotations

import re

# an anchor that names a link target and holds no text: `<a id="GPT_OSS_20B"></a>`, `<a name="x"/>`, `<a id=x>`
_ANCHOR_RE = re.compile(
    r"<a[ \t]{1,8}(?:id|name)[ \t]{0,8}=[ \t]{0,8}[\"']?[^<>\"'\n]{0,200}[\"']?[ \t]{0,8}/?>"
    r"(?:[ \t]{0,8}</a[ \t]{0,8}>)?",
    re.IGNORECASE,
)
# a layout element's opening or closing tag, with its attributes (which hold no text the page shows)
_LAYOUT_RE = re.compile(r"</?(?:br|hr|div|span|p|center|sup|sub|img)\b[^<>\n]{0,300}>", re.IGNORECASE)


# a link to a place on the same page, its target a slug of a heading ("[§3](#3-mixtral-8x7b-nvfp4)"): the page shows
# the link's text only, and the slug's words set up no run of this text
_PAGE_TARGET_RE = re.compile(r"(?<=\])\(#[^()\s]{1,200}\)")


def holds_markup(text: str) -> bool:
    """What markup_blanked may blank stands in `text`."""
    return "<" in text or "](#" in text


def markup_blanked(text: str) -> str:
    """`text` with its anchors, layout tags and in-page link targets blanked, or `text` itself when it holds none."""
    if not holds_markup(text):
        return text
    out = _ANCHOR_RE.sub(_spaces, text) if "<" in text else text
    out = _LAYOUT_RE.sub(_spaces, out) if "<" in text else out
    out = _PAGE_TARGET_RE.sub(_spaces, out) if "](#" in text else out
    return text if out == text else out


def _spaces(m: re.Match[str]) -> str:
    return " " * len(m.group())
