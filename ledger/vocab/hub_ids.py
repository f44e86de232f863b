"""Hugging Face ids of any family, read by the place a text puts them: "[acme/Loom-2](https://huggingface.co/...)",
a hub page's address, "`acme/Loom-2`" alone in code, "the model acme/Loom-2", "--model acme/Loom-2". The family
table (vocab.models) knows the families it lists; a checkpoint of another one ("openbmb/VoxCPM2") is still the
run's model where the text puts it so. An "owner/name" elsewhere is a path, a repository or a branch as often as a
model: only these places make one of it, and never beside a dataset's or a repository's word, in a GitHub address,
or with a file's extension."""

from __future__ import annotations

import re

_OWNER = r"[A-Za-z0-9][\w.-]{0,38}"
_NAME = r"[A-Za-z][\w.-]{0,95}"
# a hub page's address (a dataset's, a space's or the site's own pages name no model); its id ends at the address's
# next "/", "?", "#" or its end
_LINK_RE = re.compile(
    r"huggingface\.co/(?!(?:datasets|spaces|docs|blog|papers|collections|organizations|models|settings|join)/)"
    rf"(?P<id>{_OWNER}/{_NAME})(?![\w-])"
)
# a markdown link's text right before its address: "[acme/Loom-2](" (the id is read where the text prints it)
_LINK_TEXT_RE = re.compile(rf"\[`?(?P<id>{_OWNER}/{_NAME})`?\]\(https?://(?:www\.)?$")
# an id alone in a code span, "`acme/Loom-2`"
_CODE_RE = re.compile(rf"(?<!`)`(?P<id>{_OWNER}/{_NAME})`(?!`)")
# after the words that name what a run served: "the model acme/Loom-2", "Checkpoint: acme/Loom-2", "--model acme/..."
_AFTER_WORD_RE = re.compile(
    r"(?:(?<![\w/-])(?:model|checkpoint|ckpt|weights)(?:[ _-]?(?:path|id|name))?s?|--model(?:[_-]path)?)"
    # (a blank or a colon after the word: "/models/Llama-3-8B" is a folder, no "s/Llama-3-8B" after "model")
    rf"(?:[ \t]{{0,2}}[:=][ \t]{{0,2}}|[ \t]{{1,2}})[`*\"']{{0,2}}(?P<id>{_OWNER}/{_NAME})(?![\w/-])",
    re.IGNORECASE,
)
# before the word: "the inclusionAI/Ling-plus model sees ...", "acme/Loom-2 checkpoint" (an id the sentence calls
# the model it ran, whatever its family; the word right after it, not a path's next part)
_BEFORE_WORD_RE = re.compile(
    rf"(?<![\w/.@-])(?P<id>{_OWNER}/{_NAME})[`*\"']{{0,2}}[ \t]{{1,2}}(?:model|checkpoint|ckpt|weights)\b",
    re.IGNORECASE,
)
# (a file's extension ends no hub id: "tools/bench_v2.py", "prompts/mix-2k.jsonl"; a version's ".5" is no extension)
_FILE_END_RE = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,9}$")
# what a dataset's, a repository's or a branch's "owner/name" is called right before it
_NOT_MODEL_BEFORE_RE = re.compile(
    r"(?:\b(?:datasets?|data|repo(?:sitory|s)?|fork|branch|clone[ds]?|corpus|prompts?|github|space|lora|adapters?)\b"
    r"|github\.com/)"
    r"[^.;\n]{0,24}$",
    re.IGNORECASE,
)
_LETTERS_RE = re.compile(r"[A-Za-z]")


def hub_ids(text: str) -> dict[tuple[int, int], str]:
    """The spans of the Hugging Face ids `text` puts where a model stands (see the module), each with the id."""
    if "/" not in text:
        return {}
    out: dict[tuple[int, int], str] = {}
    low = text.lower()
    if "huggingface.co/" in low:
        for m in _LINK_RE.finditer(text):
            a, b = _link_span(text, m)
            out[a, b] = _keep(text, a, text[a:b].rstrip("."), 0)
    if "`" in text:
        for m in _CODE_RE.finditer(text):
            out[m.span("id")] = _keep(text, m.start(), m.group("id"), 3)
    if "model" in low or "checkpoint" in low or "ckpt" in low or "weights" in low:
        for m in _AFTER_WORD_RE.finditer(text):
            out[m.span("id")] = _keep(text, m.start(), m.group("id").rstrip("."), 2)
        for m in _BEFORE_WORD_RE.finditer(text):
            out.setdefault(m.span("id"), _keep(text, m.start(), m.group("id"), 2))
    return {span: name for span, name in out.items() if name}


def _link_span(text: str, m: re.Match[str]) -> tuple[int, int]:
    """Where the id of a hub address `m` is printed: the markdown link's text where it is the id, else the address."""
    head = text[max(0, m.start() - 130) : m.start()]
    shown = _LINK_TEXT_RE.search(head)
    if shown is not None and shown.group("id") == m.group("id"):
        base = m.start() - len(head)
        return base + shown.start("id"), base + shown.end("id")
    return m.span("id")


def _keep(text: str, start: int, name: str, letters: int) -> str:
    """`name` where it is a model's id: no file's extension after it, no dataset's or repository's word nor a GitHub
    address before it; with `letters` letters at least, and where its place alone does not say (a code span) a
    digit and a capital too, as a release's name has them: "`vllm/v1`" is a module, "`sglang/agg-h200-chat`" a
    recipe's path."""
    tail = name.rpartition("/")[2]
    if _FILE_END_RE.search(tail) or _NOT_MODEL_BEFORE_RE.search(text, max(0, start - 40), start):
        return ""
    if letters > 2 and not (any(c.isdigit() for c in tail) and any(c.isupper() for c in tail)):
        return ""
    return name if len(_LETTERS_RE.findall(tail)) >= letters else ""


_WHOLE_ID_RE = re.compile(rf"{_OWNER}/{_NAME}")


def is_hub_id(text: str) -> bool:
    """The text is one "owner/name" and nothing else (a cell under a "HuggingFace Model ID" header), no file."""
    return _WHOLE_ID_RE.fullmatch(text[:140]) is not None and _FILE_END_RE.search(text) is None
