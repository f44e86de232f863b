"""A claim built straight into pydantic's slots: extraction makes claims by the thousand, and `model_construct` loops
over every field of each. Every field is one the contract (ledger.model.Claim) declares, in its order,
with its defaults; a field it does not know goes through `model_construct` as before."""

from __future__ import annotations

from typing import Any

from ledger.model import Claim, Source

_CLAIM_FIELDS = tuple(Claim.model_fields)
_FIELDS = tuple(f for f in _CLAIM_FIELDS if f not in ("kind", "source", "config", "parser", "approx"))
"""The fields a parser may give (kind, source, config and parser it always gives; approx defaults to False)."""

_CLAIM_REST = set(_CLAIM_FIELDS) - {"kind", "source", "config", "parser"}
_SOURCE_FIELDS = tuple(Source.model_fields)
assert _SOURCE_FIELDS == ("path", "line", "line_end", "text", "section"), "Context.claim builds a Source in this order"
_SOURCE_FIELD_SET = set(_SOURCE_FIELDS)
_CLAIM_FIELD_SET = set(_CLAIM_FIELDS)
_FLOAT_KEYS = frozenset(("value", "high", "reference", "stderr", "stddev"))
_INT_KEYS = frozenset(("passed", "failed", "skipped"))
_setattr = object.__setattr__


_CLAIM_TEMPLATE: dict[str, Any] = {**dict.fromkeys(_CLAIM_FIELDS), "approx": False}
"""A claim's fields in declaration order with _defaults' values (kind, source, config, parser are always set)."""


def built_claim(kind: str, source: Source, config: dict[str, str], parser: str, fields: dict[str, Any]) -> Claim:
    """The claim of these fields, built straight into its slots where every field is one the contract knows."""
    if fields.keys() <= _CLAIM_REST:
        values = _CLAIM_TEMPLATE.copy()  # every field in declaration order, defaults in place
        values.update(fields)
        values["kind"] = kind
        values["source"] = source
        values["config"] = config
        values["parser"] = parser
        m = Claim.__new__(Claim)
        _setattr(m, "__dict__", values)
        _setattr(m, "__pydantic_fields_set__", _CLAIM_FIELD_SET.copy())
        _setattr(m, "__pydantic_extra__", None)
        _setattr(m, "__pydantic_private__", None)
        return m
    return Claim.model_construct(kind=kind, source=source, config=config, parser=parser, **_defaults(fields))


def coerce_numbers(fields: dict[str, Any]) -> None:
    """The numbers given, in the claim's types: model_construct does not coerce (support values stay words)."""
    for key in _FLOAT_KEYS.intersection(fields):  # (the fields given: a claim gives a few of them)
        v = fields[key]
        if isinstance(v, int) and not isinstance(v, bool):
            fields[key] = float(v)
    for key in _INT_KEYS.intersection(fields):
        v = fields[key]
        if v is not None and not isinstance(v, int):
            fields[key] = int(v)


def _defaults(fields: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = dict.fromkeys(_FIELDS)
    out["approx"] = False
    out.update(fields)
    return out


def source_of(path: str | None, line: int, line_end: int, text: str, section: tuple[str, ...]) -> Source:
    """The claim's Source, built straight into its slots: claims come by the thousand."""
    source = Source.__new__(Source)
    _setattr(
        source, "__dict__", {"path": path, "line": line, "line_end": line_end, "text": text, "section": list(section)}
    )
    _setattr(source, "__pydantic_fields_set__", _SOURCE_FIELD_SET.copy())
    _setattr(source, "__pydantic_extra__", None)
    _setattr(source, "__pydantic_private__", None)
    return source
