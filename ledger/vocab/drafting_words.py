"""The drafting methods a text names by a word with no digit in it ("EAGLE", "n-gram", "DSpark"): the spec_algo setup
word's triggers and openings, and the quick look for any setup word in a line without a digit, read from one list so
that a method added is found by both (DFlash once missed the quick look while the word knew it)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ledger.vocab.recipe_keys import recipe_key

METHOD_WORDS = ("eagle", "ngram", "n-gram", "medusa", "pard", "lookahead", "mtp", "dflash", "dspark", "hydra", "suffix")

_SPACED_RE = re.compile(r"[ -](?=\d$)|(?<=^n)-(?=gram$)")
"""The space or hyphen before a method's version digit ("eagle-3" is "eagle3"), and n-gram's ("ngram", vLLM's)."""


def unspaced_method(written: str) -> str:
    """ "EAGLE-3" -> "eagle3", "n-gram" -> "ngram": a method's name as one word, lower-cased."""
    return _SPACED_RE.sub("", written.lower())


HYBRID_PART = r"eagle3?|n-?gram|medusa|mtp|suffix|lookahead|dflash|dspark|hydra"
"""A method as one half of a hybrid that joins two by "-" or "+" ("ngram-eagle", "MTP+ngram")."""


# the name a method word may end: letters, digits and the hub's separators, back to a blank, a quote or a bracket
_NAME_BEFORE_RE = re.compile(r"[\w./-]{1,100}$")
_GLUED_MTP_RE = re.compile(r"(?<=[-_])mtp(?![\w-])", re.IGNORECASE)


def checkpoint_mtp_blanked(text: str, model_names: Callable[[str], list[str]]) -> str:
    """`text` with the MTP word blanked where it ends a checkpoint's name ("serving Qwen3-30B-A3B-mtp"): the checkpoint
    carries the layers MTP drafts with, no setting of the run (a serial decode of it drafts nothing), so the run's own
    words say whether they drafted. EAGLE's and the others' heads are checkpoints of their own, and a name ending in
    one is the draft model the run served."""
    for m in _GLUED_MTP_RE.finditer(text) if "mtp" in text or "MTP" in text or "Mtp" in text else ():
        head = _NAME_BEFORE_RE.search(text, max(0, m.start() - 100), m.start())
        name = text[head.start() : m.end()] if head is not None else ""
        # (a recipe key's "-mtp", "qwen3-fp8-h100-sglang-mtp", is the runs' method, as its "-eagle" is)
        if name and name in model_names(name) and not recipe_key(name):
            text = text[: m.start()] + "   " + text[m.end() :]
    return text


_ON_CELL_RE = re.compile(r"^(?:on|yes|enabled?|true|✓|✔|✅)$", re.IGNORECASE)
_METHOD_WORD_RE = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(w) for w in METHOD_WORDS) + r")(?![\w-])", re.IGNORECASE
)


def spec_on_cell(key: str, head: str, cell: str) -> dict[str, str] | None:
    """The setup an "on" cell states under a column that names a drafting method ("on" under "mtp"): that method
    switched on, no draft length (none is stated, and "on" is none); None for any other cell or column."""
    if key not in ("draft_len", "spec_algo") or _ON_CELL_RE.match(cell.strip(" *_`")) is None:
        return None
    m = _METHOD_WORD_RE.search(head)
    return {"spec_algo": unspaced_method(m.group(1))} if m is not None else None


def draft_method_cell(key: str, words: dict[str, str]) -> dict[str, str] | None:
    """The setup a cell under a draft-length column states where it names a drafting method instead ("ngram",
    "EAGLE3" under "draft"; `words` its qualifiers): the method, and a length only where one is printed beside it;
    None for a count ("4" is the length) or any cell naming something else too."""
    if key != "draft_len" or "spec_algo" not in words or not set(words) <= {"spec_algo", "draft_len"}:
        return None
    return dict(words)
