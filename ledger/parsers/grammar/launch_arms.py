"""A server launch command's speculative settings ("--speculative-algorithm EAGLE --speculative-num-steps 3
--speculative-eagle-topk 1 --speculative-num-draft-tokens 4") belong to the results measured with that server:
where a later lead names them as an arm ("- with MTP:", "- with EAGLE:"), those results, and never the other
arm's ("- without MTP:"), though the command stands in a setup section of its own and so names no result.

Apart from grammar.switch_items (which reads the arms' leads) and grammar.document_default (which would otherwise
make the one command's draft settings every result's): here the commands, read once per document."""

from __future__ import annotations

from dataclasses import dataclass

from ledger.memo import last_document
from ledger.parsers.grammar.commands import command_setup, continued
from ledger.parsers.reader.blocks import Document
from ledger.parsers.reader.line_kinds import is_command_line
from ledger.vocab.flags import SERVER_COMMAND_RE

SPEC_KEYS = frozenset({"spec_algo", "draft_len", "draft_tokens", "spec_topk", "draft_model"})
"""The settings of a speculative run a launch command states: the server's, not the workload's."""
_MAX_SPAN_LINES = 3
"""How far an inline code span opened on a line is followed ("`python3 -m ... --tp 4 (--x y)" closed by a lone
"`" on the next line)."""


@dataclass(frozen=True)
class Launch:
    """A launch command with speculative settings: its first and last lines and those settings."""

    line: int
    end: int
    spec: dict[str, str]


@last_document  # (the arms' scopes and the document default both ask it)
def spec_launches(doc: Document) -> list[Launch]:
    """The server launch commands of doc that state a speculative setting, each once (a command a backslash
    continues, or an inline code span runs over, is read once, from its first line)."""
    out: list[Launch] = []
    last, no = len(doc.lines), 1
    while no <= last:
        text, end = _command_text(doc, no, last)
        if text is not None and SERVER_COMMAND_RE.search(text) and is_command_line(text):
            spec = {k: v for k, v in command_setup(text).items() if k in SPEC_KEYS}
            if "spec_algo" in spec or "draft_len" in spec:
                out.append(Launch(no, end, spec))
        no = end + 1
    return out


def arm_launch(doc: Document, algo: str) -> Launch | None:
    """The launch command whose server measured the results of an arm named `algo` ("mtp", "eagle"): the one whose
    method is that arm's, or the document's one speculative launch where none names it (sglang's "NEXTN" is the
    server of a "with MTP" arm). None for a no-draft arm, or where two launches fit."""
    if algo == "none":
        return None
    launches = spec_launches(doc)
    named = [c for c in launches if c.spec.get("spec_algo", "").lower() == algo.lower()]
    fits = named or launches
    settings = {tuple(sorted(c.spec.items())) for c in fits}
    return fits[0] if len(settings) == 1 else None


def _command_text(doc: Document, no: int, last: int) -> tuple[str | None, int]:
    """The command on line `no` (with the lines a backslash or an inline code span opened there runs over) and
    its last line."""
    s = doc.lines[no - 1].strip()
    if s.startswith("- ") or s.startswith("* "):
        s = s[2:].strip()
    if not s.startswith("`") or s.startswith("```"):
        if not is_command_line(s):
            return None, no
        return continued(doc, no, last, s) if s.endswith("\\") else (s, no)
    end = no
    while s.count("`") % 2 and end < min(last, no + _MAX_SPAN_LINES):
        end += 1
        s = f"{s} {doc.lines[end - 1].strip()}"
    return s.replace("`", " ").strip(), end
