"""The ledger's vocabulary: claims, their revisions and their provenance.

This module depends on nothing else of ours. The JSON shape of `Claim` is the public contract
(`shared/docs/claims-contract.md`): fields may be added, never renamed or dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

Kind = Literal[
    "accuracy",
    "acceptance",
    "perf",
    "tests",
    "gate",
    "commit",
    "support",
    "constraint",
    "listing",
]
KINDS: tuple[str, ...] = (
    "accuracy",
    "acceptance",
    "perf",
    "tests",
    "gate",
    "commit",
    "support",
    "constraint",
    "listing",
)
"""`listing`: an architecture's row in an engine's table of supported models (subject the class, models
the model names beside it); not a support cell, so the support gold's scorer does not count it."""


def check_kinds(kinds: list[str] | tuple[str, ...] | None, option: str = "--kind") -> tuple[str, ...]:
    """The kinds as given (lower case), or a ValueError naming the one that is no kind and the kinds there are."""
    out = []
    for k in kinds or ():
        kk = k.strip().lower()
        if kk not in KINDS:
            close = [name for name in KINDS if name.startswith(kk[:3])] if kk else []
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ValueError(f"{option} {k[:100]!r} is no kind{hint}: {', '.join(KINDS)}")
        out.append(kk)
    return tuple(dict.fromkeys(out))


Outcome = Literal["pass", "fail", "waived", "skipped", "not_run", "not_verified"]
OUTCOMES: tuple[str, ...] = ("pass", "fail", "waived", "skipped", "not_run", "not_verified")


class Revision(BaseModel):
    """The code state a claim was measured on, as the text names it."""

    model_config = ConfigDict(frozen=True)

    label: str | None = None
    """How the text names the revision: "Final head", "d0b2d5dfa6", "main"."""
    head: str | None = None
    """The measured commit, lower-case as printed (a prefix of the full sha)."""
    base: str | None = None
    """The commit the head sits on ("rebased on main af3e5eb257")."""


STATED_HEAD_NOTE = "the head the text says the pull request is at"
"""A commit claim's note when the text names that commit as the PR's current head ("Current PR head: `eee09fba`"):
a report without GitHub's head asks whether the evidence was measured on it."""
REBASED_ONTO_NOTE = "the base the text says the pull request was rebased onto"
"""A commit claim's note when the text says the PR now sits on that commit ("Draft rebased onto upstream main
`a72c046`"): where every result predates that rebase, the report says the rebased head is unmeasured."""
UPSTREAM_BUILD_NOTE = "the build the page's own project builds on, not a revision of its results"
"""A commit claim's note, after the build's name and version ("vLLM 0.9.2: ..."), for the engine a plugin page's
version line names beside its own build ("vLLM: 0.9.2 (a5dd03c), vLLM Ascend: main (d13fb07)")."""
PINNED_FILE_NOTE = "the version a link to a file pins, not a revision of the pull request"
"""A commit claim's note when the hash is a link's pinned file version ("/blob/<sha>/tests/l0_h100.yml#L21", "/tree/
<sha>/benchmarks"): a commit the text names, but a file a reader points at, never a state the PR was measured on."""
SAMPLE_NOTE = "a sample of a tool's output, not a measurement of this change"
"""A result's note where the text shows it as what a tool prints (a tooling PR's "This is an example table:", its
columns other branches than the PR's): kept as printed, never judged (compare and report leave it out)."""
WITHDRAWN_NOTE = "withdrawn by their author"
"""A result's note (then " at line N") where its author took it back further on ("disregard, ran on all 8 GPUs"):
kept as printed, never judged."""
BROKEN_NOTE = "measured on the broken state the change fixes"
"""A result's note where its line labels it the broken state ("fused (broken): strict-match 83.50%", "before the
fix: 52.1"): the bug a fix starts from, shown with its reference, never the change's regression."""
NOISE_NOTE = "called run-to-run noise by their author"
"""A result's note (then " at line N") where its author says its measure moves between runs ("the BS32 acceptance
length moves from launch to launch (run-to-run noise)"): a difference from its reference is noise, not a verdict."""
SCOPE_NOTE = "outside the change's stated scope"
"""A result's note (then " (line N)") where its setting lies outside the range its author says the change applies
to ("the fused path is taken only when bs <= 64", a row at batch 256): not the change's effect, never judged as
its regression (compare says so)."""
OTHER_SETUP_NOTE = "compared with a figure measured another way"
"""A result's note (then ": <how>") where the sentence pairing it with its reference says the two were measured
differently ("~71.0 vs ~75.5 because it skips the chat template", a model card's figure from another harness): the
gap is stated, not judged (compare says "not comparable")."""
MISMEASURED_NOTE = "against an older figure its text says was measured wrong"
"""A result's note (then ": <the words>") where its turn says the older side's figures were measured wrong ("the old
prompt figure was far too high": the change fixes what a timer counts): its before -> after shows no change of speed,
so compare says "not comparable", never "regression"."""
OTHER_CHANGE_NOTE = "measuring another pull request's change"
"""A result's note (then " (#N)") where the text gives it as another pull request's evidence: the before -> after of
the change a "## Root cause" section narrates ("PR #1234 moved cuDNN ...; TTFT: 200 ms -> 260 ms"), a row of a
diagnosis table whose label links another pull request (each arm its own CI run): kept as printed, never judged as
this pull request's result."""
NOT_MEASURED_NOTES = (SAMPLE_NOTE, WITHDRAWN_NOTE, OTHER_CHANGE_NOTE)
"""The notes that keep a claim out of every comparison (a note may go on after one: "...; footnote")."""


