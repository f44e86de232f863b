"""Model names as PRs and release pages print them: hub ids, dashed names, spaced names with a size, lettered
releases; which model family a result's name names. Read by the setup readers and by canonical setup."""

from __future__ import annotations

import re

from ledger.memo import short_text_cache
from ledger.vocab.abbreviated_models import sized_abbreviations
from ledger.vocab.canonical import SIBLING_PAIR_RE, sibling_models
from ledger.vocab.env_names import in_env_name
from ledger.vocab.gguf_types import GGUF_QUANT
from ledger.vocab.hub_ids import hub_ids
from ledger.vocab.model_text import model_text
from ledger.vocab.shaped_models import shaped_models
from ledger.vocab.text import class_signature, has_digit, lower_for_words
from ledger.vocab.trie import trie_pattern
from ledger.vocab.word_gate import WordGate

# Model names as PRs print them: "meta-llama/Llama-3.1-8B-Instruct", "Qwen3-235B-A22B", "gpt-oss-120b",
# "DeepSeek-R1-0528", "Mixtral-8x22B-v0.1": a family word, then a version, size or suffix joined by - . _
_MODEL_FAMILIES = (
    "llama",
    "meta-llama",
    "codellama",
    "qwen",
    "qwq",
    "deepseek",
    "mistral",
    "mixtral",
    "ministral",
    "gemma",
    "phi",
    # (gpt-oss, gpt-j, gpt-neox and the closed gpt-4o, gpt-4.1 a model card compares against)
    "gpt",
    "claude",
    "gemini",
    "glm",
    "chatglm",
    "kimi",
    "minimax",
    "nemotron",
    "falcon",
    "mpt",
    "bloom",
    "olmo",
    "granite",
    "yi",
    "baichuan",
    "internlm",
    "internvl",
    "command-r",
    "dbrx",
    "jamba",
    "starcoder",
    "vicuna",
    "step",
    "hunyuan",
    "ernie",
    "seed-oss",
    "smollm",
    "llava",
    "pixtral",
    "whisper",
    "opt",
    "mamba",
    "jais",
    "exaone",
    # (xAI's, Zyphra's, IBM's hybrid, Cohere's, Stability's, Xiaomi's, Meituan's, Skywork's, Huawei's open releases)
    "grok",
    "zamba",
    "bamba",
    "aya",
    "stablelm",
    "mimo",
    "longcat",
    "skywork",
    "pangu",
    "openpangu",
    "xverse",
)
# the family words nested by shared prefixes (trie_pattern): no family word opens another, so at any place at most
# one matches, as in the flat list; the patterns below try them at every character of a name's window
_FAMILY = trie_pattern(_MODEL_FAMILIES, lookahead=True)
FAMILY_PATTERN = _FAMILY
"""The family words as one pattern (no group; a family word opens no other)."""
_MODEL_RE = re.compile(
    # (never a piece of a longer path: "recipes/glm-5.3-flash/README.md" names a file, not the model "recipes/glm-5")
    # ("deepseek-ai/DeepSeek-R1-0528/": a folder's closing slash, nothing after it, ends the name it holds)
    r"(?<![\w/.@-])(?:[A-Za-z0-9][\w.-]{0,40}/)?(?:" + _FAMILY + r")(?=[\w.-]*\d)[\w.-]{1,60}(?![\w-]|/[\w.-])"
    r"(?![\w.-]{0,60}/[\w.-])",
    re.IGNORECASE,
)
# (no family word opens another, so the nested form finds each where the flat list would)
_FAMILY_SUBS = sorted({re.split(r"[^a-z]", f)[0] for f in _MODEL_FAMILIES})
_FAMILY_SUB_RE = re.compile(trie_pattern(_FAMILY_SUBS))
# "Llama 3.3 70B", "Gemma 3 27B", "Qwen3 30B-A3B Instruct": the family, its version and a size, spaced apart
_SPACED_MODEL_RE = re.compile(
    r"(?<![\w/.@-])(?:" + _FAMILY + r")\d{0,2}(?:\.\d{1,2})?(?: (?:\d{1,2}(?:\.\d{1,2})?|[vV]\d{1,2}(?:\.\d)?)){0,2}"
    r"(?: (?:\d{1,4}(?:\.\d)?[bBmM]|\d{1,2}[xX]\d{1,3}[bB])(?:-[aA]\d{1,3}[bB])?"
    # or a lettered release with no size: "DeepSeek R1", "DeepSeek V3.2", "Kimi K2", "MiniMax M2"
    r"| [rRvVkKmM]\d{1,2}(?:\.\d{1,2})?"
    # or a named member of a versioned release: "Llama 4 Scout", "Llama 4 Maverick", "Nemotron 3 Nano"
    r"|(?<=\d) (?:scout|maverick|behemoth|nano|super|ultra|mini|small|medium|large|next|coder|omni|flash|air|lite))"
    # (a card's "405B-Inst.", "V2.5-0905": the tuned variant shortened, the release's date)
    r"(?:[ -](?:a\d{1,3}b|instruct|inst|chat|base|it|coder|vl|moe|thinking|preview|flash|lite|air|turbo|pro|exp"
    r"|[01]\d[0-3]\d)\b){0,3}"
    r"(?![\w/-])",
    re.IGNORECASE,
)
_MEMBER_MODEL_RE = re.compile(
    r"(?<![\w/.@-])(?:" + _FAMILY + r")(?:-| (?=(?-i:[A-Z])))(?:lite|mini|nano|small|medium|large)"
    r"(?: \d{1,2}(?:\.\d{1,2})?(?![\w.]| ?(?:x|gpus?|nodes?|cards?)\b))?(?![\w/-])",
    re.IGNORECASE,
)
"""A family's named member, no size printed ("DeepSeek-Lite", "Mistral-Small"); its release's version after it
("Mistral Large 2", "Mistral Small 3.1"), never a count of boards ("Mistral-Small 4 GPUs")."""
# (case-blind, it was tried at every blank and hyphen of every text with no digit: searched only where a word stands)
_MEMBER_WORD_RE = WordGate(re.compile(r"[ -](?:lite|mini|nano|small|medium|large)\b", re.IGNORECASE))
# "adept/persimmon-8b-chat": a hub id whose name carries a parameter count, whatever its family
_HUB_MODEL_RE = re.compile(
    r"(?<![\w/.@-])[A-Za-z0-9][\w.-]{0,40}/[A-Za-z][\w.-]{0,60}?\d{1,4}(?:\.\d)?[bBmM]"
    r"(?![A-Za-z0-9])[\w.-]{0,40}(?!\w|/[\w.-])(?![\w.-]{0,60}/[\w.-])"
)


