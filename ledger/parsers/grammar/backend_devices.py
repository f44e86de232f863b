"""Devices a sentence names per backend ("CUDA metrics run on RTX 4090 and CPU metrics run on an i9-13900"): each
device is its own backend's results', never the other's. The document's setup reads both devices as every result's;
a result whose backend its title or label names ("INT4 CPU", "FP16 CUDA") keeps its own backend's device and loses
the other's (a CPU's results ran on the CPU alone: the CPU is their device, as parsers.base says of any CPU run).

Apart from the setup readers, which read a sentence's devices whole; here what one sentence pairs with them."""

from __future__ import annotations

from ledger.model import Claim
from ledger.parsers.reader.blocks import Document
from ledger.vocab.backends import BACKEND_WORD_RE, SCOPED_DEVICE_RE
from ledger.vocab.setup import qualifiers

_MAX_LINE = 1000
"""Characters of a prose line read for a backend's device."""


def _scoped_devices(doc: Document) -> dict[str, dict[str, str]]:
    """Each backend (lower case) -> the device keys its sentence gives it ({"gpu": "RTX 4090"})."""
    out: dict[str, dict[str, str]] = {}
    for b in doc.blocks:
        if b.kind not in ("text", "item") or b.in_code:
            continue
        for no in range(b.start, b.end + 1):
            text = doc.line(no)[:_MAX_LINE]
            if " on " not in text:
                continue
            for m in SCOPED_DEVICE_RE.finditer(text):
                found = qualifiers(m.group("device"))
                device = {k: v for k, v in found.items() if k in ("gpu", "cpu")}
                if device:
                    out.setdefault(m.group("backend").lower(), device)
    return out


def _backend(c: Claim) -> str | None:
    """The backend a result's own setup, label or section title names, lower case (one alone)."""
    texts = [c.config.get("backend", ""), c.config.get("variant", ""), *(c.source.section[-1:] if c.source else [])]
    for text in texts:
        named = {m.group(1).lower() for m in BACKEND_WORD_RE.finditer(text[:200])}
        if len(named) == 1:
            return named.pop()
    return None


def backend_devices(doc: Document, claims: list[Claim]) -> list[Claim]:
    """Each result of a backend a sentence gave a device, with that device and none of the other backends' (see the
    module)."""
    scoped = _scoped_devices(doc)
    if len(scoped) < 2:
        return claims  # (one backend's device alone: the page's other results may well have run on it too)
    out: list[Claim] = []
    for c in claims:
        own = _backend(c)
        if own is None or own not in scoped:
            out.append(c)
            continue
        others = {(k, v) for b, device in scoped.items() if b != own for k, v in device.items()}
        config = {k: v for k, v in c.config.items() if (k, v) not in others}
        for k, v in scoped[own].items():
            config.setdefault(k, v)
        if own == "cpu" and "gpu" not in config and "cpu" in config:
            config["gpu"] = config.pop("cpu")  # (a run on the CPU alone: the CPU is its device)
        out.append(c if config == c.config else c.model_copy(update={"config": config}))
    return out
