"""Support statements and rules of use written as prose (research notes about support matrices).

    Rows confirmed in the architecture table: A (DeepSeek-V3), B, C and D (footnote: SM100 only)
        -> support yes, feature "architecture table", one claim per name, the parenthetical in note
    ABSENT from the architecture table entirely: X, Y, any diffusion architecture (LLaDA, Dream)
        -> support absent; a descriptive item gives the names in its parenthesis
    'Sliding Window Attention' column ... reads: Yes for A and B; No for C; N/A for every GLM row
        -> yes / no / n/a with that feature; "every GLM row" names the classes the document mentions
           elsewhere whose name starts with the family (Glm4MoeForCausalLM, GlmMoeDsaForCausalLM)
    use the TRTLLM attention backend for encoder-decoder models     -> constraint, value required
    tensor parallelism requires head counts divisible by TP size    -> constraint, value required
    chunked prefill is NOT supported for the encoder phase so ...   -> constraint, value no

Grouped names expand (`Qwen2For{Reward,ProcessReward}Model`), slash lists split
(`Qwen2VL/Qwen2_5_VL`). A rule of use needs a subject (the models it is for, stated in the clause or
by the sentence's lead, "Encoder-decoder section states: ..."); without one it gives no claim.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.document import Block, Document
from ledger.parsers.engine import document_engine
from ledger.vocab.text import lower_for_words

NAME = "support_prose"
VERSION = "2"
BLOCKS = frozenset({"text", "item"})
NEEDS_DIGIT = False
"""Claims here can stand without a number (an outcome word, a Yes/No cell)."""

MAX_TEXT = 20_000
"""Longer lines are read up to this many characters."""
MAX_FAMILY = 12
"""A family reference ("every GLM row") that matches more class names than this resolves to none."""

_SENTENCE_END_RE = re.compile(r"[.!?](?=\s+[A-Z'\"‘“(])|[.!?]$")
_SENTENCE_EVENT_RE = re.compile(r"[(\[{)\]}]|" + _SENTENCE_END_RE.pattern)
"""A bracket, or a stop _SENTENCE_END_RE ends a sentence at (one character each: every one is found)."""
_TABLE_WORDS = r"(?:table|matrix)"
_TABLE_WORDS_RE = re.compile(_TABLE_WORDS, re.IGNORECASE)
_MEMBERSHIP_RE = re.compile(
    r"\b(?P<lead>(?:rows?|entries|architectures|models|classes)?[^:;]{0,80}?\b(?:in|from|of|on)\s+(?:the\s+)?"
    r"(?:[\w.+-]+\s+){0,3}?(?P<feat>[\w+-]+\s+" + _TABLE_WORDS + r")\b[^:;]{0,40}?):(?:\s+|$)",
    re.IGNORECASE)
_ABSENT_RE = re.compile(r"\b(?:absent|missing|not (?:listed|present|found|in|included)|no rows?|lacks?|omitted)\b",
                        re.IGNORECASE)
_PRESENT_RE = re.compile(r"\b(?:confirmed|present|listed|rows?|included|appears?|found|supported|entries)\b",
                         re.IGNORECASE)
_ROW_WORDS_RE = re.compile(r"\b(?:rows?|entries|architectures?|models?|classes)\b", re.IGNORECASE)
_MATRIX_WORDS_RE = re.compile(r"architecture|model|support|feature", re.IGNORECASE)
_COLUMN_RE = re.compile(
    r"(?:['\"‘“](?P<q>[^'\"’”]{2,60})['\"’”]\s*(?:column\b[^:;]{0,80}?)?"
    r"|\b[Tt]he\s+(?P<bare>(?:[\w+.-]+\s+){0,5}?[\w+.-]+)\s+column\b[^:;]{0,80}?"
    r"|^\s*(?:[-*+•◦]\s+|\d{1,3}[.)]\s+)?(?P<lead>[A-Z][\w+.-]*(?:\s+[\w+.-]+){0,5}?)\s*(?=:))"
    r"(?:\s(?:reads|says|shows|lists|has|gives|is|are)\b:?|:)\s*",
)
_VALUE_FOR_RE = re.compile(
    r"\b(?P<v>Yes|No|N/A|Untested|Not tested|Unsupported|Supported|Absent)\s+(?:for|on)\s+", re.IGNORECASE)
_VALUE_WORDS = {"yes": "yes", "no": "no", "n/a": "n/a", "untested": "untested", "not tested": "untested",
                "unsupported": "no", "supported": "yes", "absent": "absent"}
_ROWS_RE = re.compile(r"^(?:every|all|each|both|the|any)\s+(?P<fam>.{1,200}?)\s+rows?$", re.IGNORECASE)
_CLASS_RE = re.compile(r"\b[A-Z][A-Za-z0-9_]{0,60}For(?:[A-Z][A-Za-z0-9]{0,40}(?:\{[\w,]{1,80}\}[A-Za-z0-9]{0,40})?"
                       r"|\{[\w,]{1,80}\}[A-Za-z0-9]{0,40})")
_NAME_RE = re.compile(r"^[A-Za-z0-9][\w.+-]{0,80}(?:\{[\w.+-]{1,40}(?:,[\w.+-]{1,40}){1,10}\}[\w.+-]{0,40})?$")
_MULTIWORD_NAME_RE = re.compile(r"^[A-Z][\w.+-]{0,40}(?: [A-Z0-9][\w.+-]{0,20}){1,2}$")
_CODE_MARKS_RE = re.compile(r"[`*]+")
_BRACE_RE = re.compile(r"^([^{}]*)\{([^{}]*)\}([^{}]*)$")
_FOOTNOTE_LABEL_RE = re.compile(r"^(?:footnote|note|see)\s*:\s*", re.IGNORECASE)
_LEAD_TOPIC_RE = re.compile(
    r"(?:^\s*(?:[-*+•◦]\s+|\d{1,3}[.)]\s+)?|[.;]\s+)(?P<topic>[A-Za-z][\w-]{1,40}(?: [A-Za-z][\w-]{1,40}){0,2}) "
    r"(?:section|docs?|documentation|page|guide|notes?)\s+(?:states|says|notes|lists|reads)\s*:\s*$",
    re.IGNORECASE)
_LEAD_FOR_RE = re.compile(r"^\s*(?:[-*+•◦]\s+)?(?:for|with)\s+(?P<subj>[^:;]{2,80}):$", re.IGNORECASE)
_SUBJECT_TAIL_RE = re.compile(r"\b(?:models?|architectures?|checkpoints?|families|family)$", re.IGNORECASE)
_USE_RE = re.compile(
    r"^(?:you\s+)?(?P<modal>(?:must|should|need to|have to|always)\s+)?use\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<feat>.{2,120}?)\s*"
    r"(?:\s(?:for|with|on)\s+(?P<subj>.{2,120}))?$", re.IGNORECASE)
_REQUIRES_RE = re.compile(
    r"^(?P<feat>[\w][\w .+/-]{1,80}?)\s+(?:requires|require|needs|must\s+be|must)\s+(?P<req>.{2,160})$",
    re.IGNORECASE)
_NOT_SUPPORTED_RE = re.compile(
    r"^(?P<feat>[\w][\w .+/()-]{1,80}?)\s+(?:(?:is|are)\s+(?:not|never)\s+(?:supported|available|allowed)|"
    r"cannot\s+be\s+(?:used|combined|enabled)|(?:is|are)\s+incompatible)"
    r"(?:\s+(?:for|with|on|in|during)\s+(?:the\s+)?(?P<qual>.{2,120}?))?"
    r"(?:\s*(?:,\s*)?\b(?:so|because|since|as|;)\s+(?P<why>.{2,300}))?$", re.IGNORECASE)


def _sentences(text: str) -> Iterator[tuple[int, int]]:
    """Sentence spans, ending at a stop followed by a capital (never inside "V3.2" or "SM100+")."""
    start = depth = 0
    for m in _SENTENCE_EVENT_RE.finditer(text):  # only brackets and sentence stops change anything
        i = m.start()
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth:
                depth -= 1
        elif depth == 0:
            yield start, i
            start = i + 1
    if start < len(text):
        yield start, len(text)


def split_top(text: str, start: int, end: int, seps: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans of text[start:end] between separators outside brackets (", ", " and ", "; ")."""
    out: list[tuple[int, int]] = []
    depth = 0
    i = piece = start
    low = text[start:end].lower()
    nlow = len(low)
    # a separator can only start where its first character stands: visit those positions and the
    # brackets only (every other position changes nothing)
    firsts = _separator_firsts(seps)
    if firsts is None:
        events: Iterable[int] = range(start, end)
    else:
        events = sorted({m.start() for m in _BRACKET_RE.finditer(text, start, end)}
                        | {start + m.start() for m in firsts.finditer(low) if start + m.start() < end})
    for pos in events:
        if pos < i:
            continue  # inside a separator just taken
        i = pos
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}" and depth:
            depth -= 1
        elif depth == 0:
            k = i - start
            hit = next((s for s in seps if low.startswith(s, k)), None) if k < nlow else None
            if hit:
                out.append((piece, i))
                piece = i + len(hit)
                i = piece
    out.append((piece, end))
    return [_strip_span(text, a, b) for a, b in out if text[a:b].strip(" ,;.")]


