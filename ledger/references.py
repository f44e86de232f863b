"""Registered accuracy references: TensorRT-LLM's `tests/integration/defs/accuracy/references/*.yaml`.

The files map a model to a list of entries, each an accuracy and the configuration it holds for:

    deepseek-ai/DeepSeek-V3-Lite:
      - accuracy: 64.74
      - quant_algo: NVFP4
        kv_cache_quant_algo: FP8
        spec_dec_algo: MTP
        accuracy: 63.71

Only this shape is read (a mapping of lists of flat mappings of scalars, with comments), by a small
line reader: no YAML library, no tags, no anchors, nothing executed. Lines it cannot read become
warnings with their line numbers; a file with no entry at all is an input error.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ledger.errors import DatabaseError, InputError, LedgerError
from ledger.model import ParseWarning
from ledger.vocab.metrics import normalise_metric
from ledger.vocab.setup_keys import canonical_key_name

if TYPE_CHECKING:
    from ledger.db.opened import OpenLedger

_TOP_RE = re.compile(r"^(?P<key>[^\s#:][^#]{0,300}?):\s*$")
_ITEM_RE = re.compile(r"^(?P<indent>[ \t]{0,40})-[ \t]{1,20}(?P<rest>.{0,2000})$")
_PAIR_RE = re.compile(r"^(?P<key>[A-Za-z_][\w.-]{0,100})[ \t]{0,20}:[ \t]{0,20}(?P<value>.{0,2000})$")
_CONFIG_NAMES = {"extra_acc_spec": "extra"}
"""The one reference-file key stored under its own name; every other key is canonical as compare reads it."""


@dataclass(frozen=True)
class RegisteredReference:
    """An accuracy reference from a reference file (TensorRT-LLM's references/*.yaml)."""

    benchmark: str
    model: str
    accuracy: float
    config: tuple[tuple[str, str], ...] = ()
    source: str | None = None


@dataclass
class ReferenceFile:
    """The references one file holds, and what could not be read."""

    benchmark: str
    references: list[RegisteredReference] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)


def _strip_comment(line: str) -> str:
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i].rstrip()
    return line.rstrip()


def _scalar(text: str) -> str | float | bool | None:
    t = text.strip()
    if len(t) >= 2 and t[0] == t[-1] and t[0] in "'\"":
        return t[1:-1]
    if t.lower() in ("true", "yes", "on"):
        return True
    if t.lower() in ("false", "no", "off"):
        return False
    if t.lower() in ("null", "~", ""):
        return None
    try:
        return float(t)
    except ValueError:
        return t


def parse_reference_yaml(text: str, benchmark: str, source: str | None = None) -> ReferenceFile:
    """Read one reference file's text; never raises on malformed lines (they become warnings)."""
    out = ReferenceFile(benchmark=normalise_metric(benchmark, "accuracy").name)
    model: str | None = None
    entry: dict[str, Any] | None = None
    entry_line = 0

    def flush() -> None:
        if entry is None or model is None:
            return
        acc = entry.get("accuracy")
        if isinstance(acc, bool) or not isinstance(acc, float):
            out.warnings.append(ParseWarning(entry_line, "entry without a numeric accuracy"))
            return
        config: dict[str, str] = {}
        for k, v in entry.items():
            if k == "accuracy" or v is None or v is False:
                continue
            ck = _CONFIG_NAMES.get(k, canonical_key_name(k))
            if v is True:
                if k == "mtp_enabled":
                    config.setdefault("spec_algo", "mtp")
                continue
            sv = f"{v:g}" if isinstance(v, float) else str(v)
            config[ck] = sv.lower() if ck in ("quant", "kv_cache", "spec_algo") else sv
        out.references.append(
            RegisteredReference(
                benchmark=out.benchmark, model=model, accuracy=acc, config=tuple(sorted(config.items())), source=source
            )
        )

    for n, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw)
        if not line.strip():
            continue
        m = _TOP_RE.match(line)
        if m:
            flush()
            entry = None
            model = m.group("key").strip().strip("'\"")
            continue
        item = _ITEM_RE.match(line)
        body = item.group("rest") if item else line.strip()
        if item:
            flush()
            entry, entry_line = {}, n
            if model is None:
                out.warnings.append(ParseWarning(n, "list item before any model"))
        pair = _PAIR_RE.match(body.strip())
        if pair is None or entry is None:
            out.warnings.append(ParseWarning(n, f"not read: {raw.strip()[:80]}"))
            continue
        entry[pair.group("key")] = _scalar(pair.group("value"))
    flush()
    return out


def benchmark_from_path(path: str) -> str:
    """`trtllm-accuracy-references-gsm8k.yaml` and `references/gsm8k.yaml` both give gsm8k."""
    stem = Path(path).name
    stem = re.sub(r"\.(ya?ml)$", "", stem, flags=re.IGNORECASE)
    stem = re.sub(r"^.*references?[-_]", "", stem)
    return stem


def read_reference_file(path: str, benchmark: str | None = None) -> ReferenceFile:
    """Read a reference file from disk (size limit and decoding as for documents)."""
    from ledger.ingest.sources import read_path

    src = read_path(path)
    result = parse_reference_yaml(src.text, benchmark or benchmark_from_path(path), source=Path(path).name)
    result.warnings[:0] = src.warnings
    if not result.references:
        raise InputError(path, "no accuracy references found (expected 'model:' then '- accuracy: N' entries)")
    return result


@dataclass
class Imported:
    """One reference file stored: what it held and how many entries went in."""

    path: str
    file: ReferenceFile
    stored: int

    @property
    def models(self) -> int:
        return len({r.model for r in self.file.references})


def import_references(
    db_path: str, paths: Iterable[str], benchmark: str | None = None
) -> Iterator[Imported | LedgerError]:
    """Store each reference file (replacing what the same file name stored before), one result or error each.

    The ledger is opened (created if absent) before the first file; a ledger that cannot be used raises."""
    import sqlite3

    from ledger.db.connection import open_database
    from ledger.db.targets import store_references

    db = open_database(db_path)
    for path in paths:
        try:
            parsed = read_reference_file(path, benchmark)
            rows = [
                {"benchmark": r.benchmark, "model": r.model, "config": dict(r.config), "accuracy": r.accuracy}
                for r in parsed.references
            ]
            yield Imported(path, parsed, store_references(db, rows, Path(path).name))
        except LedgerError as exc:
            yield exc
        except sqlite3.Error as exc:
            yield DatabaseError(f"database error: {exc}")


def load_registered(book: OpenLedger) -> list[RegisteredReference]:
    """Every registered reference, in import order; none when there is no usable ledger at the book's path."""
    import sqlite3

    from ledger.db.targets import registered_references

    if not book.exists():
        return []
    try:
        rows = registered_references(book.reader)
    except (LedgerError, sqlite3.Error, ImportError):
        return []
    return [
        RegisteredReference(
            benchmark=r["benchmark"],
            model=r["model"],
            accuracy=float(r["accuracy"]),
            config=tuple(sorted((str(k), str(v)) for k, v in r["config"].items())),
            source=r["source"],
        )
        for r in rows
    ]
