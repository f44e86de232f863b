"""Charts as SVG, drawn on the server: a series of values across revisions or documents, with its reference
line and noise band. No JavaScript, no fonts or scripts from anywhere: the markup is the picture.

    svg = line_chart(Chart(title="gsm8k (draft_len=1)", y_label="gsm8k", points=[Point("R1", 95.8, ...), ...],
                           reference=96.36, band=(95.1, 96.5), band_label="±1.5 (binomial n=1319)"))

Every piece of text (titles, labels, tooltips) is escaped here: a metric name or a revision label comes from
a document and is data. The root element carries the chart's numbers as attributes (`data-points`,
`data-y-min`, `data-y-max`) so tests, and anyone scraping a page, read them without measuring pixels.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape

__all__ = ["Chart", "Point", "line_chart", "nice_ticks"]

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 36, 58
"""The plot area's margins: room for the title above, tick labels at the left and revision labels below."""
MAX_LABEL = 14
"""Characters of an x label drawn under the axis (the whole label is in the point's tooltip)."""


@dataclass(frozen=True)
class Point:
    """One value of a series."""

    label: str
    """Where it was measured, short (drawn under the axis): "R3", "v2", "#20144"."""
    value: float
    high: float | None = None
    """The high end of a stated range (drawn as a bar from value to high)."""
    title: str = ""
    """The tooltip: the revision's full name, the value as printed, the line it came from."""
    href: str | None = None
    """Where the point links: the line of the document the value was read from."""