_BRACKET_RE = re.compile(r"[(\[{)\]}]")
_FIRSTS: dict[tuple[str, ...], re.Pattern[str] | None] = {}


def _separator_firsts(seps: tuple[str, ...]) -> re.Pattern[str] | None:
    """A pattern for the first characters of `seps` (None when one is empty: every position can start one)."""
    if seps not in _FIRSTS:
        _FIRSTS[seps] = re.compile("[" + "".join(sorted({re.escape(s[0]) for s in seps})) + "]") if all(seps) \
            else None
    return _FIRSTS[seps]


def _strip_span(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a] in " \t,;":
        a += 1
    while b > a and text[b - 1] in " \t,;.":
        b -= 1
    low = text[a:b].lower()
    for word in ("and ", "or ", "plus "):
        if low.startswith(word):
            a += len(word)
            break
    return a, b


def _head_and_paren(item: str) -> tuple[str, str | None]:
    """"Name (note)" -> ("Name", "note"); a trailing parenthetical only."""
    s = item.strip()
    if s.endswith(")") and "(" in s:
        depth = 0
        for i in range(len(s) - 1, -1, -1):
            if s[i] == ")":
                depth += 1
            elif s[i] == "(":
                depth -= 1
                if depth == 0:
                    return s[:i].strip(), s[i + 1:-1].strip()
    return s, None


