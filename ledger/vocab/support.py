"""The words of support matrices: cell values, canonical features with each engine's spellings, and
architecture names (class names, grouped forms, marks, model names).

    value_of_mark("✅")                       -> ("yes", None)
    value_of_meaning("planned but not yet supported") -> ("no", "planned but not yet supported")
    feature_key("Sliding Window")            -> "sliding window attention"
    feature_key("CP", engine="vLLM")         -> "chunked prefill"       (elsewhere CP is context parallelism)
    architectures("Qwen2For{Reward,ProcessReward}Model") -> ["Qwen2ForRewardModel", "Qwen2ForProcessRewardModel"]
    strip_marks("`GLM4VForCausalLM`<sup>^</sup>")      -> ("GLM4VForCausalLM", ["^"])

A name the vocabulary does not know is kept as printed, never dropped: `feature_key` then returns None
and callers show the printed form. `Aliases` maps model names to their architecture from what the
documents themselves say (a row giving both), so no list of models here goes stale.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ledger.memo import short_text_cache

__all__ = [
    "FEATURES",
    "LETTER_HOLDERS",
    "LETTER_MARKS",
    "LISTED",
    "MARKS",
    "MODEL_FAMILIES",
    "QUESTION_MARKS",
    "VALUES",
    "Aliases",
    "Feature",
    "architectures",
    "class_head",
    "feature",
    "feature_key",
    "feature_named",
    "is_class_name",
    "models_in",
    "name_key",
    "name_key_spaced",
    "strip_marks",
    "value_of_mark",
    "value_of_meaning",
]

VALUES: tuple[str, ...] = ("yes", "no", "partial", "n/a", "untested", "absent")
"""A support cell's value. `absent`: a note says the architecture is missing from the engine's table;
`untested`: the document says so (Untested, ❔ unknown); `partial`: a mark the page's legend calls partial."""

MARKS: dict[str, tuple[str, str | None]] = {
    "✅": ("yes", None),
    "✓": ("yes", None),
    "✔": ("yes", None),
    "☑": ("yes", None),
    "🟢": ("yes", None),
    "❌": ("no", None),
    "✗": ("no", None),
    "✘": ("no", None),
    "✖": ("no", None),
    "❎": ("no", None),
    "🔴": ("no", None),
    "⛔": ("no", None),
    "🚧": ("no", "in progress"),
    "📅": ("no", "planned"),
    "🟠": ("partial", None),
    "🟡": ("partial", None),
    "⚠": ("yes", "with known issues"),
    "❔": ("untested", "unknown"),
    "❓": ("untested", "unknown"),
}
"""Marks and what they mean when the page gives no legend of its own (a legend's words win: see
value_of_meaning)."""


PLACEHOLDERS: tuple[str, ...] = ("-", "–", "—", "?", "TBD")
DASHES = frozenset(PLACEHOLDERS[:3])
"""The placeholders a support cell prints as a dash: with no legend, a mark kept as printed (a later version's legend
may say what it meant all along)."""
"""Cells that say nothing on their own (a dash, a question mark): a support cell only where the page's legend
says what they stand for ("`-` means not verified yet"); with no legend they are no cell, never "no"."""


QUESTION_MARKS: dict[str, tuple[str, str]] = {"?": ("untested", "unknown")}
"""A question mark in a matrix's cell, where the page's legend gives it no other meaning: nobody knows, as ❔ says
(a cell of a table whose other marks make it a matrix; alone it makes none)."""


LETTER_MARKS: dict[str, str] = {
    "Y": "yes",
    "y": "yes",
    "N": "no",
    "n": "no",
    "●": "yes",
    "○": "no",
    "◐": "partial",
}
"""Single-character marks a matrix prints in every cell (`Y` / `N`, `x`, `●` / `○`): read only where the whole table
has a matrix's shape (ledger/parsers/support/letters.py), a letter alone says nothing elsewhere (a grade, a flag)."""

LEGEND_ONLY_LETTERS: tuple[str, ...] = ("x", "X")
"""Marks of such a matrix that say yes on one page and no on another (a cross is a tick here, a "not built" there):
read only as the page's legend says; with none, kept as printed (UNEXPLAINED_MARK), never a yes or a no."""
UNEXPLAINED_MARK = "a mark the page does not explain"
"""The note of a support cell kept as printed: its value is the mark, which no legend of the page explains."""

