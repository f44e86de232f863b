"""Server-drawn charts: well-formed SVG, the points and ranges stated on the root, every text escaped."""

from __future__ import annotations

from xml.etree import ElementTree

from ledger.web.svg import Chart, Point, line_chart, nice_ticks

NS = "{http://www.w3.org/2000/svg}"


def _parse(chart: Chart) -> ElementTree.Element:
    return ElementTree.fromstring(line_chart(chart))


def test_ticks_are_round_and_cover_the_values() -> None:
    assert nice_ticks(95.53, 96.74) == [95.5, 96.0, 96.5, 97.0]
    assert nice_ticks(0, 1000) == [0, 250, 500, 750, 1000]
    t = nice_ticks(1.969, 1.971)
    assert t[0] <= 1.969 and t[-1] >= 1.971 and len(t) <= 8
    assert nice_ticks(5.0, 5.0)[0] < 5.0 < nice_ticks(5.0, 5.0)[-1]  # one value still gets an axis


def test_points_reference_band_and_axis_range() -> None:
    pts = [Point("R1", 95.75, 96.36, href="/-/ledger/doc/1/v1#L280"), Point("R2", 96.0), Point("R3", 96.25)]
    svg = _parse(Chart("gsm8k", "gsm8k", pts, reference=96.36, band=(95.0, 97.0), band_label="±1 (default)"))
    assert svg.get("data-points") == "3" and len(svg.findall(f".//{NS}circle")) == 3
    assert float(svg.get("data-y-min") or 0) <= 95.0 and float(svg.get("data-y-max") or 0) >= 97.0
    assert [c.get("data-value") for c in svg.iter(f"{NS}circle")] == ["95.75", "96", "96.25"]
    assert svg.find(f"{NS}line[@class='reference']").get("data-value") == "96.36"
    assert svg.find(f"{NS}rect[@class='band']").get("data-low") == "95"
    assert len(svg.findall(f".//{NS}line[@class='range']")) == 1  # the stated range 95.75-96.36
    assert [a.get("href") for a in svg.iter(f"{NS}a")] == ["/-/ledger/doc/1/v1#L280"]
    labels = [t.text for t in svg.iter(f"{NS}text") if "x" in (t.get("class") or "").split()]
    assert labels == ["R1", "R2", "R3"]
    # points go left to right, higher values higher up
    cx = [float(c.get("cx") or 0) for c in svg.iter(f"{NS}circle")]
    cy = [float(c.get("cy") or 0) for c in svg.iter(f"{NS}circle")]
    assert cx == sorted(cx) and cy == sorted(cy, reverse=True)


def test_every_text_is_escaped() -> None:
    evil = '<script>alert(1)</script>" onload="x'
    svg = line_chart(
        Chart(
            evil,
            evil,
            [Point(evil, 1.0, title=evil, href='javascript:"x"'), Point("b", 2.0)],
            band=(0.5, 1.5),
            band_label=evil,
        )
    )
    root = ElementTree.fromstring(svg)  # well-formed: no stray markup
    assert not [el for el in root.iter() if el.tag.endswith("script")]
    assert all(not k.startswith("on") for el in root.iter() for k in el.attrib)
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_one_point_and_many_points() -> None:
    one = _parse(Chart("t", "y", [Point("only", 3.0)]))
    assert one.get("data-points") == "1" and one.find(f"{NS}path") is None
    many = _parse(Chart("t", "y", [Point(f"P{i}", float(i)) for i in range(60)]))
    assert many.get("data-points") == "60"
    labels = [t for t in many.iter(f"{NS}text") if "x" in (t.get("class") or "").split()]
    assert 5 <= len(labels) <= 13  # not 60 labels on top of each other


def test_two_values_of_one_revision_share_its_x_position() -> None:
    # a revision that states a series twice is one place on the axis, labelled once (not "R1 R1")
    pts = [Point("R1", 95.1), Point("R2", 95.4), Point("R2", 95.6), Point("R3", 95.9)]
    svg = _parse(Chart("gsm8k", "gsm8k (%)", pts))
    assert svg.get("data-points") == "4" and svg.get("data-x-positions") == "3"
    cx = [float(c.get("cx") or 0) for c in svg.iter(f"{NS}circle")]
    assert cx[1] == cx[2] and cx[0] < cx[1] < cx[3]
    labels = [t.text for t in svg.iter(f"{NS}text") if "x" in (t.get("class") or "").split()]
    assert labels == ["R1", "R2", "R3"]
    axis = [t.text for t in svg.iter(f"{NS}text") if t.get("class") == "axis-label"]
    assert axis == ["gsm8k (%)"]


def test_an_axis_names_the_unit_of_its_series() -> None:
    from ledger.web.charts import series_axis

    assert series_axis("gsm8k", "accuracy", None, [95.8, 96.2]).label == "gsm8k (%)"
    mixed = series_axis("mmlu", "accuracy", None, [62.4, 0.632])
    assert mixed.label == "mmlu (%)" and mixed.draw(0.632) == 63.2 and mixed.draw(62.4) == 62.4 and mixed.note
    assert series_axis("mmlu", "accuracy", None, [0.61, 0.632]).label == "mmlu (fraction, 0-1)"
    assert series_axis("TTFT", "perf", "ms", [158, 30]).label == "TTFT (ms)"
    assert series_axis("speed-up", "perf", None, [1.2]).label == "speed-up (no unit stated)"
    assert (
        series_axis("acceptance length", "acceptance", None, [2.9, 3.1]).label == "acceptance length (tokens per step)"
    )
    assert series_axis("draft acceptance", "acceptance", None, [0.62, 0.7]).label == "draft acceptance (fraction, 0-1)"
    assert series_axis("acceptance rate", "acceptance", None, [62.0, 0.7]).label == "acceptance rate (%)"