def _is_name(s: str) -> bool:
    if "/" in s and " " not in s:
        parts = s.split("/")
        return len(parts) <= 12 and all(_NAME_RE.match(p) for p in parts)
    return bool(_NAME_RE.match(s) or _MULTIWORD_NAME_RE.match(s))


def expand(name: str) -> list[str]:
    """`Qwen2For{Reward,ProcessReward}Model` -> both; `A/B/C` -> three (when each part is a name)."""
    m = _BRACE_RE.match(name)
    if m:
        return [m.group(1) + alt.strip() + m.group(3) for alt in m.group(2).split(",") if alt.strip()]
    if "/" in name and " " not in name:
        parts = [p for p in name.split("/") if p]
        if len(parts) > 1 and all(_NAME_RE.match(p) for p in parts):
            return parts
    return [name]


@dataclass
class _Item:
    """A subject named in a list, with its note and the span it came from."""

    subject: str
    note: str | None
    start: int
    end: int
    aliases: tuple[str, ...] = ()


def list_items(text: str, start: int, end: int) -> list[_Item]:
    """Names in a written list: commas and "and" separate; a trailing parenthetical is the note.

    In "A and B (note)" the note covers both names; in "A (note) and B" only A.
    """
    items: list[_Item] = []
    for a, b in split_top(text, start, end, (", ", ",", "; ")):
        piece = _CODE_MARKS_RE.sub("", text[a:b])
        parts = [_head_and_paren(piece[x:y]) for x, y in split_top(piece, 0, len(piece), (" and ", " & "))]
        shared = parts[-1][1] if len(parts) > 1 and all(p is None for _, p in parts[:-1]) else None
        for head, paren in parts:
            paren = paren or shared
            note = _FOOTNOTE_LABEL_RE.sub("", paren).strip() if paren else None
            aliases: tuple[str, ...] = ()
            if paren and not _FOOTNOTE_LABEL_RE.match(paren):
                names = [p.strip() for p in paren.split(",")]
                if names and all(_is_name(p) for p in names):
                    aliases = tuple(names)
            if _is_name(head):
                expanded = expand(head)
                for e in expanded:
                    extra = f"expanded from {head}" if len(expanded) > 1 else None
                    items.append(_Item(e, "; ".join(x for x in (note, extra) if x) or None, a, b, aliases))
            elif aliases and not head[:1].isupper():
                # "any diffusion text architecture (LLaDA, Dream, SDAR)": the names are in the parenthesis
                for alias in aliases:
                    items.append(_Item(alias, head, a, b))
    return items


