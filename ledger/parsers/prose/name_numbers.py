"""Numbers that are part of a name, measuring nothing: a device's ("on an RTX 4090", "MI300X"), a model's version in
its spaced name ("Llama 3.1 8B"); a corpus's ("WikiText 2") is read with the releases (vocab.explaining_numbers).

Apart from guards.py because each asks a vocabulary of names, where the guards read the words around a number."""

from __future__ import annotations

from ledger.parsers.grammar.numbers import Number
from ledger.vocab.models import family_versions, model_names
from ledger.vocab.setup import HARDWARE_NAME_RE


def in_a_name(text: str, n: Number) -> bool:
    """The number is part of a device's or a model's name."""
    return _in_device_name(text, n) or _in_model_name(text, n)


def _in_device_name(text: str, n: Number) -> bool:
    """The number is part of a device's name ("on an RTX 4090", "MI300X"): it names hardware, it measures nothing."""
    for m in HARDWARE_NAME_RE.finditer(text, max(0, n.start - 16), min(len(text), n.end + 12)):
        if m.start() <= n.start < m.end():
            return True
    return False


def _in_model_name(text: str, n: Number) -> bool:
    """The number is the version in a model's spaced name ("the Throughput of Llama 3.1 8B", "8k for Llama 3."): it
    names a model."""
    if n.unit is not None or n.start < 2 or text[n.start - 1] != " " or not text[n.start - 2].isalpha():
        return False
    a = max(0, n.start - 24)
    window = text[a : min(len(text), n.end + 24)]
    for name in model_names(window) + family_versions(window):
        i = window.find(name)
        if i >= 0 and a + i <= n.start < a + i + len(name):
            return True
    return False