class Source(BaseModel):
    """Where a claim stands: enough to show its exact text again.

    A stored claim's source also names its document (`document`, `document_id`, `version`, `sha256`, as
    `ledger claims --format jsonl` prints them); they are kept as extra fields, so a comparison or trend
    built from stored claims can still say, and link to, the line each value came from.
    """

    model_config = ConfigDict(extra="allow")

    path: str | None = None
    """The document's path or name as given to the parser."""
    line: int
    """First 1-based line of the claim's text."""
    line_end: int
    """Last 1-based line of the claim's text (== line for one-line claims)."""
    text: str
    """The exact source text of the claim: a substring of lines line..line_end."""
    section: list[str] = Field(default_factory=list)
    """Heading path from the document's top to the claim."""


class Claim(BaseModel):
    """One piece of evidence: a number, a count, an outcome, a commit or a support cell."""

    kind: Kind
    metric: str | None = None
    """What was measured, as the document names it; for gates, the gate or test name."""
    value: float | str | None = None
    """The number as printed without thousands separators; the low end of a range. For support and
    constraint claims, the word: yes, no, partial, n/a, untested, absent (constraints also: required);
    for listings, "listed"."""
    high: float | None = None
    """The high end of a range, else None."""
    approx: bool = False
    """The text marks the value approximate ("~370", "about 1.3 GiB")."""
    unit: str | None = None
    """The unit as printed ("tok/s", "ms", "%", "x")."""
    reference: float | None = None
    """The baseline the text pairs with the value ("(ref 96.36)", the left of "158 -> 30")."""
    outcome: Outcome | None = None
    """For gates and limitations: pass, fail, waived, skipped, not_run, not_verified."""
    outcome_text: str | None = None
    """The verdict as the text words it ("clean", "failed (waived)")."""
    sha: str | None = None
    """For commits: the hash as printed, lower-case."""
    passed: int | None = None
    failed: int | None = None
    skipped: int | None = None
    subject: str | None = None
    """For support claims: the architecture, model or component."""
    feature: str | None = None
    """For support claims: the feature column or table."""
    revision: Revision | None = None
    config: dict[str, str] = Field(default_factory=dict)
    """Qualifiers that apply, normalised keys to printed values ({"concurrency": "128"})."""
    source: Source
    # Fields beyond the contract's minimum (the contract allows additions).
    stderr: float | None = None
    """A stated standard error (lm-eval's Stderr column, "± 0.0057")."""
    stddev: float | None = None
    """A standard deviation printed beside the value (a "Std" column, "± σ"): its spread, not a claim."""
    printed: str | None = None
    """The value's printed form where it was converted ("1m0.832s" stored as 60.832)."""
    note: str | None = None
    """Footnote text or an explanation the parser attached."""
    parser: str | None = None
    """The extractor that produced the claim, "name/version"."""
    engine: str | None = None
    """The engine the claim speaks for, by its short name ("TensorRT-LLM"): the document's, or the column's
    where a matrix has a column per engine. Set on support, listing and constraint claims by the parsers
    (from the file name or the page's text), and on every claim of a document whose engine is known."""
    architecture: str | None = None
    """For support and listing claims: the architecture class the row gives beside its subject (a model
    name first, its class in another column)."""
    models: str | None = None
    """For support and listing claims: the model names the document gives for the subject, as printed
    ("DeepSeek-V3, Kimi-K2")."""

    def to_json_dict(self) -> dict[str, Any]:
        """What `model_dump(mode="json")` gives, built directly: every field of a claim already holds a
        JSON type except the nested revision and source, and ingest converts claims by the thousand
        (tests/test_model.py holds the two equal over every claim of the corpus)."""
        d = dict(self.__dict__)
        d["revision"] = dict(self.revision.__dict__) if self.revision is not None else None
        d["source"] = {**self.source.__dict__, "section": list(self.source.section)}
        d["config"] = dict(self.config)
        return d


@dataclass(frozen=True, slots=True)
class ParseWarning:
    """What could not be read whole in one text, and where: the partial read a document's claims come with.

    Made by the reader and the extractors (`Document.warn`, `Context.warn`), by decoding (`ledger.ingest.sources`)
    and by the reference-file reader; stored as its two fields (the `warnings` table) and printed as
    `PATH:LINE: warning: MESSAGE` by `ledger.messages.warning_line`, so no one reads the line back out of text.
    """

    line: int | None
    """The 1-based line the warning is about; None when it is about the text as a whole (its decoding)."""
    message: str
    """What happened, without its place: "table row cut short (truncated input?)"."""


CLAIMS_ADAPTER: TypeAdapter[list[Claim]] = TypeAdapter(list[Claim])
"""Validates a whole batch of claims at once (faster than one call per claim)."""
