"""What the title alone settles of the document default, after every line has been read: the one model it names is
the default where the other models are each a section's or a lead-in's own ("... for Wren-9B" over a description's
timings, a later comment's "## acme/Kestrel-7B" over that model's scores), and a precision it names only as the KV
cache's is no weights' precision ("Faster nvfp4 kernels" over "nvfp4 KV cache"), and the attention kernel it names
("fix b200 fa4 ci") is the runs' where no line names one.

Apart from document_default because these read the default as a whole, never a line.
"""

from __future__ import annotations

from ledger.parsers.grammar.default_reach import Statement, spelled
from ledger.parsers.grammar.page_quantiser import page_quantiser
from ledger.parsers.grammar.setup_scopes import is_draft_model, line_setup
from ledger.parsers.reader.blocks import Document
from ledger.vocab.abbreviated_models import title_abbreviations
from ledger.vocab.backends import title_attention
from ledger.vocab.model_spellings import one_model
from ledger.vocab.models import model_names, of_family
from ledger.vocab.passing_names import passing_models


def title_readings(
    doc: Document,
    out: dict[str, str],
    seen: dict[str, list[str]],
    led: dict[str, list[str]],
    said: list[Statement],
    varied: set[str],
) -> dict[str, str]:
    """`out`, the document default, with what the title settles (see the module): `seen` the values the default
    counts, `led` the lead-ins' and sections' own, `said` every value stated and where, `varied` the keys a table's
    rows vary. A quantiser's page's title states its method (grammar.page_quantiser) where no line states one, and a
    title's attention kernel the runs' (vocab.backends.title_attention) where no line names one."""
    if "quant" not in out and (method := page_quantiser(doc, [*seen.get("quant", ()), *led.get("quant", ())])):
        out = {**out, "quant": method}  # AutoAWQ's README: its tables time AWQ checkpoints (beside "int4", its bits)
    stated = "attention" in out or seen.get("attention") or led.get("attention")
    if not stated and doc.blocks and (kernel := title_attention(doc.blocks[0].text)):
        out = {**out, "attention": kernel}  # "fix b200 fa4 ci": the CI job's runs are FA4's
    return _title_model(doc, _kv_title_precision(doc, out, seen, led), seen, said, varied)


def _title_model(
    doc: Document, default: dict[str, str], seen: dict[str, list[str]], said: list[Statement], varied: set[str]
) -> dict[str, str]:
    """`default` with the one model the title names where no other line names a model outside its own section or
    lead-in ("... for Wren-9B" over a description's timings, a later comment's "## acme/Kestrel-7B" over that model's
    scores): the results no section claims are the title's model's, whatever models the sections name for their own
    (not where a table's rows name models and others none: `varied`)."""
    title = doc.blocks[0].start if doc.blocks else 0
    named = seen.get("model", [])
    if "model" in default or "model" in varied or not named:
        return default
    if any(no != title for no, k, _, counted in said if k == "model" and counted):
        return default
    return {**default, "model": named[0]} if len({spelled("model", v) for v in named}) == 1 else default


def _kv_title_precision(
    doc: Document, out: dict[str, str], seen: dict[str, list[str]], led: dict[str, list[str]]
) -> dict[str, str]:
    """ "Faster nvfp4 kernels" as the title, over a body that names nvfp4 only as the KV cache's precision: the title
    speaks of the cache, not of the weights the runs served (their precision is not stated)."""
    quant = out.get("quant")
    if quant is None or len(seen.get("quant", ())) != 1 or led.get("quant") or not doc.blocks:
        return out
    kv = {v.lower() for v in (*seen.get("kv_cache", ()), *led.get("kv_cache", ()))}
    if quant.lower() in kv and doc.blocks[0].kind == "heading" and line_setup(doc.blocks[0].text).get("quant") == quant:
        del out["quant"]
    return out


def family_member(doc: Document, family: str, spans: list[tuple[int, int]]) -> str:
    """The title's bare family word made the model the body names of that family: "... for qwen" over "checkpoints
    such as `nvidia/Qwen3-30B-A3B-NVFP4`" (an example the setup readers read blanked, yet the one checkpoint of the
    family the text names: the title's word is the fallback, never over the name in full). The family word where
    the prose of the owner's turns (`spans`) names no model of it, or two."""
    named: list[str] = []
    for b in doc.blocks:
        if b.kind not in ("text", "item") or b.in_code or not any(a <= b.start <= z for a, z in spans):
            continue
        for no in range(b.start, min(b.end, b.start + 8) + 1):
            line = doc.line(no)[:2000]
            hedged = passing_models(line)
            named += [m for m in model_names(line) if of_family(m, family) and not (m in hedged or is_draft_model(m))]
    if not named or (len({spelled("model", m) for m in named}) > 1 and not one_model(named)):
        return family
    return max(named, key=len)


def tagged_models(title: str, models: list[str]) -> list[str]:
    """The models a title names, `models` those model_names reads in it, with those it tags by an abbreviation:
    "[DSv32] [GLM5] ..." names DeepSeek-V3.2 beside GLM5, so the title's model is neither (the default is then the
    one the lines of the runs name, if they name one)."""
    return models + [m for m in title_abbreviations(title) if m not in models] if models else models
