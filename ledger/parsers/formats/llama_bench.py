"""llama.cpp benchmark tables: llama-bench, batched-bench and compare-llama-bench output.

    | model        |     size |  params | backend | ngl | test   |             t/s |
    | llama 7B F16 | 12.55 GiB|  6.74 B | CUDA    | 999 | pp 512 | 4493.64 ± 25.65 |

    |  PP |  TG | B | N_KV | T_PP s | S_PP t/s | T_TG s | S_TG t/s |  T s |  S t/s |
    | 512 | 128 | 1 |  640 |  0.246 |  2084.35 |  2.021 |    63.32 | 2.267 | 282.30 |

    | Model | Test   | t/s master | t/s PR | Speedup |

Only the columns whose header carries a rate or time unit ("t/s", "S_PP t/s", "T_PP s") and
speed-up columns are results; model, size, params, backend, ngl, threads, test, PP/TG/B/N_KV are
the row's configuration (PP, TG and B as isl, osl and batch_size). A "± s" after the value is its
stderr. With two "t/s <label>" columns and a speed-up column (compare-llama-bench), the first is the
baseline of the second.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from ledger.model import Claim, Revision
from ledger.parsers.base import Context
from ledger.parsers.formats.bench_variants import change_column, noted_value, variant_columns, without_note
from ledger.parsers.grammar.numbers import find_numbers, to_float
from ledger.parsers.reader.document import Block, Row
from ledger.parsers.tables.dialects import spread_cut_only
from ledger.parsers.tables.headers import column_revisions
from ledger.parsers.tables.spans import filled_down
from ledger.vocab.flags import flag_head_key
from ledger.vocab.setting_heads import abbreviated_setting, batched_bench_keys, header_lengths
from ledger.vocab.setup import config_key, qualifiers
from ledger.vocab.setup_labels import bench_test_setup, setup_label_key
from ledger.vocab.sides import CHANGE_NAME_RE, side_of

NAME = "llama_bench"
VERSION = "1"
BLOCKS = frozenset({"table"})

# emphasis at word edges only: "Q4_K_M", "T_PP s" and "N_KV" keep their underscores
_MARKUP_RE = re.compile(r"(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)|`+")
_VALUE_HEADER_RE = re.compile(
    r"^(?:(?P<name>\S.{0,30}?)\s+)?(?P<unit>t/s|tok/s|s|ms|us)$|^t/s\s+(?P<label>.{1,30})$", re.IGNORECASE
)
# the type llama-bench prints at the end of its model cell: "llama 7B Q4_K_M", "llama 13B F16", "llama 7B all F32"
_GGUF_TYPE_RE = re.compile(r"(?<![\w.])(?:[IT]?Q\d(?:_[0-9A-Z]{1,3}){0,2}|BF16|F16|F32)$", re.IGNORECASE)
_SPEEDUP_RE = re.compile(r"^speed-?up$", re.IGNORECASE)
_STDERR_RE = re.compile(r"±\s*(\d[\d,]*(?:\.\d+)?)")


def _clean(cell: str) -> str:
    return _MARKUP_RE.sub("", cell).strip()


def _roles(header: list[str]) -> list[str] | None:
    """value / baseline / speedup / config per column, or None when the table is not this format."""
    heads = [_clean(h) for h in header]
    if not any(h.lower() == "t/s" or h.lower().endswith(" t/s") or h.lower().startswith("t/s ") for h in heads):
        return None
    roles = []
    for h in heads:
        if _SPEEDUP_RE.match(h):
            roles.append("speedup")
        elif CHANGE_NAME_RE.match(h):
            roles.append("delta")  # "| t/s (before) | t/s (after) | diff |": the change, no setting of the row
        elif change_column(h):
            roles.append("delta")  # "| base t/s | fast t/s | vs base |": the change of the variant before it
        elif h.lower() != "s" and (_VALUE_HEADER_RE.match(h) or noted_value(h)):
            roles.append("value")
        else:
            roles.append("config")
    bare = [i for i, h in enumerate(heads) if h.lower() == "t/s"]
    if len(bare) == 2 and "speedup" in roles:
        roles[bare[0]] = "baseline"  # ("| test | t/s | t/s | speedup |", a headless paste: the second over the first)
    labelled = [i for i, h in enumerate(heads) if h.lower().startswith("t/s ")]
    if len(labelled) == 2:
        sides = [side_of(heads[i][4:]) for i in labelled]
        if "speedup" in roles and sides[1] != "base":
            roles[labelled[0]] = "baseline"
        elif "base" in sides and sides[0] != sides[1]:
            roles[labelled[sides.index("base")]] = "baseline"  # "t/s master | t/s this PR", no speed-up column
    return roles


def _column_sides(
    heads: list[str], roles: list[str], named: Mapping[str | int, Revision]
) -> tuple[dict[int, Revision], set[int]]:
    """The revision of each column a sha, a branch or a side names (by column), and the value columns named by a side
    beside the baseline ("t/s (PR)": they measure what their stem names, on the side's commit where the text defines
    one, else on the side its name says)."""
    revisions = column_revisions(named, {i: h for i, h in enumerate(heads) if roles[i] in ("value", "baseline")})
    sided: set[int] = set()
    if "baseline" not in roles:
        return revisions, sided
    for i, h in enumerate(heads):
        if roles[i] != "value" or i in revisions or not h.lower().startswith("t/s "):
            continue
        if (side := _side(h)) is not None:
            sided.add(i)
            rev = named.get(side.lower())
            # ("t/s (after)": measured on the side it names, by its name where the text gives it no commit)
            revisions[i] = rev if rev is not None and rev.head else Revision(label=side)
    sides = {revisions[i] for i, role in enumerate(roles) if role == "value" and i in revisions}
    if len(sides) == 1:  # the speed-up or change of the one side over the baseline was measured on that side
        revisions.update({i: next(iter(sides)) for i, role in enumerate(roles) if role in ("speedup", "delta")})
    return revisions, sided


def _side(head: str) -> str | None:
    """The side a labelled value column names beside its baseline ("t/s (PR)", "t/s this PR")."""
    label = head[4:].strip(" ()[]")
    return label if label and side_of(label) is not None else None


def _value_stem(heads: list[str], roles: list[str]) -> str:
    """The measure the table's values are, as a change column's is of them: "t/s" (a labelled column's stem)."""
    head = next((h for h, r in zip(heads, roles, strict=True) if r == "value"), "t/s")
    return "t/s" if head.lower().startswith("t/s") else head


def _unit_of(head: str) -> str:
    h = without_note(_clean(head))  # ("cuBLAS t/s (for reference)": the rate's unit, before the note)
    if h.lower().startswith("t/s"):
        return "t/s"
    return h.split()[-1]


def _config_keys(heads: list[str]) -> list[str]:
    """Each column's config key: a setup label's key ("GPU" -> gpu, "Microbatch size" -> ubatch), else its header.
    batched-bench's PP / TG / B / N_KV are kept as printed (PP is no pipeline size): see `_bench_lengths`."""
    if any(h.upper() in ("N_KV", "T_PP S") for h in heads) or batched_bench_keys(heads):
        return list(heads)  # ("| PP | TG | B | S_PP t/s |" without its N_KV: still batched-bench's)
    # "Task" over "pp512": llama-bench's "test" column, as ik_llama.cpp's comparisons print it
    return [
        # (a header of no known key is keyed as every table's is: "Test" and "test" are one key)
        "test"
        if h.lower() == "task"
        else flag_head_key(h) or setup_label_key(h) or abbreviated_setting(h) or config_key(h)
        for h in heads
    ]


_POSITION_KEY_RE = re.compile(r"^column_\d{1,3}$")


def _positioned(config: dict[str, str]) -> dict[str, str]:
    """The cells of columns a headless paste names by position (tables.headless) under the keys they state: the
    model label llama-bench prints ("llama 1B all F32", its type last), a GPU; a cell stating none keeps its
    position's key (a microbatch size or a thread count looks alike, and which one it is is not for us to guess)."""
    out: dict[str, str] = {}
    for key, cell in config.items():
        if not _POSITION_KEY_RE.match(key):
            out[key] = cell
        elif "model" not in config and "model" not in out and _GGUF_TYPE_RE.search(cell):
            out["model"] = cell
        elif found := qualifiers(cell):
            for k, v in found.items():
                out.setdefault(k, v)
        else:
            out[key] = cell
    return out


def _bench_lengths(heads: list[str], cells: list[str]) -> dict[str, str]:
    """batched-bench's PP / TG / B under the setup keys they are: the prompt and generated lengths and the batch
    (isl, osl, batch_size), beside the printed keys the tool's readers know them by."""
    return {key: _clean(cells[i]) for i, key in batched_bench_keys(heads).items() if i < len(cells) and cells[i]}


def extract(block: Block, ctx: Context) -> Iterator[Claim]:
    table = block.table
    if table is None or not table.rows:
        return
    if (roles := _roles(table.header)) is None:
        return
    heads = [_clean(h) for h in table.header]
    variants = variant_columns(heads, roles)  # ("| base t/s | fast t/s | vs base |": fast's baseline and its change)
    table = filled_down(table, roles)  # ("|   | 8 | 52.4 |" under "| gemma 2B Q8_0 | 4 | ...": the model above)
    ctx.taken.add(table.header_line)
    base_col = roles.index("baseline") if "baseline" in roles else None
    keys = _config_keys(heads)
    # "t/s 4b3c2a1 | t/s my-branch": a column named by a sha or a branch (the baseline's too) was measured on it
    named = ctx.named_at(table.header_line)  # ("t/s b4120" beside "t/s rk/splitk": one stem, two revisions)
    revisions, sided = _column_sides(heads, roles, named)
    for i, variant in variants.sides.items():
        revisions.setdefault(i, variant)
    sided.update(i for i in variants.sides if roles[i] == "value")  # ("fast t/s": the rate, measured on "fast")
    last = table.rows[-1]
    # a pipe row with no closing pipe at the very end of the document was cut: its last cell (if still there) is partial
    cut = (
        table.style == "pipe"
        and not (table.cut_cell or last.text.rstrip().endswith("|"))
        and not any(ctx.doc.line(k).strip() for k in range(last.line + 1, len(ctx.doc.lines) + 1))
    )
    in_cell = _sides_in_cells(table.rows, roles)
    for row in table.rows:
        ctx.taken.add(row.line)
        side, cells, base_row = in_cell.get(row.line, ("", row.cells, None))
        if side == "taken":
            continue  # "Metal (master)" beside a "Metal (PR)" row of the same run: that row's reference
        config = {
            keys[i]: _clean(c) for i, c in enumerate(cells) if i < len(roles) and roles[i] == "config" and _clean(c)
        }
        config = _positioned(config)  # ("column_1=RTX 4090" in a headless paste: the GPU the cell names)
        config.update(_bench_lengths(heads, cells))
        around = ctx.setup.at(row.line) if ctx.setup is not None else {}
        if (gguf := _GGUF_TYPE_RE.search(config.get("model", ""))) is not None:
            config.setdefault("quant", gguf.group(0).lower())  # "llama 7B all F32": the row's own weights
        if "model" in config and _names_same_size(config["model"], around):
            # "llama 1B Q8_0" under "-m models/llama-3.2-1b-instruct/...": the label is the architecture llama-bench
            # read from the file (any 1B Llama prints it); the model the text names is the one that ran, and the
            # type its file name states ("ggml-model-Q5_K_M.gguf") is more exact than the label's ("Q5_K - Medium")
            config["model_type"] = config.pop("model")
            if "quant" in around:
                config.pop("quant", None)
            elif (typed := qualifiers(config["model_type"]).get("quant")) is not None:
                config.setdefault("quant", typed)  # ("qwen35moe 397B.A17B Q3_K - Medium": the type the file holds)
        test = config.get("test") or ""
        for k, v in bench_test_setup(test).items():
            config.setdefault(k, v)
        # (a row the excerpt cut before its side's cells, "| llama 8B Q4_0 | tg128 | 14.20 |": the baseline's value
        # it still holds is that side's result, with no pair)
        lone_base = row is last and table.truncated and not any(r == "value" for r in roles[: len(cells)])
        for i, cell in enumerate(cells):
            if i >= len(roles) or roles[i] == "config" or (roles[i] == "baseline" and not lone_base):
                continue
            c = _clean(cell)
            nums = find_numbers(c)
            if not nums or nums[0].num_start > 1:
                continue
            if cut and row is last and i == len(cells) - 1 and not spread_cut_only(c):
                ctx.warn(row.line, "last cell cut short (truncated input?)")
                continue
            n = nums[0]
            sm = _STDERR_RE.search(c)
            ref = None
            if roles[i] == "value" and base_col is not None and base_col < len(cells) and i not in variants.apart:
                ref = to_float(_clean(cells[base_col]).split("±")[0])
            elif roles[i] == "value" and base_row is not None and i < len(base_row):
                ref = to_float(_clean(base_row[i]).split("±")[0])
            unit = "x" if roles[i] == "speedup" else n.unit if roles[i] == "delta" else _unit_of(heads[i])
            head = (
                "t/s"
                if roles[i] in ("value", "baseline")
                and base_col is not None
                and (i in sided or i in revisions)  # "t/s 0badc0de1": the commit is the revision, not the measure
                else without_note(heads[i])
            )
            metric = f"{head} {test}".strip() if test else head
            if roles[i] == "delta":  # ("t/s pp512 diff": the change of the row's t/s)
                stem = "t/s" if i in variants.sides else _value_stem(heads, roles)  # ("t/s vs base", a variant's)
                metric = " ".join(w for w in (stem, test, heads[i]) if w)
            off = row.text.find(cell)
            at: dict[str, Any] = {"revision": revisions[i]} if i in revisions else {}
            lengths = header_lengths(heads[i])  # "TG (256) T/s": the column's length
            yield ctx.claim(
                "perf",
                row.line,
                c if off < 0 else cell.strip(),
                metric=metric,
                value=n.value,
                unit=unit,
                reference=ref,
                stderr=to_float(sm.group(1)) if sm else None,
                config={**config, **lengths} if lengths else config,
                **at,
            )


# the parameter count llama-bench prints in its model label ("llama 1B Q8_0", "qwen3moe 30B.A3B Q4_0")
_LABEL_SIZE_RE = re.compile(r"(?<![\w.])(\d{1,4}(?:\.\d{1,2})?[BM])(?![a-z\d])", re.IGNORECASE)


def _names_same_size(label: str, around: dict[str, str]) -> bool:
    """The setup around the table names a model of the size the row's label prints ("llama-3.2-1b-instruct" for
    "llama 1B Q8_0"): that model is the one the label describes. A label with no size, or a model of another size
    (the PR's title naming the model it fixes, over a bench of another), tells nothing."""
    model, size = around.get("model", ""), _LABEL_SIZE_RE.search(label)
    if not model or size is None or model.lower() in label.lower():
        return False  # ("llama 7B", the label's own words as a line's setup reads them, is no other name of it)
    return re.search(r"(?<![\d.])" + re.escape(size.group(1).lower()) + r"(?![a-z\d])", model.lower()) is not None


# "Metal (master)", "Vulkan (PR)": a config cell that names the side its row was measured on
_SIDE_CELL_RE = re.compile(r"^(?P<name>[^()]{0,40}?)\s{0,4}\((?P<side>[^()]{1,24})\)$")


def _sides_in_cells(rows: list[Row], roles: list[str]) -> dict[int, tuple[str, list[str], list[str] | None]]:
    """Rows whose config cell names their side ("| Metal (master) | ... | 400.00 |" then "| Metal (PR) | ... |"):
    row line -> (its side, its cells without the side's words, the cells of the base row of the same run, for a
    head row that has one); a base row whose run has a head row is "taken" (it is that row's reference)."""
    found: dict[int, tuple[str, list[str]]] = {}
    for row in rows:
        cells = list(row.cells)
        for i, c in enumerate(cells):
            m = _SIDE_CELL_RE.match(_clean(c)) if i < len(roles) and roles[i] == "config" and ")" in c else None
            if m is not None and (side := side_of(m.group("side"))) is not None:
                cells[i] = m.group("name").strip()
                found[row.line] = (side, cells)
                break
    if not found:
        return {}
    bases = {_run_key(cells, roles): cells for side, cells in found.values() if side == "base"}
    heads = {_run_key(cells, roles) for side, cells in found.values() if side == "head"}
    out: dict[int, tuple[str, list[str], list[str] | None]] = {}
    for line, (side, cells) in found.items():
        key = _run_key(cells, roles)
        if side == "head":
            out[line] = (side, cells, bases.get(key))
        else:
            out[line] = ("taken" if key in heads else side, cells, None)  # (a base row alone stays a claim)
    return out


def _run_key(cells: list[str], roles: list[str]) -> tuple[str, ...]:
    return tuple(_clean(c) for i, c in enumerate(cells) if i < len(roles) and roles[i] == "config")