# "DSR1 FP4", "DS-V3.2 FP8, TP8", "DSV3.2 W4AFP8": DeepSeek's releases as threads shorten them, named by the release
# they stand for; only with the run's precision or parallelism right after, as a setup states it ("(DSR1, GPT-OSS,
# Kimi)", a list of families a feature could reach, names no run's model), or alone as a title's tag ("[AMD][DSv4]")
_SHORTHAND_RE = re.compile(
    r"(?<![\w/.@-])ds-?(?P<release>[rv]\d(?:\.\d)?|[2-9](?:\.\d)?)(?:(?![\w/-])(?!\.\w)"
    r"(?=[ ,/(]{1,3}(?:(?:nv|mx)?(?:fp[48]|bf16|fp16|int[48]|tp|ep|dp)(?![a-z])|w(?:int)?[48]a)|\]|:(?!\S))"
    # "DSv4-Flash 200-sample GSM8K", "on DSv4-Pro": a release's named member is a model wherever it stands
    r"|(?P<member>-(?:flash|pro|lite|exp|base))(?![\w/-])(?!\.\w))",
    re.IGNORECASE,
)


def _deepseek_release(m: re.Match[str]) -> str:
    """The release a DeepSeek shorthand names ("DS-V3.2", "DSR1", "DS3.2": its numbered releases carry a V)."""
    release, member = m.group("release").upper(), m.group("member")
    return "DeepSeek-" + ("V" if release[0].isdigit() else "") + release + (f"-{member[1:].title()}" if member else "")


def model_names(text: str) -> list[str]:
    """The model names a text prints, in order ("Results on Qwen3-8B" -> ["Qwen3-8B"]); of two that overlap
    ("Llama3.1" in "Llama3.1 8B"), the longer."""
    if not text:
        return []
    return list(_model_names(text[:2000]))


def one_model_blanked(text: str) -> str:
    """`text` with the one model it names blanked out, a text naming none or two as it is: the words of a checkpoint's
    name ("-Int4", "-FP8") are its own, no second setting beside the run's ("org/Falcon-9B-Int4 W4A16")."""
    names = model_names(text)
    return text.replace(names[0], " " * len(names[0])) if len(names) == 1 else text


