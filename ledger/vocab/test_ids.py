"""Test ids as test suites and their reference files print them: "TestQwen3_8B::test_eagle3[tree]", a YAML key
naming the test its indented values belong to, and the model a test class is named for."""

from __future__ import annotations

import re

from ledger.vocab.models import model_names
from ledger.vocab.setup import qualifiers

# a YAML key that is a test id and nothing more ("TestX::test_y[param]:", "+test_z:" in a diff): the values
# indented under it are that test's
_TEST_KEY_RE = re.compile(
    r"^[+-]?(?P<indent>[ \t]*)(?P<id>(?:Test[A-Z0-9]|test_)[\w\[\].,-]{0,120}"
    r"(?:::[\w\[\].,-]{1,200}){0,3}):[ \t]*$"
)
_TEST_CLASS_RE = re.compile(r"(?<![\w])Test(?P<name>[A-Z][A-Za-z0-9_]{1,80})(?=::)")
_DIFF_MARK_RE = re.compile(r"^[+-]?(?P<indent>[ \t]*)")


def test_key(line: str) -> tuple[int, str] | None:
    """(indent, test id) of a line that is a test id's YAML key, else None."""
    m = _TEST_KEY_RE.match(line) if len(line) <= 400 else None
    return (len(m.group("indent")), m.group("id")) if m else None


def indent_of(line: str) -> int:
    """The indent of a YAML line, a diff's +/- mark left out."""
    m = _DIFF_MARK_RE.match(line)
    return len(m.group("indent")) if m else 0


def test_class_model(text: str) -> str | None:
    """The model a test class is named for ("TestQwen3_30B_A3B::test_x" -> "Qwen3_30B_A3B"), else None: a class
    named for a feature ("TestSampling::") names none."""
    m = _TEST_CLASS_RE.search(text[:400])
    if m is None:
        return None
    name = m.group("name").strip("_")
    models = model_names(name)
    return name if models and models[0] == name else None


def test_setup(test_id: str) -> dict[str, str]:
    """The setup a test id states: the id itself (`test`), its setup words ("test_fp8_mtp2": fp8, mtp, draft
    length 2) and the model its class is named for."""
    out = {"test": test_id, **qualifiers(test_id)}
    model = test_class_model(test_id)
    if model is not None:
        out["model"] = model
    return out
