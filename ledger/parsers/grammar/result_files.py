"""Results files named for a side: a command that writes or reads a file of results whose name says which build it
holds, and the values it prints, or the paste right under it, measured on that build.

    $ vllm bench serve ... --result-filename dsv3_main.jsonl      -> the values under it: revision "main"
    $ cat results/qwen_pr.json | jq .output_throughput            -> "PR", the value's measure output_throughput
    python3 bench.py ... > baseline.log                           -> the paste below: "baseline"
    python3 bench.py ... | tee bench_after.txt                    -> the paste below: "after"

A file names its side by a word of its name (split at "_", "-", "." and "/") that is a side's word alone (main,
baseline, before, pr, after, patched, new, old...), where that word is the whole name ("baseline.log") or the
document names a results file of the other side too ("dsv3_main" beside "dsv3_pr"): a lone "main_results.json" is
the main results, not the main branch's. A commit in the name ("main_3c5e7a9.json") is the side's head. As a "Main
branch:" line over a paste, each paste keeps its own revision and no reference: compare pairs them."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from ledger.model import Revision
from ledger.parsers.base import RevisionScope
from ledger.parsers.grammar.revision_labels import SHA_RE, is_sha
from ledger.parsers.reader.document import Block, Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.sides import side_alone, side_of

# what writes a results file or reads one back: an output flag ("--result-filename", "--output-json", "-o"), a
# redirection, tee, cat, jq; then the file, of a results file's kind
_FILE_RE = re.compile(
    r"(?:(?:^|\s)(?:-o|--?[\w-]{0,30}(?:result|output|out|save|log|json|dump)[\w-]{0,30})(?:\s{1,3}|=)|"
    r">{1,2}\s{0,3}|\btee\s{1,3}(?:-a\s{1,3})?|\bcat\s{1,3}|\bjq\s{1,3}(?:-\w{1,3}\s{1,3}){0,3}'[^'\n]{0,80}'\s{1,3})"
    r"['\"]?(?P<path>[\w./~-]{1,160}\.(?:jsonl|json|log|txt|csv|tsv|out))\b",
    re.IGNORECASE,
)
_PARTS_RE = re.compile(r"[_./-]+")
# side words a file's name holds for another reason ("default.json", "reference_outputs.jsonl", "fixed_len.csv")
_NOT_SIDES = frozenset({"default", "reference", "ref", "existing", "legacy", "branch", "fixed", "nightly"})
# a shell's prompt, or a reader of a results file opening the line ("cat out.json | jq ...")
_PROMPT_RE = re.compile(r"^\s{0,4}(?:(?:\$|>>>)\s|(?:cat|jq)\s)")
_NEAR = 3
"""How many lines below a command that prints nothing its paste may open."""


@dataclass(frozen=True)
class _Named:
    line: int
    side: str
    revision: Revision
    alone: bool
    """The side's word is the file's whole name."""


def result_file_scopes(doc: Document) -> list[RevisionScope]:
    """A revision scope for each command that writes or reads a results file named for a side (see the module)."""
    codes = [b for b in doc.blocks if b.kind == "code"]
    lines = [no for b in codes for no in range(b.start, b.end + 1)]
    lines += [b.start for b in doc.blocks if b.kind == "text" and not b.in_code and b.end == b.start]
    named = [n for no in sorted(lines) if (n := _named(no, doc.line(no))) is not None]
    if not named:
        return []
    sides = {n.side for n in named}
    starts = [b.start for b in codes]
    return [
        RevisionScope(start=n.line, end=_paste_end(doc, codes, starts, n.line), revision=n.revision)
        for n in named
        if n.alone or len(sides) == 2
    ]


def _named(no: int, text: str) -> _Named | None:
    """The side a command line's results file names, if it is a command's and names one."""
    if len(text) > 2000 or not (_PROMPT_RE.match(text) or is_command_line(text)):
        return None
    for m in _FILE_RE.finditer(text):
        path = m.group("path")
        words = [w for w in _PARTS_RE.split(path.rsplit(".", 1)[0]) if w]
        sides = [w for w in words if w.lower() not in _NOT_SIDES and side_alone(w)]
        if len({side_of(w) for w in sides}) != 1:
            continue
        word = sides[0]
        head = next((w.lower() for w in words if SHA_RE.fullmatch(w.lower()) and is_sha(w)), None)
        label = "PR" if word.lower() == "pr" else word
        alone = path.rsplit("/", 1)[-1].rsplit(".", 1)[0] == word
        return _Named(no, side_of(word) or "", Revision(label=label, head=head), alone)
    return None


def _paste_end(doc: Document, codes: list[Block], starts: list[int], line: int) -> int:
    """The last line the command's results hold: up to the next command of its paste, or the paste's end; a command
    that prints nothing there holds the paste right under it instead (a code block, or in a rendered copy the lines
    up to a blank one)."""
    k = bisect.bisect_right(starts, line) - 1
    block_end = codes[k].end if k >= 0 and codes[k].end >= line else line
    end = _printed_end(doc, line, block_end)
    if end > line:
        return end
    no = block_end + 1
    while no <= block_end + _NEAR and not doc.line(no).strip():
        no += 1
    k = bisect.bisect_right(starts, no) - 1
    if k >= 0 and codes[k].start == no and doc.line(no).strip().startswith(("```", "~~~")):
        return codes[k].end  # (a fenced paste; a rendered copy's command is a code block of its own)
    return _printed_end(doc, no - 1, no + 200, blank_ends=True)


def _printed_end(doc: Document, line: int, limit: int, blank_ends: bool = False) -> int:
    """The last line after `line` (up to `limit`) before the next command, or a blank line where `blank_ends`; `line`
    itself where nothing is printed."""
    end = line
    for no in range(line + 1, min(limit, len(doc.lines)) + 1):
        text = doc.line(no)
        if _PROMPT_RE.match(text) or is_command_line(text) or (blank_ends and not text.strip()):
            break
        if text.strip().strip("`~"):
            end = no
    return end


# "jq .output_throughput", "jq -r '.metrics.mean_ttft_ms' out.json", "jq '.[\"p99_itl\"]'": the field a command
# prints, its path's last key
_JQ_PATH_RE = re.compile(r"\bjq\s{1,3}(?:-\w{1,3}\s{1,3}){0,3}['\"]?(?P<path>\.[\w.\[\]\"-]{0,120})")
_KEY_RE = re.compile(r"[A-Za-z_][\w-]{0,60}")


def selected_field(command: str) -> str | None:
    """The field of a results file the command prints ("output_throughput" of "cat r.json | jq .output_throughput"):
    the measure of the number printed under it."""
    m = _JQ_PATH_RE.search(command[:1000])
    keys = _KEY_RE.findall(m.group("path")) if m else []
    return keys[-1] if keys else None