def _family_norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]", "", s.lower())


def _class_norm(name: str) -> str:
    head = name.split("For", 1)[0] if "For" in name[1:] else name
    return _family_norm(re.sub(r"(?<=\d)[p_](?=\d)", "", head))


def _family_parts(spec: str) -> list[str]:
    """"DeepSeek-V3/V3.2/GLM" -> DeepSeek-V3, DeepSeek-V3.2, GLM (a version alone joins the family before)."""
    out: list[str] = []
    for part in (p.strip() for p in spec.split("/")):
        if not part:
            continue
        prev = out[-1] if out else ""
        if prev and re.match(r"^[Vv]?\d[\w.]{0,20}$", part):
            if "-" in prev:
                part = prev[:prev.rindex("-") + 1] + part
            elif part[0].isdigit():
                m = re.match(r"^[^\d]+", prev)
                part = (m.group(0) if m else "") + part
            else:
                m = re.match(r"^(.*?)[Vv]\d", prev)
                part = (m.group(1) if m else "") + part
        out.append(part)
    return out


@dataclass
class _Known:
    """What the document names elsewhere: class names, their model aliases, the absent ones."""

    classes: dict[str, str]
    """Class name -> its normalised family head ("Qwen3_5MoeForCausalLM" -> "qwen35moe"), in order."""
    aliases: dict[str, str]
    absent: set[str]
    by_norm: list[tuple[str, str]] = field(default_factory=list)
    """(normalised head, class name), sorted: a family's classes are one bisected range."""

    def __post_init__(self) -> None:
        self.by_norm = sorted((nc, c) for c, nc in self.classes.items() if c not in self.absent)


def _known(doc: Document, paragraphs: _Paragraphs | None = None) -> _Known:
    classes: dict[str, str] = {}
    aliases: dict[str, str] = {}
    absent: set[str] = set()
    for no in range(1, len(doc.lines) + 1):
        if paragraphs and no in paragraphs.continuations:
            continue
        last = paragraphs.ends.get(no, no) if paragraphs else no
        text = _list_text(doc, no, last, paragraphs.list_lines if paragraphs else set())
        for m in _CLASS_RE.finditer(text) if "For" in text else ():  # a class name holds "For"
            for name in expand(m.group(0)):
                if name not in classes:
                    classes[name] = _class_norm(name)
        if ":" not in text:
            continue
        for value, _feat, items, _span in _memberships(text):
            for it in items:
                if value == "absent":
                    absent.add(it.subject)
                elif it.subject not in classes and "For" in it.subject:
                    classes[it.subject] = _class_norm(it.subject)
                for alias in it.aliases:
                    aliases.setdefault(_family_norm(alias), it.subject)
    return _Known(classes, aliases, absent)


def resolve_family(family: str, known: _Known) -> list[tuple[str, str]]:
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
            matched = [c for nc, c in known.by_norm[lo:hi]
                       if nc == nf or not (nf[-1].isdigit() and nc[len(nf)].isdigit())]
            if len(matched) <= MAX_FAMILY:
                hits.extend(matched)
        for h in hits:
            if h not in seen:
                seen.add(h)
                out.append((h, part))
    return out


def _memberships(text: str) -> Iterator[tuple[str, str, list[_Item], tuple[int, int]]]:
    """(value, feature, items, span) for each "<in/absent from> the X table: A, B, C" sentence."""
    for s, e in _sentences(text):
        # the pattern needs a ":" and "table" / "matrix" in the sentence: ask those first
        m = _MEMBERSHIP_RE.search(text, s, e) if text.find(":", s, e) >= 0 and _TABLE_WORDS_RE.search(text, s, e) \
            else None
        if not m:
            continue
        lead = m.group("lead")
        if _ABSENT_RE.search(lead):
            value = "absent"
        elif _PRESENT_RE.search(lead) and not re.search(r"\bnot\b|\bno\b", lead, re.IGNORECASE):
            value = "yes"
        else:
            continue
        feature = " ".join(m.group("feat").split()).lower()
        items = list_items(text, m.end(), e)
        if not (_ROW_WORDS_RE.search(lead) or _MATRIX_WORDS_RE.search(feature)
                or any(_CLASS_RE.fullmatch(it.subject) for it in items)):
            continue  # "Tests included in the skip table: ..." lists something other than matrix rows
        if items:
            yield value, feature, items, (m.start(), e)


