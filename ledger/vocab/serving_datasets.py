"""The data sets a serving benchmark draws its prompts from, by name: read by the setup words (vocab.setup) and the
workload lists (vocab.workload); a set of any name the word "dataset" names beside it (named_dataset)."""

from __future__ import annotations

import re

SERVING_DATASETS = r"sharegpt|random|sonnet|burstgpt|instructcoder|longbench|swe-?bench"
"""vllm bench's --dataset-name values and SWE-bench's long prompts: a pattern of alternatives, each opening with one
of DATASET_STARTS."""
DATASET_STARTS = ("sharegpt", "random", "sonnet", "burstgpt", "instructcoder", "longbench", "swe")
OWN_NAMED_DATASETS = ("sharegpt", "burstgpt", "instructcoder", "longbench")
"""The serving data sets whose name is no other word's: "prompts from ShareGPT" names one where "from random" and
"from Sonnet" (a model's name too) name none."""

# a data set the text names by the word "dataset", its name quoted or labelled: "dataset `movies800times`", "the
# `harborvoice` dataset", "- Dataset: ShareGPT". A name no list can hold (a team's own recordings): the word beside it
# says what it is. A bare word after "dataset" in prose is not read ("the dataset sizes", "dataset loading").
_NAMED_DATASET_RE = re.compile(
    r"\bdataset[ \t]{0,2}[:=]?[ \t]{1,3}`(?P<after>[A-Za-z0-9][\w.\-/]{1,79})`"
    r"|`(?P<before>[A-Za-z0-9][\w.\-/]{1,79})`[ \t]{1,3}dataset\b",
    re.IGNORECASE,
)
_DATASET_LABEL_RE = re.compile(
    r"^[ \t]{0,8}(?:[-*+][ \t]{1,4})?(?:\*\*|__)?(?:eval(?:uation)? |benchmark |serving |test )?dataset(?:\*\*|__)?"
    r"[ \t]{0,3}:[ \t]{0,3}(?:\*\*|`)?(?P<name>[A-Za-z0-9][\w.\-/]{1,79})",
    re.IGNORECASE,
)
_KNOWN_RE = re.compile(rf"(?:{SERVING_DATASETS})", re.IGNORECASE)
_HUB_ID = r"[A-Za-z0-9][\w.-]{0,38}/[A-Za-z0-9][\w.-]{0,95}"
# a hub data set's page ("[org/set](https://huggingface.co/datasets/org/set)"), or an "owner/name" quoted after what
# the results were scored on ("Evaluated on `org/set`"; never "rebased on `org/branch`", nor a file "on `a/b.py`")
_HUB_DATASET_RE = re.compile(
    rf"huggingface\.co/datasets/(?P<link>{_HUB_ID})(?![\w-])"
    rf"|(?<!based )(?<!built )(?<!depends )\bon[ \t]{{1,2}}`(?P<on>{_HUB_ID})`",
    re.IGNORECASE,
)
_FILE_END_RE = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,9}$")
# a recorded trace a run replays, by its hub id beside the word: "replays a conversation trace (`org/chat-traces`)",
# "the `org/traces-v2` trace". Only an "owner/name" id: a file the word names ("the profiler trace `step.json`") is a
# profile's output, no data a run was served
_TRACE_RE = re.compile(
    rf"\btraces?[ \t]{{0,2}}[:=(]?[ \t]{{0,2}}`(?P<after>{_HUB_ID})`|`(?P<before>{_HUB_ID})`[ \t]{{1,3}}traces?\b",
    re.IGNORECASE,
)


def named_dataset(text: str) -> str | None:
    """The data set a line names beside the word "dataset" (see _NAMED_DATASET_RE), a known serving set lowered as
    its bench's flag spells it ("ShareGPT" -> "sharegpt"); else None."""
    if "ataset" not in text[:2000]:
        return None  # (every line is asked: most name no data set)
    m = _DATASET_LABEL_RE.match(text) or _NAMED_DATASET_RE.search(text[:2000])
    if m is None:
        return None
    name = next(g for g in m.groups() if g).rstrip(".-/")
    return name.lower() if _KNOWN_RE.fullmatch(name) else name


def replayed_trace(text: str) -> str | None:
    """The recorded trace a line says its runs replay, by its hub id (see _TRACE_RE); else None."""
    if "race" not in text[:2000]:
        return None  # (every line is asked: most name no trace)
    m = _TRACE_RE.search(text[:2000])
    name = None if m is None else (m.group("after") or m.group("before")).rstrip(".-")
    return None if name is None or _FILE_END_RE.search(name) else name


def hub_dataset(text: str) -> tuple[str, bool] | None:
    """The hub data set a line scores its results on (see _HUB_DATASET_RE) and whether the text links its data set
    page (an id quoted after "on" may be the model's: the caller, who reads models, says), or None."""
    head = text[:2000]
    if "/" not in head or ("`" not in head and "datasets/" not in head.lower()):
        return None  # (what either of the pattern's two forms holds: a data set's page, or a quoted id's backtick)
    m = _HUB_DATASET_RE.search(head)
    if m is None:
        return None
    name = (m.group("link") or m.group("on")).rstrip(".-")
    return None if _FILE_END_RE.search(name) else (name, m.group("link") is not None)


def serving_set(name: str) -> bool:
    """The data set is one a serving benchmark draws its prompts from ("ShareGPT", "random"), no eval's."""
    return _KNOWN_RE.fullmatch(name) is not None


def serving_dataset(name: str) -> str | None:
    """The known serving data set `name` is, as its bench's flag spells it ("ShareGPT" -> "sharegpt"); else None."""
    return name.lower() if _KNOWN_RE.fullmatch(name.strip()) else None
