"""The serving engines (and their neighbour projects) a document can speak for: short names, repositories,
the spellings people type, and the hosts their docs live on.

    engine_named("trtllm")                 -> TensorRT-LLM   (an --engine option, a column header "vLLM")
    engine_for_repo("vllm-project/vllm")   -> vLLM           (a fork named like the engine counts too)
    engine_for_url("https://docs.sglang.ai/backend/attention_backend.html") -> SGLang
    engine_in_path("trtllm-supported-models.md")                            -> TensorRT-LLM

Text detection (which engine a page is about) lives with the parsers (ledger/parsers/support/engine.py); it reads the
`text` spellings below, which leave out words that are common outside their project ("transformers",
"pytorch", "flashinfer" as a backend name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "ENGINES",
    "Engine",
    "engine_for_repo",
    "engine_for_url",
    "engine_in_label",
    "engine_in_parens",
    "engine_in_path",
    "engine_named",
    "engine_of_repo",
    "short_name",
]


@dataclass(frozen=True)
class Engine:
    """One project: how it is shown, where it lives, and how it is written."""

    name: str
    """The short name shown in matrices and summaries ("TensorRT-LLM")."""
    repos: tuple[str, ...]
    """GitHub repositories, owner/name, the canonical one first."""
    aliases: tuple[str, ...]
    """Spellings that name it, compared case-blind with blanks, '-', '_' and '.' ignored."""
    text: tuple[str, ...] = ()
    """Spellings that, found in a page's text, suggest the page is about this project (case-blind)."""
    hosts: tuple[str, ...] = ()
    """Where its docs are published (host, or host/path prefix)."""
    library: bool = False
    """A library serving engines run on as one of their backends (PyTorch, Transformers, FlashInfer), no engine a
    page's matrix is about: a heading "Models supported by PyTorch" names a backend of the page's engine."""

    @property
    def repo(self) -> str:
        return self.repos[0]


ENGINES: tuple[Engine, ...] = (
    Engine(
        "TensorRT-LLM",
        ("NVIDIA/TensorRT-LLM",),
        ("TensorRT-LLM", "trtllm", "trt-llm", "tensorrt_llm", "TensorRT LLM"),
        ("TensorRT-LLM", "TRT-LLM", "TRTLLM", "tensorrt_llm", "trtllm-serve", "trtllm-bench"),
        ("nvidia.github.io/TensorRT-LLM",),
    ),
    Engine("vLLM", ("vllm-project/vllm",), ("vLLM",), ("vLLM",), ("docs.vllm.ai", "vllm.ai")),
    Engine(
        "SGLang",
        ("sgl-project/sglang",),
        ("SGLang",),
        ("SGLang",),
        ("docs.sglang.ai", "docs.sglang.io", "sgl-project.github.io"),
    ),
    Engine(
        "llama.cpp",
        ("ggml-org/llama.cpp", "ggerganov/llama.cpp"),
        ("llama.cpp", "llamacpp", "llama-cpp"),
        ("llama.cpp", "llama-server", "llama-bench", "GGML"),
    ),
    Engine(
        "TGI",
        ("huggingface/text-generation-inference",),
        ("TGI", "text-generation-inference", "Text Generation Inference"),
        ("text-generation-inference", "Text Generation Inference", "TGI"),
        ("huggingface.co/docs/text-generation-inference",),
    ),
    Engine("LMDeploy", ("InternLM/lmdeploy",), ("LMDeploy",), ("LMDeploy",), ("lmdeploy.readthedocs.io",)),
    Engine(
        "MLC LLM",
        ("mlc-ai/mlc-llm",),
        ("MLC LLM", "mlc-llm", "mlc_llm"),
        ("MLC LLM", "mlc_llm", "mlc-llm"),
        ("llm.mlc.ai",),
    ),
    Engine("Ollama", ("ollama/ollama",), ("Ollama",), ("Ollama",), ("ollama.com",)),
    Engine("Dynamo", ("ai-dynamo/dynamo",), ("Dynamo", "ai-dynamo")),
    Engine("FlashInfer", ("flashinfer-ai/flashinfer",), ("FlashInfer",), (), ("docs.flashinfer.ai",), library=True),
    Engine("PyTorch", ("pytorch/pytorch",), ("PyTorch",), (), ("pytorch.org",), library=True),
    Engine(
        "Transformers",
        ("huggingface/transformers",),
        ("Transformers", "HF Transformers", "Hugging Face Transformers"),
        library=True,
    ),
)
_NOT_IN_PATHS = frozenset({"Transformers"})
"""Projects whose name is too common a word to name them in a file name ("transformers_backend.md")."""


def _key(text: str) -> str:
    return re.sub(r"[\s._-]+", "", text.strip().lower())


_BY_ALIAS: dict[str, Engine] = {_key(a): e for e in ENGINES for a in (e.name, *e.aliases)}
_BY_REPO: dict[str, Engine] = {r.lower(): e for e in ENGINES for r in e.repos}
_REPO_NAME: dict[str, Engine] = {r.split("/", 1)[1].lower(): e for e in ENGINES for r in e.repos}
_MAX = 200


def engine_named(text: str | None) -> Engine | None:
    """The engine a name stands for ("trtllm", "TensorRT-LLM", "vLLM", "sglang"), else None."""
    if not text or len(text) > _MAX:
        return None
    return _BY_ALIAS.get(_key(text))


