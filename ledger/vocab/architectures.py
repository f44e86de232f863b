"""NVIDIA's architectures by their names, as the board a run was on where the text names no board ("I reran it on
our Blackwell node"): the family is the run's gpu (canonical.ARCH_BOARDS lists the boards of each, so a board named
elsewhere for the same run is the one it names). Never a limit or a list of families ("needs Hopper or newer", "on
Hopper and Blackwell", "Hopper+"): those say what code supports, not where it ran."""

from __future__ import annotations

ARCH_TRIGGERS = ("blackwell", "hopper", "ampere")
"""The families' names, lower case: a line holding none of them is not searched."""

ARCH_RUN_PATTERN = (
    r"\bon (?:nvidia |an? |our |my |the |a single )?(blackwell|hopper|ampere)"
    r"(?![\w-]|[ /]{1,2}(?:parts?\b|only\b|and\b|or\b|\+)|\+)"
)
"""A family after "on", with an article or owner between; its group the name as printed."""


def spelled_family(value: str) -> str | None:
    """The family a gpu value is, as its vendor spells it ("HOPPER" -> "Hopper"); None for any other value."""
    return value.title() if value.lower() in ARCH_TRIGGERS else None