def _columns(text: str, known: list[_Known]) -> Iterator[tuple[str, str, _Item, str | None]]:
    """(value, feature, item, note) for "'Feature' column ... reads: Yes for A; No for B"."""
    for s, e in _sentences(text):
        sentence = text[s:e]
        m = next((x for x in _COLUMN_RE.finditer(sentence) if _VALUE_FOR_RE.match(sentence, x.end())), None)
        if not m:
            continue
        m_start, m_end = s + m.start(), s + m.end()
        feature = (m.group("q") or m.group("bare") or m.group("lead") or "").strip()
        where = re.search(r"\bin\s+the\s+(?P<t>[^:;]{1,60}?" + _TABLE_WORDS + r")\b", text[m_start:m_end])
        where_note = where.group("t") if where else None
        starts = list(_VALUE_FOR_RE.finditer(text, m_end, e))
        if not feature or not starts:
            continue
        for i, vm in enumerate(starts):
            stop = starts[i + 1].start() if i + 1 < len(starts) else e
            value = _VALUE_WORDS[vm.group("v").lower()]
            for a, b in split_top(text, vm.end(), stop, (", ", "; ", " and ")):
                chunk = text[a:b].strip()
                rows = _ROWS_RE.match(chunk)
                if rows:
                    if not known:
                        known.append(_known_from_text(text))
                    fam = rows.group("fam")
                    for cls, part in resolve_family(fam, known[0]):
                        note = f"stated by model family '{part}', mapped to the class"
                        yield value, feature, _Item(cls, None, a, b), "; ".join(
                            x for x in (where_note, note) if x)
                    continue
                for it in list_items(text, a, b):
                    yield value, feature, it, "; ".join(x for x in (where_note, it.note) if x) or None


def _known_from_text(text: str) -> _Known:
    return _known(Document(lines=[text]))


def _subject_of(phrase: str) -> str | None:
    p = phrase.strip().rstrip(".")
    p = re.sub(r"^(?:the|all|every|any)\s+", "", p, flags=re.IGNORECASE)
    return p if _SUBJECT_TAIL_RE.search(p) and len(p) <= 80 else None


def _constraints(text: str) -> Iterator[tuple[str, str, str, str | None, int, int]]:
    """(subject, feature, value, note, start, end) for rules of use with a stated subject."""
    for s, e in _sentences(text):
        colon = text.find(": ", s, e)
        body_start = colon + 2 if colon >= 0 else s
        lead_subject = None
        if colon >= 0:
            lead = text[s:colon + 1]
            lm = _LEAD_TOPIC_RE.search(lead)
            fm = _LEAD_FOR_RE.match(lead)
            if lm:
                topic = re.sub(r"^the\s+", "", lm.group("topic"), flags=re.IGNORECASE)
                if topic.split()[0][1:].islower():
                    topic = topic[0].lower() + topic[1:]  # sentence case, not a name: "Encoder-decoder"
                # "Encoder-decoder section": encoder-decoder models; "Speculative decoding section": a feature
                lead_subject = topic if _SUBJECT_TAIL_RE.search(topic) or " " in topic else f"{topic} models"
            elif fm:
                lead_subject = _subject_of(fm.group("subj"))
        found: list[tuple[str | None, str, str, str | None, int, int]] = []
        for a, b in split_top(text, body_start, e, (", and ", "; ", ", ")):
            clause = text[a:b]
            # each pattern below needs its verb: a substring test skips the others (see lower_for_words)
            low = lower_for_words(clause)
            um = _USE_RE.match(clause) if low is None or "use" in low else None
            if um and (um.group("modal") or lead_subject):  # a bare "use X for Y" is often a title
                target = (um.group("subj") or "").strip()
                subj = _subject_of(target) if target else None
                feat = um.group("feat").strip()
                if target and not subj:
                    feat = f"{feat} for {target}"
                found.append((subj, feat, "required", None, a, b))
                continue
            rm = _REQUIRES_RE.match(clause) if low is None or _has_any(low, _REQUIRES_WORDS) else None
            if rm:
                feat = re.sub(r"^(?:the|a|an)\s+", "", rm.group("feat").strip(), flags=re.IGNORECASE)
                found.append((None, f"{feat}: {rm.group('req').strip()}", "required", None, a, b))
                continue
            nm = _NOT_SUPPORTED_RE.match(clause) if low is None or _has_any(low, _NOT_SUPPORTED_WORDS) else None
            if nm:
                feat = re.sub(r"^(?:the|a|an)\s+", "", nm.group("feat").strip(), flags=re.IGNORECASE)
                qual = (nm.group("qual") or "").strip()
                subj = _subject_of(qual) if qual else None
                if qual and not subj:
                    feat = f"{feat} ({qual})"
                why = (nm.group("why") or "").strip() or None
                found.append((subj, feat, "no", why, a, b))
        if not found:
            continue
        default = next((f[0] for f in found if f[0]), None) or lead_subject
        for subj, feat, value, note, a, b in found:
            subject = subj or default
            if subject:
                yield subject, feat, value, note, a, b


