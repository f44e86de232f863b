"""An accuracy reference file pasted whole or as a diff: each model's list of entries, each entry a setup and the
accuracy it is held to (TensorRT-LLM keeps one such file per task, `references/<task>.yaml`).

    references/mmlu.yaml                        <- the task, named by the file
    ```diff
    @@ -10,6 +10,9 @@ acme/Other-9B:             <- the model the hunk opens inside
       - spec_dec_algo: Eagle                    <- context: an entry the change leaves as it was, no claim
         accuracy: 71.0
     acme/Qux-2:                                 <- a model
    -  - accuracy: 65.00                         <- removed: the reference of the entry replacing it
    +  - accuracy: 66.20                         <- added: mmlu 66.2 for acme/Qux-2, reference 65.0
    +  - quant_algo: FP8                         <- another entry: its own setup, no other entry's
    +    kv_cache_quant_algo: FP8
    +    accuracy: 65.40
    ```

A block is read so only where a model's line stands at the file's top level and an entry under it holds an
`accuracy` key. Apart from the format's reader because the setup reader asks it too: the keys of one entry are no
setting of the lines after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ledger.parsers.reader.document import Block, Document

_MODEL_RE = re.compile(r"^(?P<name>[A-Za-z0-9][\w./-]{0,120}):\s*$")
_ITEM_RE = re.compile(r"^(?P<indent> {0,8})- (?P<key>[A-Za-z_][\w]{0,40}):\s{0,4}(?P<value>\S.{0,200})?$")
_KEY_RE = re.compile(r"^(?P<indent> {2,12})(?P<key>[A-Za-z_][\w]{0,40}):\s{0,4}(?P<value>\S.{0,200})?$")
_HUNK_RE = re.compile(r"^@@ [-+\d, ]{3,40} @@ ?(?P<rest>.{0,200})$")
_FILE_RE = re.compile(r"(?:^|[/\s`])(?P<task>[A-Za-z][\w.-]{0,60}?)\.ya?ml\b")
_NUMBER_RE = re.compile(r"^-?\d{1,6}(?:\.\d{1,8})?$")


@dataclass
class Entry:
    """One entry of a model's list: its setup keys, the line of its accuracy and the diff's mark there ("+", "-",
    " ", or "" outside a diff)."""

    model: str
    keys: dict[str, str] = field(default_factory=dict)
    line: int = 0
    value: str = ""
    mark: str = ""


def reference_entries(doc: Document, block: Block) -> tuple[str, list[Entry]] | None:
    """(the task its file names, the entries that hold an accuracy) of a reference file's code block; None for any
    other block (read once per document: the setup readers and the format's reader all ask)."""
    files: dict[int, tuple[str, list[Entry]]] | None = doc.derived.get(_FILES)
    if files is None:
        files = doc.derived[_FILES] = _reference_files(doc)
    return files.get(block.start) if block.kind == "code" else None


_FILES = "reference_yaml.files"


def _reference_files(doc: Document) -> dict[int, tuple[str, list[Entry]]]:
    if not any("accuracy:" in line for line in doc.lines):
        return {}
    return {b.start: got for b in doc.blocks if b.kind == "code" and (got := _read_file(doc, b)) is not None}


def _read_file(doc: Document, block: Block) -> tuple[str, list[Entry]] | None:
    lines = [(no, doc.line(no)) for no in range(block.start, block.end + 1)]
    if not any("accuracy:" in t for _, t in lines):
        return None
    diff = block.info.split()[:1] == ["diff"] or any(t.startswith("@@ ") for _, t in lines)
    entries: list[Entry] = []
    model, current, tops = "", None, 0
    for no, raw in lines:
        if raw.lstrip().startswith(("```", "~~~")):
            continue
        if diff and (hunk := _HUNK_RE.match(raw)) is not None:
            model = m.group("name") if (m := _MODEL_RE.match(hunk.group("rest").strip())) else model
            current = None
            continue
        mark, text = (raw[:1], raw[1:]) if diff and raw[:1] in "+- " else ("", raw)
        if (m := _MODEL_RE.match(text)) is not None:
            model, current, tops = m.group("name"), None, tops + 1
        elif (item := _ITEM_RE.match(text)) is not None and model:
            current = Entry(model)
            entries.append(current)
            _keep(current, no, item.group("key"), item.group("value") or "", mark)
        elif (kv := _KEY_RE.match(text)) is not None and current is not None:
            _keep(current, no, kv.group("key"), kv.group("value") or "", mark)
        elif text.strip():
            current = None
    entries = [e for e in entries if e.line]
    if not tops or not entries:
        return None
    return _task(doc, block), entries


def _keep(entry: Entry, no: int, key: str, value: str, mark: str) -> None:
    value = value.strip().strip("\"'")
    if key == "accuracy" and _NUMBER_RE.match(value):
        entry.line, entry.value, entry.mark = no, value, mark
    else:
        entry.keys[key] = value


def _task(doc: Document, block: Block) -> str:
    """The task the file is named for: "references/gsm8k.yaml" on the line over the block or in the diff's header."""
    for no in (*range(block.start, min(block.end, block.start + 3) + 1), block.start - 1, block.start - 2):
        if no >= 1 and (m := _FILE_RE.search(doc.line(no)[:300])) is not None:
            return m.group("task")
    return ""


def reference_lines(doc: Document) -> set[int]:
    """The lines of the document's reference files: each entry's keys are its own, no setup of the document."""
    return {
        no
        for b in doc.blocks
        if b.kind == "code" and reference_entries(doc, b) is not None
        for no in range(b.start, b.end + 1)
    }
