"""The CI machinery a document's lines name, blanked for the setup readers: a bot command ("/bot run --stage-list
"A10-TensorRT-2""), a CI job's name in a sentence ("the DGX_B200-4_GPUs-PyTorch-Post-Merge-1 job timed out") and a
link's pinned file ("/blob/<sha>/tests/l0_h100.yml#L40") name CI machines and files, so their devices and numbers set
up no result, in their own post or any other (vocab.ci_jobs)."""

from __future__ import annotations

from collections.abc import Callable

from ledger.vocab.ci_jobs import ci_spans


def ci_blanked(count: int, line: Callable[[int], str]) -> dict[int, str]:
    """Line number (from 1) -> the line (`line`: as the setup readers read it so far) with its CI machinery
    blanked, for the `count` lines that name some."""
    out: dict[int, str] = {}
    for no in range(1, count + 1):
        text = line(no)
        if len(text) > 4000:
            continue
        spans = ci_spans(text)
        if spans:
            chars = list(text)
            for a, b in spans:
                chars[a:b] = " " * (b - a)
            out[no] = "".join(chars)
    return out