@dataclass
class _Paragraphs:
    """Lines that continue a sentence from the line above (a wrapped paragraph or list item)."""

    ends: dict[int, int]
    """First line -> last line of a paragraph that spans lines."""
    continuations: set[int]
    """Lines read as part of the paragraph that starts above them."""
    list_lines: set[int]
    """Continuations that are list items under a lead ending with a colon ("...table:" then "- A")."""


def _paragraphs(doc: Document) -> _Paragraphs:
    kinds = {b.start: b.kind for b in doc.blocks if b.end == b.start}
    ends: dict[int, int] = {}
    cont: set[int] = set()
    items: set[int] = set()
    line = doc.line
    for b in doc.blocks:
        if b.kind not in BLOCKS or b.start in cont:
            continue
        raw = line(b.start)
        if len(raw) > MAX_TEXT:
            continue
        n = b.start
        last = raw  # line n
        while kinds.get(n + 1) == "text" and not last.rstrip().endswith((".", "!", "?")) and n - b.start < 200:
            following = line(n + 1)
            if len(following) > MAX_TEXT:
                break
            n += 1
            cont.add(n)
            last = following
        if last.rstrip().endswith(":") and _LIST_LEAD_RE.search(last):
            m = n + 1 if line(n + 1).strip() else n + 2
            while kinds.get(m) == "item" and len(line(m)) <= MAX_TEXT and m - b.start < 400:
                cont.add(m)
                items.add(m)
                n = m
                m += 1
        if n > b.start:
            ends[b.start] = n
    return _Paragraphs(ends, cont, items)


_LIST_LEAD_RE = re.compile(r"\b(?:table|matrix|column|reads|states|says)\b[^:]{0,60}:\s*$", re.IGNORECASE)
_BULLET_PREFIX_RE = re.compile(r"^[ \t]*(?:[-*+•◦▪‣]|\d{1,3}[.)])[ \t]+")


def _list_text(doc: Document, first: int, last: int, list_lines: set[int]) -> str:
    """Lines first..last joined with the offsets of "\n".join: a wrapped sentence reads on, list items
    under a lead become comma-separated names."""
    out: list[str] = []
    for no in range(first, last + 1):
        raw = doc.line(no)[:MAX_TEXT]
        sep = "," if no - 1 in list_lines else " "
        if no in list_lines:
            bm = _BULLET_PREFIX_RE.match(raw)
            if bm:
                raw = " " * bm.end() + raw[bm.end():]
            stop = re.search(r"[.;]\s*$", raw)
            if stop:
                raw = raw[:stop.start()] + " " * (len(raw) - stop.start())
        out.append((sep if no > first else "") + raw)
    return "".join(out)


@dataclass
class _DocCache:
    doc: Document
    paragraphs: _Paragraphs
    known: _Known | None = None


_LAST_DOC: list[_DocCache] = []


