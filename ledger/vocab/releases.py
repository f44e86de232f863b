"""The words of a sentence that names the release its data was measured on: "All data was generated using version
0.9.0", "This data has been updated for v0.6.1, unless specified", "The following data is from TensorRT-LLM v0.5"."""

from __future__ import annotations

import re

from ledger.vocab.engines import engine_named
from ledger.vocab.text import class_signature
from ledger.vocab.word_gate import WordGate

# a release's pre- or post-release suffix ("v0.1.0a1", "0.6.0rc1", "v0.4.2.post1", "1.0.0.dev2"): the release the data
# was measured on is that build, never the release it leads to or follows (letters after digits: no backtracking)
PRE_POST = r"(?:(?:rc|a|b|\.?post|\.?dev)\d{1,3})"

# the data (a noun), what was done to it, then within the sentence the release: each part's gap is bounded and
# stops at a sentence's end, so every start is tried in constant time (linear on any line)
MEASURED_ON_RELEASE_RE = WordGate(
    re.compile(
        r"\b(?:data|numbers?|figures?|results?|measurements?|benchmarks?)\b[^.!?\n]{0,60}?"
        r"\b(?:generated|measured|collected|obtained|produced|updated|run|taken|(?:is|are|comes?)\s{1,3}from)\b"
        r"[^!?\n]{0,40}?(?:\b(?:version|release)\s{1,3}v?|(?<![\w.-])v)(?P<version>\d{1,3}(?:\.\d{1,4}){1,3}"
        rf"{PRE_POST}?)(?![\w-]|\.\d)",
        re.IGNORECASE,
    )
)
"""(a line naming none of the nouns is not searched: the pattern is tried at every character)"""

# the release a reader must use to get the numbers again: "to reproduce the numbers noted here, please use v0.20",
# "Reproducing these results requires release 2.3" (the data's release, even where a later one is out); the gaps are
# bounded and stop at a sentence's end, each start tried in constant time
REPRODUCE_ON_RELEASE_RE = WordGate(
    re.compile(
        r"\breproduc(?:e|es|ed|ing)\b[^.!?\n]{0,80}?\b(?:use|using|with|on|requires?)\b[^!?\n]{0,24}?"
        r"(?:\b(?:version|release)\s{1,3}v?|(?<![\w.-])v)(?P<version>\d{1,3}(?:\.\d{1,4}){1,3}"
        rf"{PRE_POST}?)(?![\w-]|\.\d)(?!\+|\s{{1,3}}or\s{{1,3}}(?:later|newer|above|higher))",
        re.IGNORECASE,
    )
)
"""("please use v0.20 or later" names the oldest release that works, not the one that measured)"""
# a banner saying the data below is the release's new data: "(NEW for v1.0) Edge GPU benchmarks:", "New in release
# 2.1: results on B300" (a data noun must follow on the line: "New in v0.5: FP8 support" names a feature)
NEW_FOR_RELEASE_RE = WordGate(
    re.compile(
        r"\bnew\s{1,3}(?:for|in)\s{1,3}(?:(?:version|release)\s{1,3}v?|v)(?P<version>\d{1,3}(?:\.\d{1,4}){1,3}"
        rf"{PRE_POST}?)(?![\w-]|\.\d)"
        r"(?=[^!?\n]{0,120}?\b(?:data|numbers|figures|results|measurements|benchmarks?)\b)",
        re.IGNORECASE,
    )
)


# "The tested servekit version is `v1.4.0`", "Tested version: 2.3.1", "The engine version benchmarked here is v0.8.2"
TESTED_VERSION_RE = WordGate(
    re.compile(
        r"\b(?:tested|benchmarked|measured)\s{1,3}(?:[\w.-]{1,30}\s{1,3}){0,2}?version\b[^!?\n]{0,12}?"
        r"|\bversion\s{1,3}(?:tested|benchmarked|measured)\b[^!?\n]{0,24}?"
        r"(?=[\s:=`*(\[]{0,6}v?\d)",
        re.IGNORECASE,
    )
)
_VERSION_AFTER_RE = re.compile(
    r"[\s:=`*(\[]{0,6}(?:is|was|:|=)?[\s:=`*(\[]{0,6}v?(?P<version>\d{1,3}(?:\.\d{1,4}){1,3}"
    rf"{PRE_POST}?)(?![\w-]|\.\d)"
)
# "from the bench scripts of [v0.5.2](...)", "with benchmark scripts from v0.6.5": the scripts', not the engine's
_SCRIPTS_RE = re.compile(r"\b(?:scripts?|tools?|harness)\b[^!?\n]{0,20}$", re.IGNORECASE)


