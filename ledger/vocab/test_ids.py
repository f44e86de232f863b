"""Test ids as test suites and their reference files print them: "TestQwen3_8B::test_eagle3[tree]", a YAML key
naming the test its indented values belong to, and the model a test class is named for."""

from __future__ import annotations

import re

from ledger.vocab.backends import attention_of_test
from ledger.vocab.models import model_names
from ledger.vocab.setup import qualifiers

# a YAML key that is a test id and nothing more ("TestX::test_y[param]:", "+test_z:" in a diff): the values
# indented under it are that test's
_TEST_KEY_RE = re.compile(
    r"^[+-]?(?P<indent>[ \t]*)(?P<id>(?:Test[A-Z0-9]|test_)[\w\[\].,-]{0,120}"
    r"(?:::[\w\[\].,-]{1,200}){0,3}):[ \t]*$"
)
_TEST_CLASS_RE = re.compile(r"(?<![\w])Test(?P<name>[A-Z][A-Za-z0-9_]{1,80})(?=::)")
# a class named for a model of a family the vocabulary does not know, by the size its name ends in ("TestQux70B",
# "TestOrca_120B"; "TestSampling", "TestFp8Gemm" name features)
_SIZED_CLASS_RE = re.compile(r"^[A-Z][a-z]{2,20}[A-Za-z0-9]{0,20}?_?\d{1,4}(?:[._]\d{1,2})?B$")
# "TestX::test_y[nvfp4_ws8_80gb-trtllm]", "test_y[fp8_tp4]": a pytest id, its class and its parameters
_TEST_ID_RE = re.compile(
    r"(?<![\w])(?:Test[A-Z][A-Za-z0-9_]{1,80}::)?(?P<name>test_\w{1,80})(?:\[(?P<params>[\w.,+-]{1,200})\])?"
)
# "ws8" in an id's parameters: the run's world size, its rank count (TensorRT-LLM's test ids)
_WORLD_SIZE_RE = re.compile(r"(?:^|(?<=[_.,+-]))ws_?(?P<n>\d{1,3})(?=$|[_.,+-])", re.IGNORECASE)
_DIFF_MARK_RE = re.compile(r"^[+-]?(?P<indent>[ \t]*)")
# a list item that is one test's id and nothing more ("- `aggr_upload-r1_fp4_v2_tep4_mtp3_1k1k`", "- `test_x[fp8]`"):
# the settings its parts spell are that test's, not the page's
_ID_ITEM_RE = re.compile(r"^[ \t]{0,8}[-*+][ \t]{1,4}(?P<tick>`?)(?P<id>[\w.:/\[\]{},+-]{8,300})(?P=tick)[ \t]{0,4}$")
_ID_PARTS = 5
"""The parts a test id without "test_" in it joins with both "_" and "-" at least (a model's name joins fewer, and
with one of them: "`Llama-3.1-8B-Instruct`")."""


def test_key(line: str) -> tuple[int, str] | None:
    """(indent, test id) of a line that is a test id's YAML key, else None."""
    m = _TEST_KEY_RE.match(line) if len(line) <= 400 else None
    return (len(m.group("indent")), m.group("id")) if m else None


def names_one_test(line: str) -> bool:
    """Whether a list item's line is one test's id alone (see _ID_ITEM_RE): a pytest id, or a ticked name of many
    parts joined by both "_" and "-" (a perf-sanity case's)."""
    m = _ID_ITEM_RE.match(line) if len(line) <= 400 else None
    if m is None:
        return False
    name = m.group("id")
    if "test_" in name or "::" in name:
        return True
    parts = name.count("_") + name.count("-")
    return bool(m.group("tick")) and "_" in name and "-" in name and "/" not in name and parts >= _ID_PARTS


def spelled_tests(line: str) -> list[str]:
    """The tests a test id's item names, one a brace's alternative ("..._mtp3_{1k1k,8k1k}" names two: "..._mtp3_1k1k"
    and "..._mtp3_8k1k"); [] where the line is no such item."""
    m = _ID_ITEM_RE.match(line) if names_one_test(line) else None
    if m is None:
        return []
    name = m.group("id")
    brace = _BRACE_RE.search(name)
    if brace is None:
        return [name]
    alternatives = brace.group(1).split(",")[:_BRACE_ALTERNATIVES]
    return [name[: brace.start()] + alt + name[brace.end() :] for alt in alternatives]


_BRACE_RE = re.compile(r"\{([\w.+-]{1,40}(?:,[\w.+-]{1,40}){1,7})\}")
_BRACE_ALTERNATIVES = 8


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
    named = (models and models[0] == name) or (not models and _SIZED_CLASS_RE.match(name))
    return _spelled_class(name) if named else None


# a class name writes a model's dots and dashes as underscores: "Llama3_1_8B" is Llama3.1-8B, "Qwen3_0_6B"
# Qwen3-0.6B (a size under one billion), "Qwen2_5_7B" Qwen2.5-7B (a version's digits before another part)
_SUB_BILLION_RE = re.compile(r"_0_(?=\d[Bb](?![a-z]))")
_VERSION_DOT_RE = re.compile(r"(?<=\d)_(?=\d{1,2}[_-])")


def _spelled_class(name: str) -> str:
    """The model's name as its makers spell it, from a test class's ("Llama3_1_8B" -> "Llama3.1-8B")."""
    return _VERSION_DOT_RE.sub(".", _SUB_BILLION_RE.sub("-0.", name)).replace("_", "-")


def test_id_setup(text: str) -> dict[str, str]:
    """What a pytest id states beyond its setup words: the model its class is named for and the world size its
    parameters give ("TestNemotronSuperV3::test_mtp[nvfp4_ws8_80gb-trtllm]": NemotronSuperV3, 8 ranks)."""
    out: dict[str, str] = {}
    if (model := test_class_model(text)) is not None:
        out["model"] = model
    # (the id's own match: "test_accuracy.py::TestX::test_y[fp8_ws4]" opens with its module's name)
    ids = list(_TEST_ID_RE.finditer(text[:400]))
    m = next((m for m in ids if m.group("params")), None)
    ws = _WORLD_SIZE_RE.search(m.group("params")) if m else None
    if ws is not None:
        out["gpu_count"] = ws.group("n")
    # (the attention backend a parameter or the test's name gives: the one test's, several tests' only where they agree)
    kernels = {k for i in ids if (k := attention_of_test(i.group("name"), i.group("params"))) is not None}
    if len(kernels) == 1:
        out["attention"] = kernels.pop()
    return out


def test_ids_in(text: str) -> list[tuple[int, str]]:
    """Each pytest id of `text` as (where it ends, the id), in order (none where no "test_" stands)."""
    if "test_" not in text:
        return []
    return [(m.end(), m.group(0)) for m in _TEST_ID_RE.finditer(text)]


def test_setup(test_id: str) -> dict[str, str]:
    """The setup a test id states: the id itself (`test`), its setup words ("test_fp8_mtp2": fp8, mtp, draft
    length 2), the model its class is named for and its world size."""
    return {"test": test_id, **qualifiers(test_id), **test_id_setup(test_id)}
