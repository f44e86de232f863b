"""The words of CI machinery: the names CI systems give their stages and jobs ("A10-TensorRT-2",
"DGX_H100-4_GPUs-PyTorch-Post-Merge-1", SGLang's "per-commit-8-gpu-h200"), the chat commands that start them
("/bot run --stage-list ...", "/rerun-failed-ci") and the part of a link that pins a file's version
("/blob/<sha>/tests/l0_h100.yml#L21"). A device inside any of them names the machines a CI job ran on, or a file,
never the setup of a measurement (`ci_spans`)."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.canonical import GPU_NAMES
from ledger.vocab.text import has_digit
from ledger.vocab.units import is_time_unit

CI_JOB_WORDS = frozenset(
    (
        *("pytorch", "tensorrt", "autodeploy", "triton", "cpp", "disagg", "perfsanity", "post", "merge"),
        *("commit", "nightly", "stage", "test", "tests", "unit", "e2e", "ci", "job", "pipeline"),
    )
)
"""The parts of a CI stage's or job's name beside its device that no device name holds: its framework
("PyTorch", "TensorRT", "AutoDeploy"), its trigger ("Post-Merge", "per-commit", "nightly") or its kind ("unit-test")."""
_CI_WORDS = tuple(sorted(CI_JOB_WORDS))

# a name joined by dashes or underscores, three parts at least; each part a run of letters and digits, so no two
# ways to split it (linear), and nothing of a word, a path or another name on either side
_JOB_RE = re.compile(r"(?<![\w./-])[A-Za-z0-9]{1,30}(?:[-_][A-Za-z0-9]{1,30}){2,30}(?![\w/-])")
_PART_RE = re.compile(r"[-_]")
_DEVICE_PART_RE = re.compile(rf"(?:{GPU_NAMES})", re.IGNORECASE)
# "/bot run ...", "/ok to test", "/rerun-failed-ci": a chat command to a CI bot, opening its line (a path,
# "/data/models/x", goes on with a slash; a sentence that quotes one, "`/bot run` starts a new pipeline", is prose)
_CHAT_COMMAND_RE = re.compile(r"^[\s>*]{0,6}/[a-z][a-z0-9]{0,20}(?:-[a-z0-9]{1,20}){0,5}(?=\s|$)")
# a link's version and path: "https://github.com/o/r/blob/<sha>/tests/x.yml#L21", ".../tree/main/benchmarks"
_PINNED_PATH_RE = re.compile(r"(?<=[\w.-])/(?:blob|tree|raw|blame|commits?)/[^\s()<>\[\]\"'`]{1,400}")


# "Robo finished @alice's task in 41m 12s", "Job completed in 1h 2m", "the CI workflow succeeded after 12 min": the
# status line of an automation, how long its job ran (a CI bot's, or a bot working on someone's task), no result of
# the change; a benchmark's "Duration: 59.1 s" or "the run finished in 59 s" names no job
_DONE = r"(?:finished|completed|succeeded|failed|ran|done)"
_BOT_RUN_TIME_RE = re.compile(
    r"(?:\b(?:jobs?|workflows?|pipelines?|ci)\s(?:run\s)?" + _DONE + r"(?:\ssuccessfully)?|"
    r"\b" + _DONE + r"\s@?[\w.-]{1,40}['’]s\stask)\s(?:in|after)\s(?:about\s|~\s?)?$",
    re.IGNORECASE,
)


def bot_run_time(text: str, start: int, unit: str | None) -> bool:
    """The time starting at `start` (in `unit`) is how long a bot's job ran, as its status line tells it."""
    return is_time_unit(unit) and _BOT_RUN_TIME_RE.search(text, max(0, start - 60), start) is not None


def is_ci_job(name: str) -> bool:
    """The name is a CI stage's or job's: three parts at least, one a device and one a CI word."""
    parts = _PART_RE.split(name)
    return any(p.lower() in CI_JOB_WORDS for p in parts) and any(_DEVICE_PART_RE.fullmatch(p) for p in parts)


@short_text_cache(4096)  # (every line, once for each reader that blanks CI lines; the list is read, never changed)
def ci_spans(text: str) -> list[tuple[int, int]]:
    """Where a line names CI machinery (start, end): the whole line of a chat command to a CI bot, each CI job's
    name, each link's pinned version and path. Cheap on a line with none (the marks each needs)."""
    if text[:8].lstrip(" \t>*")[:1] == "/" and _CHAT_COMMAND_RE.match(text):
        return [(0, len(text))]
    spans: list[tuple[int, int]] = []
    if "://" in text:
        spans.extend(m.span() for m in _PINNED_PATH_RE.finditer(text))
    # (a job's name holds a CI word as one of its parts, all ASCII: a text whose lowering holds none names no job, and
    # most lines with a dash and a digit are passed over without the pattern's walk of every character)
    if ("-" in text or "_" in text) and has_digit(text) and any(map(text.lower().__contains__, _CI_WORDS)):
        spans.extend(m.span() for m in _JOB_RE.finditer(text) if is_ci_job(m.group(0)))
    return spans


# "Job", "CI run ID", "Workflow run", "Pipeline #": a column naming the CI job or run each row's result came from
_ID_HEAD_RE = re.compile(
    r"^(?:ci[ _])?(?:job|run|workflow(?:[ _]run)?|pipeline|build)(?:[ _]?(?:id|#|no\.?|number|link|url))?$",
    re.IGNORECASE,
)
# "`55012`", "29277682836", "#4455", "[7781234567](https://...)": one id, five digits or more (a bare "1" numbers a run)
_ID_CELL_RE = re.compile(r"^[`*_\[#]{0,3}\d{5,12}[`*_\]]{0,3}(?:\([^()\s]{1,300}\))?$")


def ci_id_column(head: str, cells: list[str]) -> bool:
    """Whether a table's column names the CI job or run each row came from ("Job" over "`55012`"): provenance, never
    a result (two jobs' ids are no measure of either side) nor a setting (every run has its own)."""
    return bool(cells) and bool(_ID_HEAD_RE.match(head.strip())) and all(_ID_CELL_RE.match(c.strip()) for c in cells)


# what stands right before a CI run's or job's id: "run 29277682836", "job `55031`", "pipeline #881234"
_CI_RUN_BEFORE_RE = re.compile(r"\b(?:ci\s)?(?:run|job|pipeline|workflow\srun)\s{1,2}[#`\[]{0,2}$", re.IGNORECASE)


def ci_run_id(text: str, start: int, number: str, unit: str | None) -> bool:
    """Whether the number `number` at `start` of `text` is the id of the CI run or job a value came from ("(run
    29277682836)", "job `55031`"): five digits or more, no unit, after the run's word; never a value of a measure."""
    return unit is None and len(number) >= 5 and bool(_CI_RUN_BEFORE_RE.search(text, max(0, start - 24), start))
