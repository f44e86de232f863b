"""Gates in tables: a row names a check, a cell holds its outcome.

mypy (scripts/run_mypy.sh)	clean                       a result cell that is an outcome
test_mtp1_gsm8k_mmmu_and_video	gsm8k 95.98; videos pass    "<name> pass" as one clause of a cell
test_x (failed in CI on f22959cf9a)	5 passed            an outcome in the row's name
✅ PASSED                                                  a check mark and the word a tool printed
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ledger.model import Claim
from ledger.parsers.base import Context
from ledger.parsers.gates.claims import (
    NAMED_FAIL_HINT_RE,
    NAMED_FAIL_HINTS,
    gate,
    has_word,
    named_failures,
    top_level_split,
)
from ledger.parsers.reader.document import Row, Table
from ledger.parsers.tables.roles import column_roles, numbered_rows
from ledger.vocab.model_cells import cell_variant
from ledger.vocab.outcomes import boolean_outcome, success_count
from ledger.vocab.setup import config_key, qualifiers
from ledger.vocab.text import lower_for_words

# A result cell (or clause) that is an outcome: "clean", "pass, acceptance length 4.000", "not rerun".
_CELL_OUTCOMES: tuple[tuple[str, str], ...] = (
    ("not rerun", "not_run"),
    ("not re-run", "not_run"),
    ("not run", "not_run"),
    ("did not run", "not_run"),
    ("not verified", "not_verified"),
    ("not measured", "not_verified"),
    ("not covered", "not_verified"),
    ("not tested", "not_verified"),
    ("untested", "not_verified"),
    ("needs follow-up", "not_verified"),
    ("bitwise identical", "pass"),
    ("bit-exact", "pass"),
    ("identical", "pass"),
    ("matches", "pass"),
    ("waived", "waived"),
    ("skipped", "skipped"),
    ("passed", "pass"),
    ("passes", "pass"),
    ("pass", "pass"),
    ("clean", "pass"),
    ("ok", "pass"),
    ("green", "pass"),
    ("success", "pass"),
    ("✅", "pass"),
    ("✔", "pass"),
    ("failed", "fail"),
    ("fails", "fail"),
    ("fail", "fail"),
    ("failure", "fail"),
    ("timed out", "fail"),
    ("timeout", "fail"),
    ("hangs", "fail"),
    ("did not boot", "fail"),
    ("❌", "fail"),
    ("✗", "fail"),
    # "| 16 | Invalid | — |" in a row of results: that row's run failed; "OOM" there is, as "OOM at 16" in prose,
    # the point of a sweep that gave no result
    ("invalid", "fail"),
    ("out of memory", "skipped"),
    ("oom", "skipped"),
)
_CELL_OUTCOME_MAP = dict(_CELL_OUTCOMES)
_ALT = "|".join(re.escape(p) for p, _ in _CELL_OUTCOMES)
# the outcome opens the cell and ends it, or is followed by "," / "(" / ";" (not "pass keys", "pass@1")
_CELL_FIRST = "".join(sorted({re.escape(p[0]) for p, _ in _CELL_OUTCOMES}))
"""The outcomes' first characters: one set test before trying each outcome in turn."""
_CELL_START_RE = re.compile(rf"\s*[{_CELL_FIRST}]", re.IGNORECASE)
"""What _CELL_RE needs at a clause's start."""
_CELL_RE = re.compile(rf"^\s*(?=[{_CELL_FIRST}])(?P<word>{_ALT})(?![\w@-])(?P<rest>\s*(?:$|[,;(:].*))", re.IGNORECASE)
# "videos pass": a short name and an outcome as one clause
_NAMED_CLAUSE_RE = re.compile(
    r"^\s*(?P<name>[A-Za-z][\w./-]{0,30}(?:\s[A-Za-z][\w./-]{0,30}){0,3})\s+"
    r"(?P<word>pass|passes|passed|fail|fails|failed|clean|ok|skipped|waived)\s*$",
    re.IGNORECASE,
)
_GENERIC_HEADER_RE = re.compile(
    r"^(?:result|results|status|outcome|verdict|value|values|check|checks|)(?:\s*\([^()]{0,40}\))?$", re.IGNORECASE
)
# "✅ PASSED", "❌ FAILED": a check mark and the word a tool printed; an eval bot's "✅ PASS (agree=1.0000)" with the
# figure it judged by, and its guard's "✅ no regression (decode + prefill)" in words
_MARK_WORD_RE = re.compile(
    r"^\s*[✅✔✓❌✗✘]\s*(?P<word>PASSED|FAILED|PASS|FAIL|OK|SKIPPED|ERROR|(?i:no regressions?|regressed))"
    r"\s*(?:\((?P<why>[^()\n]{1,120})\))?\s*$"
)
_MARK_OUTCOMES = {"passed": "pass", "pass": "pass", "ok": "pass", "skipped": "skipped", "no regression": "pass"}
# "&nbsp;&nbsp;↳ accuracy" under "DFlash @512 tok/s": a check of the run the row above measured
_SUB_ROW_RE = re.compile(r"^(?:&nbsp;|\s)*[↳└]\s*")
_LINT_TOOL_RE = re.compile(
    r"^(?:mypy|pre-commit|ruff|flake8|pylint|black|isort|clang-format|clang-tidy|pyright|codespell|yapf|"
    r"shellcheck|lint|linters?|cpplint|eslint|prettier|type ?check)\b",
    re.IGNORECASE,
)
_PAREN_RE = re.compile(r"\(([^()]{1,120})\)")
_PAREN_OUTCOME_RE = re.compile(
    r"^\s*(?P<word>failed|fails|passed|passes|waived|skipped|flaky|timed out)\b", re.IGNORECASE
)
_TRAILING_PAREN_RE = re.compile(r"\s*\(([^()]{1,60})\)\s*$")
_CLAUSE_SPLIT_RE = re.compile(r";\s*")
_SETTING_VALUE_RE = re.compile(r"^[\d.,x]{1,12}[kKmM]?$")


