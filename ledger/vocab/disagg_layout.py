"""A disaggregated serving layout named as one word ("ctx2_tep4_gen1_dep16", "ctx1_gen1_dep8", TensorRT-LLM's
recipe names): so many context (prefill) servers with their parallelism, then so many generation (decode) servers
with theirs. Each role's sizes are that role's, never the whole run's: "tep4" of the context servers is no tp=4 of a
run whose decode side is DEP16, and two layouts differ in every one of these keys."""

from __future__ import annotations

import re

from ledger.vocab.word_gate import WordGate

# the parallelism words a role is written with: "tep" (TP with the experts over the same ranks), "dep" (attention DP
# with EP, kept as the role's dep: a role's keys stay as written), and the plain sizes
_PAR = r"(?:tep|dep|tp|pp|dp|ep|cp)\d{1,3}"
LAYOUT_RE = re.compile(
    rf"(?<![a-z0-9])ctx(?P<ctx>\d{{1,3}})(?P<ctx_par>(?:[_-](?:ctx[_-])?{_PAR}){{0,4}})"
    rf"[_-]gen(?P<gen>\d{{1,3}})(?P<gen_par>(?:[_-]{_PAR}){{0,4}})(?![a-z0-9])",
    re.IGNORECASE,
)
# "Prefill TP 2 PP2, Decode TP 1", "prefill: DP2 TP1", "gen DEP8": one role's sizes written out after its name;
# "ctx1 TP=4 + gen4 TP=8": its count of servers glued to it
_SIZE = r"(?:tep|dep|tp|pp|dp|ep|cp) ?[=:]? ?\d{1,3}"
_ROLE_RE = re.compile(
    r"(?<![\w-])(?P<role>prefill|decode|ctx|gen)(?P<count>(?<=ctx|gen)\d{1,3})?"
    r"(?:[ _-](?:servers?|instances?|workers?|nodes?|side))?"
    rf" ?[:=]? ?(?P<par>{_SIZE}(?:[ ,/+]{{1,3}}{_SIZE}){{0,4}})(?![\w.])",
    re.IGNORECASE,
)
_ROLE_GATE = WordGate(_ROLE_RE)
"""Its finditer, only where a role's word stands (vocab.word_gate): the look-behind it opens with is tried at every
character of every line the setup reader reads."""
_ROLES = {"prefill": "ctx", "ctx": "ctx", "decode": "gen", "gen": "gen"}
_PART_RE = re.compile(r"(tep|dep|tp|pp|dp|ep|cp)(\d{1,3})", re.IGNORECASE)

LAYOUT_KEYS: tuple[str, ...] = tuple(
    f"{role}_{key}" for role in ("ctx", "gen") for key in ("servers", "tp", "ep", "pp", "dp", "dep", "cp")
)
"""The keys a layout is read under: each role's server count and sizes. Compare keeps two layouts apart by them as
it does every key no table names (setup_keys.key_class: hard); the export's columns stay those of the run-wide keys,
these travel in its `setup` JSON."""


def _role_setup(m: re.Match[str]) -> dict[str, str]:
    """The sizes one role's phrase names ("Prefill DP 2 TP 1 PP2" -> ctx_dp 2, ctx_tp 1, ctx_pp 2)."""
    role = _ROLES[m.group("role").lower()]
    out: dict[str, str] = {f"{role}_servers": str(int(m.group("count")))} if m.group("count") else {}
    for word, size in _PART_RE.findall(m.group("par").replace(" ", "").replace("=", "").replace(":", "")):
        word = word.lower()
        for key in ("tp", "ep") if word == "tep" else (word,):
            out.setdefault(f"{role}_{key}", str(int(size)))
    return out