@short_text_cache(8192)
def _model_names(s: str) -> tuple[str, ...]:
    s = model_text(s)  # ("Qwen2.5-7B- Instruct" mended; "llama_v3.1_8b-bench-pytorch-...": the id's setup blanked)
    digit = has_digit(s)
    shaped = shaped_models(s)  # ("V4-Pro 8k/1k MTP3:", "the Acme-Flash checkpoint": no family the table knows)
    shaped.update(hub_ids(s))  # ("[acme/Loom-2](https://huggingface.co/acme/Loom-2)": a hub id, whatever its family)
    if not digit and not shaped and not _MEMBER_WORD_RE.search(s):
        return ()  # every model name carries a version or a size, or names its family's member, or stands as one
    # the family words in the lowered line (case-sensitive: far cheaper), then the costlier patterns only in a
    # window around each: a name starts at most a hub prefix before its family word and ends within _REACH after
    low = s.lower()
    found = _family_spans(s, low, (_MODEL_RE, _SPACED_MODEL_RE, _MEMBER_MODEL_RE) if digit else (_MEMBER_MODEL_RE,))
    if "/" in s:
        found.update(_model_folders(s))  # (a model file's folder may name no size: "Mistral-Nemo-Instruct-v1.1/")
        if digit:
            found.update(_sibling_pairs(s))
    # (a hub id's parameter count is one _SIZE_IN_RE finds: a text with none names neither kind)
    if _holds_size(s):
        if "/" in s:
            found.update(m.span() for m in _HUB_MODEL_RE.finditer(s))
        found.update(m.span() for m in _SIZED_NAME_RE.finditer(s))
    short = {m.span(): _deepseek_release(m) for m in _SHORTHAND_RE.finditer(s)} if "ds" in low else {}
    short.update(sized_abbreviations(s) if digit else {})  # ("Q3-235B", "L3.1-70B": a family's initial, sized)
    found.update(short)
    found.update(span for span in shaped if not any(a <= span[0] < b for a, b in found))
    spans = sorted(found, key=lambda span: (span[0], -span[1]))
    out: list[str] = []
    end = -1
    for a, b in spans:
        if a < end:
            continue
        end = b
        if (a, b) in short:
            out.append(short[a, b])
            continue
        name = s[a:b].rstrip(".,:;")
        if _BRANCH_RE.match(name):
            continue  # "Cherry pick feat/llama4 to main": a git branch, not a hub id
        if _DATA_FILE_RE.search(name):
            continue  # "random/qwen3-32b-4096-512.json": a dataset named for the model it was made for
        if in_env_name(s, a, b):
            continue  # "DEEPSEEK_V4_MODEL_PATH=/models/...": the variable that holds a model's path, no model
        if _TOOL_END_RE.search(name):
            continue  # "qwen3_gguf_decode_bench": a benchmark's binary, named for the model it drives, is no model
        if _handle(s, name, b):
            continue  # "quants from llamafan99's GGUFs": whose files they are, a user, not the model they hold
        if _LAYER_AFTER_RE.match(s, b) and not _SIZE_IN_RE.search(name) and "/" not in name:
            # "computations across mamba2 layers", "in qwen3 blocks": a kind of layer, no model measured (a hub id,
            # "org/Falcon-R2", names a checkpoint wherever it stands)
            continue
        code = _CODE_MEMBER_RE.sub("", name)
        if _ARCHITECTURE_RE.search(code) or _code_class(code) or s[:a].endswith(".py:"):
            continue  # ("models/qwen3_eagle3.py:Qwen3Eagle3DecoderLayer.__init__": a class's method, in its file)
        if name == s[a:b] and (tail := _MEMBER_TAIL_RE.match(s, b)) is not None and _ENDS_VERSIONED_RE.search(name):
            name, end = name + tail.group(0), tail.end()  # "DeepSeek-V4 Flash": the release's member, no other model
        if not (_WORD_FAMILY_RE.match(name) and not _SIZE_IN_RE.search(name)):
            out.append(name)
    return tuple(out)


# (not a scheme's word: "DeepSeek-R1 Block Scale FP8", "Falcon-R2 Block FP8" name the checkpoint and how its
# weights are scaled, block by block, no layer of it)
_LAYER_AFTER_RE = re.compile(
    r"[ \t]{1,2}(?:layers?|blocks?)\b(?![ -](?:scal|fp\d|int\d|mxfp|nvfp|quant|w\d))", re.IGNORECASE
)


def _sibling_pairs(s: str) -> list[tuple[int, int]]:
    """The spans of the model pairs of `s` written "<model>/<its sibling's differing part>" ("Kimi-K2.5/K2.6",
    canonical.SIBLING_PAIR_RE), the first a model name alone."""
    if "/" not in s:
        return []  # (every pair holds its slash: the pattern's walk of each word is spared most lines)
    return [
        m.span()
        for m in SIBLING_PAIR_RE.finditer(s)
        if sibling_models(m.group(0)) and _model_names(m.group("first")) == (m.group("first"),)
    ]


