"""A workload's statement: a cell or label that states a setup and nothing else ("ISL 8192 / OSL 1024, 50 prompts @
conc 50", "TP8 EP8") names the workload its row was measured under, not what was measured."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.serving_datasets import SERVING_DATASETS
from ledger.vocab.setup import blank_setup_words, model_names, qualifiers
from ledger.vocab.text import RUN_VERBS
from ledger.vocab.word_gate import WordGate

# what a workload's statement holds beside its setup words: its size in prompts or requests, and the joints
_WORKLOAD_FILLER_RE = re.compile(
    r"(?:\d{1,7} ?)?(?:prompts?|requests?|reqs?|samples?|users?)\b|\b(?:at|and|with|random)\b|[\s@,;:/+&()|-]+",
    re.IGNORECASE,
)


def setup_only(text: str) -> bool:
    """The text states a setup and nothing else ("ISL 8192 / OSL 1024, 50 prompts @ conc 50", "TP8 EP8"): a table's
    cell of it names the workload its row was measured under, not what was measured."""
    if len(text) > 200 or not qualifiers(text):
        return False
    return not _WORKLOAD_FILLER_RE.sub("", blank_setup_words(text)).strip()


_JOINTS_RE = re.compile(r"\b(?:at|and|with)\b|[\s@,;:/+&()|-]+", re.IGNORECASE)


def workload_setup(text: str) -> dict[str, str]:
    """The setup a workload's statement gives (see setup_only): its setup words, and the statement itself as the
    `workload` where it says more than they do ("50 prompts"), so that two sizes of one workload stay apart."""
    out = qualifiers(text)
    if _JOINTS_RE.sub("", blank_setup_words(text)).strip():
        out["workload"] = text
    return out


@short_text_cache(1024)  # asked of each row's label for each of its cells
def names_setup(label: str) -> bool:
    """The label names a model and its settings and nothing else ("Mistral-7B 512 tok"): the setup a row ran, no
    measure, though its token count reads like one."""
    if not qualifiers(label):
        return False
    rest = blank_setup_words(label)
    for name in model_names(rest):
        rest = rest.replace(name, " ")
    return not rest.strip(" ,;/+-_()*`")


# a benchmark's workload listed in a title's closing brackets, one item a comma: "(`vllm bench throughput`, ShareGPT,
# 200 prompts)", "(`bench serve`, random 1k/1k, 500 prompts)": the data it sent and how many requests
_BRACKETED_LIST_RE = re.compile(r"\((?P<items>[^(),]{1,80}(?:,[^(),]{1,80}){1,5})\)[\s:*_#]*$")
_DATASET_ITEM_RE = re.compile(rf"({SERVING_DATASETS})\b", re.IGNORECASE)
_PROMPT_COUNT_RE = re.compile(r"(\d{1,3}(?:,\d{3})+|\d{1,7}) (?:prompts|requests)", re.IGNORECASE)


def bracketed_workload(title: str) -> dict[str, str]:
    """The dataset and the prompt count a title's bracketed list of its benchmark's settings names ({} for a title
    of no such list: "(SGLang)", "(lower is better)")."""
    m = _BRACKETED_LIST_RE.match(title, title.rfind("(", 0, 300)) if "," in title else None
    if m is None:
        return {}
    out: dict[str, str] = {}
    for item in m.group("items").split(","):
        item = item.strip(" `*_")
        if (d := _DATASET_ITEM_RE.match(item)) is not None:
            out.setdefault("dataset", d.group(1).lower())
        elif (n := _PROMPT_COUNT_RE.fullmatch(item)) is not None:
            out.setdefault("num_prompts", n.group(1).replace(",", ""))
    return out


# a benchmark's workload listed in parentheses after the data it drew, anywhere on a line: "`vllm bench serve` on
# ShareGPT (200 prompts, request-rate `inf`, seed 7)", "sonnet (64 requests)": the prompt count and the rate it sent
# (searched only where one of its words stands: vocab.word_gate)
_WORKLOAD_PARENS_RE = WordGate(
    re.compile(rf"({SERVING_DATASETS})[`*_]{{0,2}} {{0,2}}\(([^()]{{3,160}})\)", re.IGNORECASE)
)
_RATE_ITEM_RE = re.compile(r"request[ _-]?rate[ :=]{0,3}(inf(?:inite|inity)?|\d{1,4}(?:\.\d{1,3})?)", re.IGNORECASE)
_ITEM_SPLIT_RE = re.compile(r",\s|;")  # (not the thousands of "1,000 requests")
_SEED_ITEM_RE = re.compile(r"(?:random )?seed[ :=]{0,3}\d{1,10}", re.IGNORECASE)


def parenthesised_workload(text: str) -> dict[str, str]:
    """The data set, prompt count and request rate a line names as its benchmark's workload: a known serving set, then
    a parenthesis every item of which is a prompt count, a request rate or a seed, one count or rate at least ("on
    ShareGPT (200 prompts, request-rate `inf`, seed 7)"). {} for any other parenthesis ("ShareGPT (see #12)")."""
    head = text[:2000]
    low = head.lower()
    if "prompt" not in low and "request" not in low:
        return {}  # (every line with a parenthesis is asked: its items need one of these words)
    out: dict[str, str] = {}
    for m in _WORKLOAD_PARENS_RE.finditer(head):
        found: dict[str, str] = {}
        for item in _ITEM_SPLIT_RE.split(m.group(2)):
            item = item.replace("`", "").strip(" *_")
            if (n := _PROMPT_COUNT_RE.fullmatch(item)) is not None:
                found.setdefault("num_prompts", n.group(1).replace(",", ""))
            elif (r := _RATE_ITEM_RE.fullmatch(item)) is not None:
                found.setdefault("request_rate", r.group(1).lower())
            elif _SEED_ITEM_RE.fullmatch(item) is None:
                found = {}
                break
        if found:
            out.update({"dataset": m.group(1).lower(), **found, **out})
    return out


# what an arm's label holds beside its setup words: the run's noun and the words joining its settings, and the words
# of a person's report of the run ("Also tried it on an M4 Max": the device it ran on)
_ARM_FILLER_RE = re.compile(
    r"\b(?:runs?|mode|build|config(?:uration)?|setup|weights|path|variant|arm|case|on|with|at|and|using|the|an?|"
    r"also|it|I|we|" + RUN_VERBS + r")\b",
    re.IGNORECASE,
)


def named_arm(label: str) -> dict[str, str]:
    """The setup a label states when it names the run and no measure (its settings, its run noun: "FP8 run", "TP4 run
    on H200", "INT4 weights"; what the value after it measures its unit says: "FP8 run: 1520 tok/s" is a throughput);
    {} for a label that names more than its run."""
    if len(label) > 80 or not (named := qualifiers(label)):
        return {}
    rest = " ".join(_ARM_FILLER_RE.sub(" ", label).split())
    return named if rest.strip(" ,;/+-_()*`") and names_setup(rest) else {}