def layout_setup(m: re.Match[str]) -> dict[str, str]:
    """The setup a layout names: each role's server count and its parallel sizes (which say the serving is
    disaggregated: no "serving" key beside them, which a document's default would not carry where they go)."""
    out: dict[str, str] = {}
    for role in ("ctx", "gen"):
        out[f"{role}_servers"] = str(int(m.group(role)))
        for word, size in _PART_RE.findall(m.group(f"{role}_par")):
            word = word.lower()
            for key in ("tp", "ep") if word == "tep" else (word,):  # "tep4": tensor and expert parallel of 4
                out.setdefault(f"{role}_{key}", str(int(size)))
    return out


def without_layouts(text: str) -> tuple[dict[str, str], str]:
    """The setup of the first layout a text names, and the text with every layout blanked out (in place, so that
    what follows stays where it was): the role sizes in it are no run-wide "TEP4" or "DEP16". A role's sizes written
    out ("Prefill TP 2 PP2, Decode TP 1", a disaggregated run's two sides) are read and blanked the same way."""
    low = text.lower()
    if "gen" not in low and "prefill" not in low and "decode" not in low and "ctx" not in low:
        return {}, text
    setup: dict[str, str] = {}
    parts: list[str] = []
    at = 0
    # (a layout names both roles by their short words: most lines naming a role, "decode", "generation", none)
    for m in LAYOUT_RE.finditer(text) if "ctx" in low and "gen" in low else ():
        setup = setup or layout_setup(m)
        parts += [text[at : m.start()], " " * (m.end() - m.start())]
        at = m.end()
    text = "".join(parts) + text[at:] if parts else text
    roles: dict[str, str] = {}
    for m in _ROLE_GATE.finditer(text):
        for k, v in _role_setup(m).items():
            roles.setdefault(k, v)
        text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
    return {**roles, **setup}, text


# a table column that holds one role's parallelism: "| Prefill | Decode |" over "TP8 | TP8/DP2", "ctx" / "gen",
# "P" / "D" (what the cell under it names is that role's sizes, never the whole run's)
_ROLE_HEAD_RE = re.compile(
    r"^(?P<role>prefill|decode|ctx|gen|context|generation|p|d)"
    r"(?:[ _-](?:side|servers?|instances?|workers?|nodes?|config|parallelism|layout))?$",
    re.IGNORECASE,
)
_HEAD_ROLES = {"prefill": "ctx", "context": "ctx", "ctx": "ctx", "p": "ctx"}


def role_cells_setup(cells: list[tuple[str, str]]) -> tuple[dict[str, str], set[str]]:
    """Of a row's (header, cell) label pairs, the role sizes the cells under role headers name ("Decode" over
    "TP8/DP2": gen_tp 8, gen_dp 2), and the run-wide keys those cells would otherwise read as (tp, dp)."""
    out: dict[str, str] = {}
    plain: set[str] = set()
    for head, cell in cells:
        m = _ROLE_HEAD_RE.match(head.strip(" *_`"))
        if m is None or not cell:
            continue
        role = _HEAD_ROLES.get(m.group("role").lower(), "gen")
        sizes = _PART_RE.findall(cell)
        if not sizes or _PART_RE.sub("", cell).strip(" /+,&_-") or len(cell) > 40:
            continue  # (only a cell of sizes alone: "TP8/DP2", "TP4 + EP4")
        for word, size in sizes:
            word = word.lower()
            for key in ("tp", "ep") if word == "tep" else (word,):
                out.setdefault(f"{role}_{key}", str(int(size)))
                plain.add(key)
    return out, plain


def with_role_cells(words: dict[str, str], cells: list[tuple[str, str]]) -> dict[str, str]:
    """A row's setup words with the sizes its role-headed cells give each role ("| Prefill | Decode |" over "TP8 |
    TP8/DP2": ctx_tp, gen_tp, gen_dp) in place of the run-wide keys those cells would otherwise read as."""
    roles, plain = role_cells_setup(cells)
    return {**{k: v for k, v in words.items() if k not in plain}, **roles} if roles else words
