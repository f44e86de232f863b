"""The mode a kernel was timed in, as a kernel PR's lead-in states it once above its tables: a MoE router's grouped or
ungrouped top-k ("**Phase 1 — ungrouped, Triton vs AOT**", "ungrouped routing"), and the attention's phase ("paged
decode", "prefill mode"). Each is a hard setup key: a grouped router and an ungrouped one run two kernels, a decode
launch and a prefill launch two shapes of work, never one series. Apart from setup.py, which reads them among its
setup words (size rule, through vocab.kernel_shapes)."""

from __future__ import annotations

from ledger.vocab.setup_word import make_word as _word

# where a mode stands as an item of its own: a list's item or a label's value ("— ungrouped,", ": grouped)", "(grouped
# top-k)"), never a sentence's word ("rows grouped by batch", "the grouped GEMM", "grouped per expert")
_ITEM_OPENS = r"(?:(?<=^)|(?<=[,:;(—–-])|(?<=[,:;—–-] )|(?<=\*\*))"
_ITEM_ENDS = r"(?= ?(?:[,;)/.+&*]|$))"

# "ungrouped, Triton vs AOT", "grouped top-k", "ungrouped routing": a router's top-k over expert groups or over all
_GROUPED = r"((?:un|non[ -]?)?grouped)"
_ROUTING = rf"{_ITEM_OPENS}{_GROUPED}{_ITEM_ENDS}|{_GROUPED}(?= (?:top-?k|routing|router))"

# "paged decode", "decode mode", "prefill phase": the attention's phase a launch ran ("decode throughput" is a
# metric's name, no mode; "chunked prefill" is a serving switch of its own, vocab.setup's)
_PHASE = r"paged[ -](decode|prefill)|(decode|prefill)[ -](?:mode|phase)"

KERNEL_MODE_TRIGGERS = "grouped|paged|decode mode|prefill mode|decode phase|prefill phase"
"""What a line stating a mode holds with no digit (vocab.setup's quick test of a line for any setup word)."""

KERNEL_MODE_WORDS = (
    _word("routing", "routing", _ROUTING, ("grouped",), ("un", "non", "grouped")),
    _word("phase", "phase", _PHASE, ("paged", "decode", "prefill"), ("paged", "decode", "prefill")),
)
"""The words, in the order setup.py's table reads them."""
