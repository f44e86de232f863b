"""A pasted diff's text as the setup readers read it: the added lines without their mark, the removed ones blank.

    ````diff
    +#### Qwen/Qwen3-8B (bf16)          "#### Qwen/Qwen3-8B (bf16)": the heading the new README gives the table under it
    +|Tasks|Version|...                 (the table's rows: read by the table readers, "+|" and all)
    -#### Llama-3-8B                    "": the old text's, which sets up no run shown
    ````

A diff of a README or a results page shows its new text with a "+" before each line: what it says of the runs is
what the added lines say, read as if unmarked. The claims' own lines keep their text (the provenance quotes them).
"""

from __future__ import annotations

from ledger.parsers.reader.blocks import Document

_DIFF_INFOS = frozenset(("diff", "patch"))


def diff_texts(doc: Document) -> dict[int, str]:
    """Line number -> its setup text, for the marked lines of every ```diff fence (see the module)."""
    out: dict[int, str] = {}
    for b in doc.blocks:
        if b.kind != "code" or b.info.strip().lower() not in _DIFF_INFOS:
            continue
        for no in range(b.start + 1, b.end):
            line = doc.line(no)
            if line.startswith(("+++", "---")):
                continue  # the file names of a unified diff's header
            if line.startswith("+"):
                out[no] = line[1:]
            elif line.startswith("-"):
                out[no] = ""
    return out