@dataclass
class Chart:
    title: str
    y_label: str
    points: Sequence[Point]
    reference: float | None = None
    """A horizontal line: the reference the values are held to."""
    band: tuple[float, float] | None = None
    """A shaded horizontal band: the values within noise of the baseline."""
    band_label: str = ""
    notes: list[str] = field(default_factory=list)


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten apart) covering lo..hi."""
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return []
    if hi < lo:
        lo, hi = hi, lo
    if hi == lo:
        pad = abs(lo) * 0.01 or 1.0
        lo, hi = lo - pad, hi + pad
    raw = (hi - lo) / max(1, count - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    start = math.floor(lo / step) * step
    ticks: list[float] = []
    t = start
    while t <= hi + step * 1e-9 and len(ticks) < 50:
        ticks.append(round(t, 12))
        t += step
    if ticks[-1] < hi:
        ticks.append(round(t, 12))
    return ticks


def _fmt(v: float) -> str:
    if v == 0:
        return "0"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    return f"{v:.6g}"


def line_chart(chart: Chart) -> str:
    """The chart as one `<svg>` element (a string of markup, every text escaped)."""
    pts = [p for p in chart.points if math.isfinite(p.value)]
    values = [p.value for p in pts] + [p.high for p in pts if p.high is not None and math.isfinite(p.high)]
    if chart.reference is not None and math.isfinite(chart.reference):
        values.append(chart.reference)
    if chart.band is not None:
        values += [v for v in chart.band if math.isfinite(v)]
    ticks = nice_ticks(min(values), max(values)) if values else [0.0, 1.0]
    y_min, y_max = ticks[0], ticks[-1]
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(v: float) -> float:
        return TOP + ph - (v - y_min) / (y_max - y_min) * ph

    # one x position per place (revision, document): two values stated at one revision stand one above the
    # other, never as two revisions with the same name side by side
    slots = list(dict.fromkeys(p.label for p in pts))
    slot = {label: i for i, label in enumerate(slots)}

    def x(i: int) -> float:
        n = slot[pts[i].label]
        return LEFT + (pw / 2 if len(slots) == 1 else n * pw / (len(slots) - 1))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ledger-chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(chart.title)}" '
        f'data-points="{len(pts)}" data-x-positions="{len(slots)}" data-y-min="{y_min:g}" '
        f'data-y-max="{y_max:g}">',
        f"<title>{escape(chart.title)}</title>",
        f'<text class="title" x="{LEFT}" y="20" font-size="14" font-weight="bold">{escape(_cut(chart.title, 80))}'
        "</text>",
    ]
    if chart.band is not None:
        lo, hi = sorted(chart.band)
        out.append(
            f'<rect class="band" x="{LEFT}" y="{y(hi):.1f}" width="{pw}" height="{max(0.5, y(lo) - y(hi)):.1f}" '
            f'fill="#d9ead3" data-low="{lo:g}" data-high="{hi:g}"><title>{escape(chart.band_label or "noise")}'
            "</title></rect>"
        )
    for t in ticks:
        out.append(
            f'<line class="grid" x1="{LEFT}" x2="{LEFT + pw}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#e5e5e5"/>'
        )
        out.append(
            f'<text class="tick y" x="{LEFT - 6}" y="{y(t) + 4:.1f}" font-size="11" text-anchor="end">'
            f"{escape(_fmt(t))}</text>"
        )
    out.append(f'<line class="axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + ph}" stroke="#444"/>')
    out.append(f'<line class="axis" x1="{LEFT}" x2="{LEFT + pw}" y1="{TOP + ph}" y2="{TOP + ph}" stroke="#444"/>')
    out.append(
        f'<text class="axis-label" x="14" y="{TOP + ph / 2:.1f}" font-size="11" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + ph / 2:.1f})">{escape(_cut(chart.y_label, 40))}</text>'
    )
    if chart.reference is not None and math.isfinite(chart.reference):
        ry = y(chart.reference)
        out.append(
            f'<line class="reference" x1="{LEFT}" x2="{LEFT + pw}" y1="{ry:.1f}" y2="{ry:.1f}" stroke="#b45f06" '
            f'stroke-dasharray="6 4" data-value="{chart.reference:g}"><title>reference {_fmt(chart.reference)}'
            "</title></line>"
        )
        out.append(
            f'<text class="reference-label" x="{LEFT + pw - 4}" y="{ry - 4:.1f}" font-size="11" '
            f'text-anchor="end" fill="#b45f06">ref {escape(_fmt(chart.reference))}</text>'
        )
    if len(pts) > 1:
        path = " ".join(f"{'M' if i == 0 else 'L'}{x(i):.1f},{y(p.value):.1f}" for i, p in enumerate(pts))
        out.append(f'<path class="line" d="{path}" fill="none" stroke="#1f5fa8" stroke-width="1.5"/>')
    out += _marks(pts, x, y, slots)
    caption = chart.band_label and f"shaded: within noise ({chart.band_label})"
    if caption:
        out.append(
            f'<text class="caption" x="{LEFT}" y="{HEIGHT - 8}" font-size="11" fill="#555">'
            f"{escape(_cut(caption, 95))}</text>"
        )
    out.append("</svg>")
    return "\n".join(out)


def _marks(
    pts: Sequence[Point], x: Callable[[int], float], y: Callable[[float], float], slots: Sequence[str]
) -> list[str]:
    """Each point (its stated range as a bar, linked to its line) and each place's label under the axis, once."""
    out: list[str] = []
    every = max(1, math.ceil(len(slots) / 12))  # at most about 12 labels under the axis
    slot = {label: i for i, label in enumerate(slots)}
    labelled: set[str] = set()
    for i, p in enumerate(pts):
        cx, cy = x(i), y(p.value)
        tip = escape(p.title or f"{p.label}: {_fmt(p.value)}")
        mark = ""
        if p.high is not None and math.isfinite(p.high):
            mark = (
                f'<line class="range" x1="{cx:.1f}" x2="{cx:.1f}" y1="{cy:.1f}" y2="{y(p.high):.1f}" '
                'stroke="#1f5fa8" stroke-width="3"/>'
            )
        mark += (
            f'<circle class="point" cx="{cx:.1f}" cy="{cy:.1f}" r="4" fill="#1f5fa8" '
            f'data-value="{p.value:g}"><title>{tip}</title></circle>'
        )
        out.append(f'<a href="{escape(p.href)}">{mark}</a>' if p.href else mark)
        n = slot[p.label]
        if p.label not in labelled and (n % every == 0 or n == len(slots) - 1):
            labelled.add(p.label)
            out.append(
                f'<text class="tick x" x="{cx:.1f}" y="{HEIGHT - BOTTOM + 16}" font-size="11" '
                f'text-anchor="middle">{escape(_cut(p.label, MAX_LABEL))}</text>'
            )
    return out


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