# the build a sentence says its results came from, named as an image's tag or a build's name: "here is the result of
# `Model-V3.1` in `vllm-ascend:0.18.0`", "scores measured on engine v1.2.0", "numbers taken with the
# `nightly-2026-05-01` image"; a dot inside a name ("V3.1") is no sentence's end; each gap is bounded, so every start
# is tried in constant time. What names it a build (checked in `build_label`): an image's "name:" before the tag, a
# build word before or after it, or a tag that is a release ("v1.2.0") or a dated nightly's ("the nightly harness"
# names none; "release 0.9 of the toolkit" is a tool's, and the release statements read a release's own words).
_BUILD_TAG = rf"(?P<tag>v?\d{{1,3}}(?:\.\d{{1,4}}){{1,3}}{PRE_POST}?|nightly(?:[-_.][0-9a-z]{{1,12}}){{1,4}})(?![\w.-])"
BUILD_OF_RESULTS_RE = WordGate(
    re.compile(
        r"\b(?:data|numbers?|figures?|results?|scores?|measurements?)\b"
        r"(?:[^.!?\n]|\.(?=\S)){0,80}?\b(?:in|on|with|using|from)\s{1,3}(?:the\s{1,3})?"
        r"(?:(?P<word>engine|image|build|container)\s{1,3})?[`*]{0,2}(?P<image>[\w./-]{1,60}:)?"
        + _BUILD_TAG
        + r"[`*]{0,2}(?P<after>\s{1,3}(?:image|build|container))?",
        re.IGNORECASE,
    )
)


def build_label(text: str) -> str | None:
    """ "v0.18.0" (a release) or "nightly-2026-05-01" for a sentence naming the build its results came from as an
    image's tag or a build's name (BUILD_OF_RESULTS_RE); None for any other text ("results with 0.9 of the budget")."""
    for m in BUILD_OF_RESULTS_RE.finditer(text[:1000]):
        tag = m.group("tag")
        nightly = tag[:1].lower() == "n"
        if (
            m.group("image")
            or m.group("word")
            or m.group("after")
            or tag[:1] in "vV"
            or (nightly and tag[-1].isdigit())
        ):
            return tag if nightly else f"v{tag.lstrip('vV')}"
    return None


_RELEASE_DIGITS_RE = re.compile(r"\d\.\d")
"""What every release both patterns read holds (their `version`): a digit, a dot, a digit."""
_RELEASE_DIGITS_SIG = b"d.d"
"""The same in an ASCII text's class signature (vocab.text.class_signature)."""

ON_RELEASE_PATTERNS = (MEASURED_ON_RELEASE_RE, REPRODUCE_ON_RELEASE_RE, NEW_FOR_RELEASE_RE)
"""The sentences naming the data's release, each read for its `version` (the scripts' own release aside)."""


def release_label(text: str) -> str | None:
    """ "v0.9.0" for a sentence saying its data was measured on release 0.9.0, or naming the version it tested;
    None for any other text ("Starting with v0.19, testing used ...": a method since a release, not the data's
    release; "scripts from v0.6.5": the benchmark's own scripts)."""
    head = text[:1000]
    sig = class_signature(head)
    if (_RELEASE_DIGITS_RE.search(head) is None) if sig is None else (_RELEASE_DIGITS_SIG not in sig):
        # (every release either reading gives holds one ("0.9", "1.4.0"): most lines hold none; a nightly's tag
        # may hold none)
        return build_label(head) if "ightly" in head else None
    for pattern in ON_RELEASE_PATTERNS:
        m = pattern.search(head)
        if m is not None and not _SCRIPTS_RE.search(head, 0, m.start("version")):
            return f"v{m.group('version')}"
    t = TESTED_VERSION_RE.search(head)
    v = _VERSION_AFTER_RE.match(head, t.end()) if t is not None else None
    return f"v{v.group('version')}" if v is not None else build_label(head)