LETTER_HOLDERS: tuple[str, ...] = (".", "-", "–", "—")
"""The filler of such a matrix's other cells: with no legend on the page, the subject is not listed there
(`absent`), never a "no"."""


def value_of_mark(mark: str) -> tuple[str, str | None] | None:
    return MARKS.get(mark.replace("\ufe0f", "").replace("\ufe0e", ""))


# The order matters: the first pattern found in a legend's words decides ("not yet supported" before "supported").
_MEANINGS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.IGNORECASE), v)
    for p, v in (
        (r"\bnot applicable\b|\bn/a\b", "n/a"),
        (
            r"\b(?:unknown|tbd|untested|unverified"
            r"|not (?:yet )?(?:tested|verified|checked|validated|evaluated|tried))\b",
            "untested",
        ),
        (r"\bpartial(?:ly)?\b|\blimited\b|\bsome\b", "partial"),
        (
            r"\bnot (?:yet )?(?:supported|available|compatible|planned|working|functional)\b|\bplanned\b|\bwip\b"
            r"|\bin progress\b|\bunder (?:active )?development\b|\bcoming soon\b|\bdeprecated\b|\bno compat"
            r"|\bunsupported\b"
            r"|\bincompatible\b|\bnot\b",
            "no",
        ),
        (
            r"\bsupported\b|\bcompatib|\bfunctional\b|\boperational\b|\bworks?\b|\bruns?\b|\bavailable\b"
            r"|\bfull(?:y)?\b|\bexperimental\b|\bknown issues\b|\bcaveats?\b|\byes\b|\bbeta\b",
            "yes",
        ),
    )
)


_LEGEND_LEAD_RE = re.compile(
    r"^(?:[:=–—-]\s*)?(?:indicates|means|denotes|marks|shows|signals|stands for|is)"
    r"(?:\s+that)?\s+",
    re.IGNORECASE,
)


_PLAIN_MEANING_RE = re.compile(
    r"(?:is |are )?(?:fully |full )?(?:supported|not supported|compatib\w*|operational|"
    r"functional|yes|no|no compatibility)",
    re.IGNORECASE,
)
"""Legend words that say no more than the value itself: no note."""
_CAVEAT_RE = re.compile(
    r"experimental|caveat|known issue|limitation|beta|preview|partial|\bbut\b|\bonly\b|\bexcept|\bunless\b"
    r"|plann|progress|\bwip\b|development|coming soon|deprecat|\byet\b|remov|broken|fall ?back|workaround|instead",
    re.IGNORECASE,
)
"""What a "yes" or "no" legend line must say to be worth a note on every cell it marks: a caveat, a plan, a way
round. "❌ indicates that the method is not supported on the hardware" restates the value over the table's own
axes, as its "✅" line does: a key to the marks, no note of a cell."""


def value_of_meaning(text: str) -> tuple[str, str | None] | None:
    """What a legend line's words make of a mark: ("no", "planned but not yet supported"). The words are
    kept as the note unless they only say "supported" / "not supported"."""
    t = _LEGEND_LEAD_RE.sub("", " ".join(text.split()).strip(" .:=-–—"))[:200].strip(" .:")
    if not t:
        return None
    head = _ASIDE_RE.sub(" ", t) if "(" in t else t
    for words in (head, t) if head != t else (t,):  # the words outside an aside speak first
        for pattern, value in _MEANINGS:
            if pattern.search(words):
                if words == t and (
                    _PLAIN_MEANING_RE.fullmatch(t) or (value in ("yes", "no") and not _CAVEAT_RE.search(t))
                ):
                    return value, None  # the words say no more than the value (an aside says more)
                return value, t
    return None


_ASIDE_RE = re.compile(r"\([^()]{0,200}\)")
"""A legend line's aside, "(some may have open PRs)": it qualifies the head's words, never outweighs them."""


