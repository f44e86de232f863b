"""The words that tell what a support page's heading scopes its tables to: the backend (or engine mode) a
section speaks for ("Models supported by TurboMind", "Served by the eager backend", "PyTorch backend"), the
words after "by" that name a kind of thing instead ("Supported by architecture", "By Hardware"), and the column of a
row's model sizes ("| Arch | Size | BF16 |" over "| Qwen2 | 0.5B - 72B | Yes |") that qualifies the row's cells."""

from __future__ import annotations

import re

BACKEND_WORDS = ("backend", "backends", "engine", "engines", "runtime", "mode")
"""A name followed by one of these names a backend of the engine the page speaks for."""

NOT_A_BACKEND = frozenset(
    (
        # what stands before "backend" and names no backend of its own
        "the", "a", "an", "this", "that", "each", "every", "our", "its", "default", "same", "other", "which",
        "new", "old", "inference", "serving", "attention", "attn", "moe", "kernel", "kernels", "gemm", "sampling",
        "supported", "unsupported", "experimental", "legacy", "alternative", "both", "all", "any", "one", "two",
        # what follows "by" in a heading that sorts its tables by a kind of thing
        "architecture", "architectures", "model", "models", "family", "families", "hardware", "gpu", "gpus",
        "device", "devices", "platform", "platforms", "precision", "precisions", "quantization", "quantisation",
        "task", "tasks", "feature", "features", "type", "types", "modality", "modalities", "vendor", "vendors",
        "size", "sizes", "name", "category", "categories", "us", "community", "organization", "provider",
    )
)  # fmt: skip
"""Lower-case words that are never the backend a heading names."""

_NAME = r"([A-Za-z][\w.+-]{0,30})"
# "... by the FastPath backend", "... by TurboMind", "... using the PyTorch engine": the heading's last words
HEADING_BY_RE = re.compile(
    r"\b(?:by|with|using|via)[ \t]+(?:the[ \t]+)?" + _NAME + r"(?:[ \t]+(" + "|".join(BACKEND_WORDS) + r"))?"
    r"[ \t]*[:.]?[ \t]*$",
    re.IGNORECASE,
)
# "PyTorch backend", "Eager engine (experimental)": a name and a backend word anywhere in the heading
HEADING_NAMED_RE = re.compile(r"(?<![\w.+-])" + _NAME + r"[ \t]+(?:" + "|".join(BACKEND_WORDS) + r")\b", re.IGNORECASE)

# a footnote that says a row is NOT served by a backend ("Not supported on the AutoDeploy backend", "isn't ..."): the
# backend it names is no scope of the row's cells
NOTE_NEGATION_RE = re.compile(r"\b(?:not|no\s+longer|never|unsupported|except)\b|n't\b", re.IGNORECASE)

SIZE_KEY = "model_size"
"""The setup key of the sizes a support row answers for ("7B - 72B")."""
SIZE_HEADER_RE = re.compile(
    r"^(?:model[ _]?)?(?:sizes?|params|parameters|#[ ]?params|param(?:eter)?s?[ _]count)(?:[ ]?\(s\))?$",
    re.IGNORECASE,
)
"""A support table's column of each row's model sizes ("Size", "Model Size", "Params", "#Params")."""
# "7B", "0.5B - 72B", "1.8B/7B/72B", "180M": a parameter count with its unit; a mixture's size is one too, by its
# experts ("8x7B") or its active parameters ("A2.7B", "236B-A21B"), no range (bounded, linear)
SIZE_CELL_RE = re.compile(r"(?<![\w.])(?:\d{1,3}x|A)?\d{1,4}(?:\.\d{1,2})?[ ]?[MBT](?![A-Za-z])")