# a release's number as a column names a build by it: "0.11.0", "v0.5.3", "1.1.0rc2", "v0.9"; a pre-release sorts
# before its release, a post-release after it
_RELEASE_NUMBER_RE = re.compile(
    r"(?P<v>v)?(?P<nums>\d{1,3}(?:\.\d{1,4}){1,3})(?:(?P<tag>rc|a|b|\.?post|\.?dev)(?P<n>\d{1,3}))?", re.IGNORECASE
)
_TAG_ORDER = {"dev": -2, "a": -1, "b": -1, "rc": -1, "post": 1}


def named_release(name: str) -> tuple[str, str, tuple[int, ...]] | None:
    """(the project, the release as "v0.11.0", its order) of a build's name that is a release and nothing else:
    "vLLM 0.11.0", "SGLang v0.5.3", "TRT-LLM 1.1.0rc2", "v0.11.1", "0.11.1"; else None. The project is one of
    vocab.engines' ("" where none is named); a number alone needs its "v" or three parts to name a release ("0.9"
    is as likely a setting's value), and a name before it that is no project's ("Llama 3.1") names a model."""
    words = name.split()
    if not words or len(words) > 3 or len(name) > 60:
        return None
    m = _RELEASE_NUMBER_RE.fullmatch(words[-1])
    if m is None:
        return None
    project = " ".join(words[:-1])
    engine = engine_named(project) if project else None
    if project and engine is None:
        return None
    if engine is None and not m.group("v") and m.group("nums").count(".") < 2:
        return None
    tag = (m.group("tag") or "").lstrip(".").lower()
    order = (*(int(n) for n in m.group("nums").split(".")), _TAG_ORDER.get(tag, 0), int(m.group("n") or 0))
    return (engine.name if engine else "", f"v{words[-1].lstrip('vV')}", order)


# the words a version line names a project by that is not the page's own but what it builds on ("**Upstream**: 2.4
# (9ab12cd)", "Base engine: ...", "Dependency: fastserve 2.4"): its version is the page's context, never its revision
UPSTREAM_ROLE_RE = re.compile(
    r"\b(?:upstream|base|dependency|dependencies|depends|requires?|built\s{1,3}on|pinned)\b", re.IGNORECASE
)
# a project named with its version on a version line ("vLLM: 0.9.2 (a5dd03c)", "vLLM Ascend Version: v0.10.0rc1",
# "fastserve 2.4.0", "Acme-NPU: v1.3rc2"): up to four words, an optional "version", then a release or a branch, then
# the commit in a parenthesis (a link's text too); every part bounded, each start tried in constant time
PROJECT_VERSION_RE = re.compile(
    r"(?<![\w.+-])(?P<name>[A-Za-z][\w.+-]{0,30}(?:\s[A-Za-z][\w.+-]{0,30}){0,3}?)\s{0,3}(?:version\s{0,3})?[:=]?"
    rf"\s{{1,3}}(?P<version>v?\d{{1,4}}(?:\.\d{{1,4}}){{0,3}}{PRE_POST}?|main|master|nightly)(?![\w-]|\.\w)"
    r"(?:\s{0,3}\(\s{0,2}[\[`]{0,2}(?P<sha>[0-9a-f]{7,40})(?![\w-]))?",
    re.IGNORECASE,
)
_PRE_RELEASE_RE = re.compile(r"\d(?:rc|a|b)\d{1,3}$", re.IGNORECASE)


def pre_release(version: str) -> bool:
    """A release candidate or an alpha/beta build ("v0.10.0rc1"): the shape a plugin's own build takes beside the
    upstream release it pins ("vLLM: 0.10.0")."""
    return _PRE_RELEASE_RE.search(version) is not None
