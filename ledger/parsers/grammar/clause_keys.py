"""The settings one result clause of a sentence states for its own result alone: "On H100 with TP=2 the GSM8K score
is 0.914; on A100 it reaches 0.897" names two boards, one per clause, so the two results are two runs, and the
TP=2 the first clause states is the first run's; the sentence says nothing of the second run's layout. Such a
setting is no setup of the sentence's lines (setup._text_scope) nor of the document (document_default): the value's
own clause gives it its value (prose.candidates). A setting stated before the clauses split ("On H100 and A100
with TP=2, ...") or in every clause is the whole sentence's and stays."""

from __future__ import annotations

import re

from ledger.memo import last_document
from ledger.parsers.grammar.line_setup import line_setup
from ledger.parsers.grammar.setup_index import SetupScope
from ledger.parsers.grammar.varied import states_value
from ledger.parsers.reader.blocks import Block, Document
from ledger.vocab.own_experiments import OWN_EXPERIMENT_RE
from ledger.vocab.setup import named_twice

# where a clause ends: a semicolon, a sentence's stop before a capital, ", and" / ", but" / ", while" / ", whereas"
# (one alternative per position, each bounded: linear)
_CLAUSE_END_RE = re.compile(
    r";|(?<=[A-Za-z0-9%)`*])[.!?](?=[ \t]{1,3}[*_`]{0,2}[A-Z])|,[ \t]{1,3}(?:and|but|while|whereas)[ \t]",
    re.IGNORECASE,
)
# a result's number a clause holds without naming its measure ("it reaches 0.897", "a gain of 4.1%"): a decimal
# standing alone (not "Qwen2.5"'s) or a percentage
_RESULT_NUMBER_RE = re.compile(r"(?<![\w.-])\d{1,6}\.\d{1,6}(?![\w-])|\d[ \t]?%")
# a sentence's stop before a capital (the sentence-level part of _CLAUSE_END_RE)
_SENTENCE_END_RE = re.compile(r"(?<=[A-Za-z0-9%)`*])[.!?](?=[ \t]{1,3}[*_`]{0,2}[A-Z])")
# a clause opening on its own setting ("on MI300X it reaches 83.1%", "at TP=4 it is 0.905")
_OPENS_ON_SETTING_RE = re.compile(r"[ \t*_`]{0,6}(?:with|without|at|on|under|for|in|using|when)\b", re.IGNORECASE)
_LONGEST = 600
"""How much of a paragraph is read: a sentence pair past it is a long paste, no setup's clauses."""


def clause_own_at(doc: Document, no: int, command: bool) -> frozenset[str]:
    """The keys line `no` states for one of its paragraph's result clauses alone (a line of its own, or one line of
    "... gsm8k is 0.91;" / "on A100 gsm8k is 0.89."); none of a `command`'s flags."""
    return frozenset() if command else _paragraph_keys(doc).get(no, frozenset())


def clauses_apart(doc: Document, scopes: list[SetupScope]) -> list[SetupScope]:
    """`scopes` without the keys the paragraph each opens on states for one of its clauses alone."""
    own = _paragraph_keys(doc)
    return [
        SetupScope(s.start, s.end, {k: v for k, v in s.values.items() if k not in own[s.start]}, s.task)
        if s.start in own
        else s
        for s in scopes
    ]


@last_document
def _paragraph_keys(doc: Document) -> dict[int, frozenset[str]]:
    """clause_own_keys of each paragraph of prose (its lines read as one), by line."""
    out: dict[int, frozenset[str]] = {}
    paragraphs: list[list[Block]] = []
    for b in doc.blocks:
        if b.kind != "text" or b.in_code:
            continue
        if paragraphs and paragraphs[-1][-1].end + 1 == b.start:
            paragraphs[-1].append(b)
        else:
            paragraphs.append([b])
    for blocks in paragraphs:
        if keys := clause_own_keys(" ".join(doc.setup_line(no) for b in blocks for no in range(b.start, b.end + 1))):
            out.update(dict.fromkeys(range(blocks[0].start, blocks[-1].end + 1), keys))
    return out


def clause_own_keys(text: str) -> frozenset[str]:
    """The setup keys of `text` (a line or a paragraph) that some of its result clauses state and others do not,
    where the clauses give some other key a value each, or where none does, _own_settings_apart's (see the module)."""
    text = " ".join(text[:_LONGEST].split("\n"))
    # (a lead-in before a colon states what every clause after it reports: "Against a plain Service (Qwen3-32B on
    # 16x H100): vLLM reaches 812 ms ...; SGLang 640 ms ..."; the clauses are cut before named_twice reads the
    # text, as a text of one clause, most lines, states no clause's own key whatever it names)
    first = _RESULT_NUMBER_RE.search(text)
    colon = text.find(": ", 0, first.start() if first else len(text))
    clauses = [c for c in _CLAUSE_END_RE.split(text[colon + 1 :]) if c.strip()]
    if len(clauses) < 2 and len(_CLAUSE_END_RE.split(text)) < 2:
        return frozenset()  # (one clause: neither reader below finds a clause's own key in it)
    varied = named_twice(text)
    if not varied:
        return _own_settings_apart(text)
    if len(clauses) < 2:
        return frozenset()
    # the clauses that report a result under their own value of a varied key ("on A100 it reaches 0.897")
    stated = [keys for c in clauses if (keys := line_setup(c).keys()) & varied and _holds_result(c)]
    if len(stated) < 2:
        return frozenset()
    every = frozenset.intersection(*map(frozenset, stated))
    return frozenset(k for keys in stated for k in keys) - every - varied - {"model"}


def _own_settings_apart(text: str) -> frozenset[str]:
    """The keys of the result clauses of one sentence of `text` where a later one opens on a setting of its own:
    "At batch 8 the fused path reaches 84.2%, while on MI300X it reaches 83.1%" are two runs, the batch the first
    clause's and the board the second's, though no key is named twice; neither is the document's (document_default).
    A later clause may also open on an experiment of its own ("..., and a separate fixed-B28 A/B measured +4.52%").
    A clause that goes on without a setting of its own ("..., and latency drops to 12.5 ms") is the opening's, and
    a clause opening on a label's values ("temperature=0.0, top_p=1.0") no run of its own."""
    own: set[str] = set()
    for sentence in _SENTENCE_END_RE.split(text):
        stated: list[frozenset[str]] = []
        for clause in _CLAUSE_END_RE.split(sentence):
            keys = frozenset(line_setup(clause).keys() - {"model"})
            if keys and _holds_result(clause) and (not stated or _opens_run_of_its_own(clause)):
                stated.append(keys)
        if len(stated) > 1:
            own |= frozenset.union(*stated) - frozenset.intersection(*stated)
    return frozenset(own)


def _opens_run_of_its_own(clause: str) -> bool:
    # (on a setting, "on MI300X it reaches 83.1%", or on an experiment of its own, "a separate fixed-B28 A/B")
    return _OPENS_ON_SETTING_RE.match(clause) is not None or OWN_EXPERIMENT_RE.match(clause) is not None


def _holds_result(clause: str) -> bool:
    return _RESULT_NUMBER_RE.search(clause) is not None or states_value(clause)
