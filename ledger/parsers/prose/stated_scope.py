"""A change its author says applies only inside a range of one setting ("the fused path is taken only when
bs <= 64", "only used for ISL >= 4096"): the document's results measured outside that range are not the change's
effect (the rows a gate leaves on the old path, shown to justify the gate), noted model.SCOPE_NOTE with the line that
says so, and compare never calls them the change's regression. A sentence naming a default or a requirement limits
the user's setting, not the change, and scopes nothing."""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass

from ledger.model import SCOPE_NOTE, Claim
from ledger.parsers.reader.blocks import Document
from ledger.vocab.setup_keys import canonical_key_name
from ledger.vocab.stated_scopes import SCOPE_DENIED_RE, SCOPE_KEY_GROUPS, SCOPE_ONLY_RE

_RESULTS = frozenset({"perf", "accuracy", "acceptance"})
_OPS: dict[str, Callable[[float, float], bool]] = {
    "<=": operator.le,
    "=<": operator.le,
    "≤": operator.le,
    ">=": operator.ge,
    "=>": operator.ge,
    "≥": operator.ge,
    "<": operator.lt,
    ">": operator.gt,
}
_SENTENCE_RE = re.compile(r"[^.!?]{1,400}(?:[.!?](?=\s|$)|$)")
_NUMBER_RE = re.compile(r"(\d{1,7})(k)?", re.IGNORECASE)
MAX_LINE = 2000
"""Characters of a prose line read for a scope sentence."""


@dataclass(frozen=True)
class Scope:
    """One stated range: the setting's keys, its test on a value, the line that states it."""

    keys: tuple[str, ...]
    inside: Callable[[float], bool]
    line: int


def stated_scopes(doc: Document) -> list[Scope]:
    """The ranges the document's prose says the change applies only within, in its order."""
    out: list[Scope] = []
    for b in doc.blocks:
        if b.kind not in ("text", "item", "heading") or b.in_code:
            continue
        for no in range(b.start, b.end + 1):
            text = doc.line(no)[:MAX_LINE]
            if "nly" not in text or text.lstrip().startswith(">"):
                continue  # (a quote repeats another message)
            for s in _SENTENCE_RE.finditer(text):
                if SCOPE_DENIED_RE.search(s.group(0)):
                    continue
                out.extend(_scope(m, no) for m in SCOPE_ONLY_RE.finditer(s.group(0)))
    return out


def _scope(m: re.Match[str], no: int) -> Scope:
    key = canonical_key_name(re.sub(r"[ -]", "_", m.group("key").lower()))
    bound = float(m.group("bound")) * (1024 if m.group("k") else 1)
    test = _OPS[m.group("op")]
    return Scope(SCOPE_KEY_GROUPS.get(key, (key,)), lambda v: test(v, bound), no)


def stated_scope(doc: Document, claims: list[Claim]) -> list[Claim]:
    """The claims, the results measured outside a stated range noted so (the first range they fall outside)."""
    if not any(c.kind in _RESULTS and c.config for c in claims):
        return claims
    scopes = stated_scopes(doc)
    if not scopes:
        return claims
    out: list[Claim] = []
    for c in claims:
        line = next((s.line for s in scopes if c.kind in _RESULTS and _outside(c, s)), None)
        if line is None:
            out.append(c)
            continue
        note = f"{SCOPE_NOTE} (line {line})"
        out.append(c.model_copy(update={"note": f"{note}; {c.note}" if c.note else note}))
    return out


def _outside(c: Claim, s: Scope) -> bool:
    """Whether the claim's own setting for the range's key holds a number the range leaves out."""
    value = next((v for k in s.keys if (v := (c.config or {}).get(k))), None)
    m = _NUMBER_RE.fullmatch(str(value).strip()) if value else None
    if m is None:
        return False
    return not s.inside(float(m.group(1)) * (1024 if m.group(2) else 1))
