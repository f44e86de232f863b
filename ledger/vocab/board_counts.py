"""The board a GPU word names, with the count the text gives it: "8xH100", "H200x8", "two L40S", "2 B200x8 nodes",
"4 H100 GPUs", "8*B200"; vocab.setup's GPU word finds the match, this reads its count and spelling. And the CPU
sockets a hybrid run used ("Dual socket", "2 sockets"), a setup word of vocab.setup's table, and the cores its own
setup names ("2×32 cores")."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ledger.vocab.architectures import ARCH_RUN_PATTERN, ARCH_TRIGGERS, spelled_family
from ledger.vocab.canonical import GPU_NAMES, one_board
from ledger.vocab.setup_word import DIGIT_OPENS, SetupWord, make_word, search_word

# a run on the CPU by the device's kind alone ("[CPU]", "CPU backend", "timed on the CPU"): the gpu word reads it
CPU_RUN = r"\[(cpu)\]|(cpu)[ -](?:backend|only)|(?:runs?|ran|measured|tested|benchmarked|timed) on (?:the |a )?(cpu)"
ARCH_BOARD = make_word("gpu", "gpu", ARCH_RUN_PATTERN, ARCH_TRIGGERS, ("on ",))
"""The architecture a run was on where the text names no board ("on our Blackwell node"): vocab.architectures; in
vocab.setup's table after the board's own word, which says more where both are named."""

# ("two L40S cards": a count in words)
GPU_COUNT = r"(?:\d{1,3} ?[x×*] ?(?:\d{1,3} ?[x×]? ?)?|(?:two|four|eight) )?"
_GPU_COUNT_RE = re.compile(GPU_COUNT)
NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8"}
COUNTED_IN_WORDS = frozenset(("concurrency", "osl", "gpu_count", "pp", "nodes"))
"""The setup keys whose count a number word may spell ("four PP ranks", "eight requests at a time")."""
_COUNT_WORDS = "|".join(NUMBER_WORDS)
_SHORT_NAME = r"(?: [a-z]{1,3}\d{1,4}[a-z]{0,2})?"  # ("A3" of "Ascend A3": the board named short)
_BOARD_NOUN = r"(?: physical)? (?:cards|chips|npus|devices|accelerators)\b"
COUNTED_BOARDS = make_word(
    "gpu_count",
    "gpu_count",
    rf"(?<![/\w])(?:(?:\d{{1,3}}|{_COUNT_WORDS}){_SHORT_NAME}{_BOARD_NOUN} ?/ ?)?"
    rf"(\d{{1,3}}|{_COUNT_WORDS}){_SHORT_NAME}{_BOARD_NOUN}",
    ("card", "chip", "npu", "device", "accelerator"),
    tuple(NUMBER_WORDS),
    DIGIT_OPENS,
)
"""The boards counted by the nouns accelerators go by ("Four A3 cards / eight physical chips", "across 16 NPUs"),
the board's short name between or none, where the board is named elsewhere: the setup's gpu_count. Of two counts
of one machine, "4 cards / 8 chips", the finer after the slash: the devices the engine shards over (TP8 on them)."""

# "eight GPUs", "on four GPUs", "on a single GPU": a count of boards in words (the digits' own word is vocab.setup's,
# "8 GPUs"; "single" is one, vocab.setup reads it so)
_GPUS_IN_WORDS = rf"({_COUNT_WORDS}|single)(?:-gpus?(?![a-z/])| (?:gpus|gpu(?! ?[a-z/])))"
GPUS_IN_WORDS = make_word("gpu_count", "gpu_count", _GPUS_IN_WORDS, ("gpu",), (*NUMBER_WORDS, "single"))
# "on two nodes", "across 4 nodes": the machines a run spans, after a word that places the run on them ("the graph's
# 12 nodes" is no machine)
NODES_COUNTED = make_word(
    "nodes",
    "nodes",
    rf"(?:on|across|over|using|with) (\d{{1,2}}|{_COUNT_WORDS}) nodes",
    ("nodes",),
    ("on", "across", "over", "using", "with"),
)
_TUNED_FOR_RE = re.compile(r"\s(?:tables?|configs?|tuning|tunings|kernels?|tiles?)\s(?:run\s)?on\s", re.IGNORECASE)
NOT_A_HOST = r"(?!-\d{1,4}-\d)"
# the part of a board its name goes on with ("H100-80GB SXM", "A100-40GB PCIe", "H100 SXM5 80GB", "H100-80GB-HBM3",
# "A100-80G"): its memory and form factor, which tell two parts of one board apart; kept in the printed value
# (canonical reads the board alone, so "H100" and "H100 80GB" stay one setup). Each part optional, bounded, and
# opened by a separator, so a count after the name ("H100 x8") or a rate ("40 GB/s") is none of it
_FORM = r"(?:sxm[45]?|pcie|nvl|hbm3e?)(?![\w/])"
GPU_VARIANT = rf"(?:[ -]{_FORM})?(?:[ -]\d{{2,3}} ?gb?(?![\w/]))?(?:[ -]{_FORM})?"
"""After a board's name: not a machine's host name, the board and its address in number groups ("(h100-10-2-3-4)"
beside "4×NVIDIA H100"): it names the machine the run used, no second board."""
# the maker and the line between the count and the board ("2x Tesla P100", "8x AMD Instinct MI300X")
GPU_VENDOR = r"(?:(?:nvidia|amd|intel) )?(?:(?:geforce|tesla|radeon|instinct|quadro) )?"
# the board a count's "x" stands before ("2x H100", "8x NVIDIA B200"): the digits count boards, no speedup's
_BOARD_AFTER_X_RE = re.compile(rf" ?{GPU_VENDOR}(?:{GPU_NAMES})(?![\w.])", re.IGNORECASE)
# (the words a board's name goes without: "Radeon 8060S", "Radeon PRO VII" keep theirs)
_VENDOR_RE = re.compile(r"^(?:(?:nvidia|amd|intel) )?(?:(?:geforce|tesla|instinct) )?", re.IGNORECASE)
# ("gfx942" is a name: its "x" follows a letter)
_STAR_COUNT_RE = re.compile(r"^(\d{1,3}) ?\* ?")
_NODES_BEFORE_RE = re.compile(r"(?<![\w.])(\d{1,2}) $")
_NODES_OF_RE = re.compile(r"(?<![\w.])(\d{1,2}) nodes? of (?:the )?$", re.IGNORECASE)
_NODES_AFTER_RE = re.compile(r" ?nodes?\b", re.IGNORECASE)
# "4*H100 nodes", "2x H200 nodes": one count before the board, and nodes after it: the count is the nodes'
_NODE_COUNT_RE = re.compile(r"^(\d{1,3}) ?[x×*] ?(?=[a-z])", re.IGNORECASE)
_NODES_RE = re.compile(r" ?nodes\b", re.IGNORECASE)
_COUNTED_RE = re.compile(r"\d{1,3} ?[x×*]|(?:two|four|eight) ", re.IGNORECASE)
_BOARDS_AFTER_RE = re.compile(r" ?(?:gpus|cards|boards|devices|accelerators|chips|npus)\b", re.IGNORECASE)
_COUNT_AFTER_RE = re.compile(r"(?:(?<=\d) ?| )[x×*] ?(\d{1,3})$")
# "run on a single RTX3090", "on one H100": one board, counted as "1x H100" is (never "one H100 node", "a single
# H200 machine": a machine's boards, however many it holds)
_ONE_BEFORE_RE = re.compile(r"(?<![\w-])(?:a single|single|one) $", re.IGNORECASE)
_MACHINE_AFTER_RE = re.compile(r" ?(?:nodes?|machines?|servers?|hosts?|box|systems?|instances?|pods?|vms?)\b", re.I)


def board(w: SetupWord, m: re.Match[str], val: str, s: str) -> str:
    """The board a GPU word's match `m` (value `val`) in `s` names, with its count as the text gives it."""
    if (family := spelled_family(val)) is not None:
        return family  # ("on our hopper box": the architecture, no board and no count)
    if _TUNED_FOR_RE.match(s, m.end()) and (found := search_word(w, s, m.end())) is not None:
        m, val = found, next((g for g in found.groups() if g), "")  # "H200 table on H20": the run's is H20
    if val[:2].lower() in ("sm", "gf") and (found := search_word(w, s, m.end())) is not None:
        other = next((g for g in found.groups() if g), "")  # "CuTe SM90 ... (H200)": the board named too
        m, val = (found, other) if other[:2].lower() not in ("sm", "gf") else (m, val)
    if (found := search_word(w, s, m.end())) is not None:
        other = next((g for g in found.groups() if g), "")  # "on Atlas A2 hardware, one Atlas 800T A2 node": the
        if one_board({val, other}) == other != val:  # family, then its member, which names the one board it ran
            m, val = found, other
    if (nodes := board_nodes(m, val, s)) is not None:
        return board(w, m, val[len(nodes.group(0)) :], s)  # ("4*H100 nodes": four nodes of H100, GPUs per node unsaid)
    if (after := _COUNT_AFTER_RE.search(val)) is not None:
        val = f"{after.group(1)}x{val[: after.start()]}"  # "H200x8" is "8xH200"
    if (spelled := NUMBER_WORDS.get(val.split(" ", 1)[0].lower())) is not None:
        val = f"{spelled}x{val.split(' ', 1)[1]}"  # "two L40S" is "2xL40S"
    if (nodes := _NODES_BEFORE_RE.search(s, max(0, m.start() - 6), m.start())) and _NODES_AFTER_RE.match(s, m.end()):
        val = f"{nodes.group(1)}x{val}"  # "2 B200x8 nodes": two nodes of eight (canonical reads 2x8xB200)
    elif (
        (count := _NODES_BEFORE_RE.search(s, max(0, m.start() - 6), m.start()))
        and not _COUNTED_RE.match(val)  # (no count printed with the name already: "8x H100")
        and (s[m.end() - 1 : m.end()] == "s" or _BOARDS_AFTER_RE.match(s, m.end()))
    ):
        val = f"{count.group(1)}x{val}"  # "4 H100 GPUs", "8 H200s": the boards counted
    elif (
        _ONE_BEFORE_RE.search(s, max(0, m.start() - 9), m.start())
        and not _COUNTED_RE.match(val)
        and not _MACHINE_AFTER_RE.match(s, m.end())
    ):
        val = f"1x{val}"
    val = _STAR_COUNT_RE.sub(r"\1x", val)  # "8*B200" is "8xB200"
    if _COUNTED_RE.match(val) and (of := _NODES_OF_RE.search(s, max(0, m.start() - 14), m.start())):
        val = f"{of.group(1)}x{val}"  # "2 nodes of 8x MI300X": two nodes of eight (canonical reads 2x8xMI300X)
    k = _GPU_COUNT_RE.match(val)
    cut = k.end() if k else 0
    # ("Ascend NPU A5" is the board "Ascend A5": the kind of chip is no part of its name)
    return val[:cut] + _VENDOR_RE.sub("", val[cut:]).upper().replace("ASCEND NPU ", "ASCEND ")