def table_gates(table: Table, ctx: Context) -> Iterator[Claim]:
    # the column's name joins the gate's name unless it is a generic "Result" / "Status"
    cols = ["" if _GENERIC_HEADER_RE.match(h.strip()) else h.strip() for h in table.header]
    # "| # | Check | ... |" over "| 1 | ep8 GSM8K accuracy | ...": the rows' numbers; the check names the row
    skip = 1 if numbered_rows(table) else 0
    names: list[int] = []  # (how many columns name a row, read once, at the table's first gate: _name_columns)
    settings: list[list[int]] = []  # (the setting columns, read once, at the table's first counted gate)
    above = ""  # the label of the last row that is no sub-row: what a "↳ check" row below it checks
    for row in table.rows:
        if len(row.cells) <= skip:
            continue
        label = row.cells[skip].strip()
        if not label:
            continue
        if (sub := _SUB_ROW_RE.match(label)) is None:
            above = label
        elif above:
            label = f"{above} {label[sub.end() :]}".strip()
        if any(map(_CELL_RE.match, row.cells[skip + 2 :])) and _named_by_more(table, skip, names):
            # "| MiniMax-M3 | non-EAGLE | 0.946 | PASS |": the check is the model's run in that mode
            label = " ".join(c.strip() for c in row.cells[skip : skip + names[0]] if c.strip())
        name, label_cfg = _split_label(label)
        label_cfg.update(cell_variant(label))  # ("| X Prefix Cache TP8 | ... | PASS |": the variant checked)
        first = table.header[skip].strip() if len(table.header) > skip else ""
        if first and _SETTING_VALUE_RE.match(label):
            # "| BS | ... | Acc |" over "| 1 | ... | OK |": the row is a setting's value; the check is the column's
            name, label_cfg = "", {config_key(first): label}
        # an outcome in the row's name: "test_x (failed in CI on f22959cf9a)"
        for pm in _PAREN_RE.finditer(label):
            om = _PAREN_OUTCOME_RE.match(pm.group(1))
            if om:
                word = om.group("word").lower()
                outcome = "waived" if "waived" in pm.group(1).lower() else _paren_outcome(word)
                rest = pm.group(1)[om.end() :].strip()
                yield gate(
                    ctx,
                    row.line,
                    label,
                    name,
                    outcome,
                    f"{word} ({rest})" if rest else word,
                    config={"note": rest} if rest else None,
                )
        for ci, cell in enumerate(row.cells[skip + 1 :], start=skip + 1):
            if not cell.strip():
                continue
            # a gate needs an outcome opening a clause (the first, or one after a ";") or a named failure
            col = cols[ci] if ci < len(cols) else ""
            counted = success_count(col, cell) or boolean_outcome(col, cell)
            if counted:  # "| 2 | 700/700 |" under "Completed": every request of the row's run came back
                gate_name = f"{name} {col}".strip()
                # ("| prefill | 1 | true |" under "Case | Rank | Bit exact": the rank tells the row's checks apart)
                cfg = {**_row_settings(table, row, settings), **label_cfg}
                yield gate(ctx, row.line, row.text.strip(), gate_name, counted, cell.strip(), config=cfg or None)
                continue
            low = lower_for_words(cell)
            if (
                ";" not in cell
                and not _CELL_START_RE.match(cell)
                and not has_word(cell, low, NAMED_FAIL_HINTS, NAMED_FAIL_HINT_RE)
            ):
                continue
            yield from _cell_gates(ctx, row, label, name, label_cfg, cell, col, low)


