"""The class names a document knows, and the families its support sentences refer to them by.

"every GLM row" in a column statement names no row itself: it means the classes the document names
elsewhere whose normalised head starts with the family (Glm4MoeForCausalLM, GlmMoeDsaForCausalLM), or the
class a model alias in a listing stands for. "DeepSeek-V3/V3.2/GLM" is three families.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from ledger.parsers.reader.document import Document
from ledger.parsers.support.lists import CLASS_RE, expand
from ledger.parsers.support.memberships import membership_statements
from ledger.parsers.support.paragraphs import Paragraphs, list_text

MAX_FAMILY = 12
"""A family reference ("every GLM row") that matches more class names than this resolves to none."""


def _family_norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]", "", s.lower())


def _class_norm(name: str) -> str:
    head = name.split("For", 1)[0] if "For" in name[1:] else name
    return _family_norm(re.sub(r"(?<=\d)[p_](?=\d)", "", head))


def _family_parts(spec: str) -> list[str]:
    """ "DeepSeek-V3/V3.2/GLM" -> DeepSeek-V3, DeepSeek-V3.2, GLM (a version alone joins the family before)."""
    out: list[str] = []
    for part in (p.strip() for p in spec.split("/")):
        if not part:
            continue
        prev = out[-1] if out else ""
        if prev and re.match(r"^[Vv]?\d[\w.]{0,20}$", part):
            if "-" in prev:
                part = prev[: prev.rindex("-") + 1] + part
            elif part[0].isdigit():
                m = re.match(r"^[^\d]+", prev)
                part = (m.group(0) if m else "") + part
            else:
                m = re.match(r"^(.*?)[Vv]\d", prev)
                part = (m.group(1) if m else "") + part
        out.append(part)
    return out


@dataclass
class Known:
    """What the document names elsewhere: class names, their model aliases, the absent ones."""

    classes: dict[str, str]
    """Class name -> its normalised family head ("Qwen3_5MoeForCausalLM" -> "qwen35moe"), in order."""
    aliases: dict[str, str]
    absent: set[str]
    by_norm: list[tuple[str, str]] = field(default_factory=list)
    """(normalised head, class name), sorted: a family's classes are one bisected range."""

    def __post_init__(self) -> None:
        self.by_norm = sorted((nc, c) for c, nc in self.classes.items() if c not in self.absent)


def read_known(doc: Document, paragraphs: Paragraphs | None = None) -> Known:
    classes: dict[str, str] = {}
    aliases: dict[str, str] = {}
    absent: set[str] = set()
    for no in range(1, len(doc.lines) + 1):
        if paragraphs and no in paragraphs.continuations:
            continue
        last = paragraphs.ends.get(no, no) if paragraphs else no
        text = list_text(doc, no, last, paragraphs.list_lines if paragraphs else set())
        for m in CLASS_RE.finditer(text) if "For" in text else ():  # a class name holds "For"
            for name in expand(m.group(0)):
                if name not in classes:
                    classes[name] = _class_norm(name)
        if ":" not in text:
            continue
        for value, _feat, items, _span in membership_statements(text):
            for it in items:
                if value == "absent":
                    absent.add(it.subject)
                elif it.subject not in classes and "For" in it.subject:
                    classes[it.subject] = _class_norm(it.subject)
                for alias in it.aliases:
                    aliases.setdefault(_family_norm(alias), it.subject)
    return Known(classes, aliases, absent)


def resolve_family(family: str, known: Known) -> list[tuple[str, str]]:
    """Class names for a family as written ("DeepSeek-V3/V3.2/GLM") -> [(class, family part)]."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for part in _family_parts(family):
        nf = _family_norm(part)
        if not nf:
            continue
        hits = []
        if nf in known.aliases:
            hits.append(known.aliases[nf])
        lo = bisect.bisect_left(known.by_norm, (nf, ""))
        hi = bisect.bisect_left(known.by_norm, (nf + "\x7f", ""))
        if hi - lo <= 4 * MAX_FAMILY:  # a family that names more classes than that is no family
            matched = [
                c for nc, c in known.by_norm[lo:hi] if nc == nf or not (nf[-1].isdigit() and nc[len(nf)].isdigit())
            ]
            if len(matched) <= MAX_FAMILY:
                hits.extend(matched)
        for h in hits:
            if h not in seen:
                seen.add(h)
                out.append((h, part))
    return out


def known_from_text(text: str) -> Known:
    return read_known(Document(lines=[text]))
