"""What llama.cpp's tools print around their results: a label line naming the backend a paste ran on and its device,
"CUDA (5060 Ti)" over `test-backend-ops perf` lines, and the status lines the tools print before a table
("Loading model...", "Warm-up took: 0.21 seconds"), which report no result and name no side."""

from __future__ import annotations

import re

from ledger.vocab.machine_lines import labelled_card
from ledger.vocab.setup import qualifiers

# llama.cpp's backends as a paste's label names them, and as llama-bench prints each ("HIP" builds print "ROCm")
_BACKENDS = {
    "cuda": "CUDA",
    "vulkan": "Vulkan",
    "rocm": "ROCm",
    "hip": "ROCm",
    "metal": "Metal",
    "sycl": "SYCL",
    "opencl": "OpenCL",
    "cann": "CANN",
    "musa": "MUSA",
    "cpu": "CPU",
}
# a device as a label's parenthesis prints it where the vocabulary knows no board in it: a part's number with its
# letters ("780m" of a Radeon APU, "B580", "A770"), then the edition words ("Ti", "Max")
_PRINTED_PART_RE = re.compile(
    r"^(?:[A-Za-z]{1,8} )?[A-Za-z]{0,2}\d{3,4}[A-Za-z]{0,3}(?: (?:Ti|Super|XT|XTX|Pro|Max|Ultra|GRE))?$", re.IGNORECASE
)


def backend_label(name: str, inner: str) -> dict[str, str] | None:
    """ "CUDA (5060 Ti)", "Vulkan (RX 7600)", "ROCm (780m)": a label naming the backend a paste ran on, then its device
    in brackets -> {"backend": "CUDA", "gpu": "RTX 5060 Ti"} (a CPU's own name under "cpu"); None where `name` is no
    backend's or the brackets name no device ("CUDA (this PR)" names a side: the lead-in readers' own)."""
    backend = _BACKENDS.get(name.strip().lower())
    device = inner.strip()
    if backend is None or not device or len(device) > 40:
        return None
    found = qualifiers(device)
    if "gpu" in found or "cpu" in found:
        return {"backend": backend, **{k: v for k, v in found.items() if k in ("gpu", "cpu")}}
    card = labelled_card(device)  # ("5060 Ti": a GeForce by its number, which the label says is the device)
    if card is None and _PRINTED_PART_RE.match(device) is None:
        return None
    return {"backend": backend, "cpu" if backend == "CPU" else "gpu": card or device}


# the status lines llama.cpp's tools and their wrappers print before the results: loading, warming up, the time
# either took ("Warm-up took: 0.21 seconds", "Heat up time: 0.31 seconds", "load time = 812.40 ms"), "Running
# benchmark...", the "Model info: llama 7B Q4_0" a wrapper prints for the model it loaded
_TOOL_STATUS_RE = re.compile(
    r"^\s{0,8}(?:[\w.-]{1,30}:\s{1,3})?(?:loading|loaded|warm(?:ing)?[- ]?up|heat(?:ing)?[- ]?up|load|"
    r"running\s(?:the\s)?(?:benchmark|bench|tests?))\b[^|]{0,120}$|^\s{0,8}model\sinfo:[^|]{0,120}$",
    re.IGNORECASE,
)
_STATUS_TIME_RE = re.compile(
    r"\b(?:warm(?:ing)?[- ]?up|heat(?:ing)?[- ]?up)(?:\s(?:time|took|took:|done|in))?\s{0,3}[:=]?\s{0,3}"
    r"(?:took\s{0,3}:?\s{0,3})?\d",
    re.IGNORECASE,
)


def tool_status_line(text: str) -> bool:
    """A tool's status line ("Loading model...", "Loaded model qwen3-8b.gguf", "Warm-up took: 0.21 seconds"): what
    the tool is doing, no result and no name for the table under it."""
    return len(text) <= 160 and _TOOL_STATUS_RE.match(text) is not None


def warm_up_time(text: str) -> bool:
    """ "Warm-up took: 0.21 seconds", "Heat up time: 0.31 seconds": the time a tool spent warming up before it
    measured, never a result of the run."""
    return len(text) <= 200 and _STATUS_TIME_RE.search(text) is not None