@dataclass(frozen=True)
class Feature:
    """A feature under its canonical name, with the spellings people and engines use for it."""

    name: str
    """Shown in matrices: "Sliding Window Attention"."""
    spellings: tuple[str, ...] = ()
    """Other ways any document writes it."""
    by_engine: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Spellings that mean this feature in one engine's documents only ("CP" is chunked prefill in vLLM's)."""
    family: str | None = None
    """The broader feature this one is a kind of ("EAGLE-3" of "Speculative Decoding")."""

    @property
    def key(self) -> str:
        return name_key_spaced(self.name)


LISTED = "Architecture listed"
"""The feature of a row in an engine's table of supported architectures (and of the notes that say a row is
there, or absent)."""

FEATURES: tuple[Feature, ...] = (
    Feature(
        LISTED,
        (
            "architecture table",
            "architecture list",
            "supported architectures",
            "supported models",
            "model support",
            "listed",
            "supported model",
        ),
    ),
    Feature(
        "Overlap Scheduler", ("overlap scheduling", "overlap schedule", "overlap"), {"SGLang": ("overlap schedule",)}
    ),
    Feature("CUDA Graph", ("cuda graphs", "cudagraph", "cudagraphs", "cuda-graph", "cuda graph capture")),
    Feature("torch.compile", ("torch compile", "torch-compile")),
    Feature("Tensor Parallelism", ("tensor parallel", "tp")),
    Feature("Pipeline Parallelism", ("pipeline parallel", "pp")),
    Feature("Expert Parallelism", ("expert parallel", "ep", "moe expert parallelism")),
    Feature("Data Parallelism", ("data parallel", "dp")),
    Feature(
        "Attention Data Parallelism",
        ("attention dp", "adp", "dp attention", "data parallel attention", "attention data parallel"),
    ),
    Feature("Context Parallelism", ("context parallel", "cp")),
    Feature("Helix Parallelism", ("helix",)),
    Feature(
        "Disaggregated Serving",
        (
            "disaggregated prefill",
            "pd disaggregation",
            "p/d disaggregation",
            "prefill decode disaggregation",
            "prefill-decode disaggregation",
            "disaggregation",
            "disagg",
            "disaggregated serving (pd)",
        ),
    ),
    Feature("EPD Disaggregated Serving", ("epd disaggregation", "encode prefill decode disaggregation")),
    Feature("Chunked Prefill", ("chunked prefilling", "chunked-prefill", "chunked prefill (cp)"), {"vLLM": ("cp",)}),
    Feature(
        "Speculative Decoding",
        ("spec decoding", "spec decode", "spec-decode", "speculative decode", "speculative", "spec dec"),
        {"vLLM": ("sd",)},
    ),
    Feature("MTP", ("multi-token prediction", "multi token prediction", "nextn"), family="Speculative Decoding"),
    Feature("EAGLE-3", ("eagle3", "eagle 3"), family="Speculative Decoding"),
    Feature("EAGLE", ("eagle-1", "eagle-2", "eagle2"), family="Speculative Decoding"),
    Feature("N-gram", ("ngram", "n-gram speculation", "prompt lookup"), family="Speculative Decoding"),
    Feature("DFlash", (), family="Speculative Decoding"),
    Feature("Speculative Decoding — Linear", ("spec topk=1",), family="Speculative Decoding"),
    Feature("Speculative Decoding — Dynamic Trees", ("spec topk>1",), family="Speculative Decoding"),
    Feature("EAGLE-3 — Linear", (), family="Speculative Decoding"),
    Feature("EAGLE-3 — Dynamic", (), family="Speculative Decoding"),
    Feature("Speculative Decoding — Legacy Path (NGram, user-provided)", (), family="Speculative Decoding"),
    Feature(
        "KV Cache Reuse",
        (
            "kv-cache reuse",
            "kv block reuse",
            "prefix caching",
            "automatic prefix caching",
            "prefix cache",
            "radix cache",
            "radixattention",
            "radix attention",
            "block reuse",
        ),
        {"vLLM": ("apc",)},
    ),
    Feature(
        "Sliding Window Attention",
        (
            "sliding window",
            "swa",
            "sliding-window attention",
            "sliding attention",
            "sliding window (swa)",
            "interleaved sliding window",
        ),
    ),
    Feature("FP8 KV Cache", ("fp8 kv", "kv cache fp8", "fp8 kv-cache", "fp8 kv cache dtype")),
    Feature("FP4 KV Cache", ("nvfp4 kv cache", "fp4 kv")),
    Feature("MLA", ("multi-head latent attention", "multi head latent attention")),
    Feature(
        "Multimodal",
        ("multi-modal", "multimodal inputs", "multi-modality", "multi modality", "multimodal input"),
        {"vLLM": ("mm",)},
    ),
    Feature("LoRA", ("multi-lora", "lora adapters", "lora adapter", "multi lora")),
    Feature(
        "Guided Decoding",
        (
            "structured output",
            "structured outputs",
            "constrained decoding",
            "guided dec",
            "grammar-constrained decoding",
            "structured generation",
        ),
    ),
    Feature("Logits Post Processor", ("logits processor", "logits processors", "logits post-processor")),
    Feature("Torch Sampler", ("pytorch sampler",)),
    Feature("TLLM C++ Sampler", ("c++ sampler", "trtllm sampler")),
    Feature("Encoder-Decoder", ("enc-dec", "encoder decoder", "encoder-decoder models", "enc dec")),
    Feature("Pooling", ("pooling models", "embedding models", "emd", "embedding")),
    Feature("Logprobs", ("logp", "log probs")),
    Feature("Prompt Logprobs", ("prmpt logp", "prompt logp")),
    Feature("Async Output Processing", ("async output",)),
    Feature("Multi-step Scheduling", ("multi-step", "multi step", "multi-step scheduler", "multi step scheduler")),
    Feature("Beam Search", ("beam-search",)),
    Feature("Best-of", ("best of",)),
    Feature("Prompt Embeds", ("prompt-embeds", "prompt embeddings")),
    Feature("Quantization", ("quant",)),
)

_DASHES_RE = re.compile(r"[\s\-_–—]+")
_MARKUP_RE = re.compile(r"[*`]+")


def name_key_spaced(text: str) -> str:
    """A feature name compared case-blind, markup removed, blanks, '-', '_' and dashes as one blank."""
    return _DASHES_RE.sub(" ", _MARKUP_RE.sub("", text[:300]).lower()).strip(" :.")


_GENERAL: dict[str, Feature] = {}
_BY_ENGINE: dict[tuple[str, str], Feature] = {}
for _f in FEATURES:
    for _s in (_f.name, *_f.spellings):
        _GENERAL.setdefault(name_key_spaced(_s), _f)
    for _engine, _spellings in _f.by_engine.items():
        for _s in _spellings:
            _BY_ENGINE[(_engine, name_key_spaced(_s))] = _f
_BY_KEY: dict[str, Feature] = {_f.key: _f for _f in FEATURES}


def feature(printed: str | None, engine: str | None = None) -> Feature | None:
    """The canonical feature a printed name stands for, in that engine's documents (its own spellings
    first: "CP" is chunked prefill in vLLM's, context parallelism elsewhere), else None."""
    if not printed:
        return None
    k = name_key_spaced(strip_marks(printed)[0])
    return (_BY_ENGINE.get((engine, k)) if engine else None) or _GENERAL.get(k)