# "llamafan99's GGUFs", "bloomer010's quants": files a user made, named by the user's handle (a family word glued to
# more letters, a number perhaps, no separator or size): a source, never a model ("Qwen3's weights" are Qwen3's)
_SOURCE_AFTER_RE = re.compile(
    r"['’]s\s(?:gguf|quant|weight|upload|conversion|file|repo|checkpoint|build|model)s?\b", re.IGNORECASE
)
_HANDLE_RE = re.compile(r"(?:" + _FAMILY + r")[a-z]{2,12}\d{0,6}", re.IGNORECASE)


def _handle(s: str, name: str, end: int) -> bool:
    """`name`, ending at `end` in `s`, is a user's handle owning the files after it (_SOURCE_AFTER_RE)."""
    return _SOURCE_AFTER_RE.match(s, end, end + 24) is not None and _HANDLE_RE.fullmatch(name) is not None


# a data file's extension ("prompts/llama3-8b-sharegpt.jsonl") or a source file's ("minimax-m2.7.jsx", the docs'
# page for it); a model's own files (".gguf", ".safetensors") stay
_DATA_FILE_RE = re.compile(
    r"\.(?:jsonl?|csv|tsv|parquet|arrow|txt|pkl|pickle|ya?ml|jsx?|tsx?|py|md|mdx|html?|sh|toml|cfg|ini)$", re.IGNORECASE
)
# a tool's last word: a bench binary or a server named for the model it was written for ("llama2_decode_bench")
_TOOL_END_RE = re.compile(r"[-_](?:bench(?:mark)?s?|bench_serving|server|cli|runner|harness)$", re.IGNORECASE)
# a git branch's conventional prefixes: "feat/llama4", "release/qwen3-moe" name a branch, never a model's owner
_BRANCH_RE = re.compile(
    r"(?:feat|feature|fix|bugfix|hotfix|release|releases|dev|chore|refactor|perf|docs|test|tests|ci|wip|exp|"
    r"user|users|cherry-pick)/",
    re.IGNORECASE,
)


# families whose names are also everyday labels ("opt1", "step2"): written with their digit right after, a model only
# with a size ("OPT-66B", "Step-3", "Yi-34B" keep their separator)
_WORD_FAMILY_RE = re.compile(r"(?:[\w.-]{1,40}/)?(?:opt|step|yi|mpt)\d", re.IGNORECASE)
_PARAMETER_COUNT_RE = re.compile(r"(?<![\w.])(\d{1,4}(?:\.\d)?[bBmM])(?![a-zA-Z])")


def parameter_counts(name: str) -> set[str]:
    """The parameter counts a model's name prints ("Kite 90B" -> {"90b"}; "acme/Kite-12B-FP8" -> {"12b"})."""
    return {m.lower() for m in _PARAMETER_COUNT_RE.findall(name)}


_SIZE_IN_RE = re.compile(r"\d(?:(?:\.\d{1,2})?[bBmMT](?![a-zA-Z])|[xX]\d{1,3}[bB])")
"""A parameter count ("8B", "1.5b", "8x7B"); the digit outside the alternation lets the engine skip to digits."""
_SIZE_CLASSES_RE = re.compile(rb"d(?:(?:\.d{1,2})?[bm](?![abmx])|xd{1,3}b)")
"""The same in an ASCII text's class signature (vocab.text.class_signature), its classes literals."""


def _holds_size(s: str) -> bool:
    """Whether a parameter count stands in `s` (_SIZE_IN_RE), read in its class signature where it is ASCII."""
    sig = class_signature(s)
    return (_SIZE_IN_RE.search(s) if sig is None else _SIZE_CLASSES_RE.search(sig)) is not None


holds_size = _holds_size  # (the setup readers ask it of a name: vocab.setup_names)


_BEFORE, _REACH = 48, 160
"""How far before its family word a name may start (an owner/ prefix) and how far after it may end."""


# a family word where a word opens: after a character no name's start may follow, or after a hub owner's "/" (each
# match is that character, the word looked ahead for: the engine skips to the few characters of the set). The
# engine tries it after every blank and mark of every line (a quarter of its characters): the set of the words'
# first letters, tested first, turns most of those tries away before the words' branches are walked in turn
_FAMILY_AT_RE = re.compile(r"[^a-z0-9_.@-](?=" + trie_pattern(_FAMILY_SUBS, lookahead=True) + ")")


def _family_starts(low: str) -> list[int]:
    """Where a family word opens a word of the lowered text: every name the patterns find opens there (the family
    word follows their look-behind, or an owner's "/"); one inside a word ("options", "steps") opens none."""
    # (one search first: most lines hold no family word, and a search costs a third of an iterator's set-up)
    first = _FAMILY_AT_RE.search(low)
    out = [] if first is None else [first.end(), *(m.end() for m in _FAMILY_AT_RE.finditer(low, first.end()))]
    return [0, *out] if _FAMILY_SUB_RE.match(low) else out


