"""A comparison table whose two value columns name arms and no side ("| Eval | cutlass | triton | Δ |"): the column
the PR's title names is the candidate (tables.title_arms), and a change column in points says which way round the
pair is read where the title names neither (tables.delta_check); a backend the prose sets the run against is not
the run's attention backend (vocab.setup_negation)."""

from __future__ import annotations

from ledger.parsers import extract
from ledger.vocab.setup import qualifiers


def _pairs(text: str) -> dict[float, float | None]:
    return {c.value: c.reference for c in extract(text, path="x.md").claims if c.value is not None and c.unit is None}


_TABLE = """
| Eval | {a} | {b} | Δ |
|---|---:|---:|---:|
| gsm8k | 0.918 | 0.927 | {d} |
"""


def test_the_column_the_title_names_is_the_candidate() -> None:
    # ("n/a" in the change column: only the title can tell which is new)
    text = "# Make cutlass the default MoE runner\n" + _TABLE.format(a="triton", b="cutlass", d="n/a")
    assert _pairs(text) == {0.927: 0.918}
    text = "# Make cutlass the default MoE runner\n" + _TABLE.format(a="cutlass", b="triton", d="n/a")
    assert _pairs(text) == {0.918: 0.927}


def test_a_title_naming_both_or_the_one_left_decides_nothing() -> None:
    for title in ("# Move from cutlass to triton for MoE", "# Compare cutlass and triton", "# Tune the MoE runner"):
        assert _pairs(title + "\n" + _TABLE.format(a="cutlass", b="triton", d="n/a")) == {0.927: 0.918}, title


def test_a_change_in_points_orients_the_pair() -> None:
    # (the title names neither: -0.9 pp is the first column's score less the second's)
    assert _pairs("# Tune the MoE runner\n" + _TABLE.format(a="cutlass", b="triton", d="−0.9 pp")) == {0.918: 0.927}
    assert _pairs("# Tune the MoE runner\n" + _TABLE.format(a="cutlass", b="triton", d="+0.9 pp")) == {0.927: 0.918}


def test_a_backend_set_against_is_not_the_runs() -> None:
    assert qualifiers("Compared with the flashinfer backend on the same server.") == {}
    assert qualifiers("Scores were taken against the default flashinfer backend.") == {}
    assert qualifiers("Both runs use the flashinfer backend.") == {"attention": "flashinfer"}


def _slash(text: str) -> list[tuple[float | None, float | None]]:
    return [(c.value, c.reference) for c in extract(text, path="x.md").claims if c.unit == "s"]


_SLASH_TABLE = """
| bs | TTFT (triton / cutlass) |{ratio}
|---:|---:|{rule}
| 16 | 2.10 s / 2.94 s |{cell}
"""


def test_a_bracketed_arm_pair_takes_its_candidate_from_the_title_or_a_ratio_column() -> None:
    bare = _SLASH_TABLE.format(ratio="", rule="", cell="")
    assert _slash("# Faster prefill with triton\n" + bare) == [(2.10, 2.94)]
    assert _slash("# Faster prefill with cutlass\n" + bare) == [(2.94, 2.10)]
    ratio = _SLASH_TABLE.format(ratio=" cutlass/triton |", rule="---:|", cell=" 1.40× |")
    assert _slash("# Faster prefill\n" + ratio) == [(2.94, 2.10)]
    # (neither tells: the two values stay two claims, no pair guessed)
    assert sorted(_slash("# Faster prefill\n" + bare)) == [(2.10, None), (2.94, None)]
