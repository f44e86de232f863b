"""The words of a support matrix's column header that name hardware: a GPU generation ("Volta", "Ada Lovelace"), a
device class ("CPU", "TPU", "Intel GPU"), a maker standing for its accelerators ("AMD"), a platform ("AWS Neuron",
"Apple Silicon"), or a board the setup vocabulary knows ("H100").

A "| Feature | Volta | Hopper | CPU |" table is no feature-by-feature matrix: each column says on which hardware its
cells hold, so the column is the cell's hardware (its `gpu` setting; `device`, `hardware` and `platform` are that key's
spellings, ledger/vocab/setup_keys.py), and "which hardware runs CUDA graph" is asked of it (ledger/support/join.py).
A header of other words ("CUDA graph", "vLLM", "Status") names none.
"""

from __future__ import annotations

import re

from ledger.vocab.setup import qualifiers

HARDWARE_KEY = "gpu"
"""The setting a hardware column gives its cells (a CPU is the device its cells ran on too: no host beside a GPU)."""

_MAKER = r"nvidia|amd|intel|google|aws|apple|huawei|arm|x86(?:[-_]64)?|ibm|qualcomm"
_HARDWARE_RE = re.compile(
    rf"^(?:(?:{_MAKER})[ -])?"
    r"(?:kepler|maxwell|pascal|volta|turing|ampere|ada(?: lovelace)?|hopper|blackwell(?: ultra)?|rubin"
    r"|[cgtnxh]pus?|neuron|inferentia\d?|trainium\d?|gaudi\d?|ascend(?: npu)?|silicon|rocm|jetson|power(?:pc)?|s390x?"
    r"|instinct|radeon|arc|xeon|epyc|graviton\d?|snapdragon)"
    rf"(?: \((?:sm ?\d{{2,3}}|gfx\d{{3,4}}[a-z]?|{_MAKER})\))?$"
    rf"|^(?:{_MAKER})$",
    re.IGNORECASE,
)
"""A header that is hardware and nothing else, its maker's word before it perhaps ("Intel GPU", "AWS Trainium"), an
architecture id after it perhaps ("Hopper (SM90)")."""


def hardware_column(header: str) -> str | None:
    """The hardware a column header names, as printed ("Volta", "Intel GPU", "H100"); None for any other header."""
    head = " ".join(header.split())
    if not head or len(head) > 40:
        return None
    if _HARDWARE_RE.match(head) is not None:
        return head
    board = qualifiers(head).get(HARDWARE_KEY)
    return head if board is not None and len(board) >= len(head) - 2 else None  # (the header is the board alone)