def _family_spans(s: str, low: str, patterns: tuple[re.Pattern[str], ...]) -> set[tuple[int, int]]:
    """The spans of the name patterns' matches: each tried where a family word opens a word (at it; after a "/",
    from the owner's farthest start), not at every character of the text."""
    if len(low) != len(s):  # (a lowering that moved characters: every family word's window, searched through)
        starts = [m.start() for m in _FAMILY_SUB_RE.finditer(low)]
        return {m.span() for a, b in _windows(starts, len(s)) for r in patterns for m in r.finditer(s, a, b)}
    found: set[tuple[int, int]] = set()
    for p in _family_starts(low):
        end = min(len(s), p + _REACH)
        if p and low[p - 1] == "/":
            found.update(m.span() for m in _MODEL_RE.finditer(s, max(0, p - _BEFORE), end))
            continue
        found.update(m.span() for r in patterns if (m := r.match(s, p, end)) is not None)
    return found


def _windows(starts: list[int], n: int) -> list[tuple[int, int]]:
    """The stretches around the family words, overlapping ones merged (each character is scanned once)."""
    out: list[tuple[int, int]] = []
    for p in starts:
        a, b = max(0, p - _BEFORE), min(n, p + _REACH)
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


_MODEL_FILE_RE = re.compile(
    r"(?<![\w.-])(?:[\w.-]{1,100}/){0,6}[\w.-]{1,100}?\.(?:gguf|bin|safetensors)(?![\w.])", re.I
)
"""A converted checkpoint's file ("Mistral-Nemo-Instruct-v1.1/ggml-model-f16.gguf"), read by the part of its path that
names the model (the file itself, or the folder that holds a file named for its format alone)."""
_FAMILY_START_RE = re.compile(r"(?:" + _FAMILY + r")(?![a-z])", re.IGNORECASE)


def model_in_path(path: str) -> str:
    """A model file's path cut after the part that names the model: "w/Phi-3.5-mini/model-q8_0.gguf" ->
    "w/Phi-3.5-mini"; a file that names it ("../Llama-3.1-8B-Q8_0.gguf") or a path naming none stays whole."""
    parts = path.split("/")
    for i in range(len(parts) - 1, -1, -1):
        if _names_model(parts[i]):
            return "/".join(parts[: i + 1])
    return path


_GGUF_TYPE_END_RE = re.compile(rf"[-_.](?:{GGUF_QUANT}|BF16|F16|F32)$", re.IGNORECASE)
"""A GGUF file's weight type as its name's last part ("-Q4_K_M", "-IQ4_XS", ".Q8_0", "-F16"): what llama.cpp's
quantiser writes after the model's name."""
_FILE_EXT_RE = re.compile(r"\.(?:gguf|bin|safetensors)$", re.IGNORECASE)
_GENERIC_FILES = frozenset(("model", "ggml-model", "weights", "consolidated", "pytorch_model"))


def file_model(path: str) -> str:
    """The model a model file's path names, without the folders it sits in or its GGUF type:
    "/models/Wren-30B-A3B-Q4_K_M.gguf" -> "Wren-30B-A3B", "w/Phi-3.5-mini/model-q8_0.gguf" -> "Phi-3.5-mini"; a
    file named for its format alone under folders naming none ("models/7B/ggml-model-q4_0.gguf") stays whole; a name
    the vocabulary does not know is the model's still where a GGUF type follows it ("Lark-Chat-IQ4_XS")."""
    cut = model_in_path(path)
    last = cut.rsplit("/", 1)[-1]
    stem = _FILE_EXT_RE.sub("", last)
    name = _GGUF_TYPE_END_RE.sub("", stem)
    if (cut == path and not _names_model(last) and name == stem) or name.lower() in _GENERIC_FILES:
        return path
    return name if _WORDY_RE.search(name) else path


def gguf_type(path: str) -> str | None:
    """The GGUF type a model file's name ends in, lower case ("/m/Wren-27B-IQ4_KS.gguf" -> iq4_ks), else None: the
    quant a type the vocabulary does not list still states (file_model drops it from the name)."""
    m = _GGUF_TYPE_END_RE.search(_FILE_EXT_RE.sub("", path.rsplit("/", 1)[-1]))
    return m.group(0)[1:].lower() if m else None


def _names_model(part: str) -> bool:
    # (a size alone, "models/7B/", names no model)
    return bool(_FAMILY_START_RE.match(part) or (_SIZE_IN_RE.search(part) and _WORDY_RE.search(part)))