def board_nodes(m: re.Match[str], val: str, s: str) -> re.Match[str] | None:
    """The count before a GPU word's board `val` when it counts nodes ("4*H100 nodes": four nodes, not four GPUs):
    one count, the board, then "nodes"."""
    if _NODES_RE.match(s, m.end()) is None:
        return None
    return _NODE_COUNT_RE.match(val)


# a container image's reference, "registry/name:tag" ("rocm/serve-dev:v0.9.1-rocm700-mi30x-20260114"): its tag names
# the family of boards the image was built for (mi30x: MI300X and MI325X), not the one the run used
_IMAGE_RE = re.compile(r"[\w.-]{1,100}(?:/[\w.-]{1,100}){1,4}:\w[\w.-]{0,127}")
_TOKEN_END = " \t`'\"()[]<>,;|*"
# a runtime's build glued before a board in one token ("rocm720-mi35x", "cu128-h100"): a tag, quoted without the
# image's name as often as with it
_BUILD_RE = re.compile(r"(?<![a-z])(?:rocm|cuda|cu)\d{2,4}[-_]", re.IGNORECASE)


def in_image_tag(s: str, at: int) -> bool:
    """Whether position `at` of `s` lies in the tag of a container image's reference (the token around it, between
    spaces, quotes or brackets, is "owner/name:tag" and `at` is past its colon): a board spelled there is no statement
    of the board the run used, which the text names (or leaves unsaid) elsewhere."""
    a = max(s.rfind(c, 0, at) for c in _TOKEN_END) + 1
    if _BUILD_RE.search(s, a, at) is not None:
        return True  # ("`v0.5.13-rocm720-mi35x`": a bare tag, its runtime's build before the board family)
    if ":" not in s or "/" not in s:
        return False
    b = min((i for c in _TOKEN_END if (i := s.find(c, at)) >= 0), default=len(s))
    colon = s.find(":", a, at)
    return colon > a and s.find("/", a, colon) > a and _IMAGE_RE.fullmatch(s, a, b) is not None


