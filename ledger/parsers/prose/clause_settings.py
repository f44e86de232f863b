"""The setting a value's own clause names in words after it, with no number: "as fast as K at batch size 1 and 63%
faster at larger batch sizes". The 63 % was measured at the larger batches its clause names, so the batch size the
sentence's earlier clause states (1, where the two were on par) is not its own; what the clause names is a span of
that setting, no value of it, and none is kept.

Apart from prose/candidates.py because it reads the words after a value, the reader there those before it."""

from __future__ import annotations

import re

from ledger.vocab.setup import setup_label_key

# "at larger batch sizes", "for longer contexts", "at higher concurrency": a setting named by a comparative or a
# quantifier, up to its clause's end (a comma, a semicolon, a sentence's stop)
_OTHER_SETTING_RE = re.compile(
    r"[^,;:.\n]{0,40}?\b(?:at|for|with|on|in|under)[ \t](?:the[ \t])?"
    r"(?:larger|higher|bigger|greater|smaller|lower|longer|shorter|other|all|every|most|many|more)[ \t]"
    r"(?P<what>[A-Za-z][a-z-]{1,20}(?:[ \t][a-z][a-z-]{1,20})?)",
    re.IGNORECASE,
)


def named_after(text: str, end: int) -> frozenset[str]:
    """The setup keys the clause after a value (from `end`) names in words, with no value of its own."""
    m = _OTHER_SETTING_RE.match(text, end, end + 120)
    if m is None:
        return frozenset()
    what = m.group("what").lower()
    for words in (what, what.split(" ")[0]):
        for form in (words, words[:-1], words[:-2]) if words.endswith("s") else (words,):  # ("batches", "sizes")
            if (key := setup_label_key(form)) is not None:
                return frozenset((key,))
    return frozenset()
