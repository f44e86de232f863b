"""Values paired across two values of one setting: "The 256-token cap truncated 28/200 answers. At 1024 tokens,
accuracy rose from 61.5% to 68%, taking 31.0s instead of 17.6s". The pair measures the setting the passage turns
(the cap), not the change: the value keeps its reference, its config gets its own arm's cap, and the claim is noted
(model.OTHER_SETUP_NOTE) so that compare says "not comparable (another token cap ...)", never "worse than baseline".
"""

from __future__ import annotations

from ledger.model import OTHER_SETUP_NOTE, Claim
from ledger.parsers.reader.blocks import Document
from ledger.vocab.token_caps import token_caps

_RESULTS = frozenset({"perf", "accuracy", "acceptance"})
MAX_LINE = 2000
"""Characters of a line read for its caps."""


def setting_contrasts(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, each result on a line stating two token caps given the cap stated last before it (as its output
    length) and, where it has a reference, noted as compared across the caps."""
    # each line's text and caps, read once for all its results (a table row holds many: its lowering and caps were
    # made again for each)
    caps_at: dict[int, tuple[str, list[tuple[int, str]]]] = {}
    out: list[Claim] = []
    for c in claims:
        line = c.source.line
        got = caps_at.get(line) if c.kind in _RESULTS and line > 0 else ("", [])
        if got is None:
            text = doc.line(line)[:MAX_LINE]
            got = caps_at[line] = (text, token_caps(text) if "token" in text.lower() else [])
        text, caps = got
        if caps:
            at = text.find(c.source.text) if c.source.text else -1
            own = [v for pos, v in caps if pos < at]
            if own:
                update: dict[str, object] = {"config": {**c.config, "osl": own[-1]}}
                others = sorted({v for _, v in caps} - {own[-1]}, key=int)
                if c.reference is not None and others:
                    note = f"{OTHER_SETUP_NOTE}: another token cap ({', '.join(others)} vs {own[-1]})"
                    update["note"] = f"{note}; {c.note}" if c.note else note
                c = c.model_copy(update=update)
        out.append(c)
    return out