def feature_key(printed: str | None, engine: str | None = None) -> str | None:
    """The canonical feature's key ("sliding window attention"), else None (keep the printed name)."""
    f = feature(printed, engine)
    return f.key if f else None


def feature_named(key: str) -> Feature | None:
    return _BY_KEY.get(key)


# ---- architectures ------------------------------------------------------------------------------------

ARCHITECTURE_HEADER_RE = re.compile(
    r"^(?:(?:hf |hugging ?face |model )?architectures?|(?:model )?class(?:es)?(?: names?)?|arch"
    r"|model architecture(?:/feature)?|architecture \(class\))$",
    re.IGNORECASE,
)
"""A table column of architecture class names ("Architecture", "Model Architecture/Feature", "Class")."""
MODEL_HEADER_RE = re.compile(
    r"^(?:models?|model names?|model family(?: \(variants\))?|model families|family"
    r"|supported models?)$",
    re.IGNORECASE,
)
"""A table column of model names ("Models", "Model family (variants)")."""
EXAMPLE_HEADER_RE = re.compile(
    r"^(?:example )?(?:hf |hugging ?face )?(?:example|models?|model ids?|checkpoints?)"
    r"(?: examples?| models?)?$|^hugging ?face example|^example hf models?$",
    re.IGNORECASE,
)
"""A table column of example checkpoints ("Example HF Models", "HuggingFace Example")."""