def _named_by_more(table: Table, skip: int, names: list[int]) -> bool:
    """Whether more than one column names the rows ("| Model | Mode | ... | Status |"); `names` keeps their count."""
    if not names:
        roles = column_roles(table)
        names.append(next((i for i, r in enumerate(roles[skip:]) if r != "label"), len(roles) - skip))
    return names[0] > 1


def _row_settings(table: Table, row: Row, settings: list[list[int]]) -> dict[str, str]:
    """The row's settings, from the columns whose role is the run's setup; `settings` keeps their indexes."""
    if not settings:
        settings.append([i for i, r in enumerate(column_roles(table)) if r == "config"])
    heads = table.header
    return {
        config_key(heads[i].strip()): row.cells[i].strip()
        for i in settings[0]
        if i < len(row.cells) and i < len(heads) and row.cells[i].strip()
    }


def _paren_outcome(word: str) -> str:
    if word.startswith(("fail", "timed")):
        return "fail"
    if word.startswith("pass"):
        return "pass"
    if word == "flaky":
        return "fail"
    return word


def _split_label(label: str) -> tuple[str, dict[str, str]]:
    """ "test_gsm8k (unchanged)" -> ("test_gsm8k", {"note": "unchanged"}) for a non-outcome parenthetical."""
    cfg: dict[str, str] = {}
    name = label
    m = _TRAILING_PAREN_RE.search(label) if ")" in label else None
    if m and not _PAREN_OUTCOME_RE.match(m.group(1)) and not re.search(r"[/.]|\.sh\b", m.group(1)):
        cfg["note"] = m.group(1)
        name = label[: m.start()].strip()
    elif m and _PAREN_OUTCOME_RE.match(m.group(1)):
        name = label[: m.start()].strip()
    return name, cfg


def _cell_gates(
    ctx: Context, row: Row, label: str, name: str, label_cfg: dict[str, str], cell: str, col: str, low: str | None
) -> Iterator[Claim]:
    mw = _MARK_WORD_RE.match(cell)
    if mw:
        word = mw.group("word")
        outcome = _MARK_OUTCOMES.get("no regression" if word.lower().startswith("no ") else word.lower(), "fail")
        yield gate(
            ctx,
            row.line,
            row.text.strip(),
            f"{name} {col}".strip() if col else name,
            outcome,
            cell[: mw.start("why") - 1].strip() if mw.group("why") else cell.strip(),
            config=label_cfg or None,
            note=mw.group("why"),
        )
        return
    clauses = _CLAUSE_SPLIT_RE.split(cell) if ";" in cell else [cell]
    for k, clause in enumerate(clauses):
        cm = _CELL_RE.match(clause)
        if cm:
            if (
                k > 0
                and cm.group("word").lower() in ("pass", "passes", "passed")
                and not clause.strip().startswith(cm.group("word"))
            ):
                continue
            word = cm.group("word")
            outcome = _CELL_OUTCOME_MAP[word.lower()]
            if outcome == "fail" and re.search(r"\bwaived\b", cell, re.IGNORECASE):
                outcome, word = "waived", f"{word} (waived)"
            gate_name = f"{name} {col}".strip() if col else name
            for part_name, cfg in _gate_parts(gate_name, clause):
                yield gate(ctx, row.line, row.text.strip(), part_name, outcome, word, config={**label_cfg, **cfg})
            continue
        nm = _NAMED_CLAUSE_RE.match(clause) if k > 0 else None
        if nm:
            word = nm.group("word")
            yield gate(
                ctx,
                row.line,
                clause.strip(),
                f"{nm.group('name')} ({name})",
                _CELL_OUTCOME_MAP[word.lower()],
                word,
                config={**qualifiers(name), **label_cfg},
            )
    yield from named_failures(ctx, row.line, cell, 0, low)


def _gate_parts(name: str, clause: str) -> list[tuple[str, dict[str, str]]]:
    """One gate per check the row names: "mypy (...), pre-commit over the changed files" is two checks;
    "passkey, MTP3 over FP8 / NVFP4 KV / with IndexShare" with three values in the cell is three."""
    parts = [p.strip() for p in top_level_split(name, r",\s+|\s+and\s+")]
    if len(parts) > 1 and all(_LINT_TOOL_RE.match(p) for p in parts):
        return [(p, {}) for p in parts]
    alts = [a.strip() for a in top_level_split(name, r"\s+/\s+")]
    if len(alts) > 1:
        vals = re.search(r"\d[\d.]*(?:\s*/\s*\d[\d.]*)+", clause)
        if vals and len(re.split(r"\s*/\s*", vals.group(0))) == len(alts):
            base = alts[0].split(",")[0].strip()
            return [(base, {"variant": a, **qualifiers(a)}) for a in alts]
    return [(name, {})]
