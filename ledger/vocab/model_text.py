"""The text a model-name search reads: a line as written, with what would join a name to words that are not its own
mended or blanked first (vocab.models reads the names)."""

from __future__ import annotations

import re

# "Qwen2.5-7B- Instruct": a blank typed after a name's hyphen, before the part that continues it (a capital or a digit)
_STRAY_BLANK_RE = re.compile(r"(?<=[A-Za-z0-9])- (?=[A-Z0-9])")
# "llama_v3.1_nemotron_nano_8b-bench-pytorch-float16-input_output_len:128,128": a perf harness's test id, the model's
# token, then "-bench-" and the run's backend, precision and lengths; those parts are setup (vocab.setup reads them
# from the line as written), no piece of the name, which read with them ran past a name's reach and was cut short
_HARNESS_TAIL_RE = re.compile(r"(?<=[A-Za-z0-9])-bench-[\w.:,+-]{1,200}")


def model_text(s: str) -> str:
    """`s` as the model-name patterns read it: a stray blank after a name's hyphen closed, a harness test id's parts
    after its model's token blanked (blanked, not cut: the rest of the text keeps its places)."""
    if "- " in s:
        s = _STRAY_BLANK_RE.sub("-", s)
    if "-bench-" in s:
        s = _HARNESS_TAIL_RE.sub(lambda m: " " * len(m.group(0)), s)
    return s
