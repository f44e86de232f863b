"""A page's front matter: the metadata block a static site generator reads off the top of a markdown file.

    ---                                  +++
    title: Supported Hardware            title = "Supported Hardware"
    weight: 3                            +++
    ---

mkdocs, Jekyll, Hugo and Docusaurus pages open so. The block is no text of the page: to CommonMark its closing
`---` turns the keys above into a setext heading ("title: Supported Hardware" heading every section), and a
`weight: 3` would read as a result. Its lines are given to no reader; its title is the page's title, shown as the
page's first heading (mkdocs-material prints it as the h1 where the page has none), so it heads the sections below.
"""

from __future__ import annotations

import re

MAX_FRONT_MATTER = 80
"""Lines a front matter block may run to its close: a longer run is not read as one."""
# (a key of a word: "title:", "sidebar_position:", "hide:"; YAML's or TOML's form, or a list item or an indented
# line of a nested value, or a comment)
_ENTRY_RE = re.compile(r"^(?:[A-Za-z_][\w-]{0,40}[ \t]*[:=](?:[ \t].*)?|[ \t]+\S.*|-[ \t].*|#.*|[ \t]*)$")
_TITLE_RE = re.compile(r"^title[ \t]*[:=][ \t]*(.*)$")
_FENCES = {"---": ("---", "..."), "+++": ("+++",)}


def front_matter(lines: list[str]) -> tuple[int, int, str] | None:
    """(the index after the block, the title's 1-based line or 0, the title or "") where the document opens with
    front matter, else None."""
    if not lines or (closes := _FENCES.get(lines[0].rstrip())) is None:
        return None
    title, title_line = "", 0
    for j in range(1, min(len(lines), MAX_FRONT_MATTER + 1)):
        line = lines[j].rstrip()
        if line in closes:
            return (j + 1, title_line, title) if j > 1 else None
        if not _ENTRY_RE.match(line[:400]):
            return None
        if not title and (m := _TITLE_RE.match(line[:400])) is not None:
            title, title_line = m.group(1).strip().strip("'\""), j + 1
    return None
