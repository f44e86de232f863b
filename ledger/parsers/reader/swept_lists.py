"""The values a test or a script sweeps: `for dtype in [torch.float16, torch.bfloat16]:`,
`@pytest.mark.parametrize("dtype", [...])`, `KV_DTYPES = ["fp8", "bf16"]`, a shell's `for m in org/A org/B; do`.
Each is one run per value, and none of them the setup of the results a document reports: a precision a unit test
loops over below a throughput table is no precision of that table. The setup readers read such a list blanked
(its columns and line breaks kept), so its first value never stands for the document, the section or the lines
above it; the claims are read from the lines as printed."""

from __future__ import annotations

import re

# a parametrize's names before its points: '"dtype", ', "'bs,dtype', "
_ARG_NAMES = r"(?:\"[^\"\n]{0,200}\"|'[^'\n]{0,200}')[ \t]{0,4},[ \t]{0,4}"
_ARG_NAMES_RE = re.compile(_ARG_NAMES)
# what introduces a list of points: a loop ("for dtype in", "for bs, dt in"), pytest's parametrize (its names
# first: '@pytest.mark.parametrize("dtype",'), a name given a literal list ("DTYPES = [", "sizes: list[int] = (")
_PY_SWEEP_RE = re.compile(
    r"[ \t]{0,40}(?:"
    r"(?:async[ \t])?for[ \t][\w, \t()]{1,80}?[ \t]in[ \t]{1,4}"
    r"|@?(?:pytest\.)?mark\.parametrize\([ \t]{0,4}(?:[rb]?" + _ARG_NAMES + r")?"
    r"|(?P<name>[A-Za-z_][\w.]{0,60})(?:[ \t]{0,2}:[ \t]{0,2}[\w.]{1,30}(?:\[[\w., \t]{0,40}\])?)?[ \t]{0,2}=[ \t]{0,2}"
    r")(?=[\[(]|$)"
)
# a shell loop over words: "for m in org/A org/B; do", "for c in 1 8 32" (its "; do" maybe on the next line)
_SHELL_SWEEP_RE = re.compile(
    r"[ \t]{0,40}for[ \t]{1,4}\w{1,40}[ \t]{1,4}in[ \t]{1,4}(?P<words>[^;\n`$:()]{1,400}?)(?:;|$)"
)
_FLAG_ITEM_RE = re.compile(r"[\"']--?[A-Za-z]")
_OPEN = "[({"
# a parametrize list written one point a line; a list longer is no test's sweep read here (and a list left open is
# walked that far at most, from each line that opens one)
_MAX_LINES, _MAX_CHARS = 40, 4000


def swept_blanked(lines: list[str], skip: set[int]) -> dict[int, str]:
    """Line number (from 1) -> the line with the list of points a sweep iterates blanked, for the lines holding a
    list of two points or more; `skip`: the lines not to read (a table's, whose cells are results or settings)."""
    out: dict[int, str] = {}
    for i, line in enumerate(lines):
        if i + 1 in skip or i + 1 in out or len(line) > 4000 or not _may_sweep(line):
            continue
        if (m := _PY_SWEEP_RE.match(line)) is not None:
            got = _blank_list(lines, i, m.end(), skip)
            if m.group("name") and any(_FLAG_ITEM_RE.search(lines[no - 1]) for no in got):
                continue  # 'args = ["--model-path", "org/M", "--tp", "4"]': one command's arguments, no points
            out.update(got)
        elif (s := _SHELL_SWEEP_RE.match(line)) is not None and len(s.group("words").split()) >= 2:
            a, z = s.span("words")
            out[i + 1] = line[:a] + " " * (z - a) + line[z:]
    return out


def _may_sweep(line: str) -> bool:
    """The cheap test before the patterns: most lines hold neither a loop, a decorator nor an assignment."""
    return "for " in line or "parametrize" in line or "=" in line


def _blank_list(lines: list[str], i: int, at: int, skip: set[int]) -> dict[int, str]:
    """The lines of the bracketed list opening at or after column `at` of line i (the next line's first bracket,
    where the line ends before it), blanked, if it holds two points or more: {} for one point, a list left open, a
    call ("= torch.randn(...)", whose brackets hold arguments), or a bracket no list opens."""
    no, col = i, at
    while no < len(lines) and col >= len(lines[no].rstrip()):  # ('@pytest.mark.parametrize(' alone on its line)
        no, col = no + 1, 0
        if no >= len(lines) or no + 1 in skip or no - i > 2:
            return {}
        col = len(lines[no]) - len(lines[no].lstrip())
        if lines[no][col : col + 1] in ("'", '"'):  # the names first: '    "dtype", [' under the decorator
            m = _ARG_NAMES_RE.match(lines[no], col)
            col = m.end() if m else col
    if no >= len(lines) or lines[no][col : col + 1] not in ("[", "("):
        return {}  # (a dict, "= {", is one configuration, no sweep)
    depth, items, content, quote, read = 0, 0, False, "", 0
    spans: dict[int, tuple[int, int]] = {}
    for k in range(no, min(len(lines), no + _MAX_LINES)):
        start = col if k == no else 0
        line = lines[k][: start + _MAX_CHARS - read]
        if k + 1 in skip or read >= _MAX_CHARS:
            return {}
        read += len(line) - start
        for j in range(start, len(line)):
            ch = line[j]
            if quote:
                quote = "" if ch == quote else quote
            elif ch in ("'", '"'):
                quote, content = ch, True
            elif ch in _OPEN:
                depth += 1
                content = content or depth > 1
            elif ch in "])}":
                depth -= 1
                if depth == 0:
                    spans[k] = (start, j + 1)
                    items += content
                    return _blanked(lines, spans) if items >= 2 else {}
            elif ch == "," and depth == 1:
                items += content
                content = False
            elif not ch.isspace():
                content = True
        spans[k] = (start, len(line))
        quote = ""  # (a quote left open ends with its line)
    return {}


def _blanked(lines: list[str], spans: dict[int, tuple[int, int]]) -> dict[int, str]:
    return {k + 1: lines[k][:a] + " " * (b - a) + lines[k][b:] for k, (a, b) in spans.items()}