def counted_board(outer: str | None, inner: str | None, tp: str | None = None) -> str | None:
    """`outer` when it is `inner`'s board (or the family `inner` is a member of) with a count `inner` does not state
    ("4xASCEND A3" over "ASCEND A3": a line naming the board once more, "Ran on Ascend A3.", does not unsay the
    count the setup gives it), else None;
    never a count below the run's `tp` ("tuned on a single H20" over a TP=4 run on H20s: the tuning's board)."""
    if not outer or not inner or not outer[:1].isdigit() or inner[:1].isdigit():
        return None
    k = _GPU_COUNT_RE.match(outer)
    if k is None or not k.end():
        return None
    named = outer[k.end() :].strip()
    if named.lower() != inner.strip().lower():
        if one_board({named, inner.strip()}) != inner.strip():
            return None
        outer = k.group(0) + inner.strip()  # "four Atlas A2 cards" over "one Atlas 800T A2 node": the member's count
    count = 1
    for part in re.findall(r"\d{1,3}", k.group(0)):
        count *= int(part)
    return outer if not (tp and tp.isdigit() and count < int(tp)) else None


def counted_over(outer: Mapping[str, str], inner: dict[str, str]) -> dict[str, str]:
    """`inner`'s setup, its board given the count `outer`'s setup states for that board (counted_board)."""
    got = counted_board(outer.get("gpu"), inner.get("gpu"), inner.get("tp") or outer.get("tp"))
    return {**inner, "gpu": got} if got else inner


