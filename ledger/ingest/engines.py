"""A document's engine, as ingest and extract settle it: what the user says (`--engine`), else its repository's
(`--repo`, a fetched PR's), else its URL's (a GitHub or docs-site URL), else its repository's own name when we do
not know it as an engine's ("vllm-ascend"), else what its own cells say (the parsers
read the file name and the text, ledger/parsers/support/engine.py). Every claim of the document then
speaks for that engine, except a cell of a column named for another engine ("| vLLM | SGLang |" in a survey
across engines).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ledger.errors import UsageError
from ledger.vocab.engines import engine_for_repo, engine_for_url, engine_named, engine_of_repo, short_name

_ENGINE_KINDS = frozenset({"support", "listing", "constraint"})
"""The kinds the parsers give an engine of their own."""


def given_engine(engine: str | None, repo: str | None, url: str | None) -> str | None:
    """The engine the options name: --engine (a known spelling becomes its short name; another name is kept as
    typed), else --repo's, else --url's, else --repo's own name (a repository we do not know as an engine's);
    None when none of them names one."""
    if engine is not None:
        name = short_name(engine)
        if not name or len(name) > 100 or any(not ch.isprintable() for ch in name):
            raise UsageError(f"--engine {engine[:100]!r}: expected an engine's name (TensorRT-LLM, vLLM, SGLang, ...)")
        return name
    found = engine_for_repo(repo) or engine_for_url(url)
    return found.name if found else engine_of_repo(repo)


def column_claim(c: dict[str, Any]) -> bool:
    """A cell whose column is named for an engine: it speaks for that engine, whatever the document's is."""
    return c.get("kind") == "support" and engine_named(str(c.get("feature") or "")) is not None


def stated_engine(claims: Iterable[dict[str, Any]]) -> str | None:
    """The engine the document's own cells speak for (the parsers' reading of its name and text)."""
    votes = Counter(
        str(c["engine"]) for c in claims if c.get("kind") in _ENGINE_KINDS and c.get("engine") and not column_claim(c)
    )
    return votes.most_common(1)[0][0] if votes else None


def stamp_engine(engine: str | None, claims: list[dict[str, Any]]) -> str | None:
    """Settle the document's engine (`engine` if given, else what its cells say) and write it on every claim
    (contract-shaped dicts, changed in place) but the engine-column cells. Returns the engine."""
    engine = engine or stated_engine(claims)
    if engine:
        for c in claims:
            if not column_claim(c):
                if c.get("kind") == "support" and c.get("subject") and c.get("subject") == c.get("engine"):
                    c["subject"] = engine  # (an engine's own feature list: the engine is the subject of its cells)
                c["engine"] = engine
    return engine
