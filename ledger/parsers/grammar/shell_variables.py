"""Shell variables and the commands that use them: `export MODEL=acme/X` (or `MODEL=...` alone on its line, `export
A=1 B=2`) over `vllm serve "$MODEL"`, `--model-path ${MODEL_PATH}`, `--tp $TP`. A command is read with each variable it
uses replaced by the value a line assigns it (one pass; no other shell evaluation); a variable no line assigns stays as
written, so a sample command's `--tokenizer=$model_name` states no setup."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.parsers.reader.document import Document

# (lower-case names too: "model=/models/Foo-8B-Q4_K_M.gguf" over "llama-server --model \"$model\"")
_ENV_RE = re.compile(r"^\s{0,8}(?:export\s{1,4})?(?P<name>[A-Za-z_][A-Za-z0-9_]{0,40})=(?P<value>[^\s;&|]{1,300})")


# a shell variable a command uses: `$MODEL`, `${MODEL}`, and spliced into a single-quoted word between a closing and
# an opening quote ('{"model":"'"$MODEL"'"}': the JSON's value is the variable's)
_VAR_USE_RE = re.compile(
    r"'\"\$\{?(?P<spliced>[A-Za-z_]\w{0,40})\}?\"'|\$(?:\{(?P<braced>[A-Za-z_]\w{0,40})\}|(?P<bare>[A-Za-z_]\w{0,40}))"
)


def expand_variables(text: str, env: Mapping[str, str] | None) -> str:
    """The command line with each shell variable it uses replaced by what `env` assigns it (one pass, no other shell
    evaluation); a variable `env` does not assign stays as written, and so reads as no setting."""
    if not env or "$" not in text:
        return text

    def value(m: re.Match[str]) -> str:
        name = m.group("spliced") or m.group("braced") or m.group("bare")
        return env.get(name) or m.group(0)

    return _VAR_USE_RE.sub(value, text)


def used_variables(doc: Document) -> frozenset[str]:
    """The names of the shell variables some line of the document uses (`$MODEL`, `${TP}`)."""
    out: set[str] = set()
    for line in doc.lines:
        if "$" in line and len(line) < 4000:
            out.update(m.group("spliced") or m.group("braced") or m.group("bare") for m in _VAR_USE_RE.finditer(line))
    return frozenset(out)


def assigned_variable(line: str) -> str | None:
    """The name of the shell variable the line assigns (`export MODEL=acme/X`, `TP=4`), or None."""
    m = _ENV_RE.match(line) if "=" in line else None
    return m.group("name") if m else None


def shell_variables(doc: Document) -> dict[str, str]:
    """The variables a document's shell lines set (`export MODEL_PATH=/models/DeepSeek-R1-0528/`, each of `export A=1
    B=2`), first one kept."""
    out: dict[str, str] = {}
    for line in doc.lines:
        if "=" in line and len(line) < 600 and (m := _ENV_RE.match(line)):
            out.setdefault(m.group("name"), m.group("value").strip("\"'"))
            at = m.end()
            while (more := _MORE_ENV_RE.match(line, at)) is not None:
                out.setdefault(more.group("name"), more.group("value").strip("\"'"))
                at = more.end()
    return out


# the next assignment of one line ("export A=1 B=2"), right after the one before it
_MORE_ENV_RE = re.compile(r"[ \t]{1,4}(?P<name>[A-Za-z_][A-Za-z0-9_]{0,40})=(?P<value>[^\s;&|]{1,300})")