def _doc_cache(doc: Document) -> _DocCache:
    """Per-document facts, computed once (the last document read is kept)."""
    if _LAST_DOC and _LAST_DOC[0].doc is doc:
        return _LAST_DOC[0]
    cache = _DocCache(doc, _paragraphs(doc))
    _LAST_DOC[:] = [cache]
    return cache


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    if block.start in ctx.taken:
        return
    cache = _doc_cache(ctx.doc)
    if block.start in cache.paragraphs.continuations:
        return  # read with the line its sentence starts on
    first = block.start
    last = cache.paragraphs.ends.get(first, first)
    if last == first:  # one line, not a list item under a lead (those are continuations): read as it is
        original = text = ctx.doc.line(first)[:MAX_TEXT]
    else:
        original = "\n".join(ctx.doc.line(n)[:MAX_TEXT] for n in range(first, last + 1))
        text = _list_text(ctx.doc, first, last, cache.paragraphs.list_lines)  # same offsets as `original`
    if not text.strip() or _FOOTNOTE_DEF_RE.match(text):
        return  # footnote definitions are the tables' notes
    # what each reader below needs, asked first: most blocks need none of them
    low = text.lower()
    memberships = ":" in text and ("table" in low or "matrix" in low)
    columns = _has_any(low, _VALUE_FOR_WORDS) and _has_any(low, _FOR_WORDS) and bool(_VALUE_FOR_HINT_RE.search(low))
    constraints = _has_any(low, _CONSTRAINT_WORDS) and bool(_CONSTRAINT_HINT_RE.search(low))
    if not (memberships or columns or constraints):
        return
    starts = [0]
    for n in range(first, last):
        starts.append(starts[-1] + len(ctx.doc.line(n)) + 1)
    seen: set[tuple[str, str, str]] = set()

    engine = document_engine(ctx)

    def emit(kind: str, subject: str, feature: str, value: str, note: str | None, a: int, b: int,
             models: tuple[str, ...] = ()) -> Claim | None:
        subject, feature = " ".join(subject.split()), " ".join(feature.split())
        note = " ".join(note.split()) if note else None
        key = (subject, feature, value)
        if key in seen:
            return None
        seen.add(key)
        b = min(b, a + 160)
        while b > a and original[b - 1] in "\r\n":
            b -= 1  # a cut that ends on a newline would reach past the claim's last line
        la = bisect.bisect_right(starts, a) - 1
        lb = bisect.bisect_right(starts, max(a, b - 1)) - 1
        for i in range(la, lb + 1):
            line_end = starts[i] + len(ctx.doc.line(first + i))
            ctx.take(first + i, max(a, starts[i]) - starts[i], min(b, line_end) - starts[i])
        return ctx.claim(kind, first + la, original[a:b], line_end=first + lb, section=block.section,
                         subject=subject, feature=feature, value=value, note=note, engine=engine,
                         models=", ".join(models) or None)

    if memberships:
        for value, feature, items, _span in _memberships(text):
            for it in items:
                c = emit("support", it.subject, feature, value, it.note, it.start, it.end, it.aliases)
                if c:
                    yield c
    if columns:
        known: list[_Known] = []
        if _ROWS_HINT_RE.search(text):
            if cache.known is None:
                cache.known = _known(ctx.doc, cache.paragraphs)
            known.append(cache.known)
        for value, feature, it, note in _columns(text, known):
            c = emit("support", it.subject, feature, value, note, it.start, it.end)
            if c:
                yield c
    if constraints:
        for subject, feature, value, note, a, b in _constraints(text):
            c = emit("constraint", subject, feature, value, note, a, b)
            if c:
                yield c


_VALUE_FOR_HINT_RE = re.compile(r"\b(?:yes|no|n/a|untested|unsupported|supported|absent)\s+(?:for|on)\b")
_CONSTRAINT_HINT_RE = re.compile(r"\b(?:use|requires?|needs|must|not supported|not available|not allowed|"
                                 r"never supported|cannot|incompatible)\b")
# the words the two hints cannot match without, as substrings ("unsupported" holds "supported"): a few
# substring tests skip most lines before the patterns run
_VALUE_FOR_WORDS = ("yes", "no", "n/a", "untested", "supported", "absent")
_FOR_WORDS = ("for", "on")
_REQUIRES_WORDS = ("require", "needs", "must")
_NOT_SUPPORTED_WORDS = ("not", "never", "incompatible")
_CONSTRAINT_WORDS = ("use", "require", "needs", "must", "not supported", "not available", "not allowed",
                     "never supported", "cannot", "incompatible")


def _has_any(low: str, words: tuple[str, ...]) -> bool:
    return any(map(low.__contains__, words))


_FOOTNOTE_DEF_RE = re.compile(r"^\s*\[\^[\w.-]{1,24}\]:")
_ROWS_HINT_RE = re.compile(r"\b(?:every|all|each|both|any)\s+[^;:]{1,200}?\srows?\b", re.IGNORECASE)
