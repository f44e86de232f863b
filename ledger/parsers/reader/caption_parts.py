"""A chart's caption that states each model's runs apart, after the figure it captions:

    <sub>Preliminary numbers. vLLM v0.8.0 | Gemma-2-9B: L4 FP8 BS 16, L40S FP8 BS 64 | Gemma-2-27B: L4 FP8 BS 8 </sub>

Each "Model: board setup, board setup" part is the setup of that model's results on each board, the chart's and the
prose's that state them above it; it is no setup of the page (four batch sizes, one per model and board), so the
setup readers read the caption with those parts blanked (grammar.caption_models gives each result its own part)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ledger.vocab.models import model_names
from ledger.vocab.setup import qualifiers

# "Llama-70B: H100 FP8 BS 8, H200 FP8 BS 32": a model's name, a colon, then its entries (each part bounded: the
# line is split on "|" first, so no part holds another)
_PART_RE = re.compile(
    r"^(?P<lead>\s{0,8})(?P<model>[A-Za-z][\w.+-]{1,40}(?: [\w.+-]{1,20}){0,2})\s{0,2}:\s{0,4}(?P<rest>.{3,240})$"
)
_CAPTION_OPEN_RE = re.compile(r"<sub>", re.IGNORECASE)
_CAPTION_CLOSE_RE = re.compile(r"</sub>", re.IGNORECASE)
_TAG_RE = re.compile(r"</?sub>", re.IGNORECASE)
_CAPTION_LINES = 4  # (a caption wraps over a few lines at most)


@dataclass(frozen=True)
class ModelPart:
    """One model's part of a caption line: where it stands (line, columns) and each board's setup, by entry."""

    line: int
    start: int
    end: int
    model: str
    entries: tuple[dict[str, str], ...]


def caption_lines(lines: list[str]) -> list[int]:
    """The lines (1-based) inside a `<sub>` caption, its opening and closing lines with them."""
    out: list[int] = []
    for i, line in enumerate(lines):
        if not _CAPTION_OPEN_RE.search(line):
            continue
        for j in range(i, min(i + _CAPTION_LINES, len(lines))):
            out.append(j + 1)
            if _CAPTION_CLOSE_RE.search(lines[j]):
                break
    return sorted(set(out))


def model_parts(lines: list[str]) -> list[ModelPart]:
    """Every model's part of every caption line: a part naming one model before its colon, whose entries each name a
    board and a setting of it ("H200 FP8 BS 32")."""
    out: list[ModelPart] = []
    for no in caption_lines(lines):
        text = _TAG_RE.sub(lambda m: " " * len(m.group(0)), lines[no - 1][:2000])
        if "|" not in text or ":" not in text:
            continue
        at = 0
        for piece in text.split("|"):
            part = _part(no, at, piece)
            if part is not None:
                out.append(part)
            at += len(piece) + 1
    return out


def _part(no: int, at: int, piece: str) -> ModelPart | None:
    m = _PART_RE.match(piece.rstrip())
    if m is None or model_names(m.group("model")) != [m.group("model").strip()]:
        return None
    entries = tuple(qualifiers(e) for e in m.group("rest").split(","))
    if not entries or not all("gpu" in e and len(e) > 1 for e in entries):
        return None
    return ModelPart(no, at + len(m.group("lead")), at + len(piece.rstrip()), m.group("model").strip(), entries)


def parts_blanked(lines: list[str]) -> dict[int, str]:
    """The caption lines holding model parts, those parts blanked (what the setup readers read of them)."""
    out: dict[int, str] = {}
    for part in model_parts(lines):
        text = out.get(part.line, lines[part.line - 1])
        out[part.line] = text[: part.start] + " " * (part.end - part.start) + text[part.end :]
    return out