_SUP_RE = re.compile(r"<sup>\s{0,3}([^<>]{1,12}?)\s{0,3}</sup>", re.IGNORECASE)
_FOOTNOTE_RE = re.compile(r"\[\^([\w.-]{1,24})\]")
_TRAILING_MARKS = "^†‡*§¶#¹²³⁴⁵⁶⁷⁸⁹⁰"
_LINK_RE = re.compile(r"\[([^\[\]]{0,200})\](?:\([^()]{0,500}\)|\[[^\[\]^]{0,100}\])")
"""A link, inline or by reference ("[CP](#chunked-prefill)", "[CP][chunked-prefill]"): its words are the name."""
_TAG_RE = re.compile(r"<[^<>]{0,80}>")
_SUPERSCRIPTS = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")


def strip_marks(name: str) -> tuple[str, list[str]]:
    """A name without its footnote marks, `<sup>` markers, links, code marks and tags, and the marks it
    carried: "`GLM4VForCausalLM`<sup>^</sup>" -> ("GLM4VForCausalLM", ["^"])."""
    s = name[:2_000]
    marks = [m.strip() for m in _SUP_RE.findall(s)]
    s = _SUP_RE.sub(" ", s)
    marks += _FOOTNOTE_RE.findall(s)
    s = _FOOTNOTE_RE.sub(" ", s)
    s = _LINK_RE.sub(r"\1", s)
    s = _TAG_RE.sub(" ", s)
    s = s.replace("\\", "")
    s = " ".join(_MARKUP_RE.sub("", s).split())
    k = len(s)
    while k > 1 and len(s) - k < 3 and s[k - 1] in _TRAILING_MARKS:
        k -= 1
    if k < len(s) and s[k - 1] != " ":  # "Name†", not a lone mark of its own
        marks.append(s[k:].translate(_SUPERSCRIPTS))
        s = s[:k]
    return s.strip(" :"), marks


_CLASS_RE = re.compile(r"^[A-Z][A-Za-z0-9_]{1,100}$")


@short_text_cache(4096)  # (each part of each subject cell, again for each row naming it)
def is_class_name(name: str) -> bool:
    """A model class name as a checkpoint's config lists it: one CamelCase word holding "For" before a
    capital ("Qwen3NextForCausalLM") or ending in "Model" / "LMHeadModel" ("InternVLChatModel")."""
    if not _CLASS_RE.match(name) or not any(map(str.islower, name)):
        return False
    i = name.find("For", 1)
    return (i > 0 and i + 3 < len(name) and name[i + 3].isupper()) or (name.endswith("Model") and len(name) > 5)


_BRACE_RE = re.compile(r"^([^{}]{0,100})\{([^{}]{1,200})\}([^{}]{0,100})$")
_NAME_PART_RE = re.compile(r"^[A-Za-z0-9][\w.+-]{0,80}$")


def architectures(subject: str) -> list[str]:
    """The architectures a subject cell names: marks removed, grouped forms expanded
    (`Qwen2For{Reward,ProcessReward}Model`), lists split ("`ChatGLMModel`, `ChatGLMForConditionalGeneration`",
    "Qwen2VL/Qwen2_5_VL"), a class with its model in parentheses reduced to the class
    ("LlavaLlamaModel (VILA)"). Anything else comes back as one name, as printed."""
    s, _ = strip_marks(subject)
    if not s:
        return []
    head, paren = _split_paren(s)
    if paren is not None and is_class_name(head):
        return [head]
    m = _BRACE_RE.match(s)
    if m and " " not in s:
        return [m.group(1) + alt.strip() + m.group(3) for alt in m.group(2).split(",") if alt.strip()]
    if "," in s:
        parts = [p.strip() for p in s.split(",") if p.strip()]
        if len(parts) > 1 and any(is_class_name(p) for p in parts) and all(_NAME_PART_RE.match(p) for p in parts):
            return parts
    if "/" in s and " " not in s:
        parts = [p for p in s.split("/") if p]
        if len(parts) > 1 and all(_NAME_PART_RE.match(p) and len(p) >= 3 and p[0].isupper() for p in parts):
            return parts
    return [s]


