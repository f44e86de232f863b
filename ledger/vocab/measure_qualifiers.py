"""Nouns written right after a measure's name that make it another measure: "TTFT coverage 0.9990" is the share of
the run's window the TTFT samples covered, no latency; "ITL sample ratio 0.98" likewise. The value is the
qualified measure's ("TTFT coverage"), whose name must not clash with the latency's own results."""

from __future__ import annotations

import re

MEASURE_QUALIFIER_RE = re.compile(
    r"(?P<measure>[A-Za-z][\w/-]{0,20})[ \t](?P<qualifier>coverage|sample[ \t]ratio|sample[ \t]coverage)"
    r"[ \t]{0,2}(?:[:=][ \t]{0,2}|of[ \t]|is[ \t]|was[ \t])?[~≈]?$",
    re.IGNORECASE,
)
"""A measure's name and the qualifier after it, right before the value (searched in a short window)."""