_WORDY_RE = re.compile(r"[A-Za-z]{3}")


def _model_folders(s: str) -> list[tuple[int, int]]:
    """The spans of the model-naming parts of the model file paths in `s` (see model_in_path)."""
    out: list[tuple[int, int]] = []
    low = s.lower()
    if ".gguf" not in low and ".bin" not in low and ".safetensors" not in low:
        return out
    for m in _MODEL_FILE_RE.finditer(s):
        cut = model_in_path(m.group(0))
        if cut != m.group(0):
            a = m.start() + cut.rfind("/") + 1
            out.append((a, m.start() + len(cut)))
    return out


# "Quill-7B", "Tiny-3B-Instruct", "Ling-1T": a capitalised name of a family the table does not know, joined to its
# parameter count (its version too: "Nova-VL-2.0-8B", "Kite1.5-13B")
_SIZED_NAME_RE = re.compile(
    r"(?<![\w/.@-])[A-Z][A-Za-z]{2,20}(?:\d{1,2}(?:\.\d{1,2})?)?(?:-[A-Za-z0-9][A-Za-z0-9]{0,12}(?:\.\d{1,2})?){0,3}"
    r"-\d{1,4}(?:\.\d{1,2})?[BMT]"
    r"(?:-[A-Za-z][\w.]{0,20}){0,3}(?![\w/-]|\.\w)"
)


_GENERATION_RE = re.compile(r"(?<![\w.-])(?:" + _FAMILY + r")[ -]?v\d{1,2}(?![\w.])", re.IGNORECASE)


def model_generation(text: str) -> bool:
    """ "LLaMA v4 Maverick", "DeepSeek v3": the text names a model's generation with a "v", no release of anything."""
    return "v" in text.lower() and _GENERATION_RE.search(text[:300]) is not None


# "# Orca Lite 7B", "## GPT-OSS 120B": a heading that is a model's name and parameter count, spaced as prose spaces it
_HEADING_NAME_RE = re.compile(
    r"[A-Z][\w.+-]{1,24}(?: [\w.+-]{1,24}){0,3}? \d{1,4}(?:\.\d{1,2})?[BMT]"
    # (after the size, only a name's own words: "A22B", "Instruct"; "quality board" is the heading's)
    r"(?: (?:[A-Za-z][\w.-]{0,12}\d[\w.-]{0,8}|(?i:instruct|chat|base|it|preview|thinking|coder|vision|moe))){0,2}"
)


def heading_model(title: str) -> str | None:
    """The model a heading made of its name alone names, where the names the vocabulary knows find none."""
    # ("# Heron 8B - RTX Configurations (TP/PP)": the words after the heading's own dash are its section's topic)
    name = _TOPIC_AFTER_RE.split(title.strip(" #*_`:"), 1)[0].strip(" #*_`:")
    return name if len(name) <= 80 and _HEADING_NAME_RE.fullmatch(name) else None


_TOPIC_AFTER_RE = re.compile(r" [-–—|] ")


# "[Feature] Gemma MTP support", "[Model] Llama 4": a PR's title may name its model by the family (and version)
# alone; the words that are also everyday labels or layer kinds name none there
_TITLE_FAMILY_RE = re.compile(
    # ("GPT-OSS": the one family whose name goes on past its family word, which alone names no family)
    # ("NemotronH", "Qwen3M": a variant's capital letter glued on, still the family's name)
    # (never a spaced version's "Llama 2X", nor an "X" that multiplies: "2X faster")
    r"(?<![\w/.@-])(?:gpt-oss|(?:"
    + _FAMILY
    + r")(?: \d{1,2}(?:\.\d{1,2})?|(?:\d{1,2}(?:\.\d{1,2})?)?(?-i:(?<=[a-z0-9])[A-WYZ])?))"
    r"(?![\w-])(?!\.\w)",
    re.IGNORECASE,
)
_BRANCH_PREFIX_RE = re.compile(r"(?<![\w/])(?:feat|feature|dev|release|exp|wip)/", re.IGNORECASE)
# "llama : fuse rope", "ggml, server: ...": a title opened, as llama.cpp's are, by the lower-case names of the
# modules it changes, a colon after them; a bare name with no version there is the code's module ("llama" is the
# library), never the model a run served ("gemma3 : fix swa" keeps its version, and so its family)
_MODULE_PREFIX_RE = re.compile(r"^[\s#]{0,6}[a-z][a-z_-]{0,24}(?: ?[,/] ?[a-z][a-z0-9_-]{0,24}){0,3} ?: ")
_NOT_TITLE_FAMILY = frozenset(("opt", "step", "yi", "mpt", "mamba", "bloom", "phi", "whisper", "gpt"))
NOT_A_FAMILY = _NOT_TITLE_FAMILY
"""Family words that are everyday ones too, or name a library or a kind of layer: alone they name no model."""