def _split_paren(s: str) -> tuple[str, str | None]:
    if s.endswith(")") and "(" in s:
        i = s.rfind("(")
        return s[:i].strip(), s[i + 1 : -1].strip()
    return s, None


def models_in(cell: str | None) -> list[str]:
    """The model names of a Models column cell ("DeepSeek-V3, Kimi-K2", "MiniMax M2/M2.1"), as printed."""
    if not cell:
        return []
    s, _ = strip_marks(cell)
    return [p.strip() for p in re.split(r",|;| and ", s) if p.strip() and p.strip().lower() not in ("etc", "etc.")]


_KEY_RE = re.compile(r"[^a-z0-9]+")


def name_key(name: str) -> str:
    """A model or architecture name compared letters and digits only, case-blind: "Qwen3-Next" == "Qwen3Next"."""
    return _KEY_RE.sub("", name[:300].lower())


def class_head(name: str) -> str:
    """The family part of a class name, compared as name_key: "Qwen3NextForCausalLM" -> "qwen3next"."""
    i = name.find("For", 1)
    head = name[:i] if i > 0 and is_class_name(name) else name
    if head.endswith("LMHeadModel"):
        head = head[: -len("LMHeadModel")]
    return name_key(head)


MODEL_FAMILIES: frozenset[str] = frozenset(
    {
        "llama",
        "mistral",
        "mixtral",
        "ministral",
        "gemma",
        "qwen",
        "qwq",
        "deepseek",
        "phi",
        "falcon",
        "mamba",
        "glm",
        "chatglm",
        "gpt",
        "nemotron",
        "kimi",
        "minimax",
        "granite",
        "olmo",
        "jamba",
        "exaone",
        "internlm",
        "internvl",
        "llava",
        "whisper",
        "bert",
        "t5",
        "starcoder",
        "codellama",
        "yi",
        "baichuan",
        "hunyuan",
        "step",
        "ernie",
        "command",
        "cohere",
        "dbrx",
        "grok",
        "arctic",
        "smollm",
        "lfm",
        "seed",
        "pixtral",
        "molmo",
        "paligemma",
    }
)
"""Model family words ("llama", "qwen"): a claim whose own words hold one names a model of its own, even one no
document lists, so it does not take the model its pull request's title names."""


class Aliases:
    """Model names and short forms -> architecture class, from what documents say: a row that gives a
    class and its models, a cell whose row names its class, a class named anywhere (its family head,
    "Qwen3Next" -> Qwen3NextForCausalLM, when only one known class has that head)."""

    def __init__(self) -> None:
        self._named: dict[str, str] = {}
        self._heads: dict[str, set[str]] = {}
        self.classes: set[str] = set()

    def add_class(self, cls: str) -> None:
        if is_class_name(cls) and cls not in self.classes:
            self.classes.add(cls)
            self._heads.setdefault(class_head(cls), set()).add(cls)

    def add(self, name: str, cls: str) -> None:
        """`name` (a model name a document gives for `cls`) means `cls`; the first document to say so wins."""
        self.add_class(cls)
        k = name_key(name)
        if k and k != name_key(cls):
            self._named.setdefault(k, cls)

    def add_all(self, names: Iterable[str], cls: str) -> None:
        for n in names:
            self.add(n, cls)

    def resolve(self, name: str) -> str | None:
        """The class a name stands for, or None when nothing says (the name is then kept as printed)."""
        if name in self.classes:
            return name
        k = name_key(name)
        if not k:
            return None
        if k in self._named:
            return self._named[k]
        heads = self._heads.get(k)
        if heads and len(heads) == 1:
            return next(iter(heads))
        return None

    def names_of(self, cls: str) -> list[str]:
        """Every name known for `cls` (as name_key), the class itself first."""
        out = [name_key(cls), class_head(cls)]
        out += [k for k, c in self._named.items() if c == cls]
        return list(dict.fromkeys(x for x in out if x))
