"""The time a revision's label says: a date stamp ("...mi35x-20260623", "Jun-25") or a release tag ("v0.5.13.post1").

A bisect's rows and the sentence that checks one more build name their builds by these, and the text need not
list them in time's order (the build of Jun-25 checked after the table of Jun-23 and Jun-26). `time_order` gives
the order they say, oldest first, where every label says one; ties keep the text's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.vocab.build_links import DATE_STAMP_RE, MONTH_DAY_RE, MONTHS, NOW_BUILD_RE, RELEASE_TAG_RE

# a pre-release comes before its release, a post-release after it (PEP 440's order)
_STAGE_RANK = {"dev": -4, "a": -3, "alpha": -3, "b": -2, "beta": -2, "rc": -1, "post": 1}

Date = tuple[int | None, int, int]


def label_date(label: str) -> Date | None:
    """The (year or None, month, day) a label stamps, else None; a label with two different dates says none."""
    dates: set[Date] = set()
    for m in DATE_STAMP_RE.finditer(label):
        if m.group("y"):
            date: Date = (int(m.group("y")), int(m.group("m")), int(m.group("d")))
        else:
            date = (None, MONTHS.index(m.group("mon").lower()) + 1, int(m.group("day")))
        if 1 <= date[1] <= 12 and 1 <= date[2] <= 31:
            dates.add(date)
    return dates.pop() if len(dates) == 1 else None


def _month_day(label: str) -> Date | None:
    """A bare "07-03" read month first (a valid month and day, one such pair in the label), else None."""
    pairs = {(int(m.group("m")), int(m.group("d"))) for m in MONTH_DAY_RE.finditer(label)}
    if len(pairs) != 1:
        return None
    month, day = pairs.pop()
    return (None, month, day) if 1 <= month <= 12 and 1 <= day <= 31 else None


def label_dates(labels: Sequence[str]) -> list[Date | None]:
    """Each label's date: the one it stamps, or, where another label of the thread stamps one (every stamp gives the
    month first: "20260623", "Jun-25"), a bare "07-03" read the same way; alone, "07-03" says no date."""
    dates = [label_date(x) for x in labels]
    if not any(d is not None for d in dates):
        return dates
    return [d if d is not None else _month_day(x) for d, x in zip(dates, labels, strict=True)]


def label_release(label: str) -> tuple[int, ...] | None:
    """A label's release tag by its parts ("v0.5.13.post1" after "v0.5.13", before "v0.5.14"), else None; a label
    with two different tags says none."""
    tags: set[tuple[int, ...]] = set()
    for m in RELEASE_TAG_RE.finditer(label):
        parts = [int(n) for n in m.group(1).split(".")]
        stage = m.group("stage")
        rank = _STAGE_RANK[stage.lower()] if stage else 0
        tags.add((*parts, *[0] * (4 - len(parts)), rank, int(m.group("n") or 0)))
    return tags.pop() if len(tags) == 1 else None


def _dated(dates: Sequence[Date | None]) -> list[tuple[int, int, int]] | None:
    """Every date on the calendar, a year-less one in the year the others stamp (one year only), else None."""
    if any(d is None for d in dates):
        return None
    years = {d[0] for d in dates if d is not None and d[0] is not None}
    if len(years) > 1 and any(d is not None and d[0] is None for d in dates):
        return None  # ("Jun-25" beside 2025 and 2026 stamps: which June is unsaid)
    year = years.pop() if len(years) == 1 else 0
    return [(d[0] if d[0] is not None else year, d[1], d[2]) for d in dates if d is not None]


def time_order(labels: Sequence[str]) -> list[int] | None:
    """The labels' indices oldest first by the dates every label stamps, else by the release every label tags (ties in
    the text's order); None where some label says neither or all say the same (the text's order stands)."""
    keys: Sequence[tuple[int, ...] | None] | None = _dated(label_dates(labels))
    if keys is None:
        keys = [label_release(x) for x in labels]
    if any(k is None for k in keys) or len(set(keys)) < 2:
        return None
    return sorted(range(len(labels)), key=lambda i: (keys[i], i))


def dated_in_place(labels: Sequence[str]) -> list[int] | None:
    """Where only some labels stamp a date (a bisect's rows beside a timeline's "#29855 dev" and "current nightly"):
    the dated ones in their dates' order in the places they hold, the others where the text has them, and an undated
    build the label calls the present ("current nightly", "today's image": vocab.build_links.NOW_BUILD_RE) after every
    dated build and every build stated before it, but before an undated build the text states after it;
    None where fewer than two labels stamp different dates, or every label does (time_order answers that)."""
    dates = label_dates(labels)
    dated = [i for i, d in enumerate(dates) if d is not None]
    if len(dated) == len(labels) or len(dated) < 2:
        return None
    days = _dated([dates[i] for i in dated])
    if days is None or len(set(days)) < 2:
        return None
    order = list(range(len(labels)))
    for place, i in zip(dated, sorted(dated, key=lambda i: (days[dated.index(i)], i)), strict=True):
        order[place] = i
    now = [i for i in order if i not in dated and NOW_BUILD_RE.search(labels[i])]
    placed = [i for i in order if i not in now]
    for i in now:
        # after every dated build and every build the text states before it, never ahead of an undated one the text
        # states after it ("current nightly 0.887", then "verified green at 0.939 (PR #31063)")
        after = [k for k, j in enumerate(placed) if j in dated or j < i]
        placed.insert(after[-1] + 1 if after else 0, i)
    return placed