def member_counts(values: Iterable[str]) -> dict[str, str]:
    """Of one board family named counted ("four Atlas A2 cards") and one member of it named bare ("one Atlas 800T A2
    node"): both spellings -> the member with the family's count, one machine; {} otherwise."""
    vals = set(values)
    counted = {v: k for v in vals if (k := _GPU_COUNT_RE.match(v)) is not None and k.end()}
    bare = vals - counted.keys()
    if len(counted) != 1 or len(bare) != 1:
        return {}
    (family, k), member = next(iter(counted.items())), next(iter(bare))
    if one_board({family[k.end() :].strip(), member}) != member:
        return {}
    return {family: k.group(0) + member, member: k.group(0) + member}


def counts_boards(s: str, start: int, end: int) -> bool:
    """Whether the multiple s[start:end] ("2x", "8 x") counts the boards named right after it ("2x H100 TP=2"): a
    whole number of them, never a ratio ("1.5x H100 throughput" compares)."""
    return "." not in s[max(0, start - 1) : end] and _BOARD_AFTER_X_RE.match(s, end) is not None


CPU_COUNT_WORDS: tuple[SetupWord, ...] = (
    # "Dual socket", "one socket", "2 sockets": how many CPU sockets a hybrid CPU/GPU run's experts ran on (never a
    # machine's "32 cores per socket")
    make_word(
        "sockets",
        "sockets",
        r"(one|single|two|dual|[1-8])[ -]sockets?\b(?! per\b)",
        ("socket",),
        ("one", "single", "two", "dual"),
        DIGIT_OPENS,
    ),
)

# "(32 cores)", "2×32 cores", "16 CPU cores": the cores a hybrid run's CPU part ran on (never "cores per socket"); read
# in a step's own parenthesis only (prose.setup_chains): a host's "(64 cores)" beside its name describes the machine
_CORES_RE = re.compile(
    r"(?<![\w.])(\d{1,3}(?: ?[x×] ?\d{1,3})?)[ -](?:cpu |physical )?cores\b(?! per\b)", re.IGNORECASE
)


def cores_of(text: str) -> str | None:
    """The CPU cores a run's own setup names ("dual-socket, 2×32 cores" -> "2×32"), else None."""
    m = _CORES_RE.search(text[:300])
    return m.group(1) if m is not None else None