# a title that is a head branch's name, its author's namespace first: "Xyt/minimax tp1 p2" (one word after the
# "/", not a path: "recipes/glm-5.3-flash/README.md" names a file)
_HEAD_REF_RE = re.compile(r"^\s{0,4}[A-Za-z][\w.-]{0,30}/(?=[A-Za-z][\w.-]{0,60}(?:\s|$))")
# the families as their makers spell them: a title's "deepseek fp8 moe" names DeepSeek
_BRAND = {
    b.lower(): b
    for b in (
        "Llama", "CodeLlama", "Qwen", "QwQ", "DeepSeek", "Mistral", "Mixtral", "Ministral", "Gemma", "Claude",
        "Gemini", "GLM", "ChatGLM", "Kimi", "MiniMax", "Nemotron", "Falcon", "OLMo", "Granite", "Baichuan",
        "InternLM", "InternVL", "Command-R", "DBRX", "Jamba", "StarCoder", "Vicuna", "Hunyuan", "ERNIE", "Seed-OSS",
        "SmolLM", "LLaVA", "Pixtral", "Jais", "EXAONE", "Grok", "Zamba", "Bamba", "Aya", "StableLM", "MiMo",
        "LongCat", "Skywork", "Pangu", "openPangu", "XVERSE",
    )
}  # fmt: skip


def maker_spelling(family: str) -> str:
    """A family word as its makers spell it ("deepseek" -> "DeepSeek"); one the table lacks as given."""
    return _BRAND.get(family.lower(), family)


def title_family(title: str) -> str | None:
    """The model family (and version) a title names where it names no model in full: "Gemma", "Llama 4", also
    as a branch's name ("Cherry pick feat/llama4 to main", "Xyt/minimax tp1"); a family typed in lower case
    ("deepseek fp8 moe") as its makers spell it (DeepSeek)."""
    title = _BRANCH_PREFIX_RE.sub(" ", _HEAD_REF_RE.sub(" ", _MODULE_PREFIX_RE.sub(" ", title[:300])))
    for m in _TITLE_FAMILY_RE.finditer(title):
        word = m.group(0).split()[0]
        bare = word[:-1] if word[-1].isupper() and not word[-2:-1].isupper() else word  # ("PhiX": "Phi" and a letter)
        if bare.lower() not in _NOT_TITLE_FAMILY and not _layer_kind(title, m.end()):  # ("the qwen3 blocks")
            if word.islower() and (brand := _BRAND.get(word.rstrip("0123456789."))) is not None:
                return brand + m.group(0)[len(word.rstrip("0123456789.")) :]  # "qwen3" -> "Qwen3"
            return m.group(0)
    return None


def of_family(name: str, family: str) -> bool:
    """`name` is a model of `family` as a title names it ("nvidia/Qwen3-30B-A3B-NVFP4" of "Qwen", "Llama-4-Scout"
    of "Llama 4"; not "Llama-3.1-8B" of "Llama 4"): its name, owner aside, opens with the family's letters and
    version, a version's digit going on no further ("Qwen3" is no "Qwen 3.5")."""
    want = re.sub(r"[^a-z0-9]", "", family.lower())
    have = re.sub(r"[^a-z0-9]", "", name.rpartition("/")[2].lower())
    if not want or not have.startswith(want):
        return False
    return not (want[-1].isdigit() and have[len(want) : len(want) + 1].isdigit())


# "for mimo 2.5 mtp", "the Qwen 2.5 models", "8k for Llama 3.": a family and its version spaced apart, no size after
# it (no name model_names reads): the version is the family's, no figure measured (a whole version one digit: "Qwen
# 72" is no generation; a sentence's full stop may follow)
_SPACED_VERSION_RE = re.compile(
    r"(?<![\w/.@-])(?P<family>" + _FAMILY + r") [vV]?(?:\d{1,2}\.\d{1,2}|\d)(?![\w%]|[.,]\d)", re.IGNORECASE
)


def family_versions(text: str) -> list[str]:
    """The families a text names with their version alone ("mimo 2.5", "GLM 4.6"), but the words that are also
    everyday ones ("step 2.5", "phi 0.5")."""
    if not has_digit(text[:2000]):
        return []
    # (a family word opens every match, and its first letters are in the lowered text where the case-blind pattern
    # finds it: most lines hold none, and the pattern opens with a look-behind tried at every character)
    if (low := lower_for_words(text[:2000])) is not None and _FAMILY_SUB_RE.search(low) is None:
        return []
    return [
        m.group(0)
        for m in _SPACED_VERSION_RE.finditer(text[:2000])
        if m.group("family").lower() not in _NOT_TITLE_FAMILY
    ]


