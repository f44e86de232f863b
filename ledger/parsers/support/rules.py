"""Rules of use: what a model must use or needs, or may not use, written as a sentence.

    use the TRTLLM attention backend for encoder-decoder models     -> constraint, value required
    tensor parallelism requires head counts divisible by TP size    -> constraint, value required
    chunked prefill is NOT supported for the encoder phase so ...   -> constraint, value no

A rule needs a subject, the models it is for: in the clause, or from the sentence's lead
("Encoder-decoder section states: ..."); without one it gives no claim.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.parsers.support.lists import sentences, split_top
from ledger.vocab.text import lower_for_words

_LEAD_TOPIC_RE = re.compile(
    r"(?:^\s*(?:[-*+•◦]\s+|\d{1,3}[.)]\s+)?|[.;]\s+)(?P<topic>[A-Za-z][\w-]{1,40}(?: [A-Za-z][\w-]{1,40}){0,2}) "
    r"(?:section|docs?|documentation|page|guide|notes?)\s+(?:states|says|notes|lists|reads)\s*:\s*$",
    re.IGNORECASE,
)
_LEAD_FOR_RE = re.compile(r"^\s*(?:[-*+•◦]\s+)?(?:for|with)\s+(?P<subj>[^:;]{2,80}):$", re.IGNORECASE)
_SUBJECT_TAIL_RE = re.compile(r"\b(?:models?|architectures?|checkpoints?|families|family)$", re.IGNORECASE)
_USE_RE = re.compile(
    r"^(?:you\s+)?(?P<modal>(?:must|should|need to|have to|always)\s+)?use\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<feat>.{2,120}?)\s*"
    r"(?:\s(?:for|with|on)\s+(?P<subj>.{2,120}))?$",
    re.IGNORECASE,
)
_REQUIRES_RE = re.compile(
    r"^(?P<feat>[\w][\w .+/-]{1,80}?)\s+(?:requires|require|needs|must\s+be|must)\s+(?P<req>.{2,160})$", re.IGNORECASE
)
_NOT_SUPPORTED_RE = re.compile(
    r"^(?P<feat>[\w][\w .+/()-]{1,80}?)\s+(?:(?:is|are)\s+(?:not|never)\s+(?:supported|available|allowed)|"
    r"cannot\s+be\s+(?:used|combined|enabled)|(?:is|are)\s+incompatible)"
    r"(?:\s+(?:for|with|on|in|during)\s+(?:the\s+)?(?P<qual>.{2,120}?))?"
    r"(?:\s*(?:,\s*)?\b(?:so|because|since|as|;)\s+(?P<why>.{2,300}))?$",
    re.IGNORECASE,
)
# the words _REQUIRES_RE and _NOT_SUPPORTED_RE cannot match without, as substrings: a few substring tests skip
# most clauses before the patterns run
_REQUIRES_WORDS = ("require", "needs", "must")
_NOT_SUPPORTED_WORDS = ("not", "never", "incompatible")


def _subject_of(phrase: str) -> str | None:
    p = phrase.strip().rstrip(".")
    p = re.sub(r"^(?:the|all|every|any)\s+", "", p, flags=re.IGNORECASE)
    return p if _SUBJECT_TAIL_RE.search(p) and len(p) <= 80 else None


def constraint_statements(text: str) -> Iterator[tuple[str, str, str, str | None, int, int]]:
    """(subject, feature, value, note, start, end) for rules of use with a stated subject."""
    for s, e in sentences(text):
        colon = text.find(": ", s, e)
        body_start = colon + 2 if colon >= 0 else s
        lead_subject = None
        if colon >= 0:
            lead = text[s : colon + 1]
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
            rm = _REQUIRES_RE.match(clause) if low is None or has_any(low, _REQUIRES_WORDS) else None
            if rm:
                feat = re.sub(r"^(?:the|a|an)\s+", "", rm.group("feat").strip(), flags=re.IGNORECASE)
                found.append((None, f"{feat}: {rm.group('req').strip()}", "required", None, a, b))
                continue
            nm = _NOT_SUPPORTED_RE.match(clause) if low is None or has_any(low, _NOT_SUPPORTED_WORDS) else None
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


def has_any(low: str, words: tuple[str, ...]) -> bool:
    """`low` holds one of `words` as a substring (the cheap test asked before a pattern)."""
    return any(map(low.__contains__, words))
