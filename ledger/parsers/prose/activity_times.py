"""How long an activity takes, stated as what to expect ("Expect this to take 10-15 minutes on 7B models, and around
1 hour for 70B"): each time of the sentence is that activity's time (vocab.expected_times names it), its model or
size a setup of the part it stands in, never a metric named by the sentence's opening words ("Expect")."""

from __future__ import annotations

import re
from typing import Any

from ledger.vocab.expected_times import expected_activity
from ledger.vocab.units import is_time_unit

# what may join the times of one sentence: their setups and a list's joints, no sentence's end
_SAME_SENTENCE_RE = re.compile(r"[^.;:!?\n]{0,120}")


def activity_times(out: list[dict[str, Any]], text: str, section: tuple[str, ...]) -> None:
    """Name each time the words before say an activity takes, and the times after it in its sentence, by that
    activity."""
    name: str | None = None
    last_end = 0
    for c in out:
        if not is_time_unit(c.get("unit")) or c.get("reference") is not None:
            name = None
            continue
        own = expected_activity(text, c["start"], section)
        if own is None and name is not None and _SAME_SENTENCE_RE.fullmatch(text, last_end, c["start"]) is None:
            name = None
        name = own or name
        if name is not None:
            c["metric"], last_end = name, c["end"]