# "### Qwen3-8B (SGLang)", "- 7B (vLLM)": the engine a release page's heading or bullet names for the table under it;
# "E2E results (SGLang, MI355X, org/Model, FSE=1):": one item of a lead-in's list of what the runs used
_TRAILING_PAREN_RE = re.compile(r"\((?P<names>[A-Za-z][^()]{1,160})\)[\s:*_]{0,4}$")


_LABEL_WORD_RE = re.compile(r"[A-Za-z][\w.+-]{0,40}")


def engine_in_label(label: str | None) -> Engine | None:
    """The one engine a side's label names in its words ("mainline llama.cpp", "vLLM v0.9.1", "TensorRT LLM
    (build 1.1)"): a word, or two words together, spelled as one of its aliases; None for none or two."""
    if not label or len(label) > _MAX:
        return None
    words = _LABEL_WORD_RE.findall(label)
    found = {
        e.name: e
        for i in range(len(words))
        for e in (engine_named(words[i]), engine_named(" ".join(words[i : i + 2])) if i + 1 < len(words) else None)
        if e is not None
    }
    return next(iter(found.values())) if len(found) == 1 else None


def engines_in_text(text: str) -> set[str]:
    """Every serving engine a text names in its words ("Unlike SGLang, ...", "TensorRT-LLM v0.5.0"; a library such as
    Transformers is none): a page that names two runs on neither alone, whatever one caption says."""
    words = _LABEL_WORD_RE.findall(text)
    found = set()
    for i, word in enumerate(words):
        for name in (word, " ".join(words[i : i + 2]) if i + 1 < len(words) else ""):
            engine = engine_named(name) if name else None
            if engine is not None and not engine.library:
                found.add(engine.name)
    return found


def engine_in_parens(text: str) -> str | None:
    """The engine a heading, a bullet or a lead-in names in its closing parenthesis, alone or as one item of its
    list ("0.5B (vLLM)" -> "vLLM"; a page's "(Transformer)" is Hugging Face Transformers), else None."""
    m = _TRAILING_PAREN_RE.search(text[:300])
    if m is None:
        return None
    found = set()
    for item in m.group("names").split(","):
        name = item.strip()
        engine = engine_named("Transformers" if name.lower() == "transformer" else name) if len(name) <= 30 else None
        if engine is not None:
            found.add(engine.name)
    return found.pop() if len(found) == 1 else None


def engine_for_repo(repo: str | None) -> Engine | None:
    """The engine of a repository: its own, or a fork or mirror named like the engine ("someone/vllm",
    "example/trtllm"); None for any other."""
    if not repo or "/" not in repo or len(repo) > _MAX:
        return None
    low = repo.strip().lower()
    name = low.split("/", 1)[1]
    return _BY_REPO.get(low) or _REPO_NAME.get(name) or engine_named(name)


def engine_of_repo(repo: str | None) -> str | None:
    """The engine a repository's documents speak for: the one we know it as, else the repository's own name
    ("vllm-project/vllm-ascend" -> "vllm-ascend"). A project we do not know (a hardware plugin of an engine, a
    neighbour) answers for itself: its pages are neither the engine's it extends nor nobody's."""
    found = engine_for_repo(repo)
    if found is not None:
        return found.name
    if not repo or "/" not in repo or len(repo) > _MAX:
        return None
    return repo.strip().split("/", 1)[1].strip().removesuffix(".git") or None


_GITHUB_RE = re.compile(r"^https?://(?:www\.)?github\.com/([\w.-]{1,100})/([\w.-]{1,100})(?:[/?#]|$)", re.IGNORECASE)


def engine_for_url(url: str | None) -> Engine | None:
    """The engine a URL belongs to: a GitHub URL of its repository, or a page on its docs host."""
    if not url or len(url) > 2_000:
        return None
    u = url.strip()
    m = _GITHUB_RE.match(u)
    if m:
        return engine_for_repo(f"{m.group(1)}/{m.group(2).removesuffix('.git')}")
    rest = re.sub(r"^[a-z][a-z0-9+.-]{0,20}://", "", u, flags=re.IGNORECASE).lower()
    for e in ENGINES:
        for host in e.hosts:
            h = host.lower()
            if rest == h or rest.startswith((h + "/", h + "?", h + "#")):
                return e
    return None


_PATH_ALIASES = sorted(
    {
        a.lower().replace(" ", "-")
        for e in ENGINES
        if e.name not in _NOT_IN_PATHS
        for a in (e.name, *e.aliases)
        if len(a) >= 3
    },
    key=len,
    reverse=True,
)
_PATH_RE = re.compile(r"(?<![a-z0-9])(" + "|".join(map(re.escape, _PATH_ALIASES)) + r")(?![a-z0-9])")


def engine_in_path(path: str | None) -> Engine | None:
    """The engine a file's name or path names ("trtllm-supported-models.md", "docs/vllm/features.md"), else None."""
    if not path:
        return None
    m = _PATH_RE.search(path[-_MAX:].lower())
    return engine_named(m.group(1)) if m else None


def short_name(name: str | None) -> str | None:
    """A name as the engine's short name when it is one we know, else as given (stripped)."""
    if name is None:
        return None
    e = engine_named(name)
    return e.name if e else (name.strip() or None)
