"""The lines of a setup section that hold for one class of models only ("For MoE models: <command>", "For dense /
non-MoE models we pass ..."): a page's method section states them beside its results tables, but a table says not
which class its model is, so a class's own settings reach none of them. A setting every class states alike ("CUDA
graphs" on for dense and MoE alike) holds for all, as the section's other lines do."""

from __future__ import annotations

import re

from ledger.parsers.reader.blocks import Block

# "For MoE models:", "For dense / non-MoE models:", "For MoE models (Mixtral) we also pass ...", "For the Qwen3
# model, ...": a clause that narrows what follows to a class of models (bounded words, no nesting)
_CLASS_RE = re.compile(r"^[\s*_>]{0,6}for\s{1,3}(?:the\s{1,3})?[^.:;\n]{1,60}?\bmodels?\b", re.IGNORECASE)


def class_groups(blocks: list[Block], first: int, last: int) -> dict[int, int]:
    """Line -> its class group, for the lines of `first`..`last` a class clause narrows: the clause's own paragraph,
    and, where it leads with a colon, the code blocks and items right under it, up to the next text or heading.
    Groups are numbered by their clause's line."""
    out: dict[int, int] = {}
    inside = [b for b in blocks if first <= b.start <= last and not b.in_code]
    for k, b in enumerate(inside):
        if b.kind not in ("text", "item") or not _CLASS_RE.match(b.text):
            continue
        for no in range(b.start, b.end + 1):
            out[no] = b.start
        if not b.text.rstrip(" *_").endswith(":"):
            continue
        for x in inside[k + 1 :]:
            if x.kind not in ("code", "item") and not (x.kind == "text" and x.end - x.start < 1 and "`" in x.text):
                break  # ("`llm_options.yml`" over its YAML: a file's caption, still the clause's)
            for no in range(x.start, x.end + 1):
                out[no] = b.start
    return out


def shared_settings(groups: dict[int, dict[str, str]]) -> dict[str, str]:
    """The settings every class group states alike (two groups at least): the section's, whichever class a table's
    model is; a setting one class alone states, or two state apart, is that class's."""
    if len(groups) < 2:
        return {}
    stated = list(groups.values())
    return {k: v for k, v in stated[0].items() if all(g.get(k) == v for g in stated[1:])}