# "DeepseekV4Attention", "Qwen3AttentionMetadataBuilder", "Llama4TextMoe": a family's code glued to its version and
# then to capitalised words, two or more or one a class's role: a class of the code ("Qwen3Next", one member word
# glued the same way, is the model's own name)
_GLUED_TAIL_RE = re.compile(r"[A-Za-z]{2,30}\d{1,3}(?P<tail>[A-Z][a-z][A-Za-z]{0,60})")
_TAIL_WORD_RE = re.compile(r"[A-Z][a-z]+")
_CLASS_ROLE_WORDS = frozenset(
    [
        "Attention",
        "Layer",
        "Block",
        "Model",
        "Decoder",
        "Encoder",
        "Moe",
        "Mlp",
        "Config",
        "Tokenizer",
        "Processor",
        "Builder",
        "Backend",
        "Impl",
        "Runner",
        "Kernel",
        "Cache",
        "Router",
        "Experts",
        "Sparse",
        "Linear",
        "Norm",
        "Rotary",
        "Embedding",
        "Indexer",
        "Metadata",
        "Worker",
        "Executor",
        "Loader",
        "Sampler",
        "Handler",
        "Module",
        "Mixin",
        "Wrapper",
        "Manager",
    ]
)


def _code_class(name: str) -> bool:
    """`name` is a code class named after a model family (see _GLUED_TAIL_RE), never a checkpoint."""
    m = _GLUED_TAIL_RE.fullmatch(name) if len(name) <= 96 else None
    if m is None:
        return False
    words = _TAIL_WORD_RE.findall(m.group("tail"))
    return len(words) >= 2 or words[0] in _CLASS_ROLE_WORDS


# "DeepSeek-V4 Flash", "GLM-4.5 Air", "Qwen3-30B-A3B Instruct": a release's member or tuning written after its
# version or size, a blank between (never a kernel's or a mode's word after it: "flash attention", "thinking mode")
_MEMBER_TAIL_RE = re.compile(
    r" (?:flash|pro|lite|air|exp|thinking|instruct|turbo|preview|coder|nano|mini|super|ultra|scout|maverick)\b"
    r"(?![-_/.]?\w)(?! (?:attention|attn|batch|decoding|infer\w*|mla|kernels?|backends?|path|mode)\b)",
    re.IGNORECASE,
)
_ENDS_VERSIONED_RE = re.compile(r"\d[bBmM]?$")


# "Qwen3NextForCausalLM", "DeepseekV3ForCausalLM": a model class a runtime implements, not a checkpoint
_ARCHITECTURE_RE = re.compile(
    # "Qwen3ForCausalLM", and a code identifier glued of many capitalised parts ("MiniMaxH3Mxfp8PreAttention"):
    # a class of the code, no checkpoint's name
    r"For[A-Z][A-Za-z]{2,40}$|^(?=[A-Za-z0-9]{16,80}$)(?:[A-Z][a-z]*[0-9]*){3,}(?:Attention|Op|Kernel|Layer|Module|"
    r"Block|Config|Runner|Model|Decoder|Encoder|MoE|Moe|Router|Norm|Cache|Impl|Backend)$"
)


# a class's member after its name ("Qwen3Eagle3DecoderLayer.__init__", "LlamaAttention.forward"): the code named
_CODE_MEMBER_RE = re.compile(r"\.(?:__[a-z_]{1,30}__|[a-z_][a-z0-9_]{0,40})$")


_FAMILY_WORD_RE = re.compile(r"(?<![a-z])(" + _FAMILY + r")(?=[_-]?\d)", re.IGNORECASE)


def names_other_model(name: str, model: str) -> bool:
    """A result's name names a model family the given model is not of ("test_llama3_smoke" beside
    Qwen3-Next-80B): the document's one model is not that result's."""
    if not name:
        return False
    low = model.lower()
    return any(
        m.group(1).lower() not in low and not _WORD_FAMILY_RE.match(name, m.start()) and not _layer_kind(name, m.end())
        for m in _FAMILY_WORD_RE.finditer(name[:200])
    )


_NAME_END_RE = re.compile(r"[\w.-]{0,40}")


def _layer_kind(text: str, end: int) -> bool:
    """The family word ending before `end` (its version after it: "mamba" of "mamba2") names a kind of layer: "time
    per mamba2 layer" measures a layer of the model, never another model."""
    rest = _NAME_END_RE.match(text, end)
    return rest is not None and _LAYER_AFTER_RE.match(text, rest.end()) is not None
